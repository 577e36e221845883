"""Rule sets as data.

A *board state* (n, m) means: the player to move has n suspects left on their own board, the
opponent has m.  A *move* is either ``GUESS`` or a tuple of group sizes in non-decreasing order that
sum to n: ``(1, 3)`` asks "is your person in this group of 1?", and ``(3, 3, 4)`` is a paradox
question with three possible answers (Cushing et al., section 3).

Each rule set is a frozen :class:`Rules` record.  Everything that differs between the variants of the
game is one of its fields; the single solver in :mod:`guesswho_lib.game.solver`, the exact evaluator and
the move checker all read these fields, so a new variant is one more record, not new code.  What a wrong guess
does is the record's :class:`WrongGuess` (its ``guess`` field), which every layer asks: a new kind of wrong guess
is one small subclass, defined wherever it is needed.
"""

from __future__ import annotations

from dataclasses import dataclass

from .arguments import check_flag, short_repr

__all__ = ["GUESS", "Rules", "RULES", "get_rules", "WIN", "LOSE", "WrongGuess", "WRONG_GUESSES"]


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
class WrongGuess:
    """What a wrong guess does: the one place that says.  The solvers (the table, the board), the recurrence to read,
    a game, its review and the widgets all ask :meth:`passes`; a new kind is a subclass that answers it.

    A guess is right with chance 1/n.  When it is wrong, either the guesser loses the game (the official rules,
    Cushing et al., section 2), or the suspect named is crossed out and the turn passes, so that the opponent moves
    at (m, n - 1) (the merciful rules).  Only these two keep n*m*P(n, m) a whole number, which the exact solver
    needs; :meth:`passes` says which of the two happens at each state.
    """

    #: The kind's short name (``Rules(..., guess="lose")`` looks the built-in kinds up by it).
    name = ""

    def passes(self, n, m):
        """True where a wrong guess at (n, m) crosses out the suspect named and passes the turn, False where the
        guesser loses.  ``n`` and ``m`` are whole numbers or numpy arrays of them (the solvers ask about whole
        layers of states at once): write it with operators that work on both, such as ``n > m``."""
        raise NotImplementedError("a kind of wrong guess says where it passes the turn")

    def outcome(self, n: int, m: int):
        """What a wrong guess at (n, m) leads to: ``LOSE``, or the state (m, n - 1) where the opponent moves."""
        return (m, n - 1) if self.passes(n, m) else LOSE

    def ever_passes(self, n: int) -> bool:
        """True if a wrong guess passes the turn at some state with at most n suspects on each side (every subset
        of a board of n characters can then be reached)."""
        return any(bool(self.passes(a, b)) for a in range(2, n + 1) for b in range(1, n + 1))

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class LoseTheGame(WrongGuess):
    """A wrong guess loses the game (the official rules)."""

    name = "lose"

    def passes(self, n, m):
        return False


@dataclass(frozen=True)
class PassTheTurn(WrongGuess):
    """A wrong guess crosses out the suspect named and passes the turn ("merciful")."""

    name = "pass"

    def passes(self, n, m):
        return True


#: The built-in kinds by name: ``Rules(..., guess="lose")`` or ``guess="pass"``.
WRONG_GUESSES = {"lose": LoseTheGame(), "pass": PassTheTurn()}


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
    guess : WrongGuess or None
        ``None``: guessing is not a move (Nica).  Otherwise what a wrong guess does (:class:`WrongGuess`), given
        as one or by its name: ``"lose"``, a wrong guess loses the game (official rules); ``"pass"``, a wrong
        guess removes that suspect and passes the turn ("merciful").
    one_left_wins : bool
        True when a player whose pool drops to one suspect wins at once (Nica, Definition 2.1).
        Otherwise the last suspect must still be named on your next turn.
    """

    name: str
    title: str
    source: str
    max_parts: int
    guess: WrongGuess | None
    one_left_wins: bool

    def __post_init__(self):
        for field in ("name", "title", "source"):
            value = getattr(self, field)
            if not isinstance(value, str) or not value.strip():
                raise TypeError(f"{field} must be a non-empty string, got {short_repr(value)}")
        if isinstance(self.max_parts, bool) or self.max_parts not in (2, 3):
            raise ValueError(f"max_parts must be 2 or 3, got {short_repr(self.max_parts)}")
        if isinstance(self.guess, str) and self.guess in WRONG_GUESSES:
            object.__setattr__(self, "guess", WRONG_GUESSES[self.guess])
        if not (self.guess is None or isinstance(self.guess, WrongGuess)):
            raise ValueError(f"guess must be None, 'lose', 'pass' or a WrongGuess, got {short_repr(self.guess)}")
        check_flag(self.one_left_wins, "one_left_wins")

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


def get_rules(rules: "str | Rules", name: str = "rules") -> Rules:
    """Look up a rule set by name (or pass a :class:`Rules` through); a spec for
    :func:`~guesswho_lib.rules.arguments.checked`."""
    if isinstance(rules, Rules):
        return rules
    if not isinstance(rules, str):
        raise TypeError(f"{name} must be a rule-set name (one of {sorted(RULES)}) or a Rules object, "
                        f"got {type(rules).__name__}")
    try:
        return RULES[rules]
    except KeyError:
        raise ValueError(f"unknown {name} {short_repr(rules)}; choose one of {sorted(RULES)}") from None


