"""Each character drawn as a simple, friendly portrait generated from its traits, and a board of them.

Everything is a self-contained inline SVG string, drawn by the template ``templates/portraits.svg``: no external
resources, no ids that could clash when several drawings share a page, the same string every time for the same input
(colours that do not come from traits, such as skin, shirt and background, are picked from the name with a fixed
hash).  Names are escaped.  Cache: the last 64 boards drawn (a page redraws the computer's board at every click),
emptied by ``gw.clear_caches()``.  The traits drawn are those of the shipped board
(:data:`guesswho_lib.board.traits.PHRASES`): hair colour or bald, long hair, eye colour, glasses, hat, beard,
moustache, earrings, freckles, big nose, smiling; any other trait of a custom board is simply not drawn.

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
from types import SimpleNamespace
from typing import Iterable

from ..board.traits import Board
from ..caches import bounded_lru_cache
from ..templating import render_macro

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


_TOPS = ("M27,52 C23,22 77,22 73,52 C70,40 62,34 50,36 C40,34 31,40 27,52 Z",                      # fringe
         "M27,52 C23,20 77,22 73,50 C66,36 52,32 38,38 C33,40 29,45 27,52 Z",                      # side parting
         "M27,52 C20,30 32,18 50,21 C68,18 80,30 73,52 C70,42 64,35 50,36 C36,35 30,42 27,52 Z")   # curls


def _face(traits: frozenset, name: str) -> SimpleNamespace:
    """The colours and traits of one portrait, for the template (tile coordinates 0..100 x 0..104)."""
    skin = _pick(name, _SKIN, "skin")
    hair = next((HAIR_COLOURS[t] for t in HAIR_COLOURS if t in traits), _DEFAULT_HAIR)
    bald = "bald" in traits
    style = hashlib.sha256(f"style:{name}".encode("utf-8")).digest()[0] % 3
    hat = _pick(name, _HATS, "hat") if "hat" in traits else ""
    facial = _darker(hair, 0.85) if not bald else "#5b4a3f"
    flags = {t.replace(" ", "_"): t in traits for t in ("long hair", "earrings", "glasses", "freckles", "big nose",
                                                        "beard", "moustache", "smiling")}
    return SimpleNamespace(skin=skin, line=_darker(skin, 0.72), neck=_darker(skin, 0.9), hair=hair, bald=bald,
                           shirt=_pick(name, _SHIRTS, "shirt"), top=_TOPS[style], curls=style == 2, hat=hat,
                           hat_band=hat and _darker(hat, 0.6), facial=facial, brow=facial,
                           eyes=next((EYE_COLOURS[t] for t in EYE_COLOURS if t in traits), _DEFAULT_EYES),
                           **{**flags, "long_hair": flags["long_hair"] and not bald})


def _xml_safe(text: str) -> str:
    """``text`` with the characters XML 1.0 cannot hold (control characters) replaced by U+FFFD."""
    return "".join(c if c in "\t\n\r" or (" " <= c <= "\ud7ff") or ("\ue000" <= c <= "\ufffd")
                   or c >= "\U00010000" else "\ufffd" for c in text)


def _tile(traits: frozenset, name: str, flipped: bool, x: float = 0, y: float = 0) -> SimpleNamespace:
    """One tile (portrait and name plate, or the back of a flipped-down flap) at (x, y), for the template."""
    return SimpleNamespace(name=_xml_safe(name), flipped=flipped, x=f"{x:g}", y=f"{y:g}",
                           back=_pick(name, _BACKS, "back"), face=None if flipped else _face(traits, name))


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
    width = _check_width(width)
    return render_macro("portraits.svg", "portrait", f"{width:g}", f"{width * TILE_H / TILE_W:g}",
                        _xml_safe(name) or "portrait", _tile(frozenset(traits), name, bool(flipped)))


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
    return _board_svg(board, down, columns, None if width is None else _check_width(width))


@bounded_lru_cache(64, "widgets.portraits: boards drawn")
def _board_svg(board: Board, down: frozenset, columns: int, width: float | None) -> str:
    gap = 8
    cols = min(columns, board.n)
    rows = -(-board.n // cols)
    W = cols * TILE_W + (cols + 1) * gap
    H = rows * TILE_H + (rows + 1) * gap
    width = W if width is None else width
    height = width * H / W
    tiles = [_tile(board.traits_of(name), name, name in down, gap + k % cols * (TILE_W + gap),
                   gap + k // cols * (TILE_H + gap)) for k, name in enumerate(board.names)]
    return render_macro("portraits.svg", "board", f"{width:g}", f"{height:g}", W, H, tiles)


def board_widget(board: Board, flipped: Iterable[str] = (), columns: int = 8, width: float | None = None):
    """:func:`board_svg` inside an ``ipywidgets.HTML`` (set ``.value = board_svg(...)`` to update it)."""
    import ipywidgets

    return ipywidgets.HTML(value=board_svg(board, flipped, columns, width))
