"""Boards designed by a search: how much the board itself changes the game, as data a lesson can load.

The idealised game gives the first player P(24, 24) = 5/9 (Cushing et al., section 2).  On a real board with
one-trait questions the first player's chance depends on the board: 9/16 on the shipped one.  The boards here
have 24 characters and 18 yes/no traits, every two characters told apart by some trait and every trait
splitting the board (held by some but not all); they were found by a local search (simulated annealing, the
command in ``benchmarks/search_boards.py``), looking for the fairest board (first player's chance closest to
1/2) and the most lopsided ones.  A search finds boards, not proofs: the values are exact for these boards, and
they are bounds found, not proven extremes.

Each design is a CSV file in ``guesswho_lib/data/boards/`` in the format of :func:`~guesswho_lib.board.traits.load_board`
(all columns yes/no), listed with how it was found in ``designs.csv`` there.

    >>> sorted(DESIGNS)[:1]
    ['fairest']
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources

from .traits import Board, load_board

__all__ = ["DESIGN_TRAITS", "Design", "DESIGNS", "load_design", "board_csv"]

#: Trait names of the designed boards: 18 yes/no features, none excluding another.
DESIGN_TRAITS = ("glasses", "hat", "beard", "moustache", "earrings", "freckles", "long hair", "big nose", "smiling",
                 "curly hair", "a scarf", "a tie", "rosy cheeks", "dimples", "a necklace", "a fringe", "a badge",
                 "a flower")


def board_csv(board: Board) -> str:
    """The board as CSV text that :func:`~guesswho_lib.board.traits.load_board` reads back (one yes/no column per
    trait; spaces in trait names become underscores)."""
    if not isinstance(board, Board):
        raise TypeError(f"board must be a guesswho_lib.board.traits.Board, got {type(board).__name__}")
    columns = [t.replace(" ", "_") for t in board.traits]
    for t, c in zip(board.traits, columns):
        if "_" in t or c in ("name", "hair", "eyes") or not c:
            raise ValueError(f"board: the trait {t!r} cannot be written as a yes/no column (no underscores, and "
                             f"not 'name', 'hair' or 'eyes')")
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["name"] + columns)
    for name, row in zip(board.names, board.rows):
        w.writerow([name] + list(row))
    return out.getvalue()


@dataclass(frozen=True)
class Design:
    """One designed board: its ``name``, ``file``, what the search aimed at (``goal``), the first player's exact
    chance with one-trait questions under the official rules (``value``) and how it was found (``found``)."""

    name: str
    file: str
    goal: str
    value: Fraction
    found: str


def _designs() -> dict[str, Design]:
    text = resources.files("guesswho_lib").joinpath("data/boards/designs.csv").read_text(encoding="utf-8")
    return {r["name"]: Design(r["name"], r["file"], r["goal"], Fraction(r["value"]), r["found"])
            for r in csv.DictReader(io.StringIO(text))}


#: The designed boards, by name.
DESIGNS: dict[str, Design] = _designs()


def load_design(name: str) -> Board:
    """The designed board called ``name`` (one of :data:`DESIGNS`), as a :class:`~guesswho_lib.board.traits.Board`."""
    if name not in DESIGNS:
        raise ValueError(f"name must be one of {sorted(DESIGNS)}, got {name!r}")
    with resources.as_file(resources.files("guesswho_lib").joinpath("data/boards", DESIGNS[name].file)) as path:
        return load_board(path)
