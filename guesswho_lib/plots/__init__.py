"""Plot functions: each takes a matplotlib ``ax``, draws, returns what it drew, and never calls ``plt.show()``.

* :mod:`.tables`      heat maps of P(n, m), move maps, split values, Nica's regions and figures, codes;
* :mod:`.first_move`  P(N, N) for every rule set, log-periodicity, the fair handicap;
* :mod:`.tripartite`  three-way splits and the 3-adic structure.
"""

from .first_move import *  # noqa: F401,F403
from .tables import *  # noqa: F401,F403
from .tripartite import *  # noqa: F401,F403
from . import first_move as _fm, tables as _tb, tripartite as _tr

__all__ = sorted(set(_fm.__all__) | set(_tb.__all__) | set(_tr.__all__))
