"""Benchmark: the vectorised exact solver against a plain pure-Python exact DP, and tournaments against
the hand-written game step they used before, each side by side in the same run.

    python benchmarks/bench_solver.py            # N = 400 comparison, solve() alone at larger N, a tournament
    python benchmarks/bench_solver.py --N 200 --big 1024 --games 2000

The solver's reference is the fundamental recurrence in integers (A = n*m*P), written as plainly as
possible: a loop over states in order of n + m and, for each, a loop over every split.  Both must give the
same table; the script checks that before printing the ratio.

The tournament's reference is the game step as ``simulate_game`` wrote it out by hand before it drew from
``rules.outcomes`` (kept below, word for word); the same tournament is run with each step, and the two
tables must be identical (same random draws, same results) before the ratio is printed.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import guesswho_lib as gw
from guesswho_lib.game import simulate
from guesswho_lib.rules import GUESS, check_state, get_rules, normalise_move


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


def reference_simulate_game(strategy_a, strategy_b, n, m, rules="official", rng=None) -> bool:
    """The game step before: the case analysis of rules.outcomes written again in whole numbers."""
    rules = get_rules(rules)
    n, m = check_state(n, m)
    players = (strategy_a, strategy_b)
    who = 0
    while True:
        terminal = rules.terminal_A(n, m)
        if terminal is not None:
            mover_wins = terminal == n * m
            return mover_wins == (who == 0)
        move = players[who](n, m)
        if not isinstance(players[who], simulate._Frozen):
            move = normalise_move(move, n, rules)
        k = rng.randrange(n)
        if move is GUESS:
            if k == 0:
                return who == 0
            if not rules.guess.passes(n, m):
                return who == 1
            n, m = m, n - 1
        else:
            for g in move:
                if k < g:
                    break
                k -= g
            if rules.one_left_wins and g == 1:
                return who == 0
            n, m = m, g
        who = 1 - who


def tournament_with(step, rules: str, N: int, games: int):
    """gw.tournament with ``step`` as the game step (the library's simulate_game or the reference)."""
    S = gw.strategies
    players = {"optimal": S.optimal(rules, seed=1), "halving": S.halving, "ask_one": S.ask_one}
    if rules != "nica":
        players["guess_when_ahead"] = S.guess_when_ahead
    library_step = simulate.simulate_game
    simulate.simulate_game = step
    try:
        return gw.tournament(players, rules, N=N, games=games, seed=0)
    finally:
        simulate.simulate_game = library_step


def timed(f, *args, repeat=1, clock=time.perf_counter):
    best = float("inf")
    for _ in range(repeat):
        t0 = clock()
        out = f(*args)
        best = min(best, clock() - t0)
    return best, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--N", type=int, default=400, help="size for the side-by-side comparison (default 400)")
    ap.add_argument("--big", type=int, nargs="*", default=[1024, 2048], help="sizes to time solve() alone")
    ap.add_argument("--games", type=int, default=4000, help="games per match in the tournament comparison")
    args = ap.parse_args()

    print(f"Tournaments from (24, 24), {args.games} games per match "
          "(CPU time, best of 5 each, the two sides alternating):")
    print(f"{'rules':<12}{'library (s)':>13}{'hand-written step (s)':>23}{'ratio':>8}")
    for rules in ("official", "nica", "tripartite", "merciful"):
        gw.clear_caches()
        tournament_with(simulate.simulate_game, rules, 24, 10)          # solve the table once, outside the timing
        t_lib = t_ref = float("inf")
        for _ in range(5):
            t, res_lib = timed(tournament_with, simulate.simulate_game, rules, 24, args.games, clock=time.process_time)
            t_lib = min(t_lib, t)
            t, res_ref = timed(tournament_with, reference_simulate_game, rules, 24, args.games, clock=time.process_time)
            t_ref = min(t_ref, t)
        if res_lib.to_text() != res_ref.to_text():
            raise SystemExit(f"MISMATCH between the library's tournament and the reference step for {rules}")
        print(f"{rules:<12}{t_lib:>13.3f}{t_ref:>23.3f}{t_ref / t_lib:>7.2f}x")
    print()

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
