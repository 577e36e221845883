"""Serving the game page from notebooks (Voila, the README's notebook command, the path for schools that use
JupyterHub): the server started exactly as the README says keeps games ready before the
class arrives, does not keep the kernels of pages that are gone, caps the games it runs, makes no request to
other sites, does not echo a huge address back, and keeps the teacher's terminal quiet.

* Games are started in advance (a pool of warm kernels); a page takes one and the pool is filled again.
* Closed or reloaded pages shut their kernels down at once (the page's shutdown request is accepted).
* Kernels nobody is connected to (plain HTTP GETs that never ran the page's scripts, a page that vanished
  without its goodbye) are culled; a page that stays open keeps its kernel.  The README's settings cull
  within 80 seconds; the tests shorten the times on the command line and check the settings file's own
  values separately.  Kernels are followed by their ids (a page's id is in its HTML).
* One page more than ``max_players`` gets the short "the game is full" page and starts nothing; a flood of
  requests leaves at most ``max_players`` kernels.
* Paths Voila mishandles (``/voila/templates/<name>/static/..``, ``/logout``) answer without a traceback.
* The memory per player (a kernel's resident memory, and the server's growth per open page) is written to
  test-artifacts/serving-memory.txt.

The class-sized load run is ``benchmarks/bench_class.py`` (not a test).
"""

from __future__ import annotations

import os
import re
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from voila_server import ROOT, browser_or_skip, local_only, rss_mib, serve_voila, voila_command, watch_requests

pytestmark = pytest.mark.browser

TIMEOUT_MS = 120_000
CULL_IDLE, CULL_INTERVAL = 6, 2          # shortened on the command line for the tests
SHORT_CULLING = (f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE}",
                 f"--MappingKernelManager.cull_interval={CULL_INTERVAL}")
CULL_LIMIT = CULL_IDLE + CULL_INTERVAL + 15     # the shortened "within": idle time, one look, slack
SETTINGS = ROOT / "serving" / "voila.py"
KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')


def _needs_voila():
    pytest.importorskip("voila", reason="SERVING TEST SKIPPED: the voila package is not installed")
    if not Path("/proc").is_dir():
        pytest.skip("SERVING TEST SKIPPED: kernels are counted in /proc (Linux only)")


@pytest.fixture()
def browser():
    yield from browser_or_skip("the served page")


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


def _open_game(page, url) -> str:
    """Open the game; returns the page's kernel id."""
    page.goto(url, timeout=TIMEOUT_MS)
    page.wait_for_selector(".gw-status-box", state="visible", timeout=TIMEOUT_MS)
    return _kernel_of(page.content())


def _kernel_of(html: str) -> str:
    m = KERNEL_ID.search(html)
    assert m, f"no kernel id in the page: {html[:300]!r}"
    return m.group(1)


def _get(url) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=120) as r:
            return r.status, r.read().decode("utf-8", errors="replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", errors="replace")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def _redirect(url) -> tuple[int, str]:
    """(status, Location) of a request whose redirect is not followed."""
    try:
        with urllib.request.build_opener(_NoRedirect).open(url, timeout=60) as r:
            return r.status, r.headers.get("Location", "")
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Location", "")


def _quiet(log: str, allowed=()) -> list[str]:
    """Lines of the server's log that a teacher should not see: warnings, errors, tracebacks."""
    bad = [ln for ln in log.splitlines()
           if re.search(r"WARNING|ERROR|CRITICAL|Traceback|^\[W |^\[E |^\d{3} (GET|POST)", ln)
           and not any(a in ln for a in allowed)]
    return bad


def test_the_readme_serves_the_notebook_app_with_the_settings_file():
    cmd = voila_command()
    assert "notebooks/app-play.ipynb" in cmd and "--Voila.config_file_paths=serving" in cmd, cmd
    assert SETTINGS.exists()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "## Serving the game to a class" in readme
    # The notebook path is given once (the class command is the README's one command for a class).
    commands = re.findall(r"^python -m voila .*$", readme, re.M)
    assert commands == [cmd], commands


def test_the_settings_are_ready_for_a_class_and_bounded():
    c = _settings()
    kernels = c["MappingKernelManager"]
    assert kernels["cull_connected"] is False            # an open page keeps its kernel
    assert kernels["cull_busy"] is True                  # a kernel left busy is culled too
    never_connected = kernels["cull_idle_timeout"] + kernels["cull_interval"]
    pings = c["Voila"]["tornado_settings"]
    # jupyter_server disconnects a page whose last pong is older than the timeout when it pings: a timeout
    # no longer than the interval would disconnect every healthy page at every ping.
    assert pings["ws_ping_timeout"] >= 1.5 * pings["ws_ping_interval"]
    vanished = (pings["ws_ping_interval"] + pings["ws_ping_timeout"]) / 1000 + never_connected
    assert 0 < never_connected <= 120 and vanished <= 180
    assert c["Voila"]["ip"] == "127.0.0.1"
    assert callable(c["VoilaConfiguration"]["prelaunch_hook"])
    assert c["VoilaConfiguration"]["multi_kernel_manager_class"].__name__ == "ClassroomKernelManager"
    pool = c["ClassroomKernelManager"]
    assert pool["warm_kernels"] >= 30                    # a class of 30 arrives at once
    assert pool["max_players"] >= pool["warm_kernels"]   # and every one of them gets a game
    assert "matplotlib" not in pool["warm_code"]
    assert c["KernelManager"]["transport"] == "ipc"      # no TCP ports, no warning about them
    assert c["VoilaExecutor"]["iopub_timeout"] >= 30     # a busy machine draws the page late, not never


class Timeline:
    """Kernel ids over the test (seconds since the server answered), for the report."""

    def __init__(self, server):
        self.server, self.t0, self.rows = server, time.monotonic(), []

    def note(self, what: str, players=()) -> set:
        alive = self.server.kernel_ids()
        self.rows.append(f"{time.monotonic() - self.t0:6.1f} s  {len(alive)} kernel(s), "
                         f"{len(alive & set(players))} of the players' {len(set(players))}  {what}")
        return alive

    def wait_gone(self, ids, timeout: float, what: str) -> float:
        """Wait until none of the kernels ``ids`` is alive; returns the seconds waited."""
        t0 = time.monotonic()
        while set(ids) & self.server.kernel_ids():
            if time.monotonic() - t0 > timeout:
                self.note(f"{what}: NOT within {timeout} s", ids)
                raise AssertionError(f"{what}: kernels still alive after {timeout} s\n" + "\n".join(self.rows)
                                     + "\n" + self.server.log_text()[-3000:])
            time.sleep(0.3)
        self.note(f"{what} (after {time.monotonic() - t0:.1f} s)", ids)
        return time.monotonic() - t0


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
    """One server, started by the README's command (culling times shortened, a pool of 2 warm kernels):

    pages take warm kernels and the pool fills again; plain GETs that never connect are culled; closed,
    reloaded and left pages shut their kernels down at once (before culling could, and without a culling
    line in the log); a page that vanished without its goodbye is culled; an open page that stays idle keeps
    its kernel and still answers; the page asks nothing of other sites and does not echo a 60,000-character
    setting; the log has no warning.  Writes the memory per player and the kernel timeline to
    test-artifacts/serving-memory.txt."""
    _needs_voila()
    artifacts = Path(os.environ.get("GUESSWHO_ARTIFACTS", ROOT / "test-artifacts"))
    artifacts.mkdir(parents=True, exist_ok=True)
    warm = 2
    extra = SHORT_CULLING + (f"--ClassroomKernelManager.warm_kernels={warm}",
                             "--ClassroomKernelManager.refill_pause=1")
    quick = 10                                           # a shutdown on request (the log tells it from a cull)
    huge = "x" * 60_000
    with serve_voila(tmp_path / "server.log", extra) as server:
        tl = Timeline(server)
        try:
            server.wait_ready()
            url = server.url + "?rules=official&board=8&seed=2"
            rss_idle_server = rss_mib(server.proc.pid)
            pool = tl.note("ready for a class")
            assert len(pool) == warm, pool

            # Players who never run the page's scripts (plain HTTP GETs, one with a huge setting), all at once.
            with ThreadPoolExecutor(3) as ex:
                answers = list(ex.map(_get, (url, url, server.url + "?rules=" + huge)))
            never_connected = set()
            for status, html in answers:
                assert status == 200 and huge[:1000] not in html and len(html) < 2_000_000
                never_connected.add(_kernel_of(html))
                for link in re.findall(r'(?:href|src)="([^"]+)"', html):
                    assert not re.match(r"(?i)(https?:)?//", link) or local_only(link, server.url), link
            assert len(never_connected) == 3
            assert len(never_connected & pool) == 2      # the two warm kernels were given out first
            tl.note("3 plain GETs done", never_connected)

            # Two players in the browser.
            context = browser.new_context()
            outside: list[str] = []
            pages, players = [], []
            for _ in range(2):
                page = context.new_page()
                page.set_default_timeout(TIMEOUT_MS)
                outside += watch_requests(page, server.url)
                players.append(_open_game(page, url))
                pages.append(page)
            tl.note("2 pages open", players)
            for page in pages:                                   # a few moves each
                for k in (1, 2, 3):
                    page.click(f"button.gw-suspect-{k}")
                page.click("button.gw-ask")
            for page in pages:
                page.wait_for_function("document.querySelectorAll('.gw-history tr').length >= 3")
            rss_kernels = sorted(rss_mib(p) for p in server.kernels())[-2:]
            rss_server = rss_mib(server.proc.pid)
            tl.note("a move played on each page", players)
            tl.wait_gone(never_connected, CULL_LIMIT, "the 3 never-connected kernels culled")
            assert _culled(server) >= 3, server.log_text()[-3000:]

            # A third page with a huge setting: refused in a short message.  It vanishes without its goodbye
            # (no beforeunload: the connection just drops), so its kernel is culled.
            page = context.new_page()
            outside += watch_requests(page, server.url)
            vanishing = _open_game(page, server.url + "?rules=" + huge)
            message = page.inner_text(".gw-message")
            assert "rules is too long (60000 characters" in message and len(message) < 400, message
            assert huge[:1000] not in page.content()
            tl.note("a 3rd page open (huge setting)", [vanishing])
            page.close()
            tl.wait_gone([vanishing], CULL_LIMIT, "the 3rd page vanished (culled)")
            since = len(server.log_text())

            pages[0].reload()                                    # a reload: the old kernel goes, a new one comes
            pages[0].wait_for_selector(".gw-status-box", state="visible")
            stays, stays_since = _kernel_of(pages[0].content()), time.monotonic()
            assert stays != players[0]
            tl.wait_gone([players[0]], quick, "page 1 reloaded")
            pages[1].goto("about:blank")                         # leaving for another page
            tl.wait_gone([players[1]], quick, "page 2 left")
            log = server.log_text()
            assert not re.search(r"\b403 (GET|POST|DELETE)", log) and "_xsrf" not in log, log[-3000:]
            assert set(_shut_down_not_culled(log, since)) >= {players[0], players[1]}, log[since:]

            # The page that stayed open is idle but connected: it keeps its kernel, and its game still answers.
            time.sleep(max(0.0, CULL_IDLE + 2 * CULL_INTERVAL - (time.monotonic() - stays_since)))
            assert stays in tl.note("page 1 idle, still open", [stays])
            pages[0].click("button.gw-suspect-1")
            pages[0].wait_for_function(
                "document.querySelector('.gw-message').innerText.includes('Group A: 1 selected')")
            since = len(server.log_text())
            pages[0].close(run_before_unload=True)               # closing the tab
            tl.wait_gone([stays], quick, "the last page closed")
            assert stays in _shut_down_not_culled(server.log_text(), since)

            # The pool is full again: the warm kernels, and nothing else.
            deadline = time.monotonic() + 60
            while len(server.kernel_ids()) != warm and time.monotonic() < deadline:
                time.sleep(0.5)
            assert len(tl.note("the pool filled again")) == warm
        finally:
            print("kernel timeline:\n" + "\n".join(tl.rows))
        assert not outside, f"the page made requests to other sites: {sorted(set(outside))}"
        assert not _quiet(server.log_text()), _quiet(server.log_text())
        report = ("Memory per player, resident set size in MiB (2 pages open, one move played on each)\n"
                  f"kernels: {', '.join(f'{r:.1f}' for r in rss_kernels)}\n"
                  f"server: {rss_idle_server:.1f} before the first page, {rss_server:.1f} with 2 pages open "
                  f"({(rss_server - rss_idle_server) / 2:.1f} per page)\n"
                  f"culling shortened to: idle {CULL_IDLE} s, interval {CULL_INTERVAL} s; {warm} warm kernels\n"
                  "kernel timeline:\n" + "\n".join(tl.rows) + "\n")
        (artifacts / "serving-memory.txt").write_text(report)
        print(report)


def test_a_full_game_says_so_and_a_flood_is_bounded(tmp_path, browser):
    """A server capped at 3 games (one warm): 3 plain GETs take the 3 games; a flood of 30 more requests
    is answered at once with the short "game is full" page (HTTP 503) and starts no kernel; in Chromium the
    full page offers to try again, and once the abandoned games are culled, trying again gives a game.
    Paths Voila used to answer with a traceback (HTTP 500) answer 404 or go back to the game, and the log
    stays free of warnings and tracebacks."""
    _needs_voila()
    cap = 3
    extra = SHORT_CULLING + ("--ClassroomKernelManager.warm_kernels=1",
                             f"--ClassroomKernelManager.max_players={cap}")
    with serve_voila(tmp_path / "server.log", extra) as server:
        server.wait_ready()
        url = server.url + "?board=8"
        with ThreadPoolExecutor(cap) as ex:
            taken = list(ex.map(_get, [url] * cap))
        assert [s for s, _ in taken] == [200] * cap
        games = {_kernel_of(html) for _, html in taken}
        t0 = time.monotonic()
        with ThreadPoolExecutor(10) as ex:
            flood = list(ex.map(_get, [url] * 30))
        flood_s = time.monotonic() - t0
        assert [s for s, _ in flood] == [503] * 30, [s for s, _ in flood]
        assert all("The game is full" in html and len(html) < 5000 for _, html in flood)
        assert server.kernel_ids() <= games and len(server.kernels()) <= cap, "the flood started kernels"
        assert flood_s < 30, f"30 refusals took {flood_s:.1f} s"

        # Paths that are not files, and /logout: no traceback.
        for path, expected in [("voila/templates/guesswho/static/..", 404), ("voila/templates/guesswho/x", 404),
                               ("voila/templates/lab/static/%2e%2e/%2e%2e/x", 404),
                               ("voila/templates/nonexistent/static/a.js", 404)]:
            status, _ = _get(server.url + path)
            assert status == expected, (path, status)
        assert _get(server.url + "voila/templates/lab/static/voila.js")[0] == 200   # real files still served
        status, where = _redirect(server.url + "logout")                         # back to the game
        assert status == 302 and where == "/", (status, where)

        # The full page in the browser: it says so, and its button gives a game once one is free.
        page = browser.new_page()
        page.goto(url, timeout=TIMEOUT_MS)
        assert "The game is full" in page.inner_text("h1")
        assert page.locator("button.gw-try-again").is_visible()
        deadline = time.monotonic() + CULL_LIMIT + 20          # the 3 abandoned games are culled
        while games & server.kernel_ids() and time.monotonic() < deadline:
            time.sleep(0.5)
        assert not games & server.kernel_ids()
        page.click("button.gw-try-again")
        page.wait_for_selector(".gw-status-box", state="visible", timeout=TIMEOUT_MS)
        page.close(run_before_unload=True)
        log = server.log_text()
    assert "The game is full" in log
    assert not _quiet(log), _quiet(log)
