"""Benchmark: what joining a class session costs ``check()``, side by side with not joining, and with a class
server that is up, stopped, silent or full.

    python benchmarks/bench_class_link.py                 # 100 checks in each case
    python benchmarks/bench_class_link.py --checks 300

Each case runs ``check()`` in this process on lesson 02's exercises (a tempting wrong value, then the right answer,
in turn), one check every 50 ms (a student never checks faster), and prints the time each check took (median,
95th percentile, slowest) and how many results reached the server.  The cases:

* **not joined**: the plain check (nothing is sent);
* **server up**: joined to the README's class command (``python -m guesswho_apps serve --class-store ...``,
  started on 127.0.0.1 on a free port, with a store in a temporary folder);
* **server stopped**: joined, then the server's port refuses;
* **server silent**: joined to a server that takes the request and never answers;
* **server full**: joined to a server that answers 503 to every result.

The numbers in the README's section "The lesson view" come from this script (it prints the machine and its load).
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from servers import StubServer, serve_class  # noqa: E402 - after the path is set

GAP_S = 0.05


def _checks(n: int) -> list[float]:
    from guesswho_lessons.exercises import check, get

    cases = []
    for ex_id in ("02.1", "02.2", "02.3"):
        ex = get(ex_id)
        cases += [(ex_id, str(next(iter(ex.solution().wrong)))), (ex_id, str(ex.answers()[0]))]
    times = []
    for k in range(n):
        ex_id, answer = cases[k % len(cases)]
        t0 = time.perf_counter()
        check(ex_id, answer)
        times.append(time.perf_counter() - t0)
        time.sleep(GAP_S)
    return times


def _line(name: str, times: list[float], arrived: str) -> str:
    ms = sorted(1000 * t for t in times)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return f"| {name} | {statistics.median(ms):.1f} ms | {p95:.1f} ms | {ms[-1]:.1f} ms | {arrived} |"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--checks", type=int, default=100, help="checks in each case (default 100)")
    args = ap.parse_args(argv)
    home = tempfile.mkdtemp(prefix="guesswho-bench-")
    os.environ["HOME"] = home                       # the seats file of this run, not the user's
    from guesswho_lessons.reader import class_link, join_class, leave_class
    from guesswho_apps.classroom import ClassStore

    print(f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
          f"load average {os.getloadavg()[0]:.1f} at the start")
    print("| case | check(): median | 95th percentile | slowest | results that reached the server |")
    print("|---|---|---|---|---|")
    _checks(6)                                      # the exercises' answers, computed once
    print(_line("not joined", _checks(args.checks), "none sent"), flush=True)
    folder = Path(home)
    with serve_class(folder / "server.log", extra=("--class-store", str(folder / "class.db"))) as server:
        code = re.search(r"class code (\w{5})", server.log_text()).group(1)
        assert join_class(code, "Bench", server.url)
        times = _checks(args.checks)
        deadline = time.monotonic() + 30
        while class_link._LINK.pending and time.monotonic() < deadline:
            time.sleep(0.1)
        view = ClassStore(str(folder / "class.db")).lesson_view(code, "02")
        words = sorted({r["words"] for r in view["students"][0]["results"] if r["words"]})   # those checked
        print(_line("server up", times, f"all ({len(class_link._LINK.pending)} left in the kernel; the lesson "
                                        f"view says {', '.join(words)})"), flush=True)
        leave_class()
    for mode, name in (("stopped", "server stopped"), ("silent", "server silent"), ("full", "server full (503)")):
        stub = StubServer("ok")
        assert join_class("K7QMD", "Bench", stub.url)
        if mode == "stopped":
            stub.close()
        else:
            stub.mode = mode
        times = _checks(args.checks)
        kept = len(class_link._LINK.pending)
        print(_line(name, times, f"none; {kept} kept in the kernel"), flush=True)
        leave_class()
        stub.close()
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
