"""Benchmark: what importing the library costs, side by side with numpy alone (which the solver needs).

    python benchmarks/bench_import.py                # 7 fresh interpreters for each line, the median
    python benchmarks/bench_import.py --repeat 15

Each line is timed in a fresh interpreter (``python -c "import ..."``, the time measured inside it around the
import), so nothing is cached in memory between runs: "wall" is the elapsed time, "cpu" the processor time the
interpreter used (it does not count waiting for a busy machine's cores, so it is the steadier figure when other
work runs); the module count is
``len(sys.modules)`` after the import, and "heavy" lists which of matplotlib, ipywidgets, traitlets and sympy it
loaded (none should be, for the library and its solver: a game page's kernel never draws a plot).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

HEAVY = ("matplotlib", "ipywidgets", "traitlets", "sympy")
LINES = {
    "numpy alone": "import numpy",
    "import guesswho_lib": "import guesswho_lib",
    "import guesswho_lib.game.solver": "import guesswho_lib.game.solver",
    "gw.solve(24).P(4, 4)": "import guesswho_lib as gw; gw.solve(24).P(4, 4)",
    "the game page's imports": "import guesswho_lib.widgets.play",
}
PROBE = """
import sys, time, json
t, c = time.perf_counter(), time.process_time()
{code}
t, c = time.perf_counter() - t, time.process_time() - c
print(json.dumps({{"seconds": t, "cpu": c, "modules": len(sys.modules),
                  "heavy": [m for m in {heavy!r} if m in sys.modules]}}))
"""


def measure(code: str) -> dict:
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    out = subprocess.run([sys.executable, "-c", PROBE.format(code=code, heavy=HEAVY)], capture_output=True,
                         text=True, check=True, env=env)
    return json.loads(out.stdout)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="fresh interpreters per line (default 7)")
    args = parser.parse_args(argv)
    if not 1 <= args.repeat <= 100:
        parser.error(f"--repeat must be between 1 and 100, got {args.repeat}")
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}; "
          f"median of {args.repeat} fresh interpreters")
    print(f"{'what':34s} {'wall':>8s} {'cpu':>8s} {'modules':>8s}  heavy packages loaded")
    for label, code in LINES.items():
        runs = [measure(code) for _ in range(args.repeat)]
        seconds = statistics.median(r["seconds"] for r in runs)
        cpu = statistics.median(r["cpu"] for r in runs)
        last = runs[-1]
        print(f"{label:34s} {seconds:7.3f}s {cpu:7.3f}s {last['modules']:8d}  {', '.join(last['heavy']) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
