"""Games as the play page makes them, for the class-session tests (tests/apps/classroom/test_classroom.py,
tests/apps/server/test_class_session.py)."""

from __future__ import annotations

import random

from guesswho_lib.game.play import Game
from guesswho_lib.rules import GUESS


def play_out(game, rng: random.Random):
    """Finish ``game`` with random legal moves of the student (any group, sometimes a guess)."""
    while not game.over:
        mine = list(game.mover_suspects)          # hot-seat: the player to move's
        if game.asks_from_menu:
            if len(mine) == 1 or (game.rules.guess and rng.random() < 0.1):
                game.guess(rng.choice(mine) + 1)
            else:
                game.ask(rng.choice(game.question_menu())[1])
            continue
        if game.rules.guess and (len(mine) == 1 or rng.random() < 0.2):
            game.guess(rng.choice(mine) + 1)
        elif game.rules.max_parts == 3 and len(mine) >= 3 and rng.random() < 0.4:
            a, b = sorted(rng.sample(range(1, len(mine)), 2))
            rng.shuffle(mine)
            game.ask([i + 1 for i in mine[:a]], [i + 1 for i in mine[a:b]])
        else:
            rng.shuffle(mine)
            game.ask([i + 1 for i in mine[:rng.randint(1, len(mine) - 1)]])
    return game


def activity_game(seed: int, first: str):
    """A (4, 4) activity game: the student's first question is 1:3 or 2:2, then they play on at random."""
    g = Game("official", board=4, computer="optimal", you_first=True, seed=seed)
    g.ask([1] if first == "1:3" else [1, 2])
    return play_out(g, random.Random(seed))


def as_if_drawn(record: dict) -> dict:
    """The record of a game whose secret persons were drawn at random (the tests fix them with a seed, to know
    the tally; a seeded game of a page is left out of the tally's figures)."""
    return {**record, "seeded": False}


def best_play(game, rng: random.Random):
    """Finish ``game`` with a best move for whoever the game waits for (ties broken by ``rng``)."""
    while not game.over:
        move = rng.choice(game.best_moves())
        mine = sorted(game.mover_suspects)
        rng.shuffle(mine)
        if move is GUESS:
            game.guess(mine[0] + 1)
        else:
            game.ask([i + 1 for i in mine[:move[0]]],
                     [i + 1 for i in mine[move[0]:move[0] + move[1]]] if len(move) == 3 else None)
    return game


def activity_best_game(seed: int, first: str):
    """A (4, 4) activity game: the student's first question is 1:3 or 2:2, then both sides play their best."""
    g = Game("official", board=4, computer="optimal", you_first=True, seed=seed)
    g.ask([1] if first == "1:3" else [1, 2])
    return best_play(g, random.Random(seed))


#: The shipped sample of a class (guesswho_lib/data/class_sample/): 24 students play the (4, 4) activity 4 times
#: each (the first 12 ask about one suspect first, the others split two and two; best play afterwards), two
#: students play on the characters' board at random, and one pair plays two games on one screen (left out).
SAMPLE_STUDENTS, SAMPLE_GAMES_EACH = 24, 4
SAMPLE_START = "2026-01-05T09:00:00+00:00"


def sample_class(store, start=None):
    """Play the sample class's games and record them in ``store`` (a ClassStore) in a new session, one a minute
    from ``start``; returns (the session's code, the games in the order recorded)."""
    from datetime import datetime, timedelta

    from guesswho_apps.classroom import game_record
    from guesswho_lib.board.traits import load_board

    start = datetime.fromisoformat(start or SAMPLE_START)
    code = store.start_session(now=start).code
    rng = random.Random(2026)
    played = []
    for student in range(SAMPLE_STUDENTS):
        player, first = f"{student + 1:016x}", "1:3" if student < SAMPLE_STUDENTS // 2 else "2:2"
        for k in range(SAMPLE_GAMES_EACH):
            played.append((player, activity_best_game(1000 * student + k, first)))
    for student in (SAMPLE_STUDENTS, SAMPLE_STUDENTS + 1):
        for _ in range(2):
            g = Game("official", board=load_board(), computer="optimal", seed=rng.randrange(10**6))
            played.append((f"{student + 1:016x}", play_out(g, rng)))
    for _ in range(2):
        g = Game("official", board=4, computer="human", seed=rng.randrange(10**6))
        played.append((f"{SAMPLE_STUDENTS + 3:016x}", play_out(g, rng)))
    for minute, (player, g) in enumerate(played):
        record = as_if_drawn(game_record(g, game_id=f"{minute + 1:032x}"))
        store.record_game(code, player, f"student {int(player, 16)}", record, now=start + timedelta(minutes=minute))
    return code, [g for _, g in played]
