"""The teacher's guide: how to use the kit, the lesson table, one section per lesson, and a lesson without computers.

The text is data: ``guesswho_apps/data/guide/intro.md``, ``no-computers.md`` and one file per lesson named after its
notebook without the number (``the-four-four-exception.md`` for ``02-the-four-four-exception``), so renumbering a
lesson keeps its guide.  A lesson file has the parts ``# goal``, ``# plan`` (one line per step: minutes, the notebook
sections it covers, then what happens), ``# ask`` (predict-then-reveal prompts), ``# misconceptions``, ``# exercises``
and ``# homework`` (the exercises to set as homework: a class does the others in the lesson's time, and the plan's
minutes are checked against them) and ``# short`` (what to skip when short of time: for a core lesson, a timed plan
for a period of :data:`SHORT_MINUTES` minutes, its lines written as the plan's, after a sentence on what it drops);
a lesson the class can play
together on the class server adds ``# live`` (how to run it live, with the teacher's page).

A plan line reads ``10 §2-3 Simulate, then the trees ...``: ten minutes on the notebook's sections 2 and 3 (its
``## 2.`` and ``## 3.`` headings; ``§Exercises`` and ``§Summary`` name the unnumbered ones).  The plan's minutes
add up to the lesson's time in the lesson table (an error otherwise); ``tests/lessons/test_guide_plans.py`` checks that
the sections and the exercises come in the notebook's order and that no step states an answer before the step
that sets its exercise.  The text is a Jinja2 template of the kit (:func:`.templates.render`): a number is an
expression computed when the guide is written (``{{ P(4, 4) }}``, ``{{ value(4, 4, '2:2') }}``, never typed in), and
``{{ ex('02-every-exception') }}`` names one of the lesson's exercises by its key and shows its number ("02.4"),
checked against the exercise register.  A placeholder of the guide's first language (``{{P 4 4}}``) is refused,
saying how to write it.  Track, time and prerequisites come from :data:`guesswho_lessons.curriculum.LESSONS`; a
lesson without a guide file is an error.  The guide ends with its licence (:func:`guesswho_apps.licence.notice`),
and every page of its PDF says it in its foot.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import jinja2

from guesswho_lessons.curriculum import LESSONS, TRACKS, Lesson, guide_name
from ..licence import notice
from guesswho_lessons.reader.framework import LEVELS
from guesswho_lib.references import REFERENCES, cite
from . import pdf
from .sources import paragraphs
from .templates import NAMES, render

__all__ = ["PARTS", "OPTIONAL_PARTS", "SHORT_MINUTES", "GuideSection", "PlanStep", "topic", "guide_sections",
           "guide_markdown", "guide_pdf", "write_guide", "guide_text", "section_range", "fill", "old_placeholders"]

#: the parts of a lesson's guide, in order, with their headings
PARTS = {"goal": "Goal", "plan": "Minute by minute", "ask": "Ask before revealing", "live": "Played live by the class",
         "discuss": "A discussion, and how to run it", "misconceptions": "Common misconceptions",
         "exercises": "Exercises to set", "homework": "Homework", "short": "Short of time?"}
#: a core lesson's path when short of time: a plan for a lesson period of this many minutes
SHORT_MINUTES = 50
#: the parts a lesson's guide may leave out
OPTIONAL_PARTS = ("live", "discuss")
TITLE = "Guess Who? maths: the teacher's guide"
#: ``{{name arg arg}}``, the guide's first placeholder language (refused: :func:`fill`)
_OLD = re.compile(r"\{\{\s*([A-Za-z_]\w*)((?:\s+[^\s}]+)+)\s*\}\}")
_STEP = re.compile(r"\s*(\d+)\s+(?:§(\S+)\s+)?(.+)")
_SECTION_NAMES = ("Exercises", "Summary")


def topic(lesson: Lesson) -> str:
    """The guide file's name for a lesson: its notebook's name without folder and number."""
    return guide_name(lesson)


def guide_text(name: str) -> str:
    """The raw text of ``data/guide/<name>.md`` (its expressions not computed)."""
    f = resources.files("guesswho_apps").joinpath(f"data/guide/{name}.md")
    if not f.is_file():
        raise FileNotFoundError(f"the teacher's guide has no part data/guide/{name}.md")
    return f.read_text(encoding="utf-8")


def _jinja(name: str, args: list[str]) -> str:
    """How a placeholder of the first language is written in Jinja2: ``P 4 4 nica`` -> ``{{ P(4, 4, 'nica') }}``."""
    if name == "pct":
        return "{{ P(" + ", ".join(args) + ") | pct }}"
    args = ["adaptive=False" if a == "fixed" and name == "questions" else a for a in args]
    return "{{ " + name + "(" + ", ".join(a if a.isdigit() or re.fullmatch(r"\w+=\w+", a) else repr(a)
                                         for a in args) + ") }}"


def old_placeholders(text: str) -> list[tuple[str, str | None]]:
    """Each placeholder of the guide's first language in ``text`` (``{{P 4 4}}``: not Jinja2), with the Jinja2
    expression to write instead (``{{ P(4, 4) }}``; None for a name the templates do not have)."""
    out = []
    for m in _OLD.finditer(text):
        try:
            jinja2.Environment().parse(m.group(0))
        except jinja2.TemplateSyntaxError:
            name, args = m.group(1), m.group(2).split()
            out.append((m.group(0), _jinja(name, args) if name in NAMES or name in ("ex", "pct") else None))
    return out


def fill(text: str, where: str, **variables) -> str:
    """``text`` of the guide's file ``where`` with each expression computed (:func:`.templates.render`, the
    variables added to its names); a placeholder of the first language (:func:`old_placeholders`), or an error, is a
    ValueError naming the file.

    >>> fill("At (4, 4) the best move is {{ best(4, 4) }}, worth {{ P(4, 4) }}.", "data/guide/intro.md")
    'At (4, 4) the best move is 1:3, worth 9/16.'
    >>> fill("worth {{P 4 4 nica}}", "data/guide/intro.md")
    Traceback (most recent call last):
    ValueError: data/guide/intro.md: {{P 4 4 nica}} is the guide's old placeholder language; write it as a Jinja2
    expression: {{ P(4, 4, 'nica') }}
    """
    for was, how in old_placeholders(text):
        how = how or (f"a call such as {{{{ P(4, 4) }}}} or {{{{ value(4, 4, '2:2') }}}} of the names "
                      f"{', '.join(sorted(NAMES))}")
        raise ValueError(f"{where}: {was} is the guide's old placeholder language; write it as a Jinja2 expression: "
                         f"{how}")
    try:
        return render(text, **variables)
    except ValueError as e:
        raise ValueError(f"{where}: {e}") from None


def section_range(text: str, where: str = "the plan") -> tuple:
    """The notebook sections a plan step names: "2" -> ("2",), "2-4" -> ("2", "3", "4"), "3,Exercises" ->
    ("3", "Exercises")."""
    out: list[str] = []
    for part in text.split(","):
        m = re.fullmatch(r"(\d+)(?:-(\d+))?", part)
        if m:
            a, b = int(m.group(1)), int(m.group(2) or m.group(1))
            if b < a:
                raise ValueError(f"{where}: the sections §{part} run backwards")
            out += [str(k) for k in range(a, b + 1)]
        elif part in _SECTION_NAMES:
            out.append(part)
        else:
            raise ValueError(f"{where}: §{part} is not a notebook section (a number, a range such as 2-3, or "
                             f"{' or '.join(_SECTION_NAMES)})")
    return tuple(out)


@dataclass(frozen=True)
class PlanStep:
    """One line of a lesson's plan: from minute ``start`` to ``end``, the notebook ``sections`` it covers, and
    what happens (its expressions computed)."""

    start: int
    end: int
    sections: tuple
    text: str

    @property
    def label(self) -> str:
        """The text as printed in the guide, led by the sections ("§2-3 ...")."""
        if not self.sections:
            return self.text
        numbers = [s for s in self.sections if s.isdigit()]
        names = [s for s in self.sections if not s.isdigit()]
        where = []
        if numbers:
            where.append(numbers[0] if len(numbers) == 1 else f"{numbers[0]}-{numbers[-1]}")
        where += names
        return f"§{', '.join(where)} · {self.text}"


@dataclass(frozen=True)
class GuideSection:
    lesson: Lesson
    parts: dict                       # part name -> list of blocks (Markdown paragraphs or "- " bullets), computed
    steps: tuple                      # the plan, as PlanStep records
    exercises: tuple                  # registered exercises of the lesson: (id, title, level)
    short_steps: tuple = ()           # a core lesson's timed path when short of time, as PlanStep records

    @property
    def plan(self) -> tuple:
        """The plan as (start minute, end minute, what happens)."""
        return tuple((s.start, s.end, s.label) for s in self.steps)

    @property
    def minutes(self) -> int:
        return self.steps[-1].end if self.steps else 0

    @property
    def homework(self) -> tuple:
        """The exercises the guide sets as homework (their ids, in the order of the part ``# homework``)."""
        said = " ".join(self.parts.get("homework", ()))
        return tuple(dict.fromkeys(re.findall(r"\b(?:\d\d|x\d)\.\d+[a-z]?\b", said)))


def _split_parts(text: str, where: str) -> dict:
    parts, name = {}, None
    for line in text.splitlines():
        m = re.fullmatch(r"#\s+(\w+)\s*", line)
        if m:
            name = m.group(1)
            if name not in PARTS:
                raise ValueError(f"{where}: unknown part '# {name}'; parts are {', '.join(PARTS)}")
            parts[name] = []
        elif name is not None:
            parts[name].append(line)
    missing = [p for p in PARTS if p not in parts and p not in OPTIONAL_PARTS]
    if missing:
        raise ValueError(f"{where}: missing part(s) {', '.join('# ' + p for p in missing)}")
    return {k: "\n".join(v).strip() for k, v in parts.items()}


def _blocks(text: str) -> list[str]:
    """Paragraphs and bullets ("- ..."), each one string (continuation lines joined): :func:`.sources.paragraphs`."""
    return paragraphs(text)


def _exercises(lesson_id: str) -> tuple:
    from guesswho_lessons.exercises import exercises_for
    return tuple((e.id, e.title, e.level) for e in exercises_for(lesson_id))


def _numbers(lesson_id: str) -> dict[str, str]:
    """{key: number} of a lesson's exercises ("02-every-exception": "02.4")."""
    from guesswho_lessons.exercises import exercises_for
    return {e.key: e.id for e in exercises_for(lesson_id)}


def _section(lesson: Lesson) -> GuideSection:
    where = f"data/guide/{topic(lesson)}.md"
    raw = _split_parts(guide_text(topic(lesson)), where)
    exercises = _exercises(lesson.id)
    numbers = _numbers(lesson.id)

    def ex(key):
        """The number of the lesson's exercise with this key ("02-every-exception": "02.4")."""
        if key not in numbers:
            raise ValueError(f"ex({key!r}) names no exercise of lesson {lesson.id}: an exercise is named by its key "
                             f"({', '.join(numbers) or 'none'})")
        return numbers[key]

    def timed(lines) -> list:
        steps, t = [], 0
        for line in lines:
            m = _STEP.fullmatch(line)
            if not m:
                raise ValueError(f"{where}: a plan line is 'minutes §sections what happens', got {line!r}")
            sections = section_range(m.group(2), where) if m.group(2) else ()
            steps.append(PlanStep(t, t + int(m.group(1)), sections, fill(m.group(3), where, ex=ex)))
            t += int(m.group(1))
        return steps

    short_lines = [line for line in raw["short"].splitlines() if re.match(r"\d+\s+§", line)]
    raw["short"] = "\n".join(line for line in raw["short"].splitlines() if line not in short_lines)
    parts = {k: [fill(b, where, ex=ex) for b in _blocks(v)] for k, v in raw.items() if k != "plan"}
    steps = timed(raw["plan"].splitlines())
    t = steps[-1].end if steps else 0
    if t != lesson.minutes:
        raise ValueError(f"{where}: the plan takes {t} minutes, but lesson {lesson.id} takes {lesson.minutes} minutes "
                         "in guesswho_lessons/data/lessons.csv; the plan's minutes must add up to the lesson's time")
    short = timed(short_lines)
    if lesson.track == "core" and (not short or short[-1].end != SHORT_MINUTES):
        raise ValueError(f"{where}: '# short' of a core lesson is a timed plan for a {SHORT_MINUTES}-minute period "
                         f"(lines 'minutes §sections what happens'), got {short[-1].end if short else 0} minutes")
    return GuideSection(lesson, parts, tuple(steps), exercises, tuple(short))


def guide_sections() -> list[GuideSection]:
    """One section per lesson of the lesson table, in its order (an error if a lesson has no guide file)."""
    return [_section(x) for x in LESSONS]


# ---- one document model, three renderings -------------------------------------------------------------------
def _document() -> list[tuple]:
    """The guide as a list of (kind, payload): ("h1"|"h2"|"h3"|"p"|"li"|"table"|"page", ...)."""
    doc: list[tuple] = [("title", TITLE)]
    for b in _blocks(fill(guide_text("intro"), "data/guide/intro.md")):
        doc.append(("li", b[2:]) if b.startswith("- ") else ("p", b))
    doc.append(("h2", "The lessons"))
    for track, name in TRACKS.items():
        rows = [(x.id, x.title, f"{x.minutes} min", x.prerequisites, x.summary) for x in LESSONS if x.track == track]
        if rows:
            doc.append(("h3", name))
            doc.append(("table", (("id", "title", "time", "needs", "what it does"),) + tuple(rows)))
    doc.append(("h1", "A lesson without computers"))          # follows the table on the same page
    for b in _blocks(fill(guide_text("no-computers"), "data/guide/no-computers.md")):
        doc.append(("li", b[2:]) if b.startswith("- ") else ("p", b))
    for s in guide_sections():
        x = s.lesson
        doc.append(("page",))
        doc.append(("h1", f"Lesson {x.id} · {x.title}"))
        doc.append(("p", f"{TRACKS[x.track]} · lesson time {x.minutes} min · needs: {x.prerequisites} · "
                         f"notebook `{x.notebook}`"))
        for part, heading in PARTS.items():
            if part not in s.parts and part != "plan":
                continue
            doc.append(("h2", heading))
            if part == "plan":
                doc.append(("table", (("minutes", "what happens"),)
                            + tuple((f"{a}-{b}", text) for a, b, text in s.plan)))
                continue
            if part == "short" and s.short_steps:
                doc[-1] = ("h2", f"Short of time? A {SHORT_MINUTES}-minute lesson")
            for b in s.parts[part]:
                doc.append(("li", b[2:]) if b.startswith("- ") else ("p", b))
            if part == "short" and s.short_steps:
                doc.append(("table", (("minutes", "what happens"),)
                            + tuple((f"{x.start}-{x.end}", x.label) for x in s.short_steps)))
            if part == "exercises" and s.exercises:
                doc.append(("table", (("exercise", "title", "level"),)
                            + tuple((i, t, f"{lv} ({LEVELS[lv]})") for i, t, lv in s.exercises)))
    doc.append(("page",))
    doc.append(("h1", "References"))
    for key in REFERENCES:
        doc.append(("li", cite(key, "markdown")))
    doc.append(("h1", "Licence"))
    doc.append(("p", notice("content")))
    return doc




def guide_markdown() -> str:
    """The guide as Markdown (for the site)."""
    out = []
    for kind, *rest in _document():
        if kind == "title":
            out.append(f"# {rest[0]}\n")
        elif kind in ("h1", "h2", "h3"):
            level = {"h1": "##", "h2": "###", "h3": "####"}[kind]
            out.append(f"{level} {rest[0]}\n")
        elif kind == "p":
            out.append(rest[0] + "\n")
        elif kind == "li":
            out.append(f"- {rest[0]}")
        elif kind == "table":
            rows = rest[0]
            out.append("")
            out.append("| " + " | ".join(rows[0]) + " |")
            out.append("|" + "---|" * len(rows[0]))
            out += ["| " + " | ".join(str(c).replace("|", "\\|") for c in r) + " |" for r in rows[1:]]
            out.append("")
    text = "\n".join(out)
    return re.sub(r"\n(- [^\n]*)\n(?!- )", r"\n\1\n\n", text).rstrip() + "\n"


_LINK = re.compile(r"\[([^\]]+)\]\((https?://[^)\s]+)\)")


def _pdf_text(text: str) -> str:
    return _LINK.sub(lambda m: f"{m.group(1)} {m.group(2)}", text)


def guide_pdf(path) -> Path:
    """The guide as an A4 PDF at ``path`` (same library, same bytes)."""
    story = []
    for kind, *rest in _document():
        if kind == "title":
            story.append(pdf.paragraph(rest[0], "title"))
        elif kind in ("h1", "h2"):
            story.append(pdf.paragraph(rest[0], kind))
        elif kind == "h3":
            story.append(pdf.paragraph(f"**{rest[0]}**", "body"))
        elif kind == "p":
            story.append(pdf.paragraph(_pdf_text(rest[0])))
        elif kind == "li":
            story.append(pdf.paragraph(_pdf_text(rest[0]), "bullet"))
        elif kind == "table":
            rows = rest[0]
            widths = {2: [22 * pdf.mm, 152 * pdf.mm], 3: [22 * pdf.mm, 112 * pdf.mm, 40 * pdf.mm],
                      5: [14 * pdf.mm, 38 * pdf.mm, 16 * pdf.mm, 30 * pdf.mm, 76 * pdf.mm]}[len(rows[0])]
            cells = [[pdf.Paragraph(("<b>%s</b>" if k == 0 else "%s") % pdf.inline(str(c)), pdf.STYLES["cell"])
                      for c in r] for k, r in enumerate(rows)]
            story.append(pdf.table(cells, widths=widths))
            story.append(pdf.Spacer(1, 2 * pdf.mm))
        elif kind == "page":
            story.append(pdf.PageBreak())
    return pdf.build(path, story, TITLE, "lesson plans for the Guess Who? lessons")


def write_guide(out_dir) -> dict[str, Path]:
    """Write ``teacher-guide.md`` and ``teacher-guide.pdf`` into ``out_dir``: kind -> path.  (The guide as a web page
    is the site's, made from the same Markdown by MyST: ``python -m guesswho_apps site``; the scheme of work that goes
    with it: :func:`.scheme.write_guide_and_scheme`.)"""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = {"markdown": out / "teacher-guide.md"}
    paths["markdown"].write_text(guide_markdown(), encoding="utf-8")
    paths["pdf"] = guide_pdf(out / "teacher-guide.pdf")
    return paths
