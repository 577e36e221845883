"""The board of faces in a real browser: the game page served on 127.0.0.1 with the README's class command
(tests/servers.py), Debian's Chromium (Playwright) opens
``?board=faces``, plays a few moves by choosing traits and a whole game to its end, and checks that the
portraits show, that ruled-out faces are flipped down, and that the exact values agree with the board solver.

The screenshot is saved in ``test-artifacts/`` (GUESSWHO_ARTIFACTS to choose another folder) and checked not
to be blank.  When Chromium or Playwright is missing the test is skipped with a loud reason, never silently.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from guesswho_lib.board import cached_board_solution

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from servers import SETTLED_JS, chromium, evidence_on_failure, serve_class

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[3]
TIMEOUT_MS = 120_000   # the first page load solves the board: be generous


def question_options(page) -> dict:
    """The menu of traits you may ask about: {trait as the model names it: the option's label on the page}
    (a no-break space in a label, as ipywidgets writes them, is read as a space)."""
    raw = page.locator(".gw-question select option").all_inner_texts()
    return {label.replace("\xa0", " "): label for label in raw}


def not_blank(path: Path) -> tuple[int, float]:
    """(number of colours, share of pixels that are not near-white) of a screenshot."""
    import numpy as np
    from PIL import Image

    img = Image.open(path).convert("RGB")
    pixels = np.asarray(img.resize((max(1, img.width // 4), max(1, img.height // 4)))).reshape(-1, 3)
    colours = len(np.unique(pixels, axis=0))
    inked = float((pixels.min(axis=1) < 235).mean())
    return colours, inked


def test_play_on_the_board_of_faces_in_the_browser(tmp_path):
    sol = cached_board_solution()
    artifacts = Path(os.environ.get("GUESSWHO_ARTIFACTS", ROOT / "test-artifacts"))
    artifacts.mkdir(parents=True, exist_ok=True)
    try:
        browser_cm = chromium()
        browser = browser_cm.__enter__()
    except RuntimeError as e:
        pytest.skip(f"BROWSER TEST SKIPPED (the board of faces was NOT tested in a browser): {e}")
    try:
        with serve_class(tmp_path / "server.log") as server:
            page = browser.new_page(viewport={"width": 1280, "height": 1600})
            page.set_default_timeout(TIMEOUT_MS)
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            with evidence_on_failure(page, artifacts / "browser-board-faces-failure.png", server.log_text):
                page.goto(server.url + "?board=faces&rules=official&seed=4", timeout=TIMEOUT_MS)
                page.wait_for_selector(".gw-face svg", state="visible", timeout=TIMEOUT_MS)
                page.wait_for_function(SETTLED_JS, arg=0, timeout=TIMEOUT_MS)
                status = page.inner_text(".gw-status-box")
                assert "Suspects left: you 24, the computer 24" in status, status
                p = sol.start
                assert f"Your win probability now (both sides playing optimally): {p.numerator}/{p.denominator}" \
                    in status, status
                # the portraits: one per character, drawn from its traits, and your person beside the computer's board
                assert page.locator(".gw-face").count() == page.locator(".gw-face > svg").count() == sol.board.n
                assert page.locator(".gw-face-out").count() == 0
                assert page.locator(".gw-players svg").count() >= 2
                assert page.locator(".gw-face > svg").first.bounding_box()["width"] > 50
                labels = question_options(page)
                assert set(labels) - {"choose a trait"} == set(sol.board.traits), labels

                moves = 0
                for _ in range(30):
                    if page.query_selector(".gw-result"):
                        break
                    up = page.locator(".gw-face:not(.gw-face-out)").count()
                    if up == 1:
                        page.click("button.gw-suspect:not([disabled])")
                        page.click("button.gw-guess")
                    else:
                        labels = question_options(page)
                        options = [t for t in labels if t != "choose a trait"]
                        trait = "bald" if moves == 0 else options[len(options) // 2]
                        page.select_option(".gw-question select", label=labels[trait])
                        page.wait_for_function("(q) => document.querySelector('.gw-message').innerText.includes(q)",
                                               arg=sol.question(trait).text, timeout=TIMEOUT_MS)
                        page.click("button.gw-ask")
                    moves += 1
                    page.wait_for_function(SETTLED_JS, arg=moves, timeout=TIMEOUT_MS)
                    message = page.inner_text(".gw-message")
                    assert "must" not in message and "choose a trait to ask" not in message, message
                    if moves == 1:
                        history = page.inner_text(".gw-history-box")
                        cost = sol.start - sol.value(sol.everyone, sol.everyone, "bald")
                        assert "Is your person bald?" in history, history
                        assert f"costs you {cost.numerator}/{cost.denominator}" in history, history
                        page.screenshot(path=str(artifacts / "browser-board-faces-first-move.png"), full_page=True)
                    # every face you ruled out is flipped down, the others are up
                    left = int(re.search(r"Suspects left:\s*you (\d+)", page.inner_text(".gw-status-box"))[1])
                    assert (page.locator(".gw-face:not(.gw-face-out)").count() == left
                            or page.query_selector(".gw-result"))
                result = page.inner_text(".gw-result")
                assert re.search(r"You win!|The computer wins\.", result), result
                history = page.inner_text(".gw-history-box")
                assert "computer" in history and re.search(r"\d+/\d+", history)
                assert page.locator("button.gw-ask").is_disabled()
                shot = artifacts / "browser-board-faces-game-over.png"
                page.screenshot(path=str(shot), full_page=True)
                colours, inked = not_blank(shot)
                assert colours > 50 and inked > 0.05, (colours, inked)      # the faces are on it, not a blank page
                assert not errors, f"JavaScript errors on the page: {errors}"
    finally:
        browser_cm.__exit__(None, None, None)
