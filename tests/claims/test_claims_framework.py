import pytest

from guesswho_lib.claims.registry import Check, Claim, Result, outcome_words
from guesswho_lib.claims.report import format_errata, format_report
from guesswho_lessons.reader import Answer, Feedback, Whole, exercise
from guesswho_lessons.exercises import check


def _result(version, ok, expect_ok, corrects="", severity=""):
    c = Claim(f"demo.{version}.{ok}", "statement", "Paper, section 1", version, expect_ok,
              lambda N: Check(ok, f"n <= {N}"), corrects=corrects, severity=severity)
    return Result(c, Check(ok, "n <= 10", "" if ok else "(n, m) = (4, 4)"), 0.0, 10)


def test_outcome_words():
    assert outcome_words("printed", True) == "holds"
    assert outcome_words("printed", False) == "fails as printed"
    assert outcome_words("corrected", True) == "holds as corrected"
    assert outcome_words("extension", True) == "holds (beyond the paper)"


def test_corrected_claims_must_name_what_they_correct():
    from guesswho_lib.claims.registry import Register
    claim = Register("tests.demo").claim
    with pytest.raises(ValueError, match="names the printed claim"):
        claim("demo.fix", "s", "src", version="corrected")
    with pytest.raises(ValueError, match="names the printed claim"):
        claim("demo.ext", "s", "src", version="extension", corrects="demo.x")
    with pytest.raises(ValueError, match="version must be"):
        claim("demo.bad", "s", "src", version="guess")


def test_a_claim_belongs_to_the_module_its_register_names_and_its_id_starts_with_that_module_s_topic(monkeypatch):
    from guesswho_lib.claims import registry
    from guesswho_lib.claims.registry import Register, all_claims
    all_claims()                                                              # every real claim, registered
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))     # the demo claims go with the test
    first, second = Register("tests.zeta_first"), Register("tests.zeta_second")
    second.claim("zeta.b", "s", "src")(lambda N: Check(True, ""))      # registered first, by the second module
    first.claim("zeta.a", "s", "src")(lambda N: Check(True, ""))
    by_id = {c.id: c for c in all_claims()}
    assert by_id["zeta.a"].module == "tests.zeta_first" and by_id["zeta.b"].module == "tests.zeta_second"
    with pytest.raises(ValueError, match=r"claim 'cushing.x' of tests.zeta_first: its id must start with 'zeta.'"):
        first.claim("cushing.x", "s", "src")
    with pytest.raises(TypeError, match="module must be a module's name"):
        Register(None)


def test_every_claims_module_names_its_module_itself():
    """No module finds its caller by inspecting the stack: each claims module passes its own name to Register."""
    from pathlib import Path

    import guesswho_lib.claims as package
    folder = Path(package.__file__).parent
    assert [p.name for p in folder.rglob("*.py") if "_getframe" in p.read_text(encoding="utf-8")] == []
    for path in (folder / "statements").glob("*.py"):
        if path.stem != "__init__":
            assert "\nregister = Register(__name__)\n" in path.read_text(encoding="utf-8"), path.name


def test_report_flags_unexpected_and_errata_lists_failures():
    good = _result("printed", False, False, severity="boundary slip")
    fix = _result("corrected", True, True, corrects=good.claim.id)
    bad = _result("printed", True, False, severity="wrong statement or move")
    rep = format_report([good, fix, bad])
    assert "fails as printed: first counterexample (n, m) = (4, 4)" in rep
    assert rep.count("UNEXPECTED") == 2  # the row and the summary
    err = format_errata([good, fix])
    assert good.claim.id in err and "Corrected (" + fix.claim.id in err and "holds as corrected" in err


def test_a_printed_claim_expected_to_fail_names_its_severity_and_no_other_claim_does():
    from guesswho_lib.claims.registry import SEVERITIES, Register, all_claims
    claim = Register("tests.demo").claim
    with pytest.raises(ValueError, match="names its severity"):
        claim("demo.wrong", "s", "src", expect_ok=False)
    with pytest.raises(ValueError, match="names its severity"):
        claim("demo.wrong", "s", "src", expect_ok=False, severity="typo")
    with pytest.raises(ValueError, match="only a printed claim expected to fail"):
        claim("demo.fine", "s", "src", severity="boundary slip")
    for c in all_claims():
        assert (c.severity in SEVERITIES) == (c.version == "printed" and not c.expect_ok), c.id


def _grouped(results):
    """The report's groups of failing claims: {severity heading's first words: [claim ids, in order]}."""
    report = format_report(results, left_out=False)
    groups, current = {}, None
    for line in report.splitlines():
        head = line.split(" (")[0]
        if head[:1].isupper() and head.lower() in ("wrong statement or move", "wrong range or constant",
                                                   "boundary slip"):
            current = groups.setdefault(head.lower(), [])
        elif line.startswith("Statements that hold"):
            current = None
        elif current is not None and line and not line.startswith(("claim ", "---", " ")):
            current.append(line.split()[0])
    return report, groups


def test_the_report_groups_the_failures_by_severity_with_their_corrections_and_counts_them():
    slip = _result("printed", False, False, severity="boundary slip")
    fix = _result("corrected", True, True, corrects=slip.claim.id)
    wrong = Result(Claim("demo.big", "s", "Paper, Theorem 1", "printed", False, lambda N: Check(False, ""),
                         severity="wrong statement or move"), Check(False, "n <= 10", "n = 3"), 0.0, 10)
    fine = _result("printed", True, True)
    report, groups = _grouped([slip, fix, fine, wrong])
    assert groups == {"wrong statement or move": ["demo.big"], "boundary slip": [slip.claim.id, fix.claim.id]}
    assert report.index("Wrong statement or move (1)") < report.index("Boundary slip (1)") \
        < report.index("Statements that hold") < report.index(fine.claim.id)
    assert "2 printed statements fail as printed: 1 wrong statement or move, 0 wrong ranges or constants, " \
           "1 boundary slip;" in report
    assert "1 of 1 corrected statement hold" in report and "Every outcome is the one the register records" in report


def test_the_header_states_the_sizes_of_this_run_and_names_stored_records():
    """The header's sizes are read off the results (those the checks ran at), and a verified range the run did not
    re-check is named as a stored record, with the command that produced it."""
    from guesswho_lib.claims.registry import all_claims, run_claim
    from guesswho_lib.claims.report import FULL_COMMAND, format_header
    from guesswho_lib.game.proven import VERIFIED_TRIPARTITE
    small = [run_claim(c, 90, 84) for c in all_claims() if c.id in ("cushing.classroom", "tripartite.thm31.small")]
    head = "\n".join(format_header(small, "python -m guesswho_lib verify --N 90"))
    assert "(`python -m guesswho_lib verify --N 90`): two-way rules (official, Nica's, merciful) on every board " \
           "state up to N = 90; tripartite rules up to N = 84." in head
    assert f"verified optimal for max(n, m) <= {VERIFIED_TRIPARTITE}" in head
    assert f"a stored record, produced by `{FULL_COMMAND}`; not checked in this run" in head
    rechecked = Result(next(c for c in all_claims() if c.id == "tripartite.thm31.corrected"),
                       Check(True, "..."), 0.0, VERIFIED_TRIPARTITE)
    assert "re-checked by this run" in "\n".join(format_header([rechecked]))


def test_exercise_registry_feedback():
    @exercise("99-demo", "demo", hint="think of 9/16", kind=Whole(), about="the demo number")
    def _():
        return Answer(3)

    assert check("99-demo", 3).ok and check("99.1", 3).ok             # by its key, or by its number
    fb = check("99-demo", 4)
    assert isinstance(fb, Feedback) and not fb.ok and "think of 9/16" not in fb.message
    assert 'hint("99-demo")' in fb.message
    with pytest.raises(ValueError, match="no exercise"):
        check("99.7", 1)
    with pytest.raises(ValueError, match="given by its key"):
        check("nonsense", 1)


# ---- the register finds its modules, refuses a broken one, and keeps a fixed order ------------------------------
def test_claim_modules_are_the_modules_on_disk_in_the_order_of_their_topics():
    from pathlib import Path

    import guesswho_lib.claims.statements as package
    from guesswho_lib.claims.registry import all_claims, claim_modules
    on_disk = sorted(f"guesswho_lib.claims.statements.{p.stem}" for p in Path(package.__file__).parent.glob("*.py")
                     if p.stem != "__init__")
    assert sorted(claim_modules()) == on_disk
    assert [m.rpartition(".")[2] for m in claim_modules()] == [
        "cushing", "cushing_intro", "cushing_proofs", "merciful", "nica",
        "tripartite", "tripartite_end", "tripartite_lemmas", "tripartite_proofs", "paz", "board"]
    # every module registers claims, none else of the library does (the course's register and the applications',
    # such as the kit's, register theirs when they are imported)
    assert {c.module for c in all_claims() if c.module.startswith("guesswho_lib.")} == set(on_disk)
    assert all(c.id.split(".")[0] == c.module.rpartition(".")[2].split("_")[0] for c in all_claims())


def test_a_claims_module_named_after_no_topic_stops_the_register(monkeypatch):
    import pkgutil

    from guesswho_lib.claims import registry
    real = pkgutil.iter_modules

    def with_a_stray(path=None, prefix=""):
        found = list(real(path, prefix))
        if any(m.name == "paz" for m in found):
            found.append(pkgutil.ModuleInfo(found[0].module_finder, "paradox_questions", False))
        return found
    monkeypatch.setattr(registry.pkgutil, "iter_modules", with_a_stray)
    with pytest.raises(RuntimeError, match=r"the claims modules paradox_questions name no topic of "
                                           r"guesswho_lib\.claims\.statements\.TOPICS"):
        registry.claim_modules()


def test_a_claims_module_that_is_missing_or_broken_stops_the_register(monkeypatch):
    from guesswho_lib.claims import registry
    real = registry.claim_modules()
    monkeypatch.setattr(registry, "claim_modules", lambda: real + ["guesswho_lib.claims.statements.no_such_module"])
    with pytest.raises(ImportError, match="guesswho_lib.claims.statements.no_such_module"):
        registry.all_claims()
    real_import = registry.importlib.import_module

    def broken(name, *args):
        if name == "guesswho_lib.claims.statements.nica":
            raise SyntaxError("a typo")
        return real_import(name, *args)
    monkeypatch.setattr(registry, "claim_modules", lambda: real)
    monkeypatch.setattr(registry.importlib, "import_module", broken)
    with pytest.raises(ImportError, match="claims module guesswho_lib.claims.statements.nica failed to import.*a typo"):
        registry.all_claims()


def test_the_order_of_the_claims_does_not_depend_on_what_was_imported_first():
    import subprocess
    import sys
    code = ("import guesswho_lib.claims.statements.paz, guesswho_lib.claims.statements.tripartite_proofs\n"
            "from guesswho_lib.claims import all_claims\n"
            "print(' '.join(c.id for c in all_claims()))")
    late_first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    from guesswho_lib.claims.registry import all_claims
    assert late_first == [c.id for c in all_claims() if c.module.startswith("guesswho_lib.")]
    from guesswho_lib.claims.statements import TOPICS
    assert TOPICS == ("cushing", "merciful", "nica", "tripartite", "paz", "board")
    assert late_first[0] == "cushing.thm2.1" and late_first[-1].startswith("board.")
    assert not any(i.startswith("course.") for i in late_first)        # the library registers no lesson
    prefixes = [i.split(".")[0] for i in late_first]
    assert prefixes == sorted(prefixes, key=TOPICS.index)


# ---- every numbered statement accounted for; assumptions apart from errata ------------------------------
def test_every_numbered_statement_is_checked_or_left_out_with_a_reason():
    from guesswho_lib.claims.numbered import NUMBERED, coverage
    items = coverage()
    assert len(items) == len(NUMBERED) == len(set(NUMBERED))
    missing = [(c.paper, c.label) for c in items if not c.claims and not c.left_out]
    assert missing == []
    from guesswho_lib.claims.registry import all_left_out
    named = {x.source for x in all_left_out()}          # a statement left out by name must have no claim
    assert [(c.paper, c.label) for c in items if c.claims and f"{c.paper}, {c.label}" in named] == []
    by_label = {(c.paper, c.label): c for c in items}
    for i in (21, 22, 23, 24, 26):
        assert by_label[("Cushing et al.", f"Proposition A.{i}")].claims
    assert by_label[("Cushing et al.", "table after Lemma A.4")].claims
    # the matching is by whole number: Lemma A.1 is not claimed by the claims of Lemma A.12 ...
    assert not any("lemA12" in i for i in by_label[("Cushing et al.", "Proposition A.1")].claims)


def test_coverage_bites_when_a_statement_loses_its_claims(monkeypatch):
    from guesswho_lib.claims import numbered, registry
    real = registry.all_claims()
    monkeypatch.setattr(numbered, "all_claims", lambda: [c for c in real if "propA23" not in c.id])
    lines = numbered.format_coverage(numbered.coverage())
    assert any("Proposition A.23 (NO CLAIM AND NO REASON)" in line for line in lines)


def test_an_assumption_is_reported_apart_and_never_an_erratum():
    from guesswho_lib.claims.registry import Check, Claim, Result
    from guesswho_lib.claims.report import format_errata, format_report
    hyp = Claim("x.hyp", "every subset is a trait", "Somebody, section 1", "assumption", False,
                lambda N: Check(False, "", ""))
    printed = Claim("x.thm", "1 + 1 = 3", "Somebody, Theorem 1", "printed", False, lambda N: Check(False, "", ""),
                    severity="wrong statement or move")
    results = [Result(hyp, Check(False, "our board", "{a, b} is no trait"), 0.0),
               Result(printed, Check(False, "n <= 5", "n = 1"), 0.0)]
    report = format_report(results, left_out=False)
    head, _, section = report.partition("Assumptions the papers make")
    assert "x.thm" in head and "x.hyp" not in head and "x.hyp" in section
    assert "assumption not met: for example, {a, b} is no trait" in section
    assert "1 claims checked" in report and "1 printed statement fails as printed" in report
    assert "1 assumption of the papers: 0 met, 1 not met" in report
    errata = format_errata(results)
    assert "x.thm" in errata and "x.hyp" not in errata


def test_the_merciful_strategy_claim_bites(monkeypatch):
    from guesswho_lib.claims.statements import merciful
    from guesswho_lib.rules import GUESS
    from guesswho_lib.claims.registry import all_claims
    c = next(c for c in all_claims() if c.id == "merciful.strategy")
    assert c.check(60).ok
    wrong = lambda n, m: GUESS if n <= 5 or m <= 2 else (n // 2, n - n // 2)      # guesses one row too long
    monkeypatch.setattr(merciful, "merciful_halving", wrong)
    bad = c.check(60)
    assert not bad.ok and "(n, m) = (5, 4)" in bad.counterexample


def test_full_verify_checks_exactly_the_recorded_verified_ranges():
    from guesswho_lib.cli.verify import sizes
    from guesswho_lib.game.proven import VERIFIED_MERCIFUL, VERIFIED_TRIPARTITE
    assert sizes(None, True) == (VERIFIED_MERCIFUL, VERIFIED_TRIPARTITE)


def test_readme_states_the_verified_ranges_recorded_in_proven():
    from pathlib import Path
    from guesswho_lib.game.proven import verified_ranges
    text = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    block = text.split("<!-- verified-ranges -->\n")[1].split("<!-- /verified-ranges -->")[0]
    assert block == "".join(f"- {line}\n" for line in verified_ranges())
