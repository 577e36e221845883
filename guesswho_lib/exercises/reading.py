"""Reading one answer safely: numbers from any form (never building a number with a billion digits), the
decimal nudge, collections with size limits, and echoing an answer in feedback without ever raising.

The kinds of :mod:`.answers` build on these; nothing here knows an exercise's right answer.
"""

from __future__ import annotations

import ast
import math
import numbers
import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from ..rules import format_fraction
from ..rules import GUESS

__all__ = ["Feedback", "Reading", "Number", "unreadable", "shown", "capitalised", "lower_first", "read_number",
           "decimal_nudge", "collection_items", "clean_text", "type_name", "is_bool", "whole_text", "sorted_values",
           "MAX_TEXT", "MAX_EXPONENT", "MAX_ITEMS", "SIMPLE_DENOMINATOR", "BIG"]

MAX_TEXT = 300            # a text answer longer than this is refused (nobody types a longer answer)
MAX_EXPONENT = 400        # '1e999999999' would build a number with a billion digits: refused
MAX_ITEMS = 10_000        # a collection with more parts than this is refused
SIMPLE_DENOMINATOR = 20   # a short decimal such as 0.3333 is nudged towards p/q only when q <= this
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

    ``nudge``: something to say if the value turns out not to be right, computed from the answer alone (a
    decimal that looks rounded: "did you mean 7/9?")."""

    value: object = None
    problem: str = ""
    nudge: str = ""
    shown: str = ""          # how to echo the answer ("0.3333", "1/2")

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
            text = (whole_text(x.numerator) if x.denominator == 1 else
                    f"{whole_text(x.numerator)}/{whole_text(x.denominator)}" if max(abs(x.numerator), x.denominator) < BIG
                    else f"a fraction with a {int(x.denominator.bit_length() * 0.30103) + 1}-digit denominator")
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
_CALL_TEXT = re.compile(r"(?:(?:fractions\.|sympy\.|sp\.)?(?:Fraction|Rational))\(([+-]?\d+)(?:,([+-]?\d+))?\)")
_CALL_QUOTED = re.compile(r"(?:(?:fractions\.|sympy\.|sp\.)?(?:Fraction|Rational))\(['\"]([^'\"()]{1,40})['\"]\)")
_RATIO = re.compile(r"[+-]?\d+\s*:\s*\d+")
_GOES_ON = ("...", "…")
_EXPONENT = re.compile(r"[eE]([+-]?\d+)")
_QUOTES = "'\"`“”‘’"


@dataclass(frozen=True)
class Number:
    """A number read from an answer: its exact value, and the decimal text if it was written as a decimal."""

    value: Fraction
    decimal: str = ""        # "0.3333" for 0.3333 or "0.3333"; "" for an exact answer


def clean_text(text: str) -> str:
    t = text.strip().strip(_QUOTES).strip()
    return t.replace("−", "-").replace("÷", "/").replace("⁄", "/")


def read_number(x) -> "Number | str":
    """A number from any accepted form, or a message saying why ``x`` is not one (never raises on ordinary
    input; the caller guards against hostile objects).

    >>> read_number("3 / 4"), read_number(0.1).decimal, read_number(float("nan"))[:22]
    (Number(value=Fraction(3, 4), decimal=''), '0.1', 'Nan and infinity are n')
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
        if len(exact.lstrip("-").replace(".", "").strip("0")) <= 30:   # a short exact decimal: read it exactly
            return _read_number_text(exact, repr(f))
        return _read_number_text(repr(f), repr(f))       # else the decimal Python prints (what was typed)
    if isinstance(x, complex):
        return f"Not a real number (you gave {shown(x)})"
    if isinstance(x, str):
        return _read_number_text(x, shown(x))
    return f"Not a number (you gave {shown(x)})"


def _read_number_text(text: str, echo: str) -> "Number | str":
    if len(text) > MAX_TEXT:
        return f"Too long to be a number ({len(text)} characters)"
    t = clean_text(text)
    if "%" in t:
        return f"A percentage (you gave {echo}): give the number itself (1/4, not 25%)"
    t = re.sub(r"\s*/\s*", "/", t)
    t = re.sub(r"^([+-])\s+", r"\1", t)
    t = re.sub(r"\s*([(),])\s*", r"\1", t)
    if not t:
        return "The text is empty"
    quoted = _CALL_QUOTED.fullmatch(t)
    if quoted:                                             # Fraction("7/9")
        return _read_number_text(quoted.group(1), echo)
    if _RATIO.fullmatch(t):
        return (f"A ratio such as {t} could mean a fraction or odds (odds of 1:3 are 1 in 4); "
                "write it as a fraction with a slash, such as 3/4.")
    if t.endswith(_GOES_ON):
        head = t.rstrip(".…").strip()
        if re.fullmatch(r"[+-]?\d*\.\d{1,30}", head):
            return f"{t} goes on for ever, so it is not exact. {truncated_nudge(head)}".strip()
        return f"Not a number (you gave {echo})"
    call = _CALL_TEXT.fullmatch(t)
    if call:
        p, q = int(call.group(1)), int(call.group(2) or 1)
        return Number(Fraction(p, q)) if q else "The denominator is 0"
    m = _NUMBER_TEXT.fullmatch(t)
    if not m:
        if "," in t:
            return f"A comma in a number (you gave {echo}): give one number, without thousands separators (1.5, not 1,5)"
        return f"Not a number (you gave {echo})"
    if any(abs(int(e)) > MAX_EXPONENT for e in _EXPONENT.findall(t)):
        return f"Too big (or too small) to be an answer here (you gave {echo})"
    a, b = m.group(1), m.group(2)
    top = Fraction(a)
    bottom = Fraction(b) if b is not None else Fraction(1)
    if bottom == 0:
        return "The denominator is 0"
    value = top / bottom
    decimal = t if re.search(r"[.eE]", t) else ""
    return Number(value, decimal)


def _simplest_in(lo: Fraction, hi: Fraction, max_q: int):
    """The fraction with the smallest denominator (at most max_q) in [lo, hi], or None."""
    for q in range(1, max_q + 1):
        p = math.ceil(lo * q)
        if Fraction(p, q) <= hi:
            return Fraction(p, q)
    return None


def decimal_nudge(decimal: str, value: Fraction) -> str:
    """For an answer written as a decimal: "did you mean p/q?" when it looks like a rounded simple fraction, else "".

    Computed from the decimal alone, never from an exercise's answer: 0.3333 gets the same nudge in every
    exercise, right or wrong.  A long decimal (the float Python prints for ``7/9``) is matched to the fraction it
    rounds (denominator up to a million); a short one (``0.3333``) to the simplest fraction (denominator up to
    :data:`SIMPLE_DENOMINATOR`) that rounds to it.  A decimal that is itself such a fraction (``0.25``) gets none.

    >>> decimal_nudge("0.3333", Fraction(3333, 10000))[:52]
    '0.3333 looks like a rounded decimal. Give it exactly'
    >>> decimal_nudge("0.25", Fraction(1, 4))
    ''
    """
    if not decimal or value.denominator <= SIMPLE_DENOMINATOR:
        return ""
    digits = len(re.sub(r"[^0-9]", "", decimal.split("e")[0].split("E")[0]).lstrip("0"))
    guess = None
    if digits >= 12:                                  # the float of a fraction, as Python prints it
        near = value.limit_denominator(10 ** 6)
        if near != value and abs(near - value) <= abs(value) * Fraction(1, 10 ** 12):
            guess = near
            why = f"{decimal} is how Python writes {format_fraction(near)} as a decimal (rounded)."
    elif abs(value) < 10 ** 6:
        places = max(0, -Decimal(decimal.strip().lstrip("+")).as_tuple().exponent)
        if places >= 1:
            half = Fraction(1, 2 * 10 ** places)
            guess = _simplest_in(value - half, value + half, SIMPLE_DENOMINATOR)
            why = f"{decimal} looks like a rounded decimal."
    if guess is None or guess == value:
        return ""
    p, q = guess.numerator, guess.denominator
    return f"{why} Give it exactly: did you mean {p}/{q}? Write Fraction({p}, {q}) or \"{p}/{q}\"."


def truncated_nudge(decimal: str) -> str:
    """For a decimal written as going on ("0.777..."): "did you mean p/q?" for the simplest fraction (denominator
    up to :data:`SIMPLE_DENOMINATOR`) whose decimal starts with these digits; "" if there is none.  From the
    digits alone, never from an exercise's answer.

    >>> truncated_nudge("0.777")
    'Give it exactly: did you mean 7/9? Write Fraction(7, 9) or "7/9".'
    """
    value = Fraction(decimal)
    places = len(decimal.split(".")[1])
    step = Fraction(1, 10 ** places)
    lo, hi = (value, value + step) if value >= 0 else (value - step, value)
    guess = _simplest_in(lo, hi, SIMPLE_DENOMINATOR)
    if guess is None:
        return ""
    p, q = guess.numerator, guess.denominator
    return f"Give it exactly: did you mean {p}/{q}? Write Fraction({p}, {q}) or \"{p}/{q}\"."


def lower_first(text: str) -> str:
    word = text.split(" ", 1)[0]
    return text[:1].lower() + text[1:] if word.isalpha() and not word.isupper() else text


def sorted_values(values) -> list:
    try:
        return sorted(values)
    except TypeError:
        return sorted(values, key=repr)


def collection_items(answer):
    """The parts of a list, tuple, set or 1-d array (bounded), or a message; text is parsed as a Python literal."""
    if isinstance(answer, str):
        if len(answer) > MAX_TEXT * 10:
            return "Too long"
        try:
            answer = ast.literal_eval(clean_text(answer))
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            return f"Could not be read as a list (you gave {shown(answer)})"
        if isinstance(answer, str):
            return f"Not a list (you gave {shown(answer)})"
    if type_name(answer) == "ndarray":
        if getattr(answer, "ndim", 0) != 1 or answer.size > MAX_ITEMS:
            return f"Not a flat list (you gave {shown(answer)})"
        return [x.item() if hasattr(x, "item") else x for x in answer]
    if isinstance(answer, (list, tuple, set, frozenset)):
        if len(answer) > MAX_ITEMS:
            return f"Too big to be an answer here (a collection of {len(answer)} items)"
        return list(answer)
    return f"Not a list, tuple or set (you gave {shown(answer)})"
