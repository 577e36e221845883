"""The answer reader's feedback, over every exercise of every lesson (the extension ones too, from the registry):
it never names a value the student did not type, and never steers towards a wrong one (hypothesis).

* For any decimal or percentage typed, the feedback holds no fraction and no decimal other than those typed and
  those in the exercise's own wording (its title, what it asks, its hint, what its kind expects).
* A decimal that is a correct rounding of the answer (half a unit of its last digit, ties included; worked out
  here independently of the reader) is never called wrong, and one that is not is never called right.
* The hint never states the answer.
* Answers of every other shape (wrong values of the exercise's own kind) get feedback that names nothing else.

The rounding rule is documented in :class:`guesswho_lessons.reader.reading.Rounding`."""

from __future__ import annotations

import math
import re
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

import guesswho_lib as gw
from guesswho_lessons.reader import Exact, Function, Tuple, Whole
from guesswho_lessons.exercises import all_exercises
from guesswho_lessons.reader.reading import shown

EXERCISES = all_exercises()            # the registry, read once for every test here
#: A modest number of examples per exercise (about 60 exercises), and no shrinking: a failing example is already
#: small, and shrinking one through st.data() took minutes.
PROPERTY = settings(max_examples=20, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate],
                    suppress_health_check=[HealthCheck.too_slow])

@pytest.fixture(scope="module", autouse=True)
def _solved():
    """Every exercise's answers, computed once before the property tests (some solvers raise the recursion limit,
    which hypothesis would report if it happened inside a test)."""
    for ex in EXERCISES:
        ex.solution()


FRACTION = re.compile(r"(?<![\w.])-?\d+\s*/\s*-?\d+(?!\d|\.\d|\s*\d)|Fraction\(\s*-?\d+\s*,\s*-?\d+\s*\)")
#: Numbered things that look like decimals: "Theorem 1.1", "lesson 02", "exercise 02.1", "section 3.2".
NUMBERED = re.compile(r"\b(?:Theorem|Lemma|Proposition|Remark|Corollary|Appendix|[Ss]ection|[Ee]xercise|[Ll]esson)s?"
                      r"\s+[\w.]*\w")
DECIMAL = re.compile(r"(?<![\w.])-?(?:0|[1-9]\d*)?\.\d+(?!\d)(?:\s*%)?|(?<![\w.])-?\d+\s*%")
RIGHT_WORDS = (" is right to ", " is right as far as it goes")


def numbers_named(text: str) -> set[str]:
    """The fractions, decimals and percentages a text states, normalised ("9 / 16" -> "9/16")."""
    text = NUMBERED.sub(" ", text)
    found = {re.sub(r"\s+", "", m) for m in FRACTION.findall(text)}
    found |= {re.sub(r"\s+", "", m) for m in DECIMAL.findall(text)}
    return found


def wording(ex) -> set[str]:
    """The numbers the exercise's own wording states: feedback may repeat them."""
    return numbers_named(" ".join((ex.title, ex.about, ex.hint, ex.kind.expects)))


def foreign_numbers(ex, answer, message: str) -> set[str]:
    """Numbers in the feedback that are neither typed by the student (their answer, as echoed) nor the exercise's
    own wording."""
    reading = ex.kind.read(answer)
    message = re.sub(r"\s+%", "%", message)                    # "56 %" is echoed "56%"
    if isinstance(answer, str):
        answer = re.sub(r"\s+%", "%", answer)
    echoes = {reading.shown, answer if isinstance(answer, str) else "", shown(answer)}
    if getattr(ex.kind, "points", None) and callable(answer):     # what the student's own function returns
        echoes |= {shown(_value_or_none(answer, args)) for args in ex.kind.points}
    for echo in sorted(echoes - {""}, key=len, reverse=True):   # whole tokens only: the 3 typed is not in 0.03
        message = re.sub(rf"(?<![\w.]){re.escape(echo)}(?![\w]|\.\d)", " ", message)
    return numbers_named(message) - wording(ex)


def _value_or_none(fn, args):
    try:
        return fn(*args)
    except Exception:
        return None


def numeric_answers(ex) -> list[Fraction]:
    """The right answers of an exercise whose answer is a number (an exact fraction or a whole number)."""
    return [Fraction(r) for r in ex.answers()] if isinstance(ex.kind, Exact) else []


# ---- decimals and percentages -----------------------------------------------------------------------------------
def _units(x: Fraction, places: int, how: str) -> int:
    """x in units of the last of ``places`` digits after the point: rounded half up, half down, or cut off."""
    y = x * 10 ** places
    return {"up": math.floor(y + Fraction(1, 2)), "down": math.ceil(y - Fraction(1, 2)), "cut": math.trunc(y)}[how]


def _places(text: str) -> int:
    return len(text.split(".")[1]) if "." in text else 0


def _significant(text: str) -> int:
    return len(text.lstrip("+-").replace(".", "").lstrip("0"))


@st.composite
def decimals(draw, centres):
    """(what is typed, its value, half a unit of its last digit, written as going on, its significant digits)."""
    centre = draw(st.sampled_from(centres)) if centres else Fraction(draw(st.integers(-200, 200)), 100)
    style = draw(st.sampled_from(["text", "text", "percent", "percent space", "goes on", "float",
                                  "float of a division"]))
    if style == "float of a division":       # what p/q typed in a cell gives: the answer's float, or far from it
        x = float(centre + draw(st.sampled_from([Fraction(0), Fraction(1, 1000), Fraction(-3, 7)])))
        return x, Fraction(repr(x)), Fraction(1, 2 * 10 ** _places(repr(x))), False, _significant(repr(x))
    places = draw(st.integers(0, 9))
    n = _units(centre, places, draw(st.sampled_from(["up", "down", "cut"])))
    n += draw(st.sampled_from([0, 0, 0, 1, -1, 2, 7, -30]))          # a correct rounding, or not
    text = format(Decimal(n).scaleb(-places), "f") + ("" if places else ".")
    value = Fraction(text)
    if style == "float":                     # a float holds what its repr says: 733007751851.0000007 is 733007751851.0
        x = float(text)
        return x, Fraction(repr(x)), Fraction(1, 2 * 10 ** _places(repr(x))), False, _significant(repr(x))
    if style.startswith("percent"):
        percent = format(Decimal(text).scaleb(2), "f")
        return percent + (" %" if style == "percent space" else "%"), value, \
            Fraction(1, 2 * 10 ** (_places(percent) + 2)), False, _significant(percent)
    half = Fraction(1, 2 * 10 ** places)
    if style == "goes on" and places:
        return text + "...", value, half, True, _significant(text)
    return text, value, half, False, _significant(text)


def _is_correct_rounding(value: Fraction, half: Fraction, cut: bool, significant: int, right: Fraction) -> bool:
    """Worked out here, independently of the reader, by the rule documented in reading.Rounding: half a unit of
    the last digit either way (ties included); a decimal going on, the numbers it begins; 12 or more significant
    digits (what Python prints for a float), also within a billionth (relative above 1)."""
    if cut:
        unit = 2 * half
        return value <= right < value + unit if value >= 0 else value - unit < right <= value
    if significant >= 12 and abs(value - right) <= Fraction(1, 10 ** 9) * max(1, abs(value)):
        return True
    return abs(value - right) <= half


@pytest.mark.parametrize("ex", EXERCISES, ids=lambda e: e.id)
@PROPERTY
@given(data=st.data())
def test_decimal_feedback_names_nothing_untyped_and_calls_a_rounding_right_exactly_when_it_is_one(ex, data):
    rights = numeric_answers(ex)
    typed, value, half, cut, significant = data.draw(decimals(rights))
    fb = ex.check(typed)
    assert fb.ok or not foreign_numbers(ex, typed, fb.message), (ex.id, typed, fb.message)
    called_right = fb.ok or any(w in fb.message for w in RIGHT_WORDS)
    if not rights:          # not a number: a decimal is never called right (an exact whole one may be a decision k)
        assert not any(w in fb.message for w in RIGHT_WORDS), (ex.id, typed, fb.message)
        assert not fb.ok or (value.denominator == 1 and not cut), (ex.id, typed, fb.message)
        return
    if isinstance(ex.kind, Whole) and not cut:      # read exactly (a printed float's tiny error aside)
        right = any(value == r or (significant >= 12 and abs(value - r) <= Fraction(1, 10 ** 9))
                                for r in rights)
        assert fb.ok == called_right == right, (ex.id, typed, rights, fb.message)
        return
    tempting = not cut and any(value == w for w in ex.solution().wrong if isinstance(w, (int, Fraction)))
    rounding = any(_is_correct_rounding(value, half, cut, significant, r) for r in rights) and not tempting
    assert called_right == rounding, (ex.id, typed, rights, fb.message)     # (0.5 for a tempting 1/2 is told why)
    assert fb.ok == (not cut and value in rights), (ex.id, typed, fb.message)


@pytest.mark.parametrize("ex", EXERCISES, ids=lambda e: e.id)
def test_the_hint_never_states_the_answer(ex):
    for r in ex.answers():
        if ex.kind.common(r) and not numeric_answers(ex):
            continue                             # a word of a multiple choice: the question itself lists it
        assert not (ex.kind.appears(r, ex.hint) and not ex.kind.appears(r, ex.about)), (ex.id, ex.hint)


# ---- every other shape --------------------------------------------------------------------------------------------
def _shaped_wrong_answers(ex) -> list:
    """Wrong answers of the exercise's own shape: the kind's and the exercise's tempting ones, and a few more."""
    rights = ex.answers()
    kind = ex.kind
    out = list(kind.wrong_like(rights[0], rights)) + list(ex.solution().wrong)
    if isinstance(kind, Tuple):                  # the options a multiple-choice question lists
        out += [tuple(map(int, pair)) for pair in re.findall(r"\((\d+), (\d+)\)", ex.about)]
    if kind.takes_function and not isinstance(kind, Function):      # a strategy (n, m) -> move
        out += [gw.strategies.halving, lambda n, m: gw.GUESS]
    if hasattr(kind, "board") and hasattr(kind, "split"):           # a paradox question (X, Y) on a board
        board = list(kind.board)
        out += [(board[:1], board[1:2]), (board[:3], board[3:6]), (board[:2], [])]
    for r in rights:
        if isinstance(r, tuple) and all(isinstance(x, int) for x in r):
            out += [tuple(x + d for x in r) for d in (-3, -1, 1, 2)] + [(r[0], r[1] + 5)] if len(r) == 2 else []
        elif isinstance(r, frozenset):
            out += [r | {(2, 2)}, frozenset(list(r)[1:])]
        elif isinstance(r, int) and not isinstance(r, bool):
            out += [r + 1, r - 2, r * 3]
    return out


@pytest.mark.parametrize("ex", EXERCISES, ids=lambda e: e.id)
def test_feedback_on_wrong_answers_of_every_shape_names_only_what_was_typed(ex):
    for answer in _shaped_wrong_answers(ex):
        fb = ex.check(answer)
        if fb.ok:
            continue                             # a second right answer (several tie)
        assert not foreign_numbers(ex, answer, fb.message), (ex.id, answer, fb.message)


def test_the_number_finder_bites():
    """The checks above see a fraction or a decimal that the feedback should not name."""
    assert numbers_named("did you mean 5/9? Write Fraction(5, 9)") == {"5/9", "Fraction(5,9)"}
    assert numbers_named("it wins 0.5625, about 56.25 %, at (4, 4) in 2^k") == {"0.5625", "56.25%"}
    assert not numbers_named("P(3, 3), [1 : 3], n/2, 1/n, x1.4, 2/(3x^2)")


def test_a_whole_number_is_read_exactly_and_a_tempting_decimal_is_told_why():
    """733007751850.0 is not 733007751851 (a float's "digits shown" once stood for +-733 there), 4/3 * 2**39 is not
    a board size; 0.5 typed for a tempting 1/2 is told where 1/2 comes from, not "right to 1 decimal place"."""
    from guesswho_lessons.exercises import check, get
    right = get("05.7").answers()[0]
    assert not check("05.7", float(right - 1)).ok and check("05.7", float(right)).ok
    assert check("05.7", 4 / 3 * 2 ** 39).message.startswith("Not a whole number")
    assert check("02.3", 0.1 * 3 * get("02.3").answers()[0] / 0.3).ok            # a float's error of a few operations
    half = check("06.7", 0.5).message
    assert Fraction(1, 2) in get("06.7").solution().wrong and get("06.7").solution().wrong[Fraction(1, 2)] in half


@pytest.mark.parametrize("ex", [e for e in all_exercises() if re.match(r"whether\b", e.about)], ids=lambda e: e.id)
def test_a_right_answer_to_a_whether_question_is_praised_in_a_sentence(ex):
    """'Whether ... is no.' is not a sentence: the praise says 'The answer to whether ... is no.'"""
    message = ex.check(ex.answers()[0]).message
    assert message.startswith("The answer to whether"), message
