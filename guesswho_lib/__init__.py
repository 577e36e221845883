"""guesswho: exact optimal play in the game Guess Who?, for lessons and for research.

    import guesswho_lib as gw
    t = gw.solve(24)                 # official rules, every board state up to 24 x 24
    t.P(4, 4)                        # Fraction(9, 16)
    t.optimal_moves(4, 4)            # ((1, 3),): ask about one suspect, not two!

How the package is organised (data flows one way, top to bottom):

* :mod:`.game`       the game: rules as data, the exact solver, exact values at any size, strategies,
                     exact evaluation (strategy against strategy), simulation, a whole game;
* :mod:`.papers`     the papers' formulas and strategies (Cushing et al., Nica), the paradox question;
* :mod:`.board`      a board of characters with traits, and questions about traits in words;
* :mod:`.imperfect`  codes and players who break the rules (Paz & Peterfreund);
* :mod:`.claims`     every printed claim of the papers, each with a computational check (``verify``);
* :mod:`.plots`      plot functions that take an ``ax``;
* :mod:`.widgets`    lesson and play widgets (a model that holds the state, a thin view);
* :mod:`.figures`    every figure, regenerated deterministically;
* :mod:`.exercises`  the lessons' exercises and their answer checker;
* :mod:`.cli`        ``python -m guesswho_lib table | verify | figures``.

The papers: D. Cushing, S. Gipp, E. Levick, E. Rickinson, D. I. Stewart, "Optimal play in Guess Who?";
M. Nica, "Optimal Strategy in 'Guess Who?': Beyond Binary Search", Probab. Engrg. Inform. Sci. (2016);
A. Paz, L. Peterfreund, Guess Who against players who do not follow the rules (FUN 2022).
"""

from .game.rules import GUESS, RULES, Rules, legal_moves
from .game.solver import MAX_N, Solution, solve
from .game.walk import evaluate
from .game.any_size import P
from .game import strategies
from .game.simulate import simulate_game, tournament, wilson_interval
from .game.play import Game
from .papers import cushing, nica, tripartite
from . import imperfect, plots, widgets
from .board import load_board
from .imperfect import minimum_questions
from .widgets.play import PlayModel, PlayWidget

__version__ = "0.1.0"

__all__ = ["GUESS", "RULES", "Rules", "Solution", "MAX_N", "solve", "evaluate", "strategies", "legal_moves", "P",
           "cushing", "nica", "tripartite", "Game", "PlayModel", "PlayWidget", "tournament", "simulate_game",
           "wilson_interval", "imperfect", "load_board", "minimum_questions",
           "plots", "widgets"]
