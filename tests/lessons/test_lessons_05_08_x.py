"""Tests for core lessons 05-08 and extension lessons x1-x3: the paradox and first-move helpers, plots and widget
models they use (headless), every exercise checker (right answers computed here independently, wrong answers,
no answer stated in feedback), and the executed notebooks (no exercise answer in the outputs above it; the luck
demo of 08 states numbers it computed)."""

import functools
import math
import re
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

import nbformat
import numpy as np
import pytest
from hypothesis import given, strategies as st
from matplotlib.figure import Figure

import guesswho_lib as gw
from guesswho_lib.board import paradox
from guesswho_lib.game import first_move
from guesswho_lib import plots, widgets
from guesswho_lib import tripartite as tri
from guesswho_lessons.exercises import check, exercises_for, get
from guesswho_lib.game.any_size import P as P_huge, TABLE_SIZE
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.papers.nica import p_inf

NAMES = paradox.suspect_names(12)
RULE_SETS = list(gw.RULES)


def _ax():
    return Figure().add_subplot()


# ---------------------------------------------------------------------------- paradox questions
@given(st.sets(st.sampled_from(NAMES)), st.sets(st.sampled_from(NAMES)), st.sampled_from(NAMES))
def test_paradox_answer_matches_the_three_groups(X, Y, person):
    # truthful_answers works from the logic of the sentence; the groups are the paper's description
    ans = paradox.paradox_answer(person, X, Y)
    if person in X:
        assert ans == paradox.YES
    elif person in Y:
        assert ans == paradox.EXPLODES and paradox.truthful_answers(person, X, Y) == frozenset()
    else:
        assert ans == paradox.NO


@st.composite
def _moves(draw):
    n = draw(st.integers(2, 24))
    a = draw(st.integers(1, n - 1))
    if n - a >= 2 and draw(st.booleans()):
        b = draw(st.integers(1, n - a - 1))
        return n, tuple(sorted((a, b, n - a - b)))
    return n, tuple(sorted((a, n - a)))


@given(_moves())
def test_sets_for_split_round_trip(n_move):
    n, move = n_move
    board = paradox.suspect_names(n)
    X, Y = paradox.sets_for_split(move, board)
    assert paradox.split_of_question(board, X, Y) == move
    text = paradox.paradox_question(X, Y, order=board)
    assert all(name in text for name in X + Y)
    assert ("AND the answer to this question is no?" in text) == bool(Y)


def test_paradox_question_text_and_bad_input():
    assert paradox.paradox_question({"Ada"}, {"Bram", "Chidi"}) == (
        "Is your person Ada\nOR\nis your person Bram or Chidi AND the answer to this question is no?")
    # a name in both sets only ever answers yes: it is listed in X only
    assert "Ada AND" not in paradox.paradox_question({"Ada"}, {"Ada", "Bram"})
    assert paradox.paradox_question([], ["Bram"]).startswith("Is your person Bram AND")
    text = paradox.paradox_question_in_traits(NAMES[:6], ["Ada"], ["Ada", "Bram"])  # Ada counts as X only
    assert text.startswith("Is your person") and text.endswith("AND the answer to this question is no?")
    assert paradox.paradox_question_in_traits(["Zed", "Ada"], ["Ada"], []) is None
    with pytest.raises(ValueError, match="X and Y are both empty"):
        paradox.paradox_question([], [])
    with pytest.raises(TypeError, match="X must be a collection"):
        paradox.truthful_answers("Ada", "Ada", [])
    with pytest.raises(ValueError, match="must sum"):
        paradox.sets_for_split((1, 1), NAMES[:3])
    with pytest.raises(ValueError, match="k must be between 1 and 24"):
        paradox.suspect_names(25)


# ---------------------------------------------------------------------------- exact values, handicap
@pytest.mark.parametrize("rules", RULE_SETS)
def test_pool_size_monotonicity_that_the_binary_search_uses(rules):
    # P(n, m) never decreases in m and never increases in n (both pools >= 2; the nica (1, 1) is excluded)
    p = cached_solution(rules, 200).prob[2:201, 2:201]
    assert (np.diff(p, axis=1) >= -1e-12).all()
    assert (np.diff(p, axis=0) <= 1e-12).all()
    # fairest_first_pool searches n in [M, 4M]: P(4M, M) < 1/2 must hold
    assert all(p[4 * M - 2, M - 2] < 0.5 for M in range(2, 51))


@pytest.mark.parametrize("rules", RULE_SETS)
def test_fair_handicap_and_fair_start_agree_with_a_full_scan(rules):
    half = Fraction(1, 2)
    sol = cached_solution(rules, 200)
    for N in range(2, 41):
        h = gw.fairest_second_pool(N, rules)
        lo = 2 if gw.RULES[rules].one_left_wins else 1
        best = min(abs(sol.P(N, m) - half) for m in range(lo, N + 1))
        assert h.first == N and h.P == sol.P(N, h.second) and h.unfairness == best
        s = first_move.fairest_first_pool(N, rules)
        best_n = min(abs(sol.P(n, N) - half) for n in range(N, 4 * N + 1))
        assert s.second == N and s.P == sol.P(s.first, N) and s.unfairness == best_n


@pytest.mark.parametrize("rules", ["official", "nica", "tripartite"])
def test_fair_handicap_on_a_huge_board_is_locally_best(rules):
    N = 10**15
    h = gw.fairest_second_pool(N, rules)
    for m in (h.second - 1, h.second + 1):
        assert abs(P_huge(N, m, rules) - Fraction(1, 2)) >= h.unfairness
    assert Fraction(4, 3) < Fraction(N, h.second) < 2


def test_win_probability_table_and_huge_agree_and_bad_input():
    for rules in ("official", "tripartite"):
        assert gw.P(24, 23, rules) == gw.solve(24, rules).P(24, 23)
    big = TABLE_SIZE + 5
    assert gw.P(big, 3) == P_huge(big, 3)
    assert list(gw.equal_pools([23, 24], "official").values()) == [Fraction(296, 529), Fraction(5, 9)]
    assert gw.P(big, 2, "merciful") == P_huge(big, 2, "merciful")  # merciful: our verified strategy
    assert first_move.max_board("merciful") == first_move.max_board("nica") == 10**18
    with pytest.raises(ValueError, match="n must be at least 1"):
        gw.P(0, 3)
    with pytest.raises(TypeError, match="N must be an integer"):
        gw.fairest_second_pool(2.5)
    with pytest.raises(ValueError, match="unknown rules"):
        gw.fairest_second_pool(10, "chess")


def test_log_position():
    assert first_move.log_position(8, 2) == 0.0 and first_move.log_position(27, 3) == 0.0
    assert abs(first_move.log_position(12, 2) - np.log2(1.5)) < 1e-12
    assert 0 <= first_move.log_position(10**18, 3) < 1


# ---------------------------------------------------------------------------- plots
def test_plot_first_mover_draws_the_diagonal():
    ax = _ax()
    arts = plots.plot_first_mover(ax, 50)
    lines = [a for a in arts if a.get_label() in RULE_SETS]
    assert len(lines) == 4
    for line in lines:
        x, y = line.get_data()
        sol = cached_solution(line.get_label(), 50)
        assert list(x) == list(range(2, 51))
        assert np.allclose(y, [float(sol.P(n, n)) for n in range(2, 51)])
    assert ax.get_xscale() == "log"


def test_plot_log_periodicity_and_handicap():
    ax = _ax()
    arts = plots.plot_log_periodicity(ax, "nica", base=2, k_min=2, k_max=4, points_per_period=8)
    assert len(arts) == 3
    x, y = arts[0].get_data()
    assert x[0] == 0.0 and y[0] == float(gw.P(4, 4, "nica"))
    with pytest.raises(ValueError, match="k_max"):
        plots.plot_log_periodicity(ax, "nica", base=2, k_max=60)
    ax = _ax()
    arts = plots.plot_handicap(ax, 24, "official", points=13)
    marker = arts[-1]
    assert marker.get_data()[0][0] == gw.fairest_second_pool(24).second / 24


def test_plot_three_way_values_and_split_parts():
    sol = cached_solution("tripartite", 30)
    ax = _ax()
    img = plots.plot_three_way_values(ax, sol, 9, 6)[0]
    data = img.get_array()
    # (a, b) = (1, 4) is the optimal split (1, 4, 4) at (9, 6); row index is b - 1, column a - 1
    assert data[3, 0] == pytest.approx(float(sol.P(9, 6)))
    assert np.nanmax(data) == pytest.approx(float(sol.P(9, 6)))
    with pytest.raises(ValueError, match="tripartite"):
        plots.plot_three_way_values(ax, cached_solution("official", 30), 9, 6)
    ax = _ax()
    arts = plots.plot_split_parts(ax, sol, m=20, n_max=30, choose=tri.cushing_tripartite)
    parts = np.array([a.get_data()[1] for a in arts[:3]])
    ns = arts[0].get_data()[0]
    assert (parts.sum(axis=0) == ns).all()


def test_gain_and_split_kind_maps():
    ax = _ax()
    img = plots.plot_tripartite_gain(ax, 20)[0]
    assert img.get_array()[8 - 1, 3 - 1] == pytest.approx(float(gw.tripartite_tables.gain(8, 3)))
    assert img.get_array()[4 - 1, 4 - 1] == pytest.approx(1 / 16)
    ax = _ax()
    img = plots.plot_power_of_three_map(ax, 30)[0]
    table = gw.tripartite_tables.power_of_three_table(30)
    assert img.get_array()[12 - 1, 6 - 1] == table[12, 6] == 0 and img.get_array()[12 - 1, 12 - 1] == 1
    ax = _ax()
    img = plots.plot_split_kind_map(ax, 30)[0]
    assert img.get_array()[20 - 1, 12 - 1] == gw.tripartite_tables.split_kind(20, 12) == 3


# ---------------------------------------------------------------------------- widgets: models headless, views
def test_paradox_question_model():
    q = widgets.ParadoxQuestionModel(paradox.suspect_names(9), m=6, X=("Ada",), Y=("Bram", "Chidi", "Dara", "Elif"),
                                     person="Chidi")
    assert q.answer == paradox.EXPLODES and q.move == (1, 4, 4)
    assert q.value == q.best == gw.solve(9, "tripartite").P(9, 6)
    assert "AND the answer to this question is no?" in q.question
    assert q.in_traits.endswith("AND the answer to this question is no?")
    q.person = "Ada"
    assert q.answer == paradox.YES and "the answer is <b>yes</b>" in q.describe()
    q.m = 2
    assert q.best == gw.solve(9, "tripartite").P(9, 2)
    q.set(X=(), Y=())
    assert q.question == "" and "Choose at least one name" in q.describe()
    q.X = q.suspects
    assert q.value is None and "tells you nothing" in q.describe()
    with pytest.raises(ValueError, match="X must name suspects on the board, got 'Zed'"):
        q.X = ("Ada", "Zed")
    with pytest.raises(TypeError, match="not a single name 'Ada'"):
        q.Y = "Ada"
    with pytest.raises(ValueError, match="person must be one of the suspects"):
        q.person = "Zed"
    with pytest.raises(ValueError, match="suspects must hold at least 3 different names"):
        widgets.ParadoxQuestionModel(["Ada", "Bram"])


def test_paradox_question_widget_shows_its_model():
    w = widgets.ParadoxQuestionWidget(paradox.suspect_names(9), m=6)
    w.X.value = ("Ada",)
    w.Y.value = ("Bram", "Chidi", "Dara", "Elif")
    w.person.value = "Chidi"
    assert (w.model.X, w.model.person, w.model.move) == (("Ada",), "Chidi", (1, 4, 4))
    assert "the answer is <b>head explodes</b>" in w.info.value
    w.model.set(m=2, person="Ada")                 # the model changes: the controls follow
    assert (w.m.value, w.person.value) == (2, "Ada") and "the answer is <b>yes</b>" in w.info.value


def test_tripartite_split_model_and_widget():
    md = widgets.TripartiteSplitModel(N=30, n=16, m=12, printed_move=tri.theorem_3_1_printed)
    sol = gw.solve(30, "tripartite")
    assert md.optimal == sol.optimal_moves(16, 12) and md.P_official == gw.solve(30).P(16, 12)
    assert md.printed is None and md.printed_optimal is False and "no move" in md.describe()
    md.set(n=9, m=6)
    assert md.printed == (1, 4, 4) and md.printed_optimal is True and "1:4:4: optimal" in md.describe()
    assert widgets.TripartiteSplitModel(N=30).printed_optimal is None
    with pytest.raises(ValueError, match="n must be between 3 and 30"):
        md.n = 31
    with pytest.raises(TypeError, match="printed_move must be a strategy"):
        md.printed_move = 3
    w = widgets.TripartiteSplitWidget(N=30, n=12, m=12, printed_move=tri.theorem_3_1_printed)
    w.n.value, w.m.value = 9, 6
    assert w.model.printed_optimal is True and "optimal" in w.info.value
    assert w.artists[0].get_array().shape == (9, 9)
    assert w.png[:4] == b"\x89PNG"
    w.m.value = 1  # only a guess is optimal: no ring drawn, no crash
    assert w.model.optimal == (gw.GUESS,) and len(w.artists) == 1 and w.error_messages == []


def test_lesson_widget_callback_errors_are_shown(monkeypatch):
    """An error inside a lesson widget's callback shows as a message in the widget."""
    w = widgets.ParadoxQuestionWidget(paradox.suspect_names(9), m=6)
    monkeypatch.setattr(w.model, "describe", lambda: 1 / 0)
    w.m.value = 5
    assert "ZeroDivisionError" in w.errors.value and w.model.m == 5


# ---------------------------------------------------------------------------- exercise checkers
# Lessons 05-08 and the extension lessons x1-x3.  Each right answer below is computed here in a way of its own
# (a loop, a formula from the paper, a brute-force search), never copied from the checker.
def _halving_pays(n, m):
    """08.7: (what the player to move, what the player who waits) expects to pay when both always halve from (n, m),
    by two functions that call each other (as the worked solution does, not as the checker does)."""
    t = gw.solve(max(n, m))

    @functools.cache
    def mover(n, m):
        if n == 1:
            return Fraction(0)
        a, b = n // 2, n - n // 2
        return (t.P(n, m) - t.value(n, m, (a, b)) + Fraction(a, n) * waiter(m, a) + Fraction(b, n) * waiter(m, b))

    @functools.cache
    def waiter(n, m):
        return Fraction(0) if n == 1 else sum(Fraction(k, n) * mover(m, k) for k in (n // 2, n - n // 2))
    return mover(n, m), waiter(n, m)


@functools.cache
def _one_sided(n, m):                 # 06.7 by plain search: (mine, theirs) at (n, m), paradox questions for mine only
    if n == 1 or m == 1:
        return (Fraction(1) if n == 1 else Fraction(1, n),) * 2
    two = [[k, n - k] for k in range(1, n)]
    three = [[a, b, n - a - b] for a in range(1, n) for b in range(1, n - a)]
    def worth(groups, who):           # the mover's chance after splitting into groups, the opponent then moving
        return sum(Fraction(g, n) * (1 - _one_sided(m, g)[1 - who]) for g in groups)
    return (max([Fraction(1, n)] + [worth(s, 0) for s in two + three]),
            max([Fraction(1, n)] + [worth(s, 1) for s in two]))


@functools.cache
def _both(n, m, paradox):             # 06.6 by plain search: the mover's chance if both players (or neither) have them
    if n == 1 or m == 1:
        return Fraction(1) if n == 1 else Fraction(1, n)
    splits = [[k, n - k] for k in range(1, n)] + ([[a, b, n - a - b] for a in range(1, n) for b in range(1, n - a)]
                                                  if paradox else [])
    return max([Fraction(1, n)] + [sum(Fraction(g, n) * (1 - _both(m, g, paradox)) for g in s) for s in splits])


def _right_answers():
    from guesswho_lib import imperfect as imp
    tri12 = gw.solve(12, "tripartite")
    tri30, off30 = gw.solve(30, "tripartite"), gw.solve(30, "official")
    gain30 = {N: tri30.P(N, N) - off30.P(N, N) for N in range(2, 31)}
    X, Y = {"Ada", "Bram"}, {"Bram", "Chidi", "Dara", "Elif"}                  # 06.5
    hamming = imp.hamming_code(24)
    received = [0, 1, 0, 0, 0, 0, 1, 0, 0]

    val = next((i, [j + 1 for j in range(9) if w[j] != received[j]][0]) for i, w in enumerate(hamming.words)
               if sum(a != b for a, b in zip(w, received)) == 1)
    return {
        # 05: scaling, the wave between 2^k and 2^(k+1), the 4/(3N^2) gap (Remark 3.10 with m = n)
        "05.1": (24, 40),
        "05.2": min((16, 21, 27, 32), key=lambda N: gw.P(N, N, "nica")),
        "05.3": min(range(64, 129), key=lambda N: gw.P(N, N, "nica")),
        "05.4": next(N for N in range(2, 10**4) if Fraction(4, 3 * N * N) < Fraction(1, 10**6)),
        # 05.7: the last doubling below 10^12 (from 2^39) has the lowest bottom, a third of the way into it; there the
        # continuous game plus the 4/(3N^2) gap, compared at the whole numbers around 2^41 / 3
        "05.7": min(range(2**41 // 3 - 5, 2**41 // 3 + 6), key=lambda N: p_inf(N, N) + Fraction(4, 3 * N * N)),
        # 06: the paradox question
        "06.1": {"Dara", "Elif"},
        "06.2": 1 - Fraction(1, 7),
        "06.3": "1:3:3" if tri12.value(7, 7, (1, 3, 3)) == tri12.P(7, 7) else None,
        "06.4": max(N for N in gain30 if gain30[N] == max(gain30.values())),     # of tied N, the largest
        "06.5": ":".join(str(k) for k in sorted([len(X), len(Y - X), 9 - len(X | Y)])),   # yes, explodes, no
        "06.6": {1: "better", -1: "worse", 0: "the same"}[(_both(15, 2, True) > _both(15, 2, False))
                                                          - (_both(15, 2, True) < _both(15, 2, False))],
        "06.7": _one_sided(8, 4)[0],
        # 07: binary search, parity, the counting bound, Hamming decoding
        "07.1": math.ceil(math.log2(100)),
        "07.2": 0b10110,
        "07.3": next(q for q in range(1, 40) if 100 * (q + 1) <= 2 ** q),
        "07.4": val,
        "07.5": math.ceil(math.log2(50)),
        "07.6": next(q for q in range(1, 40) if 20 * (q + 1) <= 2 ** q),
        "07.7": 2 ** 9 - 24 * (1 + 9) if hamming.min_distance() >= 3 else None,   # by counting: the balls are disjoint
        # 08: costs, best moves; x5: z from decimals, the Wilson interval
        "08.1": gw.solve(4).P(4, 4) - Fraction(1, 2),
        "08.2": (3, 3),
        "08.3": gw.solve(14).P(14, 14) - gw.evaluate(gw.strategies.halving, gw.strategies.optimal(), 14, 14),
        "08.5": gw.solve(5).P(5, 5) - Fraction(1, 5),                       # a guess among 5 is right 1 time in 5
        "08.6": -Fraction(1, 5) * (1 - gw.P(5, 1) - gw.solve(5).value(5, 5, (1, 4))) / Fraction(4, 5),  # 0 on average
        "08.7": _halving_pays(11, 11)[0],
        "x5.1": Fraction("0.03") / Fraction("0.02"),
        "x5.2": next(g for g in range(2, 20000, 2) if np.diff(gw.wilson_interval(g // 2, g))[0] < 0.02),
        # x1: Lemma 3.6, Proposition 3.8, Remark 3.10, the first-mover minimum at 4/3 * 2, the fair start
        "x1.1": Fraction(2, 6),
        "x1.2": Fraction(2, 6) * (1 - Fraction(2, 3 * 2)),
        "x1.3": Fraction(-2, 3),
        "x1.4": Fraction(8, 3),
        "x1.5": min(range(20, 81), key=lambda n: abs(gw.P(n, 20, "nica") - Fraction(1, 2))),
        # x3: distance and lies, Berlekamp's volume with two lies, sphere packing, erasures = one lie in advance
        "x3.1": (7 - 1) // 2,
        "x3.2": next(q for q in range(1, 40) if 24 * (1 + q + q * (q - 1) // 2) <= 2 ** q),
        "x3.3": 2 ** 8 // (1 + 8),
        "x3.4": imp.minimum_questions(24, lies=1, adaptive=False).value,   # distance 3 either way
        "x3.5": max(n for n in range(2, 2 ** 9 // 10 + 1) if imp.minimum_questions(n, lies=1).value <= 9),
    }


WRONG = {"05.1": (6, 12), "05.2": 16, "05.3": 64, "05.4": 1154, "05.7": 2**41 // 3,
         "06.1": ["Ada", "Dara", "Elif"], "06.2": Fraction(1, 3),
         "06.3": "1:2:4", "06.4": 4, "06.5": "1:4:4", "06.6": "worse", "06.7": Fraction(9, 16),
         "07.1": 6, "07.2": 18, "07.3": 10,
         "07.4": (10, 4), "07.5": 5, "07.6": 5, "07.7": 240,
         "08.1": Fraction(1, 2), "08.2": "1:5", "08.3": Fraction(1, 16),
         "08.5": Fraction(1, 5), "08.6": Fraction(3, 50), "08.7": Fraction(2, 9),
         "x5.1": Fraction(2, 3), "x5.2": 9604,
         "x1.1": Fraction(1, 6), "x1.2": Fraction(7, 9), "x1.3": Fraction(4, 3), "x1.4": Fraction(4, 3),
         "x1.5": 20, "x3.1": 6, "x3.2": 8, "x3.3": 32, "x3.4": 6, "x3.5": 2 ** 9 // 10}


def test_lesson_checkers_accept_right_and_reject_wrong():
    right = _right_answers()
    assert set(right) == set(WRONG)
    for ex, answer in right.items():
        fb = check(ex, answer)
        assert fb.ok, (ex, answer, fb.message)
    for ex, answer in WRONG.items():
        fb = check(ex, answer)
        assert not fb.ok and fb.message, (ex, answer)
    assert "multiplied by different factors" in check("05.1", (6, 12)).message
    assert "top of the wave" in check("05.2", 32).message
    assert "TOP of the wave" in check("05.7", 2**39).message and "earlier doubling" in check("05.7", 85).message
    assert "ordinary questions only" in check("06.2", gw.solve(7).P(3, 7)).message
    assert "ordinary game" in check("06.7", Fraction(9, 16)).message and "neither" in check("06.7", gw.P(8, 4)).message
    # 06.7: halving and four paradox questions all give 1/2 in the right game, as does one paradox question and then
    # none; 3/8 is the chance when the opponent moves first and when the paradox questions are theirs
    firsts = [(k, 8 - k) for k in range(1, 5)] + [(a, b, 8 - a - b) for a in range(1, 3)
                                                  for b in range(a, (8 - a) // 2 + 1)]
    worth = {s: sum(Fraction(g, 8) * (1 - _one_sided(4, g)[1]) for g in s) for s in firsts}
    once = max(sum(Fraction(g, 8) * (1 - gw.P(4, g)) for g in s) for s in firsts)
    assert worth[4, 4] == once == Fraction(1, 2) and sum(v == Fraction(1, 2) for v in worth.values()) >= 2
    assert [s for s, v in worth.items() if v > Fraction(1, 2)] == [(1, 3, 4)]
    assert 1 - _one_sided(4, 8)[1] == _one_sided(8, 4)[1] == Fraction(3, 8)
    halving = check("06.7", Fraction(1, 2)).message
    assert "halving among them" in halving and "never again" in halving and "three groups in your loop" in halving
    three_eighths = check("06.7", Fraction(3, 8)).message
    assert "opponent moves first" in three_eighths and "theirs instead of yours" in three_eighths
    assert "that is not the number" in check("07.2", 18).message        # the other digit: plain, or it gives it away
    assert "no character explains" in check("07.7", 240).message and "own codeword" in check("07.7", 296).message
    # 07.7: the counts a student meets on the way, each from the distance of every list to its nearest codeword
    from guesswho_lib.imperfect import hamming_code
    nearest = [min(sum(a != int(b) for a, b in zip(w, format(p, "09b"))) for w in hamming_code(24).words)
               for p in range(2 ** 9)]
    assert (nearest.count(1), nearest.count(2), sum(d >= 3 for d in nearest)) == (216, 232, 40)
    assert "Compare like with like" in check("07.7", 512).message
    assert "exactly one lie" in check("07.7", 216).message
    assert "exactly two places" in check("07.7", 232).message
    assert "two places already prove two lies" in check("07.7", 40).message
    assert "Can 24 characters do that" in check("07.7", 0).message
    assert "counts characters, not lists" in check("07.7", 24).message
    assert "numbered 1 to 9" in check("07.4", (right["07.4"][0], 0)).message
    # one part of a pair right is never confirmed: that would leave one candidate for the other part
    halves = [check("07.4", (right["07.4"][0], right["07.4"][1] - 1)).message,
              check("07.4", ((right["07.4"][0] + 1) % 24, right["07.4"][1])).message]
    assert not any(w in h for h in halves for w in ("right character", "right question", "numbered from 1"))
    assert check("x5.2", 9602).ok         # z rounded to 1.96: the other defensible answer
    # the other region's value is not confirmed as such: Remark 3.10 has two values, so it would name the answer
    assert "region" not in check("x1.3", Fraction(4, 3)).message
    assert "don't know" in check("x3.1", 6).message and "ONE lie" in check("x3.2", 8).message


def test_strategy_exercise_08_4_asks_for_more_than_perfect_play_and_is_possible():
    """Halving moves first from (16, 9): perfect play replies with 2/3; the target is 1/6 more, which the best
    reply (computed exactly) reaches and no strategy of the library does."""
    from guesswho_lib.game import strategies as S
    perfect = 1 - gw.evaluate(S.halving, S.optimal(), 16, 9)
    target = perfect + Fraction(1, 6)
    assert perfect == Fraction(2, 3) and gw.best_response_value(S.halving, 16, 9) >= target
    assert f"at least {target}" in get("08.4").about
    library = [S.optimal(rules) for rules in ("official", "merciful")] + [S.optimal(seed=s) for s in range(10)] + [
        S.halving, S.ask_one, S.guess_when_ahead, S.cushing]
    for s in library:
        assert not check("08.4", s).ok, s.__name__
    exploit = lambda n, m: gw.GUESS if n == 1 or m == 1 else (n // 2, n - n // 2)     # guess only when you must
    assert check("08.4", exploit).ok
    # always guessing: halving moves first to (16, 8) or so, and you guess among 9 at once; the feedback does not
    # name that value (the student did not type it)
    always_guess = lambda n, m: gw.GUESS
    value = get("08.4").kind.value(always_guess)
    fb = check("08.4", always_guess)
    assert not fb.ok and "less than the target" in fb.message and str(value) not in fb.message
    assert "Not a function" in check("08.4", 3).message
    assert "failed" in check("08.4", lambda n, m: 1 // 0).message


def test_exercise_x5_2_accepts_the_answer_for_either_z():
    # The lesson uses z = 1.96, wilson_interval the exact quantile 1.95996...: both answers are right.
    from statistics import NormalDist

    from guesswho_lessons.exercises.statistics import games_needed, wilson_width

    z_exact = NormalDist().inv_cdf(0.975)
    lo, hi = gw.wilson_interval(4800, 9600)
    assert wilson_width(4800, 9600, z_exact) == pytest.approx(hi - lo, abs=1e-12)
    answers = {z: games_needed(0.02, z) for z in (1.96, z_exact)}
    for z, g in answers.items():
        # smallest even g: narrow enough with g games, not with g - 2
        assert g % 2 == 0 and wilson_width(g // 2, g, z) < 0.02 <= wilson_width(g // 2 - 1, g - 2, z)
        fb = check("x5.2", g)
        assert fb.ok and "z" in fb.message, fb.message
    assert answers[1.96] != answers[z_exact]          # 9602 and 9600: both defensible
    assert not check("x5.2", max(answers.values()) + 2).ok
    assert not check("x5.2", min(answers.values()) - 2).ok
    assert "even" in check("x5.2", min(answers.values()) + 1).message
    with pytest.raises(ValueError, match="z"):
        wilson_width(1, 2, z=-1.0)
    with pytest.raises(ValueError, match="wins"):
        wilson_width(3, 2)


def test_feedback_never_states_the_right_answer():
    for ex, answer in _right_answers().items():
        for wrong in (WRONG[ex], None, "nonsense", [[]]):
            message = check(ex, wrong).message
            if isinstance(answer, Fraction) and answer.denominator > 1:
                assert f"{answer.numerator}/{answer.denominator}" not in message, (ex, wrong, message)
            elif isinstance(answer, int) and answer > 12:
                assert not re.search(rf"(?<![\d.]){answer}(?![\d])", message), (ex, wrong, message)


def _phi_by_hand(m):
    """Phi(m) of Cushing et al., Lemma A.4, from its printed formula (no library)."""
    k = 0
    while 3 ** k < m:
        k += 1
    return 3 ** (k - 1) * (1 + 5 * m - 3 ** k - 2 * ((m + 1) // 2))


def test_lesson_x2_checkers_accept_right_and_reject_wrong():
    t = gw.solve(81, "tripartite")
    board = paradox.suspect_names(9)
    right = {"x2.1": 3 * 10 - 3,                                               # Lemma A.2
             "x2.2": paradox.sets_for_split(t.optimal_moves(9, 6)[0], board),
             "x2.3": min(n for n in range(10, 82) if any(tri.theorem_3_1_printed(n, m) is None
                                                         for m in range(2, 82))),
             "x2.4": 3 * (1 + 5 * 5 - 9 - 2 * 3),                              # Phi(5) with k = 2
             "x2.5": _phi_by_hand,
             "x2.6": sum(1 for n in range(10, 28) for m in range(2, 28)
                         if len(t.optimal_moves(n, m)) == 1
                         and t.optimal_moves(n, m)[0] == tri.cushing_tripartite(n, m))}
    assert sum(tri.theorem_3_1_printed(10, 2)) != 10         # the misprinted sums
    for ex, answer in right.items():
        fb = check(ex, answer)
        assert fb.ok, (ex, fb.message)
    wrong = {"x2.1": 30, "x2.2": (board[:3], board[3:6]), "x2.3": 46, "x2.4": 30,
             "x2.5": lambda m: tri.phi(m) + (m == 30), "x2.6": right["x2.6"] + 1}
    for ex, answer in wrong.items():
        fb = check(ex, answer)
        assert not fb.ok and fb.message, ex
    assert "ordinary questions only" in check("x2.1", int(gw.solve(10).A[3, 10])).message
    assert "not one of your 9 suspects" in check("x2.2", (["Zed"], [])).message
    assert "tells you nothing" in check("x2.2", ([], [])).message
    assert "raised ZeroDivisionError" in check("x2.5", lambda m: 1 // 0).message
    # one library call is not the work: the library's own Phi, or a function that calls it, is refused
    for lazy in (tri.phi, lambda m: tri.phi(m), lambda m: int(gw.solve(300, "tripartite").A[300, m])):
        assert "uses the library" in check("x2.5", lazy).message
    # x2.3 has one answer: the smallest n; the next such n and n = 10 (no printed move only at m = 1) are refused
    assert right["x2.3"] == 16 == 3 ** 2 + 2 * 3 + 1                  # n = 3^k + 2*3^(k-1) + 1 with k = 2
    assert tri.theorem_3_1_printed(10, 1) is None and not check("x2.3", 10).ok
    assert "smallest such n" in check("x2.3", 46).message and "16" not in check("x2.3", 46).message
    # x2.4: "check k" answers the value a wrong k gives (k = 1: 3^0 (1 + 25 - 3 - 2*3) = 17), and only that value
    assert "check k" in check("x2.4", 1 * (1 + 5 * 5 - 3 - 2 * 3)).message
    for other in (30, 32, -63, 100):
        assert "check k" not in check("x2.4", other).message, other
    # x2.5 names the first point where the student's function differs by its argument, as the text writes it
    assert check("x2.5", lambda m: _phi_by_hand(m) + (m == 30)).message.startswith("At m = 30 your function gives")


# ---------------------------------------------------------------------------- the notebooks themselves
MY_NOTEBOOKS = ["05-the-continuous-limit", "06-paradox-questions", "07-lies-and-binary-search", "08-play-and-simulate",
                "extension/x1-continuous-limit-in-depth", "extension/x2-paradox-tables-and-errata",
                "extension/x3-codes-and-bounds"]
ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]


def _cells_with_outputs(nb):
    cells = []
    for c in nb.cells:
        text = c.source
        for o in c.get("outputs", []):
            if o.output_type == "stream":
                text += "\n" + o.text
            for mime in ("text/plain", "text/markdown", "text/html"):
                text += "\n" + o.get("data", {}).get(mime, "")
        cells.append((c.cell_type, text))
    return cells


@pytest.mark.notebooks
@pytest.mark.parametrize("name", MY_NOTEBOOKS)
def test_no_exercise_answer_in_the_executed_outputs_above_it(name, monkeypatch):
    import nbformat
    from nbclient import NotebookClient
    from test_lessons_quality import leaks_above_exercises

    monkeypatch.setenv("GUESSWHO_FAST", "1")
    path = ROOT / "notebooks" / f"{name}.ipynb"
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    assert leaks_above_exercises(_cells_with_outputs(nb)) == []


def test_the_output_leak_check_bites():
    """An answer printed by a cell above its exercise is caught; printed below it, it is not."""
    import nbformat
    from guesswho_lessons.exercises import get
    from test_lessons_quality import leaks_above_exercises

    answer = get("05.4").answers()[0]
    printed = nbformat.v4.new_code_cell("print(N)")
    printed.outputs = [nbformat.v4.new_output("stream", name="stdout", text=f"first N: {answer}")]
    exercise = nbformat.v4.new_code_cell('check("05.4", answer)')
    assert leaks_above_exercises(_cells_with_outputs(nbformat.v4.new_notebook(cells=[printed, exercise])))
    assert not leaks_above_exercises(_cells_with_outputs(nbformat.v4.new_notebook(cells=[exercise, printed])))


def test_luck_demo_states_only_computed_numbers():
    """Lesson x5 (the statistics that left lesson 08) says how many standard errors the average luck is from 0:
    the number is printed by code, never typed into the text (the old text claimed luck averaged out for a sample
    2.4 SE away)."""
    import nbformat
    nb = nbformat.read(ROOT / "notebooks" / "extension" / "x5-luck-skill-and-statistics.ipynb", as_version=4)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert not re.search(r"\d\.?\d*\s*(standard errors|SE)\b", text), "a distance in standard errors is typed in"
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert "standard errors" in code and "average / se" in code.replace("average/se", "average / se")


def test_exit_ticket_08_says_where_tempting_wrong_answers_come_from():
    """08.5: the opponent's chance 1 - P(5, 5) and the chance a guess is wrong; 08.6: the weights swapped, the yes term
    alone, and the luck of no with its sign changed."""
    p55, guess = gw.P(5, 5), Fraction(1, 5)
    assert "opponent's chance" in check("08.5", 1 - p55).message
    assert "chance the guess is wrong" in check("08.5", 1 - guess).message
    value = gw.solve(5).value(5, 5, (1, 4))
    luck_yes, luck_no = 1 - gw.P(5, 1) - value, 1 - gw.P(5, 4) - value
    assert luck_yes / 5 + 4 * luck_no / 5 == 0                           # luck is zero on average
    assert "weights are swapped" in check("08.6", -4 * luck_yes).message   # 4/5 x luck of yes + 1/5 x (it) = 0
    assert "must cancel the yes term" in check("08.6", -luck_yes / 5).message
    sign = check("08.6", -luck_no).message                               # its sign changed: the method, not confirmed
    assert "put your value back into (chance of yes) × (luck of yes) + (chance of no) × (luck of no)" in sign
    assert "the luck of the answer yes, which the question gives" in check("08.6", luck_yes).message   # copied


def test_challenge_08_7_is_not_a_one_call_value_and_says_where_tempting_wrong_ones_come_from():
    """Both players halve from (11, 11): the first player's expected cost is not what halving gives away against
    perfect play (section 4's way), nor either player's chance, nor the difference the identity gives; the tempting
    values are each told where they come from."""
    halving, perfect = gw.strategies.halving, gw.strategies.optimal()
    mine, theirs = _halving_pays(11, 11)
    chance = gw.evaluate(halving, halving, 11, 11)
    assert chance - gw.P(11, 11) == -mine + theirs                    # the identity of section 3, on average
    against_perfect = gw.P(11, 11) - gw.evaluate(halving, perfect, 11, 11)
    one_call = {against_perfect, chance, 1 - chance, gw.P(11, 11)}
    assert mine not in one_call
    assert "against gw.strategies.optimal" in check("08.7", against_perfect).message
    assert "both players' costs together" in check("08.7", mine + theirs).message
    assert "that is not the first player" in check("08.7", -mine).message      # the sign: not singled out
    assert gw.P(11, 11) == gw.solve(11).value(11, 11, halving(11, 11))     # halving's first move is a best move
    assert "first move costs nothing" in check("08.7", 0).message
    assert "second player" in check("08.7", theirs).message
    assert "difference" in check("08.7", mine - theirs).message and "chance" in check("08.7", chance).message
    others = {e.id: e.answers() for e in exercises_for("08") if e.id not in ("08.4", "08.7")}
    assert all(mine not in a for a in others.values()), others


# ---------------------------------------------------------------------------- x1: Remark 3.10 is an exercise first
def _remark_3_10_values() -> dict:
    """n m (P - p_inf) on each region, from the exact solver at one state of each (x1.3 asks for one of them)."""
    from guesswho_lib.papers.nica import region
    t = cached_solution("nica", 16)
    return {region(n, m)[0]: n * m * (t.P(n, m) - p_inf(n, m)) for n, m in [(12, 3), (5, 5)]}


def _states_a_correction(text: str, values=None) -> list[str]:
    """The values of Remark 3.10 that ``text`` states: ``values`` (x1.3's answers unless given) as n m (P - p_inf),
    exactly, even one as small as -2/3, which the general leak check exempts as common; or any value as a coefficient
    of 1/(nm): "-2/(3nm)", "\\frac4{3nm}".  (4/3 also names Nica's fair handicap factor in x1's text.)"""
    ex = get("x1.3")
    found = [str(v) for v in (ex.answers() if values is None else values) if ex.kind.appears(v, text)]
    found += re.findall(r"\\[dt]?frac\s*\{?\s*\d+\s*\}?\s*\{\s*\d+\s*n\s*m\s*\}|\d+\s*/\s*\(\s*\d+\s*n\s*m\s*\)", text)
    return found


def _text_above(notebook: str, exercise: str) -> str:
    """The sources of the cells of ``notebook`` above the cell that checks ``exercise``."""
    nb = nbformat.read(ROOT / "notebooks" / f"{notebook}.ipynb", as_version=4)
    above = []
    for cell in nb.cells:
        if f'check("{get(exercise).key}"' in cell.source:
            return "\n".join(above)
        above.append(cell.source)
    raise AssertionError(f"{notebook} does not set {exercise}")


def test_nothing_above_x1_3_states_the_correction_it_asks_for():
    assert _states_a_correction(_text_above("extension/x1-continuous-limit-in-depth", "x1.3")) == []
    assert _states_a_correction("exactly $-\\frac2{3nm}$ or $+\\frac4{3nm}$") and _states_a_correction("-2/3")


def test_the_scale_explorer_shown_above_x1_3_labels_no_value_of_the_correction():
    view = widgets.ScaleExplorer(s=2.0, max_s=3.0)
    view.fig.canvas.draw()
    labels = " ".join(t.get_text() for ax in view.fig.axes for t in ax.get_yticklabels() + ax.get_xticklabels())
    assert _states_a_correction(labels, _remark_3_10_values().values()) == [], labels


def _colours_by_region(image, states, value_at) -> dict:
    from guesswho_lib.papers.nica import region
    out = {}
    for n, m in states:
        r, g, b, _ = image.cmap(image.norm(value_at(n, m)))
        out.setdefault(region(n, m)[0], set()).add("red" if r > b + 0.2 else "blue" if b > r + 0.2 else "neither")
    return out


def test_both_pictures_of_the_correction_are_red_in_the_weeds_and_blue_with_the_upper_hand():
    """x1 says so of the ScaleExplorer's third panel and of plot_correction: both must draw it that way."""
    view = widgets.ScaleExplorer(s=2.0, max_s=3.0)
    lo, hi = view.model.window
    gap = view.model.scaled_gap
    states = [(n, m) for n in range(lo, hi + 1) for m in range(lo, hi + 1)]
    seen = _colours_by_region(view.im_gap, states, lambda n, m: gap[n - lo, m - lo])
    im = plots.plot_correction(_ax(), 16, colorbar=False)
    grid = plots.correction_grid(16)
    seen_map = _colours_by_region(im, [(n, m) for n in range(2, 17) for m in range(2, 17)],
                                  lambda n, m: grid[n - 1, m - 1])
    for s in (seen, seen_map):
        assert s == {"in the weeds": {"red"}, "upper hand": {"blue"}}, s
    nb = nbformat.read(ROOT / "notebooks" / "extension" / "x1-continuous-limit-in-depth.ipynb", as_version=4)
    assert any("**red** marks the states *in the weeds*" in c.source for c in nb.cells)


# ---------------------------------------------------------------------------- x2: no formula above x2.3 gives its n
def _formulas_giving(text: str, target: int) -> list[str]:
    """The formulas "n = <expression in k>" of ``text`` (3^k, 2·3^(k−1), ...) that equal ``target`` at some level
    k = 1..6: a formula for the n an exercise asks for is its answer, one substitution away."""
    found = []
    for m in re.finditer(r"\bn\s*=\s*((?:[\d k+\-−·*^()]|\s)+)", text):
        expr = m.group(1).strip().rstrip(",.").replace("−", "-").replace("·", "*").replace("^", "**")
        for k in range(1, 7):
            try:
                # the expression holds only digits, k, spaces and + - * ( ): nothing else can match the pattern
                if eval(expr, {"__builtins__": {}}, {"k": k}) == target:
                    found.append(m.group(0).strip())
                    break
            except (SyntaxError, TypeError, NameError, ZeroDivisionError):
                break
    return found


def test_no_formula_above_x2_3_gives_the_n_it_asks_for():
    (right,) = get("x2.3").answers()
    assert _formulas_giving(_text_above("extension/x2-paradox-tables-and-errata", "x2.3"), right) == []
    assert _formulas_giving("instead of n = 3^k + 2·3^(k−1) + 1. At those n", right)     # the old text is caught


def _formulas_in_m_giving(text: str, n: int, m: int, target: int) -> list[str]:
    """The formulas "A(n, m) = <expression in m>" or "P(n, m) = <...>" of ``text`` (for this ``n``) that give the
    whole number A(n, m) = ``target`` at this ``m``: a formula for the value an exercise asks for is its answer, one
    substitution away."""
    found = []
    for f in re.finditer(rf"\b([AP])\(\s*{n}\s*,\s*m\s*\)\s*=\s*((?:[\d m+\-−·*/^()]|\s)+)", text):
        expr = f.group(2).strip().rstrip(",.").replace("−", "-").replace("·", "*").replace("^", "**")
        expr = re.sub(r"(\d)\s*m", r"\1*m", expr)                   # 3m -> 3*m
        try:
            # the expression holds only digits, m, spaces and + - * / ( ): nothing else can match the pattern
            value = eval(expr, {"__builtins__": {}}, {"m": Fraction(m)})
        except (SyntaxError, TypeError, NameError, ZeroDivisionError):
            continue
        if (value if f.group(1) == "A" else n * m * value) == target:
            found.append(f.group(0).strip())
    return found


def test_no_formula_above_x2_1_gives_the_value_it_asks_for():
    (right,) = get("x2.1").answers()
    assert _formulas_in_m_giving(_text_above("extension/x2-paradox-tables-and-errata", "x2.1"), 3, 10, right) == []
    old = "So P(3, m) = 1 − 1/m and A(3, m) = 3m − 3 for m ≥ 2"                  # the old text is caught, both ways
    assert len(_formulas_in_m_giving(old, 3, 10, right)) == 2
