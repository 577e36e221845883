"""The teacher's guide cannot drift from its notebooks: each lesson's plan (guesswho_apps/data/guide/<topic>.md) walks
the notebook's sections in the notebook's order, names every exercise in the step that covers it, in the notebook's
order, states no answer before the step that sets its exercise, and its minutes add up to the lesson's time in
lessons.csv (the guide refuses to build otherwise).  A class can do the plan: every part of it has the minutes its
sections take in class (reading, cells, the exercises not set as homework), and every guide says what to set as
homework."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from guesswho_lessons import curriculum
from guesswho_lessons.exercises import get
from guesswho_apps.teaching import guide
from test_lessons_quality import _leaks, numbers_checked, section_minutes

ROOT = Path(__file__).resolve().parents[2]
#: lessons whose plans name notebook sections (§): the core track, and the extension lessons written with them
PLANNED = [x for x in curriculum.LESSONS if x.track == "core" or x.id in ("x1", "x5")]
SECTION = re.compile(r"^## (?:(\d+)\.\s|(Exercises|Summary)\b)", re.M)


def notebook_outline(lesson) -> tuple[list, dict]:
    """The notebook's sections in order (keys "1", "2", ..., "Exercises", "Summary") and, for each exercise id
    checked in it, the section it is set in."""
    nb = nbformat.read(ROOT / "notebooks" / f"{lesson.notebook}.ipynb", as_version=4)
    sections, where, current = [], {}, None
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for m in SECTION.finditer(cell.source):
                current = m.group(1) or m.group(2)
                sections.append(current)
        else:
            for eid in numbers_checked(cell.source):
                where.setdefault(eid, current)
    return sections, where


def plan_problems(section: guide.GuideSection, sections: list, where: dict) -> list[str]:
    """Everything in which a lesson's plan disagrees with its notebook (empty when they agree)."""
    problems = []
    steps = section.steps
    covered = [s for step in steps for s in step.sections]
    if any(not step.sections for step in steps):
        problems.append("every plan step names the notebook sections it covers (§...)")
    index = [sections.index(s) for s in covered if s in sections]
    if index != sorted(index):          # a section may run over several steps, but the plan never goes back
        problems.append(f"the plan walks the sections in the order {covered}, the notebook in {sections}")
    missing = [s for s in sections if s not in covered]
    extra = [s for s in covered if s not in sections]
    if missing:
        problems.append(f"the plan skips the notebook's sections {missing}")
    if extra:
        problems.append(f"the plan names sections {extra} that the notebook does not have")
    named = []
    for k, step in enumerate(steps):
        for eid in re.findall(r"\b(?:\d\d|x\d)\.\d+[a-z]?\b", step.text):
            if eid not in where:
                problems.append(f"step {k + 1} names exercise {eid}, which the notebook does not set")
                continue
            if eid not in named:
                named.append(eid)
                if where[eid] not in step.sections:
                    problems.append(f"step {k + 1} sets {eid}, which the notebook sets in §{where[eid]}, not in "
                                    f"§{', '.join(step.sections)}")
    notebook_order = sorted(where, key=list(where).index)
    if named != notebook_order:
        problems.append(f"the plan sets the exercises in the order {named}, the notebook in {notebook_order}")
    first_step = {eid: next(k for k, st in enumerate(steps) if eid in st.text) for eid in named}
    for k, step in enumerate(steps):
        for eid, j in first_step.items():
            if j > k:
                stated = _leaks(get(eid), step.text)
                if stated:
                    problems.append(f"step {k + 1} states {stated[0]}, the answer to {eid}, which step {j + 1} sets")
    return problems


@pytest.fixture(scope="module")
def sections():
    return {s.lesson.id: s for s in guide.guide_sections()}


@pytest.mark.parametrize("lesson", PLANNED, ids=lambda x: x.id)
def test_the_plan_follows_its_notebook(lesson, sections):
    assert plan_problems(sections[lesson.id], *notebook_outline(lesson)) == []


@pytest.mark.parametrize("lesson", curriculum.LESSONS, ids=lambda x: x.id)
def test_the_plan_adds_up_to_the_lesson_s_time(lesson, sections):
    s = sections[lesson.id]
    assert s.steps[0].start == 0 and s.minutes == lesson.minutes
    assert all(a.end == b.start for a, b in zip(s.steps, s.steps[1:]))


@pytest.mark.parametrize("lesson", PLANNED, ids=lambda x: x.id)
def test_the_questions_to_ask_before_revealing_state_no_answer(lesson, sections):
    asked = " ".join(sections[lesson.id].parts["ask"])
    _, where = notebook_outline(lesson)
    assert {eid: _leaks(get(eid), asked) for eid in where if _leaks(get(eid), asked)} == {}


def test_the_checks_bite():
    """A plan that reveals before it asks, skips or swaps a section, or sets an exercise in the wrong step is caught."""
    lesson = curriculum.lesson("02")
    real = {s.lesson.id: s for s in guide.guide_sections()}["02"]
    outline = notebook_outline(lesson)
    assert plan_problems(real, *outline) == []

    def with_steps(steps):
        return guide.GuideSection(real.lesson, real.parts, tuple(steps), real.exercises)

    answer = get("02.2").kind.show(get("02.2").answers()[0])
    leaky = [guide.PlanStep(s.start, s.end, s.sections, s.text + (f" It is {answer}." if k == 0 else ""))
             for k, s in enumerate(real.steps)]
    assert any("the answer to 02.2" in p for p in plan_problems(with_steps(leaky), *outline))
    swapped = [real.steps[1], real.steps[0], *real.steps[2:]]
    assert any("order" in p for p in plan_problems(with_steps(swapped), *outline))
    assert any("skips" in p for p in plan_problems(with_steps(real.steps[1:]), *outline))
    moved = [guide.PlanStep(s.start, s.end, s.sections, s.text.replace("02.1", "")) for s in real.steps]
    moved[-1] = guide.PlanStep(moved[-1].start, moved[-1].end, moved[-1].sections, moved[-1].text + " 02.1")
    assert plan_problems(with_steps(moved), *outline)


def test_a_plan_that_does_not_add_up_is_refused(monkeypatch):
    real = guide.guide_text
    lesson = curriculum.lesson("02")
    text = real(guide.topic(lesson))
    monkeypatch.setattr(guide, "guide_text", lambda name: text.replace("# plan\n", "# plan\n5 §1 a long hello\n")
                        if name == guide.topic(lesson) else real(name))
    with pytest.raises(ValueError, match=r"the plan takes \d+ minutes, but lesson 02 takes \d+ minutes"):
        guide.guide_sections()
    monkeypatch.setattr(guide, "guide_text", lambda name: text.replace("# plan\n", "# plan\n0 §9b nowhere\n")
                        if name == guide.topic(lesson) else real(name))
    with pytest.raises(ValueError, match=r"§9b is not a notebook section"):
        guide.guide_sections()


def test_no_page_before_the_lesson_plans_is_left_mostly_blank(tmp_path):
    """The lesson table and "A lesson without computers" share their pages: no page break leaves a page of the
    guide's opening mostly blank (the lesson table used to spill a few rows onto a page of its own)."""
    from pypdf import PdfReader

    from guesswho_apps.teaching import write_guide

    pages = [p.extract_text() for p in PdfReader(write_guide(tmp_path)["pdf"]).pages]
    opening = pages[:next(i for i, t in enumerate(pages) if "Lesson 00 ·" in t)]
    full = max(len(t) for t in pages)
    assert len(opening) >= 2 and all(len(t) > full / 2 for t in opening[:-1]), [len(t) for t in opening]


# ---- a plan a class can do ----------------------------------------------------------------------------------------
#: A part of a plan may be this many minutes short of the estimate of its sections (the estimate is rough).
SHORT_BY_AT_MOST = 3


def plan_time_problems(section: guide.GuideSection) -> list[str]:
    """Every part of the plan with fewer minutes than its sections take in class: steps that share a notebook
    section are taken together (a section may run over several steps), and each part's minutes are compared with
    the estimate of its sections (tests/test_lessons_quality.section_minutes), without the exercises the guide sets
    as homework."""
    estimate = section_minutes(section.lesson, section.homework)
    parts: list[list] = []                       # [set of sections, minutes, first step]
    for k, step in enumerate(section.steps):
        if parts and parts[-1][0] & set(step.sections):
            parts[-1][0] |= set(step.sections)
            parts[-1][1] += step.end - step.start
        else:
            parts.append([set(step.sections), step.end - step.start, k + 1])
    problems = []
    for sections, minutes, first in parts:
        needed = sum(estimate.get(s, 0) for s in sections)
        if minutes < needed - SHORT_BY_AT_MOST:
            problems.append(f"steps from {first} (§{', '.join(sorted(sections))}) give {minutes} minutes to what takes "
                            f"about {needed:.0f} in class")
    return problems


@pytest.mark.parametrize("lesson", PLANNED, ids=lambda x: x.id)
def test_every_part_of_the_plan_has_the_minutes_its_sections_take(lesson, sections):
    assert plan_time_problems(sections[lesson.id]) == []


@pytest.mark.parametrize("lesson", curriculum.LESSONS, ids=lambda x: x.id)
def test_the_guide_says_what_to_set_as_homework(lesson, sections):
    s = sections[lesson.id]
    assert s.homework, lesson.id
    assert set(s.homework) <= {e[0] for e in s.exercises}, (lesson.id, s.homework)


def test_the_time_check_bites_on_the_old_plan_of_lesson_02():
    """Lesson 02's old plan: 25 minutes for n_<, 02.3, a prediction, the loops and sets, 02.4 in pairs and the map,
    with nothing set as homework."""
    real = {s.lesson.id: s for s in guide.guide_sections()}["02"]
    minutes = [(5, ("1",)), (10, ("2",)), (15, ("3",)), (15, ("4",)), (10, ("4",)), (5, ("4", "Summary"))]
    steps, t = [], 0
    for m, secs in minutes:
        steps.append(guide.PlanStep(t, t + m, secs, "..."))
        t += m
    old = guide.GuideSection(real.lesson, {**real.parts, "homework": []}, tuple(steps), real.exercises)
    assert any("§4" in p for p in plan_time_problems(old))
    with_homework = plan_time_problems(guide.GuideSection(real.lesson, real.parts, tuple(steps), real.exercises))
    assert [p for p in with_homework if "§4" in p] == []          # (its exit ticket is set before the summary)


# ---- the guide's student-facing parts ----------------------------------------------------------------------------
#: The parts of a lesson's guide that the teacher says or shows to the class.
STUDENT_FACING = ("ask", "misconceptions")


def student_facing_leaks(section: guide.GuideSection) -> list[str]:
    """The answers of the lesson's own exercises, and the telling answers of later lessons', that the guide's
    student-facing parts state (a misconception is answered in class, whenever it comes up)."""
    from test_lessons_quality import later_exercises, tells, telling_across_lessons
    text = " ".join(b for part in STUDENT_FACING for b in section.parts.get(part, ()))
    found = []
    for eid, _, _ in section.exercises:
        ex = get(eid)
        found += [f"{eid}: {ex.kind.show(r)}" for r in _leaks(ex, text)] + [f"{eid}: {t!r}" for t in tells(ex, text)]
    for ex in later_exercises(section.lesson.id):
        if telling_across_lessons(ex):
            found += [f"{ex.id}: {ex.kind.show(r)}" for r in _leaks(ex, text)]
        found += [f"{ex.id}: {t!r}" for t in tells(ex, text)]
    return found


@pytest.mark.parametrize("lesson", curriculum.LESSONS, ids=lambda x: x.id)
def test_what_the_guide_says_to_the_class_states_no_answer(lesson, sections):
    assert student_facing_leaks(sections[lesson.id]) == []


def test_the_student_facing_check_bites():
    """Lesson 02's old answer to a misconception ("(4, 4) is one of only three exceptions") and lesson 04's ("the
    second player gets fewer suspects (16 against 24)") are caught."""
    real = {s.lesson.id: s for s in guide.guide_sections()}
    for lesson, said in (("02", "- **x** (4, 4) is one of only three exceptions."),
                         ("04", f"- **x** The second player gets fewer suspects ({get('04.4').answers()[0]} against "
                                "24).")):
        s = real[lesson]
        old = guide.GuideSection(s.lesson, {**s.parts, "misconceptions": [said]}, s.steps, s.exercises)
        assert student_facing_leaks(old), lesson


def test_the_guide_cites_the_recurrence_as_the_lessons_do():
    """Cushing et al.'s recurrence is their equation (1): the guide, the lessons and the solutions call it that (the
    guide for 01 used to cite "eq. (1.1)")."""
    cite = re.compile(r"(?:eq\.|[Ee]quation)\s*\(([\d.]+)\)")
    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "guesswho_lib" / "data" / "guide").glob("*.md"))]
    texts += [p.read_text(encoding="utf-8") for p in sorted(ROOT.glob("notebooks/**/*.ipynb"))
              + sorted(ROOT.glob("teacher/solutions/*.ipynb"))]
    cited = {m for t in texts for m in cite.findall(t)}
    assert cited == {"1"}, cited
    assert "(Cushing et al., equation (1))" in guide.guide_markdown()


# ---- short of time: a timed plan for a 50-minute period --------------------------------------------------------------
def short_path_problems(section: guide.GuideSection, sections: list, where: dict) -> list[str]:
    """Everything in which a core lesson's path when short of time falls short: it is timed and adds up to a period
    of guide.SHORT_MINUTES, walks the notebook's sections in their order (it may skip some), sets each exercise it
    names in the step that covers its section, keeps the exit ticket, and states no answer of the lesson."""
    from guesswho_lessons.exercises import exercises_for
    short = section.short_steps
    if not short or short[0].start != 0 or short[-1].end != guide.SHORT_MINUTES:
        return [f"the short path takes {short[-1].end if short else 0} minutes, not {guide.SHORT_MINUTES}"]
    problems = []
    covered = [s for step in short for s in step.sections]
    if not set(covered) <= set(sections) or [sections.index(s) for s in covered] != sorted(
            sections.index(s) for s in covered):
        problems.append(f"the short path walks {covered}, the notebook {sections}")
    for step in short:
        for eid in re.findall(r"\b(?:\d\d|x\d)\.\d+[a-z]?\b", step.text):
            if where.get(eid) not in step.sections:
                problems.append(f"the short path sets {eid} in §{', '.join(step.sections)}, the notebook in "
                                f"§{where.get(eid)}")
    named = " ".join(step.text for step in short)
    main = [e for e in exercises_for(section.lesson.id) if not re.search(r"[a-z]$", e.id)]
    ticket = [e.id for e in main if e.level == 1][-2:]
    problems += [f"the short path drops the exit ticket's {eid}" for eid in ticket if eid not in named]
    for eid in where:
        stated = _leaks(get(eid), named)
        if stated:
            problems.append(f"the short path states {stated[0]}, the answer to {eid}")
    return problems


@pytest.mark.parametrize("lesson", [x for x in curriculum.LESSONS if x.track == "core"], ids=lambda x: x.id)
def test_a_core_lesson_has_a_timed_path_for_a_50_minute_period(lesson, sections):
    assert short_path_problems(sections[lesson.id], *notebook_outline(lesson)) == []


def test_the_short_path_check_bites():
    """Lesson 02's path without its timing, with a step moved back, or without the exit ticket, is caught."""
    real = {s.lesson.id: s for s in guide.guide_sections()}["02"]
    outline = notebook_outline(curriculum.lesson("02"))
    assert short_path_problems(real, *outline) == []

    def with_short(steps):
        return guide.GuideSection(real.lesson, real.parts, real.steps, real.exercises, tuple(steps))
    assert short_path_problems(with_short(()), *outline)
    s = list(real.short_steps)
    swapped, t = [], 0
    for step in [s[1], s[0], *s[2:]]:
        swapped.append(guide.PlanStep(t, t + step.end - step.start, step.sections, step.text))
        t = swapped[-1].end
    assert any("walks" in p for p in short_path_problems(with_short(swapped), *outline))
    last = s[-1]
    dropped = s[:-1] + [guide.PlanStep(last.start, last.end, last.sections, "Summary.")]
    assert any("exit ticket" in p for p in short_path_problems(with_short(dropped), *outline))
