"""Benchmark: the vectorised exact solver against a plain pure-Python exact DP, in the same run.

    python benchmarks/bench_solver.py            # N = 400 comparison, then solve() alone at larger N
    python benchmarks/bench_solver.py --N 200 --big 1024

The reference is the fundamental recurrence in integers (A = n*m*P), written as plainly as possible:
a loop over states in order of n + m and, for each, a loop over every split.  Both must give the same
table; the script checks that before printing the ratio.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import guesswho_lib as gw


def reference_A(N: int, max_parts: int) -> list[list[int]]:
    """Plain exact DP for the official rules (max_parts=2) or tripartite rules (max_parts=3)."""
    A = [[0] * (N + 1) for _ in range(N + 1)]
    for s in range(2, 2 * N + 1):
        for n in range(max(1, s - N), min(N, s - 1) + 1):
            m = s - n
            row = A[m]
            best = m  # guessing is worth n*m*(1/n) = m
            for a in range(1, n // 2 + 1):
                v = n * m - row[a] - row[n - a]
                if v > best:
                    best = v
            if max_parts == 3:
                for a in range(1, n // 3 + 1):
                    for b in range(a, (n - a) // 2 + 1):
                        v = n * m - row[a] - row[b] - row[n - a - b]
                        if v > best:
                            best = v
            A[n][m] = best
    return A


def timed(f, *args, repeat=1):
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = f(*args)
        best = min(best, time.perf_counter() - t0)
    return best, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--N", type=int, default=400, help="size for the side-by-side comparison (default 400)")
    ap.add_argument("--big", type=int, nargs="*", default=[1024, 2048], help="sizes to time solve() alone")
    args = ap.parse_args()

    print(f"Side by side at N = {args.N} (best of 3 for solve, 1 run for the reference):")
    print(f"{'rules':<12}{'solve (s)':>12}{'reference (s)':>16}{'ratio':>10}")
    for rules, parts in (("official", 2), ("tripartite", 3)):
        t_fast, sol = timed(gw.solve, args.N, rules, repeat=3)
        t_ref, ref = timed(reference_A, args.N, parts)
        if not np.array_equal(sol.A, np.array(ref)):
            raise SystemExit(f"MISMATCH between solve() and the reference for {rules}")
        print(f"{rules:<12}{t_fast:>12.3f}{t_ref:>16.2f}{t_ref / t_fast:>9.0f}x")

    if args.big:
        print("\nsolve() alone (best of 1):")
        print(f"{'N':>6}{'official (s)':>15}{'tripartite (s)':>17}{'ratio':>8}")
        for N in args.big:
            t_o, _ = timed(gw.solve, N, "official")
            t_t, _ = timed(gw.solve, N, "tripartite")
            print(f"{N:>6}{t_o:>15.2f}{t_t:>17.2f}{t_t / t_o:>8.2f}")


if __name__ == "__main__":
    main()
