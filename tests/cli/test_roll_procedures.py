"""``skirmish roll`` for the non-combat tests (R-06…R-12, R-14): the book's examples with typed-in
dice, JSON contracts, both languages, and one-line errors."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.cli.roll_procedures import HELP

runner = CliRunner()

COMMANDS = (
    "reflex",
    "initiative",
    "cohesion",
    "infamy",
    "recovery",
    "skill",
    "availability",
    "explosion",
    "lasso",
)


def run(*args: str) -> str:
    result = runner.invoke(app, ["roll", *args])
    assert result.exit_code == 0, result.output + result.stderr
    return result.stdout


def run_json(*args: str) -> dict[str, Any]:
    payload = json.loads(run(*args, "--json"))
    assert isinstance(payload, dict)
    return payload


def error(*args: str, code: int = 1) -> str:
    result = runner.invoke(app, ["roll", *args])
    assert result.exit_code == code, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert result.stdout == ""
    return lines[0]


# ---------------------------------------------------------------------------- §2.4


def test_book_example_trotting_dismount_succeeds() -> None:
    # §2.4: Wyatt, RIF 4, rolls 3 and 5: one success, enough at a trot (need 1).
    payload = run_json("reflex", "--rif", "4", "--dice", "3,5")
    assert payload["success"] is True
    assert payload["successes"] == 1
    assert payload["dice"] == [3, 5]
    assert payload["rulings"] == ["R-06"]


def test_book_example_galloping_dismount_fails() -> None:
    payload = run_json("reflex", "--rif", "4", "--need", "2", "--dice", "3,5")
    assert payload["success"] is False
    assert payload["successes"] == 1
    assert run("reflex", "--rif", "4", "--need", "2", "--dice", "3,5").strip() == (
        "reflex 3,5 vs RIF 4: 1 success, 2 needed, failed"
    )
    assert run("reflex", "--rif", "4", "--need", "2", "--dice", "3,5", "--lang", "it").strip() == (
        "riflessi 3,5 contro RIF 4: 1 successo, richiesti: 2, fallito"
    )


def test_book_example_by_action_name() -> None:
    galloping = run_json("reflex", "--rif", "4", "--action", "mount-galloping", "--dice", "3,5")
    trotting = run_json("reflex", "--rif", "4", "--action", "mount-trotting", "--dice", "3,5")
    assert (galloping["need"], galloping["success"]) == (2, False)
    assert (trotting["need"], trotting["success"]) == (1, True)
    plain = run_json("reflex", "--rif", "4", "--action", "mount-galloping", "--dice", "3,4")
    rider = run_json(
        "reflex", "--rif", "4", "--action", "mount-galloping", "--buon-cavaliere",
        "--dice", "3,4",
    )  # fmt: skip
    assert plain["success"] is False
    assert rider["success"] is True  # BUON CAVALIERE −1 on a horse test: 2 and 3 below 4


def test_reflex_help_lists_exactly_the_actions_that_need_a_test() -> None:
    """Issue 9: the help listed 'lasso', which --action refuses; the list is the rules data's
    table 1 actions with a reflex test (R-06), each accepted."""
    import re
    import typing

    from skirmish import rules
    from skirmish.cli import roll_procedures

    option = typing.get_type_hints(roll_procedures.reflex, include_extras=True)["action"]
    listed = re.search(r"reflex test: (.*?) \(or their", option.__metadata__[0].help)
    assert listed is not None
    names = re.split(r", | or ", listed.group(1))
    assert sorted(names) == sorted(a.id for a in rules.actions() if a.reflex)
    for name in names:
        run("reflex", "--rif", "3", "--action", name, "--seed", "1")


def test_reflex_modifier_flags() -> None:
    payload = run_json(
        "reflex",
        "--rif", "4",
        "--side-step", "veloce",
        "--buon-cavaliere",
        "--whisky",
        "--opportunity",
        "--dice", "1,2",
    )  # fmt: skip
    assert {m["key"]: m["value"] for m in payload["modifiers"]} == {
        "side-step-fast": 2,
        "buon-cavaliere": -1,
        "whisky": 1,
        "opportunity-fire": 3,
    }
    assert payload["scores"] == [6, 7]
    assert payload["success"] is False
    disengage = run_json("reflex", "--rif", "3", "--enemies", "3", "--dice", "1,2")
    assert disengage["modifier"] == 2 and disengage["successes"] == 0


# ---------------------------------------------------------------------------- each command


def test_initiative_single_and_roll_off() -> None:
    single = run_json("initiative", "--rif", "3", "--fama", "1", "--dice", "4")
    assert single["total"] == 8 and single["dice"] == [4]
    off = run_json(
        "initiative", "--rif", "3", "--against-rif", "4", "--against-nervi-scossi",
        "--dice", "3,2,5,1",
    )  # fmt: skip
    assert off["winner"] == "first"
    assert [r["winner"] for r in off["rounds"]] == [None, "first"]
    assert off["second_shaken"] is True
    assert off["rulings"] == ["R-07", "H-06"]
    text = run("initiative", "--rif", "3", "--against-rif", "4", "--dice", "2,3")
    assert "the opponent wins" in text


@pytest.mark.parametrize(
    ("leader", "face", "outcome"),
    [("alive", 4, "fights-on"), ("morto", 3, "retreats"), ("nessuno", 3, "fights-on")],
)
def test_cohesion(leader: str, face: int, outcome: str) -> None:
    payload = run_json("cohesion", "--highest-fred", "3", "--leader", leader, "--dice", str(face))
    assert payload["outcome"] == outcome
    assert payload["dice"] == [face]


def test_infamy() -> None:
    assert run_json("infamy", "--dice", "1")["loss"] == "fama"
    assert run_json("infamy", "--no-fama", "--dice", "1")["loss"] == "fortuna"
    assert run_json("infamy", "--dice", "2")["loss"] == "none"
    assert "1 FORTUNA" in run("infamy", "--no-fama", "--dice", "1")


def test_recovery_with_fortuna_and_duplicate_invalidity() -> None:
    payload = run_json(
        "recovery", "--cos", "3", "--fortuna", "1", "--has-invalid", "orbo",
        "--dice", "1,2,2,6",
    )  # fmt: skip
    assert payload["outcome"] == "invalid"
    assert payload["fortuna_roll"] == 2
    assert payload["invalidity"] == "clumsy"
    assert payload["invalidity_rolls"] == [2, 6]
    assert payload["dice"] == [1, 2, 2, 6]
    assert payload["rulings"] == ["R-10", "H-07"]
    text = run(
        "recovery", "--cos", "3", "--fortuna", "1", "--has-invalid", "One-eyed",
        "--dice", "1,2,2,6", "--lang", "it",
    )  # fmt: skip
    assert "Orbo già presente, si tira di nuovo" in text
    assert "Imbranato" in text


@pytest.mark.parametrize(
    ("doctor", "fee", "outcome"), [("segaossa", 5, "wounded"), ("graduate", 20, "recovered")]
)
def test_recovery_doctors(doctor: str, fee: int, outcome: str) -> None:
    payload = run_json("recovery", "--cos", "3", "--doctor", doctor, "--dice", "3")
    assert payload["doctor_fee"] == fee
    assert payload["outcome"] == outcome
    own = run_json("recovery", "--cos", "3", "--doctor", doctor, "--own-doctor", "--dice", "3")
    assert own["doctor_fee"] == 0


def test_skill_rolled_again_and_graduate() -> None:
    payload = run_json("skill", "--owned", "Duro", "--owned", "dottore", "--dice", "4,6,2,3")
    assert payload["skill"] == "dottore-laureato"
    assert payload["replaces"] == "dottore"
    assert [r["rolled_again"] for r in payload["table_rolls"]] == [True, False]
    assert payload["dice"] == [4, 6, 2, 3]
    assert run_json("skill", "--dice", "6,6")["choice"] == "pistol"
    chosen = run_json("skill", "--cacciatore", "--faction", "mountain men")
    assert chosen["skill"] == "fuciliere" and chosen["dice"] == []


def test_availability_by_disp_and_by_item() -> None:
    assert run_json("availability", "--disp", "4", "--dice", "3")["available"] is False
    dynamite = run_json("availability", "--item", "dinamite", "--dice", "4")
    assert dynamite["disp"] == 4 and dynamite["available"] is True
    assert dynamite["rare"] == ["explosives"]
    scope = run_json(
        "availability", "--item", "rifle scope", "--faction", "military", "--dice", "3"
    )
    assert scope["disp"] == 3 and scope["available"] is True
    lawmen = run_json("availability", "--item", "sei colpi", "--faction", "lawmen")
    assert lawmen["dice"] == [] and lawmen["available"] is True
    assert "H-03" in run("availability", "--disp", "5", "--dice", "4")


def test_explosion_behind_a_brick_wall() -> None:
    payload = run_json(
        "explosion", "--explosive", "dinamite", "--rif", "3", "--cos", "3",
        "--protection", "totale", "--cover-type", "muro di mattoni", "--dice", "5,2,3",
    )  # fmt: skip
    assert payload["damages"] == 2
    assert [s["wounds"] for s in payload["saves"]] == [1, 0]
    assert payload["wounds"] == 1
    assert payload["thrown"] == 5
    assert payload["outcome"] == "terrified"
    assert [r["for"] for r in payload["rolls"]] == ["save", "save", "thrown"]


def test_explosion_step_away_and_short_fuse() -> None:
    away = run_json(
        "explosion", "--explosive", "dynamite", "--rif", "3", "--cos", "3",
        "--distance", "3", "--unmoved", "--dice", "5",
    )  # fmt: skip
    assert away["step_away"] == {"die": 5, "distance": 3, "escaped": True}
    assert away["outcome"] == "unharmed"
    fuse = run_json(
        "explosion", "--explosive", "dynamite", "--rif", "3", "--cos", "3", "--short-fuse",
        "--dice", "1",
    )  # fmt: skip
    assert fuse["outcome"] == "in-hands"


def test_lasso() -> None:
    payload = run_json(
        "lasso", "--target-cos", "3", "--mount", "cavallo", "--rif", "3", "--cowboy",
        "--dice", "2,5,6",
    )  # fmt: skip
    assert payload["strength"] == 6
    assert payload["outcome"] == "held"
    assert payload["reflex"]["success"] is True
    assert payload["dice"] == [2, 5, 6]
    pulled = run_json("lasso", "--target-cos", "2", "--mount-cos", "0", "--dice", "6")
    assert pulled["outcome"] == "target-pulled" and pulled["knocked_down"] is True
    missed = run("lasso", "--target-cos", "3", "--rif", "2", "--dice", "4,4")
    assert "missed" in missed


# ---------------------------------------------------------------------------- contracts

SEEDED = {
    "reflex": ["--rif", "3"],
    "initiative": ["--rif", "3", "--against-rif", "3"],
    "cohesion": ["--highest-fred", "3"],
    "infamy": [],
    "recovery": ["--cos", "2", "--fortuna", "1"],
    "skill": ["--owned", "duro"],
    "availability": ["--disp", "4"],
    "explosion": ["--explosive", "nitroglycerin", "--rif", "3", "--cos", "3"],
    "lasso": ["--target-cos", "3", "--rif", "3"],
}


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_with_an_example(command: str) -> None:
    assert "skirmish roll " + command in " ".join(run(command, "--help").split())
    assert "Example" in run(command, "--help")


@pytest.mark.parametrize("command", COMMANDS)
def test_every_example_in_the_help_works(command: str) -> None:
    examples = [
        part.split("skirmish roll ", 1)[1].split()
        for part in HELP[command].split("\n\n")
        if part.startswith("Example")
    ]
    assert examples
    for example in examples:
        assert example[0] == command
        if "--dice" not in example:
            example += ["--seed", "1"]
        assert run(*example).strip()


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_command_prints_json_with_every_die(command: str, lang: str) -> None:
    payload = run_json(command, *SEEDED[command], "--seed", "7", "--lang", lang)
    assert payload["command"] == command
    assert payload["dice"] == [r["die"] for r in payload["rolls"]]
    assert all(1 <= d <= 6 for d in payload["dice"])


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(COMMANDS), st.integers(0, 2**32))
def test_seeded_rolls_are_reproducible_and_replayable(command: str, seed: int) -> None:
    first = run_json(command, *SEEDED[command], "--seed", str(seed))
    assert first == run_json(command, *SEEDED[command], "--seed", str(seed))
    replay = run_json(command, *SEEDED[command], "--dice", ",".join(map(str, first["dice"])))
    assert replay == first


TEXT = [
    (
        ["recovery", "--cos", "3", "--fortuna", "1", "--dice", "1,2,5"],
        [
            "recovery 1: dead",
            "FORTUNA reroll 2, below COS 3: survives as an invalid",
            "invalid table 5: Shattered nerves: a natural 1 on the initiative roll makes it "
            "shaken for that turn (R-07)",
        ],
        [
            "recupero 1: morto",
            "ritiro con FORTUNA 2, inferiore alla COS 3: si salva ma rimane invalido",
            "tabella invalidi 5: Nervi scossi: se nel Tiro Iniziativa ottiene 1 per quel turno "
            "è SCOSSO",
        ],
    ),
    (
        ["skill", "--owned", "duro", "--owned", "dottore", "--dice", "4,6,2,3"],
        [
            "new skill 4,6 = 10: HARD CASE already owned, roll again",
            "new skill 2,3 = 5: DOCTOR again: the bone-setter becomes a graduate doctor",
        ],
        [
            "nuova abilità 4,6 = 10: DURO già posseduta, si tira di nuovo",
            "nuova abilità 2,3 = 5: di nuovo DOTTORE: il segaossa diventa dottore laureato",
        ],
    ),
    (
        ["lasso", "--target-cos", "3", "--mount", "horse", "--rif", "3", "--cowboy",
         "--dice", "2,5,6"],
        [
            "reflex 2,5 −1 each (cowboy's lasso −1) = 1,4 vs RIF 3: 1 success, 1 needed, passed",
            "lasso 6 vs COS 3 + mount 3 = 6: the target is held",
        ],
        [
            "riflessi 2,5 −1 a dado (lasso del cowboy −1) = 1,4 contro RIF 3: 1 successo, "
            "richiesti: 1, superato",
            "lasso 6 contro COS 3 + cavalcatura 3 = 6: il bersaglio è bloccato",
        ],
    ),
    (
        ["explosion", "--explosive", "dinamite", "--rif", "3", "--cos", "3", "--protection",
         "total", "--cover-type", "brick wall", "--dice", "5,2,3"],
        [
            "Dynamite 6 − protection 4 = 2 damages",
            "save 5 − 3 = 2, 1 wound",
            "save 2 − 3 = −1, no wound",
            "1 wound in all, COS 2 left",
            "thrown 3 + 2 = 5U and terrified (no panic test)",
        ],
        [
            "Dinamite 6 − protezione 4 = 2 danni",
            "salvezza 5 − 3 = 2, 1 ferita",
            "salvezza 2 − 3 = −1, nessuna ferita",
            "1 ferita in tutto, restano 2 COS",
            "sbalzato 3 + 2 = 5U e impaurito (senza test)",
        ],
    ),
    (
        ["initiative", "--rif", "3", "--fama", "1", "--nervi-scossi", "--dice", "1"],
        ["initiative 1 + 3 + 1 = 5 (RIF 3, FAMA 1), natural 1 with Nervi scossi: shaken this turn"],
        [
            "iniziativa 1 + 3 + 1 = 5 (RIF 3, FAMA 1), 1 naturale con Nervi scossi: scosso per "
            "questo turno"
        ],
    ),
    (
        ["availability", "--item", "dinamite", "--dice", "3"],
        [
            "Dynamite: availability 3 vs DISP 4: not available this time; try again after the "
            "next game (H-03)",
            "rare (R-12): only where explosives are allowed",
        ],
        [
            "Dinamite: disponibilità 3 contro DISP 4: non disponibile questa volta; si riprova "
            "dopo la prossima partita (H-03)",
            "raro (R-12): solo dove gli esplosivi sono ammessi",
        ],
    ),
]  # fmt: skip


@pytest.mark.parametrize(("args", "english", "italian"), TEXT, ids=lambda v: str(v)[:30])
def test_one_line_a_step_in_both_languages(
    args: list[str], english: list[str], italian: list[str]
) -> None:
    assert run(*args).splitlines() == english
    assert run(*args, "--lang", "it").splitlines() == italian


def test_italian_and_english_text_differ() -> None:
    english = run("cohesion", "--highest-fred", "3", "--dice", "3")
    italian = run("cohesion", "--highest-fred", "3", "--dice", "3", "--lang", "it")
    assert english.startswith("cohesion 3 − 1 = 2 vs highest FRED 3")
    assert italian.startswith("coesione 3 − 1 = 2 contro FREDDEZZA più alta 3")


# ---------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["reflex", "--rif", "4", "--need", "3"], "1 or 2 successes"),
        (["reflex", "--rif", "5"], "RIF 5 is outside 0–4"),
        (["reflex", "--rif", "4", "--side-step", "sideways"], "unknown side-step 'sideways'"),
        (["reflex", "--rif", "4", "--action", "reload"], "needs no reflex test"),
        (["reflex", "--rif", "4", "--action", "climb", "--need", "2"], "drop --need"),
        (["initiative", "--rif", "3", "--against-fama", "1"], "need --against-rif"),
        (["cohesion", "--highest-fred", "3", "--leader", "zombie"], "unknown leader 'zombie'"),
        (["recovery", "--cos", "3", "--doctor", "vet"], "unknown doctor 'vet'"),
        (["recovery", "--cos", "3", "--has-invalid", "orb"], "did you mean 'one-eyed'"),
        (["recovery", "--cos", "3", "--own-doctor"], "--own-doctor needs --doctor"),
        (["skill", "--owned", "snipr"], "did you mean 'cecchino'"),
        (["skill", "--cacciatore", "--faction", "cowboys"], "only mountain men"),
        (["availability"], "either --disp N or --item NAME"),
        (["availability", "--disp", "7"], "DISP 7 cannot be rolled"),
        (["explosion", "--explosive", "gunpowder", "--rif", "3", "--cos", "3"], "unknown weapon"),
        (
            ["explosion", "--explosive", "nitro", "--rif", "3", "--cos", "3", "--short-fuse"],
            "nitroglycerin explodes on contact",
        ),
        (
            [
                "explosion",
                "--explosive",
                "dynamite",
                "--rif",
                "3",
                "--cos",
                "3",
                "--protection",
                "total",
            ],
            "together with --cover-type",
        ),  # fmt: skip
        (["lasso", "--target-cos", "3", "--cowboy"], "add --rif"),
        (["lasso", "--target-cos", "3", "--mount", "whisky"], "not a mount"),
    ],
)
def test_rules_errors_are_one_line(args: list[str], message: str) -> None:
    assert message in error(*args)


def test_too_few_dice_says_how_many_more() -> None:
    line = error("reflex", "--rif", "4", "--dice", "3")
    assert "at least 1 more" in line and "reflex" in line
    line = error("recovery", "--cos", "3", "--dice", "2")
    assert "at least 1 more" in line and "invalid table" in line


def test_too_many_dice_is_refused() -> None:
    assert "used only 1" in error("availability", "--disp", "3", "--dice", "3,4")


def test_bad_face_and_bad_number() -> None:
    assert "1 to 6" in error("infamy", "--dice", "7")
    error("reflex", "--rif", "four", code=2)
