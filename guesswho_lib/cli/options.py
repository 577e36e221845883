"""What the commands share: checked option values and the one error a misuse raises.

Every misuse of the command line ends in one line naming the option and what it accepts, and exit status 2,
before any long work starts (:class:`UsageError`, :func:`int_option`, :func:`writable_file`,
:func:`writable_folder`).  A command that writes a folder builds it aside and puts it in place at the end
(:func:`built_aside`): interrupted or failed, it leaves the last good output as it was.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path

__all__ = ["UsageError", "int_option", "writable_file", "writable_folder", "built_aside", "INTERRUPTED", "PLACED",
           "when_stopped", "stop_unfinished"]

#: Set when Ctrl-C was pressed: what is being built is not put in place, even if the build ends.
INTERRUPTED = threading.Event()
#: Set once a build has been put in place: a Ctrl-C after that comes too late to keep the earlier output.
PLACED = threading.Event()
_BUILDING: set = set()          # the folders being built aside now
_STOPPERS: list = []            # what stops the work a command started (its notebooks' kernels)


class UsageError(Exception):
    """A misuse of the command line; the message names the option and what it accepts."""


def int_option(lo: int, hi: int):
    """An argparse ``type`` accepting the integers lo..hi, with a message stating the range otherwise.

    >>> int_option(1, 9)("7")
    7
    >>> int_option(1, 9)("10")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must be an integer from 1 to 9, got '10'
    """
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"must be an integer from {lo} to {hi}, got {text!r}")
        return value
    parse.__name__ = f"integer {lo}..{hi}"
    return parse


def writable_file(path: str, option: str) -> Path:
    """``path`` as a Path if a file can be written there (checked now, before any work); else UsageError.

    An existing file is not changed by the check; a file the check creates is removed again."""
    p = Path(path)
    if p.is_dir():
        raise UsageError(f"{option}: {path!r} is a folder, not a file")
    if not p.parent.is_dir():
        raise UsageError(f"{option}: cannot write {path!r}: the folder {str(p.parent)!r} does not exist")
    existed = p.exists()
    try:
        with open(p, "a", encoding="utf-8"):
            pass
    except OSError as e:
        raise UsageError(f"{option}: cannot write {path!r}: {e.strerror or e}") from None
    if not existed:
        p.unlink()
    return p


def writable_folder(path: str, option: str) -> Path:
    """``path`` as a Path to a folder that exists (made if needed) and can be written; else UsageError."""
    p = Path(path)
    try:
        p.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=p):
            pass
    except FileExistsError:
        raise UsageError(f"{option}: {path!r} is a file, not a folder") from None
    except OSError as e:
        raise UsageError(f"{option}: cannot write to the folder {path!r}: {e.strerror or e}") from None
    if not os.access(p, os.W_OK):
        raise UsageError(f"{option}: cannot write to the folder {path!r}")
    return p


@contextmanager
def built_aside(out: Path):
    """A new, empty folder to build ``out`` in (hidden inside it, ``.building-...``); when the block ends without
    an error, what was built replaces its earlier version in ``out`` (file by file: files the build does not
    make stay), with Ctrl-C held back for the moment that takes.  Interrupted or failed, the block leaves
    ``out`` as it was."""
    work = Path(tempfile.mkdtemp(prefix=".building-", dir=out))
    _BUILDING.add(work)
    try:
        yield work
        with _interrupts_held():
            if INTERRUPTED.is_set():              # (a library swallowed the KeyboardInterrupt)
                raise KeyboardInterrupt
            for built in sorted(p for p in work.rglob("*") if p.is_file() or p.is_symlink()):
                target = out / built.relative_to(work)
                if target.is_dir() and not target.is_symlink():
                    shutil.rmtree(target)
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(built, target)
            PLACED.set()                          # (before a Ctrl-C held back meanwhile is let through)
    finally:
        _BUILDING.discard(work)
        shutil.rmtree(work, ignore_errors=True)


def when_stopped(stop) -> None:
    """Have ``stop()`` called (once per call of :func:`stop_unfinished`) when a command stopped by Ctrl-C does not
    end by itself: a command that starts work of its own (the site's notebook kernels) names how to stop it."""
    if stop not in _STOPPERS:
        _STOPPERS.append(stop)


def stop_unfinished() -> None:
    """Remove the folders being built aside, and stop the processes the command started and what it named with
    :func:`when_stopped` (a command stopped by Ctrl-C that did not end by itself)."""
    import multiprocessing

    for stop in list(_STOPPERS):
        stop()
    for child in multiprocessing.active_children():
        child.terminate()
    for work in list(_BUILDING):
        shutil.rmtree(work, ignore_errors=True)


@contextmanager
def _interrupts_held():
    """Ctrl-C waits until the block ends (then interrupts as usual)."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
