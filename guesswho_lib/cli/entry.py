"""The ``python -m guesswho_lib`` command line.

Each sub-command is registered with :func:`command`; its module adds its arguments and a runner.
"""

from __future__ import annotations

import argparse
import sys
from typing import Callable

from ..game.rules import GUESS, RULES, get_rules
from ..game.solver import solve

_COMMANDS: dict[str, tuple[str, Callable, Callable]] = {}


def command(name: str, help: str):
    """Register ``setup(parser)`` for sub-command ``name``; ``setup`` returns the runner ``run(args) -> int``."""
    def deco(setup):
        _COMMANDS[name] = (help, setup)
        return setup
    return deco


def format_move(move) -> str:
    """'G' for a guess, '1:3' for the split into groups of 1 and 3 (Cushing et al.'s [1 : 3])."""
    return "G" if move is GUESS else ":".join(map(str, move))


@command("table", "print the exact table P(n, m) as fractions, with the optimal moves")
def _table(p: argparse.ArgumentParser):
    p.add_argument("--rules", default="official", choices=sorted(RULES))
    p.add_argument("-N", type=int, default=8, help="board size (default 8)")

    def run(args) -> int:
        t = solve(args.N, args.rules)
        N = args.N
        rules = get_rules(args.rules)
        print(f"P(n, m) under the {rules.name!r} rules ({rules.title}; {rules.source}).")
        print("Rows: n = your suspects; columns: m = opponent's suspects; you are to move.\n")
        cells = {}
        for n in range(1, N + 1):
            for m in range(1, N + 1):
                if rules.one_left_wins and n == m == 1:
                    cells[n, m] = "-"
                else:
                    f = t.P(n, m)
                    cells[n, m] = str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"
        _grid(cells, N, "n\\m")
        print("\nOptimal moves (G = guess, a:b = ask about a group of a, leaving a:b; a:b:c = paradox question;"
              " '-' = game already over):\n")
        moves = {}
        for n in range(1, N + 1):
            for m in range(1, N + 1):
                if rules.one_left_wins and n == m == 1:
                    moves[n, m] = "-"
                else:
                    mv = t.optimal_moves(n, m)
                    moves[n, m] = ",".join(format_move(x) for x in mv) or "-"
        _grid(moves, N, "n\\m")
        return 0
    return run


def _grid(cells: dict, N: int, corner: str) -> None:
    w = {0: max(len(corner), len(str(N)))}
    for m in range(1, N + 1):
        w[m] = max([len(str(m))] + [len(cells[n, m]) for n in range(1, N + 1)])
    print(" ".join([corner.rjust(w[0])] + [str(m).rjust(w[m]) for m in range(1, N + 1)]))
    for n in range(1, N + 1):
        print(" ".join([str(n).rjust(w[0])] + [cells[n, m].rjust(w[m]) for m in range(1, N + 1)]))


def _load_commands() -> None:
    # Sub-commands that live in other modules register themselves on import.
    import importlib
    for mod in ("guesswho_lib.cli.verify", "guesswho_lib.figures.registry"):
        importlib.import_module(mod)


def main(argv=None) -> int:
    _load_commands()
    parser = argparse.ArgumentParser(prog="python -m guesswho_lib", description="Exact optimal play in Guess Who?")
    sub = parser.add_subparsers(dest="command", required=True)
    runners = {}
    for name, (help, setup) in _COMMANDS.items():
        runners[name] = setup(sub.add_parser(name, help=help, description=help))
    args = parser.parse_args(argv)
    try:
        return runners[args.command](args)
    except (ValueError, TypeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
