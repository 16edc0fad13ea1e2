"""What is recorded from the table on the phone (issue #20): a state (lying down, standing up),
wounds and eliminations rolled with physical dice, a civilian leaving the table, a FAMA or
FORTUNA point spent outside a roll and a retreat with its infamy test, each offered from the
catalogue (``campaign/game/commands.py``) and recorded by the form and by the API exactly as
the command line records it."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_actions import CAMPAIGN, PASSWORD, cli, log_in, open_client
from tests.web.test_web_game_actions import (
    API,
    CLANTONS,
    EARPS,
    RANCH,
    board,
    cli_json,
    flow_url,
    play,
    shown_events,
    text_of,
)


def civilian_store(path: Path) -> Path:
    """The demo store, the Clantons with Mary (an unarmed civilian, R-20), a duel begun."""
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE gang SET treasury = 200 WHERE name IN (?, ?)", (EARPS, CLANTONS))
    cli(path, "gang", "hire", CLANTONS, "unarmed-civilian", "--name", "Mary")
    for user in ("Wyatt", "Ike", "Curly"):
        cli(path, "user", "add", user, "--password-stdin", stdin=PASSWORD + "\n")
    for gang, user in ((EARPS, "Wyatt"), (CLANTONS, "Ike"), (RANCH, "Curly")):
        cli(path, "gang", "owner", gang, user, "--campaign", CAMPAIGN)
    cli(path, "game", "start", "duello", "--good", EARPS, "--bad", CLANTONS)
    cli(path, "game", "turn")
    return path


@pytest.fixture
def stores(
    prepared: Callable[[Callable[[Path], object]], Path], tmp_path: Path
) -> tuple[Path, Path]:
    web = prepared(civilian_store)
    other = tmp_path / "cli.db"
    shutil.copyfile(web, other)
    return web, other


def test_every_table_record_by_the_phone_equals_the_cli(stores: tuple[Path, Path]) -> None:
    """Ike's phone records, one after the other, what the command line records with the
    same words and dice: the boards and the logs are equal."""
    web, other = stores
    steps: list[tuple[str, str, str, dict[str, str], list[int] | None, list[str]]] = [
        ("Ike Clanton", "state", "", {"new-state": "prone"}, None,
         ["state", "Ike Clanton", "prone"]),
        ("Ike Clanton", "state", "", {"new-state": "standing"}, None,
         ["state", "Ike Clanton", "standing"]),
        ("Ike Clanton", "spend", "", {"point": "fortuna"}, None,
         ["spend", "fortuna", "Ike Clanton"]),
        ("Ike Clanton", "hit", "Wyatt Earp", {"wounds": "1"}, None,
         ["hit", "Wyatt Earp", "--wounds", "1", "--by", "Ike Clanton"]),
        ("Billy Clanton", "eliminate", "Morgan Earp", {}, None,
         ["eliminate", "Morgan Earp", "--by", "Billy Clanton"]),
        ("Mary", "leave", "", {}, None, ["leave", "Mary"]),
        ("Ike Clanton", "retreat", "", {}, [4], ["retreat", CLANTONS, "--dice", "4"]),
    ]  # fmt: skip
    with open_client(web) as ike:
        log_in(ike, "Ike")
        for model, action, target, fields, dice, args in steps:
            done = play(ike, model, action, target, fields, dice)
            assert done.status_code == 200, (action, text_of(done))
            assert 'name="die"' not in done.text, (action, text_of(done))
            cli(other, "game", *args)
            assert board(web) == board(other), action
    assert shown_events(web, 0) == shown_events(other, 0)
    from skirmish.campaign.game.commands import BY_NAME, find
    from skirmish.engine.dice import purpose_key

    for event in shown_events(web, 0):  # every die rolled is one its action declares
        if event["action"] in BY_NAME or event["action"] in ("hit", "retreat", "eliminate"):
            declared = find(event["action"]).dice
            for die in event["dice"]:
                assert purpose_key(str(die["purpose"]))[0] in declared, (event, declared)
    said = [e["action"] for e in shown_events(web, 0)]
    for kind in ("state", "spend", "hit", "eliminate", "leave", "retreat"):
        assert kind in said, kind


def test_the_phone_offers_what_the_table_records_when_it_applies(
    stores: tuple[Path, Path],
) -> None:
    web, _ = stores
    with open_client(web) as ike:
        log_in(ike, "Ike")
        ike_actions = text_of(ike.get(flow_url(model="Ike Clanton")))
        mary = text_of(ike.get(flow_url(model="Mary")))
        state = text_of(ike.get(flow_url(model="Ike Clanton", action="state")))
        spend = text_of(ike.get(flow_url(model="Ike Clanton", action="spend")))
        italian = text_of(ike.get(flow_url(model="Ike Clanton", lang="it")))
        ike.get(flow_url(model="Ike Clanton", lang="en"))  # his account keeps what he chose last
    for offered in (
        "Wounds rolled at the table",
        "Eliminated at the table",
        "Lies down, stands up, state",
        "Spend FAMA or FORTUNA",
        "The gang retreats",
    ):
        assert offered in ike_actions, offered  # fmt: skip
    assert "Leaves the table" not in ike_actions  # only a civilian leaves the table
    assert "Leaves the table" in mary
    assert "Spend FAMA or FORTUNA" not in mary  # Mary has no point to spend
    assert "prone" in state and "standing" in state
    assert "FORTUNA (2)" in spend and "FAMA (1)" in spend  # Ike's points left
    assert "Ferite tirate al tavolo" in italian and "La banda si ritira" in italian
    with open_client(web) as ike:
        log_in(ike, "Ike")
        retreat = text_of(ike.get(flow_url(model="Ike Clanton", action="retreat")))
    assert f"The gang retreats: {CLANTONS}" in retreat  # the gang, not the model tapped


def test_the_api_takes_each_record_with_typed_fields_and_names_a_faulty_one(
    stores: tuple[Path, Path],
) -> None:
    web, other = stores
    with open_client(web) as ike:
        token = log_in(ike, "Ike")
        headers = {"X-CSRF-Token": token}
        hit = {"member": "Wyatt Earp", "by": "Ike Clanton"}
        bad = ike.post(f"{API}/actions/hit", json={**hit, "wounds": "x"}, headers=headers)
        assert bad.status_code == 400
        assert bad.json()["error"].startswith("wounds: 'x' is not a number from 1 to 99")
        typo = ike.post(f"{API}/actions/hit", json={"member": "Wyatt Earp", "wound": 1},
                        headers=headers)  # fmt: skip
        assert typo.status_code == 400
        assert typo.json()["error"] == "'wound' is no field of hit; did you mean wounds?"
        done = ike.post(f"{API}/actions/hit", json={**hit, "wounds": 1}, headers=headers)
        assert done.status_code == 200, done.text
        printed = cli_json(other, "hit", "Wyatt Earp", "--wounds", "1", "--by", "Ike Clanton")
        assert done.json() == printed
        lying = {"member": "Ike Clanton", "new-state": "a terra"}
        state = ike.post(f"{API}/actions/stato", json=lying, headers=headers)
        assert state.status_code == 200, state.text
        cli_json(other, "state", "Ike Clanton", "prone")
    assert board(web) == board(other)


def test_openapi_gives_each_action_its_own_request_schema(stores: tuple[Path, Path]) -> None:
    from skirmish.campaign.game.commands import MODEL_ACTIONS

    web, _ = stores
    with open_client(web) as client:
        spec: dict[str, Any] = client.get("/api/v1/openapi.json").json()
    paths = spec["paths"]
    for command in MODEL_ACTIONS:
        path = f"/api/v1/campaigns/{{campaign}}/games/{{game}}/actions/{command.name}"
        body = paths[path]["post"]["requestBody"]["content"]["application/json"]["schema"]
        assert set(body["required"]) == {f.name for f in command.fields if f.required}
        assert {f.name for f in command.fields} <= set(body["properties"])
        assert ("dice" in body["properties"]) == command.rolls
    hit = paths["/api/v1/campaigns/{campaign}/games/{game}/actions/hit"]["post"]
    wounds = hit["requestBody"]["content"]["application/json"]["schema"]["properties"]["wounds"]
    assert (wounds["type"], wounds["minimum"]) == ("integer", 1)
    shoot = paths["/api/v1/campaigns/{campaign}/games/{game}/actions/shoot"]["post"]
    situation = shoot["requestBody"]["content"]["application/json"]["schema"]["properties"]
    assert situation["cover"]["enum"] == ["none", "light", "partial", "full"]


def test_every_form_asks_only_the_catalogues_inputs(stores: tuple[Path, Path]) -> None:
    """The phone's form of each action offered asks the catalogue's fields (and a shot's or a
    fight's situation), nothing it does not declare."""
    import re

    from skirmish.campaign.game.commands import MODEL_ACTIONS
    from skirmish.web.action_schema import api_fields

    flow = {
        "csrf",
        "key",
        "mode",
        "go",
        "odds",
        "action",
        "model",
        "target",
        "waiting-record",
        "what",
    }  # fmt: skip  (``what``: an objective's one pick, unfolded into its fields)
    web, _ = stores
    seen = set()
    with open_client(web) as ike:
        log_in(ike, "Ike")
        for command in MODEL_ACTIONS:
            for model in ("Ike Clanton", "Mary"):
                page = ike.get(flow_url(model=model, action=command.name, target="Wyatt Earp"))
                if 'name="go"' not in page.text and 'name="mode"' not in page.text:
                    continue  # not offered to this model now
                names = set(re.findall(r'name="([^"]+)"', page.text.split("<main>")[1]))
                # a gang's own step carries the model it was chosen from, for the flow's pages
                chosen = {"member"} if command.actor is None else set()
                assert names - flow - chosen <= api_fields(command), (command.name, names)
                seen.add(command.name)
    assert len(seen) >= 8, seen
