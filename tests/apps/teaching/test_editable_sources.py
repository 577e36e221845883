"""Every printed item of the kit comes with its editable sources, Markdown and LaTeX, written by the same command as
the PDF: the test builds them all and checks that each says what its PDF says (the text, word for word, the
mathematics as the PDF typesets it), and that the LaTeX is well formed (balanced braces and environments, only the
commands the kit uses)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from guesswho_apps.licence import notice
from guesswho_apps.teaching import assessment, document, scheme, summaries, worksheets


@pytest.fixture(scope="module")
def items(tmp_path_factory) -> dict:
    """name -> (pdf, md, tex) for every printed item of the kit."""
    out = tmp_path_factory.mktemp("kit")
    paths = {}
    for write in (assessment.write_exam, summaries.write_summaries, worksheets.write_worksheets,
                  scheme.write_scheme):
        paths.update(write(out))
    paths["summaries-md"] = paths["summaries-markdown"]
    return {k: (p, paths[f"{k}-md"], paths[f"{k}-tex"]) for k, p in paths.items() if p.suffix == ".pdf"}


def squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


def pdf_text(path: Path, expected: str = "", headers=()) -> str:
    """The PDF's text without the foot of each page (its title, its number, the licence), and without the header
    row a long table repeats at the top of a new page (``headers``, where the ``expected`` text goes on without
    it)."""
    reader = PdfReader(path)
    title = squeeze(reader.metadata["/Title"])
    out, pos = [], 0
    for k, page in enumerate(reader.pages):
        text = squeeze(page.extract_text()).replace("•", "")
        for foot in (title, f"page{k + 1}", squeeze(notice("footer"))):
            text = text.replace(foot, "", 1)
        for h in headers:
            if k and text.startswith(h) and not expected.startswith(text[:60], pos) \
                    and expected.startswith(text[len(h):len(h) + 60], pos):
                text = text[len(h):]
                break
        out.append(text)
        pos += len(text)
    return "".join(out)


def headers(md: str) -> list[str]:
    """The header rows of a Markdown source's tables, as the PDF prints them."""
    lines = md.splitlines()
    return [squeeze(" ".join(document.inline_plain(c) for c in re.split(r"(?<!\\)\|", lines[k - 1])))
            for k, line in enumerate(lines) if re.fullmatch(r"\|(---\|)+", line)]


def md_plain(md: str) -> str:
    """A Markdown source's text as the PDF shows it."""
    md = md.replace(notice("content"), "")
    out = []
    for line in md.splitlines():
        if re.fullmatch(r"\s*<!--.*-->\s*|\|(---\|)+", line) or line == document.ANSWER_LINE:
            continue
        line = re.sub(r"^#+ |^- ", "", line)
        if line.startswith("$$") and line.endswith("$$"):
            out.append(document.math_text(line[2:-2]))
            continue
        cells = [c.replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line)] if line.startswith("|") else [line]
        out.append(" ".join(document.inline_plain(c) for c in cells))
    return squeeze("\n".join(out))


_ESCAPES = {r"\textbackslash{}": "\\", r"\textasciitilde{}": "~", r"\textasciicircum{}": "^", r"\&": "&",
            r"\%": "%", r"\#": "#", r"\_": "_", r"\{": "{", r"\}": "}"}
_KNOWN = {"documentclass", "usepackage", "setlength", "parindent", "parskip", "newcommand", "answerspace", "par",
          "vspace", "baselineskip", "pagestyle", "fancyhf", "lfoot", "rfoot", "footnotesize", "thepage", "begin",
          "end", "LARGE", "bfseries", "section", "subsection", "subsubsection", "small", "item", "textbf", "emph",
          "texttt", "hfill", "hline", "raggedright", "arraybackslash", "rule", "newpage", "textbackslash",
          "textasciitilde", "textasciicircum"}


def tex_plain(tex: str) -> str:
    """A LaTeX source's text as the PDF shows it: mathematics typeset as the PDF does, the markup removed."""
    body = tex.split(r"\begin{document}", 1)[1].split(r"\end{document}", 1)[0]
    out = []
    for line in body.splitlines():
        if line.startswith((r"\begin{", r"\end{", r"\answerspace", r"\vspace", r"\newpage")):
            continue
        if line.startswith(r"\[") and line.endswith(r"\]"):
            out.append(document.math_text(line[2:-2]))
            continue
        pieces = re.split(r"(?<!\\)\$([^$]+)\$", line)
        text = []
        for k, piece in enumerate(pieces):
            if k % 2:
                text.append(document.math_text(piece))
                continue
            piece = re.sub(r"\\rule\{[^}]*\}\{[^}]*\}|\\hline|\\\\|\\hfill|\\item|\\par\b|\\LARGE|\\bfseries|\\small",
                           " ", piece)
            piece = re.sub(r"\\(?:textbf|emph|texttt|section\*|subsection\*|subsubsection\*)\{", "{", piece)
            for k2, v in _ESCAPES.items():
                piece = piece.replace(k2, "\0" + v)
            piece = re.sub(r"(?<!\0)[{}&]", " ", piece).replace("\0", "")
            text.append(piece)
        out.append("".join(text))
    return squeeze(html.unescape("\n".join(out)))


def test_every_printed_item_has_its_editable_sources(items):
    names = set(items)
    for name in ("exam-paper-a", "exam-paper-b", "mark-scheme-a", "mark-scheme-b", "specification-grid",
                 "exit-tickets", "exit-ticket-answers", "summaries", "scheme-of-work", "answers"):
        assert name in names, name
    assert set(worksheets.WORKSHEETS) <= names
    for pdf, md, tex in items.values():
        assert md.is_file() and tex.is_file() and md.stem == tex.stem == pdf.stem


@pytest.mark.parametrize("kind", ["md", "tex"])
def test_the_sources_say_what_the_pdfs_say(items, kind):
    differ = {}
    for name, (pdf, md, tex) in items.items():
        source = md.read_text(encoding="utf-8")
        text = md_plain(source) if kind == "md" else tex_plain(tex.read_text(encoding="utf-8"))
        printed = pdf_text(pdf, text, headers(source))
        if text != printed:
            at = next(k for k, (a, b) in enumerate(zip(text + "\0", printed + "\0")) if a != b)
            differ[name] = (text[max(0, at - 60):at + 60], printed[max(0, at - 60):at + 60])
    assert differ == {}


def test_the_mathematics_is_typeset_in_every_pdf(items):
    """No ASCII stands in for a sign: no '<=', '>=', '^' or '*' in a PDF's text; the signs are there."""
    signs = set()
    for name, (pdf, _, _) in items.items():
        text = pdf_text(pdf)
        assert not re.search(r"<=|>=|\^|\*\*", text), name
        signs |= set(text) & set("≤≥≠−×÷")
    assert signs == set("≤≥≠−×÷")


def test_the_latex_is_well_formed(items):
    for name, (_, _, tex) in items.items():
        text = tex.read_text(encoding="utf-8")
        bare = re.sub(r"\\[{}%&#_$]", "", text)
        assert bare.count("{") == bare.count("}"), name
        envs = re.findall(r"\\(begin|end)\{(\w+)\}", text)
        stack = []
        for kind, env in envs:
            if kind == "begin":
                stack.append(env)
            else:
                assert stack and stack.pop() == env, (name, env)
        assert stack == [], name
        outside = re.sub(r"(?<!\\)\$[^$]*\$|\\\[.*?\\\]", "", text)
        commands = set(re.findall(r"\\([A-Za-z]+)", outside))
        assert commands <= _KNOWN, (name, commands - _KNOWN)


def test_the_comparison_bites():
    """A word dropped from a source, or a sign typeset differently, is seen."""
    blocks = [document.p("The split $1 : 3$ gives $\\frac{9}{16} \\ge \\frac{1}{2}$.")]
    md = document.markdown(blocks)
    assert md_plain(md) == squeeze(document.plain(blocks))
    assert md_plain(md.replace("gives", "")) != squeeze(document.plain(blocks))
    tex = document.latex(blocks, "t", "f")
    assert tex_plain(tex) == squeeze(document.plain(blocks))
    assert tex_plain(tex.replace("\\ge", "\\le")) != squeeze(document.plain(blocks))


def test_every_item_and_its_sources_rebuild_byte_for_byte(items, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")          # a build environment's date must not leak into the PDFs
    again = {}
    for write in (assessment.write_exam, summaries.write_summaries, worksheets.write_worksheets,
                  scheme.write_scheme):
        again.update({p.name: p for p in write(tmp_path).values()})
    for files in items.values():
        for path in files:
            assert again[path.name].read_bytes() == path.read_bytes(), path.name
