"""The play page: :class:`PlayModel` (state of a click-driven page, tested headless) and
:class:`PlayWidget` (ipywidgets view).  The game itself is :class:`guesswho_lib.game.play.Game`."""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from ..game.rules import check_int

from ..game.play import (COMPUTER, MAX_BOARD, YOU, Game, Turn, _CELL, _GROUP_NAMES,  # noqa: F401
                         _character_names_and_traits, _load_character_board, character_board_available)
from ..formatting import format_fraction, format_move

# ==== the click-driven model ================================================================================

BOARD_CHOICES = ("numbered", "characters")


@dataclass
class PlayModel:
    """Everything the play page shows and does, without any widgets (tested headless).

    ``selection[k]`` is the set of suspects (board indices) in group k (k = 0 for group A, 1 for group B;
    group B only under the tripartite rules).  Clicks arrive as :meth:`click` (a suspect), :meth:`ask`,
    :meth:`guess`, :meth:`clear` and :meth:`new_game`; errors become a message rather than an exception.
    """

    rules: str = "official"
    board: object = 24
    computer: str = "optimal"
    you_first: bool = True
    seed: int | None = None
    game: Game = field(init=False)
    selection: list = field(init=False)
    active_group: int = 0
    message: str = ""
    error: bool = False

    def __post_init__(self):
        self.new_game()

    def new_game(self, rules=None, board=None, computer=None, you_first=None, seed="keep"):
        """Start a new game (arguments left out keep their current setting)."""
        rules = self.rules if rules is None else rules
        board = self.board if board is None else board
        computer = self.computer if computer is None else computer
        you_first = self.you_first if you_first is None else you_first
        seed = self.seed if seed == "keep" else seed
        game = Game(rules, board, computer, you_first, seed)  # raises on bad settings; keep the old game then
        self.rules, self.board, self.computer, self.you_first, self.seed = (
            game.rules.name, board, computer, you_first, seed)
        self.game = game
        self.selection = [set(), set()]
        self.active_group = 0
        self._say("New game. " + self._turn_hint())
        if self.game.history:
            self._say(self.game.history[-1].text + " " + self._turn_hint())

    # ---- clicks ---------------------------------------------------------------------------------------
    def _say(self, text, error=False):
        self.message, self.error = text, error

    def _turn_hint(self) -> str:
        g = self.game
        if g.over:
            return g.result_text()
        if g.state[0] == 1:
            return "You have one suspect left: select them and press Guess."
        if g.rules.max_parts == 3:
            return ("Select a group of suspects and press Ask (a yes/no question), or fill group A and group B "
                    "for a paradox question" + (", or select one and press Guess." if g.rules.guess else "."))
        if g.rules.guess is None:
            return "Select a group of suspects and press Ask (no guessing under these rules)."
        return "Select a group of suspects and press Ask, or select one and press Guess."

    @property
    def paradox_allowed(self) -> bool:
        return self.game.rules.max_parts == 3

    def set_group(self, k: int):
        """Choose which group the next clicks fill (0 = A, 1 = B; B only under tripartite rules)."""
        k = check_int(k, "group", 0, 1 if self.paradox_allowed else 0)
        self.active_group = k

    def click(self, suspect):
        """Put a suspect into the active group, or take it out again if it is already there."""
        g = self.game
        try:
            i = g.suspect_index(suspect)
        except (TypeError, ValueError) as e:
            self._say(str(e), error=True)
            return
        if i not in g.your_suspects:
            self._say(f"{g.names[i]} is already ruled out.", error=True)
            return
        sel, other = self.selection[self.active_group], self.selection[1 - self.active_group]
        if i in sel:
            sel.remove(i)
        else:
            other.discard(i)
            sel.add(i)
        self._say(self._selection_text())

    def select_trait(self, trait: str):
        """Put every remaining suspect with ``trait`` (character board) into the active group."""
        if trait not in self.game.traits:
            self._say(f"unknown trait {trait!r}; this board has: {', '.join(sorted(self.game.traits)) or 'none'}",
                      error=True)
            return
        sel, other = self.selection[self.active_group], self.selection[1 - self.active_group]
        for i in self.game.traits[trait]:
            if i in self.game.your_suspects:
                sel.add(i)
                other.discard(i)
        self._say(self._selection_text())

    def clear(self):
        self.selection = [set(), set()]
        self._say("Selection cleared. " + self._turn_hint())

    def _selection_text(self) -> str:
        a, b = self.selection
        text = f"Group A: {len(a)} selected"
        if self.paradox_allowed:
            text += f", group B: {len(b)} selected"
        return text + "."

    def _after_move(self, turn: Turn):
        self.selection = [set(), set()]
        self.active_group = 0
        g = self.game
        parts = [f"{turn.text} Your move: {turn.grade}. Your chance of winning: "
                 f"{format_fraction(turn.win_before)} before it, {format_fraction(turn.win_after)} after the answer."]
        later = [t for t in g.history if t.number > turn.number]
        parts += [t.text for t in later]
        parts.append(self._turn_hint())
        self._say(" ".join(parts))

    def ask(self):
        a, b = (sorted(s) for s in self.selection)
        if not a and b:
            a, b = b, []
        try:
            turn = self.game.ask([i + 1 for i in a], [i + 1 for i in b] if b else None)
        except (TypeError, ValueError) as e:
            self._say(str(e), error=True)
            return None
        self._after_move(turn)
        return turn

    def guess(self):
        chosen = sorted(self.selection[0] | self.selection[1])
        if len(chosen) != 1:
            self._say(f"select exactly one suspect to guess (you have selected {len(chosen)})", error=True)
            return None
        try:
            turn = self.game.guess(chosen[0] + 1)
        except (TypeError, ValueError) as e:
            self._say(str(e), error=True)
            return None
        self._after_move(turn)
        return turn

    # ---- what the page shows ---------------------------------------------------------------------------
    def suspect_status(self, i: int) -> str:
        """'out' (ruled out), 'A' or 'B' (selected in that group) or 'in' (still a suspect)."""
        if i not in self.game.your_suspects:
            return "out"
        for k in (0, 1):
            if i in self.selection[k]:
                return _GROUP_NAMES[k]
        return "in"

    def suspect_tooltip(self, i: int) -> str:
        """What hovering over a suspect shows: their status, and their traits on the character board."""
        g = self.game
        st = {"out": "ruled out", "in": "still a suspect", "A": "in group A", "B": "in group B"}[self.suspect_status(i)]
        traits = sorted(t for t, having in g.traits.items() if i in having)
        return f"{g.names[i]}: {st}" + (f" ({', '.join(traits)})" if traits else "")

    def status_html(self) -> str:
        g = self.game
        n, m = g.state
        p = g.win_probability()
        rows = [
            f"<b>Rules:</b> {html.escape(g.rules.name)} ({html.escape(g.rules.title)}). "
            f"<b>Computer plays:</b> {html.escape(g.computer_name)}.",
            f"<b>Your secret person:</b> {html.escape(g.names[g.your_secret])} (the computer is looking for them). "
            "The board below shows who the computer's person can still be.",
            f"<b>Suspects left:</b> you {n}, the computer {m}.",
            f"<b>Your win probability now</b> (both sides playing optimally): {format_fraction(p)} "
            f"&asymp; {float(p):.3f}.",
        ]
        cls = "gw-result" if g.over else "gw-status"
        rows.append(f'<span class="{cls}"><b>{html.escape(g.result_text())}</b></span>')
        return "<br>".join(rows)

    def message_html(self) -> str:
        colour = "#b00020" if self.error else "#1b5e20"
        return f'<div style="color:{colour}">{html.escape(self.message)}</div>'

    def history_html(self) -> str:
        if not self.game.history:
            return "<i>No moves yet.</i>"
        cols = ["#", "who", "move", "your P before", "value of move", "best", "your P after", "grade"]
        head = "<tr>" + "".join(f'<th style="{_CELL}">{c}</th>' for c in cols) + "</tr>"
        body = []
        for t in reversed(self.game.history):
            cells = [t.number, t.player, format_move(t.move), format_fraction(t.win_before),
                     format_fraction(t.move_value), format_fraction(t.best_value), format_fraction(t.win_after),
                     html.escape(t.grade)]
            body.append(f'<tr title="{html.escape(t.text)}">'
                        + "".join(f'<td style="{_CELL}">{c}</td>' for c in cells) + "</tr>")
        return ('<table class="gw-history" style="border-collapse:collapse">' + head + "".join(body) + "</table>"
                "<small>Probabilities are yours, exact, assuming optimal play by both sides from that point "
                "(Cushing et al., equation (1)).</small>")


def settings_from_query(query: str) -> dict:
    """Game settings from a web page's query string, e.g. ``"rules=tripartite&board=12&seed=3"``.

    Keys: ``rules``, ``board`` (a number or ``characters``), ``computer`` (``optimal``/``halving``),
    ``first`` (``you``/``computer``), ``seed`` (an integer).  The Voila app passes its URL's query
    string here, so ``http://127.0.0.1:8866/?rules=nica&board=8`` opens a race-to-one game on 8 suspects.

    >>> settings_from_query("rules=nica&board=8&seed=3")
    {'rules': 'nica', 'board': 8, 'seed': 3}
    """
    from urllib.parse import parse_qs

    if not isinstance(query, str):
        raise TypeError(f"query must be a string, got {type(query).__name__}")
    allowed = ("rules", "board", "computer", "first", "seed")
    out: dict = {}
    for key, values in parse_qs(query.lstrip("?"), keep_blank_values=True).items():
        value = values[-1].strip()
        if key not in allowed:
            raise ValueError(f"unknown setting {key!r} in the address; allowed: {', '.join(allowed)}")
        if key in ("board", "seed"):
            if key == "board" and value == "characters":
                out[key] = value
                continue
            try:
                out[key] = int(value)
            except ValueError:
                kind = "a number of suspects or 'characters'" if key == "board" else "an integer"
                raise ValueError(f"{key} must be {kind}, got {value!r}") from None
        elif key == "first":
            if value not in ("you", "computer"):
                raise ValueError(f"first must be 'you' or 'computer', got {value!r}")
            out["you_first"] = value == "you"
        else:
            out[key] = value
    return out


# ==== the widget (view only) ================================================================================

_COLOURS = {"in": "#e8eaf6", "A": "#ffb74d", "B": "#64b5f6", "out": "#bdbdbd"}


class PlayWidget:
    """Play Guess Who? against the computer in a notebook: ``gw.PlayWidget()`` shows the game.

    The widget only displays a :class:`PlayModel` (``.model``) and forwards clicks to it.  Buttons carry
    CSS classes (``gw-suspect``, ``gw-suspect-<number>``, ``gw-ask``, ``gw-guess``, ``gw-new``, ...) so
    a browser test can find them.
    """

    def __init__(self, rules="official", board=24, computer="optimal", you_first=True, seed=None):
        import ipywidgets as w

        self._w = w
        self.model = PlayModel(rules, board, computer, you_first, seed)
        m = self.model
        boards = ["numbered"] + (["characters"] if character_board_available() else [])
        self.rules_box = w.Dropdown(options=["official", "nica", "tripartite", "merciful"], value=m.rules,
                                    description="Rules")
        self.board_box = w.Dropdown(options=boards, value="characters" if m.board == "characters" else "numbered",
                                    description="Board")
        self.size_box = w.BoundedIntText(value=24 if m.board == "characters" else int(m.board), min=2,
                                         max=MAX_BOARD, description="Suspects")
        self.computer_box = w.Dropdown(options=["optimal", "halving"],
                                       value=m.computer if m.computer in ("optimal", "halving") else "optimal",
                                       description="Computer")
        self.first_box = w.Checkbox(value=m.you_first, description="You move first")
        self.new_button = w.Button(description="New game", button_style="info")
        self.new_button.add_class("gw-new")
        self.new_button.on_click(self._on_new)
        self.group_box = w.ToggleButtons(options=[("group A", 0), ("group B", 1)], value=0,
                                         description="Clicks fill")
        self.group_box.add_class("gw-group")
        self.group_box.observe(self._on_group, names="value")
        self.trait_box = w.Dropdown(options=[""], value="", description="Select trait")
        self.trait_box.observe(self._on_trait, names="value")
        self.ask_button = w.Button(description="Ask", button_style="primary")
        self.ask_button.add_class("gw-ask")
        self.ask_button.on_click(lambda _: self._do(m.ask))
        self.guess_button = w.Button(description="Guess", button_style="warning")
        self.guess_button.add_class("gw-guess")
        self.guess_button.on_click(lambda _: self._do(m.guess))
        self.clear_button = w.Button(description="Clear selection")
        self.clear_button.add_class("gw-clear")
        self.clear_button.on_click(lambda _: self._do(m.clear))
        self.status = w.HTML()
        self.status.add_class("gw-status-box")
        self.message = w.HTML()
        self.message.add_class("gw-message")
        self.history = w.HTML()
        self.history.add_class("gw-history-box")
        self.grid = w.GridBox(layout=w.Layout(grid_template_columns="repeat(8, 110px)", grid_gap="4px"))
        self.suspect_buttons: list = []
        self.settings = w.HBox([w.VBox([self.rules_box, self.board_box, self.size_box]),
                                w.VBox([self.computer_box, self.first_box, self.new_button])])
        self.actions = w.HBox([self.ask_button, self.guess_button, self.clear_button])
        self.widget = w.VBox([self.settings, self.status, self.group_box, self.trait_box, self.grid,
                              self.actions, self.message, self.history])
        self.widget.add_class("gw-play")
        self._build_board()
        self.refresh()

    @classmethod
    def from_query(cls, query: str, **defaults):
        """A widget set up from a page's query string (see :func:`settings_from_query`), on top of
        ``defaults`` (keyword arguments of :class:`PlayWidget`).

        Bad settings do not break the page: the default game starts and the error is shown."""
        try:
            settings = {**defaults, **settings_from_query(query)}
            return cls(**settings)
        except (TypeError, ValueError) as e:
            widget = cls(**defaults)
            widget.model._say(f"Could not use the settings in the address: {e}", error=True)
            widget.refresh()
            return widget

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def _build_board(self):
        w = self._w
        g = self.model.game
        buttons = []
        for i, name in enumerate(g.names):
            b = w.Button(description=name, layout=w.Layout(width="105px"))
            b.add_class("gw-suspect")
            b.add_class(f"gw-suspect-{i + 1}")
            b.on_click(lambda _, i=i: self._do(self.model.click, i + 1))
            buttons.append(b)
        self.suspect_buttons = buttons
        self.grid.children = buttons
        traits = sorted(g.traits)
        self.trait_box.options = [""] + traits
        self.trait_box.value = ""
        self.trait_box.layout.display = "" if traits else "none"
        self.group_box.layout.display = "" if self.model.paradox_allowed else "none"

    def _do(self, action, *args):
        action(*args)
        self.refresh()

    def _on_new(self, _=None):
        board = "characters" if self.board_box.value == "characters" else self.size_box.value
        try:
            self.model.new_game(self.rules_box.value, board, self.computer_box.value, self.first_box.value,
                                seed=None)
        except (TypeError, ValueError) as e:
            self.model._say(str(e), error=True)
        self._build_board()
        self.refresh()

    def _on_group(self, change):
        try:
            self.model.set_group(change["new"])
        except ValueError as e:
            self.model._say(str(e), error=True)
        self.refresh()

    def _on_trait(self, change):
        if change["new"]:
            self.model.select_trait(change["new"])
            self.trait_box.value = ""
            self.refresh()

    def refresh(self):
        """Redraw everything from the model."""
        m = self.model
        g = m.game
        for i, b in enumerate(self.suspect_buttons):
            st = m.suspect_status(i)
            b.style.button_color = _COLOURS[st]
            b.disabled = st == "out" or g.over
            b.tooltip = m.suspect_tooltip(i)
        for b in (self.ask_button, self.guess_button, self.clear_button):
            b.disabled = g.over
        self.guess_button.disabled = g.over or g.rules.guess is None
        if self.group_box.value != m.active_group:
            self.group_box.value = m.active_group
        self.status.value = m.status_html()
        self.message.value = m.message_html()
        self.history.value = m.history_html()
