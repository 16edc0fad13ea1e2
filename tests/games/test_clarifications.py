"""The rulings' second edition for games and campaigns (RULINGS.md §5: R-19…R-24, H-09
clarified), driven through the CLI on the base campaign of ``harness.SETUP``: Earps (lawmen:
Wyatt sheriff, Virgil deputy, Morgan guard), Clantons (outlaws: Ike boss, Billy henchman, Frank
thug) and Hunters (bounty killers: Django killer, Shorty bounty hunter, Kid volunteer)."""

from __future__ import annotations

import pytest

from skirmish.campaign import lookup, services, store

from .harness import Cli


def refused(cli: Cli, *args: str) -> str:
    """The command fails with one error line and changes nothing at all."""
    before = cli.state()
    error = cli.fail(*args)
    assert cli.state() == before
    return error


# ---------------------------------------------------------------------------


BETWEEN_GAMES = (
    ("gang", "hire", "Earps", "lawmen-volunteer", "--name", "Doc"),
    ("gang", "fire", "Earps", "Morgan"),
    ("gang", "buy", "Earps", "knife"),  # lawmen: no availability roll for a weapon
    ("gang", "sell", "Earps", "six-shooter", "--from", "Morgan"),
    ("gang", "unequip", "Earps", "six-shooter", "Morgan"),
    ("member", "advance", "Earps", "Wyatt", "fred"),
)


@pytest.mark.parametrize("action", BETWEEN_GAMES, ids=lambda a: a[1])
def test_r23_roster_changes_wait_for_the_end_of_the_game(cli: Cli, action: tuple[str, ...]) -> None:
    """R-23: hiring, firing, buying, selling, equipping and advances happen between games."""
    cli.run("member", "xp", "Earps", "Wyatt", "5")
    cli.run("game", "start", "duel", "Earps", "Clantons")
    error = refused(cli, *action)
    assert error.startswith("Error: R-23: 'Earps' is playing game 1 (duel); ")
    assert error.endswith(
        "between games: finish game 1 with 'skirmish game end' (or 'skirmish game abandon')."
    )


@pytest.mark.parametrize("action", BETWEEN_GAMES, ids=lambda a: a[1])
def test_r23_roster_changes_wait_for_the_postgame(cli: Cli, action: tuple[str, ...]) -> None:
    """R-23: … and after the game's post-game sequence."""
    cli.run("member", "xp", "Earps", "Wyatt", "5")
    cli.run("game", "start", "duel", "Earps", "Clantons")
    cli.run("game", "end", "--draw")
    error = refused(cli, *action)
    assert error.startswith("Error: R-23: 'Earps' has not run the post-game sequence of game 1 ")
    assert error.endswith("between games: run 'skirmish game postgame --game 1' first.")
    cli.run("game", "postgame", "--dice", "1,1")  # marked cards, the gambler
    cli.run(*action)


def test_r23_equip_waits_too_and_an_abandoned_game_frees_the_gang(cli: Cli) -> None:
    cli.run("gang", "unequip", "Earps", "six-shooter", "Morgan")
    cli.run("game", "start", "duel", "Earps", "Clantons")
    error = refused(cli, "gang", "equip", "Earps", "six-shooter", "Morgan")
    assert error.startswith("Error: R-23: 'Earps' is playing game 1 (duel); equipping ")
    cli.run("game", "abandon")
    cli.run("gang", "equip", "Earps", "six-shooter", "Morgan")


def test_r23_xp_injuries_and_renaming_are_not_roster_purchases(cli: Cli) -> None:
    """Injuries and XP come from the game and its post-game (R-23); a new name is no purchase."""
    cli.run("game", "start", "duel", "Earps", "Clantons")
    cli.run("member", "xp", "Earps", "Wyatt", "1", "--reason", "a correction")
    with store.transaction(store.open_store(str(cli.db))) as session:
        gang = lookup.gang_by_name(session, lookup.current_campaign(session), "Earps")
        services.injure(session, gang=gang, member="Morgan", injury="orbo")
    cli.run("gang", "rename", "Earps", "Earp brothers")
    cli.run("game", "end", "--draw")
    cli.run("game", "postgame", "--dice", "1,1")
    cli.run("gang", "hire", "Earp brothers", "lawmen-volunteer", "--name", "Doc")


def test_r23_the_clantons_are_not_held_up_by_another_gangs_game(cli: Cli) -> None:
    cli.run("game", "start", "duel", "Earps", "Hunters")
    cli.run("gang", "hire", "Clantons", "thug", "--name", "Jesse")


# ---------------------------------------------------------------------------


def test_r24_lawmen_roll_for_a_lasso(cli: Cli) -> None:
    """R-24: the lasso is a special item of §8.3, not a weapon of §8.2: the lawmen's (and the
    rangers') freedom from availability rolls for weapons does not cover it."""
    out = cli.run("gang", "buy", "Earps", "lasso", "--dice", "1")  # DISP 2: 1 fails
    assert "1" in out and "lasso" not in cli.json("gang", "show", "Earps")["stash"]
    entry = cli.json("log", "Earps")[-1]
    assert (entry["action"], entry["details"]["skipped"], entry["details"]["roll"]) == (
        "buy",
        False,
        1,
    )
    cli.run("gang", "new", "Rangers", "--faction", "rangers")
    cli.run("gang", "buy", "Rangers", "lasso", "--dice", "2")
    assert [i["id"] for i in cli.json("gang", "show", "Rangers")["stash"]] == ["lasso"]
    cli.run("gang", "buy", "Rangers", "rifle")  # a weapon of §8.2: still no roll


# --------------------------------------------------------------------------- H-09


def test_h09_bounty_follows_the_victims_profile_not_the_gang_that_hired_it(cli: Cli) -> None:
    """H-09 (clarified): a civilian hired by outlaws carries no bounty; killing it marks the
    bounty killers as outlaws for good."""
    cli.run("gang", "hire", "Clantons", "unarmed-civilian", "--name", "Mary")
    cli.run("game", "start", "duel", "--good", "Hunters", "--bad", "Clantons")
    cli.run("game", "turn")
    cli.run("game", "eliminate", "Frank", "--by", "Django")
    cli.run("game", "eliminate", "Mary", "--by", "Shorty")
    cli.run("game", "end", "--winner", "Hunters")
    cli.run("game", "postgame", "--dice", "5,5,3")  # Frank's and Mary's recovery, the gambler
    steps = {e["action"]: e for e in cli.json("log", "Hunters") if e["action"] != "game-xp"}
    assert steps["bounty"]["details"]["victims"] == [
        {"name": "Frank", "profile": "thug", "cost": 35, "bounty": 17}
    ]
    assert steps["bounty"]["money_after"] - steps["bounty"]["money_before"] == 17
    assert steps["outlaw-mark"]["details"]["civilians"] == ["Mary"]


# ---------------------------------------------------------------------------


def _leaderless_gangs(cli: Cli) -> None:
    """Rangers (Hank agent, Slim tough) and mountain men (Jed bear hunter, Zeke trapper): two
    factions without a leader profile (R-13)."""
    for command in (
        ("gang", "new", "Rangers", "--faction", "rangers"),
        ("gang", "hire", "Rangers", "agent", "--name", "Hank"),
        ("gang", "hire", "Rangers", "tough", "--name", "Slim"),
        ("gang", "buy", "Rangers", "rifle", "--for", "Hank"),
        ("gang", "buy", "Rangers", "rifle", "--for", "Slim"),
        ("gang", "new", "Trappers", "--faction", "mountain-men"),
        ("gang", "hire", "Trappers", "bear-hunter", "--name", "Jed"),
        ("gang", "hire", "Trappers", "trapper", "--name", "Zeke"),
        ("gang", "buy", "Trappers", "rifle", "--for", "Jed", "--dice", "6"),
        ("gang", "buy", "Trappers", "rifle", "--for", "Zeke", "--dice", "6"),
    ):
        cli.run(*command)


def test_r21_a_duel_without_leaders_names_one_per_gang(cli: Cli) -> None:
    """R-21: rangers against mountain men no longer wait for ever for a leader's shot."""
    _leaderless_gangs(cli)
    error = refused(cli, "game", "start", "duel", "Rangers", "Trappers")
    assert error == (
        "Error: R-21: Duel: 'Rangers' has no leader in this game; name the model that leads it "
        "with --leader NAME (one of 'Hank', 'Slim')."
    )
    cli.run("game", "start", "duel", "Rangers", "Trappers", "--leader", "Hank", "--capo", "Jed")
    board = cli.json("game", "status")
    assert [(g["gang"], g["leader"], g["leader_named"]) for g in board["gangs"]] == [
        ("Rangers", "Hank", True),
        ("Trappers", "Jed", True),
    ]
    cli.run("game", "turn")
    error = refused(cli, "game", "shoot", "Slim", "Zeke", "--dice", "1,1,1,1,1")
    assert error == "Error: Duel: nobody shoots until a leader has fired; 'Slim' is not a leader."
    cli.run("game", "shoot", "Jed", "Hank", "--range", "20", "--dice", "1,1,1,1,1")
    assert cli.json("game", "status")["leader_fired"] is True
    cli.run("game", "shoot", "Slim", "Zeke", "--range", "20", "--dice", "1,1,1,1,1")


def test_r21_naming_a_leader_is_refused_where_it_means_nothing(cli: Cli) -> None:
    _leaderless_gangs(cli)
    error = refused(cli, "game", "start", "duel", "Earps", "Trappers", "--leader", "Virgil",
                    "--leader", "Jed")  # fmt: skip
    assert error == (
        "Error: R-21: 'Earps' plays with its leader 'Wyatt'; --leader names one only for a gang "
        "without a leader in the game."
    )
    error = refused(cli, "game", "start", "bank-robbery", "Rangers", "Clantons", "--leader", "Hank")
    assert error == (
        "Error: R-21: only a scenario whose rules name the leaders (Duel) needs one named for a "
        "gang without a leader; leave out --leader."
    )
    error = refused(cli, "game", "start", "duel", "Rangers", "Trappers", "--leader", "Hank",
                    "--leader", "Slim", "--leader", "Jed")  # fmt: skip
    assert error == "Error: R-21: 'Rangers' is led by one model in a game, not 'Hank' and 'Slim'."
    # A gang whose leader stays home names one too (decision, docs/games.md).
    cli.run("game", "start", "duel", "Earps", "Trappers", "--leave", "Wyatt", "--leader",
            "Virgil", "--leader", "Jed")  # fmt: skip
    assert cli.json("game", "status")["gangs"][0]["leader"] == "Virgil"


def _walk(cli: Cli, args: list[str], answers: list[str]) -> str:
    """``skirmish scenario play`` with typed answers; its output."""
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    result = CliRunner().invoke(app, [*args, "--db", str(cli.db)], input="\n".join(answers) + "\n")
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result.stdout


def test_r21_the_walker_asks_who_leads_a_gang_without_a_leader(cli: Cli) -> None:
    _leaderless_gangs(cli)
    out = _walk(
        cli,
        ["scenario", "play", "duello", "--good", "Rangers", "--bad", "Trappers"],
        ["Slim", "", "q"],  # Slim leads the rangers; Jed (the default) the mountain men
    )
    assert "Who leads Rangers in this game (R-21; Hank, Slim)" in out
    assert "Slim leads Rangers in this game (R-21)." in out
    board = cli.json("game", "status")
    assert [g["leader"] for g in board["gangs"]] == ["Slim", "Jed"]
