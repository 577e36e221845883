"""Play a whole game of Guess Who? against the computer, with every move graded exactly.

Two layers (model/view split):

* :class:`Game` holds the whole state of one game and all its rules: both boards, both secret persons,
  whose turn it is, the history.  You move with :meth:`Game.ask` (one group: a yes/no question; two
  groups: a paradox question with three answers, tripartite rules only) or :meth:`Game.guess`; the
  computer answers truthfully for its secret person and replies at once with its own move.  After every
  move the game records, as exact fractions, your win probability before the move, the value of the
  move, the best value you could have had, and your win probability once the answer is known.  These
  are the values of optimal play by both sides from the exact solver (Cushing et al., equation (1)).
* :class:`PlayModel` adds what a click-driven page needs: the current selection of suspects, the
  settings for a new game and the last message; it renders the page's text as HTML.  It is tested
  without a browser.  :class:`PlayWidget` (ipywidgets) only shows a :class:`PlayModel` and forwards clicks.

>>> g = Game("official", board=4, seed=1)
>>> g.state                                  # (your suspects, the computer's suspects)
(4, 4)
>>> g.win_probability()
Fraction(9, 16)
>>> turn = g.ask([1, 2])                     # halving at (4, 4) is a mistake (Cushing et al., Thm 2.1)
>>> turn.grade
'costs you 1/16: best was 1:3'
"""

from __future__ import annotations

import html
import numbers
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Sequence

from . import strategies as _strategies
from .rules import GUESS, Rules, check_int, get_rules, legal_moves, normalise_move, strategy_move
from .solver import cached_solution

__all__ = ["Game", "Turn", "PlayModel", "PlayWidget", "format_move", "format_fraction", "settings_from_query",
           "character_board_available", "MAX_BOARD"]

YOU = "you"
COMPUTER = "computer"

#: Largest numbered board a game accepts (the widget shows one button per suspect).
MAX_BOARD = 100

_GROUP_NAMES = ("A", "B")
_CELL = "padding:2px 10px; text-align:left; border-bottom:1px solid #ddd"


def format_move(move) -> str:
    """'guess' for a guess, '1:3' for a question splitting the suspects into groups of 1 and 3.

    >>> format_move((1, 3)), format_move((3, 3, 4)), format_move(GUESS)
    ('1:3', '3:3:4', 'guess')
    """
    return "guess" if move is GUESS else ":".join(map(str, move))


def format_fraction(x: Fraction) -> str:
    """A fraction as a short string: '9/16', '1', '0'.

    >>> format_fraction(Fraction(9, 16)), format_fraction(Fraction(1))
    ('9/16', '1')
    """
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def character_board_available() -> bool:
    """True when the 24-character board (``guesswho_lib.imperfect.board``) is installed."""
    try:
        _load_character_board()
    except ImportError:
        return False
    return True


def _load_character_board():
    from .imperfect.board import load_board  # imported lazily: an optional part of the library

    return load_board()


def _character_names_and_traits(board):
    """(names, {trait: frozenset of suspect indices}) from a :class:`~guesswho_lib.imperfect.board.Board`."""
    names = [str(x) for x in board.names]
    traits = {str(t): frozenset(board.index(x) for x in board.with_trait(t)) for t in board.traits}
    return names, traits


@dataclass(frozen=True)
class Turn:
    """One move of the game, with its exact evaluation.

    All probabilities are *your* (the student's) win probability under optimal play by both sides from
    that point on, as exact fractions.  ``move_value`` is the value of the move before the answer is
    known; ``best_value`` the value of the best move there; ``win_after`` your probability once the
    answer is known (1 or 0 when the game is over).  The average of ``win_after`` over the possible
    answers, weighted by their probabilities, is ``move_value``.
    """

    number: int
    player: str                         # "you" or "computer"
    move: object                        # GUESS or a tuple of group sizes
    groups: tuple                       # suspect indices of each group asked about (a guess: ((named,),))
    answer: int | None                  # index in ``groups`` of the group holding the secret; None: wrong guess
    state_before: tuple                 # (mover's suspects, other player's suspects)
    win_before: Fraction
    move_value: Fraction
    best_value: Fraction
    best_moves: tuple
    win_after: Fraction
    text: str

    @property
    def loss(self) -> Fraction:
        """How much win probability the mover gave away with this move (0 for an optimal move)."""
        return abs(self.best_value - self.move_value)

    @property
    def optimal(self) -> bool:
        return self.loss == 0

    @property
    def grade(self) -> str:
        """'optimal', or 'costs you 1/16: best was 1:3' (for the computer's moves: 'costs the computer ...')."""
        if self.optimal:
            return "optimal"
        who = "you" if self.player == YOU else "the computer"
        best = " or ".join(format_move(m) for m in self.best_moves[:4])
        if len(self.best_moves) > 4:
            best += " or ..."
        return f"costs {who} {format_fraction(self.loss)}: best was {best}"


class Game:
    """One game of Guess Who? between you (the student) and the computer.

    Parameters
    ----------
    rules : "official", "nica", "tripartite", "merciful" (or a :class:`~guesswho_lib.rules.Rules`)
    board : int or "characters"
        A plain numbered board with that many suspects (2..100), or the 24-character board of
        :mod:`guesswho_lib.imperfect.board` (its traits can be used to pick groups).
    computer : "optimal", "halving" or a strategy ``(n, m) -> move``
        How the computer chooses its moves.  "optimal" breaks ties at random (seeded).
    you_first : bool
        Whether you make the first move.
    seed : int or None
        Seeds both secret persons, the computer's choices of groups and its tie-breaks.

    Suspects are named by their label (a string, e.g. ``"7"`` or a character's name) or by their
    number on the board (an int, counted from 1 in board order).
    """

    def __init__(self, rules="official", board=24, computer="optimal", you_first=True, seed=None):
        self.rules: Rules = get_rules(rules)
        self._board = None
        self.names, self.traits = self._make_board(board)
        self.board = board
        N = len(self.names)
        self.seed = seed
        self._rng = random.Random(seed)
        self.computer_name, self._computer = self._make_computer(computer)
        self.solution = cached_solution(self.rules, N)
        self.your_secret = self._rng.randrange(N)       # the computer must find this one
        self.computer_secret = self._rng.randrange(N)   # you must find this one
        self.your_suspects: list[int] = list(range(N))       # who the computer's secret may still be
        self.computer_suspects: list[int] = list(range(N))   # who your secret may still be (computer's view)
        self.to_move = YOU if you_first else COMPUTER
        self.winner: str | None = None
        self.history: list[Turn] = []
        if not you_first:
            self._computer_moves()

    # ---- setting up ---------------------------------------------------------------------------------
    def _make_board(self, board):
        if isinstance(board, str):
            if board != "characters":
                raise ValueError(f"board must be a number of suspects (2..{MAX_BOARD}) or 'characters', "
                                 f"got {board!r}")
            try:
                b = _load_character_board()
            except ImportError as e:
                raise ValueError("board='characters' needs guesswho_lib.imperfect.board, which is not "
                                 f"available ({e}); use a numbered board such as board=24") from None
            self._board = b
            return _character_names_and_traits(b)
        N = check_int(board, "board", 2, MAX_BOARD)
        return [str(i) for i in range(1, N + 1)], {}

    def _make_computer(self, computer):
        if computer == "optimal":
            seed = self._rng.randrange(2**32)
            return "optimal", _strategies.optimal(self.rules, seed=seed)
        if computer == "halving":
            return "halving", _strategies.halving
        if isinstance(computer, str):
            raise ValueError(f"computer must be 'optimal', 'halving' or a strategy (n, m) -> move, got {computer!r}")
        if not callable(computer):
            raise TypeError(f"computer must be 'optimal', 'halving' or a callable strategy (n, m) -> move, "
                            f"got {type(computer).__name__}")
        return getattr(computer, "__name__", "custom strategy"), computer

    # ---- reading the state --------------------------------------------------------------------------
    @property
    def N(self) -> int:
        return len(self.names)

    @property
    def state(self) -> tuple:
        """(your suspects, the computer's suspects): the board state from your side."""
        return len(self.your_suspects), len(self.computer_suspects)

    @property
    def over(self) -> bool:
        return self.winner is not None

    def win_probability(self) -> Fraction:
        """Your exact win probability now, both sides playing optimally from here (1 or 0 once over)."""
        if self.over:
            return Fraction(int(self.winner == YOU))
        n, m = self.state
        if self.to_move == YOU:
            return self.solution.P(n, m)
        return 1 - self.solution.P(m, n)

    def best_moves(self) -> tuple:
        """Your optimal moves now (as group sizes or GUESS)."""
        self._check_your_turn()
        return self.solution.optimal_moves(*self.state)

    def move_values(self) -> dict:
        """Every legal move of yours now with its exact value (your win probability if you play it)."""
        self._check_your_turn()
        n, m = self.state
        return {mv: self.solution.value(n, m, mv) for mv in legal_moves(n, self.rules)}

    def accounting(self) -> dict:
        """Where your win probability went: skill versus luck, exactly.

        Each move changes your probability in two steps: choosing the move (from ``win_before`` to
        ``move_value``: minus the mover's cost if it is yours, plus it if it is the computer's) and the
        answer (from ``move_value`` to ``win_after``: luck, zero on average).  Adding up,

            now - start = - your_cost + computer_cost + luck.

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

    def name(self, suspect: int) -> str:
        return self.names[suspect]

    def suspect_index(self, suspect) -> int:
        """The board index (0-based) of a suspect given by its label (str) or its number (int, from 1)."""
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
        if not self.over:
            who = "your" if self.to_move == YOU else "the computer's"
            n, m = self.state
            return f"Game on: it is {who} move; you have {n} suspects left, the computer has {m}."
        secret = self.names[self.computer_secret]
        if self.winner == YOU:
            return f"You win! The computer's person was {secret}."
        return f"The computer wins. Its person was {secret}; yours was {self.names[self.your_secret]}."

    # ---- your moves ---------------------------------------------------------------------------------
    def _check_your_turn(self):
        if self.over:
            raise ValueError(f"the game is over ({self.result_text()}); start a new game")
        if self.to_move != YOU:
            raise ValueError("it is not your turn")

    def _group(self, group, what: str) -> tuple:
        if isinstance(group, (str, bytes)) or not hasattr(group, "__iter__"):
            raise TypeError(f"{what} must be a list of suspects (names or numbers), got {group!r}")
        idx = [self.suspect_index(s) for s in group]
        if len(set(idx)) != len(idx):
            raise ValueError(f"{what} names a suspect twice")
        if not idx:
            raise ValueError(f"{what} is empty: pick at least one of your remaining suspects")
        pool = set(self.your_suspects)
        gone = [self.names[i] for i in idx if i not in pool]
        if gone:
            raise ValueError(f"{what} contains suspects you have already ruled out: {', '.join(gone)}")
        return tuple(sorted(idx))

    def ask(self, group: Sequence, group2: Sequence | None = None) -> Turn:
        """Ask "is your person in ``group``?" (yes/no), or, under the tripartite rules, the paradox
        question "is your person in ``group``, in ``group2``, or in neither?" (Cushing et al., section 3).

        Groups are lists of your remaining suspects.  Returns your :class:`Turn`; the computer's reply,
        if the game goes on, is then the last entry of :attr:`history`.
        """
        self._check_your_turn()
        n, m = self.state
        if n == 1:
            raise ValueError("you have one suspect left: there is nothing to ask; name them with guess()")
        g1 = self._group(group, "group")
        groups = [g1]
        if group2 is not None:
            if self.rules.max_parts < 3:
                raise ValueError(f"a second group (a paradox question) is only allowed under the 'tripartite' "
                                 f"rules, not under {self.rules.name!r}")
            g2 = self._group(group2, "group2")
            both = set(g1) & set(g2)
            if both:
                raise ValueError("group and group2 overlap: "
                                 + ", ".join(self.names[i] for i in sorted(both)))
            groups.append(g2)
        chosen = set().union(*groups)
        rest = tuple(i for i in self.your_suspects if i not in chosen)
        if not rest:
            if len(groups) == 1:
                raise ValueError("the group holds all your remaining suspects, so the answer would tell you "
                                 "nothing: leave at least one out")
            raise ValueError("group and group2 hold all your remaining suspects, so the third answer "
                             "('neither') is impossible: leave at least one out, or ask a yes/no question")
        groups.append(rest)
        move = normalise_move([len(g) for g in groups], n, self.rules)
        return self._play_question(YOU, groups, move)

    def guess(self, suspect) -> Turn:
        """Name one of your remaining suspects as the computer's person."""
        self._check_your_turn()
        if self.rules.guess is None:
            raise ValueError(f"guessing is not allowed under the {self.rules.name!r} rules: ask questions "
                             "until you are down to one suspect")
        i = self.suspect_index(suspect)
        if i not in self.your_suspects:
            raise ValueError(f"you have already ruled out {self.names[i]}: guess one of your remaining suspects")
        return self._play_guess(YOU, i)

    # ---- playing a move (either player) -------------------------------------------------------------
    def _pools(self, player):
        """(mover's pool, other's pool, the secret the mover is looking for)."""
        if player == YOU:
            return self.your_suspects, self.computer_suspects, self.computer_secret
        return self.computer_suspects, self.your_suspects, self.your_secret

    def _evaluate(self, player, move):
        """(win_before, move_value, best_value, best_moves) from the student's side."""
        mine, other, _ = self._pools(player)
        n, m = len(mine), len(other)
        t = self.solution
        before, value, best = t.P(n, m), t.value(n, m, move), t.P(n, m)
        if player == COMPUTER:
            before, value, best = 1 - before, 1 - value, 1 - best
        return before, value, best, t.optimal_moves(n, m)

    def _after(self, player) -> Fraction:
        """The student's win probability once the move is over (the other player to move)."""
        if self.over:
            return Fraction(int(self.winner == YOU))
        return self.win_probability()

    def _play_question(self, player, groups, move) -> Turn:
        before, value, best, best_moves = self._evaluate(player, move)
        mine, other, secret = self._pools(player)
        n, m = len(mine), len(other)
        answer = next(k for k, g in enumerate(groups) if secret in g)
        mine[:] = sorted(groups[answer])
        self._pass_turn(player, len(mine))
        turn = Turn(len(self.history) + 1, player, move, tuple(groups), answer, (n, m), before, value, best,
                    best_moves, self._after(player), self._question_text(player, groups, answer))
        self.history.append(turn)
        return turn

    def _play_guess(self, player, named) -> Turn:
        move = GUESS
        before, value, best, best_moves = self._evaluate(player, move)
        mine, other, secret = self._pools(player)
        n, m = len(mine), len(other)
        right = named == secret
        if right:
            self.winner = player
        elif self.rules.guess == "lose":
            self.winner = YOU if player == COMPUTER else COMPUTER
        else:  # "pass": the wrong suspect is crossed out and the turn passes
            mine.remove(named)
            self._pass_turn(player, len(mine))
        who = "You" if player == YOU else "The computer"
        text = f"{who} guessed {self.names[named]}: " + ("right!" if right else "wrong.")
        if not right and not self.over:
            text += f" {self.names[named]} is crossed out and the turn passes."
        turn = Turn(len(self.history) + 1, player, move, ((named,),), 0 if right else None, (n, m),
                    before, value, best, best_moves, self._after(player), text)
        self.history.append(turn)
        return turn

    def _pass_turn(self, player, left: int):
        if self.rules.one_left_wins and left == 1:
            self.winner = player   # Nica, Definition 2.1: one suspect left wins at once
            return
        self.to_move = COMPUTER if player == YOU else YOU

    def _names(self, group) -> str:
        return ", ".join(self.names[i] for i in group)

    def _question_text(self, player, groups, answer) -> str:
        if player == YOU:
            q = "You asked"
            whose = "its person"
        else:
            q = "The computer asked"
            whose = "your person"
        if len(groups) == 2:
            ans = "yes" if answer == 0 else "no"
            trait = self._trait_of(groups[0], groups[0] + groups[1])
            if trait is not None:
                text = (f"{q} whether {whose} {self._board.phrase(trait)} ({self._names(groups[0])}). "
                        f"Answer: {ans}.")
            else:
                text = f"{q}: is {whose} one of {self._names(groups[0])}? Answer: {ans}."
        else:
            ans = ("in group A", "in group B", "in neither")[answer]
            text = (f"{q} a paradox question: is {whose} in group A ({self._names(groups[0])}), "
                    f"in group B ({self._names(groups[1])}), or in neither? Answer: {ans}.")
        left = len(groups[answer])
        if player == YOU:
            text += f" You have {left} suspect{'s' if left != 1 else ''} left."
        else:
            text += f" The computer has {left} suspect{'s' if left != 1 else ''} left."
        return text

    def _trait_of(self, group, pool):
        """A trait that picks out exactly ``group`` among ``pool`` (character board), or None."""
        pool, group = set(pool), set(group)
        for trait, having in self.traits.items():
            if having & pool == group:
                return trait
        return None

    def _computer_moves(self):
        n, m = len(self.computer_suspects), len(self.your_suspects)
        move = strategy_move(self._computer, n, m, self.rules, f"the computer's strategy {self.computer_name!r}")
        if move is GUESS:
            return self._play_guess(COMPUTER, self._rng.choice(self.computer_suspects))
        pool = list(self.computer_suspects)
        if len(move) == 2 and self.traits:
            # On the character board, ask about a trait when one splits the suspects in the chosen sizes.
            traits = sorted(self.traits)
            self._rng.shuffle(traits)
            for trait in traits:
                having = sorted(self.traits[trait] & set(pool))
                if len(having) in move:
                    rest = tuple(i for i in pool if i not in having)
                    return self._play_question(COMPUTER, [tuple(having), rest], move)
        self._rng.shuffle(pool)
        groups, k = [], 0
        for size in move:
            groups.append(tuple(sorted(pool[k:k + size])))
            k += size
        return self._play_question(COMPUTER, groups, move)

    def _after_your_move(self):
        if not self.over and self.to_move == COMPUTER:
            self._computer_moves()

    # the public moves also trigger the computer's reply
    def _wrap(method):  # noqa: N805 - a small decorator used only in this class body
        def inner(self, *args, **kwargs):
            turn = method(self, *args, **kwargs)
            self._after_your_move()
            return turn
        inner.__name__ = method.__name__
        inner.__doc__ = method.__doc__
        return inner

    ask = _wrap(ask)
    guess = _wrap(guess)
    del _wrap

    def __repr__(self) -> str:
        return (f"Game(rules={self.rules.name!r}, board={self.board!r}, computer={self.computer_name!r}, "
                f"state={self.state}, to_move={self.to_move!r}, winner={self.winner!r})")


# ==== the click-driven model ================================================================================

BOARD_CHOICES = ("numbered", "characters")


@dataclass
class PlayModel:
    """Everything the play page shows and does, without any widgets (tested headless).

    ``selection[k]`` is the set of suspects (board indices) in group k (k = 0 for group A, 1 for group B;
    group B only under the tripartite rules).  Clicks arrive as :meth:`click` (a suspect), :meth:`ask`,
    :meth:`guess`, :meth:`clear` and :meth:`new_game`; errors become a message rather than an exception.
    """

    rules: str = "official"
    board: object = 24
    computer: str = "optimal"
    you_first: bool = True
    seed: int | None = None
    game: Game = field(init=False)
    selection: list = field(init=False)
    active_group: int = 0
    message: str = ""
    error: bool = False

    def __post_init__(self):
        self.new_game()

    def new_game(self, rules=None, board=None, computer=None, you_first=None, seed="keep"):
        """Start a new game (arguments left out keep their current setting)."""
        rules = self.rules if rules is None else rules
        board = self.board if board is None else board
        computer = self.computer if computer is None else computer
        you_first = self.you_first if you_first is None else you_first
        seed = self.seed if seed == "keep" else seed
        game = Game(rules, board, computer, you_first, seed)  # raises on bad settings; keep the old game then
        self.rules, self.board, self.computer, self.you_first, self.seed = (
            game.rules.name, board, computer, you_first, seed)
        self.game = game
        self.selection = [set(), set()]
        self.active_group = 0
        self._say("New game. " + self._turn_hint())
        if self.game.history:
            self._say(self.game.history[-1].text + " " + self._turn_hint())

    # ---- clicks ---------------------------------------------------------------------------------------
    def _say(self, text, error=False):
        self.message, self.error = text, error

    def _turn_hint(self) -> str:
        g = self.game
        if g.over:
            return g.result_text()
        if g.state[0] == 1:
            return "You have one suspect left: select them and press Guess."
        if g.rules.max_parts == 3:
            return ("Select a group of suspects and press Ask (a yes/no question), or fill group A and group B "
                    "for a paradox question" + (", or select one and press Guess." if g.rules.guess else "."))
        if g.rules.guess is None:
            return "Select a group of suspects and press Ask (no guessing under these rules)."
        return "Select a group of suspects and press Ask, or select one and press Guess."

    @property
    def paradox_allowed(self) -> bool:
        return self.game.rules.max_parts == 3

    def set_group(self, k: int):
        """Choose which group the next clicks fill (0 = A, 1 = B; B only under tripartite rules)."""
        k = check_int(k, "group", 0, 1 if self.paradox_allowed else 0)
        self.active_group = k

    def click(self, suspect):
        """Put a suspect into the active group, or take it out again if it is already there."""
        g = self.game
        try:
            i = g.suspect_index(suspect)
        except (TypeError, ValueError) as e:
            self._say(str(e), error=True)
            return
        if i not in g.your_suspects:
            self._say(f"{g.names[i]} is already ruled out.", error=True)
            return
        sel, other = self.selection[self.active_group], self.selection[1 - self.active_group]
        if i in sel:
            sel.remove(i)
        else:
            other.discard(i)
            sel.add(i)
        self._say(self._selection_text())

    def select_trait(self, trait: str):
        """Put every remaining suspect with ``trait`` (character board) into the active group."""
        if trait not in self.game.traits:
            self._say(f"unknown trait {trait!r}; this board has: {', '.join(sorted(self.game.traits)) or 'none'}",
                      error=True)
            return
        sel, other = self.selection[self.active_group], self.selection[1 - self.active_group]
        for i in self.game.traits[trait]:
            if i in self.game.your_suspects:
                sel.add(i)
                other.discard(i)
        self._say(self._selection_text())

    def clear(self):
        self.selection = [set(), set()]
        self._say("Selection cleared. " + self._turn_hint())

    def _selection_text(self) -> str:
        a, b = self.selection
        text = f"Group A: {len(a)} selected"
        if self.paradox_allowed:
            text += f", group B: {len(b)} selected"
        return text + "."

    def _after_move(self, turn: Turn):
        self.selection = [set(), set()]
        self.active_group = 0
        g = self.game
        parts = [f"{turn.text} Your move: {turn.grade}. Your chance of winning: "
                 f"{format_fraction(turn.win_before)} before it, {format_fraction(turn.win_after)} after the answer."]
        later = [t for t in g.history if t.number > turn.number]
        parts += [t.text for t in later]
        parts.append(self._turn_hint())
        self._say(" ".join(parts))

    def ask(self):
        a, b = (sorted(s) for s in self.selection)
        if not a and b:
            a, b = b, []
        try:
            turn = self.game.ask([i + 1 for i in a], [i + 1 for i in b] if b else None)
        except (TypeError, ValueError) as e:
            self._say(str(e), error=True)
            return None
        self._after_move(turn)
        return turn

    def guess(self):
        chosen = sorted(self.selection[0] | self.selection[1])
        if len(chosen) != 1:
            self._say(f"select exactly one suspect to guess (you have selected {len(chosen)})", error=True)
            return None
        try:
            turn = self.game.guess(chosen[0] + 1)
        except (TypeError, ValueError) as e:
            self._say(str(e), error=True)
            return None
        self._after_move(turn)
        return turn

    # ---- what the page shows ---------------------------------------------------------------------------
    def suspect_status(self, i: int) -> str:
        """'out' (ruled out), 'A' or 'B' (selected in that group) or 'in' (still a suspect)."""
        if i not in self.game.your_suspects:
            return "out"
        for k in (0, 1):
            if i in self.selection[k]:
                return _GROUP_NAMES[k]
        return "in"

    def suspect_tooltip(self, i: int) -> str:
        """What hovering over a suspect shows: their status, and their traits on the character board."""
        g = self.game
        st = {"out": "ruled out", "in": "still a suspect", "A": "in group A", "B": "in group B"}[self.suspect_status(i)]
        traits = sorted(t for t, having in g.traits.items() if i in having)
        return f"{g.names[i]}: {st}" + (f" ({', '.join(traits)})" if traits else "")

    def status_html(self) -> str:
        g = self.game
        n, m = g.state
        p = g.win_probability()
        rows = [
            f"<b>Rules:</b> {html.escape(g.rules.name)} ({html.escape(g.rules.title)}). "
            f"<b>Computer plays:</b> {html.escape(g.computer_name)}.",
            f"<b>Your secret person:</b> {html.escape(g.names[g.your_secret])} (the computer is looking for them). "
            "The board below shows who the computer's person can still be.",
            f"<b>Suspects left:</b> you {n}, the computer {m}.",
            f"<b>Your win probability now</b> (both sides playing optimally): {format_fraction(p)} "
            f"&asymp; {float(p):.3f}.",
        ]
        cls = "gw-result" if g.over else "gw-status"
        rows.append(f'<span class="{cls}"><b>{html.escape(g.result_text())}</b></span>')
        return "<br>".join(rows)

    def message_html(self) -> str:
        colour = "#b00020" if self.error else "#1b5e20"
        return f'<div style="color:{colour}">{html.escape(self.message)}</div>'

    def history_html(self) -> str:
        if not self.game.history:
            return "<i>No moves yet.</i>"
        cols = ["#", "who", "move", "your P before", "value of move", "best", "your P after", "grade"]
        head = "<tr>" + "".join(f'<th style="{_CELL}">{c}</th>' for c in cols) + "</tr>"
        body = []
        for t in reversed(self.game.history):
            cells = [t.number, t.player, format_move(t.move), format_fraction(t.win_before),
                     format_fraction(t.move_value), format_fraction(t.best_value), format_fraction(t.win_after),
                     html.escape(t.grade)]
            body.append(f'<tr title="{html.escape(t.text)}">'
                        + "".join(f'<td style="{_CELL}">{c}</td>' for c in cells) + "</tr>")
        return ('<table class="gw-history" style="border-collapse:collapse">' + head + "".join(body) + "</table>"
                "<small>Probabilities are yours, exact, assuming optimal play by both sides from that point "
                "(Cushing et al., equation (1)).</small>")


def settings_from_query(query: str) -> dict:
    """Game settings from a web page's query string, e.g. ``"rules=tripartite&board=12&seed=3"``.

    Keys: ``rules``, ``board`` (a number or ``characters``), ``computer`` (``optimal``/``halving``),
    ``first`` (``you``/``computer``), ``seed`` (an integer).  The Voila app passes its URL's query
    string here, so ``http://127.0.0.1:8866/?rules=nica&board=8`` opens a race-to-one game on 8 suspects.

    >>> settings_from_query("rules=nica&board=8&seed=3")
    {'rules': 'nica', 'board': 8, 'seed': 3}
    """
    from urllib.parse import parse_qs

    if not isinstance(query, str):
        raise TypeError(f"query must be a string, got {type(query).__name__}")
    allowed = ("rules", "board", "computer", "first", "seed")
    out: dict = {}
    for key, values in parse_qs(query.lstrip("?"), keep_blank_values=True).items():
        value = values[-1].strip()
        if key not in allowed:
            raise ValueError(f"unknown setting {key!r} in the address; allowed: {', '.join(allowed)}")
        if key in ("board", "seed"):
            if key == "board" and value == "characters":
                out[key] = value
                continue
            try:
                out[key] = int(value)
            except ValueError:
                kind = "a number of suspects or 'characters'" if key == "board" else "an integer"
                raise ValueError(f"{key} must be {kind}, got {value!r}") from None
        elif key == "first":
            if value not in ("you", "computer"):
                raise ValueError(f"first must be 'you' or 'computer', got {value!r}")
            out["you_first"] = value == "you"
        else:
            out[key] = value
    return out


# ==== the widget (view only) ================================================================================

_COLOURS = {"in": "#e8eaf6", "A": "#ffb74d", "B": "#64b5f6", "out": "#bdbdbd"}


class PlayWidget:
    """Play Guess Who? against the computer in a notebook: ``gw.PlayWidget()`` shows the game.

    The widget only displays a :class:`PlayModel` (``.model``) and forwards clicks to it.  Buttons carry
    CSS classes (``gw-suspect``, ``gw-suspect-<number>``, ``gw-ask``, ``gw-guess``, ``gw-new``, ...) so
    a browser test can find them.
    """

    def __init__(self, rules="official", board=24, computer="optimal", you_first=True, seed=None):
        import ipywidgets as w

        self._w = w
        self.model = PlayModel(rules, board, computer, you_first, seed)
        m = self.model
        boards = ["numbered"] + (["characters"] if character_board_available() else [])
        self.rules_box = w.Dropdown(options=["official", "nica", "tripartite", "merciful"], value=m.rules,
                                    description="Rules")
        self.board_box = w.Dropdown(options=boards, value="characters" if m.board == "characters" else "numbered",
                                    description="Board")
        self.size_box = w.BoundedIntText(value=24 if m.board == "characters" else int(m.board), min=2,
                                         max=MAX_BOARD, description="Suspects")
        self.computer_box = w.Dropdown(options=["optimal", "halving"],
                                       value=m.computer if m.computer in ("optimal", "halving") else "optimal",
                                       description="Computer")
        self.first_box = w.Checkbox(value=m.you_first, description="You move first")
        self.new_button = w.Button(description="New game", button_style="info")
        self.new_button.add_class("gw-new")
        self.new_button.on_click(self._on_new)
        self.group_box = w.ToggleButtons(options=[("group A", 0), ("group B", 1)], value=0,
                                         description="Clicks fill")
        self.group_box.add_class("gw-group")
        self.group_box.observe(self._on_group, names="value")
        self.trait_box = w.Dropdown(options=[""], value="", description="Select trait")
        self.trait_box.observe(self._on_trait, names="value")
        self.ask_button = w.Button(description="Ask", button_style="primary")
        self.ask_button.add_class("gw-ask")
        self.ask_button.on_click(lambda _: self._do(m.ask))
        self.guess_button = w.Button(description="Guess", button_style="warning")
        self.guess_button.add_class("gw-guess")
        self.guess_button.on_click(lambda _: self._do(m.guess))
        self.clear_button = w.Button(description="Clear selection")
        self.clear_button.add_class("gw-clear")
        self.clear_button.on_click(lambda _: self._do(m.clear))
        self.status = w.HTML()
        self.status.add_class("gw-status-box")
        self.message = w.HTML()
        self.message.add_class("gw-message")
        self.history = w.HTML()
        self.history.add_class("gw-history-box")
        self.grid = w.GridBox(layout=w.Layout(grid_template_columns="repeat(8, 110px)", grid_gap="4px"))
        self.suspect_buttons: list = []
        self.settings = w.HBox([w.VBox([self.rules_box, self.board_box, self.size_box]),
                                w.VBox([self.computer_box, self.first_box, self.new_button])])
        self.actions = w.HBox([self.ask_button, self.guess_button, self.clear_button])
        self.widget = w.VBox([self.settings, self.status, self.group_box, self.trait_box, self.grid,
                              self.actions, self.message, self.history])
        self.widget.add_class("gw-play")
        self._build_board()
        self.refresh()

    @classmethod
    def from_query(cls, query: str, **defaults):
        """A widget set up from a page's query string (see :func:`settings_from_query`), on top of
        ``defaults`` (keyword arguments of :class:`PlayWidget`).

        Bad settings do not break the page: the default game starts and the error is shown."""
        try:
            settings = {**defaults, **settings_from_query(query)}
            return cls(**settings)
        except (TypeError, ValueError) as e:
            widget = cls(**defaults)
            widget.model._say(f"Could not use the settings in the address: {e}", error=True)
            widget.refresh()
            return widget

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def _build_board(self):
        w = self._w
        g = self.model.game
        buttons = []
        for i, name in enumerate(g.names):
            b = w.Button(description=name, layout=w.Layout(width="105px"))
            b.add_class("gw-suspect")
            b.add_class(f"gw-suspect-{i + 1}")
            b.on_click(lambda _, i=i: self._do(self.model.click, i + 1))
            buttons.append(b)
        self.suspect_buttons = buttons
        self.grid.children = buttons
        traits = sorted(g.traits)
        self.trait_box.options = [""] + traits
        self.trait_box.value = ""
        self.trait_box.layout.display = "" if traits else "none"
        self.group_box.layout.display = "" if self.model.paradox_allowed else "none"

    def _do(self, action, *args):
        action(*args)
        self.refresh()

    def _on_new(self, _=None):
        board = "characters" if self.board_box.value == "characters" else self.size_box.value
        try:
            self.model.new_game(self.rules_box.value, board, self.computer_box.value, self.first_box.value,
                                seed=None)
        except (TypeError, ValueError) as e:
            self.model._say(str(e), error=True)
        self._build_board()
        self.refresh()

    def _on_group(self, change):
        try:
            self.model.set_group(change["new"])
        except ValueError as e:
            self.model._say(str(e), error=True)
        self.refresh()

    def _on_trait(self, change):
        if change["new"]:
            self.model.select_trait(change["new"])
            self.trait_box.value = ""
            self.refresh()

    def refresh(self):
        """Redraw everything from the model."""
        m = self.model
        g = m.game
        for i, b in enumerate(self.suspect_buttons):
            st = m.suspect_status(i)
            b.style.button_color = _COLOURS[st]
            b.disabled = st == "out" or g.over
            b.tooltip = m.suspect_tooltip(i)
        for b in (self.ask_button, self.guess_button, self.clear_button):
            b.disabled = g.over
        self.guess_button.disabled = g.over or g.rules.guess is None
        if self.group_box.value != m.active_group:
            self.group_box.value = m.active_group
        self.status.value = m.status_html()
        self.message.value = m.message_html()
        self.history.value = m.history_html()
