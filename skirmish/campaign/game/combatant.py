"""A model of a game read from the store as the engine sees it (issue #9): ``combatant`` reads a
model once, its roster and its game, into the pure ``engine.combatant.Combatant`` (issue #24
moved everything that needs no ``Session`` there: the inputs, the weapon picked, the setup).
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from skirmish.campaign import lookup
from skirmish.campaign.game.board import load_collections, member_of, models_of
from skirmish.campaign.game.tables import Game, GameEvent, GameModel
from skirmish.campaign.lookup import row_id
from skirmish.campaign.models import Gang, Injury, Member, MemberSkill
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
    game = session.get(Game, model.game_id)
    assert game is not None
    return combatants(session, game, [model])[row_id(model)]


def _made(
    model: GameModel, member: Member, gang: Gang, *, skills: tuple[SkillTaken, ...],
    injuries: frozenset[Invalidity], drank: bool, allies: tuple[Ally, ...],
) -> Combatant:  # fmt: skip
    """The engine's model from its rows (``combatant`` reads them one model at a time,
    ``combatants`` a whole game's at once)."""
    return Combatant(
        name=model.name,
        profile=member.profile,
        tiro=member.tiro,
        fred=member.fred,
        rif=member.rif,
        cos_left=model.cos_left,
        skills=skills,
        injuries=injuries,
        carried=tuple(i.item for i in lookup.carried(gang, member)),
        state=ModelState(model.state),
        prone=model.prone,
        drank_whisky=drank,
        small_pistol_used=model.small_pistol_used,
        mounted=model.mounted,
        allies=allies,
    )


def combatants(
    session: Session, game: Game, only: Sequence[GameModel] | None = None
) -> dict[int, Combatant]:
    """Every model of ``game`` still in play (or the models ``only`` names: a shot's two, issue
    #23) as the engine sees it, by the model's id, in a few queries whatever the number of
    models (the offline kit of each board, issue #24): the game's rows once per unit of work
    (``board``), their allies among them, the skills, the injuries, the whisky drunk and the
    gangs' items once each."""
    models = models_of(session, game)
    playing = [m for m in models if not m.eliminated and m.left_turn is None]
    wanted = playing if only is None else list(only)
    members = {row_id(m): member_of(session, m) for m in models}
    for model in wanted:
        members.setdefault(row_id(model), member_of(session, model))
    ids = [members[row_id(m)].id for m in wanted]
    skills: dict[int | None, list[SkillTaken]] = {}
    for skill in session.exec(
        select(MemberSkill).where(col(MemberSkill.member_id).in_(ids)).order_by(col(MemberSkill.id))
    ).all():
        skills.setdefault(skill.member_id, []).append(SkillTaken(skill.skill, skill.choice))
    known = {i.value for i in Invalidity}
    injuries: dict[int | None, set[Invalidity]] = {}
    for injury in session.exec(select(Injury).where(col(Injury.member_id).in_(ids))).all():
        if injury.injury in known:
            injuries.setdefault(injury.member_id, set()).add(Invalidity(injury.injury))
    drinkers = whisky_drinkers(session, game.id)
    gangs: dict[int, Gang] = {}
    for model in wanted:
        gang = session.get(Gang, members[row_id(model)].gang_id)
        assert gang is not None
        gangs[row_id(model)] = gang
    load_collections(session, list({id(g): g for g in gangs.values()}.values()), "items")
    found: dict[int, Combatant] = {}
    for model in wanted:
        member = members[row_id(model)]
        allies = tuple(
            Ally(members[row_id(m)].profile, members[row_id(m)].fred, ModelState(m.state))
            for m in playing
            if m.game_gang_id == model.game_gang_id and m.id != model.id
        )
        found[row_id(model)] = _made(
            model, member, gangs[row_id(model)],
            skills=tuple(skills.get(member.id, ())),
            injuries=frozenset(injuries.get(member.id, ())),
            drank=model.id in drinkers,
            allies=allies,
        )  # fmt: skip
    return found
