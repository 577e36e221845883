"""What a command prints for a person to read: aligned tables (a teacher's terminal, not JSON)."""

from __future__ import annotations

__all__ = ["text_table"]


def text_table(header, rows, right=()) -> list[str]:
    """The lines of a table: ``header`` (column titles), a rule, then ``rows``, each column as wide as its widest
    cell; the columns whose index is in ``right`` (numbers) are aligned right, the others left.

    >>> print("\\n".join(text_table(["code", "games"], [["K7QMD", 12], ["AB2CD", 3]], right=[1])))
    code   games
    -----  -----
    K7QMD     12
    AB2CD      3
    """
    cells = [[str(c) for c in header]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[k]) for row in cells) for k in range(len(header))]

    def line(row):
        return "  ".join(c.rjust(w) if k in right else c.ljust(w) for k, (c, w) in enumerate(zip(row, widths))).rstrip()

    return [line(cells[0]), line(["-" * w for w in widths])] + [line(row) for row in cells[1:]]
