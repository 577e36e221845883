"""Complete sets (guesswho_lib.board.complete): the definition against a plain recursion, the theorem's
statements on small boards, and the solver by classes against the set-by-set solver at every state.

The set-by-set solver (``method="sets"``) is checked against a plain game search in test_board_solve.py; here the
new method is checked against it, state by state, on sub-boards of the shipped board small enough for it, under
every rule set the theorem covers ('official', 'nica', 'merciful'), with one-trait and two-trait questions, on
boards where every set is complete and on boards where many are not.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from functools import lru_cache

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import guesswho_lib as gw
from guesswho_lib.board.compare import compare_with_ideal
from guesswho_lib.board.complete import completeness, missing_splits
from guesswho_lib.board.question_sets import question_set
from guesswho_lib.board.solver import cached_board_solution, solve_board
from guesswho_lib.board.traits import Board, load_board

SHIPPED = load_board()


def board_from_rows(rows) -> Board:
    return Board(tuple(f"c{i}" for i in range(len(rows))), tuple(f"t{j}" for j in range(len(rows[0]))),
                 tuple(map(tuple, rows)))


def plain_complete(board: Board, kind: str):
    """complete(S) for frozensets of character numbers, straight from the definition, with the questions built
    here from the rows (one trait, or two literals joined by and / or)."""
    n, m = board.n, board.m
    lit = {}
    for j in range(m):
        yes = frozenset(i for i in range(n) if board.rows[i][j])
        lit[j, True], lit[j, False] = yes, frozenset(range(n)) - yes
    yes_sets = [lit[j, True] for j in range(m)]
    if kind == "pairs":
        for a, b in itertools.combinations(lit, 2):
            if a[0] != b[0]:
                yes_sets += [lit[a] & lit[b], lit[a] | lit[b]]

    @lru_cache(maxsize=None)
    def complete(S):
        if len(S) <= 1:
            return True
        sizes = {min(len(S & y), len(S - y)) for y in yes_sets
                 if S & y and S - y and complete(S & y) and complete(S - y)}
        return all(a in sizes for a in range(1, len(S) // 2 + 1))

    return complete


boards = st.integers(1, 4).flatmap(
    lambda m: st.lists(st.lists(st.integers(0, 1), min_size=m, max_size=m), min_size=1, max_size=7))


@settings(max_examples=40, deadline=None)
@given(boards, st.sampled_from(["traits", "pairs"]))
def test_completeness_is_the_definition(rows, kind):
    board = board_from_rows(rows)
    plain = plain_complete(board, kind)
    c = completeness(board, kind)
    for mask in range(1, 1 << board.n):
        S = frozenset(i for i in range(board.n) if mask >> i & 1)
        assert c.is_complete(mask) == plain(S), (rows, kind, sorted(S))
        assert (missing_splits(c, mask) == ()) == plain(S)
    assert c.all_complete == all(plain(frozenset(S)) for k in range(board.n + 1)
                                 for S in itertools.combinations(range(board.n), k))


def values(sol):
    """P(S, T) for every pair of the set-by-set solution's family, as {(mask S, mask T): Fraction}."""
    sizes = [bin(int(s)).count("1") for s in sol.sets]
    return {(int(s), int(t)): Fraction(int(sol.table[j, i]), sizes[i] * sizes[j])
            for i, s in enumerate(sol.sets) for j, t in enumerate(sol.sets)}


@settings(max_examples=25, deadline=None)
@given(boards.filter(lambda rows: len(rows) >= 3), st.sampled_from(["traits", "pairs"]),
       st.sampled_from(["official", "merciful"]))
def test_the_theorem_holds_on_small_boards(rows, kind, rules):
    """(i) a complete set is the best set of its size to hold and the worst to play against; (iii) two complete
    sets give the idealised value; (iv) holding a complete set is worth at least P, facing one at most P."""
    board = board_from_rows(rows)
    sol = solve_board(board, kind, rules, method="sets")
    V = values(sol)
    c = completeness(board, kind)
    P = gw.solve(board.n, rules).P
    fam = [int(s) for s in sol.sets]
    size = {s: bin(s).count("1") for s in fam}
    for S in fam:
        if not c.is_complete(S):
            continue
        for T in fam:
            assert V[S, T] >= P(size[S], size[T]) and V[T, S] <= P(size[T], size[S])
            if c.is_complete(T):
                assert V[S, T] == P(size[S], size[T])
            for S2 in fam:
                if size[S2] == size[S]:
                    assert V[S, T] >= V[S2, T] and V[T, S] <= V[T, S2], (rows, kind, rules, S, S2, T)


def assert_methods_agree(board, kind, rules):
    """Every pair of reachable sets, and every move at some of them, has the same value by both methods."""
    old = solve_board(board, kind, rules, method="sets")
    new = solve_board(board, kind, rules, method="complete")
    assert new.method == "complete" and old.method == "sets"
    cls = np.array([new.classes.index(int(s)) for s in old.sets])
    assert np.all(cls >= 0)
    assert np.array_equal(new.table[np.ix_(cls, cls)], old.table[:old.sets.size]), (kind, rules)
    fam = old.family()
    assert set(new.family()) == set(fam)
    rng = random.Random(0)
    for S, T in [(old.everyone, old.everyone)] + [tuple(rng.sample(fam, 2)) for _ in range(20)]:
        if rules == "nica" and len(S) == 1 and len(T) == 1:
            continue
        assert [(m.text, m.value) for m in new.moves(S, T)] == [(m.text, m.value) for m in old.moves(S, T)]
    return old, new


@pytest.mark.parametrize("rules", ["official", "nica", "merciful"])
def test_both_methods_agree_on_12_characters_with_pairs(rules):
    board = SHIPPED.sub_board(SHIPPED.names[:12])
    _, new = assert_methods_agree(board, "pairs", rules)
    assert new.classes.completeness.all_complete               # every subset: only sizes matter


@pytest.mark.parametrize("kind, rules", [("pairs", "official"), ("pairs", "merciful"), ("traits", "official"),
                                         ("traits", "merciful")])
def test_both_methods_agree_where_many_sets_are_not_complete(kind, rules):
    board = SHIPPED.sub_board(SHIPPED.names[4:16], ("glasses", "hat", "beard", "earrings", "smiling"))
    _, new = assert_methods_agree(board, kind, rules)
    assert new.classes.completeness.incomplete * 4 >= len(new.family()) > 30    # a quarter or more are not complete


@pytest.mark.parametrize("rules", ["official", "nica"])
def test_both_methods_agree_on_the_shipped_board_with_one_trait_questions(rules):
    old, new = assert_methods_agree(SHIPPED, "traits", rules)
    assert new.family_size == old.family_size == 5007
    assert new.classes.completeness.incomplete == 732           # 756 classes instead of 5007 sets


def test_two_trait_questions_on_the_shipped_board_give_the_idealised_game():
    sol = cached_board_solution(None, "pairs", "official")
    ideal = gw.solve(24)
    c = sol.classes.completeness
    assert c.power_set and c.all_complete and c.counts[12] == (2704156, 2704156)
    assert sol.start == ideal.P(24, 24) == Fraction(5, 9)
    best = sol.best_questions(sol.everyone, sol.everyone)
    wanted = set(ideal.optimal_moves(24, 24))
    assert {m.sizes for m in best} == wanted
    assert len(best) == sum(1 for m in sol.moves(sol.everyone, sol.everyone) if m.sizes in wanted)
    rng = random.Random(29)
    for _ in range(40):                                     # random states, reachable or not
        S = frozenset(rng.sample(SHIPPED.names, rng.randint(1, 24)))
        T = frozenset(rng.sample(SHIPPED.names, rng.randint(1, 24)))
        assert sol.covers(S) and sol.P(S, T) == ideal.P(len(S), len(T))
        for m in sol.moves(S, T)[:5]:
            assert m.value == (ideal.value(len(S), len(T), m.sizes) if m.kind == "question" else
                               Fraction(1, len(S)))
    for rules, start in (("nica", Fraction(91, 144)), ("merciful", Fraction(2, 3))):
        assert solve_board(None, "pairs", rules).start == start == gw.solve(24, rules).P(24, 24)


def test_what_the_solution_by_classes_refuses():
    sol = cached_board_solution(None, "pairs", "official")
    with pytest.raises(ValueError, match="method='sets'"):
        compare_with_ideal(sol)
    with pytest.raises(ValueError, match="more than 16 characters"):
        sol.family()
    big = Board(tuple(f"c{i}" for i in range(25)), ("t0", "t1", "t2", "t3", "t4"),
                tuple(tuple(i >> j & 1 for j in range(5)) for i in range(25)))
    with pytest.raises(ValueError, match="at most 24 characters"):
        solve_board(big, "pairs")
    few = SHIPPED.sub_board(SHIPPED.names[4:16], ("glasses", "hat", "beard", "earrings", "smiling"))
    with pytest.raises(ValueError, match="not complete on this board, more than max_sets=10"):
        solve_board(few, "pairs", max_sets=10)
    one = solve_board(few, "traits", method="complete")
    outside = next(few.names_in(m) for m in range(1, 1 << few.n) if one.classes.index(m) is None)
    assert not one.covers(outside)
    with pytest.raises(ValueError, match="is not covered: it is not complete and cannot be reached"):
        one.P(outside, few.names)
    with pytest.raises(ValueError, match="two answers"):
        completeness(SHIPPED.sub_board(SHIPPED.names[:5]), question_set(SHIPPED.sub_board(SHIPPED.names[:5]),
                                                                        "traits", "tripartite"))


def test_missing_splits_name_the_sizes_no_question_can_make():
    # four characters, one trait splitting them 1 | 3, another 1 | 3: no 2 | 2 split
    board = board_from_rows([(1, 0), (0, 1), (0, 0), (0, 0)])
    c = completeness(board.sub_board(board.names[:3]), "traits")
    assert c.all_complete
    board = board_from_rows([(1, 0), (0, 1), (0, 0), (1, 1)])     # only 2 | 2 splits of all four
    c = completeness(board, "traits")
    assert missing_splits(c, board.everyone) == (1,)
    board = board_from_rows([(1, 0, 0), (0, 1, 0), (0, 0, 1), (0, 0, 0)])
    c = completeness(board, "traits")
    assert missing_splits(c, board.everyone) == (2,) and not c.is_complete(board.everyone)
