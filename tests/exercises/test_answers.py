"""The one answer reader (guesswho_lessons.reader.answers) and the exercise framework: every accepted form is
read, nothing raises or hangs, and no value that is not exactly right is ever accepted (hypothesis).

Exercises here are built directly (not registered), so the lessons' registry is untouched."""

from __future__ import annotations

import decimal
import itertools
import math
import re
from fractions import Fraction

import numpy as np
import pytest
import sympy
from hypothesis import assume, given, strategies as st

import guesswho_lib as gw
from guesswho_lessons.reader import INTERNAL_ERROR, Answer, Exercise
from guesswho_lessons.exercises import check, get, hint
from guesswho_lessons.reader.reading import FLOAT_TOLERANCE
from guesswho_lessons.reader.answers import (Approx, Exact, Function, Move, SetOf, Tuple, Whole, Word, YesNo,
                                             read_number, shown)


def make(kind, *right, about="the answer", hint_text="", **kw) -> Exercise:
    return Exercise("99.1", "test", 1, kind, lambda: Answer(*right, **kw), about, hint_text)


class Hostile:
    """Every special method raises."""
    def __eq__(self, other):
        raise RuntimeError("eq")
    __hash__ = None
    def __repr__(self):
        raise RuntimeError("repr")
    __str__ = __repr__
    def __iter__(self):
        raise RuntimeError("iter")
    def __len__(self):
        raise RuntimeError("len")
    def __float__(self):
        raise RuntimeError("float")
    def __int__(self):
        raise RuntimeError("int")
    def __index__(self):
        raise RuntimeError("index")


class HostileInt(int):
    def __int__(self):
        raise RuntimeError("int")
    def __repr__(self):
        raise RuntimeError("repr")


def _deep(depth=3000):
    out = x = []
    for _ in range(depth):
        x.append([])
        x = x[0]
    return out


def _self_referential():
    a = []
    a.append(a)
    return a


#: Inputs that could hang a careless reader (a number with a billion digits, an endless iterator): fed to every
#: kind in a subprocess with a time limit (a thread cannot interrupt a big-number computation holding the GIL).
def hang_prone():
    return ["1e999999999", "-1e-999999999", "1E+999999999/3", "0.5e999999999", decimal.Decimal("1e999999999"),
              decimal.Decimal("1e-999999999"), "9" * 5000, "x" * 10 ** 6, "[" * 100000, itertools.count(),
              (i for i in itertools.count()), range(10 ** 12), 10 ** 100000, Fraction(10 ** 5000, 3),
              "(" + "1," * 10 ** 5 + ")", "Fraction(" + "9" * 4000 + ", 7)"]

NONSENSE = [None, "", " ", "banana", [], {}, set(), [1, 2, 3], {"a": 1}, Hostile(), HostileInt(3), float("nan"),
            float("inf"), -float("inf"), 1e308, -1e308, 5e-324, 10 ** 1000, -(10 ** 1000), (0.5, 0.5), (4.5, 4.0),
            [[[[1]]]], _deep(), _self_referential(), np.array([1, 2]), np.array([[1, 2], [3, 4]]), np.nan, np.int64(-1),
            np.bool_(True), True, False, lambda: 0, b"1/2", 1 + 1j, decimal.Decimal("NaN"),
            decimal.Decimal("-Infinity"),
            sympy.nan, sympy.oo, sympy.zoo, sympy.sqrt(2), sympy.Symbol("x"), object, Exact, "1/0", "Fraction(1, 0)",
            "(((((", "[1 : 3", "{(1, 2), [3]}", "25%", "1,5", "١٢", "½"]

KINDS = [Exact(), Exact(probability=True), Whole(), Word({"official": [], "nica": ["race to one"]}), YesNo(),
         Move(4), Move(40, "nica"), Move(9, "tripartite"), Tuple(Whole(), Whole()), Tuple(Word(["Ada", "Bo"]), Whole()),
         SetOf(Tuple(Whole(), Whole())), SetOf(Word(["Ada", "Bo", "Cy"])), Approx(3)]




# ---- accepted forms ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("answer", [Fraction(7, 9), "7/9", " 7 / 9 ", "7/ 9", "'7/9'", "Fraction(7, 9)",
                                    "Fraction(7,9)", sympy.Rational(7, 9), "14/18", "−7/−9", "7 ÷ 9"])
def test_exact_reads_every_form_of_a_fraction(answer):
    assert make(Exact(), Fraction(7, 9)).check(answer).ok


@pytest.mark.parametrize("answer", [Fraction(1, 2), "1/2", 0.5, "0.5", np.float64(0.5), sympy.Rational(1, 2),
                                    sympy.Float(0.5), decimal.Decimal("0.50"), "5e-1", ".5"])
def test_a_decimal_that_is_exactly_the_answer_is_accepted(answer):
    assert make(Exact(), Fraction(1, 2)).check(answer).ok


@pytest.mark.parametrize("answer", [1012, np.int64(1012), np.int32(1012), "1012", " 1012 ", sympy.Integer(1012),
                                    Fraction(1012), 1012.0, "1012.0", "1.012e3"])
def test_whole_reads_every_form_of_a_whole_number(answer):
    assert make(Whole(), 1012).check(answer).ok


@pytest.mark.parametrize("answer", ["1:3", "[1 : 3]", "(1, 3)", "1 : 3", "[3:1]", (1, 3), [1, 3], (3, 1), [3, 1],
                                    np.array([1, 3]), (np.int64(1), np.int64(3)), 1, 3, np.int64(1), "1", 1.0])
def test_move_reads_every_way_the_lessons_write_a_question(answer):
    assert make(Move(4), (1, 3)).check(answer).ok


@pytest.mark.parametrize("answer", ["guess", "Guess", "GUESS", " guess ", gw.GUESS, 0, "0"])
def test_move_reads_a_guess(answer):
    assert make(Move(4), gw.GUESS).check(answer).ok


def test_move_under_rules_without_guessing_and_with_three_groups():
    assert not make(Move(40, "nica"), (8, 32)).check("guess").ok
    assert "no guessing" in make(Move(40, "nica"), (8, 32)).check(0).message
    assert make(Move(9, "tripartite"), (1, 4, 4)).check("1:4:4").ok
    assert make(Move(9, "tripartite"), (1, 4, 4)).check([4, 1, 4]).ok
    assert not make(Move(9, "official"), (1, 8)).check("1:4:4").ok


@pytest.mark.parametrize("answer", ["official", "Official", "OFFICIAL", " official ", "'official'", "official."])
def test_words_are_read_case_insensitively(answer):
    assert make(Word(["official", "nica"]), "official").check(answer).ok


@pytest.mark.parametrize("answer", ["Wendell", "wendell", "WENDELL"])
def test_names_are_read_case_insensitively(answer):
    assert make(Word(["Wendell", "Greta"], "a name"), "Wendell").check(answer).ok


@pytest.mark.parametrize("answer, ok", [("yes", True), ("Yes", True), ("Y", True), ("true", True), (True, True),
                                        (np.bool_(True), True), ("no", False), (False, False), ("N", False)])
def test_yes_no(answer, ok):
    assert make(YesNo(), "yes").check(answer).ok is ok


@pytest.mark.parametrize("answer", [("greta", 4), ("Greta", 4), ["GRETA", np.int64(4)], "('Greta', 4)", ("greta", "4")])
def test_pairs_read_each_part_with_its_own_kind(answer):
    assert make(Tuple(Word(["Greta", "Wendell"]), Whole()), ("Greta", 4)).check(answer).ok


@pytest.mark.parametrize("answer", [{(4, 4), (6, 4)}, [(6, 4), (4, 4)], ((4, 4), (6, 4), (4, 4)), "{(4, 4), (6, 4)}",
                                    frozenset({(4, 4), (6, 4)}), [[4, 4], [6, 4]]])
def test_sets_ignore_order_and_repeats(answer):
    assert make(SetOf(Tuple(Whole(), Whole())), frozenset({(4, 4), (6, 4)})).check(answer).ok


def test_approx_accepts_a_value_to_the_stated_places_only():
    ex = make(Approx(3), Fraction(5095, 10000))
    assert ex.check(0.5095).ok and ex.check("0.510").ok and not ex.check(0.5110).ok
    assert not ex.check(float("nan")).ok


# ---- wrong and unreadable answers -----------------------------------------------------------------------------------
@pytest.mark.parametrize("answer", [(4.5, 4.0), (4.9, 4.2), [4.0000001, 4], ("4.5", "4"), (4, 4, 0)])
def test_float_pairs_are_never_truncated_into_a_right_answer(answer):
    assert not make(Tuple(Whole(), Whole()), (4, 4)).check(answer).ok


FRACTION_TEXT = re.compile(r"\d\s*/\s*\d|Fraction\(\s*-?\d")


@pytest.mark.parametrize("answer, words", [(7 / 9, "to the digits Python shows"),
                                           (np.float64(7 / 9), "to the digits Python shows"),
                                           ("0.7777777777777778", "to the digits Python shows"),
                                           (sympy.Float(7 / 9), "to the digits Python shows"),
                                           (0.7778, "to 4 decimal places"), ("0.778", "to 3 decimal places"),
                                           ("0.8", "to 1 decimal place"), ("78%", "to the nearest percent"),
                                           ("77.78 %", "to 2 decimal places"), ("0.777...", "as far as it goes")])
def test_a_correct_rounding_is_told_right_but_not_exact_and_names_no_fraction(answer, words):
    fb = make(Exact(), Fraction(7, 9), about="P(3, 3)").check(answer)
    assert not fb.ok and f"right {words}" in fb.message and "exactly" in fb.message, fb.message
    assert not FRACTION_TEXT.search(fb.message), fb.message


@pytest.mark.parametrize("answer, right", [("0.56", Fraction(5, 9)), ("0.56", Fraction(9, 16)), ("0.5625", None),
                                           ("56.25%", None), ("0.0677", Fraction(13, 192)),
                                           ("0.068", Fraction(13, 192)), ("6.77%", Fraction(13, 192)),
                                           ("0.565", Fraction(113, 200))])
def test_the_rounding_rule(answer, right):
    """Half a unit of the last digit typed, either way, ties included; an exact decimal is the number itself."""
    n = read_number(answer)
    if right is None:
        assert make(Exact(), Fraction(9, 16)).check(answer).ok         # 0.5625 and 56.25% ARE 9/16
        return
    assert n.rounding.covers(right) and abs(n.value - right) <= n.rounding.unit / 2
    assert not n.rounding.covers(right + n.rounding.unit)


@pytest.mark.parametrize("answer", ["0.57", "0.555", "0.5", "57%", "0.778...", 0.4, "0.56e1"])
def test_a_decimal_that_is_not_a_rounding_is_told_so_without_naming_a_fraction(answer):
    fb = make(Exact(), Fraction(5, 9), about="P(3, 3)").check(answer)
    assert not fb.ok and "right" not in fb.message and not FRACTION_TEXT.search(fb.message), fb.message
    assert "P(3, 3)" in fb.message


def test_a_decimal_cut_off_is_told_that_the_answer_begins_with_it_not_that_it_is_right():
    fb = make(Exact(), Fraction(5, 9), about="P(3, 3)").check("0.555")
    assert "begin with these digits" in fb.message and "round the last one" in fb.message, fb.message
    assert "begin" not in make(Exact(), Fraction(5, 9)).check("0.565").message


def test_decimal_feedback_depends_on_the_answer_but_never_names_a_fraction():
    """A rounding of the right answer is told so; the same decimal for another answer is not; neither names a
    fraction (the old nudge, "did you mean 5/9?", named one: the answer in 01.2, a wrong one in 02.2)."""
    for x in (7 / 9, 0.3333, 0.5595463137996219, 2 / 3, 0.667, 1 / 7, "0.56", "56%"):
        for right in (Fraction(7, 9), Fraction(1, 3), Fraction(2, 3), Fraction(296, 529), Fraction(1, 7),
                      Fraction(9, 16), Fraction(5, 9)):
            fb = make(Exact(), right).check(x)
            assert not FRACTION_TEXT.search(fb.message), (x, right, fb.message)
            assert ("is right" in fb.message) == read_number(x).rounding.covers(right), (x, right, fb.message)


def test_a_rounding_of_a_tempting_wrong_value_gets_its_explanation():
    ex = make(Exact(), Fraction(9, 16), wrong={Fraction(7, 16): "that is your opponent's chance."})
    assert "to 2 decimal places, that is your opponent's chance" in ex.check("0.44").message
    assert "that is your opponent's chance" in ex.check("0.4375").message


def test_probability_feedback_is_only_given_for_probabilities():
    assert "between 0 and 1" in make(Exact(probability=True), Fraction(1, 2)).check(Fraction(-2, 3)).message
    msg = make(Exact(), Fraction(-2, 3), about="n m (P - p_inf)").check(Fraction(-3, 2)).message
    assert "probability" not in msg and "-2/3" not in msg


def test_feedback_names_what_is_wrong_without_the_answer():
    ex = make(Exact(), Fraction(5, 9), about="P(3, 3)", wrong={Fraction(1, 3): "that is the value of guessing."},
              hint_text="work out P(3, 2) first.")
    fb = ex.check("1/3")
    assert not fb.ok and fb.message == ('You gave 1/3: that is the value of guessing. (Stuck? hint("99.1") shows a '
                                        'hint.)')
    assert ex.check(Fraction(4, 9)).message.startswith("You gave 4/9; that is not P(3, 3).")
    assert "hint(" not in ex.check(None).message and "hint(" not in ex.check("banana").message


def test_a_hint_is_shown_when_asked_for_and_never_appended_to_a_wrong_answer():
    """A wrong answer says where the hint is; the hint itself is shown only by hint(id)."""
    from guesswho_lessons.exercises import all_exercises, hint
    for ex in all_exercises():
        if not ex.hint:
            continue
        wrong = ex.check(None if ex.kind.takes_function else "banana"), ex.check(ex.kind.wrong_like(
            ex.answers()[0], ex.answers())[0]) if list(ex.kind.wrong_like(ex.answers()[0], ex.answers())) else None
        for fb in (f for f in wrong if f is not None):
            assert ex.hint not in fb.message, (ex.id, fb.message)
        assert str(hint(ex.id)) == ex.hint


def test_wrong_numbers_next_to_a_whole_answer_get_the_plain_message():
    """An explanation of a neighbour ("one fewer", "a neighbour is lower") would narrow the answer to one candidate:
    the two whole numbers next to a whole-number answer get the same plain message."""
    ex = make(Whole(), 1012, about="n_< for n = 2026",
              wrong={1013: "that is halving. Theorem 2.1 asks for one fewer.", 500: "that is far off."},
              explain=lambda v: "a neighbour is lower still.")
    plain = {v: ex.check(v).message.replace(str(v), "#") for v in (1011, 1013)}
    assert len(set(plain.values())) == 1 and "fewer" not in plain[1013] and "neighbour" not in plain[1011], plain
    assert "that is far off" in ex.check(500).message and "neighbour" in ex.check(900).message
    assert "Replace None by your answer" in ex.check(None).message


def test_a_wrong_value_equal_to_a_right_one_is_dropped_not_used():
    """A computed 'tempting wrong value' that happens to equal the answer must not turn the answer wrong."""
    ex = make(Exact(), Fraction(1, 2), wrong={Fraction(1, 2): "coincidence", Fraction(1, 3): "guess"})
    assert ex.check("1/2").ok and ex.solution().wrong == {Fraction(1, 3): "guess"}


def test_the_move_checker_refuses_illegal_questions():
    ex = make(Move(4), (1, 3))
    for k in (4, 5, -1, (2, 3), (0, 4), "1:2:1"):
        fb = ex.check(k)
        assert not fb.ok and "Not a question with 4 suspects" in fb.message, (k, fb)


@pytest.mark.parametrize("answer", ["not in the weeds", "isn't in the weeds", "in the weeds or the upper hand",
                                    "weeds, not upper hand", "no upper hand"])
def test_negated_or_double_words_are_refused(answer):
    ex = make(Word({"in the weeds": ["weeds"], "upper hand": ["the upper hand"]}), "in the weeds")
    assert not ex.check(answer).ok


def test_function_kind_reports_the_first_difference_and_survives_bad_functions():
    ex = make(Function([(n,) for n in range(1, 6)], Exact(), call="f"), lambda n: Fraction(1, n))
    assert ex.check(lambda n: Fraction(1, n)).ok
    assert "At (3)" in ex.check(lambda n: Fraction(1, n) if n != 3 else Fraction(1, 2)).message
    assert "raised ZeroDivisionError" in ex.check(lambda n: 1 / 0).message
    fb = ex.check(lambda n: 1 / n)
    assert "returns the decimal 0.3333333333333333: right to the digits Python shows" in fb.message, fb.message
    assert not FRACTION_TEXT.search(fb.message.replace("Fraction(p, q)", "").replace("p/q", ""))
    assert "Not a function" in ex.check(3).message
    assert not ex.check(Hostile).ok


# ---- never raises, never hangs ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS, ids=lambda k: type(k).__name__)
def test_nonsense_never_raises_never_hangs_and_is_never_accepted(kind):
    ex = make(kind, _right_for(kind))
    for junk in NONSENSE:
        if isinstance(kind, YesNo) and isinstance(junk, (bool, np.bool_)):
            continue                              # True is a way of writing "yes"
        fb = ex.check(junk)
        assert isinstance(fb.message, str) and fb.message and INTERNAL_ERROR not in fb.message, (shown(junk), fb)
        assert not fb.ok, (shown(junk), fb)


def _right_for(kind):
    if isinstance(kind, (Exact, Approx)):
        return 1012 if isinstance(kind, Whole) else Fraction(7, 9)
    return kind.canonical(_example(kind))


def _example(kind):
    if isinstance(kind, Word):
        return next(iter(kind.choices))
    if isinstance(kind, Move):
        return (1, kind.n - 1)
    if isinstance(kind, Tuple):
        return tuple(_example(k) if not isinstance(k, Whole) else 7 for k in kind.kinds)
    if isinstance(kind, SetOf):
        return frozenset({_example(kind.kind) if not isinstance(kind.kind, Tuple) else (7, 8)})
    return None


_HANG_SCRIPT = """
import sys; sys.path[:0] = {path!r}
from test_answers import hang_prone, KINDS, make, _right_for
for kind in KINDS:
    ex = make(kind, _right_for(kind))
    for junk in hang_prone():
        fb = ex.check(junk)
        assert not fb.ok and fb.message, (type(kind).__name__, fb)
print("all finished")
"""


def test_inputs_that_could_hang_are_refused_quickly():
    """Each hang-prone input is refused by every kind; run in a subprocess so that a regression fails (after the
    limit) instead of blocking the test run.  Not a speed measurement: the limit is generous."""
    import subprocess
    import sys
    from pathlib import Path

    code = _HANG_SCRIPT.format(path=[str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[1])])
    try:
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail("a hang-prone input did not finish within 120 s")
    assert out.returncode == 0 and "all finished" in out.stdout, out.stderr[-3000:]


json_like = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=30)
    | st.fractions() | st.binary(max_size=10) | st.decimals(allow_nan=True) | st.complex_numbers(),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner) | st.dictionaries(st.text(max_size=3), inner,
                                                                                          max_size=3)
    | st.frozensets(st.integers() | st.text(max_size=3), max_size=4),
    max_leaves=12)


@given(junk=json_like, which=st.integers(0, len(KINDS) - 1))
def test_property_the_reader_never_raises(junk, which):
    kind = KINDS[which]
    r = kind.read(junk)                          # the kind itself, unguarded
    assert r.ok or (isinstance(r.problem, str) and r.problem)


@given(junk=json_like, which=st.integers(0, len(KINDS) - 1))
def test_property_feedback_never_raises_and_reads_as_a_sentence(junk, which):
    kind = KINDS[which]
    fb = make(kind, _right_for(kind)).check(junk)
    assert isinstance(fb.message, str) and fb.message and INTERNAL_ERROR not in fb.message
    assert fb.message[0].isupper() or fb.message[0] in "'\"(0123456789-", fb.message


# ---- never accepts a value that is not exactly right ----------------------------------------------------------
def _exact_value(x):
    """The value a student meant, computed independently of the reader (None if it is not a number)."""
    if isinstance(x, bool):
        return None
    if isinstance(x, (int, Fraction)):
        return Fraction(x)
    if isinstance(x, float):
        return Fraction(repr(x)) if math.isfinite(x) else None
    if isinstance(x, str):
        try:
            p, q = x.split("/")
            return Fraction(int(p), int(q))
        except (ValueError, ZeroDivisionError):
            return None
    return None


numbers_ = (st.fractions(max_denominator=50) | st.integers(-100, 100) | st.floats(-3, 3)
            | st.builds(lambda p, q: f"{p}/{q}", st.integers(-30, 30), st.integers(1, 30)))


@given(right=st.fractions(max_denominator=40), answer=numbers_)
def test_property_exact_accepts_exactly_the_right_value(right, answer):
    fb = make(Exact(), right).check(answer)
    assert fb.ok == (_exact_value(answer) == right), (right, answer, fb)


@given(right=st.fractions(max_denominator=40))
def test_property_exact_accepts_every_form_of_the_right_value(right):
    ex = make(Exact(), right)
    for form in Exact().forms(right):
        assert ex.check(form).ok, (right, form)


@given(right=st.fractions(min_value=Fraction(1, 10**4), max_denominator=10**4), rounded=st.integers(2, 6))
def test_property_a_rounded_decimal_of_a_non_dyadic_fraction_is_never_accepted(right, rounded):
    assume(right.denominator & (right.denominator - 1) != 0 and right.denominator % 5 and right.denominator % 2)
    for x in (float(right), round(float(right), rounded), f"{float(right):.{rounded}f}"):
        assert not make(Exact(), right).check(x).ok


@given(right=st.integers(-10**6, 10**6), answer=st.integers(-10**6, 10**6) | st.floats(-1e6, 1e6, allow_nan=False))
def test_property_whole_accepts_only_the_exact_whole_number(right, answer):
    """Exactly the whole number, or a float Python printed within FLOAT_TOLERANCE of it (the next test)."""
    assume(not isinstance(answer, float) or not 0 < abs(Fraction(repr(answer)) - round(answer)) <= FLOAT_TOLERANCE)
    fb = make(Whole(), right).check(answer)
    assert fb.ok == (Fraction(repr(answer)) == right if isinstance(answer, float) else answer == right)


@pytest.mark.parametrize("right, answer, ok", [(3, 3.0000000000000004, True), (0, 0.1 + 0.2 - 0.3, True),
                                               (0, 2.2250738585072014e-308, True), (0, 1.86e-108, False),
                                               (3, 3.001, False), (0, 2e-9, False)])
def test_whole_accepts_a_float_python_printed_next_to_the_whole_number(right, answer, ok):
    """A float with Python's many digits a hair from the whole number is a computation's result; a short decimal
    is what the student meant (1.86e-108 is not 0)."""
    assert make(Whole(), right).check(answer).ok == ok


@given(n=st.integers(2, 60), data=st.data())
def test_property_move_accepts_exactly_the_same_question(n, data):
    k = data.draw(st.integers(1, n - 1))
    right = tuple(sorted((k, n - k)))
    ex = make(Move(n), right)
    for form in Move(n).forms(right):
        assert ex.check(form).ok, (n, right, form)
    a = data.draw(st.integers(-2, n + 2))
    b = data.draw(st.integers(-2, n + 2))
    assert ex.check((a, b)).ok == (sorted((a, b)) == list(right))
    assert ex.check(a).ok == (a in (k, n - k))


# ---- the registry --------------------------------------------------------------------------------------------------
def test_unknown_ids_are_a_clear_error_and_hints_are_shown_only_when_asked():
    with pytest.raises(ValueError, match="no exercise '01.99'"):
        get("01.99")
    with pytest.raises(ValueError, match="no exercise '01-no-such-exercise'; lesson 01 has 01-three-against-four"):
        get("01-no-such-exercise")
    with pytest.raises(ValueError, match="must be given by its key"):
        check("banana", 1)
    assert hint("01.2") and "Hint" in hint("01.2")._repr_markdown_()
    assert hint(get("01.2").key) == hint("01.2")
    assert "Hint" not in check("01.2", None).message


def test_every_exercise_declares_its_kind_and_what_it_asks():
    from guesswho_lessons.reader import exercise
    with pytest.raises(TypeError, match="kind"):
        exercise("99-no-kind", "no kind", about="something")
    with pytest.raises(TypeError, match="exercise 99-not-a-kind: kind must be a kind of answer"):
        exercise("99-not-a-kind", "not a kind", kind=None, about="something")
    with pytest.raises(ValueError, match="exercise 99-no-about: say what is asked in `about`"):
        exercise("99-no-about", "no about", kind=Exact(), about="")
    for key in ("99.3", "Exercise-1", "99-", "99-two--hyphens", "99-" + "x" * 40, 7):
        with pytest.raises(ValueError, match="exercise key must be its lesson"):
            exercise(key, "a bad key", kind=Exact(), about="something")


def test_the_package_only_gathers_the_public_names_of_its_modules():
    """The framework lives in reader/framework.py; the package's __init__ defines nothing itself."""
    import ast
    from pathlib import Path

    import guesswho_lessons.reader as package
    tree = ast.parse(Path(package.__file__).read_text(encoding="utf-8"))
    defined = [type(node).__name__ for node in tree.body
               if not isinstance(node, (ast.Import, ast.ImportFrom, ast.Assign)) and not
               (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))]
    assert defined == []
    assert [t.id for node in tree.body if isinstance(node, ast.Assign) for t in node.targets] == ["__all__"]
    assert {"exercise", "Answer", "join_class"} <= set(package.__all__)
    assert all(hasattr(package, name) for name in package.__all__)


def test_a_bug_in_an_exercise_is_reported_as_the_checker_failing_not_as_a_wrong_answer():
    ex = Exercise("99.2", "broken", 1, Exact(), lambda: 1 / 0, "x")
    fb = ex.check(Fraction(1, 2))
    assert not fb.ok and fb.message.startswith(INTERNAL_ERROR)


# ---- decisions: ratios, decimals that go on, quoted calls, yes/no words ---------------------------------------
@pytest.mark.parametrize("answer", ["7:9", " 7 : 9 ", "7:16"])
def test_a_ratio_is_refused_as_ambiguous_not_read_as_a_fraction(answer):
    """7:9 could be the fraction 7/9 or odds of 7 to 9 (that is 7/16): neither is guessed, for any right answer."""
    for right in (Fraction(7, 9), Fraction(7, 16)):
        fb = make(Exact(), right).check(answer)
        assert not fb.ok and "ratio" in fb.message and "odds" in fb.message


def _begins_with(x: Fraction, head: str) -> bool:
    """Whether the decimal expansion of x starts with the digits of head ("-0.333"), by long division."""
    negative, digits = head.startswith("-"), head.lstrip("+-")
    whole, places = digits.split(".")
    if (x < 0) != negative:
        return False
    cut = abs(x.numerator) * 10 ** len(places) // x.denominator        # |x| cut off after len(places) digits
    return cut == int(whole or "0") * 10 ** len(places) + int(places)


@pytest.mark.parametrize("answer", ["0.777...", "0.7777…", "0.333...", "0.5...", "-0.333...", "0.778..."])
def test_a_decimal_that_goes_on_is_never_accepted_and_is_right_as_far_as_it_goes_only_if_the_answer_begins_so(answer):
    head = answer.rstrip(".…")
    for right in (Fraction(7, 9), Fraction(1, 3), Fraction(1, 2), Fraction(-1, 3), Fraction(777, 1000)):
        fb = make(Exact(), right).check(answer)
        assert not fb.ok and not FRACTION_TEXT.search(fb.message), (right, fb)
        assert ("right as far as it goes" in fb.message) == _begins_with(right, head), (right, fb)


@pytest.mark.parametrize("answer", ['Fraction("7/9")', "Fraction('14/18')", 'Rational("7/9")', "sympy.Rational(7, 9)"])
def test_quoted_and_sympy_calls_as_text(answer):
    assert make(Exact(), Fraction(7, 9)).check(answer).ok


@pytest.mark.parametrize("answer, ok", [("yeah", True), ("Yep", True), ("nope", False), ("nah", False),
                                        ("Yes!", True), ("NO.", False)])
def test_yes_no_words(answer, ok):
    assert make(YesNo(), "yes").check(answer).ok is ok


def test_a_pair_of_fractions_typed_as_text_is_read_part_by_part():
    """'(85/144, 13/18)' is no Python literal: its parts are split at the commas outside inner brackets and each is
    read by its kind; a bracket left open, a stray one or an empty part is refused, never guessed."""
    pair = Tuple(Exact(), Exact(), what="a pair of chances")
    assert pair.read("(85/144, 13/18)").value == (Fraction(85, 144), Fraction(13, 18))
    assert pair.read("[Fraction(85, 144), 0.5]").value == (Fraction(85, 144), Fraction(1, 2))
    for bad in ("(85/144, 13/18", "(85/144,)", "(1/2, 3/4]", "(1/2), (3/4)", "1/2, 3/4"):
        assert not pair.read(bad).ok, bad


# ---- order where order is asked, the library's GUESS, names in any case, decimals inside a pair ---------------------
def test_the_three_groups_are_read_in_the_order_asked():
    """06.5 asks for (yes, head explodes, no): the same sizes in another order are not accepted (as a move, any
    order was); "2:3:4" is read like a tuple."""
    from guesswho_lessons.exercises import check, get
    right = get("06.5").answers()[0]
    assert check("06.5", right).ok and check("06.5", ":".join(map(str, right))).ok
    assert not check("06.5", tuple(reversed(right))).ok and not check("06.5", tuple(sorted(right, key=lambda x: -x))).ok


def test_the_exit_ticket_of_lesson_00_reads_the_library_s_guess():
    import guesswho_lib as gw
    from guesswho_lessons.exercises import check
    assert check("00.5", gw.GUESS).ok and check("00.5", "gw.GUESS").ok and not check("00.5", "ask").ok


def test_a_trait_is_read_in_any_case_in_the_challenge_of_lesson_09():
    from guesswho_lessons.exercises import check
    from guesswho_lessons.exercises.boards import DROPPED_TRAIT_BOARD
    assert check("09.8", (DROPPED_TRAIT_BOARD, "Freckles")).ok and check("09.8", (DROPPED_TRAIT_BOARD, " FRECKLES")).ok


def test_decimals_inside_a_pair_are_right_to_their_digits_and_echoed_as_typed():
    """01.7's pair given as decimals that round the answer: told it is right to its digits, to be given exactly; the
    floats are echoed as typed, never as the long fractions they are."""
    from guesswho_lessons.exercises import check, get
    both, first = get("01.7").answers()[0]
    typed = [round(float(both), 4), round(float(first), 4)]
    fb = check("01.7", typed)
    assert not fb.ok and "right to the digits" in fb.message and f"({typed[0]}, {typed[1]})" in fb.message
    assert not re.search(r"\d{6,}/\d", fb.message), fb.message
    wrong = check("01.7", [0.5, typed[1]])
    assert "right to the digits" not in wrong.message and not re.search(r"\d{6,}/\d", wrong.message)
    assert not check("01.7", [float(both), float(first)]).ok          # floats are never exact here


def test_a_triple_of_whole_numbers_is_asked_for_as_three_numbers():
    """06.5 asks for three sizes: the format it names has three places, on the blank cell and on a pair."""
    triple = Tuple(Whole(), Whole(), Whole(), what="the three group sizes")
    assert triple.expects.endswith("(a, b, c)")
    assert "(a, b, c)" in check("06.5", (1, 2)).message and "(a, b)" not in check("06.5", (1, 2)).message
    assert Tuple(Whole(), Whole()).expects.endswith("(a, b)")


def test_an_empty_set_is_echoed_as_python_writes_it():
    """{} is an empty dictionary in Python: a student who copies the echo must get an empty set."""
    message = check("02.4b", set()).message
    assert "You gave set()" in message and "{}" not in message
