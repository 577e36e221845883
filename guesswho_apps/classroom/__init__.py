"""A class session: the games a whole class plays, gathered in one store for the teacher's live tally.

* :mod:`.referee`   a finished game as a record (:func:`game_record`), and the referee that replays a record with
                    the exact solver and refuses anything that does not follow (:func:`replay`);
* :mod:`.dialects`  where the store lives: an SQLite file (the standard library) or a PostgreSQL server, one
                    setting;
* :mod:`.store`     :class:`ClassStore`: sessions (a class code, a teacher's token), the games written safely by
                    many processes at once, reset and deletion;
* :mod:`.summary`   what the teacher's page shows: the (4, 4) activity's two groups against their exact
                    expectations (9/16 and 1/2), every game by settings, the class's costly moves.

The play page's join state (:mod:`guesswho_apps.server.join`) joins a session and records each finished
game; the class server (``python -m guesswho_apps serve --class-store class.db``, :mod:`guesswho_apps.server`)
records its games and shows the teacher's page; ``python -m guesswho_apps class`` starts, lists and deletes
sessions.
"""

from .dialects import LOCK_SECONDS, StoreUnavailable, dialect_for
from .referee import InvalidGame, Replayed, game_record, new_game_id, replay
from .store import (CODE_LENGTH, KEEP_DAYS, MAX_GAMES_PER_PLAYER, OPEN_HOURS, ClassStore, Recorded, Session,
                    SessionError, check_code, check_nickname, new_player_id, readable)
from .summary import ACTIVITY, ACTIVITY_GROUPS, activity_address, expected_win_rates, tally

__all__ = ["ClassStore", "Session", "Recorded", "SessionError", "StoreUnavailable", "InvalidGame", "Replayed",
           "game_record", "replay", "new_game_id", "new_player_id", "check_code", "check_nickname", "dialect_for",
           "tally", "expected_win_rates", "activity_address", "ACTIVITY", "ACTIVITY_GROUPS", "CODE_LENGTH",
           "OPEN_HOURS", "KEEP_DAYS", "MAX_GAMES_PER_PLAYER", "LOCK_SECONDS", "readable"]
