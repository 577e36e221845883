"""Each character drawn as a simple, friendly portrait generated from its traits, and a board of them.

Everything is a self-contained inline SVG string: no external resources, no ids that could clash when
several drawings share a page, the same string every time for the same input (colours that do not come
from traits, such as skin, shirt and background, are picked from the name with a fixed hash).  Names are
escaped.  The traits drawn are those of the shipped board (:data:`guesswho_lib.board.traits.PHRASES`):
hair colour or bald, long hair, eye colour, glasses, hat, beard, moustache, earrings, freckles, big nose,
smiling; any other trait of a custom board is simply not drawn.

* :func:`portrait_svg`   one character (from a board, or from a set of trait names);
* :func:`board_svg`      the whole board as a grid of tiles with names, some flipped down;
* :func:`board_widget`   the same in an ``ipywidgets.HTML`` for a notebook or the play page.

    >>> from guesswho_lib.board.traits import load_board
    >>> svg = portrait_svg(load_board(), "Ada")
    >>> svg.startswith("<svg") and "Ada" in svg
    True
"""

from __future__ import annotations

import hashlib
from typing import Iterable
from xml.sax.saxutils import escape, quoteattr

from ..board.traits import Board

__all__ = ["DRAWN_TRAITS", "portrait_svg", "traits_portrait_svg", "board_svg", "board_widget"]

HAIR_COLOURS = {"black hair": "#2b2622", "brown hair": "#6b4226", "blond hair": "#e9c46a",
                "red hair": "#c2502a", "grey hair": "#b4b4b4"}
EYE_COLOURS = {"brown eyes": "#6f3f1c", "blue eyes": "#2f74c0", "green eyes": "#3a8f47"}
#: Every trait the portraits show; other traits are not drawn.
DRAWN_TRAITS = frozenset(HAIR_COLOURS) | frozenset(EYE_COLOURS) | {
    "bald", "long hair", "glasses", "hat", "beard", "moustache", "earrings", "freckles", "big nose", "smiling"}

_DEFAULT_HAIR = "#4a3b33"      # hair of a character whose board has no hair-colour trait
_DEFAULT_EYES = "#3b3b3b"
_SKIN = ("#f6d5b8", "#eebf98", "#d9a177", "#b97d55", "#8d5a3b", "#f3c9a6")
_SHIRTS = ("#e76f51", "#2a9d8f", "#457b9d", "#8e7dbe", "#f4a261", "#6a994e", "#d1495b", "#00798c")
_HATS = ("#264653", "#9b2226", "#3d405b", "#7f5539", "#1d3557", "#6d597a")
_BACKS = ("#fdf0d5", "#e0f1ea", "#e3ecf8", "#f8e1e7", "#efe8f8", "#fff4c2", "#e8f4d9", "#fde4cf")

TILE_W, TILE_H = 100, 128      # one tile, in SVG units: portrait 100 x 104, name plate below


def _pick(name: str, palette: tuple, salt: str) -> str:
    """A colour chosen from ``palette`` by a fixed hash of the name (the same on every run and machine)."""
    digest = hashlib.sha256(f"{salt}:{name}".encode("utf-8")).digest()
    return palette[digest[0] % len(palette)]


def _darker(colour: str, f: float = 0.78) -> str:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(int(r * f), int(g * f), int(b * f))


def _face(traits: frozenset, name: str) -> list[str]:
    """The SVG elements of one portrait (tile coordinates 0..100 x 0..104)."""
    skin = _pick(name, _SKIN, "skin")
    skin_line = _darker(skin, 0.72)
    hair = next((HAIR_COLOURS[t] for t in HAIR_COLOURS if t in traits), _DEFAULT_HAIR)
    bald = "bald" in traits
    facial = _darker(hair, 0.85) if not bald else "#5b4a3f"
    eyes = next((EYE_COLOURS[t] for t in EYE_COLOURS if t in traits), _DEFAULT_EYES)
    style = hashlib.sha256(f"style:{name}".encode("utf-8")).digest()[0] % 3
    shirt = _pick(name, _SHIRTS, "shirt")
    out = []
    if "long hair" in traits and not bald:
        out.append(f'<path d="M24,50 C22,18 78,18 76,50 L80,94 C66,100 34,100 20,94 Z" fill="{hair}"/>')
    out.append(f'<path d="M8,104 C10,86 28,78 50,78 C72,78 90,86 92,104 Z" fill="{shirt}"/>')
    out.append(f'<path d="M42,68 L58,68 L59,82 C54,86 46,86 41,82 Z" fill="{_darker(skin, 0.9)}"/>')
    for x in (27, 73):
        out.append(f'<ellipse cx="{x}" cy="55" rx="4.5" ry="6.5" fill="{skin}" stroke="{skin_line}" stroke-width="1"/>')
    out.append(f'<ellipse cx="50" cy="52" rx="22.5" ry="27" fill="{skin}" stroke="{skin_line}" stroke-width="1.2"/>')
    for x in (37, 63):
        out.append(f'<ellipse cx="{x}" cy="62" rx="4.5" ry="2.6" fill="#e8707a" opacity="0.22"/>')
    if "earrings" in traits:
        for x in (27, 73):
            out.append(f'<circle cx="{x}" cy="63.5" r="2.8" fill="#f2c230" stroke="#b8860b" stroke-width="0.8"/>')
    if bald:
        out.append('<ellipse cx="42" cy="33" rx="7" ry="3.5" fill="#ffffff" opacity="0.45"/>')
    else:
        tops = ("M27,52 C23,22 77,22 73,52 C70,40 62,34 50,36 C40,34 31,40 27,52 Z",          # fringe
                "M27,52 C23,20 77,22 73,50 C66,36 52,32 38,38 C33,40 29,45 27,52 Z",          # side parting
                "M27,52 C20,30 32,18 50,21 C68,18 80,30 73,52 C70,42 64,35 50,36 C36,35 30,42 27,52 Z")  # curls
        out.append(f'<path d="{tops[style]}" fill="{hair}"/>')
        if style == 2:
            for cx, cy in ((33, 29), (42, 24), (52, 23), (62, 25), (69, 31)):
                out.append(f'<circle cx="{cx}" cy="{cy}" r="5" fill="{hair}"/>')
    if "hat" in traits:
        colour = _pick(name, _HATS, "hat")
        out.append(f'<path d="M29,36 C29,12 71,12 71,36 Z" fill="{colour}"/>')
        out.append(f'<rect x="29" y="29" width="42" height="4" fill="{_darker(colour, 0.6)}"/>')
        out.append(f'<ellipse cx="50" cy="36" rx="31" ry="5" fill="{colour}"/>')
    brow = facial if not bald else "#5b4a3f"
    for x in (41, 59):
        out.append(f'<path d="M{x - 5},43 Q{x},{40} {x + 5},43" fill="none" stroke="{brow}" stroke-width="1.8" '
                   f'stroke-linecap="round"/>')
        out.append(f'<ellipse cx="{x}" cy="50" rx="4.6" ry="3.4" fill="#ffffff"/>')
        out.append(f'<circle cx="{x}" cy="50.3" r="2.5" fill="{eyes}"/>')
        out.append(f'<circle cx="{x}" cy="50.3" r="1.1" fill="#111111"/>')
    if "glasses" in traits:
        for x in (41, 59):
            out.append(f'<circle cx="{x}" cy="50" r="7" fill="#ffffff" fill-opacity="0.18" stroke="#222222" '
                       f'stroke-width="1.8"/>')
        out.append('<path d="M48,49 Q50,47 52,49" fill="none" stroke="#222222" stroke-width="1.6"/>')
        out.append('<path d="M34,49 L28,47 M66,49 L72,47" stroke="#222222" stroke-width="1.4"/>')
    if "freckles" in traits:
        for cx, cy in ((36, 59), (39.5, 61.5), (35, 63), (64, 59), (60.5, 61.5), (65, 63)):
            out.append(f'<circle cx="{cx}" cy="{cy}" r="0.9" fill="#b0643a"/>')
    if "big nose" in traits:
        out.append(f'<ellipse cx="50" cy="59" rx="5" ry="6" fill="{_darker(skin, 0.9)}" stroke="{skin_line}" '
                   f'stroke-width="1"/>')
    else:
        out.append(f'<path d="M50,52 Q46.5,59 50,60.5" fill="none" stroke="{skin_line}" stroke-width="1.3" '
                   f'stroke-linecap="round"/>')
    if "beard" in traits:
        out.append(f'<path d="M28,55 C28,80 40,86 50,86 C60,86 72,80 72,55 C68,69 61,74 50,74 C39,74 32,69 28,55 Z" '
                   f'fill="{facial}"/>')
    if "moustache" in traits:
        out.append(f'<path d="M40,67 Q45,62.5 50,65.5 Q55,62.5 60,67 Q55,69 50,67.5 Q45,69 40,67 Z" fill="{facial}"/>')
    if "smiling" in traits:
        out.append('<path d="M43,70 Q50,77 57,70 Q50,73 43,70 Z" fill="#8c2f2f" stroke="#7a2323" stroke-width="1.2" '
                   'stroke-linejoin="round"/>')
    else:
        out.append('<path d="M44.5,71.5 L55.5,71.5" stroke="#7a2323" stroke-width="1.6" stroke-linecap="round"/>')
    return out


def _xml_safe(text: str) -> str:
    """``text`` with the characters XML 1.0 cannot hold (control characters) replaced by U+FFFD."""
    return "".join(c if c in "\t\n\r" or (" " <= c <= "\ud7ff") or ("\ue000" <= c <= "\ufffd")
                   or c >= "\U00010000" else "\ufffd" for c in text)


def _tile(traits: frozenset, name: str, flipped: bool, x: float = 0, y: float = 0) -> str:
    """One tile (portrait and name plate, or the back of a flipped-down flap) as an SVG group at (x, y)."""
    label = escape(_xml_safe(name))
    parts = [f'<g transform="translate({x:g},{y:g})">',
             f'<title>{label}{" (flipped down)" if flipped else ""}</title>']
    if flipped:
        parts += [f'<rect x="1" y="1" width="{TILE_W - 2}" height="{TILE_H - 2}" rx="8" fill="#c0392b" '
                  f'stroke="#7b241c" stroke-width="2"/>',
                  f'<rect x="8" y="8" width="{TILE_W - 16}" height="{TILE_H - 16}" rx="5" fill="none" '
                  f'stroke="#f5b7b1" stroke-width="1.5"/>',
                  '<text x="50" y="66" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" '
                  'font-size="40" font-weight="bold" fill="#f5b7b1">?</text>',
                  f'<text x="50" y="{TILE_H - 14}" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" '
                  f'font-size="10" fill="#f9d5d1">{label}</text>']
    else:
        back = _pick(name, _BACKS, "back")
        parts += [f'<rect x="1" y="1" width="{TILE_W - 2}" height="{TILE_H - 2}" rx="8" fill="{back}" '
                  f'stroke="#34495e" stroke-width="2"/>',
                  f'<svg x="1" y="1" width="{TILE_W - 2}" height="104" viewBox="1 1 98 104" overflow="hidden">']
        parts += _face(traits, name)
        parts += ['</svg>',
                  f'<rect x="6" y="106" width="{TILE_W - 12}" height="17" rx="3" fill="#ffffff" '
                  f'stroke="#34495e" stroke-width="1"/>',
                  f'<text x="50" y="118.5" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" '
                  f'font-size="12" font-weight="bold" fill="#2c3e50">{label}</text>']
    parts.append("</g>")
    return "".join(parts)


def _check_width(width, name="width"):
    if isinstance(width, bool) or not isinstance(width, (int, float)) or not 10 <= width <= 5000:
        raise ValueError(f"{name} must be a number of pixels between 10 and 5000, got {width!r}")
    return width


def traits_portrait_svg(traits: Iterable[str], name: str = "", flipped: bool = False, width: float = 100) -> str:
    """One portrait from a collection of trait names (traits not in :data:`DRAWN_TRAITS` are ignored),
    labelled ``name``, as a standalone SVG string ``width`` pixels wide."""
    if isinstance(traits, str):
        raise TypeError("traits must be a collection of trait names, not a single string")
    if not isinstance(name, str):
        raise TypeError(f"name must be a string, got {type(name).__name__}")
    traits = frozenset(traits)
    width = _check_width(width)
    height = width * TILE_H / TILE_W
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {TILE_W} {TILE_H}" role="img" aria-label={quoteattr(_xml_safe(name) or "portrait")}>'
            + _tile(traits, name, bool(flipped)) + "</svg>")


def portrait_svg(board: Board, name: str, flipped: bool = False, width: float = 100) -> str:
    """The portrait of character ``name`` of ``board``, drawn from its traits, as a standalone SVG string."""
    if not isinstance(board, Board):
        raise TypeError(f"board must be a guesswho_lib.board.traits.Board, got {type(board).__name__}")
    return traits_portrait_svg(board.traits_of(name), name, flipped, width)


def board_svg(board: Board, flipped: Iterable[str] = (), columns: int = 8, width: float | None = None) -> str:
    """The whole board as one SVG: tiles in board order, ``columns`` per row (8, as on the real game), the
    characters in ``flipped`` shown flipped down.  ``width`` in pixels (default: 100 per tile)."""
    if not isinstance(board, Board):
        raise TypeError(f"board must be a guesswho_lib.board.traits.Board, got {type(board).__name__}")
    if isinstance(flipped, str):
        raise TypeError("flipped must be a collection of character names, not a single string")
    down = frozenset(flipped)
    for s in down:
        board.index(s)      # raises a clear error for a name not on the board
    if isinstance(columns, bool) or not isinstance(columns, int) or not 1 <= columns <= 64:
        raise ValueError(f"columns must be an integer between 1 and 64, got {columns!r}")
    gap = 8
    cols = min(columns, board.n)
    rows = -(-board.n // cols)
    W = cols * TILE_W + (cols + 1) * gap
    H = rows * TILE_H + (rows + 1) * gap
    width = W if width is None else _check_width(width)
    height = width * H / W
    tiles = []
    for k, name in enumerate(board.names):
        r, c = divmod(k, cols)
        tiles.append(_tile(board.traits_of(name), name, name in down, gap + c * (TILE_W + gap),
                           gap + r * (TILE_H + gap)))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {W} {H}" role="img" aria-label="Guess Who board">'
            f'<rect x="0" y="0" width="{W}" height="{H}" rx="12" fill="#1f4e8c"/>' + "".join(tiles) + "</svg>")


def board_widget(board: Board, flipped: Iterable[str] = (), columns: int = 8, width: float | None = None):
    """:func:`board_svg` inside an ``ipywidgets.HTML`` (set ``.value = board_svg(...)`` to update it)."""
    import ipywidgets

    return ipywidgets.HTML(value=board_svg(board, flipped, columns, width))
