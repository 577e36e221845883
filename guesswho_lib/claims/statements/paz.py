"""Paz & Peterfreund's printed claims, each with a computational check (claims register).

The paper's assumptions (distinguishable characters, Assumption 1) are registered as assumptions: the report
shows whether the shipped board meets them, in a section of their own, and ERRATA.md never lists them.  ``N`` bounds
the number of characters; exhaustive checks over every adversary placement use n <= min(N, 48)
(n <= 32 with "don't know" answers), so that the whole set runs in a few seconds.
"""

from __future__ import annotations

from ..registry import Check, Register
from ...imperfect.adversaries import check_all_runs
from ...board.traits import load_board
from ...imperfect.codes import bits_needed, delsarte_bound, hamming_code, varshamov_lemma13
from ...imperfect.minimum import liar_game_wins, minimum_questions
from ...board.questions import assumption1_counts
from ...imperfect.strategies import BinarySearch, ari_strategy, natan_strategy, val_strategy

register = Register(__name__)

SRC = "Paz & Peterfreund, FUN 2022"


def _exhaustive(make, n_max, lies=0, erasures=0, at_once=False, budget=None):
    for n in range(1, n_max + 1):
        rep = check_all_runs(lambda n=n: make(n), n, lies=lies, erasures=erasures, all_at_once=at_once)
        b = budget(n)
        if not rep.ok or rep.most_questions > b:
            return Check(False, f"1 <= n <= {n_max}", f"n = {n}: {rep.failures[:1]}")
    return None


# ---- the paper's assumptions (a section of their own in the report; never errata) ---------------------------
@register.claim(
    "paz.sec2.2.distinguishable", "Section 2.2 (assumed): each two different characters are distinguishable, "
    "i.e. have at least one different trait", f"{SRC}, section 2.2", version="assumption")
def _distinguishable(N):
    board = load_board()
    same = [(a, b) for i, a in enumerate(board.names) for b in board.names[i + 1:]
            if board.traits_of(a) == board.traits_of(b)]
    return Check(not same, f"the shipped {board.n}-character board ({board.m} traits)",
                 f"{same[0][0]} and {same[0][1]} have the same traits" if same else "")


@register.claim(
    "paz.assumption1", "Assumption 1 (a modelling hypothesis, adopted on purpose): every subset A of characters "
    "is the set of characters having one trait j_A", f"{SRC}, section 2.2, Assumption 1", version="assumption",
    expect_ok=False,
    note="A hypothesis, not an error: the paper's own Example 2 treats 'glasses and bald' as a trait. A board "
         "whose traits are its printed features cannot meet it (m traits give at most m of the 2^n sets); see "
         "paz.assumption1.formulas for what the strategies need and how real boards meet it.")
def _assumption1(N):
    board = load_board()
    c = assumption1_counts(board)
    example = ""
    if not c.assumption1_holds:
        cols = set(board.columns)
        pair = next((1 << i) | (1 << j) for i in range(board.n) for j in range(i + 1, board.n)
                    if (1 << i) | (1 << j) not in cols)
        example = (f"{{{', '.join(sorted(board.names_in(pair)))}}} is no printed trait's set; only {c.single_traits} "
                   f"of {c.subsets:,} subsets of the 24-character board are")
    return Check(c.assumption1_holds, "the 24-character board, its printed traits", example,
                 f"{c.conjunctions} are conjunctions of traits, all {c.formulas} are formulas")


@register.claim(
    "paz.assumption1.formulas", "How real boards meet Assumption 1 (read with Example 2, where a trait may be "
    "'glasses and bald'): every subset of characters is the set described by some boolean formula over the "
    "printed traits (an OR of ANDs of traits and their negations), because no two characters have identical "
    "traits", f"{SRC}, section 2.2, Assumption 1 and Example 2", version="assumption")
def _assumption1_formulas(N):
    import random
    from ...board.questions import Formula, Literal
    board = load_board()
    if len(set(board.rows)) != board.n:
        return Check(False, "the 24-character board", "two characters have identical traits")
    rng = random.Random(2022)
    # each character is the only one matching the AND of its whole row; a subset is the OR of its members' rows
    row_term = {name: tuple(Literal(t, board.has(name, t)) for t in board.traits) for name in board.names}
    for _ in range(2000):
        subset = frozenset(name for name in board.names if rng.random() < 0.5)
        formula = Formula(tuple(row_term[name] for name in sorted(subset)))
        if formula.names(board) != subset:
            return Check(False, "2000 random subsets", f"{sorted(subset)} is not the set of its formula")
    return Check(True, "the 24-character board: all rows distinct; 2000 random subsets written as formulas",
                 detail="every one of the 2^24 subsets is a union of rows, hence a formula; "
                        "guesswho_lib.board.questions finds the shortest one")


@register.claim("paz.thm4", "Theorem 4: ceil(log2 n) questions suffice (binary search) and fewer cannot",
                f"{SRC}, Theorem 4")
def _thm4(N):
    n_max = min(N, 48)
    bad = _exhaustive(lambda n: BinarySearch(n), n_max, budget=bits_needed)
    if bad:
        return bad
    for n in range(2, N + 1):
        if liar_game_wins(n, bits_needed(n) - 1, lies=0):
            return Check(False, f"2 <= n <= {N}", f"n = {n}: fewer questions win")
    return Check(True, f"exhaustive over secrets for n <= {n_max}; lower bound by game search for n <= {N}")


@register.claim(
    "paz.thm5", "Theorem 5 / Corollary 6: ceil(log2 n) predetermined questions (5 for 24) work against NATAN",
    f"{SRC}, Theorem 5, Corollary 6")
def _thm5(N):
    n_max = min(N, 48)
    bad = _exhaustive(natan_strategy, n_max, at_once=True, budget=bits_needed)
    ok24 = natan_strategy(24).budget == 5
    return bad or Check(ok24, f"every secret, 1 <= n <= {n_max}; n = 24 uses 5")


@register.claim(
    "paz.cor10", "Theorem 8 with Lemma 9 / Corollary 10: the questions built from Lemma 9's erasure code (a "
    "parity bit) by the construction of Theorem 8, ceil(log2 n) + 1 predetermined questions (6 for 24), survive "
    "one 'don't know'", f"{SRC}, Theorem 8, Lemma 9, Corollary 10")
def _cor10(N):
    n_max = min(N, 32)
    bad = _exhaustive(ari_strategy, n_max, erasures=1, at_once=True, budget=lambda n: bits_needed(n) + 1)
    return bad or Check(ari_strategy(24).budget == 6,
                        f"every secret and every '?' position, 1 <= n <= {n_max}")


@register.claim(
    "paz.lemma13", "Lemma 13 (read as 2^N < 2^k/k; the copy shows '2N'): then a distance-3 code of length k "
    "with 2^N words exists", f"{SRC}, Lemma 13",
    note="The text copy prints '2N < 2^k/k' and '2N vectors'; the Varshamov bound it cites, and the "
         "corollary's choice k = 9, N = 5, mean 2^N. Checked in that reading with explicit shortened "
         "Hamming codes.")
def _lemma13(N):
    kmax = min(max(N, 4), 10)
    for k in range(1, kmax + 1):
        for n_bits in range(0, k + 1):
            if varshamov_lemma13(k, n_bits):
                c = hamming_code(2 ** n_bits)
                if c.length > k or (c.size > 1 and c.min_distance() < 3):
                    return Check(False, f"k <= {kmax}", f"k = {k}, N = {n_bits}")
    return Check(True, f"1 <= k <= {kmax}, 0 <= N <= k")


@register.claim(
    "paz.cor14", "Theorem 12 with Lemma 13 / Corollary 14: the questions built from a distance-3 code by the "
    "construction of Theorem 12, 9 predetermined questions, identify one of 24 characters against VAL (one lie)",
    f"{SRC}, Theorem 12, Corollary 14")
def _cor14(N):
    rep = check_all_runs(lambda: val_strategy(24), 24, lies=1, all_at_once=True)
    return Check(rep.ok and rep.most_questions == 9, "every secret and every lie position, n = 24",
                 "" if rep.ok else str(rep.failures[:1]))


@register.claim("paz.cor14.optimal", "Beyond the paper: 9 is the minimum for predetermined questions against one lie "
                "(n = 24), but adaptive play needs only 8", f"{SRC}, Corollary 14 (optimality is ours)",
                version="extension",
                note="Not an erratum: the paper does not claim optimality. Delsarte's LP bound (verified dual "
                     "certificate) gives A(8, 3) <= 64/3 < 24, so 9 is optimal in advance; Berlekamp's volume bound "
                     "and an exact game search give 8 adaptively.")
def _cor14_opt(N):
    pre = minimum_questions(24, lies=1, adaptive=False).value
    ada = minimum_questions(24, lies=1).value
    lp = delsarte_bound(8, 3)
    return Check(pre == 9 and ada == 8 and lp.verify() and lp.size_bound < 24, "n = 24",
                 detail=f"predetermined {pre}, adaptive {ada}, A(8,3) <= {lp.value}")


# ---- examples and definitions without mathematical content: listed, not checked -------------------------------
for _label, _what in (("Example 1", "a subset of the original board's characters (a figure)"),
                      ("Example 3", "a run of questions and answers illustrating the notation")):
    register.left_out(f"Paz & Peterfreund, {_label}", _label, f"an example: {_what}")
for _label in ("Definition 7", "Definition 11"):
    register.left_out(f"Paz & Peterfreund, {_label}", _label, "a definition of a code (erasure code, "
                      "error-correcting code); paz.cor10 and paz.cor14 check codes that meet it")
