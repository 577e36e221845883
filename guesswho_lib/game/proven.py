"""Which strategy is known to be optimal under which rule set: the one place that knows.

A rule set is looked up by what it *is* (its ``max_parts``, ``guess`` and ``one_left_wins`` fields), never by
its name: a custom ``Rules("mine", ..., max_parts=3, guess="lose", one_left_wins=False)`` gets the tripartite
strategy, and a record named "official" with other fields gets nothing.

>>> from guesswho_lib.game.rules import Rules
>>> optimal_strategy_for("official").source
'Cushing et al., Theorem 2.1'
>>> custom = Rules("mine", "paradox questions allowed", "ours", max_parts=3, guess="lose", one_left_wins=False)
>>> optimal_strategy_for(custom).source
'Cushing et al., Theorem 3.1 (corrected)'
>>> optimal_strategy_for("merciful") is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .rules import Rules, get_rules
from ..papers.cushing import cushing
from ..papers.nica import nica_bold
from ..papers.tripartite import cushing_tripartite

__all__ = ["KnownStrategy", "optimal_strategy_for", "rules_key", "KNOWN_STRATEGIES"]


@dataclass(frozen=True)
class KnownStrategy:
    """A strategy ``(n, m) -> move`` that is optimal at every state of a rule set, and how we know.

    ``proven``: True when a printed theorem proves it optimal at every state; False when it is only
    verified against the exact solver, for every state with ``max(n, m) <= verified_up_to``, and its
    optimality beyond that is a conjecture.
    """

    strategy: Callable
    source: str
    proven: bool
    verified_up_to: int | None = None

    @property
    def status(self) -> str:
        """In words: 'proven (source)' or 'verified optimal up to N = ...; a conjecture beyond'."""
        if self.proven:
            return f"proven optimal ({self.source})"
        return (f"verified optimal for max(n, m) <= {self.verified_up_to} ({self.source}); "
                f"optimal beyond that is a conjecture")


def rules_key(rules) -> tuple:
    """What a rule set is, as a key: (max_parts, guess, one_left_wins)."""
    r = get_rules(rules)
    return (r.max_parts, r.guess, r.one_left_wins)


#: rules_key -> the strategy known to be optimal there.  Adding one is one line here.
KNOWN_STRATEGIES: dict[tuple, KnownStrategy] = {
    (2, "lose", False): KnownStrategy(cushing, "Cushing et al., Theorem 2.1", proven=True),
    (2, None, True): KnownStrategy(nica_bold, "Nica, Theorem 1.1", proven=True),
    # The printed proof of Theorem 3.1 has broken steps (see ERRATA.md); the corrected strategy is checked
    # against the exact tripartite table, so its optimality is verified, not proven.
    (3, "lose", False): KnownStrategy(cushing_tripartite, "Cushing et al., Theorem 3.1 (corrected)",
                                      proven=False, verified_up_to=729),
}


def optimal_strategy_for(rules: "str | Rules") -> KnownStrategy | None:
    """The strategy known to be optimal at every state of ``rules``, or None if there is none."""
    return KNOWN_STRATEGIES.get(rules_key(rules))
