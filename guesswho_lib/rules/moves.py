"""The moves a rule set allows and the one step of the game.

* :func:`legal_moves`, :func:`normalise_move`, :func:`strategy_move`: which moves there are, and a move in
  canonical form (group sizes sorted) or a clear error;
* :func:`outcomes` and :func:`win_chance`: what can happen after a move, with its exact probability, and the
  fundamental recurrence (Cushing et al., equation (1)) on top of it;
* :func:`split_A` and :func:`guess_A`: the same recurrence in integers, on a whole table at once.
"""

from __future__ import annotations

import numbers
from fractions import Fraction
from typing import Iterator

import numpy as np

from .arguments import check_int, check_state, short_repr
from .records import GUESS, LOSE, WIN, Rules, get_rules

#: Largest n for which :func:`legal_moves` lists the moves.
MAX_MOVES_N = 10_000

__all__ = ["MAX_MOVES_N", "normalise_move", "strategy_move", "legal_moves", "outcomes", "step", "win_chance", "split_A",
           "guess_A"]


def normalise_move(move, n: int, rules: Rules):
    """Check that ``move`` is legal for a player with n suspects and return it in canonical form.

    Group sizes may be given in any order (a list or tuple of integers); they come back sorted.
    """
    n, rules = check_int(n, "n"), get_rules(rules)
    if move is GUESS:
        if rules.guess is None or (n == 1 and rules.one_left_wins):
            raise ValueError(f"move GUESS is not allowed under the {rules.name!r} rules (no guessing)")
        return GUESS
    if isinstance(move, (str, bytes)) or not hasattr(move, "__iter__"):
        raise TypeError(f"move must be GUESS or a tuple of group sizes summing to n={n}, got {short_repr(move)}")
    parts = tuple(move)
    for p in parts:
        if isinstance(p, bool) or not isinstance(p, numbers.Integral):
            raise TypeError(f"move group sizes must be integers, got {short_repr(move)}")
    parts = tuple(sorted(int(p) for p in parts))
    if not 2 <= len(parts) <= rules.max_parts:
        allowed = "2" if rules.max_parts == 2 else "2 or 3"
        raise ValueError(f"move {short_repr(move)} has {len(parts)} groups; the {rules.name!r} rules allow {allowed}")
    if parts[0] < 1:
        raise ValueError(f"move {short_repr(move)}: every group must hold at least one suspect")
    if sum(parts) != n:
        raise ValueError(f"move {short_repr(move)}: group sizes must sum to n={n}, they sum to {sum(parts)}")
    return parts


def strategy_move(strategy, n: int, m: int, rules: Rules, name: str = "the strategy"):
    """Ask ``strategy`` for its move at (n, m) and return it in canonical form; an illegal move raises a
    ValueError that names the strategy and the state."""
    raw = strategy(n, m)
    try:
        return normalise_move(raw, n, rules)
    except (TypeError, ValueError) as e:
        raise ValueError(f"{name} returned an illegal move {raw!r} at state ({n}, {m}) "
                         f"under the {rules.name!r} rules: {e}") from None


def legal_moves(n: int, rules: Rules) -> Iterator:
    """Every legal move for a player with n suspects, GUESS first, then splits in lexicographic order.

    Up to ``n = 10**4`` (the three-way splits of n number about n**2 / 12)."""
    return _legal_moves(check_int(n, "n", 1, MAX_MOVES_N), get_rules(rules))


def _legal_moves(n, rules):
    if rules.guess is not None:
        yield GUESS
    for a in range(1, n // 2 + 1):
        yield (a, n - a)
    if rules.max_parts == 3:
        for a in range(1, n // 3 + 1):
            for b in range(a, (n - a) // 2 + 1):
                yield (a, b, n - a - b)


def outcomes(n: int, m: int, move, rules: Rules):
    """What can happen after ``move`` at (n, m): a list of (probability, result).

    ``result`` is WIN or LOSE (for the mover) or a state (m, k) where the *opponent* is to move.
    This is the elementary-probability step behind the fundamental recurrence (Cushing et al.,
    equation (1)): each group of size g is where the opponent's person is with probability g/n.

    >>> outcomes(4, 4, (1, 3), "official")
    [(Fraction(1, 4), (4, 1)), (Fraction(3, 4), (4, 3))]
    """
    (n, m), rules = check_state(n, m), get_rules(rules)
    if rules.one_left_wins and (n == 1 or m == 1):
        raise ValueError(f"the game is already over at ({n}, {m}) under the {rules.name!r} rules: whoever is down "
                         "to one suspect has won")
    return step(n, m, normalise_move(move, n, rules), rules)


def step(n: int, m: int, move, rules: Rules):
    """:func:`outcomes` for arguments already checked (a legal move in canonical form): the solver and the
    walkers call it in their inner loops."""
    res = []
    if move is GUESS:
        res.append((Fraction(1, n), WIN))
        if n > 1:
            res.append((Fraction(n - 1, n), rules.guess.outcome(n, m)))
        return res
    for g in move:
        if rules.one_left_wins and g == 1:
            res.append((Fraction(1, n), WIN))
        else:
            res.append((Fraction(g, n), (m, g)))
    return res


def win_chance(outs, P) -> Fraction:
    """The mover's exact chance of winning after a move whose outcomes are ``outs`` (from :func:`outcomes`),
    when ``P(state)`` is the chance of the player to move at ``state``.

    This is the fundamental recurrence (Cushing et al., equation (1)): the sum of p over the outcomes that
    win, plus p (1 - P(m, g)) over the states (m, g) handed to the opponent.

    >>> official = get_rules("official")
    >>> win_chance(outcomes(4, 4, (1, 3), official), {(4, 1): Fraction(1, 4), (4, 3): Fraction(1, 2)}.get)
    Fraction(9, 16)
    """
    total = Fraction(0)
    for p, res in outs:
        if res is WIN:
            total += p
        elif res is not LOSE:
            total += p * (1 - P(res))
    return total


def split_A(A, n, m, groups):
    """``n*m`` times the exact value of the question splitting ``n`` suspects into ``groups`` at ``(n, m)``,
    the opponent then playing optimally: ``A(n, m) = n*m - sum_i A(m, g_i)`` (Cushing et al., equation (1)).

    ``A`` is a table with ``A[n, m] = n*m*P(n, m)``; ``n``, ``m`` and each group may be numpy arrays (they
    broadcast), so the one formula serves single moves and whole-table checks alike.  Under the 'nica' rules
    ``A[m, 1] = 0`` for m >= 2 (a group of one wins outright), as the formula needs.

    >>> A = np.array([[0, 0, 0, 0, 0], [0, 1, 2, 3, 4], [0, 1, 2, 4, 6], [0, 1, 3, 5, 7], [0, 1, 4, 6, 9]])
    >>> int(split_A(A, 4, 4, (1, 3))), int(split_A(A, 4, 4, (2, 2)))    # the official rules' A(n, m), n, m <= 4
    (9, 8)
    """
    total = n * m
    for g in groups:
        total = total - np.asarray(A[m, g], dtype=np.int64)
    return total


def guess_A(A, n, m, rules: Rules):
    """``n*m`` times the exact value of a guess at ``(n, m)``, the opponent then playing optimally: right with
    chance 1/n (``A = m``), and, where a wrong guess passes the turn (:meth:`~.records.WrongGuess.passes`), the
    opponent's (m, n - 1) added: ``A = n*m - A(m, n - 1)``.  ``n`` and ``m`` are numpy arrays, as in :func:`split_A`.

    >>> A = np.array([[0, 0, 0], [0, 1, 2], [0, 1, 2]])      # A(n, m) for n, m <= 2 (A(2, 1) = 1 under both rules)
    >>> two = np.array([2])
    >>> guess_A(A, two, two, get_rules("official")), guess_A(A, two, two, get_rules("merciful"))
    (array([2]), array([3]))
    """
    passes = rules.guess.passes(n, m)
    if not np.any(passes):
        return np.array(m, copy=True)
    return np.where(passes, n * m - A[m, n - 1], m)
