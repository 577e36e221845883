"""Choose again, on a page: :class:`ChooseAgainModel` (the positions of a game where a move cost something, the move
chosen in the menu, checked; tested headless) and :class:`ChooseAgainWidget` (a thin view: the menu, Choose, Show
the answer, and back and forth).  The steps and the exact values are :class:`~guesswho_lib.game.choose_again.
ChooseAgain`'s; the review widget (:mod:`.review`) and the play page (:mod:`.play`, and the class server's page)
open it after a game.

>>> from guesswho_lib.game.play import Game
>>> g = Game("official", board=4, seed=1)
>>> _ = g.ask([1, 2])
>>> m = ChooseAgainModel(g)
>>> m.choose("1:3"); m.again.status, 'data-best="true"' in m.html()
('found', True)
"""

from __future__ import annotations

import traitlets

from ..board.play import BoardGame
from ..game import pages
from ..game.choose_again import CHOOSING, RETRYING, ChooseAgain
from ..game.record import TwoPlayerGame
from .base import InvalidValue, View, WidgetModel, changes_state, check_int, checked, validate
from .portraits import board_svg

__all__ = ["ChooseAgainModel", "ChooseAgainWidget", "choose_again_html"]


def choose_again_html(again: ChooseAgain, notice: str = "") -> str:
    """The position shown, as HTML (:func:`guesswho_lib.game.pages.choose_again_html`), with ``notice`` first and, on
    the board of faces, the mover's suspects drawn (the others flipped down)."""
    if not isinstance(again, ChooseAgain):
        raise TypeError(f"again must be a ChooseAgain, got {type(again).__name__}")
    picture = ""
    if len(again) and isinstance(again.game, BoardGame):
        up = again.position.turn.sets_before[0]
        picture = board_svg(again.game.board, [x for x in again.game.names if x not in up], columns=12, width=560)
    return pages.choose_again_html(again, notice, picture)


class ChooseAgainModel(WidgetModel):
    """Choose again at the costly positions of ``game`` (``players``: see :class:`~guesswho_lib.game.choose_again.
    ChooseAgain`): ``index`` is the position shown (from 0), ``choice`` the key of the move selected in the menu
    ("" for none), ``notice`` what the box says after Choose was pressed with no move selected (until the next
    action).  :meth:`choose`, :meth:`show_answer`, :meth:`next`, :meth:`previous` act; :meth:`html` draws."""

    game = traitlets.Instance(TwoPlayerGame, allow_none=True)     # None only while the model is made
    index = traitlets.Int(0)
    choice = traitlets.Unicode("")
    notice = traitlets.Unicode("")

    def __init__(self, game: TwoPlayerGame, players=None):
        self.again = ChooseAgain(game, players)        # checks game and players
        super().__init__(game=game)

    @validate("index")
    def _index_in_range(self, proposal):
        value = proposal["value"]
        if isinstance(value, bool):
            raise InvalidValue(f"index must be an integer, got {value!r}")
        return checked(check_int, value, "index", 0, self.last_index)

    @validate("choice")
    def _choice_in_menu(self, proposal):
        value = proposal["value"]
        if value and (not len(self.again) or value not in [key for _, key in self.menu()]):
            raise InvalidValue(f"choice must be one of the moves of this position, got {str(value)[:60]!r}")
        return value

    @traitlets.observe("index")
    def _show(self, change):
        if len(self.again):
            self.again.go(change["new"])

    def menu(self) -> list[tuple[str, str]]:
        """(words, key) of every move at the position shown, in a fixed order (empty when there is none)."""
        return self.again.menu() if len(self.again) else []

    @property
    def status(self) -> str:
        return self.again.status if len(self.again) else "none"

    @changes_state
    def choose(self, key: str | None = None):
        """Choose ``key`` (by default the move selected in the menu, ``choice``) at the position shown; with no move
        selected, the box says to select one first."""
        key = self.choice if key is None else key
        if not len(self.again):
            raise ValueError("there is no position to choose again at: every move was a best move")
        if not key:
            self.notice = "No move is selected: choose a move from the menu first, then press Choose."
            return
        self.again.choose(key)
        self.set(choice="", notice="")

    @changes_state
    def show_answer(self):
        if len(self.again):
            self.again.show_answer()
        self.notice = ""

    def go(self, k: int):
        self.set(index=k, choice="", notice="")

    def first(self):
        self.go(0)

    def previous(self):
        self.go(max(self.index - 1, 0))

    def next(self):
        self.go(min(self.index + 1, self.last_index))

    def last(self):
        self.go(self.last_index)

    @property
    def last_index(self) -> int:
        return max(len(self.again) - 1, 0)

    def act(self, action: str, value=None):
        """One action of a page: "choose" (``value``: the key of a move of the menu), "answer" (show the answer),
        or "first", "previous", "next", "last" (another position)."""
        steps = {"choose": lambda: self.choose(value), "answer": self.show_answer, "first": self.first,
                 "previous": self.previous, "next": self.next, "last": self.last}
        if action not in steps:
            raise ValueError(f"action must be one of {', '.join(steps)}, got {str(action)[:40]!r}")
        steps[action]()

    def progress(self) -> str:
        """Where "choose again" is, in a sentence, for the page's message."""
        said = {"choose": "Choose a move from the menu.", "retry": "Not the best move: read the hint and choose once "
                "more.", "found": "A best move! Its value and why it is best are shown below.",
                "shown": "The answer is shown below.", "none": "Every move of this game was a best move."}
        where = f"Position {self.index + 1} of {len(self.again)}. " if len(self.again) else ""
        return f"Choose again: {where}{self.notice or said[self.status]}"

    def html(self) -> str:
        return choose_again_html(self.again, self.notice)


class ChooseAgainWidget(View):
    """Choose again in a notebook: ``gw.widgets.ChooseAgainWidget(game)`` after a game.  The menu (``gw-again-menu``)
    holds every move of the position in a fixed order; ``gw-again-choose``, ``gw-again-answer``, ``gw-again-prev``
    and ``gw-again-next`` are its buttons."""

    def __init__(self, game: TwoPlayerGame | None = None, players=None, model: ChooseAgainModel | None = None):
        import ipywidgets as w

        super().__init__(model if model is not None else ChooseAgainModel(game, players))
        self.menu = w.Dropdown(options=[("(choose a move)", "")], value="", description="Your move",
                               layout=w.Layout(width="520px"))
        self.menu.add_class("gw-again-menu")
        self.bind(self.menu, "choice")
        self.buttons = {}
        for key, text, action in (("choose", "Choose", self.model.choose),
                                  ("answer", "Show the answer", self.model.show_answer),
                                  ("prev", "\u25c0 previous position", self.model.previous),
                                  ("next", "next position \u25b6", self.model.next)):
            b = w.Button(description=text, layout=w.Layout(width="170px"))
            b.add_class(f"gw-again-{key}")
            self.on_click(b, action)
            self.buttons[key] = b
        self.view = w.HTML()
        self.view.add_class("gw-again-box")
        self.widget = w.VBox([w.HBox([self.menu, self.buttons["choose"], self.buttons["answer"]]),
                              w.HBox([self.buttons["prev"], self.buttons["next"]]), self.error_box, self.view])
        self.show()

    @classmethod
    def following(cls, view: "ChooseAgainWidget | None", model: ChooseAgainModel | None, area):
        """The view of ``model`` shown in ``area`` (a box of a page's widget): ``view`` if it shows it already, else
        a new one (the old one closed); ``view`` as it is while there is no model."""
        if model is None or (view is not None and view.model is model):
            return view
        if view is not None:
            view.widget.close()
        view = cls(model=model)
        area.children = [view.widget]
        return view

    def limits(self):
        options = [("(choose a move)", "")] + self.model.menu()
        if list(self.menu.options) != options:
            self.menu.options = options

    def update(self):
        m = self.model
        n = len(m.again)
        open_ = m.status in (CHOOSING, RETRYING)
        self.menu.disabled = self.buttons["choose"].disabled = self.buttons["answer"].disabled = not open_
        self.buttons["prev"].disabled = m.index == 0
        self.buttons["next"].disabled = m.index >= n - 1
        self.view.value = m.html()
