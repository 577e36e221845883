"""The lesson summaries and the glossary: one A4 page per core lesson, with the licence; no number typed in; the
numbers the solver's in their place; every word a summary lists defined in the glossary and used in the summary;
the statements the summaries and the glossary make checked against the library."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from pypdf import PdfReader

import guesswho_lib as gw
from guesswho_apps import curriculum
from guesswho_apps.licence import notice
from guesswho_apps.teaching import numbers, summaries
from guesswho_lib.papers import nica
from guesswho_lib.rules import GUESS, format_fraction

from test_teaching import _independent, assert_a4, typed_results


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    return summaries.write_summaries(tmp_path_factory.mktemp("summaries"))


def texts(s: summaries.Summary):
    yield from s.learned
    yield s.key
    yield from s.example


def test_one_page_per_core_lesson_then_the_glossary_with_the_licence(written):
    assert_a4(written["summaries"])
    pages = [" ".join(p.extract_text().split()) for p in PdfReader(written["summaries"]).pages]
    core = [x for x in curriculum.LESSONS if x.track == "core"]
    assert [s.lesson for s in summaries.summaries()] == [x.id for x in core]
    for page, x in zip(pages, core):
        assert f"Lesson {x.id} · {x.title}: summary" in page
        for heading in ("What you learned", "The key result", "A worked example", "Words"):
            assert heading in page, (x.id, heading)
    assert "Glossary" in pages[len(core)] and all(word in " ".join(pages[len(core):])
                                                   for word in summaries.GLOSSARY)
    assert all(notice("footer") in p for p in pages)
    md = written["summaries-markdown"].read_text()
    assert notice("content") in md and "## Glossary" in md


def test_every_word_a_summary_lists_is_in_the_glossary_and_used():
    for s in summaries.summaries():
        text = numbers.fill(" ".join(texts(s))).lower()
        assert s.words and all(w.lower() in text for w in s.words), (s.lesson, s.words)


def test_a_word_missing_from_the_glossary_is_refused(monkeypatch):
    s = summaries.SUMMARIES[0]
    bad = summaries.Summary(s.lesson, s.learned, s.key, s.example, ("flurb",))
    monkeypatch.setattr(summaries, "SUMMARIES", (bad,) + summaries.SUMMARIES[1:])
    with pytest.raises(ValueError, match=r"lesson 00: \['flurb'\] not in the glossary"):
        summaries.summaries()


def test_no_number_is_typed_in_and_the_game_numbers_are_the_solver_s(written):
    all_text = [t for s in summaries.SUMMARIES for t in texts(s)] + list(summaries.GLOSSARY.values())
    assert [t for text in all_text for t in typed_results(text)] == []
    md = " ".join(written["summaries-markdown"].read_text().split())
    checked = 0
    for text in all_text:
        raw = " ".join(text.split())
        for match in numbers.PLACEHOLDER.finditer(raw):
            want = _independent(match.group(1), match.group(2).split())
            if match.group(1) == "yes":
                a, n = map(int, match.group(2).split())
                want = format_fraction(Fraction(a, n))
            before = raw[max(0, match.start() - 25):match.start()]
            if want is None or "{{" in before or "}}" in before:
                continue
            before = before[before.find(" ") + 1:] if " " in before else before
            assert before + want in md, (match.group(0), before + want)
            checked += 1
    assert checked >= 20


def test_what_the_summaries_and_the_glossary_state_holds():
    t = gw.solve(4)
    assert t.value(2, 2, GUESS) == t.value(2, 2, (1, 1)) == gw.P(2, 2)              # 00: guessing and asking
    assert t.optimal_moves(4, 4) == ((1, 3),)                                        # the (4, 4) exception
    assert nica.region(40, 5)[0] == "in the weeds" and nica.region(4, 4)[0] == "upper hand"   # 03
    assert gw.solve(4, "nica").optimal_moves(4, 4) == ((2, 2),)
    for rules in ("official", "nica"):                                               # 04: moving first helps
        assert all(gw.P(N, N, rules) > Fraction(1, 2) for N in range(3, 65)), rules
    assert gw.P(2, 2) == Fraction(1, 2) < gw.P(2, 2, "nica")
    assert gw.fairest_second_pool(24).second < 24
    assert gw.minimum_questions(24, erasures=1).value == gw.minimum_questions(24).value + 1   # 07
    assert gw.minimum_questions(24, lies=1).value > gw.minimum_questions(24, erasures=1).value
    assert gw.P(3, 3, "tripartite") > gw.P(3, 3) and gw.P(8, 3, "tripartite") < gw.P(8, 3)   # 06
    assert gw.solve(3, "tripartite").optimal_moves(3, 3) == ((1, 1, 1),)
    from guesswho_lib.board import cached_board_solution, first_questions
    qs = [q for q in first_questions(cached_board_solution()) if q.sizes is not GUESS]
    assert sum(q.value == qs[0].value for q in qs) > 1                               # 09: several tie for best
    assert cached_board_solution().start != gw.P(24, 24)
    for N in (2, 24, 1000):                                                          # the bold bid is below half
        for m in range(2, N):
            if nica.in_the_weeds(N, m) is not None:
                assert nica.bold_bid(N, m) < N // 2 and gw.P(N, m, "nica") < Fraction(1, 2)


_SUM = re.compile(r"(?<![\w/(])((?:\d+(?:/\d+)?\s*[-+×]\s*)+\d+(?:/\d+)?)\s*=\s*(\d+(?:/\d+)?)(?![\w/])")


def sums_in(text: str) -> list[tuple[str, str]]:
    """Every 'a - b × c = d' made of numbers alone in ``text``."""
    return _SUM.findall(text)


def evaluate(expression: str) -> Fraction:
    terms = re.split(r"\s*([-+])\s*", expression)
    total, sign = Fraction(0), 1
    for k, term in enumerate(terms):
        if k % 2:
            sign = 1 if term == "+" else -1
            continue
        value = Fraction(1)
        for factor in term.split("×"):
            value *= Fraction(factor.strip())
        total += sign * value
    return total


def test_every_sum_of_numbers_in_the_kit_is_right():
    """Once the numbers are filled in, '1 - 1/4 × 1/4 - 3/4 × 1/2 = 9/16' is arithmetic to check."""
    from guesswho_apps.teaching import assessment
    text = summaries.summaries_markdown() + assessment.exam_markdown()
    found = sums_in(text)
    assert len(found) >= 12
    wrong = [(e, r) for e, r in found if evaluate(e) != Fraction(r)]
    assert wrong == []
    assert sums_in("so 1 - 1/4 × 1/4 - 3/4 × 1/2 = 9/16.") == [("1 - 1/4 × 1/4 - 3/4 × 1/2", "9/16")]
    assert evaluate("1 - 1/4 × 1/4 - 3/4 × 1/2") == Fraction(9, 16)


def test_the_command_writes_the_summaries(tmp_path, capsys):
    from guesswho_apps.cli import main
    assert main(["summaries", "--out", str(tmp_path)]) == 0
    assert capsys.readouterr().out.split() == [str(tmp_path / n) for n in ("summaries.md", "summaries.pdf")]
    assert_a4(tmp_path / "summaries.pdf")
