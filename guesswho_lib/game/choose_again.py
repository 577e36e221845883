"""Choose again: after a game, go back to each position where a player's move cost something and find a better one.

:class:`ChooseAgain` steps through the positions of a finished (or unfinished) game where the player's move gave
away some of their chance of winning (its cost, :mod:`.review`, is above 0), in the order they were played.  At each
it shows the position and the move played, never the answer (the menu of moves is in a fixed order that says
nothing about their values); the player chooses again:

* a best move: the position is **found**, and the exact value of the new move, the best moves and the explanation
  ("why is this the best move?", Cushing et al., equation (1)) are revealed;
* any other move: its exact value is shown with a :class:`Hint` that guides towards a best move without naming it
  (which way to change the groups, or what to think about), and the player chooses once more; after that second
  choice, right or wrong, everything is revealed (**found** or **shown**).  :meth:`ChooseAgain.show_answer` reveals
  it at once.

It reads a game through the one interface of :class:`~guesswho_lib.game.record.TwoPlayerGame`, so it works under
every rule set, on a numbered board, the characters' board and the board of faces (questions about traits).  The
lessons' widget (a model and a thin view) is :mod:`guesswho_lib.widgets.choose_again`; the game page offers it too.

>>> from guesswho_lib.game.play import Game
>>> g = Game("official", board=4, seed=1)
>>> _ = g.ask([1, 2])                           # halving at (4, 4): costs 1/16
>>> again = ChooseAgain(g)
>>> len(again), again.status, [key for _, key in again.menu()]
(1, 'choose', ['1:3', '2:2', 'guess'])
>>> again.choose("guess").status, again.hint.direction
('retry', 'question')
>>> p = again.choose("1:3")
>>> p.status, p.choices[-1].value, again.best_keys()
('found', Fraction(9, 16), ('1:3',))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..rules import GUESS, format_fraction, format_move, parse_move
from .pages import choose_again_html
from .record import COMPUTER, YOU, Turn, TwoPlayerGame
from .review import Explanation, Option

__all__ = ["ChooseAgain", "Position", "Hint", "make_hint", "neutral_order", "CHOOSING", "RETRYING", "FOUND", "SHOWN",
           "STATUSES"]

#: The states of a position: waiting for a choice; a wrong choice made, the hint shown, waiting for the second;
#: a best move found; the answer shown (after a second wrong choice, or asked for).
CHOOSING, RETRYING, FOUND, SHOWN = "choose", "retry", "found", "shown"
STATUSES = (CHOOSING, RETRYING, FOUND, SHOWN)
#: Explanations kept (each holds every move of its position: on the board of faces some 20 KiB).
KEPT = 2


@dataclass(frozen=True)
class Hint:
    """A hint after a wrong choice: ``text`` guides towards a best move without naming it; ``direction`` says which
    way in one word, for a test or a page: "more" (a more even split), "fewer" (a smaller group: a bolder
    question), "same split" (a question that splits the same way but keeps other suspects), "other groups" (groups
    of other sizes), "three answers" (a paradox question), "two answers" (a yes/no question), "end now" (a move
    that can end the game at once), "question" (a question rather than that), "larger group" / "smaller group"
    (the largest group of a paradox question)."""

    direction: str
    text: str


@dataclass
class Position:
    """One costly position of the game and what has been chosen there.

    ``turn`` is the move played in the game (its state before it is the position); ``choices`` the moves chosen
    again, as :class:`~guesswho_lib.game.review.Option` (each with its exact value, for the mover); ``hint`` the hint
    shown after a wrong choice; ``asked`` True when the answer was asked for."""

    turn: Turn
    choices: list = field(default_factory=list)
    hint: Hint | None = None
    asked: bool = False
    best_value: Fraction | None = None

    @property
    def status(self) -> str:
        if self.choices and self.choices[-1].value == self.best_value:
            return FOUND
        if self.asked or len(self.choices) >= 2:
            return SHOWN
        return RETRYING if self.choices else CHOOSING

    @property
    def revealed(self) -> bool:
        """True once the answer is shown (found, or shown)."""
        return self.status in (FOUND, SHOWN)


def _neutral_order(option: Option) -> tuple:
    if option.is_guess:
        return (2, (), option.short)
    if option.short != format_move(option.sizes):          # a question in words: by its words
        return (1, (), option.short)
    return (0, tuple(option.sizes), option.short)


def neutral_order(options) -> tuple[Option, ...]:
    """``options`` in an order that says nothing about their values (a menu before the answer): splits by their
    groups (yes/no first, the smaller first group first), questions about traits by their words, a guess last."""
    return tuple(sorted(options, key=_neutral_order))


def _played(turn: Turn) -> str:
    """The move of ``turn`` after its player: "played 1:3", "guessed Ada", 'asked "Does your person wear
    glasses?"'."""
    if turn.named is not None:
        return f"guessed {turn.named}"
    return f"asked {_move_words(turn)}" if turn.label.endswith("?") else f"played {turn.label}"


def _move_words(turn: Turn) -> str:
    """The move of ``turn``: "1:3", "guess: Ada", '"Does your person wear glasses?"'."""
    return f'"{turn.label}"' if turn.label.endswith("?") else turn.label


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class ChooseAgain:
    """Choose again at every position of ``game`` where a move of one of ``players`` cost something (see the
    module's docstring).  ``players``: "you" (the default against the computer), or both players of a game for two
    on one screen (the default there).

    Reading: :attr:`positions`, :attr:`index` (the position shown), :attr:`position`, :meth:`menu` (the moves, in
    words, in a fixed order), :meth:`situation` (the position in words, without the answer), :attr:`hint`,
    :meth:`best_keys` and :meth:`explanation` (once revealed).  Acting: :meth:`choose`, :meth:`show_answer`,
    :meth:`go`, :meth:`next`, :meth:`previous`; :meth:`score` counts the positions found."""

    def __init__(self, game: TwoPlayerGame, players=None):
        if not isinstance(game, TwoPlayerGame):
            raise TypeError(f"game must be a game such as gw.Game(...) or a BoardGame, got {type(game).__name__}")
        if players is None:
            players = (YOU, COMPUTER) if game.hot_seat else (YOU,)
        players = (players,) if isinstance(players, str) else tuple(players)
        if not players or any(p not in (YOU, COMPUTER) for p in players):
            raise ValueError(f"players must be 'you', 'computer' or both, got {players!r}")
        self.game, self.players = game, players
        self.positions = tuple(Position(t) for t in game.history if t.player in players and t.loss > 0)
        self.index = 0
        self._explanations: dict[int, Explanation] = {}

    def __len__(self) -> int:
        return len(self.positions)

    def __repr__(self) -> str:
        return f"ChooseAgain({self.game!r}, positions={len(self)}, index={self.index})"

    def _repr_html_(self) -> str:
        """What a notebook shows: the position shown, as HTML (:func:`~guesswho_lib.game.pages.choose_again_html`;
        ``gw.widgets.ChooseAgainWidget(game)`` has the menu and the buttons)."""
        return choose_again_html(self)

    # ---- reading ----
    @property
    def position(self) -> Position:
        """The position shown (ValueError when the game has no costly move)."""
        if not self.positions:
            raise ValueError("there is no position to choose again at: every move was a best move")
        return self.positions[self.index]

    @property
    def status(self) -> str:
        return self.position.status

    @property
    def hint(self) -> Hint | None:
        """The hint of the position shown, once a wrong choice was made there (None before)."""
        return self.position.hint

    def _explained(self, k: int) -> Explanation:
        """Every move at position ``k`` with its exact value (no move played): what the choices are read from."""
        if k not in self._explanations:
            while len(self._explanations) >= KEPT:
                del self._explanations[next(iter(self._explanations))]
            self._explanations[k] = self.game.explain_choice(self.positions[k].turn)
            self.positions[k].best_value = self._explanations[k].chance
        return self._explanations[k]

    def options(self) -> tuple[Option, ...]:
        """Every move at the position shown, in the menu's fixed order (never by value)."""
        return neutral_order(self._explained(self.index).options)

    def menu(self) -> list[tuple[str, str]]:
        """(words, key) for every move at the position shown, in a fixed order that says nothing about values."""
        return [(o.words, o.short) for o in self.options()]

    def mover(self) -> str:
        """The player who moved at the position shown: "you", "the computer", "Player 1", "Player 2"."""
        return self.game.player_name(self.position.turn.player)

    def situation(self) -> str:
        """The position shown in words, without its answer: who had which suspects, and the move played there."""
        t = self.position.turn
        n, m = t.state_before
        who = self.mover()
        other = self.game.player_name(COMPUTER if t.player == YOU else YOU)
        you = who == "you"
        whose = "your" if you else f"{who}'s"
        names = sorted(t.sets_before[0], key=self.game.names.index)
        listed = f" ({', '.join(names)})" if self.game.asks_from_menu or n <= 12 else ""
        return (f"Position {self.index + 1} of {len(self)} (move {t.number} of the game). {_capital(who)} "
                f"{'have' if you else 'has'} {n} suspect{'s' if n != 1 else ''} left{listed}; {other} "
                f"{'have' if other == 'you' else 'has'} {m}. It is {whose} move. "
                f"In the game {who} {_played(t)}, which gave away part of {'your' if you else 'their'} chance of "
                "winning. Choose again: which move is best here?")

    def best_keys(self) -> tuple[str, ...]:
        """The keys of the best moves at the position shown; only once it is revealed (the answer stays hidden
        until then)."""
        if not self.position.revealed:
            raise ValueError("the best move is shown once you have found it or asked for the answer (show_answer())")
        e = self._explained(self.index)
        return tuple(o.short for o in neutral_order(e.best))

    def explanation(self) -> Explanation:
        """"Why is this the best move?" at the position shown, against the last move chosen (its sentence says "the
        move chosen") or, if none was, the move played in the game; only once it is revealed."""
        p = self.position
        if not p.revealed:
            raise ValueError("the explanation is shown once you have found the best move or asked for the answer")
        if not p.choices:
            return self.game.explain_choice(p.turn, p.turn.move)
        return self.game.explain_choice(p.turn, p.choices[-1].move).chosen_again()

    def score(self) -> dict:
        """How the positions went: found at the first choice, found at the second, shown, and not done yet."""
        out = {"positions": len(self), "first": 0, "second": 0, "shown": 0, "open": 0}
        for p in self.positions:
            if p.status == FOUND:
                out["first" if len(p.choices) == 1 else "second"] += 1
            elif p.status == SHOWN:
                out["shown"] += 1
            else:
                out["open"] += 1
        return out

    # ---- acting ----
    def _option(self, key) -> Option:
        """The move at the position shown named by ``key``: its key ("1:3", "guess", the question's words), a move
        written another way ("3:1", "[1 : 3]", a trait such as "glasses"), or the move itself."""
        options = self._explained(self.index).options
        if not isinstance(key, str):
            found = [o for o in options if o.move == key or (not o.is_guess and o.sizes == key)
                     or (o.is_guess and key is GUESS)]
        else:
            text = key.strip()
            found = [o for o in options if text in (o.short, o.words)]
            question = [o for o in options if getattr(getattr(o.move, "question", None), "short", None) == text
                        or getattr(getattr(o.move, "question", None), "traits", ()) == (text,)]
            found = found or question
            if not found and not self.game.asks_from_menu:
                try:
                    move = parse_move(text)
                except ValueError:
                    move = None
                found = [o for o in options if (move is GUESS and o.is_guess) or (not o.is_guess and o.sizes == move)]
        if len(found) != 1:
            raise ValueError(f"choice must be one of the {len(options)} moves of this position (see the menu), got "
                             f"{str(key)[:60]!r}")
        return found[0]

    def choose(self, key) -> Position:
        """Choose ``key`` at the position shown (see :meth:`_option` for the ways to name a move); returns the
        position, whose status says what happens next."""
        p = self.position
        if p.revealed:
            raise ValueError("this position is done: its answer is shown; go to the next one")
        option = self._option(key)
        p.choices.append(option)
        if p.status == RETRYING:
            p.hint = make_hint(self._explained(self.index), option)
        return p

    def show_answer(self) -> Position:
        """Reveal the answer of the position shown (without choosing)."""
        self._explained(self.index)
        self.position.asked = True
        return self.position

    def go(self, k: int) -> Position:
        """Show position ``k`` (from 0)."""
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < len(self):
            raise ValueError(f"position must be a whole number from 0 to {len(self) - 1}, got {k!r}")
        self.index = k
        self._explained(k)
        return self.position

    def next(self) -> Position:
        return self.go(min(self.index + 1, len(self) - 1))

    def previous(self) -> Position:
        return self.go(max(self.index - 1, 0))

    def values_words(self) -> str:
        """What the choices made at the position shown are worth, in sentences (each value exact, for the mover);
        once revealed, the best moves too."""
        p = self.position
        whose = "your" if self.mover() == "you" else f"{self.mover()}'s"
        lines = []
        for k, o in enumerate(p.choices, start=1):
            verdict = "a best move" if o.value == p.best_value else "not a best move"
            lines.append(f"Choice {k}: {o.short}. With it {whose} chance of winning is {format_fraction(o.value)}: "
                         f"{verdict}.")
        if p.revealed:
            e = self._explained(self.index)
            best = ", ".join(o.short for o in e.best[:4]) + (" ..." if len(e.best) > 4 else "")
            lines.append(f"{'The best move is' if len(e.best) == 1 else 'The best moves are'} {best}: "
                         f"{whose} chance {format_fraction(e.chance)}. The move played in the game, "
                         f"{_move_words(p.turn)}, gave {format_fraction(e.chance - p.turn.loss)}.")
        return " ".join(lines)


# ---- hints ----------------------------------------------------------------------------------------------------
def make_hint(explanation: Explanation, wrong: Option) -> Hint:
    """A hint after the wrong choice ``wrong`` at the position of ``explanation`` (every move there, no move
    played): it guides towards a best move (which way to change the groups, or what to think about) and never names
    one, nor states a best value."""
    best = explanation.best
    n, m = explanation.state
    behind = explanation.chance < Fraction(1, 2)
    standing = ("Your chance here is below 1/2: you are behind, and playing safe keeps you behind."
                if behind else "Your chance here is at least 1/2: you are not behind.")
    if all(o.is_guess for o in best):
        if m == 1:
            return Hint("end now", "Your opponent has only one suspect left. What happens on their next turn if "
                                   "this move does not end the game?")
        return Hint("end now", f"Think about your opponent's next turn: with {m} suspects left, how close are they "
                               "to winning? Is there a move that can end the game at once, in your favour?")
    questions = [o for o in best if not o.is_guess]
    if wrong.is_guess:
        return Hint("question", "A move that ends the game at once is not the best here"
                                + ("" if explanation.rules.guess.passes(n, m) else " (a wrong one loses the game)")
                                + f": look among the questions. {standing}")
    parts = {len(o.sizes) for o in questions}
    if len(wrong.sizes) == 2 and parts == {3}:
        return Hint("three answers", "Under these rules a question can have three answers (a paradox question): "
                                     "one question can cut your suspects into three groups. Try one.")
    if len(wrong.sizes) == 3 and parts == {2}:
        return Hint("two answers", "Here a yes/no question does better than a question with three answers.")
    if len(wrong.sizes) == 3:
        largest = max(wrong.sizes)
        if all(max(o.sizes) < largest for o in questions if len(o.sizes) == 3):
            return Hint("smaller group", f"A best question keeps fewer than {largest} suspects in its largest group.")
        if all(max(o.sizes) > largest for o in questions if len(o.sizes) == 3):
            return Hint("larger group", f"A best question keeps more than {largest} suspects in its largest group: "
                                        "its other groups are smaller.")
    mine = min(wrong.sizes)
    smaller = [min(o.sizes) for o in questions if len(o.sizes) == len(wrong.sizes)]
    split = format_move(wrong.sizes)
    if smaller and all(s > mine for s in smaller):
        return Hint("more", f"Your choice splits your {n} suspects {split}. A best question splits them more evenly: "
                            f"its smaller group is larger. {standing}")
    if smaller and all(s < mine for s in smaller):
        return Hint("fewer", f"Your choice splits your {n} suspects {split}. A best question splits them less "
                             f"evenly: a bolder question, with a smaller group. {standing}")
    if wrong.sizes in {o.sizes for o in questions}:
        return Hint("same split", f"A best question splits your suspects the same way as yours ({split}) but keeps "
                                  "other suspects: think about which suspects each answer leaves you, and how your "
                                  "next questions could split them.")
    return Hint("other groups", f"Your choice splits your {n} suspects {split}, and no best question splits them "
                                f"that way: look at the sizes of the groups again. {standing}")
