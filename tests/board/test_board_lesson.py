"""Lesson 09 (the real board): its exercises, the numbers its text and the README's quick tour state,
and its worked solutions, all checked against the board solver or an independent recursion.

(The uniform battery of the answer framework runs over every lesson elsewhere; this file is about lesson 09.)
"""

from __future__ import annotations

import json
import re
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import guesswho_lib as gw
from guesswho_lib.board import Board, cached_board_solution, restriction_cost
from guesswho_lib.board.question_sets import question_set
from guesswho_lessons.exercises import check, exercises_for, get
from guesswho_lessons.exercises import boards as lesson09

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from board_brute import brute_game

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "09-the-real-board.ipynb"
SOLUTIONS = ROOT / "teacher" / "solutions" / "09-the-real-board-solutions.ipynb"
SOL = cached_board_solution()
FULL = SOL.everyone
IDEAL = gw.solve(24)


def question_value(mine, theirs, trait) -> Fraction:
    """A question's value from the recurrence (Cushing et al., eq. (1)) on the solver's P, not its value()."""
    yes = frozenset(mine) & SOL.board.with_trait(trait)
    no = frozenset(mine) - yes
    n = len(mine)
    return sum(Fraction(len(p), n) * (1 - SOL.P(theirs, p)) for p in (yes, no))


def first_values() -> dict:
    return {t: question_value(FULL, FULL, t) for t in SOL.board.traits}


# ---- exercises ------------------------------------------------------------------------------------------------
def _right_answers():
    tiny = lesson09.tiny_board()
    _, P = brute_game(tiny.rows, "official")
    values = first_values()
    hat = frozenset(SOL.board.with_trait("hat"))
    brown = frozenset(SOL.board.with_trait("brown hair"))
    ear = frozenset(SOL.board.with_trait("earrings"))
    in_ear = {t: question_value(ear, FULL, t) for t in SOL.board.traits
              if 0 < len(ear & SOL.board.with_trait(t)) < len(ear)}
    best_ear = max(in_ear.values())
    return [
        ("09.1", P(frozenset(range(4)), frozenset(range(4)))),
        ("09.2", max(values.values()) - values["bald"]),
        ("09.3", IDEAL.P(len(brown), len(hat)) - SOL.P(brown, hat)),
        ("09.4", {t for t, v in in_ear.items() if v == best_ear}),
        ("09.6", Fraction(sum(r[2] for r in FIVE if not r[1]), sum(1 for r in FIVE if not r[1]))),   # no glasses; beard
        ("09.7", "no" if all(len(q.traits) == 1 for q in question_set(gw.load_board(), "traits")) else "yes"),
        ("09.8a", _without_column(SOL.board.traits.index(lesson09.WAY_IN_TRAIT)).P(
            frozenset(SOL.board.names), frozenset(SOL.board.with_trait(lesson09.WAY_IN_SUSPECTS)))),
        ("09.8b", max(_start_without_column(j) for j in range(SOL.board.m))),
    ]


def _without_column(j: int):
    """09.8a, 09.8b: the shipped board with trait column j deleted from its rows, solved by the solver's other method
    (a complete set plays like a pile of its size), not the one the checker uses."""
    b = SOL.board
    rows = tuple(r[:j] + r[j + 1:] for r in b.rows)
    return gw.solve_board(Board(b.names, b.traits[:j] + b.traits[j + 1:], rows), method="complete")


def _start_without_column(j: int) -> Fraction:
    return _without_column(j).start


FIVE = ((1, 1, 0), (1, 0, 1), (0, 1, 0), (0, 0, 1), (0, 0, 0))        # 09.6: hat, glasses, beard
RIGHT = _right_answers()


@pytest.mark.parametrize("id, answer", RIGHT, ids=[r[0] for r in RIGHT])
def test_each_checker_accepts_the_independently_computed_answer(id, answer):
    ex = get(id)
    if id == "09.4":
        assert set(ex.answers()) == answer              # every tied best question is right, and only those
        for trait in answer:
            assert check(id, trait).ok and check(id, SOL.question(trait).text).ok
    else:
        assert ex.answers() == (answer,)
        assert check(id, answer).ok and check(id, str(answer)).ok


def test_the_exercises_rise_in_level_and_the_first_two_need_no_programming():
    exs = [e for e in exercises_for("09") if not e.title.startswith("Exit ticket") and e.level < 4
           and not e.id.startswith("09.8")]
    assert [e.id for e in exs] == [f"09.{k}" for k in range(1, 6)]
    # the exit ticket, then the challenge with its way in
    assert [e.id for e in exercises_for("09")][5:] == ["09.6", "09.7", "09.8a", "09.8b", "09.8"]
    assert [e.level for e in exercises_for("09")][5:] == [1, 1, 2, 3, 4]      # 09.8a needs code: level 2
    levels = [e.level for e in exs]
    assert levels == sorted(levels) and levels[:2] == [1, 1]


@pytest.mark.parametrize("id, wrong, words", [
    ("09.1", IDEAL.P(4, 4), "idealised game at (4, 4)"),
    ("09.1", Fraction(1, 4), "guessing at once"),
    ("09.2", Fraction(95, 192), "VALUE of the question"),
    ("09.2", "-13/192", "which way round is the cost taken?"),   # a sign slip: the order asked, not confirmed
    ("09.2", IDEAL.value(24, 24, (2, 22)), "that is the idealised column"),
    ("09.2", IDEAL.P(24, 24) - IDEAL.value(24, 24, (2, 22)), "the cost in the idealised game"),
    ("09.3", "hat", "Not a number"),
    ("09.3", SOL.P(frozenset(SOL.board.with_trait("brown hair")), frozenset(SOL.board.with_trait("hat"))),
     "your chance on the board"),
    ("09.3", "1/40", "which way round is the restriction cost taken?"),  # a sign slip: the order asked
    ("09.3", restriction_cost(SOL, SOL.board.with_trait("hat"), SOL.everyone), "section 5's state"),   # copied
    ("09.4", "bald", "does not split"),
    ("09.4", "hat", "Which split of your suspects does it make?"),       # 3 : 7, no best question's split
    ("09.4", "glasses", "the same way as a best question, but it is worth less"),   # 4 : 6, as green eyes
    ("09.4", "wings", "give a trait of the board"),
    ("09.5", "/no/such/board.csv", "Could not read a board"),
    ("09.5", 42, "Not a board"),
    ("09.8", lesson09.HELPING_BOARD, "Not a pair (board, trait)"),
    ("09.8", (lesson09.HELPING_BOARD, "wings"), "is not a trait of your board"),
    ("09.8", (Board(("A", "B"), ("hat",), ((1,), (0,))), "hat"), "no question is left"),
    ("09.8", (lesson09.HELPING_BOARD, "hat"), "A and B have the same traits"),
    ("09.8", (Board(tuple("ABCDEFGHI"), ("hat",), tuple((i % 2,) for i in range(9))), "hat"), "at most 8"),
])
def test_wrong_answers_get_feedback_that_names_the_slip(id, wrong, words):
    fb = check(id, wrong)
    assert not fb.ok and words in fb.message, fb.message


def test_the_designed_board_is_judged_by_solving_it(tmp_path):
    helping = lesson09.HELPING_BOARD
    assert lesson09.board_that_helps_the_first_player() == helping          # the stored example is the search's
    assert gw.solve_board(helping).start > IDEAL.P(6, 6)
    assert check("09.5", helping).ok
    csv = tmp_path / "mine.csv"
    csv.write_text("name," + ",".join(helping.traits) + "\n" + "".join(f"{n},{','.join(map(str, r))}\n"
                                                        for n, r in zip(helping.names, helping.rows)))
    assert check("09.5", str(csv)).ok and check("09.5", csv).ok
    fb = check("09.5", lesson09.tiny_board())                              # 1/2 < 9/16: hurts the first player
    assert not fb.ok and "Not more yet" in fb.message
    nine = Board(tuple("ABCDEFGHI"), ("hat",), tuple((i % 2,) for i in range(9)))
    assert "at most 8" in check("09.5", nine).message


def test_the_designed_trait_is_judged_by_solving_the_board_with_and_without_it():
    """09.8: a design is right when the board without the trait tells every two characters apart and going first on
    it is worth more; the stored example is one, and a removal that changes nothing is told where to look."""
    design = lesson09.DROPPED_TRAIT_BOARD
    kept = [t for t in design.traits if t != "freckles"]
    assert gw.solve_board(design.sub_board(traits=kept)).start > gw.solve_board(design).start
    assert check("09.8", (design, "freckles")).ok and get("09.8").answers() == ((design, "freckles"),)
    same = [t for t in design.traits if t != "freckles"
            and len({design.sub_board(traits=[u for u in design.traits if u != t]).traits_of(n)
                     for n in design.names}) == design.n]
    assert same
    for t in same:
        fb = check("09.8", (design, t))
        assert not fb.ok and "Not more yet" in fb.message and "first question" in fb.message, fb.message


def test_a_board_with_two_characters_no_question_tells_apart_is_refused():
    """x4 asks that every two characters be told apart; 09.5 used to accept its old example, where E and F share
    every trait (going first is worth more there only because two faces are one)."""
    twins = Board(tuple("ABCDEF"), ("hat", "glasses", "beard"),
                  ((1, 1, 0), (1, 0, 1), (0, 1, 0), (0, 0, 1), (0, 0, 0), (0, 0, 0)))
    assert gw.solve_board(twins).start > IDEAL.P(6, 6)                       # it would pass on its value alone
    fb = check("09.5", twins)
    assert not fb.ok and "E and F have the same traits" in fb.message, fb.message


# ---- the numbers the lesson and the README state ----------------------------------------------------------------
def _cells(path):
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _fractions_in(text):
    """Every fraction written as a/b, \\frac{a}{b}, \\frac ab or \\frac{a}b in ``text``."""
    found = {Fraction(int(a), int(b)) for a, b in re.findall(r"(?<![\d/])(\d+)/(\d+)(?![\d/])", text)}
    for a, b in re.findall(r"\\frac\s*\{?(\d+?)\}?\s*\{?(\d+)\}?", text):
        found.add(Fraction(int(a), int(b)))
    return found


def test_the_lesson_text_states_what_the_solver_computes():
    md = "\n".join("".join(c["source"]) for c in _cells(NOTEBOOK) if c["cell_type"] == "markdown")
    values = first_values()
    best = max(values.values())
    best_traits = {t for t, v in values.items() if v == best}
    worst = min(values, key=values.get)
    assert SOL.start == best == Fraction(9, 16) and IDEAL.P(24, 24) == Fraction(5, 9)
    said = md.split("Compare with your prediction.", 1)[1].split("###", 1)[0]
    assert "\\frac{9}{16}" in said and "\\frac59" in said
    assert Fraction(9, 16) in _fractions_in(said) and Fraction(5, 9) in _fractions_in(said)
    assert f"**{['Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six'][len(best_traits)]} questions tie**" in said
    summary = md.split("## Summary", 1)[1]
    named = re.search(r"tie for the best \(([^)]*)\)", summary).group(1)
    assert {t.strip() for t in named.split(",")} == best_traits
    assert worst == "bald" and SOL.question(worst).text in said and f"\\frac{{{values[worst].numerator}}}" \
        f"{{{values[worst].denominator}}}" in said
    assert "**more**" in said and SOL.start > IDEAL.P(24, 24)


def test_no_exercise_answer_is_visible_above_its_check_cell():
    cells = _cells(NOTEBOOK)
    for id, answer in RIGHT:
        if not isinstance(answer, Fraction):
            continue
        at = next(k for k, c in enumerate(cells)
                  if c["cell_type"] == "code" and f'check("{get(id).key}"' in "".join(c["source"]))
        above = "\n".join("".join(c["source"]) for c in cells[:at + 1])
        assert answer not in _fractions_in(above), (id, answer)


def test_the_readme_quick_tour_runs_and_states_only_what_the_solver_computes():
    """The README's quick tour of the real board runs; the one value it states (the worst first question's) is the
    solver's; the values lesson 09 asks for (going first, the best questions) it leaves to the lesson."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"The real board, where every question.*?```python\n(.*?)```", readme, re.S).group(1)
    env: dict = {"gw": gw}
    exec(compile(block, "README.md", "exec"), env)
    b = env["b"]
    assert b.start == SOL.start and Fraction(9, 16) not in _fractions_in(block.replace(", ", "/"))
    bald = re.search(r'"bald"\)\s+# Fraction\((\d+), (\d+)\): the worst', block)
    assert (b.value(b.everyone, b.everyone, "bald") == Fraction(int(bald[1]), int(bald[2]))
            == min(first_values().values()))


def test_the_worked_solutions_run_and_every_check_says_correct():
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(SOLUTIONS, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()         # raises on any cell error
    checks = [c for c in nb.cells if c.cell_type == "code" and "check(" in c.source]
    assert len(checks) == 9                      # the exit ticket's two checks share a cell
    for c in checks:
        shown = "".join(o.get("data", {}).get("text/plain", "") + o.get("text", "") for o in c.outputs)
        assert "Correct!" in shown, (c.source, shown)


def test_the_trait_table_shows_every_trait_s_whole_name_above_its_column():
    """x4 prints the trait matrix of a board: every header is the trait's whole name (it used to be cut to three
    letters: "gla", "ear"), and each 0 or 1 sits under the end of its trait's name."""
    board = lesson09.HELPING_BOARD
    head, *rows = board.table().splitlines()
    assert head.split() == list(board.traits)
    ends = [head.index(t) + len(t) - 1 for t in board.traits]
    for line, row in zip(rows, board.rows):
        assert [line[e] for e in ends] == [str(x) for x in row], (line, row)


def test_the_challenge_is_no_value_the_lesson_shows_and_one_removal_helps_the_first_player():
    """09.8b: removing brown eyes, the only 12 : 12 question, helps the first player; every other removal leaves the
    start as it is; the tempting values (the full board's start, the idealised game's) are told where they come
    from."""
    starts = {b: _start_without_column(j) for j, b in enumerate(SOL.board.traits)}
    assert [t for t in SOL.board.traits if len(SOL.board.with_trait(t)) == 12] == ["brown eyes"]
    assert {t for t, v in starts.items() if v != SOL.start} == {"brown eyes"} and starts["brown eyes"] > SOL.start
    assert "full board" in check("09.8b", SOL.start).message
    assert "idealised" in check("09.8b", IDEAL.P(24, 24)).message
    assert "idealised" in check("09.8a", IDEAL.P(24, 14)).message
    assert "whose turn is it" in check("09.8a", 1 - get("09.8a").answers()[0]).message
    assert starts["brown eyes"] not in {a for e in exercises_for("09") if e.id != "09.8b" for a in e.answers()
                                        if isinstance(a, Fraction)}
