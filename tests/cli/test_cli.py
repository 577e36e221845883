import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import nbformat

import guesswho_lib as gw
from guesswho_lib.cli import main


def test_table_prints_fractions_and_moves(capsys):
    assert main(["table", "--rules", "official", "-N", "8"]) == 0
    out = capsys.readouterr().out
    grid, moves = out.split("Optimal moves")
    row4 = [line.split() for line in grid.splitlines() if line.strip().startswith("4 ")][0]
    assert row4[1:] == [str(gw.solve(8).P(4, m)) for m in range(1, 9)]
    row4m = [line.split() for line in moves.splitlines() if line.strip().startswith("4 ")][0]
    assert row4m[4] == "1:3"  # the (4, 4) exception
    assert row4m[1] == "G"


def test_table_rejects_bad_input(capsys):
    assert main(["table", "-N", "0"]) == 2
    err = capsys.readouterr().err
    assert "-N" in err and "from 1 to 128" in err and len(err.strip().splitlines()) == 1


def test_module_entry_point_runs():
    out = subprocess.run([sys.executable, "-m", "guesswho_lib", "table", "--rules", "tripartite", "-N", "4"],
                         capture_output=True, text=True, check=True).stdout
    assert "1:1:2" in out


# ---- misuse: one line naming the option and what it accepts, exit status 2, before any long work ----
import pytest

import guesswho_lib.cli.figures as figures_command
import guesswho_lib.cli.verify as verify_command
from guesswho_lib.claims.report import run_all


@pytest.fixture
def no_long_work(monkeypatch):
    """Fail the test if a command starts its long work (running the claims, drawing the figures)."""
    def refuse(*args, **kwargs):
        raise AssertionError("the long work started before the misuse was reported")
    monkeypatch.setattr(verify_command, "run_all", refuse)
    monkeypatch.setattr(figures_command, "make_all", refuse)


def _one_line_error(capsys, *words):
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    for w in words:
        assert w in lines[0], (w, lines[0])
    assert out == ""
    return lines[0]


@pytest.mark.parametrize("N", ["30", "80", "0", "-5", "2049", "thirty"])
def test_verify_N_out_of_range_is_refused(N, capsys, no_long_work):
    assert main(["verify", "--N", N, "--no-progress"]) == 2
    _one_line_error(capsys, "--N", "81", "2048")


def test_run_all_refuses_a_size_its_claims_cannot_be_checked_at():
    with pytest.raises(ValueError, match="N must be between 81 and 2048"):
        run_all(30, 30, only="cushing.classroom")
    with pytest.raises(ValueError, match="N_tripartite must be between 81 and 2187"):
        run_all(100, 50, only="cushing.classroom")


def test_verify_at_the_smallest_size_runs(capsys):
    assert main(["verify", "--N", "81", "--only", "tripartite.appendix", "--no-progress"]) == 0
    assert "2 claims checked" in capsys.readouterr().out


def test_the_header_of_verify_states_the_ranges_this_run_checked(capsys):
    """The sizes in the header are those the claims of the run were checked at (each claim's own range names the
    same N), whatever the default; a verified range on record but not re-checked is named as a stored record."""
    import re
    assert main(["verify", "--N", "90", "--only", "thm31.small", "--no-progress"]) == 0
    out = capsys.readouterr().out
    head = out.split("\n\n")[0]
    sizes = [int(n) for n in re.findall(r"up to N = (\d+)", head.splitlines()[0])]
    assert head.startswith("Checked in this run (`python -m guesswho_lib verify --N 90 --only thm31.small`): "
                           "tripartite rules up to N = 90.")
    assert sizes == [90]
    row = next(line for line in out.splitlines() if line.startswith("tripartite.thm31.small "))
    assert "m <= 90" in row                      # the claim's own range, checked in this run
    assert "2187 (claim tripartite.thm31.corrected), a conjecture beyond -- a stored record, produced by " \
           "`python -m guesswho_lib verify --full`; not checked in this run" in head


def test_verify_only_with_a_typo_is_refused(capsys, no_long_work):
    assert main(["verify", "--only", "cushng.thm", "--no-progress"]) == 2
    _one_line_error(capsys, "--only", "'cushng.thm'", "cushing.", "nica.", "paz.", "tripartite.")


def test_figures_only_with_a_typo_is_refused(tmp_path, capsys, no_long_work):
    assert main(["figures", "--only", "nica-figur3", "--out", str(tmp_path / "figs")]) == 2
    _one_line_error(capsys, "--only", "'nica-figur3'", "nica-figure1")
    assert not (tmp_path / "figs").exists()


def test_figures_out_to_a_bad_path_is_refused(tmp_path, capsys, no_long_work):
    a_file = tmp_path / "a-file.txt"
    a_file.write_text("not a folder")
    assert main(["figures", "--out", str(a_file / "inside")]) == 2
    _one_line_error(capsys, "--out", "inside")
    assert main(["figures", "--out", str(a_file)]) == 2
    _one_line_error(capsys, "--out", "is a file")
    assert a_file.read_text() == "not a folder"


def test_unwritable_errata_is_refused_before_the_run(tmp_path, capsys, no_long_work):
    assert main(["verify", "--only", "cushing.classroom", "--no-progress",
                 "--errata", str(tmp_path / "no-such-folder" / "E.md")]) == 2
    _one_line_error(capsys, "--errata", "does not exist")
    assert main(["verify", "--only", "cushing.classroom", "--no-progress", "--errata", str(tmp_path)]) == 2
    _one_line_error(capsys, "--errata", "is a folder")


def test_errata_check_leaves_no_file_behind_and_the_run_writes_it(tmp_path, capsys):
    target = tmp_path / "E.md"
    assert main(["verify", "--only", "cushing.table1", "--no-progress", "--errata", str(target)]) == 0
    assert target.read_text(encoding="utf-8").startswith("# Errata")
    assert "### cushing.table1 (" in target.read_text(encoding="utf-8")


@pytest.mark.parametrize("N", ["16384", "129", "0"])
def test_table_N_out_of_range_is_refused(N, capsys, monkeypatch):
    monkeypatch.setattr("guesswho_lib.cli.table.solve", lambda *a: pytest.fail("solved before refusing"))
    assert main(["table", "-N", N]) == 2
    _one_line_error(capsys, "-N", "1 to 128")


@pytest.mark.parametrize("argv, words", [
    (["table", "--rules", "offical"], ["--rules", "official"]),
    (["verify", "--frobnicate"], ["--frobnicate"]),
    (["tabel"], ["tabel", "table"]),
])
def test_argument_errors_are_one_line(argv, words, capsys, no_long_work):
    assert main(argv) == 2
    _one_line_error(capsys, *words)


# ---- lab: JupyterLab (or Notebook 7) on the lessons, with the options it does not know passed on ----
def test_lab_starts_jupyterlab_on_the_folder_and_passes_on_the_options_it_does_not_know(tmp_path, monkeypatch):
    from jupyterlab.labapp import LabApp
    from notebook.app import JupyterNotebookApp

    started = []
    for app in (LabApp, JupyterNotebookApp):
        monkeypatch.setattr(app, "launch_instance", classmethod(lambda cls, argv: started.append((cls, argv))))
    assert main(["lab", str(tmp_path), "--port=8890", "--no-browser"]) == 0
    assert main(["lab", str(tmp_path), "--notebook"]) == 0
    (lab, lab_argv), (notebook, notebook_argv) = started
    assert lab is LabApp and notebook is JupyterNotebookApp
    assert lab_argv[0] == notebook_argv[0] == str(tmp_path) and lab_argv[-2:] == ["--port=8890", "--no-browser"]
    assert "--ServerApp.log_level=WARN" in lab_argv and "--JupyterNotebookApp.log_level=WARN" in notebook_argv
    assert "--notebook" not in notebook_argv


def test_lab_s_kernels_know_their_last_activity_from_the_start():
    """JupyterLab asks for the list of kernels while one is starting; jupyter_server's own kernel manager has no
    last activity until the kernel has started, and the list failed with a traceback in the terminal.  The lessons'
    JupyterLab uses one that has it from the moment it is created (the server loads it by the option below)."""
    from jupyter_server.services.kernels.kernelmanager import ServerKernelManager
    from traitlets import TraitError
    from traitlets.utils.importstring import import_item

    from guesswho_lib.cli.lab import jupyter_argv

    option = next(a for a in jupyter_argv("notebooks") if a.startswith("--MappingKernelManager.kernel_manager_class"))
    manager = import_item(option.split("=", 1)[1])()
    assert isinstance(manager, ServerKernelManager) and manager.last_activity is not None
    with pytest.raises(TraitError):                     # the race, without it
        assert ServerKernelManager().last_activity is None


ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def started(monkeypatch, tmp_path):
    """JupyterLab and Notebook 7 not started but recorded: [(app class, argv)]; the home folder is tmp_path/home."""
    from jupyterlab.labapp import LabApp
    from notebook.app import JupyterNotebookApp

    calls = []
    for app in (LabApp, JupyterNotebookApp):
        monkeypatch.setattr(app, "launch_instance", classmethod(lambda cls, argv: calls.append((cls, argv))))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return calls


def _files(folder: Path) -> dict:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_lab_opens_a_working_copy_made_once_and_never_overwritten(started, tmp_path, capsys):
    lessons = _files(ROOT / "notebooks")
    copy = tmp_path / "home" / "guesswho-lessons"
    assert main(["lab"]) == 0
    assert started[-1][1][0] == str(copy) and _files(copy) == lessons
    assert f"Your working copy of the lessons is {copy}, made now" in capsys.readouterr().out
    mine = copy / "00-start-here.ipynb"
    mine.write_text("what a student wrote", encoding="utf-8")
    assert main(["lab", "--notebook"]) == 0                         # the second time: the copy as it is
    assert started[-1][1][0] == str(copy) and mine.read_text(encoding="utf-8") == "what a student wrote"
    assert f"Your working copy of the lessons: {copy} (--fresh-copy" in capsys.readouterr().out
    assert _files(ROOT / "notebooks") == lessons                     # the repository's lessons as committed


def test_lab_fresh_copy_sets_the_old_copy_aside_and_deletes_nothing(started, tmp_path, capsys):
    copy = tmp_path / "home" / "guesswho-lessons"
    assert main(["lab"]) == 0
    (copy / "00-start-here.ipynb").write_text("mine", encoding="utf-8")
    (copy / "my-notes.txt").write_text("notes", encoding="utf-8")
    assert main(["lab", "--fresh-copy"]) == 0
    [aside] = [p for p in copy.parent.iterdir() if p != copy]
    assert aside.name.startswith("guesswho-lessons-until-")
    assert (aside / "00-start-here.ipynb").read_text(encoding="utf-8") == "mine"
    assert (aside / "my-notes.txt").read_text(encoding="utf-8") == "notes"
    assert _files(copy) == _files(ROOT / "notebooks")
    assert f"set aside as {aside} (nothing was deleted)" in capsys.readouterr().out


def test_lab_makes_the_copy_in_a_folder_it_is_given(started, tmp_path):
    assert main(["lab", str(tmp_path / "class 7b" / "lessons")]) == 0
    assert _files(tmp_path / "class 7b" / "lessons") == _files(ROOT / "notebooks")


def test_lab_warns_when_opening_the_repository_s_lessons_and_never_sets_them_aside(started, capsys):
    before = _files(ROOT / "notebooks")
    assert main(["lab", str(ROOT / "notebooks"), "--fresh-copy"]) == 2
    _one_line_error(capsys, "--fresh-copy", "the repository's lessons themselves")
    assert main(["lab", str(ROOT / "notebooks")]) == 0
    assert "what you save changes them" in capsys.readouterr().out
    assert _files(ROOT / "notebooks") == before


def test_lab_on_a_file_is_refused(started, tmp_path, capsys):
    (tmp_path / "a-file").write_text("x")
    assert main(["lab", str(tmp_path / "a-file")]) == 2
    _one_line_error(capsys, "folder", "a-file", "not a folder")
    assert started == []


@pytest.mark.parametrize("uid, given", [(0, []), (1000, []), (0, ["--allow-root"])])
def test_lab_runs_as_root(monkeypatch, uid, given):
    """JupyterLab refuses root without --allow-root ("Running as root is not recommended"): the command gives it
    when the process runs as root, once, and never otherwise."""
    from guesswho_lib.cli.lab import jupyter_argv

    monkeypatch.setattr(os, "geteuid", lambda: uid, raising=False)
    assert jupyter_argv("lessons", given).count("--allow-root") == (uid == 0)


def test_a_saved_lesson_keeps_no_widget_view(tmp_path):
    """JupyterLab's own contents manager with the hook the command gives it: a widget's view, which only the kernel
    that made it can draw, is saved as a line saying to run the cell; every other output stays."""
    from jupyter_server.services.contents.largefilemanager import AsyncLargeFileManager
    from traitlets.config import Config

    from guesswho_lib.cli.lab import WIDGET_SAVED, WIDGET_VIEW, jupyter_argv

    [option] = [a for a in jupyter_argv("lessons") if a.startswith("--ContentsManager.pre_save_hook=")]
    config = Config({"ContentsManager": {"pre_save_hook": option.split("=", 1)[1]}})
    manager = AsyncLargeFileManager(root_dir=str(tmp_path), config=config)
    widget = {"output_type": "display_data", "metadata": {}, "data": {WIDGET_VIEW: {"model_id": "m1",
                                                                                   "version_major": 2,
                                                                                   "version_minor": 0},
                                                                      "text/plain": "VBox()"}}
    text = {"output_type": "stream", "name": "stdout", "text": "P(4, 4) = 1/2\n"}
    cell = {"id": "c1", "cell_type": "code", "source": "x", "metadata": {}, "execution_count": 1,
            "outputs": [widget, text]}
    nb = {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    asyncio.run(manager.save({"type": "notebook", "format": "json", "content": nb}, "lesson.ipynb"))
    saved = nbformat.read(tmp_path / "lesson.ipynb", as_version=4)
    outputs = saved.cells[0].outputs
    assert WIDGET_VIEW not in json.dumps(saved)
    assert outputs[0].data == {"text/plain": WIDGET_SAVED} and outputs[1].text == text["text"]


def test_the_hub_gives_each_student_the_working_copy_lab_makes():
    """school/jupyterhub_config.py copies the lessons with the same function, into a folder of the same name."""
    from guesswho_lib.cli.working_copy import LESSONS_FOLDER

    settings = (ROOT / "school" / "jupyterhub_config.py").read_text(encoding="utf-8")
    assert f'LESSONS = "{LESSONS_FOLDER}"' in settings
    assert "if not make_working_copy(REPOSITORY / \"notebooks\", lessons):" in settings
