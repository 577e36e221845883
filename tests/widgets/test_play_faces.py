"""The play page on the board of faces (board="faces"): the model headless, the view by its controls.

You ask by choosing a trait (the page shows the question in words), the computer asks real questions from the
board solution, every move is graded against it, and every character is drawn as its portrait.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from guesswho_lib.board import cached_board_solution
from guesswho_lib.board.play import BoardGame
from guesswho_lib.game.record import Turn
from guesswho_lib.widgets.faces import FACES_RULES, players_html, tile_html
from guesswho_lib.widgets.play import PlayModel, PlayWidget, settings_from_query
from guesswho_lib.widgets.portraits import portrait_svg

SOL = cached_board_solution()


def _shown_text(widget) -> str:
    out, todo = [], [widget.widget]
    while todo:
        w = todo.pop()
        if hasattr(w, "value") and isinstance(w.value, str):
            out.append(w.value)
        todo.extend(getattr(w, "children", ()))
    return "\n".join(out)


def test_the_model_asks_the_chosen_trait_and_grades_it_on_the_board():
    m = PlayModel("official", board="faces", seed=3)
    assert m.faces and m.board == "faces" and isinstance(m.game, BoardGame)
    assert [k for _, k in m.question_menu()] == list(SOL.board.traits)      # every trait splits the full board
    m.choose_question("red hair")
    assert m.question == "red hair" and "Your question: Does your person have red hair? Press Ask." in m.message
    turn = m.ask()
    assert isinstance(turn, Turn) and turn.move.text == "Does your person have red hair?"
    full = SOL.everyone
    assert turn.move_value == SOL.value(full, full, "red hair") and turn.best_value == SOL.start
    assert f"Your move: costs you {SOL.start - turn.move_value}" in m.message
    assert m.question == "" and not m.error
    computer = m.game.history[-1]
    assert computer.player == "computer" and computer.move.question in SOL.question_list and computer.optimal
    assert computer.move.text in m.message                                  # the computer's question in words


def test_refusals_become_messages_not_exceptions():
    m = PlayModel("official", board="faces", seed=1)
    assert m.ask() is None and m.error and "choose a trait" in m.message
    m.choose_question("wings")
    assert m.error and "question must be a trait that splits your suspects" in m.message and m.question == ""
    m.click(1)
    m.click(2)
    assert m.guess() is None and "select exactly one" in m.message
    with pytest.raises(ValueError, match="rules must be one of"):
        PlayModel("tripartite", board="faces")
    with pytest.raises(ValueError, match="computer must be one of"):
        PlayModel("official", board="faces", computer=lambda n, m: (1, n - 1))
    m.new_game(board=8)                                                      # back to a numbered board
    assert not m.faces and m.question_menu() == [] and m.board == 8


def test_a_question_that_no_longer_splits_is_refused():
    m = PlayModel("official", board="faces", seed=5)
    m.choose_question("bald")
    m.ask()
    bald_left = [i for i in m.game.your_suspects if m.game.names[i] in SOL.board.with_trait("bald")]
    assert len(bald_left) in (0, len(m.game.your_suspects))          # the answer sorted the bald ones out
    assert "bald" not in [k for _, k in m.question_menu()]
    m.choose_question("bald")
    assert m.error and m.question == "" and "question must be a trait that splits" in m.message


@pytest.mark.parametrize("rules", FACES_RULES)
def test_the_view_plays_a_whole_game_by_clicks(rules):
    w = PlayWidget(rules, board="faces", seed=7)
    assert w.question_box.layout.display == "" and w.players.layout.display == ""
    assert w.trait_box.layout.display == "none" and w.group_box.layout.display == "none"
    assert len(w.face_tiles) == 24 and all("<svg" in t.value for t in w.face_tiles)
    assert portrait_svg(SOL.board, "Ada", width=100) in w.face_tiles[SOL.board.index("Ada")].value
    for _ in range(40):
        g = w.model.game
        if g.over:
            break
        if g.state[0] == 1:
            w.suspect_buttons[g.your_suspects[0]].click()
            w.guess_button.click()
            continue
        options = [v for _, v in w.question_box.options if v]
        w.question_box.value = options[len(options) // 2]
        assert w.model.question_text in w.message.value
        w.ask_button.click()
        assert not w.model.error and not w.error_messages, (w.model.message, w.error_messages)
        for i, tile in enumerate(w.face_tiles):             # ruled-out faces are flipped down
            assert ("(flipped down)" in tile.value) == (i not in w.model.game.your_suspects)
    g = w.model.game
    assert g.over and "gw-result" in w.status.value and w.question_box.disabled
    assert "grade" in w.history.value and ("optimal" in w.history.value or "costs you" in w.history.value)
    assert w.history.value == w.model.history_html() and w.players.value == players_html(g)
    acc = g.accounting()
    assert acc["now"] - acc["start"] == -acc["your_cost"] + acc["computer_cost"] + acc["luck"]


def test_switching_boards_in_the_settings():
    w = PlayWidget("official", board=8, seed=1)
    assert w.question_box.layout.display == "none" and "faces" in w.board_box.options
    w.board_box.value = "faces"
    w.new_button.click()
    assert w.model.faces and len(w.face_tiles) == 24 and not w.error_messages
    w.rules_box.value = "merciful"
    w.new_button.click()                                       # refused: the old game stays, the error shows
    assert w.model.faces and "rules must be one of" in _shown_text(w)
    w.board_box.value = "numbered"
    w.rules_box.value = "official"
    w.new_button.click()
    assert not w.model.faces and w.face_tiles == [] and w.question_box.layout.display == "none"


def test_the_address_selects_the_board_of_faces():
    assert settings_from_query("board=faces&seed=2") == {"board": "faces", "seed": 2}
    w = PlayWidget(model=PlayModel.from_query("board=faces&seed=2&rules=nica"))
    assert w.model.faces and w.model.game.rules.name == "nica" and w.board_box.value == "faces"
    w = PlayWidget(model=PlayModel.from_query("board=faces&rules=tripartite", board=8))
    assert w.model.error and "rules must be one of" in w.model.message and w.model.game.N == 8


def test_tiles_and_panels_as_html():
    board = SOL.board
    assert "gw-face-A" in tile_html(board, "Ada", "A") and "#ff9800" in tile_html(board, "Ada", "A")
    assert "(flipped down)" in tile_html(board, "Ada", "out") and "(flipped down)" not in tile_html(board, "Ada", "in")
    with pytest.raises(ValueError, match="status must be one of"):
        tile_html(board, "Ada", "gone")
    m = PlayModel("official", "faces", seed=2)
    g = m.game
    assert g.names[g.your_secret] in players_html(g) and "24 of 24" in players_html(g)
    assert m.history_html() == "<i>No moves yet.</i>"
    g.ask("bald")
    text = m.history_html()
    assert "Is your person bald?" in text and "costs you" in text and "#fff3e0" in text    # a costly move stands out
    with pytest.raises(TypeError, match="game must be a BoardGame"):
        players_html(None)
    assert Fraction(0) <= g.win_probability() <= 1
