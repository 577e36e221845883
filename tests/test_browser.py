"""The play app in a real browser: Voila serves notebooks/app-play.ipynb on 127.0.0.1, Debian's Chromium
(driven by Playwright) plays a whole game by clicking, and the page must show the result.

The screenshot of the finished game is saved in ``test-artifacts/`` (not committed; set
GUESSWHO_ARTIFACTS to choose another folder).  When Chromium or Playwright is missing, or the browser
cannot start on this machine, the test is skipped with a loud reason (see ``pytest -ra``), never silently.
Voila and its kernel are always shut down at the end.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from guesswho_lib.game.solver import solve

sys.path.insert(0, str(Path(__file__).resolve().parent))
from voila_server import browser_or_skip, evidence_on_failure, serve_voila

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "notebooks" / "app-play.ipynb"
TIMEOUT_MS = 90_000   # the first page load starts a kernel and solves the game: be generous


class _Log:
    """The server's log, read back when the test fails."""

    def __init__(self, server):
        self.server = server

    def seek(self, _):
        pass

    def read(self) -> str:
        return self.server.log_text()


@pytest.fixture()
def voila_url(tmp_path):
    """The game page served with the README's command (tests/voila_server.py), on 127.0.0.1 and a free port."""
    if not APP.exists():
        pytest.fail(f"{APP} is missing")
    pytest.importorskip("voila", reason="BROWSER TEST SKIPPED: the voila package is not installed")
    with serve_voila(tmp_path / "voila.log") as server:
        yield server.url, _Log(server)


@pytest.fixture()
def browser():
    yield from browser_or_skip("the app")


# The page has settled: the game is over, or it shows at least k of your moves and the board (enabled
# suspect buttons) agrees with the status line.
_SETTLED_JS = """(k) => {
  if (document.querySelector('.gw-result')) return true;
  const status = document.querySelector('.gw-status-box');
  if (!status) return false;
  const m = status.innerText.match(/Suspects left:\\s*you (\\d+)/);
  const moves = Array.from(document.querySelectorAll('.gw-history tr'))
      .filter(r => r.cells.length > 1 && r.cells[1].innerText.trim() === 'you').length;
  const enabled = document.querySelectorAll('button.gw-suspect:not([disabled])').length;
  return m !== null && moves >= k && Number(m[1]) === enabled;
}"""


def test_play_a_game_in_the_browser(browser, voila_url):   # the browser first: no server if it cannot start
    url, log = voila_url
    artifacts = Path(os.environ.get("GUESSWHO_ARTIFACTS", ROOT / "test-artifacts"))
    artifacts.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1280, "height": 1400})
    page.set_default_timeout(TIMEOUT_MS)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    with evidence_on_failure(page, artifacts / "browser-play-failure.png", lambda: log.seek(0) or log.read()):
        # A fixed game: official rules on a numbered board of 16, the computer playing optimally.
        page.goto(url + "?rules=official&board=16&seed=8", timeout=TIMEOUT_MS)
        page.wait_for_selector("button.gw-suspect", state="visible", timeout=TIMEOUT_MS)
        page.wait_for_function(_SETTLED_JS, arg=0, timeout=TIMEOUT_MS)
        status = page.inner_text(".gw-status-box")
        assert "Suspects left: you 16, the computer 16" in status, status
        p = solve(16, "official").P(16, 16)
        assert f"Your win probability now (both sides playing optimally): {p.numerator}/{p.denominator}" in status

        moves_seen = 0
        for _ in range(30):
            if page.query_selector(".gw-result"):
                break
            enabled = page.query_selector_all("button.gw-suspect:not([disabled])")
            assert enabled, "no suspect left to click but no result shown"
            if len(enabled) == 1:
                enabled[0].click()
                page.click("button.gw-guess")
            else:
                for b in enabled[: len(enabled) // 2]:   # halving: ask about the first half
                    b.click()
                page.click("button.gw-ask")
            moves_seen += 1
            page.wait_for_function(_SETTLED_JS, arg=moves_seen, timeout=TIMEOUT_MS)
            message = page.inner_text(".gw-message")
            assert "must" not in message and "select exactly" not in message, message  # no error shown
        result = page.inner_text(".gw-result")
        assert re.search(r"You win!|The computer wins\.", result), result
        history = page.inner_text(".gw-history-box")
        assert "grade" in history and ("optimal" in history or "costs you" in history), history
        assert re.search(r"\d+/\d+", history)                 # exact fractions are on the page
        assert page.locator("button.gw-ask").is_disabled()    # no more moves once the game is over
        page.screenshot(path=str(artifacts / "browser-play-game-over.png"), full_page=True)
        assert not errors, f"JavaScript errors on the page: {errors}"


def test_install_browser_script_is_executable():
    script = ROOT / ".ci" / "install-browser"
    assert script.exists() and os.access(script, os.X_OK)
    assert shutil.which("bash")
    out = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
