"""What one issue of the Gazette reads from the store, once (``Facts``), and how each model
fell in a game (``Fall``): the turn, by whom, how, and the game event saying so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlmodel import Session

from skirmish.campaign.game.board import events_of, gang_row, gangs_of, models_of
from skirmish.campaign.game.tables import Game, GameEvent, GameGang, GameModel
from skirmish.campaign.gazette_phrases import equipment_word
from skirmish.campaign.luck import Moment
from skirmish.campaign.models import Campaign, Gang, LogEntry
from skirmish.engine.glossary import EventKind
from skirmish.rules.names import normalize

# ------------------------------------------------------------------------------ the facts


@dataclass
class Facts:
    """What one issue reads from the store, once."""

    session: Session
    campaign: Campaign
    lang: str
    entries: list[LogEntry]
    games: list[Game]
    gangs: dict[int, Gang]
    events: dict[int, list[GameEvent]] = field(default_factory=dict)
    models: dict[int, list[GameModel]] = field(default_factory=dict)
    sides: dict[int, list[GameGang]] = field(default_factory=dict)
    moments: tuple[Moment, ...] = ()  # the luck ledger's, of the finished games in the issue

    def gang_name(self, gang_id: int | None) -> str:
        gang = self.gangs.get(gang_id or 0)
        return gang.name if gang is not None else ""

    def game_events(self, game: Game) -> list[GameEvent]:
        if game.id not in self.events:
            self.events[int(game.id or 0)] = events_of(self.session, game)
        return self.events[int(game.id or 0)]

    def game_models(self, game: Game) -> list[GameModel]:
        if game.id not in self.models:
            self.models[int(game.id or 0)] = models_of(self.session, game)
        return self.models[int(game.id or 0)]

    def game_sides(self, game: Game) -> list[GameGang]:
        if game.id not in self.sides:
            self.sides[int(game.id or 0)] = gangs_of(self.session, game)
        return self.sides[int(game.id or 0)]


@dataclass(frozen=True)
class Fall:
    """How a model was eliminated in a game: the turn, by whom, how, and the event saying so."""

    model: GameModel
    gang: str
    turn: int | None
    by: str | None
    how: str  # shot, melee, blast, by, none
    explosive: str
    event: GameEvent | None


def falls_in(facts: Facts, game: Game) -> list[Fall]:
    """The models eliminated in ``game``, in the order they fell, each with the event that
    eliminated it when the game's log has one."""
    models = facts.game_models(game)
    by_id = {m.id: m for m in models}
    gang_of = {gg.id: gang_row(facts.session, gg).name for gg in facts.game_sides(game)}
    found: dict[int, tuple[GameEvent, str, str]] = {}
    for logged in facts.game_events(game):
        for model_id, how, explosive in _eliminated_by(logged, models):
            found.setdefault(model_id, (logged, how, explosive))
    falls = []
    for model in models:
        if not model.eliminated:
            continue
        told = found.get(int(model.id or 0))
        event: GameEvent | None = told[0] if told is not None else None
        how, explosive = (told[1], told[2]) if told is not None else ("none", "")
        by = by_id[model.eliminated_by].name if model.eliminated_by in by_id else None
        if by is None and how != "none":
            how = "none"
        elif by is not None and how == "none":
            how = "by"
        falls.append(
            Fall(model, gang_of.get(model.game_gang_id, ""), model.eliminated_turn, by, how,
                  explosive, event)
        )  # fmt: skip
    return sorted(falls, key=lambda f: (f.event.id if f.event else 1 << 62, f.model.id or 0))


def _eliminated_by(event: GameEvent, models: Sequence[GameModel]) -> list[tuple[int, str, str]]:
    """The models ``event`` eliminated: (game model id, how, the explosive's id)."""
    d = event.details or {}
    named = {normalize(m.name): int(m.id or 0) for m in models}
    action = event.action
    if action == EventKind.ELIMINATE:
        target = (
            int(event.model_id)
            if event.model_id is not None
            else named.get(normalize(str(d.get("model") or "")))
        )
        return [(target, "by", "")] if target else []
    if action in (EventKind.SHOOT, EventKind.MELEE) and d.get("eliminated"):
        target = named.get(normalize(str(d.get("target") or "")))
        how = "shot" if action == EventKind.SHOOT else "melee"
        return [(target, how, "")] if target else []
    if action == EventKind.HIT and d.get("eliminated"):
        target = named.get(normalize(str(d.get("model") or "")))
        if target is None and event.model_id is not None:
            target = int(event.model_id)
        return [(target, "by", "")] if target else []
    if action == EventKind.EXPLOSION:
        hit = []
        for caught in d.get("caught") or []:
            target = named.get(normalize(str(caught.get("model") or "")))
            if target and caught.get("outcome") == "eliminated":
                hit.append((target, "blast", str(d.get("explosive") or "")))
        return hit
    return []


def fall_values(fall: Fall, lang: str) -> dict[str, Any]:
    return {
        "victim": fall.model.name,
        "gang": fall.gang,
        "turn": fall.turn if fall.turn is not None else "?",
        "by": fall.by or "",
        "explosive": equipment_word(fall.explosive, lang).lower() if fall.explosive else "",
    }
