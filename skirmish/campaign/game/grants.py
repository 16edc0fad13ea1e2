"""What an actor may ask to do in a game (``GameAction``), apart from the table that says who may
(``permissions.py``), so that the catalogue of actions (``commands.py``) names it without
loading the store: ``skirmish --help`` lists the game's commands from the catalogue.
"""

from __future__ import annotations

from enum import StrEnum


class GameAction(StrEnum):
    """What an actor may ask to do in a game."""

    WATCH = "watch"  # the live page, the board, the log
    ACT = "act"  # pick, activate, shoot, fight, move… with a model of the side
    RECORD_AT = "record-at"  # record the other side's attack on a model of the side
    OWN_DICE = "own-dice"  # enter the dice of the side's saves and panic tests
    NEW_TURN = "new-turn"
    INITIATIVE = "initiative"  # roll it when both picks are revealed (§1.8, R-07)
    VOTE_END = "vote-end"  # confirm a verdict for the side (``end.vote_end``)
    END = "end"  # end the game with a verdict, or abandon it, without the votes
    UNDO = "undo"  # take back the game's last action
    POSTGAME = "postgame"  # the post-game sequence of the side's gang
    OFFLINE = "offline"  # send actions recorded offline, see and settle their conflicts (#24)
