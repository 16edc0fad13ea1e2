"""``skirmish user`` and the campaign's members from the command line (issue #11): output in
both languages, one ``Error:`` line that changes nothing, passwords never on the command line."""

from __future__ import annotations

import re
from typing import Any

import pytest
from typer.testing import CliRunner

from skirmish.cli import user as user_cli
from tests.conftest import CampaignCli

PASSWORD = "polvere e piombo"


def _add(cli: CampaignCli, name: str, password: str = PASSWORD, *more: str) -> Any:
    from skirmish.cli.main import app

    return CliRunner().invoke(
        app,
        ["user", "add", name, "--password-stdin", "--db", str(cli.path), *more],
        input=f"{password}\n",
        env={"SKIRMISH_LANG": ""},
    )


@pytest.fixture
def club(cli: CampaignCli) -> CampaignCli:
    cli.run("campaign", "new", "West")
    for name in ("Wyatt", "Doc"):
        assert _add(cli, name).exit_code == 0
    cli.run("campaign", "role", "Wyatt", "owner")
    cli.run("gang", "new", "Earps", "--faction", "lawmen")
    return cli


def test_user_add_reads_the_password_from_stdin_and_keeps_only_its_hash(cli: CampaignCli) -> None:
    result = _add(cli, "Wyatt")
    assert result.exit_code == 0 and result.stdout == "User 'Wyatt' added.\n"
    assert PASSWORD not in "\n".join(cli.dump())
    assert any("$argon2id$" in line for line in cli.dump())


def test_user_add_asks_twice_without_echo_at_a_terminal(
    cli: CampaignCli, monkeypatch: pytest.MonkeyPatch
) -> None:
    from skirmish.cli.main import app

    monkeypatch.setattr(user_cli, "at_terminal", lambda: True)
    runner = CliRunner()
    args = ["user", "add", "Doc", "--db", str(cli.path), "--lang", "it"]
    result = runner.invoke(app, args, input=f"{PASSWORD}\n{PASSWORD}\n")
    assert result.exit_code == 0, result.output
    assert "Password: \nRipeti la password: \nUtente 'Doc' aggiunto." in result.output
    assert PASSWORD not in result.output


def test_user_add_without_a_terminal_or_stdin_is_one_error(cli: CampaignCli) -> None:
    cli.refused(
        "user", "add", "Doc",
        error="there is no terminal to ask the password at: pass it on standard input with "
        "--password-stdin.",
    )  # fmt: skip


def test_user_names_are_unique_and_passwords_long_enough(club: CampaignCli) -> None:
    before = club.dump()
    taken = _add(club, "WYATT")
    assert taken.stderr == "Error: there is already a user called 'Wyatt'; choose another name.\n"
    short = _add(club, "Ike", "corta", "--lang", "it")
    assert short.stderr == (
        "Errore: la lunghezza di una password deve essere tra 8 e 1,024; 5 è fuori dai limiti.\n"
    )
    assert club.dump() == before


def test_user_list_in_both_languages_and_json(club: CampaignCli) -> None:
    club.run("gang", "owner", "Earps", "Wyatt")
    english = club.run("user", "list").stdout.splitlines()
    assert [re.sub(r"\d{1,2} \w{3} \d{4}", "DAY", line) for line in english] == [
        "Doc (since DAY): no campaign",
        "Wyatt (since DAY): West (owner)",
    ]
    italian = club.run("user", "list", "--lang", "it").stdout
    assert "Wyatt (dal " in italian and "West (proprietario)" in italian
    rows = club.json("user", "list")
    assert [(r["name"], r["campaigns"], r["gangs"]) for r in rows] == [
        ("Doc", [], []),
        ("Wyatt", [{"campaign": "West", "role": "owner"}], ["Earps"]),
    ]


def test_passwd_ends_the_sessions_of_the_user(club: CampaignCli) -> None:
    from skirmish.campaign import accounts, store
    from skirmish.cli.main import app

    engine = store.open_store(str(club.path))
    with store.transaction(engine) as s:
        user = accounts.check_password(s, "Wyatt", PASSWORD, "127.0.0.1")
        token = accounts.open_session(s, user).token
    result = CliRunner().invoke(
        app,
        ["user", "passwd", "wyatt", "--password-stdin", "--db", str(club.path)],
        input="un'altra password\n",
    )
    assert result.stdout == "Password of 'Wyatt' changed; 1 session ended.\n"
    with store.transaction(engine) as s:
        assert accounts.session_user(s, token) is None
    engine.dispose()
    club.refused(
        "user", "passwd", "Ike", "--password-stdin",
        error="no user called 'Ike'; 'skirmish user list' shows them.",
    )  # fmt: skip


def test_user_remove_refuses_a_gang_owner_unless_forced(club: CampaignCli) -> None:
    club.run("gang", "owner", "Earps", "Wyatt")
    club.refused(
        "user", "remove", "Wyatt", "--lang", "it",
        error="'Wyatt' possiede 'Earps': assegna quelle bande a qualcun altro con 'skirmish gang "
        "owner', oppure rimuovi l'utente con --force per lasciarle senza proprietario. Non è "
        "cambiato nulla.",
    )  # fmt: skip
    club.run("campaign", "role", "Doc", "owner")
    out = club.run("user", "remove", "Wyatt", "--force").stdout
    assert out == "User 'Wyatt' removed.\nGangs left without an owner: Earps.\n"
    assert [r["name"] for r in club.json("user", "list")] == ["Doc"]


def test_invite_and_join_by_code_once(club: CampaignCli) -> None:
    out = club.run("campaign", "invite", "--role", "arbitro", "--expires-days", "3").stdout
    lines = out.splitlines()
    assert re.fullmatch(
        r"Invitation to 'West' as arbitrator, good until \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC:",
        lines[0],
    )
    code = re.fullmatch(r"  code: ([A-Z2-9]{4}-[A-Z2-9]{4})", lines[1])
    assert code is not None and re.fullmatch(r"  link: /join/[\w-]{32}", lines[2])
    joined = club.run("campaign", "join", code.group(1).lower(), "--user", "doc", "--lang", "it")
    assert joined.stdout == "'Doc' è entrato in 'West' come arbitro.\n"
    club.refused(
        "campaign", "join", code.group(1), "--user", "Wyatt",
        error="this invitation has been used already; ask for a new one.",
    )  # fmt: skip
    club.refused(
        "campaign", "invite", "--expires-days", "0",
        error="--expires-days: '0' is not a number from 1 to 90.",
    )  # fmt: skip
    made = club.json("campaign", "invite")
    assert made["role"] == "player" and made["link"].startswith("/join/")
    assert made["url"] is None  # no web address yet: the link is the web app's path
    [listed] = club.json("campaign", "members")["invitations"]
    assert listed == {
        "code": made["code"], "role": "player", "created_at": listed["created_at"], "by": None,
        "expires_at": made["expires_at"],
    }  # fmt: skip


def test_roles_members_and_public(club: CampaignCli) -> None:
    assert club.run("campaign", "role", "Doc", "giocatore", "--lang", "it").stdout == (
        "'Doc' ora è giocatore in 'West' (prima: nessun ruolo).\n"
    )
    club.run("gang", "owner", "Earps", "Doc")
    assert club.run("campaign", "members").stdout == (
        "Members of 'West' (private: only its members may read it):\n"
        "  Wyatt: owner\n"
        "  Doc: player; gangs Earps\n"
    )
    club.refused(
        "campaign", "role", "Wyatt", "none",
        error="'Wyatt' is the only owner of 'West': make someone else owner first. Nothing was "
        "changed.",
    )  # fmt: skip
    club.refused("campaign", "role", "Doc", "king", error=(
        "unknown role 'king': choose owner, arbitrator or player."
    ))  # fmt: skip
    assert club.run("campaign", "set-public", "on", "--lang", "it").stdout == (
        "'West' è pubblica: chiunque può leggerla.\n"
    )
    assert club.json("campaign", "members")["public"] is True
    club.refused("campaign", "set-public", "maybe", error=(
        "set-public takes on or off, not 'maybe'."
    ))  # fmt: skip
    assert (
        club.run("gang", "owner", "Earps", "nessuno").stdout == "'Earps' now belongs to nobody.\n"
    )


def test_the_cli_writes_log_entries_without_an_author(club: CampaignCli) -> None:
    import sqlite3

    club.run("gang", "hire", "Earps", "sheriff", "--name", "Wyatt Earp")
    with sqlite3.connect(club.path) as connection:
        authors = connection.execute("SELECT DISTINCT author FROM log_entry").fetchall()
    assert authors == [(None,)]


def test_the_log_names_its_authors_once_an_account_has_written(club: CampaignCli) -> None:
    from skirmish.campaign import accounts, lookup, roster, store

    assert "by" not in club.run("log").stdout.splitlines()[1]  # only the CLI so far
    engine = store.open_store(str(club.path))
    with store.transaction(engine) as s:
        wyatt = accounts.find_user(s, "Wyatt").id
    with store.transaction(engine, author=wyatt) as s:
        gang = lookup.gang_by_name(s, lookup.current_campaign(s), "Earps")
        roster.hire(s, gang=gang, profile="sheriff", name="Wyatt Earp")
    engine.dispose()
    rows = club.json("log")
    assert [(r["action"], r["author"]) for r in rows][-2:] == [
        ("gang-new", None),
        ("hire", "Wyatt"),
    ]
    english = club.run("log").stdout
    assert " by " in english.splitlines()[1] and "CLI" in english
    italian = club.run("log", "--lang", "it").stdout
    assert " chi " in italian.splitlines()[1] and "riga di" in italian


def test_the_words_for_nobody_are_no_account_s_name() -> None:
    from skirmish.campaign.accounts import RESERVED
    from skirmish.campaign.club import NOBODY

    assert set(NOBODY) == RESERVED
