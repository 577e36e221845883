"""The browsable site of the lessons (``python -m guesswho_lib site --out site/``): every lesson of the lesson
table executed and published as a static HTML page with its figures and still pictures of its widgets, an
index with the lesson table, the figures gallery, the errata, and the teacher's guide and worksheets; viewable
offline, built deterministically.

:mod:`.build` builds the folder; :mod:`.execute` runs the notebooks (nbclient); :mod:`.static_widgets` draws
widgets from their saved state; :mod:`.pages` writes the HTML (nbconvert, local MathJax).
"""

from .build import SiteReport, build_site, lesson_page

__all__ = ["SiteReport", "build_site", "lesson_page"]
