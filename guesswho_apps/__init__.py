"""guesswho's applications, the ones a school runs: the class server, the teacher's kit and the course website.

    python -m guesswho_apps serve                     # the game page for a class (README, "Serving the game")
    python -m guesswho_apps guide --out teacher-kit/  # the teacher's guide (and worksheets, site, class, launch)

They stand above the helper library, :mod:`guesswho_lib` (what a student imports and reads in the lessons), and
the course, :mod:`guesswho_lessons` (the lessons' exercises, answer reader, register and lesson table), and import
only their public names (each module's ``__all__``); nothing in either imports them.  Their own
dependencies come as extras (README, "Set up"): the plain set-up is the lessons' (and the class server's, which
needs only tornado and Jinja2, both parts of JupyterLab's set-up).

The data flows one way, and the folders are the layers (each imports only from the folders above it in this
list and from the library and the course; folders on one line do not import each other;
``tests/project/test_architecture.py`` checks it):

0. the plain modules at the root  ``licence`` (the licences of the lessons, the guide and the worksheets, stated
   once), ``templating`` (every HTML page and piece the applications write, from the Jinja2 templates in
   ``templates/``, autoescaped).
1. ``classroom`` | ``teaching``   a class session: the store of a whole class's games (SQLite or PostgreSQL),
   each replayed by a referee with the exact solver, and the teacher's tally | the teacher's guide (its text:
   ``data/guide/``), worksheets, exam papers, summaries and scheme of work.
2. ``server`` | ``site``    the class server: every player's game in one light process, class sessions, the
   teacher's page, and the JupyterHub service | the lessons as a static website, viewable offline.
3. ``cli``       ``python -m guesswho_apps serve | class | guide | worksheets | site | launch`` (and the
   library's ``lab | table | verify | figures``).

Why topics inside layers, and not layers inside topics.  A topic (the tripartite game, the review of a game,
playing) crosses layers because each layer adds one thing to it: the rules, the paper's formulas, the solver's
tables, a check of each printed claim, a picture, a widget, a page.  A change to a topic is almost always a change
to one of those things, so it touches the folder of that layer and the one test folder beside it; cutting by
topic instead (``tripartite/{papers,game,claims,plots,widgets}``) would put the same layers under every topic,
one folder each, so the same change would touch as many folders, and every topic would need its own copy of the
import rule.  Inside a layer a topic keeps its modules together where it has several (``papers/tripartite/``,
``claims/statements/tripartite*``); the one cut that does save folders is the one made here: the applications,
which change for a school's reasons, apart from the library, which changes for the mathematics'.
"""

__version__ = "0.1.0"
