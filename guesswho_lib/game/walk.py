"""Exact strategy-against-strategy evaluation.

A *strategy* is any callable ``(n, m) -> move``: given the mover's own number of suspects n and the
opponent's m, it returns ``GUESS`` or a tuple of group sizes.  :func:`evaluate` follows both strategies
through every state they can reach and sums the probabilities exactly (fractions), so the answer is the
true win probability, not a simulation estimate.
"""

from __future__ import annotations

from fractions import Fraction

from .rules import LOSE, WIN, check_state, get_rules, outcomes, strategy_move

__all__ = ["evaluate"]


def evaluate(strategy_a, strategy_b, n, m, rules="official") -> Fraction:
    """Exact probability that player A, to move at (n, m), wins when A plays ``strategy_a`` and B plays
    ``strategy_b``.  Both players' secret persons are uniformly random among their remaining suspects.

    >>> from guesswho_lib import strategies
    >>> evaluate(strategies.optimal(), strategies.halving, 4, 4)   # halving never guesses, even at m = 1
    Fraction(3, 4)
    """
    rules = get_rules(rules)
    n, m = check_state(n, m)
    for name, s in (("strategy_a", strategy_a), ("strategy_b", strategy_b)):
        if not callable(s):
            raise TypeError(f"{name} must be a callable (n, m) -> move, got {type(s).__name__}")
    strategies = (strategy_a, strategy_b)
    names = ("strategy_a", "strategy_b")

    value: dict[tuple, Fraction] = {}  # (n, m, who) -> P(A wins); who = 0 when A is to move
    plan: dict[tuple, list] = {}       # (n, m, who) -> outcomes of the move chosen there

    def children(key):
        if key not in plan:
            s_n, s_m, who = key
            t = rules.terminal_A(s_n, s_m)
            if t is not None:
                mover_wins = Fraction(t, s_n * s_m)
                value[key] = mover_wins if who == 0 else 1 - mover_wins
                plan[key] = []
                return []
            move = strategy_move(strategies[who], s_n, s_m, rules, names[who])
            plan[key] = outcomes(s_n, s_m, move, rules)
        return [res + (1 - key[2],) for _, res in plan[key] if isinstance(res, tuple)]

    start = (n, m, 0)
    stack = [start]
    while stack:
        key = stack[-1]
        if key in value:
            stack.pop()
            continue
        todo = [c for c in children(key) if c not in value]
        if key in value:  # terminal
            stack.pop()
            continue
        if todo:
            stack.extend(todo)
            continue
        who = key[2]
        total = Fraction(0)
        for p, res in plan[key]:
            if res is WIN:
                total += p if who == 0 else 0
            elif res is LOSE:
                total += p if who == 1 else 0
            else:
                total += p * value[res + (1 - who,)]
        value[key] = total
        stack.pop()
    return value[start]
