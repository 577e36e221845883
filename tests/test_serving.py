"""Serving the game to a class (issue 12): the server started exactly as the README says does not keep the
kernels of pages that are gone, makes no request to other sites, and does not echo a huge address back.

* Closed or reloaded pages shut their kernels down at once (the page's shutdown request is accepted).
* Kernels nobody is connected to (plain HTTP GETs that never ran the page's scripts, a page that vanished
  without its goodbye) are culled; a page that stays open keeps its kernel.  The README's settings cull within
  80 seconds; this test shortens the times on the command line (--MappingKernelManager.cull_idle_timeout=6
  --MappingKernelManager.cull_interval=2) and checks the settings file's own values separately.
* The memory per player (a kernel's resident memory, and the server's growth per open page) is written to
  test-artifacts/serving-memory.txt.
"""

from __future__ import annotations

import os
import re
import time
import urllib.request
from pathlib import Path

import pytest

from voila_server import ROOT, chromium, local_only, rss_mib, serve, serve_command, watch_requests

pytestmark = pytest.mark.browser

TIMEOUT_MS = 120_000
CULL_IDLE, CULL_INTERVAL = 6, 2          # shortened on the command line for the test
SETTINGS = ROOT / "serving" / "voila.py"


def _needs_voila():
    pytest.importorskip("voila", reason="SERVING TEST SKIPPED: the voila package is not installed")
    if not Path("/proc").is_dir():
        pytest.skip("SERVING TEST SKIPPED: kernels are counted in /proc (Linux only)")


@pytest.fixture()
def browser():
    try:
        with chromium() as b:
            yield b
    except RuntimeError as e:
        pytest.skip(f"BROWSER TEST SKIPPED (the served page was NOT tested in a browser): {e}")


def _settings() -> dict:
    """The constants of serving/voila.py and the values it gives to the server's settings."""
    from traitlets.config.loader import PyFileConfigLoader

    saved = os.environ.get("JUPYTER_PATH")
    try:
        c = PyFileConfigLoader(SETTINGS.name, path=str(SETTINGS.parent)).load_config()
    finally:
        if saved is None:
            os.environ.pop("JUPYTER_PATH", None)
        else:
            os.environ["JUPYTER_PATH"] = saved
    return c


def _open_game(page, url):
    page.goto(url, timeout=TIMEOUT_MS)
    page.wait_for_selector(".gw-status-box", state="visible", timeout=TIMEOUT_MS)


def _get(url) -> str:
    with urllib.request.urlopen(url, timeout=120) as r:
        return r.read().decode("utf-8", errors="replace")


def test_the_readme_serves_the_app_with_the_settings_file():
    cmd = serve_command()
    assert "notebooks/app-play.ipynb" in cmd and "--Voila.config_file_paths=serving" in cmd, cmd
    assert SETTINGS.exists()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "## Serving the game to a class" in readme


def test_the_settings_cull_within_two_minutes():
    c = _settings()
    kernels = c["MappingKernelManager"]
    assert kernels["cull_connected"] is False            # an open page keeps its kernel
    assert kernels["cull_busy"] is True                  # a kernel left busy is culled too
    never_connected = kernels["cull_idle_timeout"] + kernels["cull_interval"]
    pings = c["Voila"]["tornado_settings"]
    vanished = (pings["ws_ping_interval"] + pings["ws_ping_timeout"]) / 1000 + never_connected
    assert 0 < never_connected <= 120 and vanished <= 180
    assert c["Voila"]["ip"] == "127.0.0.1"
    assert callable(c["VoilaConfiguration"]["prelaunch_hook"])


def test_closed_pages_shut_their_kernels_down_and_nothing_leaves_the_machine(tmp_path, browser):
    """The README's settings as they are: kernels of closed pages must go at once (long before culling)."""
    _needs_voila()
    artifacts = Path(os.environ.get("GUESSWHO_ARTIFACTS", ROOT / "test-artifacts"))
    artifacts.mkdir(parents=True, exist_ok=True)
    with serve(tmp_path / "server.log") as server:
        url = server.url + "?rules=official&board=8&seed=2"
        rss_idle_server = rss_mib(server.proc.pid)
        context = browser.new_context()
        outside: list[str] = []
        pages = []
        for _ in range(3):                                    # three players at once
            page = context.new_page()
            page.set_default_timeout(TIMEOUT_MS)
            outside += watch_requests(page, server.url)
            _open_game(page, url)
            pages.append(page)
        open_kernels = server.kernels()
        assert len(open_kernels) == 3, server.log_text()[-3000:]
        for page in pages:                                    # a few moves each
            for k in (1, 2, 3):
                page.click(f"button.gw-suspect-{k}")
            page.click("button.gw-ask")
        for page in pages:
            page.wait_for_function("document.querySelectorAll('.gw-history tr').length >= 3")
        rss_kernels = [rss_mib(p) for p in open_kernels]
        rss_server = rss_mib(server.proc.pid)

        huge = "x" * 60_000                                   # a 60,000-character setting is not echoed
        page = context.new_page()
        outside += watch_requests(page, server.url)
        _open_game(page, server.url + "?rules=" + huge)
        message = page.inner_text(".gw-message")
        assert "rules is too long (60000 characters" in message and len(message) < 400, message
        assert huge[:1000] not in page.content()
        page.close(run_before_unload=True)
        n, _ = server.wait_for_kernels(3, 30)
        assert n == 3, f"{n} kernels after a fourth page came and went"

        pages[0].reload()                                     # a reload: the old kernel goes, a new one comes
        pages[0].wait_for_selector(".gw-status-box", state="visible")
        n, _ = server.wait_for_kernels(3, 30)
        assert n == 3, f"{n} kernels after a reload with 3 pages open"
        pages[1].goto("about:blank")                          # leaving for another page
        pages[2].close(run_before_unload=True)                # closing the tab
        n, waited = server.wait_for_kernels(1, 30)
        assert n <= 1, f"{n} kernels 30 s after two of three pages were left:\n{server.log_text()[-3000:]}"
        pages[0].close(run_before_unload=True)
        n, waited = server.wait_for_kernels(0, 30)
        assert n == 0, f"{n} kernels 30 s after the last page was closed:\n{server.log_text()[-3000:]}"
        log = server.log_text()
        assert "403" not in log and "_xsrf" not in log, log[-3000:]
        assert "Kernel shutdown" in log or "shutdown" in log.lower()
        assert not outside, f"the page made requests to other sites: {sorted(set(outside))}"
        report = ("Memory per player, resident set size in MiB (3 pages open, one move played on each)\n"
                  f"kernels: {', '.join(f'{r:.1f}' for r in rss_kernels)}\n"
                  f"server: {rss_idle_server:.1f} before the first page, {rss_server:.1f} with 3 pages open "
                  f"({(rss_server - rss_idle_server) / 3:.1f} per page)\n"
                  f"last kernel gone {waited:.1f} s after its page was closed\n")
        (artifacts / "serving-memory.txt").write_text(report)
        print(report)


def test_kernels_nobody_is_connected_to_are_culled(tmp_path, browser):
    """Plain GETs (never connected) and a page that vanished without its goodbye are culled; an open page stays."""
    _needs_voila()
    extra = (f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE}",
             f"--MappingKernelManager.cull_interval={CULL_INTERVAL}")
    with serve(tmp_path / "server.log", extra) as server:
        url = server.url + "?board=8&seed=1"
        context = browser.new_context()
        stays = context.new_page()
        stays.set_default_timeout(TIMEOUT_MS)
        outside = watch_requests(stays, server.url)
        _open_game(stays, url)
        vanishes = context.new_page()
        vanishes.set_default_timeout(TIMEOUT_MS)
        _open_game(vanishes, url)
        huge = "x" * 60_000
        for address in (url, url, server.url + "?rules=" + huge):   # players who never run the page's scripts
            html = _get(address)
            assert huge[:1000] not in html
            for link in re.findall(r'(?:href|src)="([^"]+)"', html):
                assert not re.match(r"(?i)(https?:)?//", link) or local_only(link, server.url), link
        assert len(server.kernels()) == 5, server.log_text()[-3000:]
        vanishes.close()                                     # no beforeunload: the connection just drops
        limit = CULL_IDLE + CULL_INTERVAL + 20
        n, waited = server.wait_for_kernels(1, limit)
        assert n <= 1, f"{n} kernels {limit} s after the players left:\n{server.log_text()[-3000:]}"
        time.sleep(CULL_IDLE + 2 * CULL_INTERVAL)             # the open page is idle but connected: it stays
        assert len(server.kernels()) == 1
        stays.click("button.gw-suspect-1")                    # ... and its game still answers
        stays.wait_for_function("document.querySelector('.gw-message').innerText.includes('Group A: 1 selected')")
        assert not outside, f"the page made requests to other sites: {sorted(set(outside))}"
        print(f"kernels culled within {waited:.1f} s (idle timeout {CULL_IDLE} s, interval {CULL_INTERVAL} s)")
