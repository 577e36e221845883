"""Board solutions kept in files, shared by many processes (the game kernels of a class).

Solving the shipped board takes about half a second and a 48 MiB table (|R|^2 16-bit integers, |R| = 5007)
per rule set.  A server that gives every player their own Python process would pay that in every process
that plays on the board of faces.  Instead the server solves the board once, writes each table to a folder
(:func:`~guesswho_lib.board.solver.write_board_tables`, with :func:`save_solution`), and names that folder
in the environment variable :data:`TABLES_VARIABLE`; every process then reads the values it needs from the
file (:func:`stored_arrays`, used by :func:`~guesswho_lib.board.solver.cached_board_solution`, and
:class:`StoredTable`): they come from the operating system's page cache, one copy for all processes, and the
table costs a process no memory of its own.

A file is named by a digest of the board (names, traits and trait matrix), the question set, the rules and
the format, so a table is never used for another board; a table is written under a temporary name and
renamed when complete, so a reader never sees half a file.  Without the variable, or without a file for
the board asked, nothing changes: the board is solved in the process, as before.
"""

from __future__ import annotations

import hashlib
import mmap
import os
import tempfile
from pathlib import Path

import numpy as np

from ..rules import Rules
from .traits import Board

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


def save_solution(folder, solution) -> Path:
    """Write ``solution`` (a :class:`~guesswho_lib.board.solver.BoardSolution`) to ``folder`` (created if
    needed), unless its table is there already; returns the table's file."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    sets_path, table_path = _paths(folder, solution.board, solution.questions, solution.rules)
    if not table_path.exists():
        _write_atomically(sets_path, np.ascontiguousarray(solution.sets))
        _write_atomically(table_path, np.ascontiguousarray(solution.table))     # last: marks "complete"
    return table_path


def stored_arrays(board: Board, questions: str, rules: Rules, folder=None):
    """``(sets, table)`` of the solution stored in ``folder`` (default: the folder named by
    :data:`TABLES_VARIABLE`), the table a :class:`StoredTable` read from its file; None when there is no
    such table (or it is damaged)."""
    folder = os.environ.get(TABLES_VARIABLE) if folder is None else folder
    if not folder:
        return None
    sets_path, table_path = _paths(folder, board, questions, rules)
    if not table_path.exists():
        return None
    try:
        sets = np.load(sets_path, allow_pickle=False)
        table = StoredTable(table_path)
    except (OSError, ValueError):
        return None                     # unreadable (e.g. removed as the server stopped): solve instead
    if len(table.shape) != 2 or table.shape[1] != sets.size or table.shape[0] != sets.size + 1:
        return None
    return sets, table


class StoredTable:
    """A stored table, read one value at a time from its file (``table[t, s]``: one ``pread``, a few
    microseconds), so that nothing of it is mapped into the process: a game looks up a few dozen values per
    move, and a mapped file would count in the process's resident memory by whole blocks (megabytes of it
    for a few look-ups).  Any other indexing (slices, index arrays) maps the whole file, read-only."""

    def __init__(self, path):
        self._fd = os.open(path, os.O_RDONLY)      # kept open: readable even once the folder is removed
        with open(path, "rb") as f:
            version = np.lib.format.read_magic(f)
            header = (np.lib.format.read_array_header_1_0(f) if version == (1, 0)
                      else np.lib.format.read_array_header_2_0(f))
            self._offset = f.tell()
        self.shape, fortran, self.dtype = header
        if fortran or self.dtype.hasobject or len(self.shape) != 2:
            raise ValueError(f"{path}: not a C-ordered table of numbers")
        if os.fstat(self._fd).st_size < self._offset + self.dtype.itemsize * self.shape[0] * self.shape[1]:
            raise ValueError(f"{path}: shorter than its table")
        self.ndim, self._mapped = 2, None

    def __getitem__(self, key):
        if isinstance(key, tuple) and len(key) == 2 and all(isinstance(k, (int, np.integer)) for k in key):
            (rows, cols), size = self.shape, self.dtype.itemsize
            t, s = int(key[0]), int(key[1])
            t, s = t + rows if t < 0 else t, s + cols if s < 0 else s
            if not (0 <= t < rows and 0 <= s < cols):
                raise IndexError(f"index {key} is out of bounds for a table of shape {self.shape}")
            return np.frombuffer(os.pread(self._fd, size, self._offset + (t * cols + s) * size), self.dtype)[0]
        return self._array()[key]

    def _array(self) -> np.ndarray:
        if self._mapped is None:
            buffer = mmap.mmap(self._fd, 0, access=mmap.ACCESS_READ)
            self._mapped = np.ndarray(self.shape, self.dtype, buffer=buffer, offset=self._offset)
        return self._mapped

    def __array__(self, dtype=None, copy=None):
        a = self._array()
        return a if dtype is None else a.astype(dtype)

    def __len__(self) -> int:
        return self.shape[0]

    def __del__(self):
        try:
            os.close(self._fd)
        except (AttributeError, OSError):
            pass
