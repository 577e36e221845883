"""The extension lessons' statements added with one exercise in every section of x1 and x3 (their worked solutions'
sentences), and the lines the extension lessons print when they run (``in_output``: ``…`` for each computed value),
each anchored to its words and checked like a sentence (tests/lessons/test_notebooks.py runs the lessons)."""

from __future__ import annotations

from fractions import Fraction

from guesswho_lib.board import cached_board_solution, load_board
from guesswho_lib.board.paradox import EXPLODES, paradox_answer
from guesswho_lib.game.continuous import play_continuous
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.game.strategies import halving, optimal
from guesswho_lib.game.walk import evaluate
from guesswho_lib.imperfect import (Natan, Val, binary_code, describe, hamming_code, natan_strategy, parity_code, play,
                          val_strategy)
from guesswho_lib.papers.nica import (continuous_region, escape_probability, fair_handicap, first_mover_range,
                                      handicap_range, level, p_inf)
from guesswho_lib.papers.tripartite import B_corrected, B_printed, ilog3, phi, thirds_as_printed
from guesswho_lib.papers.tripartite import thirds as tri_thirds
from .anchors import guide_path, in_output, in_solution, lesson_path
from .facts import as_recorded, holds, paper_claim
from guesswho_lib.claims.registry import Register, all_claims

register = Register(__name__)
sx1, sx3 = in_solution("x1"), in_solution("x3")
F = Fraction


# ---- x1: scaling to the L, and a value read off it ----------------------------------------------------------------
@register.statement(
    "course.x1-scaling", "(40, 12) = 2^3 (5, 3/2), in the weeds (alpha = 5 > 2, beta = 3/2 in (1, 2]); (72, 20) = "
    "2^4 (9/2, 5/4), in the weeds, where Proposition 3.8 gives p_inf = (2/alpha)(1 - 2/(3 beta)) = 28/135.",
    sx1("Player 2's pool 12 lies in $(8, 16]$, so $k = 3$:"), sx1("$(40, 12) = 2^3 \\cdot (5, \\frac32)$."),
    sx1("$\\alpha = 5 > 2$ and $\\beta = \\frac32 \\in (1, 2]$: in the weeds."), sx1("$20 \\in (16, 32]$, so $k = 4$:"),
    sx1("$(72, 20) = 2^4 \\cdot (\\frac92, \\frac54)$, in the weeds ($\\alpha = \\frac92 > 2$)."),
    sx1("$p_\\infty = \\frac2\\alpha\\left(1 - \\frac2{3\\beta}\\right) = \\frac49 \\cdot \\frac7{15} = "
        "\\frac{28}{135}$."),
    status="proven")
def _(N):
    return holds(level(12) == 3 and continuous_region(40, 12) == ("in the weeds", 3) and level(20) == 4
                 and continuous_region(72, 20) == ("in the weeds", 4)
                 and p_inf(72, 20) == F(4, 9) * (1 - F(2, 3) / F(5, 4)) == F(28, 135)
                 and p_inf(40, 12) == p_inf(5, F(3, 2)),
                 "(40, 12) and (72, 20)")


register.not_statements(in_solution("x1")("Proposition 3.8:").path, "a heading of the formula that follows (registered "
                        "as course.x1-scaling)", "Proposition 3.8:")


# ---- x3: a shortest formula, NATAN, ARI's "don't know", a liar's answer strings -------------------------------------
@register.statement(
    "course.x3-sections", "On the shipped board, no literal is yes for exactly {Bram, Jonas, Pavel, Wendell}, the "
    "characters with a beard and no moustache: a shortest formula has size 2. The binary code's answers yes, no, no, "
    "yes, yes are 10011 = 19, Tova (from Ada = 0). Ugo (number 20, 10100) has the parity codeword 101000: with "
    "question 1 unknown, the even count needs yes. Against the Hamming code's 9 questions, one secret with at most one "
    "lie gives 10 different answer strings, for every secret, and no two secrets share one: 240 strings of 512.",
    sx3("No single trait (or its negation) is yes for exactly Bram, Jonas, Pavel and Wendell; they are the characters "
        "with a beard and no moustache, two literals: size 2."),
    sx3("*yes, no, no, yes, yes* is 10011 in binary, the first question the largest power of two: 16 + 2 + 1 = 19."),
    sx3("Counting from Ada = 0, number 19 is Tova."),
    sx3("With question 1 unknown, the known answers hold one 1; the count is even only if the missing answer is 1: "
        "yes."),
    sx3("One secret gives the truthful string and one string for each of the Hamming code's 9 questions that VAL "
        "could lie about: 10 strings, all different, for every secret."),
    sx3("This is the volume $V(9, 1) = 1 + 9$ of section 6."),
    sx3("No two secrets share a string (the code decodes every one), so the 24 balls of 10 strings do not overlap: 240 "
        "strings in all, of the $2^9 = 512$ possible."), status="computed")
def _(N):
    board = load_board()
    group = {"Bram", "Jonas", "Pavel", "Wendell"}
    beard = set(board.with_trait("beard")) - set(board.with_trait("moustache"))
    one_literal = any(set(board.with_trait(t)) == group or set(board.names) - set(board.with_trait(t)) == group
                      for t in board.traits)
    length = hamming_code(24).length
    counts, every = set(), set()
    for secret in range(24):
        strings = {tuple(play(val_strategy(24), Val(secret, max_lies=0, all_at_once=True)).answers)}
        for p in range(length):
            strings.add(tuple(play(val_strategy(24), Val(secret, positions={p}, all_at_once=True)).answers))
        counts.add(len(strings))
        every |= strings
    word = parity_code(24).words[board.index("Ugo")]
    return holds(beard == group and not one_literal and describe(board, group).size == 2
                 and binary_code(24).words[19] == (1, 0, 0, 1, 1) and board.names[19] == "Tova"
                 and board.index("Ugo") == 20 and word == (1, 0, 1, 0, 0, 0) and sum(word[1:]) % 2 == 1
                 and length == 9 and counts == {10} and len(every) == 240 <= 2 ** 9, "the shipped board, 24 characters")


# ---- x2: how a printed claim is checked ------------------------------------------------------------------------------
register.not_statements(lesson_path("x2"), "a learning goal, a definition, a description of the library's code or of "
                        "the method (the facts found with it: course.thm3.1, course.b-formulas, course.phi)",
                        "how a printed mathematical claim is **checked** against an exact solver",
                        "to do it yourself on Cushing et al.'s Theorem 3.1 (the best paradox questions) and "
                        "Appendix A:",
                        "the integer form A(n, m) = n·m·P(n, m) and the formula Φ of Appendix A;",
                        "The library holds it as printed (`tri.THEOREM_3_1_SMALL`);",
                        "**The rule for n ≥ 10.** Let k = ⌊log₃ n⌋, so 3^k ≤ n < 3^(k+1).",
                        "The library codes every case as printed",
                        "* A printed claim is checked by coding it literally and comparing it with the exact solver")
register.not_statements(guide_path("x2"), "the goal and the steps of the seminar on x2 (its facts: course.thm3.1, "
                        "course.b-formulas, course.phi, course.verified-not-proven)",
                        "Cushing et al.'s Theorem 3.1 (the best paradox questions) and Appendix A against the exact "
                        "solver.", "Students follow the recipe (code the claim literally",
                        "12 The recipe, worked on the theorem's table for small n;",
                        "20 The students' turn: the printed thirds checked (predict, then run);",
                        "The challenge: {{ ex('x2-phi-as-a-function') }} (the formula Phi as a function)")


# ---- the lines the extension lessons print ---------------------------------------------------------------------------
ox1, ox2, ox3, ox4, ox5 = (in_output(f"x{k}") for k in range(1, 6))


@register.statement(
    "course.printed-x1", "Lesson x1 prints p_inf and the region of (5, 2), (10, 4), (5/4, 1/2), (3, 3), (6, 6) "
    "(scaling leaves both unchanged); the escape probability from (5, 2) after 1, 2, 3, 5, 10, 20 stages (1/5 first, "
    "rising to 2/5); Player 1's chance from (4, 2), 1 - 2/3 = 1/3, from one linear equation; n^2 (P(n, n) - p_inf(n, "
    "n)) = 4/3 for every n checked; the band [5/8, 2/3] of p_inf(x, x) by calculus, by the library and on a grid; "
    "P(n, n) = 2/3 + 4/(3 n^2) at powers of 2; the handicap c(y) over [4/3, 3/2] with p_inf(c y, y) = 1/2; and P(n, "
    "24) = 71/(4n) for 33 <= n <= 38.",
    ox1("p_inf(…, …) = … region: (…)"), ox1("stages: escaped … = …"),
    ox1("P(Player 1 loses from (4, 2)) = … so Player 1 wins from (4, 2) with probability …"),
    ox1("n^2 (P(n, n) - p_inf(n, n)) = 4/3 for every 2 <= n <= …, with P from the exact solver: True"),
    ox1("by calculus (sympy): critical point … value there … at x = 2: …"),
    ox1("the library's analysis: … at x = … ; … at x = …"),
    ox1("on a grid of 2000 exact points of (1, 2]: smallest …, largest …"),
    ox1("= 2/3 + … (exact solver)"), ox1("c ranges over [ … , … ];"),
    ox1("y = …: c = … = …, so Player 1 starts with about … suspects; p_inf(c y, y) = …"),
    ox1("[(33, '71/132'), (34, '71/136'), (35, '71/140'), (36, '71/144'), (37, '71/148'), (38, '71/152')]"),
    status="computed")
def _(N):
    t = cached_solution("nica", 256)
    escapes = [escape_probability(5, 2, s)[0] for s in (1, 2, 3, 5, 10, 20)]
    grid = [1 + F(i, 2000) for i in range(1, 2001)]
    band = first_mover_range()
    return holds(p_inf(5, 2) == p_inf(10, 4) == p_inf(F(5, 4), F(1, 2)) == F(4, 15) and p_inf(3, 3) == p_inf(6, 6)
                 and escapes[0] == F(1, 5) and all(a < b < F(2, 5) for a, b in zip(escapes, escapes[1:]))
                 and F(1, 2) + F(1, 4) * F(2, 3) == F(2, 3)
                 and all(n * n * (t.P(n, n) - p_inf(n, n)) == F(4, 3) for n in range(2, 257))
                 and (band.inf, band.sup) == (F(5, 8), F(2, 3)) and F(5, 8) < min(p_inf(g, g) for g in grid)
                 and max(p_inf(g, g) for g in grid) == F(2, 3)
                 and all(t.P(n, n) == F(2, 3) + F(4, 3 * n * n) for n in (4, 8, 16, 32, 64))
                 and (handicap_range().inf, handicap_range().sup) == (F(4, 3), F(3, 2))
                 and all(p_inf(fair_handicap(y) * y, y) == F(1, 2) for y in (16, 20, 24, 28, 32))
                 and all(t.P(n, 24) == F(71, 4 * n) for n in range(33, 39)),
                 "the states printed; 2 <= n <= 256; 2000 points of (1, 2]; y = 16 ... 32")


@register.statement(
    "course.printed-x1-played", "Lesson x1 prints, for each of its seven states, the closed form p_inf, the share of "
    "games won when the continuous game is played from its rules, two standard errors, and whether they agree within "
    "them: at the lesson's 20,000 games all seven agree (course.played-agrees); at the 4,000 games of a quick run one "
    "state may differ by chance (a two-standard-error test fails about 1 time in 20).",
    ox1("agree within 2 s.e."), ox1("differ by more than 2 s.e."), status="statistics")
def _(N):
    states = [(4, 2), (5, 2), (40, 5), (3, 12), (7, 12), (3, 3), (F(9, 8), F(5, 4))]
    quick = sum(not play_continuous(*s, games=4000, seed=1).agrees_with(p_inf(*s), 2) for s in states)
    return holds(paper_claim("course.played-agrees", N).ok and quick <= 1, "the seven states, 20,000 and 4,000 games",
                 f"{quick} of 7 differ at 4,000 games")


@register.statement(
    "course.printed-register", "The extension lessons print the register's own outcome of the papers' claims they "
    "discuss (Nica's Lemmas 3.5 and 3.7, Remark 3.10, the log-periodicity and the first-mover sentence of section 1.2 "
    "in x1; the failing statements of section 3 and Appendix A of Cushing et al. in x2; Paz and Peterfreund's in x3): "
    "each line is the result of that claim's own check, as the register records it.",
    ox1("nica.lem3.5 holds"), ox1("nica.lem3.7 holds"), ox1("nica.rem3.10 holds"),
    ox1("nica.sec1.2.log_periodic holds"),
    ox1("nica.sec1.2.first_mover: fails as printed:"),
    ox1("Section 1.2: with equal pools N, N (no matter how large), Player 1 playing optimally wins with a probability "
        "between 5/8 and 2/3."), ox1("Equal pools: p_inf(x, x) ranges exactly over [5/8, 2/3]"),
    ox2("* tripartite.… (Cushing et al., …; …): …"),
    ox3("paz.assumption1: assumption not met:"), ox3("paz.thm4: holds"), ox3("paz.thm5: holds"),
    ox3("paz.cor10: holds"), ox3("paz.lemma13: holds"), ox3("paz.cor14: holds"), ox3("paz.cor14.optimal: holds"),
    status="verified")
def _(N):
    ids = ["nica.lem3.5", "nica.lem3.7", "nica.rem3.10", "nica.sec1.2.log_periodic", "nica.sec1.2.first_mover",
           "nica.sec1.2.first_mover.corrected", "paz.thm4", "paz.thm5", "paz.cor10", "paz.lemma13", "paz.cor14",
           "paz.cor14.optimal", "paz.assumption1"]
    ids += [c.id for c in all_claims() if c.id.startswith("tripartite") and c.version == "printed" and not c.expect_ok]
    return as_recorded(*ids)(min(N, 128))


def printed_thirds_at(n: int) -> tuple:
    """The sums that lesson x2 displays (thirds_latex(printed=True) is their LaTeX), evaluated at ``n``."""
    from guesswho_lib.papers.tripartite.latex import at, thirds_sums
    return tuple(int(at(s, n=n, k=ilog3(n)).doit()) for s in thirds_sums(printed=True))


@register.statement(
    "course.printed-x2", "Lesson x2 prints the status of the corrected Theorem 3.1 (verified up to 2187, a "
    "conjecture beyond); the truthful answers of three characters to the question with X the blond and Y the "
    "brown-haired; A(3, m) = 3m - 3 and P(3, m) with and without paradox questions, Lemma A.2 against the solver; "
    "each row of the theorem's table for n <= 9 optimal at every state it governs; the optimal moves at (9, 6) and "
    "(10, 4); the printed thirds (39, 66, 93) at n = 10, no split of 10, beside the corrected (3, 3, 4); the printed "
    "and corrected moves at four states; case (ii) of B(n, m) as printed and corrected against A(n, 4); A(n, 2) = "
    "Phi(2) = 6 and Lemma A.4.",
    ox2("Exact values on every board up to … x … ; the strategy of Theorem 3.1 (corrected): verified optimal for "
        "max(n, m) <= 2187"), ox2("(Why only verified, though the paper prints a proof: see the box at the end of this "
                                 "lesson.)"),
    ox2("truthful answers: … -> answer: …"),
    ox2("m = …: A(3, m) = … (3m - 3 = …); P(3, m) tripartite = …, official = …"),
    ox2("Lemma A.2 holds for all n <= 3, m <= N and for m = 1: True"),
    ox2("optimal at all its states with m <= …?"), ox2("yes (… states)"),
    ox2("optimal moves at (…, …): … P = …"), ox2("(3, 3, 3) at (9, 6) would give …"),
    ox2("**The thirds as printed:** $$n_{<} = \\sum_{i=0}^{3^{k} - 1}"),
    ox2("n = …: printed thirds …, their sum …, a split of n: …"), ox2("corrected thirds …, their sum …"),
    ox2("(…, …): printed …, corrected …, solver's optimal moves include it: …"),
    ox2("**As printed:** $$B(n, m) = \\begin{cases}"), ox2("**Corrected:** $$B'(n, m) = \\begin{cases}"),
    ox2("n = …: A(n, 4) exact …, B printed …, B corrected …"),
    ox2("A(n, 2) for n = 10..15: … Phi(2) = …"), ox2("Lemma A.4 at n = …: True"), status="computed")
def _(N):
    from guesswho_lib.game.proven import optimal_strategy_for
    t = cached_solution("tripartite", 81)
    board = load_board()
    X, Y = board.with_trait("blond hair"), board.with_trait("brown hair")
    answers = {p: paradox_answer(p, X, Y) for p in ("Greta", "Bram", "Ada")}
    return holds("2187" in optimal_strategy_for("tripartite").status
                 and answers == {"Greta": "yes", "Bram": EXPLODES, "Ada": "no"}
                 and all(t.A[3, m] == 3 * m - 3 for m in range(2, 82))
                 and t.optimal_moves(9, 6) == ((1, 4, 4),) and len(t.optimal_moves(10, 4)) == 6
                 and t.value(9, 6, (3, 3, 3)) == F(1, 2) and thirds_as_printed(10) == (39, 66, 93)
                 and printed_thirds_at(10) == thirds_as_printed(10)
                 and tri_thirds(10) == (3, 3, 4) and all(int(t.A[n, 2]) == phi(2) == 6 for n in range(10, 16))
                 and any(B_printed(n, 4) != t.A[n, 4] for n in range(10, 28))
                 and all(B_corrected(n, 4) == t.A[n, 4] for n in range(10, 28))
                 and paper_claim("course.thm3.1", N).ok, "n, m <= 81")


@register.statement(
    "course.printed-x3", "Lesson x3 prints that all 2^24 = 16,777,216 sets of the board are some formula (no two rows "
    "are equal); a set two characters share no row for is named; NATAN's answers for Kemi decode to Kemi; the Hamming "
    "syndrome names the lied-about question; the optimal liar search never fails against VAL in at most 8 questions; "
    "the volume 192 > 2^7, Delsarte's bound 128/5 and 64/3 with Johnson's cap, its verified certificate; the minimum "
    "numbers of questions (honest, one lie adaptive, in advance) for n up to 24 or 64, Pelc's formula agreeing.",
    ox3("sets that are SOME formula: … (every set, since no two rows are equal)"), ox3("names -> Is your person one "
                                                                                       "of: Ada?"),
    ox3("['no', 'yes', 'no', 'yes', 'no'] -> Kemi"), ox3("syndrome (XOR of the positions of the 1s) = …: the answer to "
                                                         "question … was a lie"),
    ox3("runs … failures … most questions …"), ox3("volume at the start with 7 questions: … > 2^7 = …"),
    ox3("Delsarte's bound alone: A(8, 3) <= … = …"), ox3("with the cap A_i <= u_i for (i, u_i) in …: A(8, 3) <= … = …"),
    ox3("certificate: y_j = …"), ox3("(must be >= 1)"), ox3("certificate verified: True"), ox3("adaptive in advance"),
    ox3("9 | Delsarte's LP bound alone gives A(8, 3) <= 128/5"), ox3("8 | Berlekamp's volume bound: 24 * V(7, 1) = "
                                                                     "192 > 2^7 = 128"),
    ox3("n = …: honest …, one lie adaptive …, in advance …"),
    ox3("one lie, adaptive: the game search agrees with Pelc's formula for every 2 <= n <= … : True"),
    status="computed")
def _(N):
    from guesswho_lib.imperfect import delsarte_bound, minimum_questions, pelc_one_lie
    from guesswho_lib.imperfect import volume as ball_volume
    board = load_board()
    rows = set(board.rows)
    kemi = board.index("Kemi")
    return holds(len(rows) == 24 and 2 ** 24 == 16_777_216
                 and tuple(play(natan_strategy(24), Natan(kemi)).answers) == ("no", "yes", "no", "yes", "no")
                 and ball_volume((24, 0), 7) == 192 > 2 ** 7
                 and delsarte_bound(8, 3, with_caps=False).value == F(128, 5) and delsarte_bound(8, 3).value == F(64, 3)
                 and delsarte_bound(8, 3).verify() and minimum_questions(24, lies=1).value == 8
                 and all(minimum_questions(n, lies=1).value == pelc_one_lie(n) for n in range(2, 25)),
                 "the shipped board; n <= 24")


@register.statement(
    "course.printed-x4", "Lesson x4 prints going first on the real board with questions about two traits (5/9, as in "
    "the idealised game; 9/16 with one trait) and its best first splits, the same as the idealised game's; on the tiny "
    "board with two traits, 1/2 against 9/16; that every set is complete; equal values on random states and under "
    "Nica's and the merciful rules; and the designed boards' values (fairest 77/144, highest 83/144).",
    ox4("characters, … traits; in the idealised game going first is worth …"),
    ox4("going first: … (idealised game: …)"), ox4("every set complete: True"),
    ox4("going first, two traits: … one trait: … idealised: …"),
    ox4("best first splits (sizes: how many questions): …"), ox4("idealised best first splits: …"),
    ox4("suspects against …: board … idealised …"), ox4("rules: going first … idealised …"),
    ox4("fairest 77/144"), ox4("highest 83/144"), status="computed")
def _(N):
    from guesswho_lib.board import DESIGNS, completeness, solve_board
    ideal = cached_solution("official", 24)
    pairs = solve_board(questions="pairs")
    best = {m.sizes for m in pairs.best_questions(pairs.everyone, pairs.everyone)}
    return holds(ideal.P(24, 24) == pairs.start == F(5, 9) and cached_board_solution().start == F(9, 16)
                 and best == set(ideal.optimal_moves(24, 24)) and completeness(load_board(), "pairs").all_complete
                 and DESIGNS["fairest"].value == F(77, 144) and DESIGNS["highest"].value == F(83, 144),
                 "the shipped board, questions about two traits; the designs' recorded values")


register.not_statements(lesson_path("x4"), "the column headings of a board's table and the list of its best "
                        "questions, read off the solved board", "glasses hat beard moustache earrings freckles",
                        "best first questions: ['Does your person", printed=True)


@register.statement(
    "course.printed-x5", "Lesson x5 prints, for its simulated games, averages of luck with their standard errors and "
    "z-scores; Wilson's 95% intervals for 75 of 100 (and the same rate at larger counts); how many of 7 intervals "
    "contain the exact 3/4; the class's first-question group against its exact 9/16; and the number of games per group "
    "for an interval narrower than 1/16 (980).",
    ox5("average luck …, standard error …, z = …"), ox5("games together: average luck …, standard error …:"),
    ox5("the average is … standard errors … 0."), ox5("wins in … games: interval [… , …], width …"),
    ox5("of the … intervals contain the exact value …"),
    ox5("first question …: … won of … games, a rate of …; 95% interval [… , …]; exact expectation … = …: … the "
        "interval"),
    ox5("games per group (half of them won) give an interval narrower than 1/16: about … times as many as this class's "
        "group 1:3"), status="statistics")
def _(N):
    from guesswho_lib.game.simulate import wilson_interval
    low, high = wilson_interval(75, 100)
    n = 2
    while (lambda w: w[1] - w[0])(wilson_interval(n // 2, n)) >= 1 / 16:
        n += 2
    exact = evaluate(optimal("official", seed=1), halving, 16, 16)
    return holds(round(low, 4) == 0.657 and round(high, 4) == 0.8245 and n == 980 and exact == F(3, 4)
                 and cached_solution("official", 4).value(4, 4, (1, 3)) == F(9, 16),
                 "Wilson's interval at 75 of 100; 980 games; the exact values")


register.not_statements(lesson_path("x3"), "a label of the printed inequalities of the certificate (course.printed-x3)",
                        "(must be >= 1)")
register.not_statements(lesson_path("x5"), "a record of the class's export, printed as read",
                        "{'game': 1, 'player': 'P1',", printed=True)
