"""The rules of the game as data, and how moves and fractions are written: the bottom layer of the package.

* :mod:`.records`     the rule sets (:class:`Rules`, :data:`RULES`, :data:`GUESS`), one frozen record each;
* :mod:`.moves`       the moves a rule set allows and the one step of the game (``outcomes``, ``win_chance``,
                      ``split_A``: the fundamental recurrence, Cushing et al., equation (1));
* :mod:`.arguments`   arguments checked once, at the public boundary, with errors that name them;
* :mod:`.formatting`  how moves and fractions are written, in one place.

Everything above this package reads the rules from here; nothing here imports the rest of the package.
"""

from . import arguments, formatting, moves, records
from .arguments import *
from .formatting import *
from .moves import *
from .records import *

__all__ = sorted(set(records.__all__) | set(moves.__all__) | set(arguments.__all__) | set(formatting.__all__))
