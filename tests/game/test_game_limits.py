"""Hostile inputs to the game layer, and its limits: each input is either answered fast or refused up front with a
clear message naming the argument and its limit (docs/reference.md, "Limits of the public functions"); a failure
never leaves an object half-changed.  Each limit is tested on both sides, and each test was seen to fail when the
code it guards was broken on purpose."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import numpy as np
import pytest

import guesswho_lib as gw
from guesswho_lib.game import simulate, strategies, walk
from guesswho_lib.game.any_size import EQUAL_POOLS_LIMIT, TABLE_SIZE_LIMIT
from guesswho_lib.game.play import Game
from guesswho_lib.game.solver import solve
from guesswho_lib.rules import GUESS, check_seed, get_rules, legal_moves
from guesswho_lib.widgets.play import PlayModel


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


def test_P_refuses_a_table_that_would_take_minutes():
    # table_size=16384 made gw.P(5000, 5000) solve a table of 5000 first: about 25 minutes.
    with pytest.raises(ValueError, match=rf"table_size must be between 0 and {TABLE_SIZE_LIMIT}, got 16384"):
        gw.P(5000, 5000, table_size=16384)
    with pytest.raises(ValueError, match="table_size"):
        gw.P_with_status(10**6, 10**6, "tripartite", table_size=TABLE_SIZE_LIMIT + 1)
    assert gw.P(5000, 5000, table_size=64) == gw.P(5000, 5000)      # a small table still gives the value


def test_legal_moves_has_a_stated_limit():
    with pytest.raises(ValueError, match="n must be between 1 and 10000"):
        legal_moves(10**5, "tripartite")


def test_equal_pools_has_a_stated_limit():
    for sizes in (range(1, 10**7), iter(range(1, 10**7)), (n for n in range(1, 10**7))):
        with pytest.raises(ValueError, match=f"at most {EQUAL_POOLS_LIMIT:,} board sizes"):
            gw.equal_pools(sizes)
    with pytest.raises(TypeError, match="sizes must be a collection"):
        gw.equal_pools("24")
    assert gw.equal_pools(iter([4, 24])) == {4: gw.P(4, 4), 24: gw.P(24, 24)}


def one_at_a_time(n, m):
    """Remove one suspect a move: the longest games there are."""
    return (1, n - 1) if n > 1 else GUESS


def test_walk_stops_at_its_limit_and_counts_children():
    def expand(k):
        if k < 2:
            return (), lambda value_of: k
        return (k - 1, k - 2), lambda value_of: value_of(k - 1) + value_of(k - 2)

    assert walk.walk(30, expand, limit=3 * 29 + 2) == 832040      # 29 states with 2 children, 2 leaves
    with pytest.raises(walk.TooManyStates, match=r"^fib needs more than 88 positions"):
        walk.walk(30, expand, limit=3 * 29 + 1, what="fib")


def test_evaluate_refuses_the_one_suspect_at_a_time_game_at_ten_million_and_values_it_below():
    for call in (lambda: gw.evaluate(one_at_a_time, one_at_a_time, 10**7, 10**7),
                 lambda: simulate.tournament({"one": one_at_a_time}, N=10**7, games=10)):
        with pytest.raises(walk.TooManyStates, match=r"evaluate from \(10000000, 10000000\).*150,000 positions"):
            call()
    # Below the limit, the exact value of the same game by a plain recursion (official rules).
    @lru_cache(maxsize=None)
    def mover_wins(a, b):     # "is it X?": yes (1/a) leaves the mover one suspect, to name on their next turn
        if a == 1:
            return Fraction(1)
        return Fraction(1, a) * (1 - mover_wins(b, 1)) + Fraction(a - 1, a) * (1 - mover_wins(b, a - 1))

    assert gw.evaluate(one_at_a_time, one_at_a_time, 60, 60) == mover_wins(60, 60)


def test_best_response_value_has_the_same_limit():
    with pytest.raises(walk.TooManyStates, match="best_response_value from"):
        walk.best_response_value(strategies.halving, 400, 400)


def test_messages_name_what_the_caller_passed():
    with pytest.raises(ValueError, match=r"^start must be a board state \(n, m\) of positive integers, got \(0, 3\)"):
        simulate.tournament(["halving"], start=(0, 3))
    with pytest.raises(TypeError, match=r"^rng must be None or a random.Random, got int"):
        simulate.simulate_game(strategies.halving, strategies.halving, 3, 3, rng=5)


def test_tournament_refuses_too_many_games_up_front():
    with pytest.raises(ValueError, match=r"games must be at most 500,000 with 2 match\(es\).*got 600,000"):
        simulate.tournament({"h": strategies.halving, "one": one_at_a_time}, games=600_000)


def test_tournament_stops_after_its_move_limit_and_reports_progress(monkeypatch):
    seen = []
    res = simulate.tournament({"h": strategies.halving}, N=24, games=20_000, progress=lambda *a: seen.append(a))
    assert seen[-1] == (20_000, 20_000, "h v h") and (10_000, 20_000, "h v h") in seen
    assert res.row("h", "h").games == 20_000
    monkeypatch.setattr(simulate, "TOURNAMENT_MOVE_LIMIT", 500)
    with pytest.raises(simulate.TooManyMoves, match=r"more than 500 moves.*one v one stopped after"):
        simulate.tournament({"one": one_at_a_time}, N=24, games=1000)


@pytest.mark.parametrize("rules", ["official", "merciful", "tripartite", "nica"])
def test_optimal_moves_are_every_best_legal_move_guess_first_then_by_smallest_group(rules):
    r = get_rules(rules)
    sol = solve(40, rules)
    play = strategies.optimal(rules)
    checked = 0
    for n in range(2, 41, 3):
        for m in range(2, 41, 5):
            if r.terminal_A(n, m) is not None:
                continue
            values = {mv: sol.value(n, m, mv) for mv in legal_moves(n, r)}
            best = max(values.values())
            expected = [mv for mv in legal_moves(n, r) if values[mv] == best and len(mv if mv != GUESS else ()) != 3]
            expected += sorted(mv for mv in legal_moves(n, r) if values[mv] == best and mv != GUESS and len(mv) == 3)
            assert list(sol.optimal_moves(n, m)) == expected, (rules, n, m)
            assert play(n, m) == expected[0]
            checked += len(expected) > 1
    assert checked > 0          # some states have several optimal moves, so the order matters
