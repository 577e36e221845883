"""Guess Who? against players who break the rules (Paz & Peterfreund, FUN 2022).

* :mod:`.board`       a 24-character board as a trait matrix, ``load_board()``.
"""

from .board import Board, load_board

__all__ = ["Board", "load_board"]
