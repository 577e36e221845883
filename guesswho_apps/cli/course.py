"""``python -m guesswho_apps course``: check the lessons' own statements (the course's register,
:mod:`guesswho_lessons.register`, and the kit's, :mod:`guesswho_apps.teaching.course_kit`) and print the report.

By default every statement is checked on every state up to N = 130 (tripartite 100), in about a minute; ``--full``
checks them at the sizes the library's ``verify`` once used (1000, tripartite 729).  Exit status 0 when every
statement holds, 1 otherwise, 2 for a misuse.  (``python -m guesswho_lib verify`` checks the papers' claims.)
"""

from __future__ import annotations

from guesswho_lib.claims.report import format_report
from guesswho_lib.cli.options import UsageError
from guesswho_lib.cli.progress import progress_bar

__all__ = ["HELP", "add_arguments", "run", "command_line", "statements"]

HELP = "check the lessons' own statements (every mathematical sentence of the lessons, guide and kit)"


def add_arguments(p) -> None:
    p.add_argument("--full", action="store_true",
                   help="check at the sizes of `verify` (N = 1000, tripartite 729), not the default N = 130")
    p.add_argument("--only", default=None, help="run only the statements whose id contains this text")
    p.add_argument("--no-progress", action="store_true", help="do not draw the progress bar")


def statements() -> list:
    """The statements of the lessons (the course's register) and of the kit (its own register), in that order."""
    from guesswho_lessons.register import course_claims

    from ..teaching.course_kit import kit_statements
    lessons = course_claims()
    return lessons + [c for c in kit_statements() if c not in lessons]


def command_line(args) -> str:
    """The command that ran, in words, for the report's header.

    >>> from types import SimpleNamespace as A
    >>> command_line(A(full=True, only=None)), command_line(A(full=False, only="parity"))
    ('python -m guesswho_apps course --full', 'python -m guesswho_apps course --only parity')
    """
    return " ".join(["python -m guesswho_apps course"] + (["--full"] if args.full else [])
                    + ([f"--only {args.only}"] if args.only is not None else []))


def run(args) -> int:
    from guesswho_lessons.register import FULL_N, FULL_N_TRIPARTITE, SMALL_N, SMALL_N_TRIPARTITE, run_course

    N, Nt = (FULL_N, FULL_N_TRIPARTITE) if args.full else (SMALL_N, SMALL_N_TRIPARTITE)
    claims = statements()
    if args.only is not None and not any(args.only in c.id for c in claims):
        raise UsageError(f"--only: no statement id contains {args.only!r} (ids start with course., e.g. "
                         f"{claims[0].id})")
    results = run_course(N, Nt, args.only, None if args.no_progress else progress_bar(), claims=claims)
    print(format_report(results, left_out=False, command=command_line(args)))
    return 0 if all(r.as_expected for r in results) else 1
