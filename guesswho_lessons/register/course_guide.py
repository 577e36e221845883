"""The statements of the teacher's guide's own parts (its introduction and its lesson without computers) and of the
README, each anchored to its sentences and checked; the lessons' parts of the guide are registered with their
lessons (the modules ``course_official``, ``course_nica``, ...)."""

from __future__ import annotations

from fractions import Fraction

from guesswho_lib.papers.cushing import n_less
from .anchors import guide_path, in_guide, in_readme
from .facts import P, as_recorded, best, holds, value
from guesswho_lib.claims.registry import Register

register = Register(__name__)

intro, offline = in_guide("intro"), in_guide("no-computers")


@register.statement(
    "course.four-four-offline", "At (4, 4), asking about one suspect (1:3) wins 9/16 and halving (2:2) 1/2 in the "
    "long run; the table from P(1, m) = 1 and P(n, 1) = 1/n up to (4, 4) gives P(4, 4) = 9/16; halving is not best at "
    "(4, 4), the surprising exception of the kit.",
    offline("In the long run Team 1:3 wins {{ value(4, 4, '1:3') }} of its games and Team 2:2 only "
            "{{ value(4, 4, '2:2') }} (exact values; the answer sheet gives the expected tallies)."),
    offline("P(1, m) = 1, P(n, 1) = 1/n, then the cells with two and three suspects."),
    offline("Halving feels safest, but the exact answer says: ask about one suspect at (4, 4), so that your opponent "
            "moves from a worse position."),
    intro("The surprising results of the kit, such as the (4, 4) exception where halving is not best, land only when "
          "students have predicted otherwise first."))
def _(N):
    return holds(value(4, 4, (1, 3)) == P(4, 4) == Fraction(9, 16) > value(4, 4, (2, 2)) == Fraction(1, 2)
                 and best(4, 4) == ((1, 3),) and n_less(4) == 2 and P(1, 4) == 1 and P(4, 1) == Fraction(1, 4),
                 "(4, 4)")


register.statement(
    "course.readme-theorem2.1", "Theorem 2.1 of Cushing et al. has a few exceptions (three, all with m = 4, found in "
    "lesson 02), and the paradox questions have three answers.",
    in_readme("the fundamental recurrence, Theorem 2.1 and its few\n  exceptions (lesson 02 has the students find "
              "them), and \"paradox\" questions with three answers."), status="proven")(
    as_recorded("cushing.thm2.1", "cushing.exceptions"))


@register.statement(
    "course.readme-quick-tour", "The README's quick tour: P(7, 5) = 18/35, the only best move at (7, 5) is 3:4, "
    "asking about one suspect there is worth 16/35, and A(7, 5) = 7 x 5 x P(7, 5) = 18.",
    in_readme("t.P(7, 5)                          # Fraction(18, 35): you have 7 suspects, your opponent 5, you move"),
    in_readme("t.optimal_moves(7, 5)              # ((3, 4),): ask about three of your seven"),
    in_readme("t.value(7, 5, (1, 6))              # Fraction(16, 35): asking about one suspect is worse here"),
    in_readme("t.A[7, 5]                          # 18 = 7*5*P(7, 5), always an integer"))
def _(N):
    return holds(P(7, 5) == Fraction(18, 35) and best(7, 5) == ((3, 4),) and value(7, 5, (1, 6)) == Fraction(16, 35)
                 and 7 * 5 * P(7, 5) == 18, "(7, 5)")


register.not_statements(guide_path("intro"), "how the kit is made, for whom, and how a lesson runs",
                        "It comes with printable worksheets", "Every chance and every value of the game in this guide",
                        "**The two tracks.** The *core track* is for A-level students", "The *extension track* is for "
                        "undergraduates", "**The rhythm of every lesson: predict, then reveal.**",
                        "From then on each answer they check tells the lesson view whether it was right",
                        "**Assessment, summaries and discussion.** For every core lesson the kit also has",
                        "**A way in, for students who need smaller steps.** The three hardest exercises",
                        "**A challenge, for students who want more.** Every core lesson ends",
                        "It is for students who finish early, or for homework; it is never class time",
                        "Every core lesson also ends with an exit ticket in the notebook")
register.not_statements(guide_path("no-computers"), "the plan of the lesson without computers",
                        "One 55-minute lesson, with the worksheets only", "Every student circles an answer on "
                        "Worksheet 1", "- **10-30 min: play.** Pairs play the card game of Worksheet 1")

#: The steps of each core lesson's timed path for a 50-minute period (the guide's "# short"): what happens when, and
#: what is skipped; the mathematics they name is the lesson's, registered with its sentences.
_SHORT_PATH_REASON = "a step of the timed path for a 50-minute period: what happens when, and what is skipped"
for _lesson, _steps in {
        "00": ["12 §5,Summary The thousand card games only as a prediction"],
        "01": ["5 §3 The table by hand, smallest states first"],
        "02": ["5 §2 The thousand simulated games only (no cards)", "8 §4 The rule n_< and {{ "
                                                                    "ex('02-big-board-group') }}; the loops",
               "8 §4 The theorem in one sentence; the map of rules of thumb skipped"],
        "03": ["9 §2 At (40, 5): count the turns, then the bars of every bid", "11 §4 Why powers of two, briefly"],
        "04": ["9 §2 The explorer: the first player's chance for every N", "10 §3 The real game, official rules only"],
        "05": ["9 §2 Two zoomed pictures only (the explorer skipped)", "8 §4 The band: highest and lowest points"],
        "06": ["\"several best questions\" skipped."],
        "08": ["4 §4 Halving against the library's perfect player, exactly and simulated."],
        "09": ["7 §2 Predict the best first questions (Worksheet 3, with the printed counts).",
               "7 §4 Every first question ranked exactly; the cost of a question."]}.items():
    register.not_statements(guide_path(_lesson), _SHORT_PATH_REASON, *_steps)
