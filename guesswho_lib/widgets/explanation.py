""""Why is this the best move?" as HTML, drawn from an :class:`~guesswho_lib.game.review.Explanation` by its template
(:func:`guesswho_lib.game.pages.explanation_html`): the reasons, the tree of outcomes of the best move (and of the
move played), and every move with its exact value.  The review (:mod:`.review`), the hint of the play page
(:mod:`.play`) and "choose again" (:mod:`.choose_again`) show it; in a notebook, evaluating the explanation shows it
too.

>>> from guesswho_lib.game.review import explain_move
>>> 'P(4, 4) = 9/16' in explanation_html(explain_move(4, 4, "2:2"))
True
"""

from __future__ import annotations

from ..game.pages import explanation_html

__all__ = ["explanation_html"]
