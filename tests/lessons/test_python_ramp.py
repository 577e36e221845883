"""The Python ramp of the core track: every construct an exercise needs is taught before it, and so is every
construct a lesson's own cells use and every construct a hint names (core and extension lessons).

What an exercise needs is read from its worked solution (teacher/solutions/, written as a student would), parsed
with ``ast``; where a construct is taught is the table :data:`RAMP` below, and each entry is checked against the
lesson it names (the words that teach it must be in that lesson, above the first exercise that needs it).  A
construct that no lesson teaches (``+=``, ``try``, a class...) may not appear in a core solution at all."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest

from guesswho_lessons.curriculum import LESSONS
from guesswho_lessons.exercises import get

ROOT = Path(__file__).resolve().parents[2]
CORE = [x for x in LESSONS if x.track == "core"]
#: a check of an exercise, by its key ("08-best-move") or its number ("08.2")
EXERCISE_CALL = re.compile(r"""(?:check|confirm)\(\s*["']((?:\d\d|x\d)[-.][a-z0-9.-]+)["']""")

#: construct -> (the lesson that teaches it, words of that lesson that teach it)
RAMP = {
    "import": ("00", "`import` loads a library"),
    "name": ("00", "gives a value a **name**"),
    "call": ("00", "`print(...)` shows what is in its brackets"),
    "//": ("00", "`//`"),
    "for": ("00", "**Repeating: a `for` loop.**"),
    "list": ("00", "A loop can also run over a list"),
    "f-string": ("00", "**Printing with an f-string.**"),
    "if": ("01", "**Python: `if` and `else`.**"),
    "comparison": ("01", "(`==` asks \"is it equal?\""),
    "def": ("01", "**Step 1: `def`.**"),
    "decorator": ("01", "The line `@functools.cache` above `def`"),
    "loop in a loop": ("01", "a `for` loop over m inside a `for` loop over n"),
    "global": ("01", "`global calls` lets the function change"),
    "set": ("02", "A **set** collects things without repeats"),
    "pair": ("01", "A move is written as a **pair** of group sizes"),
    "unpacking": ("02", "gives two names at once"),
    "break": ("05", "`break` stops the loop"),
    "zip": ("05", "`zip(axes, (16, 32, 64))` pairs"),
    "comprehension": ("06", "a loop written inside brackets, a **comprehension**"),
    "indexing": ("06", "`x[0]` is the first item of `x`"),
    "dictionary": ("08", "A dictionary pairs keys with values"),
    "while": ("07", "(`while left > 1:` repeats its indented"),
    "enumerate": ("07", "`enumerate(hamming.words)` gives each codeword with its number"),
    "lambda": ("07", "is a small\nfunction without a name"),
}
CALLS = {"set": "set", "enumerate": "enumerate", "zip": "zip"}


#: node types that stand for one construct each, by name
_SIMPLE = {ast.Import: "import", ast.ImportFrom: "import", ast.AugAssign: "+=", ast.While: "while", ast.If: "if",
           ast.IfExp: "if", ast.Compare: "comparison", ast.List: "list", ast.Set: "set", ast.Tuple: "pair",
           ast.JoinedStr: "f-string", ast.Break: "break", ast.Lambda: "lambda", ast.ListComp: "comprehension",
           ast.SetComp: "comprehension", ast.DictComp: "comprehension", ast.GeneratorExp: "comprehension",
           ast.Dict: "dictionary", ast.Subscript: "indexing", ast.Starred: "*unpacking",
           **{t: t.__name__.lower() for t in (ast.Try, ast.With, ast.ClassDef, ast.Global, ast.Nonlocal, ast.Yield)}}


def constructs(code: str) -> set[str]:
    """The Python constructs a piece of code uses, by name (the keys of :data:`RAMP`, or an untaught one)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(code)):
        if type(node) in _SIMPLE:
            found.add(_SIMPLE[type(node)])
        elif isinstance(node, ast.Assign):
            found.add("name")
            if any(isinstance(t, ast.Tuple) for t in node.targets):
                found.add("unpacking")
        elif isinstance(node, ast.Call):
            found.add("call")
            if isinstance(node.func, ast.Name) and node.func.id in CALLS:
                found.add(CALLS[node.func.id])
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.FloorDiv):
            found.add("//")
        elif isinstance(node, ast.For):
            found.add("for")
            if not isinstance(node.target, ast.Name):
                found.add("unpacking")
            if any(isinstance(inner, ast.For) for inner in ast.walk(node) if inner is not node):
                found.add("loop in a loop")
        elif isinstance(node, ast.FunctionDef):
            found.add("def")
            if node.decorator_list:
                found.add("decorator")
    return found


def _notebook(path: Path):
    return nbformat.read(path, as_version=4)


def solution_code(lesson) -> dict[str, str]:
    """Exercise id -> the code of the cell of the lesson's worked solutions that checks it."""
    name = lesson.notebook.rsplit("/", 1)[-1]
    nb = _notebook(ROOT / "teacher" / "solutions" / f"{name}-solutions.ipynb")
    out = {}
    for cell in nb.cells:
        if cell.cell_type == "code":
            for eid in EXERCISE_CALL.findall(cell.source):
                out[get(eid).id] = cell.source
    return out


def taught_before(lesson) -> dict[str, str]:
    """Exercise id -> every text of the lesson up to and including the cell that checks it."""
    nb = _notebook(ROOT / "notebooks" / f"{lesson.notebook}.ipynb")
    out, above = {}, []
    for cell in nb.cells:
        above.append(cell.source)
        for eid in EXERCISE_CALL.findall(cell.source) if cell.cell_type == "code" else []:
            out.setdefault(get(eid).id, "\n".join(above))
    return out


def untaught(code: str, lesson, text_above: str) -> list[str]:
    """Every construct ``code`` uses that no lesson has taught by then (the words of :data:`RAMP` in an earlier
    lesson, or in ``text_above``, the text of ``lesson`` above the code), each as "uses X, why"."""
    order = [x.id for x in LESSONS]
    out = []
    for c in sorted(constructs(code)):
        if c not in RAMP:
            out.append(f"uses {c}, which no lesson teaches")
            continue
        where, words = RAMP[c]
        if order.index(where) > order.index(lesson.id):
            out.append(f"uses {c}, taught only later, in lesson {where}")
        elif where == lesson.id and words not in text_above:
            out.append(f"uses {c}, which lesson {where} teaches only after it")
    return out


def ramp_problems(lesson) -> list[str]:
    """Every construct an exercise of ``lesson`` needs that no lesson up to it has taught before it."""
    text_before = taught_before(lesson)
    return [f"{eid} (level {get(eid).level}) {why}" for eid, code in solution_code(lesson).items()
            for why in untaught(code, lesson, text_before.get(eid, ""))]


@pytest.mark.parametrize("construct", sorted(RAMP))
def test_the_ramp_table_names_the_words_that_teach_each_construct(construct):
    where, words = RAMP[construct]
    lesson = next(x for x in LESSONS if x.id == where)
    text = "\n".join(c.source for c in _notebook(ROOT / "notebooks" / f"{lesson.notebook}.ipynb").cells)
    assert words in text, (construct, where, words)


@pytest.mark.parametrize("lesson", CORE, ids=lambda x: x.id)
def test_every_construct_an_exercise_needs_is_taught_before_it(lesson):
    assert set(solution_code(lesson)) == set(taught_before(lesson)), "every exercise has a worked solution"
    assert ramp_problems(lesson) == []


def test_the_ramp_check_bites():
    """A solution with a comprehension, a lambda, or a while loop before lesson 07 is caught."""
    assert {"comprehension", "lambda"} <= constructs("f = lambda n: [k for k in range(n)]")
    assert "loop in a loop" in constructs("for a in x:\n    for b in y:\n        pass")
    assert "unpacking" in constructs("for a, b in zip(x, y):\n    pass")
    assert "+=" in constructs("n += 1")
    lesson = next(x for x in LESSONS if x.id == "01")
    real = solution_code

    def with_nested(lesson):
        out = real(lesson)
        out["01.2"] = "while True:\n    break"
        return out
    globals()["solution_code"] = with_nested
    try:
        assert any("01.2 (level 2) uses while, taught only later, in lesson 07" in p
                   for p in ramp_problems(lesson))
    finally:
        globals()["solution_code"] = real


def lesson_cell_problems(lesson) -> list[str]:
    """Every construct a code cell of ``lesson`` uses that no lesson has taught by then (the words of :data:`RAMP`
    in an earlier lesson, or above the cell in this one)."""
    from guesswho_apps.site.launch import is_colab_cell
    problems, above = [], []
    for k, cell in enumerate(_notebook(ROOT / "notebooks" / f"{lesson.notebook}.ipynb").cells):
        above.append(cell.source)
        if cell.cell_type == "code" and not is_colab_cell(cell.source):
            problems += [f"cell {k} {why}" for why in untaught(cell.source, lesson, "\n".join(above))]
    return problems


@pytest.mark.parametrize("lesson", CORE, ids=lambda x: x.id)
def test_every_construct_a_lesson_s_cells_use_is_taught_before_them(lesson):
    assert lesson_cell_problems(lesson) == []


def test_the_cell_check_bites_on_lesson_08_s_old_cell():
    """Lesson 08's game cell once picked the group with a comprehension and a slice, taught nowhere."""
    assert {"comprehension", "indexing"} <= constructs("mine = [i + 1 for i in g.your_suspects]\ng.ask(mine[:2])")
    real = RAMP.pop("comprehension")
    try:
        assert any("comprehension" in p for p in lesson_cell_problems(next(x for x in LESSONS if x.id == "06")))
    finally:
        RAMP["comprehension"] = real


# ---- the prerequisites a lesson states ------------------------------------------------------------------------------
#: construct -> the later lessons that teach it again, with their words, for students who come to them by their stated
#: prerequisites and so have not met the lesson of :data:`RAMP` (lesson 08 comes after lesson 02, not after 06 or 07)
TAUGHT_AGAIN = {
    "while": (("08", "while repeats its indented lines as long as its condition holds"),),
    "indexing": (("08", "group[0] is the first item"), ("09", "`x[0]` is the first item of a list `x`")),
    "comprehension": (("09", "is a loop written inside brackets, a\n*comprehension*"),),
}


def prerequisites(lesson) -> set[str]:
    """The lessons a student has done before ``lesson`` by its stated prerequisites, followed back to lesson 00."""
    ids = {x.id: x for x in LESSONS}
    out, todo = set(), [lesson.id]
    while todo:
        for p in (p.strip() for p in ids[todo.pop()].prerequisites.split(",")):
            if p in ids and p not in out:
                out.add(p)
                todo.append(p)
    return out


def prerequisite_problems(lesson) -> list[str]:
    """Every construct that a code cell of ``lesson`` (or a worked solution of its exercises) uses and that neither a
    lesson of its stated prerequisites nor ``lesson`` itself, above the cell, teaches: its header's "before this"
    would then be untrue for a student who did just those lessons."""
    from guesswho_apps.site.launch import is_colab_cell
    before = prerequisites(lesson)
    cells = _notebook(ROOT / "notebooks" / f"{lesson.notebook}.ipynb").cells
    text_before = taught_before(lesson)
    code = [(f"cell {k}", c.source, "\n".join(x.source for x in cells[:k + 1])) for k, c in enumerate(cells)
            if c.cell_type == "code" and not is_colab_cell(c.source)]
    code += [(f"the solution of {eid}", src, text_before.get(eid, "")) for eid, src in solution_code(lesson).items()]
    problems = []
    for where, source, above in code:
        for c in sorted(constructs(source) & set(RAMP)):
            places = (RAMP[c], *TAUGHT_AGAIN.get(c, ()))
            if not any(at in before or (at == lesson.id and words in above) for at, words in places):
                problems.append(f"{where} uses {c}, taught in lesson {RAMP[c][0]}, which is not before this lesson")
    return problems


@pytest.mark.parametrize("lesson", CORE, ids=lambda x: x.id)
def test_a_lesson_uses_only_what_its_prerequisites_or_itself_teach(lesson):
    assert prerequisite_problems(lesson) == []


@pytest.mark.parametrize("construct", sorted(TAUGHT_AGAIN))
def test_the_words_that_teach_a_construct_again_are_in_their_lesson(construct):
    for where, words in TAUGHT_AGAIN[construct]:
        lesson = next(x for x in LESSONS if x.id == where)
        assert words in "\n".join(c.source for c in _notebook(ROOT / "notebooks" / f"{lesson.notebook}.ipynb").cells)


def test_the_prerequisite_check_bites_on_lesson_08_without_its_tiny_cells():
    """Lesson 08, which comes after lesson 02, once used `while` and `x[0]` from lessons 06 and 07 unexplained."""
    lesson = next(x for x in LESSONS if x.id == "08")
    assert prerequisites(lesson) == {"00", "01", "02"}
    real = dict(TAUGHT_AGAIN)
    try:
        del TAUGHT_AGAIN["while"], TAUGHT_AGAIN["indexing"]
        assert {p.split(" uses ")[1].split(",")[0] for p in prerequisite_problems(lesson)} == {"while", "indexing"}
    finally:
        TAUGHT_AGAIN.update(real)


# ---- lesson 08's game in code ----------------------------------------------------------------------------------------
#: lesson 08, section 3: the tiny cells that show, each in turn, the four pieces of Python new since lesson 02, and the
#: cells of the game in code (the game, then its accounting) that use them
LESSON_08_TINY_CELLS = ("py-append", "py-if-in-for", "py-while", "py-dictionary")
LESSON_08_GAME_CELLS = ("81fbbede", "38479bb9")


def words_no_lesson_teaches(code: str) -> set[str]:
    """``not`` and ``is`` (``is not``) where ``code`` uses them: Python that no lesson's ramp teaches (:data:`RAMP`
    has ``==`` from lesson 01, and :func:`constructs` counts every comparison as one)."""
    found = set()
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            found.add("not")
        elif isinstance(node, ast.Compare) and any(isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops):
            found.add("is")
    return found


def game_cell_problems(cells: dict) -> list[str]:
    """What lesson 08's game cells use beyond lessons 00 to 02 (its stated prerequisites) and the four tiny cells of
    its section 3, which says that its cells use only those four new pieces; ``cells`` maps a cell's id to its code."""
    order = [x.id for x in LESSONS]
    by_02 = {c for c, (where, _) in RAMP.items() if order.index(where) <= order.index("02")}
    shown = set().union(*(constructs(cells[k]) for k in LESSON_08_TINY_CELLS))
    out = []
    for k in LESSON_08_GAME_CELLS:
        out += [f"cell {k} uses {c}, neither taught by lesson 02 nor shown in a tiny cell"
                for c in sorted(constructs(cells[k]) - by_02 - shown)]
        out += [f"cell {k} uses `{w}`, which no lesson teaches" for w in sorted(words_no_lesson_teaches(cells[k]))]
    return out


def _lesson_08_cells() -> dict:
    nb = _notebook(ROOT / "notebooks" / f"{next(x for x in LESSONS if x.id == '08').notebook}.ipynb")
    return {c.get("id"): c.source for c in nb.cells}


def test_lesson_08_s_game_cells_use_only_lessons_00_to_02_and_its_four_tiny_cells():
    cells = _lesson_08_cells()
    assert "Its cells use four pieces\nof Python new since lesson 02" in "\n".join(cells.values())
    assert len(LESSON_08_TINY_CELLS) == 4 and game_cell_problems(cells) == []


def test_the_game_cell_check_bites_on_lesson_08_s_old_loop():
    """The game cell once read `while not g.over:` and `if move is gw.GUESS:`; a slice is no tiny cell's."""
    cells = _lesson_08_cells()
    old = dict(cells, **{"81fbbede": cells["81fbbede"].replace("g.over == False", "not g.over")
                         .replace("move == gw.GUESS", "move is gw.GUESS")})
    assert game_cell_problems(old) == ["cell 81fbbede uses `is`, which no lesson teaches",
                                       "cell 81fbbede uses `not`, which no lesson teaches"]
    assert game_cell_problems(dict(cells, **{"38479bb9": "x = [1, 2]\nprint({k: 1 for k in x})"})) == [
        "cell 38479bb9 uses comprehension, neither taught by lesson 02 nor shown in a tiny cell"]


# ---- a hint names only what the student has been taught -----------------------------------------------------------
#: How a hint names a construct of :data:`RAMP` in words: the construct quoted as code, or its own name.
HINT_NAMES = {"while": r"`while|\bwhile (?:loop|\w+ *(?:<|>|<=|>=|==|!=))", "break": r"\bbreak\b",
              "lambda": r"\blambda\b", "enumerate": r"\benumerate\b", "zip": r"\bzip\(",
              "comprehension": r"\bcomprehension", "decorator": r"@functools|\bdecorator", "global": r"`global"}


def text_above_each_exercise(lesson) -> dict[str, str]:
    """Exercise id -> every text of ``lesson`` (core or extension) up to and including the cell that checks it."""
    checked = re.compile(r"""check\(\s*["']((?:\d\d|x\d)[-.][a-z0-9.-]+)["']""")     # a key (or a number)
    out, above = {}, []
    for cell in _notebook(ROOT / "notebooks" / f"{lesson.notebook}.ipynb").cells:
        above.append(cell.source)
        for name in checked.findall(cell.source) if cell.cell_type == "code" else []:
            out.setdefault(get(name).id, "\n".join(above))
    return out


def hint_problems(exercise, lesson, text_above: str) -> list[str]:
    """Every construct the hint of ``exercise`` names that the student has not been taught by then: in a lesson of
    ``lesson``'s stated prerequisites (:func:`prerequisites`), or in ``text_above``, the text of ``lesson`` above the
    exercise."""
    before = prerequisites(lesson)
    out = []
    for construct, name in HINT_NAMES.items():
        places = (RAMP[construct], *TAUGHT_AGAIN.get(construct, ()))
        if re.search(name, exercise.hint) and not any(at in before or (at == lesson.id and words in text_above)
                                                      for at, words in places):
            out.append(f"{exercise.id}'s hint names {construct}, taught in lesson {RAMP[construct][0]}, not before "
                       f"lesson {lesson.id}")
    return out


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.id)
def test_every_hint_names_only_constructs_taught_before_it(lesson):
    above = text_above_each_exercise(lesson)
    assert above, lesson.id
    assert [p for eid, text in above.items() for p in hint_problems(get(eid), lesson, text)] == []


def test_the_hint_check_bites_on_x2_5_s_old_hint():
    """x2.5's hint once said "a while loop" to students whose lessons (up to 06) had not met one (07 teaches it)."""
    from dataclasses import replace

    x2 = next(x for x in LESSONS if x.id == "x2")
    assert prerequisites(x2) == {"00", "01", "02", "06"}
    old = replace(get("x2.5"), hint="First find k (a while loop: the smallest k with m <= 3**k), then type the formula")
    assert hint_problems(old, x2, text_above_each_exercise(x2)["x2.5"]) == [
        "x2.5's hint names while, taught in lesson 07, not before lesson x2"]
    assert hint_problems(replace(old, hint="a count with a for loop and an if"), x2, "") == []


@pytest.mark.parametrize("lesson", [x for x in LESSONS if x.track == "core"], ids=lambda x: x.id)
def test_no_core_lesson_uses_python_that_no_lesson_teaches(lesson):
    """``not`` and ``is`` are taught nowhere: a core lesson's cells say the same with ``!=`` and ``==``."""
    cells = nbformat.read(ROOT / "notebooks" / f"{lesson.notebook}.ipynb", as_version=4).cells
    assert {i: words_no_lesson_teaches(c.source) for i, c in enumerate(cells)
            if c.cell_type == "code" and words_no_lesson_teaches(c.source)} == {}
