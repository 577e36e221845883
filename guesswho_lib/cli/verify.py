"""``python -m guesswho_lib verify``: run every registered claim and print the report.

Exit status 0 when every outcome is the one the library records as expected, 1 otherwise.
``--errata FILE`` also writes the errata list (Markdown) generated from the same results.
"""

from __future__ import annotations

from ..claims.report import DEFAULT_N, DEFAULT_N_TRIPARTITE, format_errata, format_report, run_all
from ..game.rules import check_int
from .progress import progress_bar

__all__ = ["HELP", "add_arguments", "run"]

HELP = "check every claim of the papers against the exact solver and print the report"


def add_arguments(p) -> None:
    p.add_argument("--N", type=int, default=DEFAULT_N,
                   help=f"largest board for two-way rules (default {DEFAULT_N}); tripartite uses min(N, {DEFAULT_N_TRIPARTITE})")
    p.add_argument("--only", default=None, help="run only the claims whose id contains this text")
    p.add_argument("--errata", default=None, metavar="FILE", help="also write the errata (Markdown) to FILE")
    p.add_argument("--no-progress", action="store_true", help="do not draw the progress bar")


def run(args) -> int:
    N = check_int(args.N, "--N", 4)
    Nt = min(N, DEFAULT_N_TRIPARTITE)
    results = run_all(N, Nt, args.only, None if args.no_progress else progress_bar())
    print(format_report(results))
    if args.errata:
        with open(args.errata, "w", encoding="utf-8", newline="\n") as f:
            f.write(format_errata(results, N, Nt))
        print(f"errata written to {args.errata}")
    return 0 if all(r.as_expected for r in results) else 1
