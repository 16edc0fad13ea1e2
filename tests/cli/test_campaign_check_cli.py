"""``skirmish campaign check`` (issue #22, item 5): clean books pass with exit 0; each problem
is one line and the exit status is 1; nothing is changed."""

from __future__ import annotations

import sqlite3
from typing import Any


def _west(cli: Any) -> Any:
    cli.run("campaign", "new", "West")
    cli.run("gang", "new", "Ranch", "--faction", "cowboys")
    cli.run("gang", "hire", "Ranch", "ranchero", "--name", "Ben")
    return cli


def test_clean_books_pass(cli: Any) -> None:
    result = _west(cli).run("campaign", "check")
    assert result.stdout == (
        f"The books add up and the database's integrity checks pass ({str(cli.path)!r}).\n"
    )


def test_each_problem_is_one_line_and_the_status_is_1(cli: Any) -> None:
    _west(cli)
    with sqlite3.connect(cli.path) as connection:
        connection.execute("UPDATE gang SET treasury = treasury - 5")
        connection.execute("UPDATE member SET gang_id = 999")
    before = cli.dump()
    result = cli.run("campaign", "check", "--lang", "it", ok=False)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[-1] == f"3 problemi trovati in {str(cli.path)!r}."
    foreign = "controllo delle chiavi esterne: la riga 1 di member indica una riga mancante di gang"
    assert foreign in lines
    assert "member: gang_id 999 non indica alcuna riga di gang" in lines
    assert any(line.startswith("banda 'Ranch': il tesoro è ") for line in lines)
    assert cli.dump() == before


def test_a_campaign_of_its_own(cli: Any) -> None:
    _west(cli)
    cli.run("campaign", "new", "East")
    with sqlite3.connect(cli.path) as connection:
        connection.execute("UPDATE gang SET treasury = treasury - 5")
    assert cli.run("campaign", "check", "--campaign", "East").exit_code == 0
    result = cli.run("campaign", "check", "--campaign", "West", ok=False)
    assert (result.exit_code, result.stdout.splitlines()[-1]) == (
        1, f"1 problem found in {str(cli.path)!r}.",
    )  # fmt: skip
