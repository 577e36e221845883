"""How moves are written and read (guesswho_lib.rules.formatting): parse_move reads back every move format_move
writes, in every style, and refuses anything else with an error that names its argument."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from guesswho_lib.rules import GUESS, MOVE_STYLES, RULES, format_move, legal_moves, parse_move


@st.composite
def legal(draw):
    """(n, rules, a legal move for n suspects under rules): small boards, and large ones for the parser."""
    rules = draw(st.sampled_from(sorted(RULES)))
    n = draw(st.integers(1, 40) | st.integers(10**6, 10**30))
    if n > 40:                                   # too many moves to list: draw a split directly
        a = draw(st.integers(1, n // 2))
        return n, rules, (a, n - a)
    moves = list(legal_moves(n, RULES[rules]))
    return n, rules, draw(st.sampled_from(moves)) if moves else None


@given(legal(), st.sampled_from(sorted(MOVE_STYLES)), st.sampled_from(["", " ", "\t"]))
def test_property_parse_move_reads_back_every_written_move(case, style, pad):
    n, rules, move = case
    if move is None:
        return
    text = pad + format_move(move, style) + pad
    assert parse_move(text) == move
    assert parse_move(text, n, rules) == move
    assert parse_move(text, n, RULES[rules]) == move


@given(st.lists(st.integers(1, 50), min_size=2, max_size=3), st.sampled_from(sorted(MOVE_STYLES)))
def test_property_the_order_of_the_groups_does_not_matter(groups, style):
    assert parse_move(format_move(groups, style)) == tuple(sorted(groups))


@pytest.mark.parametrize("text", ["1:3", "3:1", "1 : 3", "[1 : 3]", "[1:3]", "(1, 3)", "(3,1)", " 1:3 ", "1,3"])
def test_the_ways_a_lesson_or_a_paper_writes_a_question(text):
    assert parse_move(text) == (1, 3)
    assert parse_move(text, 4, "official") == (1, 3)


@pytest.mark.parametrize("text", ["guess", "Guess", "GUESS", "G", "g", " guess "])
def test_the_ways_a_guess_is_written(text):
    assert parse_move(text) is GUESS


@pytest.mark.parametrize("text", ["", "banana", "5", "1:", ":3", "[1:3)", "(1 3)", "1:3]", "1/3", "-1:5", "1.5:2.5",
                                  "guess 1:3", "1:3 guess"])
def test_what_is_not_a_move_is_refused_naming_the_argument(text):
    with pytest.raises(ValueError, match=r"^text must be a move such as '1:3'"):
        parse_move(text)


@pytest.mark.parametrize("text", [None, 13, (1, 3), b"1:3", GUESS])
def test_what_is_not_a_text_is_refused_naming_the_argument(text):
    with pytest.raises(TypeError, match=r"^text must be a string"):
        parse_move(text)


def test_a_huge_group_is_refused_without_echoing_it_whole():
    with pytest.raises(ValueError, match=r"^text has a group of more digits") as e:
        parse_move("9" * 5000 + ":1")
    assert len(str(e.value)) < 200


@pytest.mark.parametrize("text, n, rules, why", [
    ("1:2", 4, "official", "must sum to n=4"),
    ("1:1:2", 4, "official", "the 'official' rules allow 2"),
    ("0:4", 4, "official", "at least one suspect"),
    ("1:1:1:1", 4, "tripartite", "allow 2 or 3"),
])
def test_an_illegal_move_is_refused_with_the_state_and_the_rules(text, n, rules, why):
    with pytest.raises(ValueError, match=rf"^text '{text}' is not a legal move with n = {n} under the '{rules}' rules"
                                         rf".*{why}"):
        parse_move(text, n, rules)


def test_the_state_is_checked_too():
    with pytest.raises(ValueError, match="n and rules go together"):
        parse_move("1:3", 4)
    with pytest.raises(ValueError, match="n and rules go together"):
        parse_move("1:3", rules="official")
    with pytest.raises(ValueError, match="n must be at least 1"):
        parse_move("1:3", 0, "official")
    with pytest.raises(ValueError, match="unknown rules 'offical'"):
        parse_move("1:3", 4, "offical")


# ---- one way to print a percentage, and plurals -------------------------------------------------------------------
from fractions import Fraction
from pathlib import Path
import re

from guesswho_lib.rules import format_percent, plural, round_half_up

ROOT = Path(__file__).resolve().parents[2]


@given(st.integers(0, 10**6), st.integers(1, 10**6), st.integers(0, 3))
def test_property_a_percentage_is_the_exact_value_rounded_half_up(num, den, places):
    x = Fraction(num, den)
    text = format_percent(x, places)
    printed = Fraction(text[:-1])
    unit = Fraction(1, 10 ** places)
    assert abs(printed - 100 * x) <= unit / 2                        # the nearest ...
    if abs(printed - 100 * x) == unit / 2:
        assert printed > 100 * x                                     # ... and a half goes up
    assert text.endswith("%") and (places == 0 or len(text.split(".")[1]) == places + 1)


def test_the_percentages_that_used_to_differ_between_the_answer_sheet_and_the_teacher_s_page():
    """9/16 = 56.25%: Python's f"{0.5625:.1%}" printed 56.2% on the answer sheet, the teacher's page 56.3%."""
    assert f"{0.5625:.1%}" == "56.2%" and format_percent(Fraction(9, 16)) == "56.3%"
    assert format_percent(0.5625) == "56.3%" and round_half_up(Fraction(5, 2)) == 3


#: Ways of printing a percentage other than format_percent (the formats of Python and JavaScript round differently).
OTHER_PERCENT = re.compile(r":\.?\d*%\}|\.toFixed\(|round\(\s*100\s*\*|\*\s*100\)\s*\}?%")


def _texts():
    for path in sorted((ROOT / "guesswho_lib").rglob("*")) + sorted((ROOT / "guesswho_apps").rglob("*")):
        if path.suffix in (".py", ".js", ".html") and "site" not in path.relative_to(ROOT).parts[1:2] \
                and path.name != "formatting.py":
            yield path, path.read_text(encoding="utf-8")
    import nbformat
    for path in sorted(ROOT.glob("notebooks/**/*.ipynb")) + sorted(ROOT.glob("teacher/**/*.ipynb")):
        yield path, "\n".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code")


def test_every_percentage_is_printed_by_format_percent():
    """The PDFs, the pages, the teacher's page and the lessons print a percentage one way: no f-string "%" format,
    no toFixed, no round(100 * x) anywhere else."""
    found = [f"{p.relative_to(ROOT)}: {m.group(0)}" for p, text in _texts() for m in OTHER_PERCENT.finditer(text)]
    assert found == []
    assert OTHER_PERCENT.search('f"{x:.1%}"') and OTHER_PERCENT.search("(100 * x).toFixed(1)")   # the check bites


def test_plurals():
    assert [plural(k, "game") for k in (0, 1, 2)] == ["0 games", "1 game", "2 games"]
    assert plural(1, "match", "matches") == "1 match" and plural(3, "match", "matches") == "3 matches"


def test_no_page_writes_a_plural_with_brackets_or_one_of_a_plural():
    """The pages' texts (the teacher's page, the game page, the game's messages, the figures, the imperfect players'
    logs, the lessons) never say "game(s)", and the numbers they build a sentence around take the right form."""
    pages = [p for p in (ROOT / "guesswho_apps" / "server" / "static").rglob("*") if p.suffix in (".js", ".html")]
    pages += [ROOT / "guesswho_lib" / "game" / name for name in ("record.py", "review.py", "play.py")]
    for folder in ("guesswho_lib/plots", "guesswho_lib/imperfect", "guesswho_apps/teaching", "guesswho_apps/classroom"):
        pages += sorted((ROOT / folder).glob("*.py"))
    pages += sorted(ROOT.glob("notebooks/**/*.ipynb"))
    nouns = r"\b(?:game|player|move|suspect|character|question|win|match|state|turn|lie)\(s\)"
    bracketed = [f"{p.relative_to(ROOT)}: {m.group(0)}" for p in pages
                 for m in re.finditer(nouns, p.read_text(encoding="utf-8"))]
    assert bracketed == []
    from guesswho_lib import Game
    g = Game("official", board=2, seed=1)
    g.ask([1])
    if not g.over:
        assert "1 suspect left" in g.result_text() and "1 suspects" not in g.result_text()
