"""A game's log as players read it (issue #10, item 9): one sentence per event, in the order the
events were recorded, in Italian or English. The sentences are made by
``campaign.game.telling`` (moved there for issue #12, so the web app's live page says the
same); this module keeps the command line's names for them.
"""

from __future__ import annotations

from skirmish.campaign.game.telling import MESSAGES as MESSAGES
from skirmish.campaign.game.telling import sentence as sentence
from skirmish.campaign.game.telling import sentences as sentences
from skirmish.campaign.game.telling import told as told
