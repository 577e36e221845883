"""The play page's board of faces: what :mod:`.play` shows when the game is a
:class:`~guesswho_lib.board.play.BoardGame`, as HTML strings (no widgets here, so everything is testable as text).

* :func:`tile_html`          one character's portrait (:mod:`.portraits`), flipped down once ruled out, framed in
                             the colour of its status (selected for a guess, or not);
* :func:`players_html`       your secret person's portrait and the computer's board (whom it still suspects).

The table of moves is the play model's own (the same for every board).  Cache: the last 256 tiles drawn (a page
redraws its 24 at every click), emptied by ``gw.clear_caches()``.

>>> from guesswho_lib.board.play import BoardGame
>>> g = BoardGame(seed=1)
>>> "<svg" in tile_html(g.board, "Ada", "in") and "Ada" in tile_html(g.board, "Ada", "out")
True
"""

from __future__ import annotations

from ..board.play import BoardGame
from ..board.traits import Board
from ..caches import bounded_lru_cache
from ..templating import markup, render_macro
from .portraits import board_svg, portrait_svg

__all__ = ["FACES_RULES", "TILE_WIDTH", "STATUS_FRAMES", "tile_html", "players_html"]

#: The rule sets the page offers on the board of faces ('tripartite' costs far more to solve and 'merciful' does
#: not fit a 24-character board, see guesswho_lib.board.solver).
FACES_RULES = ("official", "nica")
#: Width of one portrait on the page, in pixels.
TILE_WIDTH = 100
#: Frame colour of a tile for each status of the play model ('in', 'A' = selected, 'B', 'out').
STATUS_FRAMES = {"in": "transparent", "A": "#ff9800", "B": "#1e88e5", "out": "transparent"}


def tile_html(board: Board, name: str, status: str) -> str:
    """The portrait of ``name`` (flipped down when ``status`` is 'out'), framed in its status colour."""
    if status not in STATUS_FRAMES:
        raise ValueError(f"status must be one of {tuple(STATUS_FRAMES)}, got {status!r}")
    return _tile(board, name, status)


@bounded_lru_cache(256, "widgets.faces: tiles")
def _tile(board: Board, name: str, status: str) -> str:
    svg = portrait_svg(board, name, flipped=status == "out", width=TILE_WIDTH)
    return render_macro("widgets.html", "tile", status, STATUS_FRAMES[status], markup(svg))


def players_html(game: BoardGame) -> str:
    """Your secret person (the one the computer is looking for) and the computer's board: the characters it still
    suspects are up, the others flipped down."""
    if not isinstance(game, BoardGame):
        raise TypeError(f"game must be a BoardGame, got {type(game).__name__}")
    yours = game.names[game.your_secret]
    down = [x for x in game.names if x not in game.computers]
    return render_macro("widgets.html", "players", markup(portrait_svg(game.board, yours, width=90)),
                        markup(board_svg(game.board, down, columns=12, width=560)), len(game.computers), game.N)
