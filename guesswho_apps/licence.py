"""The project's licences, stated once: the code under the MIT licence, the lessons, the teacher's guide and the
worksheets under Creative Commons Attribution 4.0 (CC BY 4.0).

The full texts are the files ``LICENSE`` (MIT) and ``LICENSE-CONTENT`` (CC BY 4.0) at the top of the repository.
``pyproject.toml``, ``CITATION.cff``, the README, the teacher's PDFs, the guide and the site state these licences
with the names and sentences below; ``tests/project/test_licence.py`` checks that they all agree.
"""

from __future__ import annotations

__all__ = ["CODE_LICENCE", "CONTENT_LICENCE", "CODE_LICENCE_NAME", "CONTENT_LICENCE_NAME", "CONTENT_LICENCE_URL",
           "CODE_LICENCE_FILE", "CONTENT_LICENCE_FILE", "COPYRIGHT", "CONTENT", "KINDS", "notice"]

#: SPDX identifiers (https://spdx.org/licenses/)
CODE_LICENCE = "MIT"
CONTENT_LICENCE = "CC-BY-4.0"

CODE_LICENCE_NAME = "MIT licence"
CONTENT_LICENCE_NAME = "Creative Commons Attribution 4.0 International licence (CC BY 4.0)"
CONTENT_LICENCE_URL = "https://creativecommons.org/licenses/by/4.0/"

#: the files, at the top of the repository, that hold the licences' full texts
CODE_LICENCE_FILE = "LICENSE"
CONTENT_LICENCE_FILE = "LICENSE-CONTENT"

COPYRIGHT = "© 2026 the guesswho developers"

#: what the content licence covers, in words
CONTENT = "the lessons, the teacher's guide and the worksheets"

_NOTICES = {
    "code": f"The code is {COPYRIGHT}, free software under the {CODE_LICENCE_NAME} (the file {CODE_LICENCE_FILE}).",
    "content": (f"{CONTENT[0].upper()}{CONTENT[1:]} are {COPYRIGHT}, licensed under the {CONTENT_LICENCE_NAME}, "
                f"{CONTENT_LICENCE_URL} (the file {CONTENT_LICENCE_FILE}): you may copy, share and adapt them, in "
                "class and in print, naming the guesswho developers and saying what you changed."),
    "footer": f"{COPYRIGHT} · CC BY 4.0 · {CONTENT_LICENCE_URL.removeprefix('https://')}",
}

#: the kinds of :func:`notice`
KINDS = tuple(_NOTICES)


def notice(kind: str) -> str:
    """The sentence that states a licence: ``"code"`` (the MIT licence), ``"content"`` (the lessons, guide and
    worksheets: CC BY 4.0, what it allows and asks), or ``"footer"`` (one short line for the foot of a printed
    page or a web page).

    >>> notice("footer")
    '© 2026 the guesswho developers · CC BY 4.0 · creativecommons.org/licenses/by/4.0/'
    >>> notice("site")
    Traceback (most recent call last):
    ValueError: notice: kind must be one of 'code', 'content', 'footer', got 'site'
    """
    if kind not in _NOTICES:
        raise ValueError(f"notice: kind must be one of {', '.join(map(repr, KINDS))}, got {kind!r}")
    return _NOTICES[kind]
