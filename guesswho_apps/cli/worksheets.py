"""``python -m guesswho_apps worksheets [--out worksheets/] [--only NAME]``: the printable A4 worksheets and the
teacher's answer sheet, every number computed (same library, same bytes)."""

from __future__ import annotations

from guesswho_lib.cli.options import UsageError, built_aside, writable_folder

from .extras import require_extra

__all__ = ["HELP", "OUTPUT", "add_arguments", "run"]

#: the option naming what this command writes (left as it was if the command is interrupted)
OUTPUT = "out"

HELP = "write the printable worksheets and the answer sheet (A4 PDFs)"


def add_arguments(p) -> None:
    p.add_argument("--out", default="worksheets", help="output folder (default: worksheets/)")
    p.add_argument("--only", default=None, help="one worksheet, by name (a wrong name lists them)")


def run(args) -> int:
    require_extra("kit", "the worksheets")
    from ..teaching.worksheets import WORKSHEETS, write_worksheets

    if args.only is not None and args.only not in WORKSHEETS:
        raise UsageError(f"--only: must be one of {', '.join(WORKSHEETS)}, got {args.only!r}")
    out = writable_folder(args.out, "--out")
    names = None if args.only is None else [args.only]
    with built_aside(out) as work:
        paths = write_worksheets(work, names).values()
    for path in paths:
        print(out / path.relative_to(work))
    return 0
