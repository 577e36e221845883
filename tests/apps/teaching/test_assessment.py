"""The exam-style questions and their mark scheme: one question per core lesson, each part with a command word, its
marks and the DfE content it assesses; no number typed in; every number the solver's, recomputed here straight
from the library; the mathematics each question states checked; the PDFs A4, with the licence, deterministic."""

from __future__ import annotations

import math
import re
from fractions import Fraction

import pytest
from pypdf import PdfReader

import guesswho_lib as gw
from guesswho_apps import curriculum
from guesswho_apps.cli import main
from guesswho_apps.licence import notice
from guesswho_apps.teaching import assessment, numbers
from guesswho_lib.board import cached_board_solution, first_questions
from guesswho_lib.papers import nica
from guesswho_lib.rules import GUESS, format_fraction, format_percent

from test_teaching import _independent, assert_a4, typed_results


@pytest.fixture(scope="module")
def exam(tmp_path_factory):
    return assessment.write_exam(tmp_path_factory.mktemp("exam"))


def flat(path) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(path).pages).split())


def texts(q: assessment.Question):
    yield q.stem
    for p in q.parts:
        yield p.text
        yield from (m.text for m in p.scheme)
    for question, answer in assessment.EXIT_TICKETS[q.lesson]:       # the lesson's exit ticket
        yield question
        yield answer


def test_one_question_per_core_lesson_each_part_a_command_word_marks_and_what_it_assesses(exam):
    qs = assessment.questions()
    assert [q.lesson for q in qs] == [x.id for x in curriculum.LESSONS if x.track == "core"]
    paper = flat(exam["questions"])
    for k, q in enumerate(qs):
        heading = f"Question {k + 1} · Lesson {q.lesson}"
        assert heading in paper and f"[{q.marks} marks]" in paper.split(heading)[1][:80]
        section = paper.split(heading)[1].split(f"Question {k + 2} · ")[0]
        assert section.count("Assesses: DfE A level maths") == len(q.parts), q.lesson
        for i, p in enumerate(q.parts):
            assert p.text.startswith(assessment.COMMAND_WORDS) and p.assesses and p.marks >= 1
            part = section.split(f"({'abcdefgh'[i]})")[1]
            assert re.search(rf"\[{p.marks} marks?\]", part[:400]), (q.lesson, i)
            for key in p.assesses:
                assert f"{key} ({assessment.CONTENT[key]}"[:40] in part.replace("- ", "-"), (q.lesson, i, key)
    assert sum(q.marks for q in qs) >= 60
    scheme = flat(exam["mark-scheme"])
    for k, q in enumerate(qs):
        section = scheme.split(f"Question {k + 1} (lesson {q.lesson})")[1].split(f"Question {k + 2} (")[0]
        marks = re.findall(r"\b([MAB])1\b", section)
        assert len(marks) == q.marks and marks == [m.kind for p in q.parts for m in p.scheme], q.lesson


def test_a_question_without_a_command_word_or_a_reference_is_refused(monkeypatch):
    q = assessment.QUESTIONS[0]
    bad = assessment.Question(q.lesson, q.stem, (assessment.Part("Compute P(2, 1).", ("M1",), q.parts[1].scheme),))
    monkeypatch.setattr(assessment, "QUESTIONS", (bad,) + assessment.QUESTIONS[1:])
    with pytest.raises(ValueError, match="lesson 00, part a: starts with 'Compute', not a command word"):
        assessment.questions()
    bad = assessment.Question(q.lesson, q.stem, (assessment.Part("Find P(2, 1).", ("Z9",), q.parts[1].scheme),))
    monkeypatch.setattr(assessment, "QUESTIONS", (bad,) + assessment.QUESTIONS[1:])
    with pytest.raises(ValueError, match="assesses"):
        assessment.questions()
    monkeypatch.setattr(assessment, "QUESTIONS", assessment.QUESTIONS[1:])
    with pytest.raises(ValueError, match="one question per core lesson"):
        assessment.questions()


def test_no_number_in_the_questions_or_the_mark_scheme_is_typed_in():
    typed = {q.lesson: [t for text in texts(q) for t in typed_results(text)] for q in assessment.QUESTIONS}
    assert {k: v for k, v in typed.items() if v} == {}


def test_every_game_number_is_the_solver_s_in_its_place(exam):
    """Each {{P ..}}, {{value ..}}, {{best ..}}, {{pct ..}} and {{yes ..}} appears, computed straight from gw (or
    as a/n), right after the words that precede it in the source."""
    md = " ".join(exam["markdown"].read_text().split())
    checked = 0
    for q in assessment.QUESTIONS:
        for text in texts(q):
            raw = " ".join(text.split())
            for match in numbers.PLACEHOLDER.finditer(raw):
                want = _independent(match.group(1), match.group(2).split())
                if match.group(1) == "yes":                     # a question about a of n: yes with chance a/n
                    a, n = map(int, match.group(2).split())
                    want = format_fraction(Fraction(a, n))
                before = raw[max(0, match.start() - 25):match.start()]
                if want is None or "{{" in before or "}}" in before or "*" in before:
                    continue
                before = before[before.find(" ") + 1:] if " " in before else before
                assert before + want in md, (q.lesson, match.group(0), before + want)
                checked += 1
    assert checked >= 45


def _scheme(exam, k: int) -> str:
    q = assessment.QUESTIONS[k]
    return flat(exam["mark-scheme"]).split(f"Question {k + 1} (lesson {q.lesson})")[1].split(f"Question {k + 2} (")[0]


def test_the_other_numbers_are_the_library_s_and_the_mathematics_they_state_holds(exam):
    f = format_fraction
    # 00-02: the chance of a yes is the group's share; the exception at (4, 4) disproves "halving is best"
    assert f"yes with chance {f(Fraction(1, 3))}" in _scheme(exam, 0)
    t = gw.solve(4)
    assert t.value(4, 4, (1, 3)) > t.value(4, 4, (2, 2)) and gw.P(2, 3) != gw.P(3, 2)
    p = t.value(4, 4, (1, 3))
    at_least_6 = sum(math.comb(10, r) * p ** r * (1 - p) ** (10 - r) for r in range(6, 11))
    assert f"{float(at_least_6):.4f}" in _scheme(exam, 2)
    # 03: Nica's region and bid at (40, 5), and Theorem 1.1's value
    assert all(gw.P(2, m, "nica") == 1 for m in range(2, 40))       # a question at (2, m) wins at once
    k = nica.in_the_weeds(40, 5)
    assert 2 ** k < 5 <= 2 ** (k + 1) < 40 and f"k = {k}: the mover is in the weeds" in _scheme(exam, 3)
    assert f"Ask about {2 ** k} of the 40" in _scheme(exam, 3)
    formula = Fraction(2 ** (k + 1), 40) - Fraction(2 * (2 ** (2 * k + 1) + 1), 3 * 40 * 5)
    assert formula == gw.P(40, 5, "nica") and f"P(40, 5) = {f(formula)}" in _scheme(exam, 3)
    # 04: total probability and the conditional probability over a fair coin
    first = gw.P(24, 24)
    won = (first + (1 - first)) / 2
    assert f(won) in _scheme(exam, 4) and f(first / 2 / won) in _scheme(exam, 4)
    fairer = min((24, 23), key=lambda N: abs(gw.P(N, N) - Fraction(1, 2)))
    assert f"({fairer}, {fairer}): its chance is nearer one half" in _scheme(exam, 4)
    assert format_percent(gw.P(23, 23)) in _scheme(exam, 4)
    # 05: the differences along the doublings of (3, 2) are geometric (checked far), and their sum is Nica's limit
    u = [gw.P(3 * 2 ** j, 2 * 2 ** j, "nica") for j in range(14)]
    d = [b - a for a, b in zip(u, u[1:])]
    r = d[1] / d[0]
    assert all(d[j + 1] == r * d[j] for j in range(len(d) - 1)) and abs(r) < 1
    limit = u[0] + d[0] / (1 - r)
    assert limit == nica.p_inf(3, 2)
    s = _scheme(exam, 5)
    assert f"u_1 - u_0 = {f(u[1])} - {f(u[0])} = {f(d[0])}" in s and f"ratio is {f(r)}" in s
    assert f"u_2 - u_1 = {f(u[2])} - {f(u[1])} = {f(d[1])}" in s
    assert f"{f(limit)} (the value of Nica's continuous game" in s and f"u_2 - u_1) = {f(u[3])}" in s
    band = nica.first_mover_range()
    assert band.inf < band.sup and f"{f(band.inf)} and {f(band.sup)}, so no such L" in s
    # 06: a third answer raises (3, 3) and lowers (8, 3)
    gain = {s: gw.P(*s, "tripartite") - gw.P(*s) for s in ((3, 3), (8, 3))}
    assert gain[3, 3] > 0 > gain[8, 3]
    assert f"= {f(gain[3, 3])}" in _scheme(exam, 6) and f(gain[8, 3]) in flat(exam["questions"])
    # 07: counting answer patterns; the printed counts are below the library's minimum
    s = _scheme(exam, 7)
    assert 2 ** 4 < 24 <= 2 ** 5 and gw.minimum_questions(24).value == 5 and f"{5}, as 2^5" in s
    assert 24 * (7 + 1) > 2 ** 7 and gw.minimum_questions(24, lies=1).value > 7
    assert f"{gw.minimum_questions(24, lies=1).value} (found by the library" in s
    # 08: the cost of a guess, and the mean of a binomial
    assert f(gw.P(4, 4) - t.value(4, 4, GUESS)) in _scheme(exam, 8)
    assert f"= {1000 * t.value(4, 4, GUESS)}." in _scheme(exam, 8).replace(".0.", ".")
    q = t.value(4, 4, GUESS)                                        # "even E(W) has a small chance"
    mean = 1000 * q
    assert mean.denominator == 1 and math.comb(1000, int(mean)) * q ** mean * (1 - q) ** (1000 - mean) < 0.05
    # 09: the real board's best question, a conditional probability, the start under the restriction
    best = next(q for q in first_questions(cached_board_solution()) if q.sizes is not GUESS)
    people = len(gw.load_board().names)
    s = _scheme(exam, 9)
    assert f"B1 {f(Fraction(best.sizes[0], people))} " in s and f(Fraction(1, best.sizes[0])) in s
    assert cached_board_solution().start != gw.P(24, 24)


def test_the_exam_is_a4_with_the_licence_on_every_page_and_deterministic(exam, tmp_path, monkeypatch):
    for kind in ("questions", "mark-scheme", "exit-tickets", "exit-ticket-answers"):
        assert_a4(exam[kind])
        assert all(notice("footer") in " ".join(p.extract_text().split()) for p in PdfReader(exam[kind]).pages)
    assert notice("content") in exam["markdown"].read_text()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    again = assessment.write_exam(tmp_path)
    assert all(again[k].read_bytes() == exam[k].read_bytes() for k in exam)


def test_an_exit_ticket_per_core_lesson_on_paper_without_its_answers(exam):
    tickets = assessment.exit_tickets()
    assert list(tickets) == [x.id for x in curriculum.LESSONS if x.track == "core"]
    paper = flat(exam["exit-tickets"])
    answers = flat(exam["exit-ticket-answers"])
    assert len(PdfReader(exam["exit-tickets"]).pages) == (len(tickets) + 1) // 2          # two to a page
    for lesson, ticket in tickets.items():
        assert 2 <= len(ticket) <= 3 and f"Exit ticket · Lesson {lesson}," in paper
        for question, answer in ticket:
            shown = " ".join(numbers.fill(answer).split())
            assert " ".join(numbers.fill(question).split()) in paper.replace("- ", "-") or question[:30] in paper
            assert shown not in paper and shown[:40] in answers, (lesson, shown)


def test_a_lesson_without_an_exit_ticket_is_refused(monkeypatch):
    monkeypatch.setattr(assessment, "EXIT_TICKETS", {k: v for k, v in assessment.EXIT_TICKETS.items() if k != "05"})
    with pytest.raises(ValueError, match="an exit ticket of two or three questions per core lesson"):
        assessment.exit_tickets()


def test_the_command_writes_the_exam(tmp_path, capsys):
    assert main(["exam", "--out", str(tmp_path)]) == 0
    assert capsys.readouterr().out.split() == [str(tmp_path / n) for n in
                                               ("exam.md", "exam-questions.pdf", "mark-scheme.pdf",
                                                "exam-practice.ipynb", "exit-tickets.pdf", "exit-ticket-answers.pdf")]
    assert main(["exam", "--out", "/dev/null/x"]) == 2


def test_the_guide_tells_the_teacher_how_to_print_them():
    from guesswho_apps.cli import COMMANDS
    from guesswho_apps.teaching import guide_markdown

    md = guide_markdown()
    for command in ("exam", "summaries"):
        assert f"`python -m guesswho_apps {command} --out" in md and command in COMMANDS


def test_the_practice_notebook_has_every_question_and_no_answer(exam):
    import nbformat

    nb = nbformat.read(exam["practice"], as_version=4)
    nbformat.validate(nb)
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code")
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    for k, q in enumerate(assessment.QUESTIONS):
        assert f"Question {k + 1} · Lesson {q.lesson}" in text
        assert text.count("**(") >= len(q.parts)
    answers = {" ".join(numbers.fill(m.text).split()) for q in assessment.QUESTIONS for p in q.parts
               for m in p.scheme if m.kind == "A" and len(m.text) > 12}
    assert answers and not [a for a in answers if a in " ".join(text.split())]
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    exec(compile(code, "exam-practice.ipynb", "exec"), {})                     # the cells run as they are
