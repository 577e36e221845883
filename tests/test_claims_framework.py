import pytest

from guesswho_lib.claims.registry import Check, Claim, Result, outcome_words
from guesswho_lib.claims.report import format_errata, format_report
from guesswho_lib.exercises import Feedback, check, exercise


def _result(version, ok, expect_ok, corrects=""):
    c = Claim(f"demo.{version}.{ok}", "statement", "Paper, section 1", version, expect_ok,
              lambda N: Check(ok, f"n <= {N}"), corrects=corrects)
    return Result(c, Check(ok, "n <= 10", "" if ok else "(n, m) = (4, 4)"), 0.0)


def test_outcome_words():
    assert outcome_words("printed", True) == "holds"
    assert outcome_words("printed", False) == "fails as printed"
    assert outcome_words("corrected", True) == "holds as corrected"
    assert outcome_words("extension", True) == "holds (beyond the paper)"


def test_corrected_claims_must_name_what_they_correct():
    from guesswho_lib.claims.registry import claim
    with pytest.raises(ValueError, match="names the printed claim"):
        claim("demo.fix", "s", "src", version="corrected")
    with pytest.raises(ValueError, match="names the printed claim"):
        claim("demo.ext", "s", "src", version="extension", corrects="demo.x")
    with pytest.raises(ValueError, match="version must be"):
        claim("demo.bad", "s", "src", version="guess")


def test_report_flags_unexpected_and_errata_lists_failures():
    good = _result("printed", False, False)
    fix = _result("corrected", True, True, corrects=good.claim.id)
    bad = _result("printed", True, False)
    rep = format_report([good, fix, bad])
    assert "fails as printed: first counterexample (n, m) = (4, 4)" in rep
    assert rep.count("UNEXPECTED") == 2  # the row and the summary
    err = format_errata([good, fix], 10, 9)
    assert good.claim.id in err and "Corrected (" + fix.claim.id in err and "holds as corrected" in err


def test_exercise_registry_feedback():
    @exercise("99.1", "demo", hint="think of 9/16")
    def _chk(answer):
        return answer == 3, "it is three"

    assert check("99.1", 3).ok
    fb = check("99.1", 4)
    assert isinstance(fb, Feedback) and not fb.ok and "Hint: think of 9/16" in fb.message
    with pytest.raises(ValueError, match="no exercise"):
        check("99.7", 1)
    with pytest.raises(ValueError, match="lesson.number"):
        check("nonsense", 1)
