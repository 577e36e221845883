"""``python -m guesswho_apps exam [--out exam/]``: exam-style questions for every core lesson and their mark
scheme (A4 PDFs and Markdown), every number computed (same library, same bytes)."""

from __future__ import annotations

from .extras import require_extra, write_out

__all__ = ["HELP", "OUTPUT", "add_arguments", "run"]

#: the option naming what this command writes (left as it was if the command is interrupted)
OUTPUT = "out"

HELP = "write the exam-style questions and their mark scheme (A4 PDFs and Markdown)"


def add_arguments(p) -> None:
    p.add_argument("--out", default="exam", help="output folder (default: exam/)")


def run(args) -> int:
    require_extra("kit", "the exam questions")
    from ..teaching.assessment import write_exam

    return write_out(args.out, write_exam)
