"""A Guess Who? board as a trait matrix (Paz & Peterfreund, section 2.1).

The board has ``n`` characters and ``m`` yes/no traits.  Its *trait matrix* ``T`` is the ``n x m``
0/1 matrix with ``T[i][j] = 1`` exactly when character ``i`` has trait ``j``.  The shipped board
(:func:`load_board`) has 24 characters of our own invention; it is stored in
``guesswho_lib/data/characters.csv`` with two categorical columns (``hair``, ``eyes``) that become one
trait per value ("red hair", "blue eyes", ...) and nine 0/1 columns.

Sets of characters are handled two ways: as ``frozenset`` of names in the public API, and as
integer bit masks (bit ``i`` = character ``i``) inside the searches, because set algebra on Python
integers is fast.

    >>> b = load_board()
    >>> b.n, b.m
    (24, 18)
    >>> sorted(b.with_trait("red hair"))
    ['Ada', 'Mira', 'Quinn']
    >>> sorted(b.traits_of("Pavel"))
    ['bald', 'beard', 'big nose', 'brown eyes', 'glasses']
"""

from __future__ import annotations

import csv
import os
from dataclasses import dataclass, field
from importlib import resources
from typing import Iterable, Sequence

__all__ = ["Board", "load_board", "board_from_csv", "PHRASES", "BOARD_FILE_LIMIT"]

# How each trait reads in a question: (has it, does not have it).
PHRASES: dict[str, tuple[str, str]] = {
    "black hair": ("has black hair", "does not have black hair"),
    "brown hair": ("has brown hair", "does not have brown hair"),
    "blond hair": ("has blond hair", "does not have blond hair"),
    "red hair": ("has red hair", "does not have red hair"),
    "grey hair": ("has grey hair", "does not have grey hair"),
    "bald": ("is bald", "is not bald"),
    "brown eyes": ("has brown eyes", "does not have brown eyes"),
    "blue eyes": ("has blue eyes", "does not have blue eyes"),
    "green eyes": ("has green eyes", "does not have green eyes"),
    "glasses": ("wears glasses", "does not wear glasses"),
    "hat": ("wears a hat", "does not wear a hat"),
    "beard": ("has a beard", "does not have a beard"),
    "moustache": ("has a moustache", "does not have a moustache"),
    "earrings": ("wears earrings", "does not wear earrings"),
    "freckles": ("has freckles", "does not have freckles"),
    "long hair": ("has long hair", "does not have long hair"),
    "big nose": ("has a big nose", "does not have a big nose"),
    "smiling": ("is smiling", "is not smiling"),
}

_CATEGORICAL = {"hair": ("black hair", "brown hair", "blond hair", "red hair", "grey hair", "bald"),
                "eyes": ("brown eyes", "blue eyes", "green eyes")}
_VALUE_TO_TRAIT = {"hair": {"black": "black hair", "brown": "brown hair", "blond": "blond hair",
                            "red": "red hair", "grey": "grey hair", "bald": "bald"},
                   "eyes": {"brown": "brown eyes", "blue": "blue eyes", "green": "green eyes"}}


def members(mask: int):
    """The positions i of the set bits of ``mask`` (the characters in a bit-mask set), in increasing order."""
    i = 0
    while mask:
        if mask & 1:
            yield i
        mask >>= 1
        i += 1


@dataclass(frozen=True)
class Board:
    """Characters (``names``), traits (``traits``) and the 0/1 trait matrix ``rows[i][j]``.

    Build one with :func:`load_board` or ``Board(names, traits, rows)``; ``sub_board`` keeps some
    characters and/or traits.
    """

    names: tuple[str, ...]
    traits: tuple[str, ...]
    rows: tuple[tuple[int, ...], ...]
    _index: dict = field(init=False, repr=False, compare=False)
    _trait_index: dict = field(init=False, repr=False, compare=False)
    _columns: tuple = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        names, traits = tuple(self.names), tuple(self.traits)
        rows = tuple(tuple(int(x) for x in r) for r in self.rows)
        if not names:
            raise ValueError("names must contain at least one character")
        if len(set(names)) != len(names):
            raise ValueError("names must be distinct")
        if len(set(traits)) != len(traits):
            raise ValueError("traits must be distinct")
        if len(rows) != len(names):
            raise ValueError(f"rows must have one row per character ({len(names)}), got {len(rows)}")
        for name, r in zip(names, rows):
            if len(r) != len(traits):
                raise ValueError(f"row of {name!r} must have {len(traits)} entries, got {len(r)}")
            if any(x not in (0, 1) for x in r):
                raise ValueError(f"row of {name!r} must contain only 0 and 1")
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "traits", traits)
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "_index", {s: i for i, s in enumerate(names)})
        object.__setattr__(self, "_trait_index", {t: j for j, t in enumerate(traits)})
        # Column j as a bit mask (bit i: character i has trait j), built in one step per column: adding
        # 1 << i one at a time costs time quadratic in the number of characters.
        cols = tuple(int("".join("1" if r[j] else "0" for r in reversed(rows)) or "0", 2) for j in range(len(traits)))
        object.__setattr__(self, "_columns", cols)

    # --- sizes and look-ups ---------------------------------------------------------------
    @property
    def n(self) -> int:
        """Number of characters."""
        return len(self.names)

    @property
    def m(self) -> int:
        """Number of traits."""
        return len(self.traits)

    @property
    def everyone(self) -> int:
        """Bit mask of all characters."""
        return (1 << self.n) - 1

    def index(self, name: str) -> int:
        try:
            return self._index[name]
        except (KeyError, TypeError):
            raise ValueError(f"name must be one of the {self.n} characters {list(self.names)}, "
                             f"got {name!r}") from None

    def _trait(self, trait: str) -> int:
        try:
            return self._trait_index[trait]
        except (KeyError, TypeError):
            raise ValueError(f"trait must be one of {list(self.traits)}, got {trait!r}") from None

    def has(self, name: str, trait: str) -> bool:
        """True if character ``name`` has ``trait``."""
        return bool(self.rows[self.index(name)][self._trait(trait)])

    def traits_of(self, name: str) -> frozenset[str]:
        """The traits character ``name`` has (their row of the matrix)."""
        r = self.rows[self.index(name)]
        return frozenset(t for t, x in zip(self.traits, r) if x)

    def with_trait(self, trait: str) -> frozenset[str]:
        """The characters that have ``trait`` (a column of the matrix)."""
        return self.names_in(self.column(trait))

    def column(self, trait: str) -> int:
        """Bit mask of the characters that have ``trait``."""
        return self._columns[self._trait(trait)]

    @property
    def columns(self) -> tuple[int, ...]:
        """Bit masks of all traits, in the order of ``traits``."""
        return self._columns

    # --- sets of characters ---------------------------------------------------------------
    def mask(self, names: Iterable[str]) -> int:
        """Bit mask of a collection of names (bit i = character i)."""
        if isinstance(names, str):
            raise TypeError("names must be a collection of names, not a single string")
        out = 0
        for s in names:
            out |= 1 << self.index(s)
        return out

    def names_in(self, mask: int) -> frozenset[str]:
        """The names in a bit mask."""
        if not isinstance(mask, int) or mask < 0 or mask > self.everyone:
            raise ValueError(f"mask must be an int between 0 and {self.everyone}, got {mask!r}")
        return frozenset(self.names[i] for i in range(self.n) if mask >> i & 1)

    def phrase(self, trait: str, positive: bool = True) -> str:
        """How the trait reads in a question ('wears glasses' / 'does not wear glasses')."""
        self._trait(trait)
        if trait in PHRASES:
            return PHRASES[trait][0 if positive else 1]
        return f"has {trait}" if positive else f"does not have {trait}"

    def distinguishable(self) -> bool:
        """True if every two characters differ in some trait (Paz & Peterfreund, section 2.2)."""
        return len(set(self.rows)) == self.n

    def sub_board(self, names: Sequence[str] | None = None, traits: Sequence[str] | None = None) -> "Board":
        """The board restricted to some characters and/or traits (in the given order)."""
        names = self.names if names is None else tuple(names)
        traits = self.traits if traits is None else tuple(traits)
        idx = [self.index(s) for s in names]
        jdx = [self._trait(t) for t in traits]
        return Board(names, traits, tuple(tuple(self.rows[i][j] for j in jdx) for i in idx))

    def table(self) -> str:
        """The trait matrix as text: a header with every trait's whole name, then one line per character, each 0
        or 1 under the end of its trait's name."""
        w = max(len(s) for s in self.names)
        widths = [max(1, len(t)) for t in self.traits]
        head = " " * w + "  " + "  ".join(self.traits)
        lines = [head.rstrip()] + [s.ljust(w) + "  " + "  ".join(f"{x:>{k}}" for x, k in zip(r, widths))
                                   for s, r in zip(self.names, self.rows)]
        return "\n".join(lines)


#: Largest characters CSV :func:`load_board` reads (bytes).
BOARD_FILE_LIMIT = 1_000_000


def _csv_lines(reader, where: str):
    """The rows of a csv reader; a line the csv module cannot read (a field over its 131,072-character limit,
    say) is a ValueError naming the file and the line."""
    while True:
        try:
            values = next(reader)
        except StopIteration:
            return
        except csv.Error as e:
            raise ValueError(f"{where}: line {reader.line_num}: {e}") from None
        yield values


def load_board(path=None) -> Board:
    """The 24-character board shipped with the package (or a CSV in the same format at ``path``).

    ``path``: None, or the file's name (a string or a ``pathlib.Path``).  The file must be UTF-8 text (a
    byte-order mark is allowed) of at most :data:`BOARD_FILE_LIMIT` bytes: a header starting with ``name``,
    then one line per character with one value per column (``hair`` and ``eyes`` as words, the other traits 0
    or 1).  A bad file is refused with a ValueError naming the file and the line.

    >>> load_board().distinguishable()
    True
    """
    if path is None:
        text = resources.files("guesswho_lib").joinpath("data/characters.csv").read_text(encoding="utf-8")
        where = "the shipped characters CSV"
    else:
        if isinstance(path, bytes) or not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"path must be None or a file name (str or pathlib.Path), got {path!r} "
                            f"of type {type(path).__name__}")
        where = f"the characters CSV {os.fspath(path)!r}"
        with open(path, "rb") as f:
            data = f.read(BOARD_FILE_LIMIT + 1)
        if len(data) > BOARD_FILE_LIMIT:
            raise ValueError(f"{where} is larger than {BOARD_FILE_LIMIT:,} bytes (the limit of load_board)")
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            line = data[:e.start].count(b"\n") + 1
            raise ValueError(f"{where} is not UTF-8 text (line {line}: byte {data[e.start]:#04x}); "
                             "save it as UTF-8") from None
    return board_from_csv(text, where)


def board_from_csv(text: str, where: str = "the board's CSV text") -> Board:
    r"""A board from CSV text in the format of :func:`load_board` (a bad line is refused with a ValueError naming
    ``where`` and the line).

    >>> board_from_csv("name,hat,glasses\nAnn,1,1\nBen,0,1\n").traits
    ('hat', 'glasses')
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be the CSV text (a str), got {type(text).__name__}")
    if len(text) > BOARD_FILE_LIMIT:
        raise ValueError(f"{where} is longer than {BOARD_FILE_LIMIT:,} characters (the limit of load_board)")
    reader = csv.reader(text.splitlines())
    lines = _csv_lines(reader, where)
    fields = [c.strip() for c in next(lines, [])]
    if not fields or fields[0] != "name":
        raise ValueError(f"{where}: line 1 must be the header, starting with a 'name' column, got "
                         f"{[f[:40] for f in fields[:3]]}")
    for c in fields:
        if not c or fields.count(c) > 1 or not c.isprintable():
            raise ValueError(f"{where}: line 1 has an empty, repeated or unprintable column name {c[:40]!r}")
    if len(fields) < 2:
        raise ValueError(f"{where}: line 1 has no trait columns after 'name': a board needs at least one trait "
                         "to ask about")
    traits = [t for c in fields[1:] if c in _CATEGORICAL for t in _CATEGORICAL[c]]
    traits += [c.replace("_", " ") for c in fields[1:] if c not in _CATEGORICAL]
    categorical = [(k, c) for k, c in enumerate(fields) if k and c in _CATEGORICAL]
    binary_at = [(k, c) for k, c in enumerate(fields) if k and c not in _CATEGORICAL]
    names, rows, seen = [], [], set()
    for values in lines:
        line = reader.line_num
        values = [v.strip() for v in values]
        if not any(values):
            continue                                       # blank lines are skipped
        if len(values) != len(fields):
            raise ValueError(f"{where}: line {line} has {len(values)} values, the header {len(fields)}")
        name = values[0]
        if not name:
            raise ValueError(f"{where}: line {line} has no name")
        if not name.isprintable():
            bad = next(ch for ch in name if not ch.isprintable())
            raise ValueError(f"{where}: line {line}: the name {name[:40]!r} contains the control character "
                             f"{bad!r}; a name is printable text")
        row = []
        for k, c in categorical:
            if values[k] not in _VALUE_TO_TRAIT[c]:
                raise ValueError(f"{where}: line {line}: {c} of {name[:40]!r} must be one of "
                                 f"{list(_VALUE_TO_TRAIT[c])}, got {values[k][:40]!r}")
            row += [int(_VALUE_TO_TRAIT[c][values[k]] == t) for t in _CATEGORICAL[c]]
        for k, c in binary_at:
            if values[k] not in ("0", "1"):
                raise ValueError(f"{where}: line {line}: {c} of {name[:40]!r} must be 0 or 1, "
                                 f"got {values[k][:40]!r}")
            row.append(values[k] == "1")
        if name in seen:
            raise ValueError(f"{where}: line {line} repeats the name {name[:40]!r}")
        seen.add(name)
        names.append(name)
        rows.append(tuple(int(x) for x in row))
    if not names:
        raise ValueError(f"{where} has no characters (only a header)")
    return Board(tuple(names), tuple(traits), tuple(rows))
