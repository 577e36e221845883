"""A class session on the class server, headless and over HTTP on 127.0.0.1 (no browser:
tests/apps/server/test_class_session.py drives the pages in Chromium):

* a page joins (from its address or its join box) and every game that ends on the server is recorded once, from
  the server's own game, never from anything the page sends; the page says "Game recorded";
* a store that fails does not stop play: the page says the game could not be recorded, and Send again records it
  once the store is back; a wrong code, a closed class and a bad nickname are said, and the page can try again;
* the teacher's pages on the class server: 403 without the session's token, the tally as JSON with it, a reset
  only with the page's header and from this server, the cookie HttpOnly and SameSite=Strict, CSP;
* ``python -m guesswho_apps serve --class-store``: misuse in one line (exit 2), the session started and printed
  once, continued after a restart.
"""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from servers import teacher_cookie
from test_class_server import _http, _ids, running_app

from guesswho_apps.classroom import ClassStore, StoreUnavailable, activity_address, game_record, replay
from guesswho_lib.rules import format_fraction
from guesswho_apps.server.games import BadRequest, ClassRoom, GameTable
from guesswho_apps.server.teacher import TeacherSessions, cookie_name


@pytest.fixture
def store(tmp_path):
    s = ClassStore(str(tmp_path / "class.db"))
    s.create()
    return s


@pytest.fixture
def code(store):
    return store.start_session().code


def _table(store) -> GameTable:
    return GameTable(new_id=_ids(), classroom=ClassRoom(store))


def _act(table, sid, action, seq, **fields):
    """One action of the page, then the class session's work, as the web server does it; the page's state."""
    table.act(sid, {"action": action, "seq": seq, **fields})
    if table.waiting(sid):
        table.settle(sid)
    return table.act(sid, {"action": "state"})["state"]


def _play_to_the_end(table, sid, seq=0):
    """Ask about the first suspect left, guess when one is left, until the game ends; (state, seq)."""
    state = table.act(sid, {"action": "state"})["state"]
    while not state["over"]:
        left = [x["number"] for x in state["suspects"] if not x["disabled"]]
        seq += 1
        state = _act(table, sid, "click", seq, suspect=left[0])
        seq += 1
        state = _act(table, sid, "guess" if len(left) == 1 else "ask", seq)
    return state, seq


# ---- the join state and the recording, headless -----------------------------------------------------------------
def test_a_finished_game_is_recorded_once_from_the_server_game(store, code):
    table = _table(store)
    sid = table.start(f"class={code.lower()}&name=Sam&rules=official&board=4&seed=5&computer=optimal")["session"]
    assert table.waiting(sid)                                      # the address asked to join: not done yet
    assert table.act(sid, {"action": "state"})["state"]["class"]["message"].startswith("Joining class")
    table.settle(sid)
    c = table.act(sid, {"action": "state"})["state"]["class"]
    assert c["shown"] and c["joined"] and not c["form"] and c["code"] == code and c["nickname"] == "Sam"
    assert f"playing in class {code} as Sam" in c["message"]
    state, seq = _play_to_the_end(table, sid)
    c = state["class"]
    assert "Game recorded for class" in c["message"] and c["recorded"] == 1 and not c["error"]
    for k, action in enumerate(("hint", "review", "review", "state"), start=1):    # nothing more is recorded
        _act(table, sid, action, seq + k)
    tally = store.tally(code)
    assert tally["games"] == 1 and tally["nicknames"] == [["Sam", 1]]
    expected = replay(game_record(table.players[sid].model.game))     # the server's own game, as it ended
    with sqlite3.connect(store.location) as db:
        stored = db.execute("SELECT winner, first_move, moves, your_cost FROM class_games").fetchall()
        moves = db.execute("SELECT number, player, move, answer FROM class_moves ORDER BY number").fetchall()
    assert stored == [(expected.winner, expected.first_move, len(expected.moves), format_fraction(expected.your_cost))]
    assert moves == [(m.number, m.player, m.move, m.answer) for m in expected.moves]
    assert store.games_by_player(code, table.players[sid].join.player) == 1
    # the next game of the same page is recorded too, once
    state = _act(table, sid, "new_game", seq + 10, rules="official", board="numbered", size=3,
                 computer="halving", you_first=True, best_of=1)
    assert not state["over"] and "Game recorded" in state["class"]["message"]    # (the last message stays)
    state, _ = _play_to_the_end(table, sid, seq + 10)
    assert state["class"]["recorded"] == 2 and store.tally(code)["games"] == 2


def test_a_page_cannot_send_a_game_or_a_result(store, code):
    table = _table(store)
    sid = table.start(f"class={code}&name=Sam&board=4&seed=1")["session"]
    table.settle(sid)
    for request in ({"action": "join", "code": code, "name": "Sam", "record": {"winner": "you"}, "seq": 1},
                    {"action": "record", "game": {}, "seq": 1},
                    {"action": "send_again", "winner": "you", "seq": 1}):
        with pytest.raises(BadRequest):
            table.act(sid, request)
    assert store.tally(code)["games"] == 0


def test_the_join_box_joins_and_says_why_not(store, code):
    table = _table(store)
    sid = table.start("board=4&seed=2")["session"]
    c = table.act(sid, {"action": "state"})["state"]["class"]
    assert c["shown"] and c["form"] and not c["joined"] and c["message"] == ""
    said = []
    for seq, (typed_code, name, says) in enumerate([
            ("ZZZZZ", "Sam", "no open class with the code ZZZZZ"),     # a wrong code: the store says so
            ("??", "Sam", "Could not join"),                            # not a code at all
            (code, "", "Could not join"),                               # no nickname
            (code, "<script>", "Could not join"),                       # not a nickname
            (code, "x" * 25, "Could not join"),                         # too long
    ], start=1):
        state = _act(table, sid, "join", seq, code=typed_code, name=name)
        c = state["class"]
        assert c["error"] and says in c["message"] and c["form"] and not c["joined"], (typed_code, name, c)
        said.append(c["message"])
    state = _act(table, sid, "join", 10, code=f" {code.lower()} ", name="Zoë O'Neil")
    c = state["class"]
    assert c["joined"] and not c["form"] and c["nickname"] == "Zoë O'Neil" and not c["error"]
    state = _act(table, sid, "join", 11, code=code, name="Other")                # once joined, stays joined
    assert state["class"]["nickname"] == "Zoë O'Neil"
    sid = table.start(f"rules=official&board=4&class={code}")["session"]        # the code in the address only
    assert not table.waiting(sid)
    c = table.act(sid, {"action": "state"})["state"]["class"]
    assert c["form"] and c["code"] == code and "Type a nickname" in c["message"] and not c["error"]
    assert _act(table, sid, "join", 1, code=c["code"], name="Sam")["class"]["joined"]


def _end_without_settling(table, sid):
    """Play the page's game to its end as the web server does, leaving the class session's work waiting."""
    state, seq = table.act(sid, {"action": "state"})["state"], table.players[sid].seq
    while not state["over"]:
        left = [x["number"] for x in state["suspects"] if not x["disabled"]]
        for action in ({"action": "click", "suspect": left[0]}, {"action": "guess" if len(left) == 1 else "ask"}):
            seq += 1
            state = table.act(sid, {"seq": seq, **action})["state"]
    assert table.waiting(sid)


def test_games_that_end_together_are_written_together_and_each_page_is_told(store, code, monkeypatch):
    import threading

    table = _table(store)
    pages = [table.start(f"class={code}&name=P{k}&board=4&seed={k}")["session"] for k in range(4)]
    for sid in pages:
        table.settle(sid)
    batches, real = [], store.record_games

    def counted(games, *args, **kwargs):
        batches.append(len(games))
        return real(games, *args, **kwargs)
    monkeypatch.setattr(store, "record_games", counted)
    for failing in (False, True):
        gate = threading.Event()
        table.classroom.writer.submit(gate.wait)                   # the writer busy while the four games end
        for sid in pages:
            _end_without_settling(table, sid)
        if failing:                                                # the store down: each page on its own, as ever
            def down(*args, **kwargs):
                raise StoreUnavailable("the disk is full")
            monkeypatch.setattr(store, "record_games", down)
            monkeypatch.setattr(store, "record_game", down)
        done = [table.settle_later(sid) for sid in pages]
        gate.set()
        for future in done:
            future.result(timeout=60)
        for sid in pages:
            c = table.act(sid, {"action": "state"})["state"]["class"]
            if failing:
                assert "could not be sent" in c["message"] and "the disk is full" in c["message"]
                assert c["unsent"] == 1 and c["send_again"] and c["recorded"] == 1
            else:
                assert c["message"].startswith(f"Game recorded for class {code}") and c["recorded"] == 1
        new_game = {"action": "new_game", "rules": "official", "board": "numbered", "size": 4,
                    "computer": "optimal", "you_first": True, "best_of": 1}
        for sid in pages if not failing else []:
            table.act(sid, {**new_game, "seq": table.players[sid].seq + 1})
    assert batches == [4] and store.tally(code)["games"] == 4          # the four games in one transaction
    monkeypatch.undo()
    for sid in pages:                                               # Send again, the store back
        assert "Game recorded" in _act(table, sid, "send_again", table.players[sid].seq + 1)["class"]["message"]
    assert store.tally(code)["games"] == 8


def test_a_closed_class_is_said_and_play_goes_on(store):
    old = store.start_session(now=datetime.now(timezone.utc) - timedelta(hours=13))       # closed an hour ago
    table = _table(store)
    sid = table.start(f"class={old.code}&name=Sam&board=3&seed=1")["session"]
    table.settle(sid)
    c = table.act(sid, {"action": "state"})["state"]["class"]
    assert c["error"] and "Could not join" in c["message"] and c["form"]
    state, _ = _play_to_the_end(table, sid)
    assert state["over"] and store.tally(old.code)["games"] == 0


def test_a_store_that_fails_does_not_stop_play_and_send_again_records_once(store, code, monkeypatch):
    table = _table(store)
    sid = table.start(f"class={code}&name=Sam&board=4&seed=3")["session"]
    table.settle(sid)
    real = store.record_game
    failures = iter([StoreUnavailable("the disk is full"), RuntimeError("a fault made by the test")])
    calls = []

    def failing(*args, **kwargs):
        calls.append(1)
        raise next(failures)
    monkeypatch.setattr(store, "record_game", failing)
    state, seq = _play_to_the_end(table, sid)
    c = state["class"]
    assert state["over"] and c["error"] and "could not be sent" in c["message"] and "the disk is full" in c["message"]
    assert c["unsent"] == 1 and c["send_again"]
    seq += 1
    state = _act(table, sid, "send_again", seq)                        # still failing, in another way
    c = state["class"]
    assert c["error"] and "could not be recorded" in c["message"] and c["send_again"]
    seq += 1
    _act(table, sid, "hint", seq)
    assert len(calls) == 2 and not table.waiting(sid)                 # not retried at every click
    monkeypatch.setattr(store, "record_game", real)
    seq += 1
    state = _act(table, sid, "send_again", seq)
    c = state["class"]
    assert "Game recorded" in c["message"] and c["unsent"] == 0 and not c["send_again"] and c["recorded"] == 1
    seq += 1
    _act(table, sid, "send_again", seq)
    assert store.tally(code)["games"] == 1


def test_without_a_class_session_there_is_no_join_box(store, code):
    plain = GameTable(new_id=_ids())
    sid = plain.start("board=4")["session"]
    assert plain.players[sid].join is None
    assert plain.act(sid, {"action": "state"})["state"]["class"]["shown"] is False
    with pytest.raises(BadRequest, match="keeps no class sessions"):
        plain.act(sid, {"action": "join", "code": code, "name": "Sam", "seq": 1})
    sid = plain.start(f"class={code}&name=Sam&board=4")["session"]                # the address names a class
    c = plain.act(sid, {"action": "state"})["state"]["class"]
    assert c["shown"] and not c["form"] and c["error"] and "keeps no class sessions" in c["message"]
    assert plain.players[sid].model.game.N == 4                                   # the game's settings hold


# ---- over HTTP: the page's requests, the teacher's pages ----------------------------------------------------------
def _post(url, body, headers=None):
    status, _, raw = _http(url, body, headers)
    return status, json.loads(raw or b"null")


def test_over_http_the_answer_of_the_last_move_says_game_recorded(store, code):
    table = GameTable(classroom=ClassRoom(store))
    with running_app(table) as url:
        status, game = _post(url + "api/start", {"query": f"class={code}&name=Ana&board=3&seed=4"})
        assert status == 200 and game["state"]["class"]["joined"]         # joined before the first answer
        sid, seq, state = game["session"], 0, game["state"]
        while not state["over"]:
            left = [x["number"] for x in state["suspects"] if not x["disabled"]]
            seq += 1
            _post(url + "api/act", {"session": sid, "action": "click", "suspect": left[0], "seq": seq})
            seq += 1
            status, answer = _post(url + "api/act", {"session": sid, "action": "guess" if len(left) == 1 else "ask",
                                                     "seq": seq})
            state = answer["state"]
        assert "Game recorded" in state["class"]["message"]
    assert store.tally(code)["games"] == 1


def _sign_in(url, code, token, origin=None):
    body = f"code={code}&token={token}".encode()
    headers = {"Content-Type": "application/x-www-form-urlencoded", **({"Origin": origin} if origin else {})}
    import urllib.request

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None
    opener = urllib.request.build_opener(NoRedirect)
    try:
        r = opener.open(urllib.request.Request(url + "class/teacher", data=body, headers=headers), timeout=30)
        return r.status, dict(r.headers)
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers)


def test_the_teacher_pages_on_the_class_server(store):
    session = store.start_session()
    other = store.start_session()
    code, token = session.code, session.token
    table = GameTable(classroom=ClassRoom(store))
    with running_app(table, base_url="/guesswho/") as url:
        host = url.split("/")[2]
        status, headers = _sign_in(url, code, token)
        cookie = headers["Set-Cookie"]
        assert status == 302 and headers["Location"] == f"/guesswho/class/teacher/{code}"
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/guesswho/class" in cookie
        assert token not in cookie and "Secure" not in cookie        # a sign-in, never the token (http: not Secure)
        assert _sign_in(url, code, other.token)[0] == 403
        assert _sign_in(url, code, token, origin="http://elsewhere.example")[0] == 403
        mine = cookie.split(";", 1)[0]
        status, headers, page = _http(url + f"class/teacher/{code}", headers={"Cookie": mine})
        assert status == 200 and f"Class <span class=\"code\">{code}</span>" in page.decode()
        assert headers["Content-Security-Policy"].startswith("default-src 'self'")
        for path in ("class/static/teacher.js", "class/static/teacher.css", "class/static/signin.js"):
            assert _http(url + path)[0] == 200
        theirs = teacher_cookie(url, other.code, other.token)["Cookie"]         # another class's teacher
        for cookie in (None, f"guesswho_teacher_{code}={other.token}", f"guesswho_teacher_{other.code}={other.token}",
                       f"guesswho_teacher_{code}=x", f"guesswho_teacher_{code}={token}",    # the token itself
                       theirs, theirs.replace(other.code, code)):
            h = {"Cookie": cookie} if cookie else {}
            status, _, body = _http(url + f"class/teacher/{code}", headers=h)
            assert status == 403 and "sign in" in body.decode() and "Reset the tally" not in body.decode(), cookie
            status, _, body = _http(url + f"class/api/{code}/tally", headers=h)
            assert status == 403 and b'"games"' not in body, cookie
            status, _, _ = _http(url + f"class/api/{code}/reset", b"", {**h, "X-Guesswho-Teacher": "reset"})
            assert status == 403, cookie
        status, _, body = _http(url + f"class/api/{code}/tally", headers={"Cookie": mine})
        tally = json.loads(body)
        assert status == 200 and tally["games"] == 0 and {g["move"] for g in tally["activity"]["groups"]} == {"1:3",
                                                                                                              "2:2"}
        status, game = _post(url + "api/start", {"query": f"class={code}&name=Ana&board=2&seed=1"})
        sid = game["session"]
        _post(url + "api/act", {"session": sid, "action": "click", "suspect": 1, "seq": 1})
        _post(url + "api/act", {"session": sid, "action": "guess", "seq": 2})
        assert json.loads(_http(url + f"class/api/{code}/tally", headers={"Cookie": mine})[2])["games"] == 1
        assert _http(url + f"class/api/{code}/reset", b"", {"Cookie": mine})[0] == 403       # no header: a form
        assert _http(url + f"class/api/{code}/reset", b"", {"Cookie": mine, "X-Guesswho-Teacher": "reset",
                                                            "Origin": "http://elsewhere.example"})[0] == 403
        assert _http(url + f"class/api/{code}/reset", method="GET", headers={"Cookie": mine})[0] == 405
        assert store.tally(code)["games"] == 1                                             # nothing reset yet
        status, _, body = _http(url + f"class/api/{code}/reset", b"", {"Cookie": mine, "X-Guesswho-Teacher": "reset",
                                                                       "Origin": f"http://{host}"})
        assert status == 200 and json.loads(body) == {"deleted": 1} and store.tally(code)["games"] == 0
        assert _http(url + "class/api/NOT-A-CODE/tally", headers={"Cookie": mine})[0] == 404
    plain = GameTable()
    with running_app(plain) as url:
        status, _, body = _http(url + "class/teacher")
        assert status == 200 and "keeps no class sessions" in body.decode() and "--class-store" in body.decode()
        assert _http(url + f"class/api/{code}/tally", headers={"Cookie": mine})[0] == 403


# ---- the command ------------------------------------------------------------------------------------------------
def _serve(*options, timeout=60):
    return subprocess.run([sys.executable, "-m", "guesswho_apps", "serve", *options], capture_output=True, text=True,
                          timeout=timeout)


def test_a_misused_class_store_says_so_in_one_line(tmp_path):
    (tmp_path / "notes.txt").write_text("not a database " * 100)
    for value, says in (("", "--class-store: give a file name"),
                        ("mysql://host/db", "--class-store: store must be a file name (SQLite)"),
                        (str(tmp_path / "no" / "such" / "folder" / "class.db"), "--class-store: the class store "
                                                                                  "cannot be opened"),
                        (str(tmp_path / "notes.txt"), "--class-store: ")):
        r = _serve("--class-store", value, "--port", "1")
        assert r.returncode == 2 and says in r.stderr and len(r.stderr.strip().splitlines()) == 1, (value, r)


def test_the_session_is_printed_once_and_goes_on_after_a_restart(tmp_path):
    from servers import serve_class

    location = str(tmp_path / "class.db")
    with serve_class(tmp_path / "first.log", extra=("--class-store", location)) as first:
        log = _wait_for(first, r"class code (\w{5})")
        code = re.search(r"class code (\w{5})", log).group(1)
        assert log.count("Class session started") == 1 and re.search(rf"/class/teacher#code={code}&token=\S+", log)
        assert f"activity of lesson 02: {first.url.rstrip('/')}/{activity_address(code)}\n" in log
        assert f"stored in the SQLite file {ClassStore(location).location};" in log and "ClassStore(" not in log
        token = re.search(r"&token=(\S+)", log).group(1)
        status, _, page = _http(first.url + f"class/teacher/{code}", headers=teacher_cookie(first.url, code, token))
        assert status == 200 and 'data-reach="this computer"' in page.decode()         # on 127.0.0.1: said
    with serve_class(tmp_path / "second.log", extra=("--class-store", location)) as second:
        log = _wait_for(second, "goes on")
        assert f"Class session {code} goes on" in log and "token=" not in log
        assert f"activity of lesson 02: {second.url.rstrip('/')}/{activity_address(code)}\n" in log
    assert ClassStore(location).open_sessions() == [code]


def test_the_teachers_sign_in_is_no_token_and_lasts_its_time(store):
    """The cookie the sign-in form sets holds a signed sign-in, never the token: Secure when the server's public
    address is https; worth nothing for another class, changed, made to last longer, or once its time is over; and
    still good after the server restarts (the teacher's page goes on)."""
    session, other = store.start_session(), store.start_session()
    with running_app(GameTable(classroom=ClassRoom(store)), public_url="https://guesswho.school.example") as url:
        status, headers = _sign_in(url, session.code, session.token)
    cookie = headers["Set-Cookie"]
    assert status == 302 and "Secure" in cookie and "HttpOnly" in cookie and session.token not in cookie
    value = cookie.split(";", 1)[0].split("=", 1)[1]
    sid, until, signature = value.split(".")
    with running_app(GameTable(classroom=ClassRoom(store))) as url:          # the server, restarted
        def tally(sign_in, code=session.code):
            return _http(url + f"class/api/{code}/tally", headers={"Cookie": f"{cookie_name(code)}={sign_in}"})[0]
        assert tally(value) == 200
        assert tally(f"{sid}.{until}.{signature[:-1]}{'1' if signature[-1] == '0' else '0'}") == 403
        assert tally(f"{sid}.{int(until) + 3600}.{signature}") == 403
        assert tally(value, other.code) == 403
        assert tally(TeacherSessions(seconds=-1).new(session.code, store.sign_in_key(session.code))) == 403


def test_the_teachers_page_gives_the_students_address_only_when_they_can_reach_it(store):
    """Listening on 127.0.0.1 only, the teacher's page says that the students cannot reach the server and how to
    let them in, rather than an address with "this computer's address" in it; on the network, the server's."""
    session = store.start_session()
    for students, reach in (("", "this computer"), ("http://school-pc:8866/", "network")):
        with running_app(GameTable(classroom=ClassRoom(store)), students_url=students) as url:
            cookie = teacher_cookie(url, session.code, session.token)
            status, _, page = _http(url + f"class/teacher/{session.code}", headers=cookie)
            page = page.decode()
            assert status == 200 and f'data-reach="{reach}"' in page and f'data-students="{students}"' in page
            assert "listens on this computer only (127.0.0.1)" in page and "--ip 0.0.0.0" in page   # (shown or not)
    js = (Path(__file__).resolve().parents[3] / "guesswho_apps/server/static/teacher/teacher.js").read_text()
    assert 'reach === "network"' in js and '$("local-only").hidden = reach !== "this computer"' in js


def test_the_activity_address_is_the_one_students_reach(store):
    """Served to the network, the teacher's link stays on this computer but the students' address is the server's
    name on the network."""
    from guesswho_apps.server.teacher import announce

    lines = announce(store, "http://127.0.0.1:8866/class/teacher", "(restart)", game_page="http://school-pc:8866/")
    code = store.open_sessions()[0]
    assert f"  The (4, 4) activity of lesson 02: http://school-pc:8866/{activity_address(code)}" in lines
    assert any(f"Games are stored in the SQLite file {store.location};" in line for line in lines)
    assert any(line.strip().startswith(f"http://127.0.0.1:8866/class/teacher#code={code}&token=") for line in lines)


def _wait_for(server, pattern, timeout=30):
    deadline = time.monotonic() + timeout
    while not re.search(pattern, server.log_text()):
        assert time.monotonic() < deadline, server.log_text()
        time.sleep(0.2)
    return server.log_text()
