"""The browsable site (``python -m guesswho_lib site``): built once per test session from the lesson table, in
fast mode (GUESSWHO_FAST=1: small grids, the same cells), then read back.

* every lesson of the table has a page, with its outputs: PNG figures that are real pictures, frozen widgets, no
  widget placeholder, no error output;
* every link and every file a page loads (scripts, styles, images, MathJax) is inside the folder, and every
  internal link resolves (fragments too);
* Chromium opens the index from the folder (file://), shows the lesson table, follows a link to a lesson that
  shows its figures, and requests nothing outside the folder (screenshots in test-artifacts/, checked non-blank);
* two builds give the same bytes; misuse of the command is one line and exit status 2.

The build time of the session build is written to ``test-artifacts/site-build.txt``.
"""

from __future__ import annotations

import base64
import io
import os
import re
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from guesswho_lib.curriculum import LESSONS
from guesswho_lib.site import build_site, lesson_page
from guesswho_lib.site.pages import rewrite_links
from guesswho_lib.site.static_widgets import WIDGET_VIEW, freeze_widgets

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = Path(os.environ.get("GUESSWHO_ARTIFACTS", ROOT / "test-artifacts"))
CHROMIUM = os.environ.get("GUESSWHO_CHROMIUM", "/usr/bin/chromium")
WORKERS = int(os.environ.get("GUESSWHO_NOTEBOOK_WORKERS", "2"))


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    t0 = time.perf_counter()
    report = build_site(out, ROOT, fast=True, workers=WORKERS)
    seconds = time.perf_counter() - t0
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "site-build.txt").write_text(
        f"fast build of {len(report.lesson_pages)} lessons with {WORKERS} workers: {seconds:.0f} s, "
        f"{len(report.files)} files, {size / 1e6:.1f} MB\n")
    return report


# ---- reading pages -------------------------------------------------------------------------------------------
class _Page(HTMLParser):
    """Links (a href), loaded resources (src, link href), element ids and images of one HTML page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links, self.loads, self.ids, self.images = [], [], set(), []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a" and a.get("href") is not None:
            self.links.append(a["href"])
        if tag == "link" and a.get("href"):
            self.loads.append(a["href"])
        if a.get("src") and tag in ("img", "script", "iframe", "source", "video", "audio", "embed"):
            self.loads.append(a["src"])
        if tag == "img":
            self.images.append(a.get("src", ""))


def parse(path: Path) -> _Page:
    p = _Page()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def _is_external(url: str) -> bool:
    return bool(re.match(r"^[a-z][a-z0-9+.-]*:", url, re.I)) and not url.startswith(("data:", "mailto:"))


def _png_is_a_picture(data: bytes) -> bool:
    """A real, non-blank picture: it decodes, and its pixels are not all one colour."""
    import matplotlib.image as mpimg
    import numpy as np

    pixels = mpimg.imread(io.BytesIO(data), format="png")
    return pixels.ndim >= 2 and min(pixels.shape[:2]) >= 10 and float(np.ptp(pixels[..., :3])) > 0.1


# ---- the build ------------------------------------------------------------------------------------------------
def test_every_lesson_of_the_table_has_a_page(site):
    assert sorted(site.lesson_pages) == sorted(x.id for x in LESSONS)
    for x in LESSONS:
        page = site.out / lesson_page(x)
        assert page.is_file(), page
        assert x.title.split()[0] in page.read_text(encoding="utf-8")


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.id)
def test_each_lesson_page_shows_its_outputs(site, lesson):
    """Every output of the executed notebook is on the page, and so is every picture (matplotlib figures and the
    figures inside widgets), each a real non-blank PNG; no widget placeholder, no error."""
    path = site.out / lesson_page(lesson)
    text = path.read_text(encoding="utf-8")
    assert site.outputs[lesson.id] >= 1, f"{lesson.notebook}: the executed notebook has no output"
    assert text.count('class="jp-OutputArea-child') == site.outputs[lesson.id], f"{path.name}: outputs missing"
    assert WIDGET_VIEW not in text and not re.search(r"[HV]Box\(children=", text), \
        f"{path.name}: a widget is shown as an empty placeholder"
    assert "jp-OutputArea-output jp-mod-error" not in text and "Traceback (most recent call last)" not in text, \
        f"{path.name}: an error output"
    pngs = [base64.b64decode(src.split(",", 1)[1]) for src in parse(path).images
            if src.startswith("data:image/png;base64,")]
    assert len(pngs) == site.figures[lesson.id], f"{path.name}: {len(pngs)} pictures, {site.figures[lesson.id]} made"
    blank = [k for k, data in enumerate(pngs) if not _png_is_a_picture(data)]
    assert not blank, f"{path.name}: images {blank} are blank or broken"


def test_most_lessons_have_figures(site):
    with_figures = [i for i, n in site.figures.items() if n > 0]
    assert len(with_figures) >= len(LESSONS) // 2, site.figures


def test_widgets_are_frozen_into_pictures(site):
    assert site.widgets >= len(LESSONS) // 2     # most lessons have widgets
    pages = [(site.out / lesson_page(x)).read_text(encoding="utf-8") for x in LESSONS]
    frozen = sum(p.count('class="gw-static-widget"') for p in pages)
    assert frozen == site.widgets
    assert sum(p.count('class="gw-static-image"') for p in pages) >= 1


def test_index_has_the_lesson_table_and_the_teachers_part(site):
    page = parse(site.out / "index.html")
    text = (site.out / "index.html").read_text(encoding="utf-8")
    for x in LESSONS:
        assert lesson_page(x) in page.links
        assert f"<td>{x.minutes} min</td>" in text
    for target in ("teacher/guide.html", "teacher/worksheets.html", "figures/index.html", "errata.html"):
        assert target in page.links
    worksheets = parse(site.out / "teacher" / "worksheets.html").links
    assert [w for w in worksheets if w.endswith(".pdf")], "no worksheet PDF listed"
    assert (site.out / "teacher" / "teacher-guide.pdf").read_bytes().startswith(b"%PDF")


def test_every_internal_link_resolves_and_nothing_is_loaded_from_outside(site):
    pages = sorted(p for p in site.out.rglob("*.html") if "mathjax" not in p.relative_to(site.out).parts)
    assert len(pages) >= len(LESSONS) + 5
    ids = {p: parse(p).ids for p in pages}
    broken, external = [], []
    for p in pages:
        parsed = parse(p)
        for url in parsed.loads:
            if _is_external(url):
                external.append(f"{p.relative_to(site.out)} loads {url}")
        for url in parsed.links + parsed.loads:
            if _is_external(url) or url.startswith(("data:", "mailto:")):
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


def test_two_builds_give_the_same_bytes_and_the_index_links_to_binder_and_colab(tmp_path):
    """One lesson, twice, in separate kernels (figures left out: tests/test_figures.py checks those), from a copy
    of the project whose repository address is set."""
    from guesswho_lib.site.launch import LaunchSettings, binder_url, colab_cell, colab_url

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
    import html
    index = (tmp_path / "a" / "index.html").read_text(encoding="utf-8")
    settings = LaunchSettings(address)
    assert html.escape(binder_url(settings)) in index and html.escape(colab_cell(settings)) in index
    assert html.escape(colab_url(settings, "00-start-here")) in index


# ---- in a real browser ----------------------------------------------------------------------------------------
@pytest.mark.browser
def test_chromium_shows_the_lesson_table_and_a_lesson_with_its_figures(site):
    playwright = pytest.importorskip("playwright.sync_api", reason="BROWSER TEST SKIPPED: playwright missing")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"BROWSER TEST SKIPPED (the site was NOT opened in a browser): no {CHROMIUM}")
    import numpy as np
    import matplotlib.image as mpimg

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    lesson = next(x for x in LESSONS                       # the first lesson with a widget drawing a figure
                  if 'class="gw-static-image"' in (site.out / lesson_page(x)).read_text(encoding="utf-8"))
    requests = []
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 1000})
            page.on("request", lambda r: requests.append(r.url))
            page.goto((site.out / "index.html").as_uri())
            rows = page.locator("table.gw-lessons tbody tr")
            assert rows.count() == len(LESSONS)
            assert page.locator("table.gw-lessons").first.is_visible()
            page.screenshot(path=str(ARTIFACTS / "site-index.png"))
            with page.expect_navigation(wait_until="load"):
                page.click(f'a[href="{lesson_page(lesson)}"]')
            assert page.url.endswith(lesson_page(lesson))
            page.wait_for_function("window.MathJax !== undefined && MathJax.Hub !== undefined", timeout=15000)
            loaded = page.evaluate("Array.from(document.images).filter(i => i.complete && i.naturalWidth > 50).length")
            assert loaded >= 1, "the lesson page shows no figure"
            frozen = page.locator("img.gw-static-image").first
            frozen.scroll_into_view_if_needed()
            assert frozen.is_visible()
            frozen.screenshot(path=str(ARTIFACTS / "site-lesson-widget.png"))
            page.screenshot(path=str(ARTIFACTS / "site-lesson.png"), full_page=True)
        finally:
            browser.close()
    for name in ("site-index.png", "site-lesson.png", "site-lesson-widget.png"):
        pixels = mpimg.imread(ARTIFACTS / name)
        assert float(np.ptp(pixels[..., :3])) > 0.1, f"{name} is blank"
    outside = [u for u in requests if not u.startswith(("file://", "data:", "about:"))]
    assert not outside, f"the pages requested {outside[:10]}"


# ---- the command line -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("argv, text", [
    (["site", "--out", "/dev/null/site"], "--out: cannot write"),
    (["site", "--only", "99"], "--only: no lesson '99'"),
    (["site", "--source", "/nonexistent-folder"], "--source:"),
    (["site", "--workers", "0"], "--workers"),
])
def test_misuse_is_one_line_and_exit_status_2(argv, text, capsys):
    from guesswho_lib.cli import main

    assert main(argv) == 2
    err = capsys.readouterr().err
    assert text in err and err.count("\n") == 1, err


# ---- the parts, on small inputs -------------------------------------------------------------------------------
def _model(name, **state):
    return {"model_name": name, "model_module": "@jupyter-widgets/controls", "state": state}


def test_freeze_widgets_draws_each_kind_of_widget():
    import nbformat

    png = base64.b64encode(b"\x89PNG fake").decode()
    models = {
        "box": _model("VBoxModel", children=["IPY_MODEL_img", "IPY_MODEL_html", "IPY_MODEL_slider",
                                             "IPY_MODEL_hidden", "IPY_MODEL_menu", "IPY_MODEL_btn", "IPY_MODEL_out"]),
        "img": {**_model("ImageModel", format="png"), "buffers": [{"path": ["value"], "data": png}]},
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
    assert f'src="data:image/png;base64,{png}"' in html
    assert "<b>P(4, 4) = 9/16</b>" in html
    assert "n (yours)</span> <span class=\"gw-static-value\">4<" in html
    assert ">nica<" in html and ">official<" not in html
    assert "<button class=\"gw-static-button\" disabled>Play</button>" in html
    assert "you win" in html
    assert "SECRET ERROR AREA" not in html                     # hidden boxes stay hidden
    order = [html.index(s) for s in ("data:image/png", "9/16", "n (yours)", "nica", "Play", "you win")]
    assert order == sorted(order)                              # children in their order


def test_rewrite_links_maps_notebooks_to_pages_and_drops_what_is_not_in_the_site():
    page = ('<a href="01-the-recurrence.ipynb#Summary">next</a> <a href="https://doi.org/x">paper</a> '
            '<a href="../setup.py">code</a> <a href="#top">up</a>')
    pages = {"01-the-recurrence.ipynb": "01-the-recurrence.html"}
    text, dropped = rewrite_links(page, pages.get)
    assert 'href="01-the-recurrence.html#Summary"' in text
    assert 'href="https://doi.org/x"' in text and 'href="#top"' in text
    assert dropped == ["../setup.py"] and 'href="../setup.py"' not in text


def test_a_failing_lesson_stops_the_build_naming_the_notebook_and_the_cell(tmp_path):
    import nbformat

    from guesswho_lib.site.execute import NotebookFailed, execute_all

    good, bad = tmp_path / "good.ipynb", tmp_path / "bad.ipynb"
    for path, source in ((good, "x = 1"), (bad, "suspects = 24\nsuspects / 0")):
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(source)]
        nbformat.write(nb, path)
    with pytest.raises(NotebookFailed, match=r"bad\.ipynb: .*ZeroDivisionError(.|\n)*suspects / 0"):
        execute_all([good, bad], fast=True, workers=2)
