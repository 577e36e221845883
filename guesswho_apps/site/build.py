"""Build the lessons' website: ``python -m guesswho_apps site --out site/``.

Sphinx builds it, with MyST-NB (notebooks and Markdown) and sphinx-book-theme (sidebar, previous/next links,
search, download and launch buttons, print layout, dark mode).  This module writes Sphinx's source folder from
the lesson table (:data:`guesswho_lessons.curriculum.LESSONS`): each lesson's notebook as a student gets it, the
pages of :mod:`.sources`; it runs the notebooks itself (:mod:`.execute`: several at once, fixed environment)
and hands Sphinx the executed copies (:mod:`.sphinx_ext`), with widgets drawn as still pictures
(:mod:`.static_widgets`).  Beside the pages: the teacher's guide, worksheets, exam questions and summaries as PDFs
(:mod:`guesswho_apps.teaching`), the figures (:mod:`guesswho_lib.figures`), and MathJax copied from the
``jupyter-server-mathjax`` package.  Nothing is fetched when the site is built or read; two builds from the
same sources give the same bytes.

Layout of the folder::

    index.html  search.html  errata.html  figures/index.html  _static/ (theme, MathJax)  _images/  _downloads/
    notebooks/<notebook>.html     (one per lesson, named as in the lesson table: "extension/x1-...")
    _sources/notebooks/<notebook>.ipynb      (the student's notebook, the page's download)
    teacher/guide.html, teacher-guide.pdf, teacher-guide.md, worksheets.html, worksheets/*.pdf
    teacher/exam.html, exam/*.pdf, exam/exam.md (the papers and the exit tickets; their mark schemes and answers
    are in the teacher's output of ``python -m guesswho_apps exam``, never on the site)
    summaries.html, summaries-files/summaries.pdf, summaries-files/summaries.md (a page per core lesson, glossary)
"""

from __future__ import annotations

import importlib.util
import io
import json
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from guesswho_lessons.curriculum import LESSONS, Lesson
from ..licence import CONTENT_LICENCE_URL, notice
from ..templating import render_macro
from ..teaching import WORKSHEETS, guide_markdown, write_exam, write_guide, write_summaries, write_worksheets
from . import sources
from .execute import execute_all
from .launch import launch_settings

__all__ = ["SiteReport", "build_site", "lesson_page", "lesson_source", "licence_footer", "sphinx_settings"]

MATHJAX = "mathjax/MathJax.js?config=TeX-AMS-MML_HTMLorMML-full,Safe"


@dataclass
class SiteReport:
    """What a build wrote: every file (relative to the site folder, sorted), each lesson's page, the widgets
    drawn as still pictures, each lesson's pictures and exercises, and Sphinx's warnings (none expected)."""

    out: Path
    files: list = field(default_factory=list)
    lesson_pages: dict = field(default_factory=dict)        # lesson id -> page path (relative)
    widgets: int = 0
    figures: dict = field(default_factory=dict)             # lesson id -> pictures on its page (widgets' too)
    exercises: dict = field(default_factory=dict)           # lesson id -> exercise cells shown as tasks
    warnings: list = field(default_factory=list)
    teaching: str = ""                                      # what the teacher's part added


def lesson_source(source: Path, x: Lesson) -> Path:
    """The notebook file of lesson ``x`` under the project folder ``source``."""
    return Path(source) / "notebooks" / f"{x.notebook}.ipynb"


def lesson_page(x: Lesson) -> str:
    """The page of lesson ``x``, relative to the site folder (``notebooks/01-the-recurrence.html``)."""
    return f"{sources.lesson_doc(x)}.html"


def _launch(source: Path):
    """The Binder/Colab settings of the project at ``source``, or None when its address is not set yet."""
    try:
        settings = launch_settings(source)
    except (OSError, ValueError):
        return None
    return settings if settings.is_set else None


def _copy_mathjax(static: Path) -> None:
    """MathJax 2 from the ``jupyter-server-mathjax`` package into ``static/mathjax`` (translations left out)."""
    spec = importlib.util.find_spec("jupyter_server_mathjax")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the site needs the package jupyter-server-mathjax (MathJax served from the site "
                           "folder): python -m pip install -e .")
    shutil.copytree(Path(next(iter(spec.submodule_search_locations))) / "static", static / "mathjax",
                    ignore=shutil.ignore_patterns("localization"))


def licence_footer() -> str:
    """The foot of every page: the licences of the lessons, the guide and the worksheets (its address a link),
    and of the code (:mod:`guesswho_apps.licence`)."""
    return render_macro("site.html", "licence", notice("content") + " " + notice("code"), CONTENT_LICENCE_URL)


def sphinx_settings(executed: dict, alt: dict, launch: dict, outputs: str = "") -> dict:
    """Sphinx's configuration of the site (no conf.py: these are its values; ``_static`` is a folder of the
    sources: MathJax and the site's style sheet).  ``outputs``: the folder where MyST-NB writes the notebooks'
    pictures before Sphinx copies them (a folder of the build's own; MyST-NB's default is beside the site)."""
    return {
        "project": "Guess Who? lessons", "author": "The guesswho developers", "copyright": "the guesswho developers",
        "language": "en", "root_doc": "index", "templates_path": [],   # (a new list: the theme adds to it)
        "extensions": ["myst_nb", "guesswho_apps.site.sphinx_ext"],
        "myst_enable_extensions": ["dollarmath", "amsmath"], "myst_heading_anchors": 3,
        "myst_dmath_double_inline": True,              # $$...$$ inside a paragraph, as JupyterLab shows it
        "nb_render_markdown_format": "myst",           # Markdown outputs too: their $...$ and $$...$$ are maths
        "suppress_warnings": ["myst.header"],          # the guide's headings skip a level under its title
        "nb_execution_mode": "off",                    # the notebooks ran already (guesswho_executed)
        "nb_merge_streams": True, "nb_ipywidgets_js": {},  # widgets are still pictures: no widget manager
        "mathjax_path": MATHJAX, "mathjax2_config": {      # $...$ too: the widgets' read-outs use it
            "tex2jax": {"inlineMath": [["$", "$"], ["\\(", "\\)"]], "displayMath": [["$$", "$$"], ["\\[", "\\]"]],
                        "processEscapes": True, "processEnvironments": True,
                        # MyST marks every page "tex2jax_ignore" and its maths "math": MathJax 2 must be told
                        # to typeset those (MyST updates the settings of MathJax 3 and 4 only)
                        "processClass": "tex2jax_process|mathjax_process|math|output_area",
                        "ignoreClass": "tex2jax_ignore|mathjax_ignore|document"},
            "messageStyle": "none", "HTML-CSS": {"availableFonts": ["STIX-Web"], "preferredFont": "STIX-Web",
                                                 "webFont": "STIX-Web", "imageFont": None}},
        "html_theme": "sphinx_book_theme", "html_title": "Guess Who? lessons",
        "html_static_path": ["_static"], "html_css_files": ["guesswho.css"], "exclude_patterns": ["_static"],
        "html_copy_source": True, "html_show_sourcelink": False, "html_show_search_summary": False,
        "html_last_updated_fmt": None, "html_context": {"default_mode": "auto"},
        "html_theme_options": {
            "use_download_button": True, "use_fullscreen_button": False, "use_repository_button": False,
            "home_page_in_toc": True, "show_navbar_depth": 1, "show_toc_level": 2,
            "extra_footer": licence_footer(),
        },
        "guesswho_executed": executed, "guesswho_alt": alt, "guesswho_launch": launch, "guesswho_outputs": outputs,
    }


#: The site's own style: exercises marked as tasks; still widgets on white in both modes (their pictures and
#: coloured read-outs are drawn for a light background).
SITE_CSS = """\
.tag_gw-exercise { border-left: 4px solid var(--pst-color-primary); padding-left: 0.6em; }
.tag_gw-exercise::before { content: "Your answer (run the cell to check it)"; font-weight: bold;
                           color: var(--pst-color-text-base); }
.gw-static-widget { border: 1px dashed #6c757d; padding: 6px; margin: 4px 0; background: #fff; color: #1b1b1b; }
.gw-static-note { font-size: 0.9em; font-style: italic; margin-bottom: 4px; }
.gw-static-label { font-weight: bold; }
.gw-static-value { padding: 0 6px; border: 1px solid var(--pst-color-border); border-radius: 3px; }
.gw-static-image { max-width: 100%; height: auto; }
.gw-static-stream { white-space: pre-wrap; }
.gw-lesson-links { font-size: 0.95em; }
"""


class _Progress:
    def __init__(self, progress, total):
        self.progress, self.total, self.step = progress, total, 0

    def __call__(self, label, step=None):
        self.step = self.step if step is None else step
        if self.progress:
            self.progress(self.step, self.total, label)
        self.step += 1


def build_site(out, source=".", fast: bool = False, only=None, workers: int = 2, progress=None,
               figures: bool = True) -> SiteReport:
    """Build the site into the folder ``out`` from the project folder ``source`` (holding ``notebooks/`` and
    ``ERRATA.md``).  ``fast`` runs the notebooks and figures on small grids (GUESSWHO_FAST, for tests);
    ``only`` is a collection of lesson ids (default: every lesson of the table); ``progress(i, total, label)``
    is called as the build goes.  With ``workers > 1`` the notebooks run in new processes (spawned) and Sphinx
    reads pages in as many: a script that calls this must do so under ``if __name__ == "__main__":``."""
    out, source = Path(out).resolve(), Path(source)
    os.environ.setdefault("SOURCE_DATE_EPOCH", "0")     # one date for every file that records one (PDFs)
    lessons = [x for x in LESSONS if only is None or x.id in only]
    report = SiteReport(out)
    tick = _Progress(progress, len(lessons) + 3)
    launch = _launch(source)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="guesswho-site-") as tmp:
        work = Path(tmp)
        srcdir, ran = work / "src", work / "executed"
        static = srcdir / "_static"                    # (a path relative to the sources: the same every build)
        for folder in (srcdir, static, ran):
            folder.mkdir()

        def meanwhile():            # while the notebooks run: the pages that need no kernel
            tick("teacher's guide and worksheets")
            report.teaching = _teaching(out, srcdir)
            tick("figures gallery")
            gallery = _figures(srcdir, fast) if figures else None
            _write(srcdir / f"{sources.FIGURES}.md", sources.figures_markdown(gallery))
            _write(srcdir / f"{sources.ERRATA}.md", sources.errata_markdown(source))
            _write(srcdir / "index.md", sources.index_markdown(lessons, launch))
            _copy_mathjax(static)
            _write(static / "guesswho.css", SITE_CSS)

        # 1. run the notebooks (the long part: each in its own kernel, `workers` at a time)
        paths = {x.id: lesson_source(source, x) for x in lessons}
        executed = execute_all(list(paths.values()), fast=fast, workers=workers, meanwhile=meanwhile,
                               progress=lambda i, n, label: tick(label, 2 + i))
        # 2. each lesson: the student's notebook (the source, and the download), and its executed copy
        executed_paths, alt, launch_links = {}, {}, {}
        for x in lessons:
            doc = sources.lesson_doc(x)
            sources.copy_student_notebook(paths[x.id], srcdir, x)
            nb = executed[paths[x.id]]
            made = sources.prepare_notebook(nb, x, launch)
            report.widgets += made["widgets"]
            report.figures[x.id], report.exercises[x.id] = made["pictures"], made["exercises"]
            alt.update(made["alt"])
            target = ran / f"{x.id}.ipynb"
            target.write_text(json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False), encoding="utf-8")
            executed_paths[doc] = str(target)
            if launch:
                launch_links[doc] = sources.launch_links(launch, x)
            report.lesson_pages[x.id] = lesson_page(x)

        # 3. Sphinx
        tick("pages (Sphinx)", len(lessons) + 2)
        warnings = io.StringIO()
        settings = sphinx_settings(executed_paths, alt, launch_links, str(work / "outputs"))
        _sphinx(srcdir, out, work / "doctrees", settings, warnings, workers)
        report.warnings = [w.replace(f"{srcdir}{os.sep}", "") for w in warnings.getvalue().splitlines() if w.strip()]
    report.files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    if progress:
        progress(tick.total, tick.total, "done")
    return report


def _figures(srcdir: Path, fast: bool) -> str:
    """Draw the figures beside the gallery page; returns the gallery's Markdown."""
    from guesswho_lib.figures.build import gallery_markdown, make_all

    make_all(srcdir / "figures", fast=fast)
    (srcdir / "figures" / "README.md").unlink()
    return gallery_markdown()


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _sphinx(srcdir: Path, out: Path, doctrees: Path, settings: dict, warnings, workers: int) -> None:
    from sphinx.application import Sphinx
    from sphinx.util.console import nocolor
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    nocolor()
    with patch_docutils(None), docutils_namespace():
        app = Sphinx(str(srcdir), None, str(out), str(doctrees), "html", confoverrides=settings, status=None,
                     warning=warnings, freshenv=True, parallel=workers if workers > 1 else 0)
        app.build(force_all=True)


def _teaching(out: Path, srcdir: Path) -> str:
    """The teacher's guide (a page of the site, and its PDF and Markdown beside it) and the worksheets (A4 PDFs
    and a page listing them), from :mod:`guesswho_apps.teaching`."""
    write_guide(out / "teacher")
    write_worksheets(out / "teacher" / "worksheets")
    _write(srcdir / f"{sources.GUIDE}.md", sources.guide_markdown_page(guide_markdown()))
    _write(srcdir / f"{sources.WORKSHEETS_PAGE}.md", sources.worksheets_markdown(WORKSHEETS))
    exam = write_exam(out / "teacher" / "exam", teacher=False)      # the mark schemes and answers stay off the site
    _write(srcdir / f"{sources.EXAM_PAGE}.md", sources.with_files(
        exam["markdown"].read_text(encoding="utf-8"),
        {"exam/exam-paper-a.pdf": "paper A to print (A4)", "exam/exam-paper-b.pdf": "paper B",
         "exam/exit-tickets.pdf": "the exit tickets (two to a page)",
         "exam/exam-practice.ipynb": "a notebook for practice, on other states"}))
    summaries = write_summaries(out / "summaries-files")
    _write(srcdir / f"{sources.SUMMARIES_PAGE}.md", sources.with_files(
        summaries["summaries-markdown"].read_text(encoding="utf-8"),
        {"summaries-files/summaries.pdf": "a PDF to print (A4, a page per lesson)"}))
    return ("teacher's guide (a page, PDF, Markdown), worksheets (" + ", ".join(WORKSHEETS) + "), exam questions, "
            "lesson summaries and glossary")
