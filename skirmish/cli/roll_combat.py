"""``skirmish roll nerve|shoot|melee|save|panic``: the combat procedures of R-01…R-05 and R-14.

Each command hands its options (``dict(locals())``, taken first thing) to the setup builders of
``combat_options``, shared with ``skirmish odds``, rolls the procedure on typed-in (``--dice``)
or seeded random dice, and prints one line a step (``--lang it|en``) or one JSON object
(``--json``) through ``render_common.emit``. The builders, renderers and the engine's
procedures are imported inside the commands so that loading ``skirmish roll`` stays cheap.

No ``from __future__ import annotations`` here, on purpose: Typer reads every option from the
annotations, and string annotations would be compiled one by one with ``get_type_hints`` each
time a command is built; evaluated once at import they cost less, and ``roll shoot`` alone has
some sixty (issue #2).
"""

from typing import Annotated

import typer

from skirmish.cli.options import DiceOpt, JsonOpt, LangOpt, SeedOpt, roll_with
from skirmish.engine.setup import Elevation, Immunity, Motion, MountPace
from skirmish.rules.model import Cover

DEFAULT_SHOOT_WEAPON = "six-shooter"

# ---------------------------------------------------------------------------- shared options

TiroOpt = Annotated[int, typer.Option("--tiro", help="The shooter's TIRO (0–4).")]
FredOpt = Annotated[int, typer.Option("--fred", help="The attacker's FRED for the nerve test.")]
CosOpt = Annotated[
    int, typer.Option("--cos", help="The attacker's COS (fight roll; thrown reach COS×2 U).")
]
ShakenOpt = Annotated[
    bool, typer.Option("--shaken", help="The model is shaken: +1 on each die (R-01, R-04).")
]
TerrifiedOpt = Annotated[
    bool, typer.Option("--terrified", help="The model is terrified (it cannot act, §4.3.2).")
]
SkillOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--skill",
        help="A skill, Italian or English, repeatable; FUCILIERE, GUERRIERO and PISTOLERO take "
        "the chosen weapon as NAME:WEAPON (default: the weapon in hand, if of that type).",
    ),
]
WhiskyOpt = Annotated[
    bool, typer.Option("--whisky", help="Drank whisky: +1 FRED, −1 RIF for the game (§8.3).")
]
FactionOpt = Annotated[
    str | None,
    typer.Option("--faction", help="The attacker's faction (mexicans: fanning also fires on 5)."),
]
BehindOpt = Annotated[
    bool, typer.Option("--behind", help="The attacker is behind the target: save +2 (R-03).")
]
TargetRifOpt = Annotated[
    int | None, typer.Option("--target-rif", help="Target's RIF: roll its saving rolls (R-03).")
]
TargetFredOpt = Annotated[
    int | None,
    typer.Option("--target-fred", help="Target's FRED: roll its panic test (R-04)."),
]
TargetCosOpt = Annotated[
    int | None,
    typer.Option("--target-cos", help="Target's COS: take the wounds off it (COS ≤ 0: out)."),
]
TargetShakenOpt = Annotated[
    bool, typer.Option("--target-shaken", help="The target is already shaken.")
]
TargetTerrifiedOpt = Annotated[
    bool, typer.Option("--target-terrified", help="The target is already terrified.")
]
TargetProneOpt = Annotated[bool, typer.Option("--target-prone", help="The target lies prone.")]
TargetSkillOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--target-skill", help="A skill of the target (PREDICATORE, BUON CAVALIERE), repeatable."
    ),
]
LeaderFredOpt = Annotated[
    int | None,
    typer.Option(
        "--leader-fred", help="FRED of the target's leader within 5U, used if higher (R-04)."
    ),
]
FriendsOpt = Annotated[
    int,
    typer.Option(
        "--friends", help="Friendly models within 5U of the target (PREDICATORE, Volontario)."
    ),
]
VolunteerOpt = Annotated[
    bool,
    typer.Option("--volunteer", help="The target is a lawmen's Volontario: +1 FRED with a friend."),
]
GringoOpt = Annotated[
    bool,
    typer.Option("--gringo-far", help="A Gringo over 15U from his leader: +1 on each panic die."),
]
ImmuneOpt = Annotated[
    Immunity | None,
    typer.Option("--immune", help="Never tests panic: capitano, vicesceriffo or sergente (R-04)."),
]
SaloonGirlOpt = Annotated[
    bool,
    typer.Option("--saloon-girl", help="The target is a saloon girl: +1 on each nerve die."),
]
ManoMozzataOpt = Annotated[
    bool,
    typer.Option("--mano-mozzata", help="Invalid 'Mano mozzata': no two-handed weapons (§6.5)."),
]
TargetWhiskyOpt = Annotated[
    bool,
    typer.Option("--target-whisky", help="The target drank whisky: +1 FRED, −1 RIF (§8.3)."),
]


# ---------------------------------------------------------------------------- commands


def nerve(
    *,
    fred: FredOpt = 3,
    shaken: ShakenOpt = False,
    terrified: TerrifiedOpt = False,
    fight: Annotated[
        bool, typer.Option("--fight", help="For a fight (PUGILE counts) rather than a shot.")
    ] = False,
    skill: SkillOpt = None,
    whisky: WhiskyOpt = False,
    saloon_girl: SaloonGirlOpt = False,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json: JsonOpt = False,
    lang: LangOpt,
) -> None:
    """``roll nerve``: a nerve test on its own (R-01)."""
    options = dict(locals())
    from skirmish.cli import render_combat as render
    from skirmish.cli.combat_options import nerve_model, setup_options
    from skirmish.cli.render_common import emit
    from skirmish.engine.nerve import nerve_test

    attacker = nerve_model(**setup_options(options, "fight", "saloon_girl"))
    result = roll_with(
        lambda d: nerve_test(attacker, d, fight=fight, saloon_girl=saloon_girl),
        seed=seed,
        dice=dice,
    )
    emit(result, render.nerve_lines, render.nerve_result_json, json, lang)


def shoot(
    *,
    tiro: TiroOpt = 3,
    fred: FredOpt = 3,
    cos: CosOpt = 3,
    weapon: Annotated[
        str, typer.Option("--weapon", help="The weapon, Italian or English name.")
    ] = DEFAULT_SHOOT_WEAPON,
    range_: Annotated[
        float | None,
        typer.Option(
            "--range",
            help="Distance to the target in U. Default: within the weapon's long range, beyond "
            "short range (no range modifier); when fanning, within short range.",
            show_default=False,
        ),
    ] = None,
    aim: Annotated[
        bool, typer.Option("--aim", help="Aim: +1 on the first shot (not after moving).")
    ] = False,
    moved: Annotated[
        bool, typer.Option("--moved", help="The shooter took a movement action this turn.")
    ] = False,
    shots: Annotated[int, typer.Option("--shots", help="Shots declared this action.")] = 1,
    shaken: ShakenOpt = False,
    terrified: TerrifiedOpt = False,
    skill: SkillOpt = None,
    whisky: WhiskyOpt = False,
    moving: Annotated[
        Motion,
        typer.Option(
            "--moving", help="Firing from a horse/vehicle: normal (trot) −1, fast (gallop) −2."
        ),
    ] = Motion.NONE,
    two_pistols: Annotated[
        bool, typer.Option("--two-pistols", help="Firing two pistols: −1 (not BOUNTY KILLER).")
    ] = False,
    faction: FactionOpt = None,
    near_two_soldiers: Annotated[
        bool,
        typer.Option("--near-two-soldiers", help="A soldier within 5U of two other soldiers: +1."),
    ] = False,
    orbo: Annotated[
        bool, typer.Option("--orbo", help="Invalid 'Orbo': cannot shoot beyond 18U.")
    ] = False,
    mano_mozzata: ManoMozzataOpt = False,
    rounds: Annotated[
        int | None,
        typer.Option("--rounds", help="Rounds loaded in a repeater, musket or carbine: 7 or 17."),
    ] = None,
    scope: Annotated[bool, typer.Option("--scope", help="Rifle scope: +4U long range.")] = False,
    fanning: Annotated[
        bool, typer.Option("--fanning", help="Empty the six-shooter's cylinder (6D6, R-14).")
    ] = False,
    first_small_pistol: Annotated[
        bool,
        typer.Option(
            "--first-small-pistol",
            help="The small pistol's first use this game: its first hit within short range "
            "gives +1 to the saving roll.",
        ),
    ] = False,
    cover: Annotated[
        Cover, typer.Option("--cover", help="Target's cover: none, light −1, partial −2, full.")
    ] = Cover.NONE,
    target_waiting: Annotated[
        bool,
        typer.Option("--target-waiting", help="The target has not yet taken its turn: +1."),
    ] = False,
    target_prone: TargetProneOpt = False,
    behind: BehindOpt = False,
    target_not_in_view: Annotated[
        bool,
        typer.Option(
            "--target-not-in-view", help="Target not in view at the start of the turn: −1."
        ),
    ] = False,
    target_mount: Annotated[
        MountPace,
        typer.Option(
            "--target-mount", help="Target's horse: still, trot +2, gallop +1; a 7 hits it."
        ),
    ] = MountPace.NONE,
    opportunity: Annotated[
        bool,
        typer.Option("--opportunity", help="Opportunity fire: no bonus, target moving −1."),
    ] = False,
    night: Annotated[
        bool, typer.Option("--night", help="Night (Il testimone): −1 beyond 20U.")
    ] = False,
    indian_hidden: Annotated[
        bool,
        typer.Option(
            "--indian-hidden", help="Target an indian partly hidden, outside town: −1 beyond 20U."
        ),
    ] = False,
    template_position: Annotated[
        int,
        typer.Option(
            "--template-position",
            help="Sawn-off: this model's place under the template (after the first: −1).",
        ),
    ] = 1,
    target_rif: TargetRifOpt = None,
    target_fred: TargetFredOpt = None,
    target_cos: TargetCosOpt = None,
    target_shaken: TargetShakenOpt = False,
    target_terrified: TargetTerrifiedOpt = False,
    target_skill: TargetSkillOpt = None,
    leader_fred: LeaderFredOpt = None,
    friends: FriendsOpt = 0,
    volunteer: VolunteerOpt = False,
    gringo_far: GringoOpt = False,
    immune: ImmuneOpt = None,
    saloon_girl: SaloonGirlOpt = False,
    target_imbranato: Annotated[
        bool,
        typer.Option(
            "--target-imbranato", help="Target is an invalid 'Imbranato': +1 on its reflex dice."
        ),
    ] = False,
    target_whisky: TargetWhiskyOpt = False,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json: JsonOpt = False,
    lang: LangOpt,
) -> None:
    """``roll shoot``: a whole shooting action (R-01–R-04, R-14)."""
    options = dict(locals())
    from skirmish.cli import render_combat as render
    from skirmish.cli.combat_options import setup_options, shoot_setup
    from skirmish.cli.render_common import emit
    from skirmish.engine.shooting import shoot as roll_shoot

    setup = shoot_setup(**setup_options(options))
    result = roll_with(lambda d: roll_shoot(setup, d), seed=seed, dice=dice)
    emit(result, render.shoot_lines, render.shoot_json, json, lang)


def melee(
    *,
    cos: CosOpt = 3,
    fred: FredOpt = 3,
    weapon: Annotated[
        str | None,
        typer.Option(
            "--weapon", help="The attacker's weapon (blade or improvised). Default: bare hands."
        ),
    ] = None,
    shaken: ShakenOpt = False,
    terrified: TerrifiedOpt = False,
    skill: SkillOpt = None,
    whisky: WhiskyOpt = False,
    mounted: Annotated[bool, typer.Option("--mounted", help="The attacker is on a horse: +2.")] = (
        False
    ),
    prone: Annotated[bool, typer.Option("--prone", help="The attacker is on the ground: −1.")] = (
        False
    ),
    elevation: Annotated[
        Elevation,
        typer.Option("--elevated", help="Who stands higher: attacker +1, defender −1."),
    ] = Elevation.NONE,
    bear_hunter: Annotated[
        bool, typer.Option("--bear-hunter", help="Cacciatore di orsi: +1 (§9.6).")
    ] = False,
    malattia: Annotated[
        bool, typer.Option("--malattia", help="Invalid 'Malattia': −1 COS in fight rolls.")
    ] = False,
    mano_mozzata: ManoMozzataOpt = False,
    mountain_men_charge: Annotated[
        bool,
        typer.Option(
            "--mountain-men-charge", help="Mountain men charged in: +1 on each panic die (§9.6)."
        ),
    ] = False,
    behind: BehindOpt = False,
    target_weapon: Annotated[
        str | None,
        typer.Option("--target-weapon", help="The defender's weapon. Default: bare hands."),
    ] = None,
    target_mounted: Annotated[
        bool, typer.Option("--target-mounted", help="The defender is on a horse: −2.")
    ] = False,
    target_prone: TargetProneOpt = False,
    target_rif: TargetRifOpt = None,
    target_fred: TargetFredOpt = None,
    target_cos: TargetCosOpt = None,
    target_shaken: TargetShakenOpt = False,
    target_terrified: TargetTerrifiedOpt = False,
    target_skill: TargetSkillOpt = None,
    leader_fred: LeaderFredOpt = None,
    friends: FriendsOpt = 0,
    volunteer: VolunteerOpt = False,
    gringo_far: GringoOpt = False,
    immune: ImmuneOpt = None,
    saloon_girl: SaloonGirlOpt = False,
    target_whisky: TargetWhiskyOpt = False,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json: JsonOpt = False,
    lang: LangOpt,
) -> None:
    """``roll melee``: a whole fight (R-01, R-03–R-05)."""
    options = dict(locals())
    from skirmish.cli import render_combat as render
    from skirmish.cli.combat_options import melee_setup, setup_options
    from skirmish.cli.render_common import emit
    from skirmish.engine.fight import melee as roll_melee

    setup = melee_setup(**setup_options(options))
    result = roll_with(lambda d: roll_melee(setup, d), seed=seed, dice=dice)
    emit(result, render.melee_lines, render.melee_json, json, lang)


def save(
    *,
    rif: Annotated[int, typer.Option("--rif", help="The model's RIF.")] = 3,
    damage: Annotated[
        int, typer.Option("--damage", help="Damage points taken: one roll each.")
    ] = 1,
    behind: BehindOpt = False,
    blade: Annotated[
        bool, typer.Option("--blade", help="Struck with a blade in a fight: +1.")
    ] = False,
    small_pistol_first: Annotated[
        bool,
        typer.Option(
            "--small-pistol-first", help="The small pistol's first hit this game, short range: +1."
        ),
    ] = False,
    whisky: Annotated[
        bool, typer.Option("--whisky", help="The model drank whisky: −1 RIF (+1).")
    ] = False,
    cos: Annotated[
        int | None, typer.Option("--cos", help="The model's COS: stop rolling once it is out.")
    ] = None,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json: JsonOpt = False,
    lang: LangOpt,
) -> None:
    """``roll save``: saving rolls on their own (R-03)."""
    options = dict(locals())
    from skirmish.cli import render_combat as render
    from skirmish.cli.combat_options import save_mods, setup_options
    from skirmish.cli.render_common import emit
    from skirmish.engine.saving import saving_roll

    mods = save_mods(**setup_options(options, "rif", "damage", "cos"))
    result = roll_with(
        lambda d: saving_roll(rif, d, damage=damage, modifiers=mods, cos=cos), seed=seed, dice=dice
    )
    emit(result, render.save_lines, render.save_result_json, json, lang)


def panic(
    *,
    fred: Annotated[int, typer.Option("--fred", help="The model's FRED.")] = 3,
    shaken: ShakenOpt = False,
    terrified: TerrifiedOpt = False,
    prone: Annotated[bool, typer.Option("--prone", help="The model already lies prone.")] = False,
    skill: Annotated[
        list[str] | None, typer.Option("--skill", help="A skill (PREDICATORE), repeatable.")
    ] = None,
    leader_fred: LeaderFredOpt = None,
    friends: FriendsOpt = 0,
    volunteer: VolunteerOpt = False,
    gringo_far: GringoOpt = False,
    mountain_men_charge: Annotated[
        bool,
        typer.Option("--mountain-men-charge", help="Charged by mountain men: +1 on each die."),
    ] = False,
    immune: ImmuneOpt = None,
    whisky: Annotated[bool, typer.Option("--whisky", help="Drank whisky: +1 FRED.")] = False,
    seed: SeedOpt = None,
    dice: DiceOpt = None,
    json: JsonOpt = False,
    lang: LangOpt,
) -> None:
    """``roll panic``: a panic test on its own (R-04)."""
    options = dict(locals())
    from skirmish.cli import render_combat as render
    from skirmish.cli.combat_options import panic_model, setup_options
    from skirmish.cli.render_common import emit
    from skirmish.engine.panic import panic_test

    model = panic_model(**setup_options(options, "mountain_men_charge"))
    result = roll_with(
        lambda d: panic_test(model, d, mountain_men_charge=mountain_men_charge),
        seed=seed,
        dice=dice,
    )
    emit(result, render.panic_lines, render.panic_result_json, json, lang)


#: Each command's help: what it does, its defaults, and an example on one line.
HELP = {
    "nerve": "Nerve test before shooting or fighting: 2D6 against FRED; one die over is tense "
    "(−1), two are nervous (−2) (R-01).\n\n"
    "Example: skirmish roll nerve --fred 3 --shaken --dice 2,4",
    "shoot": "Shoot: nerve test, one shooting roll per shot (1D6 + TIRO + weapon bonus + "
    "modifiers: 7 or less misses, 8–9 one damage, 10+ two), then with --target-rif one saving "
    "roll per damage and with --target-fred the panic test (R-01–R-04, R-14). Defaults: "
    "six-shooter, TIRO/FRED/COS 3, one shot, range within long but beyond short range.\n\n"
    "Example: skirmish roll shoot --tiro 4 --cover light\n\n"
    "Example (§4.2): skirmish roll shoot --tiro 4 --weapon sei-colpi --range 8 --cover light "
    "--target-waiting --fred 3 --target-rif 3 --target-fred 3 --target-cos 3 "
    "--dice 2,4,4,4,3,5",
    "melee": "Fight: nerve test, one fight roll (1D6 + COS + weapon bonus + table 4: 6 or less "
    "misses, 7–9 one damage, 10+ two), then with --target-rif the saving rolls (blade +1) and "
    "with --target-fred the panic test (R-01, R-03–R-05). Defaults: bare hands on both sides, "
    "COS/FRED 3.\n\n"
    "Example: skirmish roll melee --cos 3 --weapon coltello --fred 4 --target-rif 3 "
    "--target-fred 3 --target-cos 3 --dice 2,4,4,4,3,5",
    "save": "Saving rolls: one per damage, 1D6 + modifiers − RIF; 0 or less no wound, 1–3 one, "
    "4+ two (R-03).\n\n"
    "Example: skirmish roll save --rif 3 --damage 2 --behind",
    "panic": "Panic test after being shot at or attacked: 2D6 against FRED; one die over "
    "shaken, two terrified; a shaken model that fails becomes terrified, a terrified one also "
    "drops prone; any failure flees to cover within 5U (R-04).\n\n"
    "Example: skirmish roll panic --fred 3 --shaken --dice 3,5",
}


#: One line each for ``skirmish roll --help``.
SHORT_HELP = {
    "nerve": "Nerve test (R-01): 2D6 against FRED before shooting or fighting.",
    "shoot": "Shoot (R-01–R-04, R-14): nerve, shots, saves and panic.",
    "melee": "Fight (R-05): nerve, fight roll, saves and panic.",
    "save": "Saving rolls (R-03): 1D6 + modifiers − RIF per damage.",
    "panic": "Panic test (R-04): 2D6 against FRED; shaken, terrified, prone.",
}


def register(app: typer.Typer) -> None:
    """Add ``nerve``, ``shoot``, ``melee``, ``save`` and ``panic`` to the ``roll`` app."""
    for command in (nerve, shoot, melee, save, panic):
        name = command.__name__
        app.command(name, help=HELP[name], short_help=SHORT_HELP[name])(command)
