"""Benchmark: the board solver on the shipped board, and side by side with a plain pure-Python
reference on a smaller board, in the same run; then the solver by complete sets (``method="complete"``): two-trait
questions on the whole shipped board, one-trait questions by both methods side by side, and both methods compared
state by state on a sub-board with two-trait questions.

    python benchmarks/bench_board.py                 # shipped board + 12-character comparison
    python benchmarks/bench_board.py --small 10 --repeat 1 --agree 14

The reference is the game as plainly as it can be written: suspect sets are frozensets of names, the
value is a memoised recursion over Fractions (best of: guess, or every trait that splits my suspects;
Cushing et al., equation (1)), evaluated at every pair of reachable sets.  Both must agree exactly on
every pair before the ratio is printed.  Peak memory is the peak of traced allocations during one solve
(numpy reports its arrays to tracemalloc), and the process's maximum resident size at the end.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
import tracemalloc
from fractions import Fraction
from functools import lru_cache

import numpy as np

from guesswho_lib.board.solver import solve_board
from guesswho_lib.board.traits import load_board
from guesswho_lib.caches import clear_caches


def reference_solution(board):
    """Reachable sets and P(S, T) for every pair, by memoised recursion in Fractions."""
    traits = [board.with_trait(t) for t in board.traits]
    full = frozenset(board.names)
    family, todo = {full}, [full]
    while todo:
        S = todo.pop()
        for yes in traits:
            for part in (S & yes, S - yes):
                if part and part != S and part not in family:
                    family.add(part)
                    todo.append(part)

    @lru_cache(maxsize=None)
    def P(S, T):
        best = Fraction(1, len(S))                       # guess
        for yes in traits:
            S1, S2 = S & yes, S - yes
            if S1 and S2:
                v = Fraction(len(S1), len(S)) * (1 - P(T, S1)) + Fraction(len(S2), len(S)) * (1 - P(T, S2))
                if v > best:
                    best = v
        return best

    sys.setrecursionlimit(max(10_000, sys.getrecursionlimit()))
    return family, {(S, T): P(S, T) for S in family for T in family}


def timed(f, *args, repeat=1, **kw):
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = f(*args, **kw)
        best = min(best, time.perf_counter() - t0)
    return best, out


def peak_traced(f, *args, **kw) -> int:
    tracemalloc.start()
    try:
        f(*args, **kw)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--small", type=int, default=12,
                    help="characters of the board for the side-by-side run (default 12)")
    ap.add_argument("--repeat", type=int, default=3, help="timed runs of the fast solver (best is printed)")
    ap.add_argument("--agree", type=int, default=12,
                    help="characters of the sub-board where both methods are compared with two-trait questions "
                         "(default 12; 14 takes a minute or two)")
    args = ap.parse_args()
    board = load_board()

    print(f"Shipped board ({board.n} characters, {board.m} traits), single-trait questions:")
    print(f"{'rules':<12}{'sets |R|':>10}{'solve (s)':>12}{'peak traced (MiB)':>20}{'start value':>16}")
    for rules in ("official", "nica", "tripartite"):
        t, sol = timed(solve_board, board, rules=rules, repeat=args.repeat if rules != "tripartite" else 1)
        peak = peak_traced(solve_board, board, rules=rules)
        print(f"{rules:<12}{sol.family_size:>10}{t:>12.2f}{peak / 2**20:>20.0f}{str(sol.start):>16}")
    sol = solve_board(board)
    first = [m.text for m in sol.best_questions(sol.everyone, sol.everyone)]
    print(f"best first questions (official): {first}")

    small = board.sub_board(board.names[:args.small])
    print(f"\nSide by side on the first {small.n} characters ({small.m} traits), official rules:")
    t_fast, sol = timed(solve_board, small, repeat=args.repeat)
    t_ref, (family, ref) = timed(reference_solution, small)
    if set(sol.family()) != family or any(sol.P(S, T) != v for (S, T), v in ref.items()):
        raise SystemExit("MISMATCH between solve_board and the pure-Python reference")
    print(f"{'sets |R|':>10}{'pairs':>10}{'solve_board (s)':>18}{'reference (s)':>16}{'ratio':>10}")
    print(f"{len(family):>10}{len(ref):>10}{t_fast:>18.4f}{t_ref:>16.2f}{t_ref / t_fast:>9.0f}x")
    complete_sets(board, args)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\nmaximum resident size of this process: {rss:.0f} MiB")


def complete_sets(board, args) -> None:
    """The solver by complete sets: pairs on the whole board, traits by both methods, agreement on a sub-board."""
    print("\nTwo-trait questions on the shipped board, method='complete' (every subset checked once, then cached):")
    print(f"{'rules':<12}{'cold (s)':>10}{'cold CPU (s)':>14}{'warm (s)':>10}{'start value':>14}")
    for rules in ("official", "nica", "merciful"):
        clear_caches()
        cpu = time.process_time()
        cold, sol = timed(solve_board, board, "pairs", rules)
        cpu = time.process_time() - cpu
        warm, _ = timed(solve_board, board, "pairs", rules, repeat=args.repeat)
        print(f"{rules:<12}{cold:>10.2f}{cpu:>14.2f}{warm:>10.3f}{str(sol.start):>14}")
    print("\nOne-trait questions on the shipped board, official rules, both methods (same values everywhere):")
    t_sets, a = timed(solve_board, board, method="sets", repeat=args.repeat)
    t_classes, b = timed(solve_board, board, method="complete", repeat=args.repeat)
    c = b.classes.completeness
    print(f"  method='sets': {a.family_size} rows, {t_sets:.3f} s;  method='complete': {board.n} sizes + "
          f"{c.incomplete} sets not complete, {t_classes:.3f} s;  ratio {t_sets / t_classes:.1f}x")
    sub = board.sub_board(board.names[:args.agree])
    t0 = time.perf_counter()
    old = solve_board(sub, "pairs", method="sets")
    t_old = time.perf_counter() - t0
    t_new, new = timed(solve_board, sub, "pairs", method="complete")
    cls = np.array([new.classes.index(int(s)) for s in old.sets])
    same = np.array_equal(new.table[np.ix_(cls, cls)], old.table[:old.sets.size])
    print(f"\nTwo-trait questions on the first {sub.n} characters: method='sets' {old.family_size} sets, "
          f"{t_old:.2f} s; method='complete' {t_new:.3f} s; the same value at all {old.family_size ** 2:,} pairs "
          f"of reachable sets: {same}")
    if not same:
        raise SystemExit("MISMATCH between the two methods")


if __name__ == "__main__":
    main()
