"""Walking the tree of a game: exact values of strategies, without recursion.

One walker, :func:`walk`, serves every exact computation that follows strategies through the states they
reach: :func:`evaluate` (strategy against strategy), :func:`best_response_value` (the best reply to a fixed
strategy) and ``gw.P`` beyond the solver's table (:mod:`guesswho_lib.game.any_size`, the proven strategy
against itself).  Each state is expanded once and valued once from its children's values, bottom-up with an
explicit stack, so there is no recursion limit however deep the game goes.

A *strategy* is any callable ``(n, m) -> move``: given the mover's own number of suspects n and the
opponent's m, it returns ``GUESS`` or a tuple of group sizes.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Hashable

from ..rules import check_state, get_rules, legal_moves, step, strategy_move, win_chance

__all__ = ["walk", "evaluate", "best_response_value", "TooManyStates", "EVALUATE_LIMIT"]

#: Positions :func:`evaluate` and :func:`best_response_value` look at, at most (a state expanded counts one,
#: plus one per state it leads to).  A strategy that removes one suspect at a time from (N, N) needs about 14N
#: (N up to about 10,000); the best reply to halving from (N, N) about 5N^2 (N up to about 150).  Larger walks
#: stop with :class:`TooManyStates`.
EVALUATE_LIMIT = 150_000


class TooManyStates(ValueError):
    """A walk reached more states than its limit; it was stopped there (nothing runs on silently)."""


def walk(start: Hashable, expand: Callable, memo: dict | None = None, limit: int | None = None,
         what: str = "the walk"):
    """The value of the state ``start``, computed from the values of the states below it.

    ``expand(state)`` returns ``(children, combine)``: the states one move on, and a function that turns a
    look-up ``value_of(child)`` into the value of ``state``.  A decided state has no children.  Every state is
    expanded and valued once, however many paths reach it.  ``memo``: a dict of values already known, read and
    filled in (share it between walks to reuse their work).  Every move of Guess Who? lowers n + m, so the walk
    ends; a tree with a cycle raises ValueError.  ``limit``: at most this many positions are looked at (each
    state expanded counts one, plus one per child it names), beyond it :class:`TooManyStates` is raised (its
    message starts with ``what``); no limit by default.

    >>> def expand(k):                       # Fibonacci numbers as a tree: k -> k-1, k-2
    ...     if k < 2:
    ...         return (), lambda value_of: k
    ...     return (k - 1, k - 2), lambda value_of: value_of(k - 1) + value_of(k - 2)
    >>> walk(90, expand)                     # 90 levels deep, each state once
    2880067194370816120
    """
    value = {} if memo is None else memo
    if start in value:
        return value[start]
    pending: dict = {}  # states expanded, waiting for their children: exactly the path from start to here
    stack = [start]
    get = value.__getitem__
    looked_at = 0      # states expanded plus the children each names: the work done
    while stack:
        state = stack[-1]
        if state in value:
            stack.pop()
            continue
        node = pending.get(state)
        if node is None:
            node = pending[state] = expand(state)
            looked_at += 1 + len(node[0])
            if limit is not None and looked_at > limit:
                raise TooManyStates(f"{what} needs more than {limit:,} positions looked at (its limit); "
                                    "try a smaller board")
            todo = [c for c in node[0] if c not in value]
            if todo:
                if any(c in pending for c in todo):
                    raise ValueError(f"the game tree has a cycle through the state {state!r}")
                stack.extend(todo)
                continue
        value[state] = node[1](get)
        del pending[state]
        stack.pop()
    return value[start]


def _decided(rules, n: int, m: int):
    """The mover's chance at (n, m) if the game is already decided there (race-to-one rules), else None."""
    t = rules.terminal_A(n, m)
    return None if t is None else Fraction(t, n * m)


def _leaf(v):
    return (), lambda value_of: v


def evaluate(strategy_a, strategy_b, n, m, rules="official") -> Fraction:
    """Exact probability that player A, to move at (n, m), wins when A plays ``strategy_a`` and B plays
    ``strategy_b``.  Both players' secret persons are uniformly random among their remaining suspects.

    Limit: at most :data:`EVALUATE_LIMIT` positions looked at (:class:`TooManyStates` beyond: a strategy
    that removes one suspect at a time is refused above about N = 10,000; halving and the optimal strategy
    reach few states at any N).

    >>> from guesswho_lib import strategies
    >>> evaluate(strategies.optimal(), strategies.halving, 4, 4)   # halving never guesses, even at m = 1
    Fraction(3, 4)
    """
    rules = get_rules(rules)
    n, m = check_state(n, m)
    players = (("strategy_a", strategy_a), ("strategy_b", strategy_b))
    for name, s in players:
        if not callable(s):
            raise TypeError(f"{name} must be a callable (n, m) -> move, got {type(s).__name__}")

    def expand(state):  # state (n, m, who); value: the chance of the player to move (who = 0: A)
        a, b, who = state
        done = _decided(rules, a, b)
        if done is not None:
            return _leaf(done)
        name, strategy = players[who]
        outs = step(a, b, strategy_move(strategy, a, b, rules, name), rules)
        return ([res + (1 - who,) for _, res in outs if isinstance(res, tuple)],
                lambda value_of: win_chance(outs, lambda s: value_of(s + (1 - who,))))

    return walk((n, m, 0), expand, limit=EVALUATE_LIMIT,
                what=f"evaluate from ({n}, {m}): the strategies' game")


def best_response_value(opponent, n, m, rules="official", you_first=False) -> Fraction:
    """Your best possible win probability against a *fixed* strategy ``opponent`` from (n, m).

    With ``you_first=False`` the opponent moves first from (n, m) (its own suspects first).  Against a known,
    fixed strategy you may do better than the optimal (minimax) strategy does: this solves the one-player
    problem exactly, by the recurrence of Cushing et al., equation (1), with the opponent's moves fixed and
    yours the best of all legal moves at every state.

    Limit: at most :data:`EVALUATE_LIMIT` positions looked at (:class:`TooManyStates` beyond; every legal
    move of yours is followed: against halving, up to about N = 170 from (N, N)).

    >>> from guesswho_lib.game.strategies import halving
    >>> best_response_value(halving, 4, 4)         # halving moves first from (4, 4); you reply as well as possible
    Fraction(1, 2)
    """
    rules = get_rules(rules)
    n, m = check_state(n, m)
    if not callable(opponent):
        raise TypeError(f"opponent must be a callable (n, m) -> move, got {type(opponent).__name__}")

    def expand(state):  # state (n, m, you_to_move); value: the chance of the player to move
        a, b, you = state
        done = _decided(rules, a, b)
        if done is not None:
            return _leaf(done)
        moves = (list(legal_moves(a, rules)) if you
                 else [strategy_move(opponent, a, b, rules, "the opponent's strategy")])
        outs = [step(a, b, mv, rules) for mv in moves]
        children = [res + (not you,) for o in outs for _, res in o if isinstance(res, tuple)]
        return children, lambda value_of: max(win_chance(o, lambda s: value_of(s + (not you,))) for o in outs)

    mover = walk((n, m, bool(you_first)), expand, limit=EVALUATE_LIMIT,
                 what=f"best_response_value from ({n}, {m}): the game against this opponent")
    return mover if you_first else 1 - mover
