"""The lessons' own statements about the official rules (lessons 00, 01, 02, 04 and 08, their worked solutions and
their parts of the teacher's guide), each anchored to the sentences that state it and checked against the exact
solver (Cushing et al., equation (1)).  Sentences of these files that look mathematical but state nothing to check
are recorded with their reason at the end."""

from __future__ import annotations

from fractions import Fraction

from guesswho_lib.game.first_move import fairest_second_pool
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.game.strategies import halving, optimal
from guesswho_lib.game.walk import best_response_value, evaluate
from guesswho_lib.papers.cushing import n_less
from guesswho_lib.rules import GUESS, RULES, step
from .anchors import guide_path, in_guide, in_lesson, in_solution, lesson_path, solution_path
from .facts import P, best, every, holds, paper_claim, value
from guesswho_lib.claims.registry import Register
from .course_challenges import halving_cost_range

register = Register(__name__)

l00, l01, l02, l04, l08 = (in_lesson(x) for x in ("00", "01", "02", "04", "08"))
s00, s01, s02, s04, s08 = (in_solution(x) for x in ("00", "01", "02", "04", "08"))
g00, g01, g02, g04, g08 = (in_guide(x) for x in ("00", "01", "02", "04", "08"))
F = Fraction


def _upto(N: int, cap: int = 200) -> int:
    return min(N, cap)


def coin_game(lose: Fraction):
    """P of the coin game of exercise 01.4, as a function (n, m) -> Fraction, written again here (the exercise's own
    code is in a layer above): a wrong guess loses with chance ``lose``, otherwise it removes the suspect named and
    passes the turn.  With ``lose`` = 1 it is the fundamental recurrence, written from scratch."""
    memo: dict = {}                         # this game's values only: freed with the function

    def p(a, b):
        if (a, b) not in memo:
            if a == 1 or b == 1:
                memo[a, b] = F(1, a)
            else:
                guess = F(1, a) + F(a - 1, a) * (1 - lose) * (1 - p(b, a - 1))
                memo[a, b] = max([guess] + [1 - F(k, a) * p(b, k) - F(a - k, a) * p(b, a - k)
                                            for k in range(1, a // 2 + 1)])
        return memo[a, b]
    return p


def coin_P(n: int, m: int, lose: Fraction) -> Fraction:
    return coin_game(F(lose))(n, m)


# ---- the smallest states ------------------------------------------------------------------------------------------
@register.statement(
    "course.one-suspect-left", "P(1, m) = 1: with one suspect left you name them and win.",
    l00("**P(1, m) = 1.** With one suspect left you know the person: name them and win."),
    l00("**P(1, m) = 1** (name your person)"),
    g00("the two facts P(1, m) = 1 and P(2, 1)"), status="proven")
def _(N):
    return every(range(1, N + 1), lambda m: P(1, m) == 1, f"1 <= m <= {N}")


@register.statement(
    "course.opponent-one-left", "P(n, 1) = 1/n: facing one suspect, you must guess now; every question is worth 0.",
    l00("**P(2, 1) = 1/2.** Your opponent has one suspect, so on their next turn they will name your person and win."),
    l00("Asking a question cannot save you: you must guess now, and you are right half the time."),
    l00("**P(n, 1) = 1/n** (your opponent wins next turn: guess now)"),
    l01("Lesson 00 gave P(2, 1) = 1/2;"),
    s00("**00.1.** Your opponent names your person on their next turn, so you must guess now: right with chance 1/3."),
    status="proven")
def _(N):
    n_max = _upto(N)
    t = cached_solution("official", n_max)
    return every(range(1, n_max + 1), lambda n: t.P(n, 1) == F(1, n) and all(
        t.value(n, 1, mv) == 0 for mv in t.all_moves(n, 1) if mv is not GUESS), f"1 <= n <= {n_max}")


@register.statement(
    "course.two-two", "At (2, 2) guessing and asking 'is it A?' are both worth 1/2: P(2, 2) = 1/2.",
    l00("Both choices give the same chance here."),
    s00("**00.2.** Guess: 1/2. Ask \"is it A?\": your opponent is at (2, 1), guesses, and is right half the time, so "
        "you win 1/2. Both give P(2, 2) = 1/2."),
    l04("Lesson 00: P(2, 2) = 1/2."))
def _(N):
    return holds(value(2, 2, GUESS) == value(2, 2, (1, 1)) == P(2, 2) == F(1, 2), "(2, 2)")


@register.statement(
    "course.three-two-tree", "At (3, 2), 'is it A?' leaves the opponent at (2, 1) with chance 1/3 and at (2, 2) "
    "with chance 2/3.",
    l00("With chance 1/3 the answer is yes: you keep one suspect and your opponent is at (2, 1)."),
    l00("With chance 2/3 it is no: you keep two, and your opponent is at (2, 2)."))
def _(N):
    outs = step(3, 2, (1, 2), RULES["official"])
    return holds(sorted((p, s) for p, s in outs) == [(F(1, 3), (2, 1)), (F(2, 3), (2, 2))], "(3, 2)", str(outs))


@register.statement(
    "course.three-three-tree", "At (3, 3), 'is it A?' leaves the opponent at (3, 1) or (3, 2); P(3, 3) = 5/9, from "
    "guessing 1/3 and asking 1 - 1/9 - 1/3.",
    l00("Most other states need a bigger tree: at (3, 3), asking \"is it A?\" leaves your opponent at (3, 1) or "
        "(3, 2), states you have already solved."),
    l01("the loop tries the only question, k = 1, which needs your opponent's chances at (3, 1) and (3, 2): the "
        "function calls itself twice."),
    s01("**01.2.** Guess: 1/3."), s01("You win 1 − 1/9 − 1/3 = 5/9."))
def _(N):
    outs = step(3, 3, (1, 2), RULES["official"])
    return holds(sorted(s for _, s in outs) == [(3, 1), (3, 2)] and value(3, 3, GUESS) == F(1, 3)
                 and value(3, 3, (1, 2)) == 1 - F(1, 9) - F(1, 3) == P(3, 3) == F(5, 9), "(3, 3)")


@register.statement(
    "course.two-against-m", "With two suspects against m, asking 'is it A?' leaves the opponent guessing among m: "
    "P(2, m) = 1 - 1/m for m >= 2 (P(2, 3) = 2/3, P(2, 5) = 4/5, P(2, 7) = 6/7), better than guessing (1/2).",
    l01("By the reasoning of exercise 00.3 (ask \"is it X?\", then the other side must guess among 3) it is "
        "1 - 1/3 = 2/3."),
    s00("**00.3.** Guess: 1/2."), status="proven")
def _(N):
    return every(range(2, N + 1), lambda m: P(2, m) == 1 - F(1, m) == value(2, m, (1, 1)) and value(2, m, GUESS)
                 == F(1, 2), f"2 <= m <= {N}")


@register.statement(
    "course.three-against-four", "At (3, 4) a guess is worth 1/3 and 'is it A?' (1 : 2) leaves the opponent at (4, 1) "
    "(chance 1/3, they win 1/4) or at (4, 2) (chance 2/3, they win 1/2, the value of their even split, their best "
    "question): 1 - 1/12 - 1/3 = 7/12 = P(3, 4).",
    l01("At its two ends your opponent moves from (4, 1) or from (4, 2): lesson 00 gives the first chance, and "
        "the best of the three values just above gives the second."),
    s01("**01.1.** Guess: 1/3."),
    s01("Ask \"is it A?\", groups 1 and 2: with chance 1/3 your opponent is at (4, 1) and wins 1/4; with chance 2/3 at "
        "(4, 2), where the even split is their best question, and wins 1/2."),
    s01("You win 1 − 1/12 − 1/3 = 7/12, better than guessing."))
def _(N):
    outs = sorted(s for _, s in step(3, 4, (1, 2), RULES["official"]))
    return holds(outs == [(4, 1), (4, 2)] and value(3, 4, GUESS) == F(1, 3) and P(4, 1) == F(1, 4)
                 and best(4, 2) == ((2, 2),) and P(4, 2) == value(4, 2, (2, 2)) == F(1, 2)
                 and value(3, 4, (1, 2)) == 1 - F(1, 12) - F(1, 3) == P(3, 4) == F(7, 12), "(3, 4)")


@register.statement(
    "course.exit-ticket-01", "At (6, 2) the question about 1 of 6 suspects leaves the opponent at (2, 1) (chance 1/6, "
    "they win 1/2, lesson 00's section 1) or at (2, 5) (chance 5/6, they win 4/5, exercise 00.3): it is worth "
    "1 - 1/12 - 2/3 = 1/4, less than P(6, 2) = 1/3, so it is not a best move; every move that is not best is worth "
    "less than P(n, m), and the heat map lists only the best moves.",
    s01("**01.6.** Yes (chance 1/6) leaves you 1 suspect and your opponent at (2, 1), where they win 1/2;"),
    s01("no (chance 5/6) leaves you 5 and your opponent at (2, 5), where they win 4/5 (exercise 00.3)."),
    s01("You win 1 − 1/12 − 2/3 = 1/4, less than P(6, 2) = 1/3: this question is not a best move at (6, 2), so the "
        "heat map, which lists only the best moves, does not give its value."),
    s01("A student who gives 1/3 has given P(6, 2) (or counted a yes as a win: after it, your opponent still moves at "
        "(2, 1)); the checker asks them which question the exercise is about."),
    l01("Draw the tree: lesson 00 gives the chances you need."),
    g01("P(n, m) is the value of a *best* move; a question that is not best is worth less."),
    g01("asks for the value of such a question, so the heat map, which lists only the best moves, does not give it."))
def _(N):
    outs = {s: p for p, s in step(6, 2, (1, 5), RULES["official"])}
    t = cached_solution("official", 8)
    below = all(t.value(n, m, mv) < t.P(n, m) for n in range(2, 9) for m in range(2, 9)
                for mv in t.all_moves(n, m) if mv not in t.optimal_moves(n, m))
    return holds(outs == {(2, 1): F(1, 6), (2, 5): F(5, 6)} and P(2, 1) == F(1, 2) and P(2, 5) == F(4, 5)
                 and value(6, 2, (1, 5)) == 1 - F(1, 12) - F(2, 3) == F(1, 4) and P(6, 2) == F(1, 3)
                 and (1, 5) not in best(6, 2) and F(1, 6) * 1 + F(5, 6) * (1 - P(2, 5)) == F(1, 3) and below,
                 "(6, 2), the question 1 : 5; every move for 2 <= n, m <= 8")


# ---- lesson 00's exit ticket and challenge: one suspect left; the opponent down to two ---------------------------
@register.statement(
    "course.exit-ticket-00", "P(1, 9) = 1; at (5, 1) a guess (1/5) is the only best move: after any question the "
    "opponent, with one suspect left, names the mover's person.",
    s00("**00.5.** Guess: your opponent has one suspect left and names your person on their next turn, so a question "
        "cannot save you."))
def _(N):
    return holds(P(1, 9) == 1 and best(5, 1) == (GUESS,) and value(5, 1, GUESS) == F(1, 5), "(1, 9) and (5, 1)")


# ---- the recurrence -----------------------------------------------------------------------------------------------
@register.statement(
    "course.recurrence", "The fundamental recurrence: P(1, m) = 1, P(n, 1) = 1/n, and for n, m >= 2 P(n, m) is the "
    "largest of 1/n and 1 - (k/n) P(m, k) - ((n - k)/n) P(m, n - k) for 1 <= k <= n/2 (Cushing et al., equation "
    "(1)); recomputed here from the formula alone and compared with the solver.",
    l01("$$ 1 - \\frac{k}{n}\\,P(m, k) - \\frac{n-k}{n}\\,P(m, n-k). $$"),
    l01("P(1, m) = 1, P(n, 1) = 1/n, and for n, m ≥ 2, P(n, m) is the **largest** of: guessing (worth 1/n) and the "
        "value above for every k from 1 to n/2."),
    l01("**The fundamental recurrence:** P(1, m) = 1, P(n, 1) = 1/n, and P(n, m) is the best of guessing (1/n) and"),
    g01("P(n, m) = max(1/n, 1 - (k/n) P(m, k) - ((n - k)/n) P(m, n - k) over every k from 1 to n/2), the best of a "
        "guess and every question about k of n suspects (Cushing et al., equation (1))"), status="proven")
def _(N):
    n_max = _upto(N, 60)
    by_hand = coin_game(F(1))                # the recurrence from scratch: a wrong guess always loses
    cases = [(n, m) for s in range(2, 2 * n_max + 1) for n in range(max(1, s - n_max), min(n_max, s - 1) + 1)
             for m in (s - n,)]
    return every(cases, lambda c: by_hand(*c) == P(*c), f"1 <= n, m <= {n_max}")


@register.statement(
    "course.you-win-when-they-do-not", "After your question the opponent moves, and you win every game they do not: "
    "the value of a question at (4, 2) is 1 - (1/4) P(2, 1) - (3/4) P(2, 3); of 400 games the opponent wins about "
    "50 + 200 = 250, you about 150.",
    l01("Your opponent moves next, and **you win every game your opponent does not**."),
    l01("So the opponent wins about 50 + 200 = 250 of the 400 games, and you win about 150."))
def _(N):
    theirs = F(1, 4) * P(2, 1) + F(3, 4) * P(2, 3)
    return holds(value(4, 2, (1, 3)) == 1 - theirs and 400 * F(1, 4) * P(2, 1) == 50 and 400 * F(3, 4) * P(2, 3)
                 == 200 and 400 * (1 - theirs) == 150, "(4, 2), the question about A")


@register.statement(
    "course.four-two", "At (4, 2) the even split 2:2 is the best question, and asking about one suspect (1:3) still "
    "beats guessing.",
    l01("Here the even split 2:2 is the best question, and asking about one suspect still beats guessing."))
def _(N):
    return holds(best(4, 2) == ((2, 2),) and value(4, 2, (1, 3)) > value(4, 2, GUESS), "(4, 2)")


@register.statement(
    "course.whole-numbers", "A(n, m) = n m P(n, m) is always a whole number (official rules): the recurrence in "
    "whole numbers, A(n, m) = max(m, nm - A(m, k) - A(m, n - k)), shows it by induction.",
    l01("it stores A = n·m·P(n, m), which is always a whole number"), status="proven")
def _(N):
    n_max = _upto(N, 300)
    t = cached_solution("official", n_max)
    return every(((n, m) for n in range(1, n_max + 1) for m in range(1, n_max + 1)),
                 lambda c: (c[0] * c[1] * t.P(*c)).denominator == 1, f"1 <= n, m <= {n_max}")


@register.statement(
    "course.not-symmetric", "P(n, m) is not P(m, n): swapping the players changes who moves (P(2, 3) = 2/3, "
    "P(3, 2) = 1/2).",
    g01("- **\"P(n, m) = P(m, n).\"** The table is not symmetric: swapping the players changes who moves."))
def _(N):
    return holds(P(2, 3) != P(3, 2), "(2, 3) and (3, 2)")


@register.statement(
    "course.one-at-a-time-at-the-start", "At (24, 24), 'is it Anne?' (1 : 23) is worth 271/576, about 0.47, below "
    "1/2; the best first question, 12 : 12, is worth 5/9.",
    s01("**01.3.** \"Is it Anne?\" at (24, 24) is the question with k = 1: with chance 1/24 your opponent moves from "
        "(24, 1) and must guess (wins 1/24); with chance 23/24 from (24, 23)."),
    s01("The value, 271/576 ≈ 0.47, is below 1/2: asking about one suspect at a time hands the first move's advantage "
        "to the opponent (the best first question, a 12 : 12 split, is worth 5/9)."))
def _(N):
    v = value(24, 24, (1, 23))
    return holds(v == 1 - F(1, 24) * P(24, 1) - F(23, 24) * P(24, 23) == F(271, 576) and round(float(v), 2) == 0.47
                 and v < F(1, 2) and value(24, 24, (12, 12)) == P(24, 24) == F(5, 9), "(24, 24)")


@register.statement(
    "course.coin-game", "In the coin game of exercise 01.4 a guess is worth 1/n + ((n - 1)/n)(1/2)(1 - P(m, n - 1)), "
    "P(n, 1) = 1/n still; with a coin that always says 'lose' the game is the official one, with one that never does "
    "the merciful one, and with a fair coin it is neither (nor their average).",
    s01("So a guess is worth 1/n + ((n − 1)/n)·(1/2)·(1 − P(m, n − 1))."),
    s01("P(1, m) = 1, and at (n, 1) a wrong guess on tails leaves your opponent at (1, n − 1), where they name your "
        "person, so P(n, 1) = 1/n."),
    s01("No rule set of the library plays this game: with a coin that always says \"lose\" it is the official game, "
        "with one that never does it is the merciful game"),
    s01("Its tree: right with chance 1/n (you win); wrong with chance (n − 1)/n, and then the coin:"),
    s02("**02.8.** The coin game's recurrence is `my_P` of exercise 01.4: a guess is worth 1/n + ((n − 1)/n)·(1/2)·"
        "(1 − P(m, n − 1)), a question about k suspects 1 − (k/n)·P(m, k) − ((n − k)/n)·P(m, n − k), with the coin "
        "game's P in both."))
def _(N):
    states = [(n, m) for n in range(1, 13) for m in range(1, 13)]
    ends = all(coin_P(n, m, F(1)) == P(n, m) and coin_P(n, m, F(0)) == P(n, m, "merciful") for n, m in states)
    fair = [coin_P(n, m, F(1, 2)) for n, m in states]
    others = all(any(f != P(n, m, r) for f, (n, m) in zip(fair, states)) for r in ("official", "merciful",
                                                                                    "tripartite"))
    average = any(f != (P(n, m) + P(n, m, "merciful")) / 2 for f, (n, m) in zip(fair, states))
    return holds(ends and others and average and all(coin_P(n, 1, F(1, 2)) == F(1, n) for n in range(1, 13)),
                 "1 <= n, m <= 12")


# ---- lesson 02: (4, 4) and Theorem 2.1 ---------------------------------------------------------------------------
@register.statement(
    "course.four-four", "At (4, 4) the even split 2:2 is worth 1/2 and asking about one suspect (1:3) 9/16, the best "
    "move: the opponent wins 1/2 from (4, 3) and from (4, 2), and one time in four must guess among 4.",
    l02("Keeping **three** suspects instead of two costs you nothing here: your opponent wins half the time from "
        "(4, 3), exactly as from (4, 2)."),
    l02("At (4, 4), n_< = 2, the even split, which we have just seen is **not** best."),
    l02("- At (4, 4) the natural even split is **not** best: asking about one suspect is."),
    l01("(Lesson 02 shows a state where the even split is *not* best.)"),
    l01("**Next:** lesson 02, the classroom puzzle at (4, 4), where the natural question is not the best one."),
    s02("**02.1.** Both branches leave your opponent at (4, 2), where they win P(4, 2) = 1/2."),
    s02("**02.2.** With chance 1/4 your opponent is at (4, 1) and wins 1/4; with chance 3/4 at (4, 3), where they "
        "win P(4, 3) = 1/2."),
    s02("You win 1 − 1/16 − 3/8 = 9/16."),
    l08("At $(4, 4)$ the best move is `1:3`, worth $P(4, 4) = \\frac9{16}$ (lesson 02)."))
def _(N):
    return holds(P(4, 3) == P(4, 2) == F(1, 2) and P(4, 1) == F(1, 4) and value(4, 4, (2, 2)) == F(1, 2)
                 and value(4, 4, (1, 3)) == 1 - F(1, 16) - F(3, 8) == F(9, 16) and best(4, 4) == ((1, 3),)
                 and n_less(4) == 2, "(4, 4)")


@register.statement(
    "course.thm2.1", "Theorem 2.1 (Cushing et al.): under the official rules, at every state with n >= 3 and m >= 2, "
    "asking about n_< = floor(n/4) + floor((n+1)/4) suspects is optimal except at a few states (all with m = 4); at "
    "m = 1 you must guess (every question is worth 0). Proven in the paper; checked here over the table.",
    l02("(Theorem 2.1) found a rule that gives a best question at almost **every** state."),
    l02("**Theorem 2.1 (Cushing et al.).** Under the official rules, at every state with n ≥ 3 and m ≥ 2, asking "
        "about n_< suspects is an optimal question, except at the states you have just found."),
    l02("(At m = 1 you must guess, as we saw.) Cushing et al. prove it for every n and m; the claims register of this "
        "project also checks it against the exact solver at every state with n, m ≤ 1000"),
    l02("- **Theorem 2.1:** with m ≥ 2 and n ≥ 3, asking about n_< = ⌊n/4⌋ + ⌊(n+1)/4⌋ suspects is optimal at "
        "every state except the few you found in exercise 02.4; with m = 1 you must guess."),
    l02("$$ n_< = \\left\\lfloor \\frac{n}{4} \\right\\rfloor + \\left\\lfloor \\frac{n+1}{4} \\right\\rfloor $$"),
    l02("So take m ≥ 2, and n ≥ 3 (with n = 2 there is only one question, \"is it A?\")."),
    g02("Theorem 2.1 says the best question is about half of your suspects (n_<) at almost every state;"),
    g02("(4, 4) is an exception, and exercise {{ ex('02-every-exception') }} finds how rare the exceptions are."),
    was="02 [26] stated Theorem 2.1 for every state with n >= 3, m = 1 included, where asking about n_< is worth 0 and "
        "you must guess (t.value(5, 1, (2, 3)) = 0, P(5, 1) = 1/5); the summary [30] repeated it and contradicted [28]",
    status="proven")
def _(N):
    theorem = paper_claim("cushing.thm2.1", N)     # S(n, m): n_< but at three states with m = 4, a guess at m = 1
    t = cached_solution("official", N)
    m1 = all(t.value(n, 1, (n_less(n), n - n_less(n))) == 0 < t.P(n, 1) for n in range(3, N + 1))
    return holds(theorem.ok and m1, f"1 <= n, m <= {N}", theorem.counterexample or "a question at m = 1")


@register.statement(
    "course.n-less-is-about-half", "n_< is n // 2 except when n = 2 mod 4, where it is one less (so both groups are "
    "even); n_< for 2026 is 506 + 506 = 1012.",
    s02("**02.3.** n_< = ⌊2026/4⌋ + ⌊2027/4⌋ = 506 + 506 = 1012 (by hand, or with `//`)."),
    l02("suspects: about half."), status="proven")
def _(N):
    return holds(all(n_less(n) == n // 2 - (n % 4 == 2) for n in range(3, 10 ** 4))
                 and 2026 // 4 == 2027 // 4 == 506 and n_less(2026) == 1012, "3 <= n < 10^4")


@register.statement(
    "course.exit-ticket-02", "n_< = 11 at n = 23 and at no other n: n_< is 10 at n = 22 and 12 at n = 24, and n_< "
    "never falls as n grows (each floor is non-decreasing in n; checked for 3 <= n < 10^4).",
    s02("**02.6.** n_< is about half of n, so try n near 22: ⌊22/4⌋ + ⌊23/4⌋ = 5 + 5 = 10, too few; ⌊23/4⌋ + ⌊24/4⌋ = "
        "5 + 6 = 11. So n = 23."),
    s02("(n_< never falls as n grows, and ⌊24/4⌋ + ⌊25/4⌋ = 12 already, so no other n gives 11.)"),
    g02("A student who doubles the group has read \"about half\" as \"exactly half\"."),
    g02("so ask them to work out both floors for their board, then to try the boards next to it."), status="proven")
def _(N):
    top = 10 ** 4
    rises = all(n_less(n) <= n_less(n + 1) <= n_less(n) + 1 for n in range(3, top))
    return holds(rises and [n for n in range(3, top) if n_less(n) == 11] == [23] and n_less(22) == 22 // 4 + 23 // 4
                 == 10 and n_less(23) == 23 // 4 + 24 // 4 == 11 and n_less(24) == 24 // 4 + 25 // 4 == 12,
                 "3 <= n < 10^4")


@register.statement(
    "course.exit-ticket-02-halving", "On a board of 30 the rule asks about n_< = 7 + 7 = 14 suspects, one fewer than "
    "halving's 30 // 2 = 15 (30 leaves 2 when divided by 4).",
    s02("**02.7.** For n = 30: ⌊30/4⌋ + ⌊31/4⌋ = 7 + 7 = 14, but 30 // 2 = 15. So no: on a board of 30 the rule asks "
        "about one suspect fewer than halving."),
    g02("compares the rule with halving on a board of 30, which leaves 2 when divided by 4: there the rule asks about "
        "14, one suspect fewer than halving's 15."),
    g02("A student who answers yes has halved 30 without working out the rule"), status="proven")
def _(N):
    return holds(30 // 4 == 31 // 4 == 7 and n_less(30) == 14 == 30 // 2 - 1 and 30 % 4 == 2, "n = 30")


@register.statement(
    "course.guessing-at-the-edges", "Guessing is a best move only when m = 1, when n = 1, and at (2, 2), where it "
    "ties with asking; at every other state a question does better.",
    l02("Guessing is a best move only at the edges: when your opponent has **one** suspect left (m = 1), you must "
        "guess, since they will name your person on their next turn; with one suspect of your own (n = 1) you name "
        "them; and at (2, 2) guessing ties with asking (lesson 00)."))
def _(N):
    n_max = _upto(N, 120)
    t = cached_solution("official", n_max)
    return every(((n, m) for n in range(1, n_max + 1) for m in range(1, n_max + 1)),
                 lambda c: (GUESS in t.optimal_moves(*c)) == (c[0] == 1 or c[1] == 1 or c == (2, 2)),
                 f"1 <= n, m <= {n_max}")


@register.statement(
    "course.binary-search-finds-fastest", "Halving (binary search) finds one of n suspects in ceil(log2 n) "
    "questions, and no plan is sure to do it in fewer: the best way to find a person, not to win the race.",
    l02("Most people choose the even split: it is what a computer scientist calls binary search, and it is the best "
        "way to *find* a person in as few questions as possible."),
    g02("- **\"Halving is always best, like binary search.\"** Binary search minimises the number of questions; here "
        "you race an opponent, and leaving them in a bad state matters."), status="proven")
def _(N):
    from guesswho_lib.imperfect.minimum import minimum_questions
    return every(range(2, 200), lambda n: minimum_questions(n).value == (n - 1).bit_length(), "2 <= n < 200")


@register.statement(
    "course.even-split-wrong-count", "The even split is not optimal at 59 states with 2 <= n, m <= 30: 58 with "
    "n = 2 mod 4 (where n_< = n // 2 - 1), and (4, 4).",
    s02("**02.5.** Count the states where the even split is worth less than the best question: 58 of the 59 have "
        "n = 2 mod 4 (where n_< = n // 2 − 1); the other is (4, 4)."))
def _(N):
    t = cached_solution("official", 30)
    wrong = [(n, m) for n in range(2, 31) for m in range(2, 31) if t.value(n, m, (n // 2, n - n // 2)) != t.P(n, m)]
    return holds(len(wrong) == 59 and sum(n % 4 == 2 for n, _ in wrong) == 58
                 and [s for s in wrong if s[0] % 4 != 2] == [(4, 4)], "2 <= n, m <= 30")


@register.statement(
    "course.challenge-02", "In the coin game of exercise 01.4 (a wrong guess loses with chance 1/2, otherwise it "
    "removes the suspect named and passes the turn), asking about n_< suspects is not a best move at 34 states with "
    "3 <= n <= 20 and 2 <= m <= 20, against 3 under the official rules; a guess is a best move at one of the 34.",
    s02("There are 34, against 3 under the official rules, and at only one of the 34 is a guess a best move:"))
def _(N):
    coin, official = coin_game(F(1, 2)), coin_game(F(1))

    def misses(p):
        return [(n, m) for n in range(3, 21) for m in range(2, 21)
                if 1 - F(n_less(n), n) * p(m, n_less(n)) - F(n - n_less(n), n) * p(m, n - n_less(n)) != p(n, m)]
    guess_best = [(n, m) for n, m in misses(coin) if F(1, n) + F(n - 1, 2 * n) * (1 - coin(m, n - 1)) == coin(n, m)]
    return holds(len(misses(coin)) == 34 and len(misses(official)) == 3 and len(guess_best) == 1,
                 "3 <= n <= 20, 2 <= m <= 20")


# ---- lesson 04: the first-move advantage ---------------------------------------------------------------------------
@register.statement(
    "course.first-move-helps", "P(N, N) > 1/2 for every N from 3 to 1000 under the official rules and under Nica's "
    "(the solver; a conjecture beyond); the official P(N, N) stays between 0.55 and 0.57, and Nica's is higher at "
    "every such N.",
    l04("Both curves stay above 1/2 at every N from 3 to 64: moving first helps at every one of these board sizes "
        "(and, the solver finds, at every N from 3 to 1000)."),
    l04("The official curve stays between 0.55 and 0.57;"),
    l04("- Moving first is an advantage under both rule sets, at every N from 3 to 1000 the solver has checked."),
    l04("Under the official rules the first player's chance stays between 0.55 and 0.57; under Nica's rules it is "
        "bigger,"),
    g04("Compare the two curves of the explorer: under Nica's race to one the first player's chance is higher at "
        "every N from 3 to 1000 the solver has checked"),
    g04("moving first helps at every N from 3 to 1000 the solver has checked, by a different amount under each rule "
        "set"),
    g04("and under Nica's rules it is higher still and keeps wobbling, with a bump at every power of two from 8 on"),
    was="04 [10] said the official curve 'settles just above 0.55' (no limit is known; it stays between 0.551 and "
        "0.5625 up to 1000) and that moving first 'always helps' with no range", status="verified")
def _(N):
    top = min(N, 1000)
    o, n = cached_solution("official", top), cached_solution("nica", top)
    return every(range(3, top + 1), lambda k: F(1, 2) < o.P(k, k) and F(55, 100) <= o.P(k, k) <= F(57, 100)
                 and n.P(k, k) > o.P(k, k), f"3 <= N <= {top}")


@register.statement(
    "course.nica-bumps", "Nica's P(N, N) starts at 1 (P(2, 2) = 1) and, from 8 on, has a bump (a local highest point) "
    "at every power of two: between 4 and 64 its local highest points are 8, 16 and 32 (and it rises to 64).",
    l04("Nica's starts at 1 (with two suspects, asking first wins) and then wobbles, higher than the official curve "
        "at every N from 3 on, with a bump at every power of two from 8 on."),
    l04("and it wobbles with a bump at every power of two from 8 on."),
    l04("**N = 2, Nica's rules.** Lesson 03:"), l04("The first player always wins!"),
    g04("and under Nica's rules it is higher still and keeps wobbling, with a bump at every power of two from 8 on"))
def _(N):
    t = cached_solution("nica", 65)
    p = {k: t.P(k, k) for k in range(2, 66)}
    peaks = [k for k in range(5, 64) if p[k] > p[k - 1] and p[k] > p[k + 1]]
    return holds(p[2] == 1 and peaks == [8, 16, 32] and p[64] > p[63] and p[64] > p[65], "4 <= N <= 64",
                 f"local highest points {peaks}")


@register.statement(
    "course.first-move-band", "Under the official rules the first player's chance with equal pools, P(N, N), lies "
    "between P(7, 7) = 27/49 and P(4, 4) = 9/16 at every N from 3 to 1000 (the solver; both ends reached).",
    g04("does not shrink: under the official rules P(N, N) stays between {{ P(7, 7) | pct }} and {{ P(4, 4) | pct }} "
        "at every N from 3 to 1000 the solver has checked ({{ P(24, 24) | pct }} at N = 24),"), status="verified")
def _(N):
    solution = cached_solution("official", min(N, 1000))
    first = {k: solution.P(k, k) for k in range(3, min(N, 1000) + 1)}      # P(N, N) by N
    return holds(min(first.values()) == first[7] == F(27, 49) and max(first.values()) == first[4] == F(9, 16),
                 f"3 <= N <= {max(first)}")


@register.statement(
    "course.card-or-board", "One suspect fewer each (the card version, 23) helps the first player under the official "
    "rules (296/529 > 5/9) and hurts them under Nica's (333/529 < 91/144); one suspect fewer each is better at 19 of "
    "the 38 sizes N from 3 to 40.",
    l04("The card version (23 each) and the board version (24 each) give slightly different exact chances: one suspect "
        "fewer each helps the first player under the official rules and hurts them under Nica's."),
    s04("One suspect fewer each is better for the first player at 19 of these 38 board sizes: neither always nor "
        "never, so 23 against 24 is one case among many."),
    l04("What your count in 04.3 means: one suspect fewer each is better for the first player at 19 of the 38 board "
        "sizes from 3 to 40, exactly half."),
    l04("So \"one suspect fewer always helps\" and \"always hurts\" are both wrong: it depends on N, and 23 against "
        "24 is one case among many."))
def _(N):
    count = sum(P(k - 1, k - 1) > P(k, k) for k in range(3, 41))
    return holds(P(23, 23) > P(24, 24) and P(23, 23, "nica") < P(24, 24, "nica") and count == 19, "N <= 40")


@register.statement(
    "course.fair-start", "P(24, m) grows with m, and at m = 16 it is exactly 1/2: the fairest handicap for 24.",
    s04("P(24, m) grows with m, and at m = 16 it is exactly 1/2."))
def _(N):
    return holds(all(P(24, m) < P(24, m + 1) for m in range(1, 24)) and P(24, 16) == F(1, 2), "1 <= m <= 24")


@register.statement(
    "course.nica-minus-official-24", "At N = 24, P(24, 24) is 91/144 under Nica's rules and 5/9 = 80/144 under the "
    "official rules: the difference is 11/144, about 0.076.",
    s04("**04.2.** With the slider at N = 24, the explorer reads P(24, 24) = 91/144 under Nica's rules and 5/9 = "
        "80/144 under the official rules: the difference is 11/144 ≈ 0.076."))
def _(N):
    d = P(24, 24, "nica") - P(24, 24)
    return holds(P(24, 24, "nica") == F(91, 144) and P(24, 24) == F(80, 144) and d == F(11, 144)
                 and round(float(d), 3) == 0.076, "N = 24")


@register.statement(
    "course.first-move-peaks", "For 3 <= N <= 60 the official P(N, N) is largest, 9/16, at the powers of two 4, 8, "
    "16 and 32; 1 - P(3, 3) = 4/9.",
    s04("**04.5.** Compare Fractions; several N tie: the powers of two, where P(N, N) = 9/16."),
    s04("**04.1.** Someone wins every game: 1 − P(3, 3) = 1 − 5/9 = 4/9."))
def _(N):
    top = max(P(k, k) for k in range(3, 61))
    return holds(top == F(9, 16) and [k for k in range(3, 61) if P(k, k) == top] == [4, 8, 16, 32]
                 and 1 - P(3, 3) == F(4, 9), "3 <= N <= 60")


@register.statement(
    "course.exit-ticket-04", "Official rules: P(20, 20) = 14/25, and the fairest pool for the second player against 40 "
    "suspects is fewer than 40 (28).",
    l04("Under the official rules P(20, 20) = 14/25."), s04("**04.7.** Fewer: the fairest pool against 40."))
def _(N):
    return holds(P(20, 20) == F(14, 25) and fairest_second_pool(40).second < 40, "N = 20 and N = 40")


# ---- lesson 08: costs, luck, halving --------------------------------------------------------------------------------
@register.statement(
    "course.cost-of-a-guess", "At (4, 4) a guess is worth 1/4 and costs 9/16 - 1/4 = 5/16 (almost a third); the "
    "move 2:2 costs 1/16; the cost of a move is never negative.",
    l08("So its value is $\\frac14$, and its cost is $\\frac9{16} - \\frac14 = \\frac5{16}$: almost a third of a win "
        "thrown away."),
    l08("A guess is right with probability $\\frac14$, and then you have won; otherwise you have lost."),
    l08("Guessing at $(4, 4)$ costs $\\frac5{16}$."),
    l08("$$\\text{cost of a move} = P(n, m) - \\text{value of the move} \\;\\ge\\; 0 .$$"),
    s08("$P(4, 4) = \\frac9{16}$ (lesson 02); halving is worth $\\frac12$ (after `2:2` your opponent is at $(4, 2)$ "
        "...)."),
    s08("Cost $\\frac9{16} - \\frac12 = \\frac1{16}$."))
def _(N):
    t = cached_solution("official", 40)
    nonneg = all(t.P(n, m) >= t.value(n, m, mv) for n in range(1, 41) for m in range(1, 41)
                 for mv in t.all_moves(n, m))
    return holds(value(4, 4, GUESS) == F(1, 4) and P(4, 4) - F(1, 4) == F(5, 16) and F(1, 4) < F(5, 16) < F(1, 3)
                 and P(4, 4) - value(4, 4, (2, 2)) == F(1, 16) and nonneg, "every move, 1 <= n, m <= 40")


@register.statement(
    "course.six-four", "(6, 4) is an exception of Theorem 2.1: its only best question is 3:3; the rule's question, "
    "about n_< = 2 of the six suspects (2:4), is worth less.",
    s08("$(6, 4)$ is an exception of Theorem 2.1: the best question is `3:3`."),
    s08("Lesson 02's rule asks about $n_< = 2$ of the six suspects, a `2:4` question, which is worth less."))
def _(N):
    return holds(best(6, 4) == ((3, 3),) and n_less(6) == 2 and value(6, 4, (2, 4)) < P(6, 4), "(6, 4)")


@register.statement(
    "course.luck-is-zero-on-average", "The value of a question is the average of your chances after its answers, "
    "each weighted by its probability, so the luck of every answer, and of a whole game, is zero on average; the "
    "identity result - P(start) = -(your costs) + (the computer's costs) + luck holds in every game.",
    l08("**Exactly, on average: yes.** The value of a question is the *average* of your chances after its answers, "
        "each weighted by its probability (that is the recurrence of lesson 01)."),
    l08("So for each question, (chance of yes) × (luck of yes) + (chance of no) × (luck of no) = 0: luck is zero on "
        "average, question by question, and so over a whole game."),
    l08("The luck of every answer is zero on average."),
    l08("In every game, **result − start = −(your costs) + (the computer's costs) + luck**, exactly."),
    l08("$$\\text{result} - P(\\text{start}) \\;=\\; -\\,\\text{your total cost} \\;+\\; \\text{the computer's total "
        "cost} \\;+\\; \\text{luck}.$$"),
    g08("the exact identity result − start = −costs + luck; luck is zero on average."),
    g08("the lesson's identity answers the first prompt exactly for one game: the change in your chance is minus your "
        "costs, plus your opponent's costs, plus luck."), status="proven")
def _(N):
    t = cached_solution("official", 30)

    def after(s):               # your chance once the answer is known: the opponent moves at s = (m, k)
        return 1 - t.P(*s) if isinstance(s, tuple) else Fraction(s == "win")

    # for each question, the sum over its answers of (chance of the answer) x (luck of the answer) is 0, where the
    # luck of an answer is your chance after it minus the value of the question
    ok = all(sum(p * (after(s) - t.value(n, m, mv)) for p, s in step(n, m, mv, RULES["official"])) == 0
             for n in range(2, 31) for m in range(2, 31) for mv in t.all_moves(n, m) if mv is not GUESS)
    return holds(ok, "every question, 2 <= n, m <= 30 (the identity: tests/widgets/test_play.py, game by game)")


@register.statement(
    "course.halving-costs", "Always halving, moving first against the library's perfect player gw.strategies.optimal, "
    "gives away 1/14 from (14, 14), 1/25 from (20, 20) and 5/121 from (11, 11); a perfect player may choose among "
    "tied best moves, and against every such choice it gives away from 1/14 to 9/98 from (14, 14), from 0 to 3/25 "
    "from (20, 20) and from 3/121 to 15/121 from (11, 11): the cost of a strategy depends on its opponent.",
    l08("Where several moves are equally good, a perfect player may pick any of them, and what halving wins against "
        "it can depend on that choice"),
    s08("The cost is the difference, $\\frac1{14}$."))
def _(N):
    perfect = optimal("official")
    library = all(P(n, n) - evaluate(halving, perfect, n, n) == cost
                  for n, cost in ((14, F(1, 14)), (20, F(1, 25)), (11, F(5, 121))))
    ranges = {n: halving_cost_range(n, n) for n in (14, 20, 11)}
    return holds(library and ranges == {14: (F(1, 14), F(9, 98)), 20: (F(0), F(3, 25)), 11: (F(3, 121), F(15, 121))},
                 "(14, 14), (20, 20) and (11, 11), every choice among tied best moves")


@register.statement(
    "course.beat-perfect-play", "Halving never guesses before its last suspect; against it, moving second from "
    "(16, 9), the library's perfect player gw.strategies.optimal wins 2/3 (a perfect player choosing otherwise among "
    "tied best moves at most 7/9) while halving and guessing only when you must (one suspect left on either side) "
    "wins 8/9, the best reply: so the target 2/3 + 1/6 = 5/6 of exercise 08.4 can be reached, and no perfect player "
    "reaches it.",
    s08("Halving never guesses (until it has one suspect left), even when its opponent is down to one suspect and "
        "will name its person on the next turn."),
    s08("From $(16, 9)$ this wins $\\frac89$ against halving, the most any strategy can (the checker's best reply, "
        "computed exactly); the library's perfect player `gw.strategies.optimal` wins $\\frac23$ (another choice "
        "among equally good best moves wins at most $\\frac79$), the target is $\\frac23 + \\frac16 = \\frac56$."),
    s08("Halve too, and guess only when you must: when you have one suspect left (name it) or when halving has one "
        "left (it names your person next)."),
    g08("(a reply to halving that beats perfect play by the margin the exercise states: possible, as the checker's "
        "exact best reply shows)."),
    was="08.3 asked for a best reply to halving from (16, 16), where the best reply wins exactly what perfect play "
        "wins (1/2), so the exercise could not be won beyond perfect play and gw.strategies.optimal passed it")
def _(N):
    def patient(n, m):
        return GUESS if n == 1 or m == 1 else (n // 2, n - n // 2)
    never = all(halving(n, m) is not GUESS for n in range(2, 200) for m in range(1, 5))
    perfect = 1 - evaluate(halving, optimal("official"), 16, 9)
    most = 1 - P(16, 9) + halving_cost_range(16, 9)[1]        # the best any perfect player wins against halving
    mine = 1 - evaluate(halving, patient, 16, 9)
    best_reply = best_response_value(halving, 16, 9)
    return holds(never and perfect == F(2, 3) and most == F(7, 9) < F(5, 6) and mine == best_reply == F(8, 9)
                 and mine >= perfect + F(1, 6) == F(5, 6), "(16, 9)")


@register.statement(
    "course.exit-ticket-08", "Official rules: P(5, 5) = 14/25 and a guess there costs 14/25 - 1/5 = 9/25; at (5, 5) "
    "the question 1:4 brings luck 6/25 after yes and -3/50 after no, zero on average.",
    l08("Official rules, state (5, 5): you have 5 suspects left and your opponent 5; P(5, 5) = 14/25."),
    l08("If the answer is yes, your luck is 6/25."),
    s08("**08.5.** A guess among 5 is right with chance 1/5: cost 14/25 − 1/5 = 9/25."),
    s08("**08.6.** Luck is zero on average: the chance of yes is 1/5, of no 4/5, so 1/5 × 6/25 + 4/5 × (luck of no) "
        "= 0, and the luck of no is −3/50."))
def _(N):
    v = value(5, 5, (1, 4))
    yes, no = 1 - P(5, 1) - v, 1 - P(5, 4) - v
    return holds(P(5, 5) == F(14, 25) and value(5, 5, GUESS) == F(1, 5) and P(5, 5) - F(1, 5) == F(9, 25)
                 and yes == F(6, 25) and no == F(-3, 50) and F(1, 5) * yes + F(4, 5) * no == 0, "(5, 5)")


# ---- sentences that state nothing to check ---------------------------------------------------------------------------
register.not_statements(lesson_path("00"), "a definition or notation",
                        "We write **P(n, m)** for your chance of winning", "**P(n, m)** is your chance of winning with "
                        "best play on both sides.", "Every other value comes from a tree: each choice leads to states "
                        "of your opponent, and you win when they do not.", "**P(2, 2)** is the better of the two.")
register.not_statements(lesson_path("00"), "an instruction or a description of the cells",
                        "Then try (3, 1): you have three suspects", "We will only use `gw.P` *after* working things "
                        "out by hand.", "The cell below adds up 1/2 + 1/3 + 1/4 + 1/5 one term at a time:",
                        "the library's P(2, 2):", "the library's P(3, 2):", "You have worked out P(n, m) at (2, 1)",
                        "From then on each `check` tells your teacher's page which exercise you checked")
register.not_statements(lesson_path("00"), "Python, not mathematics (run in the cell below it)",
                        "Chances in this game are fractions, and we want them *exactly*.", "`Fraction(1, 3)` is the "
                        "exact fraction 1/3, and arithmetic with fractions stays exact.", "the name `a` now stands for "
                        "1/3", "`max(...)` gives the biggest of its inputs", "runs the indented lines below it once "
                        "for each k = 2, 3, 4, 5")
register.not_statements(lesson_path("00"), "a description of the challenge: what it needs",
                        "It needs no computer, only trees and fractions, but it needs them for **every** n at once.")
register.not_statements(solution_path("00"), "a label printed by the worked solution's code",
                        ", the library's P(n, 2) =", "asking about one suspect, 3/(2n) =")
register.not_statements(guide_path("00"), "how to use the challenge with a class",
                        "The challenge, {{ ex('00-challenge-down-to-two') }} (level 4, optional), is for students "
                        "who finish early",
                        "A student who prints `gw.P(n, 2)` for many n can read off the first number but not the second")
register.not_statements(solution_path("00"), "a step of a worked solution registered as course.two-two",
                        "**00.2.** Guess: 1/2.", "Both give P(2, 2) = 1/2.")
register.not_statements(guide_path("00"), "a fact of the rules, not of a computation: a wrong guess loses (the "
                        "official rule set's guess = 'lose'), a question passes the turn",
                        "Not under the official rules: a wrong guess loses at once")
register.not_statements(lesson_path("01"), "a learning goal or a heading", "to turn that tree into one formula",
                        "to fill in a table of P(n, m) by hand", "The table, smallest states first",
                        "By hand, you fill in the table from the smallest states up:")
register.not_statements(lesson_path("01"), "Python, not mathematics (run in the cell below it)",
                        "`if` and `else`.** `if person == \"A\":` runs the indented lines",
                        "a fixed seed: the same \"random\" games every time", "Then `value_of_question(4, 2, 1)` runs",
                        "The line `@functools.cache` above `def` makes the function remember every state",
                        "Then a loop inside a loop prints the table for n, m ≤ 3", "P(n, m) from the fundamental "
                        "recurrence alone (no library).", "sep=\"\\t\": a tab between the values instead of a space",
                        "There, a `return` hands back the answer and stops the call", "!= asks \"is it different?\"")
register.not_statements(lesson_path("01"), "a description of a picture or of the notebook",
                        "A heat map colours each state (n, m) by P(n, m)", "Then move the sliders: the text under the "
                        "map gives P(n, m) exactly and the best moves.", "A table is filled in from small states up;")
register.not_statements(lesson_path("01"), "a description of the challenge: what it needs",
                        "For those who finish early, or at home: this goes beyond exercise 01.4, because this time")
register.not_statements(guide_path("01"), "how to use the challenge with a class: a question to ask",
                        "A student who reaches the answer can be asked which first questions are now best")
register.not_statements(guide_path("01"), "what the challenge asks for (its answer is course.challenge-01)",
                        "and the question is the first player's chance at (24, 24), with a spare each and with a "
                        "spare for the first player only.")
register.not_statements(solution_path("01"), "a label printed by the worked solution's code",
                        "the first player's spare only:")
register.not_statements(solution_path("01"), "a description of the worked solution's code",
                        "`value_of_question` of section 1 does exactly this.", "coin game P(3, 3) =")
register.not_statements(guide_path("01"), "a step of the plan", "5 §1 Recall lesson 00: the state (n, m) and P(n, m).",
                        "`P_by_hand` calls itself on smaller states, exactly the recurrence.",
                        "9 §4 `value_of_question` run and `value_of_guess` finished by every student;",
                        "`P_by_hand`, its table beside theirs, and the worked example of its calls at (3, 3) drawn on "
                        "the board as a tree: each call waits for the smaller ones, exactly the order in which they "
                        "filled in the table.", "`P_by_hand` and the tree of its calls at (3, 3) from the front; "
                        "halvings to one suspect only mentioned; {{ ex('01-kinder-game') }} at home.",
                        "7 §3 The table, smallest states first: fill Worksheet 2's table")
register.not_statements(lesson_path("02"), "a learning goal, a heading, a label or a prediction's choices",
                        "the rule that is best almost everywhere (Theorem 2.1 of Cushing et al.), and to find where it "
                        "fails;", "The rule that is almost always best", "\"only (4, 4)\", \"a few\" or \"many\"",
                        "where is guessing best? e.g.", "\"nowhere\", \"when m = 1\", \"when n is small\"",
                        "which rule of thumb is optimal, official rules", "the library, every move at (4, 4):",
                        "The same two trees, in code, and the library's value of every move at (4, 4).",
                        "a fixed seed: the same games every time the lesson runs")
register.not_statements(lesson_path("02"), "an argument's conclusion in words, made exact by course.four-four",
                        "Making your opponent's position awkward matters more than halving your own suspects.",
                        "Halving your suspects matters less than leaving your opponent an awkward position.",
                        "A simulation of 1,000 games suggests it; the tree diagrams prove it exactly.")
register.not_statements(lesson_path("02"), "Python or a description of a cell",
                        "**Python: a loop inside a loop, and a set.**", "The cell below finds every state with "
                        "2 ≤ n, m ≤ 8 where the player to move is **behind**", "`t = gw.solve(8)` solves every state "
                        "up to (8, 8) at once;", "The map below colours each state by the first rule of thumb")
register.not_statements(solution_path("02"), "a worked solution's method (its answer is the checker's)",
                        "**02.4.** Compare the value of the n_< question with the best value at every state",
                        "You win 1/2.", "**02.4a.** The size of the group from n_less", "**02.4b.** One loop over m",
                        "**02.4c.** The loop of 02.4b inside a loop over n",
                        "every board from 3 to 100 at which the rule asks about 11")
register.not_statements(guide_path("02"), "a goal, a step of the plan or a remark with computed placeholders",
                        "The classroom activity at (4, 4): students predict the best question", "8 §4 The rule n_< of "
                        "Theorem 2.1 and {{ ex('02-big-board-group') }} by hand", "5 §4 The theorem, gently:",
                        "10 §4,Summary The exit ticket in the last minutes: {{ ex('02-ticket-which-board') }} and "
                        "{{ ex('02-ticket-rule-against-halving') }}, checked in the notebook (or on "
                        "paper); then the summary: halving matters less than", "At (4, 4) the best move is "
                        "{{ best(4, 4) }}.",
                        "{{ ex('02-every-exception') }} (finish the search for every exception begun in class,",
                        "- **\"If 1:3 is better at (4, 4), asking about one suspect is always better.\"** No:",
                        "A simulation estimates; the exact values come from the recurrence")
register.not_statements(guide_path("02"), "how to use the challenge: what it asks of students and how to support "
                        "them (its mathematics is course.challenge-02)",
                        "Theorem 2.1's question tried on Sam's coin game of lesson 01", "It asks them to write the "
                        "game's recurrence themselves", "To support without giving it away, ask what the guess's tree "
                        "looks like")
register.not_statements(guide_path("02"),
                        "how the class server works (tested by tests/apps/server/test_class_session.py)",
                        "Each finished game is recorded by the server, which replays it move by move")
register.not_statements(lesson_path("04"), "a definition, a heading, a label or a description of the explorer",
                        "how to make the game fair with a **handicap**", "Moving first is an advantage when P(N, N) is "
                        "more than 1/2.", "**N = 2, official rules.** Lesson 00:", "**N = 3, official rules.** Lesson "
                        "01: you worked out P(3, 3) by hand.", "The first player's chance for every N up to 64",
                        "The picture shows P(N, N) for every N from 2 to 64", ": card version P(23, 23) =",
                        "; board version P(24, 24) =", "one suspect fewer each is better for the first player",
                        "one suspect fewer each is worse for the first player", "`gw.fairest_second_pool(N)` finds",
                        "A handicap, fewer suspects for the second player, makes the game (almost) fair;")
register.not_statements(lesson_path("04"), "registered as course.fair-start (P(24, m) grows with m)",
                        "To make the game fair, give the **second** player fewer suspects: a smaller pool is quicker "
                        "to search.")
register.not_statements(lesson_path("04"), "registered as course.two-against-m (Nica's P(2, m) = 1: course_nica)",
                        "P(2, m) = 1.")
register.not_statements(guide_path("04"), "a goal or a step of the plan, its numbers computed placeholders",
                        "Students compute the first player's chance with equal pools", "P(2, 2) = {{ P(2, 2) }} under "
                        "the official rules", "10 §2 The first player's chance for every N up to 64", "12 §3 The real "
                        "game:")
register.not_statements(guide_path("04"), "registered as course.fair-start (fewer suspects, fewer questions)",
                        "the second player gets *fewer* suspects than the first, because fewer suspects means fewer "
                        "questions needed")
register.not_statements(guide_path("04"), "a question to the student on the challenge (its answer is registered as "
                        "course.challenge-04)", "Then ask whether the favourite of every game she starts is the "
                        "favourite of the match, and why.")
register.not_statements(lesson_path("08"), "a learning goal, a definition, a label, a description of the widgets or "
                        "the code", "to play whole games against a computer that plays perfectly",
                        "what a move **costs**:", "how every change in your chance splits exactly into **skill**",
                        "The best value is $P(n, m)$ itself, so", "exact values under the official rules, every board "
                        "up to 24 x 24", "value of a guess =", "cost of a guess =", "The table grades every move "
                        "exactly:", "\"optimal\", or what it cost.", "<!-- review-your-game:", "Every move is recorded "
                        "with exact fractions:", "After our question the cell keeps playing a best move",
                        "a best move for you:", "average over its answers =",
                        "`g.over` is `True` once the game is over, so line (1) repeats while it is `False`",
                        "The same game can be played in code, which shows exactly where skill and luck come in.",
                        "A **strategy** is a rule that picks a move",
                        "The library has `gw.strategies.optimal(\"official\")`", "The skill part can be computed "
                        "exactly, without any luck at all:", "halving against gw.strategies.optimal wins exactly",
                        "so against gw.strategies.optimal, always halving costs you", "\"exactly\", \"within 10 "
                                                                                      "games\", \"within 50 games\"",
                        "Level 1 needs no programming")
register.not_statements(lesson_path("08"), "what a game is: it ends in a win (1) or a loss (0)",
                        "But luck in *one* game is never zero: you win (1) or lose (0), whatever the costs.")
register.not_statements(solution_path("08"), "a worked solution's method; its numbers are in course.halving-costs",
                        "The exercise's cell prints every move at $(6, 4)$ with its value.",
                        "Perfect play against perfect play from $(14, 14)$ is worth $P(14, 14)$",
                        "Perfect play does not use that: it plays as if its opponent played perfectly too")
register.not_statements(guide_path("08"), "a goal or a step of the plan, its numbers computed placeholders",
                        "Students play against the computer, see exactly what a move costs", "4 §1 What a move costs "
                        "at (4, 4):", "11 §3 Skill and luck:", "5 §4 Simulation beside the exact chance:",
                        "{{ ex('08-always-halving-cost') }} (what always halving costs, with `gw.evaluate`)",
                        "Against a perfect opponent, a player who makes only best moves from (4, 4) wins {{ P(4, 4) "
                        "| pct }} of games.")
register.not_statements(lesson_path("08"), "how to go about the challenge 08.7 (its mathematics: course.challenge-08)",
                        "Then work it out exactly: section 3's identity, the tree of lesson 01 and a function or two "
                        "of your own.")
register.not_statements(guide_path("08"), "how to support the challenge 08.7 (its mathematics: course.challenge-08)",
                        "To support without giving it away: ask what the identity says on average, and what it "
                        "cannot tell apart")
