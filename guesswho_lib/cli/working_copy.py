"""A working copy of the lessons: the folder a student opens, saves and runs, apart from the repository's own
``notebooks/`` (which the tests check, committed without outputs).

``python -m guesswho_lib lab`` opens ``~/guesswho-lessons`` (:data:`LESSONS_FOLDER` in the home folder), made from
the repository's lessons on first use and never overwritten; ``--fresh-copy`` sets it aside under a new name
(nothing is deleted) and makes a new one.  The school's JupyterHub gives every student the same copy, in their
own home, with :func:`make_working_copy` (school/jupyterhub_config.py).
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

__all__ = ["LESSONS_FOLDER", "repository_lessons", "default_working_copy", "make_working_copy", "set_aside"]

#: The working copy's folder name, in the user's home (the hub's settings use the same name).
LESSONS_FOLDER = "guesswho-lessons"
#: A file every copy of the lessons has: how the lessons are recognised.
FIRST_LESSON = "00-start-here.ipynb"


def repository_lessons() -> Path | None:
    """The repository's ``notebooks/``: beside the installed package (an editable install, or the repository
    itself on the path), else in the current folder; None when neither holds the lessons."""
    for folder in (Path(__file__).resolve().parents[2] / "notebooks", Path.cwd() / "notebooks"):
        if (folder / FIRST_LESSON).is_file():
            return folder
    return None


def default_working_copy() -> Path:
    """``~/guesswho-lessons``."""
    return Path.home() / LESSONS_FOLDER


def make_working_copy(source: Path, copy: Path) -> bool:
    """Copy the lessons in ``source`` to ``copy`` unless ``copy`` exists (a copy someone may have written in is
    never overwritten); True when it was made now.  The copy is made beside ``copy`` and renamed into place at
    the end, so an interrupted copy leaves nothing that would later pass for a working copy; JupyterLab's
    checkpoints are not copied."""
    source, copy = Path(source), Path(copy)
    if copy.exists():
        return False
    copy.parent.mkdir(parents=True, exist_ok=True)
    building = Path(tempfile.mkdtemp(prefix=f".{copy.name}-", dir=copy.parent))
    try:
        shutil.copytree(source, building / "lessons", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        os.rename(building / "lessons", copy)
    finally:
        shutil.rmtree(building, ignore_errors=True)
    return True


def set_aside(copy: Path, now: float | None = None) -> Path:
    """Rename the working copy ``copy`` to ``<its name>-until-<date>-<time>`` beside it (a name not yet taken)
    and return the new name; nothing is deleted.

    >>> import tempfile; home = Path(tempfile.mkdtemp()); (home / "guesswho-lessons").mkdir()
    >>> first = set_aside(home / "guesswho-lessons", now=0)
    >>> (home / "guesswho-lessons").mkdir(); second = set_aside(home / "guesswho-lessons", now=0)
    >>> first.name.startswith("guesswho-lessons-until-19"), second.name == first.name + "-2"
    (True, True)
    >>> shutil.rmtree(home)
    """
    stamp = time.strftime("%Y-%m-%d-%H%M%S", time.localtime(time.time() if now is None else now))
    base = copy.with_name(f"{copy.name}-until-{stamp}")
    aside, k = base, 1
    while aside.exists():
        k += 1
        aside = base.with_name(f"{base.name}-{k}")
    os.rename(copy, aside)
    return aside
