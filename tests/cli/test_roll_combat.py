"""``skirmish roll nerve|shoot|melee|save|panic`` through the command line: the rulebook's worked
examples with typed-in dice, JSON, languages, and one-line errors for what the rules forbid."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app

runner = CliRunner()

SECTION_4_2 = [
    "roll", "shoot", "--tiro", "4", "--weapon", "sei-colpi", "--range", "8", "--cover", "light",
    "--target-waiting", "--fred", "3", "--target-rif", "3", "--target-fred", "3",
    "--target-cos", "3", "--dice", "2,4,4,4,3,5",
]  # fmt: skip
SECTION_4_3 = [
    "roll", "melee", "--cos", "3", "--weapon", "coltello", "--fred", "4", "--target-rif", "3",
    "--target-fred", "3", "--target-cos", "3", "--dice", "2,4,4,4,3,5",
]  # fmt: skip


def run(args: list[str]) -> tuple[int, str, str]:
    result = runner.invoke(app, args)
    return result.exit_code, result.stdout, result.stderr


def run_json(args: list[str]) -> dict[str, Any]:
    code, out, err = run([*args, "--json"])
    assert code == 0, err
    payload: dict[str, Any] = json.loads(out)
    return payload


def error_line(args: list[str]) -> str:
    """The single ``Error:`` line of a refused command (non-zero exit, no traceback)."""
    code, out, err = run(args)
    assert code != 0, out
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), err
    assert "Traceback" not in out + err
    return lines[0]


# ---------------------------------------------------------------------------- worked examples


def test_section_4_2_reads_as_the_book() -> None:
    """§4.2, R-01–R-04: Wyatt shoots Billy behind a fence."""
    code, out, err = run([*SECTION_4_2, "--lang", "en"])
    assert code == 0, err
    assert out.splitlines() == [
        "nerve 2,4 vs FRED 3, tense −1",
        "shot 4 + 4 + 1 + 1 − 1 − 1 = 8, hit, 1 damage (TIRO 4, weapon bonus +1, "
        "target has not acted +1, light cover −1, tense −1)",
        "save 4 − 3 = 1, 1 wound",
        "panic 3,5 vs FRED 3, shaken, flees to cover within 5U",
    ]


def test_section_4_2_in_italian() -> None:
    code, out, _ = run([*SECTION_4_2, "--lang", "it"])
    assert code == 0
    assert out.splitlines() == [
        "freddezza 2,4 contro FRED 3, teso −1",
        "tiro 4 + 4 + 1 + 1 − 1 − 1 = 8, colpito, 1 danno (TIRO 4, bonus arma +1, "
        "bersaglio non ha agito +1, copertura leggera −1, teso −1)",
        "salvezza 4 − 3 = 1, 1 ferita",
        "panico 3,5 contro FRED 3, scosso, fugge al riparo entro 5U",
    ]


def test_section_4_2_json() -> None:
    payload = run_json(SECTION_4_2)
    assert payload["dice"] == [2, 4, 4, 4, 3, 5]
    assert [r["for"] for r in payload["rolls"]] == [
        "nerve", "nerve", "shot", "save", "panic", "panic"
    ]  # fmt: skip
    assert payload["damage"] == 1 and payload["wounds"] == 1 and payload["outcome"] == "shaken"
    assert payload["cos_after"] == 2 and payload["eliminated"] is False
    assert payload["nerve"]["penalty"] == -1 and payload["nerve"]["result"] == "tense"
    (shot,) = payload["shots"]
    assert shot["total"] == 8 and shot["die"] == 4 and shot["tiro"] == 4
    assert [(m["key"], m["value"]) for m in shot["modifiers"]] == [
        ("weapon-bonus", 1),
        ("target-waiting", 1),
        ("cover-light", -1),
        ("tense", -1),
    ]
    assert payload["rulings"] == ["R-01", "R-02", "R-03", "R-04"]


def test_section_4_3_reads_as_the_book() -> None:
    """§4.3, R-05: John knifes Billy: 4 + 3 + 1 + 1 = 9, 1 damage, 1 wound, shaken."""
    code, out, err = run([*SECTION_4_3, "--lang", "en"])
    assert code == 0, err
    assert out.splitlines() == [
        "nerve 2,4 vs FRED 4, calm",
        "fight 4 + 3 + 1 + 1 = 9, hit, 1 damage (COS 3, weapon bonus +1, armed vs bare hands +1)",
        "save 4 + 1 − 3 = 2, 1 wound (blade +1)",
        "panic 3,5 vs FRED 3, shaken, flees to cover within 5U",
    ]


def test_section_4_3_json() -> None:
    payload = run_json(SECTION_4_3)
    assert payload["dice"] == [2, 4, 4, 4, 3, 5]
    assert payload["damage"] == 1 and payload["wounds"] == 1 and payload["outcome"] == "shaken"
    assert payload["fight"]["total"] == 9
    assert payload["saves"][0]["total"] == 2
    assert [(m["key"], m["value"]) for m in payload["saves"][0]["modifiers"]] == [("blade", 1)]


# ---------------------------------------------------------------------------- defaults


def test_the_design_example_works_as_written() -> None:
    """Issue #2: `skirmish roll shoot --tiro 4 --cover light`."""
    code, out, err = run(["roll", "shoot", "--tiro", "4", "--cover", "light", "--seed", "7"])
    assert code == 0, err
    assert out.startswith("nerve ") and "\nshot " in out and "light cover −1" in out
    assert "short range" not in out  # default: within long range, beyond short range


def test_a_seed_gives_the_same_roll() -> None:
    args = ["roll", "shoot", "--tiro", "4", "--target-rif", "3", "--target-fred", "3"]
    assert run([*args, "--seed", "5"]) == run([*args, "--seed", "5"])


def test_random_json_dice_replay_through_dice() -> None:
    args = ["roll", "shoot", "--tiro", "3", "--target-rif", "2", "--target-fred", "2"]
    first = run_json([*args, "--seed", "11"])
    dice = ",".join(str(d) for d in first["dice"])
    assert run_json([*args, "--dice", dice]) == first


def test_without_target_json_has_no_wounds_nor_outcome() -> None:
    payload = run_json(["roll", "shoot", "--dice", "1,1,6"])
    assert payload["damage"] == 2 and payload["wounds"] is None and payload["outcome"] is None


def test_eliminated_target() -> None:
    args = [
        "roll", "shoot", "--tiro", "4", "--weapon", "fucile", "--range", "10",
        "--target-rif", "1", "--target-fred", "3", "--target-cos", "1", "--dice", "1,1,6,6",
    ]  # fmt: skip
    code, out, _ = run(args)
    assert code == 0
    assert out.splitlines()[-1] == "eliminated: COS 1 − 2 = −1"
    assert run_json(args)["outcome"] == "eliminated"


def test_multiple_shots_are_numbered() -> None:
    code, out, _ = run(["roll", "shoot", "--weapon", "doppietta", "--shots", "2", "--dice",
                        "1,1,3,3"])  # fmt: skip
    assert code == 0
    lines = out.splitlines()
    assert lines[1].startswith("shot 1: 3 + 3 + 2 = 8, hit, 1 damage")
    assert lines[2].startswith("shot 2: 3 + 3 + 2 − 1 = 7, miss")
    assert "after the first shot −1" in lines[2]


def test_fanning_line_and_mexican_fives() -> None:
    args = ["roll", "shoot", "--tiro", "4", "--fanning", "--faction", "messicani", "--dice",
            "1,1,6,5,1,6,6,6,4,4"]  # fmt: skip
    code, out, err = run(args)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[1] == "fanning 6,5,1,6,6,6 vs TIRO 4: 2 shots (5 at −1, 1)"
    assert lines[2].startswith("shot 1: 4 + 4 + 1 + 1 − 1 = 9, hit") and "mexican 5 −1" in lines[2]


def test_skill_with_its_chosen_weapon() -> None:
    args = ["roll", "shoot", "--skill", "pistolero:sei colpi", "--dice", "1,1,1"]
    shot = run_json(args)["shots"][0]
    assert ("pistolero", 1) in [(m["key"], m["value"]) for m in shot["modifiers"]]
    default = run_json(["roll", "shoot", "--skill", "pistolero", "--dice", "1,1,1"])
    assert "pistolero" in [m["key"] for m in default["shots"][0]["modifiers"]]


def test_an_imbranato_rider_is_thrown_more_easily() -> None:
    args = ["roll", "shoot", "--target-mount", "gallop", "--target-rif", "3",
            "--target-imbranato", "--dice", "1,1,2,6,1,2"]  # fmt: skip
    code, out, _ = run(args)
    assert code == 0
    assert out.splitlines()[-1] == (
        "reflex 1,2 +1 (Imbranato +1) vs RIF 3: the rider lands on his feet"
    )


def test_mount_falls_and_the_rider_is_thrown() -> None:
    args = ["roll", "shoot", "--target-mount", "gallop", "--target-rif", "3", "--target-fred",
            "3", "--target-cos", "2", "--dice", "1,1,2,6,5,6,1,1"]  # fmt: skip
    code, out, _ = run(args)
    assert code == 0
    assert out.splitlines()[2:] == [
        "mount 6: the horse is hit and falls",
        "reflex 5,6 vs RIF 3: the rider falls, 1 wound, no save",
        "panic 1,1 vs FRED 3, steady",
    ]
    assert run_json(args)["wounds"] == 1


# ---------------------------------------------------------------------------- other commands


def test_panic_of_a_shaken_model() -> None:
    """R-04: a shaken model that fails at all becomes terrified."""
    code, out, _ = run(["roll", "panic", "--fred", "3", "--shaken", "--dice", "3,5"])
    assert code == 0
    assert out.strip() == (
        "panic 3,5 vs FRED 3, terrified, flees to cover within 5U, skips its next turn"
    )
    payload = run_json(["roll", "panic", "--fred", "3", "--terrified", "--dice", "3,5"])
    assert payload["outcome"] == "terrified" and payload["prone"] is True


def test_panic_with_leader_and_immunity() -> None:
    code, out, _ = run(["roll", "panic", "--fred", "2", "--leader-fred", "4", "--dice", "4,4"])
    assert code == 0
    assert out.strip() == "panic 4,4 vs FRED 4 (2 + 2 leader within 5U), steady"
    payload = run_json(["roll", "panic", "--immune", "capitano", "--seed", "1"])
    assert payload["dice"] == [] and payload["outcome"] == "steady"


def test_nerve_command() -> None:
    code, out, _ = run(["roll", "nerve", "--fred", "3", "--shaken", "--dice", "2,4"])
    assert code == 0
    assert out.strip() == "nerve 2,4 +1 each (shaken +1) vs FRED 3, tense −1, no longer shaken"
    payload = run_json(["roll", "nerve", "--fight", "--skill", "pugile", "--dice", "4,4"])
    assert payload["dice"] == [4, 4] and payload["penalty"] == 0 and payload["effective_fred"] == 4


def test_save_command() -> None:
    code, out, _ = run(["roll", "save", "--rif", "3", "--damage", "2", "--behind", "--dice",
                        "1,6"])  # fmt: skip
    assert code == 0
    assert out.splitlines() == [
        "save 1 + 2 − 3 = 0, no wound (from behind +2)",
        "save 6 + 2 − 3 = 5, 2 wounds (from behind +2)",
    ]
    payload = run_json(["roll", "save", "--rif", "3", "--dice", "4"])
    assert payload["wounds"] == 1 and payload["dice"] == [4]


# ---------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["roll", "shoot", "--cover", "full"], "full cover"),
        (
            ["roll", "shoot", "--range", "13"],
            "13U is beyond the Six-shooter's long range (short 6U, long 12U, R-02)",
        ),
        (["roll", "shoot", "--aim"], "cannot aim"),
        (["roll", "shoot", "--weapon", "remington", "--aim"], "cannot aim"),
        (["roll", "shoot", "--fanning", "--range", "7"], "within short range"),
        (["roll", "shoot", "--fanning", "--two-pistols"], "one pistol"),
        (["roll", "shoot", "--shots", "2"], "fires at most 1 shot"),
        (["roll", "shoot", "--terrified"], "terrified model cannot act"),
        (["roll", "shoot", "--tiro", "5"], "TIRO 5 is outside 0–4"),
        (["roll", "shoot", "--target-rif", "7"], "target RIF 7 is outside 0–4"),
        (["roll", "shoot", "--weapon", "bazooka"], "unknown weapon 'bazooka'"),
        (["roll", "shoot", "--skill", "fuciliere:coltello"], "chosen for a rifle"),
        (["roll", "shoot", "--shaken", "--terrified"], "not both"),
        (["roll", "melee", "--shaken"], "shaken model cannot start a fight (§4.3"),
        (["roll", "melee", "--terrified"], "terrified model cannot act"),
        (["roll", "panic", "--fred", "9"], "FRED 9 is outside 0–4"),
        (["roll", "save", "--damage", "0"], "for each damage"),
        (["roll", "shoot", "--weapon", "fucile", "--mano-mozzata"], "Mano mozzata"),
        (["roll", "melee", "--weapon", "ascia boscaiolo", "--mano-mozzata"], "Mano mozzata"),
    ],
)
def test_forbidden_actions_are_one_error_line(args: list[str], expected: str) -> None:
    assert expected in error_line([*args, "--seed", "1"])


@pytest.mark.parametrize("command", ["shoot", "melee"])
def test_a_target_at_cos_0_is_refused(command: str) -> None:
    """§6.1: COS 0 is eliminated (issue 9: `roll shoot --target-cos 0` was rolled)."""
    assert error_line(["roll", command, "--target-cos", "0", "--seed", "1"]) == (
        "Error: target COS 0: a model whose COS reaches 0 is eliminated (§6.1) and can be "
        "neither shot at nor attacked; give the COS it has left (1–4)."
    )


def test_a_rifle_used_as_a_club_adds_1_not_2_r18() -> None:
    """R-18 (issue 9): a rifle in a fight adds weapon bonus +1 whatever its shooting bonus;
    this command printed "weapon bonus +2" and a total of 9."""
    code, out, err = run(
        ["roll", "melee", "--cos", "3", "--weapon", "fucile", "--target-weapon", "ascia",
         "--dice", "1,1,4", "--lang", "en"]
    )  # fmt: skip
    assert code == 0, err
    assert out.splitlines() == [
        "nerve 1,1 vs FRED 3, calm",
        "fight 4 + 3 + 1 + 1 − 1 = 8, hit, 1 damage (COS 3, weapon bonus +1, two-handed weapon "
        "+1, defender's two-handed weapon −1)",
    ]


def test_a_defender_that_has_not_acted_gives_plus_1_in_a_fight_r18() -> None:
    """R-18: `roll melee --target-waiting`, as `roll shoot` has it: +1 to the fight roll."""
    payload = run_json([*SECTION_4_3[:-1], "2,4,4,1,3,5,1", "--target-waiting"])
    assert [(m["key"], m["value"]) for m in payload["fight"]["modifiers"]] == [
        ("weapon-bonus", 1),
        ("armed-vs-unarmed", 1),
        ("target-waiting", 1),
    ]
    assert payload["fight"]["total"] == 10 and payload["damage"] == 2


def test_opportunity_fire_keeps_no_bonus_at_all_r16() -> None:
    """R-16: neither the double barrel's BONUS 2 nor its +1 within 4U, nor short range or a
    waiting target; TIRO, the penalties and the target moving −1 count."""
    code, out, err = run(
        ["roll", "shoot", "--tiro", "4", "--weapon", "doppietta", "--range", "3", "--shots", "2",
         "--target-waiting", "--opportunity", "--dice", "1,1,6,6", "--lang", "en"]
    )  # fmt: skip
    assert code == 0, err
    assert out.splitlines() == [
        "nerve 1,1 vs FRED 3, calm",
        "shot 1: 6 + 4 − 1 = 9, hit, 1 damage (TIRO 4, opportunity fire, target moving −1)",
        "shot 2: 6 + 4 − 1 − 1 = 8, hit, 1 damage (TIRO 4, after the first shot −1, "
        "opportunity fire, target moving −1)",
    ]


def test_too_few_dice_says_how_many_more() -> None:
    line = error_line([*SECTION_4_2[:-1], "2,4,4"])
    assert "needs at least 3 more (the next one is for: saving roll)" in line


def test_too_many_dice_is_refused() -> None:
    line = error_line(["roll", "nerve", "--dice", "1,2,3"])
    assert "used only 2" in line


def _option_help(command: str, name: str) -> str:
    import typer

    from skirmish.cli import roll

    found = typer.main.get_command(roll.app).commands[command]  # type: ignore[attr-defined]
    (param,) = [p for p in found.params if p.name == name]
    help_: str = param.help
    return help_


def test_panic_help_shaken_adds_no_die_modifier_r04() -> None:
    """Issue 9: `roll panic --help` said --shaken adds +1 on each die; the panic test adds
    nothing for it (R-04: a shaken model that fails at all becomes terrified; R-01's +1 is the
    nerve test's)."""
    assert "+1" not in _option_help("panic", "shaken")
    assert "+1 on each nerve die" in _option_help("shoot", "shaken")
    panic = run_json(["roll", "panic", "--fred", "3", "--shaken", "--dice", "1,1"])["panic"]
    assert (panic["per_die"], panic["die_modifiers"]) == (0, [])


@pytest.mark.parametrize("command", ["panic", "shoot", "melee"])
def test_leader_fred_help_names_the_five_that_lend_r17(command: str) -> None:
    """R-17: --leader-fred stays a number; its help names the profiles that lend their FRED,
    as the rules data declares them, and no other leader."""
    from skirmish import rules

    help_ = _option_help(command, "leader_fred")
    for lender in rules.fred_lenders():
        assert lender.name_en in help_  # the English help names them in English
    assert "R-17" in help_
    assert "Bandido" not in help_ and "Captain" not in help_


@pytest.mark.parametrize("command", ["nerve", "shoot", "melee", "save", "panic"])
def test_help_has_an_example(command: str) -> None:
    code, out, _ = run(["roll", command, "--help"])
    assert code == 0 and f"Example: skirmish roll {command}" in out


# ---------------------------------------------------------------------------- reachability

SHOOT_FLAGS: dict[str, list[str]] = {
    "aim": ["--weapon", "fucile", "--aim"],
    "short-range": ["--range", "3"],
    "target-waiting": ["--target-waiting"],
    "cover-light": ["--cover", "light"],
    "cover-partial": ["--cover", "partial"],
    "after-first-shot": ["--weapon", "remington", "--shots", "2"],
    "two-pistols": ["--two-pistols"],
    "target-trotting": ["--target-mount", "trot"],
    "target-galloping": ["--target-mount", "gallop"],
    "shooter-trotting": ["--moving", "normal"],
    "shooter-galloping": ["--moving", "fast"],
    "prone-target-short": ["--range", "3", "--target-prone"],
    "prone-target-beyond": ["--range", "9", "--target-prone"],
    "target-not-seen": ["--target-not-in-view"],
    "target-terrified-short": ["--range", "3", "--target-terrified"],
    "aim-cecchino": ["--weapon", "fucile", "--aim", "--skill", "cecchino"],
    "point-blank": ["--weapon", "doppietta", "--range", "4"],
    "night": ["--weapon", "fucile", "--range", "22", "--night"],
    "indian-hidden": ["--weapon", "fucile", "--range", "22", "--indian-hidden"],
    "near-two-soldiers": ["--near-two-soldiers"],
    "fuciliere": ["--weapon", "winchester", "--skill", "fuciliere:winchester"],
    "pistolero": ["--skill", "pistolero"],
    "guerriero": ["--weapon", "coltello", "--skill", "guerriero:coltello"],
    "opportunity-moving": ["--opportunity"],
}
MELEE_FLAGS: dict[str, list[str]] = {
    "armed-vs-unarmed": ["--weapon", "coltello"],
    "unarmed-vs-armed": ["--target-weapon", "coltello"],
    "attacker-two-handed": ["--weapon", "ascia boscaiolo"],
    "defender-two-handed": ["--target-weapon", "fucile"],
    "attacker-mounted": ["--mounted"],
    "defender-mounted": ["--target-mounted"],
    "defender-down": ["--target-prone"],
    "attacker-down": ["--elevated", "defender"],
    "defender-shaken": ["--target-shaken"],
    "defender-terrified": ["--target-terrified"],
    "bear-hunter": ["--bear-hunter"],
    "malattia": ["--malattia"],
    "guerriero": ["--weapon", "spada", "--skill", "guerriero:spada"],
    "target-waiting": ["--target-waiting"],  # R-18: table 3's +1 in a fight too
}


def _keys(modifiers: list[dict[str, Any]]) -> set[str]:
    return {m["key"] for m in modifiers}


@pytest.mark.parametrize(("key", "flags"), SHOOT_FLAGS.items(), ids=list(SHOOT_FLAGS))
def test_every_shooting_modifier_has_a_flag(key: str, flags: list[str]) -> None:
    payload = run_json(["roll", "shoot", *flags, "--seed", "3"])
    assert key in _keys(payload["shots"][-1]["modifiers"])


@pytest.mark.parametrize(("key", "flags"), MELEE_FLAGS.items(), ids=list(MELEE_FLAGS))
def test_every_fight_modifier_has_a_flag(key: str, flags: list[str]) -> None:
    payload = run_json(["roll", "melee", *flags, "--seed", "3"])
    assert key in _keys(payload["fight"]["modifiers"])


def test_the_rules_tables_are_all_covered() -> None:
    """Every row of table 3 and table 4, as transcribed in skirmish.rules, has a flag."""
    from skirmish import rules

    assert {m.id for m in rules.shooting_modifiers()} <= set(SHOOT_FLAGS)
    assert {m.id for m in rules.fight_modifiers()} <= set(MELEE_FLAGS)


@pytest.mark.parametrize(
    ("args", "where", "key"),
    [
        (["roll", "shoot", "--behind", "--target-rif", "3", "--dice", "1,1,5,1"], "saves",
         "behind"),
        (
            ["roll", "shoot", "--weapon", "remington", "--range", "3", "--first-small-pistol",
             "--target-rif", "3", "--dice", "1,1,4,1"],
            "saves",
            "small-pistol-first",
        ),
        (["roll", "shoot", "--target-whisky", "--target-rif", "3", "--dice", "1,1,5,1"], "saves",
         "whisky-rif"),
        (["roll", "shoot", "--shaken", "--dice", "1,1,1"], "nerve", "shaken"),
        (["roll", "shoot", "--saloon-girl", "--dice", "1,1,1"], "nerve", "saloon-girl"),
        (["roll", "shoot", "--skill", "duro", "--dice", "1,1,1"], "nerve", "duro"),
        (["roll", "shoot", "--whisky", "--dice", "1,1,1"], "nerve", "whisky"),
        (["roll", "melee", "--skill", "pugile", "--dice", "1,1,1"], "nerve", "pugile"),
        (["roll", "shoot", "--target-fred", "2", "--leader-fred", "3", "--dice", "1,1,1,1,1"],
         "panic", "leader-fred"),
        (["roll", "shoot", "--target-fred", "2", "--target-skill", "predicatore", "--friends",
          "1", "--dice", "1,1,1,1,1"], "panic", "predicatore"),
        (["roll", "shoot", "--target-fred", "2", "--volunteer", "--friends", "1", "--dice",
          "1,1,1,1,1"], "panic", "volunteer"),
        (["roll", "shoot", "--target-fred", "2", "--gringo-far", "--dice", "1,1,1,1,1"], "panic",
         "gringo-far"),
        (["roll", "melee", "--target-fred", "2", "--mountain-men-charge", "--dice", "1,1,1,1,1"],
         "panic", "mountain-men-charge"),
    ],
)  # fmt: skip
def test_saving_nerve_and_panic_modifiers_have_flags(args: list[str], where: str, key: str) -> None:
    payload = run_json(args)
    if where == "saves":
        found = _keys(payload["saves"][0]["modifiers"])
    else:
        part = payload[where]
        found = _keys(part["fred_modifiers"]) | _keys(part["die_modifiers"])
    assert key in found


def test_a_steady_target_has_the_games_word() -> None:
    # engine.glossary: "calmo" in roll, odds and game alike ("saldo" was the dice commands').
    code, out, err = run(["roll", "panic", "--fred", "3", "--dice", "1,1", "--lang", "it"])
    assert (code, out) == (0, "panico 1,1 contro FRED 3, calmo\n"), err
    code, out, err = run(["odds", "panic", "--fred", "3", "--lang", "it"])
    assert code == 0, err
    assert "calmo" in out and "saldo" not in out
    args = ["odds", "shoot", "--tiro", "4", "--target-rif", "3", "--target-fred", "3"]
    code, out, err = run([*args, "--target-cos", "2", "--lang", "it"])
    assert code == 0, err
    assert [w for w in ("eliminato", "impaurito", "scosso", "calmo") if w in out] == [
        "eliminato", "impaurito", "scosso", "calmo",
    ]  # fmt: skip
