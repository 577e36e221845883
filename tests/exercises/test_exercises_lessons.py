"""Every checker of lessons 00-04 accepts the right answer, computed here with the library independently of the
checker where that is cheap, and rejects tempting wrong ones with feedback that says where they come from.

(The uniform battery, nonsense and leaks for every lesson: tests/lessons/test_lessons_quality.py; the reader itself:
tests/exercises/test_answers.py.)"""

from __future__ import annotations

import functools
from fractions import Fraction

import pytest

import guesswho_lib as gw
from guesswho_lessons.exercises import check, exercises_for, get
from guesswho_lib.papers.cushing import n_less
from guesswho_lib.papers.nica import bold_bid, region

OFF = gw.solve(40)
NICA = gw.solve(96, "nica")


def _right_answers():
    """(id, right answer) computed with the library, by a route other than the checker's where it is cheap."""
    A, B = OFF.A.astype(int), gw.solve(64, "nica").A.astype(int)

    def split_ok(T, n, m, a):       # n*m times the value of the split (a, n - a) is n*m - A[m, a] - A[m, n - a]
        return n * m - T[m, a] - T[m, n - a] == T[n, m]


    @functools.cache
    def by_hand(n, m):               # the fundamental recurrence, written out independently of the solver
        if n == 1:
            return Fraction(1)
        if m == 1:
            return Fraction(1, n)
        return max([Fraction(1, n)] + [1 - Fraction(k, n) * by_hand(m, k) - Fraction(n - k, n) * by_hand(m, n - k)
                                       for k in range(1, n // 2 + 1)])

    @functools.cache
    def coin(n, m):                  # a wrong guess loses only on heads; on tails it removes that suspect
        if n == 1:
            return Fraction(1)
        if m == 1:
            return Fraction(1, n)
        guess = Fraction(1, n) + Fraction(n - 1, n) * Fraction(1, 2) * (1 - coin(m, n - 1))
        return max([guess] + [1 - Fraction(k, n) * coin(m, k) - Fraction(n - k, n) * coin(m, n - k)
                              for k in range(1, n // 2 + 1)])

    def match_by_series(p):
        q = 1 - p
        return p * q / (1 - p ** 2) + q ** 2 * p / (1 - q ** 2)     # k = 1, 3, 5, ... and k = 2, 4, 6, ...

    @functools.cache
    def free_bid(n, m, free, mine):  # Nica's rules: the player halves at every turn but one; her opponent bids freely
        bids = range(1, n // 2 + 1) if free or not mine else [n // 2]
        return max(sum(Fraction(g, n) * (1 if g == 1 else 1 - free_bid(m, g, free and (not mine or b == n // 2),
                                                                          not mine)) for g in (b, n - b))
                   for b in bids)

    @functools.cache
    def spare(n, m, mine, theirs):   # each player's first wrong guess removes that suspect and passes the turn
        if n == 1:
            return Fraction(1)
        guess = Fraction(1, n) + (Fraction(n - 1, n) * (1 - spare(m, n - 1, theirs, False)) if mine else 0)
        return max([guess] + [1 - Fraction(k, n) * spare(m, k, theirs, mine)
                              - Fraction(n - k, n) * spare(m, n - k, theirs, mine) for k in range(1, n // 2 + 1)])
    return [
        ("00.1", by_hand(3, 1)), ("00.2", by_hand(2, 2)), ("00.3", by_hand(2, 5)),
        ("00.4", by_hand(1, 9)),
        ("00.5", "guess" if Fraction(1, 5) > max(1 - Fraction(k, 5) * by_hand(1, k)
                                                 - Fraction(5 - k, 5) * by_hand(1, 5 - k) for k in (1, 2)) else "ask"),
        ("00.6", ([n for n in range(2, 201) if by_hand(n, 2) >= Fraction(1, 10)][-1],      # the opponent down to two:
                  [n for n in range(3, 201) if 1 - Fraction(1, n) * by_hand(2, 1)           # the best move, and
                   - Fraction(n - 1, n) * by_hand(2, n - 1) >= Fraction(1, 10)][-1])),        # "is it A?" alone
        ("01.1", by_hand(3, 4)), ("01.2", by_hand(3, 3)), ("01.4", coin),
        ("01.5", Fraction(7, 13)), ("01.6", 1 - Fraction(1, 6) * by_hand(2, 1) - Fraction(5, 6) * by_hand(2, 5)),
        ("01.7", (spare(24, 24, True, True), spare(24, 24, True, False))),   # a spare each; the first's only
        ("01.3", 1 - Fraction(1, 24) * by_hand(24, 1) - Fraction(23, 24) * by_hand(24, 23)),
        ("02.1", 1 - Fraction(2, 4) * by_hand(4, 2) - Fraction(2, 4) * by_hand(4, 2)),
        ("02.2", 1 - Fraction(1, 4) * by_hand(4, 1) - Fraction(3, 4) * by_hand(4, 3)),
        ("02.3", 2026 // 4 + 2027 // 4),
        ("02.4a", 1 - Fraction(4, 9) * by_hand(5, 4) - Fraction(5, 9) * by_hand(5, 5)),      # n_<(9) = 4
        ("02.4b", {m for m in range(2, 41) if not split_ok(A, 6, m, n_less(6))}),
        ("02.4c", {(n, m) for n in range(3, 9) for m in range(2, 9) if not split_ok(A, n, m, n_less(n))}),
        ("02.4", {(n, m) for n in range(3, 41) for m in range(2, 41) if not split_ok(A, n, m, n_less(n))}),
        ("02.5", sum(1 for n in range(2, 31) for m in range(2, 31) if not split_ok(A, n, m, n // 2))),
        ("02.6", next(n for n in range(3, 100) if n // 4 + (n + 1) // 4 == 11)),        # the board of a group of 11
        ("02.7", "yes" if 30 // 4 + 31 // 4 == 30 // 2 else "no"),   # the rule against halving at n = 30
        ("02.8", sum(1 for n in range(3, 21) for m in range(2, 21)        # n_< in the coin game: not always best
                     if coin(n, m) > max([1 - Fraction(k, n) * coin(m, k) - Fraction(n - k, n) * coin(m, n - k)
                                          for k in (n_less(n), n - n_less(n))]))),
        ("03.1", NICA.P(3, 2)), ("03.2", region(20, 6)[0]), ("03.3", bold_bid(40, 9)),
        ("03.6", region(12, 10)[0]), ("03.7", bold_bid(30, 3)),
        ("03.8", free_bid(40, 5, True, True)),
        ("03.4", gw.evaluate(gw.strategies.halving, gw.strategies.optimal("nica"), 16, 9, "nica")),
        ("03.5a", 1 - Fraction(1, 2) * NICA.P(5, 12) - Fraction(1, 2) * NICA.P(5, 12)),
        ("03.5b", sum(1 for m in range(2, 65) if not split_ok(B, 40, m, 20))),
        ("03.5c", sum(1 for n in range(2, 21) for m in range(2, 21) if not split_ok(B, n, m, n // 2))),
        ("03.5", sum(1 for n in range(2, 65) for m in range(2, 65) if not split_ok(B, n, m, n // 2))),
        ("04.1", 1 - by_hand(3, 3)),
        ("04.2", gw.solve(24, "nica").P(24, 24) - by_hand(24, 24)),
        ("04.3", sum(1 for N in range(3, 41) if by_hand(N - 1, N - 1) > by_hand(N, N))),
        ("04.4", min(range(1, 25), key=lambda m: abs(by_hand(24, m) - Fraction(1, 2)))),
        ("04.6", 2 * by_hand(20, 20) - 1),
        ("04.7", "fewer" if min(range(1, 41), key=lambda m: abs(by_hand(40, m) - Fraction(1, 2))) < 40 else "more"),
        ("04.5", sum(1 for N in range(3, 61)
                     if gw.solve(60).P(N, N) == max(gw.solve(60).P(k, k) for k in range(3, 61)))),
        # 04.8: until the match ends the winners alternate. If Ann wins game 1, each of the first k games went to
        # its starter (p each) and the last to the other player (q), Ann winning when k is odd: the sum of p^k q;
        # if Ben wins it, the other way round, Ann winning when k is even: the sum of q^k p (geometric series)
        ("04.8", match_by_series(by_hand(24, 24))),
    ]


RIGHT = _right_answers()


@pytest.mark.parametrize("id, answer", RIGHT, ids=[r[0] for r in RIGHT])
def test_checker_accepts_the_right_answer(id, answer):
    fb = check(id, answer)
    assert fb.ok, fb.message


@pytest.mark.parametrize("id, answer", [r for r in RIGHT if r[0] != "01.4"],
                         ids=[r[0] for r in RIGHT if r[0] != "01.4"])
def test_the_checkers_answers_are_the_independently_computed_ones(id, answer):
    ex = get(id)
    assert ex.kind.canonical(answer) in ex.answers()


def test_every_registered_exercise_is_covered_and_levels_rise():
    """Levels rise through a lesson's exercises; the steps of a way into an exercise (02.4a, 02.4b, ...) rise too,
    from level 1 or 2 (level 1 is "no programming": a step with a line of code is level 2), and none is harder than
    the exercise they lead to; an exit ticket comes last, at level 1, but for
    a challenge (level 4), optional, after it."""
    ids = {i for i, _ in RIGHT}
    for lesson in ("00", "01", "02", "03", "04"):
        exs = exercises_for(lesson)
        assert exs and {e.id for e in exs} <= ids, lesson
        challenges = [e for e in exs if e.level == 4]
        assert exs[len(exs) - len(challenges):] == challenges, lesson
        exs = exs[:len(exs) - len(challenges)]
        tickets = [e for e in exs if e.title.startswith("Exit ticket")]
        assert exs[len(exs) - len(tickets):] == tickets and all(e.level == 1 for e in tickets), lesson
        levels = [e.level for e in exs if e.id[-1].isdigit() and e not in tickets]
        assert levels == sorted(levels) and levels[0] == 1, f"lesson {lesson}: levels should rise, got {levels}"
        for e in exs:
            steps = [s.level for s in exs if s.id[:-1] == e.id]
            assert steps == sorted(steps) and (not steps or (steps[0] <= 2 and steps[-1] <= e.level)), (e.id, steps)
    assert [s.id for s in exercises_for("02") if s.id[:-1] == "02.4"] == ["02.4a", "02.4b", "02.4c"]


@pytest.mark.parametrize("id, wrong, words", [
    ("00.1", Fraction(0), "Guessing is better"),
    ("00.2", Fraction(3, 4), "(2, 1)"),
    ("00.3", Fraction(1, 5), "whose turn is it at (5, 1)"),
    ("00.4", Fraction(1, 9), "Who has the 9 suspects"),
    ("00.5", "ask", "opponent's turn, with one suspect left"),
    ("00.6", (10, 8), "your a is how far a guess alone"),
    ("00.6", "(25, 10)", "your b is how far a guess alone"),
    ("00.6", (15, 20), "Which of your two numbers is which?"),                  # the pair the other way round
    ("00.6", (10, 15), "Which of your two numbers is which?"),
    ("00.6", (19, 15), "that is not the pair (a, b)"),                          # a neighbour: nothing more said
    ("01.1", Fraction(5, 8), "equally likely"),             # the two answers taken as equally likely
    ("01.6", Fraction(9, 20), "how likely is that answer"),   # the chances of yes and no swapped
    ("01.6", Fraction(1, 3), "asks for the value of one question"),   # P(6, 2), a best move's value
    ("01.6", Fraction(1, 6), "what happens after it?"),       # the chance of yes alone
    ("01.2", Fraction(1, 3), "value of guessing"),
    ("01.3", Fraction(5, 9), "BEST first question"),
    ("01.7", [Fraction(5, 9), Fraction(2, 3)], "official game"),
    ("01.7", [gw.P(24, 24, "merciful"), Fraction(3, 4)], "merciful game"),
    ("01.7", [Fraction(59, 144), Fraction(3, 4)], "whose turn is it at each state"),
    ("01.7", [Fraction(13, 18), Fraction(85, 144)], "which of your chances is which"),   # the other way round
    ("01.7", [Fraction(85, 144), Fraction(5, 9)], "whose spare is whose"),              # no swap after a question
    ("01.7", [Fraction(91, 144), Fraction(13, 18)], "check the order of the spares"),   # none after a forgiven guess
    ("02.1", Fraction(9, 16), "is it the value of the question the exercise names"),   # not "the best": 02.2 asks it
    ("02.2", Fraction(1, 2), "even split"),
    ("02.2", Fraction(7, 16), "whose turn is it at (4, 1)"),
    ("02.2", Fraction(1, 4), "guessing"),
    ("02.3", 506, "first of the two terms"),
    ("02.4", {(4, 4), (6, 4)}, "at least one state is missing"),       # how many: not said (a value not typed)
    ("02.4", {(4, 4), (6, 4), (10, 4), (7, 7)}, "IS optimal"),
    ("02.4", {(4, 4), (6, 4), (10, 4), (2, 4)}, "outside 3 <= n <= 40"),
    ("02.5", 841 - 59, "IS optimal"),
    ("02.8", 3, "exceptions under the official rules"),
    ("02.8", 25, "the even split n // 2"),                          # n // 2 counted instead of n_<
    ("02.8", 52, "includes the states with m = 1"),                 # m looped from 1
    ("02.8", 225, "value it with your my_P too"),                   # the question valued with gw.P
    ("02.5", 3, "exceptions to Theorem 2.1"),
    ("03.1", Fraction(1, 2), "no guessing"),
    ("03.2", "upper hand", "that is not the region of (20, 6)"),
    ("03.3", 20, "halving"),
    ("03.4", Fraction(5, 12), "OPTIMAL play"),
    ("03.4", Fraction(0), "You gave 0"),
    ("03.5", 1302, "in the weeds"),
    ("04.1", Fraction(5, 9), "that is not the chance of the player who moves second"),   # one step away: not named
    ("04.2", gw.P(24, 24) - gw.P(24, 24, "nica"), "that is not P(24, 24) under Nica's rules minus"),
    ("04.2", gw.P(24, 24, "nica"), "Nica's value alone"),
    ("04.4", 24, "that is not the number of suspects"),
    ("04.4", 30, "between 1 and 24"),
    ("04.5", 1, "that is not the number"),
    ("04.8", Fraction(5, 9), "ONE game"),
    ("04.8", Fraction(385, 729), "best of three"),
    ("04.8", Fraction(829, 1638), "that is not the chance that the player who starts"),
    ("03.8", Fraction(1, 25), "keeping it for your third turn, whatever happens"),
    ("08.1", Fraction(-1, 16), "which way round is a cost taken?"),      # a sign slip: the order asked, not confirmed
    ("08.1", Fraction(5, 16), "what a guess costs at (4, 4)"),          # section 1's cost, copied
    ("08.1", Fraction(9, 16), "that is P(4, 4), the value of the best move"),
    ("08.1", Fraction(7, 16), "Which two did you use?"),
])
def test_checker_rejects_wrong_answers_with_feedback(id, wrong, words):
    fb = check(id, wrong)
    assert not fb.ok
    assert words in fb.message, fb.message


def test_the_coin_game_of_01_4_is_no_rule_set_of_the_library_and_its_ends_are_the_official_and_merciful_rules():
    """With a coin that always says "lose" the game is the official one, with one that never does the merciful one;
    with a fair coin it is neither, nor their average, so no one call of the library passes 01.4."""
    from guesswho_lessons.exercises.recurrence import coin_rules_P
    states = [(n, m) for n in range(1, 11) for m in range(1, 11)]
    assert all(coin_rules_P(n, m, Fraction(1)) == gw.P(n, m) for n, m in states)
    assert all(coin_rules_P(n, m, Fraction(0)) == gw.P(n, m, "merciful") for n, m in states)
    for rules in gw.RULES:
        if rules != "nica":
            assert not check("01.4", functools.cache(lambda n, m, r=rules: gw.P(n, m, r))).ok, rules
    assert not check("01.4", lambda n, m: (gw.P(n, m) + gw.P(n, m, "merciful")) / 2).ok


def test_the_spare_game_of_01_7_is_no_rule_set_of_the_library_and_without_spares_is_the_official_game():
    """Without spares the game of 01.7 is the official one; with a spare each, or the first player's only, it is no
    rule set of the library at (24, 24), so no one call of the library passes it; and a function that does not swap
    the spares in a question's branches, right whenever both or neither hold a spare, fails the second chance."""
    from guesswho_lessons.exercises.recurrence import spare_question_unswapped, spare_rules_P
    assert all(spare_rules_P(n, m, False, False) == gw.P(n, m) for n in range(1, 11) for m in range(1, 11))
    right = (spare_rules_P(24, 24), spare_rules_P(24, 24, True, False))
    assert check("01.7", list(right)).ok and right == dict(RIGHT)["01.7"]
    for rules in gw.RULES:
        assert not check("01.7", [gw.P(24, 24, rules)] * 2).ok, rules
        assert not ({gw.P(24, 24, rules)} & set(right)), rules
    slip = check("01.7", [right[0], spare_question_unswapped(24, 24)])
    assert not slip.ok and "whose spare is whose" in slip.message


def test_the_recurrence_exercise_takes_a_function():
    good = dict(RIGHT)["01.4"]
    official = functools.cache(lambda n, m: gw.P(n, m))

    fb = check("01.4", official)                 # the official recurrence differs first at (2, 2): a guess passes
    assert not fb.ok and "At (2, 2)" in fb.message
    decimals = check("01.4", lambda n, m: float(good(n, m))).message
    assert "your function returns the decimal" in decimals and "must be exact" in decimals
    assert "raised ZeroDivisionError" in check("01.4", lambda n, m: 1 / 0).message
    assert "Not a function" in check("01.4", 3).message
    assert "Replace None" in check("01.4", None).message


def test_02_4_has_no_dead_end_at_n_2():
    """Theorem 2.1's n_< starts at n = 3: the range of 02.4 does too, so a student who codes the printed formula
    (which gives 0 at n = 2) never asks the solver about a group of 0."""
    printed = {n: n // 4 + (n + 1) // 4 for n in range(3, 41)}
    assert all(printed[n] == n_less(n) >= 1 for n in printed)
    exceptions = {(n, m) for n in range(3, 41) for m in range(2, 41)
                  if OFF.value(n, m, (printed[n], n - printed[n])) != OFF.P(n, m)}
    assert check("02.4", exceptions).ok
    assert (2 // 4 + 3 // 4) == 0        # the formula at n = 2, outside the range asked


@pytest.mark.parametrize("answer", ["not in the weeds", "Not in the weeds", "isn't in the weeds",
                                    "in the weeds or the upper hand", "weeds, not upper hand", "no upper hand"])
def test_03_2_refuses_negated_or_double_answers(answer):
    fb = check("03.2", answer)
    assert not fb.ok and ("no 'not'" in fb.message or "More than one" in fb.message), fb.message


@pytest.mark.parametrize("answer", ["in the weeds", "In the WEEDS", "the weeds", "weeds"])
def test_03_2_accepts_plain_answers(answer):
    assert check("03.2", answer).ok


def test_03_exercises_use_states_the_lesson_does_not_print():
    """03.3 asks for the bid at (40, 9), in the weeds at level 3; 03.4 starts in the upper hand at (16, 9)."""
    assert region(40, 9) == ("in the weeds", 3) and bold_bid(40, 9) == 8 == 2 ** 3
    assert check("03.3", 8).ok and check("03.3", "8:32").ok and not check("03.3", bold_bid(40, 5)).ok
    assert "There is no guessing" in check("03.3", 0).message
    assert region(16, 9)[0] == "upper hand"


def test_03_8_a_bid_spent_at_once_worth_as_much_as_the_bid_kept_for_the_third_turn_is_told_both():
    """The free bid kept for your third turn whatever happens, computed here on states counting your turns, is worth
    as much as some bids spent at once (each followed by halving): that value's feedback says both, naming neither."""
    @functools.cache
    def game(n, m, turn, mine):      # turn: the number of your next turn; the free bid only at your third
        bids = range(1, n // 2 + 1) if not mine or turn == 3 else [n // 2]
        return max(sum(Fraction(g, n) * (1 if g == 1 else 1 - game(m, g, turn + mine, not mine)) for g in (b, n - b))
                   for b in bids)

    def halving(n, m, mine):         # you halve at every turn; your opponent bids freely
        return game(n, m, 0, mine)

    third = game(40, 5, 1, True)
    at_once = {b: sum(Fraction(g, 40) * (1 if g == 1 else 1 - halving(5, g, False)) for g in (b, 40 - b))
               for b in range(1, 20)}
    assert third in at_once.values() and third != max(at_once.values())
    fb = check("03.8", third)
    assert not fb.ok and "spending the free bid at once" in fb.message, fb.message
    assert "keeping it for your third turn, whatever happens" in fb.message and "better moment" in fb.message
    assert str(third) not in fb.message.replace(f"You gave {third}", "")
    other = next(v for v in at_once.values() if v not in (third, 0))
    assert "a bold bid at once, then halving" in check("03.8", other).message


def test_04_8_a_loop_that_follows_the_match_for_some_games_is_told_that_the_match_goes_on():
    """What a loop finds that follows the match game by game and stops: the geometric series of the test above, cut
    off (Ann wins in game k + 1 with chance p^k q for odd k, q^k p for even k).  Close to the answer it is "very
    close", further off "only a few games"; a number near the answer that no such loop gives is told neither."""
    p = gw.P(24, 24)
    q = 1 - p

    def within(games):
        return sum((p ** k * q if k % 2 else q ** k * p) for k in range(1, games))

    right = p * q / (1 - p ** 2) + q ** 2 * p / (1 - q ** 2)                 # the whole series
    assert check("04.8", right).ok
    for games in (12, 30, 200):
        fb = check("04.8", within(games))
        assert not fb.ok and "very close, but a loop that follows the match game by game" in fb.message, fb.message
    assert "very close" in check("04.8", float(within(30))).message          # the same loop in floats
    assert "only a few games" in check("04.8", within(5)).message
    assert "a match can last any number of games" in check("04.8", within(9)).message
    near = (within(30) + right) / 2
    assert "very close" not in check("04.8", near).message
    assert "very close" not in check("04.8", within(201)).message and "very close" not in check("04.8", 0.49).message


def test_04_2_the_float_of_the_answer_is_right_to_its_digits_but_not_exact_and_no_fraction_is_named():
    answer = gw.P(24, 24, "nica") - gw.P(24, 24)
    fb = check("04.2", float(answer))
    assert not fb.ok and "right to the digits Python shows" in fb.message and str(answer) not in fb.message
    assert "Nica's value alone" in check("04.2", float(gw.P(24, 24, "nica"))).message     # a tempting wrong value
    assert "right" not in check("04.2", 0.5).message


def test_04_3_needs_a_loop_not_the_card_version_s_value():
    """04.3 counts board sizes; the value of the card version, which it once asked for, is no answer."""
    assert not check("04.3", gw.P(23, 23)).ok and not check("04.3", float(gw.P(23, 23))).ok


def test_04_5_counts_the_tied_board_sizes():
    best = max(gw.P(N, N) for N in range(3, 61))
    tied = [N for N in range(3, 61) if gw.P(N, N) == best]
    assert len(tied) > 1 and check("04.5", len(tied)).ok and not any(check("04.5", N).ok for N in tied if N > 6)


def test_a_step_of_a_way_in_is_named_by_a_letter_and_comes_before_its_exercise():
    from guesswho_lessons.reader import exercise
    from guesswho_lessons.reader.answers import Whole

    def before_the_ticket(lesson):   # the exercises before the exit ticket (and the challenge after it)
        return [e.id for e in exercises_for(lesson) if e.level < 4 and not e.title.startswith("Exit ticket")]
    assert before_the_ticket("03")[-4:] == ["03.5a", "03.5b", "03.5c", "03.5"]
    assert before_the_ticket("05")[-4:] == ["05.4a", "05.4b", "05.4c", "05.4"]
    for bad in ("02.4ab", "02.4A", "02.a"):
        with pytest.raises(ValueError, match="exercise key must be its lesson"):
            exercise(bad, "demo", kind=Whole(), about="x")
        with pytest.raises(ValueError, match="must be given by its key, .* or its number"):
            get(bad)
    with pytest.raises(ValueError, match="no exercise '02.4z'"):
        get("02.4z")
