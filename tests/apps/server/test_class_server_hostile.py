"""The class server against a hostile client, over HTTP on 127.0.0.1 (the red team's findings, each reproduced):

* every malformed request is a 400 (or 413 for a body over the limit), never a 500, and puts nothing in the
  terminal; a page from another site, DNS rebinding included, is refused;
* one client cannot fill the server: games per address (a proxy's forwarded address trusted only when named),
  games that never had an action give way first, the idle time counts any action of the page but not its pings;
* silent connections are closed (headers, bodies, idle), and one address has a bounded number of connections;
* a class code cannot be found by trying codes, nor a teacher's token by trying tokens;
* a student cannot choose the class's result: a game replayed by its seed and a game for two on one screen are
  recorded, left out of the tally's figures, and counted on the teacher's page.
"""

from __future__ import annotations

import http.client
import json
import logging
import socket
import threading
import time
import unicodedata
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from servers import teacher_cookie
from test_class_server import Clock, _http, _ids, running_app

from guesswho_apps.classroom import ClassStore
from guesswho_apps.server.games import ClassRoom, GameFull, GameLost, GameTable
from guesswho_apps.server.guard import Guard, RecentCount


@pytest.fixture
def quiet_log(caplog):
    """The log records of warnings and errors (a client's mistake must leave none)."""
    caplog.set_level(logging.INFO)
    return lambda: [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info]


class Client:
    """One keep-alive HTTP connection to the server (fast enough for hundreds of requests)."""

    def __init__(self, url: str, headers: dict | None = None):
        host, port = url.split("/")[2].split(":")
        self.conn, self.headers = http.client.HTTPConnection(host, int(port), timeout=30), headers or {}

    def post(self, path: str, body, headers: dict | None = None):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.conn.request("POST", "/" + path, body=data, headers={**self.headers, **(headers or {})})
        r = self.conn.getresponse()
        raw = r.read()
        try:
            return r.status, json.loads(raw)
        except ValueError:
            return r.status, raw

    def close(self):
        self.conn.close()


# ---- malformed requests ------------------------------------------------------------------------------------------
def test_the_red_teams_500s_are_400s_and_say_nothing_in_the_terminal(quiet_log):
    table = GameTable(new_id=_ids())
    with running_app(table) as url:
        c = Client(url)
        sid = c.post("api/start", {"query": "board=4"})[1]["session"]
        for path, body in [("api/act", {"session": "x", "action": ["click"]}),
                           ("api/act", {"session": sid, "action": {"click": 1}, "seq": 1}),
                           ("api/act", {"session": sid, "action": "click", "suspect": [1], "seq": 1}),
                           ("api/start", b"[" * 2048 + b"]" * 2048),
                           ("api/act", b'{"session": ' + b"[" * 5000 + b"]" * 5000 + b"}"),
                           ("api/start", b"\xff\xfe{not utf-8"),
                           ("api/act", b'{"session": "x", "action": "click", "suspect": 1' + b"0" * 5000 + b"}"),
                           ("api/start", {"query": {"rules": "nica"}}),
                           ("api/ping", {"session": {"id": sid}})]:
            status, answer = c.post(path, body)
            assert status in (400, 404), (path, str(body)[:60], status, answer)
            assert answer["error"] in ("bad request", "lost") and "Traceback" not in json.dumps(answer)
        assert c.post("api/act", {"session": sid, "action": "group", "group": 1, "seq": 2})[1]["state"][
            "message"]["text"].startswith("group B is for paradox questions")
        c.close()
    assert quiet_log() == []


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                 max_size=4), max_leaves=12)
_field = st.sampled_from(["session", "action", "seq", "suspect", "group", "trait", "to", "rules", "board", "size",
                          "computer", "you_first", "best_of", "code", "name", "query"])


@pytest.fixture(scope="module")
def fuzz_server():
    table = GameTable(max_games=50, classroom=None, new_id=_ids())
    with running_app(table, guard=Guard(games_per_address=50)) as url:
        yield url, table


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(["api/start", "api/act", "api/ping"]),
       body=st.one_of(_json, st.dictionaries(_field, _json, max_size=6),
                      st.dictionaries(_field, _json, max_size=5).map(
                          lambda d: {**d, "action": d.get("action", "click")})))
def test_no_request_body_gets_a_500(fuzz_server, path, body):
    url, table = fuzz_server
    if len(table) >= 40:
        table.players.clear()
    status, _, raw = _http(url + path, json.dumps(body).encode())
    assert status in (200, 400, 404, 503), (status, raw[:300])


def test_a_body_over_the_limit_is_answered_413_on_every_address(quiet_log):
    store_less = GameTable()
    with running_app(store_less) as url:
        for path in ("api/act", "api/start", "class/teacher", "", "no/such/page"):
            status, _, body = _http(url + path, b"x" * 20_000,
                                    headers={"Content-Type": "application/x-www-form-urlencoded"})
            assert status == 413, (path, status, body[:200])
        c = Client(url)                                                 # a chunked body, no Content-Length
        c.conn.putrequest("POST", "/api/start")
        c.conn.putheader("Transfer-Encoding", "chunked")
        c.conn.endheaders()
        for _ in range(20):
            c.conn.send(b"400\r\n" + b"x" * 1024 + b"\r\n")
        c.conn.send(b"0\r\n\r\n")
        assert c.conn.getresponse().status == 413
        c.close()
    assert quiet_log() == []


def test_a_dns_rebinding_page_is_refused():
    """A page of evil.example whose name now points at this computer sends Host and Origin of evil.example: the
    Origin is compared with the server's own names and addresses, not with the Host."""
    table = GameTable()
    with running_app(table) as url:
        port = url.split(":")[2].rstrip("/")
        evil = {"Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}"}
        status, _, body = _http(url + "api/start", {"query": ""}, headers=evil)
        assert status == 403 and "own page" in json.loads(body)["message"]
        for origin in (f"http://127.0.0.1:{port}", f"http://localhost:{port}"):
            assert _http(url + "api/start", {"query": ""}, headers={"Origin": origin})[0] == 200, origin
        for origin in (f"http://127.0.0.1:{int(port) + 1}", "null", f"http://127.0.0.1:{port}/path",
                       f"ftp://127.0.0.1:{port}"):
            assert _http(url + "api/start", {"query": ""}, headers={"Origin": origin})[0] == 403, origin
        form = {"Content-Type": "application/x-www-form-urlencoded", **evil}
        assert _http(url + "class/teacher", b"code=ABCDE&token=x", headers=form)[0] in (403, 404)
    hub = "https://hub.school.example"
    for proxies in ((), ("127.0.0.1",)):                   # a proxy's public address, named: nothing else passes
        with running_app(GameTable(), guard=Guard(origins=(hub,), trusted_proxies=proxies)) as url:
            assert _http(url + "api/start", {"query": ""}, headers={"Origin": hub})[0] == 200
            port = url.split(":")[2].rstrip("/")
            evil = {"Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}"}
            assert _http(url + "api/start", {"query": ""}, headers=evil)[0] == 403


# ---- one client cannot fill the server ---------------------------------------------------------------------------
def test_one_address_cannot_fill_the_server_and_newcomers_play():
    """The red team's flood: one client starts games and pings each of them; it holds at most its share, and a
    newcomer from another address gets a game at once.  Behind a trusted proxy the forwarded address counts;
    from anyone else a forwarded address is ignored (a client cannot pretend to be many)."""
    table = GameTable(max_games=12, new_id=_ids())
    guard = Guard(games_per_address=4, trusted_proxies=("127.0.0.1",))
    with running_app(table, guard=guard) as url:
        flood = Client(url, {"X-Forwarded-For": "198.51.100.66"})
        held = [a["session"] for s, a in (flood.post("api/start", {"query": "board=4"}) for _ in range(30))
                if s == 200]
        assert len(held) == 4
        status, answer = flood.post("api/start", {"query": "board=4"})
        assert status == 503 and "your network address (198.51.100.66) has 4 games" in answer["message"]
        for sid in held:
            assert flood.post("api/ping", {"session": sid})[0] == 200
        for k in range(8):                                        # the class, each from its own address
            status, _ = Client(url, {"X-Forwarded-For": f"203.0.113.{k}"}).post("api/start", {"query": "board=4"})
            assert status == 200, k
        assert len(table) == 12
    table = GameTable(max_games=12, new_id=_ids())
    with running_app(table, guard=Guard(games_per_address=4)) as url:          # no proxy trusted
        statuses = [Client(url, {"X-Forwarded-For": f"203.0.113.{k}", "X-Real-IP": f"203.0.113.{k}"}).post(
            "api/start", {"query": "board=4"})[0] for k in range(10)]
        assert statuses == [200] * 4 + [503] * 6 and {p.address for p in table.players.values()} == {"127.0.0.1"}


def _unfollowed(url, headers):
    """(status, headers) of a GET whose redirect is not followed."""
    import urllib.error
    import urllib.request

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None
    try:
        with urllib.request.build_opener(NoRedirect).open(urllib.request.Request(url, headers=headers)) as r:
            return r.status, dict(r.headers)
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers)


def test_under_jupyterhub_no_address_or_header_says_who_a_request_is(tmp_path, monkeypatch):
    """``serve --jupyterhub``: who a request is comes from the hub alone.  Without the hub's credentials every
    request is refused (403), whatever X-Forwarded-For, X-Real-IP, Origin or cookie it sends, the class server's
    files and the teacher's pages too; a browser opening a page is sent to the hub's login.  The plain server
    trusts nobody's X-Forwarded-For: each client counts by its own address."""
    from servers import free_port, serve_class

    port = free_port()
    for name, value in (("JUPYTERHUB_SERVICE_URL", f"http://127.0.0.1:{port}"),       # as the hub starts a service
                        ("JUPYTERHUB_SERVICE_PREFIX", "/services/guesswho/"), ("JUPYTERHUB_SERVICE_NAME", "guesswho"),
                        ("JUPYTERHUB_API_TOKEN", "the-services-token"), ("JUPYTERHUB_CLIENT_ID", "service-guesswho"),
                        ("JUPYTERHUB_API_URL", f"http://127.0.0.1:{free_port()}/hub/api")):
        monkeypatch.setenv(name, value)
    hub = "https://hub.school.example"
    with serve_class(tmp_path / "server.log", ("--jupyterhub", "--public-url", hub), port=port):
        base = f"http://127.0.0.1:{port}/services/guesswho/"
        forged = [{"X-Forwarded-For": f"203.0.113.{k}", "X-Real-IP": f"203.0.113.{k}", "Origin": hub,
                   "X-Forwarded-Proto": "https", "Cookie": f"service-guesswho=forged{k}; jupyterhub-session-id=x"}
                  for k in range(3)]
        for headers in [{}, *forged]:
            assert Client(base, headers).post("api/start", {"query": "board=4"})[0] == 403, headers
            for path in ("", "static/play.js", "class/teacher", "class/api/K7QMD/tally", "no/such/page"):
                assert _http(base + path, headers=headers)[0] == 403, (path, headers)
        status, headers = _unfollowed(base, {"Sec-Fetch-Mode": "navigate"})             # a browser: to the login
        assert status == 302 and headers["Location"].startswith("/hub/api/oauth2/authorize?client_id=service-guesswho")
        assert "Set-Cookie" not in headers or "service-guesswho-oauth-state" in headers["Set-Cookie"]
    with serve_class(tmp_path / "server.log", ("--max-games-per-address", "2"), port=port):
        statuses = [Client(f"http://127.0.0.1:{port}/", {"X-Forwarded-For": f"203.0.113.{k}"}).post(
            "api/start", {"query": "board=4"})[0] for k in range(5)]
        assert statuses == [200, 200, 503, 503, 503]


def test_under_jupyterhub_the_login_cookie_is_a_session_id_secure_behind_https(monkeypatch):
    """The class server's cookie of the hub's login holds a random session id that this process maps to the hub's
    token (the token never reaches the browser, nor anyone who takes the service's port); Secure when the hub's
    public address is https."""
    pytest.importorskip("jupyterhub")
    from guesswho_apps.server.hub import behind_login

    class Browser:                                   # what the OAuth client asks of a request handler
        def __init__(self):
            self.cookies = {}

        def set_cookie(self, name, value, **options):
            self.cookies[name] = (value, options)

        def get_cookie(self, name, default=None):
            return self.cookies.get(name, (default,))[0]

    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/services/guesswho/")
    for public, secure in (("https://hub.school.example", True), ("http://127.0.0.1:8000", False)):
        handlers, _ = behind_login([], "/services/guesswho/", public)
        oauth = handlers[0][1].hub_auth_class(api_token="the-services-token", oauth_client_id="service-guesswho")
        browser = Browser()
        oauth.set_cookie(browser, "the-hubs-token")
        [(name, (value, options))] = browser.cookies.items()
        assert name == "service-guesswho" and "the-hubs-token" not in value and len(value) >= 40
        assert options["httponly"] and options["secure"] is secure and options["path"] == "/services/guesswho/"
        later, forged = Browser(), Browser()                 # the browser's next request; one guessing
        later.cookies[name] = (value, {})
        forged.cookies[name] = (value[:-1] + ("A" if value[-1] != "A" else "B"), {})
        assert oauth._get_token_cookie(later) == "the-hubs-token"
        assert oauth._get_token_cookie(forged) is None and oauth._get_token_cookie(Browser()) is None


def test_games_that_never_had_an_action_give_way_first():
    clock = Clock()
    table = GameTable(max_games=3, reclaim_seconds=300, unmoved_seconds=60, clock=clock, new_id=_ids())
    played = table.start("board=4", "a")["session"]
    table.act(played, {"action": "click", "suspect": 1, "seq": 1})
    idle_a, idle_b = table.start("board=4", "b")["session"], table.start("board=4", "c")["session"]
    with pytest.raises(GameFull):                                # every page heard from, none 60 s old
        table.start("board=4", "d")
    clock.now += 61
    for sid in (played, idle_a, idle_b):
        table.ping(sid)                                          # the pings keep nobody's place
    newcomer = table.start("board=4", "d")["session"]
    assert set(table.players) == {played, idle_b, newcomer}     # the oldest game without an action gave way


def test_the_idle_time_counts_every_action_of_the_page_but_not_its_pings():
    clock = Clock()
    table = GameTable(idle_seconds=100, clock=clock, new_id=_ids())
    reader, pinger = table.start("board=4")["session"], table.start("board=4")["session"]
    table.act(reader, {"action": "click", "suspect": 1, "seq": 1})
    for k, action in enumerate(({"action": "hint", "seq": 2}, {"action": "review", "seq": 3}, {"action": "state"})):
        clock.now += 60                                          # reading the hint, the review; a reload
        table.act(reader, action)
        if k == 0:
            table.ping(pinger)                                   # heard from, but no action for 180 s
    assert set(table.players) == {reader, pinger} and table.sweep() == 1 and set(table.players) == {reader}
    with pytest.raises(GameLost, match="no action for 100 seconds"):
        table.ping(pinger)


# ---- connections -------------------------------------------------------------------------------------------------
def _closed_within(sock: socket.socket, seconds: float) -> float:
    """How long until the server closed ``sock`` (AssertionError after ``seconds``)."""
    t0 = time.monotonic()
    sock.settimeout(seconds)
    try:
        while sock.recv(1024):
            pass
    except socket.timeout:
        raise AssertionError(f"the connection was still open after {seconds} s") from None
    except ConnectionResetError:
        pass
    return time.monotonic() - t0


def test_silent_connections_are_closed_and_one_address_has_a_bounded_number(quiet_log):
    guard = Guard(header_seconds=0.5, body_seconds=0.5, connections_per_address=6)
    with running_app(GameTable(), guard=guard) as url:
        port = int(url.split(":")[2].rstrip("/"))
        half_header, half_body, idle = (socket.create_connection(("127.0.0.1", port)) for _ in range(3))
        half_header.sendall(b"POST /api/start HTTP/1.1\r\nHost: x\r\n")
        half_body.sendall(b"POST /api/start HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"query")
        idle.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        idle.recv(65536)
        for sock in (half_header, half_body, idle):
            assert _closed_within(sock, 5) < 3
            sock.close()
        many = [socket.create_connection(("127.0.0.1", port)) for _ in range(6)]
        time.sleep(0.2)
        extra = socket.create_connection(("127.0.0.1", port))
        assert _closed_within(extra, 2) < 1                      # the seventh from this address: closed at once
        for sock in [*many, extra]:
            sock.close()
        time.sleep(0.3)
        assert _http(url)[0] == 200                              # the address's connections are counted down
    said = [r.getMessage() for r in quiet_log()]
    assert len(said) == 1 and "the most one address may have" in said[0]


# ---- a class code and a teacher's token cannot be found by trying ----------------------------------------------
@pytest.fixture
def store(tmp_path):
    s = ClassStore(str(tmp_path / "class.db"))
    s.create()
    return s


def test_a_wrong_code_and_a_closed_class_get_the_same_answer_and_guesses_are_limited(store):
    open_code = store.start_session().code
    closed = store.start_session(now=datetime.now(timezone.utc) - timedelta(hours=13)).code
    wrong = next(c for c in ("ZZZZZ", "YYYYY", "XXXXX") if c not in (open_code, closed))
    table = GameTable(classroom=ClassRoom(store), new_id=_ids())
    guard = Guard(trusted_proxies=("127.0.0.1",), join_failures=RecentCount(3))
    with running_app(table, guard=guard) as url:
        guesser = Client(url, {"X-Forwarded-For": "198.51.100.7"})
        said = []
        for seq, code in enumerate((wrong, closed), start=1):
            sid = guesser.post("api/start", {"query": "board=4"})[1]["session"]
            said.append(guesser.post("api/act", {"session": sid, "action": "join", "code": code, "name": "Sam",
                                                 "seq": seq})[1]["state"]["class"]["message"])
        assert said[0].replace(wrong, "CODE") == said[1].replace(closed, "CODE") and "no open class" in said[0]
        status, game = guesser.post("api/start", {"query": f"class={wrong}&name=Sam&board=4"})
        assert "no open class" in game["state"]["class"]["message"]       # the third wrong code
        status, game = guesser.post("api/start", {"query": f"class={open_code}&name=Sam&board=4"})
        c = game["state"]["class"]                                 # the right code, once too many were wrong
        assert not c["joined"] and "too many wrong class codes" in c["message"]
        status, game = Client(url, {"X-Forwarded-For": "203.0.113.9"}).post(
            "api/start", {"query": f"class={open_code}&name=" + unicodedata.normalize("NFD", "José") + "&board=4"})
        c = game["state"]["class"]                                 # another address; a name typed in NFD
        assert c["joined"] and c["nickname"] == "José" and len(c["nickname"]) == 4


def test_a_teachers_token_cannot_be_found_by_trying(store):
    from test_class_server_session import _sign_in

    session, other = store.start_session(), store.start_session()
    guard = Guard(token_failures=RecentCount(3))
    table = GameTable(classroom=ClassRoom(store))
    with running_app(table, guard=guard) as url:
        mine = teacher_cookie(url, session.code, session.token)
        assert _http(url + f"class/api/{session.code}/tally", headers=mine)[0] == 200     # the teacher's page
        form = {"Content-Type": "application/x-www-form-urlencoded"}
        statuses = [_http(url + "class/teacher", f"code={session.code}&token=guess{k}".encode(), form)[0]
                    for k in range(6)]
        assert statuses == [403] * 3 + [429] * 3
        status, _, body = _http(url + "class/teacher", f"code={other.code}&token={other.token}".encode(), form)
        assert status == 429 and "too many wrong" in body.decode().lower()     # even a right one, from here
        assert _sign_in(url, session.code, session.token)[0] == 302  # but not the one its teacher already used
        for k in range(3):              # a guessed sign-in (a cookie) is no token to try: refused, never counted
            h = {"Cookie": f"guesswho_teacher_{session.code}={f'guess{k}' * 4}.{2**40}.{'0' * 64}"}
            assert _http(url + f"class/api/{session.code}/tally", headers=h)[0] == 403
        status, _, body = _http(url + f"class/api/{session.code}/tally", headers=mine)
        assert status == 200 and json.loads(body)["code"] == session.code       # the teacher's page goes on


# ---- the tally measures the class ------------------------------------------------------------------------------
def _play(client, sid, state, seq, first):
    """Ask ``first`` (the suspects of group A), then the first suspect left until one is left, then guess."""
    for suspect in first:
        seq += 1
        client.post("api/act", {"session": sid, "action": "click", "suspect": suspect, "seq": seq})
    seq += 1
    state = client.post("api/act", {"session": sid, "action": "ask", "seq": seq})[1]["state"]
    while not state["over"]:
        left = [x["number"] for x in state["suspects"] if not x["disabled"]]
        seq += 1
        client.post("api/act", {"session": sid, "action": "click", "suspect": left[0], "seq": seq})
        seq += 1
        state = client.post("api/act", {"session": sid, "action": "guess" if len(left) == 1 else "ask",
                                        "seq": seq})[1]["state"]
    return state, seq


def test_a_steered_tally_no_longer_succeeds(store):
    """The red team's (a): a won 1:3 game replayed by its seed; (b) two players on one screen, one of them losing
    on purpose.  Both are recorded and left out of the activity and of every figure, and the teacher's page
    says how many and why."""
    session = store.start_session()
    table = GameTable(classroom=ClassRoom(store), new_id=_ids())
    with running_app(table, guard=Guard(games_per_address=100)) as url:
        c = Client(url)
        endings = set()
        for _ in range(5):
            game = c.post("api/start", {"query": f"class={session.code}&name=Ana&rules=official&board=4&"
                                                  "computer=optimal&first=you&seed=7"})[1]
            state, _ = _play(c, game["session"], game["state"], 0, [1])
            assert "Game recorded" in state["class"]["message"]
            endings.add(state["status_html"])
        assert len(endings) == 1                                     # the same game, replayed
        for _ in range(3):
            game = c.post("api/start", {"query": f"class={session.code}&name=Ben&rules=official&board=4&"
                                                  "computer=human&first=you"})[1]
            sid, seq = game["session"], 1
            c.post("api/act", {"session": sid, "action": "peek", "seq": seq})
            _play(c, sid, game["state"], seq, [1, 2])
        tally = json.loads(_http(url + f"class/api/{session.code}/tally",
                                 headers=teacher_cookie(url, session.code, session.token))[2])
    groups = {g["move"]: g["games"] for g in tally["activity"]["groups"]}
    assert tally["games"] == 8 and groups == {"1:3": 0, "2:2": 0} and tally["by_settings"] == []
    assert {r["reason"]: r["games"] for r in tally["left_out"]["reasons"]} == {"seed": 5, "two players": 3}
    assert tally["store"]["unsent"] == 0


def test_a_plain_game_counts(store):
    session = store.start_session()
    table = GameTable(classroom=ClassRoom(store), new_id=_ids())
    with running_app(table) as url:
        c = Client(url)
        game = c.post("api/start", {"query": f"class={session.code}&name=Cy&rules=official&board=4&"
                                              "computer=optimal&first=you"})[1]
        _play(c, game["session"], game["state"], 0, [1])
    t = store.tally(session.code)
    assert t["left_out"]["games"] == 0 and {g["move"]: g["games"] for g in t["activity"]["groups"]}["1:3"] == 1


def test_the_guard_refuses_bad_settings():
    for bad in ({"games_per_address": 0}, {"connections_per_address": True}, {"header_seconds": 0},
                {"trusted_proxies": ("the proxy",)}):
        with pytest.raises(ValueError, match=next(iter(bad)).split("_")[0]):
            Guard(**bad)


def test_concurrent_starts_from_one_address_never_pass_its_limit():
    table = GameTable(max_games=100, new_id=_ids())
    with running_app(table, guard=Guard(games_per_address=5)) as url:
        results = []

        def start():
            results.append(_http(url + "api/start", {"query": "board=4"})[0])
        threads = [threading.Thread(target=start) for _ in range(20)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
    assert sorted(results) == [200] * 5 + [503] * 15 and len(table) == 5
