"""The game's other actions that roll dice, worked out on the phone offline (issue #24), and the
offline kit read as the engine's figures (``engine.offline`` previews a shot or a fight with
them too).

``work_out(kit, request, dice)`` takes the request of ``engine.offline`` for ``mount``,
``dismount``, ``lasso``, ``explosive``, ``hit``, ``eliminate``, ``retreat`` or ``turn`` (the
catalogue's action names, the fields as its API takes them) and rolls it with the very functions the
server's services call (``engine.table_actions``): the same checks, the same dice asked in the
same order, the same record (``HorseTest``, ``LassoResult``, ``Thrown``, ``Fallen``,
``Retreated``; for beginning the next turn, ``engine.cohesion.TurnBegun``: the cohesion tests due,
R-08, from the kit's ``gangs`` read by ``GangCohesion`` as the server's ``new_turn`` reads its
rows), which ``engine.outcome`` turns into what the sync compares. ``lines`` says it in a
language.

What the preview cannot know offline, where the server's replay decides (docs/web.md): the
rerolls with FAMA and FORTUNA (R-15); a model named twice in a blast, or one that has left the
table since; who is the friend of whom beyond the gang's side (R-19 is checked on the kit's
profiles and roles); at a new turn, whether the game ends first (its turn limit, its end
conditions), the states that end, Il comizio's scripted first turn and a failed test's reroll
with FAMA; anything changed since the kit was taken.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from skirmish.engine.cohesion import GangCohesion, Leader, TurnBegun, begin_turn
from skirmish.engine.combatant import Combatant
from skirmish.engine.dice import RandomDice, TableDice, rolling_for
from skirmish.engine.explain_combat import panic_lines
from skirmish.engine.explain_procedures import (
    cohesion_lines,
    explosion_lines,
    infamy_lines,
    lasso_lines,
)
from skirmish.engine.explain_procedures import reflex_lines as reflex_said
from skirmish.engine.explosion import Explosive, find_explosive
from skirmish.engine.glossary import Pace, label, parse
from skirmish.engine.lasso import LassoResult
from skirmish.engine.situation_fields import field_flag, read_number
from skirmish.engine.table_actions import (
    Caught,
    Fallen,
    Friend,
    HorseTest,
    Retreated,
    Thrown,
    blast_roll,
    caught_from,
    check_friend,
    check_horse,
    check_lasso,
    check_left,
    check_throw,
    check_wounds,
    default_explosive,
    friend_panic,
    friend_reaction,
    horse_test,
    in_blast,
    lasso_throw,
    light,
    may_step,
    retreat_roll,
    wounded,
)
from skirmish.errors import RulesError
from skirmish.rules import find_weapon
from skirmish.rules.model import ModelState, Reaction, Role
from skirmish.rules.names import normalize
from skirmish.translation import Message, gettext

#: The actions ``work_out`` rolls (the catalogue's names).
TABLE_ACTIONS = frozenset(
    {"mount", "dismount", "lasso", "explosive", "hit", "eliminate", "retreat", "turn"}
)

#: What an action of the table gives: the engine's record of it.
Record = HorseTest | LassoResult | Thrown | Fallen | Retreated | TurnBegun


@dataclass(frozen=True)
class Figure:
    """A model or a scenario's person of the kit, as the engine takes it."""

    combatant: Combatant
    side: str | None  # None: a scenario's person
    acted: bool  # the record shows it took its turn this turn
    loads: Mapping[str, int]  # a repeater's load (7 or 17, R-14), by weapon id
    role: str = ""  # its role in its gang (a hero's or leader's death, R-19)
    used: Mapping[str, int] = field(default_factory=dict)  # explosives used up (§5.5)
    gang: str = ""


def figures(kit: Mapping[str, Any]) -> list[tuple[Sequence[str], Figure]]:
    """Every model and person of the kit, with the names it answers to."""
    found: list[tuple[Sequence[str], Figure]] = []
    for row in kit["models"]:
        figure = Figure(
            Combatant.from_json(row["combatant"]), str(row["side"]), bool(row["acted"]),
            {str(k): int(v) for k, v in row.get("loads", {}).items()}, str(row.get("role", "")),
            {str(k): int(v) for k, v in row.get("used", {}).items()}, str(row.get("gang", "")),
        )  # fmt: skip
        found.append(([str(row["name"])], figure))
    for row in kit["persons"]:
        person = Figure(Combatant.from_json(row["combatant"]), None, False, {})
        found.append(([str(n) for n in row["names"]], person))
    return found


def find(kit: Mapping[str, Any], name: str, *, models_only: bool = False) -> Figure:
    """The model (or person) ``name`` names in the kit: its name as written, else the same name
    in any case and accents."""
    every = [(names, f) for names, f in figures(kit) if not models_only or f.side is not None]
    for names, figure in every:
        if name in names:
            return figure
    key = normalize(name)
    for names, figure in every:
        if key in {normalize(n) for n in names}:
            return figure
    listed = ", ".join(repr(names[0]) for names, _ in every)
    raise RulesError(
        Message(
            "{name!r} is not in play in this game as the phone last saw it ({listed}).",
            name=name,
            listed=listed,
        )
    )


def table_dice(request: Mapping[str, Any]) -> TableDice:
    """The request's dice: the faces typed, then at random unless ``rest`` is ``"none"``."""
    typed = request.get("dice") or ()
    rest = request.get("rest", "random")
    return TableDice(
        [int(face) for face in typed], random_dice=RandomDice() if rest != "none" else None
    )


def used(dice: TableDice) -> tuple[int, ...]:
    """The faces the dice handed out, in order."""
    return tuple(die.value for die, _, _ in dice.dice)


# ----------------------------------------------------------------------------- the fields


def _names(fields: Mapping[str, Any], key: str) -> list[str]:
    raw = fields.get(key) or []
    items = raw if isinstance(raw, list | tuple) else [raw]
    return [str(item).strip() for item in items if str(item).strip()]


def _caught(fields: Mapping[str, Any], key: str) -> list[Caught]:
    found = []
    for item in _names(fields, key):
        spec = caught_from(item)
        if spec is None:
            raise RulesError(
                Message(
                    "{value!r} is not a model within 5U as the phone takes it: "
                    "NAME[=DISTANCE,moved|unmoved,partial|total:SHELTER].",
                    value=item,
                )
            )
        found.append(spec)
    return found


def _explosive(thrower: Figure, given: str | None) -> Explosive:
    """The explosive named, else the one kind the thrower has left, else dynamite (as the
    server's ``runs.carried_explosive``)."""
    if given:
        return find_explosive(given)
    mine = thrower.combatant
    left = [
        k.value for k in Explosive if mine.carried.count(k.value) > thrower.used.get(k.value, 0)
    ]
    return default_explosive(left)


# ----------------------------------------------------------------------------- each action


def _horse(kit: Mapping[str, Any], actor: Figure, fields: Mapping[str, Any], dice: TableDice,
           *, mounting: bool) -> HorseTest:  # fmt: skip
    rider = actor.combatant
    nitro = rider.carried.count(Explosive.NITROGLYCERIN.value) - actor.used.get(
        Explosive.NITROGLYCERIN.value, 0
    )
    check_horse(rider, mounting=mounting, nitroglycerin=nitro if mounting else 0)
    pace = parse(Pace, str(fields.get("pace") or Pace.STILL.value))
    roll = horse_test(rider, pace)
    if roll is None:
        return HorseTest(rider.name, mounting, pace, None)
    with rolling_for(dice, {"reflex": rider.name}):
        return HorseTest(rider.name, mounting, pace, roll(dice))


def _lasso(kit: Mapping[str, Any], actor: Figure, target: Figure, dice: TableDice) -> LassoResult:
    mine = actor.combatant
    check_lasso(mine)
    if target is actor:
        raise RulesError(
            Message(
                "{model_name} cannot lasso itself; name the model it throws at.",
                model_name=mine.name,
            )
        )
    with rolling_for(dice, {"reflex": mine.name, "lasso": mine.name}):
        return lasso_throw(mine, target.combatant)(dice)


def _explosive_thrown(
    kit: Mapping[str, Any], actor: Figure, fields: Mapping[str, Any], dice: TableDice
) -> Thrown:
    mine = actor.combatant
    kind = _explosive(actor, str(fields.get("item") or "") or None)
    check_left(mine.name, kind, had=mine.carried.count(kind.value),
               used=actor.used.get(kind.value, 0))  # fmt: skip
    short = field_flag(fields, "short-fuse")
    caught, near = _caught(fields, "caught"), _caught(fields, "near-thrower")
    check_throw(kind, short, caught, near)
    rows = [find(kit, spec.name, models_only=True) for spec in caught]
    around = [find(kit, spec.name, models_only=True) for spec in near]
    fuse, _ = light(short, mine.name, dice)
    targets = in_blast(fuse, (actor, mine.name), list(zip(rows, caught, strict=True)),
                       list(zip(around, near, strict=True)))  # fmt: skip
    stepping = may_step(kind, short)
    victims = []
    for figure, spec in targets:
        who = figure.combatant.name
        with rolling_for(dice, {"step away": who, "save": who, "thrown": who}):
            roll = blast_roll(figure.combatant, spec, kind, may_step=stepping, acted=figure.acted)
            victims.append((who, roll(dice)))
    return Thrown(kind, fuse, tuple(victims))


def _fallen(
    kit: Mapping[str, Any], actor: Figure, fields: Mapping[str, Any], dice: TableDice,
    *, wounds: int | None,
) -> Fallen:  # fmt: skip
    model = actor.combatant
    if wounds is None:  # eliminated at the table
        after, falls = min(model.cos_left, 0), True
    else:
        check_wounds(wounds)
        after, falls = wounded(model.cos_left, wounds)
    friends: list[Friend] = []
    if falls:
        role = Role(actor.role) if actor.role in {r.value for r in Role} else Role.COMMON
        for name in _names(fields, "near"):
            friend = find(kit, name, models_only=True)
            mate = friend.combatant
            if friend.side != actor.side or friend is actor:
                raise RulesError(
                    Message(
                        "R-19: {model_name!r} is not a friend of {target_name!r}; ⟨near⟩ names "
                        "models of its gang within 5U that react to its death.",
                        model_name=mate.name,
                        target_name=model.name,
                    )
                )
            check_friend(mate.name, mate.profile, model.name, role)
            reaction = friend_reaction(mate.profile, fallen_leader=role is Role.LEADER)
            assert reaction is not None  # checked above
            if reaction is Reaction.TERRIFIED:
                friends.append(Friend(mate.name, reaction, None))
                continue
            with rolling_for(dice, {"panic": mate.name}):
                test = friend_panic(mate.fred, mate.state, mate.prone)(dice)
            friends.append(Friend(mate.name, reaction, test))
    return Fallen(model.name, model.cos_left, after, falls, tuple(friends))


def _retreated(kit: Mapping[str, Any], given: str, fields: Mapping[str, Any],
               dice: TableDice) -> Retreated:  # fmt: skip
    gangs = {str(row.get("gang", "")) for row in kit["models"]}
    gang = next((g for g in gangs if normalize(g) == normalize(given)), given)
    return Retreated(gang, retreat_roll(not field_flag(fields, "infamy-later"), dice))


def gang_cohesion(row: Mapping[str, Any]) -> GangCohesion:
    """A gang of the kit as its cohesion test reads it (R-08)."""
    return GangCohesion(str(row["gang"]), int(row["started"]), int(row["lost"]),
                        bool(row["retreated"]), tuple(int(f) for f in row["freds"]),
                        Leader(str(row["leader"])))  # fmt: skip


def _turn(kit: Mapping[str, Any], dice: TableDice) -> TurnBegun:
    """The next turn begun on ``kit``: the cohesion tests due, in the gangs' order (R-08)."""
    gangs = tuple(gang_cohesion(row) for row in kit["gangs"])
    return begin_turn(int(kit["turn"]) + 1, gangs, dice)


def work_out(kit: Mapping[str, Any], request: Mapping[str, Any], dice: TableDice) -> Record:
    """The action of the table ``request`` asks (``TABLE_ACTIONS``), rolled on ``kit`` with
    ``dice`` (see the module's docs)."""
    action = str(request.get("action", ""))
    if action == "turn":  # the game's own step: no model, no fields
        return _turn(kit, dice)
    fields: Mapping[str, Any] = request.get("fields") or {}
    if action in ("hit", "eliminate"):  # the model wounded at the table is the target
        fallen = find(kit, str(request.get("target") or ""), models_only=True)
        if action == "eliminate":
            return _fallen(kit, fallen, fields, dice, wounds=None)
        wounds = int(read_number(str(fields.get("wounds", "")), decimal=False, input_id="wounds"))
        return _fallen(kit, fallen, fields, dice, wounds=wounds)
    if action == "retreat":  # a gang's step: the offline page sends its gang as the model
        return _retreated(kit, str(fields.get("gang") or request.get("model") or ""), fields, dice)
    actor = find(kit, str(request.get("model", "")), models_only=True)
    if action in ("mount", "dismount"):
        return _horse(kit, actor, fields, dice, mounting=action == "mount")
    if action == "lasso":
        return _lasso(kit, actor, find(kit, str(request.get("target", "")), models_only=True),
                      dice)  # fmt: skip
    return _explosive_thrown(kit, actor, fields, dice)


# ----------------------------------------------------------------------------- its words


def _fallen_lines(done: Fallen, lang: str) -> list[str]:
    said = gettext(lang, "COS {before} → {after}", before=done.cos_before, after=done.cos_after)
    if done.eliminated:
        said += gettext(lang, ", eliminated")
    lines = [f"{done.name}: {said}"]
    for friend in done.friends:
        if friend.test is None:
            lines.append(f"{friend.name}: {label(ModelState.TERRIFIED, lang)} (R-19)")
        else:
            lines += [f"{friend.name}: {line}" for line in panic_lines(friend.test, lang)]
    return lines


def _horse_lines(done: HorseTest, lang: str) -> list[str]:
    verdict = gettext(lang, "done") if done.success else gettext(lang, "failed")
    values = {"name": done.rider, "mount": "", "pace": label(done.pace, lang), "rolls": "",
              "verdict": verdict}  # fmt: skip
    if done.mounting:
        said = gettext(lang, "{name} mounts{mount} at {pace}{rolls}: {verdict}.", **values)
    else:
        said = gettext(lang, "{name} dismounts{mount} at {pace}{rolls}: {verdict}.", **values)
    return (reflex_said(done.test, lang) if done.test is not None else []) + [said]


def _fuse_lines(done: Thrown, thrower: str, lang: str) -> list[str]:
    if done.fuse is None:
        return []
    if not done.fuse.in_hands:
        return [gettext(lang, "short fuse {face}: thrown", face=done.fuse.roll)]
    weapon = find_weapon(done.kind.value)
    explosive = (weapon.name_it if lang == "it" else weapon.name_en).lower()
    return [
        gettext(lang, "short fuse {face}: the {explosive} explodes in {name}'s hands (§5.5.2)",
                face=done.fuse.roll, explosive=explosive, name=thrower)
    ]  # fmt: skip


def _turn_lines(done: TurnBegun, lang: str) -> list[str]:
    said = [gettext(lang, "Turn {turn} begins.", turn=done.turn)]
    for gang, result in done.tests:
        said += [f"{gang.gang}: {line}" for line in cohesion_lines(result, lang)]
    if not done.tests:
        said.append(gettext(lang, "No cohesion test is due (R-08)."))
    said.append(
        gettext(lang, "When the queue is sent the server decides whether the game ends first, "
                "which states end, the scenario's first turn and any reroll with FAMA.")
    )  # fmt: skip
    return said


def lines(done: Record, lang: str, thrower: str = "") -> list[str]:
    """What ``done`` rolled and did, in ``lang`` (as ``skirmish roll`` and the game say it);
    ``thrower``: who threw an explosive."""
    if isinstance(done, HorseTest):
        return _horse_lines(done, lang)
    if isinstance(done, LassoResult):
        return lasso_lines(done, lang)
    if isinstance(done, Thrown):
        return _fuse_lines(done, thrower, lang) + [
            f"{name}: {line}" for name, result in done.victims
            for line in explosion_lines(result, lang)
        ]  # fmt: skip
    if isinstance(done, Fallen):
        return _fallen_lines(done, lang)
    if isinstance(done, TurnBegun):
        return _turn_lines(done, lang)
    if done.infamy is None:
        return [gettext(lang, "The infamy test (R-09) is rolled in the post-game sequence.")]
    return infamy_lines(done.infamy, lang)
