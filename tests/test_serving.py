"""Serving the game to a class: the server started exactly as the README says does not keep the
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
from concurrent.futures import ThreadPoolExecutor
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


class Timeline:
    """Kernel counts over the test (seconds since the server answered), for the report."""

    def __init__(self, server):
        self.server, self.t0, self.rows = server, time.monotonic(), []

    def now(self) -> float:
        return time.monotonic() - self.t0

    def note(self, what: str) -> int:
        n = len(self.server.kernels())
        self.rows.append(f"{self.now():6.1f} s  {n} kernel(s)  {what}")
        return n

    def wait(self, at_most: int, timeout: float, what: str) -> float:
        n, waited = self.server.wait_for_kernels(at_most, timeout)
        self.note(f"{what} (after {waited:.1f} s)")
        assert n <= at_most, (f"{n} kernels {timeout} s after: {what}\n" + "\n".join(self.rows)
                              + "\n" + self.server.log_text()[-3000:])
        return waited


def _culled(server) -> int:
    return server.log_text().count("Culling '")


def _shut_down_not_culled(log: str, since: int) -> list[str]:
    """Kernels first shut down after log offset ``since``, each checked to have been shut down on request
    (no culling line for it before its shutdown line; the culler may look at a kernel again afterwards)."""
    first_shutdown, culled_before = {}, set()
    for pos, line in ((m.start(), m.group(0)) for m in re.finditer(r".*(?:Kernel shutdown|Culling ').*", log)):
        kid = re.search(r"[0-9a-f]{8}-[0-9a-f-]{27}", line)
        if kid is None:
            continue
        kid = kid.group(0)
        if "Culling" in line and kid not in first_shutdown:
            culled_before.add(kid)
        elif "Kernel shutdown" in line and kid not in first_shutdown:
            first_shutdown[kid] = pos
    ids = [k for k, pos in first_shutdown.items() if pos >= since]
    culled = [k for k in ids if k in culled_before]
    assert not culled, f"kernels of closed pages were culled, not shut down on request: {culled}\n{log[since:]}"
    return ids


def test_a_class_comes_and_goes_and_the_kernels_go_with_it(tmp_path, browser):
    """One server, started by the README's command (culling times shortened on the command line):

    plain GETs that never connect are culled; closed, reloaded and left pages shut their kernels down at once
    (before culling could, and without a culling line in the log); a page that vanished without its goodbye is
    culled; an open page that stays idle keeps its kernel and still answers; the page asks nothing of other
    sites and does not echo a 60,000-character setting.  Writes the memory per player and the kernel count
    timeline to test-artifacts/serving-memory.txt."""
    _needs_voila()
    artifacts = Path(os.environ.get("GUESSWHO_ARTIFACTS", ROOT / "test-artifacts"))
    artifacts.mkdir(parents=True, exist_ok=True)
    extra = (f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE}",
             f"--MappingKernelManager.cull_interval={CULL_INTERVAL}")
    cull_limit = CULL_IDLE + CULL_INTERVAL + 15          # the shortened "within": idle time, one look, slack
    quick = 10                                           # a shutdown on request (the log tells it from a cull)
    huge = "x" * 60_000
    with serve(tmp_path / "server.log", extra) as server:
        tl = Timeline(server)
        try:
            url = server.url + "?rules=official&board=8&seed=2"
            rss_idle_server = rss_mib(server.proc.pid)
            tl.note("server up")

            # Players who never run the page's scripts (plain HTTP GETs, one with a huge setting), all at once.
            with ThreadPoolExecutor(3) as pool:
                pages_html = list(pool.map(_get, (url, url, server.url + "?rules=" + huge)))
            for html in pages_html:
                assert huge[:1000] not in html and len(html) < 2_000_000
                for link in re.findall(r'(?:href|src)="([^"]+)"', html):
                    assert not re.match(r"(?i)(https?:)?//", link) or local_only(link, server.url), link
            tl.note("3 plain GETs done")

            # Two players in the browser.
            context = browser.new_context()
            outside: list[str] = []
            pages = []
            for _ in range(2):
                page = context.new_page()
                page.set_default_timeout(TIMEOUT_MS)
                outside += watch_requests(page, server.url)
                _open_game(page, url)
                pages.append(page)
            tl.note("2 pages open")
            for page in pages:                                   # a few moves each
                for k in (1, 2, 3):
                    page.click(f"button.gw-suspect-{k}")
                page.click("button.gw-ask")
            for page in pages:
                page.wait_for_function("document.querySelectorAll('.gw-history tr').length >= 3")
            rss_kernels = sorted(rss_mib(p) for p in server.kernels())[-2:]
            rss_server = rss_mib(server.proc.pid)
            tl.note("a move played on each page")
            tl.wait(2, cull_limit, "the 3 never-connected kernels culled")
            assert _culled(server) >= 3, server.log_text()[-3000:]

            # A third page with a huge setting: refused in a short message.  It vanishes without its goodbye
            # (no beforeunload: the connection just drops), so its kernel is culled.
            page = context.new_page()
            outside += watch_requests(page, server.url)
            _open_game(page, server.url + "?rules=" + huge)
            message = page.inner_text(".gw-message")
            assert "rules is too long (60000 characters" in message and len(message) < 400, message
            assert huge[:1000] not in page.content()
            tl.note("a 3rd page open (huge setting)")
            page.close()
            tl.wait(2, cull_limit, "the 3rd page vanished (culled)")
            since = len(server.log_text())

            pages[0].reload()                                    # a reload: the old kernel goes, a new one comes
            pages[0].wait_for_selector(".gw-status-box", state="visible")
            stays_since = time.monotonic()
            tl.wait(2, quick, "page 1 reloaded")
            pages[1].goto("about:blank")                         # leaving for another page
            tl.wait(1, quick, "page 2 left")
            log = server.log_text()
            assert "403" not in log and "_xsrf" not in log, log[-3000:]
            assert len(_shut_down_not_culled(log, since)) == 2, log[since:]   # the reloaded and the left page

            # The page that stayed open is idle but connected: it keeps its kernel, and its game still answers.
            time.sleep(max(0.0, CULL_IDLE + 2 * CULL_INTERVAL - (time.monotonic() - stays_since)))
            assert tl.note("page 1 idle, still open") == 1
            pages[0].click("button.gw-suspect-1")
            pages[0].wait_for_function(
                "document.querySelector('.gw-message').innerText.includes('Group A: 1 selected')")
            since = len(server.log_text())
            pages[0].close(run_before_unload=True)               # closing the tab
            tl.wait(0, quick, "the last page closed")
            assert len(_shut_down_not_culled(server.log_text(), since)) == 1
        finally:
            print("kernel count timeline:\n" + "\n".join(tl.rows))
        assert not outside, f"the page made requests to other sites: {sorted(set(outside))}"
        report = ("Memory per player, resident set size in MiB (2 pages open, one move played on each)\n"
                  f"kernels: {', '.join(f'{r:.1f}' for r in rss_kernels)}\n"
                  f"server: {rss_idle_server:.1f} before the first page, {rss_server:.1f} with 2 pages open "
                  f"({(rss_server - rss_idle_server) / 2:.1f} per page)\n"
                  f"culling shortened to: idle {CULL_IDLE} s, interval {CULL_INTERVAL} s\n"
                  "kernel count timeline:\n" + "\n".join(tl.rows) + "\n")
        (artifacts / "serving-memory.txt").write_text(report)
        print(report)
