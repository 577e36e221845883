"""The ``python -m guesswho_lib`` command line: ``lab``, ``table``, ``verify``, ``figures``, ``site``, ``guide``,
``worksheets``, ``launch``, ``serve`` and ``class``.

Each command is a module of this package with ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``; this
module only builds the parser and runs the chosen command (a command with ``PASSES_ON`` gets the options it does
not know as ``args.passed_on``: ``lab`` passes them on to JupyterLab).  Imports go one way: the command line reads the
library (claims, figures, the solver), nothing in the library reads the command line.  A misuse (a bad option
value, an unwritable file, a filter that matches nothing) ends in one line naming the option and what it
accepts, with exit status 2, before any long work.  Ctrl-C stops a command at once (exit status 130) and removes
the files it had written, so an interrupted ``verify --errata``, ``site``, ``guide``, ``worksheets`` or
``figures`` leaves nothing half-written that looks whole.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from pathlib import Path

from . import figures, guide, lab, launch, serve, sessions, site, table, verify, worksheets
from .options import UsageError

__all__ = ["COMMANDS", "main"]

#: command name -> the module that implements it
COMMANDS = {"lab": lab, "table": table, "verify": verify, "figures": figures, "site": site, "guide": guide,
            "worksheets": worksheets, "launch": launch, "serve": serve, "class": sessions}
#: command name -> the option naming what it writes (a folder, or verify's errata file)
OUTPUTS = {"verify": "errata", "figures": "out", "site": "out", "guide": "out", "worksheets": "out"}


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
        args, unknown = parser.parse_known_args(argv)
        if unknown and not getattr(COMMANDS[args.command], "PASSES_ON", False):
            parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    except SystemExit as e:                  # a misuse (status 2, message printed) or --help (status 0)
        return e.code if isinstance(e.code, int) else 0
    args.passed_on = unknown
    if threading.current_thread() is threading.main_thread():
        # Ctrl-C stops a command at once, even when it was started with interrupts ignored (as a shell starts
        # a background job): Python otherwise keeps the inherited "ignore" and the command runs to its end.
        signal.signal(signal.SIGINT, signal.default_int_handler)
    output = getattr(args, OUTPUTS.get(args.command, ""), None)
    before = _files(output)
    try:
        return COMMANDS[args.command].run(args)
    except UsageError as e:
        print(f"{parser.prog} {args.command}: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        removed = _remove_written(output, before)
        print(f"\n{parser.prog} {args.command}: interrupted" + (
            f"; the {removed} file(s) it had written are removed, so nothing half-written is left" if removed else
            "; nothing was written"), file=sys.stderr)
        return 130


def _files(output) -> dict:
    """{path: (size, modification time)} of the files under ``output`` (a folder or a file), before a run."""
    if not output:
        return {}
    root = Path(output)
    paths = [root] if root.is_file() else (p for p in root.rglob("*") if p.is_file()) if root.is_dir() else []
    out = {}
    for p in paths:
        try:
            st = p.stat()
        except OSError:
            continue
        out[p] = (st.st_size, st.st_mtime_ns)
    return out


def _remove_written(output, before: dict) -> int:
    """Remove the files under ``output`` that the interrupted run created or changed (a half-built site, an
    errata file cut short); files it did not touch stay.  Returns how many were removed."""
    removed = 0
    for p, stamp in _files(output).items():
        if before.get(p) != stamp:
            try:
                os.remove(p)
                removed += 1
            except OSError:
                pass
    return removed


if __name__ == "__main__":
    sys.exit(main())
