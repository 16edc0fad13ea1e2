"""A model of a game read from the store as the engine sees it (issue #9): ``combatant`` reads a
model once, its roster and its game, into the pure ``engine.combatant.Combatant`` (issue #24
moved everything that needs no ``Session`` there: the inputs, the weapon picked, the setup).
"""

from __future__ import annotations

from sqlmodel import Session, col, select

from skirmish.campaign import lookup
from skirmish.campaign.game.tables import GameEvent, GameModel
from skirmish.campaign.models import Gang, Member
from skirmish.engine import combatant as pure
from skirmish.engine.combatant import Ally, Combatant
from skirmish.engine.glossary import EventKind
from skirmish.engine.recovery import Invalidity
from skirmish.engine.setup import SkillTaken
from skirmish.rules.model import ModelState, Weapon
from skirmish.translation import Message


def pick_weapon(
    model: Combatant, name: str | None, *, fight: bool, range_u: float | None = None
) -> Weapon | None:
    """The weapon ``model`` uses (``engine.combatant.pick_weapon``), a refusal saying how to
    give it one between games as the front end at work says it."""
    equip = Message("⟪ with 'skirmish gang equip'¦⟫")
    return pure.pick_weapon(model, name, fight=fight, range_u=range_u, equip=equip)


# ---------------------------------------------------------------------------- from the store


def drank_whisky(session: Session, model: GameModel) -> bool:
    """Whether ``model`` drank its whisky in its game (a ``drink`` event, §8.3)."""
    found = session.exec(
        select(GameEvent.id).where(
            GameEvent.game_id == model.game_id,
            GameEvent.action == EventKind.DRINK,
            GameEvent.model_id == model.id,
        )
    ).first()
    return found is not None


def whisky_drinkers(session: Session, game_id: int | None) -> set[int | None]:
    """The models of game ``game_id`` that drank their whisky (``drank_whisky`` of them all,
    in one query: issue #23)."""
    found = session.exec(
        select(GameEvent.model_id).where(
            GameEvent.game_id == game_id, GameEvent.action == EventKind.DRINK
        )
    ).all()
    return set(found)


def combatant(session: Session, model: GameModel) -> Combatant:
    """``model`` of a game, read once from the roster and the game (no row is locked)."""
    member = session.get(Member, model.member_id)
    gang = session.get(Gang, member.gang_id) if member is not None else None
    assert member is not None and gang is not None
    mates = session.exec(
        select(GameModel).where(
            GameModel.game_gang_id == model.game_gang_id,
            GameModel.id != model.id,
            col(GameModel.eliminated).is_(False),
            col(GameModel.left_turn).is_(None),
        )
    ).all()
    allies = []
    for mate in mates:
        row = session.get(Member, mate.member_id)
        assert row is not None
        allies.append(Ally(row.profile, row.fred, ModelState(mate.state)))
    known = {i.value for i in Invalidity}
    return Combatant(
        name=model.name,
        profile=member.profile,
        tiro=member.tiro,
        fred=member.fred,
        rif=member.rif,
        cos_left=model.cos_left,
        skills=tuple(SkillTaken(s.skill, s.choice) for s in member.skills),
        injuries=frozenset(Invalidity(i.injury) for i in member.injuries if i.injury in known),
        carried=tuple(i.item for i in lookup.carried(gang, member)),
        state=ModelState(model.state),
        prone=model.prone,
        drank_whisky=drank_whisky(session, model),
        small_pistol_used=model.small_pistol_used,
        mounted=model.mounted,
        allies=tuple(allies),
    )
