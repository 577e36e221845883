"""Tests for guesswho_lib.papers.nica (Nica (2016) as exact code), its claims and the data of its figures."""

from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import guesswho_lib.claims.statements.nica as nica_claims
import guesswho_lib.papers.nica as nica
from guesswho_lib import evaluate, solve, strategies
from guesswho_lib.claims.registry import all_claims
from guesswho_lib.papers.nica import (algorithm1, ansatz_bid, ansatz_step, bold_bid, continuous_region,
                                     escape_probability, fair_handicap, first_mover_range, handicap_range, in_the_weeds,
                                     level, nica_bold, p_inf, p_inf_table, p_star, p_star_table, region, upper_hand)
from guesswho_lib.plots.nica import figure1_data, figure2_data, log_periodic_profile, scaled_boards

N_SMALL = 96


@pytest.fixture(scope="module")
def table():
    return solve(N_SMALL, "nica")


# ---- the claims: each check at small N gives the recorded outcome ----------------------------------

NICA_CLAIMS = [c for c in all_claims() if c.id.startswith("nica.")]


def test_all_requested_claims_are_registered():
    ids = {c.id for c in NICA_CLAIMS}
    for want in ("nica.thm1.1.p_star", "nica.thm1.1.bid", "nica.def2.6", "nica.lem3.5", "nica.lem3.6", "nica.lem3.7",
                 "nica.prop3.8", "nica.prop3.9", "nica.rem3.10", "nica.sec1.2.first_mover", "nica.sec1.2.handicap"):
        assert want in ids
    for c in NICA_CLAIMS:   # every failing printed claim comes with a corrected statement that holds
        if c.version == "printed" and not c.expect_ok:
            fixes = [d for d in NICA_CLAIMS if d.corrects == c.id]
            assert fixes and all(d.expect_ok for d in fixes), c.id


@pytest.mark.parametrize("c", NICA_CLAIMS, ids=lambda c: c.id)
def test_claim_outcome_at_small_N(c):
    chk = c.check(N_SMALL)
    assert chk.ok == c.expect_ok, (c.id, chk)
    assert chk.checked
    if not chk.ok:
        assert chk.counterexample


def test_printed_failures_have_the_first_counterexamples():
    by_id = {c.id: c for c in NICA_CLAIMS}
    assert "(3, 2)" in by_id["nica.sec1.1.bold_below_half"].check(20).counterexample
    assert by_id["nica.sec1.2.first_mover"].check(20).counterexample.startswith("N = 2:")


def test_claims_can_fail(monkeypatch):
    """Negative controls: a wrong formula is caught by the checks."""
    by_id = {c.id: c for c in NICA_CLAIMS}
    good_upper = nica._p_upper
    monkeypatch.setattr(nica, "_p_upper", lambda a, b: good_upper(a, b) + Fraction(1, 10 ** 9))
    for cid in ("nica.prop3.9", "nica.prop3.9.all_upper_hand", "nica.sec1.2.first_mover.corrected"):
        assert not by_id[cid].check(40).ok, cid
    monkeypatch.undo()
    real = nica.p_star_table        # the claims module reads the paper's formulas: break them there
    monkeypatch.setattr(nica_claims, "p_star_table", lambda N: real(N) + (np.arange(N + 1)[:, None] == 37))
    assert not by_id["nica.thm1.1.p_star"].check(40).ok
    real_inf = nica.p_inf_table
    monkeypatch.setattr(nica_claims, "p_inf_table", lambda N: real_inf(N) + (np.arange(N + 1)[None, :] == 29))
    assert not by_id["nica.rem3.10"].check(40).ok
    assert not by_id["nica.prop3.8"].check(40).ok


# ---- regions (Definitions 2.6, 2.7) ----------------------------------------------------------------

def test_regions_match_the_definitions_by_brute_force():
    for n in range(1, 70):
        for m in range(1, 70):
            if n == m == 1:
                continue
            W = [k for k in range(8) if 2 ** (k + 1) < n and 2 ** k < m <= 2 ** (k + 1)]
            U = [k for k in range(8) if 2 ** k < n <= 2 ** (k + 1) and 2 ** k < m]
            assert in_the_weeds(n, m) == (W[0] if W else None)
            assert upper_hand(n, m) == (U[0] if U else None)
            if n >= 2 and m >= 2:
                assert len(W) + len(U) == 1
                assert region(n, m) == (("in the weeds", W[0]) if W else ("upper hand", U[0]))
            else:
                assert W == U == [] and region(n, m)[0] == ("won" if n == 1 else "lost")


# ---- Theorem 1.1 ------------------------------------------------------------------------------------

def test_p_star_equals_solver_exactly(table):
    for n in range(1, N_SMALL + 1):
        for m in range(1, N_SMALL + 1):
            if n == m == 1:
                continue
            assert p_star(n, m) == table.P(n, m)
    assert (p_star_table(N_SMALL) == table.A).all()


def test_bold_bid_is_among_the_optimal_moves(table):
    for n in range(2, 60):
        for m in range(2, 60):
            assert nica_bold(n, m) in table.optimal_moves(n, m)


def test_nica_bold_is_optimal_by_exact_evaluation(table):
    opt = strategies.optimal("nica")
    for n in range(2, 17):
        for m in range(2, 17):
            P = table.P(n, m)
            assert evaluate(nica_bold, nica_bold, n, m, "nica") == P
            assert evaluate(nica_bold, opt, n, m, "nica") == P
            assert evaluate(opt, nica_bold, n, m, "nica") == P
            assert evaluate(nica_bold, strategies.halving, n, m, "nica") >= P


big = st.integers(2, 10 ** 30)


@given(big, big)
def test_huge_boards_exact_and_consistent_with_the_recurrence(n, m):
    """Theorem 4.4's induction step at huge sizes: the bid b* achieves p*(n, m) through the recurrence
    (2.2) with p* for the children, and a few other bids do no better."""
    p = p_star(n, m)
    assert isinstance(p, Fraction) and (n * m * p).denominator == 1 and 0 <= p <= 1

    def value(b):
        return 1 - Fraction(b, n) * p_star(m, b) - Fraction(n - b, n) * p_star(m, n - b)

    b = bold_bid(n, m)
    assert 1 <= b <= n // 2 and value(b) == p
    for other in {1, n // 2, max(1, b - 1), min(n - 1, b + 1), max(1, b // 2), min(n - 1, 2 * b)}:
        assert value(other) <= p


@given(big, big)
def test_remark_3_10_on_huge_boards(n, m):
    gap = n * m * (p_star(n, m) - p_inf(n, m))
    assert gap == (Fraction(-2, 3) if in_the_weeds(n, m) is not None else Fraction(4, 3))


# ---- Continuous Guess Who ---------------------------------------------------------------------------

pos = st.builds(lambda a, b, j: Fraction(a, b) * Fraction(2) ** j,
                st.integers(1, 10 ** 9), st.integers(1, 10 ** 9), st.integers(-40, 40))


@given(pos, pos, st.integers(-60, 60))
def test_scaling_law(x, y, j):
    assert p_inf(x * Fraction(2) ** j, y * Fraction(2) ** j) == p_inf(x, y)


@given(pos, pos)
def test_p_inf_is_exact_probability_and_one_step_consistent(x, y):
    p = p_inf(x, y)
    assert isinstance(p, Fraction) and 0 < p < 1
    assert ansatz_step(x, y) == p          # p_inf solves the ansatz's one-step equation


@given(pos, pos, pos)
def test_monotone_more_suspects_is_worse(x, y, d):
    assert p_inf(x + d, y) <= p_inf(x, y) <= p_inf(x, y + d)


@given(pos, pos)
def test_symmetries(x, y):
    where, k = continuous_region(x, y)
    if where == "upper hand":             # halving puts the opponent in the weeds
        assert p_inf(x, y) + p_inf(y, x / 2) == 1
        assert ansatz_bid(x, y) == x / 2
    else:                                  # x * p_inf(x, y) depends only on y across the weeds
        x2 = x + Fraction(2) ** (k + 1)
        assert continuous_region(x2, y) == (where, k)
        assert x * p_inf(x, y) == x2 * p_inf(x2, y)
        assert ansatz_bid(x, y) == Fraction(2) ** k


@given(st.fractions(min_value=Fraction(1001, 1000), max_value=2),
       st.fractions(min_value=Fraction(1001, 1000), max_value=2))
def test_continuous_across_region_boundaries(a, b):
    W, U = nica._p_weeds, nica._p_upper
    assert W(Fraction(2), b) == U(Fraction(2), b)          # x = 2^(k+1): weeds meets upper hand
    assert W(2 * a, Fraction(2)) == W(a, Fraction(1))       # y crosses 2^(k+1): level k -> k+1
    assert U(Fraction(1), b) == U(Fraction(2), 2 * b)       # x crosses 2^k: level k -> k-1


@given(st.integers(1, 300), st.integers(1, 300), st.integers(0, 40))
def test_p_inf_is_the_scaling_limit_of_the_discrete_game(n, m, s):
    assume((n, m) != (1, 1))
    N, M = n * 2 ** s, m * 2 ** s
    if (N, M) == (1, 1) or min(N, M) == 1:
        return
    gap = N * M * (p_star(N, M) - p_inf(n, m))
    assert gap in (Fraction(-2, 3), Fraction(4, 3))     # so P(2^s n, 2^s m) -> p_inf(n, m)


def test_p_inf_table_matches_scalar():
    T = p_inf_table(40)
    for n in range(1, 41):
        for m in range(1, 41):
            assert T[n, m] == 3 * n * m * p_inf(n, m)


def test_level_and_known_values():
    assert [level(v) for v in (1, 2, 3, 4, 5, Fraction(1, 2), Fraction(3, 4))] == [-1, 0, 1, 1, 2, -2, -1]
    assert p_inf(4, 2) == Fraction(1, 3)                 # Lemma 3.7
    assert p_inf(3, 3) == Fraction(17, 27)


@given(st.fractions(min_value=Fraction(2001, 1000), max_value=1000),
       st.fractions(min_value=Fraction(1001, 1000), max_value=2),
       st.integers(0, 30))
def test_escape_probability_lemma_3_6(alpha, beta, stages):
    esc, stuck = escape_probability(alpha, beta, stages)
    assert esc == 2 / alpha * (1 - Fraction(1, 2 ** stages))
    assert esc + stuck == 1


def test_first_mover_range_and_discrete_equal_pools(table):
    r = first_mover_range()
    assert (r.inf, r.sup) == (Fraction(5, 8), Fraction(2, 3))
    assert p_inf(Fraction(4, 3), Fraction(4, 3)) == r.inf and p_inf(1, 1) == r.sup
    vals = [p_inf(1 + Fraction(i, 600), 1 + Fraction(i, 600)) for i in range(1, 601)]
    assert min(vals) == r.inf and max(vals) == r.sup
    for N in range(2, N_SMALL + 1):
        P = table.P(N, N)
        assert P == p_inf(N, N) + Fraction(4, 3 * N * N)
        assert Fraction(5, 8) < P <= Fraction(2, 3) + Fraction(4, 3 * N * N)
        assert (P > Fraction(2, 3)) == (N & (N - 1) == 0 or N in (3, 5, 7))


@given(pos)
def test_fair_handicap(y):
    c = fair_handicap(y)
    assert p_inf(c * y, y) == Fraction(1, 2)
    assert Fraction(4, 3) <= c <= Fraction(3, 2)


def test_handicap_range():
    r = handicap_range()
    assert (r.inf, r.sup, r.argmax) == (Fraction(4, 3), Fraction(3, 2), (Fraction(4, 3),))
    assert fair_handicap(Fraction(4, 3)) == r.sup and fair_handicap(2) == r.inf


# ---- Algorithm 1 and figure data -------------------------------------------------------------------

def test_algorithm1_matches_solver(table):
    p, b = algorithm1(40)
    for (n, m), v in p.items():
        assert v == table.P(n, m)
    for (n, m), bb in b.items():
        assert tuple(sorted((bb, n - bb))) in table.optimal_moves(n, m)


def test_figure1_data_is_algorithm1_output():
    d = figure1_data(32)
    assert d.z.shape == (32, 32) and np.isnan(d.z[0, 0]) and list(d.x) == list(range(1, 33))
    p, _ = algorithm1(64)
    for (n, m), v in p.items():
        if n <= 32 and m <= 32:
            assert d.z[n - 1, m - 1] == pytest.approx(float(v), abs=1e-15)


def test_figure2_data_L_shape_and_values():
    d = figure2_data(alpha_max=5, beta_max=4, samples=33)
    A, B = np.meshgrid(d.x, d.y, indexing="ij")
    outside = (A > 2) & (B > 2)
    assert np.isnan(d.z[outside]).all() and not np.isnan(d.z[~outside]).any()
    assert ((d.z[~outside] > 0) & (d.z[~outside] < 1)).all()
    i, j = 5, 20
    assert d.z[i, j] == pytest.approx(float(p_inf(2 * Fraction(d.x[i]), 2 * Fraction(d.y[j]))))


def test_log_periodic_profile(table):
    prof = log_periodic_profile(ratio=1, max_log2=6, samples_per_octave=8)
    for n, m, P in zip(prof.n, prof.m, prof.P):
        assert P == pytest.approx(float(table.P(int(n), int(m))), abs=1e-15)
    curve = dict(zip(np.round(prof.log2_x, 9), prof.p_inf))
    for t, v in curve.items():                       # periodic in log2 x with period 1
        if round(t + 1, 9) in curve:
            assert curve[round(t + 1, 9)] == pytest.approx(v, abs=1e-9)
    assert prof.p_inf.min() >= 5 / 8 - 1e-12 and prof.p_inf.max() <= 2 / 3 + 1e-12


def test_scaled_boards():
    rows = scaled_boards(3, 5, 40)
    assert len(rows) == 41 and rows[-1]["n"] == 3 * 2 ** 40
    assert {r["p_inf"] for r in rows} == {p_inf(3, 5)}
    assert {r["nm_gap"] for r in rows} <= {Fraction(-2, 3), Fraction(4, 3)}


# ---- inputs ----------------------------------------------------------------------------------------

def test_number_conversion_rule():
    assert p_inf(0.5, 0.75) == p_inf(Fraction(1, 2), Fraction(3, 4))
    assert p_inf(0.1, 1) == p_inf(Fraction(0.1), 1) != p_inf(Fraction(1, 10), 1)   # floats: exact binary value
    assert p_inf(Decimal("0.1"), 1) == p_inf(Fraction(1, 10), 1)
    assert p_inf(np.int64(6), np.float64(4.0)) == p_inf(6, 4)


@pytest.mark.parametrize("call, exc, words", [
    (lambda: p_star(0, 3), ValueError, "n must be"),
    (lambda: p_star(3, 1.5), TypeError, "m must be an integer"),
    (lambda: p_star(1, 1), ValueError, "(1, 1)"),
    (lambda: p_star(True, 3), TypeError, "n must be"),
    (lambda: bold_bid(1, 5), ValueError, "n must be at least 2"),
    (lambda: nica_bold(5, 1), ValueError, "m must be at least 2"),
    (lambda: in_the_weeds(-3, 4), ValueError, "n must be"),
    (lambda: p_inf(0, 1), ValueError, "x must be positive"),
    (lambda: p_inf(1, -2), ValueError, "y must be positive"),
    (lambda: p_inf(float("nan"), 1), ValueError, "x must be a finite"),
    (lambda: p_inf(1, float("inf")), ValueError, "y must be a finite"),
    (lambda: p_inf(True, 1), TypeError, "x must be"),
    (lambda: p_inf("1", 2), TypeError, "x must be"),
    (lambda: p_inf(1, 2j), TypeError, "y must be"),
    (lambda: level(0), ValueError, "y must be positive"),
    (lambda: escape_probability(2, 2, 3), ValueError, "in the weeds"),
    (lambda: escape_probability(5, 2, -1), ValueError, "stages"),
    (lambda: algorithm1(2), ValueError, "r must be"),
    (lambda: figure2_data(alpha_max=2), ValueError, "alpha_max"),
    (lambda: p_star_table(0), ValueError, "N must be"),
])
def test_bad_input(call, exc, words):
    with pytest.raises(exc, match=words.replace("(", r"\(").replace(")", r"\)")):
        call()


# ---- the continuous game played, beside the closed forms (an independent computation) --------------------------------
CONTINUOUS_STATES = [(4, 2), (5, 2), (6, 2), (40, 5),                       # in the weeds (Proposition 3.8)
                     (3, 12), (7, 12),                                        # the upper hand, beta > 2 (3.9)
                     (3, 3), (Fraction(4, 3), Fraction(4, 3)), (3, 2),        # beta in (1, 2]
                     (Fraction(9, 8), Fraction(5, 4))]


def test_playing_the_continuous_game_agrees_with_propositions_3_8_and_3_9():
    """Monte Carlo games played from the rules alone agree with the closed forms (within 4 standard errors) in both
    regions, beta in (1, 2] included, and would not agree with a value off by 0.05."""
    from guesswho_lib.game.continuous import play_continuous
    for x, y in CONTINUOUS_STATES:
        est = play_continuous(x, y, games=6000, seed=7)
        assert est.agrees_with(p_inf(x, y)), (x, y, est.p, float(p_inf(x, y)))
        assert not est.agrees_with(p_inf(x, y) + Fraction(5, 100)), (x, y)
    assert play_continuous(3, 3, games=500, seed=1) == play_continuous(3, 3, games=500, seed=1)


@pytest.mark.parametrize("kw, exc, words", [
    ({"x": 0}, ValueError, "x must be a positive number"), ({"y": "2"}, TypeError, "y must be a positive number"),
    ({"games": 0}, ValueError, "games must be"), ({"seed": -1}, ValueError, "seed must be"),
])
def test_playing_the_continuous_game_refuses_bad_input(kw, exc, words):
    from guesswho_lib.game.continuous import play_continuous
    with pytest.raises(exc, match=words):
        play_continuous(**{"x": 3, "y": 2, "games": 10, **kw})
