"""Exercises that make the student do the work: feedback never says on which side a number's answer lies, no hint
holds the computation that gives the answer, a stretch exercise is not passed by one call of the library, and
every lesson that sets exercises imports ``hint`` before its first exercise (the feedback points to it).

(The leak tests proper, the answer stated in a hint or above an exercise: tests/lessons/test_lessons_quality.py and
tests/lessons/test_hint_leaks.py.)"""

from __future__ import annotations

import ast
import re
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

import guesswho_lib as gw
from guesswho_lessons.curriculum import LESSONS
from guesswho_lessons.reader import Exact, Exercise, Function, Tuple, Whole
from guesswho_lessons.exercises import all_exercises, get
from guesswho_lessons.reader.framework import NEIGHBOURS, Answer
from test_lessons_quality import CHECK_CALL, numbers_checked

ROOT = Path(__file__).resolve().parents[2]
EXERCISES = all_exercises()


def _plain(ex, value) -> str:
    """The feedback on ``value`` with its echoes taken out ("You gave 5", "P(5, 20)"; not a 5 of the question's own
    wording)."""
    message = ex.check(value).message.replace(f"You gave {value}", "You gave #", 1)
    if not re.search(rf"(?<![\d.]){value}(?!\d)", ex.about):
        message = re.sub(rf"(?<![\w.]){value}(?![\w.])", "#", message)
    return message


def _beside(value, rights) -> bool:
    return any(isinstance(r, int) and abs(value - r) <= NEIGHBOURS for r in rights)


#: A message that a number lies outside the range the question itself states (which says nothing new).
_OUT_OF_RANGE = re.compile(r"\b(?:between \d+ and \d+|from \d+ to \d+|runs from|numbered \d+ to)\b")


def side_giving_pairs(ex) -> list[tuple]:
    """Pairs (r - k, r + k) around a whole-number answer r whose feedback differs although neither is a tempting
    wrong value the exercise names: the feedback then says on which side the answer lies."""
    if not isinstance(ex.kind, Whole):
        return []
    sol = ex.solution()
    out = []
    for r in (r for r in sol.right if isinstance(r, int)):
        for k in (1, 2, 3, 5, 10, 100):
            below, above = r - k, r + k
            if below < 0 or any(v in sol.right or v in sol.wrong or _beside(v, sol.right) for v in (below, above)):
                continue                  # a right or tempting value, or one next to an answer (always plain)
            a, b = _plain(ex, below), _plain(ex, above)
            if a != b and not any(_OUT_OF_RANGE.search(m) for m in (a, b)):
                out.append((below, above))
    return out


@pytest.mark.parametrize("ex", [e for e in EXERCISES if isinstance(e.kind, Whole)], ids=lambda e: e.id)
def test_the_feedback_on_a_number_never_says_on_which_side_the_answer_lies(ex):
    assert side_giving_pairs(ex) == [], [(p, _plain(ex, p[0]), _plain(ex, p[1])) for p in side_giving_pairs(ex)]


def test_the_side_check_bites():
    """05.4's old feedback ("still a millionth or more" below, "below it earlier too" above) is caught."""
    old = Exercise("99.4", "demo", 3, Whole(), lambda: Answer(1155, explain=lambda g: (
        "at that N the gap is already below a millionth, but it is below it earlier too" if g > 1155 else
        "at that N the gap is still a millionth or more")), "the smallest N")
    assert side_giving_pairs(old)


# ---- hints: guides, not computations ------------------------------------------------------------------------------
def _namespace() -> dict:
    from guesswho_lib import imperfect as imp
    from guesswho_lib import tripartite as tri
    from guesswho_lib.board import load_board
    from guesswho_lib.papers.cushing import n_less
    from guesswho_lib.papers.nica import p_inf
    board = load_board()
    return {"gw": gw, "Fraction": Fraction, "tri": tri, "imp": imp, "p_inf": p_inf, "n_less": n_less,
            "board": board, "sol": gw.solve_board(), "t": gw.solve(40), "nica": gw.solve(64, "nica"),
            "tsol": gw.solve(81, "tripartite"), "hamming": imp.hamming_code(24), "frozenset": frozenset,
            "len": len, "sorted": sorted, "abs": abs, "sum": sum, "max": max, "min": min, "range": range}


NAMESPACE = _namespace()


def computed_in(text: str) -> list:
    """The values of the pieces of ``text`` that are Python expressions calling something, evaluated with the names a
    lesson has at hand (gw, Fraction, a solved table t, the board, ...); a piece that cannot run is skipped."""
    values = []
    for start in range(len(text)):
        if start and (text[start - 1].isalnum() or text[start - 1] in "_."):
            continue
        for end in range(len(text), start, -1):
            piece = text[start:end].strip().rstrip(".,;:")
            if "(" not in piece or not re.match(r"[A-Za-z_]", piece):
                continue
            try:
                tree = ast.parse(piece, mode="eval")
            except SyntaxError:
                continue
            if any(isinstance(n, ast.Call) for n in ast.walk(tree)):
                try:
                    values.append(eval(compile(tree, "<hint>", "eval"), dict(NAMESPACE)))
                except Exception:
                    pass
            break
    return values


def gives_the_answer(ex, text: str) -> list:
    """The right answers of ``ex`` that a computation written in ``text`` produces."""
    found = []
    for v in computed_in(text):
        try:
            if any(ex.kind.equal(ex.kind.canonical(v), r) for r in ex.answers()):
                found.append(v)
        except Exception:
            continue
    return found


@pytest.mark.parametrize("ex", EXERCISES, ids=lambda e: e.id)
def test_no_hint_holds_the_computation_that_gives_the_answer(ex):
    assert gives_the_answer(ex, ex.hint) == [], (ex.id, ex.hint)


def test_the_computation_check_bites_on_the_old_hints():
    """01.3's, 04.3's and 03.4's old hints were the computation itself."""
    p2424 = Exercise("99.5", "demo", 2, get("01.2").kind, lambda: Answer(gw.P(24, 24)), "P(24, 24)")
    assert gives_the_answer(p2424, "Use the solver: gw.solve(24).P(24, 24).")
    p2323 = Exercise("99.6", "demo", 2, get("01.2").kind, lambda: Answer(gw.P(23, 23)), "P(23, 23)")
    assert gives_the_answer(p2323, "Use gw.P(23, 23).")
    halving = Exercise("99.7", "demo", 2, get("01.2").kind, lambda: Answer(gw.evaluate(
        gw.strategies.halving, gw.strategies.optimal("nica"), 16, 9, "nica")), "halving's chance")
    assert gives_the_answer(halving,
                            "gw.evaluate(gw.strategies.halving, gw.strategies.optimal('nica'), 16, 9, 'nica').")


# ---- a stretch exercise asks for more than one call -------------------------------------------------------------
def _one_calls(ex) -> list:
    """Answers a student could give with one call of the library, for an exercise whose answer is a function."""
    if not isinstance(ex.kind, Function):
        return []
    from guesswho_lib import tripartite as tri
    calls = [lambda *a, r=r: gw.P(*a, r) for r in gw.RULES if r != "nica"]
    return calls + [tri.phi, lambda m: tri.phi(m)]


@pytest.mark.parametrize("ex", [e for e in EXERCISES if e.level >= 3 and isinstance(e.kind, Function)],
                         ids=lambda e: e.id)
def test_a_stretch_exercise_that_asks_for_a_function_is_not_passed_by_the_library_s(ex):
    for call in _one_calls(ex):
        assert not ex.check(call).ok, ex.id


# ---- hint is at hand wherever an exercise is set ------------------------------------------------------------------
LESSON_PATHS = [ROOT / "notebooks" / f"{x.notebook}.ipynb" for x in LESSONS]


@pytest.mark.parametrize("path", LESSON_PATHS, ids=lambda p: p.stem[:3])
def test_every_lesson_imports_hint_before_its_first_exercise(path):
    cells = [c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]
    first = next(i for i, c in enumerate(cells) if CHECK_CALL.search(c))
    imported = [i for i, c in enumerate(cells) if re.search(r"^from guesswho_lessons import .*\bhint\b", c,
                                                            re.M)]
    assert imported and imported[0] <= first, path.name


# ---- small items of the exercises -------------------------------------------------------------------------------
def test_every_core_lesson_has_a_practice_exercise():
    """Levels 1, 2 and 3 in every core lesson that sets a stretch (lesson 08 once had none at level 2)."""
    from guesswho_lessons.exercises import exercises_for
    for lesson in (x for x in LESSONS if x.track == "core"):
        levels = {e.level for e in exercises_for(lesson.id)}
        assert 2 in levels, (lesson.id, levels)


def test_no_two_exercises_of_a_lesson_share_their_answer():
    """01.3 once asked for P(24, 24) = 5/9, the answer of 01.2 (P(3, 3)): pasting the last answer passed it."""
    from guesswho_lessons.exercises import exercises_for
    for lesson in LESSONS:
        seen = {}
        for e in exercises_for(lesson.id):
            if type(e.kind).__name__ in ("Exact", "Whole"):
                for r in e.answers():
                    assert (type(e.kind).__name__, r) not in seen, (e.id, seen.get((type(e.kind).__name__, r)), r)
                    seen[(type(e.kind).__name__, r)] = e.id


def test_the_heat_map_above_the_exit_ticket_01_6_does_not_give_its_answer():
    """01.6 asks for the value of a question that is not a best move at its state: the heat map explorer just above
    it lists P(n, m) and only the best moves, with their values, so at that state it shows none of them."""
    from guesswho_lib.rules import latex_fraction
    from guesswho_lib.widgets.explorers import HeatmapModel
    from guesswho_lessons.exercises.recurrence import TICKET_STATE
    n, m, k = TICKET_STATE
    right = get("01.6").answers()[0]
    shown = HeatmapModel("official", 24, n, m, max_N=24)
    assert (k, n - k) not in [mv for mv, _ in shown.moves] and right not in [shown.P] + [v for _, v in shown.moves]
    assert latex_fraction(right) not in shown.describe() and f"{float(right):.4f}" not in shown.describe()


def test_a_move_is_echoed_as_it_was_typed():
    """08.2 with "4:2" once answered "You gave 2:4", a value the student did not type."""
    for typed in ("4:2", "[4, 2]"):
        message = get("08.2").check(typed).message
        assert "2:4" not in message and typed in message, message


# ---- a challenge ends every core lesson: optional, after the exit ticket, beyond one call ----------------------
CORE = [x for x in LESSONS if x.track == "core"]


@pytest.mark.parametrize("lesson", CORE, ids=lambda x: x.id)
def test_every_core_lesson_ends_with_its_exit_ticket_then_one_challenge(lesson):
    """The exercises end with an exit ticket of two or three level-1 questions, then one challenge (level 4), which
    the notebook sets alone (after its way in, if it has one) in its optional section "## Challenge", after every
    other exercise and before the references (in lesson 00, before the lesson table, which comes last before the
    references: the exit ticket follows the summary directly, as in every lesson, and is not read as part of the
    table)."""
    from guesswho_lessons.exercises import exercises_for
    exs = exercises_for(lesson.id)
    tickets = [e for e in exs if e.title.startswith("Exit ticket")]
    assert [e.level for e in exs].count(4) == 1 and exs[-1].level == 4, lesson.id
    steps = [e for e in exs if e.id[:-1] == exs[-1].id]            # the challenge's way in (09.8a, 09.8b), if any
    assert 2 <= len(tickets) <= 3 and exs[-1 - len(steps) - len(tickets):-1] == tickets + steps, lesson.id
    cells = nbformat.read(ROOT / "notebooks" / f"{lesson.notebook}.ipynb", as_version=4).cells
    heads = [i for i, c in enumerate(cells) if c.cell_type == "markdown" and c.source.startswith("## ")]
    start = next(i for i in heads if cells[i].source.startswith("## Challenge (optional)"))
    end = next(i for i in heads if i > start)
    if lesson.id == "00":
        assert cells[end].source.startswith("## The lessons") and end + 1 in heads, lesson.id
        end += 1
    assert cells[end].source.startswith("## References"), lesson.id
    checked = [(i, x) for i, c in enumerate(cells) if c.cell_type == "code" for x in numbers_checked(c.source)]
    challenge = [e.id for e in steps] + [exs[-1].id]
    assert [x for i, x in checked if start < i < end] == challenge, lesson.id
    assert all(i < start for i, x in checked if x not in challenge), lesson.id


def _one_call_values(ex) -> set:
    """The numbers one call of the library gives at the states (n, m) the question names in its ``about``, either
    way round: P there under every rule set, and the value of every question there under those that ask two ways."""
    states = {(int(a), int(b)) for a, b in re.findall(r"\((\d+), (\d+)\)", ex.about)}
    states |= {(m, n) for n, m in states}
    values = set()
    for rules in gw.RULES:
        t = gw.solve(max(max(s) for s in states), rules)
        for n, m in states:
            values.add(t.P(n, m))
            if gw.RULES[rules].max_parts == 2:
                values |= {t.value(n, m, (k, n - k)) for k in range(1, n // 2 + 1)}
    return values


def _chances(ex) -> set:
    """The chances a challenge asks for: its answers, or every part of them when it asks for a pair of chances."""
    if isinstance(ex.kind, Exact):
        return set(ex.answers())
    return {part for answer in ex.answers() for part in answer}


@pytest.mark.parametrize("ex", [e for e in EXERCISES if e.level == 4 and re.search(r"\(\d+, \d+\)", e.about)
                                and (isinstance(e.kind, Exact) or isinstance(e.kind, Tuple)
                                     and all(isinstance(k, Exact) for k in e.kind.kinds))], ids=lambda e: e.id)
def test_a_challenge_s_chance_is_not_one_call_of_the_library_at_its_states(ex):
    assert not _chances(ex) & _one_call_values(ex), ex.id


def test_the_one_call_check_bites():
    """A challenge asking for the merciful P(24, 24), or for one question's value at (40, 5), is one call."""
    merciful = Exercise("99.8", "demo", 4, get("04.8").kind, lambda: Answer(gw.P(24, 24, "merciful")),
                        "your chance at (24, 24) when a wrong guess passes the turn")
    question = Exercise("99.9", "demo", 4, get("04.8").kind, lambda: Answer(gw.solve(40, "nica").value(40, 5, (8, 32))),
                        "your chance at (40, 5) after a bid of 8")
    for demo in (merciful, question):
        assert set(demo.answers()) & _one_call_values(demo), demo.id


CONFIRMS = re.compile(r"right (?:size|magnitude|digits but)|wrong sign|only the sign", re.I)


@pytest.mark.parametrize("ex", EXERCISES, ids=lambda e: e.id)
def test_no_explanation_of_a_wrong_value_confirms_part_of_it(ex):
    """"Right size, wrong sign" (08.1, 08.3, 09.2 once) tells the student the answer is minus what they typed."""
    for text in ex.solution().wrong.values():
        assert not CONFIRMS.search(text), (ex.id, text)


def test_the_confirmation_check_bites():
    assert CONFIRMS.search("right size, wrong sign: cost = idealised minus board.")
