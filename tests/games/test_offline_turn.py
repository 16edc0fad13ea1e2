"""The phone begins the next turn as the server does (issue #24): the cohesion tests due (R-08:
a gang that lost more than half its starting models, 1D6 ± its leader against the highest FRED
of its models in play) worked out by ``engine.offline`` from the offline kit and by the
server's ``turns.new_turn`` (in a unit of work rolled back) with the same faces, in both
languages: the faces used and the engine's outcome (``engine.outcome``, what the sync compares)
are equal, whether a test is due or not, holds or fails, with the leader in play or fallen."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from skirmish.campaign import lookup, store
from skirmish.campaign.game.board import current_game
from skirmish.campaign.game.turns import new_turn
from skirmish.engine.cohesion import TurnBegun
from skirmish.engine.dice import TableDice
from skirmish.engine.offline import resolve
from skirmish.engine.outcome import outcome

from .harness import Cli
from .test_offline_table import Game, _Undone


def _server(game: Game, faces: list[int]) -> tuple[Any, list[int]]:
    """``new_turn`` with the table's ``faces``, undone: its outcome and the faces it used."""
    dice = TableDice(faces)
    try:
        with store.transaction(game.engine) as session:
            row = current_game(session, lookup.current_campaign(session))
            report = new_turn(session, game=row, dice=dice)
            dice.check_all_used()
            used = [die.value for die, _, _ in dice.dice]
            raise _Undone((outcome(TurnBegun(report.turn, report.tests)), used))
    except _Undone as undone:
        return undone.found


def _same(game: Game, faces: list[int]) -> dict[str, Any]:
    """The phone and the server on the same game and faces, in both languages: the outcome."""
    kit = game.kit()
    theirs, used = _server(game, faces)
    said = {
        lang: resolve(kit, {"action": "turn", "dice": faces, "rest": "none", "lang": lang})
        for lang in ("en", "it")
    }
    for answer in said.values():
        assert answer["dice"] == used == faces
        assert answer["outcome"] == theirs, (faces, answer["outcome"], theirs)
    assert said["en"]["lines"][0] == f"Turn {theirs['turn']} begins."
    assert said["it"]["lines"][0] == f"Inizia il turno {theirs['turn']}."
    assert said["en"]["lines"][-1].startswith("When the queue is sent the server decides")
    return {**theirs, "lines": {lang: answer["lines"] for lang, answer in said.items()}}


@pytest.fixture
def base(cli: Cli) -> Iterator[Game]:
    """Earps against Clantons (Ike their leader, Billy, Frank), in the first turn."""
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    cli.run("game", "turn")
    playing = Game(cli)
    yield playing
    playing.engine.dispose()


def test_no_cohesion_test_due_rolls_nothing(base: Game) -> None:
    begun = _same(base, [])
    assert (begun["turn"], begun["tests"], begun["dice"]) == (2, [], [])
    assert "No cohesion test is due (R-08)." in begun["lines"]["en"]
    assert "Nessun test di coesione dovuto (R-08)." in begun["lines"]["it"]


def test_a_cohesion_test_due_with_the_leader_in_play(cli: Cli, base: Game) -> None:
    """Billy and Frank fall: the Clantons lost 2 of 3, a test is due, −1 for Ike in play;
    every face, holding and failing, as the server rolls it."""
    cli.run("game", "eliminate", "Billy", "--by", "Wyatt")
    cli.run("game", "eliminate", "Frank", "--by", "Wyatt")
    seen = set()
    for face in range(1, 7):
        begun = _same(base, [face])
        (test,) = begun["tests"]
        assert (test["gang"], test["started"], test["lost"], test["leader"]) == (
            "Clantons", 3, 2, "alive",
        )  # fmt: skip
        assert test["total"] == face - 1 and [d["face"] for d in begun["dice"]] == [face]
        seen.add(test["holds"])
        assert begun["lines"]["en"][1].startswith("Clantons: ")
    assert seen == {True, False}


def test_a_cohesion_test_due_with_the_leader_fallen(cli: Cli, base: Game) -> None:
    """Ike and Billy fall: +1 for the fallen leader, Frank's FRED the highest in play."""
    cli.run("game", "eliminate", "Ike", "--by", "Wyatt")
    cli.run("game", "eliminate", "Billy", "--by", "Wyatt")
    begun = _same(base, [2])
    (test,) = begun["tests"]
    assert (test["leader"], test["roll"], test["total"]) == ("dead", 2, 3)
