"""The register of the kit's own statements: every sentence of the exam papers and their mark schemes, the summaries,
the glossary, the worksheets and the scheme of work that states mathematics is tied to a check, as the lessons' are.

The statements are registered with the library's register (:mod:`guesswho_lib.claims.registry`: ``Register``,
``Quote``), each anchored to the sentences of the kit's templates (``guesswho_apps/data/kit/*.md``) that state it, so
a sentence cannot change without its check; the sentences that look mathematical but state nothing (an instruction,
the marker's guidance, a definition) are recorded with their reason.  A template sentence holds its numbers as
expressions: its check computes them for both papers and the practice notebook (:func:`.assessment.states`) and asks
whether the sentence is true of each.  ``tests/apps/teaching/test_kit_register.py`` scans the templates for sentences
neither quoted nor recorded, runs every check, and requires every quote to be in its file.

The module is named ``course_kit`` so that its statements belong to the topic ``course``, the lessons' own.
"""

from __future__ import annotations

import math
from fractions import Fraction

from guesswho_lessons.register.facts import P, as_recorded, best, every, holds, value
from guesswho_lib.claims.registry import Quote, Register
from guesswho_lib.rules import GUESS
from .sources import kit_path

__all__ = ["register", "KIT_FILES", "kit_statements"]

register = Register(__name__)

#: the kit's texts, whose sentences this register covers
KIT_FILES = tuple(kit_path(name) for name in ("exam", "summaries", "glossary", "worksheets", "scheme-of-work",
                                              "tickets"))
F = Fraction


def _q(name):
    path = kit_path(name)
    return lambda text: Quote(path, text)


ex, su, gl, ws, sw = (_q(name) for name in ("exam", "summaries", "glossary", "worksheets", "scheme-of-work"))


def kit_statements() -> list:
    """The claims this module and :mod:`.course_tickets` (the exit tickets' own wording) register."""
    from guesswho_lib.claims.registry import all_claims
    from . import course_tickets
    return [c for c in all_claims() if c.module in (__name__, course_tickets.__name__)]


def papers(lesson: str) -> list[dict]:
    """A question's variables on each paper and in the practice notebook."""
    from .assessment import paper_variables, states
    return [paper_variables(p, lesson) for p in states()]


def on_papers(lesson: str, test) -> object:
    return every(papers(lesson), test, "papers A and B")


def _table(N: int, cap: int):
    """The solver's table of the official rules up to min(N, cap), and that size."""
    from guesswho_lib.game.solver import cached_solution
    n_max = min(N, cap)
    return cached_solution("official", n_max), n_max


# ---- the exam papers --------------------------------------------------------------------------------------------
@register.statement(
    "course.kit-exam-edges", "P(1, m) = 1 for every m >= 1, and P(n, 1) = 1/n for every n >= 2 because every question "
    "at (n, 1) is worth 0 (official rules).",
    ex("Explain why $P(1, m) = 1$ for every $m \\ge 1$."),
    ex("Explain why $P(n, 1) = \\frac{1}{n}$ for every $n \\ge 2$."),
    ex("so the opponent names that suspect and wins: every question is worth 0 to the player to move. ::"),
    ex("So the player to move must guess now, and is right with probability $\\frac{1}{n}$: $P(n, 1) = "
       "\\frac{1}{n}$. ::"),
    su("With one suspect left you name it and win: $P(1, m) = 1$."),
    su("so you must guess: $P(n, 1) = \\frac{1}{n}$ under the official rules."), status="proven")
def _(N):
    t, n_max = _table(N, 60)
    return every(range(2, n_max + 1), lambda n: t.P(1, n) == 1 and t.P(n, 1) == F(1, n) and all(
        t.value(n, 1, mv) == 0 for mv in t.all_moves(n, 1) if mv is not GUESS), f"2 <= n, m <= {n_max}")


@register.statement(
    "course.kit-exam-q1-tree", "At (3, m) on both papers, asking about one suspect: yes (1/3) leaves the opponent at "
    "(m, 1), where they win 1/m; the value is 1 - 1/(3m) - (2/3) P(m, 2), also the sum of the winning branches, and "
    "it beats a guess (1/3), so the question is the best move.",
    ex("You may use $P({{ m }}, 2) = {{ P(m, 2) }}$."),
    ex("Yes, with probability $\\frac{1}{3}$: the opponent moves at $({{ m }}, 1)$ and wins with probability"),
    ex("$1 - \\frac{1}{3} \\times \\frac{1}{ {{ m }} } - \\frac{2}{3} \\times {{ P(m, 2) }} = {{ value(3, m, "
       "'1:2') }}$ ::"),
    ex("No, with probability $\\frac{2}{3}$: the opponent moves at $({{ m }}, 2)$ and loses with probability"),
    ex("$\\frac{1}{3} \\left(1 - \\frac{1}{ {{ m }} }\\right) + \\frac{2}{3} \\left(1 - {{ P(m, 2) }}\\right)$ ::"),
    ex("- A1 :: $= {{ value(3, m, '1:2') }}$ :: cao."),
    ex("Hence state the best move at $(3, {{ m }})$, giving a reason."),
    ex("${{ value(3, m, '1:2') }} > \\frac{1}{3}$, the probability that a guess is right. ::"))
def _(N):
    def ok(v):
        m = v["m"]
        q = value(3, m, (1, 2))
        return (P(m, 1) == F(1, m) and q == 1 - F(1, 3 * m) - F(2, 3) * P(m, 2)
                == F(1, 3) * (1 - F(1, m)) + F(2, 3) * (1 - P(m, 2)) and q > F(1, 3) == value(3, m, GUESS)
                and best(3, m) == ((1, 2),))
    return on_papers("00", ok)


@register.statement(
    "course.kit-exam-recurrence", "After the split a : (n - a) the answer is yes with probability a/n and the opponent "
    "moves at (m, a), or no with (n - a)/n and (m, n - a); the mover's chance is "
    "1 - (a/n) P(m, a) - ((n - a)/n) P(m, n - a) = (a/n)(1 - P(m, a)) + ((n - a)/n)(1 - P(m, n - a)) (Cushing et "
    "al., equation (1)).",
    ex("(n - a)$, the probability that the player to move wins is $1 - \\frac{a}{n} P(m, a) - \\frac{n - a}{n} "
       "P(m, n - a)$."),
    ex("The answer is yes with probability $\\frac{a}{n}$, as each suspect is equally likely, and then the opponent"),
    ex("The player to move wins exactly when the opponent, now to move, does not:"),
    ex("$\\frac{a}{n} \\left(1 - P(m, a)\\right) + \\frac{n - a}{n} \\left(1 - P(m, n - a)\\right)$, which "
       "simplifies to the "
       "given expression. ::"),
    su("A question about $a$ of your $n$ suspects is answered yes with probability $\\frac{a}{n}$; then your opponent "
       "moves, and you win exactly when they do not."),
    su("So $P(n, m)$ follows the recurrence: it is the largest of the values of the moves, a guess, worth"),
    gl("$P(n, m)$ is the largest of the values of the moves at $(n, m)$: a guess, worth $\\frac{1}{n}$, and for each"),
    ws("**The rule.** At $(n, m)$ you either guess (you win with probability $\\frac{1}{n}$, and a wrong guess loses), "
       "or ask about $a$ of your $n$ suspects."),
    ws("Then with probability $\\frac{a}{n}$ the answer is yes, and your opponent moves from $(m, a)$; with "
       "probability"),
    ws("$$P(n, m) = \\text{the largest of } \\frac{1}{n} \\text{ (a guess) and }"), status="proven")
def _(N):
    from guesswho_lib.rules import RULES, step
    t, n_max = _table(N, 30)

    def ok(s):
        n, m = s
        moves = [t.value(n, m, (a, n - a)) for a in range(1, n)]
        good = all(v == 1 - F(a, n) * t.P(m, a) - F(n - a, n) * t.P(m, n - a) for a, v in zip(range(1, n), moves))
        outs = sorted(step(n, m, (1, n - 1), RULES["official"]))
        return good and t.P(n, m) == max([F(1, n)] + moves) and outs[0][0] == F(1, n)
    return every(((n, m) for n in range(2, n_max + 1) for m in range(2, n_max + 1)), ok, f"2 <= n, m <= {n_max}")


@register.statement(
    "course.kit-exam-q2-values", "At (5, m) on both papers a guess is worth 1/5, the splits 1:4 and 2:3 the values the "
    "expression gives; 2:3 is the largest and the only best move, so P(5, m) is its value, and P(5, m) != P(m, 5).",
    ex("You may use $P({{ m }}, 1) = {{ P(m, 1) }}$, $P({{ m }}, 2) = {{ P(m, 2) }}$, $P({{ m }}, 3) = {{ P(m, 3) "
       "}}$ and"),
    ex("- B1 :: A guess: $\\frac{1}{5}$"),
    ex("Uses the expression of the first part for either split, for example $1 - \\frac{1}{5} \\times {{ P(m, 1) }} - "
       "\\frac{4}{5} \\times {{ P(m, 4) }}$"),
    ex("$1 - \\frac{2}{5} \\times {{ P(m, 2) }} - \\frac{3}{5} \\times {{ P(m, 3) }} = {{ value(5, m, '2:3') }}$ "
       ":: cao."),
    ex("Hence write down $P(5, {{ m }})$ and the best move at $(5, {{ m }})$."),
    ex("$P(5, {{ m }}) = {{ P(5, m) }}$, by the split $2 : 3$, the largest of the three values. ::"),
    ex("Given that $P({{ m }}, 5) = {{ P(m, 5) }}$, show that $P(n, m)$ is not always equal to $P(m, n)$."),
    ex("$P(5, {{ m }}) = {{ P(5, m) }} \\ne {{ P(m, 5) }} = P({{ m }}, 5)$: one counter-example disproves the "
       "statement."))
def _(N):
    def ok(v):
        m = v["m"]
        v14, v23 = value(5, m, (1, 4)), value(5, m, (2, 3))
        return (value(5, m, GUESS) == F(1, 5) and v14 == 1 - F(1, 5) * P(m, 1) - F(4, 5) * P(m, 4)
                and v23 == 1 - F(2, 5) * P(m, 2) - F(3, 5) * P(m, 3) and P(5, m) == v23 > max(v14, F(1, 5))
                and best(5, m) == ((2, 3),) and P(5, m) != P(m, 5))
    return on_papers("01", ok)


@register.statement(
    "course.kit-exam-q3-halving",
    "At the papers' states (n, m), halving leaves the opponent at (m, n/2) on both answers, "
    "worth 1 - P(m, n/2); the split n_< : (n - n_<) is worth more, so halving is not a best question there; the "
    "number of wins in 10 independent games is B(10, p) and P(X >= 6) = 1 - P(X <= 5), to 3 significant figures as "
    "printed.",
    ex("You may use $P({{ m }}, {{ h }}) = {{ P(m, h) }}$."),
    ex("$1 - \\frac{ {{ h }} }{ {{ n }} } P({{ m }}, {{ h }}) - \\frac{ {{ h }} }{ {{ n }} } P({{ m }}, {{ h }}) = "
       "1 - {{ P(m, h) }} = {{ value(n, m, halving) }}$ ::"),
    ex("You may use $P({{ m }}, {{ a }}) = {{ P(m, a) }}$ and $P({{ m }}, {{ n - a }}) = {{ P(m, n - a) }}$."),
    ex("$1 - \\frac{ {{ a }} }{ {{ n }} } \\times {{ P(m, a) }} - \\frac{ {{ n - a }} }{ {{ n }} } \\times "
       "{{ P(m, n - a) }} = {{ value(n, m, other) }}$ ::"),
    ex("Explain how the two previous parts disprove the claim that halving is always a best question."),
    ex("At $({{ n }}, {{ m }})$ the split ${{ a }} : {{ n - a }}$ is worth ${{ value(n, m, other) }}$, more than "
       "halving's ${{ value(n, m, halving) }}$, so halving is not a best question there"),
    ex("$\\mathrm{P}(X \\ge 6) = 1 - \\mathrm{P}(X \\le 5)$, with their $p$ ::"),
    ex("Or the sum of $\\mathrm{P}(X = r)$ for $r = 6, \\dots, 10$."),
    ex("$\\sum_{r=6}^{10} {}^{10}\\mathrm{C}_{r} \\, p^{r} (1 - p)^{10 - r}$ with their $p$ ::"))
def _(N):
    def ok(v):
        n, m, h, a = v["n"], v["m"], v["h"], v["a"]
        half, other = value(n, m, (h, n - h)), value(n, m, (a, n - a))
        p = other
        tail = sum((F(math.comb(10, r)) * p ** r * (1 - p) ** (10 - r) for r in range(6, 11)), F(0))
        head = sum((F(math.comb(10, r)) * p ** r * (1 - p) ** (10 - r) for r in range(0, 6)), F(0))
        return (n % 2 == 0 and half == 1 - P(m, h) and other == 1 - F(a, n) * P(m, a) - F(n - a, n) * P(m, n - a)
                and other > half and (h, n - h) not in best(n, m) and tail == 1 - head)
    return on_papers("02", ok)


@register.statement(
    "course.kit-exam-q4-weeds",
    "Under Nica's rules the mover at (2, m) wins at once; at the papers' states the mover is "
    "in the weeds at level k (2^k < m <= 2^(k+1), 2^(k+1) < n), the best question asks about 2^k suspects, fewer than "
    "half of n, and P(n, m) is Theorem 1.1's formula; in the weeds the bold bid 2^k is always fewer than half of n.",
    ex("Nica says that the player to move is *in the weeds* at level $k$ (where $k = 0, 1, 2, \\dots$) when"),
    ex("His Theorem 1.1 says that in the weeds at level $k$ a best question asks about exactly $2^{k}$ of the player's "
       "suspects, and that then"),
    ex("$$P(n, m) = \\frac{2^{k+1}}{n} - \\frac{2(2^{2k+1} + 1)}{3nm}.$$"),
    ex("Nica calls this question a *bold play*: a player far behind asks about fewer than half of their suspects"),
    ex("Finds $k$ with $2^{k} < {{ m }} \\le 2^{k+1}$ ::"),
    ex("For example ${{ 2 ** k }} < {{ m }} \\le {{ 2 ** (k + 1) }}$."),
    ex("$k = {{ k }}$, and $2^{k+1} = {{ 2 ** (k + 1) }} < {{ n }}$, so the player to move is in the weeds. ::"),
    ex("${{ b }}$ suspects, as $2^{k} = {{ b }}$ :: ft their $k$."),
    ex("${{ b }} < \\frac{ {{ n }} }{2} = {{ n // 2 }}$ :: ft their number of suspects."),
    ex("\\frac{2({{ 2 ** (2 * k + 1) }} + 1)}{3 \\times {{ n }} \\times {{ m }} } = {{ P(n, m, 'nica') }}$ ::"),
    ex("M1: substitutes $k = {{ k }}$, $n = {{ n }}$ and $m = {{ m }}$; ft their $k$."), status="proven")
def _(N):
    from guesswho_lib.papers.nica import bold_bid, region

    def ok(v):
        n, m, k = v["n"], v["m"], v["k"]
        return (region(n, m) == ("in the weeds", k) and 2 ** k < m <= 2 ** (k + 1) < n and v["b"] == 2 ** k
                == bold_bid(n, m) and best(n, m, "nica") == ((2 ** k, n - 2 ** k),) and 2 * v["b"] < n
                and n % 2 == 0 and P(n, m, "nica") == F(2 ** (k + 1), n) - F(2 * (2 ** (2 * k + 1) + 1), 3 * n * m))
    weeds = all(2 * bold_bid(n, m) < n for n in range(3, 200) for m in range(2, n) if region(n, m)[0] == "in the weeds")
    two = all(P(2, m, "nica") == 1 for m in range(2, 60))
    papers_ok = on_papers("03", ok)
    return holds(weeds and two and papers_ok.ok, "papers A and B; the weeds with n < 200; (2, m) with m < 60",
                 papers_ok.counterexample or "a bold bid of half or more, or a loss at (2, m)")


@register.statement(
    "course.kit-exam-q5-coin",
    "With a fair coin for who starts, A wins with probability (1/2)P + (1/2)(1 - P) = 1/2, and "
    "P(A first | A won) = P(N, N); the papers' percentages are P(N, N) and P(M, M) to one decimal place, and the "
    "start named fairer is the one nearer 1/2.",
    ex("$\\frac{1}{2} P({{ N }}, {{ N }}) + \\frac{1}{2} \\left(1 - P({{ N }}, {{ N }})\\right) = \\frac{1}{2}$ ::"),
    ex("$\\frac{\\mathrm{P}(\\text{first and won})}{\\mathrm{P}(\\text{won})} = \\frac{\\frac{1}{2} \\times"),
    ex("$\\frac{1}{2} \\times {{ P(N, N) }} \\div \\frac{1}{2} = {{ P(N, N) }}$ :: M1: both branches on which A "
       "wins."),
    ex("With ${{ M }}$ suspects each, $P({{ M }}, {{ M }}) = {{ P(M, M) }}$."),
    ex("The start with {{ fairer }} suspects each is fairer: its first player's probability is nearer"))
def _(N):
    from guesswho_lib.rules import format_percent

    def ok(v):
        n, m = v["N"], v["M"]
        p = P(n, n)
        won = F(1, 2) * p + F(1, 2) * (1 - p)
        near = {x: abs(P(x, x) - F(1, 2)) for x in (n, m)}
        fair = int(v["fairer"])
        return (won == F(1, 2) and F(1, 2) * p / won == p and format_percent(P(n, n)) != format_percent(P(m, m))
                and near[fair] < near[n + m - fair])
    return on_papers("04", ok)


@register.statement(
    "course.kit-exam-q6-doubling",
    "Along the doublings of the papers' boards (Nica's rules) the differences u_(j+1) - u_j "
    "are geometric with ratio r = 1/4 (checked for j < 12), so u_3 = u_2 + r(u_2 - u_1) and the limit "
    "u_0 + (u_1 - u_0)/(1 - r) is the continuous game's value; with equal pools P(N, N) keeps coming near 5/8 and "
    "2/3, so it has no limit.",
    ex("$u_{1} - u_{0} = {{ u[1] }} - {{ u[0] }} = {{ d[0] }}$ and $u_{2} - u_{1} = {{ u[2] }} - {{ u[1] }} = {{ "
       "d[1] }}$ ::"),
    ex("$\\frac{ {{ d[1] }} }{ {{ d[0] }} } = {{ r }}$ ::"),
    ex("The sum to infinity of the differences, $\\frac{u_{1} - u_{0}}{1 - r}$, valid as $|r| < 1$ ::"),
    ex("${{ u[0] }} + \\frac{ {{ d[0] }} }{1 - {{ r }} }$ ::"),
    ex("Verify that the model gives $u_{3} = {{ u[3] }}$."),
    ex("$u_{3} = u_{2} + r(u_{2} - u_{1}) = {{ u[2] }} + {{ r }} \\times {{ d[1] }} = {{ u[3] }}$"),
    ex("Nica proved that, with equal pools, as $N$ grows $P(N, N)$ comes back as close as you like to"),
    status="proven")
def _(N):
    from guesswho_lib.papers.nica import p_inf, p_star

    def ok(v):
        n, m = v["n"], v["m"]
        u = [p_star(n * 2 ** j, m * 2 ** j) for j in range(12)]          # Theorem 1.1's formula, checked below
        if any(P(n * 2 ** j, m * 2 ** j, "nica") != u[j] for j in range(4)):   # against the solver
            return False
        d = [b - a for a, b in zip(u, u[1:])]
        r = v["r"]
        return (r == F(1, 4) and all(d[j + 1] == r * d[j] for j in range(len(d) - 1)) and u[3] == u[2] + r * d[1]
                and v["limit"] == u[0] + d[0] / (1 - r) == p_inf(n, m) and u[:4] == v["u"])
    papers_ok = on_papers("05", ok)
    band = as_recorded("nica.sec1.2.first_mover.corrected")(N)
    return holds(papers_ok.ok and band.ok, "papers A and B, j < 12; " + band.checked,
                 papers_ok.counterexample or band.counterexample)


@register.statement(
    "course.kit-exam-q7-paradox", "With paradox questions (tripartite rules) the papers' three-way split at (n, m) is "
    "worth 1 - sum over groups of (g/n) P_T(m, g), which is P_T(n, m); the change P_T - P is the printed one, and at "
    "the papers' second states it is negative: the third answer helps the opponent more.",
    ex("- M1 A1 :: {{ working }} $= {{ value(n, m, split, 'tripartite') }}$ ::"),
    ex("Given that $P({{ n }}, {{ m }}) = {{ P(n, m) }}$ and $P_{T}({{ n }}, {{ m }}) = {{ P(n, m, 'tripartite') "
       "}}$, find"),
    ex("$P_{T}({{ n }}, {{ m }}) - P({{ n }}, {{ m }}) = {{ P(n, m, 'tripartite') - P(n, m) }}$ :: cao."),
    ex("At $({{ n2 }}, {{ m2 }})$ what the opponent gains outweighs what the player to move gains"))
def _(N):
    def ok(v):
        n, m = v["n"], v["m"]
        groups = [int(g) for g in v["split"].split(" : ")]
        val = value(n, m, tuple(sorted(groups)), "tripartite")
        formula = 1 - sum(F(g, n) * P(m, g, "tripartite") for g in groups)
        return (val == formula == P(n, m, "tripartite") and P(n, m, "tripartite") > P(n, m)
                and P(v["n2"], v["m2"], "tripartite") < P(v["n2"], v["m2"]))
    return on_papers("06", ok)


@register.statement(
    "course.kit-exam-q8-questions", "For the papers' N characters: 2^(q-1) < N <= 2^q, so q questions are the fewest "
    "(binary search, halving rounded up); against one lie each character needs q + 1 patterns, N(q + 1) <= 2^q rules "
    "out one fewer, and for even N adaptive play needs exactly the smallest such q (Pelc); written down in advance "
    "the papers' answers follow from the largest codes, A(q, 3) = 16, 20, 40, 72 for q = 7 to 10, and agree with the "
    "library's settled minimum.",
    ex("${{ q - 1 }}$ questions have at most $2^{ {{ q - 1 }} }$ patterns of answers, and each pattern can point to"),
    ex("$2^{ {{ q - 1 }} } = {{ 2 ** (q - 1) }} < {{ N }}$ ::"),
    ex("${{ q }}$, as $2^{ {{ q }} } = {{ 2 ** q }} \\ge {{ N }}$"),
    ex("The opponent may now lie in at most one answer."),
    ex("With $q$ questions each character can give $q + 1$ patterns of answers"),
    ex("For $q = {{ lie - 1 }}$: ${{ N }} \\times {{ lie }} = {{ N * lie }} > {{ 2 ** (lie - 1) }} = 2^{ {{ lie - "
       "1 }} }$ ::"),
    ex("When each question may depend on the answers so far and the number of characters is even, the condition "
       "of the"),
    ex("${{ lie }}$: the smallest $q$ with ${{ N }}(q + 1) \\le 2^{q}$, as"),
    ex("Then $q$ questions survive one lie exactly when the characters' patterns of answers differ from each other in "
       "at least 3 places"),
    ex("State the fewest questions written down in advance that are always enough for ${{ N }}$ characters against at "
       "most one lie."),
    ex("${{ fixed }}$, as ${{ codes[fixed - 1] }} < {{ N }} \\le {{ codes[fixed] }}$:"),
    status="proven",
    note="A(7, 3) = 16, A(8, 3) = 20, A(9, 3) = 40 and A(10, 3) = 72 are the known sizes of the largest binary "
         "codes of "
         "distance 3 (coding theory's tables); the check confirms what the library's Delsarte bound and constructions "
         "settle, which is what the papers' answers need.")
def _(N):
    import guesswho_lib as gw
    from .assessment import CODES

    def ok(v):
        n, q, lie, fixed = v["N"], v["q"], v["lie"], v["fixed"]
        smallest = min(k for k in range(1, 30) if n * (k + 1) <= 2 ** k)
        halves = [int(x) for x in v["halvings"].split(", ")]
        return (2 ** (q - 1) < n <= 2 ** q and gw.minimum_questions(n).value == q and n % 2 == 0
                and lie == smallest == gw.minimum_questions(n, lies=1).value and n * lie > 2 ** (lie - 1)
                and fixed == gw.minimum_questions(n, lies=1, adaptive=False).value
                and CODES[fixed - 1] < n <= CODES[fixed] and len(halves) == q + 1
                and all(b == (a + 1) // 2 for a, b in zip(halves, halves[1:])) and halves[-1] == 1)
    pelc = all(gw.minimum_questions(n, lies=1).value == min(k for k in range(1, 30) if n * (k + 1) <= 2 ** k)
               for n in range(2, 65, 2))
    codes = all(CODES[k] < CODES[k + 1] for k in (7, 8, 9))
    papers_ok = on_papers("07", ok)
    return holds(papers_ok.ok and pelc and codes, "papers A and B; Pelc's condition for even n <= 64",
                 papers_ok.counterexample or "Pelc's condition")


register.statement(
    "course.kit-paz-cor14",
    "Paz and Peterfreund's Corollary 14: 9 questions written down in advance are enough against "
    "one lie for the 24 characters of the classical game (and 9 is the minimum written in advance; adaptive play "
    "needs 8).",
    ex("Paz and Peterfreund (Corollary 14) give 9 questions written down in advance for the 24 characters of the "
       "classical game"),
    su("a code of 9 questions works (Paz and Peterfreund, Corollary 14), and no code of 8 does."),
    status="proven")(as_recorded("paz.cor14", "paz.cor14.optimal"))


@register.statement(
    "course.kit-exam-q9-cost",
    "At the papers' states (N, N) a guess wins 1/N, so it costs P(N, N) - 1/N; P(N, N) < 1, so "
    "best play can lose; W ~ B(games, 1/N) and P(W >= 2) = 1 - P(W = 0) - P(W = 1), to 3 significant figures as "
    "printed.",
    ex("A guess wins with probability $\\frac{1}{ {{ N }} }$: the cost is ${{ P(N, N) }} - \\frac{1}{ {{ N }} } ="),
    ex("Best play makes the probability of winning as large as possible, but at $({{ N }}, {{ N }})$ that is"),
    ex("$1 - \\mathrm{P}(W = 0) - \\mathrm{P}(W = 1)$, or $1 - \\mathrm{P}(W \\le 1)$ ::"))
def _(N):
    def ok(v):
        n, g = v["N"], v["games"]
        p = F(1, n)
        at_least_2 = sum((F(math.comb(g, r)) * p ** r * (1 - p) ** (g - r) for r in range(2, g + 1)), F(0))
        return (value(n, n, GUESS) == p and P(n, n) - p > 0 and P(n, n) < 1
                and at_least_2 == 1 - (1 - p) ** g - g * p * (1 - p) ** (g - 1))
    return on_papers("08", ok)


@register.statement(
    "course.kit-exam-q10-board",
    "On the course's board the papers' counts are right: P(yes) = k/24, P(yes to the second "
    "| yes to the first) = j/k, P(yes to the second | no to the first) = (k2 - j)/(24 - k); with traits only not "
    "every split can be asked (the board's "
    "first questions miss some group sizes), and the restriction helps the first player on this board (start "
    "against P(24, 24)) and hurts on another (the fairest design), so it can do either.",
    ex("Every question on it asks about one trait, a yes/no feature given by the board's table"),
    ex("$\\frac{ {{ k }} }{ {{ people }} } = {{ Fraction(k, people) }}$ :: oe."),
    ex("$\\mathrm{P}(\\text{yes to both}) \\div \\mathrm{P}(\\text{yes to the first}) = \\frac{ {{ j }} }{ {{ "
       "people }} }"),
    ex("$\\frac{ {{ k2 - j }} }{ {{ people }} } \\div \\frac{ {{ people - k }} }{ {{ people }} } ="),
    ex("When both players may ask only about traits, the first player's probability of winning from the start is"),
    ex("With traits only, not every split of the suspects left can be asked later in the game."))
def _(N):
    from guesswho_lib.board import DESIGNS, cached_board_solution, load_board
    board = load_board()

    def ok(v):
        one, two = set(board.with_trait(v["t1"])), set(board.with_trait(v["t2"]))
        return (v["k"] == len(one) and v["k2"] == len(two) and v["j"] == len(one & two)
                and v["people"] == len(board.names) == 24)
    sizes = {len(board.with_trait(t)) for t in board.traits}
    start = cached_board_solution().start
    papers_ok = on_papers("09", ok)
    return holds(papers_ok.ok and not set(range(1, 24)) <= sizes and start > P(24, 24) > DESIGNS["fairest"].value,
                 "papers A and B; the course's board and the fairest design", papers_ok.counterexample)


register.not_statements(
    kit_path("exam"), "the marker's guidance and the papers' set-up: what to accept, what the players do, a "
    "definition given on the paper",
    "Or: the probability of a win is the same in every game.", "At least three terms correct.",
    "In every game the player to move uses the split ${{ a }} : {{ n - a }}$, and both players then play as well as "
    "possible.", "{{ official }} A *halving* question asks about half of the player's suspects",
    "{{ official }} Two players, A and B, both start with ${{ N }}$ suspects",
    "{{ nica }} Nica says that the player to move is *in the weeds*",
    "Explain why a player whose every move is a best move, each costing nothing, can still lose.",
    "$W \\sim \\mathrm{B}({{ games }}, \\frac{1}{ {{ N }} })$ :: oe.", "- B1 :: A guess: $\\frac{1}{5}$")


# ---- the summaries, the glossary, the worksheets and the scheme of work ---------------------------------------
@register.statement(
    "course.kit-small-states", "At (2, 2) a guess and 'is it this one?' are both worth 1/2; at (2, 1) a guess is worth "
    "1/2 and the question 0, so P(2, 1) = 1/2 by guessing; at (3, 2) the split 1:2 (yes 1/3 to (2, 1), no 2/3 to "
    "(2, 2)) is worth 2/3, more than a guess, and is the best move; at (4, 2) the best move is 2:2 and "
    "P(4, 2) = 1/2.",
    su("a guess and the question \"is it this one?\" are both worth $P(2, 2) = {{ P(2, 2) }}$"),
    su("So $P(2, 1) = {{ P(2, 1) }}$, by guessing."),
    su("At $(4, 2)$ the best move is the split ${{ best(4, 2) }}$, and $P(4, 2) = {{ P(4, 2) }}$."),
    su("$1 - {{ yes(1, 3) }} \\times P(2, 1) - {{ yes(2, 3) }} \\times P(2, 2) = 1 - {{ yes(1, 3) }}"),
    su("A guess gives ${{ value(3, 2, 'G') }}$, so the best move at $(3, 2)$ is {{ best(3, 2) }}."),
    ws("**A worked cell.** At $(2, 2)$ a guess wins with probability $\\frac{1}{2}$."),
    ws("Asking about one of your two suspects leaves your opponent at $(2, 1)$ whatever the answer, where they win"),
    ws("So $P(2, 2) = {{ P(2, 2) }}$."))
def _(N):
    return holds(value(2, 2, GUESS) == value(2, 2, (1, 1)) == P(2, 2) == F(1, 2) == 1 - P(2, 1)
                 and value(2, 1, GUESS) == P(2, 1) == F(1, 2) > value(2, 1, (1, 1)) == 0 and best(2, 1) == (GUESS,)
                 and value(3, 2, (1, 2)) == 1 - F(1, 3) * P(2, 1) - F(2, 3) * P(2, 2) > value(3, 2, GUESS)
                 and best(3, 2) == ((1, 2),) and best(4, 2) == ((2, 2),) and P(4, 2) == F(1, 2), "the small states")


@register.statement(
    "course.kit-table-order",
    "After a question at (n, m) the opponent's state (m, a) has a smaller total than n + m, so "
    "a table of P is filled from the smallest states up.",
    su("A table of $P(n, m)$ is filled from the smallest states up: after a question the opponent's state $(m, a)$"),
    status="proven")
def _(N):
    from guesswho_lib.rules import RULES, step
    n_max = min(N, 30)
    return every(((n, m) for n in range(2, n_max + 1) for m in range(1, n_max + 1)), lambda s: all(
        sum(after) < sum(s) for a in range(1, s[0]) for _, after in step(*s, (a, s[0] - a), RULES["official"])
        if isinstance(after, tuple)), f"2 <= n <= {n_max}, 1 <= m <= {n_max}")


@register.statement(
    "course.kit-four-four",
    "At (4, 4) the only best question is 1:3 (worth 9/16: yes 1/4 to (4, 1), no 3/4 to (4, 3)); "
    "halving (2:2, both answers to (4, 2)) is worth 1/2, so halving is not always a best question; a guess costs "
    "5/16 and halving 1/16, a best move nothing; in the 5 x 5 table halving is a best question everywhere but "
    "(4, 4); over many games Team 1:3 wins a fraction near 9/16 and Team 2:2 near 1/2.",
    su("Halving is not always a best question: at $(4, 4)$ asking about one suspect, the split $1 : 3$, is better."),
    su("At $(4, 4)$ the split $1 : 3$ is worth ${{ value(4, 4, '1:3') }}$, and halving ($2 : 2$) only"),
    su("$1 - {{ yes(1, 4) }} \\times {{ P(4, 1) }} - {{ yes(3, 4) }} \\times {{ P(4, 3) }} = {{ value(4, 4, "
       "'1:3') }}$."),
    su("At $(4, 4)$ a guess costs ${{ P(4, 4) }} - {{ value(4, 4, 'G') }} = {{ P(4, 4) - value(4, 4, 'G') }}$"),
    su("Halving at $(4, 4)$ is worth ${{ value(4, 4, '2:2') }}$: its cost is"),
    gl("At $(4, 4)$, under the official rules, the only best question asks about one suspect ($1 : 3$), not two"),
    ws("After the split $1 : 3$ the answer is yes with probability $\\frac{1}{4}$ (your opponent's person is the one"),
    ws("You may use $P(4, 1) = {{ P(4, 1) }}$, $P(4, 2) = {{ P(4, 2) }}$ and $P(4, 3) = {{ P(4, 3) }}$, the chances"),
    ws("Support: after the split $1 : 3$, yes (probability $\\frac{1}{4}$) leaves you 1 suspect and no (probability"),
    ws("Extension: the split $2 : 2$ gives $1 - P(4, 2) = {{ value(4, 4, '2:2') }}$ and the split $1 : 3$ gives"),
    ws("In every cell with $n \\ge 2$ and $m \\ge 2$ halving is a best question, except at $(4, 4)$."),
    ws("In the column $m = 1$ only"),
    ws("a guess is best (after a question the opponent names their last suspect), and in the row $n = 1$ you name your "
       "last"),
    ws("Extension: after yes to brown eyes, the people left have the other traits as below; the most even split is "
       "not always the best question, as at $(4, 4)$."), status="proven")
def _(N):
    from guesswho_lib.rules import RULES, step
    from .numbers import halving_not_best
    outs = sorted(step(4, 4, (1, 3), RULES["official"]))
    return holds(best(4, 4) == ((1, 3),)
                 and value(4, 4, (1, 3)) == F(9, 16) == 1 - F(1, 4) * P(4, 1) - F(3, 4) * P(4, 3)
                 and outs == [(F(1, 4), (4, 1)), (F(3, 4), (4, 3))] and value(4, 4, (2, 2)) == F(1, 2) == 1 - P(4, 2)
                 and P(4, 4) - value(4, 4, GUESS) == F(5, 16) and P(4, 4) - value(4, 4, (2, 2)) == F(1, 16)
                 and halving_not_best(5) == ((4, 4),)
                 and all(best(n, 1) == (GUESS,) and best(1, n) == (GUESS,) for n in range(2, 6)),
                 "(4, 4), and 1 <= n, m <= 5")


@register.statement(
    "course.kit-theorem-2.1", "Theorem 2.1 (Cushing et al.): at every state with n >= 3 and m >= 2 asking about n_< "
    "suspects is a best question, except at (4, 4), (6, 4) and (10, 4); at m = 1 you must guess; n_< = floor(n/4) + "
    "floor((n + 1)/4) (1 when n = 2) is n // 2 except when n = 2 mod 4, where it is one less; within n, m <= 6 the "
    "exceptions are (4, 4) and (6, 4).",
    su("**Theorem 2.1** (Cushing et al.): under the official rules, at every state with $n \\ge 3$ and $m \\ge "
       "2$, asking"),
    su("Here $n_{<}$ is the whole-number part of $\\frac{n}{4}$ plus that of $\\frac{n + 1}{4}$."),
    su("$n_{<}$ is halving (half of $n$, rounded down) except when $n$ is 2 more than a multiple of 4, where it "
       "is one"),
    gl("Theorem 2.1's group: the whole-number part of $\\frac{n}{4}$ plus that of $\\frac{n + 1}{4}$, and 1 when "
       "$n = 2$."),
    gl("It is halving except when $n$ is 2 more than a multiple of 4, where it is one less."),
    gl("Cushing et al.: under the official rules, at every state with $n \\ge 3$ and $m \\ge 2$, asking about $n_{<}$"),
    ws("Cushing et al.'s Theorem 2.1 says that at every state with $n \\ge 3$ and $m \\ge 2$ it is a best question to"),
    ws("Asking about $n_{<}$ suspects is not a best question at $(4, 4)$ and $(6, 4)$, two of the three exceptions to"),
    status="proven")
def _(N):
    from guesswho_lib.papers.cushing import n_less
    theorem = as_recorded("cushing.thm2.1", "cushing.exceptions")(N)
    six = [(n, m) for n in range(3, 7) for m in range(2, 7) if (n_less(n), n - n_less(n)) not in best(n, m)]
    less = n_less(2) == 1 and all(n_less(n) == n // 4 + (n + 1) // 4 == n // 2 - (n % 4 == 2)
                                  for n in range(3, 10 ** 4))
    return holds(theorem.ok and six == [(4, 4), (6, 4)] and less, theorem.checked + "; n < 10^4; n, m <= 6",
                 theorem.counterexample or str(six))


@register.statement(
    "course.kit-where-halving-fails",
    "With 2 <= n, m <= 24 halving is not a best move at exactly 35 states: (4, 4), and "
    "states with n = 2 mod 4 where n_< does strictly better, such as (6, 7) (2:4 gives 25/42 against 4/7) and "
    "(14, 14) (6:8 gives 55/98 against 27/49); at every other state of the square halving is a best move, so it is "
    "best at most states.",
    su("Among the states with $2 \\le n, m \\le 24$, halving is not a best move at {{ halving_not_best(24) | "
       "length }} of"),
    su("At every other state of that square halving is a best move."),
    gl("It is a best question at most states, not at all of them (lesson 02)."))
def _(N):
    from guesswho_lib.papers.cushing import n_less
    from .numbers import halving_not_best
    states = halving_not_best(24)
    why = all(s == (4, 4) or (s[0] % 4 == 2 and value(*s, (n_less(s[0]), s[0] - n_less(s[0])))
                             > value(*s, (s[0] // 2, s[0] - s[0] // 2))) for s in states)
    return holds(len(states) == 35 and why and 2 * len(states) < 23 * 23
                 and (value(6, 7, (2, 4)), value(6, 7, (3, 3))) == (F(25, 42), F(4, 7))
                 and (value(14, 14, (6, 8)), value(14, 14, (7, 7))) == (F(55, 98), F(27, 49)),
                 "2 <= n, m <= 24", f"{len(states)} states")


@register.statement(
    "course.kit-nica-regions",
    "Under Nica's rules every state with n, m >= 2 is in the weeds or has the upper hand (at "
    "level k as defined); in the weeds the best bid is exactly 2^k, fewer than half of n, depending only on m, a yes "
    "coming with probability below one half; with the upper hand halving is a best question (Theorem 1.1); a bid of "
    "b is answered yes with probability b/n; at (40, 5), level 2, the bid is 4 and P(40, 5) = 9/100; at (4, 4) the "
    "mover has the upper hand and halves.",
    su("The player to move is *in the weeds* at level $k$ when $2^{k+1} < n$ and $2^{k} < m \\le 2^{k+1}$: far "
       "behind."),
    su("There the best question asks about exactly $2^{k}$ suspects, a bold play, which depends only on the "
       "opponent's"),
    su("Otherwise the player to move has the *upper hand* (at level $k$ when $2^{k} < n \\le 2^{k+1}$ and $m > "
       "2^{k}$)"),
    su("At $(40, 5)$ the player to move is in the weeds at level ${{ level(40, 5) }}$: the best bid is ${{ "
       "bid(40, 5) }}$"),
    su("$2^{2} = 4 < 5 \\le 8 = 2^{3}$, so $k = {{ level(40, 5) }}$, and $2^{k+1} = 8 < 40$: in the weeds."),
    su("The best question asks about $2^{k} = {{ bid(40, 5) }}$ of the 40 suspects: a small chance of a big jump."),
    su("| $k$ | $2^{k}$ | $2^{k+1}$ | is $2^{k} < 5 \\le 2^{k+1}$? |"),
    su("| 2 | 4 | 8 | yes: and $8 < 40$, so in the weeds |"),
    gl("Nica's word for a question, by its size: a bid of $b$ asks about $b$ of your $n$ suspects, so the answer"),
    gl("Nica's name for the states where the player to move is far behind: at level $k$, $2^{k+1} < n$ and"),
    gl("Nica's name for the other states: at level $k$, $2^{k} < n \\le 2^{k+1}$ and $m > 2^{k}$."),
    gl("There halving is a best question (Nica, Theorem 1.1)."),
    gl("Under Nica's rules, the best question when you are in the weeds at level $k$: a bid of exactly $2^{k}$, fewer"),
    gl("Its yes comes with probability below one half, but puts you back in the race"), status="proven")
def _(N):
    from guesswho_lib.papers.nica import bold_bid, region
    paper = as_recorded("nica.thm1.1.bid", "nica.def2.6")(N)
    n_max = min(N, 200)
    parts = all(region(n, m)[0] in ("in the weeds", "upper hand") for n in range(2, n_max) for m in range(2, n_max))
    weeds = all(2 * bold_bid(n, m) < n and bold_bid(n, m) == 2 ** region(n, m)[1] for n in range(3, n_max)
                for m in range(2, n) if region(n, m)[0] == "in the weeds")
    k = region(40, 5)[1]
    forty = ([2 ** j < 5 <= 2 ** (j + 1) for j in range(3)] == [False, False, True] and k == 2 and 8 < 40
             and bold_bid(40, 5) == 4 and P(40, 5, "nica") == F(9, 100) and best(4, 4, "nica") == ((2, 2),))
    return holds(paper.ok and parts and weeds and forty, paper.checked + f"; n, m < {n_max}",
                 paper.counterexample or "a region, a bid or (40, 5)")


@register.statement(
    "course.kit-first-move", "With N suspects each the first player's chance is above 1/2 for 3 <= N <= 64 under both "
    "rule sets, and exactly 1/2 at N = 2 (official rules); P(24, 24) = 5/9; against 24 suspects a second player "
    "with the fairest pool, 16, makes the first player's chance exactly 1/2.",
    su("Moving first helps: with $N$ suspects each, for every $N$ from 3 to 64 the first player's probability of"),
    su("With 24 suspects each, as in the published game, the first player wins with probability"),
    su("Against a first player with 24 suspects, a second player with {{ fair(24) }} suspects makes the first "
       "player's"))
def _(N):
    from guesswho_lib.game.first_move import fairest_second_pool
    helps = all(P(n, n, rules) > F(1, 2) for rules in ("official", "nica") for n in range(3, 65))
    second = fairest_second_pool(24).second
    return holds(helps and P(2, 2) == F(1, 2) and P(24, 24) == F(5, 9) and P(24, second) == F(1, 2),
                 "3 <= N <= 64, both rule sets; (24, 16)")


@register.statement(
    "course.kit-log-periodic", "Under Nica's rules the value at (2n, 2m) is nearly the value at (n, m) on large boards "
    "and exactly so in the continuous game (Lemma 3.5; Remark 3.10: P - p_inf is -2/(3nm) or 4/(3nm)); P(N, N) "
    "keeps coming back near 5/8 and near 2/3 and has no limit; along the doublings of (3, 2) the differences shrink "
    "by 1/4 and sum to the continuous game's value 4/9.",
    su("Zooming out, the table of $P$ under Nica's race-to-one rules looks nearly the same at every scale: it is"),
    su("With equal pools the first player's probability never settles: as $N$ grows, $P(N, N)$ keeps coming back"),
    gl("Repeating the same pattern each time the board doubles: under Nica's rules the value at $(2n, 2m)$ is nearly"),
    gl("Nica's race in which pools and bids may be any positive numbers; on large boards $P(n, m)$ is within a small"),
    status="proven")
def _(N):
    from guesswho_lib.papers.nica import p_inf
    paper = as_recorded("nica.lem3.5", "nica.rem3.10", "nica.sec1.2.log_periodic",
                        "nica.sec1.2.first_mover.corrected")(N)
    u = [P(3 * 2 ** j, 2 * 2 ** j, "nica") for j in range(5)]
    d = [b - a for a, b in zip(u, u[1:])]
    three_two = all(d[j + 1] == F(1, 4) * d[j] for j in range(3)) and u[0] + d[0] / (1 - F(1, 4)) == p_inf(3, 2)
    return holds(paper.ok and three_two, paper.checked + "; the doublings of (3, 2)", paper.counterexample)


@register.statement(
    "course.kit-paradox", "With paradox questions P_T(3, 3) = 2/3 against P(3, 3) = 5/9, by 1:1:1 (each answer 1/3, "
    "the opponent then at (3, 1), winning 1/3); at (8, 3) the third answer lowers the mover's chance by 1/24.",
    su("$1 - 3 \\times {{ yes(1, 3) }} \\times {{ P(3, 1, 'tripartite') }} = {{ value(3, 3, '1:1:1', "
       "'tripartite') }}$."))
def _(N):
    return holds(P(3, 3, "tripartite") == value(3, 3, (1, 1, 1), "tripartite")
                 == 1 - 3 * F(1, 3) * P(3, 1, "tripartite")
                 == F(2, 3) > P(3, 3) == F(5, 9) and P(3, 1, "tripartite") == F(1, 3)
                 and P(8, 3) - P(8, 3, "tripartite") == F(1, 24), "(3, 3) and (8, 3)")


@register.statement(
    "course.kit-24-characters",
    "For 24 characters: 5 questions (2^4 = 16 < 24 <= 32 = 2^5; binary search halves 24, 12, "
    "6, 3, 2, 1); 6 with one 'don't know'; against one lie 8 adaptive (24 x 8 = 192 > 128 = 2^7 rules out 7; Pelc) "
    "and 9 written in advance; binary search needs the smallest q with 2^q >= n and no method fewer (Paz and "
    "Peterfreund, Theorem 4); a code survives one lie when its words are at distance at least 3.",
    su("Binary search finds one of 24 characters in {{ questions(24) }} questions, and fewer are not always enough: 4"),
    su("Against one lie, {{ questions(24, 1) }} questions are enough when they are adaptive, each chosen after"),
    su("Four answers give at most $2^{4} = 16$ patterns, fewer than 24: four questions are not enough."),
    su("Five give $2^{5} = 32 \\ge 24$: binary search halves 24, 12, 6, 3, 2, 1 in {{ questions(24) }} questions."),
    su("$24 \\times 8 = 192 > 128 = 2^{7}$, so seven questions are not enough."),
    su("The fewest questions always enough for 24 characters"),
    su("| answers | fewest questions | why no fewer, and who shows it is enough |"),
    su("| all true | {{ questions(24) }} | $2^{4} < 24 \\le 2^{5}$: binary search |"),
    su("| one lie, questions chosen one at a time | {{ questions(24, 1) }} | $24 \\times 8 > 2^{7}$;"),
    gl("Halving the characters still possible with every question: it finds one of $n$ in the smallest number $q$"),
    gl("A list of questions written down in advance whose answers still pick out the character when some answers are"),
    status="proven")
def _(N):
    import guesswho_lib as gw
    paper = as_recorded("paz.thm4", "paz.cor14", "paz.cor14.optimal")(N)
    counts = (gw.minimum_questions(24).value, gw.minimum_questions(24, erasures=1).value,
              gw.minimum_questions(24, lies=1).value, gw.minimum_questions(24, lies=1, adaptive=False).value)
    return holds(paper.ok and counts == (5, 6, 8, 9) and 2 ** 4 < 24 <= 2 ** 5 and 24 * 8 == 192 > 128 == 2 ** 7,
                 paper.checked + "; 24 characters", paper.counterexample or str(counts))


@register.statement(
    "course.kit-costs-and-luck",
    "A move's cost is P(n, m) minus its value, zero for a best move; the luck of the answers "
    "averages to zero (each weighted by its probability), so a game's result splits into costs and luck.",
    su("Every move has a cost:"), su("$P(n, m)$ minus the value of the move, what it gives away against a best move."),
    su("A best move costs nothing."),
    su("A game's result splits exactly into the costs of the moves and luck, and luck is zero on average."),
    gl("A best move costs nothing."), status="proven")
def _(N):
    from guesswho_lib.rules import RULES, step
    t, n_max = _table(N, 12)

    def ok(s):
        n, m = s
        for mv in t.all_moves(n, m):
            if mv is GUESS:
                continue
            luck = sum(p * ((1 - t.P(*after)) - t.value(n, m, mv)) for p, after in step(n, m, mv, RULES["official"]))
            if luck != 0:
                return False
        return all(t.P(n, m) - t.value(n, m, mv) == 0 for mv in t.optimal_moves(n, m))
    return every(((n, m) for n in range(2, n_max + 1) for m in range(2, n_max + 1)), ok, f"2 <= n, m <= {n_max}")


@register.statement(
    "course.kit-real-board",
    "The course's board has 24 people and 18 traits; every question on it asks about one trait "
    "(18 single-trait questions for both players); several first questions tie for the best; with traits only the "
    "first player's chance is 9/16, not P(24, 24) = 5/9; the worst trait question is worth the least.",
    su("On it every question asks about one trait, and both players are held to that."),
    su("Several first questions tie for the best, and the restriction changes the value of going first."),
    su("That question is worth ${{ board('best-value') }}$ to the first player; the worst trait question,"),
    gl("On the real board every question asks about one trait."),
    ws("Each question asks about one trait; both players may only ask such questions."),
    ws("With both players asking about traits only, the first player's chance is ${{ board('start') }}$."))
def _(N):
    from guesswho_lib.board import cached_board_solution, first_questions, load_board
    from guesswho_lib.board.question_sets import question_set
    board = load_board()
    qs = [q for q in first_questions(cached_board_solution()) if q.sizes is not GUESS]
    singles = question_set(board, "traits")
    return holds(len(board.names) == 24 and len(board.traits) == 18 == len(singles) == len(qs)
                 and all(len(q.traits) == 1 for q in singles) and sum(q.value == qs[0].value for q in qs) > 1
                 and cached_board_solution().start == F(9, 16) != P(24, 24)
                 and qs[-1].value == min(q.value for q in qs),
                 "the course's board")


@register.statement(
    "course.kit-state-is-enough",
    "Every question's outcomes depend only on its group sizes: a group of a of n suspects is "
    "the answer with probability a/n and leaves the opponent at (m, a), so the state (n, m) is all the best move "
    "depends on.",
    gl("With every suspect equally likely, it is all that matters for the best move"), status="proven")
def _(N):
    from guesswho_lib.rules import RULES, step
    n_max = min(N, 20)
    return every(((n, m, a) for n in range(2, n_max + 1) for m in range(2, n_max + 1) for a in range(1, n)),
                 lambda c: sorted(step(c[0], c[1], (c[2], c[0] - c[2]), RULES["official"]))
                 == sorted([(F(c[2], c[0]), (c[1], c[2])), (F(c[0] - c[2], c[0]), (c[1], c[0] - c[2]))])
                 if 2 * c[2] != c[0] else True, f"n, m <= {n_max}")


@register.statement(
    "course.kit-worksheets", "The strategy card is best play (the solver's optimal moves at every state up to (4, 4)); "
    "the support table gives the row n = 2 as well; of 40 games Team 1:3 can expect about 22.5 wins and Team 2:2 "
    "about 20.",
    ws("After that, both players follow the strategy card below (it is the best play;"),
    ws("The row $n = 2$ is filled in too."))
def _(N):
    from .worksheets import strategy_card, table_given
    card = strategy_card(4)
    given = table_given(5, (1, 2))
    return holds(all(card[s] == best(*s) for s in card) and all((2, m) in given for m in range(1, 6))
                 and 40 * value(4, 4, (1, 3)) == F(45, 2) and 40 * value(4, 4, (2, 2)) == 20, "n, m <= 5")


@register.statement(
    "course.kit-two-papers", "Papers A and B are one template, so they have the same questions and marks, on different "
    "states.",
    sw("Papers A and B have the same questions and marks on different states"))
def _(N):
    from .assessment import PAPERS, rendered
    a, b = rendered("A"), rendered("B")
    return holds([[p.marks for p in q.parts] for q in a] == [[p.marks for p in q.parts] for q in b]
                 and all(PAPERS["A"][k] != PAPERS["B"][k] for k in PAPERS["A"]), "papers A and B")


register.not_statements(
    kit_path("summaries"), "about the notebook, a caption, or the list of a summary's words",
    "`Fraction` keeps every probability exact.", "Where halving is not a best move, $2 \\le n, m \\le 24$ source:",
    "the (4, 4) exception; halving; n_<;", "Theorem 2.1; split",
    "First questions on the real board: the best four, and the worst source: board-questions")
register.not_statements(
    kit_path("glossary"), "a definition: what a word means in this course",
    "- **Theorem 2.1**:", "How much more than one half the first player's probability $P(N, N)$ is when both start")
register.not_statements(
    kit_path("worksheets"), "an instruction, a sheet's name and title, or how the sheet is made",
    "Never share a pile, so that your card tells you nothing about your opponent's person.",
    "The same table, then one size bigger, to test a theorem.",
    "Extend your table to $n, m \\le 6$ and find the states of your table where asking about $n_{<}$ is not a best",
    "name: best-question title:", "Worksheet 3: predict the best question sub:",
    "name: best-question-support title:", "Worksheet 3 (support): predict the best question sub:",
    "name: best-question-extension title:", "Worksheet 3 (extension): predict the best question sub:",
    "[include: best-question]", "Every value here is exact, computed by guesswho_lib (official rules).",
    "Then predict: rank the best three questions, and say whether the best question is the one that splits")
register.not_statements(
    kit_path("scheme-of-work"), "how the course is planned and assessed, and how far its references are confirmed",
    "Every lesson: its exit ticket, two questions in five minutes at the end",
    "References marked † give the section only: the statement's number could not be confirmed",
    "Worksheet 3, the best first question on the real board (support or extension version as needed); summary 09.")
