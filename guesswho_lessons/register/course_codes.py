"""The lessons' own statements about binary search, "don't know" answers, lies and codes (lessons 07 and x3, their
worked solutions and their parts of the teacher's guide; Paz and Peterfreund), each anchored to its sentences and
checked against the library's codes, their exhaustive checks and the certified minima of
:func:`guesswho_lib.imperfect.minimum_questions`, or against the paper's registered claims (``paz.*``)."""

from __future__ import annotations

import math
from fractions import Fraction

from guesswho_lib.board.traits import load_board
from guesswho_lib.imperfect.adversaries import check_all_runs
from guesswho_lib.imperfect.codes import binary_code, delsarte_bound, hamming_code, parity_code
from guesswho_lib.imperfect.literature import KNOWN_CODE_SIZES, pelc_one_lie, predetermined_minimum
from guesswho_lib.imperfect.minimum import NotSettled, minimum_questions, volume
from guesswho_lib.imperfect.strategies import BinarySearch, LiarSearch, ari_strategy, natan_strategy, val_strategy
from .anchors import guide_path, in_guide, in_lesson, in_solution, lesson_path, solution_path
from .facts import as_recorded, holds
from guesswho_lib.claims.registry import Register

register = Register(__name__)

l07, lx3 = in_lesson("07"), in_lesson("x3")
s07, sx3 = in_solution("07"), in_solution("x3")
g07, gx3 = in_guide("07"), in_guide("x3")
N_CHARACTERS = 24


@register.statement(
    "course.binary-search", "Binary search (halving, rounding up) finds one of n characters in ceil(log2 n) "
    "questions: 5 for 24 (24, 12, 6, 3, 2, 1), 7 for 100; k yes/no answers have 2^k patterns, so k questions tell "
    "apart at most 2^k characters (16 < 24 <= 32) and no plan does better (Paz and Peterfreund, Theorem 4).",
    l07("The best plan is **binary search**: each question asks about half of the characters still possible, so each "
        "answer rules out half."),
    l07("Four yes/no answers can come out in $2 \\times 2 \\times 2 \\times 2 = 2^4 = 16$ different ways (yes-yes-yes-"
        "yes, yes-yes-yes-no, ...)."),
    l07("Each way of answering can point to **one** character only."),
    l07("With 24 characters and only 16 patterns, two characters must share a pattern, and then you cannot tell them "
        "apart."),
    l07("Five answers give $2^5 = 32$ patterns, enough for 24."),
    l07("$k$ questions can tell apart at most $2^k$ characters."),
    l07("$k$ questions find one of up to $2^k$ characters (5 for 24), and no plan does better, because $k$ answers "
        "have only $2^k$ patterns."),
    lx3("**Theorem 4.** Ask about half of the remaining characters each time: after k answers at most ⌈n/2ᵏ⌉ remain, "
        "so ⌈log₂ n⌉ questions suffice (5 for 24, since 2⁴ = 16 < 24 ≤ 32 = 2⁵)."),
    lx3("And no strategy does better: k yes/no answers have only 2ᵏ patterns, and each pattern can point to one "
        "character only."),
    lx3("**binary search** (⌈log₂ n⌉ questions, Theorem 4)"),
    s07("$2^6 = 64 < 100 \\le 128 = 2^7$: 7 questions."),
    g07("then why {{ questions(24) }} and never fewer (counting answer patterns)"), status="proven")
def _(N):
    honest = all(minimum_questions(n).value == math.ceil(math.log2(n)) for n in range(2, 130))
    return holds(honest and minimum_questions(N_CHARACTERS).value == 5 and minimum_questions(100).value == 7
                 and 2 ** 4 < N_CHARACTERS <= 2 ** 5 and as_recorded("paz.thm4")(N).ok, "2 <= n < 130")


@register.statement(
    "course.in-advance", "With binary numbers the same ceil(log2 n) questions can be written in advance: question l "
    "asks for digit l of the character's number, and the answers spell it (Theorem 5); every number 0 to 31 is five "
    "binary digits; for n = 3 the codewords are 00, 01, 10.",
    l07("Every number from 0 to 31 is a sum of some of these, written as five digits 0 or 1:"),
    l07("The answers spell the number in binary: yes = 1, no = 0."),
    lx3("**Theorem 5:** number the characters 0, 1, …, n−1 and write each number in binary with ⌈log₂ n⌉ bits — the "
        "character's **codeword**."),
    lx3("By hand for n = 3: codewords 00, 01, 10; question 1 is {2}, question 2 is {1}; answers (yes, no) spell "
        "the binary digits 1, 0: character 2."),
    lx3("**⌈log₂ n⌉** questions, adaptive (binary search, Theorem 4) or all at once (binary codewords, Theorem 5): 5 "
        "for 24."), status="proven")
def _(N):
    three = binary_code(3)
    return holds([tuple(w) for w in three.words] == [(0, 0), (0, 1), (1, 0)] and binary_code(N_CHARACTERS).length
                 == 5 and all(len(format(k, "05b")) == 5 for k in range(32)) and as_recorded("paz.thm5")(N).ok,
                 "n = 3 and n = 24")


@register.statement(
    "course.parity", "One parity question makes every codeword have an even number of 1s: any two codewords differ in "
    "at least 2 places, so one 'don't know' (an erased digit) is filled in, ceil(log2 n) + 1 = 6 questions for 24, "
    "optimal both adaptively and in advance; 1 0 1 ? 0 0 gives 20, yes no ? yes no yes gives 22; 01?01 could be 9 or "
    "13; a code of minimum distance d + 1 survives d erasures.",
    l07("\"is the number of 1s in your codeword **odd**?\" Its answer is a 1 exactly when the codeword has an odd "
        "number of 1s, so now **every** six-digit codeword has an **even** number of 1s."),
    l07("There are two 1s so far; the `?` must be 0 to keep the count even; the five data digits are `10100` = "
        "16 + 4 = 20."),
    l07("One **\"don't know\"** is repaired by one **parity check** question: every codeword then has an even number "
        "of 1s, so a missing digit can be filled in."),
    l07("With the five binary questions, a \"don't know\" leaves one digit missing, and two characters possible: "
        "`01?01` could be 9 or 13."),
    s07("The data digits are `10110` = 16 + 4 + 2 = 22."),
    lx3("Every codeword now has an even number of 1s, so if one answer is \"?\", it is whatever makes the count even."),
    lx3("Two codewords now differ in at least **2** places (their **distance** is at least 2), and one erased place "
        "cannot hide a difference of 2."),
    lx3("In general, a code of minimum distance d + 1 survives d erasures (Theorem 8)."),
    lx3("* \"Don't know\" once: a **parity bit**, ⌈log₂ n⌉ + 1 = 6 questions, optimal both ways."),
    lx3("how a **parity bit** survives one \"don't know\" (ARI, Theorem 8 and Lemma 9)"), status="proven")
def _(N):
    code = parity_code(N_CHARACTERS)
    even = all(sum(w) % 2 == 0 for w in code.words)
    runs = check_all_runs(lambda: ari_strategy(N_CHARACTERS), N_CHARACTERS, erasures=1, all_at_once=True)
    return holds(even and code.min_distance() == 2 and code.length == 6 and not runs.failures
                 and code.decode([1, 0, 1, None, 0, 0]) == 20 and code.decode([1, 0, None, 1, 0, 1]) == 22
                 and {int("01001", 2), int("01101", 2)} == {9, 13}
                 and minimum_questions(N_CHARACTERS, erasures=1).value == 6
                 and minimum_questions(N_CHARACTERS, erasures=1, adaptive=False).value == 6
                 and as_recorded("paz.cor10")(N).ok, "24 characters, every placement of one 'don't know'")


@register.statement(
    "course.one-lie-counting", "With one lie a character can produce q + 1 answer patterns in q questions; 5 "
    "questions: 1 + 5 = 6 patterns, 24 x 6 = 144 > 32, so binary search fails (some game ends with the wrong "
    "character); q questions can only work if 24(q + 1) <= 2^q; for 100 characters the smallest such q is 11 "
    "(100 x 11 = 1100 > 1024, 1200 <= 2048).",
    l07("**Why 5 questions cannot be enough, by counting.** With one lie allowed, a single character can produce many "
        "answer patterns: the truthful one, or the truthful one with answer 1 flipped, or with answer 2 flipped, ..."),
    l07("With 5 questions that is $1 + 5 = 6$ patterns per character."),
    l07("For 24 characters that is $24 \\times 6 = 144$ patterns, but 5 answers have only $2^5 = 32$ patterns."),
    l07("Two characters must share a pattern, so VAL can always confuse you."),
    l07("In general, with $q$ questions each character needs $q + 1$ patterns, so $q$ questions can only work if "
        "$24 \\times (q + 1) \\le 2^q$."),
    l07("The library tries **every** secret character and **every** moment the lie could happen, and counts the games "
        "that end with the wrong character."),
    l07("Counting shows why: each character can produce $q + 1$ answer patterns, and $24 \\times 6 > 2^5$."),
    s07("$100 \\cdot 11 = 1100 > 1024$;"),
    g07("count why {{ questions(24) }} cannot be enough;"), status="proven")
def _(N):
    fails = check_all_runs(lambda: BinarySearch(N_CHARACTERS), N_CHARACTERS, lies=1).failures
    q100 = next(q for q in range(1, 40) if 100 * (q + 1) <= 2 ** q)
    return holds(24 * (1 + 5) == 144 > 2 ** 5 and fails and q100 == 11 and 100 * 11 > 1024 and 100 * 12 <= 2048,
                 "binary search against one lie, every secret and moment")


@register.statement(
    "course.exit-ticket-07", "Binary search finds one of 50 characters in 6 questions (2^5 = 32 < 50 <= 64 = 2^6); "
    "against one lie, the smallest q with 20(q + 1) <= 2^q is 8 (20 x 8 = 160 > 128, 20 x 9 = 180 <= 256).",
    s07("**07.5.** $2^5 = 32 < 50 \\le 64 = 2^6$: 6 questions."),
    s07("**07.6.** $q = 7$: $20 \\cdot 8 = 160 > 128$; $q = 8$: $20 \\cdot 9 = 180 \\le 256$."), status="proven")
def _(N):
    left, questions = 50, 0
    while left > 1:
        left, questions = (left + 1) // 2, questions + 1
    q20 = next(q for q in range(1, 40) if 20 * (q + 1) <= 2 ** q)
    return holds(questions == 6 and 2 ** 5 < 50 <= 2 ** 6 and q20 == 8 and 20 * 8 > 2 ** 7 and 20 * 9 <= 2 ** 8
                 and minimum_questions(50).value == 6, "50 and 20 characters")

@register.statement(
    "course.challenge-07", "Of the 2^9 = 512 lists of answers to the nine Hamming questions for 24 characters, each "
    "character explains 1 + 9 = 10 (its codeword, or one answer changed), no list is explained by two characters "
    "(codewords differ in at least 3 places), so 240 are explained and 272 are at distance 2 or more from every "
    "codeword: they prove at least two lies.",
    s07("A character explains a list when the list is its codeword (no lie) or its codeword with one of the nine "
        "answers changed (one lie): $1 + 9 = 10$ lists per character."),
    s07("No list is explained by two characters: if one list were at most one place from two codewords, those two "
        "codewords would differ in at most $1 + 1 = 2$ places, but any two codewords of the Hamming code differ in at "
        "least 3 (section 4)."),
    s07("So the 24 characters explain $24 \\times 10 = 240$ different lists, and the other $512 - 240 = 272$ lists "
        "prove that VAL lied at least twice."),
    s07("The two ways agree."), status="proven")
def _(N):
    words = hamming_code(N_CHARACTERS).words
    nearest = [min(sum(a != b for a, b in zip(format(p, "09b"), "".join(map(str, w)))) for w in words)
               for p in range(2 ** 9)]
    explained = [sum(sum(a != b for a, b in zip(format(p, "09b"), "".join(map(str, w)))) <= 1 for p in range(2 ** 9))
                 for w in words]
    return holds(len(words[0]) == 9 and explained == [1 + 9] * N_CHARACTERS and sum(explained) == 240
                 and sum(d >= 2 for d in nearest) == 272 == 2 ** 9 - 240
                 and all(sum(a != b for a, b in zip(u, v)) >= 3 for i, u in enumerate(words) for v in words[:i]),
                 "every list of nine answers, the Hamming code for 24 characters")


@register.statement(
    "course.repetition-and-hamming", "Asking each binary question three times makes 15 questions at distance 3; a "
    "distance-3 code survives one lie by nearest-codeword decoding (the truth 1 place away, every other codeword at "
    "least 2); a shortened Hamming code does it for 24 characters with 9 questions, its syndrome naming the lie; "
    "doubling every question detects a lie but cannot tell which answer was true.",
    l07("**A simple cure: ask everything three times.** Ask each of the five binary questions three times and believe "
        "the majority: one lie changes only one of the three answers to the same question."),
    l07("That works, but costs $3 \\times 5 = 15$ questions."),
    l07("**A cleverer cure: a code.** The reason triple asking works is that any two characters' codewords (now 15 "
        "digits long) differ in at least **3** places."),
    l07("A lie changes **1** place, so the true character is still the **nearest** codeword: 1 place away, while every "
        "other character is at least 2 places away."),
    l07("One such code for 24 characters has only **9** digits (a shortened *Hamming code*;"),
    l07("Oona's is 1 place away, every other at least 2."),
    l07("A **code** whose codewords are at distance at least 3 from each other survives one lie: decode to the "
        "**nearest** codeword."),
    lx3("If codewords are at distance at least **3**, a word with one flipped bit is still closer to the true codeword "
        "(distance 1) than to any other (distance ≥ 2): decode to the **nearest** codeword."),
    lx3("We build it explicitly as a **shortened Hamming code**: positions 1, …, 9; positions 1, 2, 4, 8 are parity "
        "checks, and the XOR of the positions of the 1s (the *syndrome*) is 0 for every codeword — so after one lie, "
        "the syndrome **is the position of the lie**."),
    lx3("and a **Hamming code** survives one lie (VAL, Theorem 12 and Lemma 13)"),
    lx3("* One lie: a **distance-3 code** such as a shortened Hamming code; decoding = the nearest codeword (the "
        "syndrome names the lie)."),
    lx3("* Every strategy here was checked by computer: all 24 secrets against every placement of the lies and "
        "\"don't know\" answers."),
    g07("It detects a lie but cannot tell which of two answers is true; a cleverer code does better than repeating."),
    g07("You do not know which answer was the lie, so you must be able to correct it, not only notice it."),
    status="proven")
def _(N):
    binary = binary_code(N_CHARACTERS)
    from guesswho_lib.imperfect.codes import Code
    triple = Code(tuple(tuple(d for d in w for _ in range(3)) for w in binary.words))
    double = Code(tuple(tuple(d for d in w for _ in range(2)) for w in binary.words))
    ham = hamming_code(N_CHARACTERS)

    def syndrome(word):
        s = 0
        for position, bit in enumerate(word, start=1):
            if bit:
                s ^= position
        return s
    syndromes = all(syndrome(w) == 0 for w in ham.words)
    runs = [check_all_runs(lambda: val_strategy(N_CHARACTERS), N_CHARACTERS, lies=1, all_at_once=True),
            check_all_runs(lambda: natan_strategy(N_CHARACTERS), N_CHARACTERS, all_at_once=True),
            check_all_runs(lambda: LiarSearch(N_CHARACTERS, 1), N_CHARACTERS, lies=1)]
    return holds(triple.length == 15 and triple.min_distance() == 3 and ham.length == 9 and ham.min_distance() == 3
                 and double.min_distance() == 2 and syndromes and not any(r.failures for r in runs),
                 "the three codes for 24 characters, every placement of one lie")


register.statement(
    "course.assumption1", "Assumption 1 of Paz and Peterfreund (every set of characters is one trait) fails on the "
    "board: 18 traits against 2^24 (about 16.8 million) sets; ANDs of traits and negations give 5,007 sets (a few "
    "thousand); every set is some formula, since no two characters have the same row; {Ugo, Pavel} is the bald "
    "characters.",
    lx3("The paper's proofs ask questions like \"is your person in this set A?\" and assume (Assumption 1) that "
        "**every** set A of characters is exactly the set of characters with some trait j_A."),
    lx3("With n = 24 there are 2²⁴ ≈ 16.8 million sets, but only m = 18 traits."),
    lx3("Even allowing \"not\" and \"and\" (a *conjunction* such as \"glasses and not a hat\") covers only a few "
        "thousand sets."),
    lx3("(every set, since no two rows are equal)"),
    lx3("Since no two characters have the same row, every set is an OR of ANDs: the OR over its members of \"has "
        "exactly this row\"."),
    lx3("By hand first: the set {Ugo, Pavel} is exactly the bald characters (size 1)."),
    lx3("On the full board that never happens, but on a board with only two traits it does:"),
    lx3("Assumption 1 is not a statement but a hypothesis the paper adopts on purpose, so the report lists it apart, "
        "with whether our board meets it (it does not: section 1)"),
    lx3("Assumption 1 (every set is one trait) fails badly: 18 of 16.8 million sets on our board."),
    lx3("why the paper's Assumption 1 (\"every set of characters is one trait\") fails on any real board"),
    status="proven")(lambda N: holds(as_recorded("paz.assumption1", "paz.assumption1.formulas")(N).ok
                                     and _board_counts(), "the shipped board"))


def _board_counts() -> bool:
    from guesswho_lib.board.questions import assumption1_counts
    board = load_board()
    c = assumption1_counts(board)
    rows = [board.traits_of(n) for n in board.names]
    small = board.sub_board(["Ada", "Bram", "Chidi"], ["glasses", "hat"])
    small_rows = [small.traits_of(n) for n in small.names]
    return (c.subsets == 2 ** 24 and round(c.subsets / 1e6, 1) == 16.8 and c.single_traits == 18
            and 1000 <= c.conjunctions < 10000 and len(set(map(frozenset, rows))) == 24
            and set(board.with_trait("bald")) == {"Ugo", "Pavel"} and len(set(map(frozenset, small_rows))) < 3)


@register.statement(
    "course.minimum-questions", "With 24 characters: one lie needs 8 questions if you may adapt (Berlekamp's volume "
    "24 (7 + 1) = 192 > 128 rules out 7; a game search wins with 8; Pelc's formula agrees for every 2 <= n <= 64) and "
    "9 in advance (Delsarte's bound alone gives 128/5 = 25.6, with Johnson's cap A_8 <= 1 it gives 64/3 < 22, with a "
    "certificate); two lies in advance need 11 (a Paley-Hadamard code), two adaptive lies 11 by the volume bound "
    "24 (1 + q + C(q, 2)) <= 2^q; two 'don't know' in advance need distance 3, 9 questions; the sphere-packing bound "
    "allows 28 words of length 8 and distance 3; a code of distance 7 survives 3 lies; nine adaptive questions handle "
    "50 characters against one lie (the volume bound allows 51; Pelc: 51 x 10 + 8 = 518 > 512).",
    lx3("Berlekamp's idea (his 1964 thesis, on codes with feedback): with q questions left, a character with no lie "
        "yet can still produce q + 1 answer patterns (no lie, or a lie at any of q places), one with a lie already "
        "only 1."),
    lx3("So the **volume** c₀(q + 1) + c₁ must be at most 2^q, the number of answer patterns."),
    lx3("At the start: 24 · (7 + 1) = 192 > 128 = 2⁷, so **7 questions cannot work**."),
    lx3("(Pelc solved this game for every number of characters in 1987; we compare with his answer below.)"),
    lx3("The simple **sphere-packing** bound: around each codeword the words at distance at most 1 (the codeword and "
        "its $q$ neighbours) belong to it alone, so $M (1 + q) \\le 2^q$ for $M$ codewords of length $q$."),
    lx3("The largest $1 + \\sum_i A_i$ they allow bounds the code."),
    lx3("* **Delsarte's bound alone** gives $\\frac{128}5 = 25.6$: it does **not** rule out 24 words."),
    lx3("* **With one extra cap** it does: at most one codeword lies at distance 8 from a given one ($A_8 \\le 1$; two "
        "such words would be within distance 2 of each other)."),
    lx3("This is Johnson's bound for constant-weight codes (Johnson, 1962), the only cap the certificate below uses."),
    lx3("The bound drops to $\\frac{64}3 < 22$, so no 24 words of length 8 exist: the paper's 9 questions are "
        "optimal."),
    lx3("The bound comes with a **certificate**, a few rational numbers $y_j \\ge 0$, $z_i \\ge 0$ that anyone can "
        "check by hand: for every distance $i$, $z_i - \\sum_j y_j K_j(i) \\ge 1$; then every code has at most "
        "$1 + \\sum_j y_j \\binom9j + \\sum_i z_i u_i$ words ($u_i$ the caps)."),
    lx3("**What the literature settles.** Adaptive play against one lie is Ulam's game, which Pelc solved for every "
        "number of characters (1987): the minimum is the least q with n(q + 1) ≤ 2^q when n is even, and "
        "n(q + 1) + q − 1 ≤ 2^q when n is odd."),
    lx3("9 questions in advance are optimal:"),
    lx3("Delsarte's linear programming bound with one of Johnson's caps (at most one codeword at distance 8 in the "
        "extended code) allows at most 21 words of length 8;"),
    lx3("Delsarte's bound alone (25.6) would not rule out 24."), lx3("Adaptively only **8** are needed:"),
    lx3("* Two lies in advance: 11 questions (a Paley–Hadamard code), optimal by Delsarte's bound alone."),
    lx3("Lemma 13 (Varshamov) promises such a code with 2⁵ = 32 ≥ 24 words and length 9, because 2⁵ < 2⁹/9."),
    lx3("So a code of minimum distance $d$ survives $d - 1$ \"don't know\" answers (an erased position is *known* to "
        "be missing, and the remaining $\\ge 1$ differences still tell any two codewords apart), but only "
        "$\\lfloor (d-1)/2 \\rfloor$ lies: after $t$ lies the received word is $t$ places from the truth and at least "
        "$d - t$ from any other codeword, so the nearest codeword is the truth while $t < d - t$."),
    sx3("After $t$ lies the received word is $t$ places from the truth and at least $7 - t$ from any other "
        "codeword."), sx3("Nearest-codeword decoding is right while $t < 7 - t$, i.e."),
    sx3("$24 \\cdot 56 = 1344 > 1024$;"), sx3("$24 \\cdot 67 = 1608 \\le 2048$."),
    sx3("$M \\cdot 9 \\le 2^8 = 256$, so $M \\le 28$."),
    sx3("Length 8 is ruled out by Delsarte's linear programming bound with one of Johnson's caps ($A_8 \\le 1$ in the "
        "code extended to length 9): at most $\\frac{64}3$, so 21 words."),
    sx3("Delsarte's bound alone gives $\\frac{128}5$ and would not rule out 24."),
    sx3("Pelc's solution of Ulam's game (1987) explains it: for odd $n$ the condition is $n(q + 1) + q - 1 \\le 2^q$, "
        "and $51 \\cdot 10 + 8 = 518 > 512$."),
    gx3("15 The sphere-packing count: why one lie needs more than {{ questions(24) }} questions."),
    gx3("15 When a bound is reached and when it is not: the codes of the notebook's summary, for one lie and for two, "
        "beside the bounds that show them optimal."),
    status="proven")
def _(N):
    pure, capped = delsarte_bound(8, 3, with_caps=False), delsarte_bound(8, 3)
    nine = max(n for n in range(2, 52) if minimum_questions(n, lies=1).value <= 9)
    pelc = all(minimum_questions(n, lies=1).value == pelc_one_lie(n) for n in range(2, 65))
    return holds(minimum_questions(24, lies=1).value == 8 and minimum_questions(24, lies=1, adaptive=False).value == 9
                 and volume((24, 0), 7) == 192 > 2 ** 7 and pure.value == Fraction(128, 5)
                 and capped.value < 22 and capped.verify()
                 and math.floor(capped.value) == 21 and capped.caps_used == ((8, 1),)
                 and minimum_questions(24, lies=2, adaptive=False).value == 11
                 and minimum_questions(24, lies=2).value == 11 and 24 * 56 == 1344 > 2 ** 10 and 24 * 67 <= 2 ** 11
                 and minimum_questions(24, erasures=2, adaptive=False).value == 9 and 2 ** 8 // 9 == 28
                 and (7 - 1) // 2 == 3 and nine == 50 and 2 ** 9 // 10 == 51 and 51 * 10 + 8 == 518 and pelc
                 and 2 ** 5 < 2 ** 9 / 9 and as_recorded("paz.lemma13", "paz.cor14", "paz.cor14.optimal")(N).ok,
                 "24 characters (and 2 <= n <= 64 for Pelc's formula)")


@register.statement(
    "course.cited-code-sizes", "Our certificates leave two values for n = 17-21 and 33-42 against one lie in advance; "
    "the cited A(8, 3) = 20 (Best et al., 1978) and A(9, 3) = 40 (Best, 1980) settle them: 17-20 characters need 8 "
    "questions, 21-40 need 9, 41-64 need 10; linear codes of length 8 and distance 3 have at most 16 words; "
    "our linear program allows 21 words, one more than exist.",
    lx3("For questions fixed in advance, our own certificates leave two values for n = 17–21 and 33–42 (the * above): "
        "the largest codes we construct and our linear-programming bound do not meet."),
    lx3("**A(8, 3) = 20** (Best, Brouwer, MacWilliams, Odlyzko and Sloane, 1978) and **A(9, 3) = 40** (Best, 1980), "
        "where A(k, d) is the most codewords of length k at distance d."),
    lx3("So 17–20 characters need 8 questions, 21–40 need 9, and 41–64 need 10: nothing in this table is open."),
    lx3("Linear codes of length 8 and distance 3 have at most 16 words, but non-linear codes have 20, and a random "
        "search (simulated annealing) finds one in a second; that 21 words are impossible needs a sharper linear "
        "program than ours (Best et al. add further inequalities)."),
    lx3("* Where our certificates stop (n = 17–21 and 33–42 against one lie in advance), the classical tables of codes "
        "(A(8, 3) = 20, A(9, 3) = 40) settle the answer; we cite them and do not compute them."),
    sx3("Best et al., 1978.)"),
    gx3("Not settled by our certificates is not open: the classical tables of codes settle every case the notebook "
        "shows, and the notebook cites them (it does not compute them)."), status="proven")
def _(N):
    open_here = []
    for n in range(2, 65):
        try:
            minimum_questions(n, lies=1, adaptive=False)
        except NotSettled:
            open_here.append(n)
    need = {n: predetermined_minimum(n, lies=1).value for n in range(17, 65)}
    linear = max(2 ** k for k in range(6) if 2 ** k <= KNOWN_CODE_SIZES[(8, 3)][0])
    return holds(open_here == list(range(17, 22)) + list(range(33, 43)) and KNOWN_CODE_SIZES[(8, 3)][0] == 20
                 and KNOWN_CODE_SIZES[(9, 3)][0] == 40 and all(need[n] == 8 for n in range(17, 21))
                 and all(need[n] == 9 for n in range(21, 41)) and all(need[n] == 10 for n in range(41, 65))
                 and linear == 16 and math.floor(delsarte_bound(8, 3).value) == 21, "2 <= n <= 64")


# ---- sentences that state nothing to check ---------------------------------------------------------------------------
register.not_statements(lesson_path("07"), "a prompt's placeholder, Python, a rule of the opponents, a pointer or a "
                        "label", "a whole number", "(`while left > 1:` repeats its indented lines",
                        "binary search (Theorem 4)", "Not-At-Time-ANswering) wants **all** your questions at once",
                        "Another opponent (ARI) sometimes says **\"don't know\"**", "The last opponent (VAL) may "
                        "**lie**, at most once", "a whole number of questions", "(Counting says when it is "
                        "*impossible*;",
                        "Mathematicians call the number of places where two codewords differ their **distance**",
                        "questions, smallest distance between two codewords:", "Level 1 needs only pencil and paper;",
                        "- **Binary search** halves the candidates with every question:", "**Next:** the extension "
                        "notebook [x3](extension/x3-codes-and-bounds.ipynb)")
register.not_statements(guide_path("07"), "what the challenge asks and how to support it (its mathematics is the "
                        "worked solution's, registered as course.challenge-07)", "It asks how many lists of answers to "
                        "the nine Hamming questions prove that VAL lied more than once",
                        "Two routes meet: a proof by counting, which needs the distances of section 4",
                        "To support without giving it away, ask how many lists one character can produce")
register.not_statements(lesson_path("07"), "how the challenge may be done (a method, not a result)", "No single "
                        "command of the library answers it: it needs a proof by counting")
register.not_statements(solution_path("07"), "a method", "**By a program.** Try every list")
register.not_statements(guide_path("07"), "a step of the plan", "6 §2 Binary numbers: every question written down in "
                        "advance;")
register.not_statements(lesson_path("x3"), "a learning goal, a heading, a label, Python or a description of a "
                        "picture or a check", "- how a board of characters becomes a **trait matrix**",
                        "beyond the paper: the **exact minimum** number of questions in each setting",
                        "what the classical literature adds (Pelc's solution of Ulam's game",
                        "ARI says \"don't know\": a parity bit (Theorem 8, Lemma 9)", "positions count from 0, "
                        "questions from 1: positions={2}", "VAL lies: a Hamming code (Theorem 12, Lemma 13)",
                        "positions count from 0, questions from 1: positions={6}", "The three codes side by side:",
                        "So trying every "
                        "secret with every placement checks **all** possible choosers:", "optimal liar search vs VAL "
                        "(one at a time)", "certificate: y_j =", "(the others 0); z_i =", "1 + sum_j y_j C(9, j) + "
                        "sum_i z_i u_i =", "with the cap A_i <= u_i for (i, u_i) in", "one lie, adaptive: the game "
                        "search agrees with Pelc's formula for every 2 <= n <=", "and the strategies survive anyway, "
                        "because every set is *some* question.", "But every set is a **formula** over traits, and an "
                        "exact search finds the shortest one;")
register.not_statements(lesson_path("07"), "a learning goal put as a question the lesson answers later",
                        "- **binary search**: how few yes/no questions are always enough")
