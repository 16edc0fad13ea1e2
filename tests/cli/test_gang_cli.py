"""``skirmish gang`` and ``skirmish member``: the JSON contracts, the tables, and every bad input
of the campaign issue: one ``Error:`` line naming the rule, exit 1, database unchanged."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture
def earps(cli: Any) -> Any:
    cli.run("campaign", "new", "West")
    cli.run("gang", "new", "Earps", "--faction", "uomini della legge")
    cli.run("gang", "hire", "Earps", "sceriffo", "--name", "Wyatt Earp")
    return cli


def test_gang_list_json_contract(earps: Any) -> None:
    earps.run("gang", "new", "Daltons", "--faction", "outlaws")
    rows = earps.json("gang", "list")
    assert [(r["name"], r["faction"], r["treasury"]) for r in rows] == [
        ("Earps", "lawmen", 220),
        ("Daltons", "outlaws", 400),
    ]
    assert rows[0]["rating"] == 180 + 5 * 2


def test_gang_show_json_contract(earps: Any) -> None:
    earps.run("gang", "buy", "Earps", "sei colpi", "--for", "Wyatt Earp")
    earps.run("gang", "buy", "Earps", "cavallo", "--dice", "4")
    shown = earps.json("gang", "show", "Earps")
    assert {"name", "faction", "treasury", "stash", "members"} <= set(shown)
    assert (shown["name"], shown["faction"], shown["treasury"]) == ("Earps", "lawmen", 196)
    assert shown["stash"] == [{"id": "horse", "name": "Horse", "paid": 18}]
    (wyatt,) = shown["members"]
    assert {k: wyatt[k] for k in ("name", "profile", "tiro", "fred", "rif", "cos")} == {
        "name": "Wyatt Earp", "profile": "sheriff", "tiro": 3, "fred": 3, "rif": 4, "cos": 3,
    }  # fmt: skip
    assert (wyatt["fama"], wyatt["fortuna"], wyatt["xp"]) == (1, 2, 2)
    assert wyatt["skills"] == [] and wyatt["injuries"] == []
    assert wyatt["items"] == [{"id": "six-shooter", "name": "Six-shooter", "paid": 6}]
    assert shown["rating"] == 180 + 6 + 18 + 10
    assert shown["weapons"] == [
        {
            "id": "six-shooter", "name": "Six-shooter", "category": "pistol", "short": 6,
            "long": 12, "shots_per_turn": 1, "ca": 1, "bonus": 1, "two_handed": False,
        }
    ]  # fmt: skip


def test_gang_show_table_follows_the_language(earps: Any) -> None:
    earps.run("gang", "buy", "Earps", "winchester", "--for", "Wyatt Earp")
    english = earps.run("gang", "show", "Earps").stdout
    assert "Earps — Lawmen — treasury 202$ — rating 208$" in english
    assert "Sheriff*" in english and "Repeating rifle" in english and "two-handed" in english
    assert "10U" in english and "20U" in english
    italian = earps.run("gang", "show", "Earps", "--lang", "it").stdout
    assert "Earps — Uomini della legge — cassa 202$ — valore 208$" in italian
    assert (
        "Sceriffo*" in italian
        and "Fucile a ripetizione" in italian
        and "Deposito: vuoto" in italian
    )


def test_buying_shows_the_availability_roll(earps: Any) -> None:
    earps.run("gang", "new", "Daltons", "--faction", "fuorilegge")
    bought = earps.run("gang", "buy", "Daltons", "fucile da caccia", "--dice", "5")
    assert bought.stdout == (
        "R-12: bought Hunting rifle for 25$ (availability: rolled 5, DISP 3) [400$ → 375$]\n"
    )
    failed = earps.run("gang", "buy", "Daltons", "whisky", "--dice", "2", "--lang", "it")
    assert failed.stdout == (
        "R-12: Whisky non disponibile: tirato 2, DISP 3 (H-03: si ritenta dopo la prossima "
        "partita)\n"
    )
    seeded = [earps.json("gang", "buy", "Daltons", "knife", "--seed", "7") for _ in range(2)]
    assert seeded[0]["dice"] == seeded[1]["dice"] and len(seeded[0]["dice"]) == 1


def test_typed_in_dice_must_match_the_roll(earps: Any) -> None:
    earps.run("gang", "new", "Daltons", "--faction", "outlaws")
    earps.refused(
        "gang", "buy", "Daltons", "knife", "--dice", "4,5",
        error="--dice gave 2 dice but the action ended with the availability roll; 1 left over "
        "(5): remove them or check the command.",
    )  # fmt: skip
    earps.refused(
        "gang", "buy", "Daltons", "knife", "--dice", "",
        error="no dice in ''; type them in order, e.g. --dice 2,4,4,4,3,5.",
    )  # fmt: skip


def test_advances_through_the_cli(earps: Any) -> None:
    earps.run("member", "xp", "Earps", "Wyatt Earp", "4", "--reason", "two eliminations")
    gained = earps.run(
        "member", "advance", "Earps", "Wyatt Earp", "skill", "--dice", "6,6",
        "--choice", "sei colpi",
    )  # fmt: skip
    assert gained.stdout == (
        "R-11: Wyatt Earp gains Gunslinger (Six-shooter) for 3 XP (2D6: 6+6=12)\n"
    )
    (wyatt,) = earps.json("gang", "show", "Earps")["members"]
    assert wyatt["skills"] == [
        {
            "id": "pistolero", "name": "Gunslinger", "choice": "six-shooter",
            "choice_name": "Six-shooter",
        }
    ]  # fmt: skip
    table = earps.run("gang", "show", "Earps", "--lang", "it").stdout
    assert "Pistolero (Sei colpi)" in table
    assert wyatt["xp"] == 3


def test_common_model_becomes_a_hero(earps: Any) -> None:
    earps.run("gang", "hire", "Earps", "guardia", "--name", "Ike")
    earps.run("member", "xp", "Earps", "Ike", "7")
    promoted = earps.run("member", "advance", "Earps", "Ike", "fortuna")
    assert promoted.stdout == "R-11: Ike: FORTUNA 0 → 1 for 7 XP, now a hero\n"


# --------------------------------------------------------------------------- bad input


def test_unknown_names_list_the_nearest(earps: Any) -> None:
    earps.refused("gang", "show", "Erps", error="unknown gang 'Erps': did you mean 'Earps'?")
    earps.refused(
        "gang", "list", "--campaign", "Wst", error="unknown campaign 'Wst': did you mean 'West'?"
    )
    earps.refused(
        "gang", "fire", "Earps", "Wyet", error="unknown model 'Wyet': did you mean 'Wyatt Earp'?"
    )
    earps.refused(
        "gang", "hire", "Earps", "vice", "--name", "Virgil",
        error="unknown profile 'vice': did you mean 'deputy'?",
    )  # fmt: skip
    earps.refused(
        "gang", "buy", "Earps", "sei colpo",
        error="unknown equipment 'sei colpo': did you mean 'six-shooter', 'heavy-pistol', "
        "'rifle-scope'?",
    )  # fmt: skip
    earps.refused(
        "gang", "new", "Apaches", "--faction", "cowboi",
        error="unknown faction 'cowboi': did you mean 'cowboys'?",
    )  # fmt: skip


def test_over_budget(earps: Any) -> None:
    earps.refused(
        "gang", "hire", "Earps", "sceriffo", "--name", "Bat",
        error="R-13: 'Earps' already has a leader ('Wyatt Earp'); a gang has at most one.",
    )  # fmt: skip
    earps.run("gang", "hire", "Earps", "vicesceriffo", "--name", "Virgil")
    earps.run("gang", "hire", "Earps", "vicesceriffo", "--name", "Morgan")
    earps.refused(
        "gang", "hire", "Earps", "guardia", "--name", "Doc",
        error="R-13: a Guard costs 50$ but 'Earps' has 20$; the treasury never goes below 0.",
    )  # fmt: skip
    earps.refused(
        "gang", "buy", "Earps", "fucile da caccia",
        error="R-12: the hunting rifle costs 25$ but 'Earps' has 20$; the treasury never goes "
        "below 0.",
    )  # fmt: skip


def test_a_seventh_model(cli: Any) -> None:
    cli.run("campaign", "new", "West")
    cli.run("gang", "new", "Peons", "--faction", "messicani")
    for n in range(6):
        cli.run("gang", "hire", "Peons", "peones", "--name", f"Pablo {n}")
    cli.refused(
        "gang", "hire", "Peons", "peones", "--name", "Pablo 7",
        error="R-13: 'Peons' already has 6 models, the most a gang may have; fire one first "
        "with 'skirmish gang fire'.",
    )  # fmt: skip


def test_a_third_deputy(cli: Any) -> None:
    cli.run("campaign", "new", "West")
    cli.run("gang", "new", "Earps", "--faction", "lawmen")
    cli.run("gang", "hire", "Earps", "deputy", "--name", "Virgil")
    cli.run("gang", "hire", "Earps", "vicesceriffo", "--name", "Morgan")
    cli.refused(
        "gang", "hire", "Earps", "deputy", "--name", "Doc",
        error="R-13: 'Earps' already has 2 Deputy (max 2); H-08 applies hero limits when hiring.",
    )  # fmt: skip


def test_a_duplicate_name(earps: Any) -> None:
    earps.refused(
        "gang", "hire", "Earps", "guard", "--name", "wyatt earp",
        error="R-13: 'Earps' already has a model called 'wyatt earp'; two models of one gang "
        "may not share a name: choose another --name.",
    )  # fmt: skip


def test_a_rare_item_for_the_wrong_faction(earps: Any) -> None:
    earps.refused(
        "gang", "buy", "Earps", "arco",
        error="R-12: the bow is rare: only indians may buy it, not lawmen ('Earps').",
    )  # fmt: skip
    earps.refused(
        "gang", "buy", "Earps", "baionetta",
        error="R-12: the bayonet is rare: only military may buy it, not lawmen ('Earps').",
    )  # fmt: skip
    earps.refused(
        "gang", "buy", "Earps", "dynamite",
        error="R-12: dynamite is sold only where campaign 'West' allows explosives (a mining or "
        "railroad zone); allow them with 'skirmish campaign set explosives on'.",
    )  # fmt: skip


def test_a_characteristic_already_at_4_and_not_enough_xp(earps: Any) -> None:
    earps.refused(
        "member", "advance", "Earps", "Wyatt Earp", "rif",
        error="R-11: 'Wyatt Earp' has RIF 4 already, the most a characteristic may be; choose "
        "another advance.",
    )  # fmt: skip
    earps.refused(
        "member", "advance", "Earps", "Wyatt Earp", "skill", "--dice", "3,4",
        error="R-11: a new skill costs 3 XP but 'Wyatt Earp' has 2.",
    )  # fmt: skip
    earps.refused(
        "member", "advance", "Earps", "Wyatt Earp", "speed",
        error="unknown advance 'speed': did you mean 'skill', 'rif', 'fred'?",
    )  # fmt: skip


def test_two_handed_weapon_to_a_lost_hand(earps: Any, tmp_path: Path) -> None:
    from skirmish.campaign import lookup, roster, store

    engine = store.open_store(str(earps.path))
    with store.transaction(engine) as session:
        gang = lookup.gang_by_name(session, lookup.current_campaign(session), "Earps")
        roster.injure(session, gang=gang, member="Wyatt Earp", injury="lost-hand")
    engine.dispose()
    earps.run("gang", "buy", "Earps", "rifle")
    earps.refused(
        "gang", "equip", "Earps", "fucile", "Wyatt Earp",
        error="R-10: 'Wyatt Earp' has Mano mozzata (lost hand) and cannot use the two-handed "
        "rifle; give it to another model of 'Earps'.",
    )  # fmt: skip


def test_a_file_that_is_not_a_database(cli: Any, tmp_path: Path) -> None:
    cli.path.write_bytes(b"\x00\x01 this is not sqlite " * 300)
    before = cli.path.read_bytes()
    result = cli.run("gang", "list", ok=False)
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: {str(cli.path)!r} is not a skirmish database (file is not a database); "
        "choose another file with --db. Nothing was changed.\n"
    )
    assert cli.path.read_bytes() == before


def test_a_database_of_a_newer_version(earps: Any) -> None:
    from skirmish.campaign.store import head_revision

    with sqlite3.connect(earps.path) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999'")
    before = earps.path.read_bytes()
    result = earps.run("gang", "show", "Earps", ok=False)
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: {str(earps.path)!r} has schema version '9999', newer than this skirmish knows "
        f"({head_revision()!r}); upgrade skirmish to use it. Nothing was changed.\n"
    )
    assert earps.path.read_bytes() == before


def test_sell_equip_unequip_rename_retire(earps: Any) -> None:
    earps.run("gang", "buy", "Earps", "coltello")
    assert earps.run("gang", "equip", "Earps", "knife", "Wyatt Earp").stdout == (
        "Knife given to Wyatt Earp\n"
    )
    assert earps.run("gang", "unequip", "Earps", "knife", "wyatt earp").stdout == (
        "Knife taken from Wyatt Earp to the stash\n"
    )
    assert earps.run("gang", "sell", "Earps", "knife").stdout == (
        "H-05: sold Knife for 1$ (50% of 2$) [218$ → 219$]\n"
    )
    earps.run("gang", "rename", "Earps", "Earp brothers")
    earps.run("gang", "retire", "Earp brothers")
    assert earps.json("gang", "list")[0]["status"] == "retired"
    earps.refused(
        "gang", "buy", "Earp brothers", "knife",
        error="gang 'Earp brothers' is retired; it takes no more actions ('skirmish undo' can "
        "bring it back if retiring was its last action).",
    )  # fmt: skip


def test_fire(earps: Any) -> None:
    earps.run("gang", "buy", "Earps", "knife", "--for", "Wyatt Earp")
    assert earps.run("gang", "fire", "Earps", "Wyatt Earp").stdout == (
        "fired Wyatt Earp (Sheriff); to the stash: Knife\n"
    )
    shown = earps.json("gang", "show", "Earps")
    assert shown["members"] == [] and [i["id"] for i in shown["stash"]] == ["knife"]


def test_the_h03_line_shows_only_while_the_item_waits(earps: Any) -> None:
    """Issue #10's trial: the H-03 line stayed on `gang show` after the item was bought."""
    earps.run("gang", "new", "Daltons", "--faction", "outlaws")
    earps.run("gang", "buy", "Daltons", "whisky", "--dice", "2")
    assert "Failed availability (H-03): Whisky" in earps.run("gang", "show", "Daltons").stdout
    assert earps.json("gang", "show", "Daltons")["failed_purchases"][0]["waiting"] is True
    earps.run("campaign", "set", "failed-item", "any-time")
    earps.run("gang", "buy", "Daltons", "whisky", "--dice", "5")
    shown = earps.run("gang", "show", "Daltons").stdout
    assert "H-03" not in shown and "Whisky" in shown
    assert earps.json("gang", "show", "Daltons")["failed_purchases"][0]["waiting"] is False
