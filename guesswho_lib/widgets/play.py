"""The play page: :class:`PlayModel` (the state of a click-driven page, tested headless) and :class:`PlayWidget`
(a thin ipywidgets view).  The game behind it is any :class:`~guesswho_lib.game.record.TwoPlayerGame`: the
numbered game (:class:`guesswho_lib.game.play.Game`), or, on the board of faces (``board="faces"``,
``?board=faces`` in the address), :class:`guesswho_lib.board.play.BoardGame`, where you ask by choosing a trait
from a menu, the computer asks real questions from the board solution, and each character is drawn as its
portrait (:mod:`.faces`).  The model reads the game through that one interface.

The page also offers, through the same model: a **hint** ("why is the best move best?", free but recorded in the
game), the **review** of the game (:mod:`.review`: the win-chance timeline, the path on the heat map, every move
labelled and explained, stepping back and forth), **two players on one screen** (``computer="human"``: each player
may peek at their own person, the computer answers and grades both), and a **best-of-N match** with its exact odds
(:class:`~guesswho_lib.game.match.Match`).

>>> m = PlayModel("official", board=4, seed=1)
>>> m.click(1); m.click(2); turn = m.ask()
>>> turn.grade, m.error
('costs you 1/16: best was 1:3', False)
"""

from __future__ import annotations

import html

import traitlets

from ..board.play import BoardGame
from ..board.traits import load_board
from ..game.match import Match
from ..game.play import MAX_BOARD, Game
from ..game.record import COMPUTER, YOU, Turn, TwoPlayerGame
from ..rules import check_seed, format_fraction
from .base import InvalidValue, View, WidgetModel, changes_state, check_int, checked, rule_choices, validate
from .faces import FACES_RULES
from .portraits import portrait_svg
from .play_view import BOARD_CHOICES, COMPUTER_CHOICES, MATCH_LENGTHS, STATUS_COLOURS, view_state
from .choose_again import ChooseAgainModel, ChooseAgainWidget
from ..templating import markup, render_macro
from .explanation import explanation_html
from .review import ReviewModel, ReviewWidget

__all__ = ["PlayModel", "PlayWidget", "settings_from_query", "BOARD_CHOICES", "MAX_SETTING_LENGTH",
           "MAX_MESSAGE_LENGTH"]

GROUP_NAMES = ("A", "B")           # the groups a click fills: A (a yes/no question), B (a paradox question)
_CELL = "padding:2px 10px; text-align:left; border-bottom:1px solid #ddd"
MAX_SETTING_LENGTH = 40            # longest value of one setting in the address (longer ones are refused)
MAX_MESSAGE_LENGTH = 300           # an error about the address is cut to this many characters on the page


def _cut(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, saying how long it was (the page never echoes a huge input)."""
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters in all)"


def _sentence(text: str) -> str:
    """``text`` ended with a full stop, unless it ends with one already ("best was 1:3 or 2:2 or ...")."""
    return text if text.endswith(".") else text + "."


# ==== the click-driven model ================================================================================
class PlayModel(WidgetModel):
    """Everything the play page shows and does, without any widgets (tested headless).

    ``selection[k]`` is the set of suspects (board indices) in group k (k = 0 for group A, 1 for group B;
    group B only under the tripartite rules).  Clicks arrive as :meth:`click` (a suspect), :meth:`ask`,
    :meth:`guess`, :meth:`clear` and :meth:`new_game`; a move the rules refuse becomes a ``message`` with
    ``error`` set, rather than an exception.  Bad settings for a new game raise (the old game is kept).
    """

    game = traitlets.Instance(TwoPlayerGame, allow_none=True)
    selection = traitlets.Tuple((frozenset(), frozenset()))
    active_group = traitlets.Int(0)
    message = traitlets.Unicode("")
    error = traitlets.Bool(False)
    computer = traitlets.Any("optimal")    # how the computer plays, as given to Game
    you_first = traitlets.Bool(True)
    seed = traitlets.Any(None)
    question = traitlets.Unicode("")       # board of faces: the trait chosen for the next question ("" = none)
    best_of = traitlets.Int(1)             # the length of the match (1: a single game)
    review_open = traitlets.Bool(False)    # the review is shown
    peek = traitlets.Bool(False)           # the player to move sees their own person (hidden again after a move)
    hint_open = traitlets.Bool(False)      # "why is the best move best?" is shown for the state now
    again_open = traitlets.Bool(False)     # "choose again" at the finished game's costly positions is shown

    def __init__(self, rules="official", board=24, computer="optimal", you_first=True, seed=None, best_of=1):
        super().__init__()
        self.hint_explanation = None       # the Explanation of the last hint (shown while hint_open)
        self.match: Match | None = None
        self._counted = None               # the game whose result the match has counted
        self.review = self.again = None    # the ReviewModel (made on the first new game), the ChooseAgainModel
        self.new_game(rules, board, computer, you_first, seed, best_of=best_of)

    @classmethod
    def from_query(cls, query: str, **defaults):
        """A model set up from a page's query string (see :func:`settings_from_query`), on top of ``defaults``
        (keyword arguments of :class:`PlayModel`).  Bad settings do not break the page: the default game starts
        and the error is its message."""
        try:
            return cls(**{**defaults, **settings_from_query(query)})
        except (TypeError, ValueError) as e:
            model = cls(**defaults)
            model.say(_cut(f"Could not use the settings in the address: {e}", MAX_MESSAGE_LENGTH), error=True)
            return model

    @validate("best_of")
    def _best_of_odd(self, proposal):
        value = checked(check_int, proposal["value"], "best_of", 1, 9)
        if value % 2 == 0:
            raise InvalidValue(f"best_of must be odd (1, 3, 5, 7 or 9), got {value}")
        return value

    @validate("selection")
    def _two_disjoint_groups(self, proposal):
        groups = tuple(frozenset(g) for g in proposal["value"])
        if len(groups) != 2 or groups[0] & groups[1]:
            raise InvalidValue(f"selection must be two groups with no suspect in both, got {proposal['value']!r}")
        return groups

    @validate("seed")
    def _seed_is_an_integer(self, proposal):
        return checked(check_seed, proposal["value"])

    @validate("active_group")
    def _group_allowed(self, proposal):
        value = checked(check_int, proposal["value"], "group", 0, 1)
        if value and not self.paradox_allowed:
            raise InvalidValue(f"group B is for paradox questions, under the tripartite rules only: under the "
                               f"{self.rules} rules a question has one group, A (group 0)")
        return value

    @validate("question")
    def _question_askable(self, proposal):
        value = proposal["value"]
        if value == "":
            return value
        keys = [key for _, key in self.question_menu()]
        if value not in keys:
            raise InvalidValue(f"question must be a trait that splits your suspects ({', '.join(keys) or 'none now'}), "
                               f"got {_cut(str(value), MAX_SETTING_LENGTH)!r}")
        return value

    # ---- settings of the current game ----
    @property
    def rules(self) -> str:
        return self.game.rules.name

    @property
    def board(self):
        """The board as the page names it: a number of suspects, "characters" or "faces"."""
        if self.faces:
            return "faces"
        return self.game.board if isinstance(self.game.board, int) else "characters"

    @property
    def faces(self) -> bool:
        """True on the board of faces (the page then draws portraits)."""
        return isinstance(self.game, BoardGame)

    def question_menu(self) -> list:
        """(key, key) for every question of the game's menu you can ask now (empty when any group may be asked)."""
        return [(key, key) for _, key in self.game.question_menu()]

    @property
    def question_text(self) -> str:
        """The chosen question in words ("" when none is chosen)."""
        return next((words for words, key in self.game.question_menu() if key == self.question), "")

    @property
    def paradox_allowed(self) -> bool:
        return self.game is not None and self.game.rules.max_parts == 3

    @changes_state
    def new_game(self, rules=None, board=None, computer=None, you_first=None, seed="keep", best_of=None):
        """Start a new game, and a new match of ``best_of`` games (arguments left out keep their setting)."""
        old = self.game
        rules = old.rules if rules is None else rules
        board = self.board if board is None else board
        computer = self.computer if computer is None else computer
        you_first = self.you_first if you_first is None else you_first
        seed = self.seed if seed == "keep" else seed
        best_of = self.best_of if best_of is None else best_of
        game = _make_game(rules, board, computer, you_first, seed)  # raises on bad settings; the old game stays
        self.best_of = best_of                                      # checked before anything else changes
        self.match = Match(best_of, _start_chance(game, you_first), you_first) if best_of > 1 else None
        self._start(game, computer, you_first, seed)

    def _start(self, game, computer, you_first, seed):
        self.question = ""
        self.game, self.computer, self.you_first, self.seed = game, computer, you_first, seed
        self.selection = (frozenset(), frozenset())
        self.active_group = 0
        self.peek = self.hint_open = self.again_open = False
        self.hint_explanation = self.again = None
        if self.review is None:
            self.review = ReviewModel(game)
        self._sync_review()
        self.say("New game. " + self._turn_hint())
        if game.history:
            self.say(game.history[-1].text + " " + self._turn_hint())

    @changes_state
    def next_game(self):
        """The next game of the match (the players take turns to start); a message if there is none to play."""
        m = self.match
        if m is None or m.over or not self.game.over:
            self.say("there is no next game to play: " + ("the match is over; press New game" if m and m.over else
                     "finish this game first" if m else "this is a single game; press New game"), error=True)
            return
        seed = None if self.seed is None else self.seed + len(m.winners)     # a new game, the same every time
        game = _make_game(self.game.rules, self.board, self.computer, m.you_first_next, seed)
        self._start(game, self.computer, m.you_first_next, self.seed)

    @property
    def hot_seat(self) -> bool:
        return self.game.hot_seat

    def _sync_review(self):
        """Keep the review on the game, at its last move (only while it is shown: a hidden review costs nothing)."""
        if self.review_open:
            self.review.set(game=self.game, step=len(self.game.history))

    @changes_state
    def toggle_review(self):
        """Show or hide the review of the game (at its last move)."""
        self.review_open = not self.review_open
        self._sync_review()

    @changes_state
    def toggle_again(self):
        """Show or hide "choose again" (:mod:`.choose_again`) after the game; a message while it goes on."""
        if not self.game.over:
            self.say("Choose again is for after the game: finish it first.", error=True)
            return
        if self.again is None or self.again.game is not self.game:
            self.again = ChooseAgainModel(self.game)
        self.again_open = not self.again_open
        if self.again_open:
            self.say(self.again.progress())

    @changes_state
    def again_action(self, action: str, value=None):
        """One action of "choose again" (:meth:`.choose_again.ChooseAgainModel.act`); a refusal is the message."""
        if not self.again_open or self.again is None:
            self.say("open Choose again first (after the game)", error=True)
            return
        try:
            self.again.act(action, value)
        except (TypeError, ValueError) as e:
            self.say(f"Choose again: {e}", error=True)
            return
        self.say(self.again.progress())

    @changes_state
    def hint(self):
        """"Why is the best move best?" for the player to move now: free, but recorded in the game."""
        try:
            self.hint_explanation = self.game.hint()
        except ValueError as e:
            self.say(str(e), error=True)
            return
        self.hint_open = True
        self.say("Hint shown below (it costs nothing; the review will mark the next move as played after a hint). "
                 + self._turn_hint())

    @changes_state
    def show_person(self):
        """Show (or hide again) the person of the player to move: the one their opponent is looking for."""
        self.peek = not self.peek and not self.game.over

    # ---- clicks ---------------------------------------------------------------------------------------
    @changes_state
    def say(self, text: str, error: bool = False):
        """Show ``text`` as the page's message (in red if ``error``)."""
        self.message, self.error = str(text), bool(error)

    def _turn_hint(self) -> str:
        g = self.game
        if g.over:
            return g.result_text() + (" " + self.match_text() if self.match else "")
        if g.hot_seat:
            return f"{g.player_name(g.to_move)}'s turn (the board shows their suspects). " + self._move_hint()
        return self._move_hint()

    def _move_hint(self) -> str:
        g = self.game
        if g.mover_state[0] == 1:
            return "You have one suspect left: select them and press Guess."
        if g.asks_from_menu:
            return ("Choose a trait to ask about and press Ask"
                    + (", or select one face and press Guess." if g.rules.guess
                       else " (no guessing under these rules)."))
        if g.rules.max_parts == 3:
            return ("Select a group of suspects and press Ask (a yes/no question), or fill group A and group B "
                    "for a paradox question" + (", or select one and press Guess." if g.rules.guess else "."))
        if g.rules.guess is None:
            return "Select a group of suspects and press Ask (no guessing under these rules)."
        return "Select a group of suspects and press Ask, or select one and press Guess."

    def set_group(self, k: int):
        """Choose which group the next clicks fill (0 = A, 1 = B; B only under tripartite rules)."""
        self.set(active_group=k)

    def _put(self, indices):
        """Put ``indices`` into the active group (taking them out of the other one)."""
        k = self.active_group
        groups = [set(g) for g in self.selection]
        groups[k] |= set(indices)
        groups[1 - k] -= set(indices)
        self.selection = tuple(frozenset(g) for g in groups)

    @changes_state
    def click(self, suspect):
        """Put a suspect into the active group, or take it out again if it is already there."""
        g = self.game
        try:
            i = g.suspect_index(suspect)
        except (TypeError, ValueError) as e:
            self.say(str(e), error=True)
            return
        if i not in g.mover_suspects:
            self.say(f"{g.names[i]} is already ruled out.", error=True)
            return
        if i in self.selection[self.active_group]:
            groups = list(self.selection)
            groups[self.active_group] = groups[self.active_group] - {i}
            self.selection = tuple(groups)
        else:
            self._put([i])
        self.say(self._selection_text())

    @changes_state
    def select_trait(self, trait: str):
        """Put every remaining suspect with ``trait`` (character board) into the active group."""
        if trait not in self.game.traits:
            self.say(f"unknown trait {trait!r}; this board has: {', '.join(sorted(self.game.traits)) or 'none'}",
                     error=True)
            return
        self._put(i for i in self.game.traits[trait] if i in self.game.mover_suspects)
        self.say(self._selection_text())

    @changes_state
    def clear(self):
        self.selection = (frozenset(), frozenset())
        self.say("Selection cleared. " + self._turn_hint())

    def _selection_text(self) -> str:
        a, b = self.selection
        text = f"Group A: {len(a)} selected"
        if self.paradox_allowed:
            text += f", group B: {len(b)} selected"
        return text + "."

    def _after_move(self, turn: Turn):
        self.selection = (frozenset(), frozenset())
        self.active_group = 0
        self.question = ""
        self.peek = self.hint_open = False
        g = self.game
        if g.over and self.match is not None and self._counted is not g:
            self.match.record(g.winner)
            self._counted = g
        self._sync_review()
        if g.hot_seat:
            name = g.player_name(turn.player)
            mine = (lambda x: x) if turn.player == YOU else (lambda x: 1 - x)
            parts = [f"{turn.text} {name}'s move: {_sentence(turn.grade)} {name}'s chance of winning: "
                     f"{format_fraction(mine(turn.win_before))} before it, {format_fraction(mine(turn.win_after))} "
                     "after the answer."]
        else:
            parts = [f"{turn.text} Your move: {_sentence(turn.grade)} Your chance of winning: "
                     f"{format_fraction(turn.win_before)} before it, {format_fraction(turn.win_after)} after the "
                     "answer."]
        parts += [t.text for t in g.history if t.number > turn.number]
        parts.append(self._turn_hint())
        self.say(" ".join(parts))

    @changes_state
    def choose_question(self, trait: str):
        """Board of faces: choose the trait of your next question (the page shows it in words); "" for none."""
        try:
            self.question = trait
        except traitlets.TraitError as e:
            self.say(str(e), error=True)
            return
        self.say(f"Your question: {self.question_text} Press Ask." if trait else self._turn_hint())

    @changes_state
    def ask(self):
        """Ask about group A (and group B: a paradox question), or on the board of faces the chosen question;
        returns the Turn, or None if refused."""
        if self.game.asks_from_menu:
            if not self.question:
                self.say("choose a trait to ask about first", error=True)
                return None
            question = (self.question, None)
        else:
            a, b = (sorted(s) for s in self.selection)
            if not a and b:
                a, b = b, []
            question = ([i + 1 for i in a], [i + 1 for i in b] if b else None)
        try:
            turn = self.game.ask(*question)
        except (TypeError, ValueError) as e:
            self.say(str(e), error=True)
            return None
        self._after_move(turn)
        return turn

    @changes_state
    def guess(self):
        """Guess the one selected suspect; returns the Turn, or None if refused."""
        chosen = sorted(self.selection[0] | self.selection[1])
        if len(chosen) != 1:
            self.say(f"select exactly one suspect to guess (you have selected {len(chosen)})", error=True)
            return None
        try:
            turn = self.game.guess(chosen[0] + 1)
        except (TypeError, ValueError) as e:
            self.say(str(e), error=True)
            return None
        self._after_move(turn)
        return turn

    # ---- what the page shows ---------------------------------------------------------------------------
    def suspect_status(self, i: int) -> str:
        """'out' (ruled out), 'A' or 'B' (selected in that group) or 'in' (still a suspect) on the board shown (yours;
        with two players, that of the player to move)."""
        if i not in self.game.mover_suspects:
            return "out"
        for k in (0, 1):
            if i in self.selection[k]:
                return GROUP_NAMES[k]
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
        if g.hot_seat:
            return render_macro("widgets.html", "two_player_status", g, n, m, format_fraction(p),
                                format_fraction(1 - p))
        return render_macro("widgets.html", "status", g, n, m, format_fraction(p), f"{float(p):.3f}")

    def peek_html(self) -> str:
        """The person of the player to move, while they peek (empty otherwise)."""
        g = self.game
        if not self.peek or g.over:
            return ""
        secret = g.your_secret if g.to_move == YOU else g.computer_secret
        whose = g.player_name(g.to_move) if g.hot_seat else "you"
        face = portrait_svg(g.board, g.names[secret], width=90) if self.faces else ""
        return render_macro("widgets.html", "peek", markup(face), whose, g.names[secret])

    def hint_html(self) -> str:
        """The hint, while it is shown (empty otherwise)."""
        if not self.hint_open or self.hint_explanation is None:
            return ""
        return render_macro("widgets.html", "hint", markup(explanation_html(self.hint_explanation)))

    def match_text(self) -> str:
        """The match's score and exact odds in words (empty for a single game)."""
        if self.match is None:
            return ""
        g = self.game
        current = None if g.over else g.win_probability()
        return self.match.text(current, (g.player_name(YOU), g.player_name(COMPUTER)))

    def message_html(self) -> str:
        return render_macro("widgets.html", "message", self.message, self.error)

    def history_html(self) -> str:
        """Every move with its exact values (yours) and its grade, newest first; your costly moves are shaded."""
        g = self.game
        rows = [(t.text, not t.optimal and (t.player == YOU or g.hot_seat),
                 [t.number, g.player_name(t.player) if g.hot_seat else t.player, t.label,
                  *(format_fraction(x) for x in (t.win_before, t.move_value, t.best_value, t.win_after)), t.grade])
                for t in reversed(g.history)]
        return render_macro("widgets.html", "history", rows, g.values_note, _CELL)


def _start_chance(game: TwoPlayerGame, you_first: bool):
    """The chance of the player who starts a game of these settings, both playing perfectly (P of the start)."""
    first = game.history[0].win_before if game.history else game.win_probability()    # Player 1's at the start
    return first if you_first else 1 - first


def _make_game(rules, board, computer, you_first, seed):
    """A Game, or on the board of faces (``board="faces"``) a BoardGame on the shipped board."""
    if board == "characters":
        return Game(rules, load_board(), computer, you_first, seed)
    if board != "faces":
        return Game(rules, board, computer, you_first, seed)
    name = getattr(rules, "name", rules)
    if name not in FACES_RULES:
        raise ValueError(f"rules must be one of {FACES_RULES} on the board of faces (board='faces'), got {name!r}")
    return BoardGame(rules, None, computer, you_first, seed)


def settings_from_query(query: str) -> dict:
    """Game settings from a web page's query string, e.g. ``"rules=tripartite&board=12&seed=3"``.

    Keys: ``rules``, ``board`` (a number, ``characters`` or ``faces``), ``computer`` (``optimal``/``halving``, or
    ``human`` for two players on one screen),
    ``first`` (``you``/``computer``), ``seed`` (an integer).  A key or value longer than
    ``MAX_SETTING_LENGTH`` (40) characters is refused, and the error quotes only its start.  The class server passes
    its page's query string here, so ``http://127.0.0.1:8866/?rules=nica&board=8`` opens a race-to-one game on 8
    suspects.

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
            raise ValueError(f"unknown setting {_cut(key, MAX_SETTING_LENGTH)!r} in the address; "
                             f"allowed: {', '.join(allowed)}")
        if len(value) > MAX_SETTING_LENGTH:
            raise ValueError(f"{key} is too long ({len(value)} characters, at most {MAX_SETTING_LENGTH}): "
                             f"{_cut(value, 20)!r}")
        if key in ("board", "seed"):
            if key == "board" and value in ("characters", "faces"):
                out[key] = value
                continue
            try:
                out[key] = int(value)
            except ValueError:
                kind = "a number of suspects, 'characters' or 'faces'" if key == "board" else "an integer"
                raise ValueError(f"{key} must be {kind}, got {value!r}") from None
        elif key == "first":
            if value not in ("you", "computer"):
                raise ValueError(f"first must be 'you' or 'computer', got {value!r}")
            out["you_first"] = value == "you"
        else:
            out[key] = value
    return out


# ==== the widget (view only) ================================================================================

#: Darker shades of the coloured button styles, so that their white text has a contrast of at least 4.5:1 (WCAG AA).
_DARKER = {"info": "#00796b", "warning": "#b34700", "success": "#2e7d32"}


class PlayWidget(View):
    """Play Guess Who? against the computer in a notebook: ``gw.widgets.PlayWidget()`` shows the game.

    The widget only displays a :class:`PlayModel` (``.model``) and forwards clicks to it; an error in any
    callback shows in its error area (``.errors``).  Buttons carry CSS classes (``gw-suspect``,
    ``gw-suspect-<number>``, ``gw-ask``, ``gw-guess``, ``gw-new``, ...) so a browser test can find them.
    On the board of faces each suspect is a portrait above its button, the menu ``gw-question`` chooses the
    trait to ask about, and ``gw-players`` shows your person and the computer's board.  ``gw-hint`` shows why the
    best move is best (``gw-hint-box``), ``gw-review`` opens the review (``gw-review-box``, stepped with
    ``gw-review-prev`` and ``gw-review-next``), ``gw-again`` (after the game) opens "choose again" at the costly
    positions (``gw-again-box``), ``gw-peek`` shows the person of the player to move in a game for
    two (``computer="human"``), ``gw-best-of`` sets the match and ``gw-next-game`` plays its next game.
    """

    def __init__(self, rules="official", board=24, computer="optimal", you_first=True, seed=None, model=None,
                 best_of=1):
        import ipywidgets as w

        super().__init__(model if model is not None else PlayModel(rules, board, computer, you_first, seed, best_of))
        self._w = w
        m = self.model
        boards = ["numbered", "characters", "faces"]
        self._rule_sets = rule_choices(m.game.rules)      # name -> rule set: gw.RULES, and a custom record
        self.rules_box = w.Dropdown(options=list(self._rule_sets), value=m.rules, description="Rules")
        self.board_box = w.Dropdown(options=boards, value=m.board if m.board in ("characters", "faces") else "numbered",
                                    description="Board")
        self.size_box = w.BoundedIntText(value=24 if isinstance(m.board, str) else int(m.board), min=2,
                                         max=MAX_BOARD, description="Suspects")
        self.computer_box = w.Dropdown(options=list(COMPUTER_CHOICES),
                                       value=m.computer if m.computer in dict(COMPUTER_CHOICES).values() else "optimal",
                                       description="Computer")
        self.computer_box.add_class("gw-computer")
        self.first_box = w.Checkbox(value=m.you_first, description="You (Player 1) move first")
        self.best_of_box = w.Dropdown(options=[(f"best of {k}" if k > 1 else "one game", k) for k in MATCH_LENGTHS],
                                      value=m.best_of if m.best_of in MATCH_LENGTHS else 1, description="Match")
        self.best_of_box.add_class("gw-best-of")
        self.new_button = self._button("New game", "gw-new", self.start_new_game, button_style="info",
                                       style={"button_color": _DARKER["info"]})
        self.group_box = w.ToggleButtons(options=[("group A", 0), ("group B", 1)], value=0,
                                         description="Clicks fill")
        self.group_box.add_class("gw-group")
        self.bind(self.group_box, "active_group")
        self.trait_box = w.Dropdown(options=[""], value="", description="Select trait")
        self.trait_box.observe(self.guard(self._on_trait), names="value")
        self.question_box = w.Dropdown(options=[("choose a trait", "")], value="", description="Ask about")
        self.question_box.add_class("gw-question")
        self.question_box.observe(self.guard(self._on_question), names="value")
        self._syncing = False             # True while update() sets the question menu (no callback then)
        self.players = self._html("gw-players")
        self.face_tiles: list = []
        self.ask_button = self._button("Ask", "gw-ask", lambda: self.model.ask(), button_style="primary")
        self.guess_button = self._button("Guess", "gw-guess", lambda: self.model.guess(), button_style="warning",
                                         style={"button_color": _DARKER["warning"]})
        self.clear_button = self._button("Clear selection", "gw-clear", lambda: self.model.clear())
        self.hint_button = self._button("Hint: why is the best move best?", "gw-hint", lambda: self.model.hint())
        self.hint_button.layout.width = "250px"
        self.peek_button = self._button("Show my person", "gw-peek", lambda: self.model.show_person())
        self.review_button = self._button("Review the game", "gw-review", lambda: self.model.toggle_review(),
                                          button_style="success", style={"button_color": _DARKER["success"]})
        self.next_button = self._button("Next game of the match", "gw-next-game", lambda: self.model.next_game(),
                                        button_style="info", style={"button_color": _DARKER["info"]})
        self.next_button.layout.width = "200px"
        self.again_button = self._button("Choose again", "gw-again", lambda: self.model.toggle_again(),
                                         layout=w.Layout(width="170px"))
        self.again_view = None                # the "choose again" view, made when it is first opened
        self.again_area = w.VBox()
        self.hint_box = self._html("gw-hint-box")
        self.peek_box = self._html("gw-peek-box")
        self.match_box = self._html("gw-match-box")
        self.reviewer = None                  # the review's view, made when the review is first opened
        self.review_area = w.VBox()
        self.status = self._html("gw-status-box")
        self.message = self._html("gw-message")
        self.history = self._html("gw-history-box")
        self.grid = w.GridBox(layout=w.Layout(grid_template_columns="repeat(8, 110px)", grid_gap="4px"))
        self.suspect_buttons: list = []
        self._board_widgets: list = []    # every widget made for the current board (closed with it)
        self._board_of = None             # the game whose board the suspect buttons show
        self.settings = w.HBox([w.VBox([self.rules_box, self.board_box, self.size_box]),
                                w.VBox([self.computer_box, self.first_box, self.best_of_box, self.new_button])])
        self.actions = w.HBox([self.ask_button, self.guess_button, self.clear_button, self.peek_button])
        self.helpers = w.HBox([self.hint_button, self.review_button, self.again_button, self.next_button])
        self.widget = w.VBox([self.settings, self.status, self.match_box, self.players, self.peek_box, self.group_box,
                              self.trait_box, self.question_box, self.grid, self.actions, self.message,
                              self.error_box, self.helpers, self.hint_box, self.review_area, self.again_area,
                              self.history])
        self.widget.add_class("gw-play")
        self.show()

    def _button(self, description, css_class, action, **style):
        b = self._w.Button(description=description, **style)
        b.add_class(css_class)
        self.on_click(b, action)
        return b

    def _html(self, css_class):
        h = self._w.HTML()
        h.add_class(css_class)
        return h

    def start_new_game(self):
        """Start a game with the settings in the boxes."""
        board = self.board_box.value if self.board_box.value in ("characters", "faces") else self.size_box.value
        self.model.new_game(self._rule_sets[self.rules_box.value], board, self.computer_box.value, self.first_box.value,
                            seed=None, best_of=self.best_of_box.value)

    def _on_trait(self, change):
        if change["new"]:
            try:
                self.model.select_trait(change["new"])
            finally:
                self.trait_box.value = ""

    def _on_question(self, change):
        if not self._syncing:
            self.model.choose_question(change["new"])

    def _build_board(self):
        """The suspects' buttons (and portraits) for the current game.  The suspects share one layout (and
        the portraits one style): fewer widget models for the page to load.  The previous game's board is
        closed, so that a player's many games do not pile up widgets in the kernel."""
        w = self._w
        g = self.model.game
        faces = self.model.faces
        previous = self._board_widgets
        button_layout = w.Layout(width="100px" if faces else "105px")
        buttons = []
        for i, name in enumerate(g.names):
            b = w.Button(description=name, layout=button_layout)
            b.add_class("gw-suspect")
            b.add_class(f"gw-suspect-{i + 1}")
            self.on_click(b, lambda i=i: self.model.click(i + 1))
            buttons.append(b)
        self.suspect_buttons = buttons
        made = [button_layout] + buttons + [b.style for b in buttons]     # each button's colour is its own
        if faces:
            from ipywidgets.widgets.widget_string import HTMLStyle

            tile_layout, tile_style, box_layout = w.Layout(), HTMLStyle(), w.Layout(align_items="center")
            self.face_tiles = [w.HTML(layout=tile_layout, style=tile_style) for _ in g.names]
            boxes = [w.VBox([t, b], layout=box_layout) for t, b in zip(self.face_tiles, buttons)]
            made += [tile_layout, tile_style, box_layout] + self.face_tiles + boxes
        else:
            self.face_tiles, boxes = [], buttons
        self.grid.children = boxes
        self._board_widgets = made
        for old in previous:
            old.close()
        self.grid.layout.grid_template_columns = "repeat(8, 112px)" if faces else "repeat(8, 110px)"
        self.question_box.layout.display = "" if faces else "none"
        self.players.layout.display = "" if faces else "none"
        traits = [] if faces else sorted(g.traits)
        self.trait_box.options = [""] + traits
        self.trait_box.value = ""
        self.trait_box.layout.display = "" if traits else "none"
        self.group_box.layout.display = "" if self.model.paradox_allowed else "none"
        self._board_of = g

    def update(self):
        """Redraw everything from the model, as :func:`.play_view.view_state` says (the class server's page
        draws from the same state)."""
        m = self.model
        if self._board_of is not m.game:
            self._build_board()
        v = view_state(m, review_html=False)
        for b, tile, s in zip(self.suspect_buttons, self.face_tiles or [None] * len(self.suspect_buttons),
                              v["suspects"]):
            b.style.button_color = STATUS_COLOURS[s["status"]]
            b.disabled = s["disabled"]
            b.tooltip = s["tooltip"]
            if tile is not None:
                tile.value = s["tile"]
        questions = v["questions"]
        if questions["shown"]:
            self._syncing = True
            try:
                options = [tuple(o) for o in questions["options"]]
                if list(self.question_box.options) != options:
                    self.question_box.options = options
                if self.question_box.value != questions["chosen"]:
                    self.question_box.value = questions["chosen"]
            finally:
                self._syncing = False
            self.question_box.disabled = questions["disabled"]
        self.players.value = v["players_html"]
        self.players.layout.display = "" if v["players_html"] else "none"
        buttons = v["buttons"]
        for b, key in ((self.ask_button, "ask"), (self.guess_button, "guess"), (self.clear_button, "clear"),
                       (self.hint_button, "hint"), (self.peek_button, "peek")):
            b.disabled = not buttons[key]
        self.peek_button.layout.display = "" if buttons["peek_shown"] else "none"
        self.peek_button.description = buttons["peek_label"]
        self.peek_box.value = v["peek_html"]
        self.hint_box.value = v["hint_html"]
        self.match_box.value = html.escape(v["match_text"])
        self.next_button.layout.display = "" if buttons["next_game"] else "none"
        self.review_button.description = buttons["review_label"]
        if m.review_open and self.reviewer is None:
            self.reviewer = ReviewWidget(model=m.review)
            self.review_area.children = [self.reviewer.widget]
        self.review_area.layout.display = "" if v["review"]["open"] else "none"
        self.again_button.layout.display = "" if buttons["again"] else "none"
        self.again_button.description = buttons["again_label"]
        self.again_view = ChooseAgainWidget.following(self.again_view, m.again, self.again_area)
        self.again_area.layout.display = "" if v["again"]["open"] else "none"
        self.status.value = v["status_html"]
        self.message.value = v["message_html"]
        self.history.value = v["history_html"]

    refresh = update
