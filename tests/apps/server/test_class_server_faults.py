"""The class server when things go wrong around it (the red team's findings, each reproduced, on 127.0.0.1):

* at the open-files limit the server stays up, answers on the connections it has, logs one line (not a traceback
  per connection), and takes new connections again once silent ones are closed;
* a store lock held by another program delays only the games that end, for a bounded time, on SQLite and on
  PostgreSQL, then the page offers Send again; the teacher's page says why within seconds;
* a store made read-only and fixed again works without a restart (its -wal and -shm companions too);
* a deleted store and a PostgreSQL server that is down are said with their reason, not "Unknown".
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest
from servers import ROOT, free_port, stop_server, teacher_cookie, throwaway_postgresql
from test_class_server import _http, running_app
from test_class_server_hostile import Client

from guesswho_apps.classroom import ClassStore
from guesswho_apps.server.games import ClassRoom, GameTable


# ---- the open-files limit ----------------------------------------------------------------------------------------
SERVER = """
import asyncio, logging, sys
from guesswho_apps.server.app import make_app
from guesswho_apps.server.guard import Guard, listen
logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
logging.getLogger("tornado.general").setLevel(logging.WARNING)
async def main():
    guard = Guard(header_seconds=3.0, body_seconds=3.0, connections_per_address=100_000)
    listen(make_app(guard=guard), 0, "127.0.0.1", guard)
    print(guard.port, flush=True)
    await asyncio.Event().wait()
asyncio.run(main())
"""


def test_at_the_open_files_limit_the_server_stays_up_and_says_it_once(tmp_path):
    import resource

    log = tmp_path / "server.log"
    with open(log, "w") as err:
        proc = subprocess.Popen([sys.executable, "-c", SERVER], cwd=ROOT, stdout=subprocess.PIPE, stderr=err,
                                preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64)))
    try:
        port = int(proc.stdout.readline())
        url = f"http://127.0.0.1:{port}/"
        player = Client(url)                                     # a player's connection, open before the flood
        assert player.post("api/start", {"query": "board=4"})[0] == 200
        flood = []
        for _ in range(150):                                     # more half-sent requests than the server has files
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(b"POST /api/start HTTP/1.1\r\nHost: x\r\n")
            flood.append(s)
        time.sleep(0.2)                                          # (within the 3 s a connection may stay silent)
        t0 = time.monotonic()
        assert player.post("api/start", {"query": "board=4"})[0] == 200        # answered meanwhile
        assert time.monotonic() - t0 < 2
        for s in flood:
            s.close()
        deadline = time.monotonic() + 15
        while True:                                              # the silent ones closed: new players come in
            status = _http(url + "api/start", {"query": "board=4"})[0]
            if status == 200:
                break
            assert time.monotonic() < deadline, f"no new connection answered within 15 s (last {status})"
            time.sleep(0.5)
        assert proc.poll() is None
    finally:
        stop_server(proc)
    said = log.read_text()
    assert "Traceback" not in said and said.count("limit of open files") == 1, said[-3000:]
    assert len(said.strip().splitlines()) <= 2, said[-3000:]


# ---- a lock held elsewhere ---------------------------------------------------------------------------------------
def _finish_at_once(url: str, code: str, players: int) -> list[tuple[float, dict]]:
    """``players`` pages join class ``code`` on a board of 2 and click a suspect; then all guess at the same
    moment (the move that ends the game, written to the store before it is answered).  (seconds, state) each."""
    games = []
    for k in range(players):
        c = Client(url)
        game = c.post("api/start", {"query": f"class={code}&name=P{k}&board=2&rules=official"})[1]
        assert game["state"]["class"]["joined"], game["state"]["class"]
        c.post("api/act", {"session": game["session"], "action": "click", "suspect": 1, "seq": 1})
        games.append((c, game["session"]))
    results: list = [None] * players
    start = threading.Barrier(players)

    def guess(k):
        c, sid = games[k]
        start.wait()
        t0 = time.monotonic()
        status, answer = c.post("api/act", {"session": sid, "action": "guess", "seq": 2})
        results[k] = (time.monotonic() - t0, answer["state"], c, sid)
    threads = [threading.Thread(target=guess, args=(k,)) for k in range(players)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return results


_SIGNED_IN: dict = {}


def _tally(url, session):
    """The tally as the teacher's page asks for it (signed in at the first call, while the store works)."""
    if (url, session.code) not in _SIGNED_IN:
        _SIGNED_IN[url, session.code] = teacher_cookie(url, session.code, session.token)
    status, _, body = _http(url + f"class/api/{session.code}/tally", headers=_SIGNED_IN[url, session.code])
    return status, json.loads(body)


def _store_says(url, session, words: str, within: float = 10) -> dict:
    deadline = time.monotonic() + within
    while True:
        status, tally = _tally(url, session)
        if status == 200 and tally["store"]["writable"] is False and words in tally["store"]["problem"]:
            return tally
        assert time.monotonic() < deadline, (status, tally.get("store", tally))
        time.sleep(0.3)


def _held_lock_delays_only_the_games_that_end(store, hold, release):
    """Six games end while another program holds the store's lock: each answer comes within a bounded time and
    offers Send again; the teacher's page says why; once the lock is gone Send again records each game once."""
    session = store.start_session()
    table = GameTable(classroom=ClassRoom(store))
    with running_app(table) as url:
        _tally(url, session)
        hold()
        try:
            results = _finish_at_once(url, session.code, 6)
            for seconds, state, _, _ in results:
                c = state["class"]
                assert seconds < 4 and state["over"] and c["send_again"] and "could not be sent" in c["message"], (
                    seconds, c)
                assert "lock" in c["message"]
            tally = _store_says(url, session, "lock")
            assert tally["store"]["unsent"] == 6
            c, sid = results[0][2], results[0][3]
            assert c.post("api/act", {"session": sid, "action": "hint", "seq": 3})[0] == 200    # play goes on
        finally:
            release()
        deadline = time.monotonic() + 10
        while _tally(url, session)[1]["store"]["writable"] is not True:      # the teacher's page sees it back
            assert time.monotonic() < deadline
            time.sleep(0.3)
        for _, _, c, sid in results:
            state = c.post("api/act", {"session": sid, "action": "send_again", "seq": 10})[1]["state"]
            assert "Game recorded" in state["class"]["message"], state["class"]
        assert _tally(url, session)[1]["games"] == 6 and table.unsent() == 0


def test_a_lock_held_on_sqlite_delays_only_the_games_that_end(tmp_path):
    store = ClassStore(str(tmp_path / "class.db"), lock_seconds=0.5, pause_seconds=0.5)
    store.create()
    holder = sqlite3.connect(store.location, isolation_level=None, check_same_thread=False)
    _held_lock_delays_only_the_games_that_end(store, lambda: holder.execute("BEGIN IMMEDIATE"),
                                              lambda: holder.execute("ROLLBACK"))
    holder.close()


def test_a_lock_held_on_postgresql_delays_only_the_games_that_end():
    import psycopg

    with throwaway_postgresql() as (location, _):
        store = ClassStore(location, lock_seconds=0.5, pause_seconds=0.5)
        store.create()
        holder = psycopg.connect(location)
        _held_lock_delays_only_the_games_that_end(
            store, lambda: holder.execute("LOCK TABLE class_games IN EXCLUSIVE MODE"), holder.rollback)
        holder.close()


def test_postgresql_down_is_said_with_its_reason():
    with throwaway_postgresql() as (location, stop):
        store = ClassStore(location, lock_seconds=0.5)
        store.create()
        session = store.start_session()
        with running_app(GameTable(classroom=ClassRoom(store))) as url:
            assert _tally(url, session)[0] == 200
            stop()
            status, answer = _tally(url, session)
            assert status == 503 and "does not answer" in answer["error"] and "Unknown" not in answer["error"]
            status, _, page = _http(url + "class/teacher", f"code={session.code}&token=other".encode(),
                                    {"Content-Type": "application/x-www-form-urlencoded"})     # a teacher signs in
            assert status == 503 and "does not answer" in page.decode()


def test_a_deleted_store_is_said(tmp_path):
    store = ClassStore(str(tmp_path / "class.db"))
    store.create()
    session = store.start_session()
    with running_app(GameTable(classroom=ClassRoom(store))) as url:
        assert _tally(url, session)[0] == 200
        for f in tmp_path.glob("class.db*"):
            f.unlink(missing_ok=True)       # (SQLite may remove its -wal file meanwhile)
        status, answer = _tally(url, session)
        assert status == 503 and f"there is no class store at {store.location}" in answer["error"]


# ---- read-only, then fixed -----------------------------------------------------------------------------------------
def _as_another_user():
    """(the start of a command that runs Python as a user for whom file permissions count, its environment), or
    the reason it cannot be done here: as root (whom permissions do not stop) the server runs as ``nobody``,
    with the system's Python of the same version reading this environment's packages."""
    if os.getuid() != 0:
        return [sys.executable], dict(os.environ)
    system = Path("/usr/bin/python3")
    if not shutil.which("runuser") or not system.exists():
        return None, "runuser or /usr/bin/python3 is missing"
    version = subprocess.run([str(system), "-c", "import sys; print(sys.version_info[:2])"], capture_output=True,
                             text=True).stdout.strip()
    if version != str(sys.version_info[:2]):
        return None, f"/usr/bin/python3 is Python {version}, not {sys.version_info[:2]}"
    site = next(p for p in sys.path if p.endswith("site-packages") and Path(p).is_dir())
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": f"{site}:{ROOT}", "PYTHONUNBUFFERED": "1"}
    start = ["runuser", "-u", "nobody", "--", "env", *[f"{k}={v}" for k, v in env.items()], str(system)]
    probe = subprocess.run([*start, "-c", "import guesswho_apps.server"], capture_output=True, text=True)
    if probe.returncode != 0:                 # e.g. the environment lies in a folder only its owner may read
        last = (probe.stderr.strip().splitlines() or ["no message"])[-1]
        return None, f"nobody cannot import this environment's packages from {site} ({last})"
    return start, None


def test_a_store_made_read_only_and_fixed_again_works_without_a_restart():
    start, why = _as_another_user()
    if start is None:
        pytest.skip(f"READ-ONLY STORE TEST SKIPPED: {why}")
    folder = Path(tempfile.mkdtemp(prefix="guesswho-ro-"))
    folder.chmod(0o777)
    store_file = folder / "class.db"
    port = free_port()
    log = open(folder / "server.log", "w")
    proc = subprocess.Popen([*start, "-m", "guesswho_apps", "serve", "--class-store", str(store_file), "--port",
                             str(port)], cwd=folder, stdout=log, stderr=subprocess.STDOUT,
                            env=why if isinstance(why, dict) else None, start_new_session=True)
    try:
        deadline = time.monotonic() + 90
        while "The game is served at" not in (folder / "server.log").read_text():
            assert proc.poll() is None and time.monotonic() < deadline, (folder / "server.log").read_text()
            time.sleep(0.2)
        said = (folder / "server.log").read_text()
        code, token = re.search(r"#code=(\w+)&token=(\S+)", said).groups()
        assert f"Games are stored in the SQLite file {store_file}" in said and "ClassStore(" not in said
        url = f"http://127.0.0.1:{port}/"
        c = Client(url)
        game = c.post("api/start", {"query": f"class={code}&name=Ana&board=2"})[1]
        sid = game["session"]
        c.post("api/act", {"session": sid, "action": "click", "suspect": 1, "seq": 1})
        store_file.chmod(0o444)                                          # the store made read-only
        state = c.post("api/act", {"session": sid, "action": "guess", "seq": 2})[1]["state"]
        assert state["class"]["send_again"] and "read-only" in state["class"]["message"], state["class"]
        tally_url = f"{url}class/api/{code}/tally"
        deadline = time.monotonic() + 10
        while True:
            status, _, body = _http(tally_url, headers=teacher_cookie(url, code, token))
            store = json.loads(body)["store"]
            if store["writable"] is False and "read-only" in store["problem"]:
                break
            assert time.monotonic() < deadline, store
            time.sleep(0.3)
        assert store["unsent"] == 1
        assert oct((folder / "class.db-shm").stat().st_mode & 0o777) == "0o600"   # made with the store, kept open
        store_file.chmod(0o644)                                          # the teacher fixes the store
        state = c.post("api/act", {"session": sid, "action": "send_again", "seq": 3})[1]["state"]
        assert "Game recorded" in state["class"]["message"], state["class"]
    finally:
        stop_server(proc)
        log.close()
        shutil.rmtree(folder, ignore_errors=True)
