"""The campaign's web address on the web (issue #13): the owner sets it on the members page,
beside "public", with the same service as ``skirmish campaign address``; a refusal is shown on
the form with the typed address kept; players may not; the API twin answers the members."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_club import (
    CAMPAIGN,
    C,
    add_user,
    alert,
    api,
    cli,
    log_in,
    open_client,
    post,
    query,
    state,
)

URL = "https://saloon.example.org/"


@pytest.fixture
def club(demo: Path) -> Path:
    """The demo store with accounts: Wyatt owns Tombstone, Doc plays there (as test_club's)."""
    for user in ("Wyatt", "Doc"):
        add_user(demo, user)
    cli(demo, "campaign", "role", "Wyatt", "owner", "--campaign", CAMPAIGN)
    cli(demo, "campaign", "role", "Doc", "player", "--campaign", CAMPAIGN)
    return demo


@pytest.fixture
def web(club: Path) -> Iterator[Any]:
    with open_client(club) as client:
        yield client


def _address(club: Path) -> Any:
    return query(club, "SELECT web_address FROM campaign WHERE name = ?", CAMPAIGN)[0][0]


def test_the_owner_sets_and_removes_the_address(web: Any, club: Path) -> None:
    log_in(web, "Wyatt")
    page = web.get(f"/c/{C}/members").text
    assert "No web address: printed rosters and cards carry no QR code." in page
    assert '<label for="web-address">' in page and 'id="web-address" name="address"' in page
    response = post(web, f"/c/{C}/members/address", address="  HTTPS://Saloon.Example.org ")
    assert response.status_code == 303
    assert _address(club) == URL
    page = web.get(f"/c/{C}/members").text
    assert f"The club reaches this campaign at {URL}:" in page
    assert f'value="{URL}"' in page
    (author,) = query(
        club,
        "SELECT author FROM log_entry WHERE action = 'campaign-address' ORDER BY id DESC LIMIT 1",
    )[0]
    assert author == query(club, "SELECT id FROM user_account WHERE name = 'Wyatt'")[0][0]
    assert post(web, f"/c/{C}/members/address", address="").status_code == 303
    assert _address(club) is None


def test_a_refused_address_is_shown_on_the_form_in_the_readers_language(
    web: Any, club: Path
) -> None:
    log_in(web, "Wyatt")
    before = state(club)
    typed = "ftp://saloon.example.org/<b>"
    response = post(web, f"/c/{C}/members/address", address=typed)
    assert response.status_code == 400
    assert "must start with https:// or http://" in alert(response)
    assert 'value="ftp://saloon.example.org/&lt;b&gt;"' in response.text  # kept, escaped
    web.cookies.set("lang", "it")
    italian = post(web, f"/c/{C}/members/address", address="https://doc:pw@example.org/")
    assert italian.status_code == 400
    assert "non deve contenere un nome utente o una password" in alert(italian)
    assert state(club) == before


def test_the_api_twin_answers_the_members(web: Any, club: Path) -> None:
    log_in(web, "Wyatt")
    answer = api(web, f"/api/v1/campaigns/{C}/members/address", address=URL)
    assert answer.status_code == 200
    assert answer.json()["web_address"] == URL
    refused = api(web, f"/api/v1/campaigns/{C}/members/address", address="saloon")
    assert refused.status_code == 400 and "https://" in refused.json()["error"]
    assert api(web, f"/api/v1/campaigns/{C}/members/address").json()["web_address"] is None
    assert web.get(f"/api/v1/campaigns/{C}").json()["web_address"] is None


@pytest.mark.parametrize("how", ["form", "api", "no csrf"])
def test_a_player_may_not_set_it(web: Any, club: Path, how: str) -> None:
    log_in(web, "Wyatt")
    with open_client(club) as doc:
        log_in(doc, "Doc")
        before = state(club)
        assert 'name="address"' not in doc.get(f"/c/{C}/members").text
        if how == "form":
            response = post(doc, f"/c/{C}/members/address", address=URL)
            assert response.status_code == 403
            assert "you may not make it public or private or set its web address" in alert(response)
        elif how == "api":
            response = api(doc, f"/api/v1/campaigns/{C}/members/address", address=URL)
            assert response.status_code == 403
        else:
            response = web.post(f"/c/{C}/members/address", data={"address": URL})
            assert response.status_code == 403
        assert state(club) == before
