"""Hostile inputs to the game page and the explorers: a huge or odd address, a board too large to solve in a lesson:
each refused with a clear message, and the page goes on."""

from __future__ import annotations

import pytest

from guesswho_lib.game.solver import solve
from guesswho_lib.widgets.explorers import EXPLORER_MAX_N, HeatmapModel
from guesswho_lib.widgets.play import PlayModel, PlayWidget, settings_from_query


@pytest.mark.parametrize("query", ["rules=" + "x" * 60_000, "x" * 60_000 + "=1", "seed=" + "9" * 60_000,
                                   "board=" + "1" * 60_000])
def test_a_huge_value_in_the_address_is_not_echoed_whole(query):
    with pytest.raises(ValueError) as e:
        settings_from_query(query)
    assert len(str(e.value)) < 200
    widget = PlayWidget(model=PlayModel.from_query(query, board=8, seed=1))
    assert widget.model.error and len(widget.model.message) < 400
    assert len(widget.message.value) < 600


def test_long_legitimate_settings_still_work():
    assert settings_from_query("rules=tripartite&board=characters&computer=halving&first=computer&seed="
                               + "9" * 30)["seed"] == int("9" * 30)


def test_seed_nan_in_the_address_is_refused():
    with pytest.raises(ValueError, match="seed must be an integer"):
        settings_from_query("seed=nan")


def test_the_explorers_refuse_boards_they_cannot_solve_in_seconds():
    with pytest.raises(ValueError, match=rf"max_N must be between 2 and {EXPLORER_MAX_N}, got 16384"):
        HeatmapModel(N=16384, max_N=16384)
    assert HeatmapModel(N=64, max_N=EXPLORER_MAX_N, n=64, m=63).P == solve(64).P(64, 63)
