"""Search: how far can the board push the first player's chance from the idealised 5/9?

Boards of 24 characters and 18 yes/no traits (every two characters told apart by some trait, every trait held by
some but not all), one-trait questions, official rules.  Simulated annealing over the 24 x 18 trait matrix:

* a step flips one entry (45%), flips one character's entry in a trait and in every trait with the same
  characters (10%), swaps two different entries of one trait between two characters, keeping the trait's count
  (15%), flips two entries (10%), or copies one trait's column onto another (20%: two traits then give the same
  question, so a board can have fewer than 18 different questions); a step that breaks the two conditions is
  drawn again;
* the exact start value comes from ``solve_board(board, "traits", method="complete")`` (a Fraction); boards whose
  questions reach more than 2^18 sets, or more than 16,384 sets that are not complete, are skipped;
* the goal is "high" (largest chance), "low" (smallest) or "fair" (closest to 1/2); a worse step is taken with
  probability exp(-loss / T), T falling geometrically from --t0 to --t1.  On the wide plateaus where the value
  does not move (5/9 is common), ``--nudge`` times the share of reachable sets that are complete is added to the
  loss (less than a third of the smallest step of the value, 1/576), which pushes away from boards that play
  like the idealised game;
* starts: the shipped board, a random board of a given density, or ``code:k``, 24 distinct codes of k bits as
  k questions, each repeated to fill the 18 traits (few different questions: the boards of 8 characters where
  going first does not help are of this kind).

A search finds boards, not proofs: what it reports are bounds found.  The best board of each run is checked
again with the set-by-set solver (``method="sets"``, a row for every reachable set) when its family is small
enough, and written as CSV (``load_board`` reads it).

    python benchmarks/search_boards.py --goal fair --steps 3000 --seed 1 --start shipped --out /tmp/boards
    python benchmarks/search_boards.py --goal high --steps 3000 --seed 2 --start random:0.3 --out /tmp/boards
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from fractions import Fraction

import numpy as np

from guesswho_lib.board.designs import DESIGN_TRAITS, board_csv
from guesswho_lib.board.solver import solve_board
from guesswho_lib.board.traits import Board, load_board

N_CHARACTERS, N_TRAITS = 24, 18
GOALS = ("high", "low", "fair")


def valid(M: np.ndarray) -> bool:
    """Every two rows differ and every column is neither all 0 nor all 1."""
    col = M.sum(axis=0)
    return bool(np.all((col > 0) & (col < M.shape[0]))) and len({r.tobytes() for r in M}) == M.shape[0]


def as_board(M: np.ndarray, names) -> Board:
    return Board(tuple(names), DESIGN_TRAITS, tuple(tuple(int(x) for x in r) for r in M))


def start_matrix(start: str, rng: np.random.Generator) -> np.ndarray:
    if start == "shipped":
        return np.array(load_board().rows, dtype=np.int8)
    if start.startswith("random:"):
        p = float(start.split(":", 1)[1])
        for _ in range(100_000):
            M = (rng.random((N_CHARACTERS, N_TRAITS)) < p).astype(np.int8)
            if valid(M):
                return M
        raise SystemExit(f"--start {start}: no valid board drawn in 100,000 tries (use a density near 0.5)")
    if start.startswith("code:"):
        k = int(start.split(":", 1)[1])
        for _ in range(100_000):
            codes = rng.choice(1 << k, size=N_CHARACTERS, replace=False)
            M = ((codes[:, None] >> np.arange(k)[None, :]) & 1).astype(np.int8)
            M = M[:, np.arange(N_TRAITS) % k]
            if valid(M):
                return M
        raise SystemExit(f"--start {start}: no valid board drawn (k must be 5 to 18)")
    if os.path.exists(start):
        return np.array(load_board(start).rows, dtype=np.int8)
    raise SystemExit(f"--start must be 'shipped', 'random:<density>' or a board CSV, got {start!r}")


def neighbour(M: np.ndarray, rng: random.Random) -> np.ndarray:
    while True:
        N = M.copy()
        u = rng.random()
        if u < 0.45:
            N[rng.randrange(N_CHARACTERS), rng.randrange(N_TRAITS)] ^= 1
        elif u < 0.55:
            i, j = rng.randrange(N_CHARACTERS), rng.randrange(N_TRAITS)
            same = np.all(N == N[:, [j]], axis=0)
            N[i, same] ^= 1
        elif u < 0.75:
            i, j = rng.sample(range(N_TRAITS), 2)
            N[:, j] = N[:, i]
        elif u < 0.9:
            j = rng.randrange(N_TRAITS)
            ones = np.nonzero(N[:, j])[0]
            zeros = np.nonzero(N[:, j] == 0)[0]
            N[rng.choice(list(ones)), j], N[rng.choice(list(zeros)), j] = 0, 1
        else:
            for _ in range(2):
                N[rng.randrange(N_CHARACTERS), rng.randrange(N_TRAITS)] ^= 1
        if valid(N):
            return N


def loss(value: Fraction, goal: str) -> Fraction:
    return {"high": -value, "low": value, "fair": abs(value - Fraction(1, 2))}[goal]


def score(result, goal: str, nudge: float) -> float:
    value, complete_share = result
    return float(loss(value, goal)) + nudge * complete_share


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--goal", choices=GOALS, required=True)
    ap.add_argument("--steps", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", default="shipped", help="'shipped', 'random:<density>' or a board CSV")
    ap.add_argument("--t0", type=float, default=0.004, help="starting temperature (a step of 1/576 is 0.0017)")
    ap.add_argument("--t1", type=float, default=0.0002, help="final temperature")
    ap.add_argument("--nudge", type=float, default=0.0005, help="weight of the share of complete sets (0: none)")
    ap.add_argument("--out", default=None, help="folder for the best board (CSV) and a log line (JSON)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    M = start_matrix(args.start, np.random.default_rng(args.seed))
    names = load_board().names
    cache: dict[bytes, tuple | None] = {}

    def value(M):
        """(exact start value, share of reachable sets that are complete), or None outside the search."""
        key = M.tobytes()
        if key not in cache:
            try:
                sol = solve_board(as_board(M, names), "traits", "official", method="complete")
                c = sol.classes.completeness
                cache[key] = (sol.start, 1 - c.incomplete / c.reachable)
            except ValueError:
                cache[key] = None                      # too many sets: outside the search
        return cache[key]

    r = value(M)
    if r is None:
        raise SystemExit("the starting board is outside the search (too many reachable sets)")
    v = r[0]
    best, best_v = M, v
    t0 = time.perf_counter()
    print(f"goal {args.goal}, start {args.start}: {v} = {float(v):.5f}", flush=True)
    for step in range(1, args.steps + 1):
        T = args.t0 * (args.t1 / args.t0) ** (step / args.steps)
        N = neighbour(M, rng)
        rw = value(N)
        if rw is None:
            continue
        d = score(rw, args.goal, args.nudge) - score(r, args.goal, args.nudge)
        if d <= 0 or rng.random() < math.exp(-d / T):
            M, r = N, rw
            v = r[0]
            if loss(v, args.goal) < loss(best_v, args.goal):
                best, best_v = M, v
        if step % 200 == 0:
            print(f"step {step:>6}  T {T:.5f}  now {float(v):.5f}  best {best_v} = {float(best_v):.5f}  "
                  f"{time.perf_counter() - t0:.0f} s  ({len(cache)} boards solved)", flush=True)
    board = as_board(best, names)
    check = solve_board(board, "traits", "official", method="complete")
    assert check.start == best_v
    try:
        sets = solve_board(board, "traits", "official", method="sets")
        again = f"confirmed by method='sets' ({sets.family_size} sets)" if sets.start == best_v else "MISMATCH"
    except ValueError as e:
        again = f"not rechecked by method='sets' ({e})"
    if again == "MISMATCH":
        raise SystemExit("the two solvers disagree on the best board")
    print(f"best: {best_v} = {float(best_v):.5f} ({again}); {len(cache)} boards solved in "
          f"{time.perf_counter() - t0:.0f} s", flush=True)
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        start = os.path.basename(args.start).removesuffix(".csv").replace(":", "")
        stem = os.path.join(args.out, f"{args.goal}-{start}-{args.seed}")
        with open(stem + ".csv", "w", encoding="utf-8") as f:
            f.write(board_csv(board))
        with open(os.path.join(args.out, "log.jsonl"), "a", encoding="utf-8") as f:
            f.write(json.dumps({"goal": args.goal, "start": args.start, "seed": args.seed, "steps": args.steps,
                                "t0": args.t0, "t1": args.t1, "nudge": args.nudge, "value": str(best_v), "float": float(best_v),
                                "boards_solved": len(cache), "recheck": again, "file": stem + ".csv",
                                "argv": sys.argv[1:]}) + "\n")


if __name__ == "__main__":
    main()
