"""Cushing et al., Appendix A: the two printed tables of optimal moves for 10 <= n <= 81, and the exact solver's.

The printed tables are transcribed, typos included, in ``data/cushing_appendix_a_tables.csv`` (made from the
paper's text by :func:`parse_appendix_text`).  :func:`printed_appendix_table` reads it;
:mod:`guesswho_lib.game.tripartite_tables` regenerates every cell with the exact solver
(``computed_appendix_table``) and lists where the two disagree (``appendix_differences``).  The claims
``tripartite.appendix.tables*`` are in :mod:`guesswho_lib.claims.statements.tripartite`.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from pathlib import Path



__all__ = ["DATA_FILE", "AppendixRow", "parse_appendix_text", "printed_appendix_table"]

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
