"""The play page in a class session: a student joins their class (its code and a nickname), and each game they
finish is recorded for the teacher's live tally (:mod:`guesswho_lib.classroom`).

* :class:`ClassJoinModel` -- the state (tested headless): the class code, the nickname, whether the page has
  joined, the message to show, and the games not yet recorded.  It watches a :class:`~.play.PlayModel`: when a
  game ends it writes the game's record (:func:`~guesswho_lib.classroom.game_record`) to the class store, where
  the referee replays it before anything is stored.  A record that could not be written (the store unreachable)
  is kept and sent again with the next game, or with the "Send again" button; a game sent twice is stored once.
* :class:`ClassJoinWidget` -- the thin view: a box to type the code and the nickname, and what happened.
* :class:`ClassPlayWidget` -- the game page of a class server: the join box above the play widget, set up from
  the page's address (``?class=K7QMD&name=Sam&board=4``, the other settings as for :class:`~.play.PlayWidget`).

The store is the one the class server names in the kernel's environment (``GUESSWHO_CLASS_STORE``); a page
served without one shows no join box.  The page keeps its own games: it never reads another player's.

>>> import os, tempfile
>>> from guesswho_lib.classroom import ClassStore
>>> store = ClassStore(os.path.join(tempfile.mkdtemp(), "class.db")); store.create()
>>> code = store.start_session().code
>>> play = PlayModel("official", board=2, computer="halving", seed=2)
>>> join = ClassJoinModel(play, store=store.location)
>>> join.join(code, "Sam"), join.joined
(True, True)
>>> _ = play.click(1), play.guess()
>>> join.recorded, store.games_by_player(code, join.player)
(1, 1)
"""

from __future__ import annotations

import html
import os

import traitlets

from ..classroom import (STORE_VARIABLE, ClassStore, InvalidGame, SessionError, StoreUnavailable, check_code,
                         check_nickname, game_record, new_player_id)
from .base import View, WidgetModel, changes_state
from .play import MAX_MESSAGE_LENGTH, MAX_SETTING_LENGTH, PlayModel, PlayWidget

__all__ = ["ClassJoinModel", "ClassJoinWidget", "ClassPlayWidget", "class_settings_from_query"]

#: The settings of the address that belong to the class session (the others are the game's).
CLASS_KEYS = ("class", "name")


class ClassJoinModel(WidgetModel):
    """Joining a class session and recording each finished game of ``play`` (a :class:`~.play.PlayModel`).

    ``store`` is the class store (a :class:`~guesswho_lib.classroom.ClassStore` or its location; default: the
    class server's, from ``GUESSWHO_CLASS_STORE``; None or "" when the page is not served for a class).

    Two steps, so that a server can do the second away from its players' moves: :meth:`ask_to_join` and
    :meth:`game_over` only note what is to be done (no store call); :meth:`settle` does it (joins, writes the
    finished games).  ``watch=True`` (a page in a kernel) does both at once when a game of ``play`` ends; the
    class server (``watch=False``) reports the end itself, from its own game, and settles in its writer thread."""

    code = traitlets.Unicode("")
    nickname = traitlets.Unicode("")
    joined = traitlets.Bool(False)
    message = traitlets.Unicode("")
    error = traitlets.Bool(False)
    recorded = traitlets.Int(0)        # games of this page stored in the class store
    unsent = traitlets.Int(0)          # finished games not stored yet (the store could not be reached)

    def __init__(self, play: PlayModel, store: ClassStore | str | None = "from the server", watch: bool = True):
        super().__init__()
        if store == "from the server":
            store = os.environ.get(STORE_VARIABLE, "")
        self.play = play
        self.store = store if isinstance(store, ClassStore) else ClassStore(store) if store else None
        self.player = new_player_id()
        self._pending: list[dict] = []
        self._wanted: tuple[str, str] | None = None
        self._send_now = False
        self.refused = False            # the last join was refused: a code that names no open class
        self._seen = play.game if play.game is not None and play.game.over else None
        if watch:
            play.observe(self._game_changed, names="version")

    @property
    def available(self) -> bool:
        """True when the page is served for a class (there is a class store to record to)."""
        return self.store is not None

    @property
    def joining(self) -> bool:
        """True when a join was asked for and :meth:`settle` has not tried it yet."""
        return self._wanted is not None

    @changes_state
    def hold_off(self, text: str):
        """Drop the join asked for, saying ``text`` (why not now)."""
        self._wanted = None
        self.say(text, error=True)

    @property
    def waiting(self) -> bool:
        """True when :meth:`settle` has something to do (a join asked for, a finished game to write, or Send
        again pressed).  A game kept unsent is not retried at every click: with the next game, or Send again."""
        return self._wanted is not None or bool(self.joined and self._pending and self._send_now)

    @changes_state
    def send_again(self):
        """The page's Send again button: :meth:`settle` tries the kept games again."""
        if self.joined and self._pending:
            self._send_now = True
            self.say("Sending your game again\u2026")

    @changes_state
    def say(self, text: str, error: bool = False):
        self.message, self.error = str(text)[:MAX_MESSAGE_LENGTH], bool(error)

    @changes_state
    def join(self, code: str, nickname: str) -> bool:
        """Join the class ``code`` as ``nickname``; False (and a message saying why) if that is not possible."""
        if not self.ask_to_join(code, nickname):
            return False
        self.settle()
        return self.joined

    @changes_state
    def ask_to_join(self, code: str, nickname: str) -> bool:
        """Check the code and the nickname as typed (no store call); :meth:`settle` then joins.  False (and a
        message saying why) when they cannot be right."""
        if self.store is None:
            self.say("This game server keeps no class sessions: ask your teacher for the class address.", True)
            return False
        if self.joined:
            self.say(f"You are already playing in class {self.code} as {self.nickname}.")
            return False
        try:
            self._wanted = (check_code(code), check_nickname(nickname))
        except (TypeError, ValueError) as e:
            self.say(f"Could not join: {e}", error=True)
            return False
        self.say(f"Joining class {self._wanted[0]}\u2026")
        return True

    @changes_state
    def game_over(self) -> bool:
        """Note the finished game of ``play`` (once; only when joined) to be written by :meth:`settle`; True when
        there is one.  A game that cannot be turned into a record is said, and the game goes on."""
        game = self.play.game
        if not self.joined or game is None or not game.over or game is self._seen:
            return False
        self._seen = game
        try:
            self._pending.append(game_record(game))
        except (TypeError, ValueError) as e:
            self.say(f"This game is not recorded for the class: {e}.", error=True)
            return False
        self.unsent = len(self._pending)
        self._send_now = True
        self.say("Recording your game for the class\u2026")
        return True

    @changes_state
    def settle(self) -> int:
        """Do what :meth:`ask_to_join` and :meth:`game_over` noted: join (the store says whether the class is
        open), then write the finished games not yet stored.  Whatever the store does, this never raises: the
        game goes on, and the message says what happened and the way on.  Returns how many games are unsent."""
        if self._wanted is not None:
            code, nickname = self._wanted
            self._wanted, self.refused = None, False
            try:
                self.store.check_open(code)
            except (SessionError, ValueError, StoreUnavailable) as e:
                self.refused = not isinstance(e, StoreUnavailable)
                self.say(f"Could not join: {e}", error=True)
                return self.unsent
            except Exception as e:  # a store that fails in any other way: said, and the game goes on
                self.say(f"Could not join: the class store failed ({type(e).__name__}: {e}). Try again in a "
                         "moment, or tell your teacher.", error=True)
                return self.unsent
            self.code, self.nickname, self.joined = code, nickname, True
            self.say(f"You are playing in class {code} as {nickname}. Every game you finish is recorded for "
                     "your teacher's tally.")
        if self.joined and self._send_now:
            self._send_now = False
            self.send()
        return self.unsent

    @changes_state
    def from_address(self, code: str = "", nickname: str = "", problem: str = ""):
        """The class settings of the page's address (``?class=K7QMD&name=Sam``; ``problem``: why they could not
        be read): fill the form, and ask to join when both are there (:meth:`settle` joins)."""
        self.set(code=code[:MAX_SETTING_LENGTH], nickname=nickname[:MAX_SETTING_LENGTH])
        if problem:
            self.say(f"Could not use the class settings in the address: {problem}", error=True)
        elif code and (nickname or not self.available):
            self.ask_to_join(code, nickname or "-")     # (no store: says that this server keeps no sessions)
        elif code:
            self.say("Type a nickname (not your full name) and press Join the class.")

    def _game_changed(self, _change=None):
        """A finished game not seen yet is recorded at once (a page in a kernel)."""
        if self.game_over():
            self.settle()

    @changes_state
    def send(self) -> int:
        """Write the finished games not yet stored (oldest first); returns how many are still unsent.  Never
        raises: a game the store could not take is kept (and sent again with the next one, or with Send
        again); a game the store refuses is dropped, and the message says why."""
        while self._pending:
            try:
                done = self.store.record_game(self.code, self.player, self.nickname, self._pending[0])
            except StoreUnavailable as e:
                self.say(f"Your game could not be sent to the class tally ({e}). It is kept: press Send again "
                         "in a moment, or it goes with your next game.", error=True)
                break
            except (SessionError, InvalidGame) as e:
                self._pending.pop(0)
                self.say(f"Your game was not recorded: {e}", error=True)
                continue
            except Exception as e:  # a store that fails in any other way: the game is kept, and play goes on
                self.say(f"Your game could not be recorded ({type(e).__name__}: {e}). It is kept: press Send "
                         "again in a moment, or tell your teacher.", error=True)
                break
            self._pending.pop(0)
            self.recorded = done.games_by_player
            g = done.replayed
            if g.computer == "human":           # two players on this screen
                result = f"Player {1 if g.winner == 'you' else 2} won"
            else:
                result = "you won" if g.winner == "you" else "you lost"
            self.say(f"Game recorded for class {self.code}: {result} (first move {g.first_move or 'none'}). "
                     f"Games recorded from this page: {self.recorded}.")
        self.unsent = len(self._pending)
        return self.unsent

    def status_html(self) -> str:
        colour = "#b00020" if self.error else "#1b5e20"
        return f'<div style="color:{colour}">{html.escape(self.message)}</div>'


class ClassJoinWidget(View):
    """The join box of the play page: class code, nickname, Join; then what was recorded.  The form is made only
    for a page that has not joined, and "Send again" only once a game could not be sent: a page joined from its
    address loads few widgets more than the game."""

    def __init__(self, model: ClassJoinModel):
        import ipywidgets as w

        super().__init__(model)
        self._w = w
        self.form = self.send_button = None
        self.status = w.HTML()
        self.status.add_class("gw-class-status")
        self.widget = w.VBox([self.status, self.error_box])
        self.widget.add_class("gw-class")
        self.show()

    def _make_form(self):
        w, m = self._w, self.model
        self.code_box = w.Text(value=m.code, description="Class code", placeholder="e.g. K7QMD")
        self.name_box = w.Text(value=m.nickname, description="Nickname", placeholder="not your full name")
        for box, css in ((self.code_box, "gw-class-code"), (self.name_box, "gw-class-name")):
            box.add_class(css)
        self.join_button = w.Button(description="Join the class", button_style="info")
        self.join_button.add_class("gw-class-join")
        self.on_click(self.join_button, self._join)
        self.form = w.HBox([self.code_box, self.name_box, self.join_button])
        self.widget.children = (self.form, *self.widget.children)

    def _make_send_button(self):
        self.send_button = self._w.Button(description="Send again")
        self.send_button.add_class("gw-class-send")
        self.on_click(self.send_button, lambda: self.model.send())
        self.widget.children = (*self.widget.children, self.send_button)

    def _join(self):
        self.model.join(self.code_box.value, self.name_box.value)

    def update(self):
        m = self.model
        if self.form is None and not m.joined and m.available:
            self._make_form()
        if self.form is not None:
            self.form.layout.display = "none" if m.joined else ""
        if self.send_button is None and m.unsent:
            self._make_send_button()
        if self.send_button is not None:
            self.send_button.layout.display = "" if m.unsent else "none"
        self.status.value = m.status_html() if m.message else ""


def class_settings_from_query(query: str) -> tuple[dict, str]:
    """(the class settings, the rest of the query string) of a page's address: ``class`` and ``name`` are the
    class session's (each at most 40 characters), the rest are the game's (:func:`~.play.settings_from_query`).

    >>> class_settings_from_query("class=K7QMD&name=Sam&board=4")
    ({'class': 'K7QMD', 'name': 'Sam'}, 'board=4')
    """
    from urllib.parse import parse_qsl, urlencode

    if not isinstance(query, str):
        raise TypeError(f"query must be a string, got {type(query).__name__}")
    ours, rest = {}, []
    for key, value in parse_qsl(query.lstrip("?"), keep_blank_values=True):
        if key in CLASS_KEYS:
            if len(value) > MAX_SETTING_LENGTH:
                raise ValueError(f"{key} is too long ({len(value)} characters, at most {MAX_SETTING_LENGTH})")
            ours[key] = value.strip()
        else:
            rest.append((key, value))
    return ours, urlencode(rest)


class ClassPlayWidget:
    """The game page of a class server: the join box (:class:`ClassJoinWidget`) above the game
    (:class:`~.play.PlayWidget`).  ``.play`` and ``.join`` are the two views, ``.widget`` the page.

    A page served without a class store and opened without a class code is the game alone (``.join`` is None):
    not one widget more for the browser to load."""

    def __init__(self, play: PlayWidget, store: str | None = "from the server", code: str = "", nickname: str = "",
                 problem: str = ""):
        import ipywidgets as w

        self.play = play
        model = ClassJoinModel(play.model, store=store)
        if not model.available and not code and not problem:
            self.join, self.widget = None, play.widget
            return
        model.from_address(code, nickname, problem)
        model.settle()
        self.join = ClassJoinWidget(model)
        self.widget = w.VBox([self.join.widget, play.widget])

    @classmethod
    def from_query(cls, query: str, store: str | None = "from the server", **defaults):
        """The page for an address such as ``?class=K7QMD&name=Sam&board=4`` (the game's settings as for
        :meth:`PlayWidget.from_query <.play.PlayWidget.from_query>`, on top of ``defaults``)."""
        try:
            ours, rest = class_settings_from_query(query)
            problem = ""
        except (TypeError, ValueError) as e:
            ours, rest, problem = {}, "", str(e)
        return cls(PlayWidget.from_query(rest, **defaults), store=store, code=ours.get("class", ""),
                   nickname=ours.get("name", ""), problem=problem)

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)
