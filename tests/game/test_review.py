"""The review of a game, "why is this the best move?", hints, two players on one screen and best-of-N matches,
all checked against the exact solvers (headless; the page in Chromium is tests/apps/server/test_browser_review.py).

Every number of a review is recomputed here from the solver at the state it belongs to, and every label and mark
from its stated rule, written out again in this file (not read from the library)."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import guesswho_lib as gw
from guesswho_lib.board.play import BoardGame
from guesswho_lib.board.review import explain_board
from guesswho_lib.board.solver import cached_board_solution
from guesswho_lib.game.match import Match, best_of, match_chance
from guesswho_lib.game.play import Game
from guesswho_lib.game.record import COMPUTER, YOU
from guesswho_lib.game.review import Review, explain_move, halvings, move_label
from guesswho_lib.game.solver import solve
from guesswho_lib.papers import nica
from guesswho_lib.rules import GUESS, format_fraction, legal_moves

RULE_NAMES = ["official", "nica", "tripartite", "merciful"]
SOLVERS = {r: solve(14, r) for r in RULE_NAMES}
BOARD = cached_board_solution()


def expected_label(cost: Fraction, best: Fraction) -> str:
    """The thresholds of the module's table, written out again: the share of the mover's chance given away."""
    if cost == 0:
        return "best"
    share = cost / best
    if share < Fraction(1, 20):
        return "good"
    if share < Fraction(1, 8):
        return "inaccuracy"
    if share < Fraction(1, 4):
        return "mistake"
    return "blunder"


# ---- playing games ---------------------------------------------------------------------------------------------
def play_numbered(g: Game, rng: random.Random, hint_every: int = 0):
    """Random legal moves for whoever the game waits for (you, or both players on one screen) until it ends."""
    while not g.over:
        n, m = g.mover_state
        pool = [i + 1 for i in g.mover_suspects]
        if hint_every and rng.randrange(hint_every) == 0:
            g.hint()
        move = rng.choice(list(legal_moves(n, g.rules)))
        if move is GUESS:
            g.guess(rng.choice(pool))
            continue
        rng.shuffle(pool)
        if len(move) == 2:
            g.ask(pool[:move[0]])
        else:
            g.ask(pool[:move[0]], pool[move[0]:move[0] + move[1]])


def play_board(g: BoardGame, rng: random.Random, hint_every: int = 0):
    while not g.over:
        if hint_every and rng.randrange(hint_every) == 0:
            g.hint()
        menu = g.question_menu()
        if g.rules.guess and (not menu or rng.random() < 0.1):
            g.guess(rng.choice(sorted(g.mover_suspects)) + 1)
        else:
            g.ask(rng.choice(menu)[1])


# ---- every number and label of a review against the solver ---------------------------------------------------
def check_review(review: Review, P, value, bold_sizes):
    """``P(turn)``: the mover's exact chance at the state before ``turn``; ``value(turn)``: the value of the move
    played; ``bold_sizes(turn)``: the smaller group of the most even yes/no question there (None if none)."""
    g = review.game
    h = g.history
    assert len(review.moves) == len(h) and len(review.timeline) == len(h) + 1
    for k, (r, t) in enumerate(zip(review.moves, h)):
        assert r.before == r.best == P(t)                      # the mover's chance before the move, exactly
        assert r.value == value(t)
        if k + 1 < len(h):
            assert h[k + 1].player != t.player                 # the turn passes after every move
            after = 1 - P(h[k + 1])
        elif g.over:
            after = Fraction(int(g.winner == t.player))
        else:
            after = 1 - (g.win_probability() if t.player == COMPUTER else 1 - g.win_probability())
        assert r.after == after
        assert review.timeline[k + 1] == (after if t.player == YOU else 1 - after)     # Player 1's chance
        assert review.chance(k + 1, t.player) == after
        assert r.label == expected_label(r.best - r.value, r.best)
        is_guess = t.move is GUESS or getattr(t.move, "kind", None) == "guess"
        sizes = None if is_guess else (tuple(t.move) if t.move is not GUESS and not hasattr(t.move, "kind")
                                       else t.move.sizes)
        expected_marks = set()
        if is_guess:
            expected_marks.add("guess")
        else:
            if len(sizes) == 3:
                expected_marks.add("paradox")
            even = bold_sizes(t)
            if len(sizes) == 2 and even is not None and min(sizes) < even:
                expected_marks.add("bold")
        if after - r.value >= Fraction(1, 10):
            expected_marks.add("lucky")
        if r.value - after >= Fraction(1, 10):
            expected_marks.add("unlucky")
        if t.number in g.hints:
            expected_marks.add("hint")
        assert set(r.marks) == expected_marks, (t, r.marks)
    first = h[0] if h else None
    if first is not None:
        assert review.timeline[0] == (P(first) if first.player == YOU else 1 - P(first))
    a, b = review.summary(YOU), review.summary(COMPUTER)
    acc = g.accounting()
    assert (a["cost"], b["cost"]) == (acc["your_cost"], acc["computer_cost"])
    # skill and luck of both players add up exactly to what happened to Player 1's chance
    assert review.timeline[-1] - review.timeline[0] == -a["cost"] + b["cost"] + a["luck"] - b["luck"]
    assert a["luck"] - b["luck"] == acc["luck"]
    assert sum(a["labels"].values()) == a["moves"] and a["best"] == a["labels"]["best"]
    for player, summary in ((YOU, a), (COMPUTER, b)):      # the accuracy: the product of value / best, move by move
        mine = [r for r in review.moves if r.player == player]
        kept = Fraction(1)
        for r in mine:
            kept *= r.value / r.best if r.best else 1
            assert summary["accuracy"] <= kept <= 1 - r.share + (r.share if not r.best else 0)
        assert summary["accuracy"] == (kept if mine else None)
        assert (summary["accuracy"] == 1) == (bool(mine) and summary["best"] == len(mine))
    check_chance_story(review)


def check_chance_story(review: Review):
    """The sentences of where each player's chance went: no formula of symbols, and the four terms they state add
    up to the change they state, which is the timeline's."""
    import re

    for player in (YOU, COMPUTER):
        text = review.where_the_chance_went(player)
        assert " now - " not in text and "= - " not in text
        change = review.chance(len(review.moves), player) - review.chance(0, player)
        check = text.split("add up to the change exactly: ")[1]
        terms = re.findall(r"(-|\+)?\s*(\d+(?:/\d+)?) \(", check)
        assert len(terms) == 4, text
        total = sum(Fraction(x) * (-1 if sign == "-" else 1) for sign, x in terms)
        stated = re.search(r"= (-?\d+(?:/\d+)?)\.$", check).group(1)
        assert total == Fraction(stated) == change, text


def numbered_checks(g: Game):
    t = SOLVERS[g.rules.name]
    return (lambda turn: t.P(*turn.state_before),
            lambda turn: t.value(*turn.state_before, turn.move),
            lambda turn: turn.state_before[0] // 2 if turn.state_before[0] >= 2 else None)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(RULE_NAMES), st.integers(2, 14), st.integers(0, 10**6),
       st.sampled_from(["optimal", "halving", "human"]), st.booleans())
def test_every_number_and_label_of_a_numbered_review_is_exact(rules, N, seed, computer, you_first):
    g = Game(rules, board=N, computer=computer, you_first=you_first, seed=seed)
    play_numbered(g, random.Random(seed), hint_every=4)
    check_review(Review(g), *numbered_checks(g))


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(["official", "nica"]), st.integers(0, 10**6), st.sampled_from(["optimal", "human"]),
       st.booleans())
def test_every_number_and_label_of_a_board_review_is_exact(rules, seed, computer, you_first):
    sol = cached_board_solution(None, "traits", rules)
    g = BoardGame(rules, computer=computer, you_first=you_first, seed=seed)
    play_board(g, random.Random(seed), hint_every=5)

    def even(turn):
        halves = [min(len(s) for _, s in mv.answers) for mv in sol.moves(*turn.sets_before)
                  if mv.kind == "question" and len(mv.answers) == 2]
        return max(halves) if halves else None
    check_review(Review(g), lambda t: sol.P(*t.sets_before), lambda t: sol.value(*t.sets_before, t.move), even)


def test_labels_follow_the_stated_thresholds_at_their_edges():
    best = Fraction(1)
    for cost, label in [(0, "best"), (Fraction(1, 21), "good"), (Fraction(1, 20), "inaccuracy"),
                        (Fraction(1, 9), "inaccuracy"), (Fraction(1, 8), "mistake"), (Fraction(1, 5), "mistake"),
                        (Fraction(1, 4), "blunder"), (1, "blunder")]:
        assert move_label(cost, best) == label == expected_label(Fraction(cost), best)
    assert move_label(Fraction(1, 16), Fraction(9, 16)) == "inaccuracy"        # halving at (4, 4): a ninth
    assert move_label(Fraction(5, 16), Fraction(9, 16)) == "blunder"           # guessing at (4, 4)
    # the thresholds' justification: how many such moves halve your chance
    assert [halvings(s) for s in (Fraction(1, 20), Fraction(1, 8), Fraction(1, 4), Fraction(1, 2))] == [14, 6, 3, 1]
    for share in (Fraction(1, 20), Fraction(1, 8), Fraction(1, 4), Fraction(1, 3)):
        k = halvings(share)
        assert (1 - share) ** k <= Fraction(1, 2) < (1 - share) ** (k - 1)
    with pytest.raises(ValueError, match="cost must be between 0 and best"):
        move_label(Fraction(2), Fraction(1))
    with pytest.raises(ValueError, match="thresholds must increase"):
        move_label(Fraction(1, 10), 1, thresholds=(Fraction(1, 4), Fraction(1, 8), Fraction(1, 2)))


def test_an_answer_that_moves_the_chance_by_the_stated_amount_is_marked():
    g = _finished(6, board=10)
    moves = Review(g).moves
    assert {r.luck > 0 for r in moves if r.luck} == {True, False}             # lucky and unlucky answers
    for big in moves:
        if big.luck:
            r = Review(g, luck_mark=abs(big.luck)).moves[big.number - 1]     # exactly at the mark: marked
            assert ("lucky" if big.luck > 0 else "unlucky") in r.marks
    with pytest.raises(ValueError, match="luck_mark must be"):
        Review(g, luck_mark=0)


# ---- "why is this the best move?" ----------------------------------------------------------------------------
def test_the_explanation_at_4_4_shows_9_16_against_1_2():
    e = explain_move(4, 4, "2:2")
    assert (e.chance, e.played.value, e.cost, e.share, e.label) == (
        Fraction(9, 16), Fraction(1, 2), Fraction(1, 16), Fraction(1, 9), "inaccuracy")
    assert [o.short for o in e.best] == ["1:3"]
    text = e.text()
    assert "P(4, 4) = 9/16" in text and "wins with probability 1/2 instead of 9/16" in text
    assert "1/4 × 3/4 + 3/4 × 1/2 = 3/16 + 3/8 = 9/16" in text          # the tree's arithmetic
    assert "1/2 × 1/2 + 1/2 × 1/2 = 1/4 + 1/4 = 1/2" in text
    assert "your opponent moves at (4, 1), where they win with probability 1/4" in text
    assert "the extra suspects cost you nothing" in text               # why the bold 1:3 wins at (4, 4)


def test_a_bold_play_under_nica_rules_is_explained():
    assert nica.in_the_weeds(10, 3) == 1 and nica.bold_bid(10, 3) == 2
    e = explain_move(10, 3, (5, 5), "nica")
    t = SOLVERS["nica"]
    assert [o.sizes for o in e.best] == list(t.optimal_moves(10, 3)) == [(2, 8)]
    assert e.played.value == t.value(10, 3, (5, 5)) and e.chance == t.P(10, 3)
    text = e.text()
    assert "Why a bold question?" in text and '"in the weeds"' in text and "Theorem 1.1" in text
    assert f"wins {t.value(10, 3, (2, 8))} against {t.value(10, 3, (5, 5))}" in text
    assert "a player who is behind must take risks to catch up" in text
    # with the upper hand the explanation says why halving, not a gamble
    e = explain_move(20, 20, "1:19", "nica")
    assert nica.upper_hand(20, 20) is not None and "You have the upper hand" in e.text()


def test_guessing_is_explained_where_it_is_right():
    e = explain_move(5, 1, "1:4")
    assert [o.short for o in e.best] == ["guess"] and e.chance == Fraction(1, 5)
    assert "Your opponent has only one suspect left" in e.text() and "Why not a bold" not in e.text()
    e = explain_move(3, 4, None, "merciful")
    assert e.best[0].is_guess and "a wrong guess only crosses that suspect out" in e.text()
    assert "Why not guess?" in explain_move(4, 4, "guess").text()
    e = explain_move(9, 5, None, "tripartite")
    assert e.best[0].sizes == (1, 4, 4) and "Why a paradox question?" in e.text()


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(RULE_NAMES), st.integers(1, 14), st.integers(1, 14), st.data())
def test_every_option_and_every_branch_agree_with_the_solver(rules, n, m, data):
    t = SOLVERS[rules]
    r = gw.RULES[rules]
    if r.one_left_wins and n == m == 1:
        with pytest.raises(ValueError, match="cannot occur"):
            explain_move(n, m, rules=rules)
        return
    if r.terminal_A(n, m) is not None:
        with pytest.raises(ValueError, match="already over"):
            explain_move(n, m, rules=rules)
        return
    moves = list(legal_moves(n, r))
    played = data.draw(st.sampled_from(moves))
    e = explain_move(n, m, played, rules)
    assert {o.sizes for o in e.options} == set(moves)
    for o in e.options:
        assert o.value == t.value(n, m, o.sizes)
        assert sum(b.chance for b in o.branches) == 1
        assert sum(b.chance * b.your_chance for b in o.branches) == o.value
        assert o.arithmetic.endswith(f"= {format_fraction(o.value)}")
        for b in o.branches:
            if b.outcome == "turn passes":
                assert b.your_chance == 1 - t.P(*b.their_state)
    assert {o.sizes for o in e.best} == set(t.optimal_moves(n, m))
    assert e.label == expected_label(e.chance - e.played.value, e.chance)


def test_the_board_explanation_names_the_best_split_and_why_no_trait_does_better():
    everyone = BOARD.everyone
    e = explain_board(BOARD, everyone, everyone, played=next(m for m in BOARD.moves(everyone, everyone)
                                                            if m.text == "Does your person have red hair?"))
    assert e.chance == BOARD.P(everyone, everyone) == Fraction(9, 16)
    assert {o.short for o in e.best} == {m.text for m in BOARD.best_questions(everyone, everyone)}
    assert {o.short: o.value for o in e.options} == {
        ("guess" if m.kind == "guess" else m.text): m.value for m in BOARD.moves(everyone, everyone)}
    text = e.text()
    assert "Why no trait does better" in text and "12:12" in text and "3:21" in text
    assert "If both players could ask about any group of suspects" in text
    assert f"your chance {solve(24).P(24, 24)}" in text                  # the idealised value, for comparison
    assert "Every move, best first: Does your person have brown eyes? (12:12): 9/16" in text
    # a later state: the explanation's values are the board solution's, branch by branch
    g = BoardGame(seed=4)
    play_board(g, random.Random(4))
    for turn in g.history:
        ex = g.explain(turn)
        mine, theirs = turn.sets_before
        assert ex.chance == BOARD.P(mine, theirs) and ex.played.value == BOARD.value(mine, theirs, turn.move)
        for o in ex.options:
            assert sum(b.chance * b.your_chance for b in o.branches) == o.value


# ---- hints -------------------------------------------------------------------------------------------------------
def test_a_hint_costs_nothing_and_is_recorded():
    g = Game("official", board=8, seed=2)
    before = (g.state, len(g.history), g.win_probability())
    e = g.hint()
    assert (g.state, len(g.history), g.win_probability()) == before and g.hints == (1,)
    assert e.chance == g.win_probability() and e.played is None
    g.ask([1, 2, 3])
    r = Review(g)
    assert "hint" in r.moves[0].marks and all("hint" not in x.marks for x in r.moves[1:])
    h = BoardGame(seed=2)
    assert h.hint().best[0].short == BOARD.best_questions(BOARD.everyone, BOARD.everyone)[0].text
    h.ask("glasses")
    assert "hint" in Review(h).moves[0].marks
    g = Game("official", board=4, seed=1, you_first=False)
    while not g.over:
        g.guess(g.your_suspects[0] + 1)
    with pytest.raises(ValueError, match="the game is over"):
        g.hint()


# ---- two players on one screen ----------------------------------------------------------------------------------
def test_two_players_on_one_screen():
    g = Game("official", board=8, computer="human", seed=5)
    assert g.hot_seat and g.player_name(YOU) == "Player 1" and g.player_name(COMPUTER) == "Player 2"
    t1 = g.ask([1, 2, 3, 4])                                  # Player 1
    assert t1.player == YOU and g.to_move == COMPUTER and len(g.history) == 1   # the computer does not reply
    t2 = g.ask([g.mover_suspects[0] + 1])                     # Player 2 asks about one of their own suspects
    assert t2.player == COMPUTER and t2.state_before == (8, 4) and t2.grade.startswith("costs Player 2")
    assert "Player 2 asked: is Player 1's person " in t2.text and "Player 2 has" in t2.text
    with pytest.raises(ValueError, match="Player 1 has already ruled out"):
        g.guess(next(i for i in range(8) if i not in g.your_suspects) + 1)
    play_numbered(g, random.Random(5))
    assert g.result_text().startswith(("Player 1 wins!", "Player 2 wins!"))
    r = Review(g)
    assert {m.name for m in r.moves} == {"Player 1", "Player 2"}
    check_review(r, *numbered_checks(g))
    # on the board of faces nobody's person is named while the game is on
    b = BoardGame("official", computer="human", seed=7)
    while not b.over:
        mover = b.to_move
        hidden = b.names[b.your_secret] if mover == COMPUTER else b.names[b.computer_secret]
        turn = b.ask(b.question_menu()[0][1]) if b.question_menu() else b.guess(b.mover_suspects[0] + 1)
        if not b.over:
            assert f"({hidden})" not in turn.text and turn.player == mover
    with pytest.raises(ValueError, match="computer must be one of"):
        BoardGame(computer="nobody")


# ---- best-of-N matches -------------------------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(st.sampled_from([1, 3, 5, 7, 9]), st.fractions(0, 1, max_denominator=50), st.data())
def test_match_odds_are_the_binomial_sum(games, p, data):
    need = games // 2 + 1
    a = data.draw(st.integers(0, need - 1))
    b = data.draw(st.integers(0, min(need - 1, games - a)))
    left = games - a - b
    direct = sum(comb(left, k) * p ** k * (1 - p) ** (left - k) for k in range(need - a, left + 1))
    assert best_of(games, p, (a, b)) == direct
    assert match_chance([p] * left, games, (a, b)) == direct        # stopping early decides the same winner
    chances = data.draw(st.lists(st.fractions(0, 1, max_denominator=20), min_size=left, max_size=left))
    brute = Fraction(0)                                               # every sequence of results, played out
    for mask in range(2 ** left):
        wins = [(mask >> i) & 1 for i in range(left)]
        pr = Fraction(1)
        for w, q in zip(wins, chances):
            pr *= q if w else 1 - q
        brute += pr * (a + sum(wins) >= need)
    assert match_chance(chances, games, (a, b)) == brute


def test_a_match_counts_games_and_alternates_the_first_player():
    p = solve(8).P(8, 8)
    m = Match(3, p)
    assert m.odds() == p * (1 - p) + p * p * p + (1 - p) * (1 - p) * p       # won-won, won-lost-won, lost-won-won
    assert m.odds() == match_chance([p, 1 - p, p], 3)
    m.record(YOU)
    assert m.score == (1, 0) and not m.you_first_next and m.odds() == (1 - p) + p * p
    assert m.odds(current=Fraction(1)) == 1
    m.record(YOU)
    assert m.over and m.winner == YOU and "won the match" in m.text()
    with pytest.raises(ValueError, match="the match is over"):
        m.record(COMPUTER)
    with pytest.raises(ValueError, match="games must be odd"):
        Match(4)
    with pytest.raises(TypeError, match="exact probability"):
        best_of(3, 0.5)


# ---- the pictures and the page model ------------------------------------------------------------------------
def _finished(seed=1, **kw):
    g = Game("official", board=kw.pop("board", 8), seed=seed, **kw)
    play_numbered(g, random.Random(seed))
    return g


def test_review_model_steps_and_draws_exactly():
    from guesswho_lib.widgets.review import ReviewModel, heatmap_png, path_svg, timeline_svg

    g = _finished(3)
    m = ReviewModel(g)
    T = len(g.history)
    assert m.step == T
    svg = timeline_svg(m.review, T)
    last = f'data-step="{T}" data-p1="{1 if g.winner == YOU else 0}"'
    assert last in svg and svg.count('class="gw-point"') == T + 1
    for r in m.review.moves:
        assert f'data-step="{r.number}" data-p1="{format_fraction(m.review.timeline[r.number])}" ' \
               f'data-label="{r.label}"' in svg
    assert path_svg(m.review).count('class="gw-path-point"') == T
    m.previous()
    assert m.step == T - 1 and f"Move {T - 1} of {T}" in m.html()
    m.first()
    assert "The start." in m.html()
    m.previous()
    assert m.step == 0
    with pytest.raises(ValueError, match=f"step must be between 0 and {T}"):
        m.go(T + 1)
    png = heatmap_png("official", 8)
    from io import BytesIO

    from PIL import Image
    im = Image.open(BytesIO(png)).convert("RGB")
    assert im.size == (8, 8) and im.getpixel((7, 7)) == (253, 231, 37)     # P(1, 8) = 1: the top of viridis


def test_the_play_page_offers_hint_review_two_players_and_a_match():
    from guesswho_lib.widgets.play import PlayWidget

    w = PlayWidget("official", board=8, seed=1, computer="human", best_of=3)
    m = w.model
    assert "Two players on one screen" in w.status.value and w.peek_button.layout.display == ""
    w.hint_button.click()
    assert "Hint: why is the best move best?" in w.hint_box.value and m.game.hints == (1,)
    w.peek_button.click()
    assert "Player 1: your person is" in w.peek_box.value
    secret_p1 = m.game.names[m.game.your_secret]
    while not m.game.over:
        mine = sorted(m.game.mover_suspects)
        if len(mine) == 1:
            m.click(mine[0] + 1)
            m.guess()
        else:
            for i in mine[:len(mine) // 2]:
                m.click(i + 1)
            m.ask()
        assert not m.error, m.message
        assert w.peek_box.value == ""                      # hidden again after every move
    assert "Best of 3" in w.match_box.value and w.next_button.layout.display == ""
    assert m.match.score in ((1, 0), (0, 1))
    w.review_button.click()
    assert m.review_open and w.review_area.layout.display == ""
    view = w.reviewer.view.value
    T = len(m.game.history)
    assert f'data-step="{T}" data-p1="{1 if m.game.winner == YOU else 0}"' in view
    assert "hint" in view and secret_p1 in view          # the review comes after the game: secrets may show
    w.reviewer.buttons[1].click()                          # back one move
    assert f"Move {T - 1} of {T}" in w.reviewer.view.value
    w.next_button.click()
    assert m.game.history == [] and m.game.to_move == COMPUTER and m.match.score != (0, 0)   # Player 2 starts
    assert 'data-step="0"' in w.reviewer.view.value                                      # the review follows
    w.review_button.click()
    assert w.review_area.layout.display == "none"
    m.new_game(best_of=1)
    assert m.match is None and m.match_text() == ""
    with pytest.raises(ValueError, match="best_of must be odd"):
        m.new_game(best_of=4)


# ---- lesson 08: the cells the lead adds to the "review your game" section -----------------------------------------
LESSON_08_CELLS = [
    '''g = Game("official", board=8, computer="optimal", seed=1)
g.hint()                                    # free: why is the best move best here? (the review remembers you asked)
g.ask([1, 2, 3, 4])                         # halving at (8, 8)
while not g.over:                           # then a best move for you every time
    move = g.best_moves()[0]
    mine = [i + 1 for i in g.your_suspects]
    g.guess(mine[0]) if move is gw.GUESS else g.ask(mine[:move[0]])
review = gw.Review(g)
print(review.text())''',
    '''print(review.explanation(1).text())         # why is the best move best at the start? (your first move)''',
    '''gw.widgets.ReviewWidget(g)                  # step back and forth through the game''',
    '''p = gw.solve(24).P(24, 24)                  # the first player's chance in one game on 24 suspects
print("one game:", p, "  best of 5, taking turns to start:", gw.Match(5, p).odds())''',
]


def test_the_lesson_08_cells_run():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    namespace = {"gw": gw, "Game": gw.Game, "plt": plt}
    for cell in LESSON_08_CELLS:
        exec(compile(cell, "<lesson 08>", "exec"), namespace)
    plt.close("all")
    review = namespace["review"]
    assert review.moves[0].label == expected_label(review.moves[0].best - review.moves[0].value, review.moves[0].best)
    assert "hint" in review.moves[0].marks and namespace["g"].over


# ---- the accuracy ------------------------------------------------------------------------------------------------
def test_a_small_games_accuracy_by_hand():
    """Official rules, 4 suspects each; the computer asks about one suspect at a time.  By hand, from equation (1)
    of Cushing et al.:  P(2, 1) = 1/2 (guess; a question hands the opponent their winning guess), P(3, 1) = 1/3,
    P(2, 3) = max(guess 1/2, 1:1 -> 1 - P(3, 1) = 2/3) = 2/3, P(4, 4) = 9/16 with 1:3 and 1/2 with 2:2.
    The student plays 2:2 at (4, 4): share (9/16 - 1/2) / (9/16) = 1/9; the computer asks 1:3 at (4, 2) and keeps
    3; the student guesses at (2, 3): share (2/3 - 1/2) / (2/3) = 1/4.  Accuracy (1 - 1/9) (1 - 1/4) = 8/9 * 3/4
    = 2/3, about 66.7%."""
    for seed in range(100):
        g = Game("official", board=4, computer=gw.strategies.ask_one, seed=seed)
        g.ask([1, 2])
        if not g.over and g.state == (2, 3):
            break
    g.guess(g.your_suspects[0] + 1)
    review = Review(g)
    assert [r.share for r in review.moves if r.player == YOU] == [Fraction(1, 9), Fraction(1, 4)]
    assert review.accuracy(YOU) == Fraction(2, 3) and review.accuracy_words(YOU) == "2/3 (about 66.7%)"
    assert "accuracy 2/3 (about 66.7%)" in review.text()
    from guesswho_lib.widgets.review import summary_html
    assert 'data-player="you" data-accuracy="2/3"' in summary_html(review)
    g = Game("official", board=4, seed=1)           # halving at (4, 4), then best moves: 1 - 1/9 = 8/9
    g.ask([1, 2])
    while not g.over:
        move = g.best_moves()[0]
        mine = [i + 1 for i in g.your_suspects]
        g.guess(mine[0]) if move is GUESS else g.ask(mine[:move[0]])
    assert Review(g).accuracy(YOU) == Fraction(8, 9) and Review(g).accuracy_words(YOU) == "8/9 (about 88.9%)"


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(RULE_NAMES), st.integers(2, 14), st.integers(0, 10**6), st.sampled_from(["optimal", "human"]))
def test_an_all_best_game_scores_exactly_100_percent(rules, N, seed, computer):
    g = Game(rules, board=N, computer=computer, seed=seed)
    rng = random.Random(seed)
    while not g.over:                                   # a best move every time, for whoever moves
        move = rng.choice(g.best_moves())
        mine = [i + 1 for i in g.mover_suspects]
        if move is GUESS:
            g.guess(rng.choice(mine))
        elif len(move) == 2:
            g.ask(mine[:move[0]])
        else:
            g.ask(mine[:move[0]], mine[move[0]:move[0] + move[1]])
    review = Review(g)
    for player in (YOU, COMPUTER):
        a = review.accuracy(player)
        assert a is None or (a == 1 and isinstance(a, Fraction))
        if a is not None:
            assert review.accuracy_words(player) == "1 (100%: every move a best move)"


def test_a_board_of_faces_game_all_best_scores_100_percent():
    g = BoardGame(seed=3)
    while not g.over:
        best = g.best_moves()[0]
        g.guess(sorted(g.your_suspects)[0] + 1) if best.kind == "guess" else g.ask(best.question.traits[0])
    assert Review(g).accuracy(YOU) == 1


def test_accuracy_refuses_a_share_out_of_range():
    from guesswho_lib.game.review import accuracy

    assert accuracy([]) == 1 and accuracy([Fraction(1, 2), Fraction(1, 3)]) == Fraction(1, 3)
    with pytest.raises(ValueError, match="a share must be a fraction between 0 and 1"):
        accuracy([Fraction(3, 2)])


def test_the_review_speaks_to_a_reader_in_words():
    """The summary says where the chance went in sentences, and a move by the other player says who "you" is."""
    from guesswho_lib.widgets.review import move_html, summary_html

    g = Game("official", board=8, computer="optimal", you_first=False, seed=2)
    play_numbered(g, random.Random(2))
    review = Review(g)
    html = summary_html(review)
    assert "at the start and is" in html and " now - " not in html
    text = move_html(review, 1)                     # the computer's move
    assert "Told to" not in text and "This was the computer's move" in text
    assert "&ldquo;you&rdquo; means the computer" in text and "&ldquo;your opponent&rdquo; means you" in text
    assert "You's" not in review.text() and "you's" not in " ".join(r.words() for r in review.moves)


def test_where_the_chance_went_says_nothing_for_no_cost():
    """A side whose moves gave nothing away is told so in words ("gave away nothing"), never "gave away 0 of it"; a
    side whose moves cost something is told how much."""
    g = Game("official", board=4, seed=1)           # halving at (4, 4), then best moves; the computer plays best
    g.ask([1, 2])
    while not g.over:
        mine = [i + 1 for i in g.your_suspects]
        g.guess(mine[0]) if len(mine) == 1 else g.ask(mine[:1] if len(mine) == 3 else mine[:len(mine) // 2])
    review = Review(g)
    yours, theirs = review.where_the_chance_went(YOU), review.where_the_chance_went(COMPUTER)
    assert "Your own moves gave away 1/16 of it." in yours and "The computer's moves gave away nothing." in yours
    assert "The computer's own moves gave away nothing." in theirs and " 0 of it" not in yours + theirs
