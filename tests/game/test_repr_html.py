"""A student evaluates a solution, a review, an explanation or "choose again" in a cell and sees it: the kernel's own
display formatter (IPython, as in JupyterLab) finds their HTML, every value in it is the solver's, and the text of
the game (a board's names) is escaped, never taken for HTML."""

from __future__ import annotations

import re

from IPython.core.formatters import DisplayFormatter

import guesswho_lib as gw
from guesswho_lib.board.traits import Board
from guesswho_lib.game.choose_again import ChooseAgain
from guesswho_lib.game.review import explain_move
from guesswho_lib.rules import format_fraction, format_move

FORMAT = DisplayFormatter()


def shown(obj) -> str:
    """What a notebook cell shows for ``obj``: its HTML, as the kernel sends it."""
    data, _ = FORMAT.format(obj)
    assert "text/html" in data, type(obj)
    return data["text/html"]


def test_a_solution_shows_its_table_with_the_best_moves():
    t = gw.solve(12, "tripartite")
    page = shown(t)
    assert f"Going first at (12, 12): P = {format_fraction(t.P(12, 12))}" in page
    cells = re.findall(r'<td title="best: ([^"]*)"[^>]*>([^<]*)</td>', page)
    assert len(cells) == 64
    for k, (best, value) in enumerate(cells):
        n, m = divmod(k, 8)
        assert value == format_fraction(t.P(n + 1, m + 1))
        assert best == ", ".join(format_move(mv) for mv in t.optimal_moves(n + 1, m + 1))
    assert 'title="cannot occur"' in shown(gw.solve(3, "nica"))         # (1, 1) under the race to one


def test_an_explanation_shows_every_move_and_its_value():
    e = explain_move(6, 5, (3, 3), "official")
    page = shown(e)
    for reason in e.reasons:
        assert reason.replace("'", "&#39;").replace('"', "&#34;") in page
    rows = re.findall(r"<tr[^>]*><td>([^<]*)</td><td>[^<]*</td><td>([^<]*)</td></tr>", page)
    assert [(o.short + (" (best)" if o.value == e.chance else ""), format_fraction(o.value)) for o in e.options] == rows


def _finished_game(board=8, seed=4):
    g = gw.Game("official", board=board, seed=seed)
    while not g.over:
        pool = sorted(g.your_suspects)
        g.guess(pool[0] + 1) if len(pool) <= 2 else g.ask([i + 1 for i in pool[:len(pool) // 2 + 1]])
    return g


def test_a_review_shows_every_move_on_its_timeline():
    g = _finished_game()
    review = gw.Review(g)
    page = shown(review)
    assert page == gw.widgets.review_html(review)                     # the widget's review at its last move
    points = dict(re.findall(r'class="gw-point" data-step="(\d+)" data-p1="([^"]+)"', page))
    assert points == {str(k): format_fraction(p) for k, p in enumerate(review.timeline)}


def test_choose_again_shows_the_position_without_its_answer():
    g = _finished_game()
    again = ChooseAgain(g)
    assert len(again) >= 1
    page = shown(again)
    assert 'data-status="choose"' in page and "Choose again: which move is best here?" in page
    best = again._explained(0).best
    assert all(f'data-key="{o.short}"' not in page for o in best)      # no answer before a choice
    again.choose(best[0].short)
    assert f"The move chosen, {best[0].short}, is a best move" in shown(again)


def test_the_names_on_a_board_are_escaped():
    board = Board(("<i>Ada</i>", "Bo & Co", "Cy", "Di"), ("hat",), ((1,), (0,), (1,), (0,)))
    g = gw.Game("official", board=board, seed=1)
    g.ask(["<i>Ada</i>"])
    while not g.over:
        first = sorted(g.your_suspects)[0] + 1
        g.guess(first) if len(g.your_suspects) == 1 else g.ask([first])
    for page in (shown(gw.Review(g)), shown(ChooseAgain(g))):
        assert "<i>Ada" not in page and "Bo & Co" not in page
    assert "&lt;i&gt;Ada&lt;/i&gt;" in shown(gw.Review(g))
