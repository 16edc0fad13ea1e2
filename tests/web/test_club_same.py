"""The club's actions through both front ends (issue #20): the command line and the web app call
one service (``campaign.club``), so the same actions on two copies of one store leave the same
rows and the same log entries, and a refusal says the same words. Only who made it differs: the
web's entries and invitations name the reader, the command line's name nobody."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from test_club import CAMPAIGN, GANG, C, api, cli, log_in, make_club, open_client, post, query
from typer.testing import CliRunner

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
        for shown in (listed, from_cli):
            for invitation in shown["invitations"]:
                invitation.pop("code"), invitation.pop("expires_at")
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
