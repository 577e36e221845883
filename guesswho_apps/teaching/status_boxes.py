"""The "what is proven, what is verified, what is conjecture" box of each extension lesson, generated.

Each box is a Markdown cell of its lesson whose text is exactly :func:`lesson_status_box`
(``tests/apps/teaching/test_status_boxes.py`` checks it): the claims register and :mod:`guesswho_lib.game.proven`
through :func:`guesswho_lib.claims.status.status_box` (for lessons x4 and x5, whose mathematics is their own, the
lessons' registered statements through :func:`guesswho_lessons.register.lessons_box`), and for lesson x3 the
certificates of :func:`guesswho_lib.imperfect.minimum_questions` and the values cited in
:mod:`guesswho_lib.imperfect.literature`.
:func:`update_notebooks` rewrites the boxes after a change to either record.
"""

from __future__ import annotations

from pathlib import Path

from guesswho_lessons.register.anchors import lesson_path
from guesswho_lib.claims.registry import all_claims
from guesswho_lib.claims.status import HEADING, status_box
from guesswho_lessons.register import lessons_box
from guesswho_lib.imperfect.literature import KNOWN_CODE_SIZES, predetermined_minimum
from guesswho_lib.imperfect.minimum import NotSettled, minimum_questions
from guesswho_lib.papers.tripartite import printed_appendix_table
from guesswho_lib.references import cite
from guesswho_lib.rules import plural

__all__ = ["BOXES", "lesson_status_box", "update_notebooks", "codes_lines", "appendix_tables_line"]

CHARACTERS = 24      # the board of lesson x3


def codes_lines(n: int = CHARACTERS, up_to: int = 64) -> tuple[str, ...]:
    """Lesson x3's lines: the minima for ``n`` characters proven here by certificates, what the literature settles
    (every case with one or two lies and questions in advance, for 2 <= n <= ``up_to``), and what is open."""
    adaptive = minimum_questions(n, lies=1)
    fixed = minimum_questions(n, lies=1, adaptive=False)
    ours, cited = [], []
    for lies in (1, 2):
        for k in range(2, up_to + 1):
            try:
                minimum_questions(k, lies, adaptive=False)
            except NotSettled:
                ours.append((lies, k))
                if predetermined_minimum(k, lies) is not None:
                    cited.append((lies, k))
    open_here = sorted(set(ours) - set(cited))
    values = "; ".join(f"A({q}, {d}) = {size}, from {cite(key, 'short')}"
                       for (q, d), (size, key, _) in KNOWN_CODE_SIZES.items())
    return (
        f"- **Proven here by certificates (beyond the paper):** with {n} characters and one lie, "
        f"{adaptive.value} questions if you may adapt ({adaptive.lower_bound} rules out {adaptive.value - 1}; an "
        f"exhaustive game search wins with {adaptive.value}; {cite('pelc1987', 'short')} solved this game for every "
        f"number of characters, and the search agrees) and {fixed.value} fixed in advance ({fixed.lower_bound}).",
        f"- **Cited from the literature, not computed here:** {values}. With them every case of one or two lies with "
        f"questions fixed in advance and 2 <= n <= {up_to} characters is settled; our own certificates leave "
        f"{len(ours)} of these cases between two values.",
        "- **Open:** " + (f"nothing this lesson states (for n <= {up_to}); the standard tables of codes list what is "
                          "open beyond it" if not open_here else
                          ", ".join(f"{plural(k, 'character')} with {plural(lies, 'lie')}"
                                    for lies, k in open_here)) + ".",
    )


def appendix_tables_line() -> str:
    """Lesson x2's line on Cushing et al.'s Appendix A tables of moves, whose only failure as printed is a row label:
    the labels that the transcription of the paper (:func:`~guesswho_lib.papers.tripartite.printed_appendix_table`)
    prints where the row's place implies another, and the register's two verdicts (the tables as printed, and read
    with the implied labels)."""
    claims = {c.id: c for c in all_claims()}
    printed, read = claims["tripartite.appendix.tables"], claims["tripartite.appendix.tables.corrected"]
    slips = sorted({(r.printed_n, r.n) for r in printed_appendix_table() if r.printed_n != r.n})
    if printed.expect_ok or not read.expect_ok or not slips:
        raise ValueError("the register and the transcription of Appendix A disagree about the tables' row labels")
    labels = " and ".join(f"{a} printed where its place means {b}" for a, b in slips)
    which = "one row label; that label is" if len(slips) == 1 else f"{len(slips)} row labels; those are"
    return (f"- **The Appendix A tables of moves:** right as moves (every move optimal at every m of its range "
            f"checked, `{read.id}`) but for {which} why the tables are counted below as failing as printed "
            f"(`{printed.id}`): {labels}, in the copy of the paper read here.")


#: Each extension lesson's box, made on demand.
BOXES = {
    "x1": lambda: status_box("nica", "nica"),
    "x2": lambda: status_box("tripartite", "tripartite", beyond=(appendix_tables_line(),)),
    "x3": lambda: status_box("paz", beyond=codes_lines()),
    "x4": lambda: lessons_box(lesson_path("x4")),
    "x5": lambda: lessons_box(lesson_path("x5")),
}


def lesson_status_box(lesson: str) -> str:
    """The box of an extension lesson ("x1" to "x5"), as Markdown."""
    try:
        make = BOXES[lesson]
    except (KeyError, TypeError):
        raise ValueError(f"lesson must be one of {', '.join(BOXES)}, got {lesson!r}") from None
    return make()


def update_notebooks(folder: Path | str = "notebooks/extension") -> list[Path]:
    """Rewrite the box cell (the Markdown cell that starts with the box's heading) of every extension lesson in
    ``folder`` from :func:`lesson_status_box`; returns the notebooks changed."""
    import nbformat

    changed = []
    for path in sorted(Path(folder).glob("x*.ipynb")):
        lesson = path.name.split("-")[0]
        if lesson not in BOXES:
            continue
        nb = nbformat.read(path, as_version=4)
        cells = [c for c in nb.cells if c.cell_type == "markdown" and c.source.startswith(HEADING)]
        if len(cells) != 1:
            raise ValueError(f"{path}: expected one Markdown cell starting with {HEADING!r}, found {len(cells)}")
        box = lesson_status_box(lesson)
        if cells[0].source != box:
            cells[0].source = box
            nbformat.write(nb, path)
            changed.append(path)
    return changed
