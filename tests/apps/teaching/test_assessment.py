"""The exam papers as a board would set them: two papers with the same questions and marks on different states; a
front page; no mark and no content reference on the student's paper; typeset mathematics; a mark scheme in the
boards' conventions; every answer of both papers recomputed by an independent solver (tests/apps/teaching/
independent.py, not the library); the exit tickets read from the lessons' checked exercises; the PDFs A4, with the
licence, byte for byte the same when rebuilt."""

from __future__ import annotations

import json
import math
import re
from fractions import Fraction as F
from pathlib import Path

import pytest
from pypdf import PdfReader

from guesswho_lessons import curriculum
from guesswho_apps.cli import main
from guesswho_apps.licence import notice
from guesswho_apps.teaching import assessment, document, templates, tickets

import exam_fresh as ex
import independent as ind
from test_teaching import assert_a4

CORE = [x.id for x in curriculum.LESSONS if x.track == "core"]
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def exam(tmp_path_factory):
    return assessment.write_exam(tmp_path_factory.mktemp("exam"))


def flat(path) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(path).pages).split())


def scheme_text(paper: str) -> dict:
    """lesson -> the plain text of its question's mark scheme (every line, alternatives included)."""
    out = {}
    for q in assessment.rendered(paper):
        lines = [x for p in q.parts for x in p.scheme + tuple(y for alt in p.alternatives for y in alt)]
        out[q.lesson] = " ".join(" ".join(document.inline_plain(f"{x.working} {x.guidance}") for x in lines).split())
    return out


def paper_text(paper: str) -> dict:
    return {q.lesson: " ".join(document.inline_plain(q.stem + " " + " ".join(p.text for p in q.parts)).split())
            for q in assessment.rendered(paper)}


# ---- the papers' shape --------------------------------------------------------------------------------------------
def test_two_papers_one_question_per_core_lesson_same_marks_different_states():
    a, b = assessment.rendered("A"), assessment.rendered("B")
    assert [q.lesson for q in a] == [q.lesson for q in b] == CORE
    assert [[p.marks for p in q.parts] for q in a] == [[p.marks for p in q.parts] for q in b]
    assert sum(q.marks for q in a) == assessment.total_marks() >= 60
    for x, y in zip(a, b):
        assert x.stem != y.stem or [p.text for p in x.parts] != [p.text for p in y.parts], x.lesson
    for q in assessment.questions():
        for p in q.parts:
            assert p.marks == sum(line.value for line in p.scheme) >= 1
            assert all(sum(line.value for line in alt) == p.marks for alt in p.alternatives)


def test_the_question_paper_has_a_front_page_space_to_answer_and_no_mark_or_content_reference(exam):
    for paper in ("a", "b"):
        text = flat(exam[f"exam-paper-{paper}"])
        first = " ".join(PdfReader(exam[f"exam-paper-{paper}"]).pages[0].extract_text().split())
        total = assessment.total_marks()
        for words in (f"Time allowed: {assessment.time_allowed(total)}", f"Total marks: {total}", "calculator",
                      "exact answers", "Candidate number", "in the spaces provided"):
            assert words in first, (paper, words)
        assert not re.search(r"\b(d?M|A|B)[12](ft)?\b|DfE|AQA|Edexcel|OCR|Assesses|\b[12]\.0\d[a-e]?\b|Statistics 3|"
                             r"awrt|\bcao\b|\bAG\b", text), paper
        assert "<=" not in text and ">=" not in text and "^" not in text and "≤" in text and "≥" in text
        md = exam[f"exam-paper-{paper}-md"].read_text()
        parts = sum(len(q.parts) for q in assessment.questions())
        assert md.count("<!-- answer space:") == parts
        spaces = [int(n) for n in re.findall(r"<!-- answer space: (\d+) lines -->", md)]
        assert md.count(document.ANSWER_LINE) == sum(spaces) >= 2 * parts     # lines to write on, visible
        assert len(re.findall(r"\*\*\[\d+\]\*\*", md)) == parts


def test_the_mark_scheme_follows_the_boards_conventions(exam):
    text = flat(exam["mark-scheme-a"])
    for k, _ in assessment.CONVENTIONS:
        assert re.search(rf"\b{k}\b", text), k
    marks = [m for q in assessment.questions() for p in q.parts for line in p.scheme for m in line.marks]
    assert {"dM1", "A1ft", "B1ft"} <= set(marks)
    lines = [line for q in assessment.questions() for p in q.parts for line in p.scheme]
    assert sum(len(line.marks) > 1 for line in lines) >= 8                    # marks grouped on a line
    assert sum(bool(line.guidance) for line in lines) >= len(lines) // 2     # guidance notes
    assert sum(len(p.alternatives) for q in assessment.questions() for p in q.parts) >= 3
    for word in ("oe", "cao", "awrt", "AG", "alternative method"):
        assert word in text
    for q in assessment.questions():                      # each part's content references, for each board
        for p in q.parts:
            assert assessment.refs_text(p.refs) in " ".join(exam["mark-scheme-a-md"].read_text().split())
    grid = flat(exam["specification-grid"])
    assert all(b in grid for b in ("AQA 7357", "Edexcel 9MA0", "OCR H240")) and "2.03c" in grid


def test_a_bad_template_is_refused():
    text = assessment.kit_text("exam")
    with pytest.raises(ValueError, match="no sentence starts with a command word"):
        assessment.questions(text.replace("Explain why $P(1, m) = 1$", "Think about $P(1, m) = 1$"))
    with pytest.raises(ValueError, match="assesses"):
        assessment.questions(text.replace("# refs\nOT1\n", "# refs\nZ9\n", 1))
    with pytest.raises(ValueError, match="an A mark needs an M mark before it"):
        assessment.questions(text.replace("- M1 A1 :: $1 - \\frac{1}{3}", "- A1 B1 :: $1 - \\frac{1}{3}", 1))
    with pytest.raises(ValueError, match="an alternative method is worth"):
        assessment.questions(text.replace("- A1 :: $= {{ value(3, m, '1:2') }}$ :: cao.\n\n# part",
                                          "- A1 B1 :: $= {{ value(3, m, '1:2') }}$ :: cao.\n\n# part", 1))
    with pytest.raises(ValueError, match="one question per core lesson"):
        assessment.questions(text.replace("lesson: 05", "lesson: 15"))


# ---- every answer, recomputed independently ------------------------------------------------------------------------
def expected(lesson: str, v: dict) -> dict:
    """The answers of one question on one paper, part by part (index -> strings as its main method prints them),
    from the independent solver."""
    f = ind.frac
    if lesson == "00":
        m = v["m"]
        q = ind.official_move(3, m, (1, 2))
        assert q == 1 - F(1, 3 * m) - F(2, 3) * ind.official(m, 2) and q > F(1, 3)
        assert ind.official_best(3, m) == {(1, 2)}
        return {2: [f"P({m}, 1) = 1/{m}", f"= {f(q)}"], 3: [f"{f(q)} > 1/3"]}
    if lesson == "01":
        m = v["m"]
        g, a, b = F(1, 5), ind.official_move(5, m, (1, 4)), ind.official_move(5, m, (2, 3))
        assert ind.official(5, m) == b > max(a, g) and ind.official_best(5, m) == {(2, 3)}
        assert ind.official(5, m) != ind.official(m, 5)
        return {1: ["A guess: 1/5", f"1 : 4: {f(a)}", f"= {f(b)}"], 2: [f"P(5, {m}) = {f(b)}, by the split 2 : 3"],
                3: [f"P(5, {m}) = {f(b)} ≠ {f(ind.official(m, 5))}"]}
    if lesson == "02":
        n, m = v["n"], v["m"]
        less = n // 4 + (n + 1) // 4
        half, other = ind.official_move(n, m, (n // 2, n // 2)), ind.official_move(n, m, (less, n - less))
        assert other > half and (n // 2, n // 2) not in ind.official_best(n, m)
        return {0: [f"= {f(half)}"], 1: [f"= {f(other)}"],
                2: [f"{less} : {n - less} is worth {f(other)}, more than halving's {f(half)}"],
                3: [f"X ~ B(10, {f(other)})", f"awrt {ind.sig(ind.at_least(10, 6, other))}"]}
    if lesson == "03":
        n, m = v["n"], v["m"]
        k = next(k for k in range(10) if 2 ** k < m <= 2 ** (k + 1))
        assert 2 ** (k + 1) < n and (2 ** k, n - 2 ** k) in ind.race_best(n, m)
        p = ind.race(n, m)
        assert p == F(2 ** (k + 1), n) - F(2 * (2 ** (2 * k + 1) + 1), 3 * n * m)
        return {1: [f"k = {k}"], 2: [f"{2 ** k} suspects", f"{2 ** k} < {n}/2 = {n // 2}"], 3: [f"= {f(p)}"]}
    if lesson == "04":
        N, M = v["N"], v["M"]
        p = ind.official(N, N)
        fairer = min((N, M), key=lambda x: abs(ind.official(x, x) - F(1, 2)))
        return {0: ["= 1/2"], 1: [f"= {f(p)}"],
                2: [ind.pct(p), ind.pct(ind.official(M, M)), f"The start with {fairer} suspects"]}
    if lesson == "05":
        n, m = v["n"], v["m"]
        u = [ind.race(n * 2 ** j, m * 2 ** j) for j in range(4)]
        d = [b - a for a, b in zip(u, u[1:])]
        r = d[1] / d[0]
        assert d[2] == r * d[1] and abs(r) < 1
        return {0: [f"= {f(d[0])}", f"= {f(d[1])}", f"= {f(r)}"], 1: [f(u[0] + d[0] / (1 - r))],
                2: [f"= {f(u[3])}"]}
    if lesson == "06":
        n, m = v["n"], v["m"]
        split = tuple(sorted(int(g) for g in v["split"].split(" : ")))
        val = ind.paradox_move(n, m, split)
        assert val == ind.paradox(n, m) and ind.paradox(v["n2"], v["m2"]) < ind.official(v["n2"], v["m2"])
        return {0: [f"= {f(val)}"], 1: [f"= {f(ind.paradox(n, m) - ind.official(n, m))}"]}
    if lesson == "07":
        N = v["N"]
        q = next(q for q in range(20) if 2 ** q >= N)
        lie = next(q for q in range(30) if N * (q + 1) <= 2 ** q)
        fixed = next(q for q in range(7, 11) if assessment.CODES[q] >= N)
        halves = [N]
        while halves[-1] > 1:
            halves.append((halves[-1] + 1) // 2)
        return {0: [f"2{q - 1} = {2 ** (q - 1)} < {N}"],
                1: [f"{q}, as 2{q} = {2 ** q} ≥ {N}", ", ".join(map(str, halves))],
                2: [f"{N} × {lie} = {N * lie} > {2 ** (lie - 1)}"], 3: [f"{lie}: the smallest q"], 4: [f"{fixed}, as"]}
    if lesson == "08":
        N, g = v["N"], v["games"]
        return {0: [f"= {f(ind.official(N, N) - F(1, N))}"],
                2: [f"W ~ B({g}, 1/{N})", f"awrt {ind.sig(ind.at_least(g, 2, F(1, N)))}"]}
    if lesson == "09":
        people = ind.board_people()
        one = {p for p, t in people.items() if v["t1"] in t}
        two = {p for p, t in people.items() if v["t2"] in t}
        k, j = len(one), len(one & two)
        return {0: [f"= {f(F(k, 24))}"], 1: [f"= {f(F(j, k))}"], 2: [f"= {f(F(len(two - one), 24 - k))}"]}
    raise AssertionError(lesson)


@pytest.mark.parametrize("paper", ["A", "B", "practice"])
def test_an_independent_solver_recomputes_every_answer(paper):
    """Each answer is in its own part's main method (the alternatives: the next test)."""
    checked = 0
    for q in assessment.rendered(paper):
        main = [" ".join(" ".join(document.inline_plain(f"{x.working} {x.guidance}") for x in p.scheme).split())
                for p in q.parts]
        for part, answers in expected(q.lesson, assessment.paper_variables(paper, q.lesson)).items():
            for answer in answers:
                assert answer in main[part], (paper, q.lesson, "abcde"[part], answer)
                checked += 1
    assert checked >= 40


def _final(lines) -> str:
    """The answer a method reaches: its last line, after the last '=' when it has one."""
    return document.inline_plain(lines[-1].working).rsplit("=", 1)[-1].strip(" .")


@pytest.mark.parametrize("paper", ["A", "B", "practice"])
def test_no_decimal_answer_sits_on_a_rounding_boundary(paper):
    """An answer marked awrt to 3 significant figures is not within a twentieth of a unit of its last place of a
    rounding boundary (0.18850... would be 0.188 or 0.189 depending on how early a calculator's value was rounded)."""
    answers = []
    for lesson, part in (("02", 3), ("08", 2)):
        v = assessment.paper_variables(paper, lesson)
        answers += [a for a in expected(lesson, v)[part] if a.startswith("awrt")]
        exact = (ind.at_least(10, 6, ind.official_move(v["n"], v["m"], (v["a"], v["n"] - v["a"]))) if lesson == "02"
                 else ind.at_least(v["games"], 2, F(1, v["N"])))
        scaled = exact * 10 ** (2 - math.floor(math.log10(exact)))
        assert abs(scaled - math.floor(scaled) - F(1, 2)) >= F(1, 20), (paper, lesson, float(exact))
    assert len(answers) == 2


@pytest.mark.parametrize("paper", ["A", "B", "practice"])
def test_every_alternative_method_reaches_the_main_method_s_answer(paper):
    alternatives = 0
    for q in assessment.rendered(paper):
        for p in q.parts:
            for alt in p.alternatives:
                assert _final(alt) == _final(p.scheme) != "", (paper, q.lesson, _final(alt), _final(p.scheme))
                alternatives += 1
    assert alternatives >= 3


@pytest.mark.parametrize("paper", ["A", "B", "practice"])
def test_every_value_the_paper_gives_is_true(paper):
    """Each question is answerable from the paper alone: the values it gives (P(a, b) = x, P_T(a, b) = x) are the
    independent solver's, under the question's rules."""
    rules = {"03": ind.race, "05": ind.race}
    given = 0
    for lesson, text in paper_text(paper).items():
        for tri, a, b, x in re.findall(r"P(_?T?)\((\d+), (\d+)\) = (\d+/\d+|\d+)", text):
            solve = ind.paradox if tri else rules.get(lesson, ind.official)
            assert solve(int(a), int(b)) == F(x), (paper, lesson, a, b, x)
            given += 1
    assert given >= 15
    assert "bold play" in paper_text(paper)["03"]                                # defined on the paper


def test_the_slip_of_the_old_paper_is_gone_adaptive_8_pelc_written_in_advance_9_paz_and_peterfreund():
    from guesswho_apps.teaching.summaries import summaries_markdown
    units = summaries_markdown().splitlines() + [x.working + " " + x.guidance for paper in ("A", "B")
                                                  for q in assessment.rendered(paper) for p in q.parts
                                                  for x in p.scheme]
    for sentence in (s for unit in units for s in ([unit] if unit.startswith("|") else re.split(r"(?<=\.)\s", unit))):
        if "Corollary 14" in sentence:
            assert "written down in advance" in sentence or "a code of 9" in sentence, sentence
        if "Pelc" in sentence:
            assert "may depend on the answers" in sentence or "chosen one at a time" in sentence \
                or "Ulam" in sentence, sentence


# ---- the files ------------------------------------------------------------------------------------------------------
def test_the_pdfs_are_a4_with_the_licence_and_rebuild_byte_for_byte(exam, tmp_path, monkeypatch):
    pdfs = [k for k, p in exam.items() if p.suffix == ".pdf"]
    assert len(pdfs) == 7
    for kind in pdfs:
        assert_a4(exam[kind])
        assert all(notice("footer") in " ".join(p.extract_text().split()) for p in PdfReader(exam[kind]).pages)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    again = assessment.write_exam(tmp_path)
    assert all(again[k].read_bytes() == exam[k].read_bytes() for k in exam)


def test_the_command_writes_every_item_and_its_editable_sources(tmp_path, capsys):
    assert main(["exam", "--out", str(tmp_path)]) == 0
    printed = capsys.readouterr().out.split()
    for name in ("exam-paper-a", "exam-paper-b", "mark-scheme-a", "mark-scheme-b", "specification-grid",
                 "exit-tickets", "exit-ticket-answers"):
        for suffix in (".pdf", ".md", ".tex"):
            assert str(tmp_path / (name + suffix)) in printed, name + suffix
    assert str(tmp_path / "exam-practice.ipynb") in printed and str(tmp_path / "exam.md") in printed
    assert main(["exam", "--out", "/dev/null/x"]) == 2


def test_the_practice_notebook_has_every_question_and_no_answer(exam):
    import nbformat
    nb = nbformat.read(exam["practice"], as_version=4)
    nbformat.validate(nb)
    text = " ".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert all(f"## Question {k + 1}" in text for k in range(len(CORE)))
    flat_text = " ".join(document.inline_plain(text).split())
    asked = [" ".join(document.inline_plain(p.text).split()) for q in assessment.rendered("practice") for p in q.parts]
    assert [a for a in asked if a not in flat_text] == []                   # on the practice states
    for lesson in CORE:
        for answer in (a for part in expected(lesson, assessment.paper_variables("practice", lesson)).values()
                       for a in part):
            if re.search(r"\d+/\d+|\d\.\d", answer) and not answer.startswith(("P(", "W ~", "X ~")):
                value = re.escape(answer.lstrip("= "))
                given = re.search(rf"(?<![\d/]){value}(?![\d/])", paper_text("practice")[lesson])
                assert given or not re.search(rf"(?<![\d/]){value}(?![\d/])", flat_text), answer
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    exec(compile(code, "exam-practice.ipynb", "exec"), {})


@pytest.mark.parametrize("one, other", [("A", "B"), ("practice", "A"), ("practice", "B")])
def test_no_two_sets_of_states_share_a_state_a_result_or_a_trait(one, other):
    """Paper B can be a mock after paper A, and practice comes before both: the practice notebook and the two papers
    ask the same questions on different states, with different results (the independent solver's) and, in the
    board's question, different traits."""
    first, second = ex.items(one), ex.items(other)
    for kind in ("states", "values", "words"):
        assert first[kind] & second[kind] == set(), (one, other, kind)
    traits = [{assessment.states()[x]["09"]["t1"], assessment.states()[x]["09"]["t2"]} for x in (one, other)]
    assert traits[0] & traits[1] == set()
    texts = paper_text(one), paper_text(other)
    assert [k for k in CORE if texts[0][k] == texts[1][k]] == []


def test_the_student_s_copy_has_no_mark_scheme_and_no_answer(tmp_path):
    """The site is the students': it gets the papers, the exit tickets and the practice notebook, never a mark scheme,
    the grid or the tickets' answers (those are the teacher's output, the command's)."""
    student = assessment.write_exam(tmp_path, teacher=False)
    assert {p.name for p in tmp_path.iterdir()} == {p.name for p in student.values()}
    assert not [name for name in student if name.startswith(("mark-scheme", "exit-ticket-answers", "specification"))]
    page = student["markdown"].read_text()
    assert "Marking conventions" not in page and "cao" not in page and "Exit tickets" in page
    for paper in assessment.PAPERS:
        final = document.inline_plain(assessment.rendered(paper)[0].parts[2].scheme[-1].working).rsplit("=")[-1]
        assert final.strip() not in document.inline_plain(page), paper     # Q1(c)'s answer is not on it


# ---- the exit tickets -----------------------------------------------------------------------------------------------
def test_the_exit_tickets_are_the_lessons_checked_exercises(exam):
    from guesswho_lessons.exercises import exercises_for
    found = tickets.exit_tickets()
    assert [t.lesson for t in found] == CORE
    paper, answers = flat(exam["exit-tickets"]), flat(exam["exit-ticket-answers"])
    assert len(PdfReader(exam["exit-tickets"]).pages) == (len(found) + 1) // 2          # two to a page
    for t in found:
        ids = [e.id for e in exercises_for(t.lesson) if e.title.startswith("Exit ticket")]
        assert [q.id for q in t.questions] == ids and len(ids) == 2
        notebook = (ROOT / "notebooks" / f"{curriculum.lesson(t.lesson).notebook}.ipynb").read_text(encoding="utf-8")
        for q in t.questions:
            cell = next(c for c in json.loads(notebook)["cells"] if f"**{q.id}**" in "".join(c["source"]))
            assert " ".join(q.notebook.split())[:60] in " ".join("".join(cell["source"]).split()), q.id
            assert q.prompt == tickets.paper_wording().get(q.key, {}).get("prompt", q.notebook), q.id
            ex = next(e for e in exercises_for(t.lesson) if e.id == q.id)
            assert ex.check(q.value).ok, q.id                       # the printed answer is the checker's own
            shown = " ".join(document.inline_plain(q.answer).split())
            assert shown not in paper and shown[:40] in answers.replace("- ", "-"), q.id
            assert " ".join(document.inline_plain(q.prompt).split())[:50] in paper.replace("- ", "-"), q.id
    assert not hasattr(assessment, "EXIT_TICKETS")                   # one source: the lessons


def test_an_exit_ticket_reads_as_a_paper_question(exam):
    """A ticket is read on paper: it names no section of the notebook, asks for no tuple or typed code, no
    "True or false" answered yes or no, and prints what the student needs (the board of five of 09.6)."""
    paper = flat(exam["exit-tickets"])
    for words in (r"\bsection \d", "§", r"\btuple\b", "True or false", r"\be\.g\. \(", '"b:'):
        assert not re.search(words, paper), words
    q = next(q for t in tickets.exit_tickets() for q in t.questions if q.id == "09.6")
    head, *rows = q.board
    assert set(head) >= {"glasses", "beard"} and all(row[0] in paper for row in rows)
    no_glasses = [r for r in rows if r[head.index("glasses")] == "no"]
    chance = F(sum(r[head.index("beard")] == "yes" for r in no_glasses), len(no_glasses))
    assert chance == q.value                                       # the printed board gives the checker's answer


def test_the_answer_sheet_answers_what_each_ticket_asks():
    found = {q.id: q for t in tickets.exit_tickets() for q in t.questions}
    plain = {k: " ".join(document.inline_plain(q.answer).split()) for k, q in found.items()}
    assert "1 suspect left and the opponent has 9" in plain["00.4"]          # the state in words, then P(1, 9)
    assert plain["00.4"].count(str(found["00.4"].value)) >= 1 and "P(1, 9) = 1" in plain["00.4"]
    n, m, k = map(int, re.search(r"At \((\d+), (\d+)\).*?about (\d+) of", found["01.6"].prompt).groups())
    assert plain["01.6"].startswith(f"{found['01.6'].value}.")                               # the chance, then the tree
    assert all(f"({m}, {g})" in plain["01.6"] for g in (k, n - k)) and f"of the {n} suspects" in plain["01.6"]
    size = found["03.7"].value[0]
    assert plain["03.7"].startswith(f"{size} suspects")                      # the number the ticket asks for


def test_a_ticket_wording_that_lost_the_notebook_s_numbers_is_refused(monkeypatch):
    text = tickets.kit_text("tickets")
    monkeypatch.setattr(tickets, "kit_text", lambda name: text.replace("at **(30, 3)**", "at **(31, 3)**"))
    with pytest.raises(ValueError, match="wording of 03.7 lacks the notebook's 30"):
        tickets.exit_tickets()


def test_a_lesson_without_its_exit_ticket_is_refused(monkeypatch):
    import guesswho_lessons.exercises as exercises
    real = exercises.exercises_for
    monkeypatch.setattr(exercises, "exercises_for", lambda lesson: [e for e in real(lesson)
                                                                    if not (lesson == "05" and "Exit" in e.title)])
    with pytest.raises(ValueError, match="lesson 05: an exit ticket is two or three exercises"):
        tickets.exit_tickets()


def test_the_guide_tells_the_teacher_how_to_print_them():
    from guesswho_apps.cli import COMMANDS
    from guesswho_apps.teaching import guide_markdown
    md = guide_markdown()
    for command in ("exam", "summaries"):
        assert f"`python -m guesswho_apps {command} --out" in md and command in COMMANDS


def test_time_allowed_follows_the_boards_pace():
    assert assessment.time_allowed(100) == "2 hours" and assessment.time_allowed(72) == "1 hour 30 minutes"
    assert assessment.time_allowed(37) == "45 minutes" and math.isclose(1.2 * 100, 120)


def test_fractions_are_built_up_on_the_papers_and_in_the_mark_schemes(exam):
    """A fraction is set as a board sets it, the numerator over the denominator (the PDF's text still reads a/b, for a
    reader that copies it); the editable sources write it \\frac, and the LaTeX holds no raw sign (≤ ≥ × ...)."""
    for name in ("exam-paper-a", "exam-paper-b", "mark-scheme-a", "mark-scheme-b"):
        for source in (exam[f"{name}-md"].read_text(), exam[f"{name}-tex"].read_text()):
            inline = [m for m in re.findall(r"\$[^$]+\$", source) if re.search(r"\d\s*/\s*\d", m)]
            assert not inline, (name, inline[:3])
    for name in [k for k in exam if k.endswith("-tex")]:
        assert not re.findall("[≤≥≠×−]", exam[name].read_text()), name
    answer = templates.render("{{ value(3, m, '1:2') }}", m=assessment.PAPERS["A"]["00"]["m"])   # Q1(c), paper A
    top, bottom = answer.split("/")
    drawn = []
    for page in PdfReader(exam["mark-scheme-a"]).pages:
        page.extract_text(visitor_text=lambda text, cm, tm, font, size: drawn.append(
            (text.strip(), cm[4] + tm[4], cm[5] + tm[5])))
    drawn = [d for d in drawn if d[0]]
    stacked = [(a, c) for a, b, c in zip(drawn, drawn[1:], drawn[2:])
               if (a[0], b[0], c[0]) == (top, "/", bottom)]
    assert stacked, f"{answer} is not set as a fraction in the mark scheme"
    for a, c in stacked:
        assert a[2] > c[2] + 5 and abs(a[1] - c[1]) < 10, (a, c)     # over it, in the same column


def test_a_ticket_answer_naming_a_number_the_exercise_does_not_have_is_refused(monkeypatch):
    text = tickets.kit_text("tickets")
    monkeypatch.setattr(tickets, "kit_text", lambda name: text.replace("suspects: the best bid at $(30, 3)$",
                                                                        "suspects: the best bid at $(31, 3)$"))
    with pytest.raises(ValueError, match="the answer of 03.7 names 31"):
        tickets.exit_tickets()
