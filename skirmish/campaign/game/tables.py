"""The tables of a game tracked turn by turn (SQLModel, STYLE.md habit 6).

A ``Game`` is one scenario played by two gangs of a campaign. ``GameGang`` is a gang's side and
what happened to it as a whole (retreat, cohesion); ``GameModel`` a model taking part with its
state in the game (COS left, shaken/terrified/prone, eliminated and by whom, FAMA and FORTUNA
spent, R-15); ``GameObjective`` one copy of a scenario objective and who carries it;
``GameEvent`` the append-only log of the game, every action with its dice. Every command writes
its change and its event in one transaction, so a game can be left and resumed at any point.

Rows keep ids (scenario id, objective id, member id), never copies of the rules tables.
"""

# No ``from __future__ import annotations``: SQLModel needs real annotations (see models.py).

from enum import StrEnum
from typing import Any, Protocol

from sqlalchemy import JSON, Column, Index, UniqueConstraint
from sqlmodel import Field

import skirmish.campaign.models  # noqa: F401 - the tables these rows point at
from skirmish.campaign.models import AUTOINCREMENT, Table
from skirmish.engine.glossary import GameStatus


class Retreat(StrEnum):
    """Why a gang left the table: by choice (R-09, infamy test) or failing cohesion (R-08)."""

    VOLUNTARY = "voluntary"
    COHESION = "cohesion"


class Game(Table, table=True):
    """One game of a campaign: its scenario, turn, status and result."""

    __tablename__ = "game"
    __table_args__ = (AUTOINCREMENT,)

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", index=True)
    scenario: str = Field(max_length=40)  # scenario id (rules.scenarios)
    status: str = Field(default=GameStatus.IN_PROGRESS, max_length=16)
    turn: int = 0  # 0 until the first 'game turn'
    winner: str | None = Field(default=None, max_length=8)  # side: good / bad; None: no winner
    reason: str | None = Field(default=None, max_length=120)  # why it ended
    leader_fired: bool = False  # Duello: a leader has fired (restriction lifted)
    started_at: str = Field(max_length=32)
    ended_at: str | None = Field(default=None, max_length=32)
    # Issue #12 (0009): moved on by one by every unit of work that changes the game, undo
    # included (capture.remember), so a phone knows its page is stale
    revision: int = Field(default=0, sa_column_kwargs={"server_default": "0"})


class GameLine(Protocol):
    """A game as its campaign's lists show it: a ``Game``, or a row of those of its columns
    (``listed.games_and_sides``: the campaign page and ``game list`` read their games so,
    issue #23)."""

    @property
    def id(self) -> int | None: ...
    @property
    def scenario(self) -> str: ...
    @property
    def status(self) -> str: ...
    @property
    def turn(self) -> int: ...
    @property
    def winner(self) -> str | None: ...


class GameGang(Table, table=True):
    """A gang in a game: its side, how many models it started with, retreat and infamy."""

    __tablename__ = "game_gang"
    __table_args__ = (UniqueConstraint("game_id", "gang_id", name="uq_game_gang"), AUTOINCREMENT)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    gang_id: int = Field(foreign_key="gang.id", index=True)
    side: str = Field(max_length=8)  # good / bad
    started: int  # models it started the game with
    retreated: str | None = Field(default=None, max_length=16)  # Retreat, or None
    retreat_turn: int | None = None
    infamy_roll: int | None = None  # the die, when rolled at retreat time
    infamy_pending: bool = False  # voluntary retreat whose test the post-game rolls
    # R-21 (0006): the model a gang without a leader named its leader for this game (Duello)
    leader_id: int | None = None  # GameModel id
    # Issue #12 (0009): the verdict this side's player confirmed to end the game (good / bad /
    # draw; end.vote_end), None: no vote
    end_vote: str | None = Field(default=None, max_length=8)


class GameModel(Table, table=True):
    """A model taking part in a game, as it stands now."""

    __tablename__ = "game_model"
    __table_args__ = (AUTOINCREMENT,)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    game_gang_id: int = Field(foreign_key="game_gang.id", index=True)
    member_id: int = Field(foreign_key="member.id", index=True)
    name: str = Field(max_length=80)
    cos_start: int  # COS at the start: −1 when "wounded" in the last game
    wounded_start: bool = False
    cos_left: int
    state: str = Field(default="steady", max_length=16)  # ModelState: steady/shaken/terrified
    prone: bool = False
    # the turn at whose start the state returns to steady (terrified: two turns
    # after it began; Nervi scossi shaken: the next turn); None: it ends otherwise, or never
    state_clears_turn: int | None = None
    eliminated: bool = False
    eliminated_by: int | None = None  # GameModel id of the eliminator (None: unknown/nobody)
    eliminated_turn: int | None = None
    fama_spent: int = 0  # points spent this game only
    fortuna_spent: int = 0
    small_pistol_used: bool = False  # the small pistol's first hit within short range
    # R-20 (0006): a civilian terrified for good, fleeing every turn until it leaves the table;
    # the turn it left (out of the game: neither eliminated nor a casualty)
    fleeing: bool = False
    left_turn: int | None = None
    # Issue #10 (0007): the turn the model last took its turn (§1.8; opportunity fire counts),
    # whether it is mounted, and what it used of its kit this game (rounds, jams, drink, dynamite)
    activated_turn: int | None = None
    mounted: bool = False
    kit: dict[str, Any] = Field(
        default_factory=dict, sa_column=Column(JSON, nullable=False, server_default="{}")
    )


class GameObjective(Table, table=True):
    """One copy of a scenario objective (a loot sack, the prisoner…), its state and carrier."""

    __tablename__ = "game_objective"
    __table_args__ = (AUTOINCREMENT,)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    objective: str = Field(max_length=40)  # objective id of the scenario
    copy_no: int = 1  # 1..count
    state: str = Field(max_length=16)  # ObjectiveState
    carrier: int | None = None  # GameModel id carrying, holding or guarding it
    by: int | None = None  # GameModel id who caused the last change (a kill…)


class GameEvent(Table, table=True):
    """One action of a game, append-only: the turn, who, what, and every die."""

    __tablename__ = "game_event"
    __table_args__ = (Index("ix_game_event_game_id_id", "game_id", "id"), AUTOINCREMENT)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    turn: int
    action: str = Field(max_length=24)
    model_id: int | None = None  # GameModel id acting, if any
    at: str = Field(max_length=32)
    details: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    dice: list[dict[str, Any]] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    # 0007: the game's rows as they were before the action this event begins (None on the
    # action's further events); 'game undo' puts them back
    before: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))


class GamePick(Table, table=True):
    """Issue #12 (0009), §1.8: the model a side laid face down to activate in one round of a
    turn (``picks``); secret until both sides have picked."""

    __tablename__ = "game_pick"
    __table_args__ = (
        UniqueConstraint("game_id", "turn", "round", "side", name="uq_game_pick"),
        AUTOINCREMENT,
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    turn: int
    round: int  # the activation round within the turn, 1-based
    side: str = Field(max_length=8)  # good / bad
    game_model_id: int = Field(foreign_key="game_model.id")
    user_id: int | None = None  # who picked (None: the CLI); no foreign key, as the log's author
    made_at: str = Field(max_length=32)


class GameHandover(Table, table=True):
    """Issue #20 (0011): an action begun on one player's phone that waits for a die or a
    reroll's answer of the other side's model (a save, a panic test, their FAMA or FORTUNA),
    asked on that side's player's phone (``handover``). Nothing of the action is recorded
    until it is whole; this row holds what was typed so far, at most one per game, and lapses
    as soon as anything else moves the game's revision on."""

    __tablename__ = "game_handover"

    game_id: int = Field(primary_key=True, foreign_key="game.id")
    action: str = Field(max_length=24)  # the catalogue's name (commands.model_action)
    values: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    dice: list[int] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    # each reroll's answer: {"at": dice typed when asked, "pay": "fortuna" | "fama[:FRIEND]" | …}
    answers: list[dict[str, Any]] = Field(
        default_factory=list, sa_column=Column(JSON, nullable=False)
    )
    random: bool = False  # "roll the rest for me": the dice still to come are the server's
    key: str = Field(max_length=64)  # the action's idempotency key, recorded once with it
    started_by: int | None = None  # the account that began it (no foreign key, as the log's)
    acting_side: str = Field(max_length=8)  # the side of the phone that began it
    side: str = Field(max_length=8)  # the side whose phone is asked now
    taken_by: int | None = None  # the account whose phone took it over (one phone for both)
    since: int = 0  # dice typed when it came to this side: the ones it may take back
    # what is asked: {"kind": "die" | "answer", "purpose": …, "subject": model name, "face": …}
    asks: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    revision: int  # the game's revision this row was written at: older ones have lapsed
    created_at: str = Field(max_length=32)


class GameConflict(Table, table=True):
    """Issue #24 (0013): an action a phone recorded offline that the server could not confirm
    on its return (``offline_sync``): the game changed meanwhile and the same dice give another
    result, or the action is refused now. Nothing of it was written to the game; it waits here,
    shown to both phones, until one choice settles it (``mine``: recorded on the game as it is
    now; ``discard``)."""

    __tablename__ = "game_conflict"
    __table_args__ = (UniqueConstraint("game_id", "key", name="uq_game_conflict_key"),
                      AUTOINCREMENT)  # fmt: skip

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    key: str = Field(max_length=64)  # the queued action's idempotency key
    user_id: int | None = None  # the account that sent it (no foreign key, as the log's author)
    side: str | None = Field(default=None, max_length=8)  # the acting model's side, if known
    action: str = Field(max_length=24)  # the catalogue's name (commands.model_action)
    fields: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    dice: list[int] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    rest: str = Field(default="none", max_length=8)  # "random" | "none"
    # what the phone showed: {"outcome": {...} | None, "lines": [...]}
    preview: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    revision: int  # the game's revision the phone's action was made on
    made_at: str = Field(max_length=32)  # when the phone made it (its clock)
    # what the server found: {"revision": n, "outcome": {...} | None, "words": {"en", "it"}}
    found: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    status: str = Field(default="open", max_length=8)  # "open" | "settled"
    settled_by: int | None = None  # the account that settled it
    choice: str | None = Field(default=None, max_length=8)  # "mine" | "discard"
    # how it was settled, in both languages: {"en": …, "it": …}
    settled: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    created_at: str = Field(max_length=32)
    settled_at: str | None = Field(default=None, max_length=32)
