"""Lesson 07 widgets (guesswho_lib.widgets.imperfect): the models headless, the views by their controls."""

import pytest

from guesswho_lib.widgets.imperfect import (CHOOSERS, STRATEGIES, FormulaModel, FormulaWidget, ImperfectGameModel,
                                            ImperfectGameWidget, formula_widget, play_widget)


@pytest.mark.parametrize("strategy, chooser", [
    ("binary search (Theorem 4)", "honest"),
    ("binary search, re-ask after don't know", "ARI adversarial"),
    ("binary code (NATAN, Theorem 5)", "NATAN"),
    ("parity code (ARI, Theorem 8)", "ARI random"),
    ("Hamming code (VAL)", "VAL adversarial"),
    ("optimal liar search (one lie)", "VAL random"),
])
def test_matching_strategy_wins(strategy, chooser):
    m = ImperfectGameModel(strategy=strategy, chooser=chooser, secret="Quinn", seed=3)
    m.play_to_end()
    assert m.done and m.correct and len(m.guesser.asked) <= m.guesser.budget
    assert "Guess: Quinn (correct)" in m.html()


def test_adaptive_strategy_cannot_play_natan():
    m = ImperfectGameModel(strategy="binary search (Theorem 4)", chooser="NATAN")
    assert m.blocked and "predetermined" in m.message
    m.step()
    assert m.transcript == ()
    m.chooser = "honest"                          # a new setting starts a new game, no longer blocked
    assert not m.blocked and m.message == ""
    m.step()
    assert len(m.transcript) == 1


def test_changing_a_setting_starts_a_new_game():
    m = ImperfectGameModel(strategy="Hamming code (VAL)", chooser="VAL adversarial", secret="Tova")
    m.play_to_end()
    assert m.correct and len(m.transcript) == 9
    v = m.version
    m.secret = "Ugo"
    assert m.transcript == () and m.guess is None and m.version == v + 1
    m.reset()                                     # the same settings, a fresh game
    assert m.transcript == () and m.secret == "Ugo"
    with pytest.raises(ValueError, match="can only change"):
        m.reset(board=None)


def test_play_widget_headless():
    w = play_widget()
    assert isinstance(w, ImperfectGameWidget)
    w.strategy.value = "Hamming code (VAL)"
    w.chooser.value = "VAL adversarial"
    w.secret.value = "Tova"
    w.ask_button.click()
    assert len(w.model.transcript) == 1 and "<td>1</td>" in w.info.value
    w.finish_button.click()
    assert w.model.correct and "syndrome" in w.info.value
    w.secret.value = "Ugo"                         # a new game starts
    assert w.model.transcript == () and w.model.secret == "Ugo" and "<td>1</td>" not in w.info.value
    w.model.set(chooser="NATAN")                   # the model changes: the menus follow
    assert w.chooser.value == "NATAN"


def test_a_button_whose_model_fails_shows_the_error(monkeypatch):
    w = play_widget(ImperfectGameModel())

    def broken():
        raise RuntimeError("the decoder crashed")
    monkeypatch.setattr(w.model, "step", broken)
    w.ask_button.click()
    assert "RuntimeError: the decoder crashed" in w.errors.value and w.error_box.layout.display != "none"


def test_formula_widget_headless():
    w = formula_widget()
    assert isinstance(w, FormulaWidget)
    w.pick.value = ("Ugo", "Pavel")
    assert "Is your person bald?" in w.info.value and w.model.selected == ("Ugo", "Pavel")
    assert FormulaModel(selected=("Ada", "Mira", "Quinn")).question().text == "Does your person have red hair?"


def test_bad_input():
    with pytest.raises(ValueError, match="strategy must be one of"):
        ImperfectGameModel(strategy="cheat")
    with pytest.raises(ValueError, match="chooser must be one of"):
        ImperfectGameModel(chooser="nobody")
    with pytest.raises(ValueError, match="secret must name one of the 24 characters"):
        ImperfectGameModel(secret="Zorro")
    with pytest.raises(TypeError, match="seed must be an integer"):
        ImperfectGameModel(seed=1.5)
    with pytest.raises(ValueError, match="selected must name characters of the board, got 'Zorro'"):
        FormulaModel(selected=("Ada", "Zorro"))
    with pytest.raises(TypeError, match="not a single name"):
        FormulaModel(selected="Ada")
    m = ImperfectGameModel(secret="Mira")
    with pytest.raises(ValueError, match="secret"):
        m.secret = "Zorro"
    assert m.secret == "Mira" and m.opponent is not None
    assert set(STRATEGIES) and set(CHOOSERS)
