"""The "what is proven, what is verified, what is conjecture" box of every extension lesson: in the notebook exactly as
generated from guesswho_lib/game/proven.py and the claims register, and saying what they say."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import nbformat
import pytest

from guesswho_lib.claims.registry import SEVERITIES, all_claims
from guesswho_lib.claims.status import HEADING, failing, first_sentence, status_box
from guesswho_lib.game.proven import optimal_strategy_for
from guesswho_apps.teaching.status_boxes import BOXES, lesson_status_box

ROOT = Path(__file__).resolve().parents[3]
NOTEBOOK = {"x1": "x1-continuous-limit-in-depth", "x2": "x2-paradox-tables-and-errata", "x3": "x3-codes-and-bounds"}


def _box_cells(lesson: str) -> list:
    nb = nbformat.read(ROOT / "notebooks" / "extension" / f"{NOTEBOOK[lesson]}.ipynb", as_version=4)
    return [c for c in nb.cells if c.cell_type == "markdown" and c.source.startswith(HEADING)]


@pytest.fixture(scope="module")
def boxes():
    return {lesson: lesson_status_box(lesson) for lesson in BOXES}


@pytest.mark.parametrize("lesson", sorted(NOTEBOOK))
def test_every_extension_lesson_shows_its_box_exactly_as_generated(lesson, boxes):
    cells = _box_cells(lesson)
    assert len(cells) == 1, f"{lesson}: one box expected, found {len(cells)}"
    assert cells[0].source == boxes[lesson], (
        f"{lesson}: the box is out of date; run guesswho_apps.teaching.status_boxes.update_notebooks()")


def test_the_boxes_say_what_the_records_say(boxes):
    """The labels follow game/proven.py (proven, or verified up to the recorded size and a conjecture beyond), and
    every printed statement of the lesson's paper that fails is named, with its severity and claim id."""
    for lesson, topic, rules in (("x1", "nica", "nica"), ("x2", "tripartite", "tripartite"), ("x3", "paz", None)):
        box = boxes[lesson]
        known = optimal_strategy_for(rules) if rules else None
        if known is not None and known.proven:
            assert "- **Proven:**" in box and "Verified, not proven" not in box
        if known is not None and not known.proven:
            assert f"max(n, m) <= {known.verified_up_to}" in box and "**Conjecture:**" in box
            assert "**Why not proven:**" in box and "- **Proven:**" not in box
        for c in failing(topic):
            assert f"`{c.id}`" in box, (lesson, c.id)
            assert c.severity in SEVERITIES
        for c in all_claims():
            if c.id.startswith(topic + ".") and c.version == "extension":
                assert f"`{c.id}`" in box
    # the worst failures are explained in words, from their notes
    for c in failing("tripartite"):
        if c.severity == "wrong statement or move":
            assert first_sentence(c.note) in boxes["x2"]
    assert "A(8, 3) = 20, from Best et al. (1978)" in boxes["x3"] and "128/5" in boxes["x3"]
    assert "**Open:** nothing this lesson states" in boxes["x3"]


def test_the_box_follows_the_register(monkeypatch):
    """Change the records and the box changes: a strategy recorded as proven loses its 'why not proven', and a
    failing statement given another severity moves; so a notebook holding an old box fails the test above."""
    from dataclasses import replace

    from guesswho_lib.claims import registry, status
    from guesswho_lib.game import proven
    before = status_box("tripartite", "tripartite")
    key = proven.rules_key("tripartite")
    monkeypatch.setitem(proven.KNOWN_STRATEGIES, key, replace(proven.KNOWN_STRATEGIES[key], proven=True))
    after = status_box("tripartite", "tripartite")
    assert after != before and "**Why not proven:**" not in after and "- **Proven:**" in after
    monkeypatch.undo()
    slip = next(c for c in failing("tripartite") if c.id == "tripartite.propA22")
    monkeypatch.setitem(registry._REGISTRY, slip.id, replace(slip, severity="boundary slip"))
    moved = status.status_box("tripartite", "tripartite")
    assert moved != before and first_sentence(slip.note) not in moved


def test_an_unknown_lesson_or_topic_is_refused():
    with pytest.raises(ValueError, match="lesson must be one of x1, x2, x3"):
        lesson_status_box("x9")
    with pytest.raises(ValueError, match="topic must be"):
        status_box("nope")


def test_x4_and_x5_say_what_is_proven_found_open_or_about_chance():
    """x4 has a theorem (proven), a search (boards found, not proven best) and an open question; x5 exact statements
    and one about its own simulation: their boxes, from the lessons' registered statements, say which is which."""
    x4, x5 = lesson_status_box("x4"), lesson_status_box("x5")
    assert "**Proven**" in x4 and "course.complete-sets" in x4
    assert "**Found by a search, not proven best**" in x4 and "**Open**" in x4 and "course.bounds-found" in x4
    assert "**About chance**" in x5 and "course.default-run" in x5 and "**Proven**" in x5


def test_the_x2_box_says_why_the_appendix_tables_are_counted_as_failing(boxes, monkeypatch):
    """The tables of moves fail as printed only for one row label of the copy read here; the lesson says they are
    right as moves, so the box says both, from the transcription and the two claims, before it lists the failure."""
    from guesswho_apps.teaching import status_boxes

    box = boxes["x2"]
    line = next(x for x in box.splitlines() if x.startswith("- **The Appendix A tables of moves:**"))
    assert "61 printed where its place means 62" in line and "`tripartite.appendix.tables.corrected`" in line
    assert box.index(line) < box.index("- **Fail as printed**") < box.rindex("`tripartite.appendix.tables`")
    rows = status_boxes.printed_appendix_table()
    monkeypatch.setattr(status_boxes, "printed_appendix_table",
                        lambda: [r if r.printed_n == r.n else replace(r, printed_n=r.n - 2) for r in rows])
    assert "60 printed where its place means 62" in status_boxes.appendix_tables_line()
    monkeypatch.setattr(status_boxes, "printed_appendix_table", lambda: [replace(r, printed_n=r.n) for r in rows])
    with pytest.raises(ValueError, match="disagree"):
        status_boxes.appendix_tables_line()
