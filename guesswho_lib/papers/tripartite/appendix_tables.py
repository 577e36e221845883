"""Cushing et al., Appendix A: the two printed tables of optimal moves for 10 <= n <= 81, and the exact solver's.

The printed tables are transcribed, typos included, in ``data/cushing_appendix_a_tables.csv`` (made from the
paper's text by :func:`parse_appendix_text`).  :func:`printed_appendix_table` reads it,
:func:`computed_appendix_table` regenerates every cell with the exact solver, and :func:`appendix_differences`
lists where the two disagree.  The claims ``tripartite.appendix.tables*`` are in
:mod:`guesswho_lib.claims.paradox_questions`.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ...game.rules import check_int
from ...game.solver import cached_solution, split_A
from .strategy import cushing_tripartite

__all__ = ["DATA_FILE", "AppendixRow", "parse_appendix_text", "printed_appendix_table", "ComputedRow",
           "computed_appendix_table", "AppendixDifference", "appendix_differences", "moves_optimal_on"]

DATA_FILE = Path(__file__).parents[2] / "data" / "cushing_appendix_a_tables.csv"

_CSV_HEADER = """\
# Cushing et al., "Optimal play in Guess Who?", Appendix A: the two tables of S(n, m) for 10 <= n <= 27
# (m <= 11 | m >= 12) and 28 <= n <= 81 (m <= 35 | m >= 36), transcribed AS PRINTED, typos included.
# Made by guesswho_lib.papers.tripartite.parse_appendix_text applied to
# the text of the paper, arXiv:2508.00799 (each printed row holds six (n, move) cells:
# three columns of the small-m table, then three of the large-m table).
# table: 1 or 2; column: 0..5 as printed; row: 0..17; printed_n: the n printed in the cell;
# n: the n implied by the position (first n of the column + row); m_min, m_max: the printed m range
# (m_max empty = no upper bound); a, b, c: the printed move.
"""

#: (first n, rows per column, m <= small_max | m >= small_max + 1) for the two printed tables.
_APPENDIX_TABLES = {1: (10, 6, 11), 2: (28, 18, 35)}


@dataclass(frozen=True)
class AppendixRow:
    """One printed cell of the Appendix A tables: at (n, m) with m_min <= m <= m_max, play ``move``."""

    table: int
    column: int
    row: int
    printed_n: int          # as printed (may be a typo)
    n: int                  # implied by the cell's position in the table
    m_min: int
    m_max: int | None       # None: no upper bound
    move: tuple[int, int, int]

    @property
    def m_range(self) -> str:
        return f"m <= {self.m_max}" if self.m_max is not None else f"m >= {self.m_min}"


def parse_appendix_text(text: str) -> list[dict]:
    """Parse the two Appendix A tables from the paper's plain text (the source of the data file).

    Each table row looks like ``| 10 | (3,3,4) | 16 | (5,5,6) | ... |`` with six (n, move) cells.
    Returns one dict per cell, in table, column, row order.
    """
    start = text.index("APPENDIX A. PROOF")
    out = []
    table = 0
    for line in text[start:].splitlines():
        if line.startswith("| n |"):
            table += 1
            row = 0
            continue
        cells = re.findall(r"\|\s*(\d+)\s*\|\s*\((\d+),(\d+),(\d+)\)\s*", line)
        if not cells or table == 0:
            continue
        if table > 2:
            break
        if len(cells) != 6:
            raise ValueError(f"expected 6 cells in an Appendix A row, got {len(cells)}: {line!r}")
        first, per_column, small_max = _APPENDIX_TABLES[table]
        for col, (pn, a, b, c) in enumerate(cells):
            large = col >= 3
            out.append(dict(table=table, column=col, row=row, printed_n=int(pn),
                            n=first + per_column * (col % 3) + row,
                            m_min=small_max + 1 if large else 1, m_max=None if large else small_max,
                            move=(int(a), int(b), int(c))))
        row += 1
    return out


def printed_appendix_table() -> list[AppendixRow]:
    """The Appendix A tables (10 <= n <= 81) as printed, read from ``data/cushing_appendix_a_tables.csv``.

    >>> rows = printed_appendix_table()
    >>> len(rows), rows[0]
    (144, AppendixRow(table=1, column=0, row=0, printed_n=10, n=10, m_min=1, m_max=11, move=(3, 3, 4)))
    """
    rows = []
    with open(DATA_FILE, encoding="utf-8") as f:
        for r in csv.DictReader(line for line in f if not line.startswith("#")):
            rows.append(AppendixRow(int(r["table"]), int(r["column"]), int(r["row"]), int(r["printed_n"]),
                                    int(r["n"]), int(r["m_min"]), int(r["m_max"]) if r["m_max"] else None,
                                    (int(r["a"]), int(r["b"]), int(r["c"]))))
    return rows


def moves_optimal_on(A, n: int, lo: int, hi: int) -> tuple:
    """All splits of n (two or three parts) optimal at every m in lo..hi (vectorised over m).

    ``A`` is the tripartite table A[n, m] = n*m*P(n, m).

    >>> moves_optimal_on(cached_solution("tripartite", 20).A, 9, 5, 7)
    ((1, 4, 4),)
    """
    ms = np.arange(lo, hi + 1)
    best = A[n, ms]
    found = []
    for a in range(1, n // 2 + 1):
        if np.array_equal(split_A(A, n, ms, (a, n - a)), best):
            found.append((a, n - a))
    for a in range(1, n // 3 + 1):
        for b in range(a, (n - a) // 2 + 1):
            mv = (a, b, n - a - b)
            if np.array_equal(split_A(A, n, ms, mv), best):
                found.append(mv)
    return tuple(found)


@dataclass(frozen=True)
class ComputedRow:
    """The solver's answer for one cell of the Appendix A tables."""

    n: int
    m_min: int            # first m checked (2: at m = 1 a guess is the only optimal move)
    m_max: int            # last m checked (the printed bound, or N)
    move: tuple           # the corrected Theorem 3.1 move (cushing_tripartite)
    optimal_moves: tuple  # every split optimal for all m in m_min..m_max

    @property
    def m_range(self) -> str:
        return f"{self.m_min} <= m <= {self.m_max}"


def computed_appendix_table(N: int = 243) -> list[ComputedRow]:
    """The Appendix A tables regenerated by the exact solver (m checked up to N for 'm >= ...').

    For each printed cell: the move of the corrected Theorem 3.1 and all splits that are optimal for
    every m in the cell's range (2 <= m; the tables are for m >= 2, as Theorem 3.1).

    >>> row = [r for r in computed_appendix_table(90) if r.n == 16][0]
    >>> row.n, row.move, row.optimal_moves
    (16, (5, 5, 6), ((4, 6, 6), (5, 5, 6)))
    """
    N = check_int(N, "N", 81, 2187)
    A = _tripartite_table(N)
    out = []
    for r in printed_appendix_table():
        lo, hi = max(r.m_min, 2), (r.m_max if r.m_max is not None else N)
        out.append(ComputedRow(r.n, lo, hi, cushing_tripartite(r.n, lo), moves_optimal_on(A, r.n, lo, hi)))
    return out


@dataclass(frozen=True)
class AppendixDifference:
    """A printed cell of the Appendix A tables that differs from the exact solution."""

    n: int
    m_range: str
    printed_n: int
    printed_move: tuple
    computed_move: tuple
    what: str


def appendix_differences(N: int = 243) -> list[AppendixDifference]:
    """Every difference between the printed Appendix A tables and the exact solver (m up to N).

    A difference is a wrong printed n (the n implied by the cell's position differs), a move whose
    parts do not add up to n, or a move that is not optimal for every m in the printed range.

    >>> [(d.n, d.printed_n, d.what) for d in appendix_differences(90)]
    [(62, 61, 'row label printed as 61 instead of 62'), (62, 61, 'row label printed as 61 instead of 62')]
    """
    N = check_int(N, "N", 81, 2187)
    A = _tripartite_table(N)
    out = []
    for r in printed_appendix_table():
        lo, hi = max(r.m_min, 2), (r.m_max if r.m_max is not None else N)
        whats = []
        if r.printed_n != r.n:
            whats.append(f"row label printed as {r.printed_n} instead of {r.n}")
        if sum(r.move) != r.n:
            whats.append(f"parts add up to {sum(r.move)}, not {r.n}")
        else:
            ms = np.arange(lo, hi + 1)
            bad = np.nonzero(split_A(A, r.n, ms, r.move) != A[r.n, ms])[0]
            if len(bad):
                whats.append(f"not optimal at m = {int(ms[bad[0]])}")
        for w in whats:
            out.append(AppendixDifference(r.n, r.m_range, r.printed_n, r.move, cushing_tripartite(r.n, lo), w))
    return out



def _tripartite_table(N: int) -> np.ndarray:
    """A(n, m) = n*m*P(n, m) under the tripartite rules, as int64, indices 0..N."""
    return np.asarray(cached_solution("tripartite", N).A[:N + 1, :N + 1], dtype=np.int64)
