"""The extension lessons' statements added with one exercise in every section of x1 and x3 (their worked solutions'
sentences), and the lines the extension lessons print when they run (``in_output``: ``…`` for each computed value),
each anchored to its words and checked like a sentence (tests/lessons/test_notebooks.py runs the lessons)."""

from __future__ import annotations

from fractions import Fraction

from ...board import load_board
from ...imperfect import Val, binary_code, describe, hamming_code, parity_code, play, val_strategy
from ...papers.nica import continuous_region, level, p_inf
from ..anchors import guide_path, in_solution, lesson_path
from ..facts import holds
from ..registry import Register

register = Register(__name__)
sx1, sx3 = in_solution("x1"), in_solution("x3")
F = Fraction


# ---- x1: scaling to the L, and a value read off it ----------------------------------------------------------------
@register.statement(
    "course.x1-scaling", "(40, 12) = 2^3 (5, 3/2), in the weeds (alpha = 5 > 2, beta = 3/2 in (1, 2]); (48, 20) = "
    "2^4 (3, 5/4), in the weeds, where Proposition 3.8 gives p_inf = (2/alpha)(1 - 2/(3 beta)) = 14/45.",
    sx1("Player 2's pool 12 lies in $(8, 16]$, so $k = 3$:"), sx1("$(40, 12) = 2^3 \\cdot (5, \\frac32)$."),
    sx1("$\\alpha = 5 > 2$ and $\\beta = \\frac32 \\in (1, 2]$: in the weeds."), sx1("$20 \\in (16, 32]$, so $k = 4$:"),
    sx1("$(48, 20) = 2^4 \\cdot (3, \\frac54)$, in the weeds ($\\alpha = 3 > 2$)."),
    sx1("$p_\\infty = \\frac2\\alpha\\left(1 - \\frac2{3\\beta}\\right) = \\frac23 \\cdot \\frac7{15} = "
        "\\frac{14}{45}$."),
    status="proven")
def _(N):
    return holds(level(12) == 3 and continuous_region(40, 12) == ("in the weeds", 3) and level(20) == 4
                 and continuous_region(48, 20) == ("in the weeds", 4)
                 and p_inf(48, 20) == F(2, 3) * (1 - F(2, 3) / F(5, 4)) == F(14, 45)
                 and p_inf(40, 12) == p_inf(5, F(3, 2)),
                 "(40, 12) and (48, 20)")


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
                        "how a printed mathematical claim is **checked**: write it as code, compare it with an exact "
                        "solver", "to do it yourself on Cushing et al.'s Theorem 3.1 (the best paradox questions) and "
                        "Appendix A:", "the integer form A(n, m) = n·m·P(n, m) and the formula Φ of Appendix A;",
                        "The library holds it as printed (`tri.THEOREM_3_1_SMALL`);",
                        "**The rule for n ≥ 10.** Let k = ⌊log₃ n⌋, so 3^k ≤ n < 3^(k+1).",
                        "The library codes the theorem as printed:", "The library codes every case as printed",
                        "* A printed claim is checked by coding it literally, comparing it with the exact solver")
register.not_statements(guide_path("x2"), "the goal and the steps of the seminar on x2 (its facts: course.thm3.1, "
                        "course.b-formulas, course.phi, course.verified-not-proven)",
                        "Cushing et al.'s Theorem 3.1 (the best paradox questions) and Appendix A against the exact "
                        "solver.", "Students follow the recipe (code the claim literally",
                        "12 The recipe, worked on the theorem's table for small n;", "The challenge: {{ex 5}} "
                        "(the formula Phi as a function)")
