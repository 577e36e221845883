"""A whole game on the board of faces (guesswho_lib.board.play): moves graded against the board solution.

The grading is checked against the recurrence written out here (the value of a question is the average,
over its answers, of the mover's chance once the opponent moves from the new state: Cushing et al.,
equation (1) on suspect sets), not against the numbers the game stores.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from guesswho_lib.board import cached_board_solution, load_board
from guesswho_lib.board.play import BOARD_COMPUTERS, COMPUTER, YOU, BoardGame
from guesswho_lib.board.traits import Board

SOL = cached_board_solution()
FULL = SOL.everyone


def question_value(sol, mine, theirs, trait):
    """Value of asking about ``trait`` at (mine, theirs), by the recurrence over the answers."""
    having = frozenset(sol.board.with_trait(trait))
    total = Fraction(0)
    for part in (mine & having, mine - having):
        if part:
            total += Fraction(len(part), len(mine)) * (1 - sol.P(theirs, part))
    return total


def play_randomly(game: BoardGame, rng: random.Random, limit: int = 200):
    """Play your moves at random (a random splitting question, or a guess now and then) until the end."""
    for _ in range(limit):
        if game.over:
            return
        qs = game.questions()
        if game.rules.guess and (not qs or rng.random() < 0.15):
            game.guess(rng.choice(sorted(game.yours)))
        else:
            game.ask(rng.choice(qs).question.traits[0])
    raise AssertionError("the game did not end")


def test_first_move_is_graded_by_the_recurrence():
    g = BoardGame(seed=1)
    assert g.state == (24, 24) and g.win_probability() == SOL.start == Fraction(9, 16)
    turn = g.ask("red hair")
    value = question_value(SOL, FULL, FULL, "red hair")
    best = max(question_value(SOL, FULL, FULL, t) for t in SOL.board.traits)
    assert turn.move_value == value and turn.best_value == best == Fraction(9, 16)
    assert turn.loss == best - value > 0
    assert turn.grade.startswith(f"costs you {best - value}: best was \"Does your person have brown eyes?\"")
    assert "(or 4 other questions)" in turn.grade
    assert {m.text for m in turn.best_moves} == {m.text for m in SOL.best_questions(FULL, FULL)}
    assert turn.text.startswith('You asked: "Does your person have red hair?" Answer: ')


def test_an_optimal_question_is_graded_optimal():
    g = BoardGame(seed=3)
    turn = g.ask("Does your person wear glasses?")          # the question in words works too
    assert turn.grade == "optimal" and turn.move_value == turn.best_value == Fraction(9, 16)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(BOARD_COMPUTERS), st.booleans())
def test_every_turn_agrees_with_the_board_solution(seed, computer, you_first):
    g = BoardGame("official", computer=computer, you_first=you_first, seed=seed)
    play_randomly(g, random.Random(seed))
    prev_after = None
    for t in g.history:
        mine, theirs = t.sets_before
        p = SOL.P(mine, theirs)
        mover_value = question_value(SOL, mine, theirs, t.move.question.traits[0]) if t.move.kind == "question" \
            else Fraction(1, len(mine))
        if t.player == YOU:
            assert (t.win_before, t.move_value, t.best_value) == (p, mover_value, p)
        else:
            assert (t.win_before, t.move_value, t.best_value) == (1 - p, 1 - mover_value, 1 - p)
            assert t.move.kind == "guess" or t.move.question in SOL.question_list   # a real question
            if computer == "optimal":
                assert t.optimal
            elif t.move.kind == "question":       # halving: the most even split of its suspects
                biggest = max(len(s) for _, s in t.move.answers)
                assert biggest == min(max(len(s) for _, s in m.answers)
                                      for m in SOL.moves(mine, theirs) if m.kind == "question")
        if prev_after is not None:
            assert t.win_before == prev_after      # the chance is carried from move to move
        prev_after = t.win_after
    acc = g.accounting()
    assert acc["now"] == (1 if g.winner == YOU else 0)
    assert acc["now"] - acc["start"] == -acc["your_cost"] + acc["computer_cost"] + acc["luck"]
    assert g.computer_secret in g.your_suspects and g.your_secret in g.computer_suspects or g.over


def test_answers_are_truthful_and_the_sets_shrink_to_the_secret():
    g = BoardGame(seed=11)
    play_randomly(g, random.Random(5))
    for t in g.history:
        if t.move.kind == "question":
            secret = g.names[g.computer_secret if t.player == YOU else g.your_secret]
            having = t.move.question.traits[0] in g.board.traits_of(secret)
            assert t.answer == ("yes" if having else "no")
    assert g.names[g.computer_secret] in g.yours or g.winner == COMPUTER


def test_nica_rules_end_when_a_player_has_one_suspect_left():
    g = BoardGame("nica", seed=2)
    with pytest.raises(ValueError, match="guessing is not allowed"):
        g.guess("Ada")
    play_randomly(g, random.Random(2))
    last = g.history[-1]
    assert len(g.yours if last.player == YOU else g.computers) == 1 and g.winner == last.player


def test_merciful_rules_on_a_small_board():
    board = load_board().sub_board(load_board().names[:8])
    g = BoardGame("merciful", board=board, seed=4, computer="optimal")
    while not g.over:
        wrong = sorted(g.yours - {g.names[g.computer_secret]})
        turn = g.guess(wrong[0] if wrong else g.names[g.computer_secret])
        if turn.answer == "wrong":
            assert wrong[0] not in g.yours
    sol = cached_board_solution(board, "traits", "merciful")
    first = g.history[0]
    assert first.move_value == sol.value(*first.sets_before, first.named)


def test_mistakes_are_refused_with_clear_messages():
    g = BoardGame(seed=1)
    with pytest.raises(ValueError, match="must be one of this board's traits"):
        g.ask("wings")
    with pytest.raises(TypeError, match="trait such as"):
        g.ask(3)
    g.ask("bald")
    while "bald" in {m.question.traits[0] for m in g.questions()} and not g.over:
        g.ask("glasses")
    if not g.over:
        with pytest.raises(ValueError, match="does not split your"):
            g.ask("bald")
        out = next(i for i in range(g.N) if i not in g.your_suspects)
        with pytest.raises(ValueError, match="already ruled out"):
            g.guess(g.names[out])
    with pytest.raises(ValueError, match="no suspect called"):
        BoardGame(seed=1).guess("Nobody")
    with pytest.raises(ValueError, match="computer must be one of"):
        BoardGame(computer="clever")
    with pytest.raises(TypeError, match="seed must be an integer"):
        BoardGame(seed=1.5)
    with pytest.raises(TypeError, match="board must be"):
        BoardGame(board=24)
    over = BoardGame(seed=1)
    over.guess(over.names[(over.computer_secret + 1) % over.N])       # a wrong first guess loses
    assert over.winner == COMPUTER and over.history[0].grade.startswith("costs you")
    with pytest.raises(ValueError, match="the game is over"):
        over.ask("glasses")


def test_the_computer_can_move_first_and_the_seed_fixes_the_game():
    a = BoardGame(seed=9, you_first=False)
    b = BoardGame(seed=9, you_first=False)
    assert a.history and a.history[0].player == COMPUTER and a.to_move == YOU
    assert [t.text for t in a.history] == [t.text for t in b.history]
    assert a.win_probability() == a.history[-1].win_after


def test_a_custom_board():
    board = Board(("Ann", "Ben", "Cat", "Dan"), ("hat", "glasses"), ((1, 1), (1, 0), (0, 1), (0, 0)))
    g = BoardGame(board=board, seed=0)
    assert g.win_probability() == Fraction(1, 2)        # only 2:2 questions: no 1:3 split to ask
    assert [m.text for m in g.questions()] == ["Does your person wear a hat?", "Does your person wear glasses?"]
