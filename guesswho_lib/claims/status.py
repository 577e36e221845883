"""What is proven, what is verified, what is conjecture: a short box, generated, for the lessons that check a paper.

The box is read off two records and nothing else, so it cannot drift from them: :mod:`guesswho_lib.game.proven`
(which strategy is optimal under which rules, proven or verified up to which size, and the claim that checks it)
and the claims register (every printed statement of the topic with the outcome the register expects, the severity
of each failure and the note saying what is wrong).  Each label comes with its reason and the command that
reproduces it.  Nothing is run here: the register's expected outcomes are what ``python -m guesswho_lib verify``
confirms (``tests/claims/test_errata.py`` runs every claim).

>>> print(status_box("nica", "nica").splitlines()[0])  # doctest: +NORMALIZE_WHITESPACE
**What is proven, what is verified, what is conjecture** (generated from `guesswho_lib/game/proven.py` and the
claims register; reproduce with `python -m guesswho_lib verify --only nica`)
"""

from __future__ import annotations

import re

from ..game.proven import optimal_strategy_for
from ..rules import get_rules
from .registry import SEVERITIES, Claim, all_claims
from .report import FULL_COMMAND

__all__ = ["status_box", "failing", "first_sentence", "is_proof_step", "HEADING"]

HEADING = "**What is proven, what is verified, what is conjecture**"


def failing(topic: str) -> list[Claim]:
    """The printed claims of ``topic`` (an id prefix such as ``"tripartite"``) that the register expects to fail,
    worst severity first (register order within a severity)."""
    mine = [c for c in all_claims() if c.id.startswith(topic + ".") and c.version == "printed" and not c.expect_ok]
    return sorted(mine, key=lambda c: list(SEVERITIES).index(c.severity))


def first_sentence(text: str) -> str:
    """The first sentence of a note (up to the first full stop followed by a space and a capital letter, so that
    "e.g." and "3.1" do not end it).

    >>> first_sentence("Fails at n = 2. The rest holds.")
    'Fails at n = 2.'
    """
    m = re.search(r"(?<![ .]e\.g)(?<!\bi\.e)\.\s+(?=[A-Z(])", text)
    return text[:m.start() + 1] if m else text


def _command(topic: str) -> str:
    return f"`python -m guesswho_lib verify --only {topic}`"


def _where(c: Claim) -> str:
    """Where a claim's statement is printed, without the paper's name (the box is about one paper)."""
    return re.sub(r"^(Cushing et al\.|Nica 2016|Paz & Peterfreund, FUN 2022), ", "", c.source)


def _by_severity(claims: list[Claim], indent: str = "  ") -> list[str]:
    """One line per severity: its name, how many, and where; the worst failures with what is wrong."""
    lines = []
    for severity in SEVERITIES:
        these = [c for c in claims if c.severity == severity]
        if not these:
            continue
        if severity == next(iter(SEVERITIES)):
            items = [f"{_where(c)} (`{c.id}`): {first_sentence(c.note)}" for c in these]
            lines.append(f"{indent}- *{severity}* ({len(these)}):")
            lines += [f"{indent}  - {item}" for item in items]
        else:
            lines.append(f"{indent}- *{severity}* ({len(these)}): "
                         + "; ".join(f"{_where(c)} (`{c.id}`)" for c in these) + ".")
    return lines


def _proof_steps(topic: str, rules) -> list[Claim]:
    """The failing claims that are steps of the proof of a strategy that is only verified (listed as the reason)."""
    known = optimal_strategy_for(get_rules(rules)) if rules is not None else None
    if known is None or known.proven:
        return []
    return [c for c in failing(topic) if is_proof_step(c)]


def is_proof_step(c: Claim) -> bool:
    """A statement of a printed proof (a lemma, a proposition, a display or a step of a proof, Appendix A included),
    as opposed to the theorem's own statement and its tables of moves."""
    where = c.source.lower()
    return "proof" in where or ("appendix a" in where and "tables for" not in where)


def _strategy_lines(rules, topic: str) -> list[str]:
    r = get_rules(rules)
    known = optimal_strategy_for(r)
    if known is None:
        return [f"- **Conjecture:** no strategy is known to be optimal under the {r.name} rules."]
    if known.proven:
        return [f"- **Proven:** under the {r.name} rules, {known.source} gives an optimal strategy at every board "
                f"size: a printed proof, and the register checks it against the exact solver (claim "
                f"`{known.verified_by}`)."]
    steps = _proof_steps(topic, rules)
    lines = [f"- **Verified, not proven:** under the {r.name} rules, {known.source} is optimal at every state with "
             f"max(n, m) <= {known.verified_up_to} (claim `{known.verified_by}`: a stored record of "
             f"`{FULL_COMMAND}`; {_command(topic)} re-checks it up to N = 729).",
             f"- **Conjecture:** that it stays optimal when max(n, m) > {known.verified_up_to}."]
    if steps:
        lines.append(f"- **Why not proven:** {len(steps)} steps of the printed proof fail as printed. Each is "
                     "corrected and the correction checked, but only up to that size: no corrected proof for every "
                     "size has been written.")
        lines += _by_severity(steps)
    return lines


def status_box(topic: str, rules=None, *, beyond: tuple[str, ...] = ()) -> str:
    """The box (Markdown) for the claims whose ids start with ``topic + "."`` and, with ``rules``, the optimal
    strategy of that rule set: what is proven, verified or conjecture and why, the statements that fail as printed
    (by severity, each with a corrected statement that holds), and the command that reproduces it.  ``beyond`` adds
    lines (Markdown list items) for facts settled elsewhere, such as results cited from the literature."""
    claims = [c for c in all_claims() if c.id.startswith(topic + ".")]
    if not claims:
        raise ValueError(f"topic must be the start of some claim ids (such as 'nica'), got {topic!r}")
    lines = [f"{HEADING} (generated from `guesswho_lib/game/proven.py` and the claims register; "
             f"reproduce with {_command(topic)})", ""]
    if rules is not None:
        lines += _strategy_lines(rules, topic)
    held = [c for c in claims if c.version == "printed" and c.expect_ok]
    lines.append(f"- **Hold as printed:** {len(held)} printed statements, each checked against exact computation "
                 "over the range the report states.")
    lines += [f"- **Beyond the paper, verified:** {first_sentence(c.statement).removeprefix('Beyond the paper: ')} "
              f"(`{c.id}`)." for c in claims if c.version == "extension"]
    lines += list(beyond)
    steps = _proof_steps(topic, rules)
    fails = [c for c in failing(topic) if c not in steps]
    if fails:
        fixes = {c.corrects for c in claims if c.version == "corrected"}
        missing = [c.id for c in fails if c.id not in fixes]
        lines.append(f"- **Fail as printed** ({len(fails)}), by severity; "
                     + ("each has a corrected statement that holds:" if not missing else
                        f"no corrected statement for {', '.join(missing)}:"))
        lines += _by_severity(fails)
    if fails or steps:
        lines += ["", "Severities, worst first: " + "; ".join(f"*{s}*" for s in SEVERITIES)
                  + " (ERRATA.md defines them and lists every failure with its first counterexample)."]
    return "\n".join(lines)
