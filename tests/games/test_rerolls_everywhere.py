"""FAMA and FORTUNA at every test the tracker rolls (R-15, §1.6; issue #10, item 2), and the
reflex test that opens opportunity fire (§4.2.3, R-16): R-19's panic tests, the reflex tests
of table 1 (mount, dismount, lasso), the saves of an explosion, the initiative (unused FAMA
counts in its total, R-07) and the cohesion test (the gang's die: FAMA only, R-08). Each with
typed dice and ``--reroll``: the point spent and logged as a ``reroll`` event, the refusals
changing nothing.

The base campaign: Wyatt (sheriff: RIF 4, FAMA 1, FORTUNA 2), Virgil (deputy), Morgan (guard,
RIF 3) against Ike (boss: RIF 3, FRED 3, FAMA 1, FORTUNA 2), Billy (henchman, a hero) and
Frank (thug: FRED 3, no points; a friend's death makes him test, R-19).
"""

from __future__ import annotations

from typing import Any

import pytest

from .harness import Cli
from .test_actions import KIT, RANCH


@pytest.fixture
def playing(cli: Cli) -> Cli:
    """Earps against Clantons in turn 1; Wyatt has a horse."""
    cli.run(*KIT[0])
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    cli.run("game", "turn")
    return cli


@pytest.fixture
def ranch(cli: Cli) -> Cli:
    """Earps against the cowboys (Bill: ranchero, FAMA 1; Curly: wrangler with the lasso)."""
    for command in (*KIT[:1], *RANCH):
        cli.run(*command)
    cli.run("game", "start", "bank-robbery", "Earps", "Cows")
    cli.run("game", "turn")
    return cli


def left(cli: Cli, name: str) -> tuple[int, int]:
    """The FAMA and FORTUNA points ``name`` has left this game."""
    for gang in cli.json("game", "status")["gangs"]:
        for model in gang["models"]:
            if model["name"] == name:
                return model["fama_left"], model["fortuna_left"]
    raise AssertionError(name)


def events(cli: Cli) -> list[dict[str, Any]]:
    return list(cli.json("game", "log"))


def rerolls_logged(cli: Cli) -> list[tuple[Any, ...]]:
    return [
        (d["model"], d["stage"], d["old"], d["new"], d["point"], d["payer"], d["left"])
        for d in (e["details"] for e in events(cli) if e["action"] == "reroll")
    ]


def unchanged(cli: Cli, *command: str) -> str:
    before = cli.state()
    error = cli.fail(*command)
    assert cli.state() == before
    return error


# ---------------------------------------------------------------------------- R-19's panic


def test_a_friends_panic_die_is_rerolled_with_his_leaders_fama_r19_r15(playing: Cli) -> None:
    """Billy (a hero) falls with Frank within 5U: Frank tests panic at once, 6 and 6 against
    FRED 3; Frank has no points, Ike within 5U pays with his FAMA: the first 6 becomes a 1."""
    out = playing.run("game", "eliminate", "Billy", "--near", "Frank", "--dice", "6,6,1",
                      "--reroll", "panic:fama:Ike")  # fmt: skip
    lines = out.splitlines()
    assert lines[0] == "Billy eliminated."
    assert "Frank rerolls the panic test: 6 → 1 (FAMA of Ike, 0 left; R-15)." in lines
    assert "Frank sees Billy fall within 5U" in out
    assert left(playing, "Ike") == (0, 2)
    assert rerolls_logged(playing) == [("Frank", "panic", 6, 1, "fama", "Ike", 0)]
    reaction = next(e for e in events(playing) if e["action"] == "friend-death")
    assert [d["value"] for d in reaction["dice"]] == [1, 6]  # the dice as they lay


def test_a_hit_that_eliminates_rerolls_the_friends_panic_in_italian(playing: Cli) -> None:
    out = playing.run("game", "hit", "Billy", "--wounds", "3", "--near", "Frank", "--dice",
                      "6,5,2", "--ritira", "panico:fama:Ike", "--lang", "it")  # fmt: skip
    assert "Frank ritira test di panico: 6 → 2 (FAMA di Ike, ne restano 0; R-15)." in out
    assert left(playing, "Ike") == (0, 2)


@pytest.mark.parametrize(
    ("dice", "reroll", "error"),
    [
        ("1,1", "panic:fama:Ike", "Error: --reroll panic:fama:Ike: no failed panic test of a "
         "model with points to reroll in this action; nothing was changed."),
        ("6,6,1", "panic:fortuna", "Error: --reroll panic:fortuna: 'Frank' has no FORTUNA "
         "point left this game (R-15); spent points come back after the game."),
        ("6,6,1", "panic:fama:Wyatt", "Error: --reroll panic:fama:Wyatt: 'Wyatt' is not a "
         "friendly model in play, so it cannot pay for 'Frank''s reroll (R-15)."),
    ],
)  # fmt: skip
def test_a_friends_panic_reroll_refused_changes_nothing(
    playing: Cli, dice: str, reroll: str, error: str
) -> None:
    got = unchanged(playing, "game", "eliminate", "Billy", "--near", "Frank", "--dice", dice,
                    "--reroll", reroll)  # fmt: skip
    assert got == error


# ---------------------------------------------------------------------------- table 1


def test_a_gallop_mount_rerolls_its_failed_reflex_die_r06(playing: Cli) -> None:
    """§2.4's example, Wyatt RIF 4 rolls 3 and 5 at a gallop (2 of 2 needed): his FORTUNA
    rerolls the 5 into a 2, and he mounts."""
    out = playing.run("game", "mount", "Wyatt", "--pace", "gallop", "--dice", "3,5,2",
                      "--reroll", "reflex:fortuna")  # fmt: skip
    assert out.splitlines() == [
        "Wyatt rerolls the reflex test: 5 → 2 (FORTUNA of Wyatt, 1 left; R-15).",
        "reflex 3,2 vs RIF 4: 2 successes, 2 needed, passed",
        "Wyatt mounts the horse (gallop; 1 action, table 1).",
    ]
    assert left(playing, "Wyatt") == (1, 1)
    mount = next(e for e in events(playing) if e["action"] == "mount")
    assert [d["value"] for d in mount["dice"]] == [3, 2] and mount["details"]["success"]
    assert rerolls_logged(playing) == [("Wyatt", "reflex", 5, 2, "fortuna", "Wyatt", 1)]


def test_a_passed_reflex_test_has_no_die_to_reroll(playing: Cli) -> None:
    """At a trot one success is enough: with 3 and 5 the test passed, the 5 is nobody's
    failure (R-06)."""
    error = unchanged(playing, "game", "mount", "Wyatt", "--pace", "trot", "--dice", "3,5,1",
                      "--reroll", "reflex:fortuna")  # fmt: skip
    assert error == (
        "Error: --reroll reflex:fortuna: no failed reflex test of a model with points to reroll "
        "in this action; nothing was changed."
    )


def test_the_lasso_throws_again_with_a_friends_fama(ranch: Cli) -> None:
    """Curly (RIF 3, cowboys −1) misses with 5 and 6; Bill's FAMA rerolls the 5 into a 1: a
    success, then the pull 6 against Wyatt's COS 3 drags him 3U, down."""
    out = ranch.run("game", "lasso", "Curly", "Wyatt", "--dice", "5,6,1,6", "--reroll",
                    "reflex:fama:Bill")  # fmt: skip
    lines = out.splitlines()
    assert lines[0] == "Curly rerolls the reflex test: 5 → 1 (FAMA of Bill, 0 left; R-15)."
    assert lines[-1] == "Wyatt is pulled down: prone."
    assert left(ranch, "Bill") == (0, 1)
    assert rerolls_logged(ranch) == [("Curly", "reflex", 5, 1, "fama", "Bill", 0)]


def test_a_caught_models_failed_save_is_rerolled_in_a_blast(ranch: Cli) -> None:
    """Bill's dynamite on Wyatt, who has moved, 3U away: six saving rolls at RIF 4; the first,
    a 5, lets a wound through and Wyatt's FORTUNA rerolls it into a 1; no wound, he is thrown
    3 + 0 U and terrified (§5.5). The fuse, the step away and the throw are no test."""
    assert "no failed saving roll" in unchanged(
        ranch, "game", "explosion", "Bill", "--caught", "Wyatt=3,moved", "--dice",
        "1,1,1,1,1,1,3", "--reroll", "save:fortuna",
    )  # fmt: skip
    out = ranch.run("game", "explosion", "Bill", "--caught", "Wyatt=3,moved", "--dice",
                    "5,1,1,1,1,1,1,3", "--reroll", "save:fortuna")  # fmt: skip
    assert "  Wyatt rerolls the saving roll: 5 → 1 (FORTUNA of Wyatt, 1 left; R-15)." in (
        out.splitlines()
    )
    assert "Wyatt: COS 3 → 3, terrified." in out
    blast = next(e for e in events(ranch) if e["action"] == "explosion")
    assert [d["value"] for d in blast["dice"]] == [1, 1, 1, 1, 1, 1, 3]
    assert rerolls_logged(ranch) == [("Wyatt", "save", 5, 1, "fortuna", "Wyatt", 1)]


# ---------------------------------------------------------------------------- initiative


def test_the_losing_initiative_die_is_rerolled_with_fortuna(playing: Cli) -> None:
    """Wyatt 2 + RIF 4 + FAMA 1 = 7 loses to Ike's 5 + 3 + 1 = 9; FORTUNA rerolls the 2 into a
    6: 11, Wyatt wins."""
    out = playing.run("game", "initiative", "Wyatt", "Ike", "--dice", "2,5,6", "--reroll",
                      "initiative:fortuna")  # fmt: skip
    assert out.splitlines()[:4] == [
        "Wyatt rerolls the initiative: 2 → 6 (FORTUNA of Wyatt, 1 left; R-15).",
        "Initiative (R-07): Wyatt 11 against Ike 9: Wyatt wins.",
        "  Wyatt: 1D6 6 + RIF 4 + FAMA 1 = 11",
        "  Ike: 1D6 5 + RIF 3 + FAMA 1 = 9",
    ]
    assert rerolls_logged(playing) == [("Wyatt", "initiative", 2, 6, "fortuna", "Wyatt", 1)]


def test_fama_spent_on_the_initiative_no_longer_counts_in_its_total_r07(playing: Cli) -> None:
    """The same 6 paid with Wyatt's own FAMA: it is spent, so his total loses it: 6 + 4 = 10,
    still more than 9."""
    out = playing.run("game", "initiative", "Wyatt", "Ike", "--dice", "2,5,6", "--reroll",
                      "iniziativa:fama")  # fmt: skip
    assert out.splitlines()[1:4] == [
        "Initiative (R-07): Wyatt 10 against Ike 9: Wyatt wins.",
        "  Wyatt: 1D6 6 + RIF 4 + FAMA 0 = 10",
        "  Ike: 1D6 5 + RIF 3 + FAMA 1 = 9",
    ]
    assert left(playing, "Wyatt") == (0, 2)
    initiative = next(e for e in events(playing) if e["action"] == "initiative")
    assert initiative["details"]["fama"] == {"good": 0, "bad": 1}
    assert [d["value"] for d in initiative["dice"]] == [6, 5]
    log = playing.run("game", "log", "--lang", "it")
    assert "Wyatt ritira l'iniziativa con FAMA: 2 → 6 (ne restano 0, R-15)." in log


def test_an_initiative_reroll_with_nothing_lost_is_refused(playing: Cli) -> None:
    """Ike's 1 loses and is rerolled into a 4, still losing: each die is offered once, and
    Wyatt's winning 6 has nothing to reroll, so a second choice is refused."""
    error = unchanged(playing, "game", "initiative", "Wyatt", "Ike", "--dice", "6,1,4",
                      "--reroll", "initiative:fortuna", "--reroll", "initiative:fama")  # fmt: skip
    assert error == (
        "Error: --reroll initiative:fama: no failed initiative of a model with points to "
        "reroll in this action; nothing was changed."
    )


# ---------------------------------------------------------------------------- cohesion


def fallen_clantons(cli: Cli) -> None:
    """Billy and Frank eliminated: the Clantons have lost 2 of 3 and test cohesion."""
    cli.run("game", "eliminate", "Billy")
    cli.run("game", "eliminate", "Frank")


def test_a_failed_cohesion_test_is_rerolled_with_a_models_fama(playing: Cli) -> None:
    """6 − 1 (Ike, the leader, in play) = 5 > FRED 3: the Clantons would retreat; Ike's FAMA
    (by default the model with the most left) rerolls it into a 1, and they fight on."""
    fallen_clantons(playing)
    out = playing.run("game", "turn", "--dice", "6,1", "--reroll", "cohesion:fama")
    assert "Clantons rerolls the cohesion test: 6 → 1 (FAMA of Ike, 0 left; R-15)." in out
    assert playing.json("game", "status")["status"] == "in_progress"
    assert rerolls_logged(playing) == [("Clantons", "cohesion", 6, 1, "fama", "Ike", 0)]
    cohesion = next(e for e in events(playing) if e["action"] == "cohesion")
    assert cohesion["details"]["roll"] == 1 and cohesion["details"]["holds"] is True


@pytest.mark.parametrize(
    ("reroll", "error"),
    [
        ("cohesion:fortuna", "Error: --reroll cohesion:fortuna: the cohesion die is the gang's "
         "(Clantons), no model's own, so FORTUNA cannot reroll it; the FAMA of one of its "
         "models in play can (R-15, R-08)."),
        ("cohesion:fama:Wyatt", "Error: --reroll cohesion:fama:Wyatt: 'Wyatt' is not a model "
         "of Clantons in play, so it cannot pay for its cohesion test (R-15, R-08)."),
    ],
)  # fmt: skip
def test_a_cohesion_reroll_refused_changes_nothing(playing: Cli, reroll: str, error: str) -> None:
    fallen_clantons(playing)
    assert unchanged(playing, "game", "turn", "--dice", "6,1", "--reroll", reroll) == error


# ---------------------------------------------------------------------------- opportunity fire


def test_opportunity_fire_rolls_its_reflex_test_first(playing: Cli) -> None:
    """§4.2.3: Wyatt (RIF 4) passes with 2 and 6, then shoots Ike: nerve 1 1, a miss of 1,
    Ike's panic 1 1. The reflex dice come first, in the event's dice and in the log."""
    out = playing.run("game", "shoot", "Wyatt", "Ike", "--opportunity", "--range", "5",
                      "--dice", "2,6,1,1,1,1,1")  # fmt: skip
    lines = out.splitlines()
    assert lines[0] == "reflex 2,6 vs RIF 4: 1 success, 1 needed, passed"
    assert lines[1] == "nerve 1,1 vs FRED 3, calm"
    assert "Opportunity fire: Wyatt's whole turn 1 (§4.2.3, R-16)." in lines
    shot = events(playing)[-1]
    assert shot["action"] == "shoot"
    assert [d["value"] for d in shot["dice"]] == [2, 6, 1, 1, 1, 1, 1]
    assert shot["details"]["opportunity_test"]["success"] is True
    log = playing.run("game", "log").splitlines()[-1]
    assert "reflex 2 ✓ 6 ✓, nerve 1 ✓ 1 ✓" in log


def test_a_failed_opportunity_reflex_test_fires_nothing_and_spends_the_turn(
    playing: Cli,
) -> None:
    """Morgan (RIF 3) rolls 5 and 6: no opportunity fire; the attempt is recorded, its rounds
    untouched, and its turn is spent (§2.4: the action point is lost anyway)."""
    out = playing.run("game", "shoot", "Morgan", "Frank", "--opportunity", "--range", "5",
                      "--dice", "5,6")  # fmt: skip
    assert out.splitlines() == [
        "reflex 5,6 vs RIF 3: 0 successes, 1 needed, failed",
        "Morgan fails the reflex test: no opportunity fire, and its turn 1 is spent (§4.2.3, "
        "§2.4).",
    ]
    shot = events(playing)[-1]
    assert shot["action"] == "shoot" and shot["details"]["fired"] is False
    board = playing.json("game", "status")
    morgan = next(m for g in board["gangs"] for m in g["models"] if m["name"] == "Morgan")
    assert morgan["acted"] is True
    assert morgan["kit"]["guns"][0]["left"] == 6
    said = playing.run("game", "log").splitlines()[-1]
    assert said.endswith(
        "Morgan tries opportunity fire at Frank: reflex 5 ✗ 6 ✗ — the reflex test fails, no "
        "shot, its turn is spent (§4.2.3)."
    )
    error = unchanged(playing, "game", "shoot", "Morgan", "Frank", "--range", "5", "--dice",
                      "1,1,1,1,1")  # fmt: skip
    assert error.startswith("Error: Morgan has already taken its turn 1")


def test_a_failed_opportunity_test_says_so_in_italian_and_refuses_extra_dice(
    playing: Cli,
) -> None:
    error = unchanged(playing, "game", "shoot", "Morgan", "Frank", "--opportunity", "--range",
                      "5", "--dice", "5,6,1,1,1", "--lang", "it")  # fmt: skip
    assert error == (
        "Errore: --dice ha dato 5 dadi ma l'azione è finita con: test riflessi per Morgan (test "
        "riflessi fallito: niente tiro di opportunità); 3 in più (1, 1, 1): toglili o "
        "controlla il comando."
    )
    out = playing.run("game", "shoot", "Morgan", "Frank", "--opportunity", "--range", "5",
                      "--dice", "5,6", "--lang", "it")  # fmt: skip
    assert out.splitlines()[-1] == (
        "Morgan fallisce il test riflessi: niente tiro di opportunità, e il suo turno 1 è "
        "perso (§4.2.3, §2.4)."
    )


def test_the_opportunity_reflex_test_is_rerolled_then_the_shot(playing: Cli) -> None:
    """Wyatt misses the test with 5 and 6; his FORTUNA rerolls the 5 into a 2 and he fires;
    the shot's miss of 1 is rerolled by his second FORTUNA into a 1 again."""
    out = playing.run("game", "shoot", "Wyatt", "Ike", "--opportunity", "--range", "5",
                      "--dice", "5,6,2,1,1,1,1,1,1", "--reroll", "reflex:fortuna", "--reroll",
                      "shot:fortuna")  # fmt: skip
    assert out.splitlines()[:2] == [
        "Wyatt rerolls the reflex test: 5 → 2 (FORTUNA of Wyatt, 1 left; R-15).",
        "Wyatt rerolls the shooting roll: 1 → 1 (FORTUNA of Wyatt, 0 left; R-15).",
    ]
    assert left(playing, "Wyatt") == (1, 0)
    assert [r[1] for r in rerolls_logged(playing)] == ["reflex", "shot"]


def test_opportunity_doubles_the_shooters_penalties(ranch: Cli) -> None:
    """Bill (RIF 3) has drunk his whisky: +1 on each reflex die, doubled for opportunity fire
    (§4.2.3, R-06): even two 1s make 3, not less than RIF 3; no die can pass, so none is worth
    a point (and --reroll finds none)."""
    ranch.run("game", "drink", "Bill")
    out = ranch.run("game", "shoot", "Bill", "Wyatt", "--opportunity", "--range", "5",
                    "--dice", "1,1")  # fmt: skip
    assert out.splitlines()[0].startswith("reflex 1,1 +2 each (whisky +1, opportunity fire")
    assert "0 successes, 1 needed, failed" in out.splitlines()[0]
