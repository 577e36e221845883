"""Exact win probabilities for astronomically large boards: P(10**18, 10**18) in milliseconds.

The solver's table costs O(N^3) and stops at a few thousand suspects.  But where a paper *proves* an
optimal strategy, we do not need the table: from (n, m) the proven strategy names one move, that move
leads to at most three states (m, g), and so on.  Pools shrink by a factor of about 2 (or 3) every
move, so only a few hundred distinct states are ever reached, even from n = m = 10**18.  Each state's
value follows from its children's values by the fundamental recurrence (Cushing et al., equation (1)):

    P(n, m) = 1 - sum over the groups g of the move of (g/n) * P(m, g),

read off :func:`guesswho_lib.game.rules.outcomes`.  Because the strategy is optimal at *every* state (a
theorem), the value it earns against itself is P(n, m) exactly.  Small states are read from the exact
table, which also double-checks the theorem where both apply (see tests/test_huge.py).  The states are
followed by the one tree walker, :func:`guesswho_lib.game.walk.walk`.

Caching: values found beyond the table are kept for later calls, at most :data:`MEMO_LIMIT` (200,000) board
states in all, the oldest dropped first; the table itself is the solver's shared one.  ``gw.clear_caches()``
empties both.

>>> P(4, 4)
Fraction(9, 16)
>>> P(10**18, 4) == Fraction(4, 10**18)        # Cushing et al., equation (6)
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Iterable

from ..caches import register
from .rules import LOSE, WIN, check_int, get_rules, outcomes, strategy_move
from .solver import MAX_N, cached_solution
from .proven import optimal_strategy_for
from .walk import walk

__all__ = ["P", "TABLE_SIZE", "MEMO_LIMIT", "proven_strategy", "equal_pools"]

#: Boards with max(n, m) up to this size are read from the exact table (solving it takes under a second).
TABLE_SIZE = 1024


def proven_strategy(rules="official") -> Callable:
    """The strategy ``(n, m) -> move`` known to be optimal at every state of ``rules`` (see :mod:`.proven`).

    Raises ValueError for a rule set without one (the "merciful" rules).

    >>> proven_strategy("official")(24, 24)
    (12, 12)
    """
    known = optimal_strategy_for(rules)
    if known is None:
        raise ValueError(f"no strategy is known to be optimal at every board size under the "
                         f"{get_rules(rules).name!r} rules")
    return known.strategy


def P(n, m, rules="official", *, table_size: int = TABLE_SIZE) -> Fraction:
    """Exact probability that the player to move at (n, m) wins under optimal play, for ANY board size.

    n, m : positive integers, as large as you like (10**18 and far beyond).
    rules : a rule-set name or :class:`~guesswho_lib.game.rules.Rules`.
    table_size : states with max(n, m) <= table_size are read from the exact solver's table (default
        1024; 0 follows the proven strategy all the way down).  Above it the rule set's proven optimal
        strategy (:func:`.proven.optimal_strategy_for`) is followed; rule sets without one ("merciful") only work
        up to table_size (at most ``MAX_N`` = 16384, and the table then costs minutes).

    >>> P(24, 24)               # the real game: the first player's edge
    Fraction(5, 9)
    >>> P(10**6, 10**6) == P(10**6, 10**6, table_size=0)
    True
    """
    rules = get_rules(rules)
    n = check_int(n, "n", 1)
    m = check_int(m, "m", 1)
    table_size = check_int(table_size, "table_size", 0, MAX_N)
    rules.terminal_A(n, m)  # raises for the impossible state (1, 1) under the 'nica' rules
    if max(n, m) <= table_size:
        return cached_solution(rules, max(n, m)).P(n, m)
    if optimal_strategy_for(rules) is None:
        raise ValueError(f"no strategy is known to be optimal under the {rules.name!r} rules, so P(n, m) comes only "
                         f"from the exact table: max(n, m) = {max(n, m)} exceeds table_size = {table_size}; "
                         f"pass table_size up to {MAX_N} (the largest allowed; big tables take minutes)")
    return Fraction(_follow(proven_strategy(rules), n, m, rules, table_size), n * m)


#: Values already computed, per (rule set, table size): state -> A(n, m) = n*m*P(n, m), an integer.  Shared
#: between calls (sweeps over many N revisit the same small states).  Bound: MEMO_LIMIT states in all; after
#: each call the oldest are dropped first (whole rule sets, then the oldest states of the current one).
_MEMO: dict[tuple[object, int], dict[tuple[int, int], int]] = {}
MEMO_LIMIT = 200_000


def _memo_size() -> int:
    return sum(len(v) for v in _MEMO.values())


def _trim_memo(current) -> None:
    """Keep at most MEMO_LIMIT states: drop other rule sets' memos (oldest first), then the oldest states."""
    excess = _memo_size() - MEMO_LIMIT
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
    key = (rules, table_size)
    memo = _MEMO.pop(key, {})
    _MEMO[key] = memo                       # most recently used last
    name = f"the proven strategy for the {rules.name!r} rules"

    def expand(s):
        a, b = s
        t = rules.terminal_A(a, b)
        if t is None and table is not None and a <= table_size and b <= table_size:
            t = int(table[a, b])
        if t is not None:
            return (), lambda value_of: t
        outs = outcomes(a, b, strategy_move(strategy, a, b, rules, name), rules)

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


def equal_pools(sizes: Iterable[int], rules="official", **kwargs) -> dict[int, Fraction]:
    """P(N, N) for each N in ``sizes``: the first mover's chance when both start with N suspects.

    >>> equal_pools([1, 2, 4, 24])
    {1: Fraction(1, 1), 2: Fraction(1, 2), 4: Fraction(9, 16), 24: Fraction(5, 9)}
    """
    return {int(N): P(N, N, rules, **kwargs) for N in sizes}
