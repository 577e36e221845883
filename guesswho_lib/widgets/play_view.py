"""What the play page shows, computed in one place from a :class:`~.play.PlayModel`, for every view of it.

* :func:`view_state`       everything a view draws: the model's own HTML (status, message, history, hint, the
                           person shown to the player who peeks, the match, the review), every suspect with its
                           status, whether it can be clicked, its tooltip and, on the board of faces, its
                           portrait; which controls are shown and enabled, and their labels.  Plain data (text,
                           numbers, lists), ready to be sent as JSON.  The notebook's :class:`~.play.PlayWidget`
                           draws from it, and so does the class server's page (:mod:`guesswho_apps.server`), so the
                           two views cannot drift apart.
* :func:`class_state`      the class session's box (join, then what was recorded), from the page's join state
                           (:class:`~.classroom.ClassJoinModel`); part of :func:`view_state`.
* :func:`menus`            the choices of the page's settings boxes (rules, boards, computers, matches).

>>> from guesswho_lib.widgets.play import PlayModel
>>> state = view_state(PlayModel("official", board=4, seed=1))
>>> [s["status"] for s in state["suspects"]], state["buttons"]["ask"], state["settings"]["size"]
(['in', 'in', 'in', 'in'], True, 4)
"""

from __future__ import annotations

from ..game.play import MAX_BOARD
from ..game.record import HUMAN
from ..rules import RULES
from .faces import FACES_RULES, players_html, tile_html

__all__ = ["view_state", "class_state", "menus", "BOARD_CHOICES", "COMPUTER_CHOICES", "MATCH_LENGTHS", "STATUS_COLOURS"]

BOARD_CHOICES = ("numbered", "characters", "faces")
MATCH_LENGTHS = (1, 3, 5, 7)       # the page's "best of" menu (1: a single game)
#: The page's "Computer" menu: (label, value given to the game).
COMPUTER_CHOICES = (("optimal", "optimal"), ("halving", "halving"), ("two players (hot-seat)", HUMAN))
#: The colour of a suspect's button for each status ('in': still a suspect, 'A'/'B': in that group, 'out').
STATUS_COLOURS = {"in": "#e8eaf6", "A": "#ffb74d", "B": "#64b5f6", "out": "#bdbdbd"}


def _board_setting(model) -> tuple[str, int]:
    """("numbered", N), ("characters", N) or ("faces", N): the page's Board menu and its number of suspects."""
    board = model.board
    return ("numbered", board) if isinstance(board, int) else (board, model.game.N)


def class_state(join) -> dict:
    """The class session's part of the page, from a :class:`~.classroom.ClassJoinModel` (or None: a page with
    no class session): whether the box is shown, the join form (shown until the page has joined), the code and
    nickname, the message (and whether it is an error), the games recorded and unsent, and the "Send again"
    button (shown while a game is kept unsent)."""
    if join is None:
        return {"shown": False, "form": False, "joined": False, "code": "", "nickname": "", "message": "",
                "error": False, "recorded": 0, "unsent": 0, "send_again": False}
    return {"shown": bool(join.available or join.message), "form": bool(join.available and not join.joined),
            "joined": bool(join.joined), "code": join.code, "nickname": join.nickname, "message": join.message,
            "error": bool(join.error), "recorded": join.recorded, "unsent": join.unsent,
            "send_again": bool(join.joined and join.unsent and not join.waiting)}


def view_state(model, review_html: bool = True, join=None) -> dict:
    """Everything the play page shows for ``model`` (a :class:`~.play.PlayModel`), as plain data.

    Keys: ``settings`` (rules, board, size, computer, you_first, best_of, seed: what the settings boxes show),
    ``over``, ``faces``, ``hot_seat``, the HTML of the model (``status_html``, ``message_html``,
    ``history_html``, ``hint_html``, ``peek_html``, ``players_html``), ``message`` (text and error),
    ``match_text``, ``suspects`` (number, name, status, disabled, tooltip, and ``tile`` on the board of faces),
    ``groups`` (shown, active), ``traits`` (the character board's "select trait" menu), ``questions`` (the board
    of faces' menu: shown, options as [label, value], chosen, disabled), ``buttons`` (what is enabled, shown and
    how it is labelled), ``review`` (open, step, moves, and its html unless ``review_html`` is False: the
    notebook's review widget draws it itself) and ``class`` (the class session's box, :func:`class_state` of
    ``join``)."""
    g = model.game
    over = g.over
    faces = model.faces
    board, size = _board_setting(model)
    suspects = []
    for i, name in enumerate(g.names):
        status = model.suspect_status(i)
        suspect = {"number": i + 1, "name": name, "status": status, "disabled": status == "out" or over,
                   "tooltip": model.suspect_tooltip(i)}
        if faces:
            suspect["tile"] = tile_html(g.board, name, status)
        suspects.append(suspect)
    computers = dict(COMPUTER_CHOICES).values()
    review = {"open": model.review_open, "step": 0, "moves": len(g.history), "html": ""}
    if model.review_open:
        r = model.review
        review.update(step=min(r.step, r.moves), moves=r.moves, html=r.html() if review_html else "")
    return {
        "settings": {"rules": model.rules, "board": board, "size": size,
                     "computer": model.computer if model.computer in computers else "optimal",
                     "you_first": bool(model.you_first), "best_of": model.best_of, "seed": model.seed},
        "over": over, "faces": faces, "hot_seat": g.hot_seat,
        "status_html": model.status_html(),
        "message": {"text": model.message, "error": model.error},
        "message_html": model.message_html(),
        "history_html": model.history_html(),
        "hint_html": model.hint_html(),
        "peek_html": model.peek_html(),
        "players_html": players_html(g) if faces and not g.hot_seat else "",
        "match_text": model.match_text(),
        "suspects": suspects,
        "groups": {"shown": model.paradox_allowed, "active": model.active_group},
        "traits": [] if faces else sorted(g.traits),
        "questions": {"shown": faces, "options": [["choose a trait", ""]] + [list(o) for o in model.question_menu()],
                      "chosen": model.question, "disabled": over},
        "buttons": {"ask": not over, "guess": not over and g.rules.guess is not None, "clear": not over,
                    "hint": not over, "peek_shown": g.hot_seat, "peek": not over,
                    "peek_label": "Hide my person" if model.peek else "Show my person",
                    "next_game": bool(model.match and over and not model.match.over),
                    "review_label": "Hide the review" if model.review_open else "Review the game"},
        "review": review,
        "class": class_state(join),
    }


def menus() -> dict:
    """The choices of the page's settings boxes: rule sets (and those the board of faces takes), boards, the
    largest numbered board, computers and match lengths, as [label, value] pairs where they differ."""
    return {"rules": list(RULES), "faces_rules": list(FACES_RULES), "boards": list(BOARD_CHOICES),
            "max_board": MAX_BOARD, "computers": [list(c) for c in COMPUTER_CHOICES],
            "best_of": [[f"best of {k}" if k > 1 else "one game", k] for k in MATCH_LENGTHS]}
