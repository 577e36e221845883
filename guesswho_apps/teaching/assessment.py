"""Two exam papers, A and B, as an A level board would set them, with their mark schemes and a specification grid;
one question per core lesson, the same questions and marks on both papers, on different states.

The questions are one template, ``guesswho_apps/data/kit/exam.md`` (:mod:`.sources`): a question's stem and parts, and
for each part the content it assesses (keys of :data:`.specification.CONTENT`) and its mark scheme, line by line:

    - M1 A1 :: the working or answer :: guidance for the marker

Marks are the boards': M (method), dM (a method mark that needs the M before it), A (accuracy, after its M), B
(independent), each with a digit (B2 is two marks) and ``ft`` when it follows through; the guidance says cao, oe,
awrt or AG.  A part may have an alternative method (``# alternative``) worth the same marks.  :data:`PAPERS` gives
each paper's states; every number is computed when the paper is written (Jinja2, :mod:`.templates`).

The student's paper has a front page (time allowed, total marks, the calculator rule, exact answers unless stated),
space to answer, and neither a mark nor a content reference: those are in the mark scheme and in the teacher's
specification grid.  Each printed item is written as an A4 PDF and as its editable sources, Markdown and LaTeX
(:mod:`.document`).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from guesswho_lessons.curriculum import LESSONS
from ..licence import notice
from . import document as doc
from .sources import kit_text, paragraphs, sections
from .specification import BOARDS, CONTENT
from .templates import NAMES, render

__all__ = ["Line", "Part", "Question", "PAPERS", "PRACTICE", "states", "MARK", "COMMAND_WORDS", "questions",
           "paper_variables", "paper_blocks", "scheme_blocks", "grid_blocks", "total_marks", "time_allowed", "rendered",
           "write_exam", "practice_notebook", "CONVENTIONS", "exam_markdown", "refs_text", "write_item", "CODES",
           "built_up"]

HEADER = "Guess Who? maths"
EXAM = "exam"

#: the command words, as the boards write them: each part has a sentence that starts with one
COMMAND_WORDS = ("Show that", "Find", "Explain", "Hence", "State", "Write down", "Verify")
_COMMAND = re.compile(r"(?:^|[.?:]\s+|,\s+)(?:" + "|".join(COMMAND_WORDS) + r")\b", re.I)
#: one mark of a scheme line: M1, dM1, A1, B1, B2, A1ft, B1ft
MARK = re.compile(r"(dM|M|A|B)(\d)(ft)?")

#: The marking conventions, as the boards write them (the mark scheme's first page).
CONVENTIONS = (
    ("M", "method mark: a correct method applied to the right values; slips in arithmetic are allowed"),
    ("dM", "dependent method mark: needs the M mark before it"),
    ("A", "accuracy mark: a correct answer or step, given only with the M (or dM) mark it follows"),
    ("B", "a mark for a correct result or statement, independent of method"),
    ("ft", "follow through: the mark is given for a correct use of the candidate's own earlier wrong answer"),
    ("oe", "or equivalent"),
    ("cao", "correct answer only"),
    ("awrt", "anything which rounds to the value given"),
    ("AG", "answer given on the paper: the working must be complete and correct"),
)


@dataclass(frozen=True)
class Line:
    """One line of a mark scheme: its marks ("M1", "A1"), the working or answer, and the guidance."""
    marks: tuple
    working: str
    guidance: str = ""

    @property
    def value(self) -> int:
        return sum(int(MARK.fullmatch(m).group(2)) for m in self.marks)


@dataclass(frozen=True)
class Part:
    text: str
    refs: tuple                   # keys of specification.CONTENT
    scheme: tuple                 # Line records: the main method
    alternatives: tuple = ()      # tuples of Line records, each worth the same marks

    @property
    def marks(self) -> int:
        return sum(line.value for line in self.scheme)


@dataclass(frozen=True)
class Question:
    lesson: str
    stem: str
    parts: tuple

    @property
    def marks(self) -> int:
        return sum(p.marks for p in self.parts)


def _line(text: str, where: str) -> Line:
    pieces = [s.strip() for s in text.split(" :: ")]
    if len(pieces) not in (2, 3):
        raise ValueError(f"{where}: a scheme line is '- MARKS :: working :: guidance', got {text[:60]!r}")
    marks = tuple(pieces[0].split())
    bad = [m for m in marks if not MARK.fullmatch(m)]
    if not marks or bad:
        raise ValueError(f"{where}: marks are M1, dM1, A1 or B1 (with ft), got {pieces[0]!r}")
    return Line(marks, pieces[1], pieces[2] if len(pieces) == 3 else "")


def _scheme(body: str, where: str) -> tuple:
    lines = paragraphs(body)
    if not lines or not all(b.startswith("- ") for b in lines):
        raise ValueError(f"{where}: a mark scheme is a list of '- MARKS :: working :: guidance' lines")
    out = tuple(_line(b[2:], where) for b in lines)
    for k, line in enumerate(out):
        for m in line.marks:
            kind = MARK.fullmatch(m).group(1)
            before = [MARK.fullmatch(x).group(1) for ln in out[:k] for x in ln.marks] + \
                     [MARK.fullmatch(x).group(1) for x in line.marks[:line.marks.index(m)]]
            if kind == "A" and not {"M", "dM"} & set(before):
                raise ValueError(f"{where}: an A mark needs an M mark before it")
            if kind == "dM" and "M" not in before:
                raise ValueError(f"{where}: a dM mark needs an M mark before it")
    return out


def questions(text: str | None = None) -> tuple[Question, ...]:
    """The questions of ``data/kit/exam.md``, in lesson order, checked: one per core lesson, each part starting with a
    command word, content references that exist, marks of the boards' kinds, alternatives worth the same marks."""
    where = "data/kit/exam.md"
    text = kit_text(EXAM) if text is None else text
    out, q, part = [], None, None
    for s in sections(text, where):
        if s.name in ("cover", "snippet"):
            continue
        if s.name == "question":
            q = {"lesson": s.keys.get("lesson", ""), "stem": "", "parts": []}
            out.append(q)
        elif q is None:
            raise ValueError(f"{where}: '# {s.name}' before the first '# question'")
        elif s.name == "stem":
            q["stem"] = s.body
        elif s.name == "part":
            part = {"text": s.body, "refs": (), "scheme": (), "alternatives": []}
            q["parts"].append(part)
        elif s.name == "refs":
            part["refs"] = tuple(s.body.split())
        elif s.name == "scheme":
            part["scheme"] = _scheme(s.body, f"{where}, lesson {q['lesson']}")
        elif s.name == "alternative":
            part["alternatives"].append(_scheme(s.body, f"{where}, lesson {q['lesson']}"))
        else:
            raise ValueError(f"{where}: unknown part '# {s.name}'")
    result = tuple(Question(q["lesson"], q["stem"], tuple(Part(p["text"], p["refs"], p["scheme"],
                                                                tuple(p["alternatives"])) for p in q["parts"]))
                   for q in out)
    core = [x.id for x in LESSONS if x.track == "core"]
    if [q.lesson for q in result] != core:
        raise ValueError(f"one question per core lesson, in order: expected {core}, got {[q.lesson for q in result]}")
    for q in result:
        for k, p in enumerate(q.parts):
            here = f"question for lesson {q.lesson}, part {LETTERS[k]}"
            if not _COMMAND.search(p.text):
                raise ValueError(f"{here}: no sentence starts with a command word ({', '.join(COMMAND_WORDS)})")
            if not p.refs or set(p.refs) - set(CONTENT):
                raise ValueError(f"{here}: assesses {p.refs}; references are {sorted(CONTENT)}")
            if not p.scheme:
                raise ValueError(f"{here}: no mark scheme")
            for alt in p.alternatives:
                if sum(line.value for line in alt) != p.marks:
                    raise ValueError(f"{here}: an alternative method is worth {sum(x.value for x in alt)} marks, "
                                     f"the main method {p.marks}")
    return result


def _snippets(text: str) -> dict:
    return {s.keys["name"]: s.body for s in sections(text, "data/kit/exam.md") if s.name == "snippet"}


def _cover(text: str) -> list[str]:
    return next(paragraphs(s.body) for s in sections(text, "data/kit/exam.md") if s.name == "cover")


LETTERS = "abcdefgh"


# ---- the papers' states ------------------------------------------------------------------------------------------
#: Each paper's states, by lesson: the same questions and marks, different states (a test checks that none is used
#: in a lesson, a summary or an exit ticket).
PAPERS = {
    "A": {"00": {"m": 11}, "01": {"m": 10}, "02": {"n": 26, "m": 25}, "03": {"n": 44, "m": 6},
          "04": {"N": 27, "M": 26}, "05": {"n": 11, "m": 3}, "06": {"n": 7, "m": 8, "split": "1:3:3", "n2": 10,
                                                                    "m2": 3},
          "07": {"N": 48}, "08": {"N": 15, "games": 11}, "09": {"t1": "green eyes", "t2": "glasses"}},
    "B": {"00": {"m": 13}, "01": {"m": 9}, "02": {"n": 26, "m": 27}, "03": {"n": 36, "m": 11},
          "04": {"N": 17, "M": 18}, "05": {"n": 12, "m": 5}, "06": {"n": 8, "m": 7, "split": "1:3:4", "n2": 12,
                                                                    "m2": 3},
          "07": {"N": 22}, "08": {"N": 13, "games": 15}, "09": {"t1": "blue eyes", "t2": "red hair"}},
}

#: The practice notebook's states: the same questions again, on states neither paper uses, so that a class can
#: practise before sitting either paper as a mock.
PRACTICE = {"00": {"m": 14}, "01": {"m": 11}, "02": {"n": 30, "m": 28}, "03": {"n": 40, "m": 7},
            "04": {"N": 38, "M": 32}, "05": {"n": 14, "m": 3}, "06": {"n": 9, "m": 7, "split": "1:4:4", "n2": 13,
                                                                      "m2": 3},
            "07": {"N": 28}, "08": {"N": 19, "games": 14}, "09": {"t1": "smiling", "t2": "hat"}}


def states() -> dict:
    """Every set of states, by name: the two papers' and the practice notebook's ("practice")."""
    return PAPERS | {"practice": PRACTICE}

#: the largest number of answer patterns of q questions that differ pairwise in at least 3 places, A(q, 3)
CODES = {7: 16, 8: 20, 9: 40, 10: 72}


def _board_question(trait: str) -> str:
    """The course's board's question about ``trait`` ("Does your person wear glasses?")."""
    from guesswho_lib.board import load_board
    from guesswho_lib.board.question_sets import question_words
    board = load_board()
    if trait not in board.traits:
        raise ValueError(f"the course's board has no trait {trait!r}; its traits are {', '.join(board.traits)}")
    return question_words(board, [(trait, True)])


def _derive(lesson: str, v: dict) -> dict:
    """A question's variables on one paper: its states and what the template needs computed from them."""
    v = dict(v)
    if lesson == "02":
        n = v["n"]
        v["h"], v["a"] = n // 2, NAMES["n_less"](n)
        v["halving"], v["other"] = f"{n // 2}:{n - n // 2}", f"{v['a']}:{n - v['a']}"
    elif lesson == "03":
        v["k"], v["b"] = NAMES["level"](v["n"], v["m"]), NAMES["bid"](v["n"], v["m"])
    elif lesson == "04":
        N, M = v["N"], v["M"]
        v["fairer"] = NAMES["nearer"](N, M).strip("()").split(",")[0]
    elif lesson == "05":
        u = [NAMES["doubling"](v["n"], v["m"], j) for j in range(4)]
        v["u"], v["d"] = u, [b - a for a, b in zip(u, u[1:])]
        v["r"] = v["d"][1] / v["d"][0]
        v["limit"] = u[0] + v["d"][0] / (1 - v["r"])
    elif lesson == "06":
        n, m = v["n"], v["m"]
        groups = [int(g) for g in v["split"].split(":")]
        P = NAMES["P"]
        sizes = sorted(set(groups))
        v["given"] = " and ".join(f"$P_{{T}}({m}, {g}) = {_frac(P(m, g, 'tripartite'))}$" for g in sizes)
        v["working"] = "$1 - " + " - ".join(
            f"\\frac{{{groups.count(g) * g}}}{{{n}}} \\times {_frac(P(m, g, 'tripartite'))}" for g in sizes) + "$"
        v["split"] = v["split"].replace(":", " : ")
    elif lesson == "07":
        N = v["N"]
        v["q"] = math.ceil(math.log2(N))
        v["lie"] = NAMES["questions"](N, 1)
        v["fixed"] = NAMES["questions"](N, 1, 0, False)
        v["codes"] = CODES
        halves, k = [N], N
        while k > 1:
            k = (k + 1) // 2
            halves.append(k)
        v["halvings"] = ", ".join(map(str, halves))
    elif lesson == "09":
        from guesswho_lib.board import load_board
        board = load_board()
        one, two = set(board.with_trait(v["t1"])), set(board.with_trait(v["t2"]))
        v.update(people=len(board.names), k=len(one), k2=len(two), j=len(one & two))
        v["q1"], v["q2"] = _board_question(v["t1"]), _board_question(v["t2"])
    return v


def _frac(x) -> str:
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"\\frac{{{x.numerator}}}{{{x.denominator}}}"


def paper_variables(paper: str, lesson: str, text: str | None = None) -> dict:
    """The variables of one question on one paper (its states, what they give, and the shared stems)."""
    if paper not in states():
        raise ValueError(f"paper must be one of {sorted(states())}, got {paper!r}")
    v = _derive(lesson, states()[paper][lesson])
    v["paper"] = paper
    for name, body in _snippets(kit_text(EXAM) if text is None else text).items():
        v[name] = render(body, **v)
    return v


@dataclass(frozen=True)
class RenderedPart:
    text: str
    marks: int
    refs: tuple
    scheme: tuple                # Line records, rendered
    alternatives: tuple


@dataclass(frozen=True)
class RenderedQuestion(Question):
    number: int = 0                # its number on the paper


_NUMBER_FRACTION = re.compile(r"(?<![\w.}/])(\d+)/(\d+)(?![\w./])")
_INLINE_MATH = re.compile(r"\$\$[^$]+\$\$|\$[^$]+\$")


def built_up(text: str) -> str:
    """``text`` with every numeric fraction in its mathematics written as ``\frac`` (``$p = 9/16$`` ->
    ``$p = \frac{9}{16}$``), so that the papers set it built up, as the boards print fractions."""
    return _INLINE_MATH.sub(lambda m: _NUMBER_FRACTION.sub(r"\\frac{\1}{\2}", m.group(0)), text)


def _render(text: str, v: dict) -> str:
    return built_up(render(text, **v))


def _render_line(line: Line, v: dict) -> Line:
    return Line(line.marks, _render(line.working, v), _render(line.guidance, v))


def rendered(paper: str) -> tuple[RenderedQuestion, ...]:
    """One paper with its numbers: every text rendered with that paper's states."""
    text = kit_text(EXAM)
    out = []
    for k, q in enumerate(questions(text)):
        v = paper_variables(paper, q.lesson, text)
        parts = tuple(RenderedPart(_render(p.text, v), p.marks, p.refs,
                                   tuple(_render_line(x, v) for x in p.scheme),
                                   tuple(tuple(_render_line(x, v) for x in alt) for alt in p.alternatives))
                      for p in q.parts)
        out.append(RenderedQuestion(q.lesson, _render(q.stem, v), parts, k + 1))
    return tuple(out)


def total_marks() -> int:
    return sum(q.marks for q in questions())


def time_allowed(marks: int) -> str:
    """The boards' pace, 1.2 minutes a mark (2 hours for 100 marks), rounded up to a quarter of an hour."""
    minutes = 15 * math.ceil(1.2 * marks / 15)
    hours, rest = divmod(minutes, 60)
    return " ".join(x for x in (f"{hours} hour{'s' * (hours > 1)}" if hours else "",
                                f"{rest} minutes" if rest else "") if x)


def _lesson(lesson_id: str):
    return next(x for x in LESSONS if x.id == lesson_id)


# ---- the printed items --------------------------------------------------------------------------------------------
def _answer_lines(marks: int) -> int:
    return 2 + 2 * marks


def paper_blocks(paper: str) -> list:
    """The question paper: a front page, then every question, each part with its marks and space to answer."""
    qs = rendered(paper)
    total = sum(q.marks for q in qs)
    cover = [doc.title(f"{HEADER}: an A level paper"), doc.h1(f"Paper {paper}"),
             doc.p(f"**Time allowed: {time_allowed(total)}**"), doc.p(f"**Total marks: {total}**"),
             doc.table([["Name", ""], ["Candidate number", ""], ["Centre", ""]], widths=(50, 124), header=False,
                       height=11),
             doc.h2("Instructions")]
    cover += [doc.li(b[2:]) if b.startswith("- ") else doc.p(b) for b in _cover(kit_text(EXAM))]
    cover += [doc.space(6), doc.table([["Question"] + [str(q.number) for q in qs] + ["Total"],
                                       ["Marks"] + [""] * (len(qs) + 1)],
                                      widths=[24] + [12.5] * len(qs) + [24.5], height=10, align="center"),
              doc.small("For the examiner's use."), doc.page()]
    story = cover
    for q in qs:
        head = [doc.h2(f"Question {q.number}")] + [doc.p(b) if not b.startswith("$$") else doc.display(b.strip("$"))
                                                   for b in paragraphs(q.stem)]
        for i, p in enumerate(q.parts):
            block = [doc.part(f"**({LETTERS[i]})** {p.text}", f"[{p.marks}]"), doc.lines(_answer_lines(p.marks))]
            if i == 0:
                story.append(doc.keep(*head, *block))
            else:
                story.append(doc.keep(*block))
        story.append(doc.space(4))
    story.append(doc.p(f"**End of questions.** Total for paper: {total} marks."))
    return story


def refs_text(refs: tuple) -> str:
    """A part's content references, board by board: "DfE M2, OT3 · AQA 7357 M2, OT3 · ..." (a dagger: the section
    only, :mod:`.specification`)."""
    boards = [[CONTENT[key].boards()[b] for key in refs] for b in range(3)]
    return " · ".join([f"DfE {', '.join(refs)}"] + [f"{name} {'; '.join(r)}" for name, r in zip(BOARDS, boards)])


def _scheme_rows(lines) -> list:
    return [[" ".join(x.marks), x.working, x.guidance] for x in lines]


def scheme_blocks(paper: str) -> list:
    """The mark scheme: the conventions, then for each part its lines (marks grouped per line, working, guidance),
    any alternative method, and the content it assesses."""
    qs = rendered(paper)
    story = [doc.title(f"{HEADER}: mark scheme, paper {paper}"),
             doc.p(f"{len(qs)} questions, {sum(q.marks for q in qs)} marks. Every value is exact, computed by "
                   "guesswho_lib. Mark a method by what the candidate wrote; accept any correct method not listed "
                   "here and give it the marks of the nearest method shown."),
             doc.h2("Marking conventions"),
             doc.table([["", "meaning"]] + [[f"**{k}**", v] for k, v in CONVENTIONS], widths=(18, 156))]
    for q in qs:
        x = _lesson(q.lesson)
        story.append(doc.page() if q.number == 1 else doc.space(2))
        heading = doc.h2(f"Question {q.number} (lesson {x.id}, {x.title}): {q.marks} marks")
        for i, p in enumerate(q.parts):
            rows = [["marks", "working or answer", "guidance"]] + _scheme_rows(p.scheme)
            block = [heading] if i == 0 else []
            block += [doc.h3(f"({LETTERS[i]}) [{p.marks}]"), doc.table(rows, widths=(20, 104, 50)),
                      doc.small("Content: " + refs_text(p.refs))]
            for alt in p.alternatives:
                block += [doc.h3(f"({LETTERS[i]}) alternative method"),
                          doc.table([["marks", "working or answer", "guidance"]] + _scheme_rows(alt),
                                    widths=(20, 104, 50))]
            story.append(doc.keep(*block))
    story.append(doc.small("References marked † give the section only: the statement's number could not be "
                           "confirmed from a copy of the specification; check it against the board's current "
                           "specification."))
    return story


def grid_blocks() -> list:
    """The teacher's specification grid: every part of the papers (the same on both), its marks and the content it
    assesses, for the DfE's content and each board."""
    qs = questions()
    rows = [["part", "marks", "lesson", "DfE", *BOARDS]]
    for k, q in enumerate(qs):
        for i, p in enumerate(q.parts):
            refs = [CONTENT[key].boards() for key in p.refs]
            rows.append([f"{k + 1}({LETTERS[i]})", str(p.marks), q.lesson, ", ".join(p.refs)]
                        + ["; ".join(r[b] for r in refs) for b in range(3)])
    totals: dict = {}
    for q in qs:
        for p in q.parts:
            for key in p.refs:
                totals[key] = totals.get(key, 0) + p.marks
    return [doc.title(f"{HEADER}: specification grid"),
            doc.p(f"Papers A and B have the same questions and marks ({sum(q.marks for q in qs)} marks), on "
                  "different states; each part assesses the content below. The student's paper names none of it."),
            doc.table(rows, widths=(14, 14, 15, 20, 35, 38, 38)),
            doc.h2("Marks by content (a part with several references counts for each)"),
            doc.table([["DfE", "content", "marks"]] + [[k, CONTENT[k].dfe, str(totals[k])] for k in CONTENT
                                                      if k in totals], widths=(16, 138, 20)),
            doc.small("References marked † give the section only: the statement's number could not be confirmed "
                      "from a copy of the specification; check it against the board's current specification.")]


def exam_markdown(teacher: bool = True) -> str:
    """Both papers and the exit tickets as one Markdown page; for the ``teacher``, their mark schemes, the grid and the
    tickets' answers too (the student-facing site has the papers and the tickets only)."""
    from .tickets import tickets_blocks, answers_blocks
    items = [paper_blocks(p) for p in PAPERS]
    items += ([scheme_blocks(p) for p in PAPERS] + [grid_blocks()]) if teacher else []
    items += [[doc.title("Exit tickets")] + tickets_blocks()] + ([answers_blocks()] if teacher else [])
    if teacher:
        out = ["# Exam papers, mark schemes and exit tickets", "",
               f"Two papers, A and B, with the same questions and marks ({total_marks()}) on different states; their "
               "mark schemes; the specification grid; the exit tickets and their answers. Every number is computed by "
               "the library.", ""]
    else:
        out = ["# Exam papers and exit tickets", "",
               f"Two papers, A and B, with the same questions and marks ({total_marks()}) on different states, the "
               "exit tickets, and a notebook of the same questions on other states for practice. The mark schemes "
               "and the answers are in the teacher's copy of the kit (`python -m guesswho_apps exam`).", ""]
    pages = [re.sub(r"^#", "##", doc.markdown(blocks), flags=re.M) for blocks in items]
    out += [page.replace(f"{doc.ANSWER_LINE}\n\n", "") for page in pages]      # a web page has no lines to write on
    return "\n".join(out) + "\n" + notice("content") + "\n"


def practice_notebook(paper: str = "practice") -> dict:
    """The questions as a notebook for practice (nbformat 4, no outputs), on the practice states (:data:`PRACTICE`),
    which neither paper uses: each question in a Markdown cell, then an empty cell for the working; the library is
    imported first, to check an answer with it afterwards."""
    def cell(kind, name, text):
        c = {"cell_type": kind, "id": name, "metadata": {}, "source": text}
        return c | ({"execution_count": None, "outputs": []} if kind == "code" else {})

    name = "the questions of the papers on other states" if paper == "practice" else f"paper {paper}"
    cells = [cell("markdown", "title", f"# Exam practice: {name}\n\nWork each part by hand first, with exact "
                                       "fractions; then check with the library if you like."),
             cell("code", "imports", "from fractions import Fraction\n\nimport guesswho_lib as gw")]
    for q in rendered(paper):
        parts = "\n\n".join(f"**({LETTERS[i]})** {p.text} **[{p.marks}]**" for i, p in enumerate(q.parts))
        cells += [cell("markdown", f"question-{q.number}", f"## Question {q.number}\n\n{q.stem}\n\n{parts}"),
                  cell("code", f"working-{q.number}", "# your working")]
    return {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                        "name": "python3"},
                                         "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def write_item(out: Path, name: str, blocks: list, title: str, paths: dict, built: bool = False) -> None:
    """One printed item: ``<name>.pdf`` and its editable sources ``<name>.md`` and ``<name>.tex``; ``built``: the
    PDF sets fractions built up, as an exam paper does."""
    paths[name] = doc.build_pdf(out / f"{name}.pdf", blocks, title, built=built)
    paths[f"{name}-md"] = out / f"{name}.md"
    paths[f"{name}-md"].write_text(doc.markdown(blocks) + "\n" + notice("content") + "\n", encoding="utf-8")
    paths[f"{name}-tex"] = out / f"{name}.tex"
    paths[f"{name}-tex"].write_text(doc.latex(blocks, title, notice("footer")), encoding="utf-8")


def write_exam(out_dir, teacher: bool = True) -> dict[str, Path]:
    """Write into ``out_dir``: each paper's question paper (``exam-paper-a``, ...) and the exit tickets, each as a PDF
    with its editable Markdown and LaTeX; the questions on the practice states as a notebook, ``exam-practice.ipynb``;
    and ``exam.md`` (all of them, for the site).  For the ``teacher`` (the command's output, never the student-facing
    site): each paper's mark scheme (``mark-scheme-a``, ...), the specification grid and the exit tickets' answers
    too.  Same library, same bytes."""
    from .tickets import tickets_blocks, answers_blocks
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = {"markdown": out / "exam.md"}
    paths["markdown"].write_text(exam_markdown(teacher), encoding="utf-8")
    for paper in PAPERS:
        low = paper.lower()
        write_item(out, f"exam-paper-{low}", paper_blocks(paper), f"{HEADER}: paper {paper}", paths, built=True)
        if teacher:
            write_item(out, f"mark-scheme-{low}", scheme_blocks(paper), f"{HEADER}: mark scheme, paper {paper}",
                       paths, built=True)
    write_item(out, "exit-tickets", tickets_blocks(), f"{HEADER}: exit tickets", paths)
    if teacher:
        write_item(out, "specification-grid", grid_blocks(), f"{HEADER}: specification grid", paths)
        write_item(out, "exit-ticket-answers", answers_blocks(), f"{HEADER}: exit tickets, answers", paths)
    paths["practice"] = out / "exam-practice.ipynb"
    paths["practice"].write_text(json.dumps(practice_notebook(), indent=1, ensure_ascii=False) + "\n",
                                 encoding="utf-8")
    return paths
