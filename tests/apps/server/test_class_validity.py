"""The class's experiment holds whatever the class does, on a class server started as the README says (its class
command with ``--class-store``), over HTTP on 127.0.0.1 (the pages in Chromium: test_class_validity_browser.py):

* a student who abandons every 1:3 game going badly (New game, or a closed tab) over 160 games leaves the group's
  figure within 3.3 standard errors of its exact value over the games started (from the library's solver): each
  abandoned game is finished by the server with best play and counted, and the teacher's page says how many;
* look-alike and duplicate nicknames are told apart ("Sam", "Sаm (2)", "Ｓａｍ (3)") on the tally and the lesson
  view, and the teacher renames or removes a row;
* a seat that has joined gets its results through after 61 wrong codes from its address; five addresses holding
  all the games they may cannot keep a newcomer out;
* the store is 0600; a store damaged in the middle gives 503s with a reason and no traceback, and a restart stops
  with one line; during an outage the tally says what waits in memory, and a join made then is completed by Send
  again; a server killed mid-game leaves its games under way to the next server, which finishes and counts them.
"""

from __future__ import annotations

import json
import math
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest
from servers import free_port, serve_class, teacher_cookie
from test_class_server import _http
from test_class_session import _started as started_link
from test_class_session import _token

from guesswho_apps.classroom import ClassStore
from guesswho_apps.server.guard import JOIN_FAILURES, JOIN_FAILURES_OWN
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.rules import parse_move

ACTIVITY = "rules=official&board=4&computer=optimal&first=you"
JOIN, RESULT = "class/api/lesson/join", "class/api/lesson/result"


def _post(url, path, body, who=None):
    headers = {"Content-Type": "application/json", **({"X-Forwarded-For": who} if who else {})}
    status, _, raw = _http(url + path, json.dumps(body).encode(), headers)
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw.decode(errors="replace")


def _started(server) -> tuple[str, str]:
    """(class code, the teacher's token) printed by the server when it started the session."""
    code, link = started_link(server)
    return code, _token(link)


_SIGNED_IN: dict = {}


def _teacher(url, code, token) -> dict:
    """The teacher's cookie, signed in once by the sign-in form (the server remembers a sign-in found right)."""
    if (url, code) not in _SIGNED_IN:
        _SIGNED_IN[(url, code)] = teacher_cookie(url, code, token)
    return dict(_SIGNED_IN[(url, code)])


def _tally(url, code, token):
    status, _, raw = _http(url + f"class/api/{code}/tally", headers=_teacher(url, code, token))
    return status, json.loads(raw)


def class_server(tmp_path_factory, name: str, *extra):
    """The README's class command with a store of its own, ``--trusted-proxy 127.0.0.1`` (each test client comes
    from an address of its own) and ``extra`` options, for a module's tests."""
    folder = tmp_path_factory.mktemp(name)
    location = str(folder / "class.db")
    with serve_class(folder / "server.log", extra=("--class-store", location, "--trusted-proxy", "127.0.0.1",
                                                   *extra)) as s:
        code, link = started_link(s)
        yield {"server": s, "url": s.url, "code": code, "token": _token(link), "link": link, "location": location,
               "folder": folder}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from class_server(tmp_path_factory, "validity")


class Page:
    """One tab of the game page, as its script talks to the server (from the address ``who``)."""

    def __init__(self, url, query, who):
        self.url, self.who, self.seq = url, who, 0
        status, answer = _post(url, "api/start", {"query": query}, who)
        assert status == 200, answer
        self.session, self.state = answer["session"], answer["state"]

    def act(self, action, **fields):
        self.seq += 1
        status, answer = _post(self.url, "api/act", {"session": self.session, "seq": self.seq, "action": action,
                                                     **fields}, self.who)
        assert status == 200, answer
        self.state = answer["state"]
        return self.state

    def left(self):
        return [x["number"] for x in self.state["suspects"] if not x["disabled"]]

    def ask_about(self, suspects):
        for s in suspects:
            self.act("click", suspect=s)
        return self.act("ask")


def _unnumbered(name: str) -> str:
    return re.sub(r" \(\d+\)$", "", name)


def _number(name: str) -> int:
    m = re.search(r" \((\d+)\)$", name)
    return int(m.group(1)) if m else 1


def _counts(state) -> tuple[int, int]:
    """(your suspects, the computer's suspects) of a page's state."""
    text = re.sub(r"<[^>]+>", " ", state["status_html"])
    m = re.search(r"Suspects left:\s*you (\d+)\D+(\d+)", text)
    return int(m.group(1)), int(m.group(2))


def _play_on(page):
    """Best play to the end: guess the last suspect, else ask about half of them."""
    while not page.state["over"]:
        left = page.left()
        if len(left) == 1:
            page.act("click", suspect=left[0])
            page.act("guess")
        else:
            page.ask_about(left[:len(left) // 2])


def test_abandoning_the_games_going_badly_does_not_bend_the_figure(server):
    """The issue's student, sixteen times over: ask about one suspect first; whenever the answer is no (three
    suspects left), leave the game (New game, or a new tab and the old one closed); otherwise play on.  Over the
    160 games started, the 1:3 group's figure on the teacher's page is within 3.3 standard errors of the exact
    value of 1:3 at (4, 4), and it says how many games the server finished."""
    url, code = server["url"], server["code"]
    started = abandoned = 0
    for k in range(16):
        who = f"203.0.113.{k + 10}"
        page = Page(url, f"class={code}&name=Abandoner {k}&{ACTIVITY}", who)
        for g in range(10):
            if g:
                if page.state["over"]:
                    page.act("new_game", rules="official", board="numbered", size=4, computer="optimal",
                             you_first=True, best_of=1)
            page.ask_about([1])
            started += 1
            mine, _ = _counts(page.state)
            if not page.state["over"] and mine > 1:     # the answer was no: 3 suspects left against 1 or 4
                abandoned += 1
                if g % 2:                       # New game
                    page.act("new_game", rules="official", board="numbered", size=4, computer="optimal",
                             you_first=True, best_of=1)
                    assert "finished by the server with best play" in page.state["class"]["message"]
                else:                           # a new tab; the old one is closed (never heard from again)
                    page = Page(url, f"class={code}&name=Abandoner {k}&{ACTIVITY}", who)
            else:
                _play_on(page)
                assert "Game recorded" in page.state["class"]["message"], page.state["class"]
    assert abandoned >= 40
    status, live = _tally(url, code, server["token"])
    group = {g["move"]: g for g in live["activity"]["groups"]}["1:3"]
    assert status == 200 and group["games"] < started and group["by_server"] > 0   # the closed tabs: under way
    server["server"].proc.send_signal(signal.SIGTERM)        # the teacher stops the server: every game counts
    server["server"].proc.wait(30)
    assert "under way finished by the server with best play and recorded" in server["server"].log_text()
    t = ClassStore(server["location"]).tally(code)
    group = {g["move"]: g for g in t["activity"]["groups"]}["1:3"]
    exact = cached_solution("official", 4).value(4, 4, parse_move("1:3"))
    assert exact == Fraction(9, 16) and group["expected"] == "9/16"
    assert group["games"] == started and group["by_server"] == abandoned
    se = math.sqrt(exact * (1 - exact) / started)
    assert abs(group["wins"] / started - exact) <= 3.3 * se, (group["wins"], started)
    assert t["left_out"]["games"] == 0


@pytest.fixture(scope="module")
def second(tmp_path_factory):
    """A second server of the README's command, for the tests that do not stop it."""
    yield from class_server(tmp_path_factory, "validity2")


def test_look_alike_and_duplicate_names_are_told_apart_and_the_teacher_renames_or_removes_a_row(second):
    url, code, token = second["url"], second["code"], second["token"]
    teacher = {**_teacher(url, code, token), "X-Guesswho-Teacher": "rows", "Content-Type": "application/json"}
    typed = ("Sam", "S\u0430m", "\uff33\uff41\uff4d", "Ana", "Sam")            # Cyrillic а, full width
    for k, name in enumerate(typed):
        page = Page(url, f"class={code}&name={name}&rules=official&board=2", f"198.51.100.{k + 1}")
        assert page.state["class"]["joined"], page.state["class"]
        _play_on(page)
    rows = _tally(url, code, token)[1]["rows"]
    assert sorted(_unnumbered(r["name"]) for r in rows) == sorted(typed)      # each row, as typed, once
    assert sorted(_number(r["name"]) for r in rows) == [1, 1, 2, 3, 4]       # Ana, and the four Sams numbered
    cyrillic = next(r for r in rows if r["nickname"] == typed[1])
    wide = next(r for r in rows if r["nickname"] == typed[2])
    status, _, raw = _http(url + f"class/api/{code}/rows", json.dumps({"row": cyrillic["id"], "nickname": "Sasha"})
                           .encode(), teacher)
    assert status == 200, raw
    status, _, raw = _http(url + f"class/api/{code}/rows", json.dumps({"row": wide["id"], "remove": True})
                           .encode(), teacher)
    assert status == 200, raw
    for bad in ({"row": rows[0]["id"]}, {"row": "nope", "remove": True}, {"row": rows[0]["id"], "nickname": "<b>"}):
        assert _http(url + f"class/api/{code}/rows", json.dumps(bad).encode(), teacher)[0] in (400, 404), bad
    forged = {k: v for k, v in teacher.items() if k != "X-Guesswho-Teacher"}
    assert _http(url + f"class/api/{code}/rows", json.dumps({"row": rows[0]["id"], "remove": True}).encode(),
                 forged)[0] == 403
    t = _tally(url, code, token)[1]
    assert sorted(r["name"] for r in t["rows"]) == ["Ana", "Sam", "Sam (2)", "Sasha"] and t["games"] == 4
    # the lesson view: notebooks joining with look-alike names
    for k, name in enumerate(("Sam", "S\u0430m", "Sam")):
        status, answer = _post(url, JOIN, {"code": code, "nickname": name, "seat": chr(ord("a") + k) * 24})
        assert status == 200, answer
    status, _, raw = _http(url + f"class/api/{code}/lesson", headers=teacher)
    students = json.loads(raw)["students"]
    assert sorted(s["name"] for s in students) == ["Sam", "Sam (3)", "S\u0430m (2)"]
    impostor = next(s for s in students if s["name"] == "S\u0430m (2)")
    assert _http(url + f"class/api/{code}/lesson/rows", json.dumps({"row": impostor["id"], "remove": True}).encode(),
                 teacher)[0] == 200
    status, _, raw = _http(url + f"class/api/{code}/lesson", headers=teacher)
    assert sorted(s["name"] for s in json.loads(raw)["students"]) == ["Sam", "Sam (2)"]


def test_a_joined_seat_gets_its_results_through_after_61_wrong_codes_from_its_address(second):
    url, code = second["url"], second["code"]
    school = "192.0.2.50"
    seat = "j" * 30
    assert _post(url, JOIN, {"code": code, "nickname": "Joe", "seat": seat}, school)[0] == 200
    wrong = "ZZZZZ" if code != "ZZZZZ" else "YYYYY"
    statuses = [_post(url, JOIN, {"code": wrong, "nickname": "Eve", "seat": f"{k // 5:024d}"}, school)[0]
                for k in range(JOIN_FAILURES + 5)]
    assert statuses[:61] == [404] * 61           # a class behind one address: 61 typing mistakes are not blocked
    assert statuses == [404] * JOIN_FAILURES + [429] * 5        # ... but guessing from one address is, in the end
    status, answer = _post(url, RESULT, {"code": code, "seat": seat, "exercise": "02.1", "right": True,
                                         "misconception": None}, school)
    assert (status, answer) == (200, {"recorded": True})      # the seat that joined goes on
    guesser = [_post(url, JOIN, {"code": wrong, "nickname": "Eve", "seat": "g" * 24}, "192.0.2.51")[0]
               for _ in range(JOIN_FAILURES_OWN + 1)]
    assert guesser == [404] * JOIN_FAILURES_OWN + [429]       # one notebook trying codes is stopped on its own


def test_five_addresses_holding_their_games_cannot_keep_a_newcomer_out(second):
    url = second["url"]
    held = {}
    for k in range(5):
        who = f"198.18.0.{k + 1}"
        held[who] = []
        while True:
            status, answer = _post(url, "api/start", {"query": "board=4"}, who)
            if status != 200:
                assert status == 503 and "the most one address may have" in answer["message"], answer
                break
            held[who].append(answer["session"])
    assert {len(v) for v in held.values()} == {80}                  # well below the server's 500
    for who, sessions in held.items():
        for sid in sessions[:5]:
            assert _post(url, "api/ping", {"session": sid}, who)[0] == 200
    status, answer = _post(url, "api/start", {"query": "board=4"}, "198.18.0.99")
    assert status == 200, answer


def test_the_store_is_the_owners_only_and_one_readable_by_others_is_said(second, tmp_path):
    with sqlite3.connect(second["location"]) as reader:       # (a connection open: the -wal and -shm are there)
        reader.execute("SELECT COUNT(*) FROM class_sessions").fetchone()
        for suffix in ("", "-wal", "-shm"):
            f = Path(second["location"] + suffix)
            assert oct(f.stat().st_mode & 0o777) == "0o600", (f, oct(f.stat().st_mode))
    reader.close()
    old = tmp_path / "old.db"
    ClassStore(str(old)).create()
    old.chmod(0o644)
    with serve_class(tmp_path / "server.log", extra=("--class-store", str(old))) as s:
        said = s.log_text()
    assert f"other accounts on this computer can read the class store ({old} (mode 0644)" in said, said
    assert f"chmod 600 {old}*" in said


def _damage(location: str):
    """Overwrite the middle of the store file (its pages after the first few) with garbage."""
    with sqlite3.connect(location) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size = os.path.getsize(location)
    with open(location, "r+b") as f:
        f.seek(2 * 4096)
        f.write(os.urandom(max(4096, size - 3 * 4096)))


def test_a_damaged_store_gives_503s_with_a_reason_and_a_restart_says_so_in_one_line(tmp_path):
    location = str(tmp_path / "class.db")
    with serve_class(tmp_path / "server.log", extra=("--class-store", location)) as s:
        code, token = _started(s)
        url = s.url
        for k in range(12):
            page = Page(url, f"class={code}&name=P{k}&rules=official&board=8", None)
            _play_on(page)
        assert _tally(url, code, token)[0] == 200
        _damage(location)
        cookie = _teacher(url, code, token)
        for path in ("tally", "quiz", "export/games.csv", "lesson"):
            status, _, raw = _http(url + f"class/api/{code}/{path}", headers=cookie)
            assert status == 503, (path, status, raw[:300])
            assert "damaged" in raw.decode() and "Traceback" not in raw.decode(), (path, raw[:300])
        page = Page(url, f"class={code}&name=Late&rules=official&board=4", None)
        said = page.state["class"]["message"]
        assert "damaged" in said and "DatabaseError" not in said and page.state["class"]["send_again"], said
        assert "Traceback" not in s.log_text()
    out = subprocess.run([sys.executable, "-m", "guesswho_apps", "serve", "--class-store", location, "--port",
                          str(free_port())], capture_output=True, text=True, timeout=120)
    lines = (out.stdout + out.stderr).strip().splitlines()
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr[-2000:]
    assert len(lines) == 1, lines
    said = next(ln for ln in lines if "class-store" in ln)
    assert location in said and "damaged" in said and "restore the file from a copy" in said, said


def test_during_an_outage_the_tally_says_what_waits_and_a_join_is_completed_by_send_again(second):
    url, code, token, location = second["url"], second["code"], second["token"], second["location"]
    assert _tally(url, code, token)[0] == 200                    # (the teacher signed in before the outage)
    away = location + ".away"
    os.rename(location, away)
    try:
        page = Page(url, f"class={code}&name=Olu&rules=official&board=2", "198.51.100.77")
        c = page.state["class"]
        assert not c["joined"] and c["send_again"] and not c["form"] and "join is kept" in c["message"], c
        _play_on(page)
        status, t = _tally(url, code, token)
        assert status == 503 and "there is no class store" in t["error"], t
        assert t["store"]["unsent"] >= 1 and t["store"]["writable"] is False
    finally:
        os.rename(away, location)
    state = page.act("send_again")
    assert state["class"]["joined"] and "Game recorded" in state["class"]["message"], state["class"]
    assert "Olu" in [r["name"] for r in _tally(url, code, token)[1]["rows"]]


def test_a_server_killed_mid_game_leaves_its_games_to_the_next(tmp_path):
    location = str(tmp_path / "class.db")
    log = tmp_path / "server.log"
    with serve_class(log, extra=("--class-store", location)) as s:
        code, token = _started(s)
        page = Page(s.url, f"class={code}&name=Kai&{ACTIVITY}", None)
        page.ask_about([1])
        while page.state["over"]:                                 # (until a game is under way after its question)
            page.act("new_game", rules="official", board="numbered", size=4, computer="optimal", you_first=True,
                     best_of=1)
            page.ask_about([1])
        deadline = time.monotonic() + 10
        while not sqlite3.connect(location).execute("SELECT COUNT(*) FROM class_open_games").fetchone()[0]:
            assert time.monotonic() < deadline, "the game under way was not noted in the store"
            time.sleep(0.1)
        s.proc.send_signal(signal.SIGKILL)
        s.proc.wait(10)
    with serve_class(log, extra=("--class-store", location)) as s:
        deadline = time.monotonic() + 20
        while ClassStore(location).tally(code)["finished_by_server"] == 0:
            assert time.monotonic() < deadline, s.log_text()[-2000:]
            time.sleep(0.2)
        t = ClassStore(location).tally(code)
        assert t["finished_by_server"] == 1 and t["rows"][0]["name"] == "Kai"
        assert not sqlite3.connect(location).execute("SELECT COUNT(*) FROM class_open_games").fetchone()[0]


# ---- the table of games, headless (a clock moved by hand) -----------------------------------------------------------
def _table(tmp_path, **options):
    from test_class_server import Clock, _ids

    from guesswho_apps.server.games import ClassRoom, GameTable

    store = ClassStore(str(tmp_path / "class.db"))
    store.create()
    code = store.start_session().code
    clock = Clock()
    return GameTable(classroom=ClassRoom(store), clock=clock, new_id=_ids(), **options), store, code, clock


def _move(table, sid, seq, action, **fields):
    table.act(sid, {"action": action, "seq": seq, **fields})
    if table.waiting(sid):
        table.settle(sid)
    return table.act(sid, {"action": "state"})["state"]


def test_a_page_gone_silent_has_its_game_finished_and_a_game_begun_before_joining_is_not_the_classs(tmp_path):
    table, store, code, clock = _table(tmp_path, reclaim_seconds=300)
    gone = table.start(f"class={code}&name=Ann&{ACTIVITY}")["session"]
    table.settle(gone)
    seq, ended = 0, 0
    while True:                                                   # until a game is left under way
        _move(table, gone, seq + 1, "click", suspect=1)
        state = _move(table, gone, seq + 2, "ask")
        seq += 3
        if not state["over"]:
            break
        ended += 1
        _move(table, gone, seq, "new_game", rules="official", board="numbered", size=4, computer="optimal",
              you_first=True, best_of=1)
    early = table.start(f"{ACTIVITY}")["session"]                 # moves first, joins after
    _move(table, early, 1, "click", suspect=1)
    _move(table, early, 2, "ask")
    assert _move(table, early, 3, "join", code=code, name="Ben")["class"]["joined"]
    clock.now += 200
    table.ping(early)
    assert table.sweep() == 0 and table.under_way() == 1
    clock.now += 150                                              # Ann's page: silent for 350 s; Ben's for 150
    table.tick()
    table.classroom.writer.submit(lambda: None).result()
    assert gone not in table.players and early in table.players
    t = store.tally(code)
    assert t["games"] == ended + 1 and t["rows"][0]["name"] == "Ann" and t["finished_by_server"] == 1
    assert table.close() == 0 and store.tally(code)["games"] == ended + 1     # Ben's game was not the class's


def test_a_game_kept_alive_only_by_pings_gives_its_place_when_the_server_is_full(tmp_path):
    table, store, code, clock = _table(tmp_path, max_games=4, games_per_address=2, quiet_seconds=120)
    held = [table.start(f"class={code}&name=F{k}&{ACTIVITY}", f"198.18.0.{k // 2}")["session"] for k in range(4)]
    for sid in held:
        table.settle(sid)
        _move(table, sid, 1, "click", suspect=1)
    clock.now += 100
    for sid in held:
        table.ping(sid)
    from guesswho_apps.server.games import GameFull

    with pytest.raises(GameFull):                                 # every game played in the last 120 s
        table.start(ACTIVITY, "198.18.0.9")
    _move(table, held[3], 2, "click", suspect=2)                  # one still plays
    clock.now += 30
    for sid in held:
        table.ping(sid)                                           # the others: pings only, no action for 130 s
    newcomer = table.start(ACTIVITY, "198.18.0.9")["session"]
    assert newcomer in table.players and held[0] not in table.players and held[3] in table.players
