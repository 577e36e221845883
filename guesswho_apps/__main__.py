"""Command line: ``python -m guesswho_apps <command> ...``; ``python -m guesswho_apps -h`` lists the commands."""

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
