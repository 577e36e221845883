"""Hostile inputs: each is either fast or refused up front with a clear message naming the argument
and its limit; a failure never leaves an object half-changed.  Each test here failed before its fix."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from guesswho_lib.game.play import Game
from guesswho_lib.rules import check_seed, get_rules, legal_moves
from guesswho_lib.game.solver import solve
from guesswho_lib.widgets.play import PlayModel, PlayWidget, settings_from_query


# ---- seeds --------------------------------------------------------------------------------------------------
def _moves(game):
    return [(t.player, t.move, t.groups, t.answer) for t in game.history]


def test_a_numpy_seed_plays_the_same_game_as_the_int_seed():
    games = [Game("official", board=12, you_first=False, seed=s) for s in (7, np.int64(7), np.uint8(7))]
    assert len({(g.your_secret, g.computer_secret, str(_moves(g))) for g in games}) == 1
    assert all(type(g.seed) is int for g in games)


@pytest.mark.parametrize("seed", [float("nan"), 1.5, 3.0, "3", True, [1]])
def test_a_seed_that_is_not_an_integer_is_refused_naming_seed(seed):
    with pytest.raises(TypeError, match=r"^seed must be an integer or None"):
        Game("official", board=8, seed=seed)
    with pytest.raises(TypeError, match=r"seed must be an integer or None"):
        PlayModel("official", board=8, seed=seed)


def test_check_seed_never_echoes_a_huge_value_whole():
    with pytest.raises(TypeError) as e:
        check_seed("9" * 60_000)
    assert len(str(e.value)) < 200


# ---- the game page -------------------------------------------------------------------------------------------
def _faulty(kind, below=8):
    """A computer strategy that asks about one suspect while it has ``below`` or more, then breaks."""
    def strategy(n, m):
        if n >= below:
            return (1, n - 1)
        if kind == "raises":
            raise ZeroDivisionError("a bug in the strategy")
        return (1, 1)                                # an illegal move: the groups do not add up to n
    return strategy


def _snapshot(g):
    return (list(g.your_suspects), list(g.computer_suspects), g.to_move, g.winner, list(g.history),
            g._rng.getstate())


@pytest.mark.parametrize("kind", ["raises", "illegal move"])
def test_a_faulty_computer_strategy_takes_your_move_back_and_the_game_goes_on(kind):
    g = Game("official", board=8, computer=_faulty(kind), seed=3)
    g.ask([1, 2, 3, 4])                              # the computer replies with 8 suspects: fine
    before = _snapshot(g)
    with pytest.raises(RuntimeError, match=r"computer's strategy 'strategy' failed .*your move was taken back"):
        g.ask([g.your_suspects[0] + 1])              # its reply with fewer than 8 fails
    assert _snapshot(g) == before                    # exactly as before the move, history and dice included
    assert g.to_move == "you" and g.best_moves()     # not stuck with "it is not your turn"


def test_the_play_page_survives_a_faulty_computer_strategy():
    m = PlayModel("official", board=8, computer=_faulty("raises"), seed=3)
    for i in (1, 2, 3, 4):
        m.click(i)
    m.ask()
    m.click(m.game.your_suspects[0] + 1)
    with pytest.raises(RuntimeError):
        m.ask()                                      # the view's guard shows this error on the page
    assert m.game.to_move == "you" and len(m.selection[0]) == 1   # the click is kept: try again
    m.new_game(computer="halving")
    m.click(1)
    assert m.ask() is not None


def _near_optimal_opening(limit=Fraction(1, 100)):
    """(rules, N, move, loss): a first move at (N, N) that is not optimal but within ``limit`` of the best,
    found by searching the exact table."""
    for rules in ("official", "tripartite", "merciful", "nica"):
        t = solve(40, rules)
        for N in range(2, 41):
            best = t.P(N, N)
            for mv in legal_moves(N, get_rules(rules)):
                if isinstance(mv, tuple) and 0 < best - t.value(N, N, mv) < limit:
                    return rules, N, mv, best - t.value(N, N, mv)
    raise AssertionError("no near-optimal opening found")


def test_a_move_within_one_hundredth_of_the_best_is_not_graded_optimal():
    rules, N, move, loss = _near_optimal_opening()
    g = Game(rules, board=N, seed=0)
    groups, k = [], 1
    for size in move[:-1]:
        groups.append(list(range(k, k + size)))
        k += size
    turn = g.ask(*groups)
    assert turn.move == move and turn.loss == loss and 0 < loss < Fraction(1, 100)
    assert not turn.optimal
    assert turn.grade.startswith("costs you ")
    m = PlayModel(rules, board=N, seed=0)
    for i in groups[0]:
        m.click(i)
    assert "optimal" not in m.ask().grade


# ---- the address of the play page ------------------------------------------------------------------------------
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
