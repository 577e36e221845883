"""Rule sets as data, and the moves they allow.

A *board state* (n, m) means: the player to move has n suspects left on their own board, the
opponent has m.  A *move* is either ``GUESS`` or a tuple of group sizes in non-decreasing order that
sum to n: ``(1, 3)`` asks "is your person in this group of 1?", and ``(3, 3, 4)`` is a paradox
question with three possible answers (Cushing et al., section 3).

Each rule set is a frozen :class:`Rules` record.  Everything that differs between the variants of the
game is one of its fields; the single solver in :mod:`guesswho_lib.game.solver`, the exact evaluator and
the move checker all read these fields, so a new variant is one more record, not new code.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterator

__all__ = ["GUESS", "Rules", "RULES", "get_rules", "check_state", "check_int", "check_seed", "normalise_move",
           "strategy_move", "legal_moves", "outcomes", "win_chance", "WIN", "LOSE"]


class _Guess:
    """The move 'name one of my suspects'.  There is exactly one instance, ``GUESS``."""

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "GUESS"

    def __reduce__(self):
        return (_Guess, ())


GUESS = _Guess()

# Terminal outcomes, as seen by the player who has just moved.
WIN = "win"
LOSE = "lose"


@dataclass(frozen=True)
class Rules:
    """A rule set of Guess Who?, as data.

    Attributes
    ----------
    name : str
        Short name used in ``gw.RULES`` and on the command line.
    title, source : str
        Human description and the paper it comes from.
    max_parts : int
        A question splits your suspects into 2 groups (yes/no), or into 2 or 3 groups when
        paradox questions are allowed (Cushing et al., section 3).
    guess : str or None
        ``None``: guessing is not a move (Nica).  ``"lose"``: a wrong guess loses the game (official
        rules).  ``"pass"``: a wrong guess removes that suspect and passes the turn ("merciful").
    one_left_wins : bool
        True when a player whose pool drops to one suspect wins at once (Nica, Definition 2.1).
        Otherwise the last suspect must still be named on your next turn.
    """

    name: str
    title: str
    source: str
    max_parts: int
    guess: str | None
    one_left_wins: bool

    def __post_init__(self):
        if self.max_parts not in (2, 3):
            raise ValueError(f"max_parts must be 2 or 3, got {self.max_parts!r}")
        if self.guess not in (None, "lose", "pass"):
            raise ValueError(f"guess must be None, 'lose' or 'pass', got {self.guess!r}")

    def __str__(self) -> str:
        return self.name

    def terminal_A(self, n: int, m: int) -> int | None:
        """n*m*P(n, m) if the game is already decided at (n, m) before anyone moves, else None.

        Only the race-to-one rules have such states: P(1, m) = 1 for m > 1, P(n, 1) = 0 for n > 1
        (Nica, Definition 2.1).  (1, 1) cannot be reached there.
        """
        if self.one_left_wins:
            if n == 1 and m == 1:
                raise ValueError("the state (1, 1) cannot occur under the 'nica' rules: the game ends "
                                 "as soon as one player is down to one suspect")
            if n == 1:
                return m
            if m == 1:
                return 0
        return None


RULES: dict[str, Rules] = {
    r.name: r
    for r in (
        Rules("official", "Official rules: ask a yes/no question or guess; a wrong guess loses",
              "Cushing et al., section 2", max_parts=2, guess="lose", one_left_wins=False),
        Rules("nica", "Race to one: no guessing; one suspect left wins at once",
              "Nica, Definition 2.1", max_parts=2, guess=None, one_left_wins=True),
        Rules("tripartite", "Official rules plus paradox questions with three answers",
              "Cushing et al., section 3 and Appendix A", max_parts=3, guess="lose", one_left_wins=False),
        Rules("merciful", "Official rules, but a wrong guess only removes that suspect and passes the turn",
              "O'Neill, as cited by Cushing et al., section 1", max_parts=2, guess="pass", one_left_wins=False),
    )
}


def get_rules(rules: "str | Rules") -> Rules:
    """Look up a rule set by name (or pass a :class:`Rules` through)."""
    if isinstance(rules, Rules):
        return rules
    if not isinstance(rules, str):
        raise TypeError(f"rules must be a rule-set name (one of {sorted(RULES)}) or a Rules object, "
                        f"got {type(rules).__name__}")
    try:
        return RULES[rules]
    except KeyError:
        raise ValueError(f"unknown rules {rules!r}; choose one of {sorted(RULES)}") from None


def check_int(value, name: str, lo: int = 1, hi: int | None = None) -> int:
    """Return ``value`` as an int if it is an integer in [lo, hi]; otherwise raise a clear error.

    bools are rejected (``True`` is not a number of suspects)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        rng = f"{lo}..{hi}" if hi is not None else f">= {lo}"
        raise TypeError(f"{name} must be an integer ({rng}), got {value!r} of type {type(value).__name__}")
    value = int(value)
    if value < lo or (hi is not None and value > hi):
        rng = f"between {lo} and {hi}" if hi is not None else f"at least {lo}"
        raise ValueError(f"{name} must be {rng}, got {value}")
    return value


def check_seed(seed, name: str = "seed") -> int | None:
    """``seed`` as a plain int (numpy integers included), or None; anything else is refused, naming ``name``.

    Only integers are accepted: a float seed such as ``nan`` would be accepted by :class:`random.Random` but
    does not give the same games twice.

    >>> check_seed(float("nan"))
    Traceback (most recent call last):
    ...
    TypeError: seed must be an integer or None, got nan of type float
    """
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise TypeError(f"{name} must be an integer or None, got {_short_repr(seed)} of type {type(seed).__name__}")
    return int(seed)


def _short_repr(value, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters (an error message never echoes a huge input whole)."""
    r = repr(value)
    return r if len(r) <= limit else r[:limit - 20] + f"... ({len(r)} characters)"


def check_state(n, m, hi: int | None = None) -> tuple[int, int]:
    return check_int(n, "n", 1, hi), check_int(m, "m", 1, hi)


def normalise_move(move, n: int, rules: Rules):
    """Check that ``move`` is legal for a player with n suspects and return it in canonical form.

    Group sizes may be given in any order (a list or tuple of integers); they come back sorted.
    """
    if move is GUESS:
        if rules.guess is None:
            raise ValueError(f"move GUESS is not allowed under the {rules.name!r} rules (no guessing)")
        return GUESS
    if isinstance(move, (str, bytes)) or not hasattr(move, "__iter__"):
        raise TypeError(f"move must be GUESS or a tuple of group sizes summing to n={n}, got {move!r}")
    parts = tuple(move)
    for p in parts:
        if isinstance(p, bool) or not isinstance(p, numbers.Integral):
            raise TypeError(f"move group sizes must be integers, got {move!r}")
    parts = tuple(sorted(int(p) for p in parts))
    if not 2 <= len(parts) <= rules.max_parts:
        allowed = "2" if rules.max_parts == 2 else "2 or 3"
        raise ValueError(f"move {move!r} has {len(parts)} groups; the {rules.name!r} rules allow {allowed}")
    if parts[0] < 1:
        raise ValueError(f"move {move!r}: every group must hold at least one suspect")
    if sum(parts) != n:
        raise ValueError(f"move {move!r}: group sizes must sum to n={n}, they sum to {sum(parts)}")
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
    """Every legal move for a player with n suspects, GUESS first, then splits in lexicographic order."""
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
    """
    res = []
    if move is GUESS:
        res.append((Fraction(1, n), WIN))
        if n > 1:
            wrong = Fraction(n - 1, n)
            res.append((wrong, LOSE if rules.guess == "lose" else (m, n - 1)))
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

    >>> official = RULES["official"]
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
