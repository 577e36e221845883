"""Widgets for the lessons and the play page, all in one pattern (:mod:`.base`): a *model* that holds and
checks the state (``traitlets``; tested with no browser, no kernel, no ipywidgets) and a thin *view* that
shows it (ipywidgets controls bound to the model, a figure rendered to PNG, an error area that shows any
error in a callback).

* :mod:`.base`        the pattern: ``WidgetModel``, ``View``, ``FigureView``, checked trait types;
* :mod:`.explorers`   heat map, move map, try-a-split and scale explorers;
* :mod:`.tripartite`  paradox question and three-way split widgets;
* :mod:`.first_move`  the fair-handicap widget;
* :mod:`.play`        the play page (``PlayModel``, ``PlayWidget``);
* :mod:`.imperfect`   games against imperfect players (``ImperfectGameModel``, ``FormulaModel``);
* :mod:`.portraits`   each character drawn from its traits (SVG), and a board of portraits;
* :mod:`.board_lab`   try a board of your own: one-trait or two-trait questions, the exact first-player chance.
"""

from .explorers import *  # noqa: F401,F403
from .first_move import *  # noqa: F401,F403
from .board_lab import BoardLabModel, BoardLabWidget
from .play import PlayModel, PlayWidget
from .portraits import *  # noqa: F401,F403
from .tripartite import *  # noqa: F401,F403
from . import explorers as _ex, first_move as _fm, portraits as _po, tripartite as _tr

__all__ = sorted(set(_ex.__all__) | set(_fm.__all__) | set(_tr.__all__) | set(_po.__all__)
                 | {"PlayModel", "PlayWidget", "BoardLabModel", "BoardLabWidget"})
