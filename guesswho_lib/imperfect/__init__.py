"""Guess Who? against players who break the rules (Paz & Peterfreund, FUN 2022), and beyond.

* :mod:`.codes`        binary, parity and shortened Hamming codes; Delsarte's LP bound (exact).
* :mod:`.strategies`   guessers: binary search (Thm 4), predetermined codes (Thms 5, 8, 12), optimal liar search.
* :mod:`.adversaries`  choosers: honest, NATAN, ARI, VAL; ``play`` and exhaustive ``check_all_runs``.
* :mod:`.minimum`      ``minimum_questions(n, lies, erasures, adaptive)``: exact minima with certificates.
* :mod:`.literature`   what the classical literature settles where our certificates stop (cited, not computed).

The board of characters and questions in words are in :mod:`guesswho_lib.board` (re-exported here); the
lesson 07 widgets in :mod:`guesswho_lib.widgets.imperfect`; the paper's claims in
:mod:`guesswho_lib.claims.statements.paz`.
"""

from .adversaries import Ari, Honest, Natan, Run, Val, check_all_runs, play
from ..board.traits import Board, load_board
from .codes import Code, binary_code, delsarte_bound, hamming_code, parity_code
from .minimum import MinimumResult, NotSettled, SearchTooLarge, liar_game_wins, minimum_questions, volume
from .literature import KNOWN_CODE_SIZES, pelc_one_lie, predetermined_minimum
from ..board.questions import Formula, Question, assumption1_counts, describe, paradox_question, shortest_formula
from .strategies import BinarySearch, LiarSearch, Predetermined, ari_strategy, natan_strategy, val_strategy

__all__ = ["Board", "load_board", "Formula", "Question", "describe", "shortest_formula", "assumption1_counts",
           "paradox_question", "Code", "binary_code", "parity_code", "hamming_code", "delsarte_bound",
           "BinarySearch", "Predetermined", "LiarSearch", "natan_strategy", "ari_strategy", "val_strategy",
           "Honest", "Natan", "Ari", "Val", "Run", "play", "check_all_runs",
           "MinimumResult", "NotSettled", "SearchTooLarge", "minimum_questions", "liar_game_wins", "volume",
           "KNOWN_CODE_SIZES", "predetermined_minimum", "pelc_one_lie"]
