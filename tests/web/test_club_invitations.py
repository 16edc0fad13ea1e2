"""Invitations on the members page and the join pages (issue #22, items 1, 6 and 7): the link
under the campaign's web address with its QR code, the open invitations listed with who made
them and withdrawn from the page, the API's list, unknown codes throttled per client like
logins, and a logged-out visitor told how accounts are made."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from tests.web.test_club import csrf, open_client

CAMPAIGN = "Tombstone 1881"
C = quote(CAMPAIGN)
PASSWORD = "polvere e piombo"
ADDRESS = "https://saloon.example.org/club/"


def cli(db: Path | str, *args: str, stdin: str | None = None) -> str:
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    result = CliRunner().invoke(
        app, [*args, "--db", str(db)], input=stdin, env={"SKIRMISH_LANG": "en"}
    )
    assert result.exit_code == 0, (args, result.output)
    return result.output


def make_club(db: Path) -> None:
    """The demo store with accounts: Wyatt owns Tombstone (private), Doc plays there."""
    for user in ("Wyatt", "Doc"):
        cli(db, "user", "add", user, "--password-stdin", stdin=PASSWORD + "\n")
    cli(db, "campaign", "role", "Wyatt", "owner", "--campaign", CAMPAIGN)
    cli(db, "campaign", "role", "Doc", "player", "--campaign", CAMPAIGN)
    cli(db, "campaign", "set-public", "off", "--campaign", CAMPAIGN)


@pytest.fixture
def club(prepared: Callable[[Callable[[Path], object]], Path]) -> Path:
    return prepared(make_club)


@pytest.fixture
def web(club: Path) -> Iterator[Any]:
    with open_client(club) as client:
        yield client


def log_in(client: Any, user: str) -> None:
    form = {"user": user, "password": PASSWORD, "csrf": csrf(client)}
    assert client.post("/login", data=form).status_code == 303


def post(client: Any, path: str, **fields: str) -> Any:
    return client.post(path, data={"csrf": csrf(client), **fields})


def invite(client: Any, role: str = "player") -> tuple[str, str]:
    """The owner invites through the form: the page shown once, and the link's token."""
    response = post(client, f"/c/{C}/invitations", role=role, days="7")
    assert response.status_code == 303, response.text
    token = re.search(r"invitation=([^#&]+)", response.headers["location"])
    assert token is not None
    page = client.get(response.headers["location"])
    assert page.status_code == 200
    return page.text, token.group(1)


def codes(page: str) -> list[str]:
    """The codes of the open invitations the members page lists."""
    return re.findall(r'name="code" value="([A-Z0-9]{4}-[A-Z0-9]{4})"', page)


# ------------------------------------------------------------------ item 1: link, list, revoke


def test_the_link_is_under_the_campaign_address_with_its_qr_code(web: Any, club: Path) -> None:
    cli(club, "campaign", "address", ADDRESS, "--campaign", CAMPAIGN)
    log_in(web, "Wyatt")
    page, token = invite(web, "arbitrator")
    link = f"{ADDRESS}join/{token}"
    assert f'<a class="link" href="{link}"' in page
    assert "http://testserver/join/" not in page  # not the address this request came by
    qr = re.search(r'<img src="(data:image/png;base64,[^"]+)" alt="([^"]+)"', page)
    assert qr is not None and "QR code of the link" in html.unescape(qr.group(2))
    made = web.post(
        f"/api/v1/campaigns/{C}/invitations", json={"role": "player"},
        headers={"X-CSRF-Token": csrf(web)},
    )  # fmt: skip
    assert made.status_code == 201 and made.json()["url"].startswith(f"{ADDRESS}join/")


def test_a_second_invitation_by_mistake_is_listed_and_withdrawn(web: Any, club: Path) -> None:
    log_in(web, "Wyatt")
    invite(web)
    page, _ = invite(web)
    first, second = codes(page)
    assert page.count("made ") >= 2 and "by Wyatt" in page  # when and by whom each was made
    listed = web.get(f"/api/v1/campaigns/{C}/invitations").json()
    assert [i["code"] for i in listed["invitations"]] == [first, second]
    assert {i["by"] for i in listed["invitations"]} == {"Wyatt"}
    gone = post(web, f"/c/{C}/invitations/withdraw", code=second)
    assert gone.status_code == 303
    assert codes(web.get(f"/c/{C}/members").text) == [first]
    assert cli(club, "campaign", "invitations", "--json", "--campaign", CAMPAIGN).count("code") == 1


def test_only_who_may_invite_lists_the_invitations(web: Any, club: Path) -> None:
    cli(club, "campaign", "invite", "--campaign", CAMPAIGN)
    log_in(web, "Doc")
    refused = web.get(f"/api/v1/campaigns/{C}/invitations")
    assert refused.status_code == 403 and "may not" in refused.json()["error"]
    assert codes(web.get(f"/c/{C}/members").text) == []


# ------------------------------------------------------------------ item 6: the throttle


def test_unknown_codes_are_throttled_per_client_like_logins(web: Any, club: Path) -> None:
    from skirmish.campaign.accounts import INVITATION_FAILURES

    made = cli(club, "campaign", "invite", "--campaign", CAMPAIGN)
    good = re.search(r"code: ([A-Z0-9]{4}-[A-Z0-9]{4})", made)
    assert good is not None
    assert web.get(f"/join?code={good.group(1)}").status_code == 200  # a good code: no failure
    for guess in range(INVITATION_FAILURES):
        assert web.get(f"/join/ZZZZ-ZZ{guess:02d}").status_code == 400
    refused = web.get(f"/join?code={good.group(1)}")  # even the good code, from this client
    assert refused.status_code == 429 and "too many invitation codes" in refused.text
    italian = web.get(f"/api/v1/join/{good.group(1)}", headers={"Accept-Language": "it"})
    assert italian.status_code == 429 and "troppi codici" in italian.json()["error"]
    signing_up = post(
        web, "/join/new", code=good.group(1), user="Ike", password=PASSWORD, password2=PASSWORD
    )
    assert signing_up.status_code == 429 and "Ike" not in cli(club, "user", "list")
    log_in(web, "Wyatt")  # a login still works: these guesses are fewer than ADDRESS_FAILURES
    assert web.post("/join", data={"csrf": csrf(web), "code": good.group(1)}).status_code == 429


# ------------------------------------------------------------------ item 7: accounts


def test_the_login_page_says_accounts_come_with_an_invitation(web: Any) -> None:
    page = web.get("/login").text
    assert "skirmish user add" not in page
    assert "An invitation from your campaign" in html.unescape(page)
    assert 'href="/join"' in page
    italian = web.get("/login", headers={"Accept-Language": "it"}).text
    assert "Lo crea un invito del proprietario" in italian and "user add" not in italian
    join = web.get("/join").text
    assert "skirmish user add" not in join


def test_a_logged_out_visitor_is_told_to_log_in_or_join(web: Any) -> None:
    page = html.unescape(web.get("/").text)
    assert "No campaign yet" not in page and CAMPAIGN not in page
    assert "Log in to see your club's campaigns, or join one" in page
    assert 'href="/login"' in page and 'href="/join"' in page
    italian = html.unescape(web.get("/", headers={"Accept-Language": "it"}).text)
    assert "Accedi per vedere le campagne del tuo club" in italian
    log_in(web, "Doc")
    assert CAMPAIGN in web.get("/").text
