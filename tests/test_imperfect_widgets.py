"""Lesson 07 widgets, headless (guesswho_lib.widgets.imperfect)."""

import pytest

from guesswho_lib.widgets.imperfect import (CHOOSERS, STRATEGIES, FormulaModel, PlayModel, formula_widget,
                                            play_widget)


@pytest.mark.parametrize("strategy, chooser", [
    ("binary search (Theorem 4)", "honest"),
    ("binary search, re-ask after don't know", "ARI adversarial"),
    ("binary code (NATAN, Theorem 5)", "NATAN"),
    ("parity code (ARI, Theorem 8)", "ARI random"),
    ("Hamming code (VAL)", "VAL adversarial"),
    ("optimal liar search (one lie)", "VAL random"),
])
def test_matching_strategy_wins(strategy, chooser):
    m = PlayModel(strategy=strategy, chooser=chooser, secret="Quinn", seed=3)
    m.play_to_end()
    assert m.done and m.correct and len(m.guesser.asked) <= m.guesser.budget
    assert "Guess: Quinn (correct)" in m.html()


def test_adaptive_strategy_cannot_play_natan():
    m = PlayModel(strategy="binary search (Theorem 4)", chooser="NATAN")
    assert m.blocked and "predetermined" in m.message
    m.step()
    assert m.transcript == []


def test_play_widget_headless():
    w = play_widget()
    c = w.controls
    c["strategy"].value = "Hamming code (VAL)"
    c["chooser"].value = "VAL adversarial"
    c["secret"].value = "Tova"
    c["ask"].click()
    assert len(w.model.transcript) == 1 and "<td>1</td>" in c["out"].value
    c["finish"].click()
    assert w.model.correct and "syndrome" in c["out"].value
    c["secret"].value = "Ugo"                      # a new game starts
    assert w.model.transcript == [] and w.model.secret == "Ugo"


def test_formula_widget_headless():
    w = formula_widget()
    w.controls["pick"].value = ("Ugo", "Pavel")
    assert "Is your person bald?" in w.controls["out"].value
    assert FormulaModel(selected=("Ada", "Mira", "Quinn")).question().text == "Does your person have red hair?"


def test_bad_input():
    with pytest.raises(ValueError, match="strategy"):
        PlayModel(strategy="cheat")
    with pytest.raises(ValueError, match="chooser"):
        PlayModel(chooser="nobody")
    with pytest.raises(ValueError, match="name"):
        PlayModel(secret="Zorro")
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
