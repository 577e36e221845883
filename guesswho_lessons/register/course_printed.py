"""The lines the core lessons *print* when they run (their outputs, not their sentences), each anchored to its
printed words (``in_output``: ``…`` stands for each value the cell computes) and checked like a sentence.  A line
that only echoes a value a cell computes still states mathematics ("the library's P(3, 2): 1/2"): its check
recomputes that value by another road where there is one (the readable recurrence ``gw.recurrence``, a formula of a
paper, a count by hand).  Lines that state nothing to check are recorded at the end, with their reason.
tests/lessons/test_notebooks.py runs every lesson top to bottom and fails on a printed mathematical line that
nothing here (or in the other ``course_*`` modules) covers."""

from __future__ import annotations

import math
from fractions import Fraction

from guesswho_lib.board import cached_board_solution, compare_with_ideal, first_questions, load_board, restriction_cost
from guesswho_lib.game import recurrence
from guesswho_lib.game.any_size import P as P_any_size
from guesswho_lib.game.first_move import fairest_second_pool
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.game.strategies import halving, optimal
from guesswho_lib.game.walk import evaluate
from guesswho_lib.imperfect import Code, binary_code, hamming_code, parity_code
from guesswho_lib.papers.cushing import n_less_as_printed
from guesswho_lib.papers.nica import p_inf, p_star
from guesswho_lib.rules import GUESS
from .anchors import in_lesson, in_output, in_solution, lesson_path
from .facts import P, holds, value
from guesswho_lib.claims.registry import Register

register = Register(__name__)
o00, o01, o02, o03, o04, o05, o06, o07, o08, o09 = (in_output(f"{k:02d}") for k in range(10))
F = Fraction
NICA, TRI = "nica", "tripartite"


# ---- lesson 00 -----------------------------------------------------------------------------------------------------
@register.statement(
    "course.printed-00", "Lesson 00 prints P(1, 7) = 1 and P(2, 1) = 1/2; the running total 1/2 + 1/3 + ... + 1/k for "
    "k = 2..5 (1/2, 5/6, 13/12, 77/60); at (2, 2) guessing and asking 'is it A?' are both worth 1/2 = P(2, 2); at "
    "(3, 2) asking 'is it A?' is worth 1/2 = P(3, 2), guessing 1/3.",
    o00("P(1, 7) = … P(2, 1) = …"), o00("adding 1/… gives …"),
    o00("guess: … ask 'is it A?': … the library's P(2, 2): …"),
    o00("ask 'is it A?': … guess: … the library's P(3, 2): …"), status="computed")
def _(N):
    totals = [sum(F(1, j) for j in range(2, k + 1)) for k in range(2, 6)]
    return holds(recurrence.P(1, 7) == 1 and recurrence.P(2, 1) == F(1, 2)
                 and totals == [F(1, 2), F(5, 6), F(13, 12), F(77, 60)]
                 and recurrence.move_value(2, 2, GUESS) == recurrence.move_value(2, 2, (1, 1)) == P(2, 2) == F(1, 2)
                 and recurrence.move_value(3, 2, (1, 2)) == P(3, 2) == F(1, 2)
                 and recurrence.move_value(3, 2, GUESS) == F(1, 3), "(1, 7), (2, 1), (2, 2), (3, 2)")


register.not_statements(lesson_path("00"), "how to play the card game (the facts it shows: course.one-suspect-left, "
                        "course.opponent-one-left)", "Then try (3, 1): you take three cards (A, B, C) and your partner "
                        "one (D)")
register.not_statements(lesson_path("00"), "Python's arithmetic shown as arithmetic (the float 1/3, cut off after "
                        "about 16 digits, as the cell's comment says)", "0.3333333333333333", printed=True)


# ---- lesson 01 -----------------------------------------------------------------------------------------------------
@register.statement(
    "course.printed-01", "Lesson 01 prints the values of the three moves at (4, 2) (guess 1/4, 1:3 3/8, 2:2 1/2) and "
    "the table of P(n, m) for n, m <= 3 from the recurrence (rows 1 1 1; 1/2 1/2 2/3; 1/3 1/2 5/9); the library's "
    "value of a guess at (4, 2) beside the student's.",
    o01("at (4, 2): guess … 1:3 -> … 2:2 -> …"), o01("2 1/2 1/2 2/3"), o01("3 1/3 1/2 5/9"),
    o01("guess at (4, 2): yours … the library's …"),
    status="computed")
def _(N):
    table = [[recurrence.P(n, m) for m in (1, 2, 3)] for n in (1, 2, 3)]
    return holds(recurrence.move_value(4, 2, GUESS) == F(1, 4) and recurrence.move_value(4, 2, (1, 3)) == F(3, 8)
                 and recurrence.move_value(4, 2, (2, 2)) == F(1, 2)
                 and table == [[1, 1, 1], [F(1, 2), F(1, 2), F(2, 3)], [F(1, 3), F(1, 2), F(5, 9)]]
                 and all(table[n - 1][m - 1] == P(n, m) for n in (1, 2, 3) for m in (1, 2, 3)), "(4, 2); n, m <= 3")


@register.statement(
    "course.recurrence-two-steps", "Lesson 01's steps to its own function: halving needs 0 questions from one suspect "
    "and one more than from the bigger half of n, ceil(log2 n) in all (5 from 24, 3 from 5); the value of a question "
    "written as a function agrees with the library's (3/8 for 1:3 at (4, 2)); the recurrence without a cache calls "
    "itself 25,463 times at (9, 9), with the cache once per state it meets (65); filled in smallest states first "
    "(by n + m), each cell of the table needs only cells already filled in; P_by_hand(3, 3) calls itself at (3, 1) "
    "and (3, 2), (3, 2) at (2, 1) and (2, 2), (2, 2) at (2, 1) twice: (2, 1) three times in all, every call at a "
    "smaller state.",
    in_lesson("01")("One suspect needs none; n suspects need one question more than the bigger half of them."),
    in_lesson("01")("Each cell needs only cells you have already filled in: the first row and the first column are the "
                    "two facts of lesson 00, and P(3, 3) is exercise 01.2."),
    in_solution("01")("`gw.recurrence.move_value(24, 24, (1, 23))` of section 3 does exactly this, and so does "
                      "`value_of_question` of section 4."),
    o01("suspects: … questions; 5 suspects: … questions"), o01("1:3 at (4, 2): … the library: …"),
    o01("without the cache: … calls"), o01("with the cache: … calls"),
    in_lesson("01")("`P_by_hand(3, 1)` is answered at once (m = 1)."),
    in_lesson("01")("`P_by_hand(3, 2)` needs (2, 1) and (2, 2), and `P_by_hand(2, 2)` needs (2, 1) for both of "
                    "its branches."),
    in_lesson("01")("These are cells of your table, smallest first: the function does what you did by hand."),
    in_lesson("01")("in the worked example, `P_by_hand(2, 1)` was called three times"), status="computed")
def _(N):
    def questions_to_one(n):
        return 0 if n == 1 else 1 + questions_to_one((n + 1) // 2)
    calls = {"slow": 0, "cached": 0}

    def slow(n, m, memo=None):
        calls["cached" if memo is not None else "slow"] += 1
        out = F(1, n) if n == 1 or m == 1 else max(
            [F(1, n)] + [1 - F(k, n) * get(m, k, memo) - F(n - k, n) * get(m, n - k, memo)
                         for k in range(1, n // 2 + 1)])
        if memo is not None:
            memo[n, m] = out
        return out

    def get(a, b, memo):
        if memo is None:
            return slow(a, b)
        return memo[a, b] if (a, b) in memo else slow(a, b, memo)
    slow(9, 9)
    slow(9, 9, {})
    met = []                                    # the calls P_by_hand(3, 3) makes, as the worked example draws them

    def traced(n, m):
        met.append((n, m))
        if n > 1 and m > 1:
            for k in range(1, n // 2 + 1):
                traced(m, k)
                traced(m, n - k)
    traced(3, 3)
    needs = all(sum(s) < n + m for n in range(2, 4) for m in range(2, 4) for k in range(1, n // 2 + 1)
                for s in ((m, k), (m, n - k)))
    return holds(all(questions_to_one(n) == math.ceil(math.log2(n)) for n in range(1, 200))
                 and (questions_to_one(24), questions_to_one(5)) == (5, 3)
                 and F(1, 4) * (1 - P(2, 1)) + F(3, 4) * (1 - P(2, 3)) == recurrence.move_value(4, 2, (1, 3)) == F(3, 8)
                 and calls == {"slow": 25_463, "cached": 65} and needs
                 and met == [(3, 3), (3, 1), (3, 2), (2, 1), (2, 2), (2, 1), (2, 1)] and met.count((2, 1)) == 3
                 and all(sum(c) < 6 for c in met[1:])
                 and recurrence.move_value(24, 24, (1, 23)) == value(24, 24, (1, 23)), "1 <= n < 200; (4, 2); (9, 9)")


register.not_statements(lesson_path("01"), "a learning goal, an instruction or a description of the code (the facts "
                        "they rest on: course.recurrence-two-steps, course.recurrence)",
                        "to fill in a table of P(n, m) **by hand**, smallest states first, and then to read the "
                        "recurrence the library runs;",
                        "**By hand first.** Copy this table on paper and fill it in, one cell at a time, smallest "
                        "states first.",
                        "You do not need to understand every line of the file yet; section 4 writes the same "
                        "recurrence yourself.",
                        "`value_of_question(4, 2, 1)` runs the recipe with n = 4, m = 2, k = 1.",
                        "Every call must end at a case answered without calling itself (here `n == 1`), or it would "
                        "go on for ever.", "the counter outside the function, shared by every call",
                        "`P_by_hand` **calls itself on smaller states**, exactly as the recurrence does;",
                        "Then the same two loops as in section 3 print its table for n, m ≤ 3: compare it with your "
                        "table.",
                        "`def` makes your own function and `return` gives its result; a function may call itself, on "
                        "smaller cases, if every call ends at a case answered at once.",
                        "<- FINISH THIS LINE: the chance that your guess names the right person")
register.not_statements(lesson_path("01"), "a prediction's choices", "\"above\" or \"below\" 1/2")


# ---- lesson 02 -----------------------------------------------------------------------------------------------------
@register.statement(
    "course.printed-02", "Lesson 02 prints, at (4, 4), the even split [2 : 2] worth 1/2, [1 : 3] worth 9/16 and "
                         "a guess "
    "1/4, from the opponent's P(4, 2) = 1/2, P(4, 3) = 1/2, P(4, 1) = 1/4; the library's values of every move there; "
    "and n_< of Theorem 2.1, floor(n/4) + floor((n + 1)/4), beside n // 2 for 3 <= n <= 18.",
    o02("[2 : 2]: … [1 : 3]: … guess: …"), o02("your opponent's chance at (4, 2): … at (4, 3): … at (4, 1): …"),
    o02("the library, every move at (4, 4): …"), o02("n = …: n_< = …, n // 2 = …"), status="computed")
def _(N):
    moves = {mv: recurrence.move_value(4, 4, mv) for mv in (GUESS, (1, 3), (2, 2))}
    # n_< by the printed formula, and the size it names is a best question at (n, m) for m >= 5 (Theorem 2.1)
    return holds(moves == {GUESS: F(1, 4), (1, 3): F(9, 16), (2, 2): F(1, 2)}
                 == dict(cached_solution("official", 4).all_moves(4, 4))
                 and (recurrence.P(4, 2), recurrence.P(4, 3), recurrence.P(4, 1)) == (F(1, 2), F(1, 2), F(1, 4))
                 and all(value(n, 18, (k, n - k)) == P(n, 18) for n in range(3, 19)
                         for k in [n_less_as_printed(n)]), "(4, 4); 3 <= n <= 18 at m = 18")


# ---- lesson 03 -----------------------------------------------------------------------------------------------------
@register.statement(
    "course.printed-03", "Lesson 03 prints the bid 4 at (40, 5) then perfect play worth 9/100, the bid 20 then perfect "
    "play 2/25 (Nica's rules); that halving takes exactly log2(n) halvings to reach one suspect when n is a power of "
    "2, and otherwise floor(log2 n) or ceil(log2 n) depending on the answers (2 <= n <= 17); and that Nica's formulas "
    "(1.1) in the weeds and (1.2) with the upper hand each agree with the solver at every state of their region with "
    "2 <= n, m <= the table's size.",
    o03("bid 4, then perfect play: … bid 20, then perfect play: …"), o03("n = …: exactly … halving"),
    o03("n = …: … or … halvings to reach one, depending on the answers"),
    o03("formula (1.1) = solver at all … states in the weeds with 2 <= n, m <= …"),
    o03("formula (1.2) = solver at all … states with the upper hand with 2 <= n, m <= …"), status="computed")
def _(N):
    def halvings(n):            # fewest and most halvings (the bigger or smaller half each time) to reach one
        lo = hi = n
        fewest = most = 0
        while lo > 1:
            lo, fewest = lo // 2, fewest + 1
        while hi > 1:
            hi, most = (hi + 1) // 2, most + 1
        return fewest, most
    size = min(N, 64)
    t = cached_solution(NICA, size)
    return holds(value(40, 5, (4, 36), NICA) == F(9, 100) and value(40, 5, (20, 20), NICA) == F(2, 25)
                 and all(halvings(n) == (math.floor(math.log2(n)), math.ceil(math.log2(n))) for n in range(2, 18))
                 and all(p_star(a, b) == t.P(a, b) for a in range(2, size + 1) for b in range(2, size + 1)),
                 f"(40, 5); 2 <= n <= 17; 2 <= n, m <= {size}")


# ---- lesson 04 -----------------------------------------------------------------------------------------------------
@register.statement(
    "course.printed-04", "Lesson 04 prints P(23, 23) and P(24, 24) under the official rules (296/529 > 5/9: one "
    "suspect fewer each is better for the first player) and under Nica's (333/529 < 91/144: worse), with their "
    "decimals; and the fairest second pool against N = 8, 24, 100, 200 (5, 16, 68, 136), where P = 1/2 exactly.",
    o04("official: card version P(23, 23) = … ≈ …; board version P(24, 24) = … ≈ …"),
    o04("nica: card version P(23, 23) = … ≈ …; board version P(24, 24) = … ≈ …"),
    o04("one suspect fewer each is better for the first player"), o04("one suspect fewer each is worse for the first "
                                                                      "player"),
    o04("N = …: give the second player … suspects; then P(…, …) = … ≈ …"), status="computed")
def _(N):
    pools = {n: fairest_second_pool(n) for n in (8, 24, 100, 200)}
    fair = all(p.P == F(1, 2) == P(n, p.second) for n, p in pools.items())
    return holds(P(23, 23) == F(296, 529) > P(24, 24) == F(5, 9)
                 and P(23, 23, NICA) == F(333, 529) < P(24, 24, NICA) == F(91, 144)
                 and [p.second for p in pools.values()] == [5, 16, 68, 136] and fair,
                 "N = 23, 24 under both rule sets; the fairest pools for N = 8, 24, 100, 200")


# ---- lesson 05 -----------------------------------------------------------------------------------------------------
@register.statement(
    "course.printed-05", "Lesson 05 prints Nica's P(4, 4) = 3/4 and P(3, 2) = 1/3; P at (3 * 2^s, 2 * 2^s) rising "
    "towards p_inf(3, 2) = 4/9 (= p_inf(6, 4) = p_inf(3072, 2048), the limit being the same along the ray); P(N, N) "
    "for N from 10 to 10^7 as decimals; at N = 2^11..2^15, P(N, N) just above 2/3; over each doubling from 2^11 the "
    "lowest P(N, N) just above 5/8; the gap P(N, N) - p_inf(N, N) at N = 4, 16, 64, 256, 4096, 4/(3 N^2); and 8, "
    "the first N whose square is more than 50 (the loop with break).",
    o05("P(4, 4) under Nica's rules = …"), o05("P(3, 2) under Nica's rules = …"), o05("Nica's rules at (…, …): P = …"),
    o05("p_inf(3, 2) = … = …"), o05("p_inf(6, 4) = … p_inf(3072, 2048) = … (3072 = 3 x 2^10)"),
    o05("P(3, 2) = … P(3072, 2048) = …"), o05("N = …: P(N, N) = …"),
    o05("N = 2^… = …: P(N, N) = …, above 2/3 by …"), o05("from 2^… to 2^…: lowest P(N, N) = …, above 5/8 by …"),
    o05("N = …: P(N, N) = … p_inf(N, N) = … gap = …"), o05("the first N with N * N > 50 is …"), status="computed")
def _(N):
    def P(n, m, rules):         # gw.P: exact at any size (the solver's table, or the proven formula beyond it)
        return P_any_size(n, m, rules)
    ray = [P(3 * 2 ** s, 2 * 2 ** s, NICA) for s in range(8)]
    powers = [P(2 ** k, 2 ** k, NICA) for k in range(2, 16)]
    return holds(P(4, 4, NICA) == F(3, 4) and P(3, 2, NICA) == F(1, 3)
                 and all(a < b < F(4, 9) for a, b in zip(ray, ray[1:]))
                 and p_inf(3, 2) == p_inf(6, 4) == p_inf(3072, 2048) == F(4, 9)
                 and all(p > F(2, 3) for p in powers)
                 and all(P(n, n, NICA) - p_inf(n, n) == F(4, 3 * n * n) for n in (4, 16, 64, 256, 4096))
                 and all(P(n, n, NICA) > F(5, 8) for n in range(2048, 4097))
                 and min(n for n in range(2, 1000) if n * n > 50) == 8 == math.isqrt(50) + 1,
                 "the ray (3, 2) * 2^s, s < 8; N = 2^k, k <= 15; the gap at N = 4 ... 4096; above 5/8 at every "
                 "2048 <= N <= 4096")


# ---- lesson 06 -----------------------------------------------------------------------------------------------------
@register.statement(
    "course.printed-06", "Lesson 06 prints P(3, 3) with paradox questions 2/3, with ordinary questions only 5/9, the "
    "only best move there 1:1:1, P(3, m) = 1 - 1/m for 2 <= m <= 12 with paradox questions; at (8, 3) 3/8 with paradox "
    "questions, 5/12 without, a gain of -1/24; and the number of best questions with their value at (6, 9) and "
    "(10, 4).",
    o06("P(3, 3): with paradox questions … ordinary questions only …"), o06("the best moves at (3, 3): …"),
    o06("P(3, m) = 1 - 1/m for every m from 2 to 12: True"),
    o06("at (8, 3): with paradox questions …, without …, gain …"),
    o06("at (…, …), number of best questions: …; each wins with …:"), status="computed")
def _(N):
    t = cached_solution(TRI, 12)
    return holds(t.P(3, 3) == F(2, 3) and P(3, 3) == F(5, 9) and t.optimal_moves(3, 3) == ((1, 1, 1),)
                 and all(recurrence.P(3, m, TRI) == 1 - F(1, m) for m in range(2, 13))
                 and t.P(8, 3) == F(3, 8) and P(8, 3) == F(5, 12)
                 and len(t.optimal_moves(6, 9)) == 1 and len(t.optimal_moves(10, 4)) == 6
                 and recurrence.P(6, 9, TRI) == t.P(6, 9) and recurrence.P(10, 4, TRI) == t.P(10, 4),
                 "(3, m) for m <= 12, (8, 3), (6, 9), (10, 4)")


# ---- lesson 07 -----------------------------------------------------------------------------------------------------
@register.statement(
    "course.printed-07", "Lesson 07 prints that after question q of a halving search at most ceil(24 / 2^q) of the 24 "
    "characters are left (12, 6, 3, 2, 1); the parity codeword of character 20; and the smallest distance between two "
    "codewords: 1 for the 5-question binary code, 3 for it asked three times (15 questions) and for the 9-question "
    "Hamming code.",
    o07("after question …: at most … of the 24 characters left"), o07("codeword of 20 with its parity digit: … = …"),
    o07("questions, smallest distance between two codewords: …"), status="computed")
def _(N):
    binary = binary_code(24)
    triple = Code(tuple(tuple(d for d in w for _ in range(3)) for w in binary.words))
    word = parity_code(24).words[20]
    return holds([math.ceil(24 / 2 ** q) for q in range(1, 6)] == [12, 6, 3, 2, 1]
                 and sum(word) % 2 == 0 and tuple(word[:-1]) == tuple(binary.words[20])
                 and (binary.length, binary.min_distance()) == (5, 1)
                 and (triple.length, triple.min_distance()) == (15, 3)
                 and (hamming_code(24).length, hamming_code(24).min_distance()) == (9, 3),
                 "24 characters")


# ---- lesson 08 -----------------------------------------------------------------------------------------------------
@register.statement(
    "course.printed-08", "Lesson 08 prints at (4, 4) P = 9/16, a guess worth 1/4 and costing 5/16; a game's review, "
    "each move with the chance before it, its value, the chance after it and its cost or 'optimal' (a cost is P before "
    "minus the move's value); the value of 3:5 at (8, 8), 17/32, equal to the average over its answers, so that "
    "it costs 1/32 (your_cost in the game's accounting); P(20, 20) = "
    "14/25 and halving's exact chance 13/25 against gw.strategies.optimal, so a cost of 1/25 against it; and the "
    "perfect player's 2/3 against halving from (16, 9), the target 2/3 + 1/6 = 5/6; in exercise 08.2's cell, the value "
    "of every move at (6, 4) (a guess 1/6, 1:5 and 2:4 11/24, 3:3 1/2), as the recurrence gives it.",
    o08("P(4, 4) = … value of a guess = … cost of a guess = …"),
    o08("before … value … after … costs you …: best was"), o08("before … value … after … optimal"),
    o08("value of … = … average over its answers = …"), o08("your_cost …"),
    o08("P(20, 20) = … halving against gw.strategies.optimal wins exactly … ≈ …"),
    o08("so against gw.strategies.optimal, always halving costs you … of a win, on average, from (20, 20)"),
    o08("gw.strategies.optimal against halving: … the target: …"), o08("value of … at (6, 4): …"), status="computed")
def _(N):
    t = cached_solution("official", 20)
    average = sum(F(g, 8) * (1 - t.P(8, g)) for g in (3, 5))
    review = all(t.P(n, m) - t.value(n, m, mv) >= 0
                 and (t.P(n, m) == t.value(n, m, mv)) == (mv in t.optimal_moves(n, m))
                 for n in range(2, 9) for m in range(2, 9) for mv in t.all_moves(n, m))
    perfect = optimal("official")
    return holds(t.P(4, 4) == F(9, 16) and t.value(4, 4, GUESS) == F(1, 4) and t.value(8, 8, (3, 5)) == average
                 == F(17, 32) and t.P(8, 8) - average == F(1, 32) and review and t.P(20, 20) == F(14, 25)
                 and evaluate(halving, perfect, 20, 20) == F(13, 25)
                 and 1 - evaluate(halving, perfect, 16, 9) == F(2, 3)
                 and all(t.value(6, 4, mv) == recurrence.move_value(6, 4, mv) for mv in t.all_moves(6, 4))
                 and [recurrence.move_value(6, 4, mv) for mv in (GUESS, (1, 5), (2, 4), (3, 3))]
                 == [F(1, 6), F(11, 24), F(11, 24), F(1, 2)], "(4, 4), (8, 8), every move at n, m <= 8, "
                 "(20, 20), (16, 9), every move at (6, 4)")


# ---- lesson 09 -----------------------------------------------------------------------------------------------------
@register.statement(
    "course.printed-09", "Lesson 09 prints going first on the real board (9/16) and in the idealised game (5/9); each "
    "first question on the board with its split and its value on the board and in the idealised game; for the "
    "hat-wearers against everyone, the board's value 77/96, the idealised 5/6, the restriction cost 1/32 and the best "
    "moves; the comparison of every pair of states (how many the board leaves unchanged, the largest loss 1/8 and "
    "gain 3/32); and a five-character board of three traits where going first is worth 14/25, as in the idealised "
    "game.",
    o09("going first on the real board: … ≈ …"), o09("going first in the idealised game: … ≈ …"),
    o09("? … board … idealised …"), o09("guess board … idealised …"),
    o09("board: … idealised: … restriction cost: …"), o09("idealised best moves: …"),
    o09("Does your person … (…, …) …"), o09("Is your person … (…, …) …"),
    o09("the board changes nothing in … of them (…)"), o09("largest loss: … largest gain: …"),
    o09("going first on this board: … in the idealised game with … suspects: …"), status="computed")
def _(N):
    sol, board = cached_board_solution(), load_board()
    ideal = cached_solution("official", 24)
    firsts = first_questions(sol)
    hats = frozenset(board.with_trait("hat"))
    comparison = compare_with_ideal(sol)
    everyone = frozenset(board.names)
    by_hand = []                # each trait's question: the opponent moves next, against the group the answer keeps
    for t in board.traits:
        yes = frozenset(board.with_trait(t))
        by_hand.append(sum(F(len(g), 24) * (1 - sol.P(everyone, g)) for g in (yes, everyone - yes)))
    return holds(sol.start == F(9, 16) and ideal.P(24, 24) == F(5, 9)
                 and all(f.ideal_value == (ideal.value(24, 24, f.sizes)) for f in firsts)
                 and sorted(f.value for f in firsts if f.sizes is not GUESS) == sorted(by_hand)
                 and sol.P(hats, sol.everyone) == F(77, 96) and ideal.P(len(hats), 24) == F(5, 6)
                 and restriction_cost(sol, hats, sol.everyone) == F(1, 32)
                 and comparison.largest_loss[0] == F(1, 8) and -comparison.largest_gain[0] == F(3, 32)
                 and recurrence.P(5, 5) == F(14, 25), "the shipped board; the 5-character board's idealised game")


register.not_statements(lesson_path("05"), "the student's own predictions, echoed", "your guesses: … (highest) … "
                        "(lowest)", printed=True)
register.not_statements(lesson_path("09"), "the lesson's own list of the board's best questions, read off the solved "
                        "board (their values are in course.printed-09)", "best: ['Does your person",
                        "board's best moves: [('Does your person", "best first questions: ['Does your person",
                        printed=True)
