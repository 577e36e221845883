"""Command line: ``python -m guesswho_lib <command> ...``; ``python -m guesswho_lib -h`` lists the commands."""

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
