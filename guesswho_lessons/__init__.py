"""guesswho's course: the lessons' exercises, the answer reader that checks them, the class link, the lessons'
register of statements and the lesson table.

In a lesson::

    from guesswho_lessons import check, hint, join_class
    check("02-halving", "1/2")                            # the feedback, shown under the cell
    hint("02-halving")                                    # the hint, only when asked for
    join_class("K7QMD", "Sam", "http://10.0.0.5:8866/")   # in a class session: check() results to the teacher

The course stands between the helper library, :mod:`guesswho_lib` (the mathematics a student imports and reads),
whose public names it imports, and the applications, :mod:`guesswho_apps` (the class server, the teacher's kit,
the website), which import it; the library imports neither.

The data flows one way, and the folders are the layers (each imports only from the folders above it in this
list and from the library; ``tests/project/test_architecture.py`` checks it):

0. the plain modules at the root  ``curriculum`` (the lesson table, ``data/lessons.csv``).
1. ``reader``      the answer reader: an exercise and its feedback (``framework``), the kinds of answer
   (``answers``, ``reading``), the limits a student's code runs within (``limits``), the class link
   (``class_link``: ``join_class``).
2. ``exercises``   every exercise, one module per topic, and the look-ups (``check``, ``hint``, ``get``).
3. ``register``    the lessons' own statements, each tied to a check and anchored to the sentences that state it
   (``anchors``, ``course_*``): the course's part of the claims the library's framework runs; the exercise
   numbers the lessons show, kept in step with the declarations (``numbering``).

An exercise is declared once, in its topic's module, under a stable key ("02-halving"): the notebook's check cell,
the class's stored results and the kit's exit tickets name it by that key.  Its number ("02.1"), which students and
teachers read, follows from the order of the declarations; after adding an exercise between two others (its
declaration, and its cells with ``**02.?**`` in the statement), ``python -m guesswho_apps numbers --write`` writes
the new numbers in the lesson, its worked solutions, its guide page and the hints.

The lessons' notebooks, their worked solutions and the teacher's guide are files of the repository, not of this
package: the register reads them from a checkout (:mod:`.register.anchors`).
"""

from .exercises import check, hint
from .reader import join_class, leave_class

__version__ = "0.1.0"

__all__ = ["check", "hint", "join_class", "leave_class"]
