"""Board solutions kept in files, shared by many processes (the game kernels of a class).

Solving the shipped board takes about half a second and a 48 MiB table (|R|^2 16-bit integers, |R| = 5007)
per rule set.  A server that gives every player their own Python process would pay that in every process
that plays on the board of faces.  Instead the server solves the board once, writes each table to a folder
(:func:`write_tables`), and names that folder in the environment variable :data:`TABLES_VARIABLE`; every
process then maps the file read-only (:func:`stored_solution`, used by
:func:`~guesswho_lib.board.solver.cached_board_solution`).  The table is read from the operating system's page
cache, one copy for all processes.  (A process's resident size still counts the pages of the file it has
mapped, up to about 25 MiB for a game, but those pages are shared: its proportional share, PSS in
/proc/<pid>/smaps_rollup, is what it costs the machine.)

A file is named by a digest of the board (names, traits and trait matrix), the question set, the rules and
the format, so a table is never used for another board; a table is written under a temporary name and
renamed when complete, so a reader never sees half a file.  Without the variable, or without a file for
the board asked, nothing changes: the board is solved in the process, as before.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

import numpy as np

from ..game.rules import Rules, get_rules
from .question_sets import question_set
from .traits import Board, load_board

#: The environment variable naming the folder of stored tables (set by the class server's settings file).
TABLES_VARIABLE = "GUESSWHO_BOARD_TABLES"
_FORMAT = "1"


def _key(board: Board, questions: str, rules: Rules) -> str:
    h = hashlib.sha256()
    for part in (_FORMAT, questions, rules.name, "\x1f".join(board.names), "\x1f".join(board.traits),
                 "".join("".join(map(str, r)) for r in board.rows)):
        h.update(part.encode("utf-8") + b"\x1e")
    return h.hexdigest()[:24]


def _paths(folder, board: Board, questions: str, rules: Rules) -> tuple[Path, Path]:
    stem = Path(folder) / f"board-{_key(board, questions, rules)}"
    return stem.with_suffix(".sets.npy"), stem.with_suffix(".table.npy")


def _write_atomically(path: Path, array: np.ndarray):
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".partial")
    try:
        with os.fdopen(fd, "wb") as f:
            np.save(f, array, allow_pickle=False)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_tables(folder, rules=("official", "nica"), questions: str = "traits", board: Board | None = None) -> list[Path]:
    """Solve ``board`` (default: the shipped board) under each of ``rules`` and write the tables to
    ``folder`` (created if needed); returns the table files.  A table already there is kept."""
    from .solver import solve_board

    board = load_board() if board is None else board
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for r in rules:
        r = get_rules(r)
        sets_path, table_path = _paths(folder, board, questions, r)
        if not table_path.exists():
            sol = solve_board(board, questions, r)
            _write_atomically(sets_path, np.ascontiguousarray(sol.sets))
            _write_atomically(table_path, np.ascontiguousarray(sol.table))     # last: the table marks "complete"
            del sol
        out.append(table_path)
    return out


def stored_solution(board: Board, questions: str, rules: Rules, folder=None):
    """The solution read from the stored tables in ``folder`` (default: the folder named by
    :data:`TABLES_VARIABLE`), the table mapped read-only; None when there is no such table."""
    from .solver import BoardSolution

    folder = os.environ.get(TABLES_VARIABLE) if folder is None else folder
    if not folder:
        return None
    sets_path, table_path = _paths(folder, board, questions, rules)
    if not table_path.exists():
        return None
    try:
        sets = np.load(sets_path, allow_pickle=False)
        table = np.load(table_path, mmap_mode="r", allow_pickle=False)
    except (OSError, ValueError):
        return None                     # unreadable (e.g. removed as the server stopped): solve instead
    if table.ndim != 2 or table.shape[1] != sets.size or table.shape[0] != sets.size + 1:
        return None
    return BoardSolution(board, rules, questions, question_set(board, questions, rules), sets, table)
