"""The terminal's name for ``engine.explain_procedures``: the explanation of a roll is the engine's,
shared with the web's dice roller; the ``roll`` and ``game`` commands import it from here."""

from skirmish.engine.explain_procedures import *  # noqa: F403
from skirmish.engine.explain_procedures import LABELS as LABELS
from skirmish.engine.explain_procedures import MESSAGES as MESSAGES
