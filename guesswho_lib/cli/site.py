"""``python -m guesswho_lib site --out site/``: build the browsable site of the lessons (see guesswho_lib.site)."""

from __future__ import annotations

import sys
from pathlib import Path

from ..curriculum import LESSONS
from ..site.build import build_site, lesson_source
from ..site.execute import NotebookFailed
from .options import UsageError, built_aside, int_option, writable_folder
from .progress import progress_bar

__all__ = ["HELP", "add_arguments", "run"]

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
    try:
        with built_aside(out) as work:
            report = build_site(work, source, fast=args.fast, only=only, workers=args.workers,
                                progress=progress_bar())
    except NotebookFailed as e:
        print(f"\npython -m guesswho_lib site: {e}", file=sys.stderr)
        return 1
    for warning in report.warnings:
        print(f"note: {warning}")
    if report.teaching:
        print(f"note: {report.teaching}")
    print(f"{len(report.lesson_pages)} lesson pages, {report.widgets} widgets drawn, {len(report.files)} files: "
          f"open {out / 'index.html'}")
    return 0
