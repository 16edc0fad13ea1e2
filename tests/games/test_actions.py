"""The rest of table 1 in a game (issue #10, item 4): reload, unjam, mount and dismount, the
lasso and explosives, each by the book with the dice typed as rolled, and what they use up:
rounds (§4.2), the jam on a 1 with 17 loaded (R-14), the emptied cylinder (§5.2.2), the whisky
and the sticks (§8.3, §5.5). A refusal changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from .harness import Cli

#: What the tests buy on top of the base campaign (Wyatt a sheriff, RIF 4; Ike a boss, TIRO 4;
#: Billy a henchman, TIRO 3, RIF 4; Frank a thug, RIF 3).
KIT = (
    ("gang", "buy", "Earps", "horse", "--for", "Wyatt", "--dice", "6"),
    ("gang", "buy", "Clantons", "repeater", "--for", "Ike", "--dice", "6"),
    ("gang", "unequip", "Clantons", "rifle", "Ike"),
)
#: A cowboys' gang: Bill (Ranchero, RIF 3, COS 3) with dynamite, whisky and a six-shooter;
#: Curly (Wrangler, RIF 3, COS 2) with the lasso, a horse and nitroglycerin.
RANCH = (
    ("campaign", "set", "explosives", "on"),
    ("gang", "new", "Cows", "--faction", "cowboys"),
    ("gang", "hire", "Cows", "ranchero", "--name", "Bill"),
    ("gang", "hire", "Cows", "wrangler", "--name", "Curly"),
    ("gang", "buy", "Cows", "six-shooter", "--for", "Bill", "--dice", "6"),
    ("gang", "buy", "Cows", "dynamite", "--for", "Bill", "--dice", "6"),
    ("gang", "buy", "Cows", "whisky", "--for", "Bill", "--dice", "6"),
    ("gang", "buy", "Cows", "lasso", "--for", "Curly", "--dice", "6"),
    ("gang", "buy", "Cows", "horse", "--for", "Curly", "--dice", "6"),
    ("gang", "buy", "Cows", "nitroglycerin", "--for", "Curly", "--dice", "6"),
)


@pytest.fixture
def armed(cli: Cli) -> Cli:
    """Earps against Clantons, Wyatt with a horse, Ike with a repeater."""
    for command in KIT:
        cli.run(*command)
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    return cli


@pytest.fixture
def ranch(cli: Cli) -> Cli:
    """Earps (Wyatt with a horse) against the cowboys, in the first turn."""
    for command in (*KIT[:1], *RANCH):
        cli.run(*command)
    cli.run("game", "start", "bank-robbery", "Earps", "Cows")
    cli.run("game", "turn")
    return cli


def turn(cli: Cli) -> None:
    cli.run("game", "turn")


def kit(cli: Cli, name: str) -> dict[str, Any]:
    """``name``'s kit as the board shows it."""
    board = cli.json("game", "status")
    found = [m for g in board["gangs"] for m in g["models"] if m["name"] == name]
    return dict(found[0]["kit"])


def rounds(cli: Cli, name: str) -> list[tuple[str, int, int, bool]]:
    return [(g["weapon"], g["left"], g["load"], g["jammed"] is not None)
            for g in kit(cli, name)["guns"]]  # fmt: skip


def unchanged(cli: Cli, *command: str) -> str:
    """Run a command that must be refused, and check it changed nothing; its error line."""
    before = cli.state()
    error = cli.fail(*command)
    assert cli.state() == before
    return error


# ---------------------------------------------------------------------------- rounds (§4.2)


def test_a_gun_starts_the_game_loaded(armed: Cli) -> None:
    """A weapon starts loaded; a repeater with 7, the book's safe load (§5.3.2)."""
    assert rounds(armed, "Ike") == [("repeater", 7, 7, False)]
    assert rounds(armed, "Billy") == [("six-shooter", 6, 6, False)]
    assert rounds(armed, "Frank") == []  # a knife and a lasso: nothing to count


def test_loading_17_before_the_first_turn_costs_no_action(armed: Cli) -> None:
    out = armed.run("game", "reload", "Ike", "--rounds", "17")
    assert out == "Ike's repeating rifle starts the game loaded with 17 rounds.\n"
    assert rounds(armed, "Ike") == [("repeater", 17, 17, False)]
    event = armed.json("game", "log")[-1]
    assert event["action"] == "reload" and event["details"]["ca"] == 0


def test_reload_refusals_change_nothing(armed: Cli) -> None:
    assert "already loaded with 7 rounds" in unchanged(armed, "game", "reload", "Ike")
    assert "holds 7 or 17 rounds, not 9" in unchanged(
        armed, "game", "reload", "Ike", "--rounds", "9"
    )
    assert "carries no gun" in unchanged(armed, "game", "reload", "Frank")
    assert "carries no rifle" in unchanged(armed, "game", "reload", "Billy", "--weapon", "rifle")


def test_each_shot_uses_a_round(armed: Cli) -> None:
    """§4.2: the die of rounds left goes down by the shots fired."""
    turn(armed)
    armed.run("game", "shoot", "Billy", "Wyatt", "--seed", "3")
    assert rounds(armed, "Billy") == [("six-shooter", 5, 6, False)]


def test_fanning_empties_the_six_shooter_and_an_empty_gun_must_be_reloaded(armed: Cli) -> None:
    """§5.2.2, R-14: the cylinder is emptied whatever it fired; at 0 the model reloads (§4.2),
    2 actions (table 1), in a turn of its own."""
    turn(armed)
    armed.run("game", "shoot", "Billy", "Wyatt", "--fanning", "--seed", "1")
    assert rounds(armed, "Billy") == [("six-shooter", 0, 6, False)]
    turn(armed)
    error = unchanged(armed, "game", "shoot", "Billy", "Wyatt", "--dice", "1,1,1,1,1")
    assert error == (
        "Error: Billy's six-shooter is empty (§4.2): reload it first with "
        "'skirmish game reload Billy' (2 actions, table 1)."
    )
    out = armed.run("game", "reload", "Billy")
    assert out == "Billy reloads the six-shooter: 6 rounds (2 actions, table 1).\n"
    assert rounds(armed, "Billy") == [("six-shooter", 6, 6, False)]


def test_fanning_needs_a_full_cylinder(armed: Cli) -> None:
    turn(armed)
    armed.run("game", "shoot", "Billy", "Wyatt", "--seed", "3")
    turn(armed)
    error = unchanged(armed, "game", "shoot", "Billy", "Wyatt", "--fanning", "--seed", "1")
    assert "fanning empties a full cylinder (§5.2.2, R-14): Billy's six-shooter has 5 of 6" in error


def test_more_shots_than_rounds_left_are_refused(cli: Cli) -> None:
    """The double barrel holds 2: one shot leaves 1, and two more are refused (§4.2)."""
    cli.run("gang", "buy", "Clantons", "double-barrel", "--for", "Frank", "--dice", "6")
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    turn(cli)
    cli.run("game", "shoot", "Frank", "Wyatt", "--weapon", "doppietta", "--seed", "5")
    assert rounds(cli, "Frank") == [("double-barrel", 1, 2, False)]
    turn(cli)
    error = unchanged(cli, "game", "shoot", "Frank", "Wyatt", "--shots", "2", "--seed", "5")
    assert error == (
        "Error: Frank's double-barrelled shotgun has 1 round left, fewer than the 2 shots "
        "declared (§4.2); declare fewer with --shots, or reload first."
    )


# ---------------------------------------------------------------------------- the jam


def test_a_one_with_17_loaded_jams_until_unjammed_the_turn_after(armed: Cli) -> None:
    """R-14, §5.3.2: with 17 rounds a natural 1 jams the gun: a miss, no more shots this turn,
    unjammed the next turn for 2 actions (table 1 wins over §5.3.2's 1)."""
    armed.run("game", "reload", "Ike", "--rounds", "17")
    turn(armed)
    # nerve 1,1; shot 1: jammed; Wyatt's panic test 1,1.
    out = armed.run("game", "shoot", "Ike", "Wyatt", "--dice", "1,1,1,1,1")
    assert "jammed: miss, no more shots this turn" in out
    assert rounds(armed, "Ike") == [("repeater", 16, 17, True)]
    error = unchanged(armed, "game", "unjam", "Ike")
    assert "jammed this turn: it cannot fire again this turn" in error
    turn(armed)
    error = unchanged(armed, "game", "shoot", "Ike", "Wyatt", "--dice", "1,1,1,1,1")
    assert error == (
        "Error: Ike's repeating rifle is jammed since turn 1 (R-14): unjam it first with "
        "'skirmish game unjam Ike' (2 actions, table 1)."
    )
    assert "is jammed (R-14): unjam it first" in unchanged(armed, "game", "reload", "Ike")
    out = armed.run("game", "unjam", "Ike")
    assert out == "Ike unjams the repeating rifle (2 actions, table 1, R-14): 16 rounds left.\n"
    assert rounds(armed, "Ike") == [("repeater", 16, 17, False)]


def test_a_one_with_7_loaded_is_an_ordinary_shot(armed: Cli) -> None:
    """R-14: only 17 rounds jam. Ike: 1 + TIRO 4 + rifle 2 + Wyatt waiting 1 = 8, a hit."""
    turn(armed)
    out = armed.run("game", "shoot", "Ike", "Wyatt", "--dice", "1,1,1,1,1,1")
    assert "jammed" not in out
    assert rounds(armed, "Ike") == [("repeater", 6, 7, False)]


def test_the_tracker_knows_the_load(armed: Cli) -> None:
    turn(armed)
    error = unchanged(armed, "game", "shoot", "Ike", "Wyatt", "--rounds", "17", "--seed", "1")
    assert "loaded with 7 rounds" in error and "drop --rounds 17" in error


def test_unjamming_a_working_gun_is_refused(armed: Cli) -> None:
    turn(armed)
    assert "is not jammed" in unchanged(armed, "game", "unjam", "Ike")


# ---------------------------------------------------------------------------- the horse


def test_mounting_at_a_gallop_needs_two_successes(armed: Cli) -> None:
    """§2.4's example: Wyatt, RIF 4, rolls 3 and 5: one success, not enough at a gallop (the
    action is lost, recorded), enough at a trot."""
    turn(armed)
    out = armed.run("game", "mount", "Wyatt", "--pace", "corsa", "--dice", "3,5")
    assert out.splitlines() == [
        "reflex 3,5 vs RIF 4: 1 success, 2 needed, failed",
        "Wyatt fails to mount the horse (gallop): the action is lost (§2.4).",
    ]
    assert kit(armed, "Wyatt")["mounted"] is False
    event = armed.json("game", "log")[-1]
    assert event["action"] == "mount" and event["details"]["success"] is False
    assert [d["value"] for d in event["dice"]] == [3, 5]
    out = armed.run("game", "sali", "Wyatt", "--andatura", "trotto", "--dice", "3,5")
    assert out.splitlines()[-1] == "Wyatt mounts the horse (trot; 1 action, table 1)."
    assert kit(armed, "Wyatt")["mounted"] is True


def test_a_standing_horse_needs_no_test(armed: Cli) -> None:
    turn(armed)
    out = armed.run("game", "mount", "Wyatt")
    assert out == "Wyatt mounts the horse (still; 1 action, table 1).\n"
    out = armed.run("game", "dismount", "Wyatt", "--pace", "gallop", "--dice", "1,2")
    assert out.splitlines() == [
        "reflex 1,2 vs RIF 4: 2 successes, 2 needed, passed",
        "Wyatt dismounts from the horse (gallop; 1 action, table 1).",
    ]
    assert kit(armed, "Wyatt")["mounted"] is False


def test_mounting_refusals_change_nothing(armed: Cli) -> None:
    turn(armed)
    assert "Morgan has no horse (§8.2)" in unchanged(armed, "game", "mount", "Morgan")
    assert "is not on a horse" in unchanged(armed, "game", "dismount", "Wyatt")
    armed.run("game", "mount", "Wyatt")
    assert "already on its horse" in unchanged(armed, "game", "mount", "Wyatt")
    assert "unknown pace 'canter'" in unchanged(armed, "game", "mount", "Wyatt", "--pace", "canter")


def test_nitroglycerin_keeps_its_carrier_off_a_horse(ranch: Cli) -> None:
    """§5.5.1: whoever carries nitroglycerin cannot mount a horse."""
    error = unchanged(ranch, "game", "mount", "Curly")
    assert error == "Error: Curly carries nitroglycerin and cannot mount a horse (§5.5.1)."


def test_a_prone_model_stands_up_before_mounting(armed: Cli) -> None:
    turn(armed)
    armed.run("game", "state", "Wyatt", "prone")
    assert "is prone: it stands up first" in unchanged(armed, "game", "mount", "Wyatt")


def test_a_rider_is_shot_at_with_its_horse(armed: Cli) -> None:
    """R-02(c): a 7 against a mounted target rolls for the mount, which falls on a 6; the
    rider is on foot afterwards. Billy: 2 + TIRO 3 + weapon 1 + Wyatt acted = 6… with the
    horse standing, no pace modifier: a 3 makes the 7."""
    turn(armed)
    armed.run("game", "mount", "Wyatt")
    # nerve 1,1; shot 3 + 3 + 1 = 7: miss, the mount die 6: it falls; Wyatt's panic 1,1.
    out = armed.run("game", "shoot", "Billy", "Wyatt", "--dice", "1,1,3,6,1,1")
    assert "mount 6: the horse is hit and falls" in out
    assert kit(armed, "Wyatt")["mounted"] is False
    assert armed.json("game", "log")[-1]["details"]["unhorsed"] == "Wyatt"


def test_a_rider_fights_from_the_saddle(armed: Cli) -> None:
    """Table 4: the attacker on a horse +2, the defender on a horse −2, from the record."""
    turn(armed)
    armed.run("game", "mount", "Wyatt")
    out = armed.run("game", "melee", "Wyatt", "Frank", "--seed", "2")
    assert "mounted +2" in out.splitlines()[1]


# ---------------------------------------------------------------------------- the lasso


def test_the_lasso_holds_a_rider_and_pulls_a_man_down(ranch: Cli) -> None:
    """R-14, §8.3: the reflex test (1 success; cowboys −1 on each die, R-06), then 1D6 against
    COS 3 plus the horse's 3: a 6 holds Wyatt; on foot, a pull of 3 (more than 2) knocks him
    down."""
    ranch.run("game", "mount", "Wyatt")
    out = ranch.run("game", "lasso", "Curly", "Wyatt", "--dice", "1,1,6")
    assert out.splitlines()[-1] == "lasso 6 vs COS 3 + mount 3 = 6: the target is held"
    assert kit(ranch, "Wyatt")["mounted"] is True
    turn(ranch)
    ranch.run("game", "dismount", "Wyatt")
    out = ranch.run("game", "acchiappa", "Curly", "Wyatt", "--dice", "2,1,6")
    assert out.splitlines()[-1] == "Wyatt is pulled down: prone."
    board = ranch.json("game", "status")
    wyatt = next(m for g in board["gangs"] for m in g["models"] if m["name"] == "Wyatt")
    assert wyatt["prone"] is True
    event = ranch.json("game", "log")[-1]
    assert event["action"] == "lasso" and event["details"]["fallen"] == "Wyatt"


def test_a_strong_target_pulls_the_thrower_down(ranch: Cli) -> None:
    """R-14: a die lower than the target's strength pulls the thrower: a 1 against Wyatt's COS 3
    plus his horse's 3 pulls Curly 5U, more than 2: Curly falls."""
    ranch.run("game", "mount", "Wyatt")
    out = ranch.run("game", "lasso", "Curly", "Wyatt", "--dice", "1,1,1")
    assert out.splitlines()[-1] == "Curly is pulled down: prone."
    assert ranch.json("game", "log")[-1]["details"]["fallen"] == "Curly"
    assert kit(ranch, "Wyatt")["mounted"] is True


def test_a_missed_lasso_changes_no_model(ranch: Cli) -> None:
    out = ranch.run("game", "lasso", "Curly", "Wyatt", "--dice", "5,6")
    event = ranch.json("game", "log")[-1]
    assert event["action"] == "lasso" and event["details"]["outcome"] == "missed"
    assert event["details"]["fallen"] is None
    assert "reflex 5,6" in out


def test_only_a_lasso_carrier_throws_one(ranch: Cli) -> None:
    assert "carries no lasso" in unchanged(ranch, "game", "lasso", "Bill", "Wyatt", "--dice", "1")


# ---------------------------------------------------------------------------- explosives (§5.5)


def test_dynamite_is_thrown_once(ranch: Cli) -> None:
    """§5.5: 6 damages, one saving roll each (R-03: 1D6 − RIF 4, a wound from 5); a survivor
    is thrown 1D6 + damages U and terrified without a test (R-04). The stick is used up."""
    ranch.run("game", "activate", "Wyatt")  # Wyatt has taken his turn: he cannot step away
    out = ranch.run(
        "game", "explosion", "Bill", "--item", "dinamite", "--caught", "Wyatt=2",
        "--dice", "1,1,1,1,5,2,3",
    )  # fmt: skip
    lines = out.splitlines()
    assert lines[0] == "Wyatt:"
    assert lines[-2] == "Wyatt: COS 3 → 2, terrified."
    assert lines[-1] == "Bill has 0 dynamite left."
    assert kit(ranch, "Bill")["used"] == {"dynamite": 1}
    event = ranch.json("game", "log")[-1]
    assert event["action"] == "explosion" and len(event["dice"]) == 7
    assert event["details"]["caught"][0]["thrown"] == 9
    turn(ranch)
    error = unchanged(ranch, "game", "explosion", "Bill", "--caught", "Wyatt=2", "--seed", "1")
    assert "Bill has no dynamite nor nitroglycerin left" in error
    error = unchanged(ranch, "game", "explosion", "Bill", "--item", "dynamite", "--seed", "1")
    assert "Bill has no dynamite left (§5.5): it brought 1 and used 1." in error


def test_a_model_that_has_not_moved_steps_away(ranch: Cli) -> None:
    """§5.5.2: a model that has not moved steps ⌈1D6/2⌉ U away: from 4U a 5 takes it 3U, out
    of the 5U radius, unharmed."""
    out = ranch.run("game", "explosion", "Bill", "--caught", "Wyatt=4", "--dice", "5")
    assert out.splitlines()[-2] == "Wyatt: COS 3 → 3, steady."


def test_an_unmoved_model_needs_its_distance(ranch: Cli) -> None:
    error = unchanged(ranch, "game", "explosion", "Bill", "--caught", "Wyatt", "--seed", "1")
    assert "may step away from the dynamite (§5.5.2): say how far" in error


def test_a_short_fuse_blows_up_in_the_thrower_s_hands(ranch: Cli) -> None:
    """§5.5.2: on a 1 the blast is on the thrower, at the centre and unsheltered, and on the
    models near it; those named at the target are spared. Bill (RIF 3, COS 3) and Curly (COS
    2) save on 6s: 1 wound each until COS 0."""
    out = ranch.run(
        "game", "explosion", "Bill", "--short-fuse", "--caught", "Wyatt=1",
        "--near-thrower", "Curly=3", "--dice", "1,6,6,6,6,6",
    )  # fmt: skip
    lines = out.splitlines()
    assert lines[0] == "short fuse 1: the dynamite explodes in Bill's hands (§5.5.2)"
    assert "Bill is eliminated." in lines and "Curly is eliminated." in lines
    assert not any(line.startswith("Wyatt") for line in lines)


def test_nitroglycerin_has_no_fuse(ranch: Cli) -> None:
    error = unchanged(ranch, "game", "explosion", "Curly", "--short-fuse", "--seed", "1")
    assert "nitroglycerin explodes on contact: it has no fuse (§5.5.1)" in error


def test_explosion_refusals_change_nothing(ranch: Cli) -> None:
    assert "only a short fuse blows up" in unchanged(
        ranch, "game", "explosion", "Bill", "--near-thrower", "Curly=2", "--seed", "1"
    )
    assert "named twice" in unchanged(
        ranch, "game", "explosion", "Bill", "--caught", "Wyatt=2,moved",
        "--caught", "Wyatt=3,moved", "--seed", "1",
    )  # fmt: skip
    assert "then after = a distance (0–5)" in unchanged(
        ranch, "game", "explosion", "Bill", "--caught", "Wyatt=near", "--seed", "1"
    )
    assert "Morgan has no dynamite nor nitroglycerin left" in unchanged(
        ranch, "game", "explosion", "Morgan", "--seed", "1"
    )


# ---------------------------------------------------------------------------- whisky (§8.3)


def test_the_bottle_is_drunk_once(ranch: Cli) -> None:
    ranch.run("game", "drink", "Bill")
    assert kit(ranch, "Bill")["used"] == {"whisky": 1}
    assert "already drank" in unchanged(ranch, "game", "drink", "Bill")


def test_what_was_used_up_leaves_the_roster_in_the_post_game(ranch: Cli) -> None:
    """R-23: the roster changes between games only: the empty bottle and the thrown stick are
    gone after the post-game, logged as its first step, and 'undo' puts them back."""
    ranch.run("game", "drink", "Bill")
    ranch.run("game", "explosion", "Bill", "--caught", "Wyatt=4,moved", "--seed", "2")
    assert sorted(ranch.roster("Cows")["members"]["Bill"][5]) == [
        "dynamite", "six-shooter", "whisky",
    ]  # fmt: skip
    ranch.run("game", "end", "--draw")
    before = ranch.roster("Cows")
    ranch.run("game", "postgame", "Cows", "--seed", "4")
    assert ranch.roster("Cows")["members"]["Bill"][5] == ["six-shooter"]
    entries = [e for e in ranch.json("log", "Cows") if e["action"] == "used-up"]
    assert [e["text"] for e in entries] == ["Bill used up whisky, dynamite in game 1"]
    from skirmish.campaign.owed import POSTGAME_STEPS

    steps = [e for e in ranch.json("log", "Cows") if e["action"] in POSTGAME_STEPS]
    assert steps[0]["action"] == "used-up"
    for _ in steps:
        ranch.run("undo", "Cows")
    assert ranch.roster("Cows") == before
