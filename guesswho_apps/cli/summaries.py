"""``python -m guesswho_apps summaries [--out summaries/]``: a one-page summary of every core lesson and the
glossary of the course's words (an A4 PDF and Markdown), every number computed (same library, same bytes)."""

from __future__ import annotations

from .extras import require_extra, write_out

__all__ = ["HELP", "OUTPUT", "add_arguments", "run"]

#: the option naming what this command writes (left as it was if the command is interrupted)
OUTPUT = "out"

HELP = "write the lesson summaries and the glossary (an A4 PDF and Markdown)"


def add_arguments(p) -> None:
    p.add_argument("--out", default="summaries", help="output folder (default: summaries/)")


def run(args) -> int:
    require_extra("kit", "the lesson summaries")
    from ..teaching.summaries import write_summaries

    return write_out(args.out, write_summaries)
