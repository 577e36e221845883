"""The commands whose packages come as extras of the set-up: a missing package is one line naming the extra to
install, before any work, never a traceback (the plain set-up is the lessons' and the class server's)."""

from __future__ import annotations

import importlib.util

from guesswho_lib.cli.options import UsageError, built_aside, writable_folder

__all__ = ["EXTRAS", "require_extra", "write_out"]

#: An extra of pyproject.toml -> the packages it installs, by the name they are imported as (a test checks the two).
#: (Jinja2 is no extra: the plain set-up installs it, for every HTML the library and the applications write.)
EXTRAS = {"kit": ("reportlab",),
          "site": ("reportlab", "nbformat", "nbclient", "sphinx", "myst_nb", "sphinx_book_theme",
                   "jupyter_server_mathjax")}


def require_extra(extra: str, what: str) -> None:
    """A UsageError saying how to install ``extra`` when one of its packages is missing (``what`` needs them)."""
    missing = [name for name in EXTRAS[extra] if importlib.util.find_spec(name) is None]
    if missing:
        raise UsageError(f"{what} needs the {', '.join(missing)} package(s), which the plain set-up does not "
                         f"install: python -m pip install -e \".[{extra}]\"")


def write_out(folder: str, write) -> int:
    """Run ``write(folder) -> {kind: path}`` aside and move the result into ``folder`` (an interrupted command leaves
    it as it was), then print each path written."""
    out = writable_folder(folder, "--out")
    with built_aside(out) as work:
        paths = write(work).values()
    for path in paths:
        print(out / path.relative_to(work))
    return 0
