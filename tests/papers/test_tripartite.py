"""Tests of guesswho_lib.papers.tripartite (Cushing et al., section 3 and Appendix A) and of its claims
(guesswho_lib.claims.statements.tripartite), against the exact solver."""

import re
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import guesswho_lib as gw
from guesswho_lib.claims.statements.tripartite import check_case, check_rule
from guesswho_lib.claims.registry import all_claims
from guesswho_lib.rules import GUESS
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.game.tripartite_tables import (
    SPLIT_KINDS, appendix_differences, computed_appendix_table, gain, gain_table, optimal_part_sizes,
    powers_of_three_in, split_kind, split_kind_table,
)
from guesswho_lib.papers.tripartite import (
    B_CASES, B_CASES_CORRECTED, DATA_FILE, B_corrected, B_printed, floor_sum, ceil_log3, cushing_tripartite,
    ilog3, lemma_a2, parse_appendix_text, phi, printed_appendix_table, theorem_3_1_printed, theorem_3_1_small,
    thirds, thirds_as_printed,
)

SMALL_N = 90  # covers both Appendix A tables (n <= 81) and k = 3, 4 of the B formulas
PAPER = Path(__file__).resolve().parents[2].parent / "shared" / "papers" / "cushing-et-al-optimal-play-in-guess-who.txt"
if not PAPER.exists():
    PAPER = Path("/work/shared/papers/cushing-et-al-optimal-play-in-guess-who.txt")


@pytest.fixture(scope="module")
def tri():
    return gw.solve(SMALL_N, "tripartite")


TRI_CLAIMS = [c for c in all_claims() if c.id.startswith("tripartite.")]


def test_every_part_of_the_paper_is_registered():
    ids = {c.id for c in TRI_CLAIMS}
    numerals = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii", "xiv", "xv",
                "xvi", "xvii", "xviii", "xix", "xx", "xxi", "xxii", "xxiii", "xxiv", "xxv"]
    assert {f"tripartite.B.{r}" for r in numerals} <= ids
    assert {"tripartite.thm31", "tripartite.thm31.corrected", "tripartite.thm31.small", "tripartite.lemmaA2",
            "tripartite.lemmaA4", "tripartite.appendix.tables", "tripartite.appendix.tables.corrected"} <= ids
    for c in TRI_CLAIMS:
        assert c.tripartite
        if c.version == "corrected":
            assert c.corrects in ids and c.note, c.id
            printed = next(p for p in TRI_CLAIMS if p.id == c.corrects)
            assert not printed.expect_ok  # only failing printed claims get a correction


@pytest.mark.parametrize("c", TRI_CLAIMS, ids=lambda c: c.id)
def test_claim_outcome_at_small_N(c):
    chk = c.check(SMALL_N)
    assert chk.ok == c.expect_ok, (c.id, chk)
    assert chk.checked
    if not chk.ok:
        assert chk.counterexample


def test_printed_counterexamples_are_the_expected_ones():
    by_id = {c.id: c for c in TRI_CLAIMS}
    assert "(10, 2)" in by_id["tripartite.thm31.thirds"].check(SMALL_N).counterexample
    assert "(16, 12): no printed case" in by_id["tripartite.thm31.large_m"].check(SMALL_N).counterexample
    assert "(10, 4)" in by_id["tripartite.B.ii"].check(SMALL_N).counterexample
    assert "(11, 10)" in by_id["tripartite.B.coverage"].check(SMALL_N).counterexample
    assert "n = 61" in by_id["tripartite.appendix.tables"].check(SMALL_N).counterexample


# ---- the strategy ------------------------------------------------------------------------------
def test_strategy_optimal_state_by_state(tri):
    """The vectorised claim check, redone the slow way: every state's move has the optimal value."""
    for n in range(1, 61):
        for m in range(1, 61):
            mv = cushing_tripartite(n, m)
            assert tri.value(n, m, mv) == tri.P(n, m), (n, m, mv)


def test_strategy_against_itself_gives_exact_values(tri):
    for n in range(1, 31):
        for m in range(1, 31):
            assert gw.evaluate(cushing_tripartite, cushing_tripartite, n, m, "tripartite") == tri.P(n, m)


def test_vectorised_check_catches_a_bad_rule(tri):
    def bad(n, m):  # halving is not optimal with paradox questions
        return GUESS if n == 1 else (n // 2, n - n // 2)
    chk = check_rule(bad, 30, range(1, 31))
    assert not chk.ok
    n, m = map(int, re.match(r"\(n, m\) = \((\d+), (\d+)\)", chk.counterexample).groups())
    assert tri.value(n, m, bad(n, m)) < tri.P(n, m)
    # and it is the first failing state in (n, m) order
    assert all(tri.value(a, b, bad(a, b)) == tri.P(a, b) for a in range(1, n) for b in range(1, 31))


@given(st.integers(1, 10**18), st.integers(1, 10**18))
def test_strategy_gives_legal_moves_for_huge_boards(n, m):
    mv = cushing_tripartite(n, m)
    if mv is GUESS:
        assert n == 1 or m == 1
    else:
        assert sum(mv) == n and list(mv) == sorted(mv) and len(mv) in (2, 3) and min(mv) >= 1


@given(st.integers(10, 10**15), st.integers(2, 10**15))
def test_large_m_moves_aim_for_powers_of_three(n, m):
    mv = cushing_tripartite(n, m)
    if split_kind(n, m) == 3:
        k = ilog3(n)
        assert 3 ** (k - 1) in mv or 3 ** k in mv
        assert powers_of_three_in(mv)
    else:
        assert mv == thirds(n)


# ---- Theorem 3.1 pieces -------------------------------------------------------------------------
@given(st.integers(9, 10**18))
def test_thirds_is_a_3adic_split(n):
    a, b, c = thirds(n)
    k = ilog3(n)
    assert a + b + c == n and a <= b <= c
    assert c - a <= 3 ** (k - 2)                 # blocks of 3^(k-2) pieces that differ by at most 1
    if k == 2:
        assert (a, b, c) == (n // 3, (n + 1) // 3, (n + 2) // 3)


@given(st.integers(9, 10**18))
def test_printed_thirds_add_up_to_about_nine_n(n):
    # Hermite's identity: the printed sums have 3^(k+1) terms, so they add up to 9n + 4 * 3^(k+1), never n.
    assert sum(thirds_as_printed(n)) == 9 * n + 4 * 3 ** (ilog3(n) + 1)


@given(st.integers(0, 10**6), st.integers(1, 50), st.integers(0, 60), st.integers(0, 60))
def test_floor_sum_matches_direct_sum(n, d, lo, width):
    assert floor_sum(n, d, lo, lo + width) == sum((n + i) // d for i in range(lo, lo + width))


@given(st.integers(1, 10**30))
def test_logs(n):
    k, K = ilog3(n), ceil_log3(n)
    assert 3 ** k <= n < 3 ** (k + 1)
    assert 3 ** (K - 1) < n <= 3 ** K if n > 1 else K == 0


def test_theorem_printed_reading():
    assert theorem_3_1_printed(10, 2) == (39, 66, 93)
    assert theorem_3_1_printed(16, 12) is None and theorem_3_1_printed(46, 36) is None
    assert theorem_3_1_printed(10, 1) is None            # the general statement is for m >= 2
    assert theorem_3_1_printed(22, 12) == (5, 8, 9)      # printed case 5 (n = 3^(k-1) + 2*3^k + 1)
    assert cushing_tripartite(16, 12) == (3, 5, 8) and cushing_tripartite(46, 36) == (9, 11, 26)
    assert theorem_3_1_small(2, 1) is GUESS and theorem_3_1_small(2, 2) == (1, 1)


# ---- Appendix A tables --------------------------------------------------------------------------
def test_data_file_every_cell_parsed():
    rows = printed_appendix_table()
    assert len(rows) == 2 * (18 + 54)
    for table, first, last, small in ((1, 10, 27, 11), (2, 28, 81, 35)):
        mine = [r for r in rows if r.table == table]
        assert sorted(r.n for r in mine) == sorted(list(range(first, last + 1)) * 2)
        assert {(r.m_min, r.m_max) for r in mine} == {(1, small), (small + 1, None)}
    for r in rows:
        assert sum(r.move) == r.n and list(r.move) == sorted(r.move)
    assert [(r.n, r.printed_n) for r in rows if r.n != r.printed_n] == [(62, 61), (62, 61)]


@pytest.mark.skipif(not PAPER.exists(), reason="paper text not available")
def test_data_file_reproduces_the_paper():
    parsed = parse_appendix_text(PAPER.read_text(encoding="utf-8"))
    rows = printed_appendix_table()
    assert len(parsed) == len(rows)
    for p, r in zip(parsed, rows):
        assert (p["table"], p["column"], p["row"], p["printed_n"], p["n"], p["m_min"], p["m_max"], p["move"]) == \
               (r.table, r.column, r.row, r.printed_n, r.n, r.m_min, r.m_max, r.move)
    assert DATA_FILE.read_text().startswith("# Cushing et al.")


def test_appendix_differences_are_the_label_typos():
    diffs = appendix_differences(SMALL_N)
    assert [(d.n, d.printed_n, d.printed_move) for d in diffs] == [(62, 61, (20, 21, 21)), (62, 61, (9, 26, 27))]


def test_computed_table_contains_printed_and_theorem_moves():
    printed = printed_appendix_table()
    computed = computed_appendix_table(SMALL_N)
    assert len(printed) == len(computed)
    for p, c in zip(printed, computed):
        assert p.n == c.n and c.move in c.optimal_moves and p.move in c.optimal_moves


# ---- Lemma A.2, Phi, B ----------------------------------------------------------------------------
def test_lemma_a2_and_phi(tri):
    for n in range(1, SMALL_N + 1):
        for m in range(1, 30):
            v = lemma_a2(n, m)
            if v is not None:
                assert v == tri.A[n, m]
    for m in range(1, 10):   # Lemma A.4 with k = 4: n in 28..81, m <= 9
        assert all(phi(m) == tri.A[n, m] for n in range(28, 82))


@given(st.integers(10, SMALL_N), st.integers(1, SMALL_N))
def test_B_corrected_is_A(n, m):
    assert B_corrected(n, m) == cached_solution("tripartite", SMALL_N).A[n, m]


@given(st.integers(10, 3 ** 12), st.integers(1, 3 ** 12))
def test_B_formulas_are_integers_and_bounded(n, m):
    b = B_corrected(n, m)
    assert isinstance(b, int) and 0 <= b <= n * m   # A = n*m*P with 0 <= P <= 1


def test_B_printed_vs_corrected_differ_only_in_case_ii_and_gap():
    differ = [(n, m) for n in range(10, 82) for m in range(1, 82) if B_printed(n, m) != B_corrected(n, m)]
    for n, m in differ:
        k = ceil_log3(n)
        assert m == 1 + 3 ** (k - 2) or (m == 1 + 3 ** (k - 1) and B_printed(n, m) is None)


def test_case_check_catches_an_off_by_one():
    case = next(c for c in B_CASES if c.numeral == "xxv")
    piece = case.pieces[0]
    broken = type(case)("xxv", (type(piece)(piece.label, piece.n_range, piece.m_range,
                                            lambda n, m, k: piece.formula(n, m, k) + 1),))
    assert check_case(case, 40).ok and not check_case(broken, 40).ok
    assert len(B_CASES) == len(B_CASES_CORRECTED) == 25


# ---- lesson helpers -------------------------------------------------------------------------------
def test_split_kinds_and_parts():
    assert optimal_part_sizes(9, 6) == (1, 4) and optimal_part_sizes(5, 1) == ()
    table = split_kind_table(40)
    assert all(table[n, m] == split_kind(n, m) for n in range(1, 41) for m in range(1, 41))
    assert set(np.unique(table[1:, 1:])) == set(range(len(SPLIT_KINDS)))
    assert powers_of_three_in((1, 3, 5)) == (1, 3)


def test_gain(tri):
    g = gain_table(40)
    off = gw.solve(40, "official")
    for n, m in ((4, 4), (8, 3), (24, 24), (40, 17)):
        assert gain(n, m) == tri.P(n, m) - off.P(n, m) == Fraction(int(g[n, m]), n * m)
    assert (g < 0).any() and (g > 0).any()   # the opponent's third answer can hurt you


# ---- bad input ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("call, exc, words", [
    (lambda: cushing_tripartite(0, 3), ValueError, "n must be at least 1"),
    (lambda: cushing_tripartite(3, -1), ValueError, "m must be at least 1"),
    (lambda: cushing_tripartite(2.5, 3), TypeError, "n must be an integer"),
    (lambda: cushing_tripartite(True, 3), TypeError, "n must be an integer"),
    (lambda: thirds(8), ValueError, "n must be at least 9"),
    (lambda: theorem_3_1_small(10, 1), ValueError, "n must be between 1 and 9"),
    (lambda: B_printed(9, 1), ValueError, "n must be at least 10"),
    (lambda: phi(0), ValueError, "n must be at least 1"),
    (lambda: computed_appendix_table(50), ValueError, "N must be between 81"),
    (lambda: gain_table(0), ValueError, "N must be between 1"),
    (lambda: split_kind("3", 2), TypeError, "n must be an integer"),
])
def test_bad_input(call, exc, words):
    with pytest.raises(exc, match=words):
        call()


# ---- section 3 description of questions, base 3 -------------------------------------------------------
@given(st.integers(2, 40))
def test_question_triples(n):
    from guesswho_lib.papers.tripartite import question_triples, question_triples_as_printed
    ts = question_triples(n)
    assert all(i + j + k == n and 0 <= i <= j <= k for i, j, k in ts)
    assert len(ts) == len(set(ts))
    for i, j, k in question_triples_as_printed(n):
        assert i + j + k == n and 3 * i <= n <= 3 * j <= 2 * n <= 3 * k
    assert len(question_triples_as_printed(n)) < len(ts)   # the printed chain always misses questions


@given(st.integers(0, 10**12))
def test_base3(n):
    from guesswho_lib.papers.tripartite import base3
    assert int(base3(n), 3) == n


def test_power_of_three_table_matches_optimal_moves(tri):
    from guesswho_lib.game.tripartite_tables import power_of_three_table
    table = power_of_three_table(40)
    for n in range(1, 41):
        for m in range(1, 41):
            want = any(mv is not GUESS and any(x in (3, 9, 27) for x in mv) for mv in tri.optimal_moves(n, m))
            assert table[n, m] == want, (n, m)


# ---- the formulas written out in LaTeX come from the code that checks them ------------------------------------------
def test_the_written_out_thirds_are_the_code_s_thirds():
    """Each sum of thirds_latex, evaluated at integer n (its power k = floor(log_3 n)), is what thirds and
    thirds_as_printed compute; and the LaTeX is the sympy object's."""
    import sympy
    from guesswho_lib.papers.tripartite import ilog3, thirds, thirds_as_printed
    from guesswho_lib.papers.tripartite.latex import at, thirds_latex, thirds_sums
    for printed, code in ((False, thirds), (True, thirds_as_printed)):
        sums = thirds_sums(printed)
        for n in (10, 16, 26, 27, 31, 46, 80, 100):
            assert tuple(int(at(s, n=n, k=ilog3(n)).doit()) for s in sums) == code(n), (printed, n)
        assert thirds_latex(printed) == tuple(f"{p} = {sympy.latex(s)}" for p, s in
                                              zip(("n_{<}", r"n_{\circ}", "n_{>}"), sums))
    assert "3^{k - 2} - 1" in thirds_latex()[0] and "3^{k} - 1" in thirds_latex(printed=True)[0]


@pytest.mark.parametrize("printed", [True, False])
def test_the_written_out_B_ii_is_the_code_s_B_ii(printed):
    """Every piece of case (ii) written out (printed and corrected), evaluated on its ranges for k = 3, 4, 5, gives
    B_printed / B_corrected; the corrected one equals the exact A(n, m) there."""
    from guesswho_lib.papers.tripartite.latex import at, b_case_latex, b_case_values
    B = B_printed if printed else B_corrected
    A = cached_solution("tripartite", 243).A
    seen = 0
    for k in (3, 4, 5):
        done = set()
        for value, (nl, nh), (ml, mh) in b_case_values("ii", printed):
            lo, hi, m = int(at(nl, k=k)), int(at(nh, k=k)), int(at(ml, k=k))
            assert m == int(at(mh, k=k)) == 1 + 3 ** (k - 2)
            for n in sorted(set(range(lo, hi + 1)) - done):     # B uses the first piece whose range holds n
                v = at(value, n=n, m=m, k=k)
                assert v == B(n, m), (printed, n, m)
                if not printed:
                    assert v == A[n, m], (n, m)
                done.add(n)
                seen += 1
    assert seen == sum(2 * 3 ** (k - 1) for k in (3, 4, 5))
    text = b_case_latex("ii", printed)
    assert text.count(r"\text{if }") == (4 if printed else 2) and "m = 3^{k - 2} + 1" in text
