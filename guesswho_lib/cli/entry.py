"""The ``python -m guesswho_lib`` command line: ``table``, ``verify`` and ``figures``.

Each command is a module of this package with ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``; this
module only builds the parser and runs the chosen command.  Imports go one way: the command line reads the
library (claims, figures, the solver), nothing in the library reads the command line.  A misuse (a bad option
value) ends in an error message and exit status 2.
"""

from __future__ import annotations

import argparse
import sys

from . import figures, table, verify

__all__ = ["COMMANDS", "main"]

#: command name -> the module that implements it
COMMANDS = {"table": table, "verify": verify, "figures": figures}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m guesswho_lib", description="Exact optimal play in Guess Who?")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, module in COMMANDS.items():
        module.add_arguments(sub.add_parser(name, help=module.HELP, description=module.HELP))
    args = parser.parse_args(argv)
    try:
        return COMMANDS[args.command].run(args)
    except (ValueError, TypeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
