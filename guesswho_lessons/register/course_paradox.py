"""The lessons' own statements about paradox questions (lessons 06 and x2, their worked solutions and their parts of
the teacher's guide), each anchored to its sentences and checked: against the exact solver under the tripartite
rules, or against the paper's registered claims (``tripartite.*``, with the outcome the register records) where a
lesson restates one."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

from guesswho_lib.board.paradox import split_of_question, suspect_names, truthful_answers
from guesswho_lib.board.traits import load_board
from guesswho_lib.game.proven import VERIFIED_TRIPARTITE
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.rules import GUESS
from guesswho_lib.papers.tripartite import (THEOREM_3_1_SMALL, base3, ilog3, phi, theorem_3_1_printed)
from .anchors import guide_path, in_guide, in_lesson, in_solution, lesson_path, solution_path
from .facts import P, as_recorded, best, holds
from guesswho_lib.claims.registry import Register

register = Register(__name__)

l06, lx2 = in_lesson("06"), in_lesson("x2")
s06, sx2 = in_solution("06"), in_solution("x2")
g06, gx2 = in_guide("06"), in_guide("x2")
F = Fraction
TRI = "tripartite"


@register.statement(
    "course.paradox-answers", "For the question (*) with X the blond and Y the brown-haired characters of the board, "
    "a person in X can only say yes, a person in neither only no, and a person in Y (not X) has no truthful answer; "
    "yes and no both occur, and no person has both.",
    l06("This question **has** a *yes* answer (for some people) and **has** a *no* answer (for others), and those are "
        "the only answers anyone can ever give truthfully."),
    l06("The paper's footnote argues that the rules allow it: the question has a yes answer and a no answer, and only "
        "those can ever be given truthfully."),
    status="proven")
def _(N):
    board = load_board()
    X, Y = board.with_trait("blond hair"), board.with_trait("brown hair")
    said = {p: frozenset(truthful_answers(p, X, Y)) for p in board.names}
    ok = all(said[p] == ({"yes"} if p in X else set() if p in Y else {"no"}) for p in board.names)
    both = all(truthful_answers(p, X, X | Y) == {"yes"} for p in X)
    return holds(ok and both, "the 24 characters of the board")


@register.statement(
    "course.three-suspects", "With paradox questions, 1:1:1 at (3, m) tells you the person and the opponent must "
    "guess: P(3, m) = 1 - 1/m for every m >= 2 (2/3 at (3, 3), more than the official 5/9; 6/7 at (3, 7)); at m = 1 "
    "you must guess. With only yes/no questions P(3, m) < 1 - 1/m once m >= 3; A(3, m) = 3m - 3 (Lemma A.2).",
    l06("With ordinary yes/no questions your chance is $P(3, 3) = \\frac59$ (lesson 01)."),
    l06("So they must **guess** now, and they are right with probability $\\frac13$."),
    l06("You win with probability $1 - \\frac13 = \\frac23$, more than $\\frac59$."),
    l06("The same argument works whatever the opponent's number $m \\ge 2$ of suspects: after `1:1:1` they must guess, "
        "so with paradox questions $P(3, m) = 1 - \\frac1m$."),
    l06("(With $m = 1$ it is you who must guess: your opponent names your person next.)"),
    l06("$P(3, m) = 1 - \\frac1m$ for every $m \\ge 2$."),
    s06("Your opponent, at $(7, 1)$, must guess and is right with probability $\\frac17$."),
    s06("So $P(3, 7) = 1 - \\frac17 = \\frac67$."),
    lx2("So P(3, m) = 1 − 1/m and A(3, m) = 3m − 3 for m ≥ 2 — exactly Lemma A.2."),
    lx2("With only yes/no questions you cannot do this well (once m ≥ 3):"),
    sx2("$P(3, 10) = 1 - \\frac1{10}$, so $A(3, 10) = 30 \\cdot \\frac9{10} = 27 = 3m - 3$ (Lemma A.2)."),
    gx2("8 Recap of lesson 06: the question with three answers; {{ ex('x2-a-by-hand') }} by hand (the 1:1:1 move)."),
    was="06 [12] said P(3, m) = 1 - 1/m 'whatever the opponent's number m of suspects'; at m = 1 it is 1/3 (you must "
        "guess), not 0", status="proven")
def _(N):
    top = min(N, 200)
    t, o = cached_solution(TRI, top), cached_solution("official", top)
    return holds(all(t.P(3, m) == 1 - F(1, m) for m in range(2, top + 1)) and t.P(3, 1) == F(1, 3)
                 and all(o.P(3, m) < 1 - F(1, m) for m in range(3, top + 1)) and o.P(3, 2) == F(1, 2)
                 and best(3, 3, TRI) == ((1, 1, 1),) and P(3, 3) == F(5, 9)
                 and all(3 * m * t.P(3, m) == 3 * m - 3 for m in range(2, top + 1)), f"1 <= m <= {top}")


@register.statement(
    "course.eight-three", "At (8, 3) allowing paradox questions lowers the mover's chance from 5/12 to 3/8: without "
    "them the only best move is 4:4, which leaves the opponent at (3, 4), worth 7/12 to them with yes/no questions and "
    "3/4 with 1:1:1.",
    l06("$\\frac38$ instead of $\\frac5{12}$."),
    l06("Without paradox questions your best move at $(8, 3)$ is to halve, `4:4`, leaving your opponent at $(3, 4)$, "
        "where ordinary questions give them only $\\frac7{12}$."),
    l06("But with paradox questions, your opponent at $(3, 4)$ uses the `1:1:1` trick of section 3 and wins with "
        "$\\frac34$."),
    l06("The opponent's third answer hurts you more than yours helps."),
    g06("More options for *both* players: the opponent can use them too, and the notebook shows states where a third "
        "answer hurts the player to move."))
def _(N):
    return holds(P(8, 3, TRI) == F(3, 8) and P(8, 3) == F(5, 12) and best(8, 3) == ((4, 4),)
                 and P(3, 4) == F(7, 12) and P(3, 4, TRI) == F(3, 4), "(8, 3)")


@register.statement(
    "course.exit-ticket-06", "Among nine suspects, the paradox question with X = {Ada, Bram} and Y = {Bram, Chidi, "
    "Dara, Elif} gets yes from 2, an exploding head from 3 and no from 4. At (15, 2) paradox questions raise the "
    "mover's chance from 2/15 to 1/5: the opponent's 2 suspects allow no split into three groups, so at (2, g) both "
    "games are worth 1 - 1/g to them for g >= 2 (1:1, or at g = 2 a guess as well) and 1/2 at g = 1; a question's "
    "group of g >= 2 is then worth 1/15 to the mover, a group of one 1/30, a guess 1/15; three groups of at least 2 "
    "(5:5:5 among them) are the best questions with paradox questions, two groups of at least 2 without.",
    s06("**06.5.** Ada and Bram are in $X$: *yes*. Chidi, Dara and Elif are in $Y$ but not in $X$: the head explodes. "
        "The other four: *no*."),
    s06("Whatever you ask, your opponent is left with 2 suspects, too few for three groups, so on their turn the third "
        "answer changes nothing:"),
    s06("if you keep $g \\ge 2$ suspects, they ask `1:1` (at $g = 2$ a guess does as well) and you must then guess "
        "among your $g$, so you win $\\frac1g$; if you keep one, they must guess, and you win $\\frac12$."),
    s06("So each group of at least 2 suspects in your question is worth $\\frac{g}{15} \\cdot \\frac1g = "
        "\\frac1{15}$ to you, whatever its size, and a group of one $\\frac1{30}$."),
    s06("With two groups you win at most $\\frac2{15}$; with three, such as `5:5:5`, $\\frac3{15} = \\frac15$."),
    s06("Guessing gives only $\\frac1{15}$."),
    s06("The third answer is yours alone here, and it helps."),
    g06("A student who answers by analogy with the state where it hurts has not asked whether the opponent, with so "
        "few suspects, can split them three ways: ask them that, then to draw the trees of their best question with "
        "two groups and with three."))
def _(N):
    names = ("Ada", "Bram", "Chidi", "Dara", "Elif", "Farid", "Greta", "Hiro", "Ines")
    x, y = names[:2], names[1:5]
    sizes = [sum(truthful_answers(p, x, y) == want for p in names) for want in ({"yes"}, set(), {"no"})]
    n, m = 15, 2
    tri, off = cached_solution(TRI, n), cached_solution("official", n)
    at_two = all(t.P(2, g) == 1 - F(1, g) and (1, 1) in t.optimal_moves(2, g) for t in (tri, off)
                 for g in range(2, n + 1)) and tri.P(2, 1) == off.P(2, 1) == F(1, 2)
    at_two = at_two and all(len(move) == 2 for move in tri.optimal_moves(2, 2) if move != GUESS)

    def worth(split):                     # the mover's chance after a question: (g / n) (1 - opponent's P(2, g))
        return sum(F(g, n) * (1 - off.P(m, g)) for g in split)
    groups = all(F(g, n) * (1 - off.P(m, g)) == (F(1, n) if g >= 2 else F(1, 2 * n)) for g in range(1, n))
    three = {s for s in tri.optimal_moves(n, m) if s != GUESS}
    two = {s for s in off.optimal_moves(n, m) if s != GUESS}
    threes = {(a, b, n - a - b) for a in range(2, n) for b in range(a, n) if n - a - b >= b}
    twos = {(a, n - a) for a in range(2, n // 2 + 1)}
    return holds(sizes == [2, 3, 4] and at_two and groups and tri.P(n, m) == F(1, 5) == F(3, 15)
                 and off.P(n, m) == F(2, 15) and (5, 5, 5) in three and tri.value(n, m, GUESS) == F(1, n)
                 and three == threes and all(worth(s) == F(3, n) for s in threes)
                 and two == twos and all(worth(s) == F(2, n) for s in twos),
                 "nine suspects; (15, 2), and (2, g) for g <= 15")


def _one_sided(N: int) -> tuple[list, list]:
    """n*m times the chance of the player to move at (n, m), for 1 <= n, m <= N, when only the first table's player
    may ask paradox questions: ``mine`` with them, ``theirs`` with yes/no questions only (the opponent's table, their
    suspects first). Bottom-up in whole numbers: a question splitting n into groups g is worth n*m - sum A'(m, g),
    a guess m; one suspect left is worth m, facing one suspect (n > 1) only the guess, 1."""
    mine = [[0] * (N + 1) for _ in range(N + 1)]
    theirs = [[0] * (N + 1) for _ in range(N + 1)]
    for total in range(2, 2 * N + 1):
        for n in range(max(1, total - N), min(N, total - 1) + 1):
            m = total - n
            for table, other, parts in ((mine, theirs, 3), (theirs, mine, 2)):
                if n == 1 or m == 1:
                    table[n][m] = m if n == 1 else 1
                    continue
                splits = [(a, n - a) for a in range(1, n // 2 + 1)]
                if parts == 3:
                    splits += [(a, b, n - a - b) for a in range(1, n // 3 + 1) for b in range(a, (n - a) // 2 + 1)]
                table[n][m] = max([m] + [n * m - sum(other[m][g] for g in split) for split in splits])
    return mine, theirs


@register.statement(
    "course.challenge-06", "When only one player, you, may ask paradox questions (the opponent yes/no questions "
    "only), your chance on your turn is 2/3 at (3, 3), as when both may (the 1:1:1 question leaves the opponent only "
    "a guess), the opponent's on theirs 5/9 = P(3, 3), not 2/3; moving first at (8, 4) you win 17/32, where P is "
    "7/16 both with paradox questions for both and for neither; there 1:3:4 is the only first question worth 17/32 "
    "and halving, 4:4, is worth 1/2; against the library's optimal strategy for the ordinary game (every seed tried) "
    "the best reply wins 9/16.",
    s06("Checked by hand first: `mine(3, 3)` is $\\frac23$ (section 3's `1:1:1`: then the opponent must guess, "
        "exactly as in section 3, so this check cannot yet tell the two games apart; `theirs(3, 3)` can) and "
        "`theirs(3, 3)` is $\\frac59$, as in the ordinary game."),
    s06("At $(8, 4)$ you win $\\frac{17}{32}$: more than $\\frac7{16}$, the chance there when both players, or "
        "neither, may ask paradox questions."),
    s06("Your best first question is `1:3:4`, the only one that reaches $\\frac{17}{32}$; halving, `4:4`, gives "
        "$\\frac12$."),
    s06("Against the library's optimal strategy for the ordinary game you could win $\\frac9{16}$; against your third "
        "answer they play better."))
def _(N):
    from guesswho_lib.game.strategies import optimal
    from guesswho_lib.game.walk import best_response_value
    mine, theirs = _one_sided(8)
    fixed = {best_response_value(optimal("official", seed=k), 8, 4, TRI, you_first=True) for k in range(8)}
    splits = [(a, 8 - a) for a in range(1, 5)] + [(a, b, 8 - a - b) for a in range(1, 3)
                                                  for b in range(a, (8 - a) // 2 + 1)]
    first = {split: F(32 - sum(theirs[4][g] for g in split), 32) for split in splits}   # your first questions
    return holds(F(mine[3][3], 9) == F(2, 3) == P(3, 3, TRI) and F(theirs[3][3], 9) == F(5, 9) == P(3, 3)
                 and F(mine[8][4], 32) == F(17, 32) == max(first.values()) and P(8, 4, TRI) == P(8, 4) == F(7, 16)
                 and [s for s, v in first.items() if v == F(17, 32)] == [(1, 3, 4)] and first[4, 4] == F(1, 2)
                 and fixed == {F(9, 16)}, "(3, 3) and (8, 4), only the mover with paradox questions; every first "
                 "question at (8, 4)")


@register.statement(
    "course.usually-helps", "A third answer helps the player to move at most states (88 of the 144 boards up to "
    "12 x 12, 728 of the 900 up to 30 x 30) but not at all: it lowers their chance at some (5 up to 12 x 12).",
    l06("A third answer usually helps the player who asks, but **not always**: both players may use it, and at "
        "$(8, 3)$ the opponent's paradox question hurts you more than yours helps."),
    )
def _(N):
    def counts(k):
        t, o = cached_solution(TRI, k), cached_solution("official", k)
        g = [t.P(n, m) - o.P(n, m) for n in range(1, k + 1) for m in range(1, k + 1)]
        return sum(x > 0 for x in g), sum(x < 0 for x in g)
    return holds(counts(12) == (88, 5) and counts(30)[0] == 728, "1 <= n, m <= 12 and <= 30")


@register.statement(
    "course.ties", "At (6, 9) one question is best, 1:2:3, and at (9, 6) one too, 1:4:4; at (10, 4) six are, "
                   "all with three groups; at most states "
    "with 2 <= n, m <= 81 several questions are optimal.",
    l06("At $(6, 9)$ exactly one question is best, `1:2:3`; at $(10, 4)$ six different questions are all equally good, "
        "every one of them a paradox question with three groups."),
    l06("Often several questions are equally good (six at $(10, 4)$); sometimes only one (at $(6, 9)$)."),
    l06("Sometimes there is only one; often there are several that win with exactly the same chance:"),
    lx2("At $(9, 6)$ exactly one split is optimal; often several are, for example at $(10, 4)$:"),
    sx2("The table's row for $n = 9$, $5 \\le m \\le 7$ is `(1, 4, 4)`: one name in $X$, four in $Y$, four in "
        "neither."),
    g06("The groups can have any sizes; the best split depends on (n, m)."),
    was="06 [20] said that at (10, 4) the six best questions include 'some of them ordinary yes/no questions'; all six "
        "have three groups")
def _(N):
    t = cached_solution(TRI, 81)
    ten = t.optimal_moves(10, 4)
    ties = sum(len(t.optimal_moves(n, m)) > 1 for n in range(2, 82) for m in range(2, 82))
    return holds(t.optimal_moves(9, 6) == ((1, 4, 4),) and t.optimal_moves(6, 9) == ((1, 2, 3),)
                 and len(ten) == 6 and all(len(mv) == 3 for mv in ten)
                 and 2 * ties > 80 * 80 and (9, 5, 7, (1, 4, 4)) in THEOREM_3_1_SMALL
                 and t.optimal_moves(3, 3) != t.optimal_moves(9, 6), "2 <= n, m <= 81", f"{ten}")


@register.statement(
    "course.x2-reading-a-row", "Theorem 3.1's table (Cushing et al.) has two rows for n = 7: 1 <= m <= 4 with "
    "the move (2, 2, 3), and m >= 5 with (1, 3, 3); so it plays (1, 3, 3) at (7, 6), an optimal move there. On the "
    "suspects Ada, ..., Greta the question X = {Ada}, Y = {Bram, Chidi, Dara} makes that split, and so does every way "
    "of giving the group sizes 1, 3, 3 to X, Y and neither.",
    lx2("The rows for n = 7 are `1 <= m <= 4` and `m >= 5`; m = 6 is in the second, so the printed move is (1, 3, 3)."),
    lx2("X = [\"Ada\"] (yes), Y = [\"Bram\", \"Chidi\", \"Dara\"] (explodes), the other three in neither (no)."),
    lx2("Only the sizes count, not which group is which."))
def _(N):
    rows = [r for r in THEOREM_3_1_SMALL if r[0] == 7]
    names = suspect_names(7)
    arranged = [split_of_question(names, set(names[:a]), set(names[a:a + b]))
                for a, b, _ in permutations((1, 3, 3))]
    return holds(rows == [(7, 1, 4, (2, 2, 3)), (7, 5, None, (1, 3, 3))]
                 and names[:4] == ("Ada", "Bram", "Chidi", "Dara")
                 and split_of_question(names, {"Ada"}, {"Bram", "Chidi", "Dara"}) == (1, 3, 3)
                 and set(arranged) == {(1, 3, 3)} and (1, 3, 3) in cached_solution(TRI, 9).optimal_moves(7, 6),
                 "n = 7, m = 6")


register.statement(
    "course.thm3.1", "Theorem 3.1 (Cushing et al.), as corrected, gives one optimal question at every board checked: "
    "its table for n <= 9 holds as printed, every printed cell of the Appendix A tables is optimal over its range, the "
    "general case fails as printed (thirds with 3^k terms, and the large-m case printed for n = 3^k + 2.3^k + 1), and "
    "the corrected theorem is verified up to 2187, not proven; beyond, a conjecture.",
    lx2("**A worked example.** Theorem 3.1 starts with a table of optimal moves for n ≤ 9 (G means *guess*)."),
    lx2("If the opponent has **few** suspects, m < 3^k + 3^(k−1), Theorem 3.1 splits n into thirds (n_<, "
        "n_∘, n_>), each a sum of floors; with **many**, it uses groups whose sizes are powers of 3."),
    lx2("The printed sums run over 3^k terms each where 3^(k−2) are meant (the corrected reading), so for no "
        "n ≥ 10 are they a split of n: a *wrong statement*."),
    lx2("The theorem's other case has a slip of its own, in the n that one of its moves is printed for: at some n, "
        "for some m, **no printed case applies at all** (the theorem names no triple)."),
    lx2("The slip: one move is printed for n = 3^k + 2·3^k + 1, which never happens for 3^k ≤ n < 3^(k+1), instead "
        "of n = 3^k + 2·3^(k−1) + 1."),
    lx2("Among them the Appendix A tables (S(n, m) for 10 ≤ n ≤ 81): right as moves, but for one row label, 61 "
        "printed where 62 is meant in the copy of the paper read here."),
    lx2("* Theorem 3.1's table for n ≤ 9 holds as printed, and the Appendix A tables do once one row label is read "
        "as 62; the general statement fails as printed (its thirds are no split of n, and one case is printed for an "
        "n that never occurs), and so does case (ii) of B(n, m)."),
    l06("Cushing et al.'s Theorem 3.1 gives **one** best question for every board (the extension notebook x2 checks "
        "it, with its misprints, against the computer)."),
    sx2("The case meant for $n = 3^k + 2\\cdot3^{k-1} + 1$ is printed for $n = 3^k + 2\\cdot 3^k + 1$, which never "
        "happens, so $n = 3^2 + 2\\cdot 3 + 1 = 16$ (and then 46, 136, ...) gets no move at $m \\ge 12$."),
    gx2("The solver finds errors of three kinds: a wrong statement or move (the thirds of Theorem 3.1, the formulas "
        "B(ii), the move of Proposition A.22), a wrong range or constant (the large-m case of Theorem 3.1, several "
        "displays and lemmas of Appendix A) and a boundary slip (a range end point)."),
    gx2("The tables of moves are right as moves, but for one row label (61 printed where its place means 62, in the "
        "copy of the paper the project reads)"),
    status="verified")(as_recorded("tripartite.thm31.small", "tripartite.thm31.thirds", "tripartite.thm31.large_m",
                                   "tripartite.thm31.corrected", "tripartite.appendix.tables",
                                   "tripartite.appendix.tables.corrected"))


@register.statement(
    "course.verified-not-proven", "The corrected Theorem 3.1 is verified at every state up to 2187 (the stored full "
    "run), not proven, since steps of the printed proof fail; beyond 2187 it is a conjecture.",
    lx2("why the theorem is therefore *verified* by computer but not *proven*."),
    lx2("* Because several steps of the printed proof fail, the corrected Theorem 3.1 is **verified** (every state up "
        "to 2187) but not **proven**; beyond that it is a conjecture."),
    gx2("Several steps of Appendix A fail as printed, so the corrected Theorem 3.1 is verified on every board up to "
        "the size the library records, not proven; beyond that size it is a conjecture."),
    gx2("10 The reference table of the other errata, and why the theorem is verified but not proven;"),
    status="verified")
def _(N):
    from guesswho_lib.claims import status
    steps = [c for c in status.failing("tripartite") if status.is_proof_step(c)]
    return holds(VERIFIED_TRIPARTITE == 2187 and len(steps) >= 2, f"verified up to {VERIFIED_TRIPARTITE}; "
                 f"{len(steps)} steps of the proof fail as printed")


register.statement(
    "course.integer-form", "A(n, m) = n m P(n, m) is a whole number and satisfies A(n, m) = max over a + b + c = n of "
    "nm - A(m, a) - A(m, b) - A(m, c) for n, m >= 2, with A(m, 0) = 0 (Proposition A.1); at m = 1 that would give 0, "
    "but A(n, 1) = 1; Lemma A.2 gives A(1, m) = m, A(n, 1) = 1, A(2, m) = 2m - 2, A(3, m) = 3m - 3.",
    lx2("* With A(n, m) = n·m·P(n, m) the recurrence is A(n, m) = max (nm − A(m, a) − A(m, b) − A(m, c)), and "
        "A(3, m) = 3m − 3 (Lemma A.2)."),
    lx2("So a question splits your n suspects into three groups, a move (a, b, c) with a + b + c = n, "
        "written in increasing order, like `(1, 4, 4)`;"),
    lx2("**A(n, m) = n·m·P(n, m)** is always a whole number, and the recurrence becomes"),
    lx2("$$A(n,m) = \\max_{a+b+c=n}\\; \\bigl(nm - A(m,a) - A(m,b) - A(m,c)\\bigr)\\qquad\\text{(Proposition A.1, for "
        "} n, m \\ge 2\\text{, with } A(m, 0) = 0).$$"),
    lx2("(The paper writes the base case as A(0, m) = 0, but the recurrence needs A(m, 0) = 0."),
    lx2("And it holds only for n, m ≥ 2: A(n, 1) = 1, since facing an opponent who will name their person next "
        "turn you must guess, right with probability 1/n.)"),
    lx2("$$P(n, m \\mid (a,b,c)) = \\tfrac{a}{n}\\bigl(1-P(m,a)\\bigr) + \\tfrac{b}{n}\\bigl(1-P(m,b)\\bigr) + "
        "\\tfrac{c}{n}\\bigl(1-P(m,c)\\bigr).$$"),
    lx2("Lemma A.2 (A(1, m) = m, A(n, 1) = 1, A(2, m) = 2m - 2, A(3, m) = 3m - 3) against the solver:"),
    status="proven")(as_recorded("tripartite.propA1", "tripartite.lemmaA2"))


@register.statement(
    "course.phi", "Lemma A.4 (Cushing et al.) is a step of an induction: for k >= 4 and 3^(k-1) < n <= 3^k, if "
    "A(n', m') = B(n', m') for every n' <= 3^(k-1), then A(n, m) = B(n, m) = Phi(m) for every m <= 3^(k-2), with "
    "Phi(n) = 3^(k-1)(1 + 5n - 3^k - 2 floor((n+1)/2)) (k of Phi's argument). The hypothesis fails as printed (case "
    "(ii) of B); the conclusion A(n, m) = Phi(m) holds at every such state checked. Phi(2) = 6, so P(n, 2) = 3/n "
    "for n >= 28 (and for every n from 10 to 81); Phi(5) = 33.",
    lx2("Φ(m) gives A(n, m) when you have many more suspects than the opponent (Lemma A.4)."),
    lx2("$$\\Phi(n) = 3^{k-1}\\Bigl(1 + 5n - 3^k - 2\\bigl\\lfloor\\tfrac{n+1}{2}\\bigr\\rfloor\\Bigr)\\quad"
        "\\text{for } 3^{k-1} < n \\le 3^k,$$"),
    lx2("and Lemma A.4, a step of the paper's induction, says: let k ≥ 4 and 3^(k−1) < n ≤ 3^k, and suppose that "
        "A(n′, m′) = B(n′, m′) for every n′ ≤ 3^(k−1); then A(n, m) = B(n, m) = Φ(m) for every m ≤ 3^(k−2) (Φ(m) "
        "with m's own k)."),
    lx2("So when your n is big compared with the opponent's m, A(n, m) depends on m only!"),
    lx2("The supposition fails as printed (case (ii) of B), so the cell after x2.4 checks the conclusion against the "
        "solver."),
    lx2("By hand: m = 2 lies in 3^0 < 2 ≤ 3^1, so k = 1 and Φ(2) = 1·(1 + 10 − 3 − 2·1) = 6, i.e."),
    lx2("P(n, 2) = 6/(2n) = 3/n for n ≥ 28."),
    sx2("$3^1 < 5 \\le 3^2$, so $k = 2$:"), sx2("$\\Phi(5) = 3\\,(1 + 25 - 9 - 2\\lfloor 3 \\rfloor) = 3 \\cdot 11 = "
                                               "33$."), status="verified",
    was="x2 [28] gave Lemma A.4 as 'if your n is big compared with the opponent's m (m <= 3^(k-2) where 3^(k-1) < n "
        "<= 3^k), then A(n, m) = Phi(m)', without its k >= 4 and without its hypothesis (the formulas B on every "
        "smaller n), which fails as printed")
def _(N):
    t = cached_solution(TRI, 81)
    lemma = as_recorded("tripartite.lemmaA4", "tripartite.B.ii")(N)
    return holds(lemma.ok and phi(2) == 6 and phi(5) == 33 and ilog3(5) == 1
                 and all(t.P(n, 2) == F(3, n) for n in range(10, 82)), "Lemma A.4; P(n, 2) for 10 <= n <= 81",
                 lemma.counterexample)


@register.statement(
    "course.base-three", "The boards n = 3^k + 2.3^(k-1) + 1 are written 12, then k - 2 zeros, then 1 in base 3: "
    "16 = 121, 46 = 1201, 136 = 12001, 406 = 120001 (base 3); n = 3^2 + 2.3 + 1 = 16 is the smallest that the printed "
    "theorem leaves without a move (at m >= 12), and for n >= 10 it names a triple whenever m < 3^k + 3^(k-1).",
    sx2("For $n \\ge 10$ and $m \\ge 2$ the printed theorem always names a triple when $m < 3^k + 3^{k-1}$ (the "
        "thirds, even if they do not add up to $n$); for larger $m$ one of its five cases must apply."),
    sx2("A loop confirms that 16 is the smallest."))
def _(N):
    rows = [(n, 3 ** ilog3(n)) for n in (16, 46, 136, 406)]
    written = all(n == k + 2 * k // 3 + 1 and base3(n) == "12" + "0" * (len(base3(n)) - 3) + "1" for n, k in rows)
    names = all(theorem_3_1_printed(n, m) is not None for n in range(10, 82) for m in range(2, 82)
                if m < 3 ** ilog3(n) + 3 ** (ilog3(n) - 1))
    empty = [n for n in range(10, 82) if any(theorem_3_1_printed(n, m) is None for m in range(2, 82))]
    return holds(written and names and empty[0] == 16 and
                 min(m for m in range(2, 82) if theorem_3_1_printed(16, m) is None) == 12, "10 <= n, m <= 81")


@register.statement(
    "course.appendix-k", "Appendix A's k (3^(k-1) < n <= 3^k) is not section 4's k = floor(log3 n) (3^k <= n < "
    "3^(k+1)): at n = 10 the first is 3, the second 2; they differ by one unless n is a power of 3.",
    lx2("Careful: Appendix A's k is a different one from section 4's."),
    lx2("Appendix A takes the k with 3^(k−1) < n ≤ 3^k, so at n = 10 its k is 3, while section 4's k = ⌊log₃ n⌋ is 2."),
    lx2("(At n = 10, k = 2: count the terms.)"), status="proven")
def _(N):
    top = max(N, 100)

    def appendix_k(n):                 # the smallest k with n <= 3^k, so 3^(k-1) < n <= 3^k
        return next(k for k in range(n + 1) if n <= 3 ** k)
    powers = {3 ** j for j in range(top.bit_length())}
    return holds(appendix_k(10) == 3 and ilog3(10) == 2
                 and all(appendix_k(n) - ilog3(n) == (0 if n in powers else 1) for n in range(1, top + 1)),
                 f"1 <= n <= {top}")


register.statement(
    "course.b-formulas", "The proof in Appendix A guesses a formula B(n, m) for A(n, m) on 25 regions; case (ii) "
    "(m = 1 + 3^(k-2)) fails on all four ranges as printed and holds as corrected.",
    lx2("**Check 2, by you: case (ii) of Appendix A.** Appendix A proves the theorem by guessing a closed formula "
        "B(n, m) for A(n, m) in each of 25 regions of the (n, m) plane and checking it by induction."),
    lx2("Case (ii) is the region m = 1 + 3^(k−2); for k = 3 that is m = 4, with 10 ≤ n ≤ 27."),
    lx2("The same recipe, run over every statement of section 3 and Appendix A, finds the errata below."),
    lx2("the general statement fails as printed (its thirds are no split of n, and one case is printed for an n that "
        "never occurs), and so does case (ii) of B(n, m)."),
    status="proven")(as_recorded("tripartite.B.ii", "tripartite.B.ii.corrected", "tripartite.B.coverage",
                                 "tripartite.propA22", "tripartite.lemA4.table", "tripartite.lemA15.4",
                                 "tripartite.propA19.display", "tripartite.propA21.display",
                                 "tripartite.lemA13.proof.monotone", "tripartite.lemA6.2", "tripartite.lemA13.proof"))


# ---- sentences that state nothing to check ---------------------------------------------------------------------------
register.not_statements(lesson_path("06"), "a learning goal, a pointer, notation, Python, a label or a description of "
                        "a widget or a picture", "a question that some people **cannot answer truthfully**",
                        "The full story (Theorem 3.1 for every board", "We write the split by the sizes of the groups",
                        "The widget does the same for groups you choose", "$X$ = the first, $Y$ = the second.",
                        "**Python.** The next cell checks this for every m at once:", "`all(... for m in range(2, "
                        "13))` is `True`", "exact values with paradox questions, every board up to 12 x 12",
                        "and with ordinary questions only", "ordinary questions only", "the best moves at (3, 3):",
                        "P(3, m) = 1 - 1/m for every m from 2 to 12:", "The picture shows, for every board up to",
                        "Often several questions are equally good", "The library can list every best question at a "
                        "board state.", "number of best questions:", "The widget below shows **every** "
                        "question", "$a$ and $b$ are the sizes of two of the groups", "Theorem 3.1 for every board, "
                        "the paper's Appendix tables, and how a computer found the misprints in its proof.")
register.not_statements(guide_path("06"), "a goal", "A gentle paradox question: a question the opponent cannot answer")
register.not_statements(guide_path("06"), "what the challenge asks and how to support it (its mathematics is the "
                        "worked solution's, registered as course.challenge-06)",
                        "It changes the rules so that only one player, the student, who moves first at (8, 4), "
                        "may ask paradox questions")
register.not_statements(lesson_path("x2"), "a learning goal, a source, a heading, a label, a definition, a "
                        "description of the library, a widget, a picture or a method", "what the best paradox "
                        "questions are (Theorem 3.1 of Cushing et al.)", "Cushing et al., section 1 (the question "
                        "(\\*) and its footnote)", "board sizes we solve exactly", "Exact values on every board up to",
                        "; the strategy of Theorem 3.1 (corrected):", "(Why only verified, though the paper prints a "
                        "proof:", "A question that cannot be answered", "The library checks each candidate answer the "
                        "same way you just did:", "So it meets every requirement of the rules", "It also tells you the "
                        "exact probability of winning with that question", "**By hand, n = 3.** Ask the question with "
                        "one suspect in each group", "Lemma A.2 holds for all n <= 3, m <= N and for m = 1:",
                        "P(3, m) tripartite =", ", official =", "Theorem 3.1 for n ≤ 9", "The paper's Theorem 3.1 "
                        "starts with a table of optimal moves", "the first printed row whose condition holds",
                        "optimal at all its states with m <=", "Before reading on, use the table:",
                        "Now you: the row for $n = 9$ that covers $m = 6$",
                        "optimal moves at (",
                        "Theorem 3.1 for n ≥ 10: the 3-adic rule, as printed and as corrected",
                        "For bigger n the "
                        "theorem uses powers of 3.", "* If the opponent has **few** suspects", "* If the opponent has "
                        "**many**", ": printed (n_<, n_o, n_>) =", ", solver's optimal moves include it:",
                        "then its widget shows every paradox question",
                        "Appendix A prints S(n, m) for 10 ≤ n ≤ 81 in two tables",
                        "The library holds them exactly as our copy of the paper reads them", "The flag "
                        "column marks every difference", "printed cells; only those with a flag are shown",
                        "(another optimal move: fine)",
                        "Theorem 3.1's thirds as printed, written out by the same code",
                        "): printed n =", "(Our copy is a text conversion",
                        "Grey vertical lines mark n = 3^k", "opponent has m = 5 suspects", "opponent has m =",
                        "A map of the whole (n, m) plane:", "White lines mark n = 9, 27, 81, 243:",
                        "The theorem's special rows are easiest to see in base 3.", "(base 3); 3^k + 2*3^(k-1) + 1 =",
                        "The next map is computed from the exact solver alone", "states where the corrected Theorem "
                        "3.1 is not optimal:", "A(n, 2) for n = 10..15:", "Lemma A.4 at n =", "The library codes all "
                        "25 cases (i)–(xxv)", "Each case is a *claim* in the project's register", "1. code every "
                        "printed statement **literally**", "when a statement fails, find the smallest change",
                        "Here is the register's verdict for Theorem 3.1",
                        "* Theorem 3.1: thirds (in a 3-adic way) when the "
                        "opponent has few suspects")
register.not_statements(solution_path("x2"), "a step of a worked solution, its answer the checker's",
                        "The table's row for $n = 9$")
register.not_statements(guide_path("x2"), "a goal, a step of the seminar, or about what proof and computation can "
                        "do", "Theorem 3.1 of Cushing et al. on paradox questions (three answers)",
                        "- **\"A printed proof makes a theorem proven.\"** Only if its steps hold.",
                        "It checks finitely many cases; the theorem covers all.")
register.not_statements(lesson_path("06"), "a learning goal put as a question the lesson answers later",
                        "whether a third answer always helps the player who asks")
