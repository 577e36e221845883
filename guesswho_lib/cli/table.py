"""``python -m guesswho_lib table``: the exact table P(n, m) as fractions, then the optimal moves."""

from __future__ import annotations

from ..rules import format_fraction, format_move
from ..rules import RULES, get_rules
from ..game.solver import solve
from .options import int_option

__all__ = ["HELP", "MAX_N", "add_arguments", "run", "print_grid"]

HELP = "print the exact table P(n, m) as fractions, with the optimal moves"
#: The largest table printed: 128 columns are already far wider than a screen (and take a few seconds).
MAX_N = 128


def add_arguments(p) -> None:
    p.add_argument("--rules", default="official", choices=sorted(RULES))
    p.add_argument("-N", type=int_option(1, MAX_N), default=8, help=f"board size, 1 to {MAX_N} (default 8)")


def run(args) -> int:
    N = args.N
    t = solve(N, args.rules)
    rules = get_rules(args.rules)
    print(f"P(n, m) under the {rules.name!r} rules ({rules.title}; {rules.source}).")
    print("Rows: n = your suspects; columns: m = opponent's suspects; you are to move.\n")
    over = [(n, m) for n in range(1, N + 1) for m in range(1, N + 1) if rules.one_left_wins and n == m == 1]
    cells = {(n, m): "-" if (n, m) in over else format_fraction(t.P(n, m))
             for n in range(1, N + 1) for m in range(1, N + 1)}
    print_grid(cells, N, "n\\m")
    print("\nOptimal moves (G = guess, a:b = ask about a group of a, leaving a:b; a:b:c = paradox question;"
          " '-' = game already over):\n")
    moves = {(n, m): "-" if (n, m) in over else ",".join(format_move(x, "table") for x in t.optimal_moves(n, m)) or "-"
             for n in range(1, N + 1) for m in range(1, N + 1)}
    print_grid(moves, N, "n\\m")
    return 0


def print_grid(cells: dict, N: int, corner: str) -> None:
    """Print ``cells[n, m]`` (strings) for 1 <= n, m <= N as a right-aligned grid with row and column labels."""
    w = {0: max(len(corner), len(str(N)))}
    for m in range(1, N + 1):
        w[m] = max([len(str(m))] + [len(cells[n, m]) for n in range(1, N + 1)])
    print(" ".join([corner.rjust(w[0])] + [str(m).rjust(w[m]) for m in range(1, N + 1)]))
    for n in range(1, N + 1):
        print(" ".join([str(n).rjust(w[0])] + [cells[n, m].rjust(w[m]) for m in range(1, N + 1)]))
