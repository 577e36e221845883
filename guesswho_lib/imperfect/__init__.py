"""Guess Who? against players who break the rules (Paz & Peterfreund, FUN 2022), and beyond.

* :mod:`.board`        a 24-character board of our own invention as a trait matrix: ``load_board()``.
* :mod:`.questions`    any set of characters as a question in words, shortest formula first;
                       how badly Assumption 1 fails on a real board; Cushing et al.'s paradox question.
* :mod:`.codes`        binary, parity and shortened Hamming codes; Delsarte's LP bound (exact).
* :mod:`.strategies`   guessers: binary search (Thm 4), predetermined codes (Thms 5, 8, 12), optimal liar search.
* :mod:`.adversaries`  choosers: honest, NATAN, ARI, VAL; ``play`` and exhaustive ``check_all_runs``.
* :mod:`.minimum`      ``minimum_questions(n, lies, erasures, adaptive)``: exact minima with certificates.
* :mod:`.widgets`      lesson 07 widgets (model/view split).
"""

from .adversaries import Ari, Honest, Natan, Run, Val, check_all_runs, play
from ..board.traits import Board, load_board
from .codes import Code, binary_code, delsarte_bound, hamming_code, parity_code
from .minimum import MinimumResult, NotSettled, liar_game_wins, minimum_questions, volume
from ..board.questions import Formula, Question, assumption1_counts, describe, paradox_question, shortest_formula
from .strategies import BinarySearch, LiarSearch, Predetermined, ari_strategy, natan_strategy, val_strategy

__all__ = ["Board", "load_board", "Formula", "Question", "describe", "shortest_formula", "assumption1_counts",
           "paradox_question", "Code", "binary_code", "parity_code", "hamming_code", "delsarte_bound",
           "BinarySearch", "Predetermined", "LiarSearch", "natan_strategy", "ari_strategy", "val_strategy",
           "Honest", "Natan", "Ari", "Val", "Run", "play", "check_all_runs",
           "MinimumResult", "NotSettled", "minimum_questions", "liar_game_wins", "volume"]
