"""Nicknames the teacher can tell apart: two nicknames that look alike are one name, and the teacher's pages
number the students who share one ("Sam", "Sam (2)").

* :func:`nickname_key` -- what a nickname is compared by: its compatibility form (NFKC: full-width "Ｓａｍ" is
  "Sam"), each character replaced by the one Unicode's confusables data says it can be mistaken for (Cyrillic
  "а" is Latin "a", "rn" is "m"; Unicode Technical Standard #39's skeleton, from the table
  ``guesswho_apps/data/confusables-fold.txt``, whose header names its source and licences), and case left out;
* :func:`numbered` -- the names a page shows for a list of nicknames in the order their students joined: the
  first of each key keeps its nickname, the next ones are numbered.

The table is made from the ``confusables.json`` of the confusable_homoglyphs package (PyPI), which lists every line
``source ; prototype`` of Unicode's confusables.txt as a pair in both directions (:func:`prototypes`)::

    python -c "from guesswho_apps.classroom.names import write_fold_table as w; print(w('PATH/confusables.json'))"

>>> nickname_key("Sam") == nickname_key("S\\u0430m") == nickname_key("\\uff33\\uff41\\uff4d") == nickname_key("SAM")
True
>>> nickname_key("Sam") == nickname_key("Pam"), numbered(["Sam", "Ana", "Sam", "sam"])
(False, ['Sam', 'Ana', 'Sam (2)', 'sam (3)'])
"""

from __future__ import annotations

import collections
import json
import unicodedata
from collections import defaultdict
from functools import lru_cache
from pathlib import Path

__all__ = ["nickname_key", "numbered", "FOLD_TABLE", "prototypes", "write_fold_table"]

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


def prototypes(data: dict) -> dict:
    """{character: its prototype} from confusables.json's pairs (left-to-right marks around right-to-left text
    dropped): the pairs form stars around each prototype; where two single characters only are paired, the smaller
    (an ASCII character first) is taken as the prototype, which changes nothing of which nicknames look alike; a
    prototype's own characters are mapped too, to a fixed point.

    >>> table = prototypes({"a": [{"c": "\\u0430"}, {"c": "\\u0251"}], "\\u0430": [{"c": "a"}], "m": [{"c": "rn"}]})
    >>> sorted((f"U+{ord(k):04X}", v) for k, v in table.items())
    [('U+006D', 'rn'), ('U+0251', 'a'), ('U+0430', 'a')]
    """
    pairs = collections.defaultdict(set)
    for key, found in data.items():
        for entry in found:
            a, b = key.replace("\u200e", ""), entry["c"].replace("\u200e", "")
            if a != b:
                pairs[a].add(b)
                pairs[b].add(a)
    seen, out = set(), {}
    for start in sorted(pairs):
        if start in seen:
            continue
        stack, star = [start], []
        seen.add(start)
        while stack:
            u = stack.pop()
            star.append(u)
            for w in pairs[u] - seen:
                seen.add(w)
                stack.append(w)
        centre = [x for x in star if len(pairs[x]) > 1] or [x for x in star if len(x) > 1]
        if len(centre) > 1:
            raise ValueError(f"not one prototype with its look-alikes: {star}")
        proto = centre[0] if centre else min(star, key=lambda s: (not s.isascii(), s))
        out.update({x: proto for x in star if x != proto and len(x) == 1})
    for _ in range(10):                      # a prototype's own characters mapped too, to a fixed point
        done = {k: "".join(out.get(c, c) for c in v) for k, v in out.items()}
        if done == out:
            return {k: v for k, v in out.items() if k != v}
        out = done
    raise ValueError("the prototypes do not settle: a cycle in the data")


def write_fold_table(source: str) -> int:
    """Write :data:`FOLD_TABLE` from confusables.json at ``source`` (its header, the source and the licences, kept);
    returns how many characters it maps."""
    table = prototypes(json.loads(Path(source).read_text(encoding="utf-8")))
    header = "".join(line for line in FOLD_TABLE.read_text(encoding="utf-8").splitlines(keepends=True)
                     if line.startswith("#"))

    def code(text):
        return " ".join(f"{ord(c):04X}" for c in text)
    rows = "".join(f"{code(k)}\t{code(table[k])}\n" for k in sorted(table, key=ord))
    FOLD_TABLE.write_text(header + rows, encoding="utf-8", newline="\n")
    return len(table)
