"""Benchmark: how long one update of the lesson widgets takes, headless (what a student waits for,
apart from the browser's own drawing of the PNG).

    python benchmarks/bench_widgets.py            # N = 64, 40 updates of each kind
    python benchmarks/bench_widgets.py --N 128 --repeat 20

An update is: the control's new value reaches the model, the model recomputes (cached solutions), the
view updates its artists in place (``image.set_data``, ``marker.set_data``) and renders the figure to PNG
shown as the view's ``<img>``.  Moving the highlighted state only blits the marker over a saved background;
changing the rules or N redraws the figure (the layout is computed once, on the first render).
Medians and maxima are printed; the first update of each kind (which may solve a new table) is included.

For comparison, the same heat-map updates are also timed the plain way, in the same run: a new figure
drawn from scratch with the same plot functions (solving the table again, as a naive callback would) and
rendered to PNG; the ratio is printed beside it.
"""

from __future__ import annotations

import argparse
import statistics
import time

import matplotlib

matplotlib.use("Agg")

from guesswho_lib import plots, solve
from guesswho_lib.widgets.explorers import HeatmapExplorer, ScaleExplorer, TrySplit


def plain_heatmap_update(rules: str, N: int, n: int, m: int) -> bytes:
    """The reference: what a naive widget callback does -- solve, draw a new figure, render it to PNG."""
    import io
    from matplotlib.figure import Figure
    fig = Figure(figsize=(5.2, 4.4), dpi=72, layout="constrained")
    ax = fig.add_subplot()
    sol = solve(N, rules)
    plots.plot_heatmap(ax, sol, N)
    plots.mark_state(ax, n, m)
    ax.set_title(f"P({n}, {m}) = {sol.P(n, m)}")
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()


def timed_plain(calls) -> list[float]:
    out = []
    for args in calls:
        t0 = time.perf_counter()
        plain_heatmap_update(*args)
        out.append(time.perf_counter() - t0)
    return out


def timed(widget, control, values) -> list[float]:
    out = []
    for v in values:
        t0 = time.perf_counter()
        control.value = v
        out.append(time.perf_counter() - t0)
    return out


def report(name: str, times: list[float]) -> None:
    ms = [1000 * t for t in times]
    print(f"{name:48s} median {statistics.median(ms):7.1f} ms   max {max(ms):7.1f} ms   ({len(ms)} updates)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--N", type=int, default=64)
    ap.add_argument("--repeat", type=int, default=40)
    args = ap.parse_args(argv)
    N, R = args.N, args.repeat

    t0 = time.perf_counter()
    h = HeatmapExplorer(N=N, n=4, m=4, max_N=max(N, 128))
    print(f"HeatmapExplorer(N={N}) created and first drawn in {1000 * (time.perf_counter() - t0):.0f} ms")
    report(f"heat map N={N}: move the highlighted state (n)", timed(h, h.n, [1 + i % N for i in range(R)]))
    report(f"heat map N={N}: move the highlighted state (m)", timed(h, h.m, [1 + (7 * i) % N for i in range(R)]))
    rules = ["nica", "official", "merciful", "tripartite"]
    report(f"heat map N={N}: change the rule set", timed(h, h.rules, [rules[i % 4] for i in range(R)]))
    report(f"heat map: change N ({N} <-> {N // 2})", timed(h, h.N, [N // 2 if i % 2 == 0 else N for i in range(R)]))

    print("\nSide by side with a plain redraw-from-scratch callback (same run, same N):")
    h2 = HeatmapExplorer(N=N, n=4, m=4, max_N=max(N, 128))
    fast_move = statistics.median(timed(h2, h2.n, [1 + i % N for i in range(R)]))
    fast_rules = statistics.median(timed(h2, h2.rules, [rules[i % 4] for i in range(R)]))
    slow_move = statistics.median(timed_plain([("official", N, 1 + i % N, 4) for i in range(R)]))
    slow_rules = statistics.median(timed_plain([(rules[i % 4], N, 4, 4) for i in range(R)]))
    for name, fast, slow in (("move the highlighted state", fast_move, slow_move),
                             ("change the rule set", fast_rules, slow_rules)):
        print(f"  {name:30s} widget {1000 * fast:7.1f} ms   plain {1000 * slow:7.1f} ms   ratio {slow / fast:5.1f}x")
    print()

    ts = TrySplit(24, 24, k=2)
    report("try a split: change k at (n, m) = (24, 24)", timed(ts, ts.k, [i % 13 for i in range(R)]))

    sc = ScaleExplorer(s=3.0, max_s=7.0)
    report("scale explorer: move s (windows up to 512 x 512)", timed(sc, sc.s, [1 + (i % 25) * 0.25 for i in range(R)]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
