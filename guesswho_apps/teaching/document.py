"""One document, four renderings: every printed item of the kit is a list of :class:`Block` records, written as an A4
PDF (reportlab, through :mod:`.pdf`), as Markdown and as LaTeX (the editable sources a department changes), and as
plain text (what the PDF says, for the tests that compare the sources with the PDFs).

Text is Markdown's inline marks (``**bold**``, ``*italic*``, ```code```) and mathematics between dollar signs in a
small subset of LaTeX: ``$P(n, m) \\le \\frac{1}{2}$``, ``$2^{k+1}$``, ``$u_{j}$``, ``$X \\sim \\mathrm{B}(10, p)$``.
The PDF typesets it (italic letters, superscripts and subscripts, the signs ≤ ≥ ≠ × −), the Markdown and the LaTeX
keep it as LaTeX.  A command outside the subset is an error, so no ASCII stands in for a sign (``<=``, ``^``).

>>> math_text(r"2^{k+1} < n \\le 2^{k+2}")
'2k+1 < n ≤ 2k+2'
>>> math_markup(r"\\frac{a}{n} P(m, a)")
'<i>a</i>/<i>n</i> P(<i>m</i>, <i>a</i>)'
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

__all__ = ["Block", "title", "h1", "h2", "h3", "p", "small", "li", "display", "table", "lines", "space", "page",
           "keep", "part", "math_markup", "math_text", "inline_pdf", "inline_plain", "inline_latex", "markdown",
           "latex", "plain", "build_pdf", "flowables", "from_text", "UnknownMath"]


@dataclass(frozen=True)
class Block:
    """One block of a document.  ``kind``: title, h1, h2, h3, p, small, li, display (a displayed formula), table,
    lines (space to write: ``n`` ruled lines), space (``n`` mm), page (a page break), keep (``children`` kept on one
    page), part (an exam part: ``text`` and its ``marks`` on the right)."""

    kind: str
    text: str = ""
    rows: tuple = ()              # a table's rows, each a tuple of cells (inline text)
    widths: tuple = ()            # a table's column widths, mm (empty: equal)
    header: bool = True           # a table's first row is its header
    height: float = 0             # a table's row height, mm (0: as the text needs): space to write
    n: float = 0                  # lines: how many; space: how many mm
    marks: str = ""               # part: "[3]"
    children: tuple = field(default=())
    align: str = ""               # a table's cells: "center"


def _text_block(kind: str):
    def make(text: str) -> Block:
        return Block(kind, text)
    make.__name__ = make.__qualname__ = kind
    make.__doc__ = f"A {kind} block of inline text."
    return make


title, h1, h2, h3, p, small, li, display = (_text_block(k) for k in ("title", "h1", "h2", "h3", "p", "small", "li",
                                                                        "display"))


def table(rows, widths=(), header=True, height=0, align=""):
    return Block("table", rows=tuple(tuple(r) for r in rows), widths=tuple(widths), header=header, height=height,
                 align=align)


def lines(n):
    return Block("lines", n=n)


def space(mm):
    return Block("space", n=mm)


def page():
    return Block("page")


def keep(*children):
    return Block("keep", children=tuple(children))


def part(text, marks):
    return Block("part", text, marks=marks)


# ---- mathematics ------------------------------------------------------------------------------------------------
class UnknownMath(ValueError):
    """A LaTeX command the kit does not typeset."""


_SYMBOLS = {"le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "ne": "≠", "neq": "≠", "times": "×", "div": "÷", "cdot": "·",
            "infty": "∞", "approx": "≈", "dots": "…", "ldots": "…", "sim": "~", "mid": "|", "lvert": "|",
            "rvert": "|", "sum": "∑", "pm": "±", "lt": "<", "gt": ">", "quad": "  ", "qquad": "    ", ",": " ",
            ";": " ", "!": "", " ": " ", "{": "{", "}": "}", "%": "%", "colon": ":", "left": "", "right": "",
            "prime": "′"}
_ROMAN_LETTERS = set("PBEC")           # probability, binomial, expectation, combinations: upright, as the boards print
_TOKEN = re.compile(r"\\([A-Za-z]+|.)|([{}^_])|([A-Za-z]+)|(\s+)|(.)", re.S)


def _tokens(tex: str) -> list:
    return [m.groups() for m in _TOKEN.finditer(tex)]


def _render_math(tokens: list, i: int, tags: bool, roman: bool = False, stop: str = "",
                 built: float = 0) -> tuple[str, int]:
    """The tokens as reportlab's markup (``tags``) or as plain text; ``built``: the type size of a fraction's
    numerator and denominator, set one above the other (0: written inline, a/b, as in the plain text)."""
    out = []

    def group(i, built=built):
        """One argument: a {group} or a single token."""
        if i < len(tokens) and tokens[i][1] == "{":
            return _render_math(tokens, i + 1, tags, roman, "}", built)
        return _render_math(tokens[i:i + 1], 0, tags, roman, "", built)[0], i + 1

    while i < len(tokens):
        cmd, brace, letters, blank, other = tokens[i]
        if brace == stop == "}":
            return "".join(out), i + 1
        i += 1
        if cmd is not None:
            if cmd == "frac" and built and tags:
                from .pdf import fraction_markup
                a, i = group(i, 0)
                b, i = group(i, 0)
                a, b = a.strip(), b.strip()
                # the plain text's brackets and slash go into the PDF's text layer, unseen: it reads as the plain text
                left, right = ("(" if _wrap(a) != a else ""), (")" if _wrap(b) != b else "")
                mid = (")" if left else "") + "/" + ("(" if right else "")
                out.append(fraction_markup(a, b, (left, mid, right), built))
            elif cmd == "frac":
                a, i = group(i)
                b, i = group(i)
                out.append(f"{_wrap(a.strip())}/{_wrap(b.strip())}")
            elif cmd in ("mathrm", "text"):
                if i < len(tokens) and tokens[i][1] == "{":
                    t, i = _render_math(tokens, i + 1, tags, True, "}", built)
                else:
                    t, i = group(i)
                out.append(t)
            elif cmd in _SYMBOLS:
                s = _SYMBOLS[cmd]
                out.append(html.escape(s, quote=False) if tags else s)
            else:
                raise UnknownMath(f"the kit does not typeset the command \\{cmd} (in ${''.join(_raw(tokens))}$)")
        elif brace in ("^", "_"):
            t, i = group(i)
            t = t.strip()
            tag = "super" if brace == "^" else "sub"
            out.append(f"<{tag}>{t}</{tag}>" if tags else t)
        elif brace in ("{", "}"):
            if brace == "{":
                t, i = _render_math(tokens, i, tags, roman, "}", built)
                out.append(t)
        elif letters is not None:
            if roman or not tags:
                out.append(letters)
            else:
                for ch in letters:
                    out.append(ch if ch in _ROMAN_LETTERS else f"<i>{ch}</i>")
        elif blank is not None:
            out.append(" ")
        else:
            ch = "−" if other == "-" else other
            out.append(html.escape(ch, quote=False) if tags else ch)
    return "".join(out).replace("</i><i>", ""), i


def _raw(tokens) -> list[str]:
    return ["\\" + c if c is not None else (b or l or s or o) for c, b, l, s, o in tokens]


def _wrap(x: str) -> str:
    bare = re.sub(r"<[^>]+>", "", re.sub(r"<(super|sub)>.*?</\1>", "", x))
    return f"({x})" if re.search(r"[\s+−×/]", bare.strip()) else x


#: the type size (points) of a fraction's numerator and denominator in running text, and in a displayed formula
FRACTION_SIZE, DISPLAY_FRACTION_SIZE = 8.5, 10


def math_markup(tex: str, built: float = 0) -> str:
    """A formula as reportlab's markup: italic letters, ``<super>``/``<sub>``, the signs in Unicode; fractions inline
    (a/b), or with ``built`` (a type size) built up, the numerator over the denominator, as an exam paper sets them."""
    return _render_math(_tokens(tex), 0, True, built=built)[0].strip()


def math_text(tex: str) -> str:
    """A formula as plain text, as the PDF reads (no markup; a fraction a/b)."""
    return html.unescape(re.sub(r"<[^>]+>", "", math_markup(tex)))


# ---- inline text ----------------------------------------------------------------------------------------------
_MATH = re.compile(r"\$([^$]+)\$")
_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])")


def _pieces(text: str):
    """(kind, text) pieces: "math", "code" or "prose"."""
    pos = 0
    for m in re.finditer(r"\*\*\$([^$]+)\$\*\*|\$\$([^$]+)\$\$|\$([^$]+)\$|`([^`]+)`", text):
        if m.start() > pos:
            yield "prose", text[pos:m.start()]
        if m.group(1) is not None:
            yield "bold math", m.group(1)
        elif m.group(4) is not None:
            yield "code", m.group(4)
        else:
            yield "math", m.group(2) if m.group(2) is not None else m.group(3)
        pos = m.end()
    if pos < len(text):
        yield "prose", text[pos:]


def _inline(text: str, math, code, prose, bold=None) -> str:
    """Inline text, each piece converted by its kind's function (``bold``: mathematics in bold, ``**$x$**``)."""
    convert = {"math": math, "code": code, "prose": prose, "bold math": bold or math}
    return "".join(convert[kind](t) for kind, t in _pieces(text))


def inline_pdf(text: str, built: bool = False) -> str:
    """Inline text as reportlab's markup; with ``built``, fractions built up."""
    def math(t):
        return math_markup(t, FRACTION_SIZE if built else 0)
    return _inline(text, math, lambda t: '<font face="Courier">' + html.escape(t, quote=False) + "</font>",
                   lambda t: _ITALIC.sub(r"<i>\1</i>", _BOLD.sub(r"<b>\1</b>", html.escape(t, quote=False))),
                   lambda t: f"<b>{math(t)}</b>")


def inline_plain(text: str) -> str:
    """Inline text as the PDF reads it, without marks."""
    return _inline(text, math_text, lambda t: t, lambda t: _ITALIC.sub(r"\1", _BOLD.sub(r"\1", t)))


_LATEX_ESCAPES = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "#": r"\#", "_": r"\_", "{": r"\{",
                  "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
                  # a sign in prose is set as LaTeX's own sign, never as a raw character the fonts may lack
                  "≤": r"$\le$", "≥": r"$\ge$", "≠": r"$\ne$", "×": r"$\times$", "−": r"$-$"}


def _latex_escape(t: str) -> str:
    return "".join(_LATEX_ESCAPES.get(ch, ch) for ch in t)


def _math_latex(t: str) -> str:
    math_text(t)                              # the same subset as the PDF: an unknown command is an error
    return "$" + re.sub(r"(?<!\\)%", r"\\%", t) + "$"


def inline_latex(text: str) -> str:
    """Inline text as LaTeX: prose escaped, mathematics as it is."""
    return _inline(text, _math_latex, lambda t: r"\texttt{" + _latex_escape(t) + "}",
                   lambda t: _ITALIC.sub(r"\\emph{\1}", _BOLD.sub(r"\\textbf{\1}", _latex_escape(t))),
                   lambda t: r"\textbf{" + _math_latex(t) + "}")


def from_text(paragraphs, render, table) -> list:
    """Blocks from a template's paragraphs (:func:`.sources.paragraphs`): ``## `` a heading, ``- `` a bullet,
    ``$$...$$`` a displayed formula, ``[table: name]`` the block ``table(name)`` computes, ``[page]`` a new page;
    each text rendered by ``render``."""
    out = []
    for b in paragraphs:
        m = re.fullmatch(r"\[(table|page)(?:: ([\w-]+))?\]", b)
        if m and m.group(1) == "table":
            out.append(table(m.group(2)))
        elif m:
            out.append(page())
        elif b.startswith("## "):
            out.append(h2(render(b[3:])))
        elif b.startswith("- "):
            out.append(li(render(b[2:])))
        elif b.startswith("$$") and b.endswith("$$"):
            out.append(display(render(b[2:-2])))
        else:
            out.append(p(render(b)))
    return out


# ---- the renderings ------------------------------------------------------------------------------------------
def _flat(blocks):
    for b in blocks:
        if b.kind == "keep":
            yield from _flat(b.children)
        else:
            yield b


#: a line to write on, as the Markdown shows it (the PDF draws it dotted; the LaTeX leaves the space)
ANSWER_LINE = "." * 100


def markdown(blocks, heading: str = "") -> str:
    """The document as Markdown (mathematics as LaTeX between dollar signs)."""
    out = [f"# {heading}", ""] if heading else []
    prefix = {"title": "# ", "h1": "## ", "h2": "### ", "h3": "#### "}
    for b in _flat(blocks):
        if b.kind in prefix:
            out += [prefix[b.kind] + b.text, ""]
        elif b.kind in ("p", "small"):
            out += [b.text, ""]
        elif b.kind == "li":
            out += ["- " + b.text, ""]
        elif b.kind == "display":
            out += [f"$${b.text}$$", ""]
        elif b.kind == "part":
            out += [f"{b.text} **{b.marks}**", ""]
        elif b.kind == "table":
            rows = [[c.replace("|", "\\|") for c in r] for r in b.rows]
            head = rows[0] if b.header else [""] * len(rows[0])
            body = rows[1:] if b.header else rows
            out += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
            out += ["| " + " | ".join(r) + " |" for r in body] + [""]
        elif b.kind == "lines":
            out += [f"<!-- answer space: {int(b.n)} lines -->", ""] + [ANSWER_LINE, ""] * int(b.n)
        elif b.kind == "page":
            out += ["<!-- page break -->", ""]
    text = "\n".join(out)
    return re.sub(r"\n(- [^\n]*)\n\n(?=- )", r"\n\1\n", text).rstrip() + "\n"


LATEX_PREAMBLE = r"""\documentclass[11pt,a4paper]{article}
\usepackage[T1]{fontenc}
\usepackage[utf8]{inputenc}
\usepackage[margin=18mm]{geometry}
\usepackage{amsmath,amssymb}
\usepackage{array,longtable}
\usepackage{fancyhdr}
\setlength{\parindent}{0pt}
\setlength{\parskip}{4pt}
\newcommand{\answerspace}[1]{\par\vspace{#1\baselineskip}\vspace{#1\baselineskip}}
\pagestyle{fancy}
\fancyhf{}
"""


def latex(blocks, title_text: str, footer: str) -> str:
    """The document as a LaTeX file (article, A4), editable and complete."""
    out = [LATEX_PREAMBLE.rstrip(), r"\lfoot{\footnotesize " + _latex_escape(title_text) + r"\\ "
           + _latex_escape(footer) + "}", r"\rfoot{\footnotesize page \thepage}", r"\begin{document}", ""]
    in_list = False
    for b in _flat(blocks):
        if b.kind == "li" and not in_list:
            out.append(r"\begin{itemize}")
            in_list = True
        elif b.kind != "li" and in_list:
            out.append(r"\end{itemize}")
            in_list = False
        t = inline_latex(b.text) if b.text and b.kind != "display" else ""
        if b.kind == "title":
            out += [r"{\LARGE\bfseries " + t + r"\par}", ""]
        elif b.kind == "h1":
            out += [r"\section*{" + t + "}", ""]
        elif b.kind == "h2":
            out += [r"\subsection*{" + t + "}", ""]
        elif b.kind == "h3":
            out += [r"\subsubsection*{" + t + "}", ""]
        elif b.kind == "p":
            out += [t, ""]
        elif b.kind == "small":
            out += [r"{\small " + t + r"\par}", ""]
        elif b.kind == "li":
            out.append(r"\item " + t)
        elif b.kind == "display":
            math_text(b.text)
            out += [r"\[ " + b.text + r" \]", ""]
        elif b.kind == "part":
            out += [t + r" \hfill " + _latex_escape(b.marks), ""]
        elif b.kind == "table":
            cols = len(b.rows[0])
            spec = "|" + "|".join(r">{\raggedright\arraybackslash}p{" + f"{w:.0f}mm" + "}" for w in
                                  (b.widths or [170 / cols] * cols)) + "|"
            out += [r"\begin{longtable}{" + spec + "}", r"\hline"]
            for k, row in enumerate(b.rows):
                cells = [inline_latex(c) for c in row]
                if k == 0 and b.header:
                    cells = [r"\textbf{" + c + "}" for c in cells]
                strut = r"\rule{0pt}{" + f"{b.height:.0f}mm" + "}" if b.height and k else ""
                out += [" & ".join(cells) + strut + r" \\ \hline"]
            out += [r"\end{longtable}", ""]
        elif b.kind == "lines":
            out += [r"\answerspace{" + str(int(b.n)) + "}", ""]
        elif b.kind == "space":
            out += [r"\vspace{" + f"{b.n:.0f}mm" + "}", ""]
        elif b.kind == "page":
            out += [r"\newpage", ""]
    if in_list:
        out.append(r"\end{itemize}")
    out += [r"\end{document}", ""]
    return "\n".join(out)


def plain(blocks) -> str:
    """The document's text as the PDF shows it (no marks), one block a line."""
    out = []
    for b in _flat(blocks):
        if b.kind == "table":
            out += [" ".join(inline_plain(c) for c in row) for row in b.rows]
        elif b.kind == "display":
            out.append(math_text(b.text))
        elif b.kind == "part":
            out.append(inline_plain(b.text) + " " + b.marks)
        elif b.text:
            out.append(inline_plain(b.text))
    return "\n".join(out) + "\n"


# ---- the PDF ----------------------------------------------------------------------------------------------------
def flowables(blocks, built: bool = False):
    """The blocks as reportlab's flowables; with ``built``, fractions built up (the exam papers, the mark schemes)."""
    from . import pdf
    story = []
    for b in blocks:
        if b.kind == "keep":
            story.append(pdf.KeepTogether(flowables(b.children, built)))
        elif b.kind in ("title", "h1", "h2", "p", "small"):
            story.append(pdf.Paragraph(inline_pdf(b.text, built), pdf.STYLES[b.kind]))
        elif b.kind == "h3":
            story.append(pdf.Paragraph(inline_pdf(b.text, built), pdf.STYLES["h3"]))
        elif b.kind == "li":
            story.append(pdf.Paragraph(inline_pdf(b.text, built), pdf.STYLES["bullet"], bulletText="\u2022"))
        elif b.kind == "display":
            story.append(pdf.Paragraph(math_markup(b.text, DISPLAY_FRACTION_SIZE if built else 0),
                                       pdf.STYLES["display"]))
        elif b.kind == "part":
            story.append(pdf.part_row(inline_pdf(b.text, built), b.marks))
        elif b.kind == "table":
            cells = [[pdf.Paragraph(("<b>%s</b>" if k == 0 and b.header else "%s") % inline_pdf(c, built),
                                    pdf.STYLES["cell-center" if b.align == "center" else "cell"]) for c in row]
                     for k, row in enumerate(b.rows)]
            widths = [w * pdf.mm for w in b.widths] if b.widths else None
            heights = None
            if b.height:
                heights = [None if (k == 0 and b.header) else b.height * pdf.mm for k in range(len(cells))]
            story.append(pdf.grid_table(cells, widths, b.header, heights))
            story.append(pdf.Spacer(1, 2 * pdf.mm))
        elif b.kind == "lines":
            story.append(pdf.AnswerLines(int(b.n)))
        elif b.kind == "space":
            story.append(pdf.Spacer(1, b.n * pdf.mm))
        elif b.kind == "page":
            story.append(pdf.PageBreak())
        else:
            raise ValueError(f"unknown block kind {b.kind!r}")
    return story


def build_pdf(path, blocks, title_text: str, subject: str = "", built: bool = False):
    """The document as an A4 PDF at ``path`` (same blocks, same bytes); ``built``: fractions built up."""
    from . import pdf
    return pdf.build(path, flowables(blocks, built), title_text, subject)
