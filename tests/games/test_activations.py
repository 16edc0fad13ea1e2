"""Activations (§1.7, §1.8, §2.1, §4.2.3; R-07, R-16, R-18): the tracker knows who has taken
its turn, refuses a second one and a second shot or fight in one, counts opportunity fire as the
model's turn, reads "the target has not acted" from the record, and rolls the initiative for
each activation with the winner's choice.

The base campaign (harness.SETUP): Earps — Wyatt (RIF 4, FAMA 1), Virgil (RIF 3), Morgan
(RIF 3); Clantons — Ike (RIF 3, FAMA 1), Billy (RIF 4), Frank (RIF 3).
"""

from __future__ import annotations

from typing import Any

from skirmish.cli.main import app

from .harness import Cli, runner

#: Nerve 1,1; the shot 1 (a miss); the target's panic test 1,1: nothing changes but the turn.
MISS = ("--dice", "1,1,1,1,1")
#: Opportunity fire rolls its reflex test first (§4.2.3): 1, 1 pass it, then the same miss.
OPPORTUNITY_MISS = ("--dice", "1,1,1,1,1,1,1")


def playing(cli: Cli) -> None:
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    cli.run("game", "turn")


def refused(cli: Cli, *args: str) -> str:
    """The command fails with one error line and changes nothing at all."""
    before = cli.state()
    error = cli.fail(*args)
    assert cli.state() == before
    return error


def models(cli: Cli) -> dict[str, dict[str, Any]]:
    board = cli.json("game", "status")
    return {m["name"]: m for gang in board["gangs"] for m in gang["models"]}


def shot(cli: Cli, *args: str) -> dict[str, Any]:
    """A shot's ``shoot`` event."""
    data = cli.json("game", "shoot", *args)
    [event] = [e for e in data["events"] if e["action"] == "shoot"]
    return dict(event)


# --------------------------------------------------------------------------- one turn each


def test_a_second_activation_in_the_same_turn_is_refused_and_changes_nothing(cli: Cli) -> None:
    playing(cli)
    out = cli.run("game", "shoot", "Wyatt", "Frank", "--range", "5", *MISS)
    assert "Wyatt takes its turn 1 (§1.8)." in out
    out = cli.run("game", "melee", "Billy", "Wyatt", *MISS)
    assert "Billy takes its turn 1; Wyatt's turn is over (§1.8)." in out
    error = refused(cli, "game", "melee", "Wyatt", "Billy", *MISS)
    assert error == (
        "Error: Wyatt has already taken its turn 1 (it shot Frank); it acts again in turn 2."
    )
    it = cli.fail("game", "shoot", "Wyatt", "Ike", *MISS, "--lang", "it")
    assert it == (
        "Errore: Wyatt ha già giocato il suo turno 1 (ha sparato a Frank); agisce di nuovo nel "
        "turno 2."
    )
    cli.run("game", "turn")
    cli.run("game", "shoot", "Wyatt", "Frank", "--range", "5", *MISS)  # a new turn, a new one


def test_one_shooting_action_and_one_fight_in_a_turn(cli: Cli) -> None:
    # §2.1: "non può fare due azioni di tiro o due azioni di combattimento durante il suo turno".
    playing(cli)
    cli.run("game", "shoot", "Wyatt", "Frank", "--range", "5", *MISS)
    error = refused(cli, "game", "shoot", "Wyatt", "Billy", "--range", "5", *MISS)
    assert error == (
        "Error: Wyatt has already shot in its turn 1 (Frank): a model makes one shooting action "
        "and one fight at most in its turn (§2.1)."
    )
    out = cli.run("game", "melee", "Wyatt", "Frank", *MISS)  # its turn goes on
    assert "takes its turn" not in out
    error = refused(cli, "game", "melee", "Wyatt", "Billy", *MISS)
    assert error.startswith("Error: Wyatt has already fought in its turn 1 (Frank)")


def test_activate_begins_a_turn_ends_the_current_one_and_is_refused_twice(cli: Cli) -> None:
    playing(cli)
    assert cli.run("game", "activate", "Morgan") == "Morgan takes its turn 1 (§1.8).\n"
    assert refused(cli, "game", "attiva", "Morgan") == (
        "Error: Morgan is already taking its turn 1; activate another model, or record its actions."
    )
    cli.run("game", "shoot", "Morgan", "Billy", "--range", "5", *MISS)  # its actions follow
    out = cli.run("game", "activate", "Ike")
    assert out == "Ike takes its turn 1; Morgan's turn is over (§1.8).\n"
    assert refused(cli, "game", "activate", "Morgan") == (
        "Error: Morgan has already taken its turn 1 (it shot Billy); it acts again in turn 2."
    )
    data = cli.json("game", "activate", "Billy")
    [event] = data["events"]
    assert (event["action"], event["details"]["ended"]) == ("activate", "Ike")


def test_status_shows_who_has_acted_and_whose_turn_it_is(cli: Cli) -> None:
    playing(cli)
    cli.run("game", "activate", "Virgil")
    cli.run("game", "shoot", "Billy", "Wyatt", *MISS)
    board = cli.json("game", "status")
    assert board["activation"] == "Billy"
    seen = {n: (m["acted"], m["acting"], m["activated_turn"]) for n, m in models(cli).items()}
    assert seen == {
        "Wyatt": (False, False, None),
        "Virgil": (True, False, 1),
        "Morgan": (False, False, None),
        "Ike": (False, False, None),
        "Billy": (True, True, 1),
        "Frank": (False, False, None),
    }
    text = cli.run("game", "status")
    assert "Taking its turn: Billy." in text
    assert "Still to take their turn 1: Wyatt, Morgan, Ike, Frank." in text
    italian = cli.run("game", "status", "--lang", "it")
    assert "Sta giocando il suo turno: Billy." in italian


def test_a_new_turn_clears_the_turns_taken_and_names_who_did_not_act(cli: Cli) -> None:
    playing(cli)
    cli.run("game", "activate", "Wyatt")
    cli.run("game", "activate", "Ike")
    out = cli.run("game", "turn")  # players forget: not refused
    assert out.startswith("Not recorded as taking their turn 1: Virgil, Morgan, Billy, Frank.\n")
    assert not any(m["acted"] for m in models(cli).values())
    assert cli.json("game", "status")["activation"] is None
    cli.run("game", "activate", "Wyatt")  # its turn 2


# ---------------------------------------------------------------------------


def test_the_target_waiting_is_read_from_the_record_both_ways(cli: Cli) -> None:
    playing(cli)
    out = cli.run("game", "shoot", "Wyatt", "Frank", "--range", "5", *MISS)
    assert "target has not acted +1" in out
    assert "Frank has not yet taken its turn: +1 (R-18, from the record;" in out
    cli.run("game", "activate", "Billy")
    out = cli.run("game", "shoot", "Virgil", "Billy", "--range", "5", *MISS)
    assert "target has not acted" not in out
    assert "Billy has already taken its turn 1: no +1 (R-18, from the record)." in out
    out = cli.run("game", "melee", "Frank", "Wyatt", *MISS)  # fights too
    assert "target has not acted" not in out
    cli.run("game", "turn")
    out = cli.run("game", "melee", "Frank", "Morgan", *MISS)
    assert "target has not acted +1" in out


def test_the_inferred_bonus_is_the_one_roll_shoot_gives(cli: Cli) -> None:
    """The game's shot at a model that has not acted rolls as ``roll shoot --target-waiting``
    does with the same numbers, and at one that has acted as without it."""
    playing(cli)
    roll = ["roll", "shoot", "--tiro", "3", "--range", "5", "--target-rif", "3",
            "--target-fred", "3", "--target-cos", "2", *MISS]  # fmt: skip
    results = [runner.invoke(app, [*roll, "--target-waiting"]), runner.invoke(app, roll)]
    assert [r.exit_code for r in results] == [0, 0]
    waiting, acted = (r.stdout.splitlines() for r in results)
    assert "target has not acted +1" in waiting[1] and "target has not acted" not in acted[1]
    game = cli.run("game", "shoot", "Morgan", "Frank", "--range", "5", *MISS)
    assert game.splitlines()[: len(waiting)] == waiting
    cli.run("game", "turn")
    cli.run("game", "activate", "Frank")
    game = cli.run("game", "shoot", "Morgan", "Frank", "--range", "5", *MISS)
    assert game.splitlines()[: len(acted)] == acted


def test_the_players_override_the_record_only_where_it_can_be_incomplete(cli: Cli) -> None:
    playing(cli)
    cli.run("game", "activate", "Billy")
    error = refused(cli, "game", "shoot", "Wyatt", "Billy", "--target-waiting", *MISS)
    assert error == (
        "Error: the record shows Billy has taken its turn 1 (it was activated): no +1 for a "
        "target that has acted (R-18); drop --target-waiting, or correct the record."
    )
    # Frank moved without it being recorded: the players say so, and the record follows.
    event = shot(cli, "Wyatt", "Frank", "--range", "5", "--no-target-waiting", *MISS)
    assert event["details"]["options"]["target_waiting"] is False
    assert models(cli)["Frank"]["acted"] is True
    out = cli.run("game", "shoot", "Virgil", "Frank", "--range", "5", *MISS)
    assert "Frank has already taken its turn 1: no +1" in out
    error = refused(cli, "game", "melee", "Frank", "Virgil", *MISS)
    assert error == (
        "Error: Frank has already taken its turn 1 (it acted, as the players said); it acts "
        "again in turn 2."
    )
    error = refused(
        cli, "game", "shoot", "Morgan", "Ike", "--target-waiting", "--no-target-waiting", *MISS
    )
    assert "contradict each other" in error


# --------------------------------------------------------------------------- §4.2.3


def test_opportunity_fire_is_the_models_whole_turn(cli: Cli) -> None:
    playing(cli)
    cli.run("game", "activate", "Billy")  # Billy crosses the street
    out = cli.run("game", "shoot", "Wyatt", "Billy", "--opportunity", "--range", "5",
                  *OPPORTUNITY_MISS)  # fmt: skip
    assert "Opportunity fire: Wyatt's whole turn 1 (§4.2.3, R-16)." in out
    assert "target has not acted" not in out  # Billy is moving in its own turn
    board = cli.json("game", "status")
    assert board["activation"] == "Billy"  # interrupted, not ended
    assert models(cli)["Wyatt"]["acted"] is True
    error = refused(cli, "game", "melee", "Wyatt", "Frank", *MISS)
    assert error == (
        "Error: Wyatt has already taken its turn 1 (opportunity fire at Billy); it acts again "
        "in turn 2."
    )
    out = cli.run("game", "shoot", "Billy", "Wyatt", "--range", "5", *MISS)
    assert "takes its turn" not in out  # Billy's turn goes on
    assert "Wyatt has already taken its turn 1: no +1" in out


def test_opportunity_fire_needs_a_model_that_has_not_taken_its_turn(cli: Cli) -> None:
    playing(cli)
    cli.run("game", "activate", "Wyatt")
    error = refused(cli, "game", "shoot", "Wyatt", "Billy", "--opportunity", *OPPORTUNITY_MISS)
    assert error == (
        "Error: Wyatt has already taken its turn 1 (it was activated); it acts again in turn "
        "2; opportunity fire needs a model that has not taken its turn yet (§4.2.3)."
    )


def test_opportunity_fire_at_an_unrecorded_mover_begins_its_turn(cli: Cli) -> None:
    playing(cli)
    out = cli.run("game", "shoot", "Ike", "Morgan", "--opportunity", "--range", "5",
                  *OPPORTUNITY_MISS)  # fmt: skip
    assert "Opportunity fire: Ike's whole turn 1" in out
    board = cli.json("game", "status")
    assert board["activation"] == "Morgan"
    error = refused(cli, "game", "shoot", "Billy", "Morgan", "--opportunity", "--target-waiting",
                    *OPPORTUNITY_MISS)  # fmt: skip
    assert "(§4.2.3): Morgan has not been waiting (R-18)" in error


# --------------------------------------------------------------------------- §1.8, R-07


def test_initiative_shows_its_dice_and_fama_and_the_winner_activates_its_own(cli: Cli) -> None:
    playing(cli)
    out = cli.run("game", "initiative", "Wyatt", "Ike", "--dice", "5,2")
    assert out.splitlines() == [
        "Initiative (R-07): Wyatt 10 against Ike 6: Wyatt wins.",
        "  Wyatt: 1D6 5 + RIF 4 + FAMA 1 = 10",
        "  Ike: 1D6 2 + RIF 3 + FAMA 1 = 6",
        "Wyatt takes its turn 1: the winner's own model, by default (§1.8).",
    ]
    assert cli.json("game", "status")["activation"] == "Wyatt"
    cli.run("game", "shoot", "Wyatt", "Frank", "--range", "5", *MISS)  # the same turn


def test_the_winner_may_let_the_opponent_act_and_friends_lend_fama(cli: Cli) -> None:
    playing(cli)
    out = cli.run("game", "initiative", "Billy", "Morgan", "--good-fama-from", "Wyatt",
                  "--dice", "2,4", "--activate", "bad")  # fmt: skip
    assert out.splitlines() == [
        "Initiative (R-07): Morgan 6 against Billy 8: Billy wins.",
        "  Morgan: 1D6 2 + RIF 3 + FAMA 1 (Wyatt's) = 6",
        "  Billy: 1D6 4 + RIF 4 + FAMA 0 = 8",
        "Billy takes its turn 1: the winner's choice (§1.8).",
    ]
    data = cli.json("game", "initiative", "Wyatt", "Ike", "--dice", "6,1", "--activate", "Ike")
    [initiative, activation] = data["events"]
    assert initiative["details"]["activates"] == "Ike"
    assert activation["details"] == {
        "model": "Ike", "opportunity": False, "explicit": True, "ended": "Billy",
        "rulings": ["§1.8"],
    }  # fmt: skip
    error = refused(cli, "game", "initiative", "Wyatt", "Frank", "--dice", "6,1",
                    "--activate", "Virgil")  # fmt: skip
    assert error.startswith("Error: --activate 'Virgil': the winner activates one of the two")


def test_initiative_refuses_a_model_that_has_acted(cli: Cli) -> None:
    playing(cli)
    cli.run("game", "initiative", "Wyatt", "Ike", "--dice", "5,2")
    error = refused(cli, "game", "initiative", "Wyatt", "Billy", "--dice", "5,2")
    assert error == (
        "Error: Wyatt is taking its turn 1 now; reveal a model that has not taken its turn yet "
        "(§1.8)."
    )
    cli.run("game", "initiative", "Virgil", "Billy", "--dice", "5,2")
    error = refused(cli, "game", "initiative", "Wyatt", "Frank", "--dice", "5,2")
    assert error.startswith("Error: Wyatt has already taken its turn 1")
    error = refused(cli, "game", "initiative", "Morgan", "--dice", "5,2")
    assert error == (
        "Error: both sides have models left to take their turn 1: reveal one of each (R-07); "
        "still to name: bad: Ike, Billy, Frank."
    )


def test_no_roll_when_only_one_side_has_models_left(cli: Cli) -> None:
    playing(cli)
    for name in ("Ike", "Billy", "Frank", "Virgil"):
        cli.run("game", "activate", name)
    out = cli.run("game", "initiative")
    assert out.splitlines() == [
        "No initiative roll needed: only the good side has models left to take their turn 1 "
        "(Wyatt, Morgan).",
        "Choose one with 'skirmish game activate NAME'.",
    ]
    out = cli.run("game", "initiative", "Morgan")
    assert out.splitlines()[1] == "Morgan takes its turn 1; Virgil's turn is over (§1.8)."
    out = cli.run("game", "iniziativa", "--lang", "it")  # the only one left
    assert out.splitlines() == [
        "Non serve tirare l'iniziativa: solo i buoni hanno personaggi che devono ancora giocare "
        "il turno 1 (Wyatt).",
        "Wyatt gioca il suo turno 1; il turno di Morgan è finito (§1.8).",
    ]
    out = cli.run("game", "initiative")
    assert out == (
        "Every model in play has taken its turn 1: begin the next with 'skirmish game turn'.\n"
    )


def test_a_terrified_model_has_no_turn_to_take(cli: Cli) -> None:
    playing(cli)
    cli.run("game", "state", "Frank", "terrified")
    cli.run("game", "activate", "Ike")
    cli.run("game", "activate", "Billy")
    out = cli.run("game", "initiative", "Wyatt")
    assert out.startswith("No initiative roll needed: only the good side")
