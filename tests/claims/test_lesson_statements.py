"""The register of the lessons' own statements (guesswho_lessons/register/course_*.py): every sentence of a
lesson, a worked solution or the teacher's guide that states mathematics is tied to a check, the way the papers' claims
are.

* every quoted sentence is still in its file, verbatim (a sentence cannot change without its check: edit both);
* every check passes (here at a small size, the size ``python -m guesswho_apps course`` runs them at; ``--full`` at
  the larger one);
* the scan finds no sentence that looks like mathematics (a number, "always", a theorem, ...) and is neither quoted by
  a statement nor recorded as stating nothing to check, with its reason;
* the report lists the statements in a section of their own and counts those that were wrong as first written.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from guesswho_lessons.register import anchors, course_claims
from guesswho_lib.claims import registry
from guesswho_lib.claims.registry import Check, Quote, Register, all_claims, run_claim
from guesswho_lib.claims.report import format_report, summary_lines

ROOT = Path(__file__).resolve().parents[2]
LESSON_CLAIMS = [c for c in course_claims() if c.version == "lesson"]


def test_the_register_has_the_lessons_statements():
    assert len(LESSON_CLAIMS) >= 90
    assert all(c.id.startswith("course.") and c.quotes and c.status in registry.STATUSES for c in LESSON_CLAIMS)
    quoted = {q.path for c in LESSON_CLAIMS for q in c.quotes}
    assert set(anchors.scanned_paths()) - quoted <= {anchors.guide_path("no-computers")} | {
        p for p in anchors.scanned_paths() if p.endswith("solutions.ipynb")}        # a few solutions state no fact
    assert sum(len(c.quotes) for c in LESSON_CLAIMS) >= 450


def test_every_quoted_sentence_is_still_in_its_file():
    assert anchors.missing_quotes(ROOT) == []


def test_no_sentence_that_states_mathematics_is_left_unregistered():
    loose = anchors.unregistered_sentences(ROOT)
    assert loose == {}, "\n".join(f"{p}: {s}" for p, ss in loose.items() for s in ss)


@pytest.mark.parametrize("claim", LESSON_CLAIMS, ids=lambda c: c.id)
def test_every_lesson_statement_holds(claim):
    r = run_claim(claim, 130, 100)
    assert r.check.ok, (claim.id, r.check.counterexample, r.check.checked)


def test_the_statements_found_wrong_say_what_they_were():
    wrong = {c.id: c.was for c in LESSON_CLAIMS if c.was}
    assert len(wrong) >= 14
    for must in ("course.thm2.1", "course.forty-five", "course.one-one-question", "course.small-number",
                 "course.halvings", "course.one-bid-or-a-strategy"):
        assert must in wrong, must
    assert "m = 1" in wrong["course.thm2.1"] and "(5, 4)" in wrong["course.forty-five"]


# ---- the checks bite -------------------------------------------------------------------------------------------------
def _copy(tmp_path, path: str) -> Path:
    target = tmp_path / path
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / path, target)
    return target


def test_a_sentence_changed_without_its_check_is_caught(tmp_path):
    """Lesson 02's Theorem 2.1 put back as it was (every n >= 3, m = 1 included) no longer matches its quote."""
    path = anchors.lesson_path("02")
    for p in {q.path for c in LESSON_CLAIMS for q in c.quotes}:
        if (ROOT / p).is_file():
            _copy(tmp_path, p)
    nb = json.loads((tmp_path / path).read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        src = "".join(cell["source"])
        if "at every state with n ≥ 3 and m ≥ 2, asking" in src:
            cell["source"] = src.replace("at every state with n ≥ 3 and m ≥ 2, asking", "at every state with n ≥ 3, "
                                         "asking")
    (tmp_path / path).write_text(json.dumps(nb), encoding="utf-8")
    missing = anchors.missing_quotes(tmp_path)
    assert any(m.startswith("course.thm2.1: notebooks/02") for m in missing), missing


def test_a_new_sentence_that_states_mathematics_is_flagged(tmp_path):
    """A sentence added to lesson 03 that states a value ("the bold bid puts you ahead at (5, 4)") is flagged until it
    is registered; a question or an instruction is not."""
    path = anchors.lesson_path("03")
    _copy(tmp_path, path)
    nb = json.loads((tmp_path / path).read_text(encoding="utf-8"))
    nb["cells"].append({"cell_type": "markdown", "id": "extra", "metadata": {}, "source":
                        "After the bold bid you are ahead, with P(5, 4) = 2/3. Is it better to halve? Predict the "
                        "value."})
    (tmp_path / path).write_text(json.dumps(nb), encoding="utf-8")
    loose = anchors.unregistered_sentences(tmp_path, [path])
    assert loose == {path: ["After the bold bid you are ahead, with P(5, 4) = 2/3."]}


def test_a_failing_check_is_reported(monkeypatch):
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    reg = Register("guesswho_lessons.register.course_demo")
    reg.statement("course.demo", "P(4, 4) = 1/2", Quote("notebooks/02-the-four-four-exception.ipynb",
                                                       "the even split [2 : 2]"))(lambda N: Check(False, "(4, 4)",
                                                                                                  "P(4, 4) = 9/16"))
    demo = next(c for c in registry._REGISTRY.values() if c.id == "course.demo")
    result = run_claim(demo, 90, 81)
    assert not result.as_expected and "FAILS (a lesson's statement)" in result.outcome_text
    report = format_report([result], left_out=False)
    assert "UNEXPECTED" in report


def test_a_statement_needs_its_sentences_and_a_known_status():
    reg = Register("guesswho_lessons.register.course_demo")
    with pytest.raises(ValueError, match="names the sentences"):
        reg.statement("course.nothing", "a fact")
    with pytest.raises(ValueError, match="status must be"):
        reg.statement("course.odd", "a fact", Quote("README.md", "a long enough snippet"), status="likely")
    with pytest.raises(ValueError, match="at least 12 characters"):
        Quote("README.md", "short")
    with pytest.raises(ValueError, match="Register.statement"):
        reg.claim("course.x", "s", "src", version="lesson")


def test_the_report_has_a_section_for_the_lessons_and_counts_the_wrong_ones():
    results = [run_claim(c, 90, 81) for c in LESSON_CLAIMS[:3]] + [
        run_claim(next(c for c in all_claims() if c.id == "cushing.thm2.1"), 90, 81)]
    report = format_report(results, left_out=False)
    assert "The lessons' own statements" in report
    line = next(x for x in summary_lines(results) if "statements of the lessons hold" in x)
    assert line.strip().startswith("3 of 3 statements of the lessons hold")


def test_the_summary_of_the_lessons_alone_counts_no_paper():
    results = [run_claim(c, 90, 81) for c in LESSON_CLAIMS[:2]]
    lines = summary_lines(results)
    assert lines[0].startswith("2 statements of the lessons checked")
    assert not any("printed statements hold" in x or "claims of the papers" in x for x in lines), lines


def test_every_claim_a_reason_names_exists():
    """A sentence left out because another statement registers it names that statement's id, and the id exists."""
    import re
    ids = {c.id for c in all_claims()}
    named = {i.rstrip(".,;:)") for rec in registry.all_not_statements()
             for i in re.findall(r"\b(?:course|lessons|cushing|nica|tripartite|paz|board|merciful)\.[\w.-]+",
                                 rec.reason)}
    assert named and named <= ids, sorted(named - ids)


def test_the_register_finds_the_lessons_of_the_lesson_table():
    """The library reads no lesson table (it is the applications'): the register finds the notebooks on disk, and
    they are the table's, with its guide files and worked solutions."""
    from guesswho_lessons.curriculum import LESSONS, guide_name
    for x in LESSONS:
        assert anchors.lesson_path(x.id) == f"notebooks/{x.notebook}.ipynb"
        assert anchors.guide_path(x.id) == f"{anchors.GUIDE}/{guide_name(x)}.md"
        assert (ROOT / anchors.solution_path(x.id)).is_file() and (ROOT / anchors.guide_path(x.id)).is_file()
    assert len(anchors.scanned_paths()) == 3 * len(LESSONS) + 2
