"""A lost game is shown to the player, in Chromium, with one button to start a new game.

The server is started exactly as the README says (one warm kernel, to start fast).  A game is lost twice:

* its kernel is killed mid-game (as when it runs out of memory): the server restarts it, empty, and the page
  must say that the game has stopped instead of showing the old game with buttons that do nothing;
* the server stops: the page must say that the connection is lost; the button, pressed while the server is
  down, says it is not answering yet; pressed again once the server is back (same address), it gives a new
  game that plays.
"""

from __future__ import annotations

import os
import signal

import pytest

from voila_server import browser_or_skip, free_port, serve_voila

pytestmark = pytest.mark.browser

TIMEOUT_MS = 120_000
FAULT_MS = 30_000            # the restarter notices a dead kernel within a few seconds


@pytest.fixture()
def browser():
    pytest.importorskip("voila", reason="SERVING TEST SKIPPED: the voila package is not installed")
    yield from browser_or_skip("the lost-game messages")


def _kernel_id(page) -> str:
    return page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


def _play_a_move(page):
    rows = page.locator(".gw-history tr").count()
    page.click("button.gw-suspect-1")
    page.click("button.gw-ask")
    page.wait_for_function(f"document.querySelectorAll('.gw-history tr').length > {rows}")


def _fault(page) -> str:
    page.wait_for_selector("#gw-fault", state="visible", timeout=FAULT_MS)
    assert page.locator("#gw-fault button").count() == 1          # one way on: a new game
    return page.inner_text("#gw-fault .gw-fault-text")


def test_a_lost_game_says_so_and_one_button_starts_a_new_one(tmp_path, browser):
    port = free_port()
    log = tmp_path / "server.log"
    extra = ("--ClassroomKernelManager.warm_kernels=1",)
    page = browser.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    with serve_voila(log, extra, port=port) as server:
        server.wait_ready()
        url = server.url + "?rules=official&board=10&seed=4"
        page.goto(url)
        page.wait_for_selector(".gw-status-box", state="visible")
        _play_a_move(page)
        assert not page.locator("#gw-fault").is_visible()
        killed = _kernel_id(page)
        [pid] = [p for p in server.kernels() if killed in open(f"/proc/{p}/cmdline").read()]
        os.kill(pid, signal.SIGKILL)                               # the game's kernel dies mid-game
        text = _fault(page)
        assert "This game has stopped" in text and "lost" in text, text
        with page.expect_navigation():
            page.click("#gw-fault button")
        page.wait_for_selector(".gw-status-box", state="visible")
        assert _kernel_id(page) != killed and not page.locator("#gw-fault").is_visible()
        _play_a_move(page)                                         # the new game plays
    # The server has stopped (the block ended): the open page says the connection is lost.
    text = _fault(page)
    assert "connection to the game server is lost" in text, text
    page.click("#gw-fault button")                                 # the server is still down
    page.wait_for_function("document.querySelector('#gw-fault .gw-fault-text').innerText"
                           ".includes('not answering yet')", timeout=FAULT_MS)
    with serve_voila(log, extra, port=port) as server:                   # back, at the same address
        server.wait_ready()
        with page.expect_navigation():
            page.click("#gw-fault button")
        page.wait_for_selector(".gw-status-box", state="visible")
        assert not page.locator("#gw-fault").is_visible()
        _play_a_move(page)
        page.close(run_before_unload=True)
    assert not errors, f"JavaScript errors on the page: {errors}"
