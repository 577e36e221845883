"""A page's place in a class session: a student joins their class (its code and a nickname), and each game they
play on the class server is recorded for the teacher's live tally (:mod:`guesswho_apps.classroom`).

:class:`ClassJoinModel` holds the state (tested headless): the class code, the nickname, whether the page has
joined, the message to show, and the games not yet recorded.  **A game belongs to the class from its student's
first move** (made while the page is in the class): whatever happens next it is recorded.  The class server
reports what each action did (:meth:`ClassJoinModel.after_action`): a game that ends is recorded as it was
played; a game its student leaves unfinished (a new game, the page gone, the idle time, the server stopping:
:meth:`ClassJoinModel.abandon`) is finished by the server with best play for both sides from where it was left
(:func:`~guesswho_apps.classroom.referee.finish_record`) and recorded as finished by the server, so that no
student can drop the games going badly (nor are they counted as lost, which would bend the figure the other
way).  The server writes them, in its one writer thread (:meth:`ClassJoinModel.settle`), to the class store,
where the referee replays each before anything is stored.  A record that could not be written (the store
unreachable) is kept and sent again with the next game, or with the page's "Send again"; a join that the store
could not confirm is kept too (the games played meanwhile with it), and Send again completes it; a game sent
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
>>> join.after_action(), join.settle(), join.recorded, store.games_by_player(code, join.player)
(True, 0, 1, 1)
"""

from __future__ import annotations

import traitlets

from ..classroom import (ClassStore, InvalidGame, SessionError, StoreUnavailable, check_code, check_nickname,
                         game_record, new_game_id, new_player_id)
from ..classroom.referee import finish_record, position, students_moves
from ..classroom.store import COUNTED_PER_NICKNAME
from ..templating import render_macro
from guesswho_lib.widgets.base import WidgetModel, changes_state
from guesswho_lib.widgets.play import MAX_MESSAGE_LENGTH, MAX_SETTING_LENGTH, PlayModel
from guesswho_lib.widgets.play_view import class_state

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
        self._held: tuple[str, str] | None = None     # a join the store could not confirm yet (Send again)
        self._seen = play.game if play.game is not None and play.game.over else None   # recorded or finished
        self._before = None             # a game its student had moved in before the page asked to join
        self._claimed, self._claimed_id = None, ""    # the game under way that belongs to the class, its id
        self.journal_due = False        # the game under way has moved since the store last noted it

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

    @property
    def in_class(self) -> bool:
        """True when the page has joined, or asked to join and the store could not say yes or no yet: its games
        belong to the class from their first move."""
        return self.joined or self._held is not None

    @changes_state
    def send_again(self):
        """The page's Send again button: :meth:`settle` tries the kept join, then the kept games, again."""
        if self._held is not None:
            self._wanted, self._send_now = self._held, True
            self.say(f"Joining class {self._held[0]} again\u2026")
        elif self.joined and self._pending:
            self._send_now = True
            self.say("Sending your game again\u2026")

    def box(self) -> dict:
        """The class box of the page (:func:`~guesswho_lib.widgets.play_view.class_state`), with a join kept for
        Send again: no form then, and the button."""
        state = class_state(self)
        if self._held is not None:
            state.update(form=False, code=self._held[0], nickname=self._held[1],
                         send_again=not self.waiting, unsent=len(self._pending))
        return state

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
        game = self.play.game
        if game is not None and not self.in_class and students_moves(game):
            self._before = game         # a game begun before joining is not the class's
        self.say(f"Joining class {self._wanted[0]}\u2026")
        return True

    @changes_state
    def after_action(self, previous=None) -> bool:
        """What an action of the page did to its games (``previous``: the game before the action): a game left
        for a new one is finished by the server (:meth:`abandon`); the game now becomes the class's at its
        student's first move; a game that has ended is noted (:meth:`game_over`).  True when there is a game to
        write."""
        noted = False
        if previous is not None and previous is not self.play.game:
            noted = self.abandon(previous)
        game = self.play.game
        self._claim(game)
        if game is not None and game is self._claimed and not game.over:
            self.journal_due = True
        return self.game_over() or noted

    def _claim(self, game):
        """``game`` belongs to the class once its student has moved, if it was not begun before the page asked to
        join (nor recorded already)."""
        if (self.in_class and game is not None and game is not self._claimed and game is not self._seen
                and game is not self._before and students_moves(game)):
            self._claimed, self._claimed_id = game, new_game_id()

    @property
    def under_way_id(self) -> str:
        """The id of the class's game under way ("" when there is none)."""
        return self._claimed_id if self._claimed is not None and not self._claimed.over else ""

    def under_way(self) -> tuple[dict, dict] | None:
        """(the moves so far, the position) of the class's game under way, for the store's note of it (None when
        there is none)."""
        game = self._claimed
        if game is None or game.over or not self.joined:
            return None
        return game_record(game, self._claimed_id, unfinished=True), position(game)

    @changes_state
    def game_over(self) -> bool:
        """Note the finished game of ``play`` (once; only a game that belongs to the class) to be written by
        :meth:`settle`; True when there is one.  A game that cannot be turned into a record is said, and the game
        goes on."""
        game = self.play.game
        if game is not None and game.over:
            self._claim(game)
        if game is None or not game.over or game is not self._claimed:
            return False
        self._seen, self._claimed = game, None
        try:
            self._pending.append(game_record(game, self._claimed_id))
        except (TypeError, ValueError) as e:
            self.say(f"This game is not recorded for the class: {e}.", error=True)
            return False
        return self._noted("Recording your game for the class\u2026")

    @changes_state
    def abandon(self, game=None) -> bool:
        """The class's game under way (``game``: the one the page leaves, by default the one it holds) is left
        unfinished: the server finishes it with best play for both sides from where it was left and notes it to
        be written; True when there was one."""
        game = self.play.game if game is None else game
        if game is not self._claimed or game is None:
            return False
        if game.over:
            return self.game_over()
        self._seen, self._claimed = game, None
        try:
            self._pending.append(finish_record(game_record(game, self._claimed_id, unfinished=True),
                                               position(game)))
        except (TypeError, ValueError) as e:
            self.say(f"Your unfinished game is not recorded for the class: {e}.", error=True)
            return False
        return self._noted("Your unfinished game is finished by the server with best play for both sides from "
                           "where you left it, and recorded for the class\u2026")

    def _noted(self, text: str) -> bool:
        self.unsent = len(self._pending)
        self.journal_due = False
        if self.joined:
            self._send_now = True
            self.say(text)
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
            except (SessionError, ValueError) as e:
                self.refused, self._held = True, None
                self._pending.clear()          # (games kept for a join that is refused: not the class's)
                self.unsent, self._claimed = 0, None
                self.say(f"Could not join: {e}", error=True)
                return self.unsent
            except Exception as e:  # the store unavailable (or failing in any other way): the join is kept
                self._held = (code, nickname)
                why = str(e) if isinstance(e, StoreUnavailable) else f"the class store failed ({type(e).__name__})"
                self.say(f"Could not join class {code} yet: {why}. Your join is kept, with the games you play "
                         "meanwhile: press Send again in a moment, or tell your teacher.", error=True)
                return self.unsent
            self.code, self.nickname, self.joined, self._held = code, nickname, True, None
            self._send_now = bool(self._pending)
            self.say(f"You are playing in class {code} as {nickname}. Every game you start is recorded for "
                     f"your teacher's tally once you have moved, even if you leave it (the server then finishes "
                     f"it with best play); the first {COUNTED_PER_NICKNAME} games of a nickname with the same "
                     "settings count in the class's figures.")
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
                done = e
            except Exception as e:  # a store that fails in any other way: the game is kept, and play goes on
                self.say(f"Your game could not be recorded ({type(e).__name__}: {e}). It is kept: press Send "
                         "again in a moment, or tell your teacher.", error=True)
                break
            self._sent(done)
        self.unsent = len(self._pending)
        return self.unsent

    def outbox(self) -> list[tuple] | None:
        """The games :meth:`settle` would write now, ``(code, player, nickname, record)`` each, when that is all it
        has to do (no join asked for); None otherwise.  The server writes several pages' games in one transaction
        (:meth:`~guesswho_apps.classroom.ClassStore.record_games`) and reports each page's with :meth:`sent`."""
        if self._wanted is not None or not (self.joined and self._send_now and self._pending):
            return None
        return [(self.code, self.player, self.nickname, record) for record in self._pending]

    @changes_state
    def sent(self, results: list) -> int:
        """What the store did with the games of :meth:`outbox` (their :class:`Recorded`, or what refused them), said
        as :meth:`send` says it; returns how many games are still unsent (finished since :meth:`outbox`: they go
        with the page's next turn)."""
        for done in results:
            if self._pending:
                self._sent(done)
        self._send_now = bool(self._pending)
        self.unsent = len(self._pending)
        return self.unsent

    def _sent(self, done):
        """One game of the oldest unsent written (``done``: its Recorded) or refused (the SessionError or InvalidGame
        that says why): dropped from the unsent, and said."""
        self._pending.pop(0)
        if isinstance(done, Exception):
            self.say(f"Your game was not recorded: {done}", error=True)
            return
        self.recorded = done.games_by_player
        g = done.replayed
        if g.computer == "human":           # two players on this screen
            result = f"Player {1 if g.winner == 'you' else 2} won"
        else:
            result = "you won" if g.winner == "you" else "you lost"
        what = ("Your unfinished game was finished by the server with best play for both sides from where you "
                "left it, and recorded" if g.finished_by_server else "Game recorded")
        note = (f" It is kept for your review, but only the first {COUNTED_PER_NICKNAME} games of a nickname "
                "with the same settings count in the class's figures." if done.left_out == "cap" else "")
        self.say(f"{what} for class {self.code}: {result} (first move {g.first_move or 'none'}). "
                 f"Games recorded from this page: {self.recorded}.{note}")

    def status_html(self) -> str:
        return render_macro("pieces.html", "class_status", self.message, self.error)


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
