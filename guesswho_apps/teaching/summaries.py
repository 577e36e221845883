"""A one-page summary for the student of each core lesson (what was learned, the key result with its exact value, a
worked example, a small table or tree of the method, the course's words it uses) and the glossary of those words.

The text is two templates, ``guesswho_apps/data/kit/summaries.md`` and ``glossary.md`` (:mod:`.sources`), whose
numbers are computed when the kit is written (:mod:`.templates`); a table may be computed whole (``source:``).
:func:`write_summaries` writes one A4 page per lesson and the glossary as a PDF, with its editable sources (Markdown
and LaTeX), and the Markdown page of the site.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from guesswho_lessons.curriculum import LESSONS
from ..licence import notice
from . import document as doc
from .sources import kit_text, paragraphs, sections
from .templates import render

__all__ = ["Summary", "summaries", "glossary", "summaries_blocks", "glossary_blocks", "summaries_markdown",
           "glossary_markdown", "write_summaries", "computed_table", "word_title"]

HEADER = "Guess Who? maths"


@dataclass(frozen=True)
class Summary:
    lesson: str
    learned: tuple           # bullets
    key: str                 # the key result, with its exact value
    example: tuple           # a worked example, line by line
    caption: str             # the table's caption
    table: tuple             # rows of cells (the first is the header), or () with ``source``
    source: str              # a computed table's name (computed_table), or ""
    words: tuple             # glossary words the summary uses


def _bullets(body: str) -> tuple:
    return tuple(b[2:] for b in paragraphs(body))


#: a cell border: a bar with a space (or the line's end) on each side, so that an empty cell ("| |") is a cell and a
#: bar inside mathematics ($|r| < 1$) is not a border
_BORDER = re.compile(r"(?:(?<=\s)|^)\|(?=\s|$)")


def _rows(body: str) -> tuple:
    """A Markdown table's rows, each a tuple of its cells (an empty cell kept)."""
    rows = []
    for line in body.splitlines():
        line = line.strip()
        if line.startswith("|"):
            rows.append(tuple(c.strip() for c in _BORDER.split(line[1:-1] if line.endswith("|") else line[1:])))
    widths = {len(r) for r in rows}
    if len(widths) > 1:
        raise ValueError(f"data/kit/summaries.md: a table's rows have different numbers of cells: {sorted(widths)}")
    return tuple(rows)


def summaries(text: str | None = None) -> tuple[Summary, ...]:
    """The summaries in lesson order, checked: one per core lesson, every word they list in the glossary."""
    where = "data/kit/summaries.md"
    out, cur = [], None
    for s in sections(kit_text("summaries") if text is None else text, where):
        if s.name == "summary":
            cur = {"lesson": s.keys.get("lesson", ""), "learned": (), "key": "", "example": (), "caption": "",
                   "table": (), "source": "", "words": ()}
            out.append(cur)
        elif cur is None:
            raise ValueError(f"{where}: '# {s.name}' before the first '# summary'")
        elif s.name in ("learned", "example"):
            cur[s.name] = _bullets(s.body)
        elif s.name == "key":
            cur["key"] = " ".join(paragraphs(s.body))
        elif s.name == "table":
            cur.update(caption=s.keys.get("caption", ""), source=s.keys.get("source", ""), table=_rows(s.body))
        elif s.name == "words":
            cur["words"] = tuple(w.strip() for w in s.body.split(";"))
        else:
            raise ValueError(f"{where}: unknown part '# {s.name}'")
    result = tuple(Summary(**x) for x in out)
    core = [x.id for x in LESSONS if x.track == "core"]
    if [s.lesson for s in result] != core:
        raise ValueError(f"one summary per core lesson, in order: expected {core}")
    words = glossary()
    for s in result:
        missing = set(s.words) - set(words)
        if missing:
            raise ValueError(f"summary of lesson {s.lesson}: {sorted(missing)} not in the glossary")
        if not (s.table or s.source):
            raise ValueError(f"summary of lesson {s.lesson}: a table or a tree of the method is needed")
    return result


def glossary(text: str | None = None) -> dict:
    """word -> its meaning in this course (a template), from ``data/kit/glossary.md``."""
    body = next(s.body for s in sections(kit_text("glossary") if text is None else text, "data/kit/glossary.md")
                if s.name == "glossary")
    out = {}
    for b in paragraphs(body):
        m = re.fullmatch(r"- \*\*(.+?)\*\*: (.+)", b)
        if not m:
            raise ValueError(f"data/kit/glossary.md: an entry is '- **word**: meaning', got {b[:50]!r}")
        out[m.group(1)] = m.group(2)
    return out


def computed_table(name: str) -> tuple:
    """A table the library computes whole: ``halving-not-best`` (for each n, the m with 2 <= n, m <= 24 where halving
    is not a best move, and the best questions there) or ``board-questions`` (the real board's best four first
    questions and its worst, with their splits, yes : no, and values)."""
    from guesswho_lib.rules import format_fraction, format_move
    from .numbers import best_moves, halving_not_best
    if name == "halving-not-best":
        states = halving_not_best(24)
        rows = [("$n$", "$m$ where halving is not a best move", "the best questions there")]
        for n in sorted({s[0] for s in states}):
            ms = [m for a, m in states if a == n]
            best = {" or ".join(format_move(x).replace(":", " : ") for x in best_moves(n, m)) for m in ms}
            rows.append((str(n), _ranges(ms), "; ".join(sorted(best))))
        return tuple(rows)
    if name == "board-questions":
        from .numbers import board_facts
        from guesswho_lib.board import load_board
        from guesswho_lib.rules import GUESS
        from guesswho_lib.board.question_sets import question_words
        board = load_board()
        trait = {question_words(board, [(t, True)]): t for t in board.traits}
        qs = [q for q in board_facts()["questions"] if q.sizes is not GUESS]
        rows = [("first question", "yes : no", "value to the first player")]
        for q in qs[:4] + qs[-1:]:
            yes = len(board.with_trait(trait[q.text]))
            rows.append((q.text, f"{yes} : {len(board.names) - yes}", f"${format_fraction(q.value)}$"))
        return tuple(rows)
    raise ValueError(f"no computed table {name!r}; tables are halving-not-best, board-questions")


def _ranges(ms: list) -> str:
    out, start = [], ms[0]
    for a, b in zip(ms, ms[1:] + [None]):
        if b != a + 1:
            out.append(str(start) if start == a else f"{start} to {a}")
            start = b
    return ", ".join(out)


def _title(s: Summary) -> str:
    lesson = next(x for x in LESSONS if x.id == s.lesson)
    return f"Lesson {lesson.id} · {lesson.title}: summary"


def word_title(word: str) -> str:
    """A glossary word as printed: ``n_<`` as the mathematics it is."""
    return {"n_<": "$n_{<}$", "P(n, m)": "$P(n, m)$"}.get(word, word)


def summary_blocks(s: Summary) -> list:
    """One lesson's summary, its numbers computed."""
    words = glossary()
    table = computed_table(s.source) if s.source else tuple(tuple(render(c) for c in row) for row in s.table)
    return [doc.h1(_title(s)), doc.h2("What you learned"), *[doc.li(render(t)) for t in s.learned],
            doc.h2("The key result"), doc.p(render(s.key)), doc.h2("A worked example"),
            *[doc.li(render(t)) for t in s.example], doc.h2(render(s.caption)), doc.table(table),
            doc.h2("Words"), *[doc.li(f"**{word_title(w)}**: {render(words[w])}") for w in s.words]]


def glossary_blocks() -> list:
    return [doc.h1("Glossary")] + [doc.li(f"**{word_title(w)}**: {render(m)}") for w, m in glossary().items()]


def summaries_blocks() -> list:
    """One A4 page per core lesson, then the glossary."""
    story = [doc.title("Lesson summaries"),
             doc.small("One page per core lesson; every number is computed by the library. The course's words are "
                       "in the glossary at the end.")]
    for s in summaries():
        story += summary_blocks(s) + [doc.page()]
    return story + glossary_blocks()


def summaries_markdown() -> str:
    """Every summary, then the glossary, as Markdown (for the site)."""
    return doc.markdown(summaries_blocks()) + "\n" + notice("content") + "\n"


def glossary_markdown() -> str:
    return doc.markdown(glossary_blocks())


def write_summaries(out_dir) -> dict[str, Path]:
    """Write ``summaries.pdf`` (a page per core lesson, then the glossary) with its editable sources
    ``summaries.md`` and ``summaries.tex`` into ``out_dir``."""
    from .assessment import write_item
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths: dict = {}
    write_item(out, "summaries", summaries_blocks(), f"{HEADER}: lesson summaries", paths)
    paths["summaries-markdown"] = paths.pop("summaries-md")
    return paths
