"""Choose again (guesswho_lib.game.choose_again), headless: games with known mistakes, choices right and wrong, and
every value revealed checked against the exact solvers (the numbered game's table, the board of faces' solution);
the hints never name a best move and point the way the solver's best moves lie; the menu says nothing about
values.  The page's view is tested in tests/widgets/test_choose_again_widget.py and, in Chromium, in
tests/apps/server/test_browser_choose_again.py."""

from __future__ import annotations

import random
import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guesswho_lib.board.play import BoardGame
from guesswho_lib.board.solver import cached_board_solution
from guesswho_lib.game.choose_again import CHOOSING, FOUND, RETRYING, SHOWN, ChooseAgain, make_hint
from guesswho_lib.game.play import Game
from guesswho_lib.game.record import COMPUTER, YOU
from guesswho_lib.game.review import explain_move
from guesswho_lib.game.solver import solve
from guesswho_lib.rules import GUESS, format_fraction, legal_moves, parse_move

RULE_NAMES = ["official", "nica", "tripartite", "merciful"]
SOLVERS = {r: solve(24, r) for r in RULE_NAMES}


def play(g, rng: random.Random):
    """Random legal moves (by group sizes) for whoever the game waits for, until it ends."""
    while not g.over:
        n, _ = g.mover_state
        pool = [i + 1 for i in g.mover_suspects]
        if g.asks_from_menu:
            menu = g.question_menu()
            if g.rules.guess and (not menu or rng.random() < 0.15):
                g.guess(rng.choice(pool))
            else:
                g.ask(rng.choice(menu)[1])
            continue
        move = rng.choice(list(legal_moves(n, g.rules)))
        rng.shuffle(pool)
        if move is GUESS:
            g.guess(pool[0])
        elif len(move) == 2:
            g.ask(pool[:move[0]])
        else:
            g.ask(pool[:move[0]], pool[move[0]:move[0] + move[1]])
    return g


def numbered_value(g, turn, key) -> Fraction:
    """The value of the move ``key`` at the state before ``turn``, from the solver's table."""
    n, m = turn.state_before
    return SOLVERS[g.rules.name].value(n, m, parse_move(key))


def numbered_best(g, turn) -> set:
    n, m = turn.state_before
    from guesswho_lib.rules import format_move
    return {format_move(mv) for mv in SOLVERS[g.rules.name].optimal_moves(n, m)}


def board_values(g, turn) -> dict:
    """Every move at the state before ``turn`` on the board of faces, by its words, from the board solution."""
    mine, theirs = turn.sets_before
    out = {}
    for mv in g.solution.moves(mine, theirs):
        key = ("guess" if mv.guess is None else f"guess {mv.guess}") if mv.kind == "guess" else mv.text
        out[key] = mv.value
    return out


def check_hint(again: ChooseAgain, wrong_key: str, best_keys: set, chance: Fraction):
    """The hint never names a best move nor states the best value; its direction agrees with the best moves."""
    hint = again.hint
    assert hint is not None and again.status == RETRYING
    for key in best_keys:
        assert key not in hint.text, (key, hint)
    assert set(re.findall(r"\d+/\d+", hint.text)) <= {"1/2"}, hint            # no value, only "below 1/2"
    wrong = again._option(wrong_key)
    best = [again._option(k) for k in best_keys]
    questions = [o for o in best if not o.is_guess]
    if hint.direction == "end now":
        assert all(o.is_guess for o in best) and not wrong.is_guess
    elif hint.direction == "question":
        assert wrong.is_guess and questions
    elif hint.direction == "more":
        assert all(min(o.sizes) > min(wrong.sizes) for o in questions if len(o.sizes) == len(wrong.sizes))
    elif hint.direction == "fewer":
        assert all(min(o.sizes) < min(wrong.sizes) for o in questions if len(o.sizes) == len(wrong.sizes))
    elif hint.direction == "three answers":
        assert len(wrong.sizes) == 2 and all(len(o.sizes) == 3 for o in questions)
    elif hint.direction == "two answers":
        assert len(wrong.sizes) == 3 and all(len(o.sizes) == 2 for o in questions)
    elif hint.direction == "smaller group":
        assert all(max(o.sizes) < max(wrong.sizes) for o in questions)
    elif hint.direction == "larger group":
        assert all(max(o.sizes) > max(wrong.sizes) for o in questions)
    elif hint.direction == "same split":
        assert wrong.sizes in {o.sizes for o in questions}
    else:
        assert hint.direction == "other groups", hint


def check_sentences(again: ChooseAgain, e, turn, choices: list):
    """What the revealed position says names the moves the game's own record holds: the move chosen again (the last
    choice) as "the move chosen", the move the game's history played there as "the move played in the game"."""
    played = again.game.history[turn.number - 1]
    assert played is turn and played.loss > 0
    said = [r for r in e.reasons if r.startswith("The move ")]
    if choices:
        assert len(said) == 1 and said[0].startswith(f"The move chosen, {choices[-1]}, "), said
    else:                                              # the answer asked for at once: against the move played
        assert e.played.move == played.move or (e.played.is_guess and played.named is not None)
        assert len(said) == 1 and said[0].startswith(f"The move played, {e.played.short}, "), said
    label = f'"{played.label}"' if played.label.endswith("?") else played.label
    gave = played.move_value if played.player == YOU else 1 - played.move_value
    assert f"The move played in the game, {label}, gave {format_fraction(gave)}." in again.values_words()


def walk(again: ChooseAgain, rng: random.Random, value, best_of):
    """At every position: choose at random (wrong, then right or wrong, or ask for the answer), checking each value
    revealed with ``value(turn, key)`` and the best moves with ``best_of(turn)``."""
    for k in range(len(again)):
        p = again.go(k)
        assert p.status == CHOOSING and not p.choices
        turn = p.turn
        keys = [key for _, key in again.menu()]
        best = best_of(turn)
        chance = p.best_value
        assert best and best <= set(keys) and chance == value(turn, sorted(best)[0]) and turn.loss > 0
        with pytest.raises(ValueError, match="shown once"):
            again.best_keys()
        wrong = [key for key in keys if key not in best]
        plan = rng.choice(["right", "wrong-right", "wrong-wrong", "answer", "wrong-answer"])
        if not wrong:
            plan = "right"
        choices = []
        for step in plan.split("-"):
            if step == "answer":
                again.show_answer()
                break
            key = rng.choice(sorted(best)) if step == "right" else rng.choice(wrong)
            again.choose(key)
            choices.append(key)
            o = p.choices[-1]
            assert o.short == key and o.value == value(turn, key)         # the exact value, the solver's
            if step == "wrong" and len(p.choices) == 1:
                check_hint(again, key, best, chance)
        expected = (FOUND if choices and choices[-1] in best else SHOWN)
        assert p.status == expected and p.revealed
        assert set(again.best_keys()) == best
        e = again.explanation()
        assert e.chance == chance and {o.short for o in e.best} == best
        assert e.played is not None and e.played.value == (p.choices[-1].value if p.choices else turn.move_value
                                                           if turn.player == YOU else 1 - turn.move_value)
        check_sentences(again, e, turn, choices)
        with pytest.raises(ValueError, match="done"):
            again.choose(keys[0])
    s = again.score()
    assert s["open"] == 0 and s["first"] + s["second"] + s["shown"] == len(again)


# ---- a known mistake, by hand ------------------------------------------------------------------------------------
def test_halving_at_4_4_chosen_again():
    """2:2 at (4, 4) costs 1/16 (Cushing et al., Theorem 2.1): one position; 1:3 is found at once, worth 9/16."""
    g = Game("official", board=4, seed=1)
    g.ask([1, 2])
    again = ChooseAgain(g)
    assert len(again) == 1 and again.position.turn.number == 1 and again.status == CHOOSING
    assert [key for _, key in again.menu()] == ["1:3", "2:2", "guess"]
    text = again.situation()
    assert "You have 4 suspects left" in text and "played 2:2" in text and "1:3" not in text and "9/16" not in text
    p = again.choose("3:1")                                   # written another way: the same move
    assert p.status == FOUND and p.choices[-1].value == Fraction(9, 16) == SOLVERS["official"].P(4, 4)
    assert again.best_keys() == ("1:3",) and "9/16" in again.values_words()
    assert again.score() == {"positions": 1, "first": 1, "second": 0, "shown": 0, "open": 0}


def test_a_wrong_choice_gets_its_value_and_a_hint_then_the_answer():
    g = Game("official", board=4, seed=1)
    g.ask([1, 2])
    again = ChooseAgain(g)
    p = again.choose("guess")
    assert p.status == RETRYING and p.choices[-1].value == Fraction(1, 4) == SOLVERS["official"].value(4, 4, GUESS)
    assert again.hint.direction == "question" and "1:3" not in again.hint.text and "9/16" not in again.hint.text
    with pytest.raises(ValueError, match="shown once"):
        again.explanation()
    p = again.choose("2:2")                                   # wrong again: the answer is shown
    assert p.status == SHOWN and [o.value for o in p.choices] == [Fraction(1, 4), Fraction(1, 2)]
    assert again.best_keys() == ("1:3",) and again.explanation().played.short == "2:2"
    assert again.score()["shown"] == 1


def test_a_bold_move_missed_under_nica_rules_gets_the_way_but_not_the_answer():
    """At (10, 3) under Nica's rules you are in the weeds: the best bid is 2 of 10 (Nica, Theorem 1.1); halving
    there is a blunder, and a second halving gets the hint "fewer", never the answer."""
    t = SOLVERS["nica"]
    assert explain_move(10, 3, (5, 5), "nica").label == "blunder"
    e = explain_move(10, 3, rules="nica", solution=t)
    hint = make_hint(e, next(o for o in e.options if o.sizes == (5, 5)))
    assert hint.direction == "fewer" and "2:8" not in hint.text and "behind" in hint.text
    hint = make_hint(e, next(o for o in e.options if o.sizes == (1, 9)))
    assert hint.direction == "more" and "2:8" not in hint.text


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(RULE_NAMES), st.integers(2, 24), st.integers(0, 10**6), st.sampled_from(["optimal",
                                                                                                  "halving", "human"]))
def test_every_value_revealed_on_a_numbered_board_is_the_solvers(rules, N, seed, computer):
    rng = random.Random(seed)
    g = play(Game(rules, board=N, computer=computer, seed=seed), rng)
    again = ChooseAgain(g)
    players = (YOU, COMPUTER) if computer == "human" else (YOU,)
    assert [p.turn for p in again.positions] == [t for t in g.history if t.player in players and t.loss > 0]
    walk(again, rng, lambda turn, key: numbered_value(g, turn, key), lambda turn: numbered_best(g, turn))


@pytest.mark.parametrize("rules,seed", [("official", 1), ("official", 2), ("nica", 3), ("official", 4)])
def test_every_value_revealed_on_the_board_of_faces_is_the_solutions(rules, seed):
    rng = random.Random(seed)
    g = play(BoardGame(rules, seed=seed), rng)
    again = ChooseAgain(g)
    assert len(again) == sum(t.loss > 0 for t in g.history if t.player == YOU) > 0

    def best_of(turn):
        values = board_values(g, turn)
        top = max(values.values())
        return {k for k, v in values.items() if v == top}
    walk(again, rng, lambda turn, key: board_values(g, turn)[key], best_of)
    again.go(0)
    assert all(name in again.situation() for name in again.position.turn.sets_before[0])


def test_the_board_of_faces_takes_a_trait_for_a_question():
    g = BoardGame(seed=1)
    g.ask("bald")                                             # the worst first question: 95/192 (README)
    again = ChooseAgain(g)
    assert again.position.turn.number == 1
    p = again.choose("glasses")
    assert p.choices[-1].short == "Does your person wear glasses?" and p.status == FOUND
    assert p.choices[-1].value == Fraction(9, 16) == cached_board_solution().start


def test_two_players_on_one_screen_choose_again_both_and_you_alone_by_choice():
    g = Game("official", board=8, computer="human", seed=2)
    while not g.over:                                         # both ask about one suspect every time
        mine = sorted(g.mover_suspects)
        g.guess(mine[0] + 1) if len(mine) == 1 else g.ask([mine[0] + 1])
    both = ChooseAgain(g)
    assert {p.turn.player for p in both.positions} == {YOU, COMPUTER}
    k = next(i for i, p in enumerate(both.positions) if p.turn.player == COMPUTER)
    both.go(k)
    assert both.mover() == "Player 2" and both.situation().count("Player 2") >= 2
    assert [p.turn.player for p in ChooseAgain(g, YOU).positions] == [YOU] * sum(
        p.turn.player == YOU for p in both.positions)


def test_the_menu_says_nothing_about_values():
    """The menu at a position with n suspects is the same list in the same order, whatever the values there: every
    split by its smaller group, then the guess."""
    seen = {}
    for seed in range(12):
        g = play(Game("official", board=8, computer="halving", seed=seed), random.Random(seed))
        again = ChooseAgain(g)
        for k in range(len(again)):
            again.go(k)
            n, m = again.position.turn.state_before
            keys = [key for _, key in again.menu()]
            assert keys == [f"{a}:{n - a}" for a in range(1, n // 2 + 1)] + ["guess"]
            seen.setdefault(n, set()).add(m)
    assert any(len(ms) > 1 for ms in seen.values())          # positions with other values, the same menu


def test_all_best_play_leaves_nothing_to_choose_again():
    g = Game("official", board=10, seed=3)
    while not g.over:
        move = g.best_moves()[0]
        mine = [i + 1 for i in g.your_suspects]
        g.guess(mine[0]) if move is GUESS else g.ask(mine[:move[0]])
    again = ChooseAgain(g)
    assert len(again) == 0 and again.score()["positions"] == 0
    with pytest.raises(ValueError, match="every move was a best move"):
        _ = again.position


def test_misuse_is_refused_clearly():
    g = Game("official", board=4, seed=1)
    g.ask([1, 2])
    with pytest.raises(TypeError, match="game must be"):
        ChooseAgain("game")
    with pytest.raises(ValueError, match="players must be"):
        ChooseAgain(g, "nobody")
    again = ChooseAgain(g)
    for bad in ("1:1:2", "4:0", "", "Does your person wear glasses?", (2, 3), None):
        with pytest.raises(ValueError, match="choice must be one of the 3 moves"):
            again.choose(bad)
    assert again.status == CHOOSING and not again.position.choices           # nothing was counted
    for k in (-1, 1, True, 0.5):
        with pytest.raises(ValueError, match="position must be a whole number from 0 to 0"):
            again.go(k)


def test_on_the_board_of_faces_a_question_as_even_as_the_best_gets_the_same_split_hint():
    """On a board two questions can split the suspects the same way and be worth different amounts (which suspects
    each keeps matters); the hint then says so, and names neither the best question nor its value."""
    from guesswho_lib.board.review import explain_board

    seen = 0
    for seed in range(10):
        g, rng = BoardGame(seed=seed), random.Random(seed)
        while not g.over and len(g.history) < 6:
            mine, theirs = (g.yours, g.computers)
            if g.to_move == YOU:
                e = explain_board(g.solution, mine, theirs)
                splits = {o.sizes for o in e.best if not o.is_guess}
                for o in e.options:
                    if not o.is_guess and o.value < e.chance:
                        hint = make_hint(e, o)
                        assert (hint.direction == "same split") == (o.sizes in splits), (o.short, hint)
                        assert not any(b.short in hint.text for b in e.best)
                        seen += hint.direction == "same split"
            menu = g.question_menu()
            g.ask(rng.choice(menu)[1]) if menu and len(g.your_suspects) > 1 else g.guess(sorted(g.your_suspects)[0] + 1)
    assert seen >= 3
