"""The teacher's kit: a teacher's guide, a scheme of work, printable worksheets, two exam papers with their mark
schemes, exit tickets and lesson summaries, generated from the library.

* :mod:`.templates`   the kit's one templating engine, Jinja2, with the library's functions as the template's names
                      (``{{ P(4, 4) }}``), for every text of the kit, the guide's included.
* :mod:`.numbers`     the numbers behind those names, computed.
* :mod:`.sources`     the kit's own texts, templates in ``guesswho_apps/data/kit/``, cut into their parts.
* :mod:`.document`    one document, four renderings: an A4 PDF, Markdown and LaTeX (the editable sources), plain text.
* :mod:`.guide`       the teacher's guide: Markdown and HTML for the site, an A4 PDF (``write_guide``), and beside it
* :mod:`.scheme`      the scheme of work for a half-term (``write_scheme``).
* :mod:`.worksheets`  printable A4 worksheets in three versions and the teacher's answer sheet (``write_worksheets``).
* :mod:`.assessment`  two exam papers in the boards' conventions, their mark schemes and a specification grid
                      (``write_exam``), with :mod:`.specification` (the boards' references) and :mod:`.tickets` (the
                      exit tickets, read from the lessons' checked exercises).
* :mod:`.summaries`   a one-page summary of each core lesson and the glossary (``write_summaries``).
* :mod:`.course_kit`  the register of the kit's statements: every mathematical sentence of the kit's texts, checked.
* :mod:`.pdf`         the shared page layout (reportlab), with fixed metadata so the same input gives the same bytes.

For the site::

    from guesswho_apps.teaching import write_guide, write_worksheets
    write_guide("site/teacher")        # -> {"markdown": Path, "pdf": Path, "scheme-of-work": Path, ...}
    write_worksheets("site/teacher")   # -> {"activity-4-4": Path, "activity-4-4-md": Path, ...}

The guide's text is data, ``guesswho_apps/data/guide/<topic>.md`` (one file per lesson, named after the lesson's
notebook without its number); track, time and prerequisites come from :mod:`guesswho_lessons.curriculum`.
"""

from .guide import guide_markdown, guide_sections, write_guide
from .worksheets import WORKSHEETS, write_worksheets
from .assessment import write_exam
from .summaries import write_summaries
from .scheme import write_scheme

__all__ = ["write_guide", "write_worksheets", "write_exam", "write_summaries", "write_scheme", "guide_markdown",
           "guide_sections", "WORKSHEETS"]
