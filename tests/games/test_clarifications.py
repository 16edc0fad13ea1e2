"""The rulings' second edition for games and campaigns (RULINGS.md §5: R-19…R-24, H-09
clarified), driven through the CLI on the base campaign of ``harness.SETUP``: Earps (lawmen:
Wyatt sheriff, Virgil deputy, Morgan guard), Clantons (outlaws: Ike boss, Billy henchman, Frank
thug) and Hunters (bounty killers: Django killer, Shorty bounty hunter, Kid volunteer)."""

from __future__ import annotations

from typing import Any

import pytest

from skirmish.campaign import lookup, roster, store

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
    assert error.startswith("Error: R-23: 'Earps' is playing game 1 (Duel); ")
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
    assert error.startswith("Error: R-23: 'Earps' is playing game 1 (Duel); equipping ")
    cli.run("game", "abandon")
    cli.run("gang", "equip", "Earps", "six-shooter", "Morgan")


def test_r23_xp_injuries_and_renaming_are_not_roster_purchases(cli: Cli) -> None:
    """Injuries and XP come from the game and its post-game (R-23); a new name is no purchase."""
    cli.run("game", "start", "duel", "Earps", "Clantons")
    cli.run("member", "xp", "Earps", "Wyatt", "1", "--reason", "a correction")
    with store.transaction(store.open_store(str(cli.db))) as session:
        gang = lookup.gang_by_name(session, lookup.current_campaign(session), "Earps")
        roster.injure(session, gang=gang, member="Morgan", injury="orbo")
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
        ["Slim", "1", "quit"],  # Slim leads the rangers; Jed (the first) the mountain men
    )
    assert "Who leads Rangers in this game (R-21): " in out
    assert "  1  Hank\n  2  Slim\n" in out
    assert "Slim leads Rangers in this game (R-21)." in out
    board = cli.json("game", "status")
    assert [g["leader"] for g in board["gangs"]] == ["Slim", "Jed"]


# ---------------------------------------------------------------------------


def _board_model(cli: Cli, name: str) -> dict[str, Any]:
    board = cli.json("game", "status")
    return next(m for g in board["gangs"] for m in g["models"] if m["name"] == name)


def test_r19_a_friendly_hero_falls_near_a_thug_who_takes_a_panic_test(cli: Cli) -> None:
    """R-19 (§9.4 Delinquente): Billy, a hero, eliminated within 5U of Frank (FRED 3): a panic
    test at once, with the command's dice: 4 and 5 fail twice, terrified."""
    cli.run("game", "start", "duel", "Earps", "Clantons")
    cli.run("game", "turn")
    out = cli.run("game", "eliminate", "Billy", "--by", "Wyatt", "--near", "Frank",
                  "--dice", "4,5")  # fmt: skip
    assert out.splitlines() == [
        "Billy eliminated by Wyatt.",
        "Frank sees Billy fall within 5U: panic test 4 5 — terrified (R-19).",
    ]
    frank = _board_model(cli, "Frank")
    assert (frank["state"], frank["state_clears_turn"]) == ("terrified", 3)
    eliminated, event = cli.json("game", "log")[-2:]  # the action, then what it caused
    assert eliminated["action"] == "eliminate"
    assert (event["action"], event["details"]["ruling"]) == ("friend-death", "R-19")
    assert [d["value"] for d in event["dice"]] == [4, 5]


def test_r19_the_leader_falls_near_a_thug_who_is_terrified_without_a_test(cli: Cli) -> None:
    cli.run("game", "start", "duel", "Earps", "Clantons")
    cli.run("game", "turn")
    out = cli.run("game", "hit", "Ike", "--wounds", "3", "--by", "Wyatt", "--vicino", "Frank")
    assert out.splitlines()[-1] == (
        "Frank sees its leader Ike fall within 5U: terrified without a test (R-19)."
    )
    assert _board_model(cli, "Frank")["state"] == "terrified"


def test_r19_a_volunteer_of_the_lawmen_reacts_too(cli: Cli) -> None:
    """R-19 names §9.3's Volontario with the others: the leader clause, which its text omits,
    applies to it too (decision, docs/games.md)."""
    cli.run("gang", "new", "Posse", "--faction", "lawmen")
    cli.run("gang", "hire", "Posse", "sheriff", "--name", "Bat")
    cli.run("gang", "hire", "Posse", "deputy", "--name", "Bill")
    cli.run("gang", "hire", "Posse", "lawmen-volunteer", "--name", "Ed")
    cli.run("game", "start", "duel", "Posse", "Clantons")
    cli.run("game", "turn")
    out = cli.run("game", "eliminate", "Bill", "--near", "Ed", "--dice", "1,2")
    assert out.splitlines()[-1] == ("Ed sees Bill fall within 5U: panic test 1 2 — steady (R-19).")
    out = cli.run("game", "eliminate", "Bat", "--near", "Posse:Ed")
    assert out.splitlines()[-1] == (
        "Ed sees its leader Bat fall within 5U: terrified without a test (R-19)."
    )


def test_r19_only_friends_with_the_rule_react_to_a_hero_or_leader(cli: Cli) -> None:
    cli.run("gang", "hire", "Clantons", "thug", "--name", "Jack")
    cli.run("game", "start", "duel", "Earps", "Clantons")
    cli.run("game", "turn")
    error = refused(cli, "game", "eliminate", "Billy", "--near", "Wyatt")
    assert error == (
        "Error: R-19: 'Wyatt' is not a friend of 'Billy'; --near names models of its gang within "
        "5U that react to its death."
    )
    error = refused(cli, "game", "eliminate", "Billy", "--near", "Ike")
    assert error == (
        "Error: R-19: 'Ike' (Boss) has no rule for a friend's death; --near names the Volontari "
        "and Delinquenti within 5U."
    )
    error = refused(cli, "game", "eliminate", "Frank", "--near", "Jack")
    assert error == (
        "Error: R-19: 'Frank' is a common model; only a hero's or the leader's death makes "
        "'Jack' react."
    )
    # Wounds that do not eliminate make nobody react, and roll nothing.
    cli.run("game", "hit", "Billy", "--wounds", "1", "--near", "Frank")
    assert _board_model(cli, "Frank")["state"] == "steady"


# ---------------------------------------------------------------------------


def test_r22_the_custodian_falls_with_a_lawman_near_the_prisoner_who_stays_held(cli: Cli) -> None:
    cli.run("game", "start", "prigioniero", "--good", "Earps", "--bad", "Clantons")
    cli.run("game", "turn")
    cli.run("game", "objective", "prisoner", "carry", "--by", "Morgan")
    out = cli.run("game", "hit", "Morgan", "--wounds", "2", "--by", "Billy", "--guard", "Virgil")
    assert out.splitlines()[-1] == (
        "Prisoner is not freed: Virgil, within 5U, holds it now (R-22)."
    )
    board = cli.json("game", "status")
    assert board["objectives"] == [
        {"objective": "prisoner", "copy": 1, "state": "held", "carrier": "Virgil"}
    ]
    # Virgil falls with nobody of his side near: the prisoner is freed.
    out = cli.run("game", "eliminate", "Virgil", "--by", "Ike")
    assert "Prisoner: held → freed." in out
    assert cli.json("game", "status")["objectives"][0]["state"] == "freed"


def test_r22_the_kidnappers_keep_the_hostage_with_a_friend_near(cli: Cli) -> None:
    cli.run("game", "start", "rapimento", "Clantons", "Earps")
    cli.run("game", "turn")
    cli.run("game", "objective", "hostage", "carry", "--by", "Ike")
    cli.run("game", "eliminate", "Ike", "--by", "Wyatt", "--custode", "Frank")
    assert cli.json("game", "status")["objectives"] == [
        {"objective": "hostage", "copy": 1, "state": "held", "carrier": "Frank"}
    ]


def test_r22_a_guard_must_be_of_the_custodians_side_and_a_custodian_hold_a_captive(
    cli: Cli,
) -> None:
    cli.run("game", "start", "prigioniero", "--good", "Earps", "--bad", "Clantons")
    cli.run("game", "turn")
    cli.run("game", "objective", "prisoner", "carry", "--by", "Morgan")
    error = refused(cli, "game", "eliminate", "Morgan", "--guard", "Billy")
    assert error == (
        "Error: R-22: 'Billy' is not on the side of 'Morgan'; --guard names a model of the "
        "custodian's side within 5U of the captive."
    )
    error = refused(cli, "game", "eliminate", "Wyatt", "--guard", "Virgil")
    assert error == (
        "Error: R-22: 'Wyatt' holds no captive; --guard names a model of the custodian's side "
        "within 5U of the captive it held."
    )


# ---------------------------------------------------------------------------


def _civilians(cli: Cli) -> None:
    """The Clantons hire Mary, an unarmed civilian (25$ of their 36$)."""
    cli.run("gang", "hire", "Clantons", "unarmed-civilian", "--name", "Mary")


def test_r20_a_civilian_flees_until_it_leaves_the_table_and_is_out_of_the_game(
    cli: Cli,
) -> None:
    _civilians(cli)
    cli.run("game", "start", "duel", "Earps", "Clantons")
    cli.run("game", "turn")
    out = cli.run("game", "state", "Mary", "in-fuga")  # shot at with physical dice
    assert out.strip() == "Mary is now terrified, fleeing until it leaves the table (R-20)."
    for _ in range(3):  # terrified for good: no turn ends it
        cli.run("game", "turn")
    assert _board_model(cli, "Mary")["state"] == "terrified"
    error = refused(cli, "game", "state", "Mary", "steady")
    assert error == (
        "Error: R-20: 'Mary' flees every turn until it leaves the table; record "
        "'skirmish game leave Mary' when it does."
    )
    error = refused(cli, "game", "melee", "Mary", "Morgan", "--dice", "1,1,1,1,1")
    assert error.startswith("Error: 'Mary' flees every turn until it leaves the table")
    out = cli.run("game", "esci", "Mary")
    assert out.strip() == (
        "Mary has left the table: out of the game, neither eliminated nor a casualty (R-20)."
    )
    mary = _board_model(cli, "Mary")
    assert (mary["eliminated"], mary["left_turn"]) == (False, 4)
    error = refused(cli, "game", "eliminate", "Mary", "--by", "Wyatt")
    assert error == (
        "Error: 'Mary' left the table in turn 4 (R-20); it takes no part in the game any more."
    )
    cli.run("game", "end", "--winner", "Clantons")
    # Clantons: no recovery roll for Mary, no win XP for her; the gambler rolls 2.
    # Earps: marked cards 1.
    cli.run("game", "postgame", "--dice", "1,2")
    steps = [(e["action"], e["member"]) for e in cli.json("log", "Clantons")]
    assert ("recovery", "Mary") not in steps and ("game-xp", "Mary") not in steps
    assert ("game-xp", "Ike") in steps


def test_r20_only_a_civilian_flees_or_leaves_the_table(cli: Cli) -> None:
    cli.run("game", "start", "duel", "Earps", "Clantons")
    cli.run("game", "turn")
    error = refused(cli, "game", "leave", "Frank")
    assert (
        error == "Error: R-20: only a civilian leaves the table out of the game; 'Frank' is a Thug."
    )
    error = refused(cli, "game", "state", "Frank", "fleeing")
    assert error == (
        "Error: R-20: only a civilian flees the table; 'Frank' is a Thug: record 'terrified' "
        "instead."
    )


def test_r20_a_civilian_off_the_table_counts_neither_way_for_cohesion(cli: Cli) -> None:
    """Decision (docs/games.md): R-08 counts a gang's models without the civilians that left
    the table, like models that stayed home. Clantons: Ike, Billy, Frank and Mary; Mary leaves,
    Billy and Frank fall: 2 lost of 3, a test is due (2 of 4 would not be more than half)."""
    _civilians(cli)
    cli.run("game", "start", "duel", "Earps", "Clantons")
    cli.run("game", "turn")
    cli.run("game", "leave", "Mary")
    cli.run("game", "eliminate", "Billy", "--by", "Wyatt")
    cli.run("game", "eliminate", "Frank", "--by", "Wyatt")
    clantons = cli.json("game", "status")["gangs"][1]
    assert (clantons["casualties"], clantons["left_table"], clantons["cohesion_due"]) == (
        2,
        1,
        True,
    )
    out = cli.run("game", "turn", "--dice", "3")
    assert "Cohesion (R-08) Clantons: lost 2 of 3; 1D6 3 (alive) = 2 against FRED 3" in out
    # Ike falls: nobody of the bad side is left in play, the side is out and the game ends.
    assert "Earps wins" in cli.run("game", "eliminate", "Ike", "--by", "Wyatt")


# --------------------------------------------------------------------------- shots and fights


def test_r19_a_shot_that_eliminates_a_hero_rolls_the_friends_panic_after_its_own_dice(
    cli: Cli,
) -> None:
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    cli.run("game", "turn")
    cli.run("game", "hit", "Billy", "--wounds", "2")  # COS 3 → 1
    # Nerve 1, 1; shot 6 + 3 + 1 + 1 = 11, two damages; save 6 − 4 = 2, a wound: Billy falls.
    # Then Frank's panic test: 2 and 3 against FRED 3, passed.
    out = cli.run("game", "shoot", "Wyatt", "Billy", "--range", "5", "--near", "Frank",
                  "--dice", "1,1,6,6,2,3")  # fmt: skip
    assert "Billy is eliminated." in out
    assert out.splitlines()[-1] == (
        "Frank sees Billy fall within 5U: panic test 2 3 — steady (R-19)."
    )
    # A friend named for a fight that eliminates nobody does nothing, and rolls nothing.
    cli.run("game", "melee", "Morgan", "Ike", "--near", "Frank", "--dice", "1,1,1,1,1")
    assert _board_model(cli, "Frank")["state"] == "steady"


def test_r20_civilians_flee_from_shots(cli: Cli) -> None:
    cli.run("gang", "hire", "Clantons", "unarmed-civilian", "--name", "Mary")
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    cli.run("game", "turn")
    error = refused(cli, "game", "shoot", "Wyatt", "Billy", "--range", "5",
                    "--civilian-near", "Frank", "--dice", "1,1,1,1,1")  # fmt: skip
    assert error == (
        "Error: R-20: 'Frank' (Thug) is no unarmed civilian; --civilian-near names the unarmed "
        "civilians within 10U of the shot."
    )
    # A miss at Billy (1 + 3 + 1 + 1 = 6), his panic test 1, 1; Mary, 8U away, flees.
    out = cli.run("game", "shoot", "Wyatt", "Billy", "--range", "5", "--civile-vicino", "Mary",
                  "--dice", "1,1,1,1,1")  # fmt: skip
    assert out.splitlines()[-1] == (
        "Mary (within 10U of a shot) is terrified and flees every turn until it leaves the "
        "table (R-20)."
    )
    mary = _board_model(cli, "Mary")
    assert (mary["state"], mary["fleeing"], mary["state_clears_turn"]) == (
        "terrified",
        True,
        None,
    )


def test_r20_an_armed_civilian_shot_at_and_not_wounded_flees(cli: Cli) -> None:
    cli.run("gang", "hire", "Clantons", "armed-civilian", "--name", "Doc")
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    cli.run("game", "turn")
    out = cli.run("game", "shoot", "Wyatt", "Doc", "--range", "5", "--dice", "1,1,1,1,1")
    assert out.splitlines()[-1] == (
        "Doc (shot at and not wounded) is terrified and flees every turn until it leaves the "
        "table (R-20)."
    )
    assert _board_model(cli, "Doc")["fleeing"] is True


def test_r22_a_shot_that_eliminates_the_custodian_with_a_guard_near(cli: Cli) -> None:
    cli.run("game", "start", "prigioniero", "--good", "Earps", "--bad", "Clantons")
    cli.run("game", "turn")
    cli.run("game", "objective", "prisoner", "carry", "--by", "Morgan")
    # Billy: 6 + 3 + 1 + 1 = 11, two damages; saves 4, 4: two wounds, Morgan (COS 2) falls.
    out = cli.run("game", "shoot", "Billy", "Morgan", "--range", "5", "--guard", "Virgil",
                  "--dice", "1,1,6,4,4")  # fmt: skip
    assert "Morgan is eliminated." in out
    assert cli.json("game", "status")["objectives"] == [
        {"objective": "prisoner", "copy": 1, "state": "held", "carrier": "Virgil"}
    ]


def test_the_walker_asks_who_stood_near(cli: Cli) -> None:
    """R-19 and R-22 asked by 'skirmish scenario play' only where they matter."""
    out = _walk(
        cli,
        ["scenario", "play", "rapimento", "--good", "Earps", "--bad", "Clantons"],
        [
            "turn", "",  # a new turn
            "objective", "hostage", "carry", "Ike",  # Ike holds the girl
            "eliminate", "Billy", "Wyatt", "Frank", "4,5",  # Billy falls near Frank: panic 4, 5
            "eliminate", "Ike", "Wyatt", "", "Frank",  # Ike falls: Frank keeps the hostage
            "quit",
        ],
    )  # fmt: skip
    assert "If Billy falls, which of these friends were within 5U (R-19" in out
    assert "Frank sees Billy fall within 5U: panic test 4 5 — terrified (R-19)" in out
    assert "If Ike falls, a model of its side within 5U of hostage 1 (R-22" in out
    assert cli.json("game", "status")["objectives"][0]["carrier"] == "Frank"


def test_the_walker_asks_which_unarmed_civilians_were_near_a_shot(cli: Cli) -> None:
    """R-20 asked by 'skirmish scenario play' when a shot is fired with civilians about."""
    cli.run("gang", "hire", "Clantons", "unarmed-civilian", "--name", "Mary")
    out = _walk(
        cli,
        ["scenario", "play", "rapina", "--good", "Earps", "--bad", "Clantons"],
        [
            "turn", "",  # a new turn
            "shoot", "Wyatt", "Billy", "5", "none", "",  # Wyatt shoots Billy at 5U, no cover
            "",  # if Billy fell, Frank was not within 5U
            "Mary",  # Mary was within 10U of the shot
            "1,1,1,1,1",  # a miss; Billy's panic test passed
            "quit",
        ],
    )  # fmt: skip
    assert "Unarmed civilians within 10U of the shot (R-20; numbers or names separated by " in out
    assert "Mary (within 10U of a shot) is terrified and flees" in out
    assert _board_model(cli, "Mary")["fleeing"] is True
