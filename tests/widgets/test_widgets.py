"""The widget pattern (guesswho_lib.widgets.base) and the lesson explorers.

Models are tested headless (no ipywidgets needed); views are tested by setting their controls' ``.value``
and reading the figure's artists and the text they show.
"""

from __future__ import annotations

import html
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import guesswho_lib as gw
from guesswho_lib.rules import latex_fraction
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.widgets.base import (FIGURE_CLASS, Integer, InvalidType, InvalidValue, View, WidgetModel, check_int,
                                       checked, observe, validate)
from guesswho_lib.widgets.explorers import (HeatmapExplorer, HeatmapModel, ScaleExplorer, ScaleModel, TrySplit,
                                            TrySplitModel)


def _png(widget) -> bytes:
    return widget.png


def shown_text(widget) -> str:
    """Every text a view shows (HTML, HTMLMath, Label values), walking its widget tree."""
    import ipywidgets as W
    root = getattr(widget, "widget", widget)
    out, todo = [], [root]
    while todo:
        w = todo.pop()
        if isinstance(w, (W.HTML, W.HTMLMath, W.Label)) and FIGURE_CLASS not in w._dom_classes:   # text, not pictures
            out.append(w.value)
        todo.extend(getattr(w, "children", ()))
    return "\n".join(out)


# ---- the pattern: a model checks its state, all or nothing ---------------------------------------------
class Board(WidgetModel):
    """A small model for the tests: N, and a state n on the board (pulled onto it when N shrinks)."""

    N = Integer(8, lo=2, hi=50)
    n = Integer(3)

    @validate("n")
    def _n_on_board(self, proposal):
        return checked(check_int, proposal["value"], "n", 1, self.N)

    @observe("N")
    def _pull_n(self, change):
        self.n = min(self.n, self.N)


def test_model_set_is_checked_and_all_or_nothing():
    b = Board(N=8, n=3)
    v = b.version
    with pytest.raises(ValueError, match="n must be between 1 and 8, got 9"):
        b.set(n=9)
    with pytest.raises(ValueError, match="n must be between 1 and 6, got 7"):
        b.set(N=6, n=7)                     # checked against the new N: refused as a whole
    assert (b.N, b.n, b.version) == (8, 3, v)
    with pytest.raises(TypeError, match="N must be an integer"):
        b.N = 2.5                           # a plain assignment is a set(): checked the same way
    with pytest.raises(TypeError, match="has no setting 'size'"):
        b.set(size=3)
    b.set(N=20, n=15)                       # N is set first (declared first), so n = 15 is on the board
    assert (b.N, b.n, b.version) == (20, 15, v + 1)     # one change, one version
    b.N = 4
    assert (b.N, b.n, b.version) == (4, 4, v + 2)       # n pulled onto the board, still one change
    b.set(n=4)
    assert b.version == v + 2                           # nothing changed: no new version
    assert isinstance(InvalidValue("x"), ValueError) and isinstance(InvalidType("x"), TypeError)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["N", "n", "both"]), st.integers(-3, 60), st.integers(-3, 60)),
                max_size=12))
def test_any_sequence_of_changes_leaves_a_valid_model(changes):
    b = Board()
    for which, x, y in changes:
        before, version = b.state, b.version
        kw = {"N": x, "n": y} if which == "both" else {which: x}
        try:
            b.set(**kw)
        except ValueError:
            assert b.state == before and b.version == version
        else:
            assert all(b.state[k] == v for k, v in kw.items() if k == "N")
            assert b.version == version + (b.state != before)
        assert 2 <= b.N <= 50 and 1 <= b.n <= b.N


def test_models_need_no_ipywidgets():
    """Every model of the package is built and read with ipywidgets made impossible to import."""
    code = """
import sys
sys.modules["ipywidgets"] = None          # any 'import ipywidgets' now fails
from guesswho_lib.widgets import explorers, tripartite, play, imperfect
from guesswho_lib.papers.tripartite import theorem_3_1_printed
texts = [explorers.HeatmapModel(N=8).describe(),
         explorers.TrySplitModel(4, 4, 1).explain(), explorers.ScaleModel(2.0, max_s=3.0).describe(),
         tripartite.ParadoxQuestionModel(m=6).describe(),
         tripartite.TripartiteSplitModel(20, 9, 6, theorem_3_1_printed).describe(),
         play.PlayModel(board=6, seed=1).status_html(),
         imperfect.ImperfectGameModel().html(), imperfect.FormulaModel(selected=("Ada",)).html()]
assert all(texts) and "ipywidgets" not in sys.modules or sys.modules["ipywidgets"] is None
print("ok", len(texts))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.startswith("ok 8"), out.stderr[-2000:]


# ---- the pattern: a view shows every error and never loses it -------------------------------------------
class BoardView(View):
    def __init__(self, model):
        import ipywidgets as W
        super().__init__(model)
        self.n = W.IntText(value=model.n)            # not bounded: any number can be typed
        self.bind(self.n, "n")
        self.info = W.HTML()
        self.widget = W.VBox([self.n, self.error_box, self.info])
        self.show()

    def update(self):
        self.info.value = f"n = {self.model.n} of {self.model.N}"


def test_view_shows_a_refused_value_and_puts_the_control_back():
    v = BoardView(Board(N=8, n=3))
    assert v.error_box.layout.display == "none" and v.error_messages == []
    v.n.value = 9
    assert v.n.value == 3 and v.model.n == 3                  # the control shows the model again
    assert "Not accepted: n must be between 1 and 8, got 9" in shown_text(v)
    assert v.error_box.layout.display != "none"
    v.n.value = 5                                            # a good value later does not hide the error
    assert v.model.n == 5 and "n = 5 of 8" in shown_text(v) and "got 9" in shown_text(v)
    v.dismiss_button.click()
    assert v.error_messages == [] and "got 9" not in shown_text(v) and v.error_box.layout.display == "none"


def test_view_shows_an_error_raised_while_drawing(monkeypatch):
    v = BoardView(Board())

    def broken():
        raise RuntimeError("the drawing failed")
    monkeypatch.setattr(v, "update", broken)
    v.n.value = 2                                             # the model accepts it; drawing then fails
    assert v.model.n == 2
    assert "Something went wrong (RuntimeError: the drawing failed)" in shown_text(v)


@pytest.mark.parametrize("make, control, value, model_method", [
    (lambda: HeatmapExplorer(N=8), "n", 5, "describe"),
    (lambda: TrySplit(4, 4, k=2), "k", 1, "explain"),
    (lambda: ScaleExplorer(s=2.0, max_s=3.0), "s", 2.5, "describe"),
])
def test_explorer_callback_errors_are_shown(monkeypatch, make, control, value, model_method):
    w = make()

    def boom(*args, **kwargs):
        raise RuntimeError("boom in the model")
    monkeypatch.setattr(w.model, model_method, boom)
    getattr(w, control).value = value
    assert "RuntimeError: boom in the model" in shown_text(w)


# ---- HeatmapExplorer ---------------------------------------------------------------------------------
def test_heatmap_controls_drive_model_and_artists():
    h = HeatmapExplorer(N=12, n=4, m=4)
    assert np.array_equal(h.im.get_array().filled(np.nan), gw.solve(12).prob[1:13, 1:13], equal_nan=True)
    assert _png(h).startswith(b"\x89PNG")
    h.n.value, h.m.value = 7, 3
    assert (h.model.n, h.model.m) == (7, 3)
    x, y = h.marker.get_data()
    assert (x[0], y[0]) == (3, 7)
    sol = gw.solve(12)
    assert [mv for mv, _ in h.model.moves] == list(sol.optimal_moves(7, 3))
    assert all(v == sol.P(7, 3) for _, v in h.model.moves)
    assert latex_fraction(sol.P(7, 3)) in h.info.value


def test_a_figure_is_an_img_with_its_description_as_text_alternative():
    """The picture is an <img> in an HTML widget (ipywidgets.Image has no alt, and a tooltip set on it stops its view
    from being drawn in JupyterLab): its alt is the figure's description and what it shows now, its src the PNG
    drawn; both follow the model."""
    import base64
    import re

    import ipywidgets as W

    from guesswho_lib.plots.describe import describe_figure

    h = HeatmapExplorer(N=8)
    for change in ({}, {"N": 12}):
        h.model.set(**change)
        assert isinstance(h.image, W.HTML) and not isinstance(h.image, W.Image) and FIGURE_CLASS in h.image._dom_classes
        [img] = re.findall(r"<img [^>]*>", h.image.value)
        alt = re.search(r'alt="([^"]*)"', img)[1]
        assert html.unescape(alt) == describe_figure(h.fig) + " " + h.picture_words() and "heat map" in alt
        assert f"Boards up to {h.model.N} x {h.model.N}" in alt
        assert base64.b64decode(re.search(r'src="data:image/png;base64,([^"]+)"', img)[1]) == h.png
    assert h.image.tooltip is None


def test_heatmap_model_changes_show_in_the_view():
    h = HeatmapExplorer(N=10, n=4, m=4)
    h.model.set(rules="nica", n=9, m=2)       # the model, not the controls, changes: the view follows
    assert (h.rules.value, h.n.value, h.m.value) == ("nica", 9, 2)
    assert "nica" in h.ax.get_title() and "P(9, 2)" in h.info.value


def test_heatmap_rules_and_board_size():
    h = HeatmapExplorer(N=10, n=9, m=8)
    h.rules.value = "nica"
    assert np.array_equal(h.im.get_array().filled(np.nan), gw.solve(10, "nica").prob[1:11, 1:11], equal_nan=True)
    assert "nica" in h.ax.get_title()
    h.N.value = 5                      # the highlighted state is pulled onto the smaller board
    assert (h.model.n, h.model.m) == (5, 5) and (h.n.max, h.m.max) == (5, 5)
    assert h.im.get_array().filled(np.nan).shape == (5, 5) and h.ax.get_xlim() == (0.5, 5.5)
    h.n.value, h.m.value = 1, 1        # (1, 1) cannot occur under Nica's rules
    assert h.model.P is None and h.model.moves == [] and "cannot occur" in h.info.value
    h.m.value = 3
    assert h.model.P == 1 and "already over" in h.info.value
    h.N.value = 9
    assert h.n.max == 9 and h.error_messages == []


def test_heatmap_marker_only_update_keeps_image():
    h = HeatmapExplorer(N=8)
    im_before, png_before = h.im, _png(h)
    h.m.value = 2
    assert h.im is im_before and _png(h) != png_before  # same artist, new picture


def test_heatmap_model_validates():
    with pytest.raises(ValueError, match="n must be between 1 and 8"):
        HeatmapModel(N=8, n=9)
    with pytest.raises(ValueError, match="unknown rules"):
        HeatmapModel(rules="chess")
    with pytest.raises(TypeError, match="N must be an integer"):
        HeatmapModel(N=2.5)
    with pytest.raises(ValueError, match="N must be between 2 and 16"):
        HeatmapModel(N=17, max_N=16)
    h = HeatmapModel(N=24)
    with pytest.raises(ValueError, match="N must be between 2 and 16, got 24"):
        h.max_N = 16                   # every trait is checked again after a change, not only the changed one
    assert (h.max_N, h.N) == (256, 24)
    h.set(max_N=16, N=16)
    assert (h.max_N, h.N, h.n) == (16, 16, 4)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(list(gw.RULES)), st.integers(2, 16), st.integers(1, 16), st.integers(1, 16))
def test_heatmap_model_moves_are_optimal(rules, N, n, m):
    md = HeatmapModel(rules, N=N, n=min(n, N), m=min(m, N))
    if md.P is None:
        assert gw.RULES[rules].one_left_wins and md.n == md.m == 1
        return
    sol = cached_solution(rules, N)
    assert md.P == sol.P(md.n, md.m)
    for _move, v in md.moves:
        assert v == md.P
    assert len(md.moves) == len(sol.optimal_moves(md.n, md.m))


# ---- TrySplit -------------------------------------------------------------------------------------------
def test_try_split_the_four_four_activity():
    t = TrySplit(4, 4, k=2)
    assert t.model.value == Fraction(1, 2) and not t.model.is_best and "Not optimal" in t.info.value
    t.k.value = 1
    assert t.model.value == Fraction(9, 16) and t.model.is_best and "optimal decision" in t.info.value
    heights = [b.get_height() for b in t.bars]
    assert heights == [float(v) for v in gw.solve(4).all_moves(4, 4).values()]
    assert t.bars[1].get_facecolor() != t.bars[2].get_facecolor()   # the chosen bar stands out


def test_try_split_clamps_k_and_guess():
    t = TrySplit(10, 4, k=5)
    t.n.value = 4
    assert t.model.k == 2 and t.k.max == 2 and len(t.bars) == 3
    t.k.value = 0
    assert t.model.move is gw.GUESS and t.model.value == Fraction(1, 4)
    m = TrySplitModel(6, 5, k=1, rules="nica")
    assert m.value == gw.solve(6, "nica").value(6, 5, (1, 5))
    with pytest.raises(ValueError, match="k must be between 1 and 3"):
        m.set(k=0)                                                    # no guessing under Nica's rules
    m = TrySplitModel(6, 1, k=0)
    m.set(rules="nica")                                               # (6, 1) and a guess are not allowed there:
    assert (m.m, m.k) == (2, 1) and m.value == gw.solve(6, "nica").value(6, 2, (1, 5))   # moved onto legal ones


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 14), st.integers(1, 14), st.data())
def test_try_split_best_matches_solver(n, m, data):
    k = data.draw(st.integers(0, n // 2))
    md = TrySplitModel(n, m, k=k)
    sol = gw.solve(14)
    assert md.best == sol.P(n, m) and md.value == sol.value(n, m, md.move)
    assert md.is_best == (md.move in sol.optimal_moves(n, m))
    text = md.explain()
    assert f"= {latex_fraction(md.value)}$" in text or f"is ${latex_fraction(md.value)}$" in text
    if k:   # the recurrence with the numbers filled in: 1 - (k/n) P(m, k) - ((n-k)/n) P(m, n-k)
        assert md.value == 1 - Fraction(k, n) * sol.P(m, k) - Fraction(n - k, n) * sol.P(m, n - k)
        assert f"P({m}, {k}) = {latex_fraction(sol.P(m, k))}$" in text


def test_try_split_model_validates():
    with pytest.raises(ValueError, match="n must be between 2 and 24"):
        TrySplitModel(n=1)
    with pytest.raises(ValueError, match="k must be between 0 and 2"):
        TrySplitModel(4, 4, k=3)
    with pytest.raises(TypeError, match="k must be an integer"):
        TrySplitModel(4, 4, k=1.0)
    with pytest.raises(ValueError, match="m must be between 2 and 24"):
        TrySplitModel(4, 1, k=1, rules="nica")          # (4, 1) is already decided under Nica's rules


# ---- ScaleExplorer ---------------------------------------------------------------------------------------
def test_scale_explorer():
    s = ScaleExplorer(s=2.0, max_s=4.0)
    lo, hi = s.model.window
    assert (lo, hi) == (4, 16)
    assert np.array_equal(s.im_exact.get_array().filled(np.nan), gw.solve(16, "nica").prob[4:17, 4:17], equal_nan=True)
    s.s.value = 3.0
    assert s.model.window == (8, 32) and s.im_exact.get_array().filled(np.nan).shape == (25, 25)
    assert s.s.max == 4.0


def test_scale_explorer_default_does_not_depend_on_the_test_switch():
    # config.FAST (set when the notebooks run in the tests) must not change a library default
    assert ScaleModel().max_s == 7.0 and ScaleExplorer.__init__.__defaults__[1] == 7.0


def test_scale_model_gap_takes_the_two_values_of_remark_310():
    from guesswho_lib.papers.nica import region
    md = ScaleModel(s=2.5)
    lo, hi = md.window
    gap = md.scaled_gap
    for i, n in enumerate(range(lo, hi + 1)):
        for j, m in enumerate(range(lo, hi + 1)):
            want = -2 / 3 if region(n, m)[0] == "in the weeds" else 4 / 3
            assert abs(gap[i, j] - want) < 1e-9, (n, m)
    assert md.extent[0] < 1.1 and md.extent[1] > 3.9     # the window 2^s .. 2^(s+2), in units of 2^s
    with pytest.raises(ValueError, match="s must be a number between 1 and 7"):
        ScaleModel(s=0.5)
    with pytest.raises(TypeError, match="s must be a number"):
        md.set(s="3")
    with pytest.raises(ValueError, match="s must be a number between 1 and 4"):
        ScaleModel(s=5.0, max_s=4.0)


def test_the_package_lists_exactly_the_public_names_of_its_modules():
    import importlib

    import guesswho_lib.widgets as widgets

    for module, names in widgets.EXPORTS.items():
        public = importlib.import_module(f"guesswho_lib.widgets.{module}").__all__
        assert set(names) <= set(public), module
        if module != "play":                     # the play page's settings reader stays in its module
            assert set(names) == set(public), module
    assert all(getattr(widgets, name) is not None for name in widgets.__all__)
