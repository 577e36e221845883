"""``python -m guesswho_apps site --out site/``: build the browsable site of the lessons (see guesswho_apps.site)."""

from __future__ import annotations

import sys
from pathlib import Path

from guesswho_lessons.curriculum import LESSONS
from guesswho_lib.cli.options import UsageError, built_aside, int_option, when_stopped, writable_folder
from guesswho_lib.cli.progress import progress_bar

from .extras import require_extra

__all__ = ["HELP", "OUTPUT", "add_arguments", "run"]

#: the option naming what this command writes (left as it was if the command is interrupted)
OUTPUT = "out"

HELP = ("build the lessons' website (Sphinx, MyST-NB, sphinx-book-theme: executed notebooks, figures, errata, "
        "teacher's guide) that opens offline: open <out>/index.html")


def add_arguments(p) -> None:
    p.add_argument("--out", default="site", help="output folder (default: site/)")
    p.add_argument("--source", default=".", help="the project folder holding notebooks/ and ERRATA.md "
                                                 "(default: the current folder)")
    p.add_argument("--fast", action="store_true", help="run the lessons on small grids (GUESSWHO_FAST=1; for tests)")
    p.add_argument("--only", default=None, help="comma-separated lesson ids (default: every lesson in the table)")
    p.add_argument("--workers", type=int_option(1, 16), default=2, help="notebooks run at once (1..16, default 2)")


def run(args) -> int:
    require_extra("site", "the website")
    from ..site.build import build_site, lesson_source
    from ..site.execute import NotebookFailed, stop_kernels

    only = None
    if args.only is not None:
        only = [s.strip() for s in args.only.split(",") if s.strip()]
        ids = [x.id for x in LESSONS]
        unknown = [s for s in only if s not in ids]
        if unknown or not only:
            raise UsageError(f"--only: no lesson {(unknown or [''])[0]!r}; lesson ids are {', '.join(ids)}")
    source = Path(args.source)
    missing = [lesson_source(source, x) for x in LESSONS if only is None or x.id in only]
    missing = [p for p in missing if not p.is_file()]
    if missing:
        raise UsageError(f"--source: {str(missing[0])!r} does not exist (run from the project folder, or give "
                         f"--source <project folder>)")
    out = writable_folder(args.out, "--out")
    when_stopped(stop_kernels)                  # Ctrl-C: the notebooks' kernels stop at once
    try:
        with built_aside(out) as work:
            report = build_site(work, source, fast=args.fast, only=only, workers=args.workers,
                                progress=progress_bar())
    except NotebookFailed as e:
        print(f"\npython -m guesswho_apps site: {e}", file=sys.stderr)
        return 1
    for warning in report.warnings:
        print(f"note: {warning}")
    if report.teaching:
        print(f"note: {report.teaching}")
    print(f"{len(report.lesson_pages)} lesson pages, {report.widgets} widgets drawn, {len(report.files)} files: "
          f"open {out / 'index.html'}")
    return 0
