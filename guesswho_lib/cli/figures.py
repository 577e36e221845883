"""``python -m guesswho_lib figures [--out figures/]``: regenerate every figure and the gallery, deterministically."""

from __future__ import annotations

from pathlib import Path

from ..figures.build import make_all
from .progress import progress_bar

__all__ = ["HELP", "add_arguments", "run"]

HELP = "regenerate every figure (PNG and PDF, deterministic) and the gallery figures/README.md"


def add_arguments(p) -> None:
    p.add_argument("--out", default="figures", help="output folder (default: figures/)")
    p.add_argument("--fast", action="store_true", help="small grids (for tests)")
    p.add_argument("--only", default=None, help="only the figures whose name contains this text")


def run(args) -> int:
    for path in make_all(Path(args.out), fast=args.fast, only=args.only, progress=progress_bar()):
        print(path)
    return 0
