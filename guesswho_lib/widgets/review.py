"""The review of a game on a page: inline SVG and HTML drawn from a :class:`~guesswho_lib.game.review.Review`
(no plotting package, so the game page's kernel stays light), a model that steps through the moves, and a thin view.

* :func:`timeline_svg`     each player's exact chance after every move, the moves marked (label colour; a guess,
                           a bold question, a lucky or unlucky answer, a hint);
* :func:`path_svg`         the states each player faced, on the heat map of P(n, m) for the rule set (the heat
                           map is a small PNG made here, so a 100-suspect board stays light);
* :func:`explanation_html` "why is this the best move?": the reasons, the trees of outcomes, every move's value;
* :func:`review_html`      the summary (skill and luck of both players), the two pictures, the move at ``step``;
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

import base64
import html
import struct
import zlib
from fractions import Fraction

import traitlets

from ..game.record import COMPUTER, YOU, TwoPlayerGame
from ..game.review import LABEL_COLOURS, LABELS, MARK_SYMBOLS, MARKS, PLAYER_COLOURS, Explanation, Review
from ..game.solver import cached_solution
from ..caches import bounded_lru_cache
from ..rules import format_fraction, format_move, get_rules
from .base import InvalidValue, View, WidgetModel, changes_state, check_int, checked, validate

__all__ = ["LABEL_COLOURS", "PLAYER_COLOURS", "MARK_SYMBOLS", "timeline_svg", "path_svg", "heatmap_png",
           "explanation_html", "summary_html", "move_html", "review_html", "ReviewModel", "ReviewWidget"]

_VIRIDIS = ((68, 1, 84), (71, 44, 122), (59, 81, 139), (44, 113, 142), (33, 144, 141), (39, 173, 129),
            (92, 200, 99), (170, 220, 50), (253, 231, 37))     # matplotlib's viridis at 0, 1/8, ..., 1
_FONT = 'font-family="sans-serif" font-size="11"'


def _e(x) -> str:
    return html.escape(str(x), quote=True)


def _f(x: Fraction) -> str:
    return format_fraction(x)


def _colour(p: float) -> tuple:
    """viridis at p in [0, 1], interpolated between nine anchors."""
    x = min(max(p, 0.0), 1.0) * 8
    i = min(int(x), 7)
    t = x - i
    a, b = _VIRIDIS[i], _VIRIDIS[i + 1]
    return tuple(round(a[k] + (b[k] - a[k]) * t) for k in range(3))


def heatmap_png(rules, N: int) -> bytes:
    """A PNG of P(n, m) for 1 <= n, m <= N under ``rules`` (one pixel per state, n upwards, m to the right, in the
    viridis colours of :func:`guesswho_lib.plots.plot_heatmap`; grey where the game is already over)."""
    return _heatmap_png(get_rules(rules), check_int(N, "N", 1, 400))


@bounded_lru_cache(16, "widgets.review: heat maps as PNG")     # one per rule set and board size in use
def _heatmap_png(rules, N: int) -> bytes:
    prob = cached_solution(rules, N).prob
    rows = []
    for n in range(N, 0, -1):                      # the top row of the image is the largest n
        row = bytearray()
        for m in range(1, N + 1):
            p = float(prob[n, m])
            row += bytes((200, 200, 200)) if p != p else bytes(_colour(p))
        rows.append(b"\x00" + bytes(row))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", N, N, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


# ==== the timeline ==========================================================================================
def timeline_svg(review: Review, step: int | None = None, width: int = 620, height: int = 240) -> str:
    """Each player's exact chance of winning after every move (step 0: the start), Player 1 solid, Player 2
    dashed; each move a dot in its label's colour with its marks above it; ``step`` drawn as a grey bar.

    Each dot is ``<circle class="gw-point" data-step=... data-p1=... data-label=...>`` with a ``<title>``, so a
    page (and a test) can read the exact values."""
    T = len(review.moves)
    left, right, top, bottom = 44, 16, 22, 46
    w, h = width - left - right, height - top - bottom

    def x(k):
        return left + (w * k / T if T else w / 2)

    def y(p):
        return top + h * (1 - float(p))

    out = [f'<svg class="gw-timeline" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img" aria-label="win chance after every move">',
           f'<rect x="{left}" y="{top}" width="{w}" height="{h}" fill="#fafafa" stroke="#999"/>']
    for p in (Fraction(1, 4), Fraction(1, 2), Fraction(3, 4)):
        out.append(f'<line x1="{left}" x2="{left + w}" y1="{y(p):.1f}" y2="{y(p):.1f}" stroke="#ddd"/>')
    for p in (0, Fraction(1, 2), 1):
        out.append(f'<text x="{left - 6}" y="{y(p) + 4:.1f}" text-anchor="end" {_FONT}>{_f(Fraction(p))}</text>')
    for k in range(T + 1):
        if T <= 30 or k % 5 == 0:
            out.append(f'<text x="{x(k):.1f}" y="{top + h + 14}" text-anchor="middle" {_FONT}>{k}</text>')
    out.append(f'<text x="{left - 6}" y="{top + h + 14}" text-anchor="end" {_FONT}>move</text>')
    if step is not None:
        out.append(f'<rect class="gw-step" x="{x(step) - 4:.1f}" y="{top}" width="8" height="{h}" fill="#bbb" '
                   'opacity="0.5"/>')
    line = review.timeline
    for player, dash in ((YOU, ""), (COMPUTER, ' stroke-dasharray="5,3"')):
        pts = " ".join(f"{x(k):.1f},{y(p if player == YOU else 1 - p):.1f}" for k, p in enumerate(line))
        out.append(f'<polyline points="{pts}" fill="none" stroke="{PLAYER_COLOURS[player]}" stroke-width="2"{dash}/>')
    out.append(f'<circle class="gw-point" data-step="0" data-p1="{_f(line[0])}" cx="{x(0):.1f}" cy="{y(line[0]):.1f}" '
               f'r="4" fill="{PLAYER_COLOURS[YOU]}">'
               f'<title>Start: {_e(review.name(YOU))} {_f(line[0])}</title></circle>')
    for r in review.moves:
        k, p = r.number, line[r.number]
        tip = f"Move {k}: {r.name}, {r.turn.label}: {r.label}. Player 1's chance now {_f(p)}"
        out.append(f'<circle class="gw-point" data-step="{k}" data-p1="{_f(p)}" data-label="{r.label}" '
                   f'data-player="{r.player}" cx="{x(k):.1f}" cy="{y(p):.1f}" r="{6 if k == step else 5}" '
                   f'fill="{LABEL_COLOURS[r.label]}" stroke="{PLAYER_COLOURS[r.player]}" stroke-width="2">'
                   f'<title>{_e(tip)}</title></circle>')
        symbols = "".join(MARK_SYMBOLS[mk] for mk in r.marks)
        if symbols:
            yy = y(p) - 9 if p < Fraction(7, 8) else y(p) + 17
            out.append(f'<text x="{x(k):.1f}" y="{yy:.1f}" text-anchor="middle" {_FONT} font-weight="bold">'
                       f'{_e(symbols)}</text>')
    legend = [(f'<tspan fill="{PLAYER_COLOURS[YOU]}">\u2014 {_e(review.name(YOU))}</tspan>  '
               f'<tspan fill="{PLAYER_COLOURS[COMPUTER]}">- - {_e(review.name(COMPUTER))}</tspan>  ')]
    legend += [f'<tspan fill="{c}">\u25cf {lab}</tspan> ' for lab, c in LABEL_COLOURS.items()]
    out.append(f'<text x="{left}" y="{height - 18}" {_FONT}>{"".join(legend)}</text>')
    out.append(f'<text x="{left}" y="{height - 4}" {_FONT}>marks: '
               + _e(",  ".join(f"{MARK_SYMBOLS[mk]} {mk}" for mk in MARKS)) + "</text>")
    out.append("</svg>")
    return "".join(out)


# ==== the path on the heat map ==============================================================================
def path_svg(review: Review, step: int | None = None, size: int = 300) -> str:
    """The states (n, m) each player faced (their own suspects n upwards, the opponent's m to the right), on the
    heat map of P(n, m) for the rule set: the colour under a dot is the chance of the player to move there.  Dots
    are in the colour of the label of the move made there; the move at ``step`` is ringed.  On a board of faces the
    heat map is the numbered game's (any split allowed) and the dots are the set sizes."""
    game = review.game
    N = game.N
    pad, axis = 8, 34
    cell = (size - axis - pad) / N
    png = base64.b64encode(heatmap_png(game.rules, N)).decode("ascii")

    def cx(m):
        return axis + (m - 0.5) * cell

    def cy(n):
        return pad + (N - n + 0.5) * cell

    out = [f'<svg class="gw-path" xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
           f'viewBox="0 0 {size} {size}" role="img" aria-label="the game\'s path on the map of P(n, m)">',
           f'<image x="{axis}" y="{pad}" width="{N * cell:.1f}" height="{N * cell:.1f}" preserveAspectRatio="none" '
           f'style="image-rendering:pixelated" href="data:image/png;base64,{png}"/>',
           f'<text x="{axis + N * cell / 2:.1f}" y="{size - 6}" text-anchor="middle" {_FONT}>m = the other\'s '
           f'suspects (1 to {N})</text>',
           f'<text x="10" y="{pad + N * cell / 2:.1f}" text-anchor="middle" {_FONT} '
           f'transform="rotate(-90 10 {pad + N * cell / 2:.1f})">n = the mover\'s suspects</text>']
    for player in (YOU, COMPUTER):
        path = review.path(player)
        if not path:
            continue
        pts = " ".join(f"{cx(m):.1f},{cy(n):.1f}" for _, (n, m) in path)
        colour = PLAYER_COLOURS[player]
        out.append(f'<polyline points="{pts}" fill="none" stroke="white" stroke-width="4"/>'
                   f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for number, (n, m) in path:
            r = review.moves[number - 1]
            ring = ' stroke-width="3" stroke="red"' if number == step else f' stroke="{colour}" stroke-width="2"'
            out.append(f'<circle class="gw-path-point" data-step="{number}" cx="{cx(m):.1f}" cy="{cy(n):.1f}" '
                       f'r="{max(3.0, min(7.0, cell * 0.45)):.1f}" fill="{LABEL_COLOURS[r.label]}"{ring}>'
                       f'<title>{_e(f"Move {number}: {r.name} at ({n}, {m}), {r.label}")}</title></circle>')
    out.append("</svg>")
    return "".join(out)


# ==== explanations ==========================================================================================
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


# ==== the review ============================================================================================
def _luminance(colour: str) -> float:
    """The relative luminance of a colour "#rrggbb" (WCAG 2.1)."""
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _ink(background: str) -> str:
    """White or near-black text, whichever reads better on ``background`` (a contrast of at least 4.5:1 where
    white falls short: WCAG AA).

    >>> _ink("#2e7d32"), _ink("#f9a825")
    ('white', '#1a1a1a')
    """
    return "white" if 1.05 / (_luminance(background) + 0.05) >= 4.5 else "#1a1a1a"


def _badge(label: str) -> str:
    return (f'<span class="gw-label" data-label="{label}" style="background:{LABEL_COLOURS[label]}; '
            f'color:{_ink(LABEL_COLOURS[label])}; '
            f'padding:1px 6px; border-radius:4px">{label}</span>')


def summary_html(review: Review) -> str:
    """Both players' moves by label, their skill (chance given away) and their luck, and the result."""
    cols = ["", "moves", *LABELS, "skill: chance given away", "luck of the answers"]
    rows = []
    for player in (YOU, COMPUTER):
        s = review.summary(player)
        cells = [f'<b style="color:{PLAYER_COLOURS[player]}">{_e(s["name"])}</b>', s["moves"],
                 *(s["labels"][lab] for lab in LABELS), _f(s["cost"]), _f(s["luck"])]
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    head = "<tr>" + "".join(f'<th align="left">{_badge(c) if c in LABELS else c}</th>' for c in cols) + "</tr>"
    a, b = review.summary(YOU), review.summary(COMPUTER)
    end = review.timeline[-1]
    identity = (f"{review.name(YOU)}: {_f(end)} now - {_f(review.start)} at the start = - {_f(a['cost'])} + "
                f"{_f(b['cost'])} + {_f(a['luck'])} - ({_f(b['luck'])}) (skill and luck add up exactly)")
    return (f'<table class="gw-review-summary" cellpadding="3">{head}{"".join(rows)}</table>'
            f"<small>{_e(identity)}. {_e(review.game.values_note)} Labels: the share of the mover's chance a move "
            "gives away: best 0, good below 1/20, inaccuracy below 1/8, mistake below 1/4, blunder 1/4 or more."
            "</small>")


def move_html(review: Review, step: int) -> str:
    """The position after ``step`` moves: at 0 the start; else move ``step`` with its label, its numbers and
    "why is this the best move?"."""
    if step == 0:
        return (f'<div class="gw-review-move"><b>The start.</b> {_e(review.name(YOU))}: '
                f"{_f(review.start)} chance of winning, both playing perfectly.</div>")
    r = review.moves[step - 1]
    marks = f" Marks: {', '.join(r.marks)}." if r.marks else ""
    voice = ("" if r.name == "you" else
             f"<p><i>Told to {_e(r.name)}, who made this move: \"you\" is {_e(r.name)}.</i></p>")
    whose = "Your" if r.name == "you" else f"{r.name[0].upper() + r.name[1:]}'s"
    numbers = (f"{whose} chance: {_f(r.before)} before the move; {_f(r.value)} with "
               f"this move, {_f(r.best)} with the best; {_f(r.after)} after the answer ({r.turn.answer}). "
               f"Cost {_f(r.cost)}, a share of {_f(r.share)}; luck {_f(r.luck)}.{marks}")
    return (f'<div class="gw-review-move"><b>Move {step} of {len(review.moves)}</b>: '
            f'<span style="color:{PLAYER_COLOURS[r.player]}">{_e(r.name)}</span>, {_e(r.turn.label)} '
            f"{_badge(r.label)}<br>{_e(numbers)}"
            f"<details open><summary>Why is the best move best?</summary>{voice}"
            f"{explanation_html(review.explanation(step))}"
            "</details></div>")


def review_html(review: Review, step: int | None = None) -> str:
    """The whole review at ``step`` (default: the last move): summary, timeline, path, and the move."""
    T = len(review.moves)
    step = T if step is None else check_int(step, "step", 0, T)
    return ('<div class="gw-review">'
            f"<div><b>Review</b> ({T} move{'s' if T != 1 else ''}). {_e(review.result_text())}</div>"
            + summary_html(review)
            + '<div style="display:flex; flex-wrap:wrap; gap:12px; align-items:flex-start">'
            + timeline_svg(review, step) + path_svg(review, step) + "</div>"
            + move_html(review, step) + "</div>")


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
        self._cache = (None, None)
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
        return review_html(self.review, min(self.step, self.moves))


class ReviewWidget(View):
    """The review of a game in a notebook: ``gw.widgets.ReviewWidget(game)``; buttons step through the moves
    (CSS classes ``gw-review-first``, ``gw-review-prev``, ``gw-review-next``, ``gw-review-last``)."""

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
        self.widget = w.VBox([w.HBox([*self.buttons, self.where]), self.error_box, self.view])
        self.show()

    def update(self):
        m = self.model
        step = min(m.step, m.moves)
        self.where.value = f"&nbsp;step {step} of {m.moves}"
        self.buttons[0].disabled = self.buttons[1].disabled = step == 0
        self.buttons[2].disabled = self.buttons[3].disabled = step >= m.moves
        self.view.value = m.html()
