"""Run-time settings read from the environment.

``GUESSWHO_FAST=1`` (set by the test suite when it executes the notebooks) asks lessons and the figures
command to use smaller grids, so that the whole notebook suite runs in well under two minutes.

Only the notebooks, the figures command and the command line read it: a test switch must never change a
default of the library (``tests/test_architecture.py`` checks that no other module imports this one).
"""

import os

FAST: bool = os.environ.get("GUESSWHO_FAST", "") not in ("", "0", "false", "False")


def pick(full, fast):
    """``fast`` when GUESSWHO_FAST is set, else ``full`` (for grid sizes in lessons and figures)."""
    return fast if FAST else full
