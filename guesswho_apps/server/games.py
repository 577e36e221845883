"""The class server's games: every player's game held in memory, one :class:`~guesswho_lib.widgets.play.PlayModel`
each, and the actions a page may send (tested headless: no server, no browser).

* :class:`GameTable` -- the games, by an unguessable random id (the page keeps it for its tab; another player
  cannot guess it).  :meth:`GameTable.start` makes a game from the page's address (checked by
  :func:`~guesswho_lib.widgets.play.settings_from_query`; bad settings give the default game and the error as
  its message), :meth:`GameTable.act` applies one action and returns what the page shows now
  (:func:`~guesswho_lib.widgets.play_view.view_state`), :meth:`GameTable.ping` tells a page whether its game is
  still there.
* Bounded: at most ``max_games`` games, and at most ``games_per_address`` from one client (:class:`~.guard.Who`:
  its network address, or its user under the hub; one more is refused with :class:`GameFull`, unless a game gives
  its place: first one whose page has not been heard from for ``reclaim_seconds``, then the oldest game that never
  had an action, once it is ``unmoved_seconds`` old, then a game kept alive only by its page's pings, with no
  action for ``quiet_seconds``: so a newcomer gets a game even when a few clients hold all theirs); a game whose
  page has sent no action for ``idle_seconds`` is dropped (:meth:`GameTable.sweep`: every action counts, a reload
  too; the page's automatic pings do not); a request is a few small values, checked here (:class:`BadRequest`
  names the field and what it accepts).  A game the table does not know (the server was restarted, or the game
  was dropped) raises :class:`GameLost`.
* A class code cannot be found by trying codes: a wrong code and a class that has ended get the same answer, and
  after too many wrong codes in a minute from one client, or from one page, that page is asked to wait
  (:meth:`~.guard.Guard.too_many_wrong_codes`); a page that has joined is never held up by another's.
* Every action is numbered by the page (``seq``): an action sent again after a lost answer is not played twice.
* A class session (``classroom``, a :class:`~.session.ClassRoom`): each page has its join state (a
  :class:`~.join.ClassJoinModel`, shown by the view state); the page joins with the ``join`` action (or
  ``?class=K7QMD&name=Sam`` in its address), and every game its student has moved in is recorded from the server's
  own game object, never from anything the page sends: as it ended, or, left unfinished (a new game, a page gone
  for ``reclaim_seconds``, the idle time, a place given to a newcomer, the server stopping: :meth:`GameTable.close`),
  finished by the server with best play for both sides.  The table only notes the work (no store call in
  :meth:`GameTable.act`); :meth:`GameTable.settle` does it (the web server: :meth:`GameTable.settle_later`, in
  the writer thread, with the other pages' games of the moment, before it answers the page).

>>> table = GameTable(max_games=2, new_id=iter(["a", "b", "c"]).__next__)
>>> game = table.start("rules=official&board=4&seed=1")
>>> game["session"], [s["status"] for s in game["state"]["suspects"]]
('a', ['in', 'in', 'in', 'in'])
>>> after = table.act("a", {"action": "click", "suspect": 1, "seq": 1})
>>> after["state"]["message"]["text"], after["seq"]
('Group A: 1 selected.', 1)
"""

from __future__ import annotations

import re
import secrets
import time
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Callable

from guesswho_lib.rules import check_flag, check_int
from guesswho_lib.widgets.play import MAX_SETTING_LENGTH, PlayModel
from guesswho_lib.widgets.play_view import view_state
from .guard import Who
from .session import ClassRoom

__all__ = ["GameTable", "ClassRoom", "GameFull", "GameLost", "BadRequest", "ACTIONS", "CLASS_ACTIONS",
           "MAX_GAMES", "IDLE_SECONDS", "RECLAIM_SECONDS", "UNMOVED_SECONDS", "QUIET_SECONDS", "DEFAULT_GAME"]

MAX_GAMES = 500                 # games held at once (each a few tens of KiB; the faces board's about 210 KiB)
IDLE_SECONDS = 2 * 3600         # a game with no action for this long is dropped
RECLAIM_SECONDS = 300           # when full, a game whose page has not been heard from for this long gives its place
UNMOVED_SECONDS = 60            # ... then the oldest game that never had an action, once it is this old
QUIET_SECONDS = 120             # ... then the game with the oldest action, once it is this old (its page may ping)
DEFAULT_GAME = {"board": "characters"}    # the game of a page whose address names no settings
MAX_QUERY_LENGTH = 2000         # the longest address a page may send (longer: refused before it is read)
_CLASS_KEY = re.compile(r"(^|&)(class|name)=")      # the address names a class session
TOO_MANY_CODES = ("Could not join: too many wrong class codes from this page or your network in the last minute. "
                  "Wait a minute, check the code with your teacher, then try again.")


class GameFull(RuntimeError):
    """No room for one more game (``max_games`` are being played, and every page is still there)."""


class GameLost(LookupError):
    """The table does not know this game: the server was restarted, or the game was dropped after its idle time."""


class BadRequest(ValueError):
    """A request a page of this server would never send (a field missing, of the wrong kind, or unknown)."""


@dataclass
class Player:
    """One player's game and when their page was last seen."""

    model: PlayModel
    played: float                 # the last action of the page (the idle time counts from here)
    heard: float                  # the last request of any kind, the page's pings included
    address: str = ""             # who started the game, as the limits count it (:attr:`.guard.Who.key`)
    who: Who | None = None        # ... and in full
    started: float = 0.0
    seq: int = 0                  # the number of the last action applied
    reported: object = None       # the last game whose end was reported (on_game_over)
    join: object = None           # the class session's join state (a ClassJoinModel), on a class session's server


def _duration(seconds: float) -> str:
    """``seconds`` in words: "2 hours", "90 minutes", "30 seconds"."""
    for unit, size in (("hour", 3600), ("minute", 60), ("second", 1)):
        if seconds >= size and seconds % size == 0 or unit == "second":
            value = f"{seconds / size:g}"
            return f"{value} {unit}{'' if value == '1' else 's'}"


def _games(n: int) -> str:
    return f"{n} game" + ("" if n == 1 else "s")


def _text(value, name: str) -> str:
    if not isinstance(value, str):
        raise BadRequest(f"{name} must be a string, got {type(value).__name__}")
    if len(value) > MAX_SETTING_LENGTH:
        raise BadRequest(f"{name} is too long ({len(value)} characters, at most {MAX_SETTING_LENGTH})")
    return value


def _request_field(check, value, name: str, *limits):
    """A field of a page's request through the library's validator ``check``; its refusal is a BadRequest (400)."""
    try:
        return check(value, name, *limits)
    except (TypeError, ValueError) as e:
        raise BadRequest(str(e)) from None


def _integer(value, name: str) -> int:
    return _request_field(check_int, value, name, -10**6, 10**6)


def _flag(value, name: str) -> bool:
    return _request_field(check_flag, value, name)


def _new_game(model: PlayModel, rules: str, board: str, size: int, computer: str, you_first: bool, best_of: int):
    """The page's New game button: the settings in its boxes (a bad one is the page's message; the game stays)."""
    try:
        model.new_game(rules, size if board == "numbered" else board, computer, you_first, seed=None,
                       best_of=best_of)
    except (TypeError, ValueError) as e:
        model.say(str(e), error=True)


def _set_group(model: PlayModel, group: int):
    try:
        model.set_group(group)
    except (TypeError, ValueError) as e:
        model.say(str(e), error=True)


def _direction(value, name: str) -> str:
    if value not in ("first", "previous", "next", "last"):
        raise BadRequest(f"{name} must be first, previous, next or last, got {str(value)[:MAX_SETTING_LENGTH]!r}")
    return value


def _review_step(model: PlayModel, to: str):
    if not model.review_open:
        model.say("open the review first (Review the game)", error=True)
        return
    getattr(model.review, to)()


#: action -> (its fields and how each is checked, what it does to the model).  "state" changes nothing.
ACTIONS: dict[str, tuple[dict, Callable]] = {
    "state": ({}, lambda m: None),
    "click": ({"suspect": _integer}, lambda m, suspect: m.click(suspect)),
    "ask": ({}, lambda m: m.ask()),
    "guess": ({}, lambda m: m.guess()),
    "clear": ({}, lambda m: m.clear()),
    "group": ({"group": _integer}, _set_group),
    "trait": ({"trait": _text}, lambda m, trait: m.select_trait(trait)),
    "question": ({"trait": _text}, lambda m, trait: m.choose_question(trait)),
    "hint": ({}, lambda m: m.hint()),
    "peek": ({}, lambda m: m.show_person()),
    "review": ({}, lambda m: m.toggle_review()),
    "review_step": ({"to": _direction}, _review_step),
    "again": ({}, lambda m: m.toggle_again()),
    "again_choose": ({"choice": _text}, lambda m, choice: m.again_action("choose", choice)),
    "again_answer": ({}, lambda m: m.again_action("answer")),
    "again_step": ({"to": _direction}, lambda m, to: m.again_action(to)),
    "next_game": ({}, lambda m: m.next_game()),
    "new_game": ({"rules": _text, "board": _text, "size": _integer, "computer": _text, "you_first": _flag,
                  "best_of": _integer}, _new_game),
}


#: The class session's actions (on the page's join state): join a class, send again a game the store did not take.
CLASS_ACTIONS: dict[str, tuple[dict, Callable]] = {
    "join": ({"code": _text, "name": _text}, lambda j, code, name: j.ask_to_join(code, name)),
    "send_again": ({}, lambda j: j.send_again()),
}


def _arguments(request: dict) -> tuple[str, dict]:
    """(action, its checked fields) of a page's request; :class:`BadRequest` for anything else."""
    if not isinstance(request, dict):
        raise BadRequest(f"a request must be a JSON object, got {type(request).__name__}")
    action = request.get("action")
    if not isinstance(action, str) or action not in ACTIONS and action not in CLASS_ACTIONS:
        raise BadRequest(f"action must be one of {', '.join([*ACTIONS, *CLASS_ACTIONS])}, got "
                         f"{str(action)[:MAX_SETTING_LENGTH]!r}")
    fields, _ = ACTIONS[action] if action in ACTIONS else CLASS_ACTIONS[action]
    extra = set(request) - set(fields) - {"action", "session", "seq"}
    if extra:
        raise BadRequest(f"unknown field {sorted(extra)[0][:MAX_SETTING_LENGTH]!r} for {action}; it takes "
                         f"{', '.join(fields) or 'no field'}")
    missing = [name for name in fields if name not in request]
    if missing:
        raise BadRequest(f"{action} needs the field {missing[0]!r}")
    return action, {name: check(request[name], name) for name, check in fields.items()}


class GameTable:
    """Every player's game, by session id (see the module's docstring).

    ``on_game_over(session, model)`` is called once for each game that ends; with a class session
    (``classroom``, a :class:`~.session.ClassRoom`) the game is also noted for the class store (:meth:`settle`
    writes it); ``guard`` (a :class:`~.guard.Guard`) counts the wrong class codes (None: not limited); ``clock``
    and ``new_id`` are there for tests."""

    def __init__(self, max_games: int = MAX_GAMES, idle_seconds: float = IDLE_SECONDS,
                 reclaim_seconds: float = RECLAIM_SECONDS, defaults: dict | None = None,
                 on_game_over: Callable | None = None, classroom: ClassRoom | None = None,
                 games_per_address: int | None = None, unmoved_seconds: float = UNMOVED_SECONDS,
                 quiet_seconds: float = QUIET_SECONDS, guard=None, clock: Callable[[], float] = time.monotonic,
                 new_id: Callable[[], str] = lambda: secrets.token_urlsafe(24)):
        for name, value in (("max_games", max_games), ("games_per_address", games_per_address or 1)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a whole number of at least 1, got {value!r}")
        for name, value in (("idle_seconds", idle_seconds), ("reclaim_seconds", reclaim_seconds),
                            ("unmoved_seconds", unmoved_seconds), ("quiet_seconds", quiet_seconds)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
                raise ValueError(f"{name} must be a positive number of seconds, got {value!r}")
        self.max_games, self.idle_seconds, self.reclaim_seconds = max_games, idle_seconds, reclaim_seconds
        self.games_per_address, self.unmoved_seconds = games_per_address, unmoved_seconds
        self.quiet_seconds, self.guard = quiet_seconds, guard
        self.defaults = dict(DEFAULT_GAME if defaults is None else defaults)
        self.on_game_over, self.classroom = on_game_over, classroom
        self.clock, self.new_id = clock, new_id
        self.players: dict[str, Player] = {}
        self.left: list = []          # join states of games dropped with records still to write
        self.started = self.dropped = self.reclaimed = self.refused = 0      # counts, for the server's log

    def __len__(self) -> int:
        return len(self.players)

    @property
    def size_words(self) -> str:
        """The cap in words ("500 games")."""
        return _games(self.max_games)

    @property
    def idle_words(self) -> str:
        """How long a game lasts without an action, in words ("2 hours")."""
        return _duration(self.idle_seconds)

    # ---- games come and go ----
    def _drop(self, sid: str) -> None:
        """Drop the game of ``sid``; a game of the class under way is first finished by the server and its record
        written in the writer thread."""
        player = self.players.pop(sid)
        join = player.join
        if join is not None and (join.abandon() or join.unsent):
            self.left.append(join)
            if self.classroom is not None:
                self.classroom.settle(join)

    def sweep(self) -> int:
        """Drop the games with no action for ``idle_seconds``, and the class's games under way whose page has not
        been heard from for ``reclaim_seconds`` (each finished by the server and recorded); returns how many."""
        now = self.clock()
        old = [sid for sid, p in self.players.items() if now - p.played > self.idle_seconds
               or now - p.heard > self.reclaim_seconds and p.join is not None and p.join.under_way_id]
        for sid in old:
            self._drop(sid)
        self.dropped += len(old)
        return len(old)

    def tick(self) -> int:
        """What the server does every minute: :meth:`sweep`; send again the records of dropped games that could
        not be written; the class room's :meth:`~.session.ClassRoom.tick`.  Returns how many games were dropped."""
        dropped = self.sweep()
        self.left = [j for j in self.left if j.unsent]
        for join in self.left:
            join.send_again()
            if self.classroom is not None and join.waiting:
                self.classroom.settle(join)
        if self.classroom is not None:
            self.classroom.tick()
        return dropped

    def close(self) -> int:
        """The server stops: every class game under way is finished by the server and recorded (waits for the
        store); returns how many records could not be written."""
        for sid in list(self.players):
            self._drop(sid)
        if self.classroom is None:
            return 0
        self.classroom.writer.submit(lambda: None).result()       # (one writer: every record before it is done)
        return sum(j.unsent for j in self.left)

    def _give_way(self, among: dict) -> bool:
        """Drop one game of ``among`` that may give its place (its page gone; then a game that never had an
        action; then one kept alive only by its page's pings); True if one was dropped."""
        now = self.clock()
        gone = [(p.heard, sid) for sid, p in among.items() if now - p.heard > self.reclaim_seconds]
        unmoved = [(p.started, sid) for sid, p in among.items()
                   if p.seq == 0 and now - p.started > self.unmoved_seconds]
        quiet = [(p.played, sid) for sid, p in among.items() if now - p.played > self.quiet_seconds]
        for candidates in (gone, unmoved, quiet):
            if candidates:
                self._drop(min(candidates)[1])
                self.reclaimed += 1
                return True
        return False

    def _make_room(self, who: Who):
        self.sweep()
        if self.games_per_address is not None:
            mine = {sid: p for sid, p in self.players.items() if p.address == who.key}
            if len(mine) >= self.games_per_address and not self._give_way(mine):
                self.refused += 1
                raise GameFull(f"{who.words} has {_games(len(mine))} on this server, the most one "
                               f"{'user' if who.user else 'address'} may have")
        if len(self.players) >= self.max_games and not self._give_way(self.players):
            self.refused += 1
            raise GameFull(f"the game is full: {_games(self.max_games)} "
                           f"{'is' if self.max_games == 1 else 'are'} being played on this server")

    def start(self, query: str, who: Who | str = "") -> dict:
        """A new game from the page's address (its query string), for a page of ``who`` (a
        :class:`~.guard.Who`, or a network address); returns {session, seq, state}."""
        if not isinstance(query, str):
            raise BadRequest(f"query must be a string, got {type(query).__name__}")
        if len(query) > MAX_QUERY_LENGTH:
            raise BadRequest(f"the address is too long ({len(query)} characters, at most {MAX_QUERY_LENGTH})")
        who = Who(who) if isinstance(who, str) else who
        self._make_room(who)
        sid = self.new_id()
        while sid in self.players:          # (never with random ids; a test's ids may repeat)
            sid = self.new_id()
        who = Who(who.key, "page " + sid)
        model, join = self._new_game(query)
        if join is not None and join.joining and self._too_many_wrong_codes(who):
            join.hold_off(TOO_MANY_CODES)
        now = self.clock()
        self.players[sid] = Player(model, now, now, address=who.key, who=who, started=now, join=join)
        self.started += 1
        return self._answer(sid)

    def _too_many_wrong_codes(self, who: Who) -> bool:
        return self.guard is not None and self.guard.too_many_wrong_codes(who)
    def _new_game(self, query: str):
        """(the game, the page's join state or None) of a page's address: the class settings (``class``,
        ``name``) go to the join state, the others to the game.  A page gets a join state on a class session's
        server, or when its address names a class (a server without one then says so)."""
        if self.classroom is None and not _CLASS_KEY.search(query):
            return PlayModel.from_query(query, **self.defaults), None
        from .join import ClassJoinModel, class_settings_from_query

        try:
            ours, rest = class_settings_from_query(query)
            problem = ""
        except (TypeError, ValueError) as e:
            ours, rest, problem = {}, "", str(e)
        model = PlayModel.from_query(rest, **self.defaults)
        join = (self.classroom.join_state(model) if self.classroom is not None else
                ClassJoinModel(model, store=None))
        join.from_address(ours.get("class", ""), ours.get("name", ""), problem)
        return model, join

    def player(self, session) -> Player:
        """The game of ``session``, heard from now; :class:`GameLost` if the table does not know it."""
        player = self.players.get(session) if isinstance(session, str) else None
        if player is not None and self.clock() - player.played > self.idle_seconds:
            self._drop(session)
            self.dropped += 1
            player = None
        if player is None:
            raise GameLost("this game is not on the server any more: the server was restarted, or the game "
                           f"had no action for {self.idle_words}")
        player.heard = self.clock()
        return player

    def ping(self, session) -> None:
        """The page is still there (its idle time does not start again); :class:`GameLost` if its game is gone."""
        self.player(session)

    def act(self, session, request: dict, answer: bool = True) -> dict | None:
        """Apply one action of the page (a dict: ``action``, its fields, ``seq``); returns {session, seq, state}
        (None without ``answer``: the web server answers once the class session's work is done).

        An action whose ``seq`` is not above the last one applied was applied already (sent again after a lost
        answer): it is not applied twice, and the answer is what the page shows now."""
        action, args = _arguments(request)
        player = self.player(session)
        player.played = self.clock()
        if action != "state":
            seq = _integer(request.get("seq"), "seq") if "seq" in request else None
            if seq is None:
                raise BadRequest(f"{action} needs the field 'seq' (the page's number for this action)")
            if action in CLASS_ACTIONS and (player.join is None or not player.join.available):
                raise BadRequest(f"{action}: this server keeps no class sessions")
            if seq > player.seq:
                player.seq = seq
                if action == "join" and self._too_many_wrong_codes(player.who):
                    player.join.hold_off(TOO_MANY_CODES)
                elif action in CLASS_ACTIONS:
                    CLASS_ACTIONS[action][1](player.join, **args)
                else:
                    previous = player.model.game
                    ACTIONS[action][1](player.model, **args)
                    self._report_end(session, player, previous)
        return self._answer(session) if answer else None

    def waiting(self, session) -> bool:
        """True when the class session has work for this page's join state (:meth:`settle`)."""
        player = self.players.get(session) if isinstance(session, str) else None
        return player is not None and player.join is not None and player.join.waiting

    def settle_later(self, session) -> Future:
        """:meth:`settle` in the class room's writer thread, where the finished games of the pages waiting at that
        moment are written together (:meth:`~.session.ClassRoom.settle`); a Future, done when it is."""
        return self.classroom.settle(self.players[session].join, lambda: self.settle(session))

    def settle(self, session) -> None:
        """Do the class session's work of this page: join the class it asked for, write its finished games to
        the class store (the store's referee replays each first).  Never raises for the store's faults: the
        page's message says what happened, and the game goes on.  The web server calls it in the class
        room's writer thread."""
        player = self.players.get(session) if isinstance(session, str) else None
        if player is not None and player.join is not None:
            asked = player.join.joining
            player.join.settle()
            if asked and player.join.refused and self.guard is not None:
                self.guard.wrong_code(player.who)

    def unsent(self) -> int:
        """How many finished games wait in the server's memory for the class store to take them."""
        return (sum(p.join.unsent for p in list(self.players.values()) if p.join is not None)
                + sum(j.unsent for j in list(self.left)))

    def under_way(self) -> int:
        """How many games of the class are under way on the server (their students have moved)."""
        return sum(1 for p in list(self.players.values()) if p.join is not None and p.join.under_way_id)

    def _report_end(self, session: str, player: Player, previous=None):
        game = player.model.game
        if player.join is not None:
            player.join.after_action(previous)     # recorded from this, the server's own game
            if player.join.journal_due and self.classroom is not None:
                self.classroom.note(player.join)
        if game.over and player.reported is not game:
            player.reported = game
            if self.on_game_over is not None:
                self.on_game_over(session, player.model)

    def _answer(self, session: str) -> dict:
        player = self.players[session]
        state = view_state(player.model)
        if player.join is not None:
            state["class"] = player.join.box()
        return {"session": session, "seq": player.seq, "state": state}
