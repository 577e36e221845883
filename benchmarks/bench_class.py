"""Benchmark (a load run, not a test): a class opens the game page at the same moment.

    python benchmarks/bench_class.py                  # N = 1, 10, 30, then the largest N that meets the targets
    python benchmarks/bench_class.py --players 30     # one class of 30
    python benchmarks/bench_class.py --players 1 10 30 --largest 0    # no search for the largest N
    python benchmarks/bench_class.py --players 30 --largest 0 --class-session   # the class joined to a session

For each N it starts the README's class command, ``python -m guesswho_apps serve`` (``tests/servers.py``
reads it from the README, as the tests do), on 127.0.0.1, then opens N Chromium
pages at once with a mix of settings: numbered boards of 8 to 24 suspects under every rule set, the character
board and the board of faces, the computer first or second.  On each page it plays MOVES moves (a question each;
on the board of faces a question about a trait), all pages at the same time, then closes half of the pages
politely (the tab is closed: the page says goodbye) and half abruptly (the connection just drops, as when a
laptop is shut).

It prints, for each N: time to a playable page (from the moment the page is requested until its board answers
clicks; median and maximum), failures (pages that never became playable within the time limit, or whose moves
were not answered), move response time (from the click on Ask until the page shows the answer; median, 95th
percentile, maximum), memory per player (the class server: its growth per player, and its whole size divided by
the players), memory over time, the load
average and the CPU time used by the server and the browser (the browser runs on the same 2 cores
here; in a class it runs on the students' computers), and whether the run meets the targets: all N playable,
the last within 15 s, the median within 5 s, every move answered within 1 s, at most 90 MiB per player.

With ``--class-session`` the server keeps a class session (``--class-store``, a file in the log folder):
every page joins it from its address (``&class=<code>&name=<nickname>``), and once its moves are played each
page finishes its game (a guess, or under the race-to-one rules a question about one suspect, until the game is
over; on the board of faces under those rules, a question about a trait); it then prints how many finished
games the store holds (all of them, once each), the time from the last
click of a game until the page says it was recorded (the server's write in its writer thread, the referee's
replay included), and the teacher's tally's answer time.


Bounded: at most --largest pages, each step has a time limit, the search for the largest N stops at the first N
that misses the targets.  The numbers in the README come from this script (it names the machine).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import re
import statistics
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from servers import (CHROMIUM, CHROMIUM_ARGS, descendants, rss_mib, serve_class,  # noqa: E402 - tests/ is on the path
                     teacher_cookie)

PLAYABLE_LIMIT_S = 240      # a page not playable after this long counts as a failure (--limit)
TARGETS = {"last_s": 15.0, "median_s": 5.0, "move_s": 1.0, "mib_per_player": 90.0}     # for a class of 30
MOVE_LIMIT_S = 60           # a move not answered after this long counts as a failure
SETTLE_LIMIT_S = 120        # before a run, wait at most this long for the machine to calm down
FINISH_LIMIT_S = 300        # --class-session: a page's game played to its end and recorded within this long

# Installed in every page before its own scripts: a promise that resolves, with the milliseconds since the
# page was requested, when the page is playable (the page shows the game, with the status box and a suspect
# button that can be clicked; resolution 50 ms).  Watching the page's changes costs
# nothing between them; polling 30 pages from the harness would itself load the 2 cores.
_PLAYABLE_WATCH = """
window.__gwPlayable = new Promise(resolve => {
  // Cheap: no layout is forced (textContent, not innerText), and at most one look every 50 ms.
  const playable = () => {
    const game = document.getElementById('gw-game');
    const s = document.querySelector('.gw-status-box');
    return game !== null && !game.hidden && s !== null
        && s.textContent.includes('Suspects left')
        && document.querySelector('button.gw-suspect:not([disabled])') !== null;
  };
  let pending = false;
  const check = () => {
    if (pending) { return; }
    pending = true;
    setTimeout(() => {
      pending = false;
      if (playable()) { observer.disconnect(); resolve(performance.now()); }
    }, 50);
  };
  const observer = new MutationObserver(check);
  const start = () => { observer.observe(document.documentElement, {childList: true, subtree: true,
                                                                      attributes: true}); check(); };
  if (document.documentElement) { start(); } else { document.addEventListener('DOMContentLoaded', start); }
});
"""
# One move's answer: click Ask, resolve with the milliseconds until the message under the board changes.
_ASK_JS = """() => new Promise(resolve => {
  const message = document.querySelector('.gw-message');
  const before = message.innerText;
  const t0 = performance.now();
  const observer = new MutationObserver(() => {
    if (message.innerText !== before) { observer.disconnect(); resolve(performance.now() - t0); }
  });
  observer.observe(message, {childList: true, subtree: true, characterData: true});
  document.querySelector('button.gw-ask').click();
})"""
_MESSAGE_JS = "() => { const m = document.querySelector('.gw-message'); return m ? m.innerText : ''; }"


def settings_mix(n: int) -> list[str]:
    """The query strings of n players: every rule set on numbered boards, the character board, the faces."""
    rules = ["official", "nica", "tripartite", "merciful"]
    out = []
    for i in range(n):
        kind = i % 6
        first = "computer" if i % 4 == 3 else "you"
        if kind == 4:
            out.append(f"?board=faces&rules={('official', 'nica')[(i // 6) % 2]}&first={first}&seed={i}")
        elif kind == 5:
            out.append(f"?board=characters&rules={rules[(i // 6) % 4]}&seed={i}")
        else:
            out.append(f"?rules={rules[kind]}&board={8 + (i * 5) % 17}&first={first}&seed={i}")
    return out


@dataclass
class Player:
    query: str
    playable_s: float | None = None
    moves_s: list = field(default_factory=list)
    error: str = ""
    finished: bool = False           # with --class-session: the game was played to its end ...
    recorded_s: float | None = None  # ... and the page said it was recorded this long after the last click


async def _move(page, faces: bool) -> float:
    """One question; returns the seconds from the click on Ask until the page shows the answer."""
    if faces:
        await page.select_option(".gw-question select", index=1)      # the first trait (0 is "choose a trait")
        chosen = "Your question:"
    else:
        enabled = await page.query_selector_all("button.gw-suspect:not([disabled])")
        k = max(1, len(enabled) // 2)
        for b in enabled[:k]:
            await b.click()
        chosen = f"Group A: {k} selected"
    # The whole selection reached the server (the message says so) before Ask is clicked.
    await page.wait_for_function(f"() => ({_MESSAGE_JS})().includes({chosen!r})", timeout=MOVE_LIMIT_S * 1000,
                                 polling=250)
    return await asyncio.wait_for(page.evaluate(_ASK_JS), MOVE_LIMIT_S) / 1000


_PROFILES: dict = {}


async def _context(browser):
    """A browser context for one more player: their own (``--profiles separate``: a fresh cache and
    cookies, as on a student's own computer) or one shared by the class (``shared``: the pages are tabs of
    one browser)."""
    if PROFILES == "shared" and browser in _PROFILES:
        return _PROFILES[browser]
    context = await browser.new_context(viewport={"width": 1100, "height": 900})
    await context.add_init_script(_PLAYABLE_WATCH)
    if PROFILES == "shared":
        _PROFILES[browser] = context
    return context


PROFILES = "shared"
RENDERERS = 0


async def _play(browser, url: str, player: Player, moves: int, start: asyncio.Event, pages: list):
    context = await _context(browser)
    page = await context.new_page()
    pages.append((context, page, player))
    await start.wait()
    t0 = time.monotonic()
    try:
        await page.goto(url + player.query, timeout=PLAYABLE_LIMIT_S * 1000, wait_until="commit")
        player.playable_s = await asyncio.wait_for(page.evaluate("window.__gwPlayable"),
                                                   PLAYABLE_LIMIT_S - (time.monotonic() - t0)) / 1000
    except Exception as e:  # any failure to load counts, with its reason
        player.error = f"not playable: {(str(e) or type(e).__name__).splitlines()[0][:160]}"
        return
    await start.wait()


async def _moves(page, player: Player, moves: int):
    faces = "board=faces" in player.query
    try:
        for _ in range(moves):
            if await page.query_selector(".gw-result"):
                break
            player.moves_s.append(await _move(page, faces))
    except Exception as e:
        player.error = f"move not answered: {(str(e) or type(e).__name__).splitlines()[0][:160]}"


# Finish the game (class sessions): one more move until the game is over; resolve with the milliseconds from the
# last click until the page says the game was recorded for the class (or -1 if it never does).
_FINISH_JS = """async ([guess]) => {
  const wait = (test) => new Promise(resolve => {
    if (test()) { resolve(); return; }
    const observer = new MutationObserver(() => { if (test()) { observer.disconnect(); resolve(); } });
    observer.observe(document.body, {childList: true, subtree: true, characterData: true, attributes: true});
  });
  const status = () => (document.querySelector('.gw-class-status') || {textContent: ''}).textContent;
  let last = null;                                      // (null: the game had ended with the moves before)
  for (let k = 0; k < 60 && !document.querySelector('.gw-result'); k++) {
    const message = document.querySelector('.gw-message').textContent;
    const menu = document.querySelector('.gw-question select');
    if (!guess && menu && menu.options.length > 1) {     // the board of faces without guessing: ask about a trait
      menu.selectedIndex = 1;
      menu.dispatchEvent(new Event('change', {bubbles: true}));
    } else {
      const suspect = document.querySelector('button.gw-suspect:not([disabled])');
      if (!suspect) { break; }
      suspect.click();
    }
    await wait(() => document.querySelector('.gw-message').textContent !== message);
    const before = document.querySelector('.gw-message').textContent;
    last = performance.now();
    document.querySelector(guess ? 'button.gw-guess' : 'button.gw-ask').click();
    await wait(() => document.querySelector('.gw-message').textContent !== before);
  }
  await wait(() => status().includes('Game recorded') || status().includes('not'));
  if (!status().includes('Game recorded')) { return -1; }
  return last === null ? -2 : performance.now() - last;
}"""


async def _finish(page, player: Player):
    """Play the page's game to its end (a guess each turn; no guessing under the race-to-one rules)."""
    if player.error:
        return
    guess = "rules=nica" not in player.query
    try:
        ms = await asyncio.wait_for(page.evaluate(_FINISH_JS, [guess]), FINISH_LIMIT_S)
    except Exception as e:  # any failure to finish or record counts, with its reason
        reason = (str(e).splitlines() or [f"{type(e).__name__} after {FINISH_LIMIT_S} s"])[0]
        player.error = f"game not finished or not recorded: {reason[:160]}"
        return
    player.finished = True
    if ms >= 0:
        player.recorded_s = ms / 1000
    elif ms != -2:                      # (-2: recorded, but the game had ended during the moves: not timed here)
        player.error = "the page did not say that its game was recorded"


def _class_code(server) -> str:
    m = re.search(r"class code (\w{5})", server.log_text())
    if m is None:
        raise RuntimeError("the server started no class session:\n" + server.log_text()[-2000:])
    return m.group(1)


def _tally_time(server, store: str, code: str) -> tuple[int, float]:
    """(games in the store, seconds the teacher's page's data request takes) for the session ``code``."""
    import json
    import urllib.request

    from guesswho_apps.classroom import ClassStore

    token = re.search(r"token=([^&\s]+)", server.log_text()).group(1)
    req = urllib.request.Request(f"{server.url}class/api/{code}/tally", headers=teacher_cookie(server.url, code,
                                                                                               token))
    t0 = time.monotonic()
    with urllib.request.urlopen(req, timeout=60) as r:
        games = json.loads(r.read())["games"]
    took = time.monotonic() - t0
    assert games == ClassStore(store).tally(code)["games"]
    return games, took


class Sampler(threading.Thread):
    """The server's memory and the load average, every second."""

    def __init__(self, server):
        super().__init__(daemon=True)
        self.server, self.t0, self.rows, self.stop = server, time.monotonic(), [], threading.Event()

    def run(self):
        while not self.stop.wait(1.0):
            self.rows.append((time.monotonic() - self.t0, rss_mib(self.server.proc.pid), os.getloadavg()[0]))

    def mark(self) -> float:
        return time.monotonic() - self.t0


def _cpu_seconds(pid: int) -> float:
    """CPU seconds used so far by a process (user + system, with its waited-for children)."""
    tick = os.sysconf("SC_CLK_TCK")
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])) / tick
    except (OSError, IndexError, ValueError):
        return 0.0


def _cpu_now(server) -> dict:
    """{kind: {pid: CPU seconds}} for the server and the browser's processes."""
    return {"server": {server.proc.pid: _cpu_seconds(server.proc.pid)},
            "browser": {p: _cpu_seconds(p) for p in _children_named("chrom")}}


def _cpu_used(before: dict, after: dict) -> tuple:
    """CPU seconds used between the two readings, by the server and the browser (processes that started in
    between count from zero; processes that ended in between are missed)."""
    return tuple(sum(t - before[kind].get(p, 0.0) for p, t in after[kind].items()) for kind in ("server", "browser"))


def _median_last(r: dict) -> str:
    ok = sorted(p.playable_s for p in r["players"] if p.playable_s is not None)
    return f"{statistics.median(ok):.2f} / {ok[-1]:.2f} s" if ok else "-"


def _moves_summary(r: dict) -> str:
    moves = [m for p in r["players"] for m in p.moves_s]
    return f"{statistics.median(moves):.2f} / {max(moves):.2f} s" if moves else "-"


def _stats(xs, fmt="{:.1f}") -> str:
    if not xs:
        return "-"
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]
    return (f"median {fmt.format(statistics.median(xs))} s, 95% {fmt.format(p95)} s, "
            f"max {fmt.format(xs[-1])} s")


async def class_run(n: int, moves: int, log_dir: Path, extra: tuple, class_session: bool = False) -> dict:
    from playwright.async_api import async_playwright

    players = [Player(q) for q in settings_mix(n)]
    settle()
    load_before = os.getloadavg()[0]                    # other work on the machine (the run's own comes after)
    t_start = time.monotonic()
    log_path = log_dir / f"server-{n}.log"
    store = None
    if class_session:
        store = str(log_dir / f"class-{n}.db")
        for old in Path(store).parent.glob(Path(store).name + "*"):
            old.unlink()
        extra = (*extra, "--class-store", store)
    with serve_class(log_path, extra) as server:
        if class_session:
            code = _class_code(server)
            for i, p in enumerate(players):
                p.query += f"&class={code}&name=player-{i + 1}"
        sampler = Sampler(server)
        sampler.start()
        ready_s = time.monotonic() - t_start
        time.sleep(2)                                   # let the server settle
        idle_server = rss_mib(server.proc.pid)
        idle_pss = pss_mib(server.proc.pid)
        marks = {"ready": sampler.mark()}
        async with async_playwright() as pw:
            args = CHROMIUM_ARGS + ([f"--renderer-process-limit={RENDERERS}"] if RENDERERS else [])
            browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=args)
            try:
                start, pages = asyncio.Event(), []
                tasks = [asyncio.create_task(_play(browser, server.url, p, moves, start, pages)) for p in players]
                while len(pages) < n:
                    await asyncio.sleep(0.05)
                cpu0 = _cpu_now(server)
                marks["open"] = sampler.mark()
                start.set()
                await asyncio.gather(*tasks)
                marks["all playable"] = sampler.mark()
                live = [(c, pg, p) for c, pg, p in pages if p.playable_s is not None]
                await asyncio.gather(*(_moves(pg, p, moves) for _, pg, p in live))
                marks["moves played"] = sampler.mark()
                class_result = None
                if class_session:
                    await asyncio.gather(*(_finish(pg, p) for _, pg, p in live))
                    marks["games finished and recorded"] = sampler.mark()
                    class_result = _tally_time(server, store, code)
                # Memory while every player is in a game.
                busy_server = rss_mib(server.proc.pid)
                busy_pss = pss_mib(server.proc.pid)
                cpu1 = _cpu_now(server)
                # Half leave politely (the tab closes: the page says goodbye), half abruptly (the connection
                # just drops, as when a laptop is shut: no goodbye).
                for k, (_, page, _) in enumerate(pages):
                    await page.close(run_before_unload=k % 2 == 0)
                for context in {id(c): c for c, _, _ in pages}.values():
                    await context.close()
                marks["pages closed"] = sampler.mark()
            finally:
                await browser.close()
        sampler.stop.set()
        sampler.join()
        log = server.log_text()
    loads = [row[2] for row in sampler.rows if marks["open"] <= row[0] <= marks["moves played"] + 1]
    return {"n": n, "players": players, "load": max(loads, default=os.getloadavg()[0]),
            "load_before": load_before, "ready_s": ready_s, "rows": sampler.rows, "marks": marks,
            "idle_server": idle_server, "busy_server": busy_server, "idle_pss": idle_pss, "busy_pss": busy_pss,
            "cpu": _cpu_used(cpu0, cpu1),
            "log_warnings": [ln for ln in log.splitlines()
                             if re.search(r"WARNING|ERROR|CRITICAL|Traceback|^\[W |^\[E ", ln)],
            "class": class_result}


def settle(below: float = 2.0, at_most_s: float = SETTLE_LIMIT_S):
    """Wait until the 1-minute load average is below ``below`` (the previous run's browsers have gone), at most
    ``at_most_s`` seconds: the load before a run is then other work on the machine, not the last run's tail."""
    t0 = time.monotonic()
    while os.getloadavg()[0] >= below and time.monotonic() - t0 < at_most_s:
        time.sleep(2)


def _children_named(word: str) -> list[int]:
    out = []
    for pid in descendants(os.getpid()):
        try:
            if word in Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace"):
                out.append(pid)
        except OSError:
            pass
    return out


def pss_mib(pid: int) -> float:
    """Proportional set size in MiB: private memory plus an equal share of memory shared with other
    processes (libraries)."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def report(r: dict) -> str:
    players = r["players"]
    n = r["n"]
    ok = [p for p in players if p.playable_s is not None]
    failed = [p for p in players if p.error]
    moves = [m for p in players for m in p.moves_s]
    lines = [f"== N = {n} players, {len(ok)} of {n} playable, {len(failed)} failure(s) ==",
             f"server ready {r['ready_s']:.1f} s after it started",
             f"time to a playable page: {_stats([p.playable_s for p in ok])}",
             f"move response time ({len(moves)} moves, all players at once): {_stats(moves, '{:.2f}')}"]
    for p in failed:
        lines.append(f"  FAILED {p.query}: {p.error}")
    if r.get("class") is not None:
        games, tally_s = r["class"]
        finished = [p for p in players if p.finished]
        lines.append(f"class session: {len(finished)} game(s) played to the end, {games} in the store (each once: "
                     f"{'yes' if games == len(finished) else 'NO'}); from the last click to 'Game recorded' "
                     f"({sum(p.recorded_s is not None for p in finished)} games timed; the others ended during "
                     "the moves): "
                     f"{_stats([p.recorded_s for p in finished if p.recorded_s is not None], '{:.3f}')}; "
                     f"the teacher's tally answered in {tally_s:.3f} s")
    grow = (r["busy_server"] - r["idle_server"]) / max(1, n)
    lines.append(f"server: {r['idle_server']:.0f} MiB ready, {r['busy_server']:.0f} MiB with {n} players "
                 f"({grow:.2f} MiB per player); proportional (PSS) {r['idle_pss']:.0f} / {r['busy_pss']:.0f} MiB")
    lines.append(f"memory per player: {per_player_mib(r):.2f} MiB ({per_player_words(r)})")
    server_cpu, browser_cpu = r["cpu"]
    lines.append(f"CPU seconds from the first request to the last move: server {server_cpu:.1f}, browser "
                 f"{browser_cpu:.1f}")
    missed = missed_targets(r)
    lines.append("targets (all playable, last <= 15 s, median <= 5 s, every move <= 1 s, <= 90 MiB per player): "
                 + ("MET" if not missed else "missed: " + "; ".join(missed)))
    lines.append(f"load average: {r['load_before']:.1f} before the run, at most {r['load']:.1f} during it (the N "
                 "browsers are on the same cores)")
    lines.append("memory over time (s since the server started: server MiB, load):")
    marks = sorted(r["marks"].items(), key=lambda kv: kv[1])
    step = max(1, len(r["rows"]) // 40)
    for i, (t, srv, load) in enumerate(r["rows"]):
        here = [name for name, tm in marks if t - 1.0 < tm <= t]
        if i % step == 0 or here:
            lines.append(f"  {t:6.1f} s  server {srv:5.0f} MiB  load {load:4.1f}"
                         + (f"   <- {', '.join(here)}" if here else ""))
    if r["log_warnings"]:
        lines.append(f"server log: {len(r['log_warnings'])} warning/error line(s), e.g.:")
        lines += ["  " + w[:200] for w in r["log_warnings"][:5]]
    else:
        lines.append("server log: no warning or error")
    return "\n".join(lines)


def works(r: dict) -> bool:
    recorded = r.get("class") is None or r["class"][0] == sum(p.finished for p in r["players"])
    return recorded and all(p.playable_s is not None and not p.error for p in r["players"])


def per_player_mib(r: dict) -> float:
    """Memory per player: the class server's growth per player (resident)."""
    return max(0.0, (r["busy_server"] - r["idle_server"]) / max(1, r["n"]))


def per_player_words(r: dict) -> str:
    return (f"the server's growth per player; the whole server, {r['busy_server']:.0f} MiB, divided by the "
            f"{r['n']} players: {r['busy_server'] / max(1, r['n']):.1f} MiB")


def missed_targets(r: dict) -> list[str]:
    """The class targets this run misses (empty: all met)."""
    ok = sorted(p.playable_s for p in r["players"] if p.playable_s is not None)
    moves = [m for p in r["players"] for m in p.moves_s]
    missed = []
    if not works(r):
        missed.append(f"{sum(1 for p in r['players'] if p.playable_s is None or p.error)} page(s) failed")
    if ok and ok[-1] > TARGETS["last_s"]:
        missed.append(f"last page {ok[-1]:.1f} s")
    if ok and statistics.median(ok) > TARGETS["median_s"]:
        missed.append(f"median {statistics.median(ok):.1f} s")
    if moves and max(moves) > TARGETS["move_s"]:
        missed.append(f"slowest move {max(moves):.2f} s")
    if per_player_mib(r) > TARGETS["mib_per_player"]:
        missed.append(f"{per_player_mib(r):.0f} MiB per player")
    return missed


def main(argv=None):
    global PROFILES, RENDERERS, PLAYABLE_LIMIT_S
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, nargs="+", default=[1, 10, 30])
    ap.add_argument("--largest", type=int, default=100,
                    help="search the largest N that meets the targets, up to this (0: no search)")
    ap.add_argument("--step", type=int, default=10)
    ap.add_argument("--moves", type=int, default=3)
    ap.add_argument("--logs", default=str(ROOT / "test-artifacts" / "bench-class"))
    ap.add_argument("--profiles", choices=["shared", "separate"], default="shared",
                    help="one browser profile for the class (tabs of one browser), or one per player")
    ap.add_argument("--renderers", type=int, default=2,
                    help="at most this many Chromium page processes (0: Chromium's default, one per page)")
    ap.add_argument("--limit", type=float, default=PLAYABLE_LIMIT_S,
                    help="seconds after which a page not yet playable counts as a failure")
    ap.add_argument("--class-session", action="store_true",
                    help="the pages join a class session and play their games to the end (recorded in the store)")
    ap.add_argument("extra", nargs="*", help="extra options for the server (after --)")
    args = ap.parse_args(argv)
    PROFILES, RENDERERS, PLAYABLE_LIMIT_S = args.profiles, args.renderers, args.limit
    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} not found")
    log_dir = Path(args.logs)
    log_dir.mkdir(parents=True, exist_ok=True)
    print(f"machine: {platform.node()}, {os.cpu_count()} cores, "
          f"{os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2**30:.0f} GiB, {platform.platform()}")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"browser: Chromium, {'one profile for the class' if PROFILES == 'shared' else 'one profile per player'}"
          f", {f'at most {RENDERERS} page processes' if RENDERERS else 'one process per page'}")
    sizes = list(args.players)
    results = []
    for n in sizes:
        r = asyncio.run(class_run(n, args.moves, log_dir, tuple(args.extra), args.class_session))
        results.append(r)
        print(report(r), flush=True)
    if args.largest:
        met = [r["n"] for r in results if not missed_targets(r)]
        n = max(sizes) + args.step
        while n <= args.largest and all(not missed_targets(r) for r in results):
            r = asyncio.run(class_run(n, args.moves, log_dir, tuple(args.extra), args.class_session))
            results.append(r)
            print(report(r), flush=True)
            if missed_targets(r):
                break
            met.append(n)
            n += args.step
        print(f"largest N that meets the targets (tried up to {min(n, args.largest)} in steps of {args.step}): "
              f"{max(met) if met else 'none'}")
    print("summary: " + " | ".join(f"N={r['n']}: {sum(p.playable_s is not None for p in r['players'])}/{r['n']} "
                                    f"playable, median/last {_median_last(r)}, moves {_moves_summary(r)}, "
                                    f"{per_player_mib(r):.2f} MiB/player, load {r['load_before']:.1f} before, "
                                    f"{r['load']:.1f} during" for r in results))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
