"""guesswho: exact optimal play in the game Guess Who?, for lessons and for research.

    import guesswho_lib as gw
    t = gw.solve(24)                 # official rules, every board state up to 24 x 24
    t.P(4, 4)                        # Fraction(9, 16)
    t.optimal_moves(4, 4)            # ((1, 3),): ask about one suspect, not two!

See the README and the notebooks for the lessons, and the three papers in ``shared/papers``.
"""

from . import cushing, imperfect, nica, plots, strategies, tripartite, widgets
from .evaluate import evaluate
from .huge import P
from .imperfect import load_board, minimum_questions
from .play import Game, PlayModel, PlayWidget
from .tournament import simulate_game, tournament, wilson_interval
from .rules import GUESS, RULES, Rules, legal_moves
from .solver import MAX_N, Solution, solve

__version__ = "0.1.0"

__all__ = ["GUESS", "RULES", "Rules", "Solution", "MAX_N", "solve", "evaluate", "strategies", "legal_moves", "P",
           "cushing", "nica", "tripartite", "Game", "PlayModel", "PlayWidget", "tournament", "simulate_game",
           "wilson_interval", "imperfect", "load_board", "minimum_questions",
           "plots", "widgets"]
