"""The teacher's kit: a teacher's guide and printable worksheets, generated from the library.

* :mod:`.numbers`     every number the guide and worksheets print, computed (placeholders ``{{P 4 4}}``).
* :mod:`.guide`       the teacher's guide: Markdown and HTML for the site, an A4 PDF (``write_guide``).
* :mod:`.worksheets`  printable A4 worksheets and the teacher's answer sheet (``write_worksheets``).
* :mod:`.pdf`         the shared page layout (reportlab), with fixed metadata so the same input gives the same bytes.

For the site::

    from guesswho_apps.teaching import write_guide, write_worksheets
    write_guide("site/teacher")        # -> {"markdown": Path, "html": Path, "pdf": Path}
    write_worksheets("site/teacher")   # -> {"activity-4-4": Path, ..., "answers": Path}

The guide's text is data, ``guesswho_apps/data/guide/<topic>.md`` (one file per lesson, named after the lesson's
notebook without its number); track, time and prerequisites come from :mod:`guesswho_apps.curriculum`.
"""

from .guide import guide_markdown, guide_sections, write_guide
from .worksheets import WORKSHEETS, write_worksheets

__all__ = ["write_guide", "write_worksheets", "guide_markdown", "guide_sections", "WORKSHEETS"]
