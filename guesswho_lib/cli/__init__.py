"""The library's command line, ``python -m guesswho_lib``: ``table``, ``verify`` and ``figures``.

:func:`main` (in :mod:`.entry`) builds the parser and runs the chosen command; each command is one module
(:mod:`.table`, :mod:`.verify`, :mod:`.figures`); :mod:`.options` checks option values (one-line errors, exit
status 2); :mod:`.progress` draws the progress bar of ``verify`` and ``figures``.  The applications' command line
(``python -m guesswho_apps``, :mod:`guesswho_apps.cli`) runs its commands with :func:`run` too.
"""

from .entry import COMMANDS, main, run

__all__ = ["COMMANDS", "main", "run"]
