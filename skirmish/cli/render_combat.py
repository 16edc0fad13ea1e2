"""The terminal's name for ``engine.explain_combat``: the explanation of a roll is the engine's,
shared with the web's dice roller; the ``roll`` and ``game`` commands import it from here."""

from skirmish.engine.explain_combat import *  # noqa: F403
