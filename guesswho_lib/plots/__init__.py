"""Plot functions: each takes a matplotlib ``ax``, draws, returns what it drew, and never calls ``plt.show()``.

* :mod:`.tables`      maps of the (n, m) table: heat maps of P(n, m), optimal-move maps, the value of every
                      question at one state, Nica's regions, his Figures 1 and 2 and the 1/(nm) correction;
* :mod:`.first_move`  P(N, N) for every rule set, log-periodicity, the fair handicap;
* :mod:`.tripartite`  three-way splits and the 3-adic structure;
* :mod:`.codes`       predetermined-question codes (imperfect players);
* :mod:`.board`       the real board against the idealised game: restriction cost, first questions;
* :mod:`.nica`        the data behind Nica's Figures 1 and 2 and the log-periodic profile.

Values come from the exact solver (the value of a question is :func:`guesswho_lib.game.solver.split_A` or
:meth:`~guesswho_lib.game.solver.Solution.value`); floats are made only for drawing.
"""

from .board import *
from .codes import *
from .first_move import *
from .tables import *
from .tripartite import *
from .nica import *
from . import (board as _bd, codes as _cd, first_move as _fm, nica as _nc, tables as _tb, tripartite as _tr)

__all__ = sorted(set(_bd.__all__) | set(_cd.__all__) | set(_fm.__all__) | set(_tb.__all__) | set(_tr.__all__)
                 | set(_nc.__all__))


def __dir__():
    """The plot functions and their data only (``gw.plots.`` + Tab): not the modules they live in."""
    return sorted(__all__)
