"""Ctrl-C stops a long command within a second or two, with one line, and leaves the last good output as it was
(nothing half-written that looks whole, nothing whole deleted).

The commands are started the way a shell starts a background job (interrupts ignored), the case in which a
Python program otherwise runs on to its end and writes a complete-looking file; SIGINT is then sent to it.  The
site is interrupted as a terminal does it: SIGINT to its whole process group, while its notebooks run.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: How an interrupted command may end: status 130, or by the signal itself (the Unix convention for a program that
#: Ctrl-C stopped; a shell reports both as 130).  Under heavy load Python sometimes ends the second way.
INTERRUPTED = (130, -signal.SIGINT)


def _start(args, cwd, package="guesswho_lib") -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", package, *args], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))


def _interrupt(p: subprocess.Popen, timeout: float = 30) -> tuple[int, str]:
    p.send_signal(signal.SIGINT)
    try:
        _, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        p.communicate()
        raise AssertionError(f"the command did not stop within {timeout} s of Ctrl-C") from None
    return p.returncode, err.decode(errors="replace")


def test_an_interrupted_verify_stops_at_once_and_writes_no_errata(tmp_path):
    errata = tmp_path / "ERRATA.md"
    p = _start(["verify", "--errata", str(errata)], tmp_path)
    assert p.stderr.read(1) == b"\r"                       # the progress bar: the claims are running
    code, err = _interrupt(p)
    assert code in INTERRUPTED and "interrupted" in err, (code, err[-500:])
    assert not errata.exists()


def _snapshot(folder: Path) -> dict:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def _one_line(err: str) -> list[str]:
    """What the command said, without its progress bar and the kernels' start-up notes."""
    return [line for line in err.replace("\r", "\n").splitlines()
            if line.strip() and not line.startswith("[") and "WARNING | Kernel is running" not in line]


#: command -> files it writes, given here an earlier content of their own (the last good output)
BUILDS = {("guesswho_apps", "guide"): ("teacher-guide.md", "teacher-guide.pdf"),
          ("guesswho_lib", "figures"): ("README.md", "heatmap-official.png")}


@pytest.mark.parametrize("package, command", [("guesswho_apps", ["guide"]), ("guesswho_lib", ["figures", "--fast"])],
                         ids=["guide", "figures"])
def test_an_interrupted_build_keeps_the_last_good_output(tmp_path, package, command):
    """Ctrl-C while the new build is being written aside: the earlier output stays whole, one line is said, within a
    second or two.  A Ctrl-C that a loaded machine delivers only after the build was put in place must say so
    truthfully (and the output is then the new one, whole); the test then tries again, up to five times."""
    out = tmp_path / "out"
    for _ in range(5):
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir()
        for name in (*BUILDS[package, command[0]], "old.txt"):
            (out / name).write_text(f"the last good {name}")
        before = _snapshot(out)
        p = _start([*command, "--out", str(out)], tmp_path, package)
        deadline = time.monotonic() + 120
        while not any(f.is_file() for f in out.glob(".building-*/**/*")):    # the new build has begun, aside
            assert p.poll() is None, "the command finished before it could be interrupted"
            assert time.monotonic() < deadline
            time.sleep(0.01)
        t0 = time.monotonic()
        code, err = _interrupt(p)
        assert time.monotonic() - t0 < 3 and code in INTERRUPTED, (code, err[-500:])
        late = [f"python -m {package} {command[0]}: interrupted; {out} was already written in full"]
        if _one_line(err) != late:
            break
        after = _snapshot(out)
        assert all(after[name] != before[name] for name in BUILDS[package, command[0]]), "said written, but is not"
        assert after["old.txt"] == before["old.txt"] and not list(out.glob(".building-*"))
    assert _one_line(err) == [f"python -m {package} {command[0]}: interrupted; {out} is as it was before"], err[-500:]
    assert _snapshot(out) == before and not list(out.glob(".building-*"))


def test_a_site_interrupted_while_its_notebooks_run_keeps_the_last_site(tmp_path):
    """The red team's case: Ctrl-C in the terminal (the whole process group) while the lessons' notebooks run,
    over a complete site: the teacher's guide and worksheets (written while the notebooks run) stay, nothing is
    added, the kernels stop, and the command ends within a second or two with one line."""
    from servers import cmdline, descendants

    site = tmp_path / "site"
    for page in ("index.html", "teacher/teacher-guide.html", "teacher/teacher-guide.pdf",
                 "teacher/worksheets/answers.pdf", "05-the-continuous-limit.html"):
        (site / page).parent.mkdir(parents=True, exist_ok=True)
        (site / page).write_text(f"the last good {page}")
    before = _snapshot(site)
    p = subprocess.Popen([sys.executable, "-m", "guesswho_apps", "site", "--fast", "--only", "05,06", "--workers",
                          "2", "--out", str(site), "--source", str(ROOT)], cwd=tmp_path, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 180
    while not (kernels := [d for d in descendants(p.pid) if "ipykernel" in cmdline(d)]):
        assert p.poll() is None and time.monotonic() < deadline, "no notebook ran"
        time.sleep(0.1)
    time.sleep(1)
    os.killpg(p.pid, signal.SIGINT)                                          # Ctrl-C in the terminal
    t0 = time.monotonic()
    _, err = p.communicate(timeout=60)
    err = err.decode(errors="replace")
    assert time.monotonic() - t0 < 3 and p.returncode in INTERRUPTED, (p.returncode, err[-2000:])
    assert "Traceback" not in err and _one_line(err) == [
        f"python -m guesswho_apps site: interrupted; {site} is as it was before"], err[-2000:]
    assert _snapshot(site) == before and not list(site.glob(".building-*"))
    time.sleep(2)
    assert [k for k in kernels if Path(f"/proc/{k}").exists()] == []


def _writer(interrupt_after_placing: bool):
    """A command that writes a folder aside and is stopped by Ctrl-C before, or just after, putting it in place."""
    from types import SimpleNamespace

    from guesswho_lib.cli.options import built_aside, writable_folder

    def run(args):
        with built_aside(writable_folder(args.out, "--out")) as work:
            (work / "new.txt").write_text("the new build")
            if not interrupt_after_placing:
                raise KeyboardInterrupt
        raise KeyboardInterrupt                     # a Ctrl-C that comes once the new build is in place
    return SimpleNamespace(HELP="writes a folder", OUTPUT="out", run=run,
                           add_arguments=lambda p: p.add_argument("--out"))


@pytest.mark.parametrize("late", [False, True], ids=["while-building", "after-placing"])
def test_the_line_an_interrupt_ends_with_is_true_whenever_it_comes(tmp_path, capsys, late):
    from guesswho_lib.cli.entry import run

    out = tmp_path / "out"
    assert run("python -m demo", {"write": _writer(late)}, ["write", "--out", str(out)]) == 130
    said = capsys.readouterr().err.strip()
    if late:
        assert said == f"python -m demo write: interrupted; {out} was already written in full"
        assert (out / "new.txt").read_text() == "the new build"
    else:
        assert said == f"python -m demo write: interrupted; {out} is as it was before"
        assert not (out / "new.txt").exists()
