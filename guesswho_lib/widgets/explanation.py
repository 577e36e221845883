""""Why is this the best move?" as HTML, drawn from an :class:`~guesswho_lib.game.review.Explanation`: the reasons,
the tree of outcomes of the best move (and of the move played), and every move with its exact value.  The review
(:mod:`.review`), the hint of the play page (:mod:`.play`) and "choose again" (:mod:`.choose_again`) show it.

>>> from guesswho_lib.game.review import explain_move
>>> 'P(4, 4) = 9/16' in explanation_html(explain_move(4, 4, "2:2"))
True
"""

from __future__ import annotations

import html

from ..game.review import Explanation
from ..rules import format_fraction, format_move

__all__ = ["explanation_html"]


def _e(x) -> str:
    return html.escape(str(x), quote=True)


def _f(x) -> str:
    return format_fraction(x)


def _tree_html(option, head: str) -> str:
    rows = []
    for b in option.branches:
        if b.outcome == "turn passes":
            then = (f"you keep {b.left}; your opponent moves at ({b.their_state[0]}, {b.their_state[1]}) and wins "
                    f"with {_f(b.their_chance)}")
        else:
            then = _e(b.note)
        rows.append(f"<tr><td>{_e(b.answer)}</td><td>{_f(b.chance)}</td><td>{then}</td>"
                    f"<td><b>{_f(b.your_chance)}</b></td></tr>")
    return (f'<div class="gw-tree"><b>{_e(head)}</b> {_e(option.words)}'
            '<table style="border-collapse:collapse; margin:2px 0 2px 12px" cellpadding="3">'
            '<tr><th align="left">answer</th><th align="left">probability</th><th align="left">then</th>'
            '<th align="left">your chance</th></tr>' + "".join(rows) + "</table>"
            f'<div style="margin-left:12px">your chance = {_e(option.arithmetic)}</div></div>')


def explanation_html(e: Explanation) -> str:
    """"Why is this the best move?" as HTML: the reasons, the tree of outcomes of the best move (and of the move
    played), and every move with its exact value (best first; the move played in bold)."""
    if not isinstance(e, Explanation):
        raise TypeError(f"e must be an Explanation (game.explain(...)), got {type(e).__name__}")
    parts = [f"<p>{_e(r)}</p>" for r in e.reasons]
    for option in e.shown:
        head = ("The best move:" if option.value == e.chance else
                "The move played:" if option is e.played else "The safe move, for comparison:")
        parts.append(_tree_html(option, head))
    rows = []
    for o in e.options:
        style = ' style="font-weight:bold"' if o is e.played else ""
        mark = " (best)" if o.value == e.chance else ""
        split = "" if o.is_guess or o.short == format_move(o.sizes) else format_move(o.sizes)
        rows.append(f"<tr{style}><td>{_e(o.short)}{mark}</td><td>{split}</td><td>{_f(o.value)}</td></tr>")
    parts.append(f"<details><summary>Every move here, best first ({len(e.options)})</summary>"
                 '<table cellpadding="2"><tr><th align="left">move</th><th align="left">split</th>'
                 '<th align="left">your chance</th></tr>' + "".join(rows) + "</table></details>")
    return '<div class="gw-explanation">' + "".join(parts) + "</div>"
