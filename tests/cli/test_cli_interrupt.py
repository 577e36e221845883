"""Ctrl-C stops a long command at once and leaves nothing half-written that looks whole.

The commands are started the way a shell starts a background job (interrupts ignored), the case in which a
Python program otherwise runs on to its end and writes a complete-looking file; SIGINT is then sent to it.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


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
    assert code == 130 and "interrupted" in err, (code, err[-500:])
    assert not errata.exists()


def test_an_interrupted_guide_removes_what_it_had_written(tmp_path):
    out = tmp_path / "guide"
    (out / "old.txt").parent.mkdir()
    (out / "old.txt").write_text("a file the command does not write")
    p = _start(["guide", "--out", str(out)], tmp_path, "guesswho_apps")
    deadline = time.monotonic() + 120
    while not any(f.name != "old.txt" for f in out.iterdir()):    # the first file of the guide is written
        assert p.poll() is None, "the guide finished before it could be interrupted"
        assert time.monotonic() < deadline
        time.sleep(0.01)
    code, err = _interrupt(p)
    assert code == 130 and "interrupted" in err, (code, err[-500:])
    assert [f.name for f in out.iterdir()] == ["old.txt"]          # what it wrote is gone, the rest stays
