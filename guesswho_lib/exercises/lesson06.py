"""Exercises for lesson 06: the first-move advantage (Nica, sections 1.2 and 3; all four rule sets).

Every checker computes the right answer with the library when it runs.
"""

from __future__ import annotations

from fractions import Fraction

from ..game.any_size import P
from ..game.first_move import fairest_second_pool
from ..game.rules import RULES
from . import exercise
from .answers import read_fraction

E2_N = 23            # the card version of the 24-character game
E5_N = 10**12        # a huge board
E5_RULES = "nica"
E6_K = 50            # 2**50 stands in for "infinity" in exercise 06.6


@exercise("06.1", "Race to one from (3, 3), by hand", level=1,
          hint="Under the nica rules you split 1 + 2; a group of one wins at once.")
def _check_nica_33(answer):
    right = P(3, 3, "nica")
    got, msg = read_fraction(answer)
    if got is None:
        return False, msg
    if got == right:
        return True, f"P(3, 3) = {right} under the race-to-one rules."
    if got == Fraction(1, 3):
        return False, "1/3 is only the chance of winning at once; if you miss, the game goes on."
    return False, f"{got} is not right."


@exercise("06.2", "The card version", level=1,
          hint="In the card version each player removes their own card first: how many suspects are left?")
def _check_card(answer):
    right = P(E2_N, E2_N, "official")
    got, msg = read_fraction(answer)
    if got is None:
        return False, msg
    if got == right:
        return True, f"P({E2_N}, {E2_N}) = {right} (about {float(right):.4f}) under the official rules."
    if got == P(E2_N + 1, E2_N + 1, "official"):
        return False, f"That is P({E2_N + 1}, {E2_N + 1}), the sliding-frame version."
    return False, f"{got} is not P({E2_N}, {E2_N})."


@exercise("06.3", "Which rules favour the first player most at N = 24?", level=2,
          hint="Compute P(24, 24) for every name in gw.RULES.")
def _check_most_unfair(answer):
    vals = {r: P(24, 24, r) for r in RULES}
    best = max(vals.values())
    winners = sorted(r for r, v in vals.items() if v == best)
    if answer in winners:
        return True, f"{answer}: P(24, 24) = {best}. " + ", ".join(f"{r}: {v}" for r, v in vals.items())
    if answer not in vals:
        return False, f"Answer with one of the rule-set names {sorted(vals)}."
    return False, f"Under {answer!r} P(24, 24) = {vals[answer]}; another rule set gives the first player more."


@exercise("06.4", "A fair start on 24 suspects", level=2,
          hint="P(24, m) grows with m; find where it crosses 1/2.")
def _check_handicap_24(answer):
    h = fairest_second_pool(24, "official")
    if isinstance(answer, bool) or not isinstance(answer, int):
        return False, "Give the second player's number of suspects m as an integer."
    if not 1 <= answer <= 24:
        return False, "m should be between 1 and 24: a bigger pool is a burden, so the second player needs fewer."
    p = P(24, answer, "official")
    if abs(p - Fraction(1, 2)) == h.unfairness:
        return True, f"m = {answer}: P(24, {answer}) = {p}" + (", exactly fair!" if p == Fraction(1, 2) else ".")
    side = "still favours the first player" if p > Fraction(1, 2) else "now favours the second player"
    return False, f"P(24, {answer}) = {p} (about {float(p):.4f}) {side}; some m comes closer to 1/2."


@exercise("06.5", "A fair start on a huge board", level=3,
          hint="Binary search on m with gw.P: P(N, m) does not decrease in m.")
def _check_handicap_huge(answer):
    h = fairest_second_pool(E5_N, E5_RULES)
    if isinstance(answer, bool) or not isinstance(answer, int):
        return False, "Give m as an integer."
    if not 2 <= answer <= E5_N:
        return False, f"m should be between 2 and {E5_N}."
    p = P(E5_N, answer, E5_RULES)
    if abs(p - Fraction(1, 2)) == h.unfairness:
        return True, f"m = {answer}: N/m = {E5_N / answer:.6f} and P - 1/2 = {float(p - Fraction(1, 2)):.3e}."
    return False, (f"P({E5_N}, {answer}) - 1/2 = {float(p - Fraction(1, 2)):.3e}; the best m is "
                   f"{'smaller' if p > Fraction(1, 2) else 'larger'}.")


@exercise("06.6", "The limit of P(2^k, 2^k) under the race-to-one rules", level=3,
          hint="Compute P(2^k, 2^k) for k = 1, 2, ..., 20 and guess the exact limit (a simple fraction).")
def _check_limit(answer):
    got, msg = read_fraction(answer)
    if got is None:
        return False, msg
    far = P(2**E6_K, 2**E6_K, "nica")
    near = P(2**(E6_K - 1), 2**(E6_K - 1), "nica")
    step = abs(far - near)
    if abs(got - far) <= 4 * step and got.denominator <= 100:
        return True, f"{got}: P(2^{E6_K}, 2^{E6_K}) = {float(far):.15f}, and the gap shrinks by 4 each time k grows by 1."
    return False, f"P(2^{E6_K}, 2^{E6_K}) is about {float(far):.12f}, not close to {got}."
