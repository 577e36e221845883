"""A board of characters described by traits, and questions about traits in words.

* :mod:`.traits`     the shipped 24-character board as a trait matrix: ``load_board()``, ``Board``.
* :mod:`.questions`  any set of characters as a question in words, shortest formula first.
"""

from .traits import Board, load_board
from .questions import Formula, Question, assumption1_counts, describe, paradox_question, shortest_formula

__all__ = ["Board", "load_board", "Formula", "Question", "describe", "shortest_formula", "assumption1_counts",
           "paradox_question"]
