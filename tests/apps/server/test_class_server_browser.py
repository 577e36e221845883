"""The class server's game page in Chromium: the server started exactly as the README says
(``python -m guesswho_apps serve``, tests/servers.py), on 127.0.0.1 and a free port.

* Played with the keyboard alone (Tab, Space, Enter) under the tripartite rules (group A and group B), with the
  hint and the review; the page keeps its game when reloaded; axe-core (WCAG 2.1 A and AA) finds no serious or
  critical problem on a numbered board, on the board of faces, and with the review open; the page asks nothing of
  other sites; the terminal shows one line.
* Faults: the server restarted (the page notices, even before the next click, that its game is lost, and offers
  one button that starts a new game that plays), the server stopped (the page says it cannot reach the server,
  tries again by itself, and offers a button; once the server is back it goes on), the server full (the page says
  so and tries again).

Whole games to their result are played in tests/apps/server/test_browser_board.py (the board of faces) and
tests/apps/server/test_browser_review.py (two players, the review), on the same server.
"""

from __future__ import annotations

import re
import time

import pytest

from servers import axe_serious, browser_or_skip, free_port, serve_class, watch_requests

pytestmark = pytest.mark.browser

TIMEOUT_MS = 30_000


@pytest.fixture()
def browser():
    yield from browser_or_skip("the class server's page")


def _history_rows(page) -> int:
    return page.locator(".gw-history tr").count()


def _focused(page) -> str:
    return page.evaluate("() => document.activeElement.className")


def _says(words: str) -> str:
    """A test, for wait_for_function, that the page's message holds ``words``."""
    return f"() => document.querySelector('.gw-message').innerText.includes({words!r})"


def _key(page, selector: str, key: str, until: str):
    """Focus ``selector``, press ``key``, and wait until the function ``until`` holds."""
    page.focus(selector)
    page.keyboard.press(key)
    page.wait_for_function(until)


def _wait_rows(page, more_than: int):
    page.wait_for_function("(k) => document.querySelectorAll('.gw-history tr').length > k", arg=more_than)


def test_keyboard_play_the_review_a_reload_and_no_serious_accessibility_problem(tmp_path, browser):
    pytest.importorskip("axe_playwright_python", reason="axe-playwright-python is not installed")
    with serve_class(tmp_path / "server.log") as server:
        page = browser.new_page(viewport={"width": 1200, "height": 1400})
        page.set_default_timeout(TIMEOUT_MS)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        outside = watch_requests(page, server.url)
        page.goto(server.url + "?rules=tripartite&board=12&seed=2")
        page.wait_for_selector("button.gw-suspect:not([disabled])")
        assert "Suspects left: you 12, the computer 12" in page.inner_text(".gw-status-box")
        assert axe_serious(page) == []
        # The keyboard alone: Space on suspect 1, Tab to suspect 2 and Enter, then group B and suspect 3.
        _key(page, "button.gw-suspect-1", "Space", _says("Group A: 1"))
        page.keyboard.press("Tab")
        assert "gw-suspect-2" in _focused(page)
        page.keyboard.press("Enter")
        page.wait_for_function(_says("Group A: 2"))
        assert page.get_attribute("button.gw-suspect-1", "aria-pressed") == "true"
        _key(page, 'input[name="gw-group"][value="1"]', "Space",
             "() => document.querySelector('input[name=\"gw-group\"][value=\"1\"]').checked")
        _key(page, "button.gw-suspect-3", "Enter", _says("group B: 1"))
        assert "gw-B" in page.get_attribute("button.gw-suspect-3", "class")
        assert "in group B" in page.inner_text("button.gw-suspect-3")         # a screen reader hears the status
        _key(page, "button.gw-ask", "Enter", "() => document.querySelectorAll('.gw-history tr').length > 0")
        assert "1:2:9" in page.inner_text(".gw-history-box")          # a paradox question: groups of 2 and 1
        _key(page, "button.gw-hint", "Enter", "() => document.querySelector('.gw-hint .gw-explanation') !== null")
        _key(page, "button.gw-review", "Enter", "() => document.querySelector('.gw-review-box .gw-review') !== null")
        assert page.get_attribute("button.gw-review", "aria-expanded") == "true"
        steps = page.inner_text("#gw-review-where")
        page.focus("button.gw-review-first")
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.querySelector('#gw-review-where').innerText.startsWith('step 0')")
        assert "The start." in page.inner_text(".gw-review-box")
        assert axe_serious(page) == []                                          # the review open
        # A reload keeps the game (the tab remembers it); the review's step too.
        rows = _history_rows(page)
        page.reload()
        page.wait_for_selector("button.gw-suspect:not([disabled])")
        assert _history_rows(page) == rows and page.inner_text("#gw-review-where").startswith("step 0")
        assert steps.endswith(page.inner_text("#gw-review-where").split(" of ")[1])
        # The board of faces, before a move and with the review open.
        page.goto(server.url + "?board=faces&seed=2")
        page.wait_for_selector(".gw-face svg")
        assert page.locator(".gw-face").count() == 24 and page.locator(".gw-face-out").count() == 0
        assert axe_serious(page) == []
        page.select_option(".gw-question select", index=1)
        page.wait_for_function("() => document.querySelector('.gw-message').innerText.includes('Your question')")
        page.click("button.gw-ask")
        _wait_rows(page, 0)
        left = int(re.search(r"Suspects left:\s*you (\d+)", page.inner_text(".gw-status-box"))[1])
        assert page.locator(".gw-face:not(.gw-face-out)").count() == left < 24       # ruled out: flipped down
        page.click(".gw-face-out >> nth=0")                                          # a flipped face: no move
        page.click("button.gw-review")
        page.wait_for_selector(".gw-review-box .gw-review")
        assert axe_serious(page) == []
        assert not errors, f"JavaScript errors on the page: {errors}"
        assert outside == [], f"requests to other sites: {outside}"
        page.close()
        log = server.log_text().strip().splitlines()
    assert len(log) == 1 and log[0].startswith("The game is served at http://127.0.0.1:"), log


def _fault(page, words: str) -> str:
    page.wait_for_function("(w) => { const f = document.getElementById('gw-fault');"
                           " return !f.hidden && f.innerText.includes(w); }", arg=words)
    assert page.locator("#gw-fault button").count() == 1                  # one way on
    return page.inner_text("#gw-fault")


def _move(page):
    rows = _history_rows(page)
    page.click("button.gw-suspect:not([disabled]) >> nth=0")
    page.click("button.gw-ask")
    _wait_rows(page, rows)


def test_a_restarted_or_stopped_server_is_shown_with_a_way_on(tmp_path, browser):
    port = free_port()
    log = tmp_path / "server.log"
    page = browser.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    acts: list[float] = []
    page.on("request", lambda r: acts.append(time.monotonic()) if "/api/" in r.url else None)
    with serve_class(log, port=port) as server:
        page.goto(server.url + "?rules=official&board=10&seed=4")
        page.wait_for_selector("button.gw-suspect:not([disabled])")
        _move(page)
    with serve_class(log, port=port):                                     # restarted: the games are gone
        # Not even a click: the page asks whether its game is there (every 20 s, and when it is shown again).
        page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
        text = _fault(page, "This game was lost")
        assert "restarted" in text and page.inner_text("#gw-fault button") == "Start a new game"
        page.click("#gw-fault button")
        page.wait_for_function("() => document.getElementById('gw-fault').hidden")
        assert _history_rows(page) == 0
        _move(page)                                                       # the new game plays
    # Stopped: the next click says the server cannot be reached; the page tries again by itself.
    page.click("button.gw-suspect:not([disabled]) >> nth=0")
    text = _fault(page, "Cannot reach the game server")
    assert page.inner_text("#gw-fault button") == "Try again now"
    before = len(acts)
    page.wait_for_timeout(4500)
    assert len(acts) > before, "the page did not try again by itself"
    page.click("#gw-fault button")                                        # still down: the same message
    _fault(page, "Cannot reach the game server")
    with serve_class(log, port=port):                                     # back (a new server: the game is lost)
        _fault(page, "This game was lost")
        page.click("#gw-fault button")
        page.wait_for_function("() => document.getElementById('gw-fault').hidden")
        _move(page)
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_a_full_server_says_so_and_the_page_tries_again(tmp_path, browser):
    with serve_class(tmp_path / "server.log", ("--max-games=1",)) as server:
        first = browser.new_page()
        first.goto(server.url + "?board=6")
        first.wait_for_selector("button.gw-suspect:not([disabled])")
        second = browser.new_page()
        starts: list[str] = []
        second.on("request", lambda r: starts.append(r.url) if r.url.endswith("/api/start") else None)
        second.goto(server.url + "?board=6")
        text = _fault(second, "The game is full")
        assert "1 game is being played" in text and "tries again by itself" in text
        assert second.inner_text("#gw-fault button") == "Try again now" and len(starts) == 1
        second.click("#gw-fault button")
        t0 = time.monotonic()
        while len(starts) < 2 and time.monotonic() - t0 < 10:
            second.wait_for_timeout(100)
        assert len(starts) == 2
        _fault(second, "The game is full")
        assert second.locator("button.gw-suspect").count() == 0           # no game drawn
        _move(first)                                                      # the players in the game go on
        log = server.log_text()
    assert "The game is full (1 game)" in log and log.count("The game is full") == 1
