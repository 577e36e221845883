"""The ``python -m guesswho_lib`` command line: ``lab``, ``table``, ``verify``, ``figures``, ``site``, ``guide``,
``worksheets``, ``launch``, ``serve`` and ``class``.

Each command is a module of this package with ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``; this
module only builds the parser and runs the chosen command (a command with ``PASSES_ON`` gets the options it does
not know as ``args.passed_on``: ``lab`` passes them on to JupyterLab).  Imports go one way: the command line reads
the library (claims, figures, the solver), nothing in the library reads the command line.  A misuse (a bad option
value, an unwritable file, a filter that matches nothing) ends in one line naming the option and what it
accepts, with exit status 2, before any long work.  Ctrl-C stops a command at once (exit status 130, one line):
``site``, ``guide``, ``worksheets`` and ``figures`` build aside and put their output in place only at the end
(:func:`.options.built_aside`), and ``verify --errata`` writes its file whole at the end, so an interrupted
command leaves the last good output as it was.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import time

from . import figures, guide, lab, launch, serve, sessions, site, table, verify, worksheets
from .options import INTERRUPTED, UsageError, stop_unfinished

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
    output = getattr(args, OUTPUTS.get(args.command, ""), None)
    said = f"\n{parser.prog} {args.command}: interrupted" + (f"; {output} is as it was before" if output else "")
    before = None
    if threading.current_thread() is threading.main_thread():
        # Ctrl-C stops a command at once, even when it was started with interrupts ignored (as a shell starts
        # a background job): Python otherwise keeps the inherited "ignore" and the command runs to its end.
        before = signal.signal(signal.SIGINT, _interrupt(said) if args.command in OUTPUTS else
                               signal.default_int_handler)
    try:
        return COMMANDS[args.command].run(args)
    except UsageError as e:
        print(f"{parser.prog} {args.command}: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        if not _SAID.is_set():
            _SAID.set()
            print(said, file=sys.stderr)
        return 130
    finally:
        if before is not None and not INTERRUPTED.is_set():   # (a caller in the same process gets its own back)
            signal.signal(signal.SIGINT, before)


_SAID = threading.Event()
#: Seconds after Ctrl-C within which a command has stopped: past them it is stopped (some libraries swallow
#: the KeyboardInterrupt, or wait for their workers).
STOP_SECONDS = 1.0


def _interrupt(said: str):
    """The Ctrl-C handler of a command that writes files: KeyboardInterrupt as usual, and, should the command
    not have ended within :data:`STOP_SECONDS`, the line ``said``, its unfinished output and its notebooks'
    kernels removed, and exit status 130."""
    def handler(signum, frame):
        if not INTERRUPTED.is_set():
            INTERRUPTED.set()
            threading.Thread(target=_stop_soon, args=(said,), name="stop", daemon=True).start()
        raise KeyboardInterrupt

    return handler


def _stop_soon(said: str):
    time.sleep(STOP_SECONDS)
    if not _SAID.is_set():
        _SAID.set()
        print(said, file=sys.stderr, flush=True)
    stop_unfinished()
    os._exit(130)


if __name__ == "__main__":
    sys.exit(main())
