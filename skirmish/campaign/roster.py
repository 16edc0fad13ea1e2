"""A gang's roster: hiring a model (R-13: budget, 6 models, one leader, hero limits), firing it,
renaming it or giving it a handle (issue #10), and the invalidities recorded on it (R-10, H-07).

Each action takes the ``session`` of the caller's one transaction (``store.transaction``) and
everything else by keyword, checks the rules before it changes anything, writes one append-only
``LogEntry`` (``campaign.logbook``) and returns it. A refusal raises ``CampaignError`` naming its
ruling; the caller's transaction is then rolled back, so the database is unchanged.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from skirmish import limits
from skirmish.campaign import lookup, naming
from skirmish.campaign.equipment import drop_two_handed
from skirmish.campaign.gangs import require_active
from skirmish.campaign.logbook import gang_log, snapshot_before
from skirmish.campaign.models import Gang, Injury, LogEntry, Member, MemberSkill, MemberStatus
from skirmish.campaign.owed import require_between_games
from skirmish.engine.recovery import Invalidity
from skirmish.errors import CampaignError, RulesError, UnknownNameError, named
from skirmish.rules import find_profile, invalid_table
from skirmish.rules.model import Profile, Role
from skirmish.rules.names import normalize
from skirmish.translation import Both, Message

#: R-13: a gang has at most 6 models.
MAX_MODELS = 6


def _limits(gang: Gang, found: Profile) -> tuple[int, Member | None, int]:
    """R-13's limits on hiring ``found`` as ``gang`` stands: the room left on the roster, the
    leader already there when ``found`` is a leader, and the room left within a hero profile's
    "max N" (the roster's room when it has none). ``require_hire`` refuses on them and
    ``hire_room`` counts with them: one reading of the rule."""
    roster = lookup.active_members(gang)
    room = MAX_MODELS - len(roster)
    leader = None
    if found.role is Role.LEADER:
        leader = next((m for m in roster if m.role == Role.LEADER), None)
    same = room
    if found.role is not Role.LEADER and found.max is not None:
        same = found.max - sum(1 for m in roster if m.profile == found.id)
    return room, leader, same


def hire_room(gang: Gang, found: Profile) -> int:
    """How many more models of ``found`` R-13's limits let ``gang`` hire (6 models, one leader,
    a hero profile's "max N"; the price aside): what ``require_hire`` allows, counted."""
    room, leader, same = _limits(gang, found)
    if leader is not None:
        return 0
    return max(0, min(room, 1 if found.role is Role.LEADER else same))


def require_hire(gang: Gang, found: Profile) -> None:
    """R-13: whether ``gang`` as it stands may hire a model of ``found``: room on the roster (6
    models), one leader, a hero profile's "max N" (H-08), the price. The new model's name is
    checked apart. ``hire`` calls it; ``choices.hire_options`` asks it in advance."""
    room, leader, same = _limits(gang, found)
    if room <= 0:
        raise CampaignError(
            Message(
                "R-13: {gang_name!r} already has {max_models} models, the most a gang "
                "may have; fire one first{on_command_line_with_skirmish}.",
                gang_name=gang.name,
                max_models=MAX_MODELS,
                on_command_line_with_skirmish=Message("⟪ with 'skirmish gang fire'¦⟫"),
            )
        )
    if leader is not None:
        raise CampaignError(
            Message(
                "R-13: {gang_name!r} already has a leader ({leader_name!r}); a gang "
                "has at most one.",
                gang_name=gang.name,
                leader_name=leader.name,
            )
        )
    if same <= 0:
        raise CampaignError(
            Message(
                "R-13: {gang_name!r} already has {same} {found_name} (max "
                "{found_max}); H-08 applies hero limits when hiring.",
                gang_name=gang.name,
                same=found.max - same if found.max is not None else 0,
                found_max=found.max,
                found_name=Both(found.name_en, found.name_it),
            )
        )
    if found.cost > gang.treasury:
        raise CampaignError(
            Message(
                "R-13: a {found_name} costs {found_cost}$ but {gang_name!r} has "
                "{gang_treasury}$; the treasury never goes below 0.",
                found_cost=found.cost,
                gang_name=gang.name,
                gang_treasury=gang.treasury,
                found_name=Both(found.name_en, found.name_it),
            )
        )


def hire(session: Session, *, gang: Gang, profile: str, name: str) -> LogEntry:
    """Hire a model of ``profile`` called ``name`` (R-13: budget, 6 models, one leader, hero
    limits, the faction's own profiles or non-player characters where allowed, unique names)."""
    require_active(gang)
    require_between_games(session, gang, "hiring")
    try:
        found = find_profile(profile, faction=gang.faction)
    except RulesError as exc:
        raise lookup.rules_error(exc, "R-13") from None
    name = limits.clean_name(name, "model")
    taken = lookup.name_taken(gang, name)
    if taken is not None:
        raise _name_taken(gang, name, taken, named("name"))
    lookup.refuse_look_alike_model(session, gang, name)
    require_hire(gang, found)
    before = snapshot_before(session, gang)
    member = Member(
        gang_id=lookup.row_id(gang),
        name=name,
        profile=found.id,
        role=found.role.value,
        tiro=found.tiro,
        fred=found.fred,
        rif=found.rif,
        cos=found.cos,
        fama=found.fama,
        fortuna=found.fortuna,
        xp=found.xp,
    )
    gang.members.append(member)
    session.flush()
    for skill in found.skills:
        member.skills.append(MemberSkill(member_id=lookup.row_id(member), skill=skill))
    gang.treasury -= found.cost
    session.add(gang)
    session.flush()
    return gang_log(
        session,
        gang,
        before,
        action="hire",
        member=member,
        details={"profile": found.id, "name": name, "cost": found.cost},
        ruling="R-13",
    )


def fire(session: Session, *, gang: Gang, member: str) -> LogEntry:
    """Dismiss a model: it leaves the roster (no refund) and its equipment goes to the stash."""
    require_active(gang)
    require_between_games(session, gang, "firing")
    model = lookup.member_by_name(gang, member)
    before = snapshot_before(session, gang, model)
    moved = []
    for item in lookup.carried(gang, model):
        item.member_id = None
        item.member = None
        moved.append(item.item)
        session.add(item)
    model.status = MemberStatus.RETIRED
    session.add(model)
    session.flush()
    return gang_log(
        session,
        gang,
        before,
        action="fire",
        member=model,
        details={"name": model.name, "profile": model.profile, "to_stash": moved},
    )


def _name_taken(gang: Gang, name: str, taken: Member, option: str) -> CampaignError:
    """R-13: two models of one gang never share a name, nor a model's name another's handle."""
    if naming.same_name(name, taken.name):
        return CampaignError(
            Message(
                "R-13: {gang_name!r} already has a model called {name!r}; two models "
                "of one gang may not share a name: choose another {option}.",
                gang_name=gang.name,
                name=name,
                option=option,
            )
        )
    return CampaignError(
        Message(
            "R-13: {gang_name!r} already has {taken_name!r}, whose handle is "
            "{taken_handle!r}; two models of one gang may not share a name or a "
            "handle: choose another {option}.",
            gang_name=gang.name,
            taken_name=taken.name,
            taken_handle=taken.handle,
            option=option,
        )
    )


def rename(
    session: Session,
    *,
    gang: Gang,
    member: str,
    name: str | None = None,
    handle: str | None = None,
    clear_handle: bool = False,
) -> LogEntry:
    """Give a model a new ``name`` and/or a short ``handle`` it answers to at the table (issue
    #10; ``""`` or ``clear_handle`` takes the handle away). Names and handles stay unique in the
    gang, compared as players say them (R-13, ``naming.same_name``). Not a between-games action
    (R-23 names none): a handle is often chosen at the table."""
    require_active(gang)
    model = lookup.member_by_name(gang, member)
    if name is None and handle is None and not clear_handle:
        raise CampaignError(
            Message(
                "say what to change of {model_name!r}: a new name, "
                "⟨handle⟩{on_command_line_handle} or ⟨no_handle⟩.",
                model_name=model.name,
                on_command_line_handle=Message("⟪ HANDLE¦⟫"),
            )
        )
    new_name = limits.clean_name(name, "model") if name is not None else model.name
    new_handle = model.handle
    if clear_handle:
        new_handle = None
    elif handle is not None:
        new_handle = limits.clean_handle(handle)
    taken = lookup.name_taken(gang, new_name, besides=model) if name is not None else None
    if taken is not None:
        raise _name_taken(gang, new_name, taken, "NEW_NAME")
    if name is not None:
        lookup.refuse_look_alike_model(session, gang, new_name, besides=model)
    if new_handle is not None:
        taken = lookup.name_taken(gang, new_handle, besides=model)
        if taken is not None:
            raise _name_taken(gang, new_handle, taken, named("handle"))
        lookup.refuse_look_alike_model(session, gang, new_handle, besides=model)
        if naming.same_name(new_handle, new_name):
            raise CampaignError(
                Message(
                    "{new_handle!r} is already the name of {new_name!r}; a handle is a "
                    "shorter name.",
                    new_handle=new_handle,
                    new_name=new_name,
                )
            )
    if new_name == model.name and new_handle == model.handle:
        raise CampaignError(
            Message(
                "{model_name!r} is already called so; nothing to change.", model_name=model.name
            )
        )
    before = snapshot_before(session, gang, model)
    details = {
        "before": model.name,
        "after": new_name,
        "handle_before": model.handle,
        "handle_after": new_handle,
    }
    model.name, model.handle = new_name, new_handle
    session.add(model)
    session.flush()
    return gang_log(session, gang, before, action="member-rename", member=model, details=details)


def injure(session: Session, *, gang: Gang, member: str, injury: str) -> LogEntry:
    """Record an invalidity of the §6.5 table on a model (R-10; a duplicate is refused, H-07)."""
    require_active(gang)
    model = lookup.member_by_name(gang, member)
    table = invalid_table()
    wanted = normalize(injury)
    found = next(
        (
            row
            for row in table
            if wanted in {normalize(n) for n in (row.id, row.name_it, row.name_en, *row.aliases)}
        ),
        None,
    )
    if found is None:
        near = lookup.nearest(injury, [row.id for row in table])
        unknown = UnknownNameError("invalidity", injury, near)
        raise CampaignError(unknown.message)
    if any(row.injury == found.id for row in model.injuries):
        raise CampaignError(
            Message(
                "H-07: {model_name!r} already has {found_name_it}; a duplicate "
                "invalidity is rolled again.",
                model_name=model.name,
                found_name_it=found.name_it,
            )
        )
    before = snapshot_before(session, gang, model)
    model.injuries.append(Injury(member_id=lookup.row_id(model), injury=found.id))
    details: dict[str, Any] = {"injury": found.id}
    if found.id == Invalidity.MANO_MOZZATA:
        details["to_stash"] = drop_two_handed(session, gang, model)
    session.add(model)
    session.flush()
    return gang_log(
        session, gang, before, action="injure", member=model, details=details, ruling="R-10"
    )
