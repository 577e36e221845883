"""The command line, ``python -m guesswho_lib`` (or ``guesswho``): ``table``, ``verify`` and ``figures``.

:func:`main` (in :mod:`.entry`) builds the parser and runs the chosen command; each command is one module
(:mod:`.table`, :mod:`.verify`, :mod:`.figures`); :mod:`.options` checks option values (one-line errors, exit
status 2); :mod:`.progress` draws the progress bar of ``verify`` and ``figures``.
"""

from .entry import main

__all__ = ["main"]
