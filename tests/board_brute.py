"""The board game by plain recursion over sets of suspects, written from the rules, not from the library: suspect sets
are frozensets of character numbers, questions are lists of answer sets built here from the trait matrix, and the
value is the recursion "best over moves of the chance to win" in Fractions (Cushing et al., equation (1)).  The board
solver's tests (tests/board/test_board_solve.py, tests/rules/test_wrong_guess.py) check it against this.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache

from guesswho_lib.board.solver import solve_board
from guesswho_lib.board.traits import Board
from guesswho_lib.rules import get_rules


def brute_questions(rows, kind, three):
    """Answer sets (tuples of frozensets covering everyone) of every question, from the 0/1 rows."""
    n, m = len(rows), len(rows[0])
    lit = {}
    for j in range(m):
        yes = frozenset(i for i in range(n) if rows[i][j])
        lit[(j, True)], lit[(j, False)] = yes, frozenset(range(n)) - yes
    full = frozenset(range(n))
    qs = [(lit[(j, True)], lit[(j, False)]) for j in range(m)]
    if kind == "pairs":
        for a, b in itertools.combinations(lit, 2):
            if a[0] != b[0]:
                both, either = lit[a] & lit[b], lit[a] | lit[b]
                qs += [(both, full - both), (either, full - either)]
    if three:
        for a, b in itertools.permutations(lit, 2):
            if a[0] != b[0]:
                x, y = lit[a], lit[b] - lit[a]
                qs.append((x, y, full - x - y))
    return qs


def brute_game(rows, rules, kind="traits"):
    """(reachable family, P(S, T)) by plain recursion over sets."""
    rules = get_rules(rules)
    n = len(rows)
    full = frozenset(range(n))
    qs = brute_questions(rows, kind, rules.max_parts == 3)

    def splits(S):
        for q in qs:
            parts = [S & a for a in q]
            if sum(1 for p in parts if p) >= 2:
                yield [p for p in parts if p]

    if rules.guess is not None and any(rules.guess.passes(a, b) for a in range(2, n + 1) for b in range(1, n + 1)):
        family = {frozenset(c) for k in range(1, n + 1) for c in itertools.combinations(range(n), k)}
    else:
        family, todo = {full}, [full]
        while todo:
            S = todo.pop()
            for parts in splits(S):
                for p in parts:
                    if p not in family:
                        family.add(p)
                        todo.append(p)

    @lru_cache(maxsize=None)
    def P(S, T):
        if rules.one_left_wins:
            if len(S) == 1:
                return Fraction(1)
            if len(T) == 1:
                return Fraction(0)
        options = []
        if rules.guess is not None and not rules.guess.passes(len(S), len(T)):
            options.append(Fraction(1, len(S)))
        elif rules.guess is not None:
            for x in S:
                rest = S - {x}
                options.append(Fraction(1, len(S)) + (Fraction(len(rest), len(S)) * (1 - P(T, rest)) if rest else 0))
        for parts in splits(S):
            options.append(sum(Fraction(len(p), len(S)) * (1 - P(T, p)) for p in parts))
        return max(options)

    return family, P


def board_from_rows(rows) -> Board:
    n, m = len(rows), len(rows[0])
    return Board(tuple(f"c{i}" for i in range(n)), tuple(f"t{j}" for j in range(m)), tuple(map(tuple, rows)))


def assert_agrees(rows, rules, kind="traits"):
    board = board_from_rows(rows)
    sol = solve_board(board, kind, rules)
    family, P = brute_game(rows, rules, kind)
    names = board.names
    as_names = {S: frozenset(names[i] for i in S) for S in family}
    assert set(sol.family()) == set(as_names.values())
    for S, T in itertools.product(family, repeat=2):
        if get_rules(rules).one_left_wins and len(S) == 1 and len(T) == 1:
            continue
        assert sol.P(as_names[S], as_names[T]) == P(S, T), (rows, rules, sorted(S), sorted(T))
    return sol
