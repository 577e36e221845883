"""Launch without installing: Binder and Colab, tested as far as this machine can (no Binder, no Colab here).

* Binder builds from the folder ``binder/`` as repo2docker documents it: ``environment.yml`` (the same packages as
  ``pyproject.toml`` and the top-level ``environment.yml``) and ``postBuild`` (installs the package from the
  repository's folder, once it is there); run here, ``postBuild`` installs the package into a fresh environment;
* the repository's address is set in ONE place, ``[tool.guesswho.launch]`` in ``pyproject.toml``: nothing else in
  the repository spells it, apart from the Colab cell that ``python -m guesswho_apps launch`` writes from it;
* every lesson has that cell right after its header; with a sample address every Binder and Colab link and every
  lesson's cell is built and checked; the cell does nothing outside Colab, and inside (a fake ``google.colab``
  module) runs exactly one ``%pip install``, whose arguments, with the address pointed at a local clone, install
  the package into a fresh virtual environment with the pip that ``python -m venv`` gives (data files included).
  (``GUESSWHO_FULL_INSTALL=1`` also installs its dependencies from the package index and imports it there.)
"""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from contextlib import redirect_stdout
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import nbformat
import pytest
import yaml

from guesswho_lessons.curriculum import LESSONS
from guesswho_apps.site.launch import (COLAB_CELL_ID, PLACEHOLDER, LaunchSettings, binder_url, colab_cell, colab_url,
                                      is_colab_cell, launch_settings, lesson_notebooks, write_colab_cells)

ROOT = Path(__file__).resolve().parents[3]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SAMPLE = LaunchSettings("https://github.com/a-teacher/guesswho", "lessons")


def _name(req: str) -> str:
    return re.split(r"[<>=!~ \[;]", req.strip(), maxsplit=1)[0].lower().replace("_", "-")


def _python_in(venv: Path) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin") / ("python.exe" if os.name == "nt" else "python")


def _installed(python: Path, cwd: Path) -> dict:
    """What the fresh environment knows of the installed guesswho-lib (read outside the project folder)."""
    check = ("import importlib.metadata as m, json; d = m.distribution('guesswho-lib'); "
             "print(json.dumps({'requires': d.requires, 'files': [str(f) for f in d.files], "
             "'direct': d.read_text('direct_url.json')}))")
    return json.loads(subprocess.run([str(python), "-c", check], capture_output=True, text=True, check=True,
                                     cwd=cwd).stdout)


# ---- Binder ---------------------------------------------------------------------------------------------------
def test_binder_builds_from_the_binder_folder_as_repo2docker_documents():
    """repo2docker reads binder/ alone when it exists: environment.yml, then postBuild from the repository's folder."""
    assert not (ROOT / ".binder").exists(), "repo2docker refuses both binder/ and .binder/"
    assert sorted(p.name for p in (ROOT / "binder").iterdir()) == ["environment.yml", "postBuild"]
    binder = yaml.safe_load((ROOT / "binder" / "environment.yml").read_text(encoding="utf-8"))
    top = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    assert binder["channels"] == top["channels"]
    assert binder["dependencies"] == [d for d in top["dependencies"] if isinstance(d, str)], \
        "binder/environment.yml: the conda packages of environment.yml, without its pip part (postBuild does that)"
    conda = {_name(d) for d in binder["dependencies"]} - {"python", "pip"}
    assert conda == {_name(d) for d in PYPROJECT["project"]["dependencies"]}
    assert {"jupyterlab", "ipywidgets"} <= conda                  # the lessons: what Binder opens
    post = ROOT / "binder" / "postBuild"
    lines = post.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "#!/bin/bash" and "set -euo pipefail" in lines, "postBuild must stop at its first error"
    assert [x for x in lines if x and not x.startswith(("#", "set "))] == ["python -m pip install --no-deps -e ."]
    mode = subprocess.run(["git", "ls-files", "-s", "binder/postBuild"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout
    assert mode.startswith("100755") or os.access(post, os.X_OK), "binder/postBuild must be executable"


@pytest.mark.slow
def test_binder_postbuild_installs_the_package_from_the_repository_folder(tmp_path):
    """postBuild, run as repo2docker runs it (from the repository's folder, `python` the environment's), installs
    the package into that environment."""
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True, capture_output=True)
    (clone / "binder").mkdir(exist_ok=True)
    shutil.copy2(ROOT / "binder" / "postBuild", clone / "binder" / "postBuild")    # this working copy's script
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
    env = {**os.environ, "PATH": f"{_python_in(venv).parent}{os.pathsep}{os.environ['PATH']}",
           "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    run = subprocess.run(["bash", "binder/postBuild"], cwd=clone, env=env, capture_output=True, text=True,
                         timeout=900)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-3000:]
    direct = json.loads(_installed(_python_in(venv), tmp_path)["direct"])
    assert direct["url"] == clone.as_uri() and direct["dir_info"].get("editable") is True, direct


# ---- one address ------------------------------------------------------------------------------------------------
def _without_colab_cells(path: Path, text: str) -> str:
    if path.suffix != ".ipynb":
        return text
    nb = nbformat.reads(text, as_version=4)
    return "\n".join(c.source for c in nb.cells if not is_colab_cell(c.source))


def test_the_address_is_set_in_one_place():
    settings = launch_settings(ROOT)
    table = PYPROJECT["tool"]["guesswho"]["launch"]
    assert (settings.repository, settings.branch) == (table["repository"], table["branch"])
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    spelled = []
    for rel in tracked:
        path = ROOT / rel
        if path.suffix in (".py", ".md", ".ipynb", ".toml", ".yml", ".yaml", ".txt", ".cfg", ".j2", ".html", ".cff") \
                and path.is_file() and rel not in ("pyproject.toml", "guesswho_apps/site/launch.py",
                                                   "tests/apps/site/test_launch.py"):
            text = _without_colab_cells(path, path.read_text(encoding="utf-8", errors="replace"))
            if settings.repository in text or PLACEHOLDER in text:
                spelled.append(rel)
    assert not spelled, f"the repository address is spelled outside pyproject.toml in {spelled}"


def test_placeholder_means_not_set_and_addresses_follow_the_setting():
    assert not LaunchSettings(PLACEHOLDER).is_set
    s = LaunchSettings("https://github.com/a-teacher/guesswho.git", "lessons")
    assert s.is_set
    assert binder_url(s, "00-start-here") == ("https://mybinder.org/v2/gh/a-teacher/guesswho/lessons"
                                              "?urlpath=lab/tree/notebooks/00-start-here.ipynb")
    assert colab_url(s, "00-start-here").endswith(
        "/github/a-teacher/guesswho/blob/lessons/notebooks/00-start-here.ipynb")
    other = LaunchSettings("https://gitlab.com/a/b.git")
    assert colab_url(other, "00-start-here") is None
    assert binder_url(other).startswith("https://mybinder.org/v2/git/https%3A%2F%2Fgitlab.com%2Fa%2Fb.git/main")
    with pytest.raises(ValueError, match="branch"):
        LaunchSettings("https://github.com/a/b", "main; rm -rf /")
    for bad in ("", "github.com/a/b", 'https://github.com/a/b"; rm -rf ~; "', "https://github.com/a b", None):
        with pytest.raises(ValueError, match="repository"):
            LaunchSettings(bad)


# ---- the Colab cell ---------------------------------------------------------------------------------------------
def _run_cell(cell: str, in_colab: bool) -> tuple[list[str], Exception | None]:
    """Run the cell as IPython would (its magics turned into calls), with or without a google.colab module;
    returns the arguments of every %pip it ran, and the exception it raised (None if none)."""
    from IPython.core.inputtransformer2 import TransformerManager

    code = TransformerManager().transform_cell(cell)
    calls, raised = [], None

    class Shell:
        def run_line_magic(self, name, line, *args):
            assert name == "pip", name
            calls.append(line)

    saved = {k: sys.modules.get(k) for k in ("google", "google.colab")}
    try:
        if in_colab:
            sys.modules["google.colab"] = type(sys)("google.colab")
        else:
            sys.modules.pop("google.colab", None)
        exec(compile(code, "colab-cell", "exec"), {"get_ipython": lambda: Shell()})
    except Exception as e:
        raised = e
    finally:
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v
    return calls, raised


def test_the_colab_cell_does_nothing_outside_colab_and_installs_inside():
    cell = colab_cell(SAMPLE)
    assert is_colab_cell(cell) and _run_cell(cell, in_colab=False) == ([], None)
    assert "installs the lessons' package from the repository" in cell.splitlines()[0]
    calls, raised = _run_cell(cell, in_colab=True)
    assert raised is None and len(calls) == 1
    assert shlex.split(calls[0]) == ["install", "--quiet", "git+https://github.com/a-teacher/guesswho@lessons"]


def test_while_the_address_is_not_set_the_cell_says_so_on_colab_and_nothing_elsewhere():
    """The cell is the first code a student sees in every lesson: no error in it, none raised, nothing printed
    outside Colab; on Colab it says what is missing, and installs nothing."""
    cell = colab_cell(LaunchSettings(PLACEHOLDER))
    assert is_colab_cell(cell) and PLACEHOLDER not in cell
    assert not re.search(r"raise|Error|Exception", cell), cell
    comment = cell.splitlines()[0]                      # what the cell says it does: here it installs nothing
    assert "install" not in comment and "names no repository" in comment, comment
    printed = io.StringIO()
    with redirect_stdout(printed):
        assert _run_cell(cell, in_colab=False) == ([], None)
    assert printed.getvalue() == ""
    with redirect_stdout(printed):
        assert _run_cell(cell, in_colab=True) == ([], None)
    said = " ".join(printed.getvalue().split())
    assert said.startswith("This copy of the lessons cannot run on Colab") and "Open the lessons on a computer " \
        "instead" in said and "[tool.guesswho.launch]" in said and "python -m guesswho_apps launch" in said, said


def test_every_lesson_has_the_colab_cell_of_the_setting_right_after_its_header():
    cell = colab_cell(launch_settings(ROOT))
    assert [p.relative_to(ROOT / "notebooks").with_suffix("").as_posix() for p in lesson_notebooks(ROOT)] == \
        [x.notebook for x in LESSONS]
    for path in lesson_notebooks(ROOT):
        cells = nbformat.read(path, as_version=4).cells
        assert cells[1].cell_type == "code" and cells[1].get("id") == COLAB_CELL_ID, path.name
        assert cells[1].source == cell, f"{path.name}: run `python -m guesswho_apps launch` to write the cell"
        assert sum(is_colab_cell(c.source) for c in cells) == 1, path.name
    assert write_colab_cells(ROOT, check=True) == []


def test_with_a_sample_address_every_link_and_lesson_cell_is_built(tmp_path):
    """A teacher's copy: set the address, run `python -m guesswho_apps launch`, and every lesson holds the cell that
    installs from that address (nothing else in the notebooks changes); every Binder and Colab link opens a lesson
    that exists."""
    from guesswho_apps.cli import main

    shutil.copytree(ROOT / "notebooks", tmp_path / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert text.count(f'repository = "{launch_settings(ROOT).repository}"') == 1
    (tmp_path / "pyproject.toml").write_text(
        text.replace(f'repository = "{launch_settings(ROOT).repository}"', f'repository = "{SAMPLE.repository}"')
            .replace('branch = "main"', 'branch = "lessons"'), encoding="utf-8")
    assert main(["launch", "--source", str(tmp_path), "--check"]) == 1
    assert main(["launch", "--source", str(tmp_path)]) == 0
    assert main(["launch", "--source", str(tmp_path), "--check"]) == 0
    assert write_colab_cells(tmp_path) == []                                  # a second run changes nothing
    for x in LESSONS:
        before = nbformat.read(ROOT / "notebooks" / f"{x.notebook}.ipynb", as_version=4).cells
        after = nbformat.read(tmp_path / "notebooks" / f"{x.notebook}.ipynb", as_version=4).cells
        assert after[1].source == colab_cell(SAMPLE) and after[1].get("id") == COLAB_CELL_ID
        assert [c for k, c in enumerate(after) if k != 1] == [c for k, c in enumerate(before) if k != 1], x.id
        calls, raised = _run_cell(after[1].source, in_colab=True)
        assert raised is None and shlex.split(calls[0])[-1] == f"git+{SAMPLE.repository}@{SAMPLE.branch}"

        binder = urlsplit(binder_url(SAMPLE, x.notebook))
        assert (binder.scheme, binder.netloc, binder.path) == ("https", "mybinder.org",
                                                               "/v2/gh/a-teacher/guesswho/lessons")
        [where] = parse_qs(binder.query)["urlpath"]
        assert where.startswith("lab/tree/") and (ROOT / where.removeprefix("lab/tree/")).is_file(), where
        colab = urlsplit(colab_url(SAMPLE, x.notebook))
        assert (colab.scheme, colab.netloc) == ("https", "colab.research.google.com")
        prefix = "/github/a-teacher/guesswho/blob/lessons/"
        assert colab.path.startswith(prefix) and (ROOT / colab.path.removeprefix(prefix)).is_file(), colab.path
    folder = urlsplit(binder_url(SAMPLE))
    assert parse_qs(folder.query)["urlpath"] == ["lab/tree/notebooks"]


def test_the_launch_command_refuses_a_folder_that_is_not_the_project(tmp_path, capsys):
    from guesswho_apps.cli import main

    assert main(["launch", "--source", str(tmp_path)]) == 2
    assert "--source" in capsys.readouterr().err
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "pyproject.toml").write_text('[tool.guesswho.launch]\nrepository = "not an address"\n')
    assert main(["launch", "--source", str(tmp_path)]) == 2
    assert "repository must be a git address" in capsys.readouterr().err


@pytest.mark.slow
def test_colab_install_cell_installs_the_package_from_a_local_clone(tmp_path):
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True, capture_output=True)
    branch = subprocess.run(["git", "rev-parse", "--abbrev-ref", "HEAD"], cwd=clone, capture_output=True,
                            text=True, check=True).stdout.strip()
    [line], raised = _run_cell(colab_cell(LaunchSettings(clone.as_uri(), branch)), in_colab=True)
    assert raised is None
    args = shlex.split(line)
    full = os.environ.get("GUESSWHO_FULL_INSTALL") == "1"
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
    python = _python_in(venv)
    extra = [] if full else ["--no-deps"]          # dependencies come from the package index: opt-in
    # the fresh environment's own pip, the one `python -m venv` bundles (Colab's is newer: both read the cell)
    run = subprocess.run([str(python), "-m", "pip", *args, *extra, "--disable-pip-version-check"],
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-3000:]
    info = _installed(python, tmp_path)              # not from the project folder (its own egg-info)
    assert "guesswho_lessons/data/lessons.csv" in info["files"] and "guesswho_apps/site/build.py" in info["files"]
    assert clone.as_uri() in info["direct"]                          # installed from the clone, by git
    assert sorted(_name(r) for r in info["requires"] if "extra ==" not in r) == \
        sorted(_name(r) for r in PYPROJECT["project"]["dependencies"])
    if full:
        code = "import guesswho_lib, jupyterlab, myst_nb; print(guesswho_lib.solve(4).P(4, 4))"
        subprocess.run([str(python), "-c", code], check=True, capture_output=True, cwd=tmp_path)
