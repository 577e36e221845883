"""The review of a game on a page: a model that steps through the moves, and a thin view.  The HTML and the inline
SVG (no plotting package, so the game page's kernel stays light) are the templates' (:mod:`guesswho_lib.game.pages`:
:func:`timeline_svg`, :func:`path_svg`, :func:`summary_html`, :func:`move_html`, :func:`review_html`, re-exported
here); in a notebook, evaluating ``gw.Review(game)`` shows the same review at its last move.

* :class:`ReviewModel`     the game and the step shown (0: the start), checked; :class:`ReviewWidget` its view,
                           with buttons to step back and forth (``gw.widgets.ReviewWidget(game)`` in a lesson).

>>> from guesswho_lib.game.play import Game
>>> g = Game("official", board=4, seed=1)
>>> _ = g.ask([1, 2])
>>> m = ReviewModel(g)
>>> m.step, 'data-label="inaccuracy"' in m.html()
(2, True)
"""

from __future__ import annotations

import traitlets

from ..game.pages import (LABEL_COLOURS, MARK_SYMBOLS, PLAYER_COLOURS, heatmap_png, move_html, path_svg, review_html,
                          summary_html, timeline_svg)
from ..game.record import TwoPlayerGame
from ..game.review import Review
from .base import InvalidValue, View, WidgetModel, changes_state, check_int, checked, validate

__all__ = ["LABEL_COLOURS", "PLAYER_COLOURS", "MARK_SYMBOLS", "timeline_svg", "path_svg", "heatmap_png",
           "summary_html", "move_html", "review_html", "ReviewModel", "ReviewWidget"]

# ==== the model and the view ================================================================================
class ReviewModel(WidgetModel):
    """The review of ``game`` at ``step`` (0: the start; k: after move k), tested headless.

    The review is read again from the game whenever it has moved on, so a page can keep one model for a game in
    progress.  :meth:`first`, :meth:`previous`, :meth:`next`, :meth:`last` step through the game."""

    game = traitlets.Instance(TwoPlayerGame, allow_none=True)     # None only while the model is made
    step = traitlets.Int(0)

    def __init__(self, game: TwoPlayerGame, step: int | None = None):
        if not isinstance(game, TwoPlayerGame):
            raise TypeError(f"game must be a game such as gw.Game(...) or a BoardGame, got {type(game).__name__}")
        self._cache, self._shown = (None, None), (None, None, "")
        super().__init__(game=game, step=len(game.history) if step is None else step)

    @validate("step")
    def _step_in_game(self, proposal):
        value = proposal["value"]
        if isinstance(value, bool):
            raise InvalidValue(f"step must be an integer, got {value!r}")
        return checked(check_int, value, "step", 0, self.moves)

    @property
    def moves(self) -> int:
        return 0 if self.game is None else len(self.game.history)

    @property
    def review(self) -> Review:
        key = (id(self.game), len(self.game.history), self.game.hints)
        if self._cache[0] != key:
            self._cache = (key, Review(self.game))
        return self._cache[1]

    @changes_state
    def go(self, step: int):
        self.step = step

    def first(self):
        self.go(0)

    def previous(self):
        self.go(max(self.step - 1, 0))

    def next(self):
        self.go(min(self.step + 1, self.moves))

    def last(self):
        self.go(self.moves)

    def html(self) -> str:
        """The review at the step shown (drawn again only when the game or the step has changed)."""
        review, step = self.review, min(self.step, self.moves)
        if self._shown[:2] != (review, step):
            self._shown = (review, step, review_html(review, step))
        return self._shown[2]


class ReviewWidget(View):
    """The review of a game in a notebook: ``gw.widgets.ReviewWidget(game)``; buttons step through the moves
    (CSS classes ``gw-review-first``, ``gw-review-prev``, ``gw-review-next``, ``gw-review-last``), and
    ``gw-review-again`` opens "choose again" at the costly positions (:mod:`.choose_again`) below the review."""

    def __init__(self, game: TwoPlayerGame | None = None, step: int | None = None, model: ReviewModel | None = None):
        import ipywidgets as w

        super().__init__(model if model is not None else ReviewModel(game, step))
        self.buttons = []
        for text, css, action in (("\u25c0\u25c0 start", "gw-review-first", self.model.first),
                                  ("\u25c0 back", "gw-review-prev", self.model.previous),
                                  ("forward \u25b6", "gw-review-next", self.model.next),
                                  ("end \u25b6\u25b6", "gw-review-last", self.model.last)):
            b = w.Button(description=text, layout=w.Layout(width="110px"))
            b.add_class(css)
            self.on_click(b, action)
            self.buttons.append(b)
        self.where = w.HTML()
        self.view = w.HTML()
        self.view.add_class("gw-review-box")
        self.again_button = w.Button(description="Choose again", layout=w.Layout(width="140px"),
                                     tooltip="go back to each position where a move cost something, and find a "
                                             "better one")
        self.again_button.add_class("gw-review-again")
        self.on_click(self.again_button, self.open_again)
        self.again = None                      # the ChooseAgainWidget, made when it is first opened
        self.again_area = w.VBox()
        self.widget = w.VBox([w.HBox([*self.buttons, self.again_button, self.where]), self.error_box, self.view,
                              self.again_area])
        self.show()

    def open_again(self):
        """Open "choose again" for the game as it is now, below the review (again: close it)."""
        from .choose_again import ChooseAgainWidget

        if self.again is not None:
            self.again.widget.close()
            self.again, self.again_area.children = None, ()
        else:
            self.again = ChooseAgainWidget(self.model.game)
            self._again_of = (id(self.model.game), len(self.model.game.history))
            self.again_area.children = (self.again.widget,)
        self.again_button.description = "Close choose again" if self.again is not None else "Choose again"

    def update(self):
        m = self.model
        step = min(m.step, m.moves)
        self.where.value = f"&nbsp;step {step} of {m.moves}"
        self.buttons[0].disabled = self.buttons[1].disabled = step == 0
        self.buttons[2].disabled = self.buttons[3].disabled = step >= m.moves
        self.view.value = m.html()
        if self.again is not None and self._again_of != (id(m.game), len(m.game.history)):
            self.open_again()                  # the game moved on: "choose again" is closed (open it again)
