"""The new states of the class's experiment in Chromium, on a class server started as the README says (with
``--class-store`` and ``--max-students 2``), each checked with axe-core (no serious or critical problem) and used with
the keyboard:

* the game page: a game left for a new one, said as finished by the server and recorded; a join made while the
  store is unavailable, kept with its Send again, which completes it once the store is back;
* the teacher's page: each group says how many games the server finished; the rows of who has played, with
  look-alike nicknames numbered, renamed and removed from the keyboard; the store unavailable, with the games
  waiting in the server's memory;
* the lesson view: look-alike nicknames numbered, a student renamed from the keyboard, and the class full.
"""

from __future__ import annotations

import json
import os
import re
import time

import pytest
from servers import axe_serious, browser_or_skip, evidence_on_failure, watched_page
from test_class_validity import ACTIVITY, JOIN, _post, class_server

pytestmark = pytest.mark.browser

TIMEOUT_MS = 60_000


@pytest.fixture(scope="module")
def browser():
    yield from browser_or_skip("the class's new states")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from class_server(tmp_path_factory, "validity-browser", "--max-students", "2")


def _axe(page, what: str):
    problems = axe_serious(page)
    assert problems == [], f"axe-core on {what}, serious or critical:\n" + "\n".join(problems)


def _class_says(page, words: str):
    page.wait_for_function("(w) => document.getElementById('gw-class-status').innerText.includes(w)", arg=words,
                           timeout=TIMEOUT_MS)
    return page.inner_text("#gw-class-status")


def _ask_about_one(page):
    rows = page.locator(".gw-history tr").count()
    page.locator(".gw-suspect:not([disabled])").first.press("Enter")
    page.locator(".gw-ask").press("Enter")
    page.wait_for_function(f"document.querySelectorAll('.gw-history tr').length > {rows}", timeout=TIMEOUT_MS)


def test_the_game_page_says_a_game_left_was_finished_by_the_server_and_keeps_a_join_for_send_again(server, browser,
                                                                                                   tmp_path):
    url, code = server["url"], server["code"]
    page, errors, _ = watched_page(browser, TIMEOUT_MS, bypass_csp=True)
    with evidence_on_failure(page, tmp_path / "game-page.png", server["server"].log_text):
        page.goto(f"{url}?class={code}&name=Lena&{ACTIVITY}")
        _class_says(page, "playing in class")
        for _ in range(10):                                   # a game still under way after the first question
            _ask_about_one(page)
            if not page.query_selector(".gw-result"):
                break
            page.locator(".gw-new").press("Enter")
            page.wait_for_selector(".gw-result", state="detached")
        page.locator(".gw-new").press("Enter")                # New game, with the keyboard
        said = _class_says(page, "finished by the server")
        assert "with best play for both sides from where you left it, and recorded for class" in said, said
        _axe(page, "the game page after a game left unfinished")
        # the store goes away: a join made now is kept, and Send again completes it
        other, errors2, _ = watched_page(browser, TIMEOUT_MS, bypass_csp=True)
        away = server["location"] + ".away"
        os.rename(server["location"], away)
        try:
            other.goto(f"{url}?class={code}&name=Noor&rules=official&board=2")
            said = _class_says(other, "join is kept")
            assert other.is_visible("#gw-class-send") and other.is_hidden("#gw-class-form"), said
            _axe(other, "the game page with a join kept")
        finally:
            os.rename(away, server["location"])
        other.locator("#gw-class-send").press("Enter")
        said = _class_says(other, "You are playing in class")
        assert other.is_hidden("#gw-class-send")
        assert errors == [] and errors2 == [], errors + errors2
        other.close()


def test_the_teachers_page_counts_the_games_finished_and_renames_and_removes_rows(server, browser, tmp_path):
    url, code = server["url"], server["code"]
    for name in ("Sam", "S\u0430m"):                                # look-alikes, each with a game
        status, answer = _post(url, "api/start", {"query": f"class={code}&name={name}&rules=official&board=2"})
        sid = answer["session"]
        for seq, (action, extra) in enumerate((("click", {"suspect": 1}), ("guess", {})), start=1):
            _post(url, "api/act", {"session": sid, "action": action, "seq": seq, **extra})
    status, answer = _post(url, "api/start", {"query": f"class={code}&name=Ida&{ACTIVITY}"})
    sid, seq = answer["session"], 0
    while True:                                                     # Ida leaves a game under way for a new one
        _post(url, "api/act", {"session": sid, "action": "click", "suspect": 1, "seq": seq + 1})
        state = _post(url, "api/act", {"session": sid, "action": "ask", "seq": seq + 2})[1]["state"]
        _post(url, "api/act", {"session": sid, "action": "new_game", "rules": "official", "board": "numbered",
                               "size": 4, "computer": "optimal", "you_first": True, "best_of": 1, "seq": seq + 3})
        seq += 3
        if not state["over"]:
            break
    page, errors, _ = watched_page(browser, TIMEOUT_MS, bypass_csp=True)
    page.on("dialog", lambda d: d.accept())
    with evidence_on_failure(page, tmp_path / "teacher.png", server["server"].log_text):
        page.goto(server["link"])
        page.wait_for_function("document.querySelectorAll('#groups .group').length == 2", timeout=TIMEOUT_MS)
        page.wait_for_function("document.getElementById('groups').innerText.includes('finished by the server')",
                               timeout=TIMEOUT_MS)
        assert re.search(r"\d+ games? left unfinished, finished by the server with best play",
                         page.inner_text("#groups"))
        assert "The first 10 games of one nickname count" in page.inner_text("#activity-title + .note")
        page.locator("#players summary").press("Enter")
        page.wait_for_function("document.querySelectorAll('#players li.row').length >= 3", timeout=TIMEOUT_MS)
        names = page.locator("#players .row-name").all_inner_texts()
        looks = sorted(n for n in names if n.startswith(("Sam", "S\u0430m")))
        assert [re.sub(" [(]2[)]", "", n) for n in looks] == ["Sam: 1 game", "S\u0430m: 1 game"], names
        second = next(n for n in looks if " (2)" in n).split(":")[0]          # the look-alike that came second
        _axe(page, "the teacher's page with the rows")
        page.locator(f"button[aria-label='Rename {second}']").press("Enter")  # rename, with the keyboard
        box = page.locator("#players .row-form input")
        assert box.evaluate("e => e === document.activeElement")
        _axe(page, "the teacher's page with a rename open")
        box.fill("Sasha")
        box.press("Enter")
        page.wait_for_function("document.getElementById('players').innerText.includes('Sasha: 1 game')",
                               timeout=TIMEOUT_MS)
        page.locator("button[aria-label='Remove Sasha and their games']").press("Enter")     # remove (confirmed)
        page.wait_for_function("!document.querySelector('#players ul').innerText.includes('Sasha')",
                               timeout=TIMEOUT_MS)
        assert "Sasha removed." in page.inner_text("#rows-status")
        # the store goes away: the page says why, and what waits in the server's memory
        status, answer = _post(url, "api/start", {"query": f"class={code}&name=Wren&rules=official&board=2"})
        sid = answer["session"]
        away = server["location"] + ".away"
        os.rename(server["location"], away)
        try:
            _post(url, "api/act", {"session": sid, "action": "click", "suspect": 1, "seq": 1})
            _post(url, "api/act", {"session": sid, "action": "guess", "seq": 2})
            page.wait_for_function("document.getElementById('store').innerText.includes('wait')",
                                   timeout=TIMEOUT_MS)
            said = page.inner_text("#store")
            assert "Games cannot be recorded now: there is no class store" in said and "1 finished game waits" \
                in said, said
            _axe(page, "the teacher's page during a store outage")
        finally:
            os.rename(away, server["location"])
        _post(url, "api/act", {"session": sid, "action": "send_again", "seq": 3})
        page.wait_for_function("document.getElementById('store').hidden", timeout=TIMEOUT_MS)
        assert errors == [], errors
    deadline = time.monotonic() + 10
    while True:                                                     # the page's own change reached the store
        status, _, raw = _status(url, code, server["token"])
        rows = [r["name"] for r in json.loads(raw)["rows"]]
        if "Wren" in rows:
            break
        assert time.monotonic() < deadline, rows
    assert "Sasha" not in rows and len([r for r in rows if r in ("Sam", "S\u0430m")]) == 1, rows


def _status(url, code, token):
    from test_class_server import _http
    from test_class_validity import _teacher

    return _http(url + f"class/api/{code}/tally", headers=_teacher(url, code, token))


def test_the_lesson_view_numbers_look_alikes_renames_a_student_and_says_the_class_is_full(server, browser, tmp_path):
    url, code = server["url"], server["code"]
    for k, name in enumerate(("Mo", "M\u043e")):                   # Cyrillic о
        assert _post(url, JOIN, {"code": code, "nickname": name, "seat": chr(ord("k") + k) * 24})[0] == 200
    status, answer = _post(url, JOIN, {"code": code, "nickname": "Late", "seat": "z" * 24})
    assert status == 503 and "already has 2 students" in answer["message"]
    page, errors, _ = watched_page(browser, TIMEOUT_MS, bypass_csp=True)
    with evidence_on_failure(page, tmp_path / "lesson.png", server["server"].log_text):
        page.goto(server["link"])
        page.wait_for_url(re.compile(rf"/class/teacher/{code}$"), timeout=TIMEOUT_MS)
        page.goto(f"{url}class/teacher/{code}/lesson")
        page.wait_for_function("document.querySelectorAll('#students tbody tr').length == 2", timeout=TIMEOUT_MS)
        assert sorted(page.locator("#students tbody th").all_inner_texts()) == ["Mo", "M\u043e (2)"]
        page.wait_for_selector("#class-full", state="visible", timeout=TIMEOUT_MS)
        said = page.inner_text("#class-full")
        assert "The class is full: 2 of the 2 students" in said and "1 notebook was refused" in said, said
        _axe(page, "the lesson view with the class full")
        page.locator("button[aria-label='Rename M\u043e (2)']").press("Enter")
        box = page.locator("#students .row-change input")
        assert box.evaluate("e => e === document.activeElement")
        box.fill("Moana")
        box.press("Enter")
        page.wait_for_function("document.getElementById('students').innerText.includes('Moana')",
                               timeout=TIMEOUT_MS)
        assert "M\u043e (2) renamed Moana." in page.inner_text("#rows-status")
        _axe(page, "the lesson view after a rename")
        assert errors == [], errors
