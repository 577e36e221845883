"""The README's timings and sizes, measured the way a user meets them (each in a fresh process, wall-clock time).

    python benchmarks/bench_readme.py               # gw.P at 10**18 (official) and 10**400 (nica), fresh process
    python benchmarks/bench_readme.py --verify      # and: python -m guesswho_lib verify (default ranges; wall, CPU)
    python benchmarks/bench_readme.py --site        # and: python -m guesswho_apps site --out <a new folder>

The first ``gw.P`` call of a session solves the exact table up to N = 1024 once (the base the strategy walk stands
on); later calls, even at new states of the same size, only walk the strategy.  Every line printed names what it
timed; the machine's cores and load average are printed first and last, since other work on the machine slows
every figure down.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_P_PROBE = """
import time
t0 = time.perf_counter()
import guesswho_lib as gw
t1 = time.perf_counter()
gw.P(10**18, 10**18)
t2 = time.perf_counter()
gw.P(10**18, 10**18)
t3 = time.perf_counter()
gw.P(10**18 + 7, 10**18 - 3)
t4 = time.perf_counter()
gw.P(10**400, 10**400, "nica")
t5 = time.perf_counter()
print(t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4)
"""


def machine() -> str:
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "unknown"
    return f"{os.cpu_count()} cores, load average {load} (1, 5, 15 min), Python {platform.python_version()}"


def _span(values, unit: str, scale: float = 1.0) -> str:
    v = sorted(x * scale for x in values)
    digits = 2
    return f"{statistics.median(v):.{digits}f} {unit} (from {v[0]:.{digits}f} to {v[-1]:.{digits}f})"


def bench_P(runs: int) -> None:
    rows = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", _P_PROBE], capture_output=True, text=True, check=True,
                             cwd=tempfile.gettempdir())       # the installed package, as a user's session has it
        rows.append([float(x) for x in out.stdout.split()])
    imp, first, again, new, nica = zip(*rows, strict=True)
    print(f"gw.P(10**18, 10**18) in a fresh Python process, {runs} runs (median, and the range):")
    print(f"  import guesswho_lib as gw                    {_span(imp, 's')}")
    print(f"  the first call (solves the table to 1024)    {_span(first, 's')}")
    print(f"  the same call again                          {_span(again, 'ms', 1e3)}")
    print(f"  a new state of that size, (10**18 + 7, 10**18 - 3)  {_span(new, 'ms', 1e3)}")
    print(f"  then gw.P(10**400, 10**400, 'nica') (closed form)  {_span(nica, 'ms', 1e3)}")


def _timed(cmd: list[str]) -> tuple[float, int, float]:
    """(wall-clock seconds, exit status, CPU seconds of the command: user + system, its own children included)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    rc = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, rc, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def bench_verify() -> None:
    seconds, rc, cpu = _timed([sys.executable, "-m", "guesswho_lib", "verify"])
    print(f"python -m guesswho_lib verify: {seconds:.0f} s wall-clock, {cpu:.0f} s of CPU time (exit status {rc})")


def bench_site() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "site"
        seconds, rc, _ = _timed([sys.executable, "-m", "guesswho_apps", "site", "--out", str(out)])
        mib = 1024 * 1024
        print(f"python -m guesswho_apps site --out site/: {seconds:.0f} s (exit status {rc}), the folder "
              f"{_size(out) / mib:.1f} MiB, of which MathJax {_size(out / '_static' / 'mathjax') / mib:.1f} MiB")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="fresh processes for gw.P (default 5)")
    ap.add_argument("--verify", action="store_true", help="also time `python -m guesswho_lib verify`")
    ap.add_argument("--site", action="store_true", help="also time `python -m guesswho_apps site` (2 workers)")
    args = ap.parse_args()
    if args.runs < 1:
        ap.error(f"--runs must be at least 1, got {args.runs}")
    print("machine at the start:", machine())
    bench_P(args.runs)
    if args.verify:
        bench_verify()
    if args.site:
        bench_site()
    print("machine at the end:  ", machine())


if __name__ == "__main__":
    main()
