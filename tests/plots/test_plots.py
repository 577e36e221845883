"""The plot functions draw what the exact solution says, return their artists, and check their input."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from matplotlib.figure import Figure

import guesswho_lib as gw
from guesswho_lib import plots


def _ax():
    return Figure().add_subplot()


def test_heatmap_image_is_the_probability_table():
    t = gw.solve(10, "nica")
    ax = _ax()
    im = plots.plot_heatmap(ax, t, 8)
    arr = im.get_array().filled(np.nan)
    assert arr.shape == (8, 8) and np.isnan(arr[0, 0])        # (1, 1) cannot occur under Nica's rules
    assert arr[3, 3] == float(t.P(4, 4)) and arr[6, 2] == float(t.P(7, 3))
    assert im.get_extent() == [0.5, 8.5, 0.5, 8.5]


def test_mark_state_and_states():
    ax = _ax()
    line = plots.mark_state(ax, 5, 2)
    assert list(line.get_xdata()) == [2] and list(line.get_ydata()) == [5]
    many = plots.mark_states(ax, [(4, 4), (6, 4)])
    assert list(many.get_ydata()) == [4, 6]
    with pytest.raises(ValueError, match="n must be at least 1"):
        plots.mark_state(ax, 0, 3)


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(list(gw.RULES)), st.integers(1, 20))
def test_optimal_split_range_agrees_with_optimal_moves(rules, n):
    t = gw.solve(20, rules)
    lo, hi, guess = plots.optimal_split_range(t, n)
    for m in range(1, 21):
        if t.rules.one_left_wins and (n == 1 or m == 1):
            assert lo[m - 1] == hi[m - 1] == 0 and not guess[m - 1]
            continue
        moves = t.optimal_moves(n, m)
        two = [mv[0] for mv in moves if mv is not gw.GUESS and len(mv) == 2]
        assert (lo[m - 1], hi[m - 1]) == ((min(two), max(two)) if two else (0, 0))
        assert guess[m - 1] == (gw.GUESS in moves)


@pytest.mark.parametrize("rules", list(gw.RULES))
def test_over_and_guess_agree_with_the_solver(rules):
    t = gw.solve(14, rules)
    over, guess = plots.over_and_guess(t, 12)
    assert over.shape == guess.shape == (12, 12)
    for n in range(1, 13):
        for m in range(1, 13):
            decided = t.rules.one_left_wins and (n == 1 or m == 1)
            assert over[n - 1, m - 1] == decided, (n, m)
            assert guess[n - 1, m - 1] == (not decided and gw.GUESS in t.optimal_moves(n, m)), (n, m)
    assert guess.any() == (t.rules.guess is not None)


def test_move_map_and_exception_highlight():
    t = gw.solve(12)
    im, ring = plots.plot_move_map(_ax(), t, highlight=[(4, 4), (6, 4), (10, 4), (40, 4)])
    assert im.get_array().filled(np.nan)[3, 3] == 0.25          # (4, 4): ask about 1 of 4
    assert im.get_array().filled(np.nan)[0, 5] == 0.0           # (1, 6): guess
    assert list(ring.get_ydata()) == [4, 6, 10]  # (40, 4) is off this board
    with pytest.raises(ValueError, match="pick must be"):
        plots.move_map_data(t, pick="random")


def test_move_categories_first_optimal_rule_wins():
    t = gw.solve(12)
    cands = {"guess": lambda n, m: gw.GUESS, "halving": lambda n, m: n // 2}
    cat, names = plots.move_categories(t, cands)
    assert names == ["guess", "halving", "other"]
    for n in range(1, 13):
        for m in range(1, 13):
            moves = t.optimal_moves(n, m)
            want = 0 if gw.GUESS in moves else 1 if (n // 2, n - n // 2) in moves else 2
            assert cat[n - 1, m - 1] == want, (n, m)
    im, _ = plots.plot_move_categories(_ax(), t, cands)
    assert np.array_equal(im.get_array().filled(np.nan), cat.astype(float))
    nica = gw.solve(8, "nica")
    cat, _ = plots.move_categories(nica, {"halving": lambda n, m: n // 2})
    assert cat[0, 4] == -1 and cat[4, 0] == -1  # the game is over when a pool is down to one


def test_split_values_and_bars():
    t = gw.solve(6)
    vals = plots.split_values(t, 4, 4)
    assert vals == {0: t.value(4, 4, gw.GUESS), 1: t.value(4, 4, (1, 3)), 2: t.value(4, 4, (2, 2))}
    bars = plots.plot_split_values(_ax(), t, 4, 4, chosen=2)
    assert [b.get_height() for b in bars] == [float(v) for v in vals.values()]
    assert bars[2].get_facecolor() != bars[1].get_facecolor()


def test_bad_input():
    with pytest.raises(TypeError, match="solution must be a Solution"):
        plots.plot_heatmap(_ax(), "official")
    with pytest.raises(ValueError, match="N must be between 1 and 6"):
        plots.heatmap_grid(gw.solve(6), 7)


def test_nica_regions_and_figures():
    from guesswho_lib.papers.nica import p_inf, region
    grid = plots.region_grid(20)
    for n, m in [(10, 3), (4, 3), (20, 5), (3, 20), (2, 2)]:
        assert grid[n - 1, m - 1] == (0.0 if region(n, m)[0] == "in the weeds" else 1.0)
    assert np.isnan(grid[0, 5]) and np.isnan(grid[5, 0])
    im = plots.plot_regions(_ax(), 20)
    assert np.array_equal(im.get_array().filled(np.nan), grid, equal_nan=True)
    art = plots.plot_nica_figure1(_ax(), N=16)
    assert np.array_equal(art.get_array().filled(np.nan), gw.solve(16, "nica").prob[1:17, 1:17], equal_nan=True)
    art2 = plots.plot_nica_figure2(_ax(), samples=11)
    z = art2.get_array().filled(np.nan)          # beta up, alpha across; alpha, beta = 1.5, 2, ..., 6
    assert z[0, 0] == float(p_inf(1.5, 1.5)) and np.isnan(z[-1, -1])   # (6, 6) is outside the L
    fig = Figure()
    surf = plots.plot_nica_figure1(fig.add_subplot(projection="3d"), N=8, colorbar=False)
    assert surf is not None
