"""The command line: the library's ``python -m guesswho_lib`` (``lab``, ``table``, ``verify``, ``figures``), and
the frame that the applications' ``python -m guesswho_apps`` (:mod:`guesswho_apps.cli`) runs its commands in too.

Each command is a module with ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int`` (and ``OUTPUT``, the
option naming what it writes, if it writes; and ``PASSES_ON``, if the options it does not know are passed on, as
``args.passed_on``: ``lab`` passes them on to JupyterLab); :func:`run` only builds the parser and runs the chosen
command.  Imports go one way: the command line reads the library (claims, figures, the solver), nothing in the
library reads the command line.  A misuse (a bad option value, an unwritable file, a filter that matches nothing)
ends in one line naming the option and what it accepts, with exit status 2, before any long work.  Ctrl-C stops a
command at once (exit status 130, one line): a command that writes a folder (``figures``; the applications'
``site``, ``guide`` and ``worksheets``) builds it aside and puts it in place only at the end
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

from . import figures, lab, table, verify
from .options import INTERRUPTED, PLACED, UsageError, stop_unfinished

__all__ = ["COMMANDS", "main", "run"]

#: command name -> the module that implements it: the library's own commands
COMMANDS = {"lab": lab, "table": table, "verify": verify, "figures": figures}


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (no usage block): '<prog>: error: <message>', exit 2."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message}\n")


def main(argv=None) -> int:
    """``python -m guesswho_lib``: the library's commands."""
    return run("python -m guesswho_lib", COMMANDS, argv)


def run(prog: str, commands: dict, argv=None) -> int:
    """Parse ``argv`` (default: the process's arguments) for one of ``commands`` (name -> module) and run it."""
    parser = _Parser(prog=prog, description="Exact optimal play in Guess Who?")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, module in commands.items():
        module.add_arguments(sub.add_parser(name, help=module.HELP, description=module.HELP))
    try:
        args, unknown = parser.parse_known_args(argv)
        if unknown and not getattr(commands[args.command], "PASSES_ON", False):
            parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    except SystemExit as e:                  # a misuse (status 2, message printed) or --help (status 0)
        return e.code if isinstance(e.code, int) else 0
    args.passed_on = unknown
    writes = getattr(commands[args.command], "OUTPUT", None)
    output = getattr(args, writes, None) if writes else None

    def said() -> str:
        """The one line a Ctrl-C ends the command with, true whenever it comes."""
        where = f"{parser.prog} {args.command}: interrupted"
        if output is None:
            return f"\n{where}"
        return f"\n{where}; " + (f"{output} was already written in full" if PLACED.is_set() else
                                  f"{output} is as it was before")

    for event in (INTERRUPTED, PLACED, _SAID):       # (an earlier command run in this process said its own)
        event.clear()
    before = None
    if threading.current_thread() is threading.main_thread():
        # Ctrl-C stops a command at once, even when it was started with interrupts ignored (as a shell starts
        # a background job): Python otherwise keeps the inherited "ignore" and the command runs to its end.
        before = signal.signal(signal.SIGINT, _interrupt(said) if writes else signal.default_int_handler)
    try:
        try:
            return commands[args.command].run(args)
        finally:
            if before is not None and not INTERRUPTED.is_set():   # (a caller in the same process gets its own back)
                signal.signal(signal.SIGINT, before)   # (a Ctrl-C still pending is raised here, and answered below)
    except UsageError as e:
        print(f"{parser.prog} {args.command}: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        if not _SAID.is_set():
            _SAID.set()
            print(said(), file=sys.stderr)
        return 130


_SAID = threading.Event()
#: Seconds after Ctrl-C within which a command has stopped: past them it is stopped (some libraries swallow
#: the KeyboardInterrupt, or wait for their workers).
STOP_SECONDS = 1.0


def _interrupt(said):
    """The Ctrl-C handler of a command that writes files: KeyboardInterrupt as usual, and, should the command
    not have ended within :data:`STOP_SECONDS`, the line ``said()``, its unfinished output removed and what it
    started stopped (:func:`.options.stop_unfinished`), and exit status 130."""
    def handler(signum, frame):
        if not INTERRUPTED.is_set():
            INTERRUPTED.set()
            threading.Thread(target=_stop_soon, args=(said,), name="stop", daemon=True).start()
        raise KeyboardInterrupt

    return handler


def _stop_soon(said):
    time.sleep(STOP_SECONDS)
    if not _SAID.is_set():
        _SAID.set()
        print(said(), file=sys.stderr, flush=True)
    stop_unfinished()
    os._exit(130)


if __name__ == "__main__":
    sys.exit(main())
