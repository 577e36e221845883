"""Headless tests of the explorers: set controls' ``.value`` and check the model and the figure's artists."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import guesswho_lib as gw
from guesswho_lib.papers.cushing import n_less
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.widgets.explorers import (HeatmapExplorer, HeatmapModel, MoveMapExplorer, MoveMapModel, TrySplit,
                                  TrySplitModel, format_move, latex_fraction)


def _png(widget) -> bytes:
    return bytes(widget.image.value)


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


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(list(gw.RULES)), st.integers(2, 16), st.integers(1, 16), st.integers(1, 16))
def test_heatmap_model_moves_are_optimal(rules, N, n, m):
    md = HeatmapModel(rules, N=N, n=min(n, N), m=min(m, N))
    if md.P is None:
        return
    sol = cached_solution(rules, N)
    assert md.P == sol.P(md.n, md.m)
    for _move, v in md.moves:
        assert v == md.P
    assert len(md.moves) == len(sol.optimal_moves(md.n, md.m))


# ---- MoveMapExplorer ---------------------------------------------------------------------------------
def test_move_map_rings_exactly_the_exceptions_of_theorem_21():
    mm = MoveMapExplorer(N=24)
    exc = mm.model.exceptions
    sol = gw.solve(24)
    # computed independently: where asking about n_< suspects is not optimal (n, m >= 2)
    expect = [(n, m) for n in range(2, 25) for m in range(2, 25)
              if sol.value(n, m, (n_less(n), n - n_less(n))) != sol.P(n, m)]
    assert sorted(exc) == sorted(expect) == [(4, 4), (6, 4), (10, 4)]
    x, y = mm.ring.get_data()
    assert sorted(zip(y, x)) == sorted(expect)


def test_move_map_fraction_mode_matches_optimal_moves():
    mm = MoveMapExplorer(N=12)
    grid = mm.im.get_array().filled(np.nan)
    sol = gw.solve(12)
    for n in range(1, 13):
        for m in range(1, 13):
            splits = [mv[0] for mv in sol.optimal_moves(n, m) if mv is not gw.GUESS]
            assert grid[n - 1, m - 1] == (max(splits) / n if splits else 0.0)
    mm.pick.value = "boldest"
    assert mm.im.get_array().filled(np.nan)[3, 3] == 0.25 and mm.model.pick == "boldest"


def test_move_map_rules_mode_and_other_rule_sets():
    mm = MoveMapExplorer(N=16)
    mm.mode.value = "rules"
    data, labels = mm.model.data()
    assert labels == ["guess", "n_< (Theorem 2.1)", "halving", "other"]
    assert data[0, 4] == 0            # (1, 5): guess
    assert data[3, 3] == 3            # (4, 4): neither guess, n_< = 2 nor halving (also 2): "other"
    assert data[5, 8] == 1            # (6, 9): n_< = 2 is optimal
    assert np.array_equal(mm.im.get_array().filled(np.nan), data, equal_nan=True)
    mm.rules.value = "nica"
    data, labels = mm.model.data()
    assert labels == ["bold bid 2^k (weeds)", "halving", "other"]
    assert data[11, 4] == 0 and data[15, 15] == 1     # (12, 5) in the weeds: bold; (16, 16): halve
    assert np.isnan(data[0, 5])                       # (1, 6): the game is over under Nica's rules
    assert mm.model.exceptions == [] and "optimal at every state" in mm.info.value
    for r in gw.RULES:
        mm.rules.value = r
        assert mm.im.get_array().filled(np.nan).shape == (16, 16) and r in mm.ax.get_title()
    mm.N.value = 6
    assert mm.im.get_array().filled(np.nan).shape == (6, 6)
    with pytest.raises(ValueError, match="mode must be one of"):
        MoveMapModel(mode="colourful")


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


def test_helpers():
    assert format_move(gw.GUESS) == "guess" and format_move((1, 3)) == "[1 : 3]"
    assert latex_fraction(Fraction(9, 16)) == r"\frac{9}{16}" and latex_fraction(Fraction(2)) == "2"


def test_scale_explorer_if_nica_is_available():
    pytest.importorskip("guesswho_lib.papers.nica")
    from guesswho_lib.widgets.explorers import ScaleExplorer
    s = ScaleExplorer(s=2.0, max_s=4.0)
    lo, hi = s.model.window
    assert (lo, hi) == (4, 16)
    assert np.array_equal(s.im_exact.get_array().filled(np.nan), gw.solve(16, "nica").prob[4:17, 4:17], equal_nan=True)
    s.s.value = 3.0
    assert s.model.window == (8, 32) and s.im_exact.get_array().filled(np.nan).shape == (25, 25)


def test_scale_model_gap_takes_the_two_values_of_remark_310():
    from guesswho_lib.papers.nica import region
    from guesswho_lib.widgets.explorers import ScaleModel
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
    with pytest.raises(ValueError, match="s must be a number"):
        md.set(s="3")


def test_try_split_model_validates():
    with pytest.raises(ValueError, match="n must be between 2 and 24"):
        TrySplitModel(n=1)
    with pytest.raises(ValueError, match="k must be between 0 and 2"):
        TrySplitModel(4, 4, k=3)
    with pytest.raises(TypeError, match="k must be an integer"):
        TrySplitModel(4, 4, k=1.0)
    with pytest.raises(ValueError, match="m must be between 2 and 24"):
        TrySplitModel(4, 1, k=1, rules="nica")          # (4, 1) is already decided under Nica's rules
