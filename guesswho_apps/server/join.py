"""A page's place in a class session: a student joins their class (its code and a nickname), and each game they
finish on the class server is recorded for the teacher's live tally (:mod:`guesswho_apps.classroom`).

:class:`ClassJoinModel` holds the state (tested headless): the class code, the nickname, whether the page has
joined, the message to show, and the games not yet recorded.  The class server reports the end of each of its
games (:meth:`ClassJoinModel.game_over`) and writes them, in its one writer thread (:meth:`ClassJoinModel.settle`),
to the class store, where the referee replays each before anything is stored.  A record that could not be written
(the store unreachable) is kept and sent again with the next game, or with the page's "Send again"; a game sent
twice is stored once.  The page keeps its own games: it never reads another player's.

>>> import os, tempfile
>>> from guesswho_apps.classroom import ClassStore
>>> from guesswho_lib.widgets.play import PlayModel
>>> store = ClassStore(os.path.join(tempfile.mkdtemp(), "class.db")); store.create()
>>> code = store.start_session().code
>>> play = PlayModel("official", board=2, computer="halving", seed=2)
>>> join = ClassJoinModel(play, store=store)
>>> join.join(code, "Sam"), join.joined
(True, True)
>>> _ = play.click(1), play.guess()
>>> join.game_over(), join.settle(), join.recorded, store.games_by_player(code, join.player)
(True, 0, 1, 1)
"""

from __future__ import annotations

import html

import traitlets

from ..classroom import (ClassStore, InvalidGame, SessionError, StoreUnavailable, check_code, check_nickname,
                         game_record, new_player_id)
from guesswho_lib.widgets.base import WidgetModel, changes_state
from guesswho_lib.widgets.play import MAX_MESSAGE_LENGTH, MAX_SETTING_LENGTH, PlayModel

__all__ = ["ClassJoinModel", "class_settings_from_query"]

#: The settings of the address that belong to the class session (the others are the game's).
CLASS_KEYS = ("class", "name")


class ClassJoinModel(WidgetModel):
    """Joining a class session and recording each finished game of ``play`` (a :class:`~.play.PlayModel`).

    ``store`` is the class store (a :class:`~guesswho_apps.classroom.ClassStore` or its location; None when the
    server keeps no class session).

    Two steps, so that the server can do the second away from its players' moves: :meth:`ask_to_join` and
    :meth:`game_over` only note what is to be done (no store call); :meth:`settle` does it (joins, writes the
    finished games), in the server's writer thread."""

    code = traitlets.Unicode("")
    nickname = traitlets.Unicode("")
    joined = traitlets.Bool(False)
    message = traitlets.Unicode("")
    error = traitlets.Bool(False)
    recorded = traitlets.Int(0)        # games of this page stored in the class store
    unsent = traitlets.Int(0)          # finished games not stored yet (the store could not be reached)

    def __init__(self, play: PlayModel, store: ClassStore | str | None):
        super().__init__()
        self.play = play
        self.store = store if isinstance(store, ClassStore) else ClassStore(store) if store else None
        self.player = new_player_id()
        self._pending: list[dict] = []
        self._wanted: tuple[str, str] | None = None
        self._send_now = False
        self.refused = False            # the last join was refused: a code that names no open class
        self._seen = play.game if play.game is not None and play.game.over else None

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
