"""``python -m guesswho_apps guide [--out guide/]``: the teacher's guide as Markdown and an A4 PDF, and the scheme of
work for a half-term beside it (a PDF with its editable Markdown and LaTeX)."""

from __future__ import annotations

from .extras import require_extra, write_out

__all__ = ["HELP", "OUTPUT", "add_arguments", "run"]

#: the option naming what this command writes (left as it was if the command is interrupted)
OUTPUT = "out"

HELP = "write the teacher's guide (Markdown and an A4 PDF) and the scheme of work"


def add_arguments(p) -> None:
    p.add_argument("--out", default="guide", help="output folder (default: guide/)")


def run(args) -> int:
    require_extra("kit", "the teacher's guide")
    from ..teaching.scheme import write_guide_and_scheme

    return write_out(args.out, write_guide_and_scheme)
