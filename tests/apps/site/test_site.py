"""The lessons' website (``python -m guesswho_apps site``, Sphinx + MyST-NB + sphinx-book-theme): built once per test
session from the lesson table, in fast mode (GUESSWHO_FAST=1: small grids, the same cells), then read back.

* every lesson of the table has a page with its outputs: pictures that are real, non-blank PNGs, each with a text
  alternative that says what it shows; widgets as still pictures; no error; exercises as tasks (the question and
  the empty answer cell, never the checker's "Not yet" feedback);
* every lesson page has the sidebar (the lessons by track, with their times), previous/next links and a download
  link to the student's notebook (byte for byte; the solutions are not on the site);
* every link and every file a page loads is inside the folder, and every internal link resolves (fragments too);
* in Chromium, from the folder (file://, no server, no network): the index and a lesson with its figures, a search
  for "9/16" and for "in the weeds", the print layout, and axe-core (WCAG 2.1 AA) on the index, every lesson page
  and the guide (and a sample of them in dark mode); the game page (the class server) passes axe-core and is
  played with the keyboard;
* two builds give the same bytes; misuse of the command is one line and exit status 2.

The build time of the session build is written to ``test-artifacts/site-build.txt``; screenshots go there too.
The browser is Debian's Chromium (``/usr/bin/chromium``, or the one GUESSWHO_CHROMIUM names) through Playwright,
started by ``tests/servers.py``.
"""

from __future__ import annotations

import io
import os
import re
import sys
import time
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

import pytest

from guesswho_lessons.curriculum import LESSONS, TRACKS
from guesswho_apps.site import build_site, lesson_page
from guesswho_apps.site.static_widgets import WIDGET_VIEW, freeze_widgets

ROOT = Path(__file__).resolve().parents[3]
ARTIFACTS = Path(os.environ.get("GUESSWHO_ARTIFACTS", ROOT / "test-artifacts"))
WORKERS = int(os.environ.get("GUESSWHO_NOTEBOOK_WORKERS", "2"))
# servers.py, test_browser.py: helpers beside this file
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def _untracked() -> set:
    """The repository's untracked files (ignored ones too), but Python's byte code and the tests' own folders."""
    import subprocess

    listed = subprocess.run(["git", "ls-files", "--others", "--exclude-standard", "--ignored", "--directory"],
                            cwd=ROOT, capture_output=True, text=True, check=True).stdout.splitlines()
    return {p for p in listed if "__pycache__" not in p and not p.startswith(("test-artifacts", ".pytest_cache",
                                                                             ".hypothesis"))}


@contextmanager
def _terminal(path: Path):
    """Everything printed while the block runs, by this process and the processes it starts (its kernels too),
    into the file ``path`` instead of the terminal."""
    with open(path, "w+b") as f:
        sys.stdout.flush(), sys.stderr.flush()
        saved = [os.dup(1), os.dup(2)]
        os.dup2(f.fileno(), 1), os.dup2(f.fileno(), 2)
        text = io.TextIOWrapper(open(os.dup(f.fileno()), "wb"), write_through=True)
        try:
            with redirect_stdout(text), redirect_stderr(text):
                yield
        finally:
            text.close()
            os.dup2(saved[0], 1), os.dup2(saved[1], 2)
            os.close(saved[0]), os.close(saved[1])


@pytest.fixture(scope="session")
def site_build(tmp_path_factory):
    """The session's build, into a folder of its own (``beside``: what the build left next to it), with what it
    printed (``terminal``) and what it left in the repository (``repository``: new untracked files)."""
    parent = tmp_path_factory.mktemp("site-parent")
    out = parent / "site"
    before = _untracked()
    t0 = time.perf_counter()
    with _terminal(parent.parent / "site-terminal.txt"):
        report = build_site(out, ROOT, fast=True, workers=WORKERS)
    seconds = time.perf_counter() - t0
    written = {"beside": sorted(p.name for p in parent.iterdir()), "repository": sorted(_untracked() - before),
               "terminal": (parent.parent / "site-terminal.txt").read_text(encoding="utf-8", errors="replace")}
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "site-build.txt").write_text(
        f"fast build of {len(report.lesson_pages)} lessons with {WORKERS} workers: {seconds:.0f} s, "
        f"{len(report.files)} files, {size / 1e6:.1f} MB\n")
    return report, written


@pytest.fixture(scope="session")
def site(site_build):
    return site_build[0]


# ---- reading pages -------------------------------------------------------------------------------------------
class _Page(HTMLParser):
    """Links (a href, with their classes), loaded resources (src, link href), element ids, images (src, alt),
    the sidebar's links and captions, and the text of the article."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links, self.loads, self.ids, self.images = [], [], set(), []
        self.classed: dict = {}                         # class of an <a> -> its hrefs
        self.sidebar, self.captions, self.text = [], [], []
        self._stack: list = []                          # (tag, classes) of the open elements

    def _inside(self, cls: str) -> bool:
        return any(cls in classes for _, classes in self._stack)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if tag not in ("img", "br", "hr", "meta", "link", "input", "source"):
            self._stack.append((tag, classes))
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a" and a.get("href") is not None:
            self.links.append(a["href"])
            for c in classes:
                self.classed.setdefault(c, []).append(a["href"])
            if self._inside("bd-docs-nav"):
                self.sidebar.append(a["href"])
        if tag == "link" and a.get("href") and a.get("rel") not in ("next", "prev", "index", "search"):
            self.loads.append(a["href"])
        if a.get("src") and tag in ("img", "script", "iframe", "source", "video", "audio", "embed"):
            self.loads.append(a["src"])
        if tag == "img":
            self.images.append((a.get("src", ""), a.get("alt")))

    def handle_endtag(self, tag):
        if any(t == tag for t, _ in self._stack):       # (an end tag with no start, such as </img>, closes nothing)
            while self._stack.pop()[0] != tag:
                pass

    def handle_data(self, data):
        if self._inside("caption-text"):
            self.captions.append(data.strip())
        if self._inside("bd-article"):
            self.text.append(data)


def parse(path: Path) -> _Page:
    p = _Page()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def _is_external(url: str) -> bool:
    return bool(re.match(r"^[a-z][a-z0-9+.-]*:", url, re.IGNORECASE)) and not url.startswith(("data:", "mailto:"))


def _png_is_a_picture(data: bytes) -> bool:
    """A real, non-blank picture: it decodes, and its pixels are not all one colour."""
    import matplotlib.image as mpimg
    import numpy as np

    pixels = mpimg.imread(io.BytesIO(data), format="png")
    return pixels.ndim >= 2 and min(pixels.shape[:2]) >= 10 and float(np.ptp(pixels[..., :3])) > 0.1


def _picture_bytes(page: Path, src: str) -> bytes:
    import base64

    if src.startswith("data:image/png;base64,"):
        return base64.b64decode(src.split(",", 1)[1])
    return (page.parent / unquote(src)).read_bytes()


# ---- the build ------------------------------------------------------------------------------------------------
def test_every_lesson_of_the_table_has_a_page(site):
    assert sorted(site.lesson_pages) == sorted(x.id for x in LESSONS)
    assert not site.warnings, "Sphinx warned:\n" + "\n".join(site.warnings)
    for x in LESSONS:
        page = site.out / lesson_page(x)
        assert page.is_file(), page
        assert f"Lesson {x.id}: {x.title}" in "".join(parse(page).text)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.id)
def test_each_lesson_page_shows_its_outputs_and_its_exercises_as_tasks(site, lesson):
    """Every picture (matplotlib figures and the figures inside widgets) is a real non-blank PNG with a text
    alternative that describes it; no widget placeholder, no error; every exercise's answer cell is on the page,
    marked as a task, with no output (the checker's feedback is not published)."""
    path = site.out / lesson_page(lesson)
    text = path.read_text(encoding="utf-8")
    page = parse(path)
    assert WIDGET_VIEW not in text and not re.search(r"[HV]Box\(children=", text), \
        f"{path.name}: a widget is shown as an empty placeholder"
    assert "Traceback (most recent call last)" not in text and "output error" not in text, f"{path.name}: an error"
    pictures = [(src, alt) for src, alt in page.images if src.startswith("data:image/png") or "_images/" in src]
    assert len(pictures) == site.figures[lesson.id], \
        f"{path.name}: {len(pictures)} pictures, {site.figures[lesson.id]} made"
    blank = [src[:60] for src, _ in pictures if not _png_is_a_picture(_picture_bytes(path, src))]
    assert not blank, f"{path.name}: pictures {blank} are blank or broken"
    undescribed = [alt for _, alt in pictures if not (alt or "").startswith("Figure: ") or len(alt) < 20]
    assert not undescribed, f"{path.name}: pictures without a description: {undescribed}"
    assert "Not yet" not in text and "Replace None by your answer" not in text, f"{path.name}: checker feedback shown"
    tasks = [re.split(r'<div class="cell[ "]|<section|</section>|</article>', cell)[0]      # up to the next block
             for cell in text.split('<div class="cell tag_remove-output tag_gw-exercise')[1:]]
    assert len(tasks) == site.exercises[lesson.id] >= 1, f"{path.name}: {len(tasks)} exercise cells shown as tasks"
    assert all("check" in t and "cell_output" not in t for t in tasks), f"{path.name}: an exercise shows an output"


def test_most_lessons_have_figures_and_widgets_are_still_pictures(site):
    assert len([i for i, n in site.figures.items() if n > 0]) >= len(LESSONS) // 2, site.figures
    assert site.widgets >= len(LESSONS) // 2     # most lessons have widgets
    pages = [(site.out / lesson_page(x)).read_text(encoding="utf-8") for x in LESSONS]
    assert sum(p.count('class="gw-static-widget"') for p in pages) == site.widgets
    assert sum(p.count('class="gw-static-image') for p in pages) >= 1


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.id)
def test_each_lesson_page_has_the_sidebar_previous_next_and_the_download(site, lesson):
    path = site.out / lesson_page(lesson)
    page = parse(path)
    here = path.parent
    # the sidebar: every lesson, by track, with its time
    assert page.captions[:len(TRACKS)] == list(TRACKS.values())
    sidebar = [(here / unquote(h.split("#")[0] or path.name)).resolve() for h in page.sidebar]   # "#": this page
    for x in LESSONS:
        assert (site.out / lesson_page(x)).resolve() in sidebar, f"{path.name}: lesson {x.id} not in the sidebar"
        assert f"{x.id} · {x.title} ({x.minutes} min)" in path.read_text(encoding="utf-8")
    # previous and next: the neighbours in the lesson table (the home page before the first lesson)
    order = ["index.html"] + [lesson_page(x) for x in LESSONS]
    k = order.index(lesson_page(lesson))
    prev, nxt = page.classed.get("left-prev", []), page.classed.get("right-next", [])
    assert len(prev) == 1 and (here / prev[0]).resolve() == (site.out / order[k - 1]).resolve()
    assert len(nxt) == 1 and (here / nxt[0]).resolve().is_file()
    if k + 1 < len(order):
        assert (here / nxt[0]).resolve() == (site.out / order[k + 1]).resolve()
    # the download: the student's notebook byte for byte, from the page and from the theme's download menu
    downloads = page.classed.get("gw-download", []) + page.classed.get("btn-download-source-button", [])
    assert len(downloads) == 2, f"{path.name}: download links {downloads}"
    student = (ROOT / "notebooks" / f"{lesson.notebook}.ipynb").read_bytes()
    for href in downloads:
        assert (here / href).read_bytes() == student, f"{path.name}: {href} is not the student's notebook"


def test_the_solutions_are_not_on_the_site(site):
    solutions = {p.name for p in (ROOT / "teacher" / "solutions").glob("*.ipynb")}
    assert solutions, "no solutions found to look for"
    on_site = [f for f in site.files if "solution" in f.lower() or Path(f).name in solutions]
    assert not on_site, on_site
    # nor the exam's mark schemes and the exit tickets' answers: they are the teacher's output only
    assert not [f for f in site.files if any(w in f for w in ("mark-scheme", "exit-ticket-answers",
                                                              "specification-grid"))], site.files
    exam_page = " ".join(parse(site.out / "teacher" / "exam.html").text)
    assert "Mark scheme" not in exam_page and "Marking conventions" not in exam_page and " cao" not in exam_page


def test_index_has_the_lesson_table_and_the_teachers_part(site):
    page = parse(site.out / "index.html")
    text = (site.out / "index.html").read_text(encoding="utf-8")
    for x in LESSONS:
        assert lesson_page(x) in page.links
        assert f"<td><p>{x.minutes} min</p></td>" in text
    for target in ("teacher/guide.html", "teacher/worksheets.html", "figures/index.html", "errata.html"):
        assert target in page.links
    assert "REPOSITORY-ADDRESS-NOT-SET" not in text and "mybinder.org" not in text   # no launch links yet
    worksheets = parse(site.out / "teacher" / "worksheets.html").links
    assert [w for w in worksheets if w.endswith(".pdf")], "no worksheet PDF listed"
    assert (site.out / "teacher" / "teacher-guide.pdf").read_bytes().startswith(b"%PDF")
    assert "teacher-guide.pdf" in parse(site.out / "teacher" / "guide.html").links
    for page_path, pdfs in (("teacher/exam.html", ("exam/exam-paper-a.pdf", "exam/exam-paper-b.pdf",
                                                    "exam/exit-tickets.pdf")),
                            ("summaries.html", ("summaries-files/summaries.pdf",))):
        assert page_path in page.links, page_path
        links = parse(site.out / page_path).links
        for pdf in pdfs:
            assert pdf in links and (site.out / page_path).parent.joinpath(pdf).read_bytes().startswith(b"%PDF")
    summaries_page = "".join(parse(site.out / "summaries.html").text)
    assert "Glossary" in summaries_page and "in the weeds" in summaries_page
    gallery = parse(site.out / "figures" / "index.html")
    assert len(gallery.images) >= 5 and all(alt for _, alt in gallery.images)
    from guesswho_apps.site.build import licence_footer

    for page_path in _html_pages(site.out):                   # the licences at the foot of every page
        assert licence_footer() in page_path.read_text(encoding="utf-8"), page_path


def _html_pages(out: Path) -> list[Path]:
    return sorted(p for p in out.rglob("*.html") if "_static" not in p.relative_to(out).parts)


def test_the_build_writes_nothing_outside_its_folder_and_prints_nothing(site_build):
    """Nothing beside the site's folder (MyST-NB's jupyter_execute/ once landed there: in the repository, for
    ``--out site/``), nothing new in the repository, and no line in the terminal (a kernel once said "Kernel is
    running over TCP without encryption" at every start)."""
    _, written = site_build
    assert written["beside"] == ["site"], written["beside"]
    assert written["repository"] == [], written["repository"]
    assert written["terminal"].strip() == "", written["terminal"][-3000:]


class _Text(HTMLParser):
    """The text of a page outside code, scripts, styles and maths (elements of class ``math``, which MathJax
    typesets), with the classes of the element around each piece."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.pieces: list = []
        self._stack: list = []

    def handle_starttag(self, tag, attrs):
        if tag not in ("img", "br", "hr", "meta", "link", "input", "source", "wbr"):
            self._stack.append((tag, (dict(attrs).get("class") or "").split()))

    def handle_endtag(self, tag):
        if any(t == tag for t, _ in self._stack):
            while self._stack.pop()[0] != tag:
                pass

    def handle_data(self, data):
        if not any(t in ("script", "style", "code", "pre", "kbd", "samp") or "math" in c for t, c in self._stack):
            self.pieces.append((data, " ".join(".".join([t, *c]) for t, c in self._stack[-3:])))


def raw_latex(html_text: str) -> list:
    """Pieces of a page's text that hold LaTeX a reader would see as it was typed: ``$`` or ``\\(`` or ``\\[``
    outside code and maths."""
    parser = _Text()
    parser.feed(html_text)
    return [f"{where}: {text.strip()[:160]!r}" for text, where in parser.pieces
            if "$" in text or "\\(" in text or "\\[" in text]


def test_no_page_shows_raw_latex(site):
    """Every formula is maths MathJax typesets: the still pictures' read-outs ($\\frac{3}{6}$ in lessons 01-04),
    Markdown printed by a cell (x2's sums) and a display formula inside a paragraph (x1, section 6)."""
    pages = sorted(p for p in site.out.rglob("*.html") if "_static" not in p.parts)
    shown = {p.relative_to(site.out).as_posix(): raw_latex(p.read_text(encoding="utf-8")) for p in pages}
    assert {k: v for k, v in shown.items() if v} == {}
    assert raw_latex('<p>P is $\\frac{5}{9}$</p><span class="math">\\(x\\)</span><code>$x</code>') == \
        ["p: 'P is $\\\\frac{5}{9}$'"]                          # the check itself finds what it should


def test_every_internal_link_resolves_and_nothing_is_loaded_from_outside(site):
    pages = _html_pages(site.out)
    assert len(pages) >= len(LESSONS) + 5
    ids = {p: parse(p).ids for p in pages}
    broken, external = [], []
    for p in pages:
        parsed = parse(p)
        for url in parsed.loads:
            if _is_external(url):
                external.append(f"{p.relative_to(site.out)} loads {url}")
        for url in parsed.links + parsed.loads:
            if _is_external(url) or url.startswith(("data:", "mailto:", "javascript:")):
                continue
            parts = urlsplit(url)
            target = (p.parent / unquote(parts.path)).resolve() if parts.path else p
            if not target.is_file():
                broken.append(f"{p.relative_to(site.out)}: {url}")
            elif parts.fragment and target.suffix == ".html" and target in ids \
                    and not {parts.fragment, unquote(parts.fragment)} & ids[target]:   # as a browser looks
                broken.append(f"{p.relative_to(site.out)}: {url} (no such anchor)")
            elif not target.resolve().is_relative_to(site.out.resolve()):
                broken.append(f"{p.relative_to(site.out)}: {url} leaves the site folder")
    assert not broken, "broken links:\n" + "\n".join(broken[:30])
    assert not external, "resources loaded from outside the folder:\n" + "\n".join(external[:30])
    scripts = "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in site.out.rglob("*.js")
                        if "mathjax" not in p.parts)
    assert not re.search(r"unpkg\.com|cdn\.jsdelivr|cdnjs\.cloudflare", scripts), "a script names a CDN"
    assert not [u for p in pages for u in parse(p).loads if "thebe" in u], "a page loads thebe (live code)"


def test_two_builds_give_the_same_bytes_and_launch_links_appear_once_the_address_is_set(tmp_path):
    """One lesson, twice, in separate kernels (figures left out: tests/figures/test_figures.py checks those), from a
    copy of the project whose repository address is set."""
    import html

    from guesswho_apps.site.launch import (
        LaunchSettings,
        binder_url,
        colab_cell,
        colab_url,
    )

    project = tmp_path / "project"
    project.mkdir()
    (project / "notebooks").symlink_to(ROOT / "notebooks")
    (project / "ERRATA.md").symlink_to(ROOT / "ERRATA.md")
    address = "https://github.com/a-teacher/guesswho"
    (project / "pyproject.toml").write_text(f'[tool.guesswho.launch]\nrepository = "{address}"\nbranch = "main"\n')
    a = build_site(tmp_path / "a", project, fast=True, only=["00"], workers=1, figures=False)
    b = build_site(tmp_path / "b", project, fast=True, only=["00"], workers=1, figures=False)
    assert a.files == b.files and "notebooks/00-start-here.html" in a.files
    differ = [f for f in a.files if (tmp_path / "a" / f).read_bytes() != (tmp_path / "b" / f).read_bytes()]
    assert not differ, f"files that differ between two builds: {differ}"
    settings = LaunchSettings(address)
    index = (tmp_path / "a" / "index.html").read_text(encoding="utf-8")
    assert html.escape(binder_url(settings)) in index and html.escape(colab_url(settings, "00-start-here")) in index
    assert colab_cell(settings).splitlines()[-1] in "".join(parse(tmp_path / "a" / "index.html").text)
    lesson = parse(tmp_path / "a" / "notebooks" / "00-start-here.html")
    for url in (binder_url(settings, "00-start-here"), colab_url(settings, "00-start-here")):
        assert lesson.links.count(url) == 2, f"{url}: in the theme's launch menu and under the title"


# ---- in a real browser ----------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def browser():
    from servers import browser_or_skip

    yield from browser_or_skip("the site")


def _not_blank(name: str) -> None:
    import matplotlib.image as mpimg
    import numpy as np

    pixels = mpimg.imread(ARTIFACTS / name)
    assert float(np.ptp(pixels[..., :3])) > 0.1, f"{name} is blank"


@pytest.mark.browser
def test_chromium_shows_the_index_and_a_lesson_with_its_figures_offline(site, browser):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    lesson = next(x for x in LESSONS                       # the first lesson with a widget's figure and formulas
                  if 'class="gw-static-image' in (text := (site.out / lesson_page(x)).read_text(encoding="utf-8"))
                  and "MathJax.js" in text and re.search(r'class="gw-static-html">[^\n]*class="math', text))
    requests, errors = [], []
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.on("request", lambda r: requests.append(r.url))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto((site.out / "index.html").as_uri())
        assert page.locator("article table tbody tr").count() == len(LESSONS)
        assert page.locator("nav.bd-docs-nav").is_visible()
        page.screenshot(path=str(ARTIFACTS / "site-index.png"))
        with page.expect_navigation(wait_until="load"):
            page.click(f'article a[href="{lesson_page(lesson)}"]')
        assert page.url.endswith(lesson_page(lesson))
        page.wait_for_function("window.MathJax !== undefined && MathJax.Hub !== undefined", timeout=15000)
        page.evaluate("() => new Promise(done => MathJax.Hub.Queue(done))")          # typesetting is over
        maths = page.evaluate("""() => [...document.querySelectorAll('.gw-static-widget .math.notranslate')].map(
            m => [m.querySelector('.MathJax, .MathJax_Display') !== null && !m.innerText.includes('\\\\'),
                  m.innerText.slice(0, 80)])""")
        assert maths and all(typeset for typeset, _ in maths), f"maths of the still pictures not typeset: {maths}"
        assert page.evaluate("MathJax.OutputJax['HTML-CSS'].fontInUse") == "STIX-Web"
        loaded = page.evaluate("Array.from(document.images).filter(i => i.complete && i.naturalWidth > 50).length")
        assert loaded >= 1, "the lesson page shows no figure"
        frozen = page.locator("img.gw-static-image").first
        frozen.scroll_into_view_if_needed()
        assert frozen.is_visible()
        frozen.screenshot(path=str(ARTIFACTS / "site-lesson-widget.png"))
        page.screenshot(path=str(ARTIFACTS / "site-lesson.png"), full_page=True)
        page.emulate_media(media="print")                  # the print layout: the lesson without the sidebars
        assert not page.locator(".bd-sidebar-primary").is_visible() and page.locator("article").is_visible()
        page.screenshot(path=str(ARTIFACTS / "site-lesson-print.png"))
    finally:
        page.close()
    for name in ("site-index.png", "site-lesson.png", "site-lesson-widget.png", "site-lesson-print.png"):
        _not_blank(name)
    outside = [u for u in requests if not u.startswith(("file://", "data:", "about:"))]
    assert not outside, f"the pages requested {outside[:10]}"
    # MathJax probes web-font loading with a font at about:blank, which Chromium refuses to a page opened from a file
    # (origin null); its STIX-Web fonts themselves load from the site's folder (fontInUse "STIX-Web").
    probe = ("Access to font at 'about:blank' from origin 'null' has been blocked",
             "Failed to load resource: net::ERR_FAILED")
    errors = [e for e in errors if not e.startswith(probe)]
    assert not errors, f"errors in the browser's console: {errors[:5]}"


def _lessons_containing(site, words: str) -> set:
    return {lesson_page(x) for x in LESSONS
            if words in "".join(parse(site.out / lesson_page(x)).text).replace("\u2019", "'")}


@pytest.mark.browser
@pytest.mark.parametrize("query, first", [("9/16", None), ("in the weeds", "03")])
def test_search_from_the_folder_finds_the_right_lessons(site, browser, query, first):
    """Sphinx's search page, opened from the folder (file://): every lesson that says it is found, no other
    lesson is (a search for "9/16" finds nothing in Sphinx's own English search: it drops numbers)."""
    expected = _lessons_containing(site, query)
    assert expected, f"no lesson contains {query!r} (the test needs one)"
    page = browser.new_page()
    try:
        page.goto((site.out / "search.html").as_uri() + "?q=" + quote(query))
        page.wait_for_function("() => /Search finished|did not match/.test("
                               "document.querySelector('#search-results').innerText)", timeout=30000)
        found = page.eval_on_selector_all("#search-results ul.search a", "els => els.map(e => e.getAttribute('href'))")
    finally:
        page.close()
    lessons = [h.split("#")[0] for h in found if h.startswith("notebooks/")]
    assert set(lessons) == expected, f"{query!r}: found {lessons}, the lessons that contain it are {sorted(expected)}"
    if first:
        assert lessons[0] == lesson_page(next(x for x in LESSONS if x.id == first)), lessons


def _axe_serious(page) -> list[str]:
    from servers import axe_serious

    return axe_serious(page)


#: Pages checked in dark mode too (the theme's colours are the same on every page; these have every kind of output).
DARK_SAMPLE = ("index.html", "teacher/guide.html", "notebooks/02-the-four-four-exception.html",
               "notebooks/05-the-continuous-limit.html")


@pytest.mark.browser
@pytest.mark.parametrize("mode", ["light", "dark"])
def test_axe_finds_no_serious_problem_on_the_index_the_lessons_and_the_guide(site, browser, mode):
    """WCAG 2.1 A and AA as axe-core checks them: the index, the guide, the exam questions, the summaries and every
    lesson page in light mode; a sample of them in dark mode."""
    pytest.importorskip("axe_playwright_python", reason="axe-playwright-python is not installed")
    page = browser.new_page(viewport={"width": 1280, "height": 1000}, color_scheme=mode)
    problems = {}
    pages = ["index.html", "teacher/guide.html", "teacher/exam.html", "summaries.html",
             *(lesson_page(x) for x in LESSONS)]
    try:
        for rel in pages if mode == "light" else DARK_SAMPLE:
            page.goto((site.out / rel).as_uri())
            page.wait_for_timeout(400)                      # the theme's colour transitions end
            assert page.evaluate("document.documentElement.dataset.theme") == mode
            found = _axe_serious(page)
            if found:
                problems[rel] = found
    finally:
        page.close()
    assert not problems, f"axe-core, {mode} mode, serious or critical:\n" + "\n".join(f"{k}: {v}" for k, v in
                                                                                   problems.items())


@pytest.mark.browser
def test_the_game_page_passes_axe_and_is_played_with_the_keyboard(browser, tmp_path):
    """The game page (the README's class command): no serious accessibility problem before and after a game, and
    a whole game played with Tab, Space and Enter only."""
    from servers import SETTLED_JS, serve_class

    def tab_to(page, selector, limit=300):
        for _ in range(limit):
            if page.evaluate("(s) => document.activeElement !== null && document.activeElement.matches(s)", selector):
                return
            page.keyboard.press("Tab")
        raise AssertionError(f"Tab never reached {selector}")

    with serve_class(tmp_path / "server.log") as server:
        page = browser.new_page(viewport={"width": 1280, "height": 1400})
        page.set_default_timeout(120_000)
        try:
            page.goto(server.url + "?rules=official&board=16&seed=8")
            page.wait_for_function(SETTLED_JS, arg=0)
            assert not _axe_serious(page), _axe_serious(page)
            moves = 0
            while not page.query_selector(".gw-result") and moves < 30:
                enabled = page.eval_on_selector_all(
                    "button.gw-suspect:not([disabled])",
                    "els => els.map(e => Array.from(e.classList).find(c => /^gw-suspect-[0-9]+$/.test(c)))")
                for name in enabled[: max(1, len(enabled) // 2)]:      # halving: ask about the first half
                    tab_to(page, f"button.{name}")
                    page.keyboard.press("Space")
                tab_to(page, "button.gw-ask" if len(enabled) > 1 else "button.gw-guess")
                page.keyboard.press("Enter")
                moves += 1
                page.wait_for_function(SETTLED_JS, arg=moves)
            assert re.search(r"You win!|The computer wins\.", page.inner_text(".gw-result"))
            assert not _axe_serious(page), _axe_serious(page)
            page.goto(server.url + "?rules=official&board=faces&seed=8")
            page.wait_for_function(SETTLED_JS, arg=0)
            assert not _axe_serious(page), _axe_serious(page)
        finally:
            page.close()


# ---- the command line -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("argv, text", [
    (["site", "--out", "/dev/null/site"], "--out: cannot write"),
    (["site", "--only", "99"], "--only: no lesson '99'"),
    (["site", "--source", "/nonexistent-folder"], "--source:"),
    (["site", "--workers", "0"], "--workers"),
])
def test_misuse_is_one_line_and_exit_status_2(argv, text, capsys):
    from guesswho_apps.cli import main

    assert main(argv) == 2
    err = capsys.readouterr().err
    assert text in err and err.count("\n") == 1, err


# ---- the parts, on small inputs -------------------------------------------------------------------------------
def _model(name, **state):
    return {"model_name": name, "model_module": "@jupyter-widgets/controls", "state": state}


def test_freeze_widgets_draws_each_kind_of_widget():
    import base64

    import nbformat

    png = base64.b64encode(b"\x89PNG fake").decode()
    models = {
        "box": _model("VBoxModel", children=["IPY_MODEL_img", "IPY_MODEL_html", "IPY_MODEL_slider",
                                             "IPY_MODEL_hidden", "IPY_MODEL_menu", "IPY_MODEL_btn", "IPY_MODEL_out"]),
        "img": {**_model("ImageModel", format="png", tooltip="Figure: 'P(n, m)': a heat map"),
                "buffers": [{"path": ["value"], "data": png}]},
        "html": _model("HTMLModel", value="<b>P(4, 4) = 9/16</b>", description=""),
        "slider": _model("IntSliderModel", value=4, description="n (yours)"),
        "hidden": _model("HBoxModel", children=["IPY_MODEL_html2"], layout="IPY_MODEL_lay"),
        "lay": _model("LayoutModel", display="none"),
        "html2": _model("HTMLModel", value="SECRET ERROR AREA"),
        "menu": _model("DropdownModel", _options_labels=["official", "nica"], index=1, description="rules"),
        "btn": _model("ButtonModel", description="Play"),
        "out": _model("OutputModel", outputs=[{"output_type": "stream", "name": "stdout", "text": "you win\n"}]),
    }
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("w")
    cell.outputs = [nbformat.v4.new_output("display_data", data={
        WIDGET_VIEW: {"model_id": "box", "version_major": 2, "version_minor": 0}, "text/plain": "VBox(...)"})]
    nb.cells = [cell]
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": models}}
    assert freeze_widgets(nb) == 1
    data = nb.cells[0].outputs[0]["data"]
    assert WIDGET_VIEW not in data and "widgets" not in nb.metadata
    html = data["text/html"]
    page = _Page()
    page.feed(html)
    assert page.images == [(f"data:image/png;base64,{png}", "Figure: 'P(n, m)': a heat map")]   # as a browser reads it
    assert "<b>P(4, 4) = 9/16</b>" in html
    assert "n (yours)</span> <span class=\"gw-static-value\">4<" in html
    assert ">nica<" in html and ">official<" not in html
    assert "<button class=\"gw-static-button\" disabled>Play</button>" in html
    assert "you win" in html
    assert "SECRET ERROR AREA" not in html                     # hidden boxes stay hidden
    order = [html.index(s) for s in ("data:image/png", "9/16", "n (yours)", "nica", "Play", "you win")]
    assert order == sorted(order)                              # children in their order


def test_the_search_keeps_fractions_as_words():
    from guesswho_apps.site.sphinx_ext import SearchWithFractions

    words = SearchWithFractions({}).split("P(4, 4) = 9/16, in the weeds")
    assert "9/16" in words and "weeds" in words and "9" not in words


def test_a_failing_lesson_stops_the_build_naming_the_notebook_and_the_cell(tmp_path):
    import nbformat

    from guesswho_apps.site.execute import NotebookFailed, execute_all

    good, bad = tmp_path / "good.ipynb", tmp_path / "bad.ipynb"
    for path, source in ((good, "x = 1"), (bad, "suspects = 24\nsuspects / 0")):
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(source)]
        nbformat.write(nb, path)
    with pytest.raises(NotebookFailed, match=r"bad\.ipynb: .*ZeroDivisionError(.|\n)*suspects / 0"):
        execute_all([good, bad], fast=True, workers=2)
