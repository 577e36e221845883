"""``python -m guesswho_lib verify``: run every registered claim and print the report.

Exit status 0 when every outcome is the one the library records as expected, 1 otherwise, 2 for a misuse.
``--errata FILE`` also writes the errata list (Markdown) generated from the same results.
"""

from __future__ import annotations

from ..claims.report import (DEFAULT_N, DEFAULT_N_TRIPARTITE, MAX_N, MIN_N, format_errata, format_report, run_all,
                             select_claims)
from .options import UsageError, int_option, writable_file
from .progress import progress_bar

__all__ = ["HELP", "add_arguments", "run"]

HELP = "check every claim of the papers against the exact solver and print the report"


def add_arguments(p) -> None:
    p.add_argument("--N", type=int_option(MIN_N, MAX_N), default=DEFAULT_N,
                   help=f"largest board for two-way rules, {MIN_N} to {MAX_N} (default {DEFAULT_N}); "
                        f"tripartite uses min(N, {DEFAULT_N_TRIPARTITE})")
    p.add_argument("--only", default=None, help="run only the claims whose id contains this text")
    p.add_argument("--errata", default=None, metavar="FILE", help="also write the errata (Markdown) to FILE")
    p.add_argument("--no-progress", action="store_true", help="do not draw the progress bar")


def run(args) -> int:
    N = args.N
    Nt = min(N, DEFAULT_N_TRIPARTITE)
    try:                                        # every misuse is found before the long run starts
        select_claims(args.only)
    except ValueError as e:
        raise UsageError(f"--only: {e}") from None
    errata = writable_file(args.errata, "--errata") if args.errata else None
    results = run_all(N, Nt, args.only, None if args.no_progress else progress_bar())
    print(format_report(results))
    if errata is not None:
        try:
            errata.write_text(format_errata(results, N, Nt), encoding="utf-8", newline="\n")
        except OSError as e:
            raise UsageError(f"--errata: cannot write {args.errata!r}: {e.strerror or e}") from None
        print(f"errata written to {args.errata}")
    return 0 if all(r.as_expected for r in results) else 1
