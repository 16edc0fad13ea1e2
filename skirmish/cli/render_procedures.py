"""The terminal's name for ``engine.explain_procedures``: the explanation of a roll is the engine's,
shared with the web's dice roller; the ``roll`` and ``game`` commands import it from here."""

from skirmish.engine.explain_procedure_words import LABELS as LABELS
from skirmish.engine.explain_procedure_words import MESSAGES as MESSAGES
from skirmish.engine.explain_procedures import *  # noqa: F403
