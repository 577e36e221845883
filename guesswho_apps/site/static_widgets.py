"""A still picture of every widget in an executed notebook, for a page with no kernel and no JavaScript.

When nbclient executes a notebook it saves the state of every live widget in the notebook's metadata
(``application/vnd.jupyter.widget-state+json``).  The views of :mod:`guesswho_lib.widgets.base` show their
figures as an ``<img>`` in an HTML widget, with the figure's description as its ``alt``: the still picture keeps
that ``<img>`` and its text alternative as they are.  :func:`freeze_widgets` replaces each widget output
(``application/vnd.jupyter.widget-view+json``, which a static page can only show as an empty placeholder or load
from a widget CDN) by plain HTML drawn from that state: boxes become ``div`` elements, images ``<img>`` with the
PNG inlined, HTML read-outs their HTML (the ``$...$`` maths of an HTMLMath read-out marked as maths, which the
site's MathJax typesets), controls a line "description: value", buttons disabled buttons, and Output widgets
their captured outputs.  The widget state is then removed from the metadata, so that the page asks for no
widget manager.
"""

from __future__ import annotations

import base64
import re
from functools import partial

from guesswho_lib.widgets.base import FIGURE_IMAGE_CLASS
from ..templating import markup, render_macro

__all__ = ["WIDGET_STATE", "WIDGET_VIEW", "freeze_widgets", "math_html", "widget_html"]

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
REF = "IPY_MODEL_"

#: Shown above every frozen widget (class ``gw-static-note``).
NOTE = "Still picture of an interactive widget: open the notebook in JupyterLab to move its controls."

CONTAINERS = {"BoxModel", "HBoxModel", "VBoxModel", "GridBoxModel", "AccordionModel", "TabModel", "StackModel"}
TEXTS = {"HTMLModel", "HTMLMathModel"}
_piece = partial(render_macro, "site.html")         # the pieces of HTML: templates/site.html


def _ref(value):
    return value[len(REF):] if isinstance(value, str) and value.startswith(REF) else None


def _hidden(models: dict, state: dict) -> bool:
    layout = models.get(_ref(state.get("layout")) or "", {}).get("state", {})
    return layout.get("display") == "none" or layout.get("visibility") == "hidden"


def _image(model: dict) -> str:
    state = model["state"]
    data = next((b["data"] for b in model.get("buffers", []) if b.get("path") == ["value"]), None)
    if data is None:                          # saved without buffers: the value itself may be base64 text
        data = state.get("value") or ""
    if isinstance(data, bytes):
        data = base64.b64encode(data).decode("ascii")
    if not data:
        return ""
    alt = str(state.get("tooltip") or "a picture drawn by the widget")
    return _piece("image", f"data:image/{state.get('format') or 'png'};base64,{data}", alt,
                  state.get("width") or None, state.get("height") or None)


_DISPLAY_MATH = re.compile(r"\$\$(.+?)\$\$", re.S)
_INLINE_MATH = re.compile(r"(?<![\\$])\$(?!\$)(.+?)(?<![\\$])\$")


def math_html(text: str) -> str:
    r"""The ``$...$`` and ``$$...$$`` maths of an HTMLMath read-out as elements that MathJax typesets on the page
    (as Sphinx writes maths: class ``math``, ``\(...\)`` and ``\[...\]``); an escaped ``\$`` stays a dollar.

    >>> print(math_html(r"P is $\frac{5}{9}$; costs \$3"))
    P is <span class="math notranslate nohighlight">\(\frac{5}{9}\)</span>; costs \$3
    >>> print(math_html(r"$$x^2$$"))
    <div class="math notranslate nohighlight">\[x^2\]</div>
    """
    text = _DISPLAY_MATH.sub(lambda m: _piece("display_math", markup(m[1])), text)
    return _INLINE_MATH.sub(lambda m: _piece("inline_math", markup(m[1])), text)


def _value_text(name: str, state: dict) -> str:
    labels = state.get("_options_labels")
    if labels is not None:                    # Dropdown, RadioButtons, ToggleButtons, Select, SelectionSlider
        index = state.get("index")
        if isinstance(index, (list, tuple)):  # SelectMultiple
            return ", ".join(str(labels[i]) for i in index)
        return "" if index is None else str(labels[index])
    value = state.get("value")
    if name in ("CheckboxModel", "ToggleButtonModel"):
        return "yes" if value else "no"
    if isinstance(value, list):
        return " to ".join(str(v) for v in value)
    return "" if value is None else str(value)


def _output(out: dict, models: dict) -> str:
    """One nbformat output (from an Output widget) as HTML."""
    kind = out.get("output_type")
    if kind == "stream":
        return _piece("stream", _text(out.get("text", "")))
    if kind == "error":
        return _piece("error", f'{out.get("ename", "")}: {out.get("evalue", "")}')
    data = out.get("data", {})
    if WIDGET_VIEW in data:
        return widget_html(data[WIDGET_VIEW]["model_id"], models)
    if "text/html" in data:
        return _text(data["text/html"])
    for fmt in ("image/png", "image/jpeg"):
        if fmt in data:
            alt = _text(data.get("text/plain", "")).strip() or "a figure"                # the figure's description
            return _piece("image", f"data:{fmt};base64,{_text(data[fmt]).strip()}", alt)
    if "image/svg+xml" in data:
        return _text(data["image/svg+xml"])
    if "text/plain" in data:
        return _piece("stream", _text(data["text/plain"]))
    return ""


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def widget_html(model_id: str, models: dict, _depth: int = 0) -> str:
    """The widget ``model_id`` and everything in it as static HTML, from the saved states ``models``
    ({model id: {"model_name", "state", "buffers"}}).  A model missing from the state gives a short notice."""
    model = models.get(model_id)
    if model is None or _depth > 50:
        return _piece("missing")
    name, state = model.get("model_name", ""), model.get("state", {})
    if _hidden(models, state):
        return ""
    description = str(state.get("description") or "")
    if name in CONTAINERS:
        direction = "row" if name == "HBoxModel" else "column"
        titles = state.get("titles") or state.get("_titles") or []
        parts = []
        for k, child in enumerate(state.get("children", [])):
            inner = widget_html(_ref(child) or "", models, _depth + 1)
            if isinstance(titles, list) and k < len(titles) and titles[k]:
                inner = _piece("titled", str(titles[k]), markup(inner))
            if inner:
                parts.append(inner)
        return _piece("box", direction, markup("".join(parts)))
    if name == "ImageModel":
        return _image(model)
    if name in TEXTS:
        body = str(state.get("value") or "").replace(f'class="{FIGURE_IMAGE_CLASS}"',   # a figure view's picture
                                                     f'class="gw-static-image {FIGURE_IMAGE_CLASS}"')
        if name == "HTMLMathModel":
            body = math_html(body)
        if not body and not description:
            return ""
        return _piece("html_box", description, markup(body))
    if name == "LabelModel":
        return _piece("label", str(state.get("value") or ""))
    if name == "OutputModel":
        return "".join(_output(o, models) for o in state.get("outputs", []))
    if name == "ButtonModel":
        return _piece("button", description)
    if name.endswith("StyleModel") or name == "LayoutModel":
        return ""
    if "value" in state or "_options_labels" in state:
        return _piece("control", description, _value_text(name, state))
    return ""


def freeze_widgets(nb) -> int:
    """Replace, in the executed notebook ``nb`` (changed in place), every widget output by its static HTML
    (:func:`widget_html`, with a note above it), and drop the saved widget state.  Returns the number of
    widget outputs replaced."""
    models = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    count = 0
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if WIDGET_VIEW not in data:
                continue
            body = widget_html(data[WIDGET_VIEW].get("model_id", ""), models)
            del data[WIDGET_VIEW]
            data["text/html"] = _piece("widget", NOTE, markup(body))
            count += 1
    nb.metadata.pop("widgets", None)
    return count
