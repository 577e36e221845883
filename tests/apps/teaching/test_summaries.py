"""The lesson summaries and the glossary: one A4 page per core lesson with a table or a tree of its method, then the
glossary, with the licence; no number typed in; the numbers the solver's in their place; every word a summary lists
defined in the glossary and used; every sum of numbers the kit prints right; Theorem 2.1 and where halving is and is
not best stated; the definitions the review found loose made exact."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from pypdf import PdfReader

import guesswho_lib as gw
from guesswho_lessons import curriculum
from guesswho_apps.licence import notice
from guesswho_apps.teaching import document, sources, summaries
from guesswho_lib.rules import format_fraction

from test_teaching import _independent, assert_a4, expression, typed_results

KIT = ("exam", "summaries", "glossary", "worksheets", "scheme-of-work")


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    return summaries.write_summaries(tmp_path_factory.mktemp("summaries"))


def test_one_page_per_core_lesson_with_a_table_of_its_method_then_the_glossary(written):
    assert_a4(written["summaries"])
    pages = [" ".join(p.extract_text().split()) for p in PdfReader(written["summaries"]).pages]
    core = [x for x in curriculum.LESSONS if x.track == "core"]
    assert [s.lesson for s in summaries.summaries()] == [x.id for x in core]
    for page, x, s in zip(pages, core, summaries.summaries()):
        assert f"Lesson {x.id} · {x.title}: summary" in page
        for heading in ("What you learned", "The key result", "A worked example", "Words"):
            assert heading in page, (x.id, heading)
        caption = document.inline_plain(summaries.render(s.caption))
        assert caption in page and (s.table or s.source), x.id
    glossary = " ".join(pages[len(core):])
    assert "Glossary" in glossary and all(document.inline_plain(summaries.word_title(word)) in glossary
                                          for word in summaries.glossary())
    assert all(notice("footer") in p for p in pages)
    assert notice("content") in written["summaries-markdown"].read_text()


def test_every_word_a_summary_lists_is_in_the_glossary_and_used():
    for s in summaries.summaries():
        text = document.inline_plain(summaries.render(" ".join((s.key,) + s.learned + s.example))).lower()
        assert s.words and all(w.lower().replace("n_<", "n<") in text for w in s.words), (s.lesson, s.words)


def test_a_word_missing_from_the_glossary_or_a_summary_without_its_table_is_refused():
    text = sources.kit_text("summaries")
    with pytest.raises(ValueError, match=r"lesson 00: \['flurb'\] not in the glossary"):
        summaries.summaries(text.replace("state; P(n, m); official rules", "state; flurb", 1))
    with pytest.raises(ValueError, match="lesson 01: a table or a tree of the method is needed"):
        start = text.index("# table\ncaption: The tree of the split")
        summaries.summaries(text[:start] + text[text.index("# words", start):])


def test_theorem_2_1_and_where_halving_is_and_is_not_best(written):
    md = " ".join(document.plain(summaries.summaries_blocks()).split())
    assert "Theorem 2.1" in md and "(4, 4), (6, 4) and (10, 4)" in md and "n<" in md
    assert "halving is not a best move at 35 of them" in md
    t = gw.solve(24)
    assert f"2 : 4 gives {t.value(6, 7, (2, 4))} against halving's {t.value(6, 7, (3, 3))}" in md
    assert f"6 : 8 gives {t.value(14, 14, (6, 8))} against {t.value(14, 14, (7, 7))}" in md
    rows = summaries.computed_table("halving-not-best")
    listed = {(int(r[0]), m) for r in rows[1:] for part in r[1].split(", ")
              for m in (range(int(part.split(" to ")[0]), int(part.split(" to ")[-1]) + 1))}
    assert listed == {(n, m) for n in range(2, 25) for m in range(2, 25) if (n // 2, n - n // 2) not in
                      t.optimal_moves(n, m)}


def test_the_definitions_are_exact():
    g = summaries.glossary()
    assert "exactly $2^{k}$" in g["bold play"] and "in the weeds" in g["bold play"]
    assert "yes/no feature" in g["trait"] and "hair colour" not in g["trait"]
    assert "This course's own board" in g["the real board"] and "not the board of the published game" in \
        g["the real board"]
    assert "Theorem 2.1" in g and "n_<" in g


def test_no_number_is_typed_in_and_the_game_numbers_are_the_solver_s(written):
    """The kit's texts write their numbers as Jinja2 expressions; each P, value, best or pct with literal arguments
    appears, computed straight from gw, right after the words before it."""
    for name in KIT:
        text = re.sub(r"\{\{.*?\}\}", "", sources.kit_text(name), flags=re.S)
        assert typed_results(re.sub(r"\\frac\{\d+\}\{\d+\}", "", text)) == [], name
    md = " ".join(written["summaries-markdown"].read_text().split())
    raw = " ".join(sources.kit_text("summaries").split()) + " " + " ".join(sources.kit_text("glossary").split())
    checked = 0
    for m in re.finditer(r"\{\{ (P|value|best)\((\d+), (\d+)(?:, '([\w:]+)')?(?:, '(\w+)')?\)( \| pct)? \}\}", raw):
        want = _independent(expression(m.group(0)[2:-2]))
        before = raw[max(0, m.start() - 25):m.start()]
        if want is None or "{{" in before or "}}" in before or "|" in before:
            continue
        before = before[before.find(" ") + 1:]
        assert before + want in md, (m.group(0), before + want)
        checked += 1
    assert checked >= 20


_SUM = re.compile(r"(?<![\w/(.])((?:\d+(?:/\d+)?\s*[-+×−]\s*)+\d+(?:/\d+)?)\s*=\s*(\d+(?:/\d+)?)(?![\w/]|\.\d)")


def sums_in(text: str) -> list[tuple[str, str]]:
    """Every 'a - b × c = d' made of numbers alone in ``text``."""
    return _SUM.findall(text)


def evaluate(expression: str) -> Fraction:
    terms = re.split(r"\s*([-+−])\s*", expression)
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
    """Once the numbers are filled in, '1 − 1/4 × 1/4 − 3/4 × 1/2 = 9/16' is arithmetic to check, on every printed
    item: the summaries, both papers' mark schemes, the worksheets."""
    from guesswho_apps.teaching import assessment, worksheets
    blocks = summaries.summaries_blocks()
    for paper in assessment.PAPERS:
        blocks += assessment.scheme_blocks(paper) + assessment.paper_blocks(paper)
    for name in worksheets.WORKSHEETS:
        blocks += worksheets.worksheet_blocks(name)
    text = document.plain(blocks)
    found = sums_in(text)
    assert len(found) >= 20
    wrong = [(e, r) for e, r in found if evaluate(e) != Fraction(r)]
    assert wrong == []
    assert sums_in("so 1 − 1/4 × 1/4 − 3/4 × 1/2 = 9/16.") == [("1 − 1/4 × 1/4 − 3/4 × 1/2", "9/16")]
    assert evaluate("1 − 1/4 × 1/4 − 3/4 × 1/2") == Fraction(9, 16)
    assert not re.search(r"\d{13}", text.replace(" ", ""))              # no number printed as a runaway string


def test_the_command_writes_the_summaries(tmp_path, capsys):
    from guesswho_apps.cli import main
    assert main(["summaries", "--out", str(tmp_path)]) == 0
    assert capsys.readouterr().out.split() == [str(tmp_path / n) for n in ("summaries.pdf", "summaries.tex",
                                                                           "summaries.md")]
    assert_a4(tmp_path / "summaries.pdf")
    assert format_fraction(gw.P(24, 24)) in (tmp_path / "summaries.md").read_text()


def test_every_row_of_a_summary_s_table_has_the_header_s_cells():
    """An empty cell is a cell: lesson 05's row "limit" has its value under u_j, not under "board"."""
    tables = [s.table for s in summaries.summaries() if s.table]
    assert tables and all(len(row) == len(t[0]) for t in tables for row in t)
    five = next(s.table for s in summaries.summaries() if s.lesson == "05")
    limit = next(row for row in five if row[0] == "limit")
    assert limit[1] == "" and limit[2].startswith("$") and limit[3] == ""
    with pytest.raises(ValueError, match="different numbers of cells"):
        summaries._rows("| a | b |\n| 1 | 2 | 3 |")
