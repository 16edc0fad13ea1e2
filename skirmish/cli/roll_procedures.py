"""``skirmish roll reflex|initiative|cohesion|infamy|recovery|skill|availability|explosion|lasso``:
the book's procedures of R-06…R-12 and R-14 that are not a shot or a fight (its reflex,
initiative, cohesion and infamy tests, recovery, a new skill, availability, explosions, the
lasso), beside the combat procedures of ``roll_combat``.

Each command parses its options, rolls one engine procedure on typed-in (``--dice``) or seeded
random dice, and prints one line a step (``--lang it|en``) or one JSON object (``--json``)
whose ``dice`` lists every die used, in order (the shared tail is ``render_rolls.emit``). Names
(doctor, invalidity, skill, explosive, shelter…) are accepted in Italian or English. The engine
and the renderers are imported inside the commands so that loading ``skirmish roll`` stays
cheap.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from skirmish.cli.common_flags import DiceOpt, JsonOpt, LangOpt, SeedOpt, emit_json, roll_with
from skirmish.errors import RulesError, UnknownNameError
from skirmish.i18n import Lang

if TYPE_CHECKING:
    from skirmish.engine.result import Modifier

K = TypeVar("K")


def pick(kind: str, value: str, names: Mapping[K, Sequence[str]]) -> K:
    """The key whose names (Italian or English, any case or accent) include ``value``."""
    import difflib

    from skirmish.rules.names import normalize

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


# ---------------------------------------------------------------------------- reflex

SIDE_STEPS: dict[int, tuple[str, ...]] = {
    1: ("normal", "normale", "laterale-normale", "1"),
    2: ("fast", "veloce", "laterale-veloce", "2"),
}


def reflex_check(
    *,
    need: int | None,
    action: str | None,
    side_step: str | None,
    horse: bool,
    lasso: bool,
    **options: Any,
) -> tuple[int, tuple[Modifier, ...]]:
    """Successes needed and the modifiers on each die, from the options of ``roll reflex`` and
    ``odds reflex`` (R-06): ``--action`` names a test of table 1 and sets ``--need``, horse and
    lasso; ``options`` are the other modifiers' flags (``engine.reflex.reflex_modifiers``)."""
    from skirmish.engine.reflex import action_test, reflex_modifiers

    if action is not None:
        test = action_test(action)
        if need is not None and need != test.need:
            raise RulesError(
                f"{action!r} needs {test.need} success(es) (R-06, table 1), not --need {need}; "
                "drop --need.",
                it=f"{action!r} richiede {test.need} successo/i (R-06, tabella 1), non --need "
                f"{need}; togli --need.",
            )
        need, horse, lasso = test.need, horse or test.horse, lasso or test.lasso
    step = 0 if side_step is None else pick("side-step", side_step, SIDE_STEPS)
    mods = reflex_modifiers(side_step=step, horse=horse, lasso=lasso, **options)
    return (1 if need is None else need), mods


WhiskyOpt = Annotated[
    bool, typer.Option("--whisky", help="Drank whisky: −1 RIF, +1 on each reflex die (§8.3).")
]
ImbranatoOpt = Annotated[
    bool, typer.Option("--imbranato", help="Invalid 'Imbranato' (clumsy): +1 on each die (§6.5).")
]


def reflex(
    *,
    rif: Annotated[int, typer.Option("--rif", help="The model's RIF (0–4).")],
    need: Annotated[
        int | None,
        typer.Option(
            "--need",
            help="Successes needed: 1 (default), or 2 for actions marked '2 dadi su 2' (table 1).",
        ),
    ] = None,
    action: Annotated[
        str | None,
        typer.Option(
            "--action",
            # the actions of table 1 that need a reflex test, written out rather than
            # read from the rules data so that loading 'roll' parses no table (issue #2); a
            # test checks this list against the data
            help="The action of table 1 that needs a reflex test: climb, mount-trotting, "
            "mount-galloping, jump-6 or lasso-catch (or their Italian names); sets --need, "
            "and --horse or --lasso.",
        ),
    ] = None,
    side_step: Annotated[
        str | None,
        typer.Option(
            "--side-step", help="Mounted sideways move: normal (+1) or fast (+2) (table 2)."
        ),
    ] = None,
    backing: Annotated[
        bool, typer.Option("--backing", help="Backing a horse up: +2 (table 2).")
    ] = False,
    horse: Annotated[
        bool,
        typer.Option("--horse", help="A test on horseback (mount, dismount…): BUON CAVALIERE −1."),
    ] = False,
    enemies: Annotated[
        int,
        typer.Option(
            "--enemies", help="Disengaging from N enemies: +1 per enemy beyond the first (§4.3.1)."
        ),
    ] = 0,
    buon_cavaliere: Annotated[
        bool,
        typer.Option("--buon-cavaliere", help="Skill BUON CAVALIERE: −1 on horse tests (§7.2)."),
    ] = False,
    lasso: Annotated[bool, typer.Option("--lasso", help="Throwing a lasso (table 1).")] = False,
    cowboy: Annotated[
        bool, typer.Option("--cowboy", help="A cowboy: −1 on lasso tests (§9.5).")
    ] = False,
    imbranato: ImbranatoOpt = False,
    whisky: WhiskyOpt = False,
    opportunity: Annotated[
        bool,
        typer.Option("--opportunity", help="Opportunity fire: every penalty doubled (§4.2.3)."),
    ] = False,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json: JsonOpt = False,
    lang: LangOpt,
) -> None:
    """``roll reflex`` (R-06); its help is ``HELP["reflex"]``."""
    from skirmish.cli import render_procedures as render
    from skirmish.cli.render_rolls import emit
    from skirmish.engine.reflex import roll_reflex

    successes, mods = reflex_check(
        need=need,
        action=action,
        side_step=side_step,
        backing=backing,
        horse=horse,
        enemies=enemies,
        buon_cavaliere=buon_cavaliere,
        lasso=lasso,
        cowboy=cowboy,
        imbranato=imbranato,
        whisky=whisky,
        opportunity=opportunity,
    )
    result = roll_with(
        lambda d: roll_reflex(rif=rif, need=successes, modifiers=mods, dice=d), seed=seed, dice=dice
    )
    emit(result, render.reflex_lines, render.reflex_json, json, lang)


# ---------------------------------------------------------------------------- initiative


def initiative(
    *,
    rif: Annotated[int, typer.Option("--rif", help="The model's RIF (0–4).")],
    fama: Annotated[
        int,
        typer.Option("--fama", help="Unused FAMA of the model or a friend within 5U (§1.8)."),
    ] = 0,
    nervi_scossi: Annotated[
        bool,
        typer.Option("--nervi-scossi", help="Invalid 'Nervi scossi': a natural 1 shakes it."),
    ] = False,
    against_rif: Annotated[
        int | None,
        typer.Option("--against-rif", help="The opponent model's RIF: roll off against it."),
    ] = None,
    against_fama: Annotated[
        int, typer.Option("--against-fama", help="The opponent's unused FAMA within 5U.")
    ] = 0,
    against_nervi_scossi: Annotated[
        bool,
        typer.Option("--against-nervi-scossi", help="The opponent model has 'Nervi scossi'."),
    ] = False,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json: JsonOpt = False,
    lang: LangOpt,
) -> None:
    """``roll initiative`` (R-07); its help is ``HELP["initiative"]``."""
    from skirmish.cli import render_procedures as render
    from skirmish.cli.render_rolls import emit
    from skirmish.engine.initiative import roll_initiative, roll_off

    if against_rif is None:
        if against_fama or against_nervi_scossi:
            raise RulesError(
                "--against-fama and --against-nervi-scossi need --against-rif, "
                "the opposing model's RIF (R-07).",
                it="--against-fama e --against-nervi-scossi richiedono --against-rif, i "
                "RIFLESSI del personaggio avversario (R-07).",
            )
        single = roll_with(
            lambda d: roll_initiative(rif=rif, fama=fama, nervi_scossi=nervi_scossi, dice=d),
            seed=seed,
            dice=dice,
        )
        emit(single, render.initiative_lines, render.initiative_json, json, lang)
        return
    opposed = against_rif
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
    emit(both, render.roll_off_lines, render.roll_off_json, json, lang)


# ---------------------------------------------------------------------------- cohesion

LEADERS: dict[str, tuple[str, ...]] = {
    "alive": ("alive", "vivo", "in-gioco", "in-play"),
    "dead": ("dead", "morto", "eliminato", "eliminated"),
    "none": ("none", "nessuno", "no-leader", "senza-leader"),
}


def cohesion(
    *,
    highest_fred: Annotated[
        int,
        typer.Option("--highest-fred", help="The highest FRED among the gang's models in play."),
    ],
    leader: Annotated[
        str,
        typer.Option(
            "--leader",
            help="alive (−1), dead (+1) or none for gangs with no leader (mountain men, rangers).",
        ),
    ] = "alive",
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json: JsonOpt = False,
    lang: LangOpt,
) -> None:
    """``roll cohesion`` (R-08); its help is ``HELP["cohesion"]``."""
    from skirmish.cli import render_procedures as render
    from skirmish.cli.render_rolls import emit
    from skirmish.engine.cohesion import Leader, roll_cohesion

    status = Leader(pick("leader", leader, LEADERS))
    result = roll_with(
        lambda d: roll_cohesion(highest_fred=highest_fred, leader=status, dice=d),
        seed=seed,
        dice=dice,
    )
    emit(result, render.cohesion_lines, render.cohesion_json, json, lang)


# ---------------------------------------------------------------------------- infamy


def infamy(
    *,
    fama: Annotated[
        bool,
        typer.Option("--fama/--no-fama", help="Whether any model of the gang has FAMA."),
    ] = True,
    fortuna: Annotated[
        bool,
        typer.Option("--fortuna/--no-fortuna", help="Whether any model of the gang has FORTUNA."),
    ] = True,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json: JsonOpt = False,
    lang: LangOpt,
) -> None:
    """``roll infamy`` (R-09); its help is ``HELP["infamy"]``."""
    from skirmish.cli import render_procedures as render
    from skirmish.cli.render_rolls import emit
    from skirmish.engine.infamy import roll_infamy

    result = roll_with(
        lambda d: roll_infamy(has_fama=fama, has_fortuna=fortuna, dice=d), seed=seed, dice=dice
    )
    emit(result, render.infamy_lines, render.infamy_json, json, lang)


# ---------------------------------------------------------------------------- recovery


def recovery(
    *,
    cos: Annotated[int, typer.Option("--cos", help="The eliminated model's COS (0–4).")],
    fortuna: Annotated[
        int, typer.Option("--fortuna", help="Its FORTUNA: with 1 or more it rerolls a 'dead'.")
    ] = 0,
    doctor: Annotated[
        str | None,
        typer.Option(
            "--doctor",
            help="bone-setter / segaossa (+1, 5$) or graduate / laureato (+2, 20$) (§6.5).",
        ),
    ] = None,
    own_doctor: Annotated[
        bool,
        typer.Option("--own-doctor", help="The doctor is a gang member with DOTTORE: no fee."),
    ] = False,
    has_invalid: Annotated[
        list[str] | None,
        typer.Option(
            "--has-invalid",
            help="An invalidity the model already has (rolled again, H-07), repeatable.",
        ),
    ] = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json: JsonOpt = False,
    lang: LangOpt,
) -> None:
    """``roll recovery`` (R-10); its help is ``HELP["recovery"]``."""
    from skirmish.cli import render_procedures as render
    from skirmish.cli.render_rolls import emit
    from skirmish.engine.recovery import find_doctor, find_invalidity, roll_recovery

    if own_doctor and doctor is None:
        raise RulesError(
            "--own-doctor needs --doctor, the kind of doctor (R-10).",
            it="--own-doctor richiede --doctor, il tipo di dottore (R-10).",
        )
    found = None if doctor is None else find_doctor(doctor)
    existing = [find_invalidity(name) for name in has_invalid or ()]
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
    emit(result, render.recovery_lines, render.recovery_json, json, lang)


# ---------------------------------------------------------------------------- new skill


def skill(
    *,
    owned: Annotated[
        list[str] | None,
        typer.Option(
            "--owned", help="A skill the model has (rolled again if it comes up), repeatable."
        ),
    ] = None,
    cacciatore: Annotated[
        bool,
        typer.Option(
            "--cacciatore",
            help="Mountain men: take CACCIATORE instead of rolling (§9.6); needs --faction.",
        ),
    ] = False,
    faction: Annotated[
        str | None, typer.Option("--faction", help="The model's faction (for --cacciatore).")
    ] = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json: JsonOpt = False,
    lang: LangOpt,
) -> None:
    """``roll skill`` (R-11); its help is ``HELP["skill"]``."""
    from skirmish.cli import render_procedures as render
    from skirmish.cli.render_rolls import emit
    from skirmish.engine.advances import choose_cacciatore, find_owned_skill, roll_new_skill

    has = [find_owned_skill(name) for name in owned or ()]
    if cacciatore:
        from skirmish.rules import find_faction

        if faction is None:
            raise RulesError(
                "--cacciatore needs --faction: only mountain men may (R-11, §9.6).",
                it="--cacciatore richiede --faction: solo gli uomini delle montagne possono "
                "(R-11, §9.6).",
            )
        if dice is not None:
            raise RulesError(
                "--cacciatore takes the skill without rolling: remove --dice.",
                it="--cacciatore prende l'abilità senza tirare: togli --dice.",
            )
        chosen = choose_cacciatore(faction=find_faction(faction).id, owned=has)
        emit(chosen, render.skill_lines, render.skill_json, json, lang)
        return
    result = roll_with(lambda d: roll_new_skill(owned=has, dice=d), seed=seed, dice=dice)
    emit(result, render.skill_lines, render.skill_json, json, lang)


# ---------------------------------------------------------------------------- availability


def availability(
    *,
    disp: Annotated[
        int | None, typer.Option("--disp", help="The item's DISP (§8.2): roll it or more.")
    ] = None,
    item: Annotated[
        str | None,
        typer.Option("--item", help="An item or weapon by name: its DISP comes from §8.2."),
    ] = None,
    faction: Annotated[
        str | None,
        typer.Option("--faction", help="The buying gang's faction (rifle scope, lawmen, rangers)."),
    ] = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json: JsonOpt = False,
    lang: LangOpt,
) -> None:
    """``roll availability`` (R-12); its help is ``HELP["availability"]``."""
    from skirmish.cli import render_procedures as render
    from skirmish.engine.availability import roll_availability

    if (disp is None) == (item is None):
        raise RulesError(
            "give either --disp N or --item NAME (R-12).",
            it="indica --disp N oppure --item NOME (R-12).",
        )
    item_name: str | None = None
    rare: tuple[str, ...] = ()
    if item is not None:
        found = _item_disp(item, faction, lang)
        if found is None:
            return _no_roll(item, lang, json)
        disp, item_name, rare = found
    level = disp if disp is not None else 0
    result = roll_with(lambda d: roll_availability(disp=level, dice=d), seed=seed, dice=dice)
    if json:
        payload = render.availability_json(result, lang)
        payload["item"] = item_name
        payload["rare"] = list(rare)
        emit_json(payload)
        return
    for line in render.availability_lines(result, lang, item=item_name):
        typer.echo(line)
    if rare:
        typer.echo(render.rare_text(rare, lang))


def _item_disp(
    item: str, faction: str | None, lang: Lang
) -> tuple[int, str, tuple[str, ...]] | None:
    """An item's DISP for the gang, its name and rarity; ``None`` when no roll is needed."""
    from skirmish.i18n import name
    from skirmish.rules import find_equipment, find_faction
    from skirmish.rules.model import Weapon

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
            f"{item!r} is not for sale (§8.2), so there is no availability roll.",
            it=f"{item!r} non è in vendita (§8.2), quindi non c'è un tiro di REPERIBILITÀ.",
        )
    return disp, name(entry, lang), tuple(entry.rare)


def _no_roll(item: str, lang: Lang, json_wanted: bool) -> None:
    from skirmish.cli.render_procedures import MESSAGES
    from skirmish.i18n import name, tr
    from skirmish.rules import find_equipment

    label = name(find_equipment(item), lang)
    if json_wanted:
        emit_json(
            {
                "command": "availability",
                "dice": [],
                "rolls": [],
                "item": label,
                "disp": None,
                "roll": None,
                "available": True,
                "rulings": ["R-12"],
            }
        )
        return
    typer.echo(tr(MESSAGES, "no-roll", lang, item=label))


# ---------------------------------------------------------------------------- explosion

LEVELS: dict[str, tuple[str, ...]] = {
    "none": ("none", "nessuna"),
    "partial": ("partial", "parziale"),
    "total": ("total", "totale", "full"),
}


def explosion(
    *,
    explosive: Annotated[
        str,
        typer.Option("--explosive", help="dynamite / dinamite (6) or nitroglycerin (10)."),
    ],
    rif: Annotated[int, typer.Option("--rif", help="RIF of the model in the blast.")],
    cos: Annotated[int, typer.Option("--cos", help="Its COS: wounds come off it.")],
    protection: Annotated[
        str,
        typer.Option(
            "--protection", help="none, partial or total protection (table 8); needs --cover-type."
        ),
    ] = "none",
    cover_type: Annotated[
        str | None,
        typer.Option(
            "--cover-type",
            help="What shelters it (table 8): brick-wall, wooden-building, palisade, "
            "tree-hedge, big-rock, Italian names too.",
        ),
    ] = None,
    distance: Annotated[
        int, typer.Option("--distance", help="U from the blast's centre (0–5).")
    ] = 0,
    unmoved: Annotated[
        bool,
        typer.Option("--unmoved", help="Has not moved this turn: may step away from dynamite."),
    ] = False,
    short_fuse: Annotated[
        bool,
        typer.Option("--short-fuse", help="Dynamite with a short fuse: no step away; 1 in hand."),
    ] = False,
    thrower: Annotated[
        bool,
        typer.Option("--thrower", help="This model threw it: a short fuse on 1 blasts it."),
    ] = False,
    whisky: Annotated[
        bool, typer.Option("--whisky", help="The model drank whisky: −1 RIF on its saves (§8.3).")
    ] = False,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json: JsonOpt = False,
    lang: LangOpt,
) -> None:
    """``roll explosion`` (R-14); its help is ``HELP["explosion"]``."""
    from skirmish.cli import render_procedures as render
    from skirmish.cli.render_rolls import emit
    from skirmish.engine.explosion import Protection, find_explosive, roll_explosion
    from skirmish.engine.explosion import table_8_protection as shelter

    kind = find_explosive(explosive)
    level = Protection(pick("protection", protection, LEVELS))
    if (level is Protection.NONE) != (cover_type is None):
        raise RulesError(
            "give --protection partial|total together with --cover-type (table 8), or neither.",
            it="indica --protection partial|total insieme a --cover-type (tabella 8), o nessuno "
            "dei due.",
        )
    stops = 0 if cover_type is None else shelter(cover_type, level)
    result = roll_with(
        lambda d: roll_explosion(
            explosive=kind,
            rif=rif,
            cos=cos,
            protection=stops,
            distance=distance,
            unmoved=unmoved,
            short_fuse=short_fuse,
            thrower=thrower,
            whisky=whisky,
            dice=d,
        ),
        seed=seed,
        dice=dice,
    )
    emit(result, render.explosion_lines, render.explosion_json, json, lang)


# ---------------------------------------------------------------------------- lasso


def lasso(
    *,
    target_cos: Annotated[int, typer.Option("--target-cos", help="The target's COS.")],
    mount_cos: Annotated[
        int | None, typer.Option("--mount-cos", help="Its mount's COS, added to its own.")
    ] = None,
    mount: Annotated[
        str | None,
        typer.Option("--mount", help="Its mount by name (horse, mulo…): its COS is added."),
    ] = None,
    rif: Annotated[
        int | None,
        typer.Option(
            "--rif", help="The thrower's RIF: roll the reflex test first (1 success, table 1)."
        ),
    ] = None,
    cowboy: Annotated[
        bool, typer.Option("--cowboy", help="A cowboy throws: −1 on each reflex die (§9.5).")
    ] = False,
    imbranato: ImbranatoOpt = False,
    whisky: WhiskyOpt = False,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json: JsonOpt = False,
    lang: LangOpt,
) -> None:
    """``roll lasso`` (R-14); its help is ``HELP["lasso"]``."""
    from skirmish.cli import render_procedures as render
    from skirmish.cli.render_rolls import emit
    from skirmish.engine.lasso import roll_lasso
    from skirmish.engine.reflex import reflex_modifiers

    if mount is not None and mount_cos is not None:
        raise RulesError(
            "give --mount NAME or --mount-cos N, not both.",
            it="indica --mount NOME oppure --mount-cos N, non entrambi.",
        )
    extra = 0 if mount_cos is None else mount_cos
    if mount is not None:
        extra = _mount_cos(mount)
    if rif is None and (cowboy or imbranato or whisky):
        raise RulesError(
            "--cowboy, --imbranato and --whisky modify the reflex test: add --rif.",
            it="--cowboy, --imbranato e --whisky modificano il test di RIFLESSI: aggiungi --rif.",
        )
    mods = reflex_modifiers(imbranato=imbranato, whisky=whisky)
    result = roll_with(
        lambda d: roll_lasso(
            target_cos=target_cos, mount_cos=extra, rif=rif, cowboy=cowboy, modifiers=mods, dice=d
        ),
        seed=seed,
        dice=dice,
    )
    emit(result, render.lasso_lines, render.lasso_json, json, lang)


def _mount_cos(mount: str) -> int:
    from skirmish.rules import find_item

    found = find_item(mount)
    if found.kind != "mount" or found.cos is None:
        raise RulesError(
            f"{mount!r} is not a mount (§8.2); give horse, appaloosa or mule.",
            it=f"{mount!r} non è una cavalcatura (§8.2); indica cavallo, appaloosa o mulo.",
        )
    return found.cos


# ---------------------------------------------------------------------------- registration


#: Each command's help: what it rolls, then examples that work as written.
HELP = {
    "reflex": "Reflex test (R-06): roll 2D6 and add the modifiers to each die; a die below RIF "
    "succeeds (equal fails). Most actions need 1 success, those marked '2 dadi su 2' need 2; "
    "--action takes the number from table 1.\n\n"
    "Example (§2.4): skirmish roll reflex --rif 4 --action mount-galloping --dice 3,5",
    "initiative": "Initiative (R-07): 1D6 + RIF + the unused FAMA of the model or a friend "
    "within 5U. With --against-rif both sides roll, the higher wins and a tie is rolled again "
    "(H-06); a natural 1 shakes a model with 'Nervi scossi'.\n\n"
    "Example: skirmish roll initiative --rif 3 --fama 1 --against-rif 4 --dice 4,3",
    "cohesion": "Cohesion test (R-08), each turn once a gang has lost over half its models: "
    "1D6, −1 with the leader in play, +1 with the leader dead; at most the highest FRED in "
    "play fights on, more retreats and loses.\n\n"
    "Example: skirmish roll cohesion --highest-fred 3 --leader dead --dice 3",
    "infamy": "Infamy test (R-09) after a voluntary retreat: on a 1 a model of your choice "
    "loses 1 FAMA for good, or 1 FORTUNA if the gang has no FAMA.\n\n"
    "Example: skirmish roll infamy --no-fama --dice 1",
    "recovery": "Recovery (R-10) of a model eliminated in the game: 1D6 + doctor; 1 dead, "
    "2 invalid, 3–4 wounded, 5+ fully recovered. FORTUNA rerolls a 'dead': below COS it "
    "survives as an invalid. An invalidity it already has is rolled again (H-07).\n\n"
    "Example: skirmish roll recovery --cos 3 --fortuna 1 --dice 1,2,5\n\n"
    "Example: skirmish roll recovery --cos 3 --doctor segaossa --has-invalid orbo --dice 1,2,4",
    "skill": "New skill (R-11) for 3 XP: 2D6 on the new-skills table; an owned skill is "
    "rolled again, DOTTORE on a bone-setter makes a graduate; mountain men may take "
    "CACCIATORE instead of rolling.\n\n"
    "Example: skirmish roll skill --owned duro --owned dottore --dice 4,6,2,3",
    "availability": "Availability (R-12) before buying: 1D6 equal to or above the item's "
    "DISP; a failed roll can be tried again after the next game (H-03).\n\n"
    "Example: skirmish roll availability --item dinamite --dice 4",
    "explosion": "Explosion (R-14) on one model within 5U: dynamite 6 or nitroglycerin 10 "
    "damages, less its protection (table 8), one saving roll each (R-03); survivors are "
    "thrown 1D6 + damages U and terrified. Dynamite: unmoved models step away ⌈1D6/2⌉ U "
    "unless a short fuse was declared, which explodes in the thrower's hands on a 1.\n\n"
    "Example: skirmish roll explosion --explosive dinamite --rif 3 --cos 4 --unmoved "
    "--distance 4\n\n"
    "Example: skirmish roll explosion --explosive nitro --rif 3 --cos 3 --protection total "
    "--cover-type muro --dice 4,1,1,1,1,1,2",
    "lasso": "Lasso (R-14): with --rif the reflex test first (1 success, cowboys −1), then "
    "1D6 against the target's COS plus its mount's: lower pulls the thrower, equal holds, "
    "higher pulls the target, by the difference; over 2 knocks the pulled model down.\n\n"
    "Example: skirmish roll lasso --target-cos 3 --mount horse --rif 3 --cowboy --dice 2,5,6",
}

#: One line each for the list of ``skirmish roll --help``.
SHORT_HELP = {
    "reflex": "Reflex test (R-06): 2D6 against RIF, 1 or 2 successes.",
    "initiative": "Initiative (R-07): 1D6 + RIF + unused FAMA, or a roll-off.",
    "cohesion": "Cohesion test (R-08): 1D6 ± leader against the highest FRED.",
    "infamy": "Infamy test (R-09): 1D6 after a retreat; a 1 costs FAMA.",
    "recovery": "Recovery (R-10): 1D6 + doctor after the game.",
    "skill": "New skill (R-11): 2D6 on the new-skills table.",
    "availability": "Availability (R-12): 1D6 equal to or above DISP before buying.",
    "explosion": "Explosion (R-14): dynamite or nitroglycerin on one model.",
    "lasso": "Lasso (R-14): reflex test, then 1D6 against COS.",
}


def register(app: typer.Typer) -> None:
    """Add the non-combat tests to the ``roll`` app."""
    for command in (
        reflex,
        initiative,
        cohesion,
        infamy,
        recovery,
        skill,
        availability,
        explosion,
        lasso,
    ):
        name = command.__name__
        app.command(name, help=HELP[name], short_help=SHORT_HELP[name])(command)
