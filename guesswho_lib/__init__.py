"""guesswho: exact optimal play in the game Guess Who?, for lessons and for research: the helper library.

    import guesswho_lib as gw
    t = gw.solve(24)                 # official rules, every board state up to 24 x 24
    t.P(4, 4)                        # Fraction(9, 16)
    t.optimal_moves(4, 4)            # ((1, 3),): ask about one suspect, not two!
    gw.P(10**18, 10**18)             # exact at any size, by the strategy proven optimal

This package holds the mathematics that feeds the lessons.  Above it stand the course, :mod:`guesswho_lessons`
(the lessons' exercises, their answer reader and class link, the lessons' register of statements, the lesson
table), and the applications a school runs, :mod:`guesswho_apps` (the class server, the teacher's kit, the
website); both import this package's public names, and nothing here imports either, or reads a notebook or their
data.

The data flows one way, and the folders are the layers (each imports only from the folders above it in this
list; folders on one line do not import each other; ``tests/project/test_architecture.py`` checks it, with no
exceptions):

0. the plain modules at the root  ``caches`` (every cache with its bound, :func:`clear_caches`), ``config``
   (grid sizes for the notebooks), ``references`` (the papers, cited once), ``templating`` (HTML from the Jinja2
   templates in ``templates/``): they import nothing of the package.
1. ``rules``      rule sets as data, the moves they allow and the one step of the game (``outcomes``,
   ``win_chance``, ``split_A``: Cushing et al., equation (1)), arguments checked at the boundary, and how moves
   and fractions are written.
2. ``papers``     the papers' formulas and strategies only, pure (Cushing et al., Nica).
3. ``game``       the recurrence to read (``recurrence``, ``gw.recurrence``), the exact integer table (``solver``),
   values at any size (``any_size``, behind ``gw.P``), which strategy is proven for which rules (``proven``),
   strategies, the tree walker (``walk``: ``evaluate``), the fairest pools (``first_move``), tournaments
   (``simulate``), Nica's continuous game played (``continuous``), a whole game (``play``, ``record``), its review
   (``review``) and "choose again" at its costly positions (``choose_again``) and their HTML (``pages``), a class's
   games read back from the
   class server's export (``class_data``), and tables read off the tripartite solver (``tripartite_tables``).
4. ``board``      a board of characters, questions about traits (and the paradox question) in words, exact play
   on a real board.
5. ``imperfect``  codes, and players who break the rules (Paz & Peterfreund).
6. ``claims`` | ``plots``   every printed claim of the papers with its check (``verify``, ERRATA.md), and the
   framework the lessons' register uses too | plot functions that take an ``ax``.
7. ``widgets``    lesson and play widgets (a model holds the state, a thin view shows it).
8. ``figures``    every figure, regenerated deterministically.
9. ``cli``        ``python -m guesswho_lib lab | table | verify | figures``.

Why the folders are layers (topics inside layers), and the applications a package apart: see
:mod:`guesswho_apps`.

Importing ``guesswho_lib`` loads neither matplotlib nor the widget packages: ``gw.plots`` and ``gw.widgets`` load
on first use.  Notebooks import from ``guesswho_lib`` (as ``gw``), ``gw.plots``, ``gw.widgets``,
``guesswho_lib.papers.*``, ``guesswho_lib.rules``, and from the packages ``guesswho_lib.board``,
``guesswho_lib.imperfect`` and ``guesswho_lib.claims`` (and ``guesswho_lib.config`` for their grid sizes); their
exercises' checker comes from the course (``from guesswho_lessons import check, hint``).

The papers (Cushing et al.; Nica; Paz & Peterfreund) are cited in :mod:`guesswho_lib.references`.
"""

from .caches import clear_caches
from .rules import GUESS, RULES, Rules, format_move, outcomes
from .game.solver import MAX_N, Solution, solve
from .game import recurrence
from .game.walk import best_response_value, evaluate
from .game.any_size import P, P_with_status, equal_pools
from .game.proven import BeyondVerifiedRangeWarning, optimal_strategy_for
from .game import strategies
from .game.first_move import fairest_second_pool
from .game.simulate import simulate_game, tournament, wilson_interval
from .game.play import Game
from .game.review import Review
from .game.match import Match
from .papers import tripartite

#: Loaded on first use, so that ``import guesswho_lib`` loads neither matplotlib nor the widget packages (a game
#: page never draws a plot), nor the board, the codes and the tables it does not need.
#: name -> (module, attribute or None for the module itself).
_LAZY = {"plots": ("plots", None), "widgets": ("widgets", None), "imperfect": ("imperfect", None),
         "tripartite_tables": ("game.tripartite_tables", None),
         "load_board": ("board", "load_board"), "solve_board": ("board", "solve_board"),
         "minimum_questions": ("imperfect", "minimum_questions"), "class_data": ("game.class_data", None),
         "play_continuous": ("game.continuous", "play_continuous")}


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


__version__ = "0.1.0"

#: What ``gw.`` + Tab shows: the main API and what the lessons use (the rest is in the subpackages, e.g.
#: ``guesswho_lib.game.first_move``, ``guesswho_lib.papers.nica``, ``guesswho_lib.rules``).
__all__ = ["recurrence", "solve", "Solution", "MAX_N", "P", "P_with_status", "BeyondVerifiedRangeWarning", "RULES",
           "Rules", "GUESS", "outcomes", "format_move", "strategies", "optimal_strategy_for", "evaluate",
           "best_response_value",
           "equal_pools", "fairest_second_pool", "simulate_game", "tournament", "wilson_interval", "play_continuous",
           "Game", "Review", "Match", "load_board", "solve_board", "imperfect", "minimum_questions", "tripartite",
           "tripartite_tables", "class_data", "plots", "widgets", "clear_caches"]


def __dir__():
    """The public names only: the subpackages a submodule import binds here (``gw.game``, ``gw.rules``...) stay
    out of ``gw.`` + Tab."""
    return sorted(__all__)
