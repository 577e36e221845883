"""What every game between you and the computer keeps, whatever its board: whose turn it is, the graded moves,
and skill and luck exactly.  Shared by :class:`guesswho_lib.game.play.Game` (numbered suspects, any split) and
:class:`guesswho_lib.board.play.BoardGame` (a board of faces, questions about traits).

* :class:`GradedMove`   a move's ``loss`` (how much chance it gave away against the best move) and ``optimal``;
* :class:`TwoPlayerGame` turn-keeping, suspects by name or number, the result in words, and
  :meth:`~TwoPlayerGame.accounting`: ``now - start = - your_cost + computer_cost + luck``.

A game using :class:`TwoPlayerGame` provides ``rules``, ``names``, ``your_suspects``, ``computer_suspects``,
``to_move``, ``winner``, ``history`` (its graded moves), ``your_secret``, ``computer_secret`` and
``win_probability()``.
"""

from __future__ import annotations

import numbers
from fractions import Fraction

from ..rules import check_int

__all__ = ["YOU", "COMPUTER", "GradedMove", "TwoPlayerGame"]

YOU = "you"
COMPUTER = "computer"


class GradedMove:
    """A move with ``best_value`` (the best value there) and ``move_value`` (the value of the move played)."""

    @property
    def loss(self) -> Fraction:
        """How much chance of winning the mover gave away with this move (0 for an optimal move)."""
        return abs(self.best_value - self.move_value)

    @property
    def optimal(self) -> bool:
        return self.loss == 0


class TwoPlayerGame:
    """Turn-keeping and exact accounting for a game of you against the computer (see the module docstring)."""

    @property
    def N(self) -> int:
        """The number of suspects on the board."""
        return len(self.names)

    @property
    def state(self) -> tuple:
        """(your suspects, the computer's suspects), as numbers: the board state from your side."""
        return len(self.your_suspects), len(self.computer_suspects)

    @property
    def over(self) -> bool:
        return self.winner is not None

    def accounting(self) -> dict:
        """Where your win probability went: skill versus luck, exactly.

        Each move changes your probability in two steps: choosing the move (from ``win_before`` to
        ``move_value``: minus the mover's cost if it is yours, plus it if it is the computer's) and the
        answer (from ``move_value`` to ``win_after``: luck, zero on average).  Adding up,

            now - start = - your_cost + computer_cost + luck.

        >>> from guesswho_lib.game.play import Game
        >>> g = Game("official", board=4, seed=1)
        >>> _ = g.ask([1, 2])
        >>> a = g.accounting()
        >>> a["your_cost"], a["now"] - a["start"] == -a["your_cost"] + a["computer_cost"] + a["luck"]
        (Fraction(1, 16), True)
        """
        start = self.history[0].win_before if self.history else self.win_probability()
        your_cost = sum((t.loss for t in self.history if t.player == YOU), Fraction(0))
        computer_cost = sum((t.loss for t in self.history if t.player == COMPUTER), Fraction(0))
        luck = sum((t.win_after - t.move_value for t in self.history), Fraction(0))
        return {"start": start, "now": self.win_probability(), "your_cost": your_cost,
                "computer_cost": computer_cost, "luck": luck}

    def suspect_index(self, suspect) -> int:
        """The board index (0-based) of a suspect given by its name (str) or its number (int, from 1)."""
        if isinstance(suspect, str):
            try:
                return self.names.index(suspect)
            except ValueError:
                shown = ", ".join(self.names[:6]) + (", ..." if self.N > 6 else "")
                raise ValueError(f"no suspect called {suspect!r} on this board ({shown})") from None
        if isinstance(suspect, bool) or not isinstance(suspect, numbers.Integral):
            raise TypeError(f"a suspect must be a name (str) or a number 1..{self.N} (int), got {suspect!r}")
        return check_int(suspect, "suspect number", 1, self.N) - 1

    def result_text(self) -> str:
        """Who won and whose person was whom, or whose move it is."""
        if not self.over:
            who = "your" if self.to_move == YOU else "the computer's"
            n, m = self.state
            return f"Game on: it is {who} move; you have {n} suspects left, the computer has {m}."
        secret = self.names[self.computer_secret]
        if self.winner == YOU:
            return f"You win! The computer's person was {secret}."
        return f"The computer wins. Its person was {secret}; yours was {self.names[self.your_secret]}."

    def _check_your_turn(self):
        if self.over:
            raise ValueError(f"the game is over ({self.result_text()}); start a new game")
        if self.to_move != YOU:
            raise ValueError("it is not your turn")

    def _your_guess(self, suspect) -> int:
        """The board index of the suspect you name in a guess, once it is checked that you may guess them."""
        self._check_your_turn()
        if self.rules.guess is None:
            raise ValueError(f"guessing is not allowed under the {self.rules.name!r} rules: ask questions "
                             "until you are down to one suspect")
        i = self.suspect_index(suspect)
        if i not in self.your_suspects:
            raise ValueError(f"you have already ruled out {self.names[i]}: guess one of your remaining suspects")
        return i

    def _pass_turn(self, player, left: int):
        if self.rules.one_left_wins and left == 1:
            self.winner = player       # Nica, Definition 2.1: one suspect left wins at once
            return
        self.to_move = COMPUTER if player == YOU else YOU
