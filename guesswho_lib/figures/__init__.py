"""Every figure of the project, regenerated deterministically (``python -m guesswho_lib figures``).

* :mod:`.registry`  the ``@figure`` register, deterministic PNG/PDF saving, the gallery page;
* :mod:`.gallery`   the figures themselves, each built from :mod:`guesswho_lib.plots`.
"""
