"""``python -m guesswho_apps launch``: write the Colab set-up cell, made from the repository's address in
``[tool.guesswho.launch]`` of ``pyproject.toml``, into every lesson (see guesswho_apps.site.launch)."""

from __future__ import annotations

from pathlib import Path

from ..site.launch import launch_settings, write_colab_cells
from guesswho_lib.cli.options import UsageError

__all__ = ["HELP", "add_arguments", "run"]

HELP = ("write the Colab set-up cell into every lesson from the address in [tool.guesswho.launch] of "
        "pyproject.toml (run it after changing that address)")


def add_arguments(p) -> None:
    p.add_argument("--source", default=".", help="the project folder holding pyproject.toml and notebooks/ "
                                                 "(default: the current folder)")
    p.add_argument("--check", action="store_true", help="change nothing; exit status 1 if a lesson is out of step")


def run(args) -> int:
    source = Path(args.source)
    if not (source / "pyproject.toml").is_file() or not (source / "notebooks").is_dir():
        raise UsageError(f"--source: {str(source)!r} is not the project folder (no pyproject.toml and notebooks/)")
    try:
        settings = launch_settings(source)
    except ValueError as e:
        raise UsageError(f"--source: {e}") from None
    changed = write_colab_cells(source, check=args.check)
    state = "the address is set" if settings.is_set else "the address is not set yet (the cell says so on Colab)"
    for path in changed:
        print(f"{'out of step' if args.check else 'written'}: {path}")
    print(f"{settings.repository} ({settings.branch}): {state}; "
          f"{len(changed)} lesson(s) {'out of step' if args.check else 'changed'}")
    return 1 if args.check and changed else 0
