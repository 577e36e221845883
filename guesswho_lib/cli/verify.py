"""``python -m guesswho_lib verify``: run every registered claim and print the report.

Exit status 0 when every outcome is the one the library records as expected, 1 otherwise, 2 for a misuse.
``--errata FILE`` also writes the errata list (Markdown) generated from the same results.  ``--full`` checks
the largest ranges, the verified ranges recorded in :mod:`guesswho_lib.game.proven` (two-way rules up to 2048,
tripartite up to 2187); how long each run takes is measured in the README (``--full`` takes several times the
default run).
"""

from __future__ import annotations

import os

from ..claims.report import (DEFAULT_N, DEFAULT_N_TRIPARTITE, FULL_N, FULL_N_TRIPARTITE, MAX_N, MIN_N, format_errata,
                             format_report, run_all, select_claims)
from .options import UsageError, int_option, writable_file
from .progress import progress_bar

__all__ = ["HELP", "OUTPUT", "add_arguments", "run", "sizes", "command_line"]

#: the option naming what this command writes (left as it was if the command is interrupted)
OUTPUT = "errata"

HELP = "check every claim of the papers against the exact solver and print the report"


def add_arguments(p) -> None:
    p.add_argument("--N", type=int_option(MIN_N, MAX_N), default=None,
                   help=f"largest board for two-way rules, {MIN_N} to {MAX_N} (default {DEFAULT_N}); "
                        f"tripartite uses min(N, {DEFAULT_N_TRIPARTITE})")
    p.add_argument("--full", action="store_true",
                   help=f"the largest ranges: two-way rules up to {FULL_N}, tripartite up to {FULL_N_TRIPARTITE} "
                        f"(the verified ranges on record; a few minutes)")
    p.add_argument("--only", default=None, help="run only the claims whose id contains this text")
    p.add_argument("--errata", default=None, metavar="FILE", help="also write the errata (Markdown) to FILE")
    p.add_argument("--no-progress", action="store_true", help="do not draw the progress bar")


def sizes(N: int | None, full: bool) -> tuple[int, int]:
    """(N, N_tripartite) for the options --N and --full: the default (1000, 729), (N, min(N, 729)), or the full
    run's (2048, 2187); --N together with --full is a misuse.

    >>> sizes(None, False), sizes(200, False), sizes(None, True)
    ((1000, 729), (200, 200), (2048, 2187))
    """
    if full:
        if N is not None:
            raise UsageError("--N and --full cannot be used together (--full checks "
                             f"N = {FULL_N}, tripartite N = {FULL_N_TRIPARTITE})")
        return FULL_N, FULL_N_TRIPARTITE
    N = DEFAULT_N if N is None else N
    return N, min(N, DEFAULT_N_TRIPARTITE)


def command_line(args) -> str:
    """The command that ran, in words for the report's header (the options that change what is checked).

    >>> from types import SimpleNamespace as A
    >>> command_line(A(N=None, full=True, only=None)), command_line(A(N=200, full=False, only="nica"))
    ('python -m guesswho_lib verify --full', 'python -m guesswho_lib verify --N 200 --only nica')
    """
    words = ["python -m guesswho_lib verify"]
    if args.full:
        words.append("--full")
    if args.N is not None:
        words.append(f"--N {args.N}")
    if args.only is not None:
        words.append(f"--only {args.only}")
    return " ".join(words)


def run(args) -> int:
    N, Nt = sizes(args.N, args.full)            # every misuse is found before the long run starts
    try:
        select_claims(args.only)
    except ValueError as e:
        raise UsageError(f"--only: {e}") from None
    errata = writable_file(args.errata, "--errata") if args.errata else None
    results = run_all(N, Nt, args.only, None if args.no_progress else progress_bar())
    print(format_report(results, command=command_line(args)))
    if errata is not None:
        try:
            written = errata.with_name(f".{errata.name}.writing")
            written.write_text(format_errata(results), encoding="utf-8", newline="\n")
            os.replace(written, errata)                  # whole, or not at all
        except OSError as e:
            raise UsageError(f"--errata: cannot write {args.errata!r}: {e.strerror or e}") from None
        print(f"errata written to {args.errata}")
    return 0 if all(r.as_expected for r in results) else 1
