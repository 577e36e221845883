"""The game itself: rules, the exact solver, values at any size, strategies, evaluation, simulation, play.

Data flows one way: :mod:`.rules` (rule sets as data) -> :mod:`.solver` (the exact integer table) ->
:mod:`.any_size` (exact P beyond the table, by the proven strategies) and :mod:`.walk` (strategy against
strategy, exactly) -> :mod:`.strategies`, :mod:`.simulate` (tournaments), :mod:`.play` (a whole game).
"""
