"""The board solver against a plain game search, and against the idealised game where every split is askable.

The brute force (tests/board_brute.py) is written from the rules, not from the library: suspect sets are frozensets of
character numbers, questions are lists of answer sets built there from the trait matrix, and the value is the recursion
"best over moves of the chance to win" in Fractions (Cushing et al., equation (1)).
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import guesswho_lib as gw
from guesswho_lib.board.solver import MAX_SETS, reachable_sets, solve_board
from guesswho_lib.board.question_sets import question_set, question_words
from guesswho_lib.board.traits import Board, load_board
from guesswho_lib.rules import GUESS

from board_brute import assert_agrees, board_from_rows

rows_strategy = st.integers(1, 4).flatmap(
    lambda m: st.lists(st.lists(st.integers(0, 1), min_size=m, max_size=m), min_size=1, max_size=8))
distinct_rows = st.integers(1, 4).flatmap(
    lambda m: st.lists(st.tuples(*[st.integers(0, 1)] * m), min_size=2, max_size=8, unique=True))


@given(rows_strategy)
def test_official_agrees_with_brute_force(rows):
    assert_agrees(rows, "official")


@given(distinct_rows)
def test_nica_agrees_with_brute_force(rows):
    assert_agrees(rows, "nica")


@settings(max_examples=30)
@given(st.integers(1, 3).flatmap(
    lambda m: st.lists(st.lists(st.integers(0, 1), min_size=m, max_size=m), min_size=1, max_size=6)))
def test_merciful_agrees_with_brute_force(rows):
    assert_agrees(rows, "merciful")


@settings(max_examples=30)
@given(st.integers(1, 3).flatmap(
    lambda m: st.lists(st.lists(st.integers(0, 1), min_size=m, max_size=m), min_size=1, max_size=7)))
def test_tripartite_agrees_with_brute_force(rows):
    assert_agrees(rows, "tripartite")


@settings(max_examples=30)
@given(st.integers(2, 3).flatmap(
    lambda m: st.lists(st.lists(st.integers(0, 1), min_size=m, max_size=m), min_size=1, max_size=7)))
def test_pairs_agree_with_brute_force(rows):
    assert_agrees(rows, "official", "pairs")


# ---------------------------------------------------------------------------------------------------------
# Every subset a trait: the idealised game
# ---------------------------------------------------------------------------------------------------------

def every_subset_board(n: int, perm) -> Board:
    """n characters and one trait per non-trivial subset (traits listed in the order ``perm`` of masks)."""
    masks = [mk for mk in range(1, 2 ** n - 1)]
    masks = [masks[i] for i in perm]
    rows = [[mk >> i & 1 for mk in masks] for i in range(n)]
    return board_from_rows(rows)


@pytest.mark.parametrize("rules", ["official", "nica", "merciful", "tripartite"])
@settings(max_examples=8)
@given(data=st.data())
def test_every_subset_askable_reproduces_the_idealised_game(rules, data):
    n = data.draw(st.integers(2, 6 if rules != "tripartite" else 5), label="n")
    perm = data.draw(st.permutations(range(2 ** n - 2)), label="order of traits")
    sol = solve_board(every_subset_board(n, perm), rules=rules)
    ideal = gw.solve(n, rules)
    assert sol.family_size == 2 ** n - 1
    for S, T in itertools.product(sol.family(), repeat=2):
        if gw.RULES[rules].one_left_wins and len(S) == 1 and len(T) == 1:
            continue
        assert sol.P(S, T) == ideal.P(len(S), len(T)), (rules, sorted(S), sorted(T))
        if n <= 5:    # the optimal moves in words, one question at a time: slower, so on the smaller boards
            sizes = {m.sizes for m in sol.best_questions(S, T)}
            assert sizes == set(ideal.optimal_moves(len(S), len(T))), (rules, sorted(S), sorted(T))


# ---------------------------------------------------------------------------------------------------------
# The shipped board
# ---------------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def shipped():
    return solve_board()


def test_shipped_family_is_every_conjunction_of_traits(shipped):
    from guesswho_lib.board.questions import conjunction_sets
    assert {int(s) for s in shipped.sets} == set(conjunction_sets(shipped.board))
    assert shipped.family_size == len(shipped.family())


@settings(max_examples=40)
@given(st.data())
def test_shipped_table_satisfies_the_recurrence(shipped, data):
    """At random reachable states, the value is the best move value computed here from the rules in Fractions."""
    fam = shipped.family()
    S = data.draw(st.sampled_from(fam), label="mine")
    T = data.draw(st.sampled_from(fam), label="theirs")
    b = shipped.board
    options = [Fraction(1, len(S))]
    for t in b.traits:
        yes = S & b.with_trait(t)
        no = S - yes
        if yes and no:
            options.append(sum(Fraction(len(p), len(S)) * (1 - shipped.P(T, p)) for p in (yes, no)))
    assert shipped.P(S, T) == max(options)
    best = shipped.best_questions(S, T)
    assert best and all(m.value == max(options) for m in best)
    assert len(best) == options.count(max(options))


def test_shipped_start_and_first_questions(shipped):
    b = shipped.board
    full = shipped.everyone
    first = shipped.moves(full, full)
    # one move per trait that splits the board, plus the guess
    assert len(first) == 1 + sum(1 for t in b.traits if 0 < len(b.with_trait(t)) < b.n)
    assert shipped.start == first[0].value
    assert shipped.start == shipped.P(list(reversed(b.names)), b.names)
    for m in shipped.best_questions(full, full):
        assert m.kind == "question" and m.question.text == question_words(b, [(m.question.traits[0], True)])
        yes = dict(m.answers)["yes"]
        assert yes == b.with_trait(m.question.traits[0])
        assert shipped.value(full, full, m.question.traits[0]) == shipped.start
    assert shipped.value(full, full, GUESS) == Fraction(1, b.n)


def test_after_follows_the_answer(shipped):
    full = shipped.everyone
    move = next(m for m in shipped.moves(full, full) if m.question and m.question.traits == ("glasses",))
    b = shipped.board
    assert shipped.after(full, move, "Ada") == b.with_trait("glasses")
    assert shipped.after(full, move, "Bram") == full - b.with_trait("glasses")


# ---------------------------------------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------------------------------------

def test_bad_sets_are_refused_with_the_argument_named(shipped):
    full = shipped.everyone
    with pytest.raises(ValueError, match="theirs: 'Zed' is not a character"):
        shipped.P(full, {"Ada", "Zed"})
    with pytest.raises(TypeError, match="mine must be a collection"):
        shipped.P("Ada", full)
    with pytest.raises(ValueError, match="mine must hold at least one"):
        shipped.P(set(), full)
    with pytest.raises(ValueError, match=r"mine = \['Ada', 'Bram'\] is not covered"):
        shipped.P({"Ada", "Bram"}, full)
    assert not shipped.covers({"Ada", "Bram"}) and shipped.covers({"Ada"})


def test_bad_arguments_are_refused():
    b = load_board()
    with pytest.raises(TypeError, match="board must be"):
        solve_board("characters")
    with pytest.raises(ValueError, match="questions must be one of"):
        solve_board(b, "everything")
    with pytest.raises(ValueError, match="unknown rules"):
        solve_board(b, rules="chess")
    with pytest.raises(ValueError, match="max_sets="):
        solve_board(b, "pairs", method="sets")
    with pytest.raises(ValueError, match="method must be one of"):
        solve_board(b, method="fast")
    with pytest.raises(ValueError, match="method='complete' needs questions with two answers"):
        solve_board(b, rules="tripartite", method="complete")
    with pytest.raises(ValueError, match="all 2\\^24 - 1 subsets"):
        solve_board(b, rules="merciful")
    with pytest.raises(ValueError, match="questions must be 'traits' under the 'tripartite'"):
        solve_board(b.sub_board(b.names[:6]), "pairs", "tripartite")
    with pytest.raises(ValueError, match="max_sets must be between"):
        solve_board(b, max_sets=MAX_SETS + 1)
    twins = Board(("a", "b", "c"), ("t",), ((1,), (1,), (0,)))
    with pytest.raises(ValueError, match="no question splits the reachable set \\['a', 'b'\\]"):
        solve_board(twins, rules="nica")
    assert solve_board(twins).P({"a", "b"}, {"c"}) == Fraction(1, 2)   # official: a guess is always possible


def test_nica_one_against_one_is_refused():
    rows = [(0, 0), (0, 1), (1, 0)]
    sol = solve_board(board_from_rows(rows), rules="nica")
    with pytest.raises(ValueError, match="cannot both hold one character"):
        sol.P({"c0"}, {"c1"})
    assert sol.moves({"c0"}, {"c0", "c1"}) == ()
    assert sol.P({"c0"}, {"c0", "c1"}) == 1 and sol.P({"c0", "c1"}, {"c0"}) == 0


def test_paradox_questions_are_worded_like_the_paper():
    b = load_board()
    qs = question_set(b, "traits", "tripartite")
    blond, brown = b.column("blond hair"), b.column("brown hair")
    (q,) = [q for q in qs if set(q.answer_sets[:2]) == {blond, brown}]
    x, y = ("blond", "brown") if q.answer_sets[0] == blond else ("brown", "blond")
    assert q.text == (f"Is your person someone who has {x} hair, OR someone who has {y} hair AND the answer "
                      "to this question is no?")
    assert q.answers == ("yes", "no truthful answer", "no")
    assert q.answer_sets[2] == b.everyone & ~(blond | brown)


def test_reachable_sets_are_sorted_by_size():
    b = load_board()
    R = reachable_sets(b, question_set(b))
    sizes = [bin(int(s)).count("1") for s in R]
    assert sizes == sorted(sizes) and len(set(R.tolist())) == len(R)


# ---------------------------------------------------------------------------------------------------------
# The comparison with the idealised game
# ---------------------------------------------------------------------------------------------------------

from guesswho_lib.board.compare import (compare_with_ideal, first_questions, ideal_move_askable,
                                        restriction_cost)


@settings(max_examples=25)
@given(rows_strategy, st.sampled_from(["official", "tripartite"]))
def test_comparison_agrees_state_by_state(rows, rules):
    sol = solve_board(board_from_rows(rows), rules=rules)
    ideal = gw.solve(len(rows), rules)
    c = compare_with_ideal(sol)
    fam = sol.family()
    assert c.pairs == len(fam) ** 2 == sum(cell.count for cell in c.cells.values())
    assert (c.start_board, c.start_ideal) == (sol.start, ideal.P(len(rows), len(rows)))
    costs, unaskable = {}, {}
    for S, T in itertools.product(fam, repeat=2):
        cost = ideal.P(len(S), len(T)) - sol.P(S, T)
        assert restriction_cost(sol, S, T) == cost
        costs.setdefault((len(S), len(T)), []).append(cost)
        # askable, from the moves in words: some board move has the sizes of an idealised optimal move
        ok = any(m.sizes in ideal.optimal_moves(len(S), len(T)) for m in sol.moves(S, T))
        assert ideal_move_askable(sol, S, T) == ok
        unaskable[len(S), len(T)] = unaskable.get((len(S), len(T)), 0) + (not ok)
    for key, cell in c.cells.items():
        cs = costs[key]
        assert (cell.min, cell.max, cell.mean) == (min(cs), max(cs), sum(cs) / len(cs))
        assert (cell.worse, cell.better, cell.unaskable) == (sum(x > 0 for x in cs), sum(x < 0 for x in cs),
                                                             unaskable[key])
    assert c.largest_loss[0] == max(0, *(max(cs) for cs in costs.values()))
    assert c.largest_gain[0] == min(0, *(min(cs) for cs in costs.values()))
    if c.largest_loss[1] is not None:
        assert restriction_cost(sol, c.largest_loss[1], c.largest_loss[2]) == c.largest_loss[0]
    G = c.grid("mean")
    for (a, b), cell in c.cells.items():
        assert G[a, b] == float(cell.mean)
    assert np.isnan(G[0, 0])


def test_every_subset_board_costs_nothing():
    sol = solve_board(every_subset_board(5, range(30)))
    c = compare_with_ideal(sol)
    assert c.unaskable_pairs == c.worse_pairs == c.better_pairs == 0
    assert c.largest_loss == (0, None, None) and c.start_board == c.start_ideal


def test_first_questions_on_the_shipped_board(shipped):
    fq = first_questions(shipped)
    full, n = shipped.everyone, shipped.board.n
    ideal = gw.solve(n)
    assert fq[0].value == shipped.start
    for f in fq:
        assert f.ideal_value == ideal.value(n, n, f.sizes)
    assert [f.text for f in fq] == [m.text for m in shipped.moves(full, full)]


def test_the_comparison_refuses_what_it_cannot_compare(shipped):
    c = compare_with_ideal(shipped)
    with pytest.raises(ValueError, match="statistic must be one of"):
        c.grid("median")
    with pytest.raises(TypeError, match="solution must be a BoardSolution"):
        compare_with_ideal(gw.solve(4))


from guesswho_lib.board.compare import informed_opponent


@settings(max_examples=20)
@given(rows_strategy)
def test_an_informed_opponent_never_does_worse_than_the_set_model(rows):
    sol = solve_board(board_from_rows(rows))
    v = informed_opponent(sol)
    assert 1 - sol.start <= v <= 1


def test_an_informed_opponent_beats_the_table_on_eight_characters():
    """The set model's strategy is not safe against an opponent who uses their own person's answers."""
    b = load_board()
    sol = solve_board(b.sub_board(b.names[:8]))
    assert informed_opponent(sol) > 1 - sol.start
    with pytest.raises(ValueError, match="max_characters=12"):
        informed_opponent(solve_board())
    with pytest.raises(ValueError, match="'official' rules"):
        informed_opponent(solve_board(b.sub_board(b.names[:8]), rules="nica"))


def test_moves_in_words_under_merciful_and_tripartite_rules():
    b = load_board().sub_board(load_board().names[:6])
    mer = solve_board(b, rules="merciful")
    full = mer.everyone
    for m in mer.moves(full, full):
        assert mer.value(full, full, m) == m.value
        if m.kind == "guess":
            rest = full - {m.guess}
            assert m.text == f"Guess: is your person {m.guess}?"
            assert m.value == Fraction(1, 6) + Fraction(5, 6) * (1 - mer.P(full, rest))
            assert mer.after(full, m, m.guess) == {m.guess}
            other = next(iter(rest))
            assert mer.after(full, m, other) == rest
    tri = solve_board(b, rules="tripartite")
    paradox = [m for m in tri.moves(full, full) if len(m.answers) == 3]
    assert paradox
    for m in paradox:
        labels = [lab for lab, _ in m.answers]
        assert labels == ["yes", "no truthful answer", "no"]
        assert m.value == sum(Fraction(len(p), 6) * (1 - tri.P(full, p)) for _, p in m.answers)
        for _, part in m.answers:
            for person in part:
                assert tri.after(full, m, person) == part


def test_cached_solutions_are_shared_and_cleared():
    from guesswho_lib.board.solver import cached_board_solution
    from guesswho_lib.caches import clear_caches, registered_caches
    b = load_board().sub_board(load_board().names[:6])
    one = cached_board_solution(b, rules="nica")
    assert cached_board_solution(b, "traits", gw.RULES["nica"]) is one
    (cache,) = [c for c in registered_caches() if c.name == "board.solver: board solutions"]
    assert cache.size() >= 1
    clear_caches()
    assert cache.size() == 0
    assert cached_board_solution(b, rules="nica") is not one
    with pytest.raises(ValueError, match="questions must be one of"):
        cached_board_solution(b, "all")
