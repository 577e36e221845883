"""Which strategy is known to be optimal under which rule set, and how well we know it: the one place that says.

A rule set is looked up by what it *is* (its ``max_parts``, ``guess`` and ``one_left_wins`` fields), never by
its name: a custom ``Rules("mine", ..., max_parts=3, guess="lose", one_left_wins=False)`` gets the tripartite
strategy, and a record named "official" with other fields gets nothing.

How we know, per rule set (this table is the single source of these ranges: the verification report's header,
the README, ``gw.P``'s warning and :func:`guesswho_lib.game.any_size.P_with_status` all read it):

* official rules: Cushing et al., Theorem 2.1, **proven** (a printed proof; the claim ``cushing.thm2.1`` also
  checks it against the exact table);
* Nica's race-to-one rules: Nica, Theorem 1.1, **proven**, with a closed form for the value (p*, eqs. (1.1),
  (1.2)), so values at any size cost a formula;
* tripartite rules: Cushing et al., Theorem 3.1 *as corrected* (its printed proof has broken steps, see
  ERRATA.md): **verified** optimal at every state with max(n, m) <= :data:`VERIFIED_TRIPARTITE` (3^7 = 2187),
  a conjecture beyond;
* merciful rules: our statement "guess if n <= 3 or m <= 2, else halve" (:mod:`guesswho_lib.papers.merciful`),
  **verified** optimal for max(n, m) <= :data:`VERIFIED_MERCIFUL` (2048), a conjecture beyond.

The verified ranges are what ``python -m guesswho_lib verify --full`` checks (its sizes are read from here, so the
full run re-checks exactly the recorded range; the claim named in ``verified_by`` is the check).

>>> from guesswho_lib.rules import Rules
>>> optimal_strategy_for("official").source
'Cushing et al., Theorem 2.1'
>>> custom = Rules("mine", "paradox questions allowed", "ours", max_parts=3, guess="lose", one_left_wins=False)
>>> optimal_strategy_for(custom).source
'Cushing et al., Theorem 3.1 (corrected)'
>>> optimal_strategy_for("tripartite").status_at(3000, 5)
'optimal by conjecture'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..rules import WRONG_GUESSES, Rules, get_rules
from ..papers.cushing import cushing
from ..papers.merciful import SOURCE as MERCIFUL_SOURCE, merciful_halving
from ..papers.nica import nica_bold, p_star
from ..papers.tripartite import cushing_tripartite

__all__ = ["KnownStrategy", "optimal_strategy_for", "rules_key", "KNOWN_STRATEGIES", "VERIFIED_TRIPARTITE",
           "VERIFIED_MERCIFUL", "EXACT", "PROVEN", "VERIFIED", "CONJECTURE", "STATUSES",
           "BeyondVerifiedRangeWarning", "verified_ranges"]

#: Tripartite rules: the corrected Theorem 3.1 is optimal at every state with max(n, m) <= this (3^7), checked
#: by the claim ``tripartite.thm31.corrected`` in ``python -m guesswho_lib verify --full``.
VERIFIED_TRIPARTITE = 2187
#: Merciful rules: "guess if n <= 3 or m <= 2, else halve" is optimal at every state with max(n, m) <= this,
#: checked by the claim ``merciful.strategy`` in ``python -m guesswho_lib verify --full``.
VERIFIED_MERCIFUL = 2048

#: How a value of ``gw.P`` is known (:func:`guesswho_lib.game.any_size.P_with_status`):
EXACT = "exact table"                 # read from the exact solver's table: optimal by exhaustive computation
PROVEN = "proven optimal"             # a strategy a printed theorem proves optimal at every state
VERIFIED = "verified optimal"         # a strategy checked optimal against the exact table at every state this size
CONJECTURE = "optimal by conjecture"  # exact value of a strategy whose optimality here is not verified
STATUSES = (EXACT, PROVEN, VERIFIED, CONJECTURE)


class BeyondVerifiedRangeWarning(UserWarning):
    """``gw.P`` gave the exact value of a strategy that is verified optimal only on smaller boards.

    The number is exact for that strategy; that no other strategy does better there is a conjecture.
    Silence it with ``warnings.simplefilter("ignore", BeyondVerifiedRangeWarning)``; ask
    :func:`guesswho_lib.game.any_size.P_with_status` for the status without a warning."""


@dataclass(frozen=True)
class KnownStrategy:
    """A strategy ``(n, m) -> move`` that is optimal at every state of a rule set, and how we know.

    ``proven``: True when a printed theorem proves it optimal at every state; False when it is only
    verified against the exact solver, for every state with ``max(n, m) <= verified_up_to``, and its
    optimality beyond that is a conjecture.  ``verified_by``: the claim that checks it against the exact table.
    ``closed_form``: ``(n, m) -> P(n, m)`` as an exact Fraction when the source gives one (Nica's p*).
    """

    strategy: Callable
    source: str
    proven: bool
    verified_up_to: int | None = None
    verified_by: str = ""
    closed_form: Callable | None = None

    def status_at(self, n: int, m: int) -> str:
        """:data:`PROVEN`, :data:`VERIFIED` (max(n, m) <= verified_up_to) or :data:`CONJECTURE` at (n, m)."""
        if self.proven:
            return PROVEN
        return VERIFIED if max(n, m) <= (self.verified_up_to or 0) else CONJECTURE

    @property
    def status(self) -> str:
        """In words: 'proven optimal (source)' or 'verified optimal for max(n, m) <= ...; a conjecture beyond'."""
        if self.proven:
            return f"proven optimal ({self.source})"
        return (f"verified optimal for max(n, m) <= {self.verified_up_to} ({self.source}); "
                f"optimal beyond that is a conjecture")


def rules_key(rules) -> tuple:
    """What a rule set is, as a key: (max_parts, guess, one_left_wins)."""
    r = get_rules(rules)
    return (r.max_parts, r.guess, r.one_left_wins)


_LOSE, _PASS = WRONG_GUESSES["lose"], WRONG_GUESSES["pass"]

#: rules_key -> the strategy known to be optimal there.  Adding one is one line here.
KNOWN_STRATEGIES: dict[tuple, KnownStrategy] = {
    (2, _LOSE, False): KnownStrategy(cushing, "Cushing et al., Theorem 2.1", proven=True,
                                     verified_by="cushing.thm2.1"),
    (2, None, True): KnownStrategy(nica_bold, "Nica, Theorem 1.1", proven=True, verified_by="nica.thm1.1.bid",
                                   closed_form=p_star),
    # The printed proof of Theorem 3.1 has broken steps (see ERRATA.md); the corrected strategy is checked
    # against the exact tripartite table, so its optimality is verified, not proven.
    (3, _LOSE, False): KnownStrategy(cushing_tripartite, "Cushing et al., Theorem 3.1 (corrected)",
                                     proven=False, verified_up_to=VERIFIED_TRIPARTITE,
                                     verified_by="tripartite.thm31.corrected"),
    (2, _PASS, False): KnownStrategy(merciful_halving, MERCIFUL_SOURCE,
                                     proven=False, verified_up_to=VERIFIED_MERCIFUL, verified_by="merciful.strategy"),
}


def optimal_strategy_for(rules: "str | Rules") -> KnownStrategy | None:
    """The strategy known to be optimal at every state of ``rules``, or None if there is none."""
    return KNOWN_STRATEGIES.get(rules_key(rules))


def verified_ranges() -> list[str]:
    """One line per rule set with a known strategy: what it is and how far it is known to be optimal.

    >>> verified_ranges()[2].startswith("tripartite rules: Cushing et al., Theorem 3.1 (corrected): verified "
    ...                                  "optimal for max(n, m) <= 2187")
    True
    """
    from ..rules import RULES
    lines = []
    for r in RULES.values():
        k = optimal_strategy_for(r)
        if k is not None:
            lines.append(f"{r.name} rules: {k.source}: "
                         + ("proven optimal at every board size" if k.proven else
                            f"verified optimal for max(n, m) <= {k.verified_up_to} (claim {k.verified_by}), "
                            f"a conjecture beyond"))
    return lines
