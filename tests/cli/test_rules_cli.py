"""``skirmish rules``: every subcommand's exit code, text and JSON output, and its errors."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app

runner = CliRunner()

PROFILE_FIELDS = {
    "faction",
    "id",
    "name_it",
    "name_en",
    "tiro",
    "fred",
    "rif",
    "cos",
    "fama",
    "fortuna",
    "xp",
    "cost",
    "role",
    "max",
}
WEAPON_FIELDS = {
    "id",
    "name_it",
    "name_en",
    "short",
    "long",
    "shots_per_turn",
    "rounds",
    "ca",
    "bonus",
    "disp",
    "cost",
    "rare",
}


def run(*args: str) -> Any:
    result = runner.invoke(app, ["rules", *args])
    assert result.exit_code == 0, (result.output, result.stderr)
    assert result.stderr == ""
    return result


def run_json(*args: str) -> Any:
    return json.loads(run(*args, "--json").stdout)


# --------------------------------------------------------------------------- JSON contracts


def test_profiles_json_contract() -> None:
    data = run_json("profiles")
    assert len(data) == 34
    for entry in data:
        assert PROFILE_FIELDS <= set(entry), entry["id"]
    sheriff = next(e for e in data if e["id"] == "sheriff")
    assert {k: sheriff[k] for k in PROFILE_FIELDS} == {
        "faction": "lawmen",
        "id": "sheriff",
        "name_it": "Sceriffo",
        "name_en": "Sheriff",
        "tiro": 3,
        "fred": 3,
        "rif": 4,
        "cos": 3,
        "fama": 1,
        "fortuna": 2,
        "xp": 2,
        "cost": 180,
        "role": "leader",
        "max": 1,
    }
    deputy = next(e for e in data if e["id"] == "deputy")
    assert (deputy["role"], deputy["max"]) == ("hero", 2)


def test_profiles_of_one_faction_json() -> None:
    data = run_json("profiles", "Uomini delle montagne")
    assert [e["id"] for e in data] == ["bear-hunter", "trapper", "woodsman"]
    assert {e["faction"] for e in data} == {"mountain-men"}


def test_weapons_json_contract() -> None:
    data = run_json("weapons")
    assert len(data) == 20
    for entry in data:
        assert WEAPON_FIELDS <= set(entry), entry["id"]
    six = next(e for e in data if e["id"] == "six-shooter")
    assert {k: six[k] for k in WEAPON_FIELDS} == {
        "id": "six-shooter",
        "name_it": "Sei colpi",
        "name_en": "Six-shooter",
        "short": 6,
        "long": 12,
        "shots_per_turn": 1,
        "rounds": [6],
        "ca": 1,
        "bonus": 1,
        "disp": 2,
        "cost": 6,
        "rare": [],
    }
    repeater = next(e for e in data if e["id"] == "repeater")
    assert repeater["rounds"] == [7, 17]
    bow = next(e for e in data if e["id"] == "bow")
    assert bow["rare"] == ["indians"]


def test_factions_json() -> None:
    data = run_json("factions")
    assert [e["id"] for e in data][:3] == ["lawmen", "outlaws", "cowboys"]
    assert len(data) == 10
    lawmen = data[0]
    assert lawmen["default_side"] == "good"
    assert lawmen["skips_weapon_availability"] is True
    assert lawmen["profiles"] == ["sheriff", "deputy", "lawmen-volunteer", "guard"]
    assert {"code", "text_it", "text_en"} == set(lawmen["rules"][0])


def test_equipment_json() -> None:
    data = run_json("equipment")
    assert len(data) == 26
    types = {e["id"]: e["type"] for e in data}
    assert types["six-shooter"] == "weapon"
    assert types["horse"] == "item"
    scope = next(e for e in data if e["id"] == "rifle-scope")
    assert (scope["disp"], scope["disp_by_faction"], scope["cost"]) == (4, {"military": 3}, 16)


def test_skills_json() -> None:
    data = run_json("skills")
    assert [s["roll"] for s in data["skills"]] == list(range(2, 13))
    assert data["advance_costs"] == {
        "skill": 3,
        "rif": 5,
        "fred": 5,
        "cos": 6,
        "tiro": 6,
        "fama": 7,
        "fortuna": 7,
    }


def test_show_json_lists_every_match() -> None:
    data = run_json("show", "volontario")
    assert [(e["type"], e["id"], e["faction"]) for e in data] == [
        ("profile", "lawmen-volunteer", "lawmen"),
        ("profile", "rangers-volunteer", "rangers"),
        ("profile", "bounty-volunteer", "bounty-killers"),
    ]


# --------------------------------------------------------------------------- text output


def test_factions_text_in_both_languages() -> None:
    english = run("factions").stdout
    assert "Lawmen" in english and "Mountain men" in english
    italian = run("factions", "--lang", "it").stdout
    assert "Uomini della legge" in italian and "Fuorilegge" in italian
    assert "Lato" in italian and "buoni" in italian and "cattivi" in italian
    assert "LASSO" in italian  # the cowboys' rule, in the book's words


def test_profiles_text() -> None:
    out = run("profiles", "militari", "--lang", "it").stdout
    assert "Profili: Militari (§9.10)" in out
    assert "Sergeante" in out and "EROE, max 1" in out and "Capitano" in out
    assert "Sceriffo" not in out


def test_weapons_text() -> None:
    out = run("weapons").stdout
    for label in ("Six-shooter", "Hunting rifle", "thrown COS×2", "template", "Dynamite"):
        assert label in out
    assert "Sei colpi" in run("weapons", "--lang", "it").stdout


def test_weapons_show_shots_per_turn_as_the_book_does() -> None:
    """Tables 5–7 (issue 9): the small pistol fires "1/2" (one or two shots), the six-shooter
    "1/6" (one, or six when fanning); `rules weapons` and `rules show` printed 2 and 1."""
    rows = {
        line.split("│")[1].strip(): [cell.strip() for cell in line.split("│")[1:-1]]
        for line in run("weapons").stdout.splitlines()
        if line.startswith("│")
    }
    shots = {weapon: cells[3] for weapon, cells in rows.items() if weapon}
    assert (shots["small-pistol"], shots["six-shooter"]) == ("1/2", "1/6")
    assert (shots["heavy-pistol"], shots["double-barrel"], shots["woodsman-axe"]) == (
        "1",
        "2",
        "—",
    )
    assert "Shots/turn 1/2  Rounds 2" in run("show", "remington").stdout
    assert "Colpi/turno 1/6  Colpi totali 6" in run("show", "sei colpi", "--lang", "it").stdout


def test_equipment_text() -> None:
    out = run("equipment", "--lang", "it").stdout
    for label in ("Cavallo", "Appaloosa", "Mulo", "Whisky", "Mirino per fucile", "Carte truccate"):
        assert label in out
    assert "Disp. 3 per Militari" in out


def test_skills_text() -> None:
    out = run("skills", "--lang", "it").stdout
    assert "Pistolero" in out and "Nuova abilità" in out and "Fuciliere/Cacciatore" in out


def test_show_weapon_text() -> None:
    out = run("show", "sei-colpi").stdout.splitlines()
    assert out[0] == "Weapon: Six-shooter [six-shooter]"
    assert "Range U 6/12  Shots/turn 1/6  Rounds 6  CA 1  Bonus 1" in out
    assert "Avail. 2  Cost $ 6" in out
    assert any(line.startswith("Cannot aim.") for line in out)


def test_show_profile_in_italian() -> None:
    out = run("show", "Capo Tribu", "--lang", "it").stdout.splitlines()
    assert out[0] == "Profilo: Capo tribù [chief]"
    assert "TIRO 3  FRED 3  RIF 4  COS 4  FA 1  FO 1" in out
    assert "Abilità: Buon cavaliere" in out


def test_show_every_kind() -> None:
    expected = {
        "uomini della legge": "Faction: Lawmen [lawmen]",
        "mulo": "Equipment: Mule [mule]",
        "cecchino": "Skill: Sniper [cecchino]",
        "caricare arma": "Action (table 1): Reload [reload]",
        "galoppo": "Movement (table 2): Gallop [gallop]",
        "copertura parziale": "Modifier (shooting): Target in partial cover [cover-partial]",
        "grossa roccia": "Protection (table 8): Big rock [big-rock]",
        "ferito": "Recovery (§6.5): Wounded [wounded]",
        "orbo": "Invalidity (§6.5): One-eyed [one-eyed]",
        "dottore laureato": "Doctor (§6.5): Graduate doctor [graduate]",
    }
    for query, first in expected.items():
        assert run("show", query).stdout.splitlines()[0] == first, query


def test_show_doctor_numbers() -> None:
    out = run("show", "segaossa").stdout
    assert "bonus +1, cost 5$" in out


# --------------------------------------------------------------------------- errors


def test_show_unknown_name_is_one_error_line() -> None:
    result = runner.invoke(app, ["rules", "show", "sei colpo"])
    assert result.exit_code != 0
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("Error: unknown rules entry 'sei colpo': did you mean ")
    assert "'six-shooter'" in lines[0]


def test_profiles_unknown_faction() -> None:
    result = runner.invoke(app, ["rules", "profiles", "pirati"])
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: unknown faction 'pirati'")
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    "command", ["factions", "profiles", "weapons", "equipment", "skills", "show", "table"]
)
def test_every_command_has_help_with_example(command: str) -> None:
    result = runner.invoke(app, ["rules", command, "--help"])
    assert result.exit_code == 0
    assert "Example: skirmish rules " in result.stdout


def test_bare_rules_shows_help() -> None:
    result = runner.invoke(app, ["rules"])
    assert "Example: skirmish rules show sei-colpi" in result.output
    for command in ("factions", "profiles", "weapons", "equipment", "skills", "show"):
        assert command in result.output


# --------------------------------------------------------------------------- rules table


def test_table_lists_the_tables() -> None:
    data = run_json("table")
    assert [t["id"] for t in data] == [
        "actions",
        "movement",
        "shooting",
        "fight",
        "saving",
        "nerve",
        "cohesion",
        "protection",
        "recovery",
        "invalid",
        "doctors",
        "advances",
    ]
    assert "Table 2: movement" in run("table").stdout


@pytest.mark.parametrize(
    ("name", "rows"),
    [
        ("actions", 17),
        ("tabella 2", 11),
        ("sparare", 15),
        ("mischia", 10),
        ("saving", 2),
        ("nerve", 1),
        ("coesione", 2),
        ("protezioni", 5),
        ("recupero", 4),
        ("invalid", 6),
        ("dottori", 2),
        ("avanzamenti", 4),
    ],
)
def test_table_json_rows(name: str, rows: int) -> None:
    assert len(run_json("table", name)) == rows


def test_table_text_in_italian() -> None:
    out = run("table", "movimento", "--lang", "it").stdout
    assert "Tabella 2: movimento" in out
    assert "Laterale veloce" in out and "+2" in out and "16U" in out


def test_table_unknown() -> None:
    result = runner.invoke(app, ["rules", "table", "nerf"])
    assert result.exit_code == 1
    assert result.stderr == "Error: unknown table 'nerf': did you mean 'nerve'?\n"


def test_tables_fit_columns_and_never_cut_an_id() -> None:
    """Issue #10's trial: on an 80-column terminal ids were chopped, and COLUMNS was ignored."""
    from typer.testing import CliRunner

    from skirmish.cli.main import app
    from skirmish.rules import weapons

    result = CliRunner().invoke(app, ["rules", "weapons"], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    first_cells = {line.split("│")[1].strip() for line in lines if line.startswith("│")}
    assert {w.id for w in weapons()} <= first_cells
