"""The review on the game page, in Chromium: two players share the screen (the page served by the README's class
command, tests/servers.py), one asks for a hint, both play a whole game
by clicking, then the review opens; its label and the last point of its timeline must be those of the same game
replayed headless by the library, stepping back must work, and the screenshot of the review must not be blank.

Screenshots go to ``test-artifacts/`` (GUESSWHO_ARTIFACTS to choose another folder).  Without Chromium or
Playwright the test is skipped loudly, as the other browser tests are.
"""

from __future__ import annotations

import os
import sys
from io import BytesIO
from pathlib import Path

import pytest

from guesswho_lib.game.play import Game
from guesswho_lib.game.review import LABELS, Review
from guesswho_lib.rules import format_fraction

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from servers import browser_or_skip, evidence_on_failure, serve_class

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[3]
TIMEOUT_MS = 90_000
SETTINGS = dict(rules="official", board=8, seed=4)

# Settled after k moves: the history shows k rows, and the enabled suspect buttons are the mover's suspects.
_SETTLED_JS = ("""(k) => {
  const rows = Array.from(document.querySelectorAll('.gw-history tr'))"""
               """.filter(r => r.querySelectorAll('td').length > 1).length;
  if (rows < k) return false;
  if (document.querySelector('.gw-result')) return true;
  const status = document.querySelector('.gw-status-box');
  if (!status) return false;
  const left = status.innerText.match(/Suspects left:\\s*Player 1 (\\d+), Player 2 (\\d+)/);
  const mover = status.innerText.match(/It is Player (\\d)'s move/);
  if (!left || !mover) return false;
  const enabled = document.querySelectorAll('button.gw-suspect:not([disabled])').length;
  return enabled === Number(left[Number(mover[1])]);
}""")


@pytest.fixture()
def browser():
    yield from browser_or_skip("the review")


def replay() -> Game:
    """The game the browser plays, played headless: a hint first, then each player asks about the first half of
    their suspects (board order) and guesses their last one."""
    g = Game(SETTINGS["rules"], board=SETTINGS["board"], computer="human", seed=SETTINGS["seed"])
    g.hint()
    while not g.over:
        mine = sorted(g.mover_suspects)
        if len(mine) == 1:
            g.guess(mine[0] + 1)
        else:
            g.ask([i + 1 for i in mine[:len(mine) // 2]])
    return g


def not_blank(png: bytes) -> tuple[float, int]:
    """(share of pixels that are not white, number of distinct colours) of a screenshot."""
    from PIL import Image

    im = Image.open(BytesIO(png)).convert("RGB")
    colours = im.getcolors(maxcolors=im.width * im.height)        # (count, colour) for every colour
    white = sum(count for count, colour in colours if colour == (255, 255, 255))
    return 1 - white / (im.width * im.height), len(colours)


def test_review_a_two_player_game_in_the_browser(browser, tmp_path):
    expected = replay()
    review = Review(expected)
    T = len(review.moves)
    artifacts = Path(os.environ.get("GUESSWHO_ARTIFACTS", ROOT / "test-artifacts"))
    artifacts.mkdir(parents=True, exist_ok=True)
    with serve_class(tmp_path / "server.log") as server:
        page = browser.new_page(viewport={"width": 1280, "height": 1600})
        page.set_default_timeout(TIMEOUT_MS)
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        with evidence_on_failure(page, artifacts / "browser-review-failure.png", server.log_text):
            query = "&".join(f"{k}={v}" for k, v in SETTINGS.items()) + "&computer=human"
            page.goto(server.url + "?" + query, timeout=TIMEOUT_MS)
            page.wait_for_selector("button.gw-suspect", state="visible", timeout=TIMEOUT_MS)
            page.wait_for_function(_SETTLED_JS, arg=0, timeout=TIMEOUT_MS)
            assert "Two players on one screen" in page.inner_text(".gw-status-box")
            page.click("button.gw-hint")
            page.wait_for_selector(".gw-hint .gw-explanation", timeout=TIMEOUT_MS)
            assert "P(8, 8) = 9/16" in page.inner_text(".gw-hint-box")
            for k in range(1, 40):
                if page.query_selector(".gw-result"):
                    break
                enabled = page.query_selector_all("button.gw-suspect:not([disabled])")
                if len(enabled) == 1:
                    enabled[0].click()
                    page.click("button.gw-guess")
                else:
                    for b in enabled[: len(enabled) // 2]:
                        b.click()
                    page.click("button.gw-ask")
                page.wait_for_function(_SETTLED_JS, arg=k, timeout=TIMEOUT_MS)
            assert expected.result_text() in page.inner_text(".gw-result")      # the same game as the replay

            page.click("button.gw-review")
            page.wait_for_selector(".gw-review-box .gw-review", timeout=TIMEOUT_MS)
            box = page.locator(".gw-review-box")
            last = box.locator(f'circle.gw-point[data-step="{T}"]')
            assert last.get_attribute("data-p1") == format_fraction(review.timeline[-1]) \
                == ("1" if expected.winner == "you" else "0")
            assert last.get_attribute("data-label") == review.moves[-1].label
            label = box.locator(".gw-review-move .gw-label").inner_text().strip()
            assert label == review.moves[-1].label and label in LABELS
            assert f"Move {T} of {T}" in box.inner_text() and "hint" in box.inner_text()
            shot = box.screenshot(path=str(artifacts / "browser-review.png"))
            share, colours = not_blank(shot)
            assert share > 0.05 and colours > 20, (share, colours)

            page.click("button.gw-review-prev")
            page.wait_for_function("() => document.querySelector('.gw-review-box')"
                                   f".innerText.includes('Move {T - 1} of {T}')")
            label = box.locator(".gw-review-move .gw-label").inner_text().strip()
            assert label == review.moves[T - 2].label
            page.screenshot(path=str(artifacts / "browser-review-page.png"), full_page=True)
            assert not errors, f"JavaScript errors on the page: {errors}"
