"""The class server: the game page for a whole class, from one light Python process.

``python -m guesswho_apps serve`` starts it (README, "Serving the game to a class").  Every player's game lives in
the server's memory, a :class:`~guesswho_lib.widgets.play.PlayModel` each (no kernel per player); the page is plain
HTML, a small script and a style sheet served from the package, a second view of the same model: it draws the
state the server computes (:func:`guesswho_lib.widgets.play_view.view_state`, the notebook's widget draws from
the same) and sends each click as a small request.

* :mod:`.games`   the games by session, the actions a page may send, the bounds (tested headless);
* :mod:`.app`     the web server (tornado): the page, its files, the actions, the faults a page is told about;
* :mod:`.guard`   who a request is and what one client may do: games and connections per address, a trusted
                  proxy's forwarded address, timeouts, the body limit, the Origin;
* :mod:`.join`    a page's place in a class session;
* :mod:`.session` the class session's store, its writer thread, the notes of the games under way;
* :mod:`.teacher` a class session's teacher's pages: the live tally, for the teacher only (``--class-store``);
* :mod:`.results_view` the lessons' results from the notebooks that joined, and the teacher's lesson view;
* :mod:`.hub`     the server as a JupyterHub service (``--jupyterhub``): who someone is, from the hub.
"""

from .games import BadRequest, ClassRoom, GameFull, GameLost, GameTable

__all__ = ["GameTable", "ClassRoom", "GameFull", "GameLost", "BadRequest"]
