"""Headless tests of the play model (Game, PlayModel) and of the widget's wiring."""

import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from guesswho_lib.rules import format_fraction, format_move
from guesswho_lib.game.play import Game
from guesswho_lib.widgets.play import PlayModel, PlayWidget, settings_from_query
from guesswho_lib.rules import GUESS, get_rules
from guesswho_lib.game.solver import solve

RULE_NAMES = ["official", "nica", "tripartite", "merciful"]


def _play_move(g: Game, move):
    """Play ``move`` (GUESS or group sizes) with concrete suspects from the student's pool."""
    pool = [i + 1 for i in g.your_suspects]
    if move is GUESS:
        return g.guess(pool[0])
    if len(move) == 2:
        return g.ask(pool[:move[0]])
    a, b = move[0], move[1]
    return g.ask(pool[:a], pool[a:a + b])


def _after_value(t, rules, n, m, g):
    """The mover's win probability once the answer 'in a group of g' is known (solver, independently)."""
    if rules.one_left_wins and g == 1:
        return Fraction(1)
    return 1 - t.P(m, g)


def _check_history(g: Game):
    """Every recorded number agrees with an independent solver, and the chain of probabilities is consistent."""
    rules = g.rules
    t = solve(max(g.N, 2), rules)
    prev_after = None
    for turn in g.history:
        n, m = turn.state_before
        p_mover = t.P(n, m)
        v_mover = t.value(n, m, turn.move)
        sign = (lambda x: x) if turn.player == "you" else (lambda x: 1 - x)
        assert turn.win_before == sign(p_mover)
        assert turn.move_value == sign(v_mover)
        assert turn.best_value == sign(p_mover)
        assert turn.best_moves == t.optimal_moves(n, m)
        assert (turn.grade == "optimal") == (turn.move in t.optimal_moves(n, m))
        assert isinstance(turn.win_before, Fraction) and isinstance(turn.win_after, Fraction)
        if prev_after is not None:
            assert turn.win_before == prev_after  # the probability carries over from one move to the next
        prev_after = turn.win_after
        # The value of a question is the average over its answers (Cushing et al., equation (1)).
        if turn.move is not GUESS:
            avg = sum(Fraction(gs, n) * _after_value(t, rules, n, m, gs) for gs in turn.move)
            assert avg == v_mover
            assert sorted(len(grp) for grp in turn.groups) == list(turn.move)
            realised = _after_value(t, rules, n, m, len(turn.groups[turn.answer_group]))
            assert turn.win_after == sign(realised) or (g.over and turn is g.history[-1])
    acc = g.accounting()   # skill plus luck adds up exactly
    assert acc["now"] - acc["start"] == -acc["your_cost"] + acc["computer_cost"] + acc["luck"]
    assert acc["your_cost"] >= 0 and acc["computer_cost"] >= 0
    if g.over:
        assert g.history[-1].win_after == (1 if g.winner == "you" else 0)
        assert g.win_probability() == (1 if g.winner == "you" else 0)


@pytest.mark.parametrize("rules", RULE_NAMES)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_full_game_optimal_student(rules, seed):
    g = Game(rules, board=16, seed=seed)
    assert g.state == (16, 16) and g.win_probability() == solve(16, rules).P(16, 16)
    moves = 0
    while not g.over:
        assert g.to_move == "you"
        assert g.computer_secret in g.your_suspects       # the computer answered truthfully
        assert g.your_secret in g.computer_suspects
        turn = _play_move(g, g.best_moves()[-1])
        assert turn.grade == "optimal"
        moves += 1
        assert moves < 40
    _check_history(g)
    text = g.result_text()
    assert ("You win" in text) if g.winner == "you" else ("computer wins" in text)
    with pytest.raises(ValueError, match="game is over"):
        g.guess(1) if get_rules(rules).guess else g.ask([1])


def test_same_seed_same_game_and_computer_first():
    a, b = Game("official", 20, seed=7, you_first=False), Game("official", 20, seed=7, you_first=False)
    assert a.history and a.history[0].player == "computer"
    assert [t.text for t in a.history] == [t.text for t in b.history]
    assert a.history[0].win_before == 1 - solve(20).P(20, 20)


def test_grading_at_4_4():
    g = Game("official", board=4, seed=1)
    assert g.win_probability() == Fraction(9, 16)
    turn = g.ask([1, 2])
    assert turn.grade == "costs you 1/16: best was 1:3"
    assert turn.loss == Fraction(1, 16) and not turn.optimal
    g = Game("official", board=4, seed=1)
    assert g.ask(["3"]).grade == "optimal"   # a name works as well as a number
    assert format_move((1, 3)) == "1:3" and format_fraction(Fraction(3, 4)) == "3/4"


def test_move_values_lists_all_legal_moves():
    g = Game("tripartite", board=9, seed=0)
    vals = g.move_values()
    t = solve(9, "tripartite")
    assert vals == t.all_moves(9, 9)
    assert max(vals.values()) == g.win_probability()
    assert set(g.best_moves()) == {mv for mv, v in vals.items() if v == max(vals.values())}


def test_nica_one_left_wins_at_once():
    g = Game("nica", board=4, seed=3)
    secret = g.computer_secret + 1
    turn = g.ask([secret])                 # a group of one holding the secret: the race is won
    assert g.over and g.winner == "you" and turn.win_after == 1
    with pytest.raises(ValueError, match="guessing is not allowed"):
        Game("nica", board=4, seed=3).guess(1)


def test_merciful_wrong_guess_passes_the_turn():
    g = Game("merciful", board=6, seed=5, computer="halving")
    wrong = next(i for i in g.your_suspects if i != g.computer_secret)
    turn = g.guess(wrong + 1)
    assert turn.answer_group is None and turn.answer == "wrong" and turn.win_after == 1 - solve(6, "merciful").P(6, 5)
    assert wrong not in g.your_suspects and len(g.your_suspects) == 5
    assert "crossed out" in turn.text
    official = Game("official", board=6, seed=5)
    wrong = next(i for i in official.your_suspects if i != official.computer_secret)
    official.guess(wrong + 1)
    assert official.winner == "computer"


def test_paradox_question_and_its_errors():
    g = Game("tripartite", board=12, seed=4)
    turn = g.ask([1, 2, 3], [4, 5, 6])
    assert turn.move == (3, 3, 6) and len(turn.groups) == 3 and "paradox" in turn.text
    g = Game("tripartite", board=6, seed=4)
    with pytest.raises(ValueError, match="overlap"):
        g.ask([1, 2], [2, 3])
    with pytest.raises(ValueError, match="neither"):
        g.ask([1, 2, 3], [4, 5, 6])
    with pytest.raises(ValueError, match="only allowed under the 'tripartite'"):
        Game("official", 6, seed=0).ask([1], [2])


@pytest.mark.parametrize("bad, err, match", [
    ([], ValueError, "empty"),
    ([1, 1], ValueError, "twice"),
    ([0], ValueError, "suspect number must be between 1 and 8"),
    ([9], ValueError, "between 1 and 8"),
    (["Nobody"], ValueError, "no suspect called 'Nobody'"),
    ([True], TypeError, "a suspect must be a name"),
    ("12", TypeError, "list of suspects"),
    (5, TypeError, "list of suspects"),
    (list(range(1, 9)), ValueError, "tells you nothing|would tell you nothing"),
])
def test_bad_questions_are_rejected_clearly(bad, err, match):
    g = Game("official", board=8, seed=0)
    before = (list(g.your_suspects), len(g.history))
    with pytest.raises(err, match=match):
        g.ask(bad)
    assert (list(g.your_suspects), len(g.history)) == before   # nothing changed


def test_ruled_out_suspects_and_turn_errors():
    g = Game("official", board=8, seed=2, computer="halving")
    g.ask([1, 2, 3, 4])
    out = next(i for i in range(8) if i not in g.your_suspects) + 1
    with pytest.raises(ValueError, match="already ruled out"):
        g.ask([out])
    with pytest.raises(ValueError, match="already ruled out"):
        g.guess(out)
    while len(g.your_suspects) > 1 and not g.over:
        g.ask([g.your_suspects[0] + 1])
    if not g.over:
        with pytest.raises(ValueError, match="one suspect left"):
            g.ask([g.your_suspects[0] + 1])
        assert g.guess(g.your_suspects[0] + 1).answer == "right" and g.winner == "you"


@pytest.mark.parametrize("kwargs, err, match", [
    (dict(rules="chess"), ValueError, "unknown rules"),
    (dict(board=1), ValueError, "board must be between 2 and 100"),
    (dict(board=101), ValueError, "board must be between 2 and 100"),
    (dict(board=2.5), TypeError, "board must be an integer"),
    (dict(board="pirates"), ValueError, "board must be a number"),
    (dict(computer="genius"), ValueError, "computer must be"),
    (dict(computer=42), TypeError, "computer must be"),
])
def test_bad_settings(kwargs, err, match):
    with pytest.raises(err, match=match):
        Game(**kwargs)


def test_illegal_computer_strategy_is_named():
    with pytest.raises(ValueError, match="strategy 'silly' returned an illegal move"):
        def silly(n, m):
            return (1, 1)
        Game("official", 6, computer=silly, you_first=False, seed=0)


@given(rules=st.sampled_from(RULE_NAMES), N=st.integers(2, 14), seed=st.integers(0, 10**6),
       choices=st.lists(st.integers(0, 10**6), min_size=60, max_size=60),
       computer=st.sampled_from(["optimal", "halving"]), first=st.booleans())
def test_random_student_games_are_consistent(rules, N, seed, choices, computer, first):
    """Any legal play by the student ends the game, answers are truthful, and every number is exact."""
    g = Game(rules, N, computer=computer, you_first=first, seed=seed)
    r = get_rules(rules)
    for c in choices:
        if g.over:
            break
        pool = [i + 1 for i in g.your_suspects]
        n = len(pool)
        if n == 1 or (r.guess is not None and c % 5 == 0):
            g.guess(pool[c % n])
        elif r.max_parts == 3 and n >= 3 and c % 3 == 0:
            a = 1 + c % (n - 2)
            b = 1 + (c // 7) % (n - a - 1)
            g.ask(pool[:a], pool[a:a + b])
        else:
            g.ask(pool[:1 + c % (n - 1)])
        assert g.computer_secret in g.your_suspects or g.over
        assert g.your_secret in g.computer_suspects or g.over
    assert g.over   # 60 moves are always enough on a board of at most 14
    _check_history(g)


# ---- the click model and the widget ------------------------------------------------------------------------

def test_play_model_clicks():
    m = PlayModel("official", 4, seed=1)
    m.click(1)
    m.click(2)
    assert m.suspect_status(0) == "A" and m.suspect_status(3) == "in"
    m.click(2)                       # a second click takes a suspect out again
    m.click(2)
    turn = m.ask()
    assert turn.grade == "costs you 1/16: best was 1:3"
    assert "costs you 1/16" in m.message and not m.error
    assert m.selection == (frozenset(), frozenset())
    assert "1:3" in m.history_html() and "9/16" in m.history_html()
    m.guess()
    assert m.error and "exactly one" in m.message
    with pytest.raises(ValueError):
        m.set_group(1)               # group B only under tripartite rules
    gone = next(i for i in range(4) if i not in m.game.your_suspects)
    m.click(gone + 1)
    assert m.error and "ruled out" in m.message


@given(rules=st.sampled_from(RULE_NAMES), seed=st.integers(0, 10**6), you_first=st.booleans(),
       sizes=st.lists(st.integers(1, 12), min_size=30, max_size=30))
def test_the_game_messages_read_as_sentences(rules, seed, you_first, sizes):
    """No message ends a list of best moves in "or ...." and no question about one suspect asks "one of 1?"."""
    m = PlayModel(rules, 24, seed=seed, you_first=you_first)
    messages = [m.message]
    for k in sizes:
        if m.game.over:
            break
        pool = sorted(m.game.your_suspects)
        for i in pool[:min(k, max(1, len(pool) // 2))]:
            m.click(i + 1)
        m.guess() if len(pool) == 1 else m.ask()
        messages.append(m.message)
    for text in messages:
        assert "...." not in text, text
        assert not re.search(r"one of [^,?]+\?", text), text


def test_play_model_bad_new_game_keeps_old_game():
    m = PlayModel("official", 6, seed=0)
    old = m.game
    with pytest.raises(ValueError):
        m.new_game(board=1000)
    assert m.game is old and m.board == 6


def test_play_model_changes_are_checked_and_counted():
    m = PlayModel("tripartite", 6, seed=0)
    v = m.version
    m.set_group(1)
    m.click(1)
    assert m.selection == (frozenset(), frozenset({0})) and m.version == v + 2   # one version per click
    with pytest.raises(ValueError, match="group must be between 0 and 1, got 2"):
        m.set_group(2)
    with pytest.raises(ValueError, match="selection must be two groups"):
        m.selection = ({0}, {0})
    assert m.active_group == 1 and m.selection == (frozenset(), frozenset({0})) and m.version == v + 2
    m.new_game(rules="official")                   # group B does not exist there: back to group A
    assert m.active_group == 0 and m.rules == "official"
    with pytest.raises(ValueError, match="group B is for paradox questions, under the tripartite rules only: under "
                                         "the official rules a question has one group, A") as refused:
        m.set_group(1)
    assert "between 0 and 0" not in str(refused.value)


def _shown_text(widget) -> str:
    """Every text the play page shows (HTML widgets anywhere in its tree)."""
    import ipywidgets as W
    out, todo = [], [widget.widget]
    while todo:
        w = todo.pop()
        if isinstance(w, (W.HTML, W.HTMLMath, W.Label)):
            out.append(w.value)
        todo.extend(getattr(w, "children", ()))
    return "\n".join(out)


@pytest.mark.parametrize("button, method", [("ask_button", "ask"), ("guess_button", "guess"),
                                            ("clear_button", "clear"), ("new_button", "new_game")])
def test_an_error_in_a_click_is_shown_on_the_page(monkeypatch, button, method):
    """A callback that raises must show a readable message on the page, not vanish."""
    w = PlayWidget("official", board=8, seed=1)
    w.suspect_buttons[0].click()

    def broken(*args, **kwargs):
        raise RuntimeError(f"{method} is broken")
    monkeypatch.setattr(w.model, method, broken)
    getattr(w, button).click()
    assert f"{method} is broken" in _shown_text(w)
    w.suspect_buttons[1].click()                   # the page goes on working, and the error stays shown
    assert "Group A: 2 selected" in w.message.value and f"{method} is broken" in _shown_text(w)


def test_an_error_in_a_suspect_click_or_a_menu_is_shown(monkeypatch):
    w = PlayWidget("tripartite", board=8, seed=1)

    def broken(*args, **kwargs):
        raise KeyError("no such suspect")
    monkeypatch.setattr(w.model, "click", broken)
    w.suspect_buttons[2].click()
    assert "no such suspect" in _shown_text(w)
    monkeypatch.setattr(w.model, "set", lambda **kw: (_ for _ in ()).throw(ValueError("groups are off")))
    w.group_box.value = 1                          # the toggle is bound to the model: a refused value is shown
    assert "Not accepted: groups are off" in _shown_text(w) and w.group_box.value == 0


def test_widget_plays_a_game_to_the_end_by_clicks():
    w = PlayWidget("tripartite", board=10, seed=3)
    assert not w.group_box.layout.display            # group selector shown under tripartite rules
    for _ in range(40):
        g = w.model.game
        if g.over:
            break
        pool = list(g.your_suspects)
        if len(pool) == 1:
            w.suspect_buttons[pool[0]].click()
            w.guess_button.click()
            continue
        w.group_box.value = 0
        w.suspect_buttons[pool[0]].click()
        if len(pool) >= 3:
            w.group_box.value = 1
            w.suspect_buttons[pool[1]].click()
            assert w.suspect_buttons[pool[1]].style.button_color == "#64b5f6"
        w.ask_button.click()
        assert not w.model.error, w.model.message
    g = w.model.game
    assert g.over and "gw-result" in w.status.value
    assert all(b.disabled for b in w.suspect_buttons) and w.ask_button.disabled
    _check_history(g)
    w.rules_box.value = "nica"
    w.size_box.value = 6
    w.new_button.click()
    assert w.model.game.rules.name == "nica" and len(w.suspect_buttons) == 6
    assert w.guess_button.disabled and w.group_box.layout.display == "none"


def test_character_board():
    pytest.importorskip("guesswho_lib.board.traits")
    from guesswho_lib.board.traits import load_board

    b = load_board()
    m = PlayModel("official", "characters", seed=4)
    assert m.game.names == list(b.names)
    trait = b.traits[0]
    m.select_trait(trait)
    chosen = {m.game.names[i] for i in m.selection[0]}
    assert chosen == set(b.with_trait(trait))
    turn = m.ask()
    assert turn is not None and b.phrase(trait) in turn.text
    first = m.game.your_suspects[0]
    assert all(t in m.suspect_tooltip(first) for t in b.traits_of(b.names[first]))
    m.select_trait("wings")
    assert m.error and "unknown trait" in m.message
    _check_history(m.game)


def test_settings_from_the_address():
    assert settings_from_query("?rules=tripartite&board=12&computer=halving&first=computer&seed=3") == {
        "rules": "tripartite", "board": 12, "computer": "halving", "you_first": False, "seed": 3}
    assert settings_from_query("") == {}
    for bad, match in [("board=x", "board must be"), ("seed=1.5", "seed must be an integer"),
                       ("first=me", "first must be"), ("colour=red", "unknown setting 'colour'")]:
        with pytest.raises(ValueError, match=match):
            settings_from_query(bad)
    w = PlayWidget(model=PlayModel.from_query("rules=nica&board=6&seed=2"))
    assert w.model.game.rules.name == "nica" and w.model.game.N == 6
    w = PlayWidget(model=PlayModel.from_query("rules=nica&board=1", board=8))   # bad: the default game, an error
    assert w.model.error and "board must be between 2 and 100" in w.model.message and w.model.game.N == 8
    assert "board must be between 2 and 100" in w.message.value
