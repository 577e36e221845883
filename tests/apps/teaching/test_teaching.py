"""The teacher's kit: the guide and the worksheets are read back from their PDFs and compared with the
solver; the guide has a section for every lesson of the lesson table; the output is byte-for-byte deterministic;
the command line refuses misuse in one line; CITATION.cff matches guesswho_lib.references; nothing points outside
the repository."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import jinja2
import jinja2.nodes as jnodes
import pytest
import yaml
from pypdf import PdfReader

import guesswho_lib as gw
from guesswho_lessons import curriculum
from guesswho_lib.board import cached_board_solution, first_questions
from guesswho_apps.cli import main
from guesswho_lessons.exercises import exercises_for
from guesswho_lib.rules import format_fraction, format_move
from guesswho_lib.rules import GUESS
from guesswho_lib.references import REFERENCES
from guesswho_apps.teaching import guide, templates, worksheets, write_guide, write_worksheets

ROOT = Path(__file__).resolve().parents[3]
GUIDE_DIR = ROOT / "guesswho_apps" / "data" / "guide"
A4 = (595.2756, 841.8898)          # points: 210 mm x 297 mm


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    return write_worksheets(tmp_path_factory.mktemp("worksheets"))


@pytest.fixture(scope="module")
def guide_files(tmp_path_factory):
    return write_guide(tmp_path_factory.mktemp("guide"))


def pages(path) -> list[str]:
    return [p.extract_text() for p in PdfReader(path).pages]


def lines(path) -> list[str]:
    return [s.strip() for text in pages(path) for s in text.splitlines() if s.strip()]


def assert_a4(path):
    for k, page in enumerate(PdfReader(path).pages):
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        assert (round(w, 2), round(h, 2)) == (round(A4[0], 2), round(A4[1], 2)), f"{path.name} page {k + 1}: {w} x {h}"


def read_table(rows: list[str], N: int) -> dict:
    """The cells of a printed n \\ m table: after each 'n = k' line, the next N lines (or fewer, if blank)."""
    out = {}
    for i, s in enumerate(rows):
        m = re.fullmatch(r"n = (\d+)", s)
        if m:
            n = int(m.group(1))
            for k in range(N):
                cell = rows[i + 1 + k] if i + 1 + k < len(rows) else ""
                if not re.fullmatch(r"\d+(/\d+)?", cell):
                    break
                out[n, k + 1] = Fraction(cell)
    return out


# ---- worksheets ----------------------------------------------------------------------------------------------
def test_worksheets_are_a4_in_three_versions_with_the_expected_pages(sheets):
    pdfs = {k: p for k, p in sheets.items() if p.suffix == ".pdf"}
    assert set(pdfs) == set(worksheets.WORKSHEETS)
    for sheet in ("activity-4-4", "table-of-p", "best-question"):
        assert {sheet, f"{sheet}-support", f"{sheet}-extension"} <= set(pdfs)
        standard = " ".join(" ".join(pages(pdfs[sheet])).split())
        for version in ("support", "extension"):          # the standard sheet, and more
            text = " ".join(" ".join(pages(pdfs[f"{sheet}-{version}"])).split())
            assert standard.split("Date: __________")[1][:300] in text, (sheet, version)
            assert len(text) > len(standard) + 100, (sheet, version)
    expected = {"activity-4-4": 2, "table-of-p": 1, "best-question": 2, "answers": 3}
    for name, path in pdfs.items():
        assert_a4(path)
        assert len(PdfReader(path).pages) == expected.get(name, len(PdfReader(path).pages)) <= 3, name


def test_each_player_draws_their_person_from_their_own_pile(sheets):
    """A shared pile tells each player that the other's person is not their own card: each has a pile of their own."""
    text = " ".join(" ".join(pages(sheets["activity-4-4"])).split())
    assert "a pile of their own" in text and "Never share a pile" in text and "from a shuffled pile" not in text


def test_activity_sheet_hides_the_answer_and_the_answer_sheet_gives_it(sheets):
    n, m = worksheets.ACTIVITY_STATE
    t = gw.solve(4)
    best = format_fraction(t.P(n, m))
    halving = format_fraction(t.value(n, m, (2, 2)))
    assert best == "9/16" and halving == "1/2"          # the classroom activity of Cushing et al., section 1
    for version in ("", "-support", "-extension"):
        activity = "\n".join(pages(sheets[f"activity-4-4{version}"]))
        assert best not in activity and "Tally sheet" in activity
        assert len(re.findall(r"^\d+$", activity, re.M)) >= worksheets.TALLY_ROWS        # numbered tally rows
    answers = lines(sheets["answers"])
    for move in (GUESS, (1, 3), (2, 2)):
        word = "guess" if move is GUESS else format_move(move).replace(":", " : ")
        i = answers.index(word)
        assert Fraction(answers[i + 1]) == t.value(n, m, move), word
        expected_wins = float(t.value(n, m, move) * worksheets.TALLY_ROWS)
        assert float(answers[i + 3]) == pytest.approx(expected_wins, abs=0.005)
    text = " ".join(answers)
    assert f"about {float(40 * t.value(n, m, (1, 3)))} and Team 2 : 2 about {float(40 * t.value(n, m, (2, 2)))}" \
        .replace(".0 ", " ").replace(".0.", ".") in text.replace(".0 ", " ") or "about 22.5" in text
    assert not re.search(r"\d{12}", text.replace(" ", ""))        # no number printed as a runaway string


def test_strategy_card_is_the_solver_s_best_play(sheets):
    text = lines(sheets["answers"])
    t = gw.solve(4)
    for n in range(2, 5):
        for m in range(1, 5):
            i = text.index(f"({n}, {m})")
            moves = " or ".join("guess" if x is GUESS else format_move(x).replace(":", " : ")
                                for x in t.optimal_moves(n, m))
            assert text[i + 1] == moves and Fraction(text[i + 2]) == t.P(n, m), (n, m)


def test_fill_in_table_gives_the_edges_and_the_answer_sheet_every_cell(sheets):
    N = worksheets.TABLE_SIZE
    given = read_table(lines(sheets["table-of-p"]), N)
    assert given == {(n, m): gw.P(n, m) for n in range(1, N + 1) for m in range(1, N + 1) if n == 1 or m == 1}
    support = read_table(lines(sheets["table-of-p-support"]), N)
    assert support == {(n, m): gw.P(n, m) for n in range(1, N + 1) for m in range(1, N + 1) if n <= 2 or m == 1}
    answers = read_table(lines(sheets["answers"]), 6)
    full = {(n, m): gw.P(n, m) for n in range(1, 7) for m in range(1, 7)}
    assert {k: v for k, v in answers.items() if k in full} == full          # the extension's 6 x 6 too


def test_answer_sheet_ranks_the_real_board_s_first_questions_like_the_solver(sheets):
    text = lines(sheets["answers"])
    qs = first_questions(cached_board_solution())
    board = gw.load_board()
    for q in qs:
        if q.sizes is GUESS:
            continue
        i = text.index(q.text)
        yes = next(len(board.with_trait(t)) for t in board.traits if q.text.endswith(t + "?")
                   or q.text.endswith("have " + t + "?") or t in q.text)
        split = f"{yes} : {len(board.names) - yes}"                  # yes : no, the student's order
        assert text[i + 1:i + 4] == [split, format_fraction(q.value), format_fraction(q.ideal_value)], q.text
    i = text.index("Is your person smiling?")
    assert text[i + 1] == f"{len(board.with_trait('smiling'))} : {24 - len(board.with_trait('smiling'))}" == "14 : 10"
    positions = [text.index(q.text) for q in qs if q.sizes is not GUESS]
    assert positions == sorted(positions)                  # best first
    sheet = "\n".join(pages(sheets["best-question"]))
    assert all(trait in sheet for trait in board.traits) and all(name in sheet for name in board.names)


def test_worksheets_and_guide_are_byte_for_byte_deterministic(tmp_path, sheets, guide_files, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")         # a build environment's date must not leak into the PDFs
    again = write_worksheets(tmp_path / "w")
    for name, path in sheets.items():
        assert again[name].read_bytes() == path.read_bytes(), name
    assert len(sheets) == 3 * len(worksheets.WORKSHEETS)
    assert PdfReader(again["answers"]).metadata["/CreationDate"].startswith("D:2000")
    g = write_guide(tmp_path / "g")
    for kind, path in guide_files.items():
        assert g[kind].read_bytes() == path.read_bytes(), kind


# ---- the guide -----------------------------------------------------------------------------------------------
def test_guide_has_a_section_for_every_lesson_in_every_format(guide_files):
    md = guide_files["markdown"].read_text()
    text = "\n".join(pages(guide_files["pdf"]))
    assert_a4(guide_files["pdf"])
    assert len(PdfReader(guide_files["pdf"]).pages) >= len(curriculum.LESSONS) + 2   # a page at least per lesson
    live = {x.id: {p for p in guide.OPTIONAL_PARTS if f"# {p}\n" in guide.guide_text(guide.topic(x)) + "\n"}
            for x in curriculum.LESSONS}
    assert live["02"] == {"live"}                             # the (4, 4) activity can be played live
    assert {x for x, parts in live.items() if "discuss" in parts} == {"03", "08"}   # risk; luck or skill
    for x in curriculum.LESSONS:
        heading = f"Lesson {x.id} · {x.title}"
        assert f"## {heading}" in md, x.id
        assert heading in text, x.id
        section = md.split(f"## {heading}")[1].split("\n## ")[0]
        assert f"lesson time {x.minutes} min" in section and x.prerequisites in section
        for key, part in guide.PARTS.items():
            assert (f"### {part}" in section) == (key not in guide.OPTIONAL_PARTS or key in live[x.id]), (x.id, part)
        for e in exercises_for(x.id):                       # the register's exercises are listed
            assert f"| {e.id} |" in section
    for heading in ("A lesson without computers", "The lessons", "References"):
        assert heading in md and heading in text


def test_a_lesson_without_a_guide_section_breaks_the_guide(monkeypatch):
    new = curriculum.Lesson("10", "10-a-new-lesson", "A new lesson", "core", 50, "01", "something new")
    monkeypatch.setattr(guide, "LESSONS", curriculum.LESSONS + (new,))
    with pytest.raises(FileNotFoundError, match="data/guide/a-new-lesson.md"):
        guide.guide_sections()


def test_every_guide_file_belongs_to_a_lesson():
    topics = {guide.topic(x) for x in curriculum.LESSONS} | {"intro", "no-computers"}
    assert {p.stem for p in GUIDE_DIR.glob("*.md")} == topics


def test_plans_take_the_lesson_s_time_and_start_where_the_last_step_ended():
    """(The plan against its notebook, section by section: tests/lessons/test_guide_plans.py.)"""
    for s in guide.guide_sections():
        assert s.plan[0][0] == 0 and s.minutes == s.lesson.minutes, s.lesson.id
        assert all(a[1] == b[0] for a, b in zip(s.plan, s.plan[1:]))


def test_a_bad_guide_file_is_refused_naming_it(monkeypatch):
    real = guide.guide_text
    lesson = curriculum.LESSONS[2]
    text = real(guide.topic(lesson))

    def with_(old, new):
        monkeypatch.setattr(guide, "guide_text", lambda name: text.replace(old, new) if name == guide.topic(lesson)
                            else real(name))

    with_("# plan\n", "# plan\n30 §1 a long introduction\n")
    with pytest.raises(ValueError, match=r"the plan takes \d+ minutes, but lesson \d+ takes \d+ minutes"):
        guide.guide_sections()
    with_("# plan\n", "# plan\n0 §3-1 backwards\n")
    with pytest.raises(ValueError, match="run backwards"):
        guide.guide_sections()
    first = guide._numbers(lesson.id)
    key = next(iter(first))
    with_(f"{{{{ ex('{key}') }}}}", "{{ ex(1) }}")                       # a number is not a key
    with pytest.raises(ValueError, match=rf"ex\(1\) names no exercise of lesson {lesson.id}: an exercise is named by "
                                         rf"its key \({key}, "):
        guide.guide_sections()
    with_(f"{{{{ ex('{key}') }}}}", "{{ ex('99-no-such-exercise') }}")
    with pytest.raises(ValueError, match=f"ex.'99-no-such-exercise'. names no exercise of lesson {lesson.id}"):
        guide.guide_sections()
    where = re.escape(f"data/guide/{guide.topic(lesson)}.md: ")
    with_("{{ value(4, 4, '2:2') }}", "{{ value(4, 0, '2:2') }}")       # a call with a bad argument: no number
    with pytest.raises(ValueError, match=where + r".*\{\{ value\(4, 0, '2:2'\) \}\}: m must be between 1 and"):
        guide.guide_sections()
    with_(f"{{{{ ex('{key}') }}}}", "{{ex 1}}")                         # the old language, saying how to write it
    with pytest.raises(ValueError, match=where + re.escape("{{ex 1}} is the guide's old placeholder language; write "
                                                           "it as a Jinja2 expression: {{ ex(1) }}")):
        guide.guide_sections()
    with_("# short", "# shortly")
    with pytest.raises(ValueError, match="unknown part '# shortly'"):
        guide.guide_sections()


_REFERENCE = re.compile(r"\b(Theorems?|Lemmas?|Propositions?|Remark|section|sections|eq\.|Figure)\s+[\d.()-]+")


#: the names whose calls compute a number (or an exercise's id) in the guide; Fraction, min and max would let a typed
#: value through
COMPUTING = (set(templates.NAMES) - {"Fraction", "min", "max"}) | {"ex"}
_EXPRESSION = re.compile(r"\{\{(.*?)\}\}", re.S)


def expression(text: str):
    """The parsed Jinja2 expression inside ``{{ ... }}`` (None if it is not one)."""
    try:
        body = jinja2.Environment().parse("{{" + text + "}}").body
    except jinja2.TemplateSyntaxError:
        return None
    return body[0].nodes[0] if len(body) == 1 and len(body[0].nodes) == 1 else None


def computed(node) -> bool:
    """A call of the template's names on literal arguments (a state, a move, a rule set), maybe through filters
    (``| pct``) or the difference of two such: a number the library computes, never one typed in."""
    if isinstance(node, jnodes.Filter):
        return node.node is not None and computed(node.node) and all(isinstance(a, jnodes.Const) for a in node.args)
    if isinstance(node, jnodes.Call):
        return (isinstance(node.node, jnodes.Name) and node.node.name in COMPUTING
                and all(isinstance(a, jnodes.Const) for a in node.args)
                and all(isinstance(k.value, jnodes.Const) for k in node.kwargs) and not node.dyn_args)
    if isinstance(node, (jnodes.Add, jnodes.Sub)):
        return computed(node.left) and computed(node.right)
    return False


def typed_results(text: str) -> list[str]:
    """Fractions, decimals and percentages typed into guide text (numbers must be computed: each ``{{ ... }}`` a
    call of the template's names, see ``computed``; one that is not, ``{{ 9/16 }}`` or ``{{ Fraction(9, 16) }}``,
    is a typed result too); a command in backticks (an address such as `0.0.0.0`) is not a result."""
    typed = []

    def one(match):
        if not computed(expression(match.group(1))):
            typed.append(" ".join(match.group(0).split()))
        return " "
    text = _EXPRESSION.sub(one, text)
    text = re.sub(r"`[^`]*`", "", text)
    text = _REFERENCE.sub("", text)
    return typed + re.findall(r"\d+\s*/\s*\d+|\d+\.\d+|\d+\s*%", text)


def test_no_number_in_the_guide_text_is_typed_in():
    bad = {p.name: typed_results(p.read_text()) for p in GUIDE_DIR.glob("*.md")}
    assert {k: v for k, v in bad.items() if v} == {}
    assert typed_results("the best is 9/16, or 56 %, or 0.5625 (Theorem 2.1, Lemmas 3.5-3.7)") == \
        ["9/16", "56 %", "0.5625"]
    assert typed_results("run `serve --ip 0.0.0.0`; the best is 9/16") == ["9/16"]
    assert typed_results("{{ P(4, 4) }} ({{ P(4, 4) | pct }}), {{ value(4, 4, '2:2') }}, {{ questions(24, lies=1) }}, "
                         "{{ P(3, 3, 'tripartite') - P(3, 3) }}, {{ ex('4a') }}") == []
    assert typed_results("not {{ 9/16 }}, {{ '9/16' }}, {{ Fraction(9, 16) }}, {{ P(4, 4) + 1 }}, {{ P(4, n) }}, "
                         "{{P 4 4}}") == ["{{ 9/16 }}", "{{ '9/16' }}", "{{ Fraction(9, 16) }}", "{{ P(4, 4) + 1 }}",
                                          "{{ P(4, n) }}", "{{P 4 4}}"]


def test_the_guide_is_written_in_jinja_not_in_the_old_placeholders():
    """The guide's first placeholder language (``{{P 4 4}}``, ``{{ex 3}}``) is gone: a page that uses it again is
    refused, each placeholder with the Jinja2 expression to write instead."""
    old = {p.name: [f"{was} -> write {how}" for was, how in guide.old_placeholders(p.read_text())]
           for p in GUIDE_DIR.glob("*.md")}
    assert {k: v for k, v in old.items() if v} == {}, "the old placeholders: write each as the Jinja2 expression"
    assert guide.old_placeholders("{{P 4 4}}, {{ P(4, 4) }}, {{pct 24 24}}, {{value 4 4 2:2 nica}}, {{ex 4a}}, "
                                  "{{questions 24 lies=1}}, {{ x if y else z }}, {{ P(4, 4) | pct }}") == [
        ("{{P 4 4}}", "{{ P(4, 4) }}"), ("{{pct 24 24}}", "{{ P(24, 24) | pct }}"),
        ("{{value 4 4 2:2 nica}}", "{{ value(4, 4, '2:2', 'nica') }}"), ("{{ex 4a}}", "{{ ex('4a') }}"),
        ("{{questions 24 lies=1}}", "{{ questions(24, lies=1) }}")]
    assert guide.old_placeholders("{{weeds 40 5}}") == [("{{weeds 40 5}}", None)]       # not a name any more
    advice = [how for _, how in guide.old_placeholders("{{P 4 4 nica}} {{value 4 4 1:3}} {{best 3 3 tripartite}} "
                                                       "{{band low}} {{board best-value}} {{questions 24 unknowns=1}} "
                                                       "{{fair 24}} {{ex 4a}} {{questions 24 lies=1 fixed}}")]
    assert [guide.fill(how, "data/guide/x.md", ex=lambda k: f"02.{k}") for how in advice] == [   # the advice works
        format_fraction(gw.P(4, 4, "nica")), format_fraction(gw.solve(4).value(4, 4, (1, 3))),
        " or ".join(format_move(x) for x in gw.solve(3, "tripartite").optimal_moves(3, 3)),
        str(templates.render("{{ band('low') }}")),
        templates.render("{{ board('best-value') }}"), str(gw.minimum_questions(24, erasures=1).value),
        str(gw.fairest_second_pool(24).second), "02.4a", str(gw.minimum_questions(24, lies=1, adaptive=False).value)]


def test_the_guide_s_numbers_are_the_solver_s(guide_files):
    md = guide_files["markdown"].read_text()

    def section(topic):
        x = next(x for x in curriculum.LESSONS if guide.topic(x) == topic)
        return md.split(f"## Lesson {x.id} · {x.title}")[1].split("\n## ")[0]

    four = section("the-four-four-exception")
    t = gw.solve(24)
    for v in (t.P(4, 4), t.value(4, 4, (1, 3)), t.value(4, 4, (2, 2)), t.P(4, 3)):
        assert format_fraction(v) in four
    first = section("first-move-advantage")
    assert format_fraction(gw.P(24, 24)) in first and format_fraction(gw.P(23, 23)) in first
    assert str(gw.fairest_second_pool(24).second) in first
    assert "9/16" in "\n".join(pages(guide_files["pdf"]))


def test_expressions_compute_and_refuse_nonsense():
    """The guide's expressions give the solver's numbers; a call with a bad argument (or an unknown name, a syntax
    error) stops the guide being written, naming the file, the expression and what the argument may be: never a
    wrong number."""
    def fill(text):
        return guide.fill(text, "data/guide/x.md")

    assert fill("{{ P(4, 4) }} {{ value(4, 4, 'G') }} {{ best(4, 4) }}") == \
        f"{format_fraction(gw.P(4, 4))} {format_fraction(gw.solve(4).value(4, 4, GUESS))} 1:3"
    assert fill("{{ P(3, 3, 'tripartite') }}") == format_fraction(gw.P(3, 3, "tripartite"))
    assert fill("{{ questions(24) }}") == str(gw.minimum_questions(24).value)
    for bad, why in (("{{ P(0, 4) }}", "n must be at least 1, got 0"),
                     ("{{ P(4.5, 4) }}", r"n must be an integer \(>= 1\), got 4.5"),
                     ("{{ P(4) }}", r"P\(\) missing 1 required positional argument: 'm'"),
                     ("{{ P(4, 4, 'nicca') }}", "unknown rules 'nicca'; choose one of"),
                     ("{{ best(0, 4) }}", r"n must be between 1 and \d+, got 0"),     # (the solved size so far)
                     ("{{ value(4, 4, '5:5') }}", "text '5:5' is not a legal move with n = 4"),
                     ("{{ questions(24, lies=-1) }}", "lies must be between 0 and 10, got -1"),
                     ("{{ band('mid') }}", "band: expects 'low' or 'high', got 'mid'"),
                     ("{{ board('nope') }}", r"board: expects one of \['best', "),
                     ("{{ nope(1) }}", "'nope' is undefined"),
                     ("{{ ex(1) }}", "'ex' is undefined")):
        text = f"{{{{ P(4, 4) }}}}, {bad}"                         # the bad one named, not the first
        with pytest.raises(ValueError, match=re.escape(f"data/guide/x.md: template {text!r}: {bad}: ") + why):
            fill(text)
    with pytest.raises(ValueError, match=re.escape("data/guide/x.md: template '{{ P(4, 4 }}': {{ P(4, 4 }}: "
                                                   "unexpected '}'")):
        fill("{{ P(4, 4 }}")


def test_the_guide_s_files_ship_with_the_package():
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["guesswho_apps"]
    for p in GUIDE_DIR.glob("*.md"):
        rel = p.relative_to(ROOT / "guesswho_apps").as_posix()
        assert any(fnmatch.fnmatch(rel, g) and "/" not in rel[len(g.rsplit("/", 1)[0]) + 1:] for g in globs), rel


# ---- command line --------------------------------------------------------------------------------------------
def test_without_an_extra_a_command_says_which_to_install(tmp_path):
    """The plain set-up has no PDF library and no Sphinx: the kit's and the website's commands say, in one line and
    before any work, which extra installs them; --help and the class server's commands still work."""
    import subprocess
    import sys

    code = ("import sys\n"
            "for name in ('reportlab', 'sphinx'):\n"
            "    sys.modules[name] = None                    # as if not installed\n"
            "from guesswho_apps.cli import main\n"
            "sys.exit(main(sys.argv[1:]))")
    for argv, extra in ((["guide", "--out", str(tmp_path / "g")], "kit"), (["worksheets", "--only", "answers"], "kit"),
                        (["site", "--out", str(tmp_path / "s")], "site")):
        r = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=120)
        assert r.returncode == 2 and f'python -m pip install -e ".[{extra}]"' in r.stderr, (argv, r.stderr[-2000:])
        assert len(r.stderr.strip().splitlines()) == 1 and not (tmp_path / "g").exists(), r.stderr
    r = subprocess.run([sys.executable, "-c", code, "--help"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "serve" in r.stdout and "guide" in r.stdout, r.stderr[-2000:]


def test_the_extras_the_commands_ask_for_are_the_extras_of_pyproject():
    from guesswho_apps.cli.extras import EXTRAS

    optional = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    for extra, modules in EXTRAS.items():
        names = {re.split(r"[<>=\[ ]", d)[0].lower().replace("-", "_") for d in optional[extra]}
        assert set(modules) == names, extra


@pytest.mark.parametrize("argv, words", [
    (["worksheets", "--only", "nope"], "--only: must be one of activity-4-4, activity-4-4-support"),
    (["worksheets", "--out", "/dev/null/x"], "--out: cannot write"),
    (["guide", "--pages", "3"], "unrecognized arguments"),
])
def test_command_line_misuse_is_one_line_and_status_2(capsys, argv, words):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err, err


def test_command_line_writes_a_worksheet(tmp_path, capsys):
    assert main(["worksheets", "--out", str(tmp_path), "--only", "table-of-p"]) == 0
    assert capsys.readouterr().out.split() == [str(tmp_path / f"table-of-p{x}") for x in (".pdf", ".md", ".tex")]
    assert_a4(tmp_path / "table-of-p.pdf")


# ---- references ----------------------------------------------------------------------------------------------
def test_citation_cff_is_valid_and_cites_the_references():
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text())
    assert cff["cff-version"] == "1.2.0"
    assert {"cff-version", "message", "title", "authors"} <= set(cff)
    assert all(("family-names" in a) or ("name" in a) for a in cff["authors"])
    refs = cff["references"]
    assert len(refs) == len(REFERENCES)
    for ref, r in zip(refs, REFERENCES.values()):
        assert {"type", "title", "authors"} <= set(ref) and ref["title"] == r.title
        assert ref["year"] == r.year
        assert [a["family-names"] for a in ref["authors"]] == [x.split(". ")[-1] for x in r.authors]
        assert ref.get("doi", "") == r.doi
        ids = {i["value"] for i in ref.get("identifiers", []) if i["type"] == "other"}
        assert ({f"arXiv:{r.arxiv}"} if r.arxiv else set()) == ids
        if r.doi:
            assert re.fullmatch(r"10\.\d{4,9}/\S+", ref["doi"])


# ---- nothing points outside the repository --------------------------------------------------------------------
OUTSIDE = re.compile(r"\.\./shared|shared/papers|/work/|/home/|file:///")
LINK = re.compile(r"\]\(([^)\s]+)\)|(?:src|href)=[\"']([^\"']+)[\"']")


def outside_references(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8", errors="replace")
    bad = [f"{path.relative_to(ROOT)}: {m.group(0)!r}" for m in OUTSIDE.finditer(text)]
    for m in LINK.finditer(text):
        target = (m.group(1) or m.group(2)).split("#")[0]
        if not target or re.match(r"[a-z]+:", target):
            continue
        if not (path.parent / target).resolve().is_relative_to(ROOT):
            bad.append(f"{path.relative_to(ROOT)}: link {target!r} leaves the repository")
    return bad


def test_nothing_points_outside_the_repository(tmp_path):
    files = [ROOT / "README.md"] + [p for folder in ("guesswho_lib", "notebooks") for p in (ROOT / folder).rglob("*")
                                    if p.suffix in (".py", ".md", ".ipynb", ".csv", ".txt") and p.is_file()
                                    and ".ipynb_checkpoints" not in p.parts]
    bad = [b for f in files for b in outside_references(f)]
    assert bad == [], "\n".join(bad)
    probe = tmp_path / "probe.md"
    probe.write_text("copies in `../shared/papers/`, see [x](../../../etc/passwd) and [ok](https://arxiv.org/abs/1)")
    monkey_root = outside_references.__globals__["ROOT"]
    try:
        outside_references.__globals__["ROOT"] = tmp_path
        found = outside_references(probe)
        assert len(found) == 2 and "'../shared'" in found[0] and "../../../etc/passwd" in found[1]
    finally:
        outside_references.__globals__["ROOT"] = monkey_root


def test_readme_cites_every_reference_and_no_local_copy():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("\n## References\n", 1)[1].split("\n## ", 1)[0]
    from guesswho_lib.references import cite
    for key, r in REFERENCES.items():
        assert cite(key, "markdown") in section, key
        assert (r.doi or r.arxiv or "none is given") in section
    assert "[References](#references)" in readme and "papers/" not in readme.split("Set up")[0]


def _independent(node) -> str | None:
    """P (and ``| pct``), value, best, questions and fair computed straight from gw (not through teaching.numbers),
    for a parsed expression of the guide."""
    pct = isinstance(node, jnodes.Filter) and node.name == "pct" and not node.args
    call = node.node if pct else node
    if not isinstance(call, jnodes.Call) or not isinstance(call.node, jnodes.Name):
        return None
    name, args = call.node.name, [a.as_const() for a in call.args]
    kwargs = {k.key: k.value.as_const() for k in call.kwargs}
    if pct and name != "P" or name not in ("P", "value", "best", "questions", "fair"):
        return None
    if name == "questions":
        return str(gw.minimum_questions(args[0], lies=kwargs.get("lies", 0), erasures=kwargs.get("unknowns", 0),
                                        adaptive=kwargs.get("adaptive", True)).value)
    if name == "fair":
        return str(gw.fairest_second_pool(args[0]).second)
    rules = kwargs.get("rules", args.pop() if args and args[-1] in gw.RULES else "official")
    n, m = args[0], args[1]
    if name == "P" and pct:                     # one decimal, a half rounded up, on the exact value
        p = gw.P(n, m, rules)
        tenths = Decimal(p.numerator * 1000) / Decimal(p.denominator)
        return f"{(tenths / 10).quantize(Decimal('0.1'), ROUND_HALF_UP)}%"
    if name == "P":
        return format_fraction(gw.P(n, m, rules))
    t = gw.solve(max(n, m), rules)
    if name == "best":
        return " or ".join(format_move(x) for x in t.optimal_moves(n, m))
    move = GUESS if args[2] == "G" else tuple(int(g) for g in args[2].split(":"))
    return format_fraction(t.value(n, m, move))


def test_every_game_number_in_the_guide_is_the_solver_s_in_its_place(guide_files):
    """Each {{ P(..) }}, {{ P(..) | pct }}, {{ value(..) }}, {{ best(..) }}, {{ questions(..) }}, {{ fair(..) }} of the
    guide's text appears, computed straight from gw, right after the words that precede it in the source (up to 30
    characters, or back to the expression before it)."""
    md = " ".join(guide_files["markdown"].read_text().split())
    checked = 0
    for p in GUIDE_DIR.glob("*.md"):
        raw = " ".join(p.read_text().split())
        for match in _EXPRESSION.finditer(raw):
            node = expression(match.group(1))
            want = _independent(node) if node is not None else None
            before = raw[max(0, match.start() - 30):match.start()]
            if "}}" in before:
                before = before[before.rindex("}}") + 2:]          # the words after the expression before it
            elif match.start() > 30:
                before = before[before.find(" ") + 1:] if " " in before else before      # whole words only
            if want is None or "*" in before or "`" in before or len(before.strip()) < 3:
                continue
            assert before + want in md, (p.name, match.group(0), before + want)
            checked += 1
    assert checked >= 50, checked


def test_the_answer_sheet_says_where_halving_is_best_in_worksheet_2_s_table():
    """The answer sheet's sentence on worksheet 2's table names a range of cells and its exceptions; the independent
    solver finds halving a best question in exactly the cells of that range that are not exceptions, and the cells
    outside the range (m = 1, n = 1) are described as they are: a guess only."""
    import independent as ind
    from guesswho_apps.teaching import document

    text = " ".join(document.plain(worksheets.worksheet_blocks("answers")).split())
    said = re.search(r"In every cell with n ≥ (\d) and m ≥ (\d) halving is a best question, except at ([^.]*)\.", text)
    assert said, "the answer sheet does not say in which cells halving is a best question"
    low_n, low_m = int(said.group(1)), int(said.group(2))
    exceptions = {tuple(map(int, c)) for c in re.findall(r"\((\d+), (\d+)\)", said.group(3))}
    size = worksheets.TABLE_SIZE
    for n in range(low_n, size + 1):
        for m in range(low_m, size + 1):
            halving = (n // 2, n - n // 2)
            assert (halving in ind.official_best(n, m)) == ((n, m) not in exceptions), (n, m)
    outside = [(n, m) for n in range(1, size + 1) for m in range(1, size + 1) if n < low_n or m < low_m]
    assert all(ind.official_best(n, m) == {"G"} for n, m in outside if n > 1)
    assert "only a guess is best" in text and "you name your last suspect" in text
