"""The lessons' website (``python -m guesswho_lib site --out site/``), built with Sphinx, MyST-NB and
sphinx-book-theme: every lesson of the lesson table executed and published with its figures and still pictures
of its widgets, in a sidebar by track, with search, downloads and launch links; the lesson table, the figures
gallery, the errata, and the teacher's guide and worksheets.  Viewable offline, built deterministically.

:mod:`.build` builds the folder; :mod:`.sources` writes Sphinx's sources; :mod:`.execute` runs the notebooks
(nbclient); :mod:`.static_widgets` draws widgets from their saved state; :mod:`.sphinx_ext` is the Sphinx
extension; :mod:`.launch` gives the Binder and Colab addresses.
"""

from .build import SiteReport, build_site, lesson_page

__all__ = ["SiteReport", "build_site", "lesson_page"]
