"""A figure widget's text alternative follows its picture: whenever a control changes the picture, the words a
screen reader reads change too (the figure's description, then what it shows now: ``FigureView.picture_words``).

Lesson 05's figure once kept one text alternative for every value of its slider: the description named only the
kinds of plots.  Every figure view of the library is listed here (a new one must be added), with changes its
controls make; each change must redraw the picture and change its text, which must stay plain words.
"""

from __future__ import annotations

import html
import importlib
import pkgutil
import re

import pytest

import guesswho_lib.widgets
from guesswho_lib.widgets.advantage import AdvantageExplorer, FairStartExplorer
from guesswho_lib.widgets.base import FigureView
from guesswho_lib.widgets.explorers import HeatmapExplorer, ScaleExplorer, TrySplit
from guesswho_lib.widgets.nica_map import RegionMapExplorer
from guesswho_lib.widgets.tally import TallyExplorer
from guesswho_lib.widgets.tripartite import TripartiteSplitWidget

#: Every figure view: (small settings, [changes a student makes with its controls: control name -> value]).
FIGURE_VIEWS = {
    AdvantageExplorer: (dict(N=8, max_N=16), [{"N": 9}, {"N": 16}, {"rules": "nica"}]),
    FairStartExplorer: (dict(N=8, m=8, max_N=16), [{"m": 5}, {"N": 10}, {"show_fairest": True}]),
    HeatmapExplorer: (dict(N=8, n=4, m=4), [{"n": 3}, {"m": 2}, {"N": 6}, {"rules": "nica"}]),
    TrySplit: (dict(n=4, m=4, k=2, max_n=8), [{"k": 1}, {"k": 0}, {"n": 6}, {"m": 3}]),
    ScaleExplorer: (dict(s=2.0, max_s=4.0), [{"s": 2.125}, {"s": 3.0}, {"s": 4.0}]),
    RegionMapExplorer: (dict(N=16, n=16, m=5, max_N=32), [{"n": 9}, {"m": 3}, {"N": 20}]),
    TallyExplorer: (dict(games=50), [{"games": 60}, {"n": 3}, {"k": 1}, {"reveal": True}, "again"]),
    TripartiteSplitWidget: (dict(N=12, n=9, m=5), [{"n": 10}, {"m": 6}]),
}


def _alt(view) -> str:
    return html.unescape(re.search(r'alt="([^"]*)"', view.image.value)[1])


def _every_figure_view() -> set:
    for info in pkgutil.iter_modules(guesswho_lib.widgets.__path__):
        importlib.import_module(f"guesswho_lib.widgets.{info.name}")
    found, todo = set(), [FigureView]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub.__module__.startswith("guesswho_lib."):
                found.add(sub)
            todo.append(sub)
    return found


def test_every_figure_view_is_checked():
    assert _every_figure_view() == set(FIGURE_VIEWS)


@pytest.mark.parametrize("cls", list(FIGURE_VIEWS), ids=lambda c: c.__name__)
def test_the_text_alternative_changes_whenever_the_picture_does(cls):
    settings, changes = FIGURE_VIEWS[cls]
    view = cls(**settings)
    seen = {view.png: _alt(view)}
    for change in changes:
        before = (view.png, _alt(view))
        if change == "again":
            view.again.click()                          # "Play them again": a new set of games
        else:
            for name, value in change.items():
                getattr(view, name).value = value       # the control, as a student moves it
        assert view.error_messages == [], view.error_messages
        png, alt = view.png, _alt(view)
        assert png != before[0], f"{cls.__name__}: {change} did not change the picture"
        assert alt != before[1], f"{cls.__name__}: {change} changed the picture but not its text: {alt!r}"
        assert alt.startswith("Figure: ") and "<" not in alt and "$" not in alt and "&" not in alt, alt
        assert seen.setdefault(png, alt) == alt         # one picture, one text
