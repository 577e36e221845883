"""The register of the exit tickets' own wording (``guesswho_apps/data/kit/tickets.md``), part of the kit's register
(:mod:`.course_kit`): where a ticket words its question or its answer for paper, each sentence that states
mathematics is tied to a check here, with the notebook's exercise giving the accepted answer.
"""

from __future__ import annotations

from fractions import Fraction

from guesswho_lessons.register.facts import P, as_recorded, best, holds, value
from guesswho_lib.claims.registry import Quote, Register
from guesswho_lib.papers.nica import p_inf
from .sources import kit_path

__all__ = ["register"]

register = Register(__name__)
F = Fraction


def tk(text: str) -> Quote:
    return Quote(kit_path("tickets"), text)


@register.statement(
    "course.kit-exit-tickets", "The exit tickets' own wording: P(1, 9) = 1 (the last suspect is named); at (6, 2) "
    "asking about 1 of 6 is worth 1 - (1/6) P(2, 1) - (5/6) P(2, 5); n_< = 11 only at n = 23 (Theorem 2.1's group); "
    "Nica's best bid at (30, 3) is 2:28; along (7, 3), (14, 6), ... Nica's P(7, 3) = 2/7 and P(14, 6) = 13/42 approach "
    "p_inf(7, 3) = 20/63 (p_inf(3, 7) = 53/63); yes to 1:4 at (5, 5) is luck 6/25; the printed board of five gives "
    "09.6's answer.",
    tk("the player to move names their last suspect, who must be the opponent's person, and"),
    tk("Yes keeps 1 of the 6 suspects, with chance one sixth,"), tk("one sixth of $P(2, 1)$ minus five sixths of"),
    tk("By Cushing et al.'s Theorem 2.1, a best question asks about $n_{<}$ of them."),
    tk("{{ value[0] }} suspects: the best bid at $(30, 3)$ is the split ${{ value[0] }} : {{ value[1] }}$."),
    tk("If the answer is yes, your luck is $\\frac{6}{25}$."),
    tk("along the doublings of a board the chances approach"),
    tk("are the first two chances on the way, and $p_\\infty(3, 7)$ has the two pools the other way round."),
    status="proven")
def _(N):
    from guesswho_lib.papers.cushing import n_less
    from guesswho_lib.rules import RULES, step
    from .tickets import exit_tickets, paper_wording
    found = {q.key: q for t in exit_tickets() for q in t.questions}
    answers = {k: q.value for k, q in found.items()}
    head, *rows = paper_wording()["09-ticket-chance-of-yes"]["board"]     # the board of five, as the ticket prints it
    left = [r for r in rows if r[head.index("glasses")] == "no"]
    beard = F(sum(r[head.index("beard")] == "yes" for r in left), len(left))
    theorem = as_recorded("cushing.thm2.1", "cushing.exceptions")(N)
    return holds(P(1, 9) == answers["00-ticket-one-suspect-left"] == 1
                 and {s: p for p, s in step(6, 2, (1, 5), RULES["official"])} == {(2, 1): F(1, 6), (2, 5): F(5, 6)}
                 and "At (6, 2) you ask \"is it A?\", about 1 of your 6" in found["01-ticket-one-tree"].prompt
                 and value(6, 2, (1, 5)) == 1 - F(1, 6) * P(2, 1) - F(5, 6) * P(2, 5) == answers["01-ticket-one-tree"]
                 and [n for n in range(3, 100) if n_less(n) == 11] == [23] == [answers["02-ticket-which-board"]]
                 and theorem.ok and best(30, 3, "nica") == ((2, 28),) == (answers["03-ticket-best-bid"],)
                 and [P(7, 3, "nica"), P(14, 6, "nica"), p_inf(3, 7)] == [F(2, 7), F(13, 42), F(53, 63)]
                 and p_inf(7, 3) == F(20, 63) == answers["05-ticket-limit-along-doublings"]
                 and 1 - P(5, 1) - value(5, 5, (1, 4)) == F(6, 25) and beard == answers["09-ticket-chance-of-yes"],
                 "the tickets' states", theorem.counterexample)


register.not_statements(kit_path("tickets"), "a question of an exit ticket: what it asks, not what is true",
    "For one player, the rule asks about 11.",
    "You ask the paradox question with $X$ = {Ada, Bram} and $Y$ = {Bram, Chidi, Dara, Elif}.")
