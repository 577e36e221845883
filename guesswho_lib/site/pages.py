"""The HTML pages of the site: lesson pages (nbconvert), Markdown pages, the index, and the local MathJax.

Lesson pages are written by nbconvert's ``HTMLExporter`` (the tool JupyterLab itself uses to export a notebook
to HTML) with its ``lab`` template, minus every script it would fetch from a CDN: no require.js, no widget
manager (the widgets are drawn as still pictures by :mod:`.static_widgets`), no mermaid, and MathJax 2 served
from the site's own ``mathjax/`` folder (copied from the ``jupyter-server-mathjax`` package).  Every page
works when opened from the folder (``file://``) with no network.
"""

from __future__ import annotations

import html
import importlib.util
import re
import shutil
from pathlib import Path

from ..licence import CONTENT_LICENCE_URL, notice

__all__ = ["SITE_CSS", "MATHJAX_FOLDER", "mathjax_source", "copy_mathjax", "mathjax_script", "lesson_html",
           "markdown_html", "page", "licence_footer", "rewrite_links", "scrub_addresses", "coalesce_streams"]

MATHJAX_FOLDER = "mathjax"
MATHJAX_CONFIG = "TeX-AMS-MML_HTMLorMML-full,Safe"

#: The style of the site's own pages (index, errata, gallery) and of the still widgets on lesson pages.
SITE_CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; max-width: 60em; margin: 1em auto; padding: 0 1em;
       line-height: 1.45; color: #1b1b1b; }
nav.gw-nav { font-size: 0.95em; padding: 0.4em 0; border-bottom: 1px solid #ccc; margin-bottom: 1em; }
nav.gw-nav a { margin-right: 1.2em; }
table { border-collapse: collapse; margin: 0.8em 0; }
th, td { border: 1px solid #bbb; padding: 0.3em 0.6em; text-align: left; vertical-align: top; }
th { background: #eef2f7; }
table.gw-lessons td:nth-child(3) { white-space: nowrap; }
img { max-width: 100%; }
code, pre { background: #f5f5f5; }
.gw-lesson-header { color: #444; font-size: 0.95em; margin: 0.2em 0 1em 0; }
"""

WIDGET_CSS = """
nav.gw-nav { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 0.95em; padding: 0.5em 1em;
             border-bottom: 1px solid #ccc; }
nav.gw-nav a { margin-right: 1.2em; }
.gw-static-widget { border: 1px dashed #9ab; padding: 6px; margin: 4px 0; }
.gw-static-note { font-size: 0.85em; color: #666; font-style: italic; margin-bottom: 4px; }
.gw-static-control { font-size: 0.95em; padding: 1px 6px; }
.gw-static-label { color: #333; font-weight: bold; }
.gw-static-value { background: #eef2f7; padding: 0 6px; border-radius: 3px; }
.gw-static-button { margin: 2px; }
.gw-static-image { max-width: 100%; }
.gw-static-stream { white-space: pre-wrap; }
"""

_TEMPLATE = """{%- extends 'lab/index.html.j2' -%}
{%- block html_head_js_requirejs -%}{%- endblock html_head_js_requirejs -%}
{% block jupyter_widgets %}{% endblock jupyter_widgets %}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
{%- block html_head_js_mathjax -%}{{ resources.gw_mathjax }}{%- endblock html_head_js_mathjax -%}
{% block extra_css %}<style type="text/css">{{ resources.gw_css }}</style>{% endblock extra_css %}
{%- block body_header -%}{{ super() }}{{ resources.gw_nav }}{%- endblock body_header -%}
{% block body_footer %}</main>{{ resources.gw_footer }}</body>{% endblock body_footer %}
"""


def mathjax_source() -> Path:
    """The MathJax 2 files shipped by the ``jupyter-server-mathjax`` package (found without importing it)."""
    spec = importlib.util.find_spec("jupyter_server_mathjax")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the site needs the package jupyter-server-mathjax (MathJax served from the site "
                           "folder): python -m pip install -e .")
    return Path(next(iter(spec.submodule_search_locations))) / "static"


def copy_mathjax(out: Path) -> Path:
    """Copy MathJax into ``out/mathjax`` (translations left out: the pages are in English); files whose bytes
    are already there are not rewritten."""
    source, target = mathjax_source(), Path(out) / MATHJAX_FOLDER
    for path in sorted(source.rglob("*")):
        rel = path.relative_to(source)
        if path.is_dir() or rel.parts[0] == "localization":
            continue
        dest = target / rel
        if dest.exists() and dest.read_bytes() == path.read_bytes():
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, dest)
    return target


def mathjax_script(root: str) -> str:
    """The script tags that load the local MathJax (``root``: the way from the page to the site's top, "" or
    "../") and typeset $...$ and $$...$$."""
    return (f'<script src="{root}{MATHJAX_FOLDER}/MathJax.js?config={MATHJAX_CONFIG}"></script>\n'
            '<script type="text/x-mathjax-config">MathJax.Hub.Config({tex2jax: {inlineMath: [["$","$"], '
            '["\\\\(","\\\\)"]], displayMath: [["$$","$$"], ["\\\\[","\\\\]"]], processEscapes: true, '
            'processEnvironments: true}, displayAlign: "center", messageStyle: "none", '
            '"HTML-CSS": {availableFonts: ["STIX-Web"], preferredFont: "STIX-Web", webFont: "STIX-Web", '
            'imageFont: null}});</script>')


def nav_html(root: str, links) -> str:
    """The navigation bar: ``links`` is a list of (label, path from the site's top)."""
    items = "".join(f'<a href="{html.escape(root + path)}">{html.escape(label)}</a>' for label, path in links)
    return f'<nav class="gw-nav">{items}</nav>'


_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+>")


def scrub_addresses(nb) -> None:
    """Replace memory addresses in plain-text outputs (``<... object at 0x7f3a...>``) by a fixed text, so that
    two builds give the same bytes."""
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream":
                out["text"] = _ADDRESS.sub(" at 0x...>", out["text"])
            data = out.get("data", {})
            for key in ("text/plain", "text/html"):
                if key in data:
                    text = "".join(data[key]) if isinstance(data[key], list) else data[key]
                    data[key] = _ADDRESS.sub(" at 0x...>", text)


def coalesce_streams(nb) -> None:
    """Merge consecutive printed outputs (stdout, stderr) of each cell into one: how the kernel split them into
    messages depends on timing, and two builds must give the same page."""
    for cell in nb.cells:
        merged = []
        for out in cell.get("outputs", []):
            if (out.get("output_type") == "stream" and merged and merged[-1].get("output_type") == "stream"
                    and merged[-1].get("name") == out.get("name")):
                merged[-1]["text"] = "".join(merged[-1]["text"]) + "".join(out["text"])
            else:
                merged.append(out)
        if "outputs" in cell:
            cell["outputs"] = merged


def lesson_html(nb, title: str, root: str, nav: str, header: str = "") -> str:
    """A whole HTML page for the executed notebook ``nb`` (its widgets already frozen)."""
    import jinja2
    from nbconvert import HTMLExporter

    exporter = HTMLExporter(template_name="lab", extra_loaders=[jinja2.DictLoader({"gw-lesson.html.j2": _TEMPLATE})],
                            template_file="gw-lesson.html.j2", theme="light")
    resources = {"metadata": {"name": title}, "gw_mathjax": mathjax_script(root), "gw_css": WIDGET_CSS,
                 "gw_nav": nav + header, "gw_footer": licence_footer()}
    body, _ = exporter.from_notebook_node(nb, resources=resources)
    return body


def markdown_html(text: str) -> str:
    """Markdown (with tables) as HTML, the way nbconvert renders a notebook's Markdown cells."""
    from nbconvert.filters.markdown_mistune import markdown2html_mistune

    return markdown2html_mistune(text)


def licence_footer() -> str:
    """The foot of every page: the licences of the lessons, the guide and the worksheets (its address a link),
    and of the code."""
    text = html.escape(notice("content") + " " + notice("code"), quote=False)
    url = html.escape(CONTENT_LICENCE_URL)
    link = f'<a href="{url}">{url}</a>'
    return f'<footer class="gw-licence"><p>{text.replace(url, link)}</p></footer>'


def page(title: str, body: str, root: str, nav: str, math: bool = False) -> str:
    """A page of the site's own (index, errata, gallery) around ``body`` (HTML)."""
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1.0\">\n"
            f"<title>{html.escape(title)}</title>\n<link rel=\"stylesheet\" href=\"{root}style.css\">\n"
            + (mathjax_script(root) + "\n" if math else "")
            + f"</head>\n<body>\n{nav}\n{body}\n{licence_footer()}\n</body>\n</html>\n")


_HREF = re.compile(r'(<a\s[^>]*?href=")([^"#?]*)([^"]*)(")')


def rewrite_links(text: str, resolve) -> tuple[str, list[str]]:
    """Change every relative link target ``t`` of the page to ``resolve(t)``: a new target (str), or None to
    keep the link's text without the link (a file that is not part of the site).  Returns (page, the targets
    that were dropped)."""
    dropped: list[str] = []

    def one(m):
        target = html.unescape(m.group(2))
        if not target or re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) or target.startswith("/"):
            return m.group(0)
        new = resolve(target)
        if new is None:
            dropped.append(target)
            return m.group(1) + "#" + m.group(4) + ' class="gw-not-in-site" title="not part of this site"'
        return m.group(1) + html.escape(new) + m.group(3) + m.group(4)
    return _HREF.sub(one, text), dropped
