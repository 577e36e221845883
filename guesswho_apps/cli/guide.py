"""``python -m guesswho_apps guide [--out guide/]``: the teacher's guide as Markdown and an A4 PDF."""

from __future__ import annotations

from guesswho_lib.cli.options import built_aside, writable_folder

from .extras import require_extra

__all__ = ["HELP", "OUTPUT", "add_arguments", "run"]

#: the option naming what this command writes (left as it was if the command is interrupted)
OUTPUT = "out"

HELP = "write the teacher's guide (Markdown and an A4 PDF)"


def add_arguments(p) -> None:
    p.add_argument("--out", default="guide", help="output folder (default: guide/)")


def run(args) -> int:
    require_extra("kit", "the teacher's guide")
    from ..teaching.guide import write_guide

    out = writable_folder(args.out, "--out")
    with built_aside(out) as work:
        paths = write_guide(work).values()
    for path in paths:
        print(out / path.relative_to(work))
    return 0
