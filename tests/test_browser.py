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
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from guesswho_lib.game.solver import solve

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "notebooks" / "app-play.ipynb"
CHROMIUM = os.environ.get("GUESSWHO_CHROMIUM", "/usr/bin/chromium")   # Debian's chromium by default
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT_MS = 90_000   # the first page load starts a kernel and solves the game: be generous


def _skip_loudly(reason: str):
    pytest.skip(f"BROWSER TEST SKIPPED (the app was NOT tested in a browser): {reason}")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _descendants(pid: int) -> list[int]:
    """Process ids of all descendants of ``pid`` (Linux /proc), e.g. the kernels Voila started."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
        except (OSError, IndexError, ValueError):
            continue
    out, todo = [], [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            out.append(c)
            todo.append(c)
    return out


def _stop(proc: subprocess.Popen):
    """Stop Voila and the kernels it started.  Kernels run in sessions of their own, so they are
    found by parentage before Voila stops, and any that outlive it are killed by their ids."""
    kernels = _descendants(proc.pid) if Path("/proc").is_dir() else []
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)      # Voila shuts its kernels down on SIGINT/SIGTERM
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.terminate()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
    for pid in kernels:                      # anything Voila started and left behind
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # and anything left in the process group we created for Voila
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait(timeout=5)


@pytest.fixture()
def voila_url(tmp_path):
    if not APP.exists():
        pytest.fail(f"{APP} is missing")
    pytest.importorskip("voila", reason="BROWSER TEST SKIPPED: the voila package is not installed")
    port = _free_port()
    log = open(tmp_path / "voila.log", "w+")
    # Prefer this environment's kernel spec, so that the kernel imports the same guesswho_lib.
    jupyter_path = [str(Path(sys.prefix) / "share" / "jupyter")] + [p for p in [os.environ.get("JUPYTER_PATH")] if p]
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "JUPYTER_PATH": os.pathsep.join(jupyter_path)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", str(APP), "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}",
         "--Voila.port_retries=0"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                log.seek(0)
                pytest.fail(f"voila exited with code {proc.returncode}:\n{log.read()[-3000:]}")
            try:  # the server is up once it accepts a connection (the page itself starts a kernel)
                with socket.create_connection(("127.0.0.1", port), timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    log.seek(0)
                    pytest.fail(f"voila did not answer on {url} within 60 s:\n{log.read()[-3000:]}")
                time.sleep(0.3)
        yield url, log
    finally:
        _stop(proc)
        log.close()


@pytest.fixture()
def browser():
    if not Path(CHROMIUM).exists():
        _skip_loudly(f"{CHROMIUM} not found; install it with .ci/install-browser (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as e:
        _skip_loudly(f"the playwright package is not installed ({e})")
    with sync_playwright() as pw:
        try:
            b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS, timeout=60_000)
        except Exception as e:  # noqa: BLE001 - any launch failure means: no usable browser here
            _skip_loudly(f"chromium could not start: {str(e).splitlines()[0] if str(e) else type(e).__name__}")
        try:
            yield b
        finally:
            b.close()


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
    try:
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
    except Exception:
        try:
            page.screenshot(path=str(artifacts / "browser-play-failure.png"), full_page=True)
        finally:
            log.seek(0)
            print("---- voila log ----\n" + log.read()[-5000:])
        raise
    finally:
        page.close()


def test_install_browser_script_is_executable():
    script = ROOT / ".ci" / "install-browser"
    assert script.exists() and os.access(script, os.X_OK)
    assert shutil.which("bash")
    out = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
