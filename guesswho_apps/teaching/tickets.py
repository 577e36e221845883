"""The exit tickets on paper: one per core lesson, read from the lesson itself.

A core lesson's exit ticket is the pair of checked exercises its notebook sets under "Exit ticket" (their titles start
with "Exit ticket", :mod:`guesswho_lessons.exercises`): the paper ticket prints the notebook's own question, and the
teacher's answer sheet the answer the exercise's checker accepts, in the checker's words.  There is no second list:
a lesson that changes its exit ticket changes the paper one.

Where the notebook's words make no sense on paper (a section of the notebook, "as a tuple", a move typed as code, a
board shown in an earlier cell), ``data/kit/tickets.md`` gives the ticket's own wording: a ``# prompt``, a ``# board``
(a table printed under the question) or an ``# answer`` (a template with ``answer``, the checker's words for the
accepted value, and ``value``, the value itself).  A wording that lost one of the notebook's numbers is refused, so a
lesson that changes its question cannot leave a stale ticket.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from guesswho_lessons.curriculum import LESSONS
from . import document as doc
from .sources import kit_text, paragraphs, sections
from .templates import render

__all__ = ["Ticket", "TicketQuestion", "exit_tickets", "tickets_blocks", "answers_blocks", "notebook_prompt",
           "REPOSITORY", "typeset", "paper_wording"]

#: the repository this package is read from: the lessons' notebooks are files of the repository, not of the package
REPOSITORY = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class TicketQuestion:
    id: str                      # the exercise's number, "00.4", as the ticket prints it
    key: str                     # the exercise's key, "00-ticket-one-suspect-left"
    prompt: str                  # the question on paper (the notebook's, or the ticket's own wording)
    answer: str                  # the right answer, as the answer sheet says it
    value: object                # the right answer itself (the exercise accepts it)
    notebook: str = ""           # the notebook's question
    board: tuple = ()            # a table printed under the question: rows of cells, the header first


@dataclass(frozen=True)
class Ticket:
    lesson: str
    title: str
    questions: tuple


def typeset(text: str) -> str:
    """A notebook's plain-text mathematics made ready to print: ``2^q`` as a power, ``<=`` and ``>=`` as signs
    (mathematics already between dollar signs is left as it is).

    >>> typeset("with 20 × (q + 1) <= 2^q, and $2^{k}$")
    'with 20 × (q + 1) ≤ $2^{q}$, and $2^{k}$'
    """
    pieces = re.split(r"(\$[^$]+\$)", text)
    for k in range(0, len(pieces), 2):
        prose = pieces[k].replace("<=", "≤").replace(">=", "≥")
        pieces[k] = re.sub(r"(\d+|[A-Za-z])\^(\w+)", r"$\1^{\2}$", prose)
    return "".join(pieces)


def notebook_prompt(notebook: str, exercise_id: str) -> str:
    """The question a lesson's notebook asks for one exercise: the paragraph that starts ``**00.4** (level ...).``,
    without that label, typeset (:func:`typeset`)."""
    path = REPOSITORY / "notebooks" / f"{notebook}.ipynb"
    if not path.is_file():
        raise FileNotFoundError(f"the exit tickets are read from the lessons' notebooks, and {path} is missing: write "
                                "the kit from a checkout of the repository (python -m pip install -e .)")
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        src = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        for para in re.split(r"\n\s*\n", src):
            m = re.match(rf"\s*\*\*{re.escape(exercise_id)}\*\*\s*\([^)]*\)\.\s*(.+)", para, re.S)
            if m and cell["cell_type"] == "markdown":
                return typeset(" ".join(m.group(1).split()))
    raise ValueError(f"{path.name} sets no exercise {exercise_id} in a Markdown cell")


_WORDING = "data/kit/tickets.md"


def paper_wording(text: str | None = None) -> dict:
    """exercise key -> the ticket's own wording, from ``data/kit/tickets.md``: "prompt", "answer" (templates) and
    "board" (rows of cells)."""
    out, current = {}, None
    for sec in sections(kit_text("tickets") if text is None else text, _WORDING):
        if sec.name == "ticket":
            current = out.setdefault(sec.keys.get("id", ""), {})
        elif current is None or sec.name not in ("prompt", "answer", "board"):
            raise ValueError(f"{_WORDING}: '# {sec.name}' where '# ticket', '# prompt', '# answer' or '# board' is "
                             "expected")
        elif sec.name == "board":
            current["board"] = tuple(tuple(c.strip() for c in row.strip("| ").split(" | "))
                                     for row in paragraphs(sec.body))
        else:
            current[sec.name] = " ".join(paragraphs(sec.body))
    return out


def _numbers(text: str) -> set:
    """The numbers a question states: not a section's number, nor one of an example typed as code."""
    text = re.sub(r"`[^`]*`|(?:section|§)\s*\d+", " ", text)
    return set(re.findall(r"\d+", text))


def _said(ex, value) -> str:
    shown = ex.kind.show(value)
    return shown.strip("'") if isinstance(shown, str) else str(shown)


def exit_tickets() -> tuple[Ticket, ...]:
    """The exit tickets, one per core lesson, each the lesson's checked exit-ticket exercises (two or three)."""
    from guesswho_lessons.exercises import exercises_for
    from guesswho_lessons.reader.answers import capitalised

    out, wording = [], paper_wording()
    for x in LESSONS:
        if x.track != "core":
            continue
        ticket = [e for e in exercises_for(x.id) if e.title.startswith("Exit ticket")]
        if not 2 <= len(ticket) <= 3:
            raise ValueError(f"lesson {x.id}: an exit ticket is two or three exercises titled 'Exit ticket: ...', "
                             f"found {[e.id for e in ticket]}")
        qs = []
        for e in ticket:
            value = e.answers()[0]
            asked, own = notebook_prompt(x.notebook, e.id), wording.get(e.key, {})
            prompt = own.get("prompt", asked)
            lost = _numbers(asked) - _numbers(prompt)
            if lost:
                raise ValueError(f"{_WORDING}: the ticket's wording of {e.id} lacks the notebook's "
                                 f"{', '.join(sorted(lost))}: the lesson has changed its question; reword the ticket")
            answer = (render(own["answer"], answer=_said(e, value), value=value) if "answer" in own
                      else typeset(f"{capitalised(e.about)} is {_said(e, value)}."))
            strange = _numbers(answer) - set(re.findall(r"\d+", f"{asked} {value}")) - {"1"}
            if "answer" in own and strange:
                raise ValueError(f"{_WORDING}: the answer of {e.id} names {', '.join(sorted(strange))}, which neither "
                                 "the notebook's question nor the accepted answer has: reword the ticket's answer")
            qs.append(TicketQuestion(e.id, e.key, prompt, answer, value, asked, own.get("board", ())))
        out.append(Ticket(x.id, x.title, tuple(qs)))
    stray = sorted(set(wording) - {q.key for t in out for q in t.questions})
    if stray:
        raise ValueError(f"{_WORDING}: no exit-ticket exercise has the key {', '.join(stray)} (a ticket names its "
                         "exercise by key, such as 00-ticket-one-suspect-left)")
    return tuple(out)


def tickets_blocks() -> list:
    """The exit tickets on paper: two to an A4 page, to cut in half, with space to answer."""
    story = []
    for k, t in enumerate(exit_tickets()):
        block = [doc.h2(f"Exit ticket · Lesson {t.lesson}, {t.title}"),
                 doc.p("Name: ______________________")]
        for q in t.questions:
            block.append(doc.p(f"**{q.id}.** {q.prompt}"))
            if q.board:
                block.append(doc.table(q.board, widths=[24] * len(q.board[0]), align="center"))
            block.append(doc.lines(3))
        story.append(doc.keep(*block))
        story.append(doc.page() if k % 2 else doc.space(8))
    return story


def answers_blocks() -> list:
    """The exit tickets' answers, for the teacher: each the answer the lesson's checker accepts."""
    story = [doc.title("Exit tickets: answers (for the teacher)"),
             doc.p("Each answer is the one the lesson's answer checker accepts for the same exercise in the notebook.")]
    for t in exit_tickets():
        story += [doc.h2(f"Lesson {t.lesson}, {t.title}"),
                  doc.table([["", "question", "answer"]] + [[q.id, q.prompt, q.answer] for q in t.questions],
                            widths=(12, 100, 62))]
    return story
