"""Every figure of the project, regenerated deterministically (``python -m guesswho_lib figures``).

* :mod:`.registry`  the ``@figure`` register;
* :mod:`.gallery`   the figures themselves, each built from :mod:`guesswho_lib.plots`;
* :mod:`.build`     deterministic PNG/PDF saving, every figure at once, the gallery page.
"""
