"""The lessons' website (``python -m guesswho_apps site --out site/``), built with Sphinx, MyST-NB and
sphinx-book-theme: every lesson of the lesson table executed and published with its figures and still pictures
of its widgets, in a sidebar by track, with search, downloads and launch links; the lesson table, the figures
gallery, the errata, and the teacher's guide and worksheets.  Viewable offline, built deterministically.

:mod:`.build` builds the folder; :mod:`.sources` writes Sphinx's sources; :mod:`.execute` runs the notebooks
(nbclient); :mod:`.static_widgets` draws widgets from their saved state; :mod:`.sphinx_ext` is the Sphinx
extension; :mod:`.launch` gives the Binder and Colab addresses.

The names below load :mod:`.build` on first use: a lesson's kernel imports :mod:`.execute` at its start, and the
rest (the teacher's guide, PDFs) is heavy to import.
"""

__all__ = ["SiteReport", "build_site", "lesson_page"]


def __getattr__(name):
    if name in __all__:
        from . import build

        return getattr(build, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
