"""Exact win probabilities for astronomically large boards: P(10**18, 10**18), exactly, from a few states.

The solver's table costs O(N^3) and stops at a few thousand suspects.  But where a strategy is known to be
optimal (:mod:`guesswho_lib.game.proven`), we do not need the table: from (n, m) the strategy names one move,
that move leads to at most three states (m, g), and so on.  Pools shrink by a factor of about 2 (or 3) every
move, so only a few hundred distinct states are ever reached, even from n = m = 10**18.  Each state's value
follows from its children's values by the fundamental recurrence (Cushing et al., equation (1)):

    P(n, m) = 1 - sum over the groups g of the move of (g/n) * P(m, g),

read off :func:`guesswho_lib.rules.outcomes`.  When the strategy is optimal at *every* state, the value
it earns against itself is P(n, m) exactly.  Small states are read from the exact table, which also
double-checks the strategy where both apply (see tests/game/test_huge.py).  The states are followed by the one tree
walker, :func:`guesswho_lib.game.walk.walk`.  Nica's rules need no walk: Theorem 1.1 gives p*(n, m) in closed
form, so ``P(10**400, 10**400, "nica")`` is instant.

How sure is a value?  :func:`P_with_status` says (:data:`~guesswho_lib.game.proven.STATUSES`): read from the
exact table, proven optimal (official and Nica's rules: printed theorems), verified optimal (the strategy was
checked against the exact table at every state of that size), or optimal by conjecture (tripartite and merciful
rules beyond their verified ranges, recorded in :mod:`guesswho_lib.game.proven`).  ``P`` returns the same exact
Fraction and, only in the last case, emits a :class:`~guesswho_lib.game.proven.BeyondVerifiedRangeWarning`.

Limits: boards are followed up to :data:`WALK_LIMIT` (10**500) suspects (a tripartite value there takes a few
seconds; beyond, minutes); Nica's closed form has no limit.

Caching: values found beyond the table are kept for later calls, at most :data:`MEMO_LIMIT` (200,000) board
states in all, the oldest dropped first; the table itself is the solver's shared one.  ``gw.clear_caches()``
empties both.

>>> P(4, 4)
Fraction(9, 16)
>>> P(10**18, 4) == Fraction(4, 10**18)        # Cushing et al., equation (6)
True
>>> P_with_status(3000, 5, "tripartite").status
'optimal by conjecture'
"""

from __future__ import annotations

import itertools
import math
import warnings
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterable

from ..caches import register
from ..rules import LOSE, WIN, check_int, get_rules, step, strategy_move
from .solver import MAX_N, cached_solution
from .proven import CONJECTURE, EXACT, BeyondVerifiedRangeWarning, optimal_strategy_for
from .walk import walk

__all__ = ["P", "P_with_status", "ExactValue", "TABLE_SIZE", "TABLE_SIZE_LIMIT", "MEMO_LIMIT", "WALK_LIMIT",
           "proven_strategy",
           "self_play_value", "equal_pools", "EQUAL_POOLS_LIMIT"]

#: Boards with max(n, m) up to this size are read from the exact table (solved once, then shared).
TABLE_SIZE = 1024
#: The largest ``table_size`` accepted (solving the table grows like N^3; ``gw.solve(N)`` builds a larger table
#: on purpose).
TABLE_SIZE_LIMIT = 2048
#: Strategies are followed on boards with n, m below this (10**500); larger boards are refused (minutes).
WALK_LIMIT = 10 ** 500


def proven_strategy(rules="official") -> Callable:
    """The strategy ``(n, m) -> move`` known to be optimal at every state of ``rules`` (see :mod:`.proven`;
    for the tripartite and merciful rules "known" means verified on boards up to a size, a conjecture beyond).

    Raises ValueError for a rule set without one.

    >>> proven_strategy("official")(24, 24)
    (12, 12)
    """
    known = optimal_strategy_for(rules)
    if known is None:
        raise ValueError(f"no strategy is known to be optimal at every board size under the "
                         f"{get_rules(rules).name!r} rules")
    return known.strategy


def _size(x: int) -> str:
    """x in words that stay short for huge numbers."""
    return str(x) if x < 10 ** 15 else f"a {int(x.bit_length() * math.log10(2)) + 1}-digit number"


@dataclass(frozen=True)
class ExactValue:
    """``gw.P(n, m, rules)`` with how it is known.

    ``P``: the exact probability (a Fraction).  ``status``: one of :data:`~guesswho_lib.game.proven.STATUSES`
    ('exact table', 'proven optimal', 'verified optimal', 'optimal by conjecture').  ``source``: the exact
    solver, or the strategy followed and where it comes from.  ``verified_up_to``: for a strategy that is only
    verified, the largest board size on which it was checked (else None).
    """

    n: int
    m: int
    rules: str
    P: Fraction
    status: str
    source: str
    verified_up_to: int | None = None

    @property
    def optimal_for_sure(self) -> bool:
        """True unless the value's optimality is a conjecture."""
        return self.status != CONJECTURE

    def __str__(self) -> str:
        return f"P({_size(self.n)}, {_size(self.m)}) = {self.P} under the {self.rules!r} rules: {self.explain()}"

    def explain(self) -> str:
        """One sentence: how this value is known."""
        if self.status == EXACT:
            return "read from the exact solver's table (optimal by exhaustive computation)"
        if self.status == CONJECTURE:
            return (f"the exact value of {self.source}, verified optimal only for max(n, m) <= "
                    f"{self.verified_up_to}; that it is optimal here is a conjecture")
        return f"{self.status}: {self.source}" + (
            f" (checked against the exact table for max(n, m) <= {self.verified_up_to})"
            if self.verified_up_to else "")


def P_with_status(n, m, rules="official", *, table_size: int = TABLE_SIZE) -> ExactValue:
    """``gw.P(n, m, rules)`` together with how it is known (an :class:`ExactValue`); never warns.

    >>> v = P_with_status(10**18, 10**18, "tripartite")
    >>> v.status, v.verified_up_to, v.optimal_for_sure
    ('optimal by conjecture', 2187, False)
    >>> P_with_status(24, 24).status, P_with_status(10**6, 7, "nica").status
    ('exact table', 'proven optimal')
    """
    rules = get_rules(rules)
    n = check_int(n, "n", 1)
    m = check_int(m, "m", 1)
    table_size = check_int(table_size, "table_size", 0, TABLE_SIZE_LIMIT)
    rules.terminal_A(n, m)  # raises for the impossible state (1, 1) under the 'nica' rules
    if max(n, m) <= table_size:
        return ExactValue(n, m, rules.name, cached_solution(rules, max(n, m)).P(n, m), EXACT,
                          f"the exact solver's table (N = {max(n, m)})")
    known = optimal_strategy_for(rules)
    if known is None:
        raise ValueError(f"no strategy is known to be optimal under the {rules.name!r} rules, so P(n, m) comes only "
                         f"from the exact table: max(n, m) = {_size(max(n, m))} exceeds table_size = {table_size}; "
                         f"pass table_size up to {TABLE_SIZE_LIMIT} (the largest allowed: a bigger table takes "
                         f"minutes; gw.solve(N) builds one up to {MAX_N} if you mean it)")
    status = known.status_at(n, m)
    if known.closed_form is not None:
        value = known.closed_form(n, m)
    else:
        if max(n, m) >= WALK_LIMIT:
            raise ValueError(f"n and m must be below 10**500 under the {rules.name!r} rules (got "
                             f"{_size(max(n, m))}): beyond that, following the strategy takes minutes (only "
                             f"Nica's rules have a closed form without a limit)")
        value = Fraction(_follow(known.strategy, n, m, rules, table_size), n * m)
    return ExactValue(n, m, rules.name, value, status, known.source, known.verified_up_to)


def P(n, m, rules="official", *, table_size: int = TABLE_SIZE) -> Fraction:
    """Exact probability that the player to move at (n, m) wins under optimal play, for ANY board size.

    n, m : positive integers, as large as you like (10**18 and far beyond; see :data:`WALK_LIMIT`).
    rules : a rule-set name or :class:`~guesswho_lib.rules.Rules`.
    table_size : states with max(n, m) <= table_size are read from the exact solver's table (default
        1024; 0 follows the known strategy all the way down).  Above it the rule set's known optimal
        strategy (:func:`.proven.optimal_strategy_for`) is followed, or Nica's closed form used.  Rule sets
        without one only work up to table_size (at most :data:`TABLE_SIZE_LIMIT` = 2048; a larger
        value is refused at once).

    Official and Nica's rules: proven optimal at every size.  Tripartite and merciful rules: beyond the verified
    range (recorded once, in :mod:`guesswho_lib.game.proven`: ``VERIFIED_TRIPARTITE``, ``VERIFIED_MERCIFUL``) the
    value is exact for the strategy followed, but its optimality is a conjecture: a
    :class:`~guesswho_lib.game.proven.BeyondVerifiedRangeWarning` says so (naming the range), and
    :func:`P_with_status` gives the status.

    >>> P(24, 24)               # the real game: the first player's edge
    Fraction(5, 9)
    >>> P(10**6, 10**6) == P(10**6, 10**6, table_size=0)
    True
    """
    v = P_with_status(n, m, rules, table_size=table_size)
    if v.status == CONJECTURE:
        warnings.warn(f"P({_size(v.n)}, {_size(v.m)}) under the {v.rules!r} rules: {v.explain()} "
                      f"(gw.P_with_status gives the status without this warning)", BeyondVerifiedRangeWarning,
                      stacklevel=2)
    return v.P


def self_play_value(strategy: Callable, n, m, rules="official", *, table_size: int = 0) -> Fraction:
    """The exact chance of the player to move at (n, m) when BOTH players follow ``strategy`` (with states
    max(n, m) <= table_size read from the exact table instead).  This is the walk ``gw.P`` uses beyond the
    table; for Nica's rules it is a second route to the closed form p* (tests/game/test_huge.py compares them).

    >>> from guesswho_lib.papers.nica import nica_bold, p_star
    >>> self_play_value(nica_bold, 10**12, 3 * 10**11, "nica") == p_star(10**12, 3 * 10**11)
    True
    """
    rules = get_rules(rules)
    n = check_int(n, "n", 1, WALK_LIMIT - 1)
    m = check_int(m, "m", 1, WALK_LIMIT - 1)
    table_size = check_int(table_size, "table_size", 0, TABLE_SIZE_LIMIT)
    if not callable(strategy):
        raise TypeError(f"strategy must be a callable (n, m) -> move, got {type(strategy).__name__}")
    rules.terminal_A(n, m)
    return Fraction(_follow(strategy, n, m, rules, table_size), n * m)


#: Values already computed, per (rule set, table size, strategy): state -> A(n, m) = n*m*P(n, m), an integer.  Shared
#: between calls (sweeps over many N revisit the same small states).  Bound: MEMO_LIMIT states in all; after
#: each call the oldest are dropped first (whole rule sets, then the oldest states of the current one).
_MEMO: dict[tuple, dict[tuple[int, int], int]] = {}
MEMO_LIMIT = 200_000


def _memo_size() -> int:
    return sum(len(v) for v in _MEMO.values())


def _trim_memo(current) -> None:
    """Keep at most MEMO_LIMIT states: drop other rule sets' memos (oldest first), then the oldest states."""
    excess = _memo_size() - MEMO_LIMIT
    if excess <= 0:
        return
    for key in [k for k in _MEMO if k != current]:
        if excess <= 0:
            return
        excess -= len(_MEMO.pop(key))
    memo = _MEMO.get(current, {})
    for state in list(memo)[:max(excess, 0)]:   # dicts keep insertion order: the oldest first
        del memo[state]


register("game.any_size: values beyond the table", f"at most {MEMO_LIMIT:,} board states (oldest dropped first)",
         _MEMO.clear, _memo_size)


def _follow(strategy: Callable, n: int, m: int, rules, table_size: int) -> int:
    """A(n, m) = n*m*P(n, m) when both players play ``strategy`` from (n, m), by :func:`.walk.walk`.

    Integer arithmetic: a move's outcome with probability p contributes n*m*p (an integer, since p has
    denominator n) if it wins, and n*m*p - A(m, g) if it leaves the opponent at (m, g) (then p = g/n and
    n*m*p = m*g), exactly A = n*m - sum A(m, g) for a split.
    """
    table = cached_solution(rules, table_size).A if table_size >= 1 else None
    key = (rules, table_size, strategy)
    memo = _MEMO.pop(key, {})
    _MEMO[key] = memo                       # most recently used last
    name = f"the strategy followed under the {rules.name!r} rules"

    def expand(s):
        a, b = s
        t = rules.terminal_A(a, b)
        if t is None and table is not None and a <= table_size and b <= table_size:
            t = int(table[a, b])
        if t is not None:
            return (), lambda value_of: t
        outs = step(a, b, strategy_move(strategy, a, b, rules, name), rules)

        def combine(value_of):
            total = 0
            for p, res in outs:
                w = p * (a * b)             # n*m*p, an integer
                assert w.denominator == 1
                w = w.numerator
                if res is WIN:
                    total += w
                elif res is not LOSE:
                    assert w == res[0] * res[1]  # p = g/n for the opponent's state (m, g)
                    total += w - value_of(res)
            return total

        return [res for _, res in outs if isinstance(res, tuple)], combine

    try:
        return walk((n, m), expand, memo)
    finally:
        _trim_memo(key)


#: At most this many board sizes in one call of :func:`equal_pools`.
EQUAL_POOLS_LIMIT = 10_000


def equal_pools(sizes: Iterable[int], rules="official", **kwargs) -> dict[int, Fraction]:
    """P(N, N) for each N in ``sizes`` (at most :data:`EQUAL_POOLS_LIMIT` sizes): the first mover's chance
    when both start with N suspects.

    >>> equal_pools([1, 2, 4, 24])
    {1: Fraction(1, 1), 2: Fraction(1, 2), 4: Fraction(9, 16), 24: Fraction(5, 9)}
    """
    if isinstance(sizes, (str, bytes)) or not isinstance(sizes, Iterable):
        raise TypeError(f"sizes must be a collection of board sizes (e.g. range(1, 25)), got {type(sizes).__name__}")
    if hasattr(sizes, "__len__"):
        count = f"{len(sizes):,}" if len(sizes) > EQUAL_POOLS_LIMIT else None
    else:                                           # an iterator: read one more than the limit, no further
        sizes = list(itertools.islice(sizes, EQUAL_POOLS_LIMIT + 1))
        count = "more" if len(sizes) > EQUAL_POOLS_LIMIT else None
    if count is not None:
        raise ValueError(f"sizes must hold at most {EQUAL_POOLS_LIMIT:,} board sizes (got {count}); ask for a "
                         "sample, e.g. range(1, 10**7, 1000)")
    return {int(N): P(N, N, rules, **kwargs) for N in sizes}
