"""Nicknames the teacher can tell apart: two nicknames that look alike are one name, and the teacher's pages
number the students who share one ("Sam", "Sam (2)").

* :func:`nickname_key` -- what a nickname is compared by: its compatibility form (NFKC: full-width "Ｓａｍ" is
  "Sam"), each character replaced by the one Unicode's confusables data says it can be mistaken for (Cyrillic
  "а" is Latin "a", "rn" is "m"; Unicode Technical Standard #39's skeleton, from the table
  ``guesswho_apps/data/confusables-fold.txt``, whose header names its source and licences), and case left out;
* :func:`numbered` -- the names a page shows for a list of nicknames in the order their students joined: the
  first of each key keeps its nickname, the next ones are numbered.

>>> nickname_key("Sam") == nickname_key("S\\u0430m") == nickname_key("\\uff33\\uff41\\uff4d") == nickname_key("SAM")
True
>>> nickname_key("Sam") == nickname_key("Pam"), numbered(["Sam", "Ana", "Sam", "sam"])
(False, ['Sam', 'Ana', 'Sam (2)', 'sam (3)'])
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from functools import lru_cache
from pathlib import Path

__all__ = ["nickname_key", "numbered", "FOLD_TABLE"]

#: Unicode's confusables, as a table: one character -> its prototype (see the file's header).
FOLD_TABLE = Path(__file__).resolve().parents[1] / "data" / "confusables-fold.txt"


@lru_cache(maxsize=1)
def _fold() -> dict:
    table = {}
    for line in FOLD_TABLE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            source, target = line.split("\t")
            table[ord(chr(int(source, 16)))] = "".join(chr(int(c, 16)) for c in target.split())
    return table


def nickname_key(nickname: str) -> str:
    """The form two nicknames are compared in: equal keys look alike (NFKC, the confusables fold, no case)."""
    text = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", nickname))
    skeleton = unicodedata.normalize("NFD", text.translate(_fold()))
    return unicodedata.normalize("NFC", skeleton.casefold().translate(_fold()))


def numbered(nicknames) -> list[str]:
    """The names to show for ``nicknames`` (in the order their students joined): a nickname whose key came
    before gets its number, "Sam (2)"."""
    seen: dict[str, int] = defaultdict(int)
    out = []
    for name in nicknames:
        key = nickname_key(name)
        seen[key] += 1
        out.append(name if seen[key] == 1 else f"{name} ({seen[key]})")
    return out
