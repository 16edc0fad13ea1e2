"""The club's actions through both front ends (issue #20): the command line and the web app call
one service (``campaign.club``), so the same actions on two copies of one store leave the same
rows and the same log entries, and a refusal says the same words. Only who made it differs: the
web's entries and invitations name the reader, the command line's name nobody."""

from __future__ import annotations

import html
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

from test_club import (
    CAMPAIGN,
    GANG,
    C,
    api,
    cli,
    csrf,
    log_in,
    make_club,
    open_client,
    post,
    query,
)
from typer.testing import CliRunner

from skirmish.campaign.club_commands import CATALOGUE

URL = "https://saloon.example.org/"


def rows(db: Path) -> dict[str, Any]:
    """What the club's actions change, without what differs by nature (ids of new rows, times,
    random codes): memberships, the campaign's flags, gangs' owners, settings, open invitations,
    and the log's entries with their details."""
    log = query(
        db,
        "SELECT campaign_id, gang_id, action, details, ruling FROM log_entry ORDER BY id",
    )
    return {
        "membership": query(db, "SELECT * FROM membership ORDER BY 1, 2"),
        "campaign": query(db, "SELECT id, name, public, web_address FROM campaign ORDER BY id"),
        "gang": query(db, "SELECT id, name, owner_id FROM gang ORDER BY id"),
        "setting": query(db, "SELECT * FROM campaign_setting ORDER BY 1, 2"),
        "invitation": query(
            db,
            "SELECT campaign_id, role, used_by, julianday(expires_at) - julianday(created_at) "
            "FROM invitation ORDER BY id",
        ),
        "log": [(c, g, a, json.loads(d), r) for c, g, a, d, r in log],
    }


def authors(db: Path, since: int) -> set[Any]:
    return {a for (a,) in query(db, "SELECT author FROM log_entry WHERE id > ?", since)}


def last_entry(db: Path) -> int:
    return int(query(db, "SELECT COALESCE(MAX(id), 0) FROM log_entry")[0][0])


def refusal(db: Path, *args: str) -> str:
    """The ``Error:`` line of a refused command, without its prefix."""
    from skirmish.cli.main import app

    result = CliRunner().invoke(app, [*args, "--db", str(db)], env={"SKIRMISH_LANG": "en"})
    assert result.exit_code != 0
    line = result.output.strip().splitlines()[-1]
    assert line.startswith("Error: "), result.output
    return line.removeprefix("Error: ")


def test_the_cli_and_the_web_leave_the_same_rows_and_log_entries(
    prepared: Callable[[Callable[[Path], object]], Path], tmp_path: Path
) -> None:
    web_db = prepared(make_club)
    cli_db = tmp_path / "cli.db"
    shutil.copyfile(web_db, cli_db)
    assert rows(cli_db) == rows(web_db)
    before = last_entry(web_db)

    at = ("--campaign", CAMPAIGN)
    cli(cli_db, "campaign", "role", "Doc", "arbitro", *at)
    cli(cli_db, "gang", "owner", GANG, "Kate", *at)
    cli(cli_db, "campaign", "set-public", "on", *at)
    cli(cli_db, "campaign", "address", URL, *at)
    cli(cli_db, "campaign", "set", "sell-percent", "100", *at)
    cli(cli_db, "campaign", "invite", "--role", "arbitrator", "--expires-days", "3", *at)

    with open_client(web_db) as web:
        log_in(web, "Wyatt")
        assert post(web, f"/c/{C}/members/role", user="Doc", role="arbitro").status_code == 303
        assert post(web, f"/c/{C}/members/gang", gang=GANG, user="Kate").status_code == 303
        assert api(web, f"/api/v1/campaigns/{C}/members/public", public="on").status_code == 200
        assert post(web, f"/c/{C}/members/address", address=URL).status_code == 303
        assert post(web, f"/c/{C}/settings", **{"sell-percent": "100"}).status_code == 303
        made = api(web, f"/api/v1/campaigns/{C}/invitations", role="arbitrator", days="3")
        assert made.status_code == 201

        done = rows(web_db)
        assert done == rows(cli_db)
        assert [entry[2] for entry in done["log"][-2:]] == ["campaign-address", "campaign-set"]
        assert done["invitation"][-1][:3] == (1, "arbitrator", None)
        wyatt = query(web_db, "SELECT id FROM user_account WHERE name = 'Wyatt'")[0][0]
        assert authors(web_db, before) == {wyatt} and authors(cli_db, before) == {None}
        assert query(web_db, "SELECT created_by FROM invitation") == [(wyatt,)]
        assert query(cli_db, "SELECT created_by FROM invitation") == [(None,)]

        # The members listing: the command line's --json is the API's answer to the owner.
        listed = web.get(f"/api/v1/campaigns/{C}/members").json()
        from_cli = json.loads(cli(cli_db, "campaign", "members", "--json", *at))
        assert [i["by"] for i in listed["invitations"]] == ["Wyatt"]  # who made each
        assert [i["by"] for i in from_cli["invitations"]] == [None]  # the command line
        for shown in (listed, from_cli):
            for invitation in shown["invitations"]:
                for key in ("code", "expires_at", "created_at", "by"):
                    invitation.pop(key)
        assert listed == from_cli

        # A refusal: the same words, and nothing changed on either side.
        said = api(web, f"/api/v1/campaigns/{C}/members/role", user="Wyatt", role="none")
        assert said.status_code == 400
        assert said.json()["error"] == refusal(cli_db, "campaign", "role", "Wyatt", "none", *at)
        typo = api(web, f"/api/v1/campaigns/{C}/members/public", public="maybe")
        assert typo.json()["error"] == refusal(cli_db, "campaign", "set-public", "maybe", *at)
        assert typo.json()["error"] == "set-public takes on or off, not 'maybe'."
        assert rows(web_db) == rows(cli_db) == done


def test_where_the_two_copies_differed_the_web_now_reads_as_the_cli(
    prepared: Callable[[Callable[[Path], object]], Path],
) -> None:
    """docs/accounts.md: an empty role or owner is refused (it took a role or an owner away on
    the web), an empty "public" is off, an unknown gang is the command line's refusal."""
    db = prepared(make_club)
    with open_client(db) as web:
        log_in(web, "Wyatt")
        before = rows(db)
        empty_role = api(web, f"/api/v1/campaigns/{C}/members/role", user="Doc", role="")
        assert empty_role.status_code == 400
        assert empty_role.json()["error"] == refusal(
            db, "campaign", "role", "Doc", "", "--campaign", CAMPAIGN
        )
        cli(db, "gang", "owner", GANG, "Doc", "--campaign", CAMPAIGN)
        kept = rows(db)
        empty_owner = api(web, f"/api/v1/campaigns/{C}/members/gang", gang=GANG, user="")
        assert empty_owner.status_code == 400
        assert empty_owner.json()["error"] == refusal(
            db, "gang", "owner", GANG, "", "--campaign", CAMPAIGN
        )
        unknown = post(web, f"/c/{C}/members/gang", gang="Daltons", user="Doc")
        assert unknown.status_code == 400 and "Daltons" in unknown.text
        assert rows(db) == kept != before
        cli(db, "campaign", "set-public", "on", "--campaign", CAMPAIGN)
        assert api(web, f"/api/v1/campaigns/{C}/members/public", public="").status_code == 200
        assert query(db, "SELECT public FROM campaign WHERE name = ?", CAMPAIGN) == [(0,)]


def send(web: Any, path: str, body: dict[str, Any]) -> Any:
    """A JSON body of typed values (a flag, a list), as an API client sends it."""
    return web.post(path, json=body, headers={"X-CSRF-Token": csrf(web)})


def test_the_other_club_actions_leave_the_same_rows_both_ways(
    prepared: Callable[[Callable[[Path], object]], Path], tmp_path: Path
) -> None:
    """A new campaign with its house rules, a new gang, joining, withdrawing an invitation and
    clearing the web address (``campaign/club_commands.py``): the same rows both ways. The web's
    creator becomes the owner of what it creates; the command line, the store's administrator,
    names the owner after (``campaign role``, ``gang owner``), which logs nothing."""
    web_db = prepared(make_club)
    cli_db = tmp_path / "cli.db"
    shutil.copyfile(web_db, cli_db)
    at, new = ("--campaign", CAMPAIGN), ("--campaign", "Dodge City")

    cli(cli_db, "campaign", "new", "Dodge City", "--explosives", "-H", "sell-percent=80",
        "-H", "win-xp=2")  # fmt: skip
    cli(cli_db, "campaign", "role", "Wyatt", "owner", *new)
    cli(cli_db, "gang", "new", "Dodge posse", "--faction", "lawmen", *new)
    cli(cli_db, "gang", "owner", "Dodge posse", "Wyatt", *new)
    code = json.loads(cli(cli_db, "campaign", "invite", "--json", *at))["code"]
    cli(cli_db, "campaign", "join", code, "--user", "Kate")
    code = json.loads(cli(cli_db, "campaign", "invite", "--json", *at))["code"]
    assert "withdrawn" in cli(cli_db, "campaign", "withdraw", code.lower(), *at)
    cli(cli_db, "campaign", "address", URL, *at)
    cli(cli_db, "campaign", "address", "--clear", *at)

    with open_client(web_db) as web:
        log_in(web, "Wyatt")
        body = {"name": "Dodge City", "explosives": True, "house": ["sell-percent=80", "win-xp=2"]}
        assert send(web, "/api/v1/campaigns", body).status_code == 201
        dodge = f"/api/v1/campaigns/{quote('Dodge City')}/gangs"
        assert send(web, dodge, {"name": "Dodge posse", "faction": "lawmen"}).status_code == 201
        made = api(web, f"/api/v1/campaigns/{C}/invitations", role="player", days="7").json()
        log_in(web, "Kate")
        assert post(web, "/join", code=made["code"]).status_code == 303
        log_in(web, "Wyatt")
        made = api(web, f"/api/v1/campaigns/{C}/invitations", role="player", days="7").json()
        assert post(web, f"/c/{C}/invitations/withdraw", code=made["code"]).status_code == 303
        assert post(web, f"/c/{C}/members/address", address=URL).status_code == 303
        cleared = send(web, f"/api/v1/campaigns/{C}/members/address", {"clear": True})
        assert cleared.status_code == 200 and cleared.json()["web_address"] is None

    done = rows(web_db)
    assert done == rows(cli_db)
    assert done["campaign"][-1][1:] == ("Dodge City", 0, None)
    for db in (web_db, cli_db):  # the flag and the house rules were taken, not only accepted
        assert query(db, "SELECT explosives FROM campaign WHERE name = 'Dodge City'") == [(1,)]
        assert {(k, v) for _, k, v in query(db, SETTINGS)} >= {
            ("sell-percent", "80"),
            ("win-xp", "2"),
        }
    assert [i[1:3] for i in done["invitation"]] == [("player", 3)]  # the one used, by Kate


#: A campaign's house rules by its name.
SETTINGS = (
    "SELECT c.name, s.key, s.value FROM campaign_setting s JOIN campaign c "
    "ON c.id = s.campaign_id WHERE c.name = 'Dodge City'"
)


def test_every_club_form_asks_the_catalogues_inputs_with_its_labels(
    prepared: Callable[[Callable[[Path], object]], Path],
) -> None:
    """Each action's form (``ClubCommand.form``) posts the catalogue's fields (those the form
    asks, ``on_form``) and nothing else but the CSRF token; each labelled control is labelled with
    the catalogue's words (the role, one select a member, says whose)."""
    db = prepared(make_club)
    with open_client(db) as web:
        log_in(web, "Wyatt")
        made = api(web, f"/api/v1/campaigns/{C}/invitations", role="player", days="3").json()
        pages = {
            "campaign-new": "/campaigns/new",
            "gang-new": f"/c/{C}/gangs/new",
            "house-rules": f"/c/{C}/settings",
            "join": f"/join?code={made['code']}",
        }
        for command in CATALOGUE:
            page = web.get(pages.get(command.name, f"/c/{C}/members"))
            assert page.status_code == 200, command.name
            target = command.form.format(campaign=CAMPAIGN)
            forms = [
                body
                for attrs, body in re.findall(r"<form\b([^>]*)>(.*?)</form>", page.text, re.S)
                if 'method="post"' in attrs
                and unquote(html.unescape(re.findall(r'action="([^"]*)"', attrs)[0])) == target
            ]
            assert forms, command.name
            for body in forms:
                names = set(re.findall(r'name="([^"]+)"', body)) - {"csrf"}
                assert names == {f.name for f in command.on_form}, command.name
                labels = dict(re.findall(r'<label[^>]*for="([^"]+)"[^>]*>(.*?)</label>', body))
                for control, name in re.findall(r'id="([^"]+)" name="([^"]+)"', body):
                    if control in labels and command.name != "role":
                        rule = r'<span class="rule-id">[^<]*</span>\s*'  # a house rule's id
                        said = html.unescape(re.sub(rule, "", labels[control])).strip()
                        assert said == command.field(name).label.en, (command.name, name)
