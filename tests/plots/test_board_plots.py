"""The board plots (guesswho_lib.plots.board) draw what the exact comparison says, and check their input."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import numpy as np
import pytest
from matplotlib.figure import Figure

from guesswho_lib import plots
from guesswho_lib.board import Board, cached_board_solution, compare_with_ideal, restriction_cost
from guesswho_lib.game.solver import solve

SOL = cached_board_solution()
CMP = compare_with_ideal(SOL)


def _ax():
    return Figure().add_subplot()


def test_exported_from_gw_plots():
    for name in ("plot_restriction_cost", "plot_first_questions", "restriction_grid"):
        assert name in plots.__all__ and callable(getattr(plots, name))


def test_heat_map_cells_are_the_mean_cost_of_the_states_of_those_sizes():
    im = plots.plot_restriction_cost(_ax(), CMP)
    arr = im.get_array()
    assert arr.shape == (24, 24) and im.get_extent() == [0.5, 24.5, 0.5, 24.5]
    # one size pair recomputed state by state from the board solution and the idealised table
    a, b = 16, 12
    ideal = solve(24).P(a, b)
    fam = SOL.family()
    costs = [ideal - SOL.P(S, T) for S in fam if len(S) == a for T in fam if len(T) == b]
    assert costs[0] == restriction_cost(SOL, next(S for S in fam if len(S) == a), next(T for T in fam if len(T) == b))
    assert any(costs)
    assert arr[a - 1, b - 1] == pytest.approx(float(sum(costs) / len(costs)), abs=1e-12)
    assert max(costs) == CMP.cells[a, b].max
    # no set of 23 characters is reachable on the shipped board: that row and column are blank
    assert np.ma.is_masked(arr[22, 5]) and np.ma.is_masked(arr[5, 22])
    vmin, vmax = im.get_clim()
    assert vmin == -vmax and vmax > 0 and vmax == pytest.approx(np.nanmax(np.abs(CMP.grid("mean"))))


def test_largest_loss_shows_where_the_comparison_says():
    im = plots.plot_restriction_cost(_ax(), SOL, "max", colorbar=False)    # a solution is compared here
    cost, mine, theirs = CMP.largest_loss
    assert im.get_array()[len(mine) - 1, len(theirs) - 1] == pytest.approx(float(cost))
    assert float(cost) == pytest.approx(np.nanmax(im.get_array().filled(np.nan)))


def test_shares_run_from_zero_to_one():
    im = plots.plot_restriction_cost(_ax(), CMP, "unaskable", title="x")
    assert im.get_clim() == (0.0, 1.0)
    grid = plots.restriction_grid(CMP, "unaskable")
    c = CMP.cells[16, 5]
    assert grid[15, 4] == c.unaskable / c.count


def test_first_questions_bars_are_the_exact_first_move_values():
    ax = _ax()
    bars = plots.plot_first_questions(ax, SOL)
    widths = [b.get_width() for b in bars]
    moves = [m for m in SOL.moves(SOL.everyone, SOL.everyone) if m.kind == "question"]
    assert widths == [float(m.value) for m in reversed(moves)]             # best on top
    assert ax.get_xlim()[0] == 0                    # a bar's length is its value: no axis cut at 0.475
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels[-1].startswith("Does your person have brown eyes?") and labels[-1].endswith("(12:12)")
    ideal = solve(24)
    dots = ax.lines[0].get_xdata()
    assert dots[-1] == pytest.approx(float(ideal.value(24, 24, (12, 12))))
    assert len(plots.plot_first_questions(_ax(), SOL, guess=True)) == len(moves) + 1


def test_bad_input_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match="statistic must be one of"):
        plots.plot_restriction_cost(_ax(), CMP, "median")
    with pytest.raises(TypeError, match="comparison must be an IdealComparison"):
        plots.plot_restriction_cost(_ax(), solve(8))
    with pytest.raises(TypeError, match="solution must be a BoardSolution"):
        plots.plot_first_questions(_ax(), CMP)
    one_trait = Board(("A", "B"), ("hat",), ((1,), (1,)))
    from guesswho_lib.board import solve_board
    with pytest.raises(ValueError, match="no question that splits"):
        plots.plot_first_questions(_ax(), solve_board(one_trait))
