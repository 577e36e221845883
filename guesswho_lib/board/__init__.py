"""A board of characters described by traits, and questions about traits in words.

* :mod:`.traits`         the shipped 24-character board as a trait matrix: ``load_board()``, ``Board``.
* :mod:`.questions`      any set of characters as a question in words, shortest formula first.
* :mod:`.question_sets`  the questions a player may ask on a board, as data (one trait, two, paradox).
* :mod:`.solver`         exact optimal play on a real board, where every question is about traits.
* :mod:`.compare`        the real board against the idealised game, as data.

The first three are data and words (they import only ``rules``); the solver and the comparison sit above
the game's solver (see the layers in :mod:`guesswho_lib`).
"""

from .traits import Board, load_board
from .questions import Formula, Question, assumption1_counts, describe, paradox_question, shortest_formula
from .question_sets import BoardQuestion, question_set
from .solver import BoardMove, BoardSolution, OneSided, cached_board_solution, one_sided, solve_board
from .compare import (FirstQuestion, IdealComparison, SizeCell, compare_with_ideal, first_questions,
                      ideal_move_askable, informed_opponent, restriction_cost, unaskable_examples)

__all__ = ["Board", "load_board", "Formula", "Question", "describe", "shortest_formula", "assumption1_counts",
           "paradox_question", "BoardQuestion", "question_set", "BoardMove", "BoardSolution", "OneSided",
           "cached_board_solution", "one_sided", "solve_board", "FirstQuestion", "IdealComparison", "SizeCell",
           "compare_with_ideal", "first_questions", "ideal_move_askable", "informed_opponent", "restriction_cost",
           "unaskable_examples"]
