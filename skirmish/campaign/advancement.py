"""Experience and advances (R-11): the XP a model earns, and the advances it spends them on (a
new skill, +1 to a characteristic; a common model gaining FAMA or FORTUNA becomes a hero, H-08).

Each action takes the ``session`` of the caller's one transaction (``store.transaction``) and
everything else by keyword, checks the rules before it changes anything, writes one append-only
``LogEntry`` (``campaign.logbook``) and returns it. A refusal raises ``CampaignError`` naming its
ruling; the caller's transaction is then rolled back, so the database is unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlmodel import Session

from skirmish import limits
from skirmish.campaign import lookup
from skirmish.campaign.gangs import gang_setting, require_active
from skirmish.campaign.logbook import gang_log, snapshot_before
from skirmish.campaign.models import Gang, LogEntry, Member, MemberSkill
from skirmish.campaign.owed import require_between_games
from skirmish.engine.advances import Advance, choose_cacciatore, promotes_to_hero, roll_new_skill
from skirmish.engine.characteristic import HIGHEST
from skirmish.engine.dice import DiceSource, Die
from skirmish.errors import CampaignError, RulesError, UnknownNameError
from skirmish.rules import advance_costs, find_skill, find_weapon, profiles
from skirmish.rules.ids import SkillId
from skirmish.rules.model import Role
from skirmish.rules.names import normalize
from skirmish.translation import Message


def award_xp(session: Session, *, gang: Gang, member: str, xp: int, reason: str = "") -> LogEntry:
    """Record experience a model earned in a game (R-11: +1 per enemy it eliminated, and the
    end-of-game bonus of H-02), or a correction; XP stays within 0–10,000 (``limits.XP``)."""
    limits.XP_CHANGE.check(xp)
    reason = limits.clean_text(reason, "the reason")
    require_active(gang)
    model = lookup.member_by_name(gang, member)
    if model.xp + xp < 0:
        raise CampaignError(
            Message(
                "R-11: {model_name!r} has {model_xp} XP; taking {xp} would leave less than 0.",
                model_name=model.name,
                model_xp=model.xp,
                xp=-xp,
            )
        )
    if model.xp + xp > limits.XP.high:
        raise limits.LimitError(
            Message(
                "R-11: {model_name!r} has {model_xp} XP; adding {xp} would make "
                "{model_xp_xp:,}, more than the {limits_xp_high:,} a model can have.",
                model_name=model.name,
                model_xp=model.xp,
                xp=xp,
                model_xp_xp=model.xp + xp,
                limits_xp_high=limits.XP.high,
            )
        )
    if xp == 0:
        raise CampaignError(Message("R-11: give a number of XP other than 0."))
    before = snapshot_before(session, gang, model)
    model.xp += xp
    session.add(model)
    session.flush()
    return gang_log(
        session, gang, before, action="xp", member=model, details={"xp": xp, "reason": reason},
        ruling="R-11",
    )  # fmt: skip


def _advance(name: str) -> Advance:
    key = normalize(name)
    aliases = {
        "abilita": "skill", "new-skill": "skill", "riflessi": "rif", "freddezza": "fred",
        "costituzione": "cos", "con": "cos", "shooting": "tiro", "nerve": "fred",
        "reflexes": "rif", "fame": "fama", "fortune": "fortuna",
    }  # fmt: skip
    key = aliases.get(key, key)
    try:
        return Advance(key)
    except ValueError:
        options = [a.value for a in Advance]
        unknown = UnknownNameError("advance", name, lookup.nearest(name, options))
        raise CampaignError(unknown.message) from None


def _hero_room(session: Session, gang: Gang) -> None:
    if gang_setting(session, gang, "hero-limits") != "always":
        return
    limit = sum(p.max or 0 for p in profiles(gang.faction) if p.role is Role.HERO)
    heroes = sum(1 for m in lookup.active_members(gang) if m.role == Role.HERO)
    if heroes >= limit:
        raise CampaignError(
            Message(
                "H-08: {gang_name!r} already has {heroes} heroes, its faction's limit, "
                "and this campaign applies hero limits always; choose another advance.",
                gang_name=gang.name,
                heroes=heroes,
            )
        )


def require_advance(session: Session, gang: Gang, model: Member, kind: Advance) -> int:
    """R-11: whether ``model`` may take advance ``kind`` now: no characteristic above 4, the XP
    it costs, and room for one more hero when it promotes a common model (H-08); its cost in
    XP. ``advance`` calls it; ``choices.advance_options`` asks it in advance."""
    cost = advance_costs()[kind.value]
    if kind is not Advance.SKILL:
        before = int(getattr(model, kind.value))
        if before >= HIGHEST:
            raise CampaignError(
                Message(
                    "R-11: {model_name!r} has {kind_label} {before} already, the most a "
                    "characteristic may be; choose another advance.",
                    model_name=model.name,
                    kind_label=kind.label,
                    before=before,
                )
            )
    if model.xp < cost:
        what = (
            Message("a new skill")
            if kind is Advance.SKILL
            else Message("+1 {characteristic}", characteristic=kind.label)
        )
        raise CampaignError(
            Message(
                "R-11: {what} costs {cost} XP but {model_name!r} has {model_xp}.",
                cost=cost,
                model_name=model.name,
                model_xp=model.xp,
                what=what,
            )
        )
    if promotes_to_hero(role=model.role, advance=kind):
        _hero_room(session, gang)
    return cost


def advance(
    session: Session,
    *,
    gang: Gang,
    member: str,
    advance: str,
    dice: DiceSource,
    choices: Sequence[str] = (),
    pick: str | None = None,
) -> LogEntry:
    """Spend XP on an advance (R-11): a new skill (2D6, owned skills rolled again, DOTTORE's
    upgrade, the mountain men's CACCIATORE with ``pick``) or +1 to a characteristic (cap 4); a
    common model gaining FAMA or FORTUNA becomes a hero.

    ``choices`` are weapon types; the one of the skill's kind is recorded for FUCILIERE
    (a rifle), GUERRIERO (a blade) and PISTOLERO (a pistol).
    """
    require_active(gang)
    require_between_games(session, gang, "an advance")
    model = lookup.member_by_name(gang, member)
    kind = _advance(advance)
    if pick is not None and kind is not Advance.SKILL:
        raise CampaignError(Message("R-11: ⟨pick⟩ takes a skill; use it with the 'skill' advance."))
    cost = require_advance(session, gang, model, kind)
    before = None if kind is Advance.SKILL else int(getattr(model, kind.value))
    promoted = promotes_to_hero(role=model.role, advance=kind)
    weapons = [find_weapon(c) for c in choices]
    before_action = snapshot_before(session, gang, model)
    details: dict[str, Any] = {"advance": kind.value, "cost": cost}
    rolled: tuple[Die, ...] = ()
    if kind is Advance.SKILL:
        owned = [s.skill for s in model.skills]
        try:
            if pick is not None:
                if find_skill(pick).id != SkillId.FUCILIERE:
                    raise CampaignError(
                        Message(
                            "R-11: only CACCIATORE (FUCILIERE) may be taken without rolling, by "
                            "mountain men (§9.6), not {pick!r}.",
                            pick=pick,
                        )
                    )
                result = choose_cacciatore(faction=gang.faction, owned=owned)
            else:
                result = roll_new_skill(owned=owned, dice=dice)
        except CampaignError:
            raise
        except RulesError as exc:
            raise lookup.rules_error(exc, "R-11") from None
        rolled = result.dice
        choice: str | None = None
        if result.choice is not None:
            fitting = [w for w in weapons if w.category.value == result.choice]
            if not fitting:
                skill = find_skill(result.skill)
                raise CampaignError(
                    Message(
                        "R-11: {skill_name_it} needs the {result_choice} type it is for: add "
                        "⟨choice⟩ with a {result_choice} (the dice were "
                        "{join_str_d_value_for_d_in_resu}); nothing was changed.",
                        skill_name_it=skill.name_it,
                        result_choice=result.choice,
                        join_str_d_value_for_d_in_resu=(
                            ", ".join(str(d.value) for d in result.dice) or Message("not rolled")
                        ),
                    )
                )
            choice = fitting[0].id
        replaced = next((s for s in model.skills if s.skill == result.replaces), None)
        if replaced is not None:
            replaced.skill = result.skill
            session.add(replaced)
        else:
            model.skills.append(
                MemberSkill(member_id=lookup.row_id(model), skill=result.skill, choice=choice)
            )
        details.update(
            skill=result.skill,
            choice=choice,
            replaces=result.replaces,
            chosen=result.chosen,
            rolls=[[r.faces[0], r.faces[1], r.slot, r.skill] for r in result.rolls],
        )
    else:
        assert before is not None
        setattr(model, kind.value, before + 1)
        details.update(before=before, after=before + 1)
        if promoted:
            model.role = Role.HERO.value
    details["promoted"] = promoted
    model.xp -= cost
    session.add(model)
    session.flush()
    return gang_log(
        session, gang, before_action, action="advance", member=model, details=details,
        dice=rolled, ruling="R-11",
    )  # fmt: skip
