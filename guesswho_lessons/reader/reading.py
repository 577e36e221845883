"""Reading one answer safely: numbers from any form (never building a number with a billion digits), how
precisely a decimal or a percentage was written (:class:`Rounding`), collections with size limits, and echoing an
answer in feedback without ever raising.

The kinds of :mod:`.answers` build on these; nothing here knows an exercise's right answer.
"""

from __future__ import annotations

import ast
import math
import numbers
import re
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction

from guesswho_lib.rules import GUESS

__all__ = ["Feedback", "Reading", "Number", "Rounding", "PartsRounding", "unreadable", "shown", "capitalised",
           "lower_first", "read_number", "collection_items", "clean_text", "type_name", "is_bool", "whole_text",
           "sorted_values",
           "MAX_TEXT", "MAX_EXPONENT", "MAX_ITEMS", "BIG", "PRINTED_DIGITS", "FLOAT_TOLERANCE"]

MAX_TEXT = 300            # a text answer longer than this is refused (nobody types a longer answer)
MAX_EXPONENT = 400        # '1e999999999' would build a number with a billion digits: refused
MAX_ITEMS = 10_000        # a collection with more parts than this is refused
BIG = 10 ** 60            # whole numbers beyond this are echoed by their number of digits


@dataclass(frozen=True)
class Feedback:
    """The checker's answer: ``ok`` and a message (shown as "Correct! ..." or "Not yet. ...")."""

    ok: bool
    message: str

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:
        return ("Correct! " if self.ok else "Not yet. ") + self.message

    def _repr_markdown_(self) -> str:
        return ("**Correct!** " if self.ok else "**Not yet.** ") + self.message


@dataclass(frozen=True)
class Reading:
    """What a kind made of an answer: a canonical ``value``, or the ``problem`` (why it cannot be read).

    ``rounding``: for a number written as a decimal or a percentage, how precisely (:class:`Rounding`): the
    exercise then tells a correct rounding of its answer from a wrong decimal, without naming either."""

    value: object = None
    problem: str = ""
    shown: str = ""          # how to echo the answer ("0.3333", "1/2")
    rounding: "Rounding | PartsRounding | None" = None

    @property
    def ok(self) -> bool:
        return not self.problem


def unreadable(problem: str) -> Reading:
    return Reading(None, problem)


# ---- echoing an answer safely ------------------------------------------------------------------------------------
def type_name(x) -> str:
    try:
        return type(x).__name__
    except Exception:
        return "object"


def is_bool(x) -> bool:
    """True for Python and numpy booleans (``numpy.bool_`` is not an ``int``)."""
    return isinstance(x, bool) or type_name(x) in ("bool_", "bool")


def whole_text(v: int) -> str:
    if abs(v) >= BIG:
        return f"a whole number with {int(abs(v).bit_length() * 0.30103) + 1} digits"
    return str(v)


def shown(x, limit: int = 60) -> str:
    """``x`` as feedback echoes it: short, and never raising (a huge number is described by its size, a hostile
    object by its type).

    >>> shown(Fraction(9, 16)), shown(10 ** 100), shown("a" * 100)[-3:]
    ('9/16', 'a whole number with 101 digits', 'aa…')
    """
    try:
        if is_bool(x):
            text = repr(bool(x))
        elif isinstance(x, numbers.Integral):
            text = whole_text(int(x))
        elif isinstance(x, Fraction):
            if x.denominator == 1:
                text = whole_text(x.numerator)
            elif max(abs(x.numerator), x.denominator) < BIG:
                text = f"{whole_text(x.numerator)}/{whole_text(x.denominator)}"
            else:
                text = f"a fraction with a {int(x.denominator.bit_length() * 0.30103) + 1}-digit denominator"
        elif x is GUESS:
            text = "guess"
        elif isinstance(x, (list, tuple, set, frozenset, dict)) and len(x) > 12:
            text = f"a {type_name(x)} of {len(x)} items"
        else:
            text = repr(x)
    except Exception:
        text = f"an object of type {type_name(x)}"
    if not isinstance(text, str):
        text = f"an object of type {type_name(x)}"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def capitalised(message: str) -> str:
    """The message with its first word capitalised, unless that word is a mathematical name such as
    ``p_inf(4, 2)`` or ``n`` (one letter other than "a"), which keeps its case.

    >>> capitalised("your chance is 1/2."), capitalised("p_inf(4, 2) is 1/3."), capitalised("n m (P - p_inf)")
    ('Your chance is 1/2.', 'p_inf(4, 2) is 1/3.', 'n m (P - p_inf)')
    """
    word = message.split(" ", 1)[0]
    if (len(word) > 1 or word == "a") and word.isalpha():
        return message[:1].upper() + message[1:]
    return message


# ---- numbers ---------------------------------------------------------------------------------------------------
_NUM = r"(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?"
_NUMBER_TEXT = re.compile(rf"([+-]?{_NUM})(?:/([+-]?{_NUM}))?")
_PERCENT_TEXT = re.compile(rf"([+-]?{_NUM})\s*%")
_CALL_TEXT = re.compile(r"(?:(?:fractions\.|sympy\.|sp\.)?(?:Fraction|Rational))\(([+-]?\d+)(?:,([+-]?\d+))?\)")
_CALL_QUOTED = re.compile(r"(?:(?:fractions\.|sympy\.|sp\.)?(?:Fraction|Rational))\(['\"]([^'\"()]{1,40})['\"]\)")
_RATIO = re.compile(r"[+-]?\d+\s*:\s*\d+")
_GOES_ON = ("...", "…")
_EXPONENT = re.compile(r"[eE]([+-]?\d+)")
_QUOTES = "'\"`“”‘’"

#: A decimal with at least this many significant digits was printed by Python for a float (nobody types 12 digits
#: by hand): it is read as the result of a float computation, right "to the digits shown" when within
#: :data:`FLOAT_TOLERANCE` of the answer (relative to its size above 1).  Float errors of a few operations are far
#: smaller (about 1e-16), and two different fractions with denominators below 30 000 are further apart (the
#: answers and tempting wrong values of the lessons have denominators of at most 576).
PRINTED_DIGITS = 12
FLOAT_TOLERANCE = Fraction(1, 10 ** 9)


@dataclass(frozen=True)
class Rounding:
    """How precisely a decimal (or a percentage) was written, and so which exact numbers it stands for.

    The rule ("a correct rounding"): with u one unit in the last digit typed, the decimal d stands for every x with
    ``|x - d| <= u/2`` (half a unit either way, ties included: rounding a tie up or down are both taught).  So 0.56
    stands for [0.555, 0.565] and is a correct rounding of 9/16 = 0.5625 and of 5/9 = 0.5555...; 0.0677 (u =
    0.0001) of 13/192 = 0.0677083...  A percentage is read the same way, its unit a hundredth of the unit of its
    digits (56% = 0.56, u = 0.01; 56.25% = 0.5625, u = 0.0001).  A decimal written as going on ("0.777..." or
    "0.777…") stands for the numbers that begin with these digits (0.777 <= x < 0.778): its digits are cut off,
    not rounded.  A decimal of :data:`PRINTED_DIGITS` or more significant digits (what Python prints for the float
    of ``5/9``: 0.5555555555555556) also stands for every x within :data:`FLOAT_TOLERANCE` of it.

    A decimal cut off rather than rounded (0.555 for 5/9) is not a correct rounding; the feedback says that the
    answer begins with these digits (:meth:`begins`), without naming the answer.

    >>> r = read_number("0.56").rounding
    >>> r.covers(Fraction(9, 16)), r.covers(Fraction(5, 9)), r.covers(Fraction(4, 7)), r.words
    (True, True, False, 'to 2 decimal places')
    >>> read_number("0.777...").rounding.covers(Fraction(7, 9)), read_number("56.25%").value
    (True, Fraction(9, 16))
    """

    value: Fraction          # the number as typed (the digits shown)
    unit: Fraction           # one unit in the last digit typed
    cut: bool = False        # written as going on: the digits are cut off, not rounded
    printed: bool = False    # a decimal Python printed for a float (PRINTED_DIGITS or more significant digits)
    from_float: bool = False  # the answer was a float (a division typed in a cell), not text
    percent: bool = False
    places: int = 0          # digits after the point, as typed (of the percentage for a percentage)

    def covers(self, x) -> bool:
        """True when ``x`` (an exact number) is one this decimal stands for: the decimal is right to its digits."""
        if self.cut:
            return self.begins(x)
        try:
            distance = abs(Fraction(x) - self.value)
        except (TypeError, ValueError):
            return False
        return distance <= self.unit / 2 or (self.printed and distance <= FLOAT_TOLERANCE * max(1, abs(self.value)))

    def begins(self, x) -> bool:
        """True when ``x`` begins with the digits typed (they are ``x`` cut off, rather than rounded)."""
        try:
            x = Fraction(x)
        except (TypeError, ValueError):
            return False
        v, u = self.value, self.unit
        return v <= x < v + u if v >= 0 else v - u < x <= v

    @property
    def words(self) -> str:
        """How far the decimal is right, in words: "to 2 decimal places", "as far as it goes"."""
        if self.cut:
            return "as far as it goes"
        if self.printed:
            return "to the digits Python shows"
        if self.places >= 1:
            return f"to {self.places} decimal place{'s' if self.places > 1 else ''}"
        if self.places == 0:
            return "to the nearest percent" if self.percent else "to the nearest whole number"
        return "to the digits you typed"


@dataclass(frozen=True)
class PartsRounding:
    """How precisely a pair (or triple) was written when some of its parts are decimals: each part's
    :class:`Rounding` (None for a part given exactly).  It stands for every tuple whose decimal parts each round
    to what was typed and whose exact parts are equal; the feedback tells such a pair that it is right to its digits,
    to be given exactly, as for one number."""

    value: tuple
    parts: tuple             # a Rounding or None for each part

    def _each(self, x, test) -> bool:
        if not isinstance(x, tuple) or len(x) != len(self.parts):
            return False
        return all(test(r, xi) if r is not None else xi == vi for r, xi, vi in zip(self.parts, x, self.value))

    def covers(self, x) -> bool:
        return self._each(x, lambda r, xi: r.covers(xi))

    def begins(self, x) -> bool:
        return self._each(x, lambda r, xi: r.begins(xi) if r.cut else r.covers(xi))

    @property
    def cut(self) -> bool:
        return any(r is not None and r.cut for r in self.parts)

    @property
    def printed(self) -> bool:
        return all(r is None or r.printed for r in self.parts)

    @property
    def from_float(self) -> bool:
        return any(r is not None and r.from_float for r in self.parts)

    @property
    def words(self) -> str:
        return "to the digits Python shows" if self.printed else "to the digits you typed"


@dataclass(frozen=True)
class Number:
    """A number read from an answer: its exact value, and for a decimal or a percentage the text it was written as
    and how precisely (its :class:`Rounding`)."""

    value: Fraction
    decimal: str = ""        # "0.3333" for 0.3333 or "0.3333", "56%" for "56%"; "" for an exact answer
    rounding: Rounding | None = None


def clean_text(text: str) -> str:
    t = text.strip().strip(_QUOTES).strip()
    return t.replace("−", "-").replace("÷", "/").replace("⁄", "/")


def read_number(x) -> "Number | str":
    """A number from any accepted form, or a message saying why ``x`` is not one (never raises on ordinary
    input; the caller guards against hostile objects).

    >>> read_number("3 / 4"), read_number(0.1).decimal, read_number(float("nan"))[:22]
    (Number(value=Fraction(3, 4), decimal='', rounding=None), '0.1', 'Nan and infinity are n')
    """
    if is_bool(x):
        return f"True and False are yes/no values, not numbers (you gave {shown(x)})"
    if isinstance(x, numbers.Integral):
        return Number(Fraction(int(x)))
    if isinstance(x, Fraction):
        return Number(Fraction(x.numerator, x.denominator))
    if isinstance(x, numbers.Rational):                    # sympy.Rational and other exact rationals
        return Number(Fraction(int(x.numerator), int(x.denominator)))
    if isinstance(x, numbers.Real) or isinstance(x, Decimal):
        if isinstance(x, Decimal):
            if not x.is_finite():
                return f"Nan and infinity are not numbers that can be compared (you gave {shown(x)})"
            return _read_number_text(str(x), shown(x))
        f = float(x)
        if not math.isfinite(f):
            return f"Nan and infinity are not numbers that can be compared (you gave {shown(x)})"
        exact = format(Decimal(f), "f")                  # the float's exact value, as a decimal
        printed = _decimal(repr(f), Fraction(repr(f)))   # the decimal Python prints (what was typed), how precisely
        if len(exact.lstrip("-").replace(".", "").strip("0")) <= 30:   # a short exact decimal: read it exactly
            value = Fraction(exact)
        else:
            value = printed.value
        return Number(value, printed.decimal, replace(printed.rounding, value=value, from_float=True))
    if isinstance(x, complex):
        return f"Not a real number (you gave {shown(x)})"
    if isinstance(x, str):
        return _read_number_text(x, shown(x))
    return f"Not a number (you gave {shown(x)})"


def _decimal(text: str, value: Fraction, cut: bool = False, percent: bool = False) -> Number:
    """``value`` written as the decimal ``text`` (its digits, without a % sign or dots): how precisely."""
    mantissa = re.split(r"[eE]", text.lstrip("+-"))[0]
    exponent = Decimal(text.lstrip("+")).as_tuple().exponent       # of the last digit typed
    unit = Fraction(10) ** exponent / (100 if percent else 1)
    significant = len(mantissa.replace(".", "").lstrip("0"))
    shown_text = text + ("%" if percent else "...") if percent or cut else text
    return Number(value, shown_text, Rounding(value, unit, cut=cut, printed=significant >= PRINTED_DIGITS,
                                              percent=percent, places=-exponent))


def _read_number_text(text: str, echo: str) -> "Number | str":
    if len(text) > MAX_TEXT:
        return f"Too long to be a number ({len(text)} characters)"
    t = clean_text(text)
    t = re.sub(r"\s*/\s*", "/", t)
    t = re.sub(r"^([+-])\s+", r"\1", t)
    t = re.sub(r"\s*([(),])\s*", r"\1", t)
    if not t:
        return "The text is empty"
    if any(abs(int(e)) > MAX_EXPONENT for e in _EXPONENT.findall(t)):
        return f"Too big (or too small) to be an answer here (you gave {echo})"
    if "%" in t:
        m = _PERCENT_TEXT.fullmatch(t)
        if not m:
            return f"Not a number (you gave {echo})"
        return _decimal(m.group(1), Fraction(m.group(1)) / 100, percent=True)
    quoted = _CALL_QUOTED.fullmatch(t)
    if quoted:                                             # Fraction("7/9")
        return _read_number_text(quoted.group(1), echo)
    if _RATIO.fullmatch(t):
        return (f"A ratio such as {t} could mean a fraction or odds (odds of a:b are a chances in a + b); "
                "write it as a fraction with a slash, a/b.")
    if t.endswith(_GOES_ON):
        head = t.rstrip(".…").strip()
        if re.fullmatch(r"[+-]?\d*\.\d{1,30}", head):
            return _decimal(head, Fraction(head), cut=True)
        return f"Not a number (you gave {echo})"
    call = _CALL_TEXT.fullmatch(t)
    if call:
        p, q = int(call.group(1)), int(call.group(2) or 1)
        return Number(Fraction(p, q)) if q else "The denominator is 0"
    m = _NUMBER_TEXT.fullmatch(t)
    if not m:
        if "," in t:
            return f"A comma in a number (you gave {echo}): write a decimal with a point, and no thousands separators"
        return f"Not a number (you gave {echo})"
    a, b = m.group(1), m.group(2)
    top = Fraction(a)
    bottom = Fraction(b) if b is not None else Fraction(1)
    if bottom == 0:
        return "The denominator is 0"
    value = top / bottom
    if b is None and re.search(r"[.eE]", a):              # a decimal: how precisely it was written
        return _decimal(a, value)
    if re.search(r"[.eE]", t):                            # a fraction of decimals ("0.5/2"): exact, shown as typed
        return Number(value, t)
    return Number(value)


def lower_first(text: str) -> str:
    word = text.split(" ", 1)[0]
    return text[:1].lower() + text[1:] if word.isalpha() and not word.isupper() else text


def sorted_values(values) -> list:
    try:
        return sorted(values)
    except TypeError:
        return sorted(values, key=repr)


def _bracketed_parts(text: str) -> list | None:
    """The parts of a text list or tuple that is no Python literal, "(85/144, 13/18)" or "[Fraction(1, 2), 3/4]", as
    texts, split at the commas outside inner brackets; None unless it is bracketed and every bracket is closed."""
    text = text.strip()
    if len(text) < 2 or (text[0], text[-1]) not in (("(", ")"), ("[", "]")):
        return None
    parts, depth, start = [], 0, 1
    for i, ch in enumerate(text[1:-1], start=1):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth < 0:
                return None
        elif ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:-1].strip())
    if depth != 0 or any(not p for p in parts):
        return None
    return parts


def collection_items(answer):
    """The parts of a list, tuple, set or 1-d array (bounded), or a message; text is parsed as a Python literal."""
    typed = answer                      # echoed as typed (text "0.50" is not the 0.5 it parses to)
    if isinstance(answer, str):
        if len(answer) > MAX_TEXT * 10:
            return "Too long"
        try:
            answer = ast.literal_eval(clean_text(answer))
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            answer = _bracketed_parts(clean_text(answer))      # "(85/144, 13/18)": each part read by its kind
            if answer is None:
                return f"Could not be read as a list (you gave {shown(typed)})"
        if isinstance(answer, str):
            return f"Not a list (you gave {shown(typed)})"
    if type_name(answer) == "ndarray":
        if getattr(answer, "ndim", 0) != 1 or answer.size > MAX_ITEMS:
            return f"Not a flat list (you gave {shown(typed)})"
        return [x.item() if hasattr(x, "item") else x for x in answer]
    if isinstance(answer, (list, tuple, set, frozenset)):
        if len(answer) > MAX_ITEMS:
            return f"Too big to be an answer here (a collection of {len(answer)} items)"
        return list(answer)
    return f"Not a list, tuple or set (you gave {shown(typed)})"
