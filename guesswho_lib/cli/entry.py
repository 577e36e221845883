"""The ``python -m guesswho_lib`` command line: ``table``, ``verify``, ``figures``, ``site``, ``guide``,
``worksheets``, ``launch`` and ``class``.

Each command is a module of this package with ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``; this
module only builds the parser and runs the chosen command.  Imports go one way: the command line reads the
library (claims, figures, the solver), nothing in the library reads the command line.  A misuse (a bad option
value, an unwritable file, a filter that matches nothing) ends in one line naming the option and what it
accepts, with exit status 2, before any long work.
"""

from __future__ import annotations

import argparse
import sys

from . import figures, guide, launch, sessions, site, table, verify, worksheets
from .options import UsageError

__all__ = ["COMMANDS", "main"]

#: command name -> the module that implements it
COMMANDS = {"table": table, "verify": verify, "figures": figures, "site": site, "guide": guide,
            "worksheets": worksheets, "launch": launch, "class": sessions}


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (no usage block): '<prog>: error: <message>', exit 2."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message}\n")


def main(argv=None) -> int:
    parser = _Parser(prog="python -m guesswho_lib", description="Exact optimal play in Guess Who?")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, module in COMMANDS.items():
        module.add_arguments(sub.add_parser(name, help=module.HELP, description=module.HELP))
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:                  # a misuse (status 2, message printed) or --help (status 0)
        return e.code if isinstance(e.code, int) else 0
    try:
        return COMMANDS[args.command].run(args)
    except UsageError as e:
        print(f"{parser.prog} {args.command}: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
