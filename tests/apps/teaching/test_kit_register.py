"""The register of the kit's statements (guesswho_apps/teaching/course_kit.py), checked as the lessons' are
(tests/claims/test_lesson_statements.py): every sentence of the kit's texts that states mathematics is quoted by a
statement whose check passes, or recorded with its reason; a sentence changed without its check, a new mathematical
sentence and a paper whose state makes a sentence false are all caught."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from guesswho_apps.teaching import assessment, course_kit
from guesswho_lessons.register import anchors
from guesswho_lib.claims.registry import run_claim

ROOT = Path(__file__).resolve().parents[3]
KIT_CLAIMS = course_kit.kit_statements()


def missing(root: Path) -> list[str]:
    """The kit statements' quotes that are not in their files under ``root``."""
    out = []
    for c in KIT_CLAIMS:
        for q in c.quotes:
            pieces = anchors.file_pieces(root, q.path) if (root / q.path).is_file() else []
            if not any(anchors.normalised(q.text) in p for p in pieces):
                out.append(f"{c.id}: {q.text}")
    return out


def test_the_register_covers_every_kit_text():
    assert len(KIT_CLAIMS) >= 25 and all(c.id.startswith("course.kit-") and c.quotes for c in KIT_CLAIMS)
    quoted = {q.path for c in KIT_CLAIMS for q in c.quotes}
    assert quoted == set(course_kit.KIT_FILES)
    assert sum(len(c.quotes) for c in KIT_CLAIMS) >= 150


def test_no_sentence_of_the_kit_that_states_mathematics_is_left_unregistered():
    loose = anchors.unregistered_sentences(ROOT, list(course_kit.KIT_FILES))
    assert loose == {}, "\n".join(f"{p}: {s}" for p, ss in loose.items() for s in ss)


def test_every_quoted_sentence_is_still_in_its_file():
    assert missing(ROOT) == []


@pytest.mark.parametrize("claim", KIT_CLAIMS, ids=lambda c: c.id)
def test_every_statement_of_the_kit_holds(claim):
    r = run_claim(claim, 130, 100)
    assert r.check.ok, (claim.id, r.check.counterexample, r.check.checked)


# ---- the register bites --------------------------------------------------------------------------------------------
def _copy(tmp_path) -> Path:
    for path in course_kit.KIT_FILES:
        target = tmp_path / path
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / path, target)
    return tmp_path


def test_a_sentence_changed_without_its_check_is_caught(tmp_path):
    """The old slip put back: 'with one lie 8, Paz and Peterfreund's codes reach it' no longer matches the quote that
    attributes 9 questions written in advance to their Corollary 14."""
    root = _copy(tmp_path)
    path = root / course_kit.kit_path("summaries")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("a code of 9 questions works (Paz and Peterfreund, Corollary 14)",
                                 "a code of 8 questions works (Paz and Peterfreund, Corollary 14)"), encoding="utf-8")
    assert any(m.startswith("course.kit-paz-cor14:") for m in missing(root)), missing(root)


def test_a_new_mathematical_sentence_is_flagged(tmp_path):
    root = _copy(tmp_path)
    path = root / course_kit.kit_path("exam")
    path.write_text(path.read_text(encoding="utf-8") + "\n# cover\n\nHalving at $(5, 5)$ is worth 14/25. Write "
                    "your name above.\n", encoding="utf-8")
    loose = anchors.unregistered_sentences(root, [course_kit.kit_path("exam")])
    assert loose == {course_kit.kit_path("exam"): ["Halving at $(5, 5)$ is worth 14/25."]}


def test_a_paper_on_a_state_where_the_sentence_is_false_fails_its_check(monkeypatch):
    """Question 3 says the split n_< : (n - n_<) beats halving; on a state where n_< is halving the check fails."""
    claim = next(c for c in KIT_CLAIMS if c.id == "course.kit-exam-q3-halving")
    assert run_claim(claim, 130, 100).check.ok
    papers = {p: dict(v) for p, v in assessment.PAPERS.items()}
    papers["B"]["02"] = {"n": 12, "m": 9}
    monkeypatch.setattr(assessment, "PAPERS", papers)
    assert not run_claim(claim, 130, 100).check.ok
