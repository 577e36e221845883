"""guesswho: exact optimal play in the game Guess Who?, for lessons and for research.

    import guesswho_lib as gw
    t = gw.solve(24)                 # official rules, every board state up to 24 x 24
    t.P(4, 4)                        # Fraction(9, 16)
    t.optimal_moves(4, 4)            # ((1, 3),): ask about one suspect, not two!
    gw.P(10**18, 10**18)             # exact at any size, by the strategy proven optimal

The data flows one way:

    rules -> solver -> values and strategies -> claims, plots -> widgets -> notebooks, figures, site

How the package is organised (one home per concept; each layer imports only from the layers above it in
this list, and packages on the same line do not import each other; ``tests/test_architecture.py`` checks it):

1. ``caches``, ``config``, ``curriculum``, ``references``, ``game.rules``   the foundations: every cache with
   its bound and :func:`clear_caches`; run-time settings for notebooks and the figures command; the lesson
   table; the papers cited once; rule sets as data, the moves they allow and the one step of the game
   (``outcomes``, ``win_chance``).
2. ``game.solver``, ``game.walk``, ``game.record``, ``formatting``, ``board.traits``, ``board.questions``,
   ``board.question_sets``   the exact integer table (and ``split_A``, the one formula for the value of a
   question); the one walker for strategy trees (``evaluate``, ``best_response_value``); what a game against the
   computer records (turns, graded moves, skill and luck); how moves and fractions are written; the character
   board, its questions as data and in words.
3. ``papers``   the papers' formulas and strategies only (Cushing et al., Nica, the paradox question).
4. the rest of ``game`` | the rest of ``board`` | ``imperfect``   which strategy is proven optimal for which
   rule set (``proven``), exact values at any size (``any_size``, behind ``gw.P``), ready-made strategies, the
   fairest pools (``first_move``), tournaments (``simulate``), a whole game (``play``) | exact play on a real
   board where questions are about traits (``board.solver``, ``board.compare``) | codes and players who break
   the rules (Paz & Peterfreund).
5. ``claims`` | ``plots``   every printed claim with its check (``verify``, ERRATA.md) | plot functions that
   take an ``ax``.
6. ``widgets`` | ``exercises``   lesson and play widgets (a model holds the state, a thin view shows it) |
   the lessons' exercises and their answer checker.
7. ``figures``   every figure, regenerated deterministically.
8. ``site``   the lessons as a static website, viewable offline (``python -m guesswho_lib site``).
9. ``cli``   ``python -m guesswho_lib table | verify | figures | site``.

Notebooks import from ``guesswho_lib`` (as ``gw``), ``gw.plots``, ``gw.widgets``, ``guesswho_lib.papers.*``,
``guesswho_lib.exercises``, ``guesswho_lib.formatting``, and from the packages ``guesswho_lib.board``,
``guesswho_lib.imperfect`` and ``guesswho_lib.claims`` (and ``guesswho_lib.config`` for their grid sizes).

The papers (Cushing et al.; Nica; Paz & Peterfreund) are cited in :mod:`guesswho_lib.references`.
"""

from .caches import clear_caches
from .game.rules import GUESS, RULES, Rules, legal_moves, outcomes
from .game.solver import MAX_N, Solution, solve
from .game.walk import best_response_value, evaluate
from .game.any_size import P, P_with_status, equal_pools
from .game.proven import BeyondVerifiedRangeWarning, optimal_strategy_for
from .game import strategies
from .game.first_move import Handicap, fairest_first_pool, fairest_second_pool, max_board
from .game.simulate import simulate_game, tournament, wilson_interval
from .game.play import Game, character_board_available
from .papers import cushing, nica, tripartite
from . import formatting, imperfect
from .board import load_board, solve_board
from .imperfect import minimum_questions

#: Loaded on first use, so that ``import guesswho_lib`` loads neither matplotlib nor the widget packages
#: (a game page's kernel never draws a plot).  name -> (module, attribute or None for the module itself).
_LAZY = {"plots": ("plots", None), "widgets": ("widgets", None),
         "PlayModel": ("widgets.play", "PlayModel"), "PlayWidget": ("widgets.play", "PlayWidget")}


def __getattr__(name):
    try:
        module, attribute = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    import importlib

    value = importlib.import_module(f"{__name__}.{module}")
    value = value if attribute is None else getattr(value, attribute)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY))

__version__ = "0.1.0"

__all__ = ["GUESS", "RULES", "Rules", "Solution", "MAX_N", "solve", "evaluate", "best_response_value",
           "strategies", "legal_moves", "outcomes", "P", "P_with_status", "BeyondVerifiedRangeWarning", "equal_pools",
           "optimal_strategy_for",
           "Handicap", "fairest_first_pool", "fairest_second_pool", "max_board",
           "cushing", "nica", "tripartite", "Game", "character_board_available", "PlayModel", "PlayWidget",
           "tournament", "simulate_game", "wilson_interval", "imperfect", "load_board", "solve_board", "minimum_questions",
           "formatting", "plots", "widgets", "clear_caches"]
