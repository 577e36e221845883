"""Choose again on the game page, in Chromium, with the keyboard: the page served by the README's class command
(tests/servers.py) on 127.0.0.1.  A game with a known mistake (2:2 at (4, 4)) is played to the end; Choose again
shows the position without its answer; a wrong choice made with the keyboard shows its exact value and a hint, a
best one its value, the best move and the explanation, every value the solver's; on the board of faces the same,
with the board of the position drawn.  axe-core (WCAG 2.1 A and AA) finds no serious or critical problem with
Choose again open, and the page asks nothing of other sites."""

from __future__ import annotations

import pytest

from guesswho_lib.board.solver import cached_board_solution
from guesswho_lib.game.solver import solve
from guesswho_lib.rules import GUESS, format_fraction, parse_move
from servers import axe_serious, browser_or_skip, serve_class, watched_page

pytestmark = pytest.mark.browser

TIMEOUT_MS = 60_000


@pytest.fixture()
def browser():
    yield from browser_or_skip("choose again on the game page")


def _settle(page, rows: int):
    page.wait_for_function("(k) => document.querySelectorAll('.gw-history tr').length > k "
                           "|| document.querySelector('.gw-result') !== null", arg=rows)


def _finish(page):
    """Play on (one suspect at a time, a guess with one left) until the game is over."""
    while not page.query_selector(".gw-result"):
        rows = page.locator(".gw-history tr").count()
        left = page.locator("button.gw-suspect:not([disabled])")
        count = left.count()
        left.first.click()
        page.wait_for_function("() => document.querySelector('.gw-message').innerText.includes('selected')"
                               " || document.querySelector('.gw-message').innerText.includes('Your question')")
        page.click("button.gw-guess" if count == 1 else "button.gw-ask")
        _settle(page, rows)


def _choose_with_the_keyboard(page, key: str, status: str):
    """Select ``key`` in the menu with the arrow keys, Tab to Choose and press Enter; wait for ``status``."""
    keys = page.eval_on_selector("#gw-again-menu", "s => Array.from(s.options).map(o => o.value)")
    page.focus("#gw-again-menu")
    for _ in range(keys.index(key)):
        page.keyboard.press("ArrowDown")
    assert page.eval_on_selector("#gw-again-menu", "s => s.value") == key
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "gw-again-choose"
    page.keyboard.press("Enter")
    page.wait_for_function("(s) => document.querySelector('#gw-again-box .gw-again')?.dataset.status === s",
                           arg=status)


def _choices(page) -> list[tuple[str, str, str]]:
    return [tuple(c) for c in page.eval_on_selector_all(".gw-again-choice", "els => els.map(e => [e.dataset.key, "
                                                                   "e.dataset.value, e.dataset.best])")]


def test_choose_again_on_a_numbered_board_with_the_keyboard(tmp_path, browser):
    t = solve(4)
    with serve_class(tmp_path / "server.log") as server:
        page, errors, outside = watched_page(browser, TIMEOUT_MS, server.url, viewport={"width": 1200, "height": 1400})
        page.goto(server.url + "?rules=official&board=4&seed=1&computer=optimal")
        page.wait_for_selector("button.gw-suspect:not([disabled])")
        assert page.is_hidden("#gw-again")                      # during the game: not offered
        page.focus("button.gw-suspect-1")
        page.keyboard.press("Space")
        page.focus("button.gw-suspect-2")
        page.keyboard.press("Space")
        page.wait_for_function("() => document.querySelector('.gw-message').innerText.includes('Group A: 2')")
        page.focus("button.gw-ask")
        page.keyboard.press("Enter")                            # 2:2 at (4, 4): costs 1/16
        _settle(page, 0)
        _finish(page)
        page.wait_for_selector("#gw-again:not([hidden])")
        page.focus("#gw-again")
        page.keyboard.press("Enter")
        page.wait_for_selector("#gw-again-box .gw-again")
        assert page.get_attribute("#gw-again", "aria-expanded") == "true"
        box = page.inner_text("#gw-again-box")
        assert "You have 4 suspects left" in box and "played 2:2" in box
        assert "9/16" not in box and "1:3" not in box                 # the answer is not shown
        menu = page.eval_on_selector("#gw-again-menu", "s => Array.from(s.options).map(o => o.value)")
        assert menu == ["", "1:3", "2:2", "guess"]
        page.focus("#gw-again-choose")
        page.keyboard.press("Enter")                            # "(choose a move)" selected: the box says so
        page.wait_for_selector("#gw-again-box .gw-again-notice")
        assert "No move is selected: choose a move from the menu first" in page.inner_text("#gw-again-box")
        assert axe_serious(page) == []
        _choose_with_the_keyboard(page, "guess", "retry")
        assert not page.query_selector("#gw-again-box .gw-again-notice")
        assert _choices(page) == [("guess", format_fraction(t.value(4, 4, GUESS)), "false")]
        hint = page.inner_text(".gw-again-hint")
        assert "Hint:" in hint and "1:3" not in hint and "9/16" not in hint
        _choose_with_the_keyboard(page, "1:3", "found")
        chosen = _choices(page)
        assert chosen[-1] == ("1:3", format_fraction(t.value(4, 4, parse_move("1:3"))), "true") == ("1:3", "9/16",
                                                                                                       "true")
        answer = page.inner_text(".gw-again-revealed")
        assert "Found" in answer and "P(4, 4) = 9/16" in answer
        assert "The move chosen, 1:3, is a best move" in answer
        assert "The move played in the game, 2:2, gave 1/2" in answer
        assert "The move played, 1:3" not in answer
        assert page.is_disabled("#gw-again-menu") and page.is_disabled("#gw-again-choose")
        assert axe_serious(page) == []
        assert not errors, errors
        assert outside == [], outside
        page.close()


def test_choose_again_on_the_board_of_faces(tmp_path, browser):
    sol = cached_board_solution()
    with serve_class(tmp_path / "server.log") as server:
        page, errors, _ = watched_page(browser, TIMEOUT_MS, viewport={"width": 1200, "height": 1600})
        page.goto(server.url + "?board=faces&seed=1")
        page.wait_for_selector(".gw-face svg")
        page.select_option("#gw-question", "bald")                # the worst first question (95/192)
        page.wait_for_function("() => document.querySelector('.gw-message').innerText.includes('Your question')")
        page.click("button.gw-ask")
        _settle(page, 0)
        while not page.query_selector(".gw-result"):            # then the first question of the menu each time
            rows = page.locator(".gw-history tr").count()
            options = page.eval_on_selector("#gw-question", "s => Array.from(s.options).map(o => o.value)")
            if len(options) > 1:
                page.select_option("#gw-question", options[1])
                page.wait_for_function("() => document.querySelector('.gw-message').innerText"
                                       ".includes('Your question')")
                page.click("button.gw-ask")
            else:
                page.click("button.gw-suspect:not([disabled]) >> nth=0")
                page.click("button.gw-guess")
            _settle(page, rows)
        page.click("#gw-again")
        page.wait_for_selector("#gw-again-box .gw-again-board svg")
        assert "Is your person bald?" in page.inner_text(".gw-again-situation")
        values = {mv.text if mv.kind == "question" else "guess": mv.value
                  for mv in sol.moves(sol.everyone, sol.everyone)}
        menu = page.eval_on_selector("#gw-again-menu", "s => Array.from(s.options).map(o => o.value)")[1:]
        assert set(menu) == set(values)
        wrong = next(k for k in sorted(menu) if values[k] < sol.start and k != "Is your person bald?")
        _choose_with_the_keyboard(page, wrong, "retry")
        assert _choices(page) == [(wrong, format_fraction(values[wrong]), "false")]
        best = next(k for k in sorted(menu) if values[k] == sol.start)
        _choose_with_the_keyboard(page, best, "found")
        assert _choices(page)[-1] == (best, "9/16", "true")
        shown = page.eval_on_selector_all(".gw-again-best", "els => els.map(e => e.dataset.key)")
        assert set(shown) == {k for k in menu if values[k] == sol.start}
        assert axe_serious(page) == []
        assert not errors, errors
        page.close()
