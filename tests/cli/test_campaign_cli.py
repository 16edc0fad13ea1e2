"""``skirmish campaign``: new, list, use, show, set; the campaign in use and ``--campaign``."""

from __future__ import annotations

from typing import Any


def test_new_list_use(cli: Any) -> None:
    assert cli.run("campaign", "new", "West").stdout == "Campaign 'West' created and in use.\n"
    cli.run("campaign", "new", "East")
    assert cli.json("campaign", "list") == [
        {"name": "West", "in_use": False, "gangs": 0},
        {"name": "East", "in_use": True, "gangs": 0},
    ]
    assert cli.run("campaign", "use", "west").stdout == "Campaign 'West' in use.\n"
    where = repr(str(cli.path))
    assert cli.run("campaign", "list").stdout == (
        f"* West (0 gangs)\n  East (0 gangs)\nStore: {where}\n"
    )


def test_list_says_one_gang_and_where_the_store_is_in_both_languages(cli: Any) -> None:
    """Issue #10's trial: "(1 gangs)", and the README's promise that the list shows the store."""
    cli.run("campaign", "new", "West")
    cli.run("gang", "new", "Earps", "--faction", "lawmen")
    where = repr(str(cli.path))
    assert cli.run("campaign", "list").stdout == f"* West (1 gang)\nStore: {where}\n"
    assert cli.run("campaign", "list", "--lang", "it").stdout == (
        f"* West (1 banda)\nArchivio: {where}\n"
    )


def test_version() -> None:
    from typer.testing import CliRunner

    from skirmish import __version__
    from skirmish.cli.main import app

    result = CliRunner().invoke(app, ["--version"])
    assert (result.exit_code, result.stdout) == (0, f"skirmish {__version__}\n")


def test_house_rules_are_shown_and_changeable(cli: Any) -> None:
    cli.run(
        "campaign", "new", "West", "--explosives", "-H", "sell-percent=100", "-H", "H-03=any-time"
    )
    shown = cli.json("campaign", "show")
    settings = {row["key"]: row for row in shown["settings"]}
    assert settings["explosives"]["value"] == "on"
    assert settings["sell-percent"] == {
        "key": "sell-percent", "rule": "H-05", "value": "100", "default": "50",
        "text": "items sell for 100% of the price paid, rounded down",
    }  # fmt: skip
    assert settings["failed-item"]["value"] == "any-time"
    assert [row["rule"] for row in shown["settings"]] == [
        "R-12", "H-01", "H-01", "H-02", "H-03", "H-04", "H-05", "H-06", "H-07", "H-08", "H-09",
        "H-10", "H-11",
    ]  # fmt: skip
    assert cli.run("campaign", "set", "win-money", "60").stdout == "H-01 win-money: 50 → 60\n"
    text = cli.run("campaign", "show", "--lang", "it").stdout
    assert "il vincitore guadagna 60$ dopo la partita" in text
    assert "60 *" in text


def test_campaign_option_overrides_the_one_in_use(cli: Any) -> None:
    cli.run("campaign", "new", "West")
    cli.run("campaign", "new", "East")
    cli.run("gang", "new", "Earps", "--faction", "lawmen", "--campaign", "West")
    assert [g["name"] for g in cli.json("gang", "list", "--campaign", "West")] == ["Earps"]
    assert cli.json("gang", "list") == []


def test_campaign_refusals(cli: Any) -> None:
    cli.run("campaign", "list")  # creates the empty database
    cli.refused(
        "campaign", "show",
        error="no campaign in use: create one with 'skirmish campaign new NAME' or choose one "
        "with 'skirmish campaign use NAME'.",
    )  # fmt: skip
    cli.run("campaign", "new", "West")
    cli.refused(
        "campaign", "new", "west",
        error="a campaign called 'West' already exists; choose another name or select it with "
        'skirmish campaign use "West".',
    )  # fmt: skip
    cli.refused("campaign", "use", "Wst", error="unknown campaign 'Wst': did you mean 'West'?")
    assert cli.run("campaign", "use", "wes").stdout == "Campaign 'West' in use.\n"  # a prefix
    cli.refused(
        "gang", "list", "--campaign", "Est", error="unknown campaign 'Est': did you mean 'West'?"
    )
    cli.refused(
        "campaign", "set", "sell-percent", "150",
        error="H-05: sell-percent takes a whole number from 0 to 100, not '150'.",
    )  # fmt: skip
    cli.refused(
        "campaign", "set", "sel-percent", "10",
        error="unknown campaign setting 'sel-percent': try 'sell-percent', 'bounty-percent', "
        "'dead-equipment'.",
    )  # fmt: skip
    cli.refused(
        "campaign", "new", "North", "-H", "gambler",
        error="a house rule is set as KEY=VALUE (e.g. sell-percent=100), not 'gambler'.",
    )  # fmt: skip


def test_campaign_commands_import_the_database_only_when_they_run() -> None:
    import json
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "import skirmish.cli.campaign, skirmish.cli.gang, skirmish.cli.member\n"
        "import skirmish.cli.history, skirmish.cli.transfer, skirmish.cli.store_options\n"
        "from skirmish.cli.main import app\n"
        "for noun in ('campaign', 'gang', 'member', 'log', 'undo', 'export', 'import'):\n"
        "    try:\n"
        "        app([noun, '--help'])\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print(__import__('json').dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded = {m.split(".")[0] for m in json.loads(out.stdout.strip().splitlines()[-1])}
    assert not loaded & {"sqlmodel", "sqlalchemy", "alembic", "psycopg"}


def test_negative_numbers_are_arguments_not_options(cli: Any) -> None:
    """Issue #10's trial: `member xp G M -2` and `campaign set win-money -5` were read as unknown
    options; a mistyped option is still refused."""
    cli.run("campaign", "new", "West")
    cli.run("gang", "new", "Earps", "--faction", "lawmen")
    cli.run("gang", "hire", "Earps", "sheriff", "--name", "Wyatt")
    assert cli.json("member", "xp", "Earps", "Wyatt", "-2")["xp_after"] == 0
    cli.refused(
        "campaign", "set", "win-money", "-5",
        error="H-01: win-money takes a whole number from 0 to 1000, not '-5'.",
    )  # fmt: skip
    result = cli.run("member", "xp", "Earps", "Wyatt", "1", "--reasn", "x", ok=False)
    assert result.exit_code == 2 and "unexpected extra argument" in result.stderr
