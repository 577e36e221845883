"""What the commands share: checked option values and the one error a misuse raises.

Every misuse of the command line ends in one line naming the option and what it accepts, and exit status 2,
before any long work starts (:class:`UsageError`, :func:`int_option`, :func:`writable_file`,
:func:`writable_folder`).
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

__all__ = ["UsageError", "int_option", "writable_file", "writable_folder"]


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
