"""The post-game sequence (§6.5, §7, §8; R-09, R-10, R-11, H-01, H-02, H-04, H-07, H-09–H-11).

``run_postgame`` goes gang by gang (good side first) through the steps below. Each step is one
campaign ``LogEntry`` with its dice, money and XP before and after and the gang's state before
it, so ``undo GANG`` takes the steps back one at a time, like any other action:

1. ``wounded-healed``: a model that started this game "wounded" (−1 COS) is whole again (R-10).
2. ``recovery``: every model eliminated in the game rolls on the recovery table with its doctor
   (R-10): the gang's own DOTTORE not killed in this game is free, else a bone-setter (5$) or a
   graduate (20$) if chosen and affordable; FORTUNA rerolls a "dead"; an invalid rolls the
   sub-table (H-07); the dead leave the roster and their equipment goes to the stash (H-04).
3. ``game-xp``: +1 XP per enemy model eliminated (R-11) and the winner's bonus (H-02). A
   civilian that left the table (R-20) is neither eliminated (no recovery roll, no XP for
   anyone) nor among the winners still in play.
4. ``income``: the winner's and the loser's money (H-01; a retreat is a loss, a draw pays the
   loser's amount); the gang's games played go up by one (H-03 counts them).
5. ``bounty``: bounty killers gain a share of each model of an outlaw or mexican profile they
   eliminated (H-09, clarified: the profile pays, not the gang that hired it; bounty killers
   marked as outlaws count as outlaws);
   ``outlaw-mark``: one who killed a civilian marks the gang as outlaws for good.
6. ``gambler`` (H-11) and ``marked-cards`` (H-10) for models not eliminated.
7. ``infamy``: after a voluntary retreat, the infamy test (R-09), rolled now unless it was rolled
   when the gang retreated.

A gang's sequence is *done* while any of its steps for the game stands (not undone); running it
again is refused. Undoing every step lets it run again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlmodel import Session, select

from skirmish.campaign import lookup
from skirmish.campaign.equipment import drop_two_handed
from skirmish.campaign.game.board import (
    find_game_gang,
    find_model,
    gang_row,
    gangs_of,
    member_of,
    models_of,
    objectives_of,
    scenario_of,
)
from skirmish.campaign.game.end import result_for
from skirmish.campaign.game.kit import consumed
from skirmish.campaign.game.pending import postgame_done
from skirmish.campaign.game.start import outlaw_marked
from skirmish.campaign.game.tables import Game, GameGang, GameModel, Retreat
from skirmish.campaign.gangs import gang_setting
from skirmish.campaign.logbook import Before, gang_log, snapshot_before
from skirmish.campaign.models import (
    WOUNDED,
    Gang,
    Injury,
    LogEntry,
    Member,
    MemberStatus,
    OwnedItem,
)
from skirmish.campaign.owed import POSTGAME_STEPS
from skirmish.engine.advances import DOTTORE_LAUREATO
from skirmish.engine.dice import DiceSource, Die, RecordingDice, rolling_for
from skirmish.engine.glossary import GameResult, GameStatus
from skirmish.engine.infamy import InfamyLoss, infamy_loss, roll_infamy
from skirmish.engine.recovery import (
    FORTUNA_PURPOSE,
    INVALID_PURPOSE,
    Doctor,
    Invalidity,
    RecoveryOutcome,
    find_doctor,
    roll_recovery,
)
from skirmish.engine.recovery import PURPOSE as RECOVERY_PURPOSE
from skirmish.errors import CampaignError
from skirmish.rules import find_profile
from skirmish.rules.ids import FactionId, ItemId, ProfileId, SkillId
from skirmish.rules.names import normalize
from skirmish.translation import Both, Message

#: Every action the sequence logs.
STEPS = POSTGAME_STEPS
#: H-09: the factions whose models carry a bounty.
WANTED = (FactionId.OUTLAWS, FactionId.MEXICANS)
#: H-11 and H-10: the gambler's skill and the marked cards' item.
GAMBLER = SkillId.GIOCATORE
MARKED_CARDS = ItemId.MARKED_CARDS
#: Skills that make a model a doctor (R-10): the graduate, then the bone-setter.
DOCTOR_SKILLS = (DOTTORE_LAUREATO, SkillId.DOTTORE)
#: Words for "no doctor".
NO_DOCTOR = frozenset({"none", "nessuno", "no"})
#: The dice of a model's recovery (R-10), said at the table's prompt as rolled for it.
RECOVERY_DICE = (RECOVERY_PURPOSE, FORTUNA_PURPOSE, INVALID_PURPOSE)


@dataclass
class PostgameReport:
    """The entries a gang's sequence wrote, in order."""

    gang: str
    result: GameResult
    entries: list[LogEntry] = field(default_factory=list)


def _id(row: Any) -> int:
    assert row.id is not None
    return int(row.id)


def _step(
    session: Session,
    game: Game,
    gang: Gang,
    action: str,
    before: Before,
    *,
    member: Member | None = None,
    details: Mapping[str, Any] | None = None,
    dice: Iterable[Die] = (),
    ruling: str | None = None,
) -> LogEntry:
    session.flush()
    return gang_log(
        session,
        gang,
        before,
        action=action,
        member=member,
        details={"game": game.id, "scenario": game.scenario, **(details or {})},
        dice=dice,
        ruling=ruling,
    )


def _parse_doctors(
    session: Session, game: Game, choices: Mapping[str, str]
) -> dict[str, Doctor | None]:
    """Each model ``--doctor`` names (as players say it: ``find_model``) by its folded name."""
    parsed: dict[str, Doctor | None] = {}
    for name, kind in choices.items():
        key = normalize(kind)
        model = find_model(session, game, name)
        parsed[normalize(model.name)] = None if key in NO_DOCTOR else find_doctor(kind)
    return parsed


def run_postgame(
    session: Session,
    *,
    game: Game,
    dice: DiceSource,
    gang: str | None = None,
    doctors: Mapping[str, str] | None = None,
    infamy_model: str | None = None,
) -> list[PostgameReport]:
    """Run the post-game sequence of an ended game for every gang (or only ``gang``) whose
    sequence is not done yet; ``doctors`` maps a model's name to the doctor hired for its
    recovery roll (``bone-setter``, ``graduate`` or ``none``)."""
    if game.status == GameStatus.IN_PROGRESS:
        raise CampaignError(
            Message(
                "game {game_id} is still being played; end "
                "it{on_command_line_with_skirmish} first.",
                game_id=game.id,
                on_command_line_with_skirmish=Message("⟪ with 'skirmish game end'¦⟫"),
            )
        )
    if game.status == GameStatus.ABANDONED:
        raise CampaignError(
            Message("game {game_id} was abandoned; it has no post-game sequence.", game_id=game.id)
        )
    gangs = gangs_of(session, game)
    if gang is not None:
        gangs = [find_game_gang(session, game, gang)]
    pending = [gg for gg in gangs if not postgame_done(session, game, gg)]
    if not pending:
        who = Message("its gangs") if gang is None else repr(gang)
        raise CampaignError(
            Message(
                "the post-game sequence of game {game_id} was already run for {who}; "
                "{on_command_line_skirmish_undo} its steps back one by one.",
                game_id=game.id,
                who=who,
                on_command_line_skirmish_undo=Message(
                    "⟪'skirmish undo GANG' takes¦undoing the gang's actions takes⟫"
                ),
            )
        )
    chosen = _parse_doctors(session, game, doctors or {})
    return [_one_gang(session, game, gg, dice, chosen, infamy_model) for gg in pending]


def _one_gang(
    session: Session,
    game: Game,
    gg: GameGang,
    dice: DiceSource,
    doctors: Mapping[str, Doctor | None],
    infamy_model: str | None,
) -> PostgameReport:
    gang = gang_row(session, gg)
    result = result_for(game, gg)
    report = PostgameReport(gang.name, result)
    models = models_of(session, game)
    mine = [m for m in models if m.game_gang_id == gg.id]
    report.entries += _used_up(session, game, gang, mine)
    report.entries += _heal(session, game, gang, mine)
    report.entries += _recover(session, game, gang, mine, dice, doctors)
    report.entries += _experience(session, game, gang, gg, mine, models, result)
    report.entries.append(_income(session, game, gang, result))
    report.entries += _bounty(session, game, gang, gg, mine, models)
    report.entries += _gambler(session, game, gang, mine, models, dice)
    report.entries += _marked_cards(session, game, gang, mine, dice)
    if gg.retreated == Retreat.VOLUNTARY:
        report.entries.append(_infamy(session, game, gang, gg, dice, infamy_model))
    return report


# --------------------------------------------------------------------------- steps


def _used_up(session: Session, game: Game, gang: Gang, mine: Sequence[GameModel]) -> list[LogEntry]:
    """What the models used up in the game leaves the roster now, between games (R-23): the
    whisky drunk (§8.3), the dynamite and nitroglycerin thrown (§5.5) (``game.kit``)."""
    entries = []
    for model in mine:
        spent = consumed(model)
        if not spent:
            continue
        member = member_of(session, model)
        before = snapshot_before(session, gang, member)
        gone: list[str] = []
        for item, count in spent.items():
            for row in [i for i in lookup.carried(gang, member) if i.item == item][:count]:
                gang.items.remove(row)
                session.delete(row)
                gone.append(item)
        if gone:
            entries.append(
                _step(session, game, gang, "used-up", before, member=member,
                      details={"items": gone})
            )  # fmt: skip
    return entries


def _heal(session: Session, game: Game, gang: Gang, mine: Sequence[GameModel]) -> list[LogEntry]:
    entries = []
    for model in mine:
        if not model.wounded_start:
            continue
        member = member_of(session, model)
        rows = [i for i in member.injuries if i.injury == WOUNDED]
        if not rows:
            continue
        before = snapshot_before(session, gang, member)
        for row in rows:
            member.injuries.remove(row)
            session.delete(row)
        entries.append(
            _step(session, game, gang, "wounded-healed", before, member=member, ruling="R-10")
        )
    return entries


def _own_doctor(
    session: Session, gang: Gang, patient: Member, dead: set[int]
) -> tuple[Doctor, str] | None:
    best: tuple[Doctor, str] | None = None
    for member in lookup.active_members(gang):
        if member.id == patient.id or member.id in dead:
            continue
        owned = {s.skill for s in member.skills}
        if DOCTOR_SKILLS[0] in owned:
            return Doctor.GRADUATE, member.name
        if DOCTOR_SKILLS[1] in owned and best is None:
            best = (Doctor.BONE_SETTER, member.name)
    return best


def _is_doctor(member: Member) -> bool:
    return any(s.skill in DOCTOR_SKILLS for s in member.skills)


def _recover(
    session: Session,
    game: Game,
    gang: Gang,
    mine: Sequence[GameModel],
    dice: DiceSource,
    doctors: Mapping[str, Doctor | None],
) -> list[LogEntry]:
    eliminated = [m for m in mine if m.eliminated]
    # Doctors roll first: a DOTTORE killed in this game treats nobody afterwards.
    eliminated.sort(key=lambda m: (not _is_doctor(member_of(session, m)), _id(m)))
    duplicate = gang_setting(session, gang, "duplicate-invalidity")
    equipment = gang_setting(session, gang, "dead-equipment")
    dead: set[int] = set()
    entries = []
    for model in eliminated:
        member = member_of(session, model)
        own = _own_doctor(session, gang, member, dead)
        key = normalize(model.name)
        doctor: Doctor | None
        hired = False
        helper: str | None = None
        if key in doctors:
            doctor = doctors[key]
            hired = doctor is not None
            if own is not None and doctor is not None and own[0] is doctor:
                hired, helper = False, own[1]
        elif own is not None:
            doctor, helper = own
        else:
            doctor = None
        fee = doctor.fee if doctor is not None and hired else 0
        if fee > gang.treasury:
            raise CampaignError(
                Message(
                    "R-10: a {doctor} costs {fee}$ but {gang!r} has {treasury}$; choose a "
                    "cheaper doctor or none for {model!r}. Nothing was changed.",
                    doctor=Both(doctor.value, doctor.name_it.lower()) if doctor else "",
                    fee=fee,
                    gang=gang.name,
                    treasury=gang.treasury,
                    model=model.name,
                )
            )
        existing = [i.injury for i in member.injuries if i.injury != WOUNDED]
        with rolling_for(dice, dict.fromkeys(RECOVERY_DICE, model.name)):  # said at the prompt
            rolled = roll_recovery(
                cos=member.cos,
                fortuna=member.fortuna,
                doctor=doctor,
                hired=hired,
                existing_invalidities=existing if duplicate == "reroll" else (),
                dice=dice,
            )
        before = snapshot_before(session, gang, member)
        gang.treasury -= rolled.doctor_fee
        details: dict[str, Any] = {
            "outcome": rolled.outcome.value,
            "table": rolled.table_outcome.value,
            "roll": rolled.roll,
            "total": rolled.total,
            "doctor": doctor.value if doctor else None,
            "doctor_model": helper,
            "fee": rolled.doctor_fee,
            "fortuna_roll": rolled.fortuna_roll,
            "invalidity": None,
            "to_stash": [],
            "eliminated_by": _name(session, model.eliminated_by),
        }
        if rolled.outcome is RecoveryOutcome.DEAD:
            dead.add(_id(member))
            member.status = MemberStatus.DEAD
            details["to_stash"] = _bury(session, gang, member, equipment)
        elif rolled.outcome is RecoveryOutcome.INVALID and rolled.invalidity is not None:
            if rolled.invalidity.value not in existing:
                member.injuries.append(Injury(member_id=_id(member), injury=rolled.invalidity))
                details["invalidity"] = rolled.invalidity.value
                if rolled.invalidity is Invalidity.MANO_MOZZATA:  # no two-handed weapons
                    details["to_stash"] = drop_two_handed(session, gang, member)
        elif rolled.outcome is RecoveryOutcome.WOUNDED:
            member.injuries.append(Injury(member_id=_id(member), injury=WOUNDED))
        session.add(member)
        session.add(gang)
        entries.append(
            _step(
                session,
                game,
                gang,
                "recovery",
                before,
                member=member,
                details=details,
                dice=rolled.dice,
                ruling="R-10",
            )  # fmt: skip
        )
    return entries


def _name(session: Session, model_id: int | None) -> str | None:
    if model_id is None:
        return None
    row = session.get(GameModel, model_id)
    return row.name if row is not None else None


def _bury(session: Session, gang: Gang, member: Member, rule: str) -> list[str]:
    """H-04: a dead model's equipment goes to the stash (or is lost)."""
    moved = []
    for item in list(lookup.carried(gang, member)):
        moved.append(item.item)
        if rule == "stash":
            item.member_id = None
            item.member = None
            session.add(item)
        else:
            gang.items.remove(item)
            session.delete(item)
    session.flush()
    return moved if rule == "stash" else []


def _enemy_kills(model: GameModel, models: Sequence[GameModel]) -> list[GameModel]:
    return [
        m
        for m in models
        if m.eliminated and m.eliminated_by == model.id and m.game_gang_id != model.game_gang_id
    ]


def _experience(
    session: Session,
    game: Game,
    gang: Gang,
    gg: GameGang,
    mine: Sequence[GameModel],
    models: Sequence[GameModel],
    result: GameResult,
) -> list[LogEntry]:
    bonus = int(gang_setting(session, gang, "win-xp")) if result is GameResult.WIN else 0
    entries = []
    for model in mine:
        member = member_of(session, model)
        if member.status != MemberStatus.ACTIVE:
            continue
        kills = len(_enemy_kills(model, models))
        # H-02: the winners still in play; a civilian that left the table is out of
        # the game and earns no XP.
        won = bonus if not model.eliminated and model.left_turn is None else 0
        if kills + won == 0:
            continue
        before = snapshot_before(session, gang, member)
        member.xp += kills + won
        session.add(member)
        entries.append(
            _step(
                session,
                game,
                gang,
                "game-xp",
                before,
                member=member,
                details={"eliminations": kills, "bonus": won},
                ruling="R-11, H-02" if won else "R-11",
            )  # fmt: skip
        )
    return entries


def _income(session: Session, game: Game, gang: Gang, result: GameResult) -> LogEntry:
    key = "win-money" if result is GameResult.WIN else "loss-money"
    amount = int(gang_setting(session, gang, key))
    before = snapshot_before(session, gang)
    gang.treasury += amount
    gang.games_played += 1
    session.add(gang)
    return _step(
        session, game, gang, "income", before, details={"result": result.value, "amount": amount},
        ruling="H-01",
    )  # fmt: skip


def _bounty(
    session: Session,
    game: Game,
    gang: Gang,
    gg: GameGang,
    mine: Sequence[GameModel],
    models: Sequence[GameModel],
) -> list[LogEntry]:
    if gang.faction != FactionId.BOUNTY_KILLERS:
        return []
    entries = []
    percent = int(gang_setting(session, gang, "bounty-percent"))
    victims: list[dict[str, Any]] = []
    civilians: list[str] = []
    for model in mine:
        for victim in _enemy_kills(model, models):
            victim_member = member_of(session, victim)
            victim_gang = session.get(Gang, victim_member.gang_id)
            assert victim_gang is not None
            profile = find_profile(victim_member.profile)
            # H-09 (clarified): the victim's profile carries the bounty, not the gang that hired
            # it; bounty killers marked as outlaws count as outlaws.
            marked = profile.faction == FactionId.BOUNTY_KILLERS and outlaw_marked(
                session, victim_gang
            )
            if profile.faction in WANTED or marked:
                victims.append(
                    {
                        "name": victim.name,
                        "profile": profile.id,
                        "cost": profile.cost,
                        "bounty": profile.cost * percent // 100,
                    }
                )
            if profile.faction == FactionId.NPC:
                civilians.append(victim.name)
    ids = {_id(m) for m in mine}
    scenario = scenario_of(game)
    for row in objectives_of(session, game):
        objective = scenario.objective(row.objective)
        if row.state == "dead" and row.by in ids and _unarmed_civilian(objective.profile):
            civilians.append(objective.id)
    if victims:
        before = snapshot_before(session, gang)
        gang.treasury += sum(v["bounty"] for v in victims)
        session.add(gang)
        entries.append(
            _step(
                session,
                game,
                gang,
                "bounty",
                before,
                details={"victims": victims, "percent": percent},
                ruling="H-09",
            )  # fmt: skip
        )
    if civilians and not outlaw_marked(session, gang):
        before = snapshot_before(session, gang)
        entries.append(
            _step(
                session,
                game,
                gang,
                "outlaw-mark",
                before,
                details={"civilians": civilians},
                ruling="H-09",
            )  # fmt: skip
        )
    return entries


def _unarmed_civilian(profile: str | None) -> bool:
    """Whether a scenario's person has the unarmed civilian's profile (§9.12)."""
    return profile is not None and find_profile(profile).id == ProfileId.UNARMED_CIVILIAN


def _gambler(
    session: Session,
    game: Game,
    gang: Gang,
    mine: Sequence[GameModel],
    models: Sequence[GameModel],
    dice: DiceSource,
) -> list[LogEntry]:
    per_kill = gang_setting(session, gang, "gambler") == "per-kill"
    entries = []
    for model in mine:
        member = member_of(session, model)
        if model.eliminated or GAMBLER not in {s.skill for s in member.skills}:
            continue
        kills = len(_enemy_kills(model, models)) if per_kill else 0
        entries.append(
            _money_dice(session, game, gang, member, dice, "gambler", 1 + kills, "H-11",
                        eliminations=kills)
        )  # fmt: skip
    return entries


def _marked_cards(
    session: Session, game: Game, gang: Gang, mine: Sequence[GameModel], dice: DiceSource
) -> list[LogEntry]:
    count = int(gang_setting(session, gang, "marked-cards-dice"))
    if count == 0:
        return []
    entries = []
    for model in mine:
        member = member_of(session, model)
        carried = [i.item for i in session.exec(
            select(OwnedItem).where(OwnedItem.member_id == member.id)
        ).all()]  # fmt: skip
        if model.eliminated or MARKED_CARDS not in carried:
            continue
        entries.append(
            _money_dice(session, game, gang, member, dice, "marked-cards", count, "H-10")
        )
    return entries


def _money_dice(
    session: Session,
    game: Game,
    gang: Gang,
    member: Member,
    dice: DiceSource,
    action: str,
    count: int,
    ruling: str,
    **details: Any,
) -> LogEntry:
    """``count`` dice rolled for the gang's money, their sum won: the gambler's (H-11) and the
    marked cards' (H-10) step."""
    recorder = RecordingDice(dice)
    with rolling_for(dice, {action.replace("-", " "): member.name}):  # said at the prompt
        faces = [recorder.roll(action.replace("-", " ")) for _ in range(count)]
    before = snapshot_before(session, gang, member)
    gang.treasury += sum(faces)
    session.add(gang)
    return _step(
        session, game, gang, action, before, member=member,
        details={"faces": faces, **details, "amount": sum(faces)}, dice=recorder.dice,
        ruling=ruling,
    )  # fmt: skip


def _infamy(
    session: Session,
    game: Game,
    gang: Gang,
    gg: GameGang,
    dice: DiceSource,
    infamy_model: str | None,
) -> LogEntry:
    roster = lookup.active_members(gang)
    has_fama = any(m.fama > 0 for m in roster)
    has_fortuna = any(m.fortuna > 0 for m in roster)
    rolled: tuple[Die, ...] = ()
    if gg.infamy_roll is None:
        with rolling_for(dice, {"infamy": gang.name}):  # said at the prompt
            result = roll_infamy(has_fama=has_fama, has_fortuna=has_fortuna, dice=dice)
        face, loss, rolled = result.roll, result.loss, result.dice
    else:
        face = gg.infamy_roll
        loss = infamy_loss(face, has_fama=has_fama, has_fortuna=has_fortuna)
    loser: Member | None = None
    point = loss.value
    if loss is not InfamyLoss.NONE:
        holders = [m for m in roster if getattr(m, point) > 0]
        if infamy_model is not None:
            loser = lookup.member_by_name(gang, infamy_model)
            if getattr(loser, point) < 1:
                names = ", ".join(repr(m.name) for m in holders)
                raise CampaignError(
                    Message(
                        "R-09: {loser_name!r} has no {point_upper} to lose; choose one of {names}.",
                        loser_name=loser.name,
                        point_upper=point.upper(),
                        names=names,
                    )
                )
        else:
            # The player's choice; by default the model with the most points of that kind.
            loser = max(holders, key=lambda m: (getattr(m, point), -_id(m)))
    before = snapshot_before(session, gang, loser)
    if loser is not None:
        setattr(loser, point, getattr(loser, point) - 1)
        session.add(loser)
    return _step(
        session, game, gang, "infamy", before, member=loser,
        details={"roll": face, "loss": loss.value, "rolled_at_retreat": not rolled},
        dice=rolled, ruling="R-09",
    )  # fmt: skip
