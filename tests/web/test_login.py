"""Logging in and out, CSRF on every form, and who sees which campaign (issue #11).

The demo store gets a second campaign, "Dodge City", and two accounts: Wyatt, the owner of
"Tombstone 1881", and Doc, a member of nothing. Tombstone stays private unless a test makes it
public; Dodge City is always private."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

CAMPAIGN, GANG, MODEL = "Tombstone 1881", "Earp brothers", "Wyatt Earp"
OTHER = "Dodge City"
PASSWORD = "polvere e piombo"


def cli(db: Path, *args: str, stdin: str | None = None) -> str:
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    result = CliRunner().invoke(
        app, [*args, "--db", str(db)], input=stdin, env={"SKIRMISH_LANG": "en"}
    )
    assert result.exit_code == 0, (args, result.output)
    return result.output


@pytest.fixture
def club(demo: Path) -> Path:
    """The demo store with accounts: Wyatt owns Tombstone, Doc is nobody's member."""
    cli(demo, "campaign", "new", OTHER)
    for user in ("Wyatt", "Doc"):
        cli(demo, "user", "add", user, "--password-stdin", stdin=PASSWORD + "\n")
    cli(demo, "campaign", "role", "Wyatt", "owner", "--campaign", CAMPAIGN)
    return demo


def open_client(db: Path | str, base_url: str = "http://testserver") -> Any:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    return TestClient(create_app(str(db)), base_url=base_url, follow_redirects=False)


@pytest.fixture
def web(club: Path) -> Iterator[Any]:
    with open_client(club) as client:
        yield client


def csrf(client: Any) -> str:
    """The CSRF token a page's forms carry (the login form sets its cookie)."""
    assert client.get("/login").status_code == 200
    token: str = client.cookies.get("csrf")
    assert token
    return token


def log_in(client: Any, user: str = "Wyatt", password: str = PASSWORD, **headers: str) -> Any:
    form = {"user": user, "password": password, "csrf": csrf(client)}
    return client.post("/login", data=form, headers=headers)


def rows(db: Path, table: str) -> int:
    with sqlite3.connect(db) as connection:
        return int(connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0])


def names(client: Any) -> set[str]:
    response = client.get("/api/v1/campaigns")
    assert response.status_code == 200
    return {row["name"] for row in response.json()}


# ------------------------------------------------------------------ login and logout


def test_login_opens_a_session_and_the_header_says_who(web: Any, club: Path) -> None:
    page = web.get("/login")
    assert 'for="login-user"' in page.text and 'for="login-password"' in page.text
    response = log_in(web)
    assert response.status_code == 303 and response.headers["location"] == "/"
    assert rows(club, "web_session") == 1
    home = web.get("/")
    assert "Logged in as Wyatt" in home.text and 'action="/logout"' in home.text
    assert CAMPAIGN in home.text


def test_login_goes_back_where_it_was_asked_and_never_to_another_site(web: Any) -> None:
    token = csrf(web)
    form = {"user": "Wyatt", "password": PASSWORD, "csrf": token, "next": "/scenarios"}
    assert web.post("/login", data=form).headers["location"] == "/scenarios"
    form = {"user": "Wyatt", "password": PASSWORD, "csrf": web.cookies.get("csrf")}
    form["next"] = "//evil.example/"
    assert web.post("/login", data=form).headers["location"] == "/"
    web.post("/logout", data={"csrf": web.cookies.get("csrf")})
    form = {"user": "Wyatt", "password": "typo", "csrf": web.cookies.get("csrf"), "next": "/rules"}
    refused = web.post("/login", data=form)
    assert refused.status_code == 401 and 'name="next" value="/rules"' in refused.text


def test_a_store_with_accounts_links_to_the_login_page(web: Any) -> None:
    assert 'href="/login?next=/scenarios"' in web.get("/scenarios").text


def test_the_header_and_the_login_page_in_italian(web: Any) -> None:
    page = web.get("/login", headers={"Accept-Language": "it"})
    assert "Accedi" in page.text and "Nome" in page.text
    log_in(web)
    assert "Accesso come Wyatt" in web.get("/?lang=it").text
    assert ">Esci<" in web.get("/?lang=it").text


def test_a_wrong_password_and_an_unknown_name_read_the_same(web: Any, club: Path) -> None:
    wrong = log_in(web, "Wyatt", "not the password")
    nobody = log_in(web, "Nobody", "not the password")
    assert wrong.status_code == nobody.status_code == 401
    assert "wrong name or password." in wrong.text and "wrong name or password." in nobody.text
    assert "Nobody" in nobody.text  # the name typed stays in the form, and nothing more
    assert "session" not in web.cookies
    assert rows(club, "web_session") == 0 and rows(club, "login_failure") == 2


def test_throttled_logins_are_refused_with_429_even_with_the_right_password(web: Any) -> None:
    from skirmish.campaign.accounts import NAME_FAILURES

    for _ in range(NAME_FAILURES):
        assert log_in(web, "Wyatt", "guessing").status_code == 401
    refused = log_in(web, "Wyatt", PASSWORD)
    assert refused.status_code == 429
    assert "too many failed logins" in refused.text and "session" not in web.cookies
    italian = log_in(web, "Wyatt", PASSWORD, **{"Accept-Language": "it"})
    assert italian.status_code == 429 and "troppi accessi falliti" in italian.text


def test_logout_ends_the_session_in_the_store(web: Any, club: Path) -> None:
    log_in(web)
    old = web.cookies.get("session")
    response = web.post("/logout", data={"csrf": web.cookies.get("csrf")})
    assert response.status_code == 303 and rows(club, "web_session") == 0
    assert "Logged in as" not in web.get("/").text
    web.cookies.set("session", old)  # the old cookie, kept by someone: it opens nothing
    assert "Logged in as" not in web.get("/").text
    assert CAMPAIGN not in names(web)


def test_a_password_change_ends_every_session(web: Any, club: Path) -> None:
    log_in(web)
    assert CAMPAIGN in names(web)
    cli(club, "user", "passwd", "Wyatt", "--password-stdin", stdin="fresh powder 1881\n")
    assert CAMPAIGN not in names(web)
    assert "Logged in as" not in web.get("/").text
    assert log_in(web, "Wyatt", PASSWORD).status_code == 401
    assert log_in(web, "Wyatt", "fresh powder 1881").status_code == 303


# ------------------------------------------------------------------ cookies


def test_cookies_are_httponly_and_samesite_lax_and_not_secure_over_http(web: Any) -> None:
    headers = log_in(web).headers.get_list("set-cookie")
    session = next(h for h in headers if h.startswith("session="))
    token = next(h for h in headers if h.startswith("csrf="))
    for cookie in (session, token):
        assert "HttpOnly" in cookie and "SameSite=lax" in cookie.replace("Lax", "lax")
        assert "Secure" not in cookie


def test_cookies_are_secure_over_https(club: Path) -> None:
    with open_client(club, "https://testserver") as client:
        headers = log_in(client).headers.get_list("set-cookie")
        session = next(h for h in headers if h.startswith("session="))
        assert "Secure" in session and "HttpOnly" in session
        assert "Logged in as Wyatt" in client.get("/").text


# ------------------------------------------------------------------ CSRF


@pytest.mark.parametrize("token", [None, "", "x" * 43])
def test_a_login_without_its_csrf_token_is_refused_and_changes_nothing(
    web: Any, club: Path, token: str | None
) -> None:
    csrf(web)
    form = {"user": "Wyatt", "password": "wrong one"}
    if token is not None:
        form["csrf"] = token
    refused = web.post("/login", data=form)
    assert refused.status_code == 403 and "Nothing was changed" in refused.text
    assert rows(club, "login_failure") == 0  # not even a failure was counted
    form["password"] = PASSWORD
    assert web.post("/login", data=form).status_code == 403
    assert rows(club, "web_session") == 0 and "session" not in web.cookies


def test_a_login_from_a_client_with_no_csrf_cookie_is_refused(club: Path) -> None:
    with open_client(club) as client:
        form = {"user": "Wyatt", "password": PASSWORD, "csrf": "x" * 43}
        assert client.post("/login", data=form).status_code == 403
    assert rows(club, "web_session") == 0


def test_a_logout_without_its_csrf_token_is_refused_and_the_session_lives(
    web: Any, club: Path
) -> None:
    log_in(web)
    refused = web.post("/logout", data={"csrf": "forged" * 8}, headers={"Accept-Language": "it"})
    assert refused.status_code == 403 and "Non è cambiato nulla" in refused.text
    assert web.post("/logout").status_code == 403
    assert rows(club, "web_session") == 1 and "Logged in as Wyatt" in web.get("/").text


def test_the_csrf_token_may_come_in_a_header(web: Any, club: Path) -> None:
    log_in(web)
    response = web.post("/logout", headers={"X-CSRF-Token": web.cookies.get("csrf")})
    assert response.status_code == 303 and rows(club, "web_session") == 0


# ------------------------------------------------------------------ who sees what


def test_a_logged_out_visitor_sees_only_public_campaigns(web: Any, club: Path) -> None:
    assert names(web) == set()
    assert CAMPAIGN not in web.get("/").text
    cli(club, "campaign", "set-public", "on", "--campaign", CAMPAIGN)
    assert names(web) == {CAMPAIGN}
    assert web.get("/c/" + CAMPAIGN).status_code == 200
    assert web.get(f"/api/v1/campaigns/{CAMPAIGN}/gangs/{GANG}").status_code == 200
    assert web.get("/c/" + OTHER).status_code == 404
    assert OTHER not in web.get("/").text


PRIVATE_ADDRESSES = (
    "/c/{c}",
    "/c/{c}/g/{g}",
    "/c/{c}/g/{g}/m/{m}",
    "/c/{c}/g/{g}/roster.pdf",
    "/api/v1/campaigns/{c}",
    "/api/v1/campaigns/{c}/standings",
    "/api/v1/campaigns/{c}/graveyard",
    "/api/v1/campaigns/{c}/games",
    "/api/v1/campaigns/{c}/log",
    "/api/v1/campaigns/{c}/gangs",
    "/api/v1/campaigns/{c}/gangs/{g}",
    "/api/v1/campaigns/{c}/gangs/{g}/models/{m}",
)


def _as_typed(text: str, campaign: str) -> str:
    return text.replace(quote(campaign, safe=""), "CAMPAIGN").replace(campaign, "CAMPAIGN")


@pytest.mark.parametrize("address", PRIVATE_ADDRESSES)
def test_a_private_campaign_is_404_for_a_visitor_and_a_non_member_and_names_nothing(
    web: Any, address: str
) -> None:
    """Answered word for word as a campaign that does not exist: not even that it exists."""
    missing = "Nowhere Town"
    for who in (None, "Doc"):
        if who:
            log_in(web, who)
        hidden = web.get(address.format(c=CAMPAIGN, g=GANG, m=MODEL))
        absent = web.get(address.format(c=missing, g=GANG, m=MODEL))
        assert hidden.status_code == absent.status_code == 404, (who, address)
        assert _as_typed(hidden.text, CAMPAIGN) == _as_typed(absent.text, missing)
    # a prefix of its name finds nothing either, and suggests nothing
    prefix = web.get("/api/v1/campaigns/Tomb")
    assert prefix.status_code == 404 and prefix.json()["nearest"] == []
    assert CAMPAIGN not in prefix.text


def test_a_member_sees_their_campaign_and_not_the_others(web: Any) -> None:
    log_in(web)
    assert names(web) == {CAMPAIGN}
    for address in PRIVATE_ADDRESSES[:3] + PRIVATE_ADDRESSES[4:]:
        url = address.format(c=CAMPAIGN, g=GANG, m=MODEL)
        assert web.get(url).status_code == 200, url
    assert web.get("/c/" + OTHER).status_code == 404
    assert web.get("/api/v1/campaigns/" + OTHER).status_code == 404


def test_a_store_with_no_accounts_shows_everything(demo: Path) -> None:
    cli(demo, "campaign", "new", OTHER)
    with open_client(demo) as client:
        assert names(client) == {CAMPAIGN, OTHER}
        assert client.get("/c/" + CAMPAIGN).status_code == 200
        assert client.get(f"/api/v1/campaigns/{CAMPAIGN}/gangs/{GANG}").status_code == 200
        assert ">Log in<" not in client.get("/").text  # nobody could: no link to it


@pytest.mark.postgres
def test_login_visibility_and_logout_on_postgresql(
    demo: Path, tmp_path: Path, postgres_migrated_database: str
) -> None:
    """The same rule on the club's PostgreSQL: the session is looked up, touched and ended in
    its own unit of work there too."""
    url = postgres_migrated_database
    exported = tmp_path / "tombstone.json"
    cli(demo, "export", "--campaign", CAMPAIGN, "-o", str(exported))
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    for args in (
        ("import", str(exported)),
        ("user", "add", "Wyatt", "--password-stdin"),
        ("campaign", "role", "Wyatt", "owner", "--campaign", CAMPAIGN),
    ):
        stdin = PASSWORD + "\n" if "--password-stdin" in args else None
        result = CliRunner().invoke(app, [*args, "--db", url], input=stdin)
        assert result.exit_code == 0, (args, result.output)
    with open_client(url) as client:
        assert names(client) == set()
        assert client.get(f"/api/v1/campaigns/{CAMPAIGN}/gangs/{GANG}").status_code == 404
        assert log_in(client).status_code == 303
        assert names(client) == {CAMPAIGN}
        assert client.get(f"/c/{CAMPAIGN}/g/{GANG}").status_code == 200
        assert client.post("/logout").status_code == 403
        assert client.post("/logout", data={"csrf": client.cookies.get("csrf")}).status_code == 303
        assert names(client) == set()


def test_an_address_no_page_answers_still_knows_who_is_reading(web: Any) -> None:
    """No route runs for an unknown address, but its 404 page still shows the header of the
    reader who is logged in (and their logout button), in their words."""
    assert log_in(web).status_code == 303
    response = web.get("/no/such/page?lang=it")
    assert response.status_code == 404
    assert "Wyatt" in response.text and 'action="/logout"' in response.text
