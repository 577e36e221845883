"""The progress bar of the command line, drawn on one line of a stream (standard error by default)."""

from __future__ import annotations

import sys

__all__ = ["progress_bar"]


def progress_bar(stream=None, width: int = 30):
    """A callback ``progress(i, total, label)`` that redraws ``[####......] i/total label`` in place.

    The line ends (a newline is written) when ``i == total``.

    >>> import io
    >>> s = io.StringIO(); bar = progress_bar(s, width=4); bar(1, 2, "half"); bar(2, 2, "done")
    >>> s.getvalue().split("\\r")[1:]
    ['[##..] 1/2 half                                    ', '[####] 2/2 done                                    \\n']
    """
    stream = sys.stderr if stream is None else stream

    def progress(i: int, total: int, label: str) -> None:
        filled = width * i // max(total, 1)
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {i}/{total} {label[:40]:<40}")
        if i == total:
            stream.write("\n")
        stream.flush()
    return progress
