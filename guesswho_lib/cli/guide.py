"""``python -m guesswho_lib guide [--out guide/]``: the teacher's guide as Markdown, HTML and an A4 PDF."""

from __future__ import annotations

from ..teaching.guide import write_guide
from .options import built_aside, writable_folder

__all__ = ["HELP", "add_arguments", "run"]

HELP = "write the teacher's guide (Markdown, HTML and an A4 PDF)"


def add_arguments(p) -> None:
    p.add_argument("--out", default="guide", help="output folder (default: guide/)")


def run(args) -> int:
    out = writable_folder(args.out, "--out")
    with built_aside(out) as work:
        paths = write_guide(work).values()
    for path in paths:
        print(out / path.relative_to(work))
    return 0
