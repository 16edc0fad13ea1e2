"""``skirmish game``: bad input refused with one ``Error:`` line and the database unchanged,
the rules enforced from the recorded state, JSON, languages, seeds, and the campaign views."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.harness import Cli, build_base, fresh, register_views  # noqa: E402


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    register_views()
    yield build_base(tmp_path_factory.mktemp("game-cli"))


@pytest.fixture
def cli(base: Path, tmp_path: Path) -> Cli:
    return fresh(base, tmp_path)


def refused(cli: Cli, *args: str) -> str:
    """The command fails with one error line and changes nothing at all."""
    before = cli.state()
    error = cli.fail(*args)
    assert cli.state() == before
    return error


def playing(cli: Cli, scenario: str = "bank-robbery") -> None:
    cli.run("game", "start", scenario, "Earps", "Clantons")
    cli.run("game", "turn")


# --------------------------------------------------------------------------- refusals


def test_an_action_in_an_ended_game_is_refused(cli: Cli) -> None:
    playing(cli)
    cli.run("game", "end", "--winner", "Earps")
    error = refused(cli, "game", "shoot", "Wyatt", "Frank", "--dice", "1,1,6,4,4")
    assert error == (
        "Error: game 1 (Bank robbery) has ended; no more actions can be recorded in it "
        "(run 'skirmish game postgame' if not done yet)."
    )
    refused(cli, "game", "hit", "Frank", "--wounds", "1")
    refused(cli, "game", "turn")


def test_a_model_not_in_the_game_is_refused(cli: Cli) -> None:
    cli.run("game", "start", "duel", "Earps", "Clantons", "--leave", "Frank")
    cli.run("game", "turn")
    error = refused(cli, "game", "hit", "Frank", "--wounds", "1")
    assert error.startswith("Error: model 'Frank' is not in game 1; did you mean")
    error = refused(cli, "game", "eliminate", "Django")
    assert error.startswith("Error: model 'Django' is not in game 1")


def test_eliminating_twice_is_refused(cli: Cli) -> None:
    playing(cli)
    cli.run("game", "eliminate", "Frank", "--by", "Wyatt")
    error = refused(cli, "game", "eliminate", "Frank", "--by", "Virgil")
    assert error == (
        "Error: 'Frank' was eliminated in turn 1; it takes no part in the game any more."
    )
    refused(cli, "game", "shoot", "Frank", "Wyatt", "--dice", "1,1,1,1,1")


def test_a_terrified_model_cannot_act(cli: Cli) -> None:
    playing(cli)
    cli.run("game", "state", "Billy", "impaurito")
    error = refused(cli, "game", "shoot", "Billy", "Wyatt", "--dice", "1,1,1,1,1")
    assert error.startswith("Error: 'Billy' is terrified and cannot act (§4.3.2, R-04)")
    refused(cli, "game", "melee", "Billy", "Wyatt", "--dice", "1,1,1,1,1")
    refused(cli, "game", "initiative", "Wyatt", "Billy", "--dice", "1,2")
    cli.run("game", "state", "Billy", "steady")
    cli.run("game", "shoot", "Billy", "Wyatt", "--dice", "1,1,1,1,1")


def test_shooting_before_a_leader_fires_in_the_duel_is_refused(cli: Cli) -> None:
    playing(cli, "duel")
    error = refused(cli, "game", "shoot", "Virgil", "Ike", "--dice", "1,1,1,1,1")
    assert error == (
        "Error: Duel: nobody shoots until a leader has fired; 'Virgil' is not a leader."
    )
    # Fights are allowed: a hit (Frank has not acted, +1, R-18), saved.
    cli.run("game", "melee", "Virgil", "Frank", "--dice", "1,1,1,1,1,1")
    cli.run("game", "activate", "Ike")  # Ike has taken his turn: no +1
    cli.run("game", "shoot", "Wyatt", "Ike", "--dice", "1,1,1,1,1")
    assert cli.json("game", "status")["leader_fired"] is True
    cli.run("game", "turn")  # Virgil fought in turn 1: he shoots in turn 2 (§1.8)
    cli.run("game", "shoot", "Virgil", "Ike", "--range", "20", "--dice", "1,1,1,1,1")


def test_ending_twice_and_the_postgame_twice_are_refused(cli: Cli) -> None:
    playing(cli)
    refused(cli, "game", "postgame")  # still being played
    cli.run("game", "end", "--draw")
    assert refused(cli, "game", "end") == (
        "Error: game 1 (Bank robbery) has ended; no more actions can be recorded in it "
        "(run 'skirmish game postgame' if not done yet)."
    )
    cli.run("game", "postgame", "--dice", "2,2")  # Wyatt's marked cards, Ike the gambler
    assert refused(cli, "game", "postgame", "--dice", "2,2") == (
        "Error: the post-game sequence of game 1 was already run for its gangs; "
        "'skirmish undo GANG' takes its steps back one by one."
    )
    assert refused(cli, "game", "postgame", "Earps") == (
        "Error: the post-game sequence of game 1 was already run for 'Earps'; "
        "'skirmish undo GANG' takes its steps back one by one."
    )


def test_other_refusals_change_nothing(cli: Cli) -> None:
    assert refused(cli, "game", "status").startswith("Error: campaign 'Test' has no game yet")
    assert refused(cli, "game", "start", "duel", "Earps", "Earps") == (
        "Error: a game needs two gangs: give --good GANG and --bad GANG (or two gang names)."
    )
    refused(cli, "game", "start", "duel", "Earps", "Clantons", "--leave", "Nobody")
    refused(cli, "game", "start", "nowhere", "Earps", "Clantons")
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    assert refused(cli, "game", "shoot", "Wyatt", "Ike", "--dice", "1,1,1,1,1") == (
        "Error: game 1 has not begun its first turn; run 'skirmish game turn' first."
    )
    refused(cli, "game", "start", "duel", "Earps", "Hunters")  # Earps are already playing
    cli.run("game", "turn")
    refused(cli, "game", "shoot", "Wyatt", "Ike", "--cover", "full", "--dice", "1,1,1,1,1")
    refused(cli, "game", "shoot", "Wyatt", "Ike", "--range", "13", "--dice", "1,1,1,1,1")
    refused(cli, "game", "shoot", "Wyatt", "Virgil", "--dice", "1,1,1,1,1")  # own side
    refused(cli, "game", "shoot", "Wyatt", "Ike", "--weapon", "rifle", "--dice", "1,1,1,1,1")
    refused(cli, "game", "shoot", "Wyatt", "Ike", "--dice", "1,1")  # too few dice
    refused(cli, "game", "shoot", "Wyatt", "Ike", "--dice", "1,1,1,1,1,1,1")  # too many
    refused(cli, "game", "spend", "fama", "Virgil")  # Virgil has no FAMA
    cli.run("game", "spend", "fama", "Wyatt")
    refused(cli, "game", "spend", "fama", "Wyatt")  # spent already this game
    refused(cli, "game", "objective", "loot", "rescue")
    refused(cli, "game", "objective", "loot", "pick-up", "--by", "Ike")  # both carried
    refused(cli, "game", "objective", "witness", "kill")
    refused(cli, "game", "state", "Ike", "asleep")
    refused(cli, "game", "end")  # the sacks are still on the table
    refused(cli, "game", "retreat", "Hunters")
    cli.run("game", "abandon")
    assert refused(cli, "game", "postgame") == (
        "Error: game 1 was abandoned; it has no post-game sequence."
    )


def test_a_doctor_the_gang_cannot_afford_is_refused(cli: Cli) -> None:
    cli.run("gang", "buy", "Clantons", "horse", "--dice", "6")  # 36$ − 18$
    playing(cli)
    cli.run("game", "eliminate", "Frank", "--by", "Wyatt")
    cli.run("game", "end", "--winner", "Earps")
    error = refused(cli, "game", "postgame", "--doctor", "Frank=graduate", "--dice", "3,4,4")
    assert error == (
        "Error: R-10: a graduate costs 20$ but 'Clantons' has 18$; choose a cheaper doctor or "
        "none for 'Frank'. Nothing was changed."
    )
    cli.run("game", "postgame", "--doctor", "Frank=segaossa", "--dice", "3,4,4")
    assert cli.roster("Clantons")["treasury"] == 18 - 5 + 20 + 4


# --------------------------------------------------------------------------- the record


def test_the_state_of_the_game_is_recorded_as_it_happens(cli: Cli) -> None:
    playing(cli)
    cli.run("game", "objective", "loot", "carry", "--by", "Ike")
    cli.run("game", "hit", "Billy", "--wounds", "1", "--by", "Wyatt")
    cli.run("game", "state", "Billy", "shaken")
    cli.run("game", "state", "Billy", "prone")
    cli.run("game", "spend", "fortuna", "Billy")
    board = cli.json("game", "status")
    ike, billy = board["gangs"][1]["models"][:2]
    assert (billy["name"], billy["cos"], billy["cos_left"], billy["state"], billy["prone"]) == (
        "Billy",
        3,
        2,
        "shaken",
        True,
    )
    assert (billy["fortuna_left"], ike["carries"]) == (0, ["loot-sack 1"])
    assert board["turn"] == 1 and board["status"] == "in_progress"
    # Whoever carries loot shoots only one-handed weapons (Rapina in banca).
    error = refused(cli, "game", "shoot", "Ike", "Wyatt", "--dice", "1,1,1,1,1")
    assert (
        error
        == "Error: 'Ike' carries a loot sack and may shoot only one-handed weapons, not the rifle."
    )
    # A shaken shooter's nerve test ends the shaken state (§4.3.2).
    cli.run("game", "shoot", "Billy", "Wyatt", "--range", "10", "--dice", "1,1,1,1,1")
    assert cli.json("game", "status")["gangs"][1]["models"][1]["state"] == "steady"
    events = cli.json("game", "log")
    assert [e["action"] for e in events] == [
        "start", "turn", "objective", "hit", "state", "state", "spend", "activate", "shoot",
    ]  # fmt: skip
    assert [d["value"] for d in events[-1]["dice"]] == [1, 1, 1, 1, 1]


def test_cohesion_failure_ends_the_game(cli: Cli) -> None:
    playing(cli)
    cli.run("game", "eliminate", "Frank", "--by", "Wyatt")
    cli.run("game", "eliminate", "Billy", "--by", "Virgil")
    # Two of three lost: 1D6 6 − 1 (leader in play) = 5 > FRED 3: the Clantons retreat.
    out = cli.run("game", "turn", "--dice", "6")
    assert "retreats and loses" in out
    assert "Game over: Earps wins (bad side retreated)." in out
    board = cli.json("game", "status")
    assert (board["status"], board["winner"]) == ("ended", "Earps")
    assert board["gangs"][1]["retreated"] == "cohesion"
    # Not a voluntary retreat: no infamy step; the retreat counts as a loss (H-01).
    out = cli.json("game", "postgame", "--dice", "1,6,6,2")
    steps = [s["action"] for g in out["gangs"] for s in g["steps"]]
    assert "infamy" not in steps
    assert cli.json("campaign", "standings")[1]["retreats"] == 1


def _model(cli: Cli, name: str) -> dict[str, Any]:
    board = cli.json("game", "status")
    return next(m for g in board["gangs"] for m in g["models"] if m["name"] == name)


def _state(cli: Cli, name: str) -> tuple[str, bool, int | None]:
    model = _model(cli, name)
    return model["state"], model["prone"], model["state_clears_turn"]


def _ended(cli: Cli) -> list[dict[str, Any]]:
    return [e for e in cli.json("game", "log") if e["action"] == "state-ends"]


def _nervi_scossi(cli: Cli, member: str) -> None:
    """Give a model of the Earps the invalid "Nervi scossi" (no command rolls it directly)."""
    from skirmish.campaign import lookup, roster, store

    engine = store.open_store(str(cli.db))
    try:
        with store.transaction(engine) as session:
            gang = lookup.gang_by_name(session, lookup.current_campaign(session), "Earps")
            roster.injure(session, gang=gang, member=member, injury="nervi scossi")
    finally:
        engine.dispose()


MISS_TERRIFIED = "1,1,1,6,6"  # nerve 1,1; shot 1 (a miss); panic 6,6: both dice fail


def test_a_terrified_model_skips_a_turn_then_is_steady(cli: Cli) -> None:
    playing(cli)
    cli.run("game", "shoot", "Wyatt", "Billy", "--dice", MISS_TERRIFIED)
    assert _state(cli, "Billy") == ("terrified", False, 3)
    out = cli.run("game", "status")
    assert "terrified → steady at turn 3" in out
    out = cli.run("game", "turn")  # turn 2: Billy's turn to skip
    assert "Billy" not in out
    assert _state(cli, "Billy") == ("terrified", False, 3)
    error = refused(cli, "game", "shoot", "Billy", "Wyatt", "--dice", "1,1,1,1,1")
    assert error.endswith("it skips its next turn and becomes steady at the start of turn 3 "
                          "('skirmish game turn').")  # fmt: skip
    assert _ended(cli) == []
    out = cli.run("game", "turn")  # turn 3
    assert "Billy has skipped its turn terrified and is steady again (R-04, §4.3.2)." in out
    assert _state(cli, "Billy") == ("steady", False, None)
    [event] = _ended(cli)
    assert (event["turn"], event["details"]["ruling"]) == (3, "R-04")
    assert event["details"]["before"] == {"state": "terrified", "prone": False}
    cli.run("game", "shoot", "Billy", "Wyatt", "--dice", "1,1,1,1,1")  # it acts again
    cli.run("game", "turn")
    assert len(_ended(cli)) == 1


def test_failing_again_while_terrified_drops_prone_and_keeps_the_clock(cli: Cli) -> None:
    playing(cli)
    cli.run("game", "shoot", "Wyatt", "Billy", "--dice", MISS_TERRIFIED)
    cli.run("game", "turn")  # turn 2
    cli.run("game", "shoot", "Virgil", "Billy", "--dice", MISS_TERRIFIED)
    assert _state(cli, "Billy") == ("terrified", True, 3)
    out = cli.run("game", "turn", "--lang", "it")  # turn 3
    assert "Billy ha saltato il suo turno impaurito e torna calmo; resta steso" in out
    assert _state(cli, "Billy") == ("steady", True, None)
    assert _ended(cli)[0]["details"]["after"] == {"state": "steady", "prone": True}


def test_terrified_in_a_later_turn_clears_two_turns_later(cli: Cli) -> None:
    playing(cli)
    cli.run("game", "turn")  # turn 2
    cli.run("game", "state", "Frank", "terrified")  # rolled at the table
    assert _state(cli, "Frank") == ("terrified", False, 4)
    cli.run("game", "turn")
    assert _state(cli, "Frank")[0] == "terrified"
    cli.run("game", "turn")
    assert _state(cli, "Frank") == ("steady", False, None)


def test_nervi_scossi_shakes_for_one_turn(cli: Cli) -> None:
    _nervi_scossi(cli, "Wyatt")
    playing(cli)
    out = cli.run("game", "initiative", "Wyatt", "Ike", "--dice", "1,6")
    assert "Wyatt rolled a natural 1 with Nervi scossi: shaken this turn (R-07)." in out
    assert _state(cli, "Wyatt") == ("shaken", False, 2)
    data = cli.json("game", "turn")
    [event] = [e for e in data["events"] if e["action"] == "state-ends"]
    assert (event["turn"], event["details"]["ruling"]) == (2, "R-07")
    assert _ended(cli) == [event]
    assert _state(cli, "Wyatt") == ("steady", False, None)


def test_shaken_by_a_panic_test_is_not_ended_by_the_turn(cli: Cli) -> None:
    _nervi_scossi(cli, "Wyatt")
    playing(cli)
    cli.run("game", "shoot", "Billy", "Wyatt", "--dice", "1,1,1,6,1")  # one panic die fails
    assert _state(cli, "Wyatt") == ("shaken", False, None)
    cli.run("game", "initiative", "Wyatt", "Ike", "--dice", "1,6")  # already shaken
    assert _state(cli, "Wyatt") == ("shaken", False, None)
    out = cli.run("game", "turn")
    assert not [line for line in out.splitlines()[1:] if "Wyatt" in line]  # first: who idled
    assert _state(cli, "Wyatt") == ("shaken", False, None)
    cli.run("game", "shoot", "Wyatt", "Billy", "--dice", "1,1,1,1,1")  # the nerve test ends it
    assert _state(cli, "Wyatt") == ("steady", False, None)


def test_nervi_scossi_then_a_failed_panic_test_is_terrified_for_its_own_turns(cli: Cli) -> None:
    _nervi_scossi(cli, "Wyatt")
    playing(cli)
    cli.run("game", "initiative", "Wyatt", "Ike", "--dice", "1,6")
    cli.run("game", "shoot", "Billy", "Wyatt", "--dice", "1,1,1,6,1")  # shaken fails: terrified
    assert _state(cli, "Wyatt") == ("terrified", False, 3)
    cli.run("game", "turn")
    assert _state(cli, "Wyatt")[0] == "terrified" and _ended(cli) == []
    cli.run("game", "turn")
    assert _state(cli, "Wyatt") == ("steady", False, None)


def test_seeded_rolls_repeat(base: Path, tmp_path: Path) -> None:
    outputs = []
    for name in ("a.db", "b.db"):
        cli = fresh(base, tmp_path, name)
        playing(cli)
        outputs.append(cli.run("game", "shoot", "Wyatt", "Ike", "--seed", "7"))
    assert outputs[0] == outputs[1]


def test_italian_output(cli: Cli) -> None:
    out = cli.run("game", "start", "duello", "Earps", "Clantons", "--lang", "it")
    assert out.startswith("Partita 1: Duello, turno 0. Buoni: Earps (3 personaggi).")
    out = cli.run("game", "turn", "--lang", "it")
    assert out.startswith("Turno 1 di Duello.")
    cli.run("game", "state", "Ike", "scosso")
    assert "Ike ora è scosso." in cli.run("game", "state", "Ike", "scosso", "--lang", "it")


def test_the_glossary_words_in_a_game(cli: Cli) -> None:
    # One word per state, status, side, point and event, in either language (engine.glossary).
    playing(cli)
    assert "Ike now is steady." not in cli.run("game", "state", "Ike", "Saldo")
    assert "Ike ora è calmo, steso." in cli.run("game", "state", "Ike", "a terra", "--lang", "it")
    board = cli.run("game", "status", "--lang", "it")
    assert board.startswith("Partita 1: Rapina in banca — in corso, turno 1")
    assert "Clantons (cattivi)" in board and "calmo steso" in board
    assert "Earps (good)" in cli.run("game", "status")
    assert cli.run("game", "list", "--lang", "it") == (
        "1: Rapina in banca — Earps contro Clantons, in corso, turno 1\n"
    )
    assert cli.run("game", "list") == "1: Bank robbery — Earps vs Clantons, in progress, turn 1\n"
    out = cli.run("game", "spend", "fame", "Wyatt", "--lang", "it")
    assert out == "Wyatt spende un punto FAMA; ne restano 0 in questa partita (R-15).\n"
    log = cli.run("game", "log", "--lang", "it").splitlines()
    assert log[1:] == [
        "Turno 1 · Inizia il turno.",
        "Turno 1 · Ike risulta calmo.",
        "Turno 1 · Ike risulta steso.",
        "Turno 1 · Wyatt spende un punto FAMA (ne restano 0, R-15).",
    ]
    assert [e["action"] for e in cli.json("game", "log")][-1] == "spend"
    assert cli.run("game", "log").splitlines()[-1] == (
        "Turn 1 · Wyatt spends a FAMA point (0 left, R-15)."
    )
    cli.run("game", "end", "--winner", "Earps")
    assert "finita" in cli.run("game", "list", "--lang", "it")
    log = cli.run("log", "Clantons", "--lang", "it")
    assert "partita 1 (Rapina in banca) iniziata, con i cattivi" in log
    assert "partita 1 (Rapina in banca) finita: sconfitta" in log
    assert "game 1 (Bank robbery) started, bad side" in cli.run("log", "Clantons")


def test_an_unknown_word_names_the_nearest(cli: Cli) -> None:
    playing(cli)
    error = refused(cli, "game", "objective", "sacco", "scappare")
    assert error == (
        "Error: unknown event 'scappare' for the loot sack: give one of drop, pick-up, recover, "
        "carry-off or carry."
    )
    out = cli.run("game", "objective", "sacco", "porta via", "--copy", "1")  # either language
    assert out.splitlines()[0] == "Loot sack 1: carried → off the table."
    error = refused(cli, "game", "state", "Ike", "scoso")
    assert error == "Error: unknown state 'scoso': did you mean 'shaken', 'prone'?"
    error = refused(cli, "game", "spend", "glory", "Wyatt")
    assert error == "Error: unknown point 'glory': did you mean 'fama', 'fortuna'?"


def test_json_of_an_action_lists_its_events(cli: Cli) -> None:
    playing(cli)
    data = cli.json("game", "shoot", "Wyatt", "Frank", "--range", "5", "--dice", "1,1,6,4,4")
    assert data["game"] == 1 and data["turn"] == 1
    activation, shoot = data["events"][:2]  # Wyatt's turn begins (§1.8), then the shot
    assert (activation["action"], shoot["action"]) == ("activate", "shoot")
    assert shoot["details"]["eliminated"] is True
    assert [d["purpose"] for d in shoot["dice"]] == ["nerve", "nerve", "shot", "save", "save"]


def test_undo_takes_back_the_postgame_steps_and_lets_it_run_again(cli: Cli) -> None:
    playing(cli)
    cli.run("game", "eliminate", "Frank", "--by", "Wyatt")
    cli.run("game", "end", "--winner", "Earps")
    before = {g: cli.roster(g) for g in ("Earps", "Clantons")}
    cli.run("game", "postgame", "Clantons", "--dice", "1,3")  # Frank dead, gambler 3
    assert cli.roster("Clantons")["members"]["Frank"] == ("dead",)
    assert cli.json("campaign", "graveyard")[0]["name"] == "Frank"
    for _ in range(3):  # income, recovery (gambler first)
        cli.run("undo", "Clantons")
    assert cli.roster("Clantons") == before["Clantons"]
    error = cli.fail("undo", "Clantons")
    assert error == (
        "Error: nothing to undo for 'Clantons': its last action is its game end, "
        "which cannot be undone."
    )
    cli.run("game", "postgame", "Clantons", "--dice", "5,3")
    assert cli.roster("Clantons")["members"]["Frank"][0] == "active"


def test_member_history(cli: Cli) -> None:
    playing(cli)
    cli.run("game", "eliminate", "Frank", "--by", "Wyatt")
    cli.run("game", "end", "--winner", "Earps")
    cli.run("game", "postgame", "--dice", "4,3,2")
    data = cli.json("member", "history", "Earps", "Wyatt")
    assert data["games"] == [
        {
            "game": 1,
            "scenario": "bank-robbery",
            "result": "win",
            "eliminations": ["Frank"],
            "eliminated": False,
            "eliminated_by": None,
            "wounded_start": False,
        }
    ]
    frank = cli.json("member", "history", "Clantons", "Frank")
    assert frank["recoveries"] == [{"game": 1, "outcome": "wounded", "invalidity": None}]
    assert frank["injuries"] == ["wounded"]
    virgil = cli.json("member", "history", "Earps", "Virgil")
    assert [a["skill"] for a in virgil["advances"]] == ["dottore"]
    assert "Wyatt (Earps, Sheriff)" in cli.run("member", "history", "Earps", "Wyatt")


def test_every_game_command_has_an_example(cli: Cli) -> None:
    from skirmish.cli.game import app

    for command in app.registered_commands:
        assert command.callback is not None
        shown = command.help or command.callback.__doc__ or ""  # the catalogue's, or its own
        assert "Example: skirmish game" in shown, command.name


def test_a_new_game_waits_for_the_last_postgame(cli: Cli) -> None:
    playing(cli)
    cli.run("game", "end", "--draw")
    assert refused(cli, "game", "start", "duel", "Earps", "Hunters") == (
        "Error: gang 'Earps' has not run the post-game sequence of game 1 (Bank robbery); "
        "run 'skirmish game postgame --game 1' first."
    )
    cli.run("game", "postgame", "--dice", "2,2")
    cli.run("game", "start", "duel", "Earps", "Hunters")
    assert [g["status"] for g in cli.json("game", "list")] == ["ended", "in_progress"]


def test_italian_command_names(cli: Cli) -> None:
    cli.run("game", "inizia", "rapina", "Earps", "Clantons")
    cli.run("game", "turno")
    out = cli.run("game", "spara", "Wyatt", "Frank", "--range", "5", "--dice", "1,1,6,4,4")
    assert "Frank is eliminated." in out
    assert cli.json("game", "situazione")["gangs"][1]["casualties"] == 1


def test_the_interactive_walker_plays_through_the_same_actions(cli: Cli) -> None:
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    answers = "\n".join(
        [
            "turn", "",  # a new turn, random dice (no cohesion test is due: none rolled)
            "eliminate", "Frank", "Wyatt",  # Frank eliminated by Wyatt
            "state", "Frank",  # refused: Frank is out, and no longer in the list
            "Ike", "shaken",
            "end", "Earps", "y",  # the end, Earps named the winner
            "y", "3,5,4",  # the post-game: marked cards 3, Frank 5, the gambler 4
        ]
    )  # fmt: skip
    result = CliRunner().invoke(
        app,
        ["game", "play", "rapina", "--good", "Earps", "--bad", "Clantons", "--db", str(cli.db)],
        input=answers + "\n",
    )
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    assert "  'Frank' is not in the list; type its number or its name." in result.stdout
    assert "Ike is now shaken." in result.stdout
    assert "Game over: Earps wins (named by the players)." in result.stdout
    assert cli.roster("Clantons")["treasury"] == 36 + 20 + 4
    assert [g["status"] for g in cli.json("game", "list")] == ["ended"]
    # Everything it did is in the game's log, as the commands would have written it.
    actions = [e["action"] for e in cli.json("game", "log")]
    assert actions == ["start", "turn", "eliminate", "state", "end"]


def test_the_postgame_in_italian(cli: Cli) -> None:
    playing(cli)
    cli.run("game", "retreat", "Clantons", "--infamy-later")
    out = cli.run("game", "postgame", "--dice", "3,1,1", "--lang", "it")
    assert out.splitlines() == [
        "Dopo-partita di Earps (vittoria):",
        "  R-11, H-02: Wyatt: +1 PE (0 eliminati, bonus 1) [PE 2 → 3]",
        "  R-11, H-02: Virgil: +1 PE (0 eliminati, bonus 1) [PE 0 → 1]",
        "  R-11, H-02: Morgan: +1 PE (0 eliminati, bonus 1) [PE 0 → 1]",
        "  H-01: partita 1: vittoria, +50$ [22$ → 72$]",
        "  H-10: carte truccate di Wyatt: 3 = +3$ [72$ → 75$]",
        "Dopo-partita di Clantons (ritirata):",
        "  H-01: partita 1: ritirata, +20$ [36$ → 56$]",
        "  H-11: Ike gioca d'azzardo: 1 = +1$ [56$ → 57$]",
        "  R-09: test d'infamia 1: Ike perde 1 FAMA",
    ]
    assert cli.roster("Clantons")["members"]["Ike"][2] == 0  # FAMA 1 → 0 for good


def test_the_situation_options_reach_the_engine(cli: Cli) -> None:
    playing(cli)
    # Morgan's six-shooter at 5U: 2 + 3 + 1 + 1 = 7 against Ike on a horse: a miss that hits
    # the mount, which falls on a 6 (R-02(c)); Ike, a Boss, is no Capitano: he tests panic.
    cli.run("game", "activate", "Ike")  # he has taken his turn: no +1
    out = cli.run(
        "game", "shoot", "Morgan", "Ike", "--range", "5", "--target-mount", "still",
        "--dice", "1,1,2,6,1,1",
    )  # fmt: skip
    assert out.splitlines()[1:] == [
        "shot 2 + 3 + 1 + 1 = 7, miss (TIRO 3, weapon bonus +1, short range +1)",
        "mount 6: the horse is hit and falls",
        "panic 1,1 vs FRED 3, steady",
        "Morgan takes its turn 1; Ike's turn is over (§1.8).",
        "Ike has already taken its turn 1: no +1 (R-18, from the record).",
        "Ike: COS 3 → 3, steady.",
    ]
    event = cli.json("game", "log")[-1]
    assert event["details"]["options"]["target_mount"] == "still"
    assert [d["purpose"] for d in event["dice"]][:3] == ["nerve", "nerve", "shot"]


@pytest.mark.parametrize(
    ("faction", "leader", "lends"),
    [("mexicans", "bandido", False), ("military", "captain", False), ("cowboys", "ranchero", True)],
)
def test_leader_near_lends_fred_only_from_the_five_r17(
    cli: Cli, faction: str, leader: str, lends: bool
) -> None:
    """R-17 (issue 9): `game shoot … --leader-near` lent the Bandido's and the Capitano's FRED
    (4) to the target's panic test; only Sceriffo, Boss, Ranchero, Killer and Capo tribù lend."""
    follower = {"mexicans": "gringo", "military": "soldier", "cowboys": "cowboy"}[faction]
    cli.run("gang", "new", "Others", "--faction", faction)
    cli.run("gang", "hire", "Others", leader, "--name", "Chief")
    cli.run("gang", "hire", "Others", follower, "--name", "Tuco")
    cli.run("game", "start", "bank-robbery", "Earps", "Others")
    cli.run("game", "turn")
    # nerve 1,1; shot 1 + 3 + 1 = 5 misses; panic 4,4 against Tuco's FRED 3, or the lent 4
    out = cli.run("game", "shoot", "Wyatt", "Tuco", "--leader-near", "--dice", "1,1,1,4,4")
    if lends:
        assert out.splitlines()[2] == "panic 4,4 vs FRED 4 (3 + 1 leader within 5U), steady"
    else:
        assert out.splitlines()[2] == (
            "panic 4,4 vs FRED 3, terrified, flees to cover within 5U, skips its next turn"
        )
