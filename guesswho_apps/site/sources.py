"""The Sphinx source folder of the site, written from the lesson table: the pages that are not notebooks
(index with the lesson table, teacher's guide, worksheets, figures gallery, errata), each lesson's notebook as a
student gets it, and beside it (outside the folder) its executed copy made ready to publish.

A published lesson shows each exercise as a task (the question and its empty answer cell, tagged
``remove-output`` so that MyST-NB leaves out the checker's "Not yet" feedback), its widgets as still pictures
(:mod:`.static_widgets`), and no memory address (two builds give the same bytes).
"""

from __future__ import annotations

import base64
import hashlib
import posixpath
import re
import shutil
from pathlib import Path

from guesswho_lessons.curriculum import TRACKS, Lesson

from ..templating import render_macro
from .launch import binder_url, colab_cell, colab_url, is_colab_cell
from .static_widgets import freeze_widgets

__all__ = [
    "ERRATA",
    "EXERCISE_TAG",
    "FIGURES",
    "GUIDE",
    "WORKSHEETS_PAGE",
    "copy_student_notebook",
    "errata_markdown",
    "figures_markdown",
    "guide_markdown_page",
    "index_markdown",
    "launch_links",
    "lesson_doc",
    "prepare_notebook",
    "worksheets_markdown",
    "with_files",
]

#: Docnames of the pages that are not lessons (the page is <docname>.html).
GUIDE, WORKSHEETS_PAGE, FIGURES, ERRATA = "teacher/guide", "teacher/worksheets", "figures/index", "errata"
SUMMARIES_PAGE, EXAM_PAGE = "summaries", "teacher/exam"
#: The tag (and, as ``tag_gw-exercise``, the class) of an exercise's answer cell on the page.
EXERCISE_TAG = "gw-exercise"
_CHECKER = re.compile(r"\bcheck\(")
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+>")


def lesson_doc(x: Lesson) -> str:
    """The docname of lesson ``x`` (``notebooks/01-the-recurrence``; its page is that plus ``.html``)."""
    return f"notebooks/{x.notebook}"


def _md(text: str) -> str:
    """Plain text for Markdown (every punctuation character that Markdown reads escaped)."""
    return re.sub(r"([\\`*_{}\[\]<>()#+|$!])", r"\\\1", text)


def _rel(target: str, from_doc: str) -> str:
    return posixpath.relpath(target, posixpath.dirname(from_doc) or ".")


def copy_student_notebook(source: Path, srcdir: Path, x: Lesson) -> Path:
    """The student's notebook, byte for byte, into the source folder (Sphinx offers it as the download)."""
    target = srcdir / f"{lesson_doc(x)}.ipynb"
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)
    return target


def launch_links(launch, x: Lesson) -> list[tuple[str, str]]:
    """[(label, address)] of lesson ``x`` online (Binder, and Colab for a repository on GitHub)."""
    links = [("Binder", binder_url(launch, x.notebook)), ("Colab", colab_url(launch, x.notebook))]
    return [(label, url) for label, url in links if url]


def _lesson_links(x: Lesson, launch) -> str:
    """The paragraph under a lesson's title: download the notebook, and (once the address is set) run it online."""
    doc = lesson_doc(x)
    download = _rel(f"_sources/{doc}.ipynb", doc)
    name = posixpath.basename(x.notebook) + ".ipynb"
    return render_macro("site.html", "lesson_links", download, name, launch_links(launch, x) if launch else [])


def prepare_notebook(nb, x: Lesson, launch) -> dict:
    """Make the executed notebook ``nb`` (changed in place) ready to publish; returns what it holds: widgets
    (frozen), pictures (PNG outputs and widget pictures), exercises, and ``alt`` {SHA-256 of a PNG: text}."""
    import nbformat

    widgets = freeze_widgets(nb)
    alt, pictures, exercises = {}, 0, 0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        if is_colab_cell(cell.source):                     # Colab's set-up: the page has a Colab button instead
            cell.metadata.setdefault("tags", []).append("remove-cell")
            continue
        if _CHECKER.search(cell.source):
            tags = cell.metadata.setdefault("tags", [])
            tags += [t for t in ("remove-output", EXERCISE_TAG) if t not in tags]
            exercises += 1
            continue
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream":
                out["text"] = _ADDRESS.sub(" at 0x...>", "".join(out["text"]))
            data = out.get("data", {})
            for key in ("text/plain", "text/html"):
                if key in data:
                    data[key] = _ADDRESS.sub(" at 0x...>", "".join(data[key]))
            if "image/png" in data:
                pictures += 1
                digest = hashlib.sha256(base64.b64decode(data["image/png"])).hexdigest()
                alt[digest] = data.get("text/plain", "").strip() or "a figure of the lesson"
            pictures += data.get("text/html", "").count('class="gw-static-image')
    nb.cells.insert(1, nbformat.v4.new_markdown_cell(_lesson_links(x, launch)))
    for i, cell in enumerate(nb.cells):                    # stable cell ids: the same page from every build
        cell["id"] = f"cell-{i}"
    return {"widgets": widgets, "pictures": pictures, "exercises": exercises, "alt": alt}


def _toctree(caption: str, entries) -> str:
    return "```{toctree}\n:caption: " + caption + "\n:hidden:\n\n" + "\n".join(entries) + "\n```\n"


def index_markdown(lessons, launch, footer_note: str = "") -> str:
    """The home page: the lessons by track (title, time, prerequisites, what each does, launch links), how to
    run them online, the teacher's part; and the sidebar's tables of contents."""
    out = ["# Guess Who? — the mathematics of optimal play", "",
           ("Lessons that teach, explore and verify the mathematics of optimal play in *Guess Who?*, in two "
            "tracks. Each lesson page shows the notebook run from top to bottom, with its figures and still "
            "pictures of its widgets; the exercises are left for you. Download a lesson's notebook from its page "
            "to work on it in JupyterLab" + (", or run it online (Binder, Colab)." if launch else ".")), ""]
    for track, name in TRACKS.items():
        rows = [x for x in lessons if x.track == track]
        if not rows:
            continue
        out += [f"## {_md(name)}", "", "| lesson | title | time | before this | what it does |"
                + (" run online |" if launch else ""), "|---|---|---|---|---|" + ("---|" if launch else "")]
        for x in rows:
            cells = [x.id, f"[{_md(x.title)}]({lesson_doc(x)}.ipynb)", f"{x.minutes} min", _md(x.prerequisites),
                     _md(x.summary)]
            if launch:
                cells.append(", ".join(f"[{k}]({u})" for k, u in launch_links(launch, x)))
            out.append("| " + " | ".join(cells) + " |")
        out.append("")
    out += ["## Run the lessons without installing anything", ""]
    if launch:
        out += [(f"[Open the lessons on Binder]({binder_url(launch)}) (JupyterLab in the browser, everything "
                 "installed; the first start takes a few minutes). On Google Colab, open a lesson from the table "
                 "above and run this cell first:"), "", "```python", colab_cell(launch), "```", ""]
    else:
        out += [("Binder and Colab links appear here once the repository's public address is set "
                 "(`[tool.guesswho.launch]` in `pyproject.toml`)."), ""]
    out += ["## For teachers and readers", "",
            f"- [The teacher's guide]({GUIDE}.md): lesson plans, minute by minute, as a page and a PDF",
            f"- [Printable worksheets]({WORKSHEETS_PAGE}.md)",
            f"- [Exam papers and exit tickets]({EXAM_PAGE}.md) (their mark schemes: the teacher's kit, not the site)",
            f"- [Lesson summaries and the glossary]({SUMMARIES_PAGE}.md): a page per core lesson, for students",
            f"- [The figures gallery]({FIGURES}.md)",
            f"- [Errata of the papers]({ERRATA}.md)", ""]
    if footer_note:
        out += [footer_note, ""]
    for track, name in TRACKS.items():
        entries = [f"{x.id} · {x.title} ({x.minutes} min) <{lesson_doc(x)}>" for x in lessons if x.track == track]
        if entries:
            out.append(_toctree(name, entries))
    out.append(_toctree("For teachers and readers", [f"Teacher's guide <{GUIDE}>", f"Worksheets <{WORKSHEETS_PAGE}>",
                                                     f"Exam questions <{EXAM_PAGE}>",
                                                     f"Summaries and glossary <{SUMMARIES_PAGE}>",
                                                     f"Figures <{FIGURES}>", f"Errata <{ERRATA}>"]))
    return "\n".join(out)


def guide_markdown_page(guide: str) -> str:
    """The teacher's guide page: the guide's Markdown, with its PDF and Markdown files linked under the title."""
    title, _, rest = guide.partition("\n")
    files = render_macro("site.html", "files", [("teacher-guide.pdf", "a PDF to print (A4)"),
                                                ("teacher-guide.md", "Markdown")], last=" and as ")
    return f"{title}\n\n{files}\n{rest}"


def worksheets_markdown(worksheets: dict) -> str:
    """The worksheets page: one link per PDF, with its editable sources (``worksheets``: name -> title)."""
    items = render_macro("site.html", "worksheets", worksheets.items())
    return ("# Printable worksheets\n\nEvery number on them is computed by the library. Each sheet comes in a "
            "standard, a support and an extension version; print them on A4. The last is the teacher's answer sheet."
            f"\n\n{items}\n")


def with_files(markdown: str, files: dict) -> str:
    """A page of the kit (its Markdown, title first) with its files linked under the title (``files``: the
    address beside the page -> what it is)."""
    title, _, rest = markdown.partition("\n")
    return f"{title}\n\n{render_macro('site.html', 'files', files.items())}\n{rest}"


def errata_markdown(source: Path) -> str:
    errata = Path(source) / "ERRATA.md"
    return errata.read_text(encoding="utf-8") if errata.exists() else "# Errata\n\nNone.\n"


def figures_markdown(gallery: str | None) -> str:
    """The figures gallery page: the gallery's Markdown (its pictures and files beside it), or a note when the
    site was built without figures."""
    return gallery if gallery is not None else "# Figures\n\nNot built (the site was built without figures).\n"
