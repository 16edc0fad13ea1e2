"""How each test of ``skirmish roll`` and the web's dice roller rolls from its given values
(``engine.rolls`` declares the tests and their inputs; ``rolls.roll`` hands the values here): on
typed-in or seeded random dice (``roll_with``), into what to show (``Rolled``: the lines of
``explain_combat`` / ``explain_procedures``, the JSON of ``--json``); and the words some inputs
take (a leader's fate, a blast's protection, a mounted side step), picked by any of their names.

Importing this module stays cheap (``skirmish roll`` pays for it at every start, issue #2): the
engine's procedures, the explanations, the dice and the situation are imported inside the
functions that run them (together about 150 ms that a command rolling one test, or none, would
otherwise pay); the rules' lookups are at the top, loaded by then anyway.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from skirmish.errors import DiceError, RulesError, UnknownNameError
from skirmish.i18n import Lang, name, tr
from skirmish.rules import find_equipment, find_faction, find_item
from skirmish.rules.model import Weapon
from skirmish.rules.names import normalize
from skirmish.translation import Message, NMessage

if TYPE_CHECKING:
    from skirmish.engine.dice import DiceSource
    from skirmish.engine.result import Modifier

T = TypeVar("T")
K = TypeVar("K")


# ---------------------------------------------------------------------------- words

#: A mounted sideways move (table 2): its modifier by its names.
SIDE_STEPS: dict[int, tuple[str, ...]] = {
    1: ("normal", "normale", "laterale-normale", "1"),
    2: ("fast", "veloce", "laterale-veloce", "2"),
}
#: The gang's leader in a cohesion test (R-08).
LEADERS: dict[str, tuple[str, ...]] = {
    "alive": ("alive", "vivo", "in-gioco", "in-play"),
    "dead": ("dead", "morto", "eliminato", "eliminated"),
    "none": ("none", "nessuno", "no-leader", "senza-leader"),
}
#: A model's protection from a blast (table 8).
LEVELS: dict[str, tuple[str, ...]] = {
    "none": ("none", "nessuna"),
    "partial": ("partial", "parziale"),
    "total": ("total", "totale", "full"),
}


def pick(kind: str, value: str, names: Mapping[K, Sequence[str]]) -> K:
    """The key whose names (Italian or English, any case or accent) include ``value``."""
    key = normalize(value)
    by_name: dict[str, K] = {}
    for member, aliases in names.items():
        for alias in aliases:
            by_name[normalize(alias)] = member
    if key in by_name:
        return by_name[key]
    close = difflib.get_close_matches(key, list(by_name), n=3, cutoff=0.5)
    first = [str(aliases[0]) for aliases in names.values()]
    suggestions = list(dict.fromkeys(str(names[by_name[c]][0]) for c in close)) or first
    raise UnknownNameError(kind, value, suggestions)


# ---------------------------------------------------------------------------- the dice


def roll_with(procedure: Callable[[DiceSource], T], *, seed: int | None, dice: str | None) -> T:
    """Run ``procedure`` on typed-in dice (all of them must be used) or seeded random dice."""
    # lazy: procedure
    from skirmish.engine.dice import RandomDice, ScriptedDice, parse_dice, run_scripted

    if dice is None:
        return procedure(RandomDice(seed))
    faces = parse_dice(dice)
    used: list[int] = []

    def counted(source: DiceSource) -> T:
        scripted = source if isinstance(source, ScriptedDice) else None
        result = procedure(source)
        if scripted is not None:
            used.append(scripted.used)
        return result

    result = run_scripted(counted, faces)
    if used and used[0] < len(faces):
        extra = ",".join(str(f) for f in faces[used[0] :])
        raise DiceError(
            Message(
                "⟨dice⟩ gave {faces_count} dice but this roll used only {used_0}; "
                "remove the extra ones ({extra}) or check the options.",
                faces_count=len(faces),
                used_0=used[0],
                extra=extra,
            )
        )
    return result


# ---------------------------------------------------------------------------- rolling


class Rolled(NamedTuple):
    """A test rolled: its explanation, one line a step, and its ``--json``, in a language."""

    lines: Callable[[Lang | str], list[str]]
    payload: Callable[[Lang | str], dict[str, Any]]


def _shown(
    result: T, lines: Callable[[T, Any], list[str]], as_json: Callable[[T, Any], Any]
) -> Rolled:
    return Rolled(lambda lang: lines(result, lang), lambda lang: as_json(result, lang))


def _nerve(options: dict[str, Any], seed: int | None, dice: str | None) -> Rolled:
    from skirmish.engine import explain_combat as explain  # lazy: procedure
    from skirmish.engine import situation_value as situation  # lazy: procedure
    from skirmish.engine.nerve import nerve_test  # lazy: procedure
    from skirmish.engine.situation import Procedure  # lazy: procedure
    from skirmish.engine.situation_value import Situation  # lazy: procedure

    fight, saloon_girl = options.pop("fight"), options.pop("saloon_girl")
    attacker = situation.nerve_model(Situation.of_options(Procedure.NERVE, options))
    result = roll_with(
        lambda d: nerve_test(attacker, d, fight=fight, saloon_girl=saloon_girl),
        seed=seed,
        dice=dice,
    )
    return _shown(result, explain.nerve_lines, explain.nerve_result_json)


def _shoot(options: dict[str, Any], seed: int | None, dice: str | None) -> Rolled:
    from skirmish.engine import explain_combat as explain  # lazy: procedure
    from skirmish.engine import situation_value as situation  # lazy: procedure
    from skirmish.engine.shooting import shoot  # lazy: procedure
    from skirmish.engine.situation import Procedure  # lazy: procedure
    from skirmish.engine.situation_value import Situation  # lazy: procedure

    setup = situation.shoot_setup(Situation.of_options(Procedure.SHOOT, options))
    result = roll_with(lambda d: shoot(setup, d), seed=seed, dice=dice)
    return _shown(result, explain.shoot_lines, explain.shoot_json)


def _melee(options: dict[str, Any], seed: int | None, dice: str | None) -> Rolled:
    from skirmish.engine import explain_combat as explain  # lazy: procedure
    from skirmish.engine import situation_value as situation  # lazy: procedure
    from skirmish.engine.fight import melee  # lazy: procedure
    from skirmish.engine.situation import Procedure  # lazy: procedure
    from skirmish.engine.situation_value import Situation  # lazy: procedure

    setup = situation.melee_setup(Situation.of_options(Procedure.MELEE, options))
    result = roll_with(lambda d: melee(setup, d), seed=seed, dice=dice)
    return _shown(result, explain.melee_lines, explain.melee_json)


def _save(options: dict[str, Any], seed: int | None, dice: str | None) -> Rolled:
    from skirmish.engine import explain_combat as explain  # lazy: procedure
    from skirmish.engine import situation_value as situation  # lazy: procedure
    from skirmish.engine.saving import saving_roll  # lazy: procedure
    from skirmish.engine.situation import Procedure  # lazy: procedure
    from skirmish.engine.situation_value import Situation  # lazy: procedure

    rif, damage, cos = options.pop("rif"), options.pop("damage"), options.pop("cos")
    mods = situation.save_modifiers_of(Situation.of_options(Procedure.SAVE, options))
    result = roll_with(
        lambda d: saving_roll(rif, d, damage=damage, modifiers=mods, cos=cos), seed=seed, dice=dice
    )
    return _shown(result, explain.save_lines, explain.save_result_json)


def _panic(options: dict[str, Any], seed: int | None, dice: str | None) -> Rolled:
    from skirmish.engine import explain_combat as explain  # lazy: procedure
    from skirmish.engine import situation_value as situation  # lazy: procedure
    from skirmish.engine.panic import panic_test  # lazy: procedure
    from skirmish.engine.situation import Procedure  # lazy: procedure
    from skirmish.engine.situation_value import Situation  # lazy: procedure

    charge = options.pop("mountain_men_charge")
    model = situation.panic_model(Situation.of_options(Procedure.PANIC, options))
    result = roll_with(
        lambda d: panic_test(model, d, mountain_men_charge=charge), seed=seed, dice=dice
    )
    return _shown(result, explain.panic_lines, explain.panic_result_json)


def reflex_check(
    *,
    need: int | None,
    action: str | None,
    side_step: str | None,
    horse: bool,
    lasso: bool,
    **options: Any,
) -> tuple[int, tuple[Modifier, ...]]:
    """Successes needed and the modifiers on each die, from the inputs of a reflex test (R-06):
    ``action`` names a test of table 1 and sets ``need``, horse and lasso; ``options`` are the
    other modifiers' flags (``engine.reflex.reflex_modifiers``)."""
    from skirmish.engine.reflex import action_test, reflex_modifiers  # lazy: procedure

    if action is not None:
        test = action_test(action)
        if need is not None and need != test.need:
            raise RulesError(
                NMessage(
                    "{action!r} needs {n} success (R-06, table 1), not ⟨need⟩ {need}; drop ⟨need⟩.",
                    "{action!r} needs {n} successes (R-06, table 1), not ⟨need⟩ {need}; drop "
                    "⟨need⟩.",
                    test.need,
                    action=action,
                    need=need,
                )
            )
        need, horse, lasso = test.need, horse or test.horse, lasso or test.lasso
    step = 0 if side_step is None else pick("side-step", side_step, SIDE_STEPS)
    mods = reflex_modifiers(side_step=step, horse=horse, lasso=lasso, **options)
    return (1 if need is None else need), mods


def _reflex(options: dict[str, Any], seed: int | None, dice: str | None) -> Rolled:
    from skirmish.engine import explain_procedures as explain  # lazy: procedure
    from skirmish.engine.reflex import roll_reflex  # lazy: procedure

    rif = options.pop("rif")
    successes, mods = reflex_check(**options)
    result = roll_with(
        lambda d: roll_reflex(rif=rif, need=successes, modifiers=mods, dice=d), seed=seed, dice=dice
    )
    return _shown(result, explain.reflex_lines, explain.reflex_json)


def _initiative(options: dict[str, Any], seed: int | None, dice: str | None) -> Rolled:
    from skirmish.engine import explain_procedures as explain  # lazy: procedure
    from skirmish.engine.initiative import roll_initiative, roll_off  # lazy: procedure

    rif, fama, nervi_scossi = options["rif"], options["fama"], options["nervi_scossi"]
    against_rif = options["against_rif"]
    against_fama, against_nervi_scossi = options["against_fama"], options["against_nervi_scossi"]
    if against_rif is None:
        if against_fama or against_nervi_scossi:
            raise RulesError(
                Message(
                    "⟨against_fama⟩ and ⟨against_nervi_scossi⟩ need ⟨against_rif⟩, the "
                    "opposing model's RIF (R-07)."
                )
            )
        single = roll_with(
            lambda d: roll_initiative(rif=rif, fama=fama, nervi_scossi=nervi_scossi, dice=d),
            seed=seed,
            dice=dice,
        )
        return _shown(single, explain.initiative_lines, explain.initiative_json)
    opposed: int = against_rif
    both = roll_with(
        lambda d: roll_off(
            rif=rif,
            fama=fama,
            nervi_scossi=nervi_scossi,
            against_rif=opposed,
            against_fama=against_fama,
            against_nervi_scossi=against_nervi_scossi,
            dice=d,
        ),
        seed=seed,
        dice=dice,
    )
    return _shown(both, explain.roll_off_lines, explain.roll_off_json)


def _cohesion(options: dict[str, Any], seed: int | None, dice: str | None) -> Rolled:
    from skirmish.engine import explain_procedures as explain  # lazy: procedure
    from skirmish.engine.cohesion import Leader, roll_cohesion  # lazy: procedure

    highest_fred = options["highest_fred"]
    status = Leader(pick("leader", options["leader"], LEADERS))
    result = roll_with(
        lambda d: roll_cohesion(highest_fred=highest_fred, leader=status, dice=d),
        seed=seed,
        dice=dice,
    )
    return _shown(result, explain.cohesion_lines, explain.cohesion_json)


def _infamy(options: dict[str, Any], seed: int | None, dice: str | None) -> Rolled:
    from skirmish.engine import explain_procedures as explain  # lazy: procedure
    from skirmish.engine.infamy import roll_infamy  # lazy: procedure

    fama, fortuna = options["fama"], options["fortuna"]
    result = roll_with(
        lambda d: roll_infamy(has_fama=fama, has_fortuna=fortuna, dice=d), seed=seed, dice=dice
    )
    return _shown(result, explain.infamy_lines, explain.infamy_json)


def _recovery(options: dict[str, Any], seed: int | None, dice: str | None) -> Rolled:
    from skirmish.engine import explain_procedures as explain  # lazy: procedure

    # lazy: procedure
    from skirmish.engine.recovery import find_doctor, find_invalidity, roll_recovery

    doctor, own_doctor = options["doctor"], options["own_doctor"]
    if own_doctor and doctor is None:
        raise RulesError(Message("⟨own_doctor⟩ needs ⟨doctor⟩, the kind of doctor (R-10)."))
    found = None if doctor is None else find_doctor(doctor)
    existing = [find_invalidity(name) for name in options["has_invalid"] or ()]
    cos, fortuna = options["cos"], options["fortuna"]
    result = roll_with(
        lambda d: roll_recovery(
            cos=cos,
            fortuna=fortuna,
            doctor=found,
            hired=not own_doctor,
            existing_invalidities=existing,
            dice=d,
        ),
        seed=seed,
        dice=dice,
    )
    return _shown(result, explain.recovery_lines, explain.recovery_json)


def _skill(options: dict[str, Any], seed: int | None, dice: str | None) -> Rolled:
    from skirmish.engine import explain_procedures as explain  # lazy: procedure

    # lazy: procedure
    from skirmish.engine.advances import choose_cacciatore, find_owned_skill, roll_new_skill

    has = [find_owned_skill(name) for name in options["owned"] or ()]
    if options["cacciatore"]:
        faction = options["faction"]
        if faction is None:
            raise RulesError(
                Message("⟨cacciatore⟩ needs ⟨faction⟩: only mountain men may (R-11, §9.6).")
            )
        if dice is not None:
            raise RulesError(
                Message("⟨cacciatore⟩ takes the skill without rolling: remove ⟨dice⟩.")
            )
        chosen = choose_cacciatore(faction=find_faction(faction).id, owned=has)
        return _shown(chosen, explain.skill_lines, explain.skill_json)
    result = roll_with(lambda d: roll_new_skill(owned=has, dice=d), seed=seed, dice=dice)
    return _shown(result, explain.skill_lines, explain.skill_json)


def _item_disp(item: str, faction: str | None) -> tuple[int, Any, tuple[str, ...]] | None:
    """An item's DISP for the gang, its entry and rarity; ``None`` when no roll is needed."""
    entry = find_equipment(item)
    gang = None if faction is None else find_faction(faction)
    if isinstance(entry, Weapon):
        if gang is not None and gang.skips_weapon_availability:
            return None
        disp = entry.disp
    else:
        disp = entry.disp_by_faction.get(gang.id, entry.disp) if gang else entry.disp
    if disp is None:
        raise RulesError(
            Message("{item!r} is not for sale (§8.2), so there is no availability roll.", item=item)
        )
    return disp, entry, tuple(entry.rare)


def _availability(options: dict[str, Any], seed: int | None, dice: str | None) -> Rolled:
    from skirmish.engine import explain_procedures as explain  # lazy: procedure
    from skirmish.engine.availability import roll_availability  # lazy: procedure

    disp, item = options["disp"], options["item"]
    if (disp is None) == (item is None):
        raise RulesError(Message("give either ⟨disp⟩ N or ⟨item⟩ NAME (R-12)."))
    if item is None:
        level: int = disp
        result = roll_with(lambda d: roll_availability(disp=level, dice=d), seed=seed, dice=dice)
        return Rolled(
            lambda lang: explain.availability_lines(result, lang, item=None),
            lambda lang: {**explain.availability_json(result, lang), "item": None, "rare": []},
        )
    found = _item_disp(item, options["faction"])
    if found is None:
        entry = find_equipment(item)
        return Rolled(
            lambda lang: [tr(explain.MESSAGES, "no-roll", lang, item=name(entry, lang))],
            lambda lang: {
                "command": "availability",
                "dice": [],
                "rolls": [],
                "item": name(entry, lang),
                "disp": None,
                "roll": None,
                "available": True,
                "rulings": ["R-12"],
            },
        )
    level, entry, rare = found
    rolled = roll_with(lambda d: roll_availability(disp=level, dice=d), seed=seed, dice=dice)

    def lines(lang: Lang | str) -> list[str]:
        shown = explain.availability_lines(rolled, lang, item=name(entry, lang))
        return shown + ([explain.rare_text(rare, lang)] if rare else [])

    return Rolled(
        lines,
        lambda lang: {
            **explain.availability_json(rolled, lang),
            "item": name(entry, lang),
            "rare": list(rare),
        },
    )


def _explosion(options: dict[str, Any], seed: int | None, dice: str | None) -> Rolled:
    from skirmish.engine import explain_procedures as explain  # lazy: procedure

    # lazy: procedure
    from skirmish.engine.explosion import Protection, find_explosive, roll_explosion
    from skirmish.engine.explosion import table_8_protection as shelter  # lazy: procedure

    kind = find_explosive(options.pop("explosive"))
    level = Protection(pick("protection", options.pop("protection"), LEVELS))
    cover_type = options.pop("cover_type")
    if (level is Protection.NONE) != (cover_type is None):
        raise RulesError(
            Message(
                "give ⟨protection⟩ partial|total together with ⟨cover_type⟩ (table 8), or neither."
            )
        )
    stops = 0 if cover_type is None else shelter(cover_type, level)
    result = roll_with(
        lambda d: roll_explosion(explosive=kind, protection=stops, dice=d, **options),
        seed=seed,
        dice=dice,
    )
    return _shown(result, explain.explosion_lines, explain.explosion_json)


def _mount_cos(mount: str) -> int:
    found = find_item(mount)
    if found.kind != "mount" or found.cos is None:
        raise RulesError(
            Message("{mount!r} is not a mount (§8.2); give horse, appaloosa or mule.", mount=mount)
        )
    return found.cos


def _lasso(options: dict[str, Any], seed: int | None, dice: str | None) -> Rolled:
    from skirmish.engine import explain_procedures as explain  # lazy: procedure
    from skirmish.engine.lasso import roll_lasso  # lazy: procedure
    from skirmish.engine.reflex import reflex_modifiers  # lazy: procedure

    mount, mount_cos, rif = options["mount"], options["mount_cos"], options["rif"]
    cowboy, imbranato, whisky = options["cowboy"], options["imbranato"], options["whisky"]
    if mount is not None and mount_cos is not None:
        raise RulesError(Message("give ⟨mount⟩ NAME or ⟨mount_cos⟩ N, not both."))
    extra = 0 if mount_cos is None else mount_cos
    if mount is not None:
        extra = _mount_cos(mount)
    if rif is None and (cowboy or imbranato or whisky):
        raise RulesError(
            Message("⟨cowboy⟩, ⟨imbranato⟩ and ⟨whisky⟩ modify the reflex test: add ⟨rif⟩.")
        )
    mods = reflex_modifiers(imbranato=imbranato, whisky=whisky)
    target_cos = options["target_cos"]
    result = roll_with(
        lambda d: roll_lasso(
            target_cos=target_cos, mount_cos=extra, rif=rif, cowboy=cowboy, modifiers=mods, dice=d
        ),
        seed=seed,
        dice=dice,
    )
    return _shown(result, explain.lasso_lines, explain.lasso_json)


#: Each test's roller, by the test's name (``rolls.TESTS``).
ROLLERS: dict[str, Callable[[dict[str, Any], int | None, str | None], Rolled]] = {
    "nerve": _nerve,
    "shoot": _shoot,
    "melee": _melee,
    "save": _save,
    "panic": _panic,
    "reflex": _reflex,
    "initiative": _initiative,
    "cohesion": _cohesion,
    "infamy": _infamy,
    "recovery": _recovery,
    "skill": _skill,
    "availability": _availability,
    "explosion": _explosion,
    "lasso": _lasso,
}
