"""Issue #10, item 11: the defects a new user's trial found in the game tracker and the
campaign, each driven through the CLI on the base campaign of ``harness.SETUP`` (Earps: Wyatt,
Virgil, Morgan; Clantons: Ike, Billy, Frank with a knife; Hunters: Django, Shorty, Kid)."""

from __future__ import annotations

from typing import Any

from .harness import Cli


def _shot(cli: Cli, *args: str) -> dict[str, Any]:
    events = cli.json("game", "shoot", *args)["events"]
    return next(e for e in events if e["action"] == "shoot")


def test_freeing_the_hostage_names_the_lawman_not_the_kidnapper_who_holds_her(cli: Cli) -> None:
    """`game objective hostage free --by X` was refused whenever a kidnapper held her: only
    dropping, carrying off and delivering are done by the model holding an objective."""
    cli.run("game", "start", "rapimento", "--good", "Earps", "--bad", "Clantons")
    cli.run("game", "turn")
    cli.run("game", "objective", "hostage", "carry", "--by", "Ike")
    assert cli.run("game", "objective", "hostage", "free", "--by", "Wyatt") == (
        "Hostage (the girl): held → freed, by Wyatt.\n"
    )
    log = cli.json("game", "log")
    event = (log["events"] if isinstance(log, dict) else log)[-1]
    assert event["details"]["by"] == "Wyatt" and event["details"]["after"] == "freed"


def test_the_loot_is_dropped_only_by_the_model_carrying_it(cli: Cli) -> None:
    cli.run("game", "start", "rapina", "--good", "Earps", "--bad", "Clantons")
    cli.run("game", "turn")
    cli.run("game", "objective", "loot", "carry", "--by", "Ike")
    error = cli.fail("game", "objective", "loot", "drop", "--by", "Billy", "--copy", "1")
    assert error.startswith("Error: no loot sack can drop now")
    assert cli.run("game", "objective", "loot", "drop", "--by", "Ike", "--copy", "1")


def test_shooting_without_a_weapon_named_takes_the_gun_not_the_thrown_knife(cli: Cli) -> None:
    """Frank carries a knife (thrown at COS×2) and, bought after it, a six-shooter: the
    default is the gun; the knife is the default only for a model with no gun (Kid)."""
    cli.run("gang", "buy", "Clantons", "six-shooter", "--for", "Frank", "--dice", "6")
    cli.run("game", "start", "duello", "--good", "Earps", "--bad", "Clantons")
    cli.run("game", "turn")
    cli.run("game", "shoot", "Ike", "Wyatt", "--range", "5", "--seed", "1")  # a leader fires
    assert _shot(cli, "Frank", "Virgil", "--range", "5", "--seed", "2")["details"]["weapon"] == (
        "six-shooter"
    )


def test_a_gun_that_reaches_the_range_is_chosen_over_one_that_does_not(cli: Cli) -> None:
    cli.run("gang", "buy", "Clantons", "rifle", "--for", "Billy", "--dice", "6")  # after his Colt
    cli.run("game", "start", "rapina", "--good", "Earps", "--bad", "Clantons")
    cli.run("game", "turn")
    assert _shot(cli, "Billy", "Wyatt", "--range", "5", "--seed", "3")["details"]["weapon"] == (
        "six-shooter"
    )
    cli.run("game", "turn")
    assert _shot(cli, "Billy", "Wyatt", "--range", "18", "--seed", "4")["details"]["weapon"] == (
        "rifle"
    )


def test_il_testimone_shots_need_no_range_and_the_night_counts_beyond_20u(cli: Cli) -> None:
    """R-02, §10.5: without --range a shot is within 20U (no night −1); beyond 20U it counts."""
    cli.run("game", "start", "testimone", "--good", "Earps", "--bad", "Clantons")
    cli.run("game", "turn")
    near = cli.run("game", "shoot", "Ike", "Wyatt", "--seed", "5")
    assert "night" not in near
    cli.run("game", "turn")
    far = cli.run("game", "shoot", "Ike", "Wyatt", "--range", "22", "--seed", "6")
    assert "night beyond 20U −1" in far


def test_an_advance_does_not_lower_the_gang_rating(cli: Cli) -> None:
    """Rating counts 5$ per XP earned: spending XP on an advance keeps it (R-11)."""
    cli.run("member", "xp", "Earps", "Wyatt", "6")
    before = cli.json("gang", "show", "Earps")["rating"]
    cli.run("member", "advance", "Earps", "Wyatt", "tiro")
    assert cli.json("gang", "show", "Earps")["rating"] == before
    cli.run("undo", "Earps")  # the advance undone: its XP held again, the same rating
    assert cli.json("gang", "show", "Earps")["rating"] == before


def test_member_history_leaves_out_abandoned_games_as_standings_do(cli: Cli) -> None:
    cli.run("game", "start", "rapina", "--good", "Earps", "--bad", "Clantons")
    cli.run("game", "abandon")
    assert cli.json("member", "history", "Earps", "Wyatt")["games"] == []
    standings = cli.json("campaign", "standings")
    rows = standings["standings"] if isinstance(standings, dict) else standings
    assert all(row["games"] == 0 for row in rows)


def test_undoing_a_rename_whose_old_name_was_taken_since_is_refused_plainly(cli: Cli) -> None:
    cli.run("gang", "rename", "Earps", "Lawmen")
    cli.run("gang", "new", "Earps", "--faction", "lawmen")
    error = cli.fail("undo", "Lawmen")
    assert error.startswith("Error: cannot undo the gang rename of 'Lawmen': it would be called ")
    assert "another gang of the campaign is called 'Earps' now" in error
