"""The game itself: rules, the exact solver, the tree walker, values at any size, strategies, simulation, play.

Data flows one way (each module imports only from those before it):

* :mod:`.rules`       rule sets as data, the moves they allow, and the one step of the game: ``outcomes``
                      (what a move can lead to) and ``win_chance`` (the recurrence, Cushing et al., eq. (1));
* :mod:`.recurrence`  P(n, m) by the fundamental recurrence, one state at a time: the recurrence to read
                      (``gw.recurrence``), which the solver's tables are tested against;
* :mod:`.solver`      the exact integer table A = n*m*P for every state up to N, ``split_A`` (the one value of
                      a question) and the shared, bounded table cache ``cached_solution``;
* :mod:`.walk`        the one walker for strategy trees: ``evaluate`` (strategy against strategy, exactly) and
                      ``best_response_value`` (the best reply to a fixed strategy);
* :mod:`.record`      what every game against the computer keeps: turns, graded moves, skill and luck
                      (shared with the board of faces, :mod:`guesswho_lib.board.play`);
* :mod:`.pages`       a game's review, "why is this the best move?" and "choose again" as HTML, from the templates
                      (what a notebook shows when it evaluates a ``Review``, an ``Explanation`` or a ``ChooseAgain``);
* :mod:`.proven`      which strategy is known optimal under which rule set (by the rule set's content);
* :mod:`.any_size`    exact P(n, m) at any size (``gw.P``), by following the proven strategy with the walker;
* :mod:`.strategies`  ready-made strategies (optimal, halving, ask_one, ...) and the papers' proven ones;
* :mod:`.first_move`  the first-move advantage: the pools that make the game fairest;
* :mod:`.simulate`    tournaments: Monte Carlo win rates drawn from ``rules.outcomes`` beside the exact values;
* :mod:`.continuous`  Nica's Continuous Guess Who played from its rules (Monte Carlo), beside the closed form p_inf;
* :mod:`.play`        a whole game against the computer, every move graded exactly.
"""
