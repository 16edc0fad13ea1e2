"""Exact odds of the combat procedures, by enumeration over the engine's own stage functions.

``dist`` holds the ``Dist`` type and its helpers, ``rerolls`` the expectimax of R-15 rerolls,
``paths`` the brute-force walk over every dice sequence of a procedure (the tests' reference),
and ``combat`` the odds of ``skirmish odds shoot|melee|save|panic|reflex|nerve``.
"""
