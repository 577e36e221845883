"""A board of characters described by traits, and questions about traits in words.

* :mod:`.traits`         the shipped 24-character board as a trait matrix: ``load_board()``, ``Board``.
* :mod:`.questions`      any set of characters as a question in words, shortest formula first.
* :mod:`.question_sets`  the questions a player may ask on a board, as data (one trait, two, paradox).
* :mod:`.solver`         exact optimal play on a real board, where every question is about traits.
* :mod:`.complete`       complete sets (they play like a pile of their size): the theorem behind two-trait questions.
* :mod:`.designs`        boards of 24 characters found by a search: how much the board itself changes the game.
* :mod:`.compare`        the real board against the idealised game, as data.

The first three are data and words (they import only ``rules``); the solver and the comparison sit above
the game's solver (see the layers in :mod:`guesswho_lib`).
"""

from .traits import Board, board_from_csv, load_board
from .complete import Completeness, completeness, missing_splits
from .designs import DESIGNS, Design, board_csv, load_design
from .questions import Formula, Question, assumption1_counts, describe, paradox_question, shortest_formula
from .question_sets import BoardQuestion, question_set
from .solver import BoardMove, BoardSolution, cached_board_solution, solve_board
from .compare import (FirstQuestion, IdealComparison, SizeCell, compare_with_ideal, first_questions,
                      ideal_move_askable, informed_opponent, restriction_cost)

__all__ = ["Board", "load_board", "board_from_csv", "Completeness", "completeness", "missing_splits", "DESIGNS",
           "Design", "board_csv", "load_design", "Formula", "Question", "describe", "shortest_formula",
           "assumption1_counts", "paradox_question", "BoardQuestion", "question_set", "BoardMove", "BoardSolution",
           "cached_board_solution", "solve_board", "FirstQuestion", "IdealComparison", "SizeCell",
           "compare_with_ideal", "first_questions", "ideal_move_askable", "informed_opponent", "restriction_cost"]
