"""The library's command line, ``python -m guesswho_lib``: ``lab``, ``table``, ``verify`` and ``figures``.

``lab`` opens the lessons in JupyterLab (or Notebook 7) for a student: it is the library's because it needs what
the plain set-up installs and no application (it starts JupyterLab; it imports nothing of :mod:`guesswho_apps`).
:func:`main` (in :mod:`.entry`) builds the parser and runs the chosen command; each command is one module
(:mod:`.lab`, :mod:`.table`, :mod:`.verify`, :mod:`.figures`); :mod:`.options` checks option values (one-line
errors, exit status 2); :mod:`.progress` draws the progress bar of ``verify`` and ``figures``; :mod:`.printing`
lays out the tables a command prints; :mod:`.working_copy` makes the working copy of the lessons that ``lab``
opens (and the school's JupyterHub gives each student).  The applications' command line (``python -m
guesswho_apps``, :mod:`guesswho_apps.cli`) runs its commands with :func:`run` too.
"""

from .entry import COMMANDS, main, run

__all__ = ["COMMANDS", "main", "run"]
