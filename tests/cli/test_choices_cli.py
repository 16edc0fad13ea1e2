"""``skirmish gang hire GANG`` and ``gang buy GANG`` with nothing named list what the gang may
hire or buy now, then the rest with the words the command would refuse them with (issue #11,
``campaign.choices``); ``--json`` is the shape the web API serves (docs/campaign.md)."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture
def earps(cli: Any) -> Any:
    cli.run("campaign", "new", "West")
    cli.run("gang", "new", "Earps", "--faction", "uomini della legge")
    cli.run("gang", "hire", "Earps", "sceriffo", "--name", "Wyatt Earp")
    return cli


def flat(table: str) -> str:
    """A table's words in reading order: a refusal wrapped in its cell reads as one line (the
    cells beside a wrapped line are blank)."""
    return " ".join(table.replace("│", " ").split())


def test_hire_lists_the_profiles_allowed_first(earps: Any) -> None:
    """R-13: 220$ left, one leader already: the sheriff is last, with hire's own words."""
    before = earps.dump()
    out = earps.run("gang", "hire", "Earps").stdout
    assert earps.dump() == before  # a listing changes nothing
    assert out.startswith("Earps — treasury 220$ — who may be hired now, then the rest")
    lines = out.splitlines()
    rows = [line for line in lines if line.startswith("│ ") and not line.startswith("│  ")]
    names = [row.split("│")[1].strip() for row in rows]
    assert names == [
        "Deputy", "Volunteer", "Guard", "Unarmed civilian", "Armed civilian",
        "Saloon girl, adventuress", "Sheriff",
    ]  # fmt: skip
    assert "HERO, max 2 (0 in the gang)" in out and "common (NPC)" in out
    assert "R-13: 'Earps' already has a leader ('Wyatt Earp'); a gang has at" in flat(out)
    assert lines[-1] == "Hire with: skirmish gang hire Earps PROFILE --name NAME"
    deputy = [cell.strip() for cell in rows[0].split("│")[1:-1]]
    assert deputy[2:5] == ["100$", "3/3/3/3/0/1", "2"]  # the numbers, and room for 2 (max 2)
    assert "TIRO/FRED/RIF/COS/FA/FO" in out
    italian = earps.run("gang", "hire", "Earps", "--lang", "it").stdout
    assert italian.startswith("Earps — cassa 220$ — chi si può ingaggiare ora, poi gli altri")
    assert "Vicesceriffo" in italian and "EROE, max 2 (0 nella banda)" in italian
    assert "comune (PNG)" in italian and "posti" in italian
    assert "R-13: 'Earps' ha già un capo ('Wyatt Earp')" in flat(italian)


def test_hire_json_is_the_api_shape(earps: Any) -> None:
    data = earps.json("gang", "hire", "Earps", "--lang", "it")
    assert {k: data[k] for k in ("gang", "treasury", "allowed", "refusal")} == {
        "gang": "Earps", "treasury": 220, "allowed": True, "refusal": None,
    }  # fmt: skip
    first, *_, last = data["options"]
    assert first == {
        "profile": "deputy", "name": "Vicesceriffo", "faction": "lawmen", "role": "hero",
        "cost": 100, "max": 2, "hired": 0, "room": 2,
        "characteristics": {
            "tiro": 3, "fred": 3, "rif": 3, "cos": 3, "fama": 0, "fortuna": 1, "xp": 1,
        },
        "skills": [], "allowed": True, "refusal": None,
    }  # fmt: skip
    assert (last["profile"], last["allowed"]) == ("sheriff", False)
    assert last["refusal"] == (
        "R-13: 'Earps' ha già un capo ('Wyatt Earp'); una banda ne ha al massimo uno."
    )


def test_hire_with_a_profile_still_needs_a_name(earps: Any) -> None:
    earps.refused(
        "gang", "hire", "Earps", "guardia",
        error="give the new model's name: skirmish gang hire GANG 'guardia' --name NAME.",
    )  # fmt: skip
    earps.refused(
        "gang", "hire", "Earps", "guardia", "--lang", "it",
        error="indica il nome del nuovo personaggio: skirmish gang hire BANDA 'guardia' "
        "--name NOME.",
    )  # fmt: skip


def test_buy_lists_what_the_faction_may_buy(earps: Any) -> None:
    """R-12: lawmen buy weapons without a roll (DISP —) but roll for the lasso (R-24); the
    rare items of other factions are not listed; dynamite is, with why not."""
    out = earps.run("gang", "buy", "Earps").stdout
    assert out.startswith("Earps — treasury 220$ — what may be bought now, then the rest")
    rows = {
        cells[0]: cells[1:]
        for line in out.splitlines()
        if line.startswith("│ ") and (cells := [c.strip() for c in line.split("│")[1:-1]])[0]
    }
    assert rows["Six-shooter"] == ["6$", "—", "Stash, Wyatt Earp"]
    assert rows["Lasso"] == ["10$", "2", "Stash, Wyatt Earp"]
    assert rows["Dynamite"][:2] == ["18$", "—"]
    assert rows["Dynamite"][2].startswith("R-12: dynamite is sold only where campaign 'West'")
    assert not {"Spear", "Bayonet", "Sword", "Bow", "Appaloosa"} & set(rows)
    assert out.splitlines()[-1].startswith("Buy with: skirmish gang buy Earps ITEM [--for MODEL]")


def test_buy_for_a_model_and_the_waiting_items(cli: Any) -> None:
    """R-12: a cowboy hero's horse is half price for himself; H-03: a failed roll waits."""
    cli.run("campaign", "new", "West")
    cli.run("gang", "new", "Ranch", "--faction", "cowboys")
    cli.run("gang", "hire", "Ranch", "ranchero", "--name", "Chisum")
    cli.run("gang", "hire", "Ranch", "greenhorn", "--name", "Jim")
    cli.run("gang", "buy", "Ranch", "mule", "--dice", "1")
    data = cli.json("gang", "buy", "Ranch", "--for", "Chisum")
    horse = next(o for o in data["options"] if o["item"] == "horse")
    assert horse["stash"] is None
    assert horse["carriers"] == [{"member": "Chisum", "price": 9, "allowed": True, "refusal": None}]
    assert data["waiting"] == [{"item": "mule", "name": "Mule"}]
    mule = next(o for o in data["options"] if o["item"] == "mule")
    assert mule["waiting"] and not mule["allowed"]
    out = cli.run("gang", "buy", "Ranch", "--for", "Chisum").stdout
    assert "│ Horse " in out and " 9$ " in out
    assert "Failed availability (H-03): Mule" in out
    full = cli.json("gang", "buy", "Ranch")
    horse = next(o for o in full["options"] if o["item"] == "horse")
    assert horse["stash"]["price"] == 18
    assert [(c["member"], c["price"]) for c in horse["carriers"]] == [("Chisum", 9), ("Jim", 18)]
    cli.refused(
        "gang", "buy", "Ranch", "--for", "Nobody",
        error="unknown model 'Nobody': did you mean 'Chisum', 'Jim'?",
    )  # fmt: skip


def test_a_retired_gang_lists_nothing_as_allowed(earps: Any) -> None:
    earps.run("gang", "retire", "Earps")
    out = earps.run("gang", "hire", "Earps").stdout
    lines = out.splitlines()
    assert lines[1] == (
        "gang 'Earps' is retired; it takes no more actions ('skirmish undo' can bring it back "
        "if retiring was its last action)."
    )
    data = earps.json("gang", "buy", "Earps")
    assert not data["allowed"] and not any(o["allowed"] for o in data["options"])
    assert {o["refusal"] for o in data["options"]} == {data["refusal"]}
