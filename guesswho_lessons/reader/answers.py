"""The one answer reader of every exercise: what a student may type, and how it is read.

Every exercise declares the *kind* of its answer; the kind reads whatever the student typed into a canonical
value (or says plainly why it cannot), and the exercise compares that value with its right answers, which the
library computes.  The same kind reads the same input the same way in every lesson.

========================  ===============================================================================
kind                      accepted ways of writing an answer
========================  ===============================================================================
:class:`Exact`            ``Fraction(7, 9)``, ``"7/9"``, ``" 7 / 9 "``, ``"Fraction(7, 9)"``, ``sympy.Rational(7, 9)``,
                          whole numbers (``1``, ``numpy.int64(1)``, ``"1"``); a decimal (``0.5``, ``"0.5"``,
                          ``numpy.float64``) or a percentage (``"56.25%"``, ``"56 %"``) is read as the number it
                          prints as, so ``0.5`` *is* 1/2, and with how precisely it was written
                          (:class:`~.reading.Rounding`): a decimal that is a correct rounding of the answer
                          (``0.56`` or ``7/9`` typed in a cell, the float 0.7777777777777778, for 7/9) is told
                          it is right to its digits but must be given exactly; any other is told it is not
                          right to its digits.  Neither names a fraction.
:class:`Whole`            ``1012``, ``numpy.int64(1012)``, ``"1012"``, ``sympy.Integer(1012)``, ``Fraction(1012)``,
                          ``1012.0`` (the decimal is exactly whole); never a rounded or truncated ``1012.4``
:class:`Word`             a name, rule name or region, case-insensitive, spaces and quotes ignored, with the
                          exercise's aliases ("weeds", "the upper hand") and objects of the library it names
                          (``gw.GUESS`` for "guess"); a negated or double answer is refused
:class:`YesNo`            ``"yes"``/``"no"`` (any case, "y", "n", "true", "false"), ``True``/``False``
:class:`Move`             a move as the lessons write it (text as :func:`~guesswho_lib.rules.parse_move` reads
                          it): ``"1:3"``, ``"[1 : 3]"``, ``"(1, 3)"``, ``(1, 3)``, ``[3, 1]``, ``"guess"``,
                          ``gw.GUESS``, or the decision k (the size of the group asked about, 0 = guess) where
                          the exercise allows it
:class:`Tuple`            a pair (or triple) as a tuple, a list, a numpy array or text ``"(10, 4)"`` (of whole
                          numbers also ``"2:3:4"``), each part read by its own kind, in the order asked; a
                          decimal part is right to its digits or not, as one decimal is, and echoed as typed
:class:`SetOf`            a set, list or tuple (or its text) of parts, order and repeats ignored
:class:`Function`         a function, compared with the library's at stated points
:class:`Approx`           a number to a stated number of decimal places (only where the exact answer is not a
                          fraction, e.g. an interval from a square root)
========================  ===============================================================================

The reader never raises, never hangs (``'1e999999999'`` is refused, not built; collections and text have size
limits; nothing is iterated that is not a list, tuple, set or array) and never calls the student's object's own
``__eq__``: answers are turned into plain Python values first.  ``nan``, ``inf`` and ``True`` are not numbers.

>>> Exact().read("9 / 16").value, Exact().read(0.5).value, Exact().read(7 / 9).rounding.covers(Fraction(7, 9))
(Fraction(9, 16), Fraction(1, 2), True)
>>> Move(4).read("[1 : 3]").value, Move(4).read(3).value, Whole().read("1e999999999").problem[:38]
((1, 3), (1, 3), 'Too big (or too small) to be an answer')
"""

from __future__ import annotations

import math
import numbers
import re
from decimal import Decimal
from fractions import Fraction

from guesswho_lib.rules import GUESS, MOVE_STYLES, format_fraction, format_move, get_rules, normalise_move, parse_move
from .limits import Stopped
from .reading import (BIG, FLOAT_TOLERANCE, MAX_TEXT, Feedback, PartsRounding, Reading, Rounding, capitalised,
                      clean_text,
                      collection_items, is_bool, lower_first, read_number, shown, sorted_values, type_name,
                      unreadable, whole_text)

__all__ = ["Feedback", "Reading", "Rounding", "Kind", "Exact", "Whole", "Word", "YesNo", "Move", "Tuple", "SetOf",
           "Function", "Approx", "shown", "capitalised", "read_number", "EXACT_FORMS", "library_use"]

#: How to write an exact answer, in every message that asks for one: letters, never an example number (an example
#: such as 3/4 could be some exercise's answer, or steer towards it).
EXACT_FORMS = "Fraction(p, q) or the text \"p/q\" (p and q whole numbers)"


# ---- kinds ------------------------------------------------------------------------------------------------------
class Kind:
    """How one kind of answer is read, compared, echoed, and recognised in a text.

    ``read(answer) -> Reading`` never raises on ordinary input (the exercise also guards it); ``forms(v)`` lists
    accepted ways of writing a value (the tests feed them all); ``wrong_like(v, rights)`` gives values of the same
    shape that are not right; ``appears(v, text)`` says whether a text states the value (the leak test);
    ``common(v)`` is True for values so small or so frequent in any lesson (1/2, 3, "yes") that the leak test
    looks for them only beside the exercise's subject."""

    expects = "an answer"
    takes_function = False       # the answer is the student's function: the checker runs it (within limits)

    def read(self, answer) -> Reading:  # pragma: no cover - every kind implements it
        raise NotImplementedError

    def canonical(self, value):
        """A right answer as the library computed it, in this kind's canonical form (raises if it is not one)."""
        r = self.read(value)
        if not r.ok:
            raise ValueError(f"{shown(value)} is not {self.expects}: {r.problem}")
        return r.value

    def equal(self, a, b) -> bool:
        return a == b

    def judge(self, value, rights) -> tuple[bool, str]:
        """(is ``value`` right, a message about it if not, "" for the usual one)."""
        return any(self.equal(value, r) for r in rights), ""

    def show(self, value) -> str:
        return shown(value)

    def forms(self, value) -> list:
        return [value]

    def wrong_like(self, value, rights) -> list:
        return []

    def appears(self, value, text: str) -> bool:
        return False

    def common(self, value) -> bool:
        return False


def _then_give(problem: str, expects: str) -> str:
    """The problem, then what to give (unless the problem already ends by saying it, with a full stop)."""
    return problem if problem.endswith(".") else f"{problem}; give {expects}"


def _parts(answer, expects: str):
    """The parts of a collection answer, or the Reading that says why it is not one (a dict, or not a collection)."""
    if isinstance(answer, dict):
        return unreadable(f"A dict (you gave {shown(answer)}); give {expects}")
    parts = collection_items(answer)
    if isinstance(parts, str):
        return unreadable(f"{parts}; give {expects}")
    return parts


def _guarded_read(kind: Kind, answer) -> Reading:
    try:
        return kind.read(answer)
    except Exception as e:
        return unreadable(f"Could not be read ({type_name(e)}; you gave {shown(answer)}); give {kind.expects}")


def _part(kind: Kind, answer) -> Reading:
    """A part of a pair, a set or a move: as its kind reads it, but a whole number must be one (the float
    Python prints near one is told "right to its digits" only as a whole answer)."""
    r = _guarded_read(kind, answer)
    if r.ok and isinstance(kind, Whole) and not isinstance(r.value, int):
        return unreadable(f"Not a whole number (you gave {r.shown}); give {kind.expects}")
    return r


_NUM_TOKEN = re.compile(r"(?<![\w.])(?<![/^])[+-]?\d[\d_,]*(?:\.\d+)?(?![\w/^]|\.\d|\s*/\s*\d)")


def _number_tokens(text: str):
    """The plain numbers in a text: not part of a fraction a/b, a power 2^k, a name x1 or a decimal."""
    for m in _NUM_TOKEN.finditer(text):
        tok = m.group(0).replace("_", "").replace(",", "")
        try:
            yield Fraction(tok)
        except (ValueError, ZeroDivisionError):
            continue


_DECIMAL_TOKEN = re.compile(r"(?<![\d.])[+-]?\d*\.(\d{3,})(?!\d)")


def _fraction_patterns(v: Fraction) -> list[str]:
    p, q = abs(v.numerator), v.denominator
    sign = "-" if v < 0 else ""
    return [rf"(?<![\d.{'' if sign else '-'}]){sign}{p}\s*/\s*{q}(?![\d])", rf"Fraction\(\s*{sign}{p}\s*,\s*{q}\s*\)",
            rf"\\[dt]?frac\s*\{{?\s*{sign}{p}\s*\}}?\s*\{{?\s*{q}\s*\}}?", rf"\{{\s*{sign}{p}\s*\\over\s*{q}\s*\}}"]


def _decimal_states(v: Fraction, text: str) -> bool:
    """A decimal in the text with at least 3 places that is ``v`` rounded or cut to that many places."""
    for m in _DECIMAL_TOKEN.finditer(text):
        try:
            d = Fraction(m.group(0))
        except ValueError:
            continue
        places = len(m.group(1))
        scale = 10 ** places
        if d == Fraction(round(v * scale), scale) or d == Fraction(math.trunc(v * scale), scale):
            return True
    return False


class Exact(Kind):
    """An exact number (a fraction or a whole number).  ``probability=True`` when the answer is a probability:
    then a value outside [0, 1] is told so."""

    def __init__(self, probability: bool = False):
        self.probability = probability
        self.expects = f"an exact fraction, {EXACT_FORMS}"

    def read(self, answer) -> Reading:
        n = read_number(answer)
        if isinstance(n, str):
            return unreadable(_then_give(n, self.expects))
        echo = n.decimal or (format_fraction(n.value) if max(abs(n.value.numerator), n.value.denominator) < BIG
                             else shown(n.value))
        return Reading(n.value, shown=echo, rounding=n.rounding)

    def wrong_message(self, value, about: str, echo: str) -> str:
        if self.probability and not 0 <= value <= 1:
            return f"You gave {echo}, but {about} is a probability, and a probability lies between 0 and 1."
        return ""

    def show(self, value) -> str:
        return shown(value)

    def forms(self, v) -> list:
        import numpy as np
        import sympy

        p, q = v.numerator, v.denominator
        out = [v, f"{p}/{q}", f" {p} / {q} ", f"Fraction({p}, {q})", sympy.Rational(p, q)]
        if q == 1:
            out += [p, np.int64(p) if abs(p) < 2 ** 62 else p, str(p), float(p) if abs(p) < 2 ** 52 else p]
        if q & (q - 1) == 0 and abs(p) < 2 ** 50:   # a terminating binary fraction: the float is exact
            out += [p / q, np.float64(p / q), format(Decimal(p / q), "f")]   # the float, and its exact decimal
        return out

    def wrong_like(self, v, rights) -> list:
        cands = [v + Fraction(1, 97), v - Fraction(1, 97), 1 - v, -v, v * 2, v / 2 if v else Fraction(1, 3),
                 Fraction(v.denominator, v.numerator) if v else Fraction(7, 3)]
        out = []
        for c in cands:
            if c not in rights and c not in out:
                out.append(c)
        return [c for c in out][:5] + [f"{c.numerator}/{c.denominator}" for c in out[:2]]

    def appears(self, v, text: str) -> bool:
        if v.denominator == 1:
            return any(t == v for t in _number_tokens(text))
        if any(re.search(p, text) for p in _fraction_patterns(v)):
            return True
        return _decimal_states(v, text)

    def common(self, v) -> bool:
        return v.denominator <= 4 and abs(v.numerator) <= 9


class Whole(Exact):
    """A whole number (a count, a number of suspects).  A decimal counts only if it is whole: exactly, or, printed
    by Python for a float, within :data:`~.reading.FLOAT_TOLERANCE` of a whole number (3.0000000000000004); a
    whole number is read exactly, never as a rounding (733007751850.0 is not 733007751851)."""

    def __init__(self, what: str = "a whole number"):
        super().__init__(False)
        self.expects = f"{what}, in digits"

    def read(self, answer) -> Reading:
        n = read_number(answer)
        if isinstance(n, str):
            return unreadable(_then_give(n, self.expects))
        whole = round(n.value)
        if n.value != whole and not (n.rounding is not None and n.rounding.printed
                                     and abs(n.value - whole) <= FLOAT_TOLERANCE):
            return unreadable(f"Not a whole number (you gave {n.decimal or shown(n.value)}); give {self.expects}")
        cut = n.rounding if n.rounding is not None and n.rounding.cut else None       # "20.0...": digits go on
        return Reading(whole, shown=n.decimal or whole_text(whole), rounding=cut)

    def forms(self, v) -> list:
        import numpy as np
        import sympy

        out = [v, str(v), f" {v} ", np.int64(v) if abs(v) < 2 ** 62 else v, sympy.Integer(v), Fraction(v)]
        if abs(v) < 2 ** 52:
            out.append(float(v))
        return out

    def wrong_like(self, v, rights) -> list:
        out = [c for c in (v + 1, v - 1, v * 2 + 3, -v - 5) if c not in rights]
        return out[:3] + [str(out[0])]

    def appears(self, v, text: str) -> bool:
        return any(t == v for t in _number_tokens(text))

    def common(self, v) -> bool:
        return abs(v) <= 9


def _norm_words(text: str) -> str:
    t = clean_text(text).casefold().replace("’", "'").replace("_", " ").replace("-", " ")
    t = re.sub(r"[.!?]+$", "", t).strip()
    return re.sub(r"\s+", " ", t)


class Word(Kind):
    """One of a few words or names, case-insensitive.  ``choices`` maps each canonical answer to its other
    spellings (``{"in the weeds": ["weeds", "the weeds"]}``); a text naming exactly one choice (as whole words)
    is read as that choice; ``refuse_negation`` refuses "not in the weeds"."""

    negation = re.compile(r"\b(not|no|isn't|aren't|never|neither|nor)\b|n't\b")

    def __init__(self, choices, what: str = "one of the words", refuse_negation: bool = True, objects=()):
        if not isinstance(choices, dict):
            choices = {c: [] for c in choices}
        self.choices = {c: [c, *aliases] for c, aliases in choices.items()}
        self.objects = tuple(objects)      # (object, choice): a value of the library read as a word (gw.GUESS)
        self.refuse_negation = refuse_negation
        self.what = what
        listed = ", ".join(repr(c) for c in list(self.choices)[:8]) + (", ..." if len(self.choices) > 8 else "")
        self.expects = f"{what} ({listed}), as text in quotes"
        self._spellings = {_norm_words(s): c for c, alls in self.choices.items() for s in alls}

    def read(self, answer) -> Reading:
        for obj, choice in self.objects:
            if answer is obj:
                return Reading(choice, shown=shown(answer))
        if not isinstance(answer, str):
            return unreadable(f"Not a word (you gave {shown(answer)}); give {self.expects}")
        if len(answer) > MAX_TEXT:
            return unreadable(f"Too long ({len(answer)} characters); give {self.expects}")
        t = _norm_words(answer)
        if t in self._spellings:
            return Reading(self._spellings[t], shown=repr(answer.strip()))
        if self.refuse_negation and self.negation.search(t):
            return unreadable(f"Answer plainly, with one choice and no 'not' (you gave {shown(answer)}); "
                              f"give {self.expects}")
        found = {c for s, c in self._spellings.items() if re.search(rf"(?<!\w){re.escape(s)}(?!\w)", t)}
        if len(found) == 1:
            return Reading(found.pop(), shown=repr(answer.strip()))
        if len(found) > 1:
            return unreadable(f"More than one choice (you gave {shown(answer)}); give just one: {self.expects}")
        return unreadable(f"Not one of the choices (you gave {shown(answer)}); give {self.expects}")

    def forms(self, v) -> list:
        out = [obj for obj, choice in self.objects if choice == v]
        for s in self.choices[v]:
            out += [s, s.upper(), s.title(), f"  {s} ", f"'{s}'"]
        return out

    def wrong_like(self, v, rights) -> list:
        return [c for c in self.choices if c not in rights][:3]

    def appears(self, v, text: str) -> bool:
        t = _norm_words(text)
        return any(re.search(rf"(?<!\w){re.escape(_norm_words(s))}(?!\w)", t) for s in self.choices[v])

    def common(self, v) -> bool:
        return True


class YesNo(Word):
    """Yes or no: the words (any case, "y", "n", "true", "false") or ``True``/``False``."""

    def __init__(self):
        super().__init__({"yes": ["y", "true", "yeah", "yep", "yup"], "no": ["n", "false", "nope", "nah"]},
                         "yes or no", refuse_negation=False)
        self.expects = "\"yes\" or \"no\""

    def read(self, answer) -> Reading:
        if is_bool(answer):
            return Reading("yes" if bool(answer) else "no", shown=repr(bool(answer)))
        return super().read(answer)

    def forms(self, v) -> list:
        return super().forms(v) + [v == "yes"]


class Move(Kind):
    """A move at a board with n suspects under ``rules``: ``GUESS`` or the groups of a question.

    ``decisions=True`` also reads a bare whole number k as the decision of lesson 01: ask about a group of k
    (the same question as asking about the other n - k), and 0 = guess."""

    def __init__(self, n: int, rules="official", decisions: bool = True):
        self.n, self.rules, self.decisions = n, get_rules(rules), decisions
        self.can_guess = self.rules.guess is not None
        groups = "\"a:b\" or \"a:b:c\"" if self.rules.max_parts == 3 else "\"a:b\" or [a, b]"
        ways = f"the sizes of the groups, {groups}, adding up to {n}" + (", or \"guess\"" if self.can_guess else "")
        if decisions:
            ways += ", or the size k of the group you ask about" + (" (0 = guess)" if self.can_guess else "")
        self.expects = f"a move with {n} suspects: {ways}"

    def _split(self, parts, echo) -> Reading:
        try:
            move = normalise_move(tuple(parts), self.n, self.rules)
        except (TypeError, ValueError):
            parts = list(parts)
            if any(p < 1 for p in parts):
                why = "every group must hold at least one suspect"
            elif sum(parts) != self.n:
                why = f"the groups must add up to your {self.n} suspects"
            else:
                why = f"the {self.rules.name!r} rules allow {'2 or 3' if self.rules.max_parts == 3 else '2'} groups"
            return unreadable(f"Not a question with {self.n} suspects (you gave {echo}): {why}")
        return Reading(move, shown=echo)       # echo what was typed ("4:2"), not the move reordered

    def _decision(self, k: int, echo) -> Reading:
        if k == 0:
            if self.can_guess:
                return Reading(GUESS, shown="guess")
            return unreadable(f"There is no guessing under the {self.rules.name!r} rules; give a question")
        if not 1 <= k < self.n:
            return unreadable(f"Not a question with {self.n} suspects (you gave {echo}): ask about a group of k with "
                               f"1 <= k < {self.n} (asking about all {self.n} tells you nothing)")
        return self._split((k, self.n - k), echo)

    def read(self, answer) -> Reading:
        if answer is GUESS:
            return self._decision(0, "guess")
        if isinstance(answer, str):
            if len(answer) > MAX_TEXT:
                return unreadable(f"Too long; give {self.expects}")
            t = clean_text(answer).casefold()
            try:
                move = GUESS if t in ("gw.guess", "guess now", "name one") else parse_move(t)
            except ValueError:
                move = None
            if move is GUESS:
                return self._decision(0, repr(answer))
            if move is not None:
                return self._split(move, shown(answer))
            if self.decisions and re.fullmatch(r"\d+", t):
                return self._decision(int(t), shown(answer))
            return unreadable(f"Not a move (you gave {shown(answer)}); give {self.expects}")
        if is_bool(answer):
            return unreadable(f"Not a move (you gave {shown(answer)}); give {self.expects}")
        if isinstance(answer, (numbers.Number, Decimal)):
            if not self.decisions:
                return unreadable(f"Give the whole question, not one number: {self.expects}")
            k = _part(Whole(), answer)
            if not k.ok:
                return unreadable(f"The size of a group is a whole number (you gave {shown(answer)}); "
                                   f"give {self.expects}")
            return self._decision(k.value, shown(answer))
        parts = collection_items(answer)
        if isinstance(parts, str):
            return unreadable(f"{parts}; give {self.expects}")
        if not 2 <= len(parts) <= 3:
            return unreadable(f"Not a move (you gave {shown(answer)}); give {self.expects}")
        whole = []
        for p in parts:
            n = _part(Whole(), p)
            if not n.ok:
                return unreadable(f"The group sizes of a move are whole numbers (you gave {shown(answer)})")
            whole.append(n.value)
        return self._split(whole, shown(answer))

    def show(self, value) -> str:
        return format_move(value)

    def forms(self, v) -> list:
        import numpy as np

        if v is GUESS:
            return [GUESS, "guess", "Guess", "GUESS"] + ([0] if self.decisions else [])
        out = [v, list(v), tuple(reversed(v)), *(format_move(v, style) for style in MOVE_STYLES),
               format_move(v, "bracket").strip("[]"), [np.int64(x) for x in v], np.array(v)]
        if self.decisions and len(v) == 2:
            out += [v[0], v[1], np.int64(v[0]), str(v[0])]
        return out

    def wrong_like(self, v, rights) -> list:
        from guesswho_lib.rules import legal_moves

        return [mv for mv in legal_moves(self.n, self.rules) if mv not in rights][:4]

    def appears(self, v, text: str) -> bool:
        if v is GUESS:
            return re.search(r"(?<!\w)guess(?!\w)", text, re.I) is not None
        body = r"\s*[:,]\s*".join(str(x) for x in v)
        return re.search(rf"(?<![\d.,/]){body}(?![\d/]|\.\d)", text) is not None

    def common(self, v) -> bool:
        return v is GUESS or max(v) <= 9


class Tuple(Kind):
    """A pair (or triple) of parts, each read by its own kind:
    ``Tuple(Whole(), Whole(), what="a board state (n, m)")``."""

    def __init__(self, *kinds: Kind, what: str = "a pair"):
        self.kinds, self.what = kinds, what
        letters = ", ".join("abcdefghij"[:len(kinds)])
        self.expects = f"{what}: whole numbers in brackets, ({letters})" if all(isinstance(k, Whole) for k in kinds) \
            else what

    def read(self, answer) -> Reading:
        whole = all(isinstance(k, Whole) for k in self.kinds)
        if whole and isinstance(answer, str) and len(answer) <= MAX_TEXT and \
                re.fullmatch(r"\d+(?:\s*:\s*\d+)+", clean_text(answer)):
            answer = tuple(int(x) for x in clean_text(answer).split(":"))      # "2:3:4", as a move is written
        parts = _parts(answer, self.expects)
        if isinstance(parts, Reading):
            return parts
        if isinstance(answer, (set, frozenset)):
            return unreadable(f"A set has no order; give {self.expects}, as a tuple")
        if len(parts) != len(self.kinds):
            return unreadable(f"{len(parts)} part{'' if len(parts) == 1 else 's'} instead of {len(self.kinds)} "
                              f"(you gave {shown(answer)}); give {self.expects}")
        readings = []
        for i, (kind, part) in enumerate(zip(self.kinds, parts)):
            r = _part(kind, part)
            if not r.ok:
                return unreadable(f"Entry {i + 1} of {shown(answer)}: {lower_first(r.problem)}")
            readings.append(r)
        value = tuple(r.value for r in readings)
        roundings = tuple(r.rounding for r in readings)
        # each part echoed as typed (a decimal as its digits, never as the long fraction of a float)
        echo = "(" + ", ".join(r.shown or k.show(r.value) for k, r in zip(self.kinds, readings)) + ")"
        rounding = PartsRounding(value, roundings) if any(x is not None for x in roundings) else None
        return Reading(value, shown=echo, rounding=rounding)

    def show(self, value) -> str:
        return "(" + ", ".join(k.show(v) for k, v in zip(self.kinds, value)) + ")"

    def forms(self, v) -> list:
        firsts = self.kinds[0].forms(v[0])
        out = [v, list(v), self.show(v)]
        out += [(f,) + tuple(v[1:]) for f in firsts if not isinstance(f, (list, tuple)) and type_name(f) != "ndarray"]
        if all(isinstance(k, Whole) for k in self.kinds):
            import numpy as np
            out += [np.array(v), tuple(np.int64(x) for x in v)]
        return out

    def wrong_like(self, v, rights) -> list:
        out = []
        for i, k in enumerate(self.kinds):
            for w in k.wrong_like(v[i], [r[i] for r in rights]):
                c = v[:i] + (k.canonical(w),) + v[i + 1:]
                if c not in rights and c not in out:
                    out.append(c)
        return out[:4]

    def appears(self, v, text: str) -> bool:
        if all(isinstance(k, Exact) for k in self.kinds):
            body = r"\s*,\s*".join(re.escape(self.kinds[i].show(x)) for i, x in enumerate(v))
            return re.search(rf"(?<![\d.]){body}(?![\d/]|\.\d)", text) is not None
        return all(k.appears(x, text) for k, x in zip(self.kinds, v))

    def common(self, v) -> bool:
        return all(k.common(x) for k, x in zip(self.kinds, v))


class SetOf(Kind):
    """A collection of parts of one kind, order and repeats ignored (a set, list, tuple or their text)."""

    def __init__(self, kind: Kind, what: str = "a set"):
        self.kind, self.what = kind, what
        self.expects = f"{what}, in curly brackets: {{(a, b), (c, d), ...}}" if isinstance(kind, Tuple) else what

    def read(self, answer) -> Reading:
        parts = _parts(answer, self.expects)
        if isinstance(parts, Reading):
            return parts
        values = set()
        for part in parts:
            r = _part(self.kind, part)
            if not r.ok:
                return unreadable(f"In your answer: {lower_first(r.problem)}")
            values.add(r.value)
        value = frozenset(values)
        return Reading(value, shown=self.show(value))

    def show(self, value) -> str:
        items = sorted_values(value)
        if not items:
            return "set()"                                  # as Python writes it: {} is an empty dictionary
        text = "{" + ", ".join(self.kind.show(x) for x in items[:12]) + (", ..." if len(items) > 12 else "") + "}"
        return text

    def forms(self, v) -> list:
        items = sorted_values(v)
        return [v, set(v), list(items), tuple(reversed(items)), items + items[:1], self.show(v) if len(v) <= 12 else v]

    def wrong_like(self, v, rights) -> list:
        out = []
        items = sorted_values(v)
        if items:
            out.append(frozenset(items[1:]))
            for w in self.kind.wrong_like(items[0], [items[0]]):
                c = frozenset(items[1:]) | {self.kind.canonical(w)}
                if c not in rights and c not in out:
                    out.append(c)
                    break
        return [c for c in out if c not in rights][:3]

    def appears(self, v, text: str) -> bool:
        return bool(v) and all(self.kind.appears(x, text) for x in v)

    def common(self, v) -> bool:
        return all(self.kind.common(x) for x in v)


def library_use(fn, depth: int = 4) -> str:
    """The first name by which the function ``fn`` reaches this library (``tri.phi``, ``gw``, an import of
    ``guesswho_lib``), or "" when it does not: its code, the functions nested in it and the functions of the
    student's own that it calls (``depth`` levels down) are read, not run."""
    import inspect
    import types

    seen: set = set()

    def ours(obj) -> bool:
        if isinstance(obj, types.ModuleType):
            return obj.__name__.split(".")[0] == "guesswho_lib"
        module = getattr(obj, "__module__", None) or ""
        return isinstance(module, str) and module.split(".")[0] == "guesswho_lib"

    def look(f, level) -> str:
        f = inspect.unwrap(f) if callable(f) else f
        code = getattr(f, "__code__", None)
        if code is None or id(code) in seen or level > depth:
            return ""
        seen.add(id(code))
        space = dict(getattr(f, "__globals__", {}))
        for name, cell in zip(code.co_freevars, getattr(f, "__closure__", None) or ()):
            try:
                space[name] = cell.cell_contents
            except ValueError:
                pass
        codes = [code]
        while codes:
            c = codes.pop()
            for name in c.co_names + c.co_freevars:
                if name.split(".")[0] == "guesswho_lib":
                    return f"import {name}"
                obj = space.get(name)
                if obj is not None and ours(obj):
                    return name
                if isinstance(obj, types.FunctionType):
                    found = look(obj, level + 1)
                    if found:
                        return found
            codes += [k for k in c.co_consts if isinstance(k, types.CodeType)]
        return ""

    if ours(fn):
        return getattr(fn, "__name__", "a function of the library")
    return look(fn, 0)


class Function(Kind):
    """A function, compared with the library's ``reference`` at ``points`` (argument tuples, simplest first); the
    values are read by ``value_kind``.  The first point where they differ is reported with the student's value
    only (the library's value there is not named: it may be another exercise's answer).  The student's function
    runs within the limits of :mod:`.limits` (the framework sets them): a point where it is stopped is named, by
    its arguments' names when ``params`` gives them ("m = 2"), else as a tuple ("(3, 4)")."""

    def __init__(self, points, value_kind: Kind | None = None, call: str = "my_function", *, own_work: str = "",
                 reference: str = "the library's value", params: tuple[str, ...] = ()):
        self.points = tuple(points)
        if params and any(len(args) != len(params) for args in self.points):
            raise ValueError(f"params {params!r} must name every argument of every point")
        self.params = tuple(params)
        self.value_kind = value_kind or Exact()
        self.call = call
        self.expects = f"your function itself, e.g. check(..., {call})"
        self.own_work = own_work          # e.g. "Phi from its formula": a function that calls the library is refused
        self.reference = reference        # what the student's values are compared with, in words

    takes_function = True

    def read(self, answer) -> Reading:
        if not callable(answer) or isinstance(answer, type):
            return unreadable(f"Not a function (you gave {shown(answer)}); give {self.expects}")
        return Reading(answer, shown=getattr(answer, "__name__", "your function"))

    def judge(self, fn, rights) -> tuple[bool, str]:
        ref = rights[0]
        if self.own_work:
            used = library_use(fn)
            if used:
                return False, (f"Your function uses the library ({used}), which has this function already: write "
                               f"{self.own_work} yourself.")
        for args in self.points:
            want = self.value_kind.canonical(ref(*args))
            where = (", ".join(f"{p} = {a}" for p, a in zip(self.params, args)) if self.params
                     else "(" + ", ".join(map(str, args)) + ")")
            try:
                got = fn(*args)
            except Stopped as e:
                e.where = where
                raise
            except RecursionError:
                return False, (f"At {where} your function calls itself without end (RecursionError): does every "
                               "call reach a case it answers without calling itself?")
            except Exception as e:
                return False, f"Your function raised {type_name(e)}: {shown(str(e), 80)} at {where}."
            r = _guarded_read(self.value_kind, got)
            if not r.ok:
                return False, f"At {where} your function returned {shown(got)}: {r.problem}."
            echo = r.shown or shown(got)
            rounding = r.rounding
            if self.value_kind.equal(r.value, want) and not (rounding and rounding.cut):
                continue
            if rounding is not None and rounding.covers(want):
                return False, (f"At {where} your function returns the decimal {echo}: right {rounding.words}, but "
                               "it must be exact. Return Fraction(p, q): in Python p/q is worked out as a decimal.")
            return False, (f"At {where} your function gives {echo}, not {self.reference} there. This is the "
                           "first point where they differ.")
        return True, f"Your function agrees with {self.reference} at all {len(self.points)} points checked."

    def forms(self, v) -> list:
        return [] if self.own_work else [v]      # the reference is the library's own: not the student's work

    def wrong_like(self, v, rights) -> list:
        def off_by_a_little(*args):
            value = v(*args)
            return value + Fraction(1, 97) if isinstance(value, (Fraction, int)) else value

        return [off_by_a_little, lambda *args: None]


class Approx(Kind):
    """A real number given to ``places`` decimal places (for answers that are not fractions, such as the end of
    a confidence interval): accepted when it rounds to the right value at that precision."""

    def __init__(self, places: int = 3):
        self.places = places
        self.expects = f"a number to {places} decimal places"

    def read(self, answer) -> Reading:
        n = read_number(answer)
        if isinstance(n, str):
            return unreadable(_then_give(n, self.expects))
        return Reading(n.value, shown=n.decimal or format_fraction(n.value))

    def canonical(self, value):
        return Fraction(value) if not isinstance(value, Fraction) else value

    def equal(self, a, b) -> bool:
        return abs(Fraction(a) - Fraction(b)) <= Fraction(1, 2 * 10 ** self.places)

    def show(self, value) -> str:
        return f"{float(value):.{self.places}f}"

    def wrong_message(self, value, about: str, echo: str) -> str:
        typed = read_number(echo)
        places = typed.rounding.places if not isinstance(typed, str) and typed.rounding else 0
        return f"You gave {echo}: give {self.expects}." if places < self.places else ""

    def forms(self, v) -> list:
        return [float(v), f"{float(v):.{self.places}f}", round(float(v), self.places + 2)]

    def wrong_like(self, v, rights) -> list:
        return [float(v) + 3 / 10 ** self.places, float(v) - 3 / 10 ** self.places]

    def appears(self, v, text: str) -> bool:
        return _decimal_states(Fraction(v), text) if self.places >= 3 else False
