"""What an actor may ask to do in a campaign (``Action``), apart from the table that says who may
(``permissions.py``), so that the catalogue of the actions between games (``commands.py``) names
it without loading the store: ``skirmish --help`` lists the gang's commands from the catalogue.
"""

from __future__ import annotations

from enum import StrEnum


class Action(StrEnum):
    """What an actor may ask to do in a campaign."""

    VIEW = "view"  # its pages: standings, gangs, log
    CREATE_GANG = "create-gang"  # found a gang of one's own
    CHANGE_GANG = "change-gang"  # hire, buy, sell, equip, advance, rename, undo
    FIX_RESULTS = "fix-results"  # record and correct games and their post-game; XP by hand
    HOUSE_RULES = "house-rules"  # campaign set
    INVITE = "invite"  # campaign invite
    MEMBERS = "members"  # campaign role, gang owner
    PUBLISH = "publish"  # campaign set-public, campaign address (issue #13)
