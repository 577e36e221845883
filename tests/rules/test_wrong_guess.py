"""What a wrong guess does is behaviour of the rule set: a new kind, defined in this file and nowhere else, goes through
the step of the game, the exact solver, the board solver, a game, its review and the explorers, and the solvers agree
with plain recursions written from the rules.

The kind, which no paper has: a wrong guess is forgiven (the suspect named is crossed out and the turn passes) for a
guesser who is behind, with more suspects left than the opponent, and loses the game otherwise.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import guesswho_lib as gw
from guesswho_lib.board.solver import solve_board
from guesswho_lib.game import recurrence
from guesswho_lib.game.play import Game
from guesswho_lib.game.record import COMPUTER
from guesswho_lib.game.review import explain_move
from guesswho_lib.rules import GUESS, LOSE, WrongGuess, legal_moves
from guesswho_lib.widgets.explorers import TrySplitModel

from board_brute import assert_agrees, board_from_rows


class ForgivenWhenBehind(WrongGuess):
    """A wrong guess crosses out the suspect named and passes the turn when the guesser has more suspects left than
    the opponent; otherwise it loses."""

    name = "forgiven when behind"

    def passes(self, n, m):
        return n > m


CATCH_UP = gw.Rules("catch-up", "A wrong guess is forgiven for the player who is behind",
                    "a variant made for this test", max_parts=2, guess=ForgivenWhenBehind(), one_left_wins=False)
CATCH_UP_3 = gw.Rules("catch-up-3", "Paradox questions, and a wrong guess forgiven for the player who is behind",
                      "a variant made for this test", max_parts=3, guess=ForgivenWhenBehind(), one_left_wins=False)
N = 30


@pytest.mark.parametrize("rules", [CATCH_UP, CATCH_UP_3], ids=lambda r: r.name)
def test_the_solver_agrees_with_the_plain_recursion_at_every_state(rules):
    t = gw.solve(N, rules)
    for n, m in itertools.product(range(1, N + 1), repeat=2):
        assert t.P(n, m) == recurrence.P(n, m, rules), (n, m)
    for n, m in itertools.product(range(1, 13), repeat=2):
        values = {mv: recurrence.move_value(n, m, mv, rules) for mv in legal_moves(n, rules)}
        best = max(values.values())
        assert set(t.optimal_moves(n, m)) == {mv for mv, v in values.items() if v == best}, (n, m)
    # the kind is neither of the built-in ones: its table differs from both
    lose, forgive = (gw.solve(N, gw.Rules("x", "t", "s", rules.max_parts, g, False)).A for g in ("lose", "pass"))
    assert not np.array_equal(t.A, lose) and not np.array_equal(t.A, forgive)


def test_the_step_follows_it():
    assert gw.outcomes(5, 3, GUESS, CATCH_UP)[1] == (pytest.approx(4 / 5), (3, 4))      # behind: forgiven
    assert gw.outcomes(3, 5, GUESS, CATCH_UP)[1][1] is LOSE
    assert gw.outcomes(4, 4, GUESS, CATCH_UP)[1][1] is LOSE


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 3).flatmap(
    lambda m: st.lists(st.lists(st.integers(0, 1), min_size=m, max_size=m), min_size=1, max_size=6)))
def test_the_board_solver_agrees_with_the_plain_recursion_over_sets(rows):
    assert_agrees(rows, CATCH_UP)


def test_the_board_solver_by_complete_sets_gives_the_same_values():
    board = board_from_rows([[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 0], [0, 1, 1], [1, 0, 1], [1, 1, 1]])
    by_sets, by_classes = (solve_board(board, "traits", CATCH_UP, method=m) for m in ("sets", "complete"))
    family = by_sets.family()
    assert len(family) == 2 ** 7 - 1
    for S, T in itertools.product(family, repeat=2):
        assert by_classes.P(S, T) == by_sets.P(S, T), (sorted(S), sorted(T))
    behind, ahead = frozenset(board.names[:4]), frozenset(board.names[:2])
    assert [m.guess for m in by_sets.moves(behind, ahead) if m.kind == "guess"] == sorted(behind, key=board.index)
    assert [m.guess for m in by_sets.moves(ahead, behind) if m.kind == "guess"] == [None]   # one guess: it loses


def test_a_game_and_its_review_follow_it():
    g = Game(CATCH_UP, board=6, computer="human", seed=3)
    g.ask([next(i for i in range(6) if i != g.computer_secret) + 1])      # Player 1 keeps 5 suspects
    assert g.mover_state == (6, 5)                                          # Player 2 is behind
    turn = g.guess(next(i for i in g.mover_suspects if i != g.your_secret) + 1)
    assert not g.over and "is crossed out and the turn passes" in turn.text and g.mover_state == (5, 5)
    g.guess(next(i for i in g.mover_suspects if i != g.computer_secret) + 1)
    assert g.over and g.winner == COMPUTER                                  # not behind: the wrong guess lost
    behind, level = explain_move(6, 5, GUESS, rules=CATCH_UP), explain_move(5, 5, GUESS, rules=CATCH_UP)
    assert [b.answer for b in behind.played.branches] == ["right", "wrong: the suspect is crossed out"]
    assert behind.played.branches[1].their_state == (5, 5)
    assert [b.answer for b in level.played.branches] == ["right", "wrong"]
    assert "a wrong guess loses the game" in level.tree_text(level.played)
    words = TrySplitModel(5, 5, k=0, rules=CATCH_UP).explain()
    assert "a wrong guess loses" in words
    assert "a wrong guess loses" not in TrySplitModel(6, 5, k=0, rules=CATCH_UP).explain()
