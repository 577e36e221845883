"""Rule sets are data end to end: a fifth rule set, defined here as one record and nothing else, goes through the
solver, gw.P, the plots, the figures gallery, the explorers and the play page without a change anywhere.

The record: paradox questions as under the tripartite rules, and a wrong guess only crosses that suspect out
and passes the turn, as under the merciful rules.  Its values are checked against the naive exact reference of
the test suite, so the record is not only accepted but solved right.
"""

from __future__ import annotations

import importlib
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

import pytest
from matplotlib.figure import Figure

import guesswho_lib as gw
from guesswho_lib.game import recurrence

FIFTH = gw.Rules("forgiving-paradox", "Paradox questions, and a wrong guess only passes the turn",
                 "a variant made for this test", max_parts=3, guess="pass", one_left_wins=False)


@pytest.fixture
def registered(monkeypatch):
    """The fifth record in gw.RULES, as a user adding a variant would do; removed again after the test."""
    monkeypatch.setitem(gw.RULES, FIFTH.name, FIFTH)
    yield FIFTH


def test_the_solver_and_gw_P_read_the_record():
    t = gw.solve(12, FIFTH)
    for n in range(1, 10):
        for m in range(1, 10):
            assert t.P(n, m) == recurrence.P(n, m, FIFTH)
            assert (n * m * t.P(n, m)).denominator == 1
    assert gw.P(7, 5, FIFTH) == t.P(7, 5)
    with pytest.raises(ValueError, match="forgiving-paradox"):
        gw.P(10**6, 10**6, FIFTH)           # beyond the table: no strategy is known for it, said by name


def test_the_plots_and_the_gallery_draw_it(registered):
    fig = Figure()
    gw.plots.plot_heatmap(fig.add_subplot(), gw.solve(16, FIFTH), 16)
    gw.plots.plot_move_map(Figure().add_subplot(), gw.solve(16, FIFTH), 16)
    lines = gw.plots.plot_first_mover(Figure().add_subplot(), 16)
    colours = [line.get_color() for line in lines[:-1]]
    assert len(colours) == len(gw.RULES) == 5 and len(set(colours)) == 5      # every rule set its own colour
    import guesswho_lib.figures.gallery as gallery
    import guesswho_lib.figures.registry as registry

    saved = dict(registry.FIGURES)
    try:
        registry.FIGURES.clear()
        importlib.reload(gallery)           # the gallery as it is built on a library with five rule sets
        spec = registry.FIGURES["heatmap-forgiving-paradox"]
        assert FIFTH.source in spec.caption
        assert spec.make(True).axes
    finally:                                # the register as it was, with the four rule sets
        registry.FIGURES.clear()
        registry.FIGURES.update(saved)


def test_the_explorers_and_the_play_page_take_it(registered):
    from guesswho_lib.widgets import HeatmapExplorer, PlayModel, PlayWidget

    h = HeatmapExplorer(rules=FIFTH, N=8)
    assert h.model.rules == FIFTH
    m = PlayModel(FIFTH, board=6, seed=1)
    assert m.game.rules == FIFTH and m.game.win_probability() == gw.solve(6, FIFTH).P(6, 6)
    w = PlayWidget(rules=FIFTH, board=6, seed=2)
    assert w.rules_box.value == FIFTH.name and not w.error_messages
    w.start_new_game()                      # the menu's value, a Rules record, starts a game
    assert w.model.game.rules == FIFTH and not w.error_messages
    a, b = w.suspect_buttons[0], w.suspect_buttons[1]
    a.click()
    b.click()
    w.ask_button.click()
    assert not w.error_messages and w.model.game.history
    assert isinstance(w.model.game.history[0].move_value, Fraction)
