"""One interface for every game of you against the computer, whatever its board, and one record of a move.

* :class:`Turn`           one move, yours or the computer's, with its exact evaluation: your chance of winning
                          before it, the value of the move played, the best value there, your chance once the answer
                          is known, and the move in words;
* :class:`TwoPlayerGame`  what every game offers a page, a lesson or a review: the state, the questions you can
                          ask, :meth:`~TwoPlayerGame.ask`, :meth:`~TwoPlayerGame.guess`, the result in words,
                          :meth:`~TwoPlayerGame.accounting`: ``now - start = - your_cost + computer_cost + luck``,
                          and "why is this the best move?" (:meth:`~TwoPlayerGame.explain`, and
                          :meth:`~TwoPlayerGame.hint`, which costs nothing but is recorded in ``hints``).

A game can also be played by **two people on one screen** (hot-seat, ``computer="human"``): the computer then
only answers (it knows both secret persons) and grades; "you" is Player 1, the computer's side Player 2, and
:meth:`~TwoPlayerGame.ask` and :meth:`~TwoPlayerGame.guess` play for whoever is to move.

:class:`guesswho_lib.game.play.Game` (numbered suspects, any split) and :class:`guesswho_lib.board.play.BoardGame`
(a board of faces, questions about traits) both implement it, so the play page and the review read one interface.
"""

from __future__ import annotations

import numbers
from abc import ABC, abstractmethod
from dataclasses import dataclass
from fractions import Fraction

from ..rules import check_int, format_fraction, plural

__all__ = ["YOU", "COMPUTER", "HUMAN", "Turn", "TwoPlayerGame"]

YOU = "you"
COMPUTER = "computer"
#: ``computer=HUMAN``: a second person plays the computer's side (hot-seat); the computer only answers and grades.
HUMAN = "human"


@dataclass(frozen=True)
class Turn:
    """One move of a game, with its exact evaluation.

    All probabilities are *your* (the student's) chance of winning with optimal play by both sides from that point
    on, as exact fractions: ``win_before`` before the move, ``move_value`` the value of the move played,
    ``best_value`` the value of the best move there, ``win_after`` once the answer is known (1 or 0 when the game
    is over).  The average of ``win_after`` over the possible answers, weighted by their probabilities, is
    ``move_value`` (Cushing et al., equation (1)).
    """

    number: int
    player: str                 # YOU or COMPUTER
    move: object                # the move as the game's solver knows it: GUESS or group sizes, or a BoardMove
    label: str                  # the move in a few words: "1:3", "guess: Ada", "Does your person wear glasses?"
    groups: tuple               # the suspects (board indices) in each group of the question; a guess: ((named,),)
    answer: str                 # "yes", "no", "in group A", "in group B", "in neither", "right" or "wrong"
    answer_group: int | None    # which of ``groups`` holds the secret (None: a wrong guess)
    state_before: tuple         # (mover's suspects, other player's suspects), as numbers
    sets_before: tuple          # the same two pools, as frozensets of names
    win_before: Fraction
    move_value: Fraction
    best_value: Fraction
    best_moves: tuple           # every best move there, of the same kind as ``move``
    best_text: str              # the best moves in words ("1:3", '"Does your person have brown eyes?" (or 4 ...)')
    win_after: Fraction
    text: str                   # what happened, in a sentence
    named: str | None = None    # a guess: the suspect named
    mover: str = ""             # the mover in words when not "you" / "the computer" ("Player 2" in a hot-seat game)

    @property
    def loss(self) -> Fraction:
        """How much chance of winning the mover gave away with this move (0 for an optimal move)."""
        return abs(self.best_value - self.move_value)

    @property
    def optimal(self) -> bool:
        return self.loss == 0

    @property
    def grade(self) -> str:
        """'optimal', or 'costs you 1/16: best was 1:3' (for the computer's moves: 'costs the computer ...')."""
        if self.optimal:
            return "optimal"
        who = self.mover or ("you" if self.player == YOU else "the computer")
        return f"costs {who} {format_fraction(self.loss)}: best was {self.best_text}"


class TwoPlayerGame(ABC):
    """A game of you against the computer: the one interface of the numbered game and the board of faces.

    A game provides ``rules``, ``names``, ``your_suspects`` and ``computer_suspects`` (board indices),
    ``to_move``, ``winner``, ``history`` (its :class:`Turn` records), ``your_secret``, ``computer_secret``, and the
    methods below marked abstract.  :attr:`asks_from_menu` says how a question is put: False, any group of your
    suspects (``ask(group)``, or ``ask(group, group2)`` for a paradox question); True, one of
    :meth:`question_menu` (``ask(key)``).
    """

    #: True when every question is one of :meth:`question_menu` (questions about traits).
    asks_from_menu: bool = False
    #: What the exact values assume, for the foot of a table of moves.
    values_note: str = ("Probabilities are yours, exact, assuming optimal play by both sides from that point "
                        "(Cushing et al., equation (1)).")

    @abstractmethod
    def win_probability(self) -> Fraction:
        """Your exact chance of winning now, both sides playing optimally from here (1 or 0 once over)."""

    @abstractmethod
    def question_menu(self) -> list:
        """(words, key) for every question you can choose from a menu now (empty when any group may be asked)."""

    @abstractmethod
    def ask(self, question, group2=None) -> Turn:
        """Ask a question; the computer answers and replies at once.  Returns your :class:`Turn`."""

    @abstractmethod
    def guess(self, suspect) -> Turn:
        """Name one of your remaining suspects as the computer's person."""

    @abstractmethod
    def explain(self, turn: Turn | None = None):
        """"Why is this the best move?": an :class:`~guesswho_lib.game.review.Explanation` of the state before
        ``turn`` against the move played there, or (``turn`` None) of the state now for the player to move."""

    @abstractmethod
    def explain_choice(self, turn: Turn, choice=None):
        """"Why is this the best move?" at the state before ``turn``, against ``choice``: any move the mover could
        make there (as the explanation's options hold it, ``option.move``), or None for no move; what choosing
        again at a past position reads (:class:`~guesswho_lib.game.choose_again.ChooseAgain`)."""

    #: The numbers of the moves before which the player to move asked for a hint (:meth:`hint`).
    hints: tuple = ()

    def hint(self):
        """"Why is this the best move?" now, for the player to move: free, but recorded in :attr:`hints` (the
        review marks the next move as played after a hint)."""
        self._check_your_turn()
        explanation = self.explain()
        self.hints = (*self.hints, len(self.history) + 1)
        return explanation

    # ---- who plays ------------------------------------------------------------------------------------
    @property
    def hot_seat(self) -> bool:
        """True when two people play on one screen (``computer="human"``): Player 1 is "you"."""
        return self.computer_name == HUMAN

    def player_name(self, player) -> str:
        """A player in words: "you" and "the computer", or "Player 1" and "Player 2" in a hot-seat game."""
        if self.hot_seat:
            return "Player 1" if player == YOU else "Player 2"
        return "you" if player == YOU else "the computer"

    def _who(self, player) -> str:
        """The player as the subject of a sentence: "You", "The computer", "Player 1"."""
        name = self.player_name(player)
        return name[0].upper() + name[1:]

    def _has(self, player) -> str:
        return f"{self._who(player)} {'have' if player == YOU and not self.hot_seat else 'has'}"

    @property
    def mover_suspects(self) -> list:
        """The suspects (board indices) of the player whose board the page shows: yours, or in a hot-seat game
        those of the player to move."""
        if self.hot_seat and not self.over:
            return self._pools(self.to_move)[0]
        return self.your_suspects

    @property
    def mover_state(self) -> tuple:
        """(suspects of the player to move, the other player's suspects): :attr:`state` seen by the mover."""
        mine, other, _ = self._pools(self.to_move)
        return len(mine), len(other)

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
            n, m = self.state
            if self.hot_seat:
                return (f"Game on: it is {self.player_name(self.to_move)}'s move; Player 1 has "
                        f"{plural(n, 'suspect')} left, Player 2 has {m}.")
            who = "your" if self.to_move == YOU else "the computer's"
            return f"Game on: it is {who} move; you have {plural(n, 'suspect')} left, the computer has {m}."
        secret = self.names[self.computer_secret]
        if self.hot_seat:
            return (f"{self._who(self.winner)} wins! Player 1's person was {self.names[self.your_secret]}, "
                    f"Player 2's was {secret}.")
        if self.winner == YOU:
            return f"You win! The computer's person was {secret}."
        return f"The computer wins. Its person was {secret}; yours was {self.names[self.your_secret]}."

    def _names_of(self, indices) -> frozenset:
        return frozenset(self.names[i] for i in indices)

    def _pools(self, player) -> tuple:
        """(mover's pool, other player's pool, the secret the mover is looking for), pools as lists of indices."""
        if player == YOU:
            return self.your_suspects, self.computer_suspects, self.computer_secret
        return self.computer_suspects, self.your_suspects, self.your_secret

    def _check_your_turn(self):
        if self.over:
            raise ValueError(f"the game is over ({self.result_text()}); start a new game")
        if self.to_move != YOU and not self.hot_seat:
            raise ValueError("it is not your turn")

    def _your_guess(self, suspect) -> int:
        """The board index of the suspect the player to move names in a guess, once it is checked that they may."""
        self._check_your_turn()
        if self.rules.guess is None:
            raise ValueError(f"guessing is not allowed under the {self.rules.name!r} rules: ask questions "
                             "until you are down to one suspect")
        i = self.suspect_index(suspect)
        if i not in self.mover_suspects:
            who = f"{self.player_name(self.to_move)} has" if self.hot_seat else "you have"
            raise ValueError(f"{who} already ruled out {self.names[i]}: guess one of the remaining suspects")
        return i

    def _pass_turn(self, player, left: int):
        if self.rules.one_left_wins and left == 1:
            self.winner = player       # Nica, Definition 2.1: one suspect left wins at once
            return
        self.to_move = COMPUTER if player == YOU else YOU

    def _guess_outcome(self, player, named: int) -> tuple[bool, str]:
        """Play the guess of ``named`` by ``player`` on the pools: (right, what happened in words)."""
        mine, other, secret = self._pools(player)
        who = self._who(player)
        right = named == secret
        text = f"{who} guessed {self.names[named]}: " + ("right!" if right else "wrong.")
        if right:
            self.winner = player
        elif not self.rules.guess.passes(len(mine), len(other)):
            self.winner = COMPUTER if player == YOU else YOU
        else:                                       # the wrong suspect is crossed out and the turn passes
            mine.remove(named)
            text += f" {self.names[named]} is crossed out and the turn passes."
            self._pass_turn(player, len(mine))
        return right, text

    def _your_chance_after(self) -> Fraction:
        """Your chance once a move is over (the other player to move, or the game decided)."""
        return Fraction(int(self.winner == YOU)) if self.over else self.win_probability()
