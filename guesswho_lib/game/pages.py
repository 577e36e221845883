"""A game's review as HTML, from the templates (``guesswho_lib/templates/``): what a notebook shows when it evaluates a
:class:`~guesswho_lib.game.review.Review`, an :class:`~guesswho_lib.game.review.Explanation` or a
:class:`~guesswho_lib.game.choose_again.ChooseAgain` (their ``_repr_html_``), and what the widgets and the class
server's game page draw (:mod:`guesswho_lib.widgets.review`, :mod:`guesswho_lib.widgets.choose_again`).

* :func:`explanation_html`  "why is this the best move?": the reasons, the trees of outcomes, every move's value;
* :func:`timeline_svg`      each player's exact chance after every move, the moves marked (label colour; a guess,
                            a bold question, a lucky or unlucky answer, a hint);
* :func:`path_svg`          the states each player faced, on the heat map of P(n, m) (:func:`heatmap_png`, a small
                            PNG made here, so a 100-suspect board stays light and no plotting package is loaded);
* :func:`summary_html`, :func:`move_html`, :func:`review_html`  the summary, one move, the whole review;
* :func:`choose_again_html` the position shown by "choose again".

Cache: the last 16 heat maps (one per rule set and board size in use), emptied by ``gw.clear_caches()``.

>>> from guesswho_lib.game.review import explain_move
>>> 'P(4, 4) = 9/16' in explanation_html(explain_move(4, 4, "2:2"))
True
"""

from __future__ import annotations

import base64
import struct
import zlib
from fractions import Fraction
from types import SimpleNamespace

from ..caches import bounded_lru_cache
from ..rules import check_int, format_fraction, format_move, get_rules
from ..templating import markup, render, render_macro
from .record import COMPUTER, YOU
from .solver import cached_solution

__all__ = ["LABEL_COLOURS", "PLAYER_COLOURS", "MARK_SYMBOLS", "explanation_html", "timeline_svg", "path_svg",
           "heatmap_png", "summary_html", "move_html", "review_html", "choose_again_html"]

#: How the pictures of a review show it (the page's SVG and the lessons' matplotlib alike): each label's colour,
#: green to red (best first); each player's colour (Player 1 is "you"); the symbol drawn above a move for each mark.
LABEL_COLOURS = {"best": "#2e7d32", "good": "#7cb342", "inaccuracy": "#f9a825", "mistake": "#ef6c00",
                 "blunder": "#c62828"}
PLAYER_COLOURS = {YOU: "#1565c0", COMPUTER: "#8e24aa"}
MARK_SYMBOLS = {"guess": "G", "bold": "B", "paradox": "3", "lucky": "+", "unlucky": "\u2212", "hint": "?"}
_VIRIDIS = ((68, 1, 84), (71, 44, 122), (59, 81, 139), (44, 113, 142), (33, 144, 141), (39, 173, 129),
            (92, 200, 99), (170, 220, 50), (253, 231, 37))     # matplotlib's viridis at 0, 1/8, ..., 1


def _split(option) -> str:
    return "" if option.is_guess or option.short == format_move(option.sizes) else format_move(option.sizes)


def explanation_html(e) -> str:
    """"Why is this the best move?" as HTML: the reasons, the tree of outcomes of the best move (and of the move
    played or chosen), and every move with its exact value (best first; the move played in bold)."""
    if not all(hasattr(e, a) for a in ("reasons", "shown", "options", "against")):
        raise TypeError(f"e must be an Explanation (game.explain(...)), got {type(e).__name__}")
    return render("explanation.html", e=e, f=format_fraction, split=_split)


# ==== the pictures ==========================================================================================
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


@bounded_lru_cache(16, "game.pages: heat maps as PNG")     # one per rule set and board size in use
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


def _d(v: float) -> str:
    return f"{v:.1f}"


def timeline_svg(review, step: int | None = None, width: int = 620, height: int = 240) -> str:
    """Each player's exact chance of winning after every move (step 0: the start), Player 1 solid, Player 2
    dashed; each move a dot in its label's colour with its marks above it; ``step`` drawn as a grey bar.

    Each dot is ``<circle class="gw-point" data-step=... data-p1=... data-label=...>`` with a ``<title>``, so a
    page (and a test) can read the exact values."""
    T, line, f = len(review.moves), review.timeline, format_fraction
    left, top = 44, 22
    w, h = width - left - 16, height - top - 46

    def x(k):
        return _d(left + (w * k / T if T else w / 2))

    def y(p):
        return _d(top + h * (1 - float(p)))

    dots = [SimpleNamespace(step=0, p=line[0], label="", player="", x=x(0), y=y(line[0]), r=4, fill=PLAYER_COLOURS[YOU],
                            stroke="", tip=f"Start: {review.name(YOU)} {f(line[0])}", marks="")]
    for r in review.moves:
        k, p = r.number, line[r.number]
        dots.append(SimpleNamespace(
            step=k, p=p, label=r.label, player=r.player, x=x(k), y=y(p), r=6 if k == step else 5,
            fill=LABEL_COLOURS[r.label], stroke=PLAYER_COLOURS[r.player],
            tip=f"Move {k}: {r.name}, {r.turn.label}: {r.label}. Player 1's chance now {f(p)}",
            marks="".join(MARK_SYMBOLS[mk] for mk in r.marks),
            marks_y=_d(float(y(p)) - 9 if p < Fraction(7, 8) else float(y(p)) + 17)))
    t = SimpleNamespace(
        width=width, height=height, left=left, top=top, w=w, h=h, dots=dots,
        grid=[y(Fraction(k, 4)) for k in (1, 2, 3)],
        ticks=[(_d(float(y(p)) + 4), Fraction(p)) for p in (0, Fraction(1, 2), 1)],
        steps=[(x(k), k) for k in range(T + 1) if T <= 30 or k % 5 == 0],
        bar=None if step is None else _d(float(x(step)) - 4),
        lines=[(" ".join(f"{x(k)},{y(p if player == YOU else 1 - p)}" for k, p in enumerate(line)),
                PLAYER_COLOURS[player], player == COMPUTER) for player in (YOU, COMPUTER)],
        legend=[(f"\u2014 {review.name(YOU)}", PLAYER_COLOURS[YOU], "  "),
                (f"- - {review.name(COMPUTER)}", PLAYER_COLOURS[COMPUTER], "  ")]
        + [(f"\u25cf {lab}", c, " ") for lab, c in LABEL_COLOURS.items()],
        marks=",  ".join(f"{s} {mk}" for mk, s in MARK_SYMBOLS.items()))
    return render_macro("review.html", "timeline", t, f)


def path_svg(review, step: int | None = None, size: int = 300) -> str:
    """The states (n, m) each player faced (their own suspects n upwards, the opponent's m to the right), on the
    heat map of P(n, m) for the rule set: the colour under a dot is the chance of the player to move there.  Dots
    are in the colour of the label of the move made there; the move at ``step`` is ringed.  On a board of faces the
    heat map is the numbered game's (any split allowed) and the dots are the set sizes."""
    N = review.game.N
    pad, axis = 8, 34
    cell = (size - axis - pad) / N
    players = []
    for player in (YOU, COMPUTER):
        path = review.path(player)
        if path:
            dots = [SimpleNamespace(step=number, x=_d(axis + (m - 0.5) * cell), y=_d(pad + (N - n + 0.5) * cell),
                                    fill=LABEL_COLOURS[review.moves[number - 1].label], ringed=number == step,
                                    tip=f"Move {number}: {review.moves[number - 1].name} at ({n}, {m}), "
                                        f"{review.moves[number - 1].label}") for number, (n, m) in path]
            players.append((" ".join(f"{d.x},{d.y}" for d in dots), PLAYER_COLOURS[player], dots))
    p = SimpleNamespace(size=size, pad=pad, axis=axis, N=N, side=_d(N * cell), players=players,
                        png=base64.b64encode(heatmap_png(review.game.rules, N)).decode("ascii"),
                        middle_x=_d(axis + N * cell / 2), middle_y=_d(pad + N * cell / 2),
                        radius=_d(max(3.0, min(7.0, cell * 0.45))))
    return render_macro("review.html", "path", p)


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


def summary_html(review) -> str:
    """Both players' moves by label, their accuracy, skill (chance given away) and luck; where Player 1's chance
    went, in words; and what the labels and the accuracy mean."""
    rows = []
    for player in (YOU, COMPUTER):
        s = review.summary(player)
        rows.append(SimpleNamespace(
            player=player, name=s["name"], colour=PLAYER_COLOURS[player], moves=s["moves"],
            labels=list(s["labels"].values()), cost=format_fraction(s["cost"]), luck=format_fraction(s["luck"]),
            accuracy=None if s["accuracy"] is None else format_fraction(s["accuracy"]),
            accuracy_words=review.accuracy_words(player) if s["accuracy"] is not None else ""))
    return render_macro("review.html", "summary", rows, list(LABEL_COLOURS), LABEL_COLOURS, _ink,
                        review.where_the_chance_went(YOU), review.game.values_note)


def move_html(review, step: int) -> str:
    """The position after ``step`` moves: at 0 the start; else move ``step`` with its label, its numbers and
    "why is this the best move?"."""
    if step == 0:
        return render_macro("review.html", "start", review.name(YOU), format_fraction(review.start))
    r = review.moves[step - 1]
    marks = f" Marks: {', '.join(r.marks)}." if r.marks else ""
    other = "" if r.name == "you" else review.name(YOU if r.player != YOU else COMPUTER)
    whose = "Your" if r.name == "you" else f"{r.name[0].upper() + r.name[1:]}'s"
    numbers = f"{whose} chance of winning was {format_fraction(r.before)} before this move. {r.numbers_words()}{marks}"
    badge = markup(render_macro("review.html", "badge", r.label, LABEL_COLOURS, _ink))
    return render_macro("review.html", "move", step, len(review.moves), r, PLAYER_COLOURS[r.player], badge, numbers,
                        other, markup(explanation_html(review.explanation(step))))


def review_html(review, step: int | None = None) -> str:
    """The whole review at ``step`` (default: the last move): summary, timeline, path, and the move."""
    T = len(review.moves)
    step = T if step is None else check_int(step, "step", 0, T)
    return render_macro("review.html", "review", T, review.result_text(), markup(summary_html(review)),
                        markup(timeline_svg(review, step)), markup(path_svg(review, step)),
                        markup(move_html(review, step)))


# ==== choose again ==========================================================================================
def choose_again_html(again, notice: str = "", picture: str = "") -> str:
    """The position shown by "choose again" (:class:`~guesswho_lib.game.choose_again.ChooseAgain`), as HTML: the
    situation (and ``picture``, the board drawn, when a page has one), every move chosen again with its exact value,
    ``notice`` (what the page says first), the hint after a wrong choice, and once revealed the best moves and "why
    is this the best move?"."""
    if not len(again):
        return render("choose_again.html", a=again)
    p = again.position
    explanation = markup(explanation_html(again.explanation())) if p.revealed else ""
    whose = "your" if again.mover() == "you" else f"{again.mover()}'s"
    return render("choose_again.html", a=again, p=p, f=format_fraction, picture=markup(picture), notice=notice,
                  whose=whose, explanation=explanation)
