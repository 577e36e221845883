"""The applications' command line, ``python -m guesswho_apps`` (or ``guesswho``): the class server and its class
sessions (``serve``, ``class``), the teacher's kit (``guide``, ``worksheets``, ``exam``, ``summaries``), the
website (``site``, ``launch``), the course's checks (``course``, ``numbers``), and the library's own commands (``lab``,
``table``, ``verify``, ``figures``, :mod:`guesswho_lib.cli`).

Each command is one module of this package, run in the library's frame (:func:`guesswho_lib.cli.run`: one-line
errors naming the option, exit status 2; Ctrl-C removes what an interrupted command had written).
"""

from guesswho_lib.cli import COMMANDS as LIBRARY_COMMANDS
from guesswho_lib.cli import run

from . import course, exam, guide, launch, numbers, serve, sessions, site, summaries, worksheets

__all__ = ["COMMANDS", "main"]

#: command name -> the module that implements it
COMMANDS = {**LIBRARY_COMMANDS, "site": site, "guide": guide, "worksheets": worksheets, "exam": exam,
            "summaries": summaries, "launch": launch, "serve": serve, "class": sessions, "course": course,
            "numbers": numbers}


def main(argv=None) -> int:
    """``python -m guesswho_apps``: the applications' commands and the library's."""
    return run("python -m guesswho_apps", COMMANDS, argv)
