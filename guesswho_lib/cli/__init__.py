"""The command line, ``python -m guesswho_lib``: ``table``, ``verify`` and ``figures``."""

from .main import main

__all__ = ["main"]
