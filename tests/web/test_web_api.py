"""``/api/v1`` answers with the same shapes as the CLI's ``--json`` (issue #11: clubs write bots
against it), in the language asked for, and a 404 naming the nearest names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import pytest

CAMPAIGN, GANG, MODEL = "Tombstone 1881", "Earp brothers", "Wyatt Earp"
C, G, M = quote(CAMPAIGN), quote(GANG), quote(MODEL)

#: Each API address and the command whose ``--json`` it mirrors.
PAIRS = [
    ("/api/v1/campaigns", ["campaign", "list"]),
    (f"/api/v1/campaigns/{C}", ["campaign", "show", "--campaign", CAMPAIGN]),
    (f"/api/v1/campaigns/{C}/standings", ["campaign", "standings", "--campaign", CAMPAIGN]),
    (f"/api/v1/campaigns/{C}/graveyard", ["campaign", "graveyard", "--campaign", CAMPAIGN]),
    (f"/api/v1/campaigns/{C}/games", ["game", "list", "--campaign", CAMPAIGN]),
    (f"/api/v1/campaigns/{C}/log", ["log", "--campaign", CAMPAIGN]),
    (f"/api/v1/campaigns/{C}/log?gang={G}", ["log", GANG, "--campaign", CAMPAIGN]),
    (f"/api/v1/campaigns/{C}/log?last=3", ["log", "--last", "3", "--campaign", CAMPAIGN]),
    (f"/api/v1/campaigns/{C}/gangs", ["gang", "list", "--campaign", CAMPAIGN]),
    (f"/api/v1/campaigns/{C}/gangs/{G}", ["gang", "show", GANG, "--campaign", CAMPAIGN]),
    (
        f"/api/v1/campaigns/{C}/gangs/{G}/models/{M}",
        ["member", "history", GANG, MODEL, "--campaign", CAMPAIGN],
    ),
    ("/api/v1/scenarios", ["scenario", "list"]),
    ("/api/v1/scenarios/rapina-in-banca", ["scenario", "show", "rapina-in-banca"]),
    ("/api/v1/rules?q=winchester", ["rules", "show", "winchester"]),
]


@pytest.mark.parametrize(("url", "command"), PAIRS, ids=[u for u, _ in PAIRS])
@pytest.mark.parametrize("lang", ["en", "it"])
def test_api_shapes_equal_the_cli_json(
    client: Any, cli_json: Callable[..., Any], url: str, command: list[str], lang: str
) -> None:
    joiner = "&" if "?" in url else "?"
    response = client.get(f"{url}{joiner}lang={lang}")
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/json"
    assert response.json() == cli_json(*command, "--lang", lang)


def test_the_log_is_not_empty_in_the_demo(client: Any) -> None:
    """The log comparison above compares something."""
    assert len(client.get(f"/api/v1/campaigns/{C}/log").json()) > 3


def test_a_prefix_names_the_campaign_as_in_the_cli(client: Any) -> None:
    assert client.get("/api/v1/campaigns/Tomb/gangs/Earp").json()["name"] == GANG


@pytest.mark.parametrize(
    ("url", "nearest"),
    [
        ("/api/v1/campaigns/Tombstne", ["Tombstone 1881"]),
        (f"/api/v1/campaigns/{C}/gangs/Erp%20brothers", ["Earp brothers"]),
        (f"/api/v1/campaigns/{C}/gangs/{G}/models/Wytt%20Earp", ["Wyatt Earp"]),
    ],
)
def test_unknown_names_are_404_with_the_nearest(client: Any, url: str, nearest: list[str]) -> None:
    response = client.get(url)
    assert response.status_code == 404
    body = response.json()
    assert body["nearest"][: len(nearest)] == nearest
    assert "did you mean" in body["error"] or "names" in body["error"]


def test_errors_speak_italian_when_asked(client: Any) -> None:
    body = client.get("/api/v1/campaigns/Tombstne?lang=it").json()
    assert "forse intendevi" in body["error"]


def test_the_openapi_document_and_its_page(client: Any) -> None:
    document = client.get("/api/v1/openapi.json").json()
    assert "/api/v1/campaigns/{campaign}/gangs/{gang}" in document["paths"]
    assert not any(not path.startswith("/api/v1/") for path in document["paths"])
    page = client.get("/api/v1/docs")
    assert page.status_code == 200 and "openapi.json" in page.text


def test_openapi_lists_each_game_steps_fields(client: Any) -> None:
    """Issue #20, item 1: a step of the game at its own address declares its request body
    from the catalogue's fields (``campaign/game/commands.py``), with the route's own."""
    from skirmish.campaign.game.commands import BY_NAME

    paths = client.get("/api/v1/openapi.json").json()["paths"]
    for step in ("turn", "vote", "end", "abandon"):
        body = paths[f"/api/v1/campaigns/{{campaign}}/games/{{game}}/{step}"]["post"]
        schema = body["requestBody"]["content"]["application/json"]["schema"]
        fields = {f.name for f in BY_NAME[step].fields}
        assert fields | {"revision", "key"} <= set(schema["properties"]), step
    vote = paths["/api/v1/campaigns/{campaign}/games/{game}/vote"]["post"]["requestBody"]
    properties = vote["content"]["application/json"]["schema"]["properties"]
    assert properties["withdraw"]["type"] == "boolean"
    assert properties["side"]["enum"] == ["good", "bad"]


def test_the_log_names_each_entry_s_author_as_the_cli_does(
    demo: Any, cli_json: Callable[..., Any]
) -> None:
    """An entry made by an account names it in ``/log`` as in ``skirmish log --json``; the
    command line's entries read null (docs/accounts.md)."""
    from fastapi.testclient import TestClient

    from skirmish.campaign import accounts, advancement, lookup, store
    from skirmish.web.app import create_app

    engine = store.open_store(str(demo))
    with store.transaction(engine) as s:
        wyatt = accounts.add_user(s, "wyatt", "a long password")
        campaign = lookup.campaign_by_name(s, CAMPAIGN)
        accounts.set_public(s, campaign, True)
        author = wyatt.id
    with store.transaction(engine, author=author) as s:
        gang = lookup.gang_by_name(s, lookup.campaign_by_name(s, CAMPAIGN), GANG)
        advancement.award_xp(s, gang=gang, member=MODEL, xp=1, reason="<b>bold</b>")
    engine.dispose()
    with TestClient(create_app(str(demo))) as client:
        rows = client.get(f"/api/v1/campaigns/{C}/log?last=2").json()
    assert [r["author"] for r in rows] == [None, "wyatt"]
    assert rows == cli_json("log", "--last", "2", "--campaign", CAMPAIGN)
