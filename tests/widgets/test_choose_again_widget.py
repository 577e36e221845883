"""Choose again on a page, headless: the model (ChooseAgainModel) checks its state and draws every value from the
game's exact solver; its thin view (ChooseAgainWidget) and the buttons that open it in the review widget and the
play widget work with ipywidgets and no browser."""

from __future__ import annotations

from fractions import Fraction

import pytest

from guesswho_lib.board.play import BoardGame
from guesswho_lib.game import strategies
from guesswho_lib.game.play import Game
from guesswho_lib.game.solver import solve
from guesswho_lib.rules import GUESS, format_fraction
from guesswho_lib.widgets.base import InvalidValue
from guesswho_lib.widgets.choose_again import ChooseAgainModel, ChooseAgainWidget, choose_again_html


def _two_mistakes() -> Game:
    """2:2 at (4, 4) (costs 1/16), then at (2, 3) a guess (costs 1/6: P(2, 3) = 2/3, a guess 1/2)."""
    for seed in range(100):
        g = Game("official", board=4, computer=strategies.ask_one, seed=seed)
        g.ask([1, 2])
        if not g.over and g.state == (2, 3):
            g.guess(g.your_suspects[0] + 1)
            return g
    raise AssertionError("no seed gives the game")


def test_the_model_steps_through_the_positions_and_draws_exact_values():
    g = _two_mistakes()
    t = solve(4)
    m = ChooseAgainModel(g)
    assert len(m.again) == 2 and m.index == 0 and m.status == "choose"
    assert [k for _, k in m.menu()] == ["1:3", "2:2", "guess"]
    html = m.html()
    assert 'data-status="choose"' in html and "9/16" not in html and "1:3" not in html       # no answer yet
    m.choice = "guess"
    m.choose()
    html = m.html()
    assert m.choice == "" and m.status == "retry" and "Hint:" in html
    assert f'data-key="guess" data-value="{format_fraction(t.value(4, 4, GUESS))}" data-best="false"' in html
    m.choose("1:3")
    html = m.html()
    assert m.status == "found" and 'data-key="1:3" data-value="9/16" data-best="true"' in html
    assert 'class="gw-again-best" data-key="1:3"' in html and "P(4, 4) = 9/16" in html
    m.next()
    assert m.index == 1 and m.status == "choose" and [k for _, k in m.menu()] == ["1:1", "guess"]
    m.show_answer()
    html = m.html()
    assert m.status == "shown" and 'class="gw-again-best" data-key="1:1"' in html
    assert t.value(2, 3, (1, 1)) == Fraction(2, 3) and "2/3" in html
    m.next()
    assert m.index == 1                                       # the last position: stays
    m.previous()
    m.previous()
    assert m.index == 0 and m.status == "found"               # each position keeps what was chosen there


def test_the_model_refuses_bad_state_and_misuse():
    g = _two_mistakes()
    m = ChooseAgainModel(g)
    with pytest.raises(InvalidValue, match="index must be between 0 and 1"):
        m.index = 2
    with pytest.raises(InvalidValue, match="choice must be one of the moves"):
        m.choice = "3:3"
    with pytest.raises(TypeError, match="game must be"):
        ChooseAgainModel(None)
    with pytest.raises(TypeError, match="again must be a ChooseAgain"):
        choose_again_html(m)
    assert m.index == 0 and m.status == "choose"


NO_MOVE = "No move is selected: choose a move from the menu first, then press Choose."


def test_choose_without_a_move_says_so_until_the_next_action():
    m = ChooseAgainModel(_two_mistakes())
    m.choose()
    assert NO_MOVE in m.html() and m.status == "choose" and not m.again.position.choices
    assert m.progress() == f"Choose again: Position 1 of 2. {NO_MOVE}"
    m.show_answer()
    assert NO_MOVE not in m.html() and m.status == "shown"
    m.next()
    m.act("choose", "")                               # the game page's request with nothing selected
    assert NO_MOVE in m.html()
    m.previous()
    assert NO_MOVE not in m.html()


def test_the_board_of_faces_shows_the_board_at_the_position():
    g = BoardGame(seed=1)
    g.ask("bald")
    while not g.over:
        menu = g.question_menu()
        g.guess(sorted(g.mover_suspects)[0] + 1) if not menu else g.ask(menu[0][1])
    m = ChooseAgainModel(g)
    html = m.html()
    assert 'class="gw-again-board"' in html and html.count("<svg") >= 1
    assert "Does your person wear glasses?" not in html.split('gw-again-situation')[1].split("</p>")[0]


def test_the_view_chooses_with_its_menu_and_buttons():
    g = _two_mistakes()
    w = ChooseAgainWidget(g)
    assert [k for _, k in w.menu.options] == ["", "1:3", "2:2", "guess"] and w.buttons["prev"].disabled
    w.buttons["choose"].click()                       # "(choose a move)" selected: the box says so, nothing chosen
    assert NO_MOVE in w.view.value and w.model.status == "choose" and not w.error_messages
    w.menu.value = "2:2"
    w.buttons["choose"].click()
    assert w.model.status == "retry" and "Hint:" in w.view.value and w.menu.value == ""
    assert NO_MOVE not in w.view.value
    w.buttons["answer"].click()
    assert w.model.status == "shown" and w.menu.disabled and w.buttons["choose"].disabled
    w.buttons["next"].click()
    assert w.model.index == 1 and not w.menu.disabled and [k for _, k in w.menu.options] == ["", "1:1", "guess"]


def test_the_review_widget_and_the_play_widget_open_choose_again():
    from guesswho_lib.widgets.play import PlayWidget
    from guesswho_lib.widgets.review import ReviewWidget

    g = _two_mistakes()
    r = ReviewWidget(g)
    r.again_button.click()
    assert r.again is not None and r.again.model.game is g and r.again_button.description == "Close choose again"
    r.again_button.click()
    assert r.again is None and r.again_area.children == ()
    w = PlayWidget("official", board=4, seed=1)
    assert w.again_button.layout.display == "none"            # during the game: not offered
    w.model.toggle_again()
    assert w.model.error and "after the game" in w.model.message
    w.model.click(1)
    w.model.click(2)
    w.model.ask()
    while not w.model.game.over:
        left = sorted(w.model.game.your_suspects)
        w.model.click(left[0] + 1)
        w.model.guess() if len(left) == 1 else w.model.ask()
    assert w.again_button.layout.display == ""
    w.again_button.click()
    assert w.again_view is not None and w.again_area.layout.display == "" and len(w.model.again.again) >= 1
    assert "Choose again: Position 1 of" in w.model.message
    w.model.again_action("choose", "")
    assert w.model.message.endswith(NO_MOVE) and not w.model.error and NO_MOVE in w.again_view.view.value
    w.model.again_action("choose", "1:3")
    assert w.model.again.status == "found" and 'data-best="true"' in w.again_view.view.value
    w.model.new_game()
    assert w.model.again is None and w.again_area.layout.display == "none"
