"""HTML from the package's Jinja2 templates (``guesswho_lib/templates/``): the one way the library writes HTML.

Every value is escaped unless it is marked with :func:`markup` (a piece made by another template, or a picture the
library drew; never a user's text).  :func:`render` and :func:`render_macro` return plain strings.  Jinja2 comes
with JupyterLab; it is imported on first use, so ``import guesswho_lib`` stays light.

>>> render_macro("widgets.html", "error_box", ["a <b>"], 0)
'<div style="color:#b00020"><b>Error</b><ul style="margin:0"><li>a &lt;b&gt;</li></ul></div>'
"""

from __future__ import annotations

__all__ = ["render", "render_macro", "markup"]

_ENVIRONMENT = None
_MODULES: dict = {}           # template name -> its macros (a handful of files)


def _environment():
    global _ENVIRONMENT
    if _ENVIRONMENT is None:
        import jinja2

        _ENVIRONMENT = jinja2.Environment(loader=jinja2.PackageLoader("guesswho_lib", "templates"), autoescape=True,
                                          undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                                          auto_reload=False)      # the templates ship with the package
    return _ENVIRONMENT


def markup(text: str):
    """``text`` as HTML that a template puts in as it is (a picture drawn by the library, never a user's text)."""
    from markupsafe import Markup

    return Markup(text)


def render(template: str, **values) -> str:
    """The template named ``template`` filled in with ``values`` (escaped), as HTML."""
    return _environment().get_template(template).render(**values)


def render_macro(template: str, macro: str, *args, **kwargs) -> str:
    """The macro ``macro`` of ``template`` (a template file holding several small pieces) called with the
    arguments, as HTML, without the whitespace around it."""
    if template not in _MODULES:
        _MODULES[template] = _environment().get_template(template).module
    return str(getattr(_MODULES[template], macro)(*args, **kwargs)).strip()
