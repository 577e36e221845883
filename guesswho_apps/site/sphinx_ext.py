"""The Sphinx extension of the lessons' website: only what Sphinx, MyST-NB and sphinx-book-theme do not do.

* **Executed lessons, student downloads.**  The Sphinx source folder holds each lesson's notebook exactly as a
  student gets it (Sphinx copies it into ``_sources/``, where the theme's download button and the page's own
  download link point); when Sphinx reads it, :func:`executed_notebook` hands MyST-NB the executed copy
  instead (config ``guesswho_executed``: docname -> path of the executed notebook).
* **Text alternatives.**  MyST-NB names each picture by the SHA-256 of its bytes; :func:`alt_texts` gives it
  the description the kernel made of its figure (config ``guesswho_alt``: digest -> text).
* **Launch buttons** from :mod:`.launch` (config ``guesswho_launch``: docname -> [(label, address)]), in the
  theme's launch menu.
* **Nothing beside the site.**  MyST-NB writes the notebooks' pictures into ``jupyter_execute/`` beside the output
  folder; :func:`outputs_in_the_build` sends them to a folder of the build (config ``guesswho_outputs``).  MathJax
  is on every page (the still pictures of widgets hold maths too).
* **Search for fractions.**  Sphinx's English search drops numbers; :class:`SearchWithFractions` keeps
  fractions such as ``9/16`` as words, in the index and in the query.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from docutils import nodes
from sphinx.search.en import SearchEnglish

__all__ = ["SearchWithFractions", "alt_texts", "executed_notebook", "launch_buttons", "outputs_in_the_build", "setup"]


class SearchWithFractions(SearchEnglish):
    """English search in which a fraction ("9/16") is one word, in the index and in the query (Sphinx drops
    numbers, so "9/16" would find nothing)."""

    _word_re = re.compile(r"\d+/\d+|\w+")
    js_splitter_code = r"var splitQuery = (query) => query.match(/\d+\/\d+|[\p{Letter}\p{Number}_]+/gu) || [];"


def executed_notebook(app, docname: str, source: list) -> None:
    """``source-read``: the executed notebook in place of the student's copy (which stays the download)."""
    path = app.config.guesswho_executed.get(docname)
    if path:
        with open(path, encoding="utf-8") as f:
            source[0] = f.read()


def alt_texts(app, doctree) -> None:
    """``doctree-read``: the text alternative of every picture of an executed notebook."""
    known = app.config.guesswho_alt
    for image in doctree.findall(nodes.image):
        digest = PurePosixPath(image.get("uri", "")).stem
        if digest in known:
            image["alt"] = known[digest]


def outputs_in_the_build(app) -> None:
    """``builder-inited``, after MyST-NB's own: its pictures go to ``guesswho_outputs`` (when set), not beside the
    output folder."""
    folder = app.config.guesswho_outputs
    config = getattr(app.env, "mystnb_config", None)
    if folder and config is not None:
        app.env.mystnb_config = config.copy(output_folder=folder)


def launch_buttons(app, pagename: str, templatename: str, context: dict, doctree) -> None:
    """``html-page-context``: the Binder and Colab links of a lesson in the theme's launch menu."""
    links = app.config.guesswho_launch.get(pagename)
    if not links or "header_buttons" not in context:
        return
    icons = {"Binder": "_static/images/logo_binder.svg", "Colab": "_static/images/logo_colab.png"}
    context["header_buttons"].append({
        "type": "group", "tooltip": "Run this lesson online", "icon": "fas fa-rocket", "label": "launch-buttons",
        "buttons": [{"type": "link", "text": label, "tooltip": f"Open this lesson on {label}", "url": url,
                     "icon": icons.get(label, "fas fa-rocket")} for label, url in links]})


def setup(app):
    app.add_config_value("guesswho_executed", {}, "env", dict)
    app.add_config_value("guesswho_alt", {}, "env", dict)
    app.add_config_value("guesswho_launch", {}, "html", dict)
    app.add_config_value("guesswho_outputs", "", "env", str)
    app.set_html_assets_policy("always")                               # MathJax on every page
    app.connect("builder-inited", outputs_in_the_build, priority=900)  # after MyST-NB's (priority 500)
    app.add_search_language(SearchWithFractions)
    app.connect("source-read", executed_notebook)
    app.connect("doctree-read", alt_texts)
    app.connect("html-page-context", launch_buttons, priority=502)     # after the theme's own buttons
    return {"parallel_read_safe": True, "parallel_write_safe": True}
