"""Run-time settings read from the environment.

``GUESSWHO_FAST=1`` asks the lessons for smaller grids, so that the whole notebook suite runs in well under two
minutes: the test suite sets it when it executes the notebooks, and ``python -m guesswho_apps site --fast`` when it
builds the site.

Only the notebooks read it (``from guesswho_lib.config import pick``); no module of the library does, since a test
switch must never change a default of the library (``tests/project/test_architecture.py`` checks it).
"""

import os

FAST: bool = os.environ.get("GUESSWHO_FAST", "") not in ("", "0", "false", "False")


def pick(full, fast):
    """``fast`` when GUESSWHO_FAST is set, else ``full`` (for grid sizes in the lessons)."""
    return fast if FAST else full
