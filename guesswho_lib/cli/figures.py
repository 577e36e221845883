"""``python -m guesswho_lib figures [--out figures/]``: regenerate every figure and the gallery, deterministically."""

from __future__ import annotations

from ..figures.build import figure_names, make_all
from .options import UsageError, built_aside, writable_folder
from .progress import progress_bar

__all__ = ["HELP", "OUTPUT", "add_arguments", "run"]

#: the option naming what this command writes (left as it was if the command is interrupted)
OUTPUT = "out"

HELP = "regenerate every figure (PNG and PDF, deterministic) and the gallery figures/README.md"


def add_arguments(p) -> None:
    p.add_argument("--out", default="figures", help="output folder (default: figures/)")
    p.add_argument("--fast", action="store_true", help="small grids (for tests)")
    p.add_argument("--only", default=None, help="only the figures whose name contains this text")


def run(args) -> int:
    names = figure_names()
    if args.only is not None and not any(args.only in name for name in names):
        raise UsageError(f"--only: no figure name contains {args.only!r} (names: {', '.join(names)})")
    out = writable_folder(args.out, "--out")
    with built_aside(out) as work:
        paths = make_all(work, fast=args.fast, only=args.only, progress=progress_bar())
    for path in paths:
        print(out / path.relative_to(work))
    return 0
