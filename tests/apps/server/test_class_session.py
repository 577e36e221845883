"""A class session on the class server, started as the README says (its class command with ``--class-store``),
in Chromium:

* the server starts a session and prints the class code and the teacher's link once;
* the teacher's page shows the tally of a known set of games (written through the store), the exact answers
  only once the teacher reveals them, passes axe-core (no serious or critical problem), and updates by itself
  when a student finishes a game in another Chromium page joined to the class (by the address, or by the join
  box after a wrong code); the student's page says "Game recorded" and passes axe-core; the reset empties the
  tally;
* without the session's token, the teacher's page, its data and its reset are refused (403), whatever else the
  request holds (another session's token, a forged reset);
* after a restart of the server on the same store, the session goes on and the tally is the same; while the
  server is down, or its store lost, the teacher's page says so (and the server answers 503, no traceback).
"""

from __future__ import annotations

import json
import random
import re
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from class_games import activity_game, as_if_drawn, play_out
from guesswho_apps.classroom import ClassStore, game_record, new_player_id
from servers import axe_serious, chromium, serve_class, teacher_cookie

pytestmark = pytest.mark.browser

TIMEOUT_MS = 120_000
KNOWN = {"1:3": 12, "2:2": 8}                                      # games of each group in the known set


@pytest.fixture(scope="module")
def browser():
    try:
        with chromium() as b:
            yield b
    except RuntimeError as e:
        pytest.skip(f"BROWSER TEST SKIPPED (the teacher's page was NOT tested in a browser): {e}")


def _started(server) -> tuple[str, str]:
    """(class code, the teacher's link) printed by the server when it started the session."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        m = re.search(r"class code (\w{5}).*?\n\s+(http://\S+#code=\S+)", server.log_text(), re.S)
        if m:
            return m.group(1), m.group(2)
        time.sleep(0.3)
    raise AssertionError("the server printed no class session:\n" + server.log_text()[-3000:])


def _token(link: str) -> str:
    return re.search(r"token=([^&\s]+)", link).group(1)


def _known_games(store: ClassStore, code: str, make=activity_game, known=KNOWN) -> dict:
    """Write the known set (``known[first]`` games ``make(seed, first)`` of each group) through the store, as the
    students' kernels do; returns each group's wins."""
    wins = {}
    for first, count in known.items():
        player = new_player_id()
        games = [make(seed, first) for seed in range(count)]
        for k, g in enumerate(games):          # (a nickname each: one nickname counts its first 10 games)
            store.record_game(code, player, f"group {first.replace(':', '-')} {k}", as_if_drawn(game_record(g)))
        wins[first] = sum(g.winner == "you" for g in games)
    return wins


def _get(url: str, cookie: str | None = None, method: str = "GET", headers: dict | None = None):
    """(status, body) of a request."""
    req = urllib.request.Request(url, method=method, data=b"" if method == "POST" else None,
                                 headers={**({"Cookie": cookie} if cookie else {}), **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    folder = tmp_path_factory.mktemp("class")
    location = str(folder / "class.db")
    with serve_class(folder / "server.log", extra=("--class-store", location)) as server:
        code, link = _started(server)
        store = ClassStore(location)
        token = _token(link)
        yield {"server": server, "code": code, "link": link, "store": store, "token": token,
               "wins": _known_games(store, code)}


def test_the_teacher_page_shows_the_tally_of_a_known_set_of_games(session, browser):
    page = browser.new_page(bypass_csp=True)      # the page forbids eval; Playwright's waits use it
    outside = []
    page.on("request", lambda r: None if r.url.startswith(session["server"].url) or r.url.startswith("data:")
            else outside.append(r.url))
    page.goto(session["link"], timeout=TIMEOUT_MS)
    page.wait_for_url(re.compile(rf"/class/teacher/{session['code']}$"), timeout=TIMEOUT_MS)
    assert "token" not in page.url                                  # the token never stays in the address
    page.wait_for_function("document.querySelectorAll('#groups .group').length == 2", timeout=TIMEOUT_MS)
    groups = page.locator("#groups .group")
    wins = session["wins"]
    hidden = page.inner_text("main")                 # predict, then reveal: no answer on the screen yet
    assert f"{wins['1:3']} won of {KNOWN['1:3']} games" in hidden
    assert "Exact expectation" not in hidden and "9/16" not in hidden and "Which moves cost" not in hidden
    page.click("#reveal")
    assert page.get_attribute("#reveal", "aria-pressed") == "true"
    first, second = groups.nth(0).inner_text(), groups.nth(1).inner_text()
    assert f"{wins['1:3']} won of {KNOWN['1:3']} games" in first and "Exact expectation: 9/16 = 56.3%" in first
    assert f"{wins['2:2']} won of {KNOWN['2:2']} games" in second and "Exact expectation: 1/2 = 50.0%" in second
    total = sum(KNOWN.values())
    assert f"{total} games finished by 2 players" in page.inner_text("#games-summary")     # plurals, not "(s)"
    mistakes = page.inner_text("#mistakes")
    assert re.search(rf"{KNOWN['2:2']}\s+4 : 4\s+2:2\s+1:3\s+1/16", mistakes), mistakes     # 2:2 at (4, 4) costs 1/16
    assert "updates every 2 s" in page.inner_text("#connection")
    problems = axe_serious(page)
    assert problems == [], "axe-core, serious or critical:\n" + "\n".join(problems)
    assert outside == [], f"the teacher's page asked other sites for {outside}"
    page.close()


def test_without_the_token_the_teacher_page_is_refused(session):
    url, code, token = session["server"].url, session["code"], session["token"]
    other = session["store"].start_session()                          # another class's teacher
    theirs = f"guesswho_teacher_{code}={other.token}"
    mine = teacher_cookie(url, code, token)["Cookie"]
    for cookie in (None, theirs, f"guesswho_teacher_{other.code}={other.token}", f"guesswho_teacher_{code}=x",
                   f"guesswho_teacher_{code}={token}"):                 # the token itself is no sign-in
        status, body = _get(f"{url}class/teacher/{code}", cookie)
        assert status == 403 and "sign in" in body and "won of" not in body, (cookie, status)
        status, body = _get(f"{url}class/api/{code}/tally", cookie)
        assert status == 403 and '"games"' not in body, (cookie, status)
        status, _ = _get(f"{url}class/api/{code}/reset", cookie, "POST", {"X-Guesswho-Teacher": "reset"})
        assert status == 403, (cookie, status)
    status, _ = _get(f"{url}class/api/{code}/reset", mine, "POST")                  # a forged form: no header
    assert status == 403
    status, _ = _get(f"{url}class/api/{code}/reset", mine, "POST", {"X-Guesswho-Teacher": "reset",
                                                                     "Origin": "http://elsewhere.example"})
    assert status == 403
    status, body = _get(f"{url}class/api/{code}/tally", mine)
    assert status == 200 and json.loads(body)["games"] == sum(KNOWN.values())        # nothing was reset
    status, _ = _get(f"{url}class/api/{other.code}/tally", mine.replace(code, other.code))   # my sign-in, their class
    assert status == 403
    assert _get(f"{url}class/api/NOT-A-CODE/tally", mine)[0] == 404


def _play_a_game(student, status_selector: str):
    """Ask about one suspect first, then play on (one suspect, or a guess) until the game ends and the class box
    says the game was recorded."""
    rows = 0
    for k in range(8):
        if k:
            student.wait_for_function(f"document.querySelectorAll('.gw-history tr').length > {rows} || "
                                      "document.querySelector('.gw-result')", timeout=TIMEOUT_MS)
            if student.query_selector(".gw-result"):
                break
        rows = student.locator(".gw-history tr").count()
        left = student.locator(".gw-suspect:not([disabled])")
        count = left.count()
        left.first.click()
        student.click(".gw-guess" if count == 1 else ".gw-ask")
    student.wait_for_function(f"document.querySelector('{status_selector}').innerText.includes('Game recorded')",
                              timeout=TIMEOUT_MS)


def test_a_student_game_reaches_the_live_tally_and_the_reset_empties_it(session, browser):
    code = session["code"]
    teacher = browser.new_page(bypass_csp=True)
    teacher.goto(session["link"], timeout=TIMEOUT_MS)
    teacher.wait_for_function("document.querySelectorAll('#groups .group').length == 2", timeout=TIMEOUT_MS)
    before = int(re.search(r"(\d+) games? finished", teacher.inner_text("#games-summary")).group(1))
    student = browser.new_page(bypass_csp=True)      # (the page forbids eval; the waits below use it)
    student.goto(f"{session['server'].url}?class={code.lower()}&name=Sam&rules=official&board=4&computer=optimal"
                 "&first=you&seed=5", timeout=TIMEOUT_MS)
    student.wait_for_function("document.getElementById('gw-class-status').innerText.includes('playing in class')",
                              timeout=TIMEOUT_MS)
    assert f"playing in class {code} as Sam" in student.inner_text("#gw-class-status")
    assert not student.is_visible("#gw-class-form")
    _play_a_game(student, "#gw-class-status")
    # a second student types a wrong code in the join box, is told, and joins with the right one
    other = browser.new_page(bypass_csp=True)
    other.goto(f"{session['server'].url}?rules=official&board=3&seed=2", timeout=TIMEOUT_MS)
    other.wait_for_selector("#gw-class-form", state="visible", timeout=TIMEOUT_MS)
    other.fill("#gw-class-code", "ZZZZZ")
    other.fill("#gw-class-name", "Ana")
    other.click(".gw-class-join")
    other.wait_for_function("document.getElementById('gw-class-status').innerText"
                            ".includes('no open class with the code')", timeout=TIMEOUT_MS)
    other.fill("#gw-class-code", code)
    other.press("#gw-class-name", "Enter")
    other.wait_for_selector("#gw-class-form", state="hidden", timeout=TIMEOUT_MS)
    _play_a_game(other, "#gw-class-status")
    problems = axe_serious(other)
    assert problems == [], "axe-core on the student's page, serious or critical:\n" + "\n".join(problems)
    teacher.wait_for_function(f"document.getElementById('games-summary').innerText.startsWith('{before + 2} game')",
                              timeout=30_000)                           # no reload: the page polls
    teacher.click("#players summary")
    assert "Sam: 1" in teacher.inner_text("#players") and "Ana: 1" in teacher.inner_text("#players")
    teacher.once("dialog", lambda d: d.accept())
    teacher.click("#reset")
    teacher.wait_for_function("document.getElementById('games-summary').innerText.startsWith('0 game')",
                              timeout=30_000)
    assert session["store"].tally(code)["games"] == 0
    for page in (student, other, teacher):
        page.close()


def test_the_tally_after_a_restart_is_the_same(tmp_path, browser):
    location = str(tmp_path / "class.db")
    extra = ("--class-store", location)
    log = tmp_path / "server.log"
    with serve_class(log, extra=extra) as first:
        code, link = _started(first)
        _known_games(ClassStore(location), code)
        cookie = teacher_cookie(first.url, code, _token(link))["Cookie"]
        status, before = _get(f"{first.url}class/api/{code}/tally", cookie)
        assert status == 200
        page = browser.new_page(bypass_csp=True)
        page.goto(link, timeout=TIMEOUT_MS)
        page.wait_for_function("document.querySelectorAll('#groups .group').length == 2", timeout=TIMEOUT_MS)
        port = first.url.rsplit(":", 1)[1].strip("/")
    page.wait_for_function("document.getElementById('connection').classList.contains('fault')", timeout=30_000)
    assert "cannot be reached" in page.inner_text("#connection")          # the server is down: the page says so
    with serve_class(log, extra=extra, port=int(port)) as second:
        _wait_for(lambda: f"Class session {code} goes on" in second.log_text(), second)
        assert "Class session started" not in second.log_text()           # no new session, no new token
        status, after = _get(f"{second.url}class/api/{code}/tally", cookie)
        def tally(text):                      # the class's figures; the store's health is checked when it is
            return {k: v for k, v in json.loads(text).items() if k != "store"}
        assert status == 200 and tally(after) == tally(before)
        page.wait_for_function("!document.getElementById('connection').classList.contains('fault')",
                               timeout=30_000)                            # and picks up again by itself
        assert f"{sum(KNOWN.values())} games finished" in page.inner_text("#games-summary")
        Path(location).rename(tmp_path / "away.db")                       # the store is lost: said, not a traceback
        status, body = _get(f"{second.url}class/api/{code}/tally", cookie)
        assert status == 503 and "cannot be read" in body
        page.wait_for_function("document.getElementById('connection').classList.contains('fault')", timeout=30_000)
        said = page.inner_text("#connection")                             # the reason, not "cannot be reached"
        assert f"there is no class store at {location}" in said and "cannot be reached" not in said, said
        (tmp_path / "away.db").rename(location)
        assert "Traceback" not in second.log_text()
    page.close()
    assert Path(location).is_file()


def test_the_teacher_page_says_what_it_leaves_out_and_when_games_cannot_be_recorded(tmp_path, browser):
    """Games a student could arrange are counted apart, with the reason; a store whose lock another program
    holds is said within seconds (the server waits 5 s for a lock), and the page goes back to normal after."""
    import sqlite3

    from guesswho_lib.game.play import Game

    location = str(tmp_path / "class.db")
    with serve_class(tmp_path / "server.log", extra=("--class-store", location)) as server:
        code, link = _started(server)
        store, player = ClassStore(location), new_player_id()
        two = Game("official", board=4, computer="human", seed=1)
        two.ask([1])
        for g in (play_out(two, random.Random(1)), activity_game(5, "1:3")):      # the second one seeded
            store.record_game(code, player, "Ana", game_record(g))
        page = browser.new_page(bypass_csp=True)
        page.goto(link, timeout=TIMEOUT_MS)
        page.wait_for_function("document.getElementById('left-out').innerText.length > 0", timeout=TIMEOUT_MS)
        said = page.inner_text("#left-out")
        assert "Left out of every figure on this page: 1 game for two players on one screen" in said, said
        assert "1 game whose secret persons the page's address chose" in said, said
        assert page.inner_text("#groups").count("no games yet") == 2 and page.is_hidden("#store")
        holder = sqlite3.connect(location, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")                                   # another program holds the lock
        try:
            page.wait_for_function("!document.getElementById('store').hidden", timeout=30_000)
            said = page.inner_text("#store")
            assert "Games cannot be recorded now" in said and "held a lock on it for more than 5 s" in said, said
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        page.wait_for_function("document.getElementById('store').hidden", timeout=30_000)
        problems = axe_serious(page)
        assert problems == [], "axe-core, serious or critical:\n" + "\n".join(problems)
        page.close()


def _wait_for(condition, server, timeout=60):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("the server did not say it:\n" + server.log_text()[-3000:])
        time.sleep(0.3)
