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


def test_lesson07_checkers():
    from guesswho_lib.exercises import check, exercises_for
    from guesswho_lib.exercises.lesson07 import ari_character, val_character_and_lie
    assert [e.id for e in exercises_for("07")] == ["07.1", "07.2", "07.3", "07.4", "07.5"]
    assert check("07.1", 5) and not check("07.1", 4) and not check("07.1", "five")
    assert check("07.2", ari_character()) and not check("07.2", "Ada")
    name, lie = val_character_and_lie()
    assert check("07.3", (name, lie)) and not check("07.3", (name, lie % 9 + 1)) and not check("07.3", name)
    assert check("07.4", 8) and not check("07.4", 9) and not check("07.4", 7)
    assert check("07.5", 9) and not check("07.5", 8)


def test_lesson07_3_feedback_for_a_question_number_given_as_text():
    from guesswho_lib.exercises import check
    from guesswho_lib.exercises.lesson07 import val_character_and_lie
    name, lie = val_character_and_lie()
    fb = check("07.3", (name, str(lie)))
    assert not fb.ok and "question number as an int" in fb.message
    fb = check("07.3", (name, lie - 1))          # counted from 0, as the strategies' positions= are
    assert not fb.ok and "count the questions from 1" in fb.message
    assert check("07.3", (name, lie)).ok
