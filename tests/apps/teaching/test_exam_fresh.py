"""No state or result of either exam paper is printed in a summary, an exit ticket or a lesson: the papers test what
was taught on states the students have not seen (tests/apps/teaching/exam_fresh.py says what is compared; the lessons'
executed outputs are compared in tests/lessons/test_notebooks.py, where the notebooks are run)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from exam_fresh import items, seen_in
from guesswho_lessons import curriculum
from guesswho_apps.teaching import document, summaries, tickets

ROOT = Path(__file__).resolve().parents[3]
CORE = [x for x in curriculum.LESSONS if x.track == "core"]


def lesson_sources(x) -> str:
    cells = json.loads((ROOT / "notebooks" / f"{x.notebook}.ipynb").read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) if isinstance(c["source"], list) else c["source"] for c in cells)


@pytest.mark.parametrize("paper", ["A", "B", "practice"])
def test_no_exam_state_or_result_is_in_a_summary_an_exit_ticket_or_a_lesson(paper):
    assert len(items(paper)["states"]) >= 12 and len(items(paper)["values"]) >= 20
    texts = {"summaries and glossary": document.plain(summaries.summaries_blocks()),
             "exit tickets": document.plain(tickets.tickets_blocks() + tickets.answers_blocks())}
    found = {name: seen_in(text, paper) for name, text in texts.items()}
    # a lesson may show the whole board, traits and all: only states and results are compared with the lessons
    found |= {f"lesson {x.id}": seen_in(lesson_sources(x), paper, words=False) for x in CORE}
    assert {k: v for k, v in found.items() if v} == {}


def test_the_comparison_sees_a_state_a_result_and_a_word():
    it = items("A")
    state, value, word = sorted(it["states"])[0], sorted(it["values"])[0], sorted(it["words"])[0]
    text = f"At {state.replace(', ', ',')} the value is {value}; {word}."
    assert set(seen_in(text, "A")) >= {state, value, word}
    assert seen_in("At (3, 110) the value is 128/33.", "A") == []
