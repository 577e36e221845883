"""Arguments are checked once, at the public boundary: the low-level API's invariants hold for every input it
accepts, and every input it refuses is refused with an error that names the argument.

* hypothesis properties: the probabilities of the outcomes of every legal move add up to 1, each outcome is a
  state of the right size, every legal move is legal (it comes back from ``normalise_move`` unchanged), and a rule
  set given by name, as a record, or sizes given as numpy integers, give the same answers;
* refusals: each public function, given a bad value for one argument (zero, a negative number, a float, a
  string, a bool, None, an astronomically large number), raises TypeError or ValueError naming that argument,
  and never returns a wrong number.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import guesswho_lib as gw
from guesswho_lib.rules import LOSE, WIN, legal_moves, normalise_move

RULE_NAMES = sorted(gw.RULES)


def _playable(n, m, rules):
    """States at which a player moves (under the race-to-one rules a pool of one has already decided the game)."""
    return not (gw.RULES[rules].one_left_wins and (n == 1 or m == 1))


@settings(max_examples=300, deadline=None)
@given(n=st.integers(1, 40), m=st.integers(1, 40), rules=st.sampled_from(RULE_NAMES))
def test_outcomes_of_every_legal_move_add_up_to_one(n, m, rules):
    if not _playable(n, m, rules):
        return
    moves = list(legal_moves(n, rules))
    assert moves, (n, rules)
    for move in moves:
        assert normalise_move(move, n, rules) == move          # every legal move is legal, in canonical form
        outs = gw.outcomes(n, m, move, rules)
        assert sum(p for p, _ in outs) == 1
        for p, res in outs:
            assert 0 < p <= 1
            if res not in (WIN, LOSE):
                assert res[0] == m and 1 <= res[1] <= n        # the opponent moves next, with a pool of mine


@settings(max_examples=100, deadline=None)
@given(n=st.integers(1, 30), m=st.integers(1, 30), rules=st.sampled_from(RULE_NAMES),
       dtype=st.sampled_from([np.int8, np.int16, np.int32, np.int64, np.uint16]))
def test_the_same_answer_for_every_spelling(n, m, rules, dtype):
    if not _playable(n, m, rules):
        return
    record = gw.RULES[rules]
    for move in legal_moves(n, rules):
        assert gw.outcomes(dtype(n), dtype(m), move, record) == gw.outcomes(n, m, move, rules)
    assert gw.P(dtype(n), dtype(m), record) == gw.P(n, m, rules) == gw.solve(dtype(30), rules).P(n, m)


@settings(max_examples=200, deadline=None)
@given(n=st.integers(2, 30), parts=st.lists(st.integers(-3, 33), min_size=0, max_size=5),
       rules=st.sampled_from(RULE_NAMES))
def test_an_illegal_split_is_refused_not_evaluated(n, parts, rules):
    legal = set(legal_moves(n, rules))
    if tuple(sorted(parts)) in legal:
        assert gw.outcomes(n, 5, parts, rules)
        return
    with pytest.raises((TypeError, ValueError), match="move"):
        gw.outcomes(n, 5, parts, rules)


# ---- refusals name their argument --------------------------------------------------------------------------
R = gw.RULES["official"]
H = gw.strategies.halving
BAD_COUNTS = [0, -4, 4.5, "4", True, None, float("nan")]
HUGE = 10**400


def _cases():
    """(call, the argument it gets wrong, its bad value) for every public function of the low-level API."""
    fns = {
        "solve": (lambda N: gw.solve(N), "N"),
        "P n": (lambda n: gw.P(n, 4), "n"),
        "P m": (lambda m: gw.P(4, m), "m"),
        "outcomes n": (lambda n: gw.outcomes(n, 4, gw.GUESS, R), "n"),
        "outcomes m": (lambda m: gw.outcomes(4, m, gw.GUESS, R), "m"),
        "legal_moves": (lambda n: list(legal_moves(n, R)), "n"),
        "normalise_move": (lambda n: normalise_move((1, 1), n, R), "n"),
        "halving": (lambda n: H(n, 4), "n"),
        "ask_one": (lambda m: gw.strategies.ask_one(4, m), "m"),
        "optimal()": (lambda n: gw.strategies.optimal()(n, 3), "n"),
        "evaluate": (lambda n: gw.evaluate(H, H, n, 4), "n"),
        "best_response_value": (lambda m: gw.best_response_value(H, 4, m), "m"),
        "simulate_game": (lambda n: gw.simulate_game(H, H, n, 4), "n"),
        "Game board": (lambda b: gw.Game(board=b), "board"),
        "fairest_second_pool": (lambda N: gw.fairest_second_pool(N), "N"),
    }
    for label, (call, arg) in fns.items():
        for bad in BAD_COUNTS:
            yield pytest.param(call, arg, bad, id=f"{label}-{bad!r}")
    for label in ("solve", "legal_moves", "optimal()", "Game board", "fairest_second_pool"):
        call, arg = fns[label]
        yield pytest.param(call, arg, HUGE, id=f"{label}-huge")
    rule_users = {
        "solve rules": lambda r: gw.solve(4, r), "P rules": lambda r: gw.P(4, 4, r),
        "outcomes rules": lambda r: gw.outcomes(4, 4, (1, 3), r),
        "legal_moves rules": lambda r: list(legal_moves(4, r)),
        "evaluate rules": lambda r: gw.evaluate(H, H, 4, 4, r), "Game rules": lambda r: gw.Game(r),
        "optimal rules": lambda r: gw.strategies.optimal(r),
    }
    for label, call in rule_users.items():
        for bad in ("offical", 3, None):
            yield pytest.param(call, "rules", bad, id=f"{label}-{bad!r}")
    yield pytest.param(lambda v: gw.Game(you_first=v), "you_first", "no", id="Game you_first")
    yield pytest.param(lambda v: gw.Game(seed=v), "seed", 1.5, id="Game seed")
    yield pytest.param(lambda v: gw.outcomes(4, 4, v, R), "move", "guess", id="outcomes move string")
    yield pytest.param(lambda v: gw.outcomes(4, 4, v, R), "move", (1, 1, 2), id="outcomes three parts")
    for field, value in (("name", None), ("one_left_wins", "yes"), ("max_parts", 4), ("guess", "maybe")):
        def make(v, field=field):
            fields = dict(name="x", title="t", source="s", max_parts=2, guess="lose", one_left_wins=False)
            fields[field] = v
            return gw.Rules(**fields)
        yield pytest.param(make, field, value, id=f"Rules {field}")


@pytest.mark.parametrize("call, argument, bad", list(_cases()))
def test_every_refusal_names_its_argument(call, argument, bad):
    with pytest.raises((TypeError, ValueError)) as info:
        call(bad)
    assert argument in str(info.value), str(info.value)
    assert len(str(info.value)) < 400                      # a huge input is never echoed whole


def test_the_game_is_already_over_under_the_race_to_one_rules():
    with pytest.raises(ValueError, match="already over"):
        gw.outcomes(1, 4, gw.GUESS, "nica")
    assert gw.outcomes(4, 4, gw.GUESS, "official")[0] == (Fraction(1, 4), WIN)
