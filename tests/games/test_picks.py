"""The secret activation of §1.8 on the phones (issue #12): each side lays a card face down, the
other side and the spectators learn only that it is down, both are revealed at once and go to
the initiative (R-07); the round moves on when an activation begins and starts again with each
turn. Decisions: docs/games.md, "Table mode (issue #12)"."""

from __future__ import annotations

import threading
from dataclasses import asdict
from typing import Any

import pytest
from sqlmodel import Session, select

from skirmish.campaign.game import initiative, picks
from skirmish.campaign.game.picks import RoundState
from skirmish.campaign.game.tables import GamePick
from skirmish.campaign.game.undo import undo
from skirmish.engine.dice import ScriptedDice
from skirmish.errors import CampaignError
from skirmish.rules.model import Side

from .harness import SETUP, Cli, register_views
from .table_mode import Table, seat

GOOD, BAD = Side.GOOD, Side.BAD


def lay(table: Table, side: Side | str, name: str) -> RoundState:
    state: RoundState = table.run(lambda s: picks.pick(s, table.game(s), side, name))
    return state


def seen(table: Table, viewer: Side | frozenset[Side] | None) -> RoundState:
    state: RoundState = table.read(lambda s: picks.round_state(s, table.game(s), viewer))
    return state


def refused(table: Table, side: Side | str, name: str) -> CampaignError:
    before = table.revision()
    with pytest.raises(CampaignError) as refusal:
        lay(table, side, name)
    assert table.revision() == before  # nothing changed
    return refusal.value


def roll(table: Table, activate: str) -> Any:
    def step(s: Session) -> Any:
        game = table.game(s)
        ready = picks.round_state(s, game).ready()
        return initiative.initiative(
            s,
            game=game,
            good=ready["good"],
            bad=ready["bad"],
            activate=activate,
            dice=ScriptedDice([6, 2]),
        )

    return table.run(step)


def test_no_card_before_the_first_turn(table: Table) -> None:
    assert "has not begun its first turn" in str(refused(table, GOOD, "Wyatt"))


def test_a_card_is_secret_from_the_other_side_and_the_spectators_until_both_are_down(
    table: Table,
) -> None:
    """Whatever the good side laid, the bad side, a referee and a spectator get exactly the
    same answer: that a card is down, never which."""
    table.cli.run("game", "turn")
    answers: dict[str, list[dict[str, Any]]] = {}
    for name in ("Wyatt", "Morgan", "Virgil"):
        mine = lay(table, GOOD, name)
        assert mine.good.model == name and mine.good.picked and not mine.revealed
        assert mine.bad.picked is False and mine.bad.model is None
        for viewer in (BAD, None):
            state = seen(table, viewer)
            assert state.good.picked and state.good.model is None and state.good.ref is None
            answers.setdefault(str(viewer), []).append(asdict(state))
    for same in answers.values():
        assert same[0] == same[1] == same[2]
    assert seen(table, GOOD).good.model == "Virgil"  # the last card laid replaced the others
    assert seen(table, frozenset(Side)).good.model == "Virgil"  # one account playing both


def test_both_cards_down_are_revealed_to_everyone_and_go_to_the_initiative(table: Table) -> None:
    table.cli.run("game", "turn")
    lay(table, "buoni", "Wyatt")  # the sides in either language
    state = lay(table, "cattivi", "Ike")
    assert state.revealed and state.round == 1
    for viewer in (GOOD, BAD, None):
        shown = seen(table, viewer)
        assert (shown.good.model, shown.bad.model) == ("Wyatt", "Ike")
    assert state.ready() == {"good": "Earps:Wyatt", "bad": "Clantons:Ike"}
    error = refused(table, GOOD, "Morgan")
    assert "cannot be changed once both are down" in str(error)
    assert "non si cambia" in error.text("it")
    report = roll(table, "bad")  # the winner, the good side, lets Ike go first
    assert report.activated.model == "Ike"
    after = seen(table, None)
    assert after.round == 2 and not after.good.picked and not after.bad.picked
    assert "Ike" not in after.bad.left and "Wyatt" in after.good.left


def test_only_a_model_of_one_s_own_side_still_to_take_its_turn(table: Table) -> None:
    table.cli.run("game", "turn")
    error = refused(table, GOOD, "Ike")
    assert str(error).startswith("Ike plays on the bad side: lay the card of one of your own")
    table.cli.run("game", "activate", "Wyatt")
    assert "Wyatt is taking its turn 1 now" in str(refused(table, GOOD, "Wyatt"))
    table.cli.run("game", "state", "Morgan", "terrified")
    assert "is terrified and cannot act" in str(refused(table, GOOD, "Morgan"))
    assert "is not in game 1" in str(refused(table, GOOD, "Django"))
    table.cli.run("game", "activate", "Ike")
    assert "has already taken its turn 1" in str(refused(table, GOOD, "Wyatt"))


def test_a_card_whose_model_acted_meanwhile_no_longer_counts(table: Table) -> None:
    table.cli.run("game", "turn")
    lay(table, GOOD, "Wyatt")
    lay(table, BAD, "Ike")
    table.cli.run("game", "activate", "Frank")  # the players went on without the roll
    state = seen(table, None)
    assert state.round == 2 and not state.good.picked and not state.bad.picked


def test_a_side_with_nobody_left_lays_no_card(table: Table) -> None:
    table.cli.run("game", "turn")
    for name in ("Ike", "Billy", "Frank"):
        table.cli.run("game", "activate", name)
    state = seen(table, GOOD)
    assert state.only is GOOD and not state.good.to_pick and not state.bad.to_pick
    error = refused(table, GOOD, "Wyatt")
    assert "only the good side has models left" in str(error)
    assert "solo i buoni" in error.text("it")
    assert "the bad side has no model left" in str(refused(table, BAD, "Ike"))
    for name in ("Wyatt", "Virgil", "Morgan"):
        table.cli.run("game", "activate", name)
    assert seen(table, None).over


def test_the_round_starts_again_with_a_new_turn(table: Table) -> None:
    table.cli.run("game", "turn")
    lay(table, GOOD, "Wyatt")
    lay(table, BAD, "Ike")
    roll(table, "good")
    lay(table, BAD, "Billy")
    table.cli.run("game", "turn", "--seed", "1")
    state = seen(table, BAD)
    assert (state.turn, state.round) == (2, 1) and not state.bad.picked
    assert lay(table, BAD, "Billy").bad.model == "Billy"


def test_an_undone_initiative_puts_the_revealed_cards_back(table: Table) -> None:
    table.cli.run("game", "turn")
    lay(table, GOOD, "Wyatt")
    lay(table, BAD, "Ike")
    roll(table, "good")
    assert seen(table, None).round == 2
    table.run(lambda s: undo(s, game=table.game(s)))
    state = seen(table, None)
    assert state.round == 1 and state.revealed and state.ready()["good"] == "Earps:Wyatt"


def test_each_card_moves_the_revision_on_and_names_who_laid_it(table: Table) -> None:
    table.cli.run("game", "turn")
    before = table.revision()
    gina = table.read(lambda s: table.user(s, "Gina").id)

    def step(s: Session) -> None:
        picks.pick(s, table.game(s), GOOD, "Wyatt")

    table.run(step, author=gina)
    lay(table, GOOD, "Virgil")
    assert table.revision() == before + 2
    rows = table.read(lambda s: [(r.side, r.user_id, r.round) for r in s.exec(select(GamePick))])
    assert rows == [("good", None, 1)]  # replaced: the CLI laid the last one


@pytest.mark.postgres
def test_both_sides_laying_their_cards_at_once_on_postgresql(
    postgres_migrated_database: str,
) -> None:
    """Two phones lay their cards at the same moment: each unit of work locks the game, the
    second waits for the first, both cards are down and revealed, the revision moved twice."""
    register_views()
    cli = Cli(postgres_migrated_database)
    for command in SETUP:
        cli.run(*command)
    table = seat(cli)
    try:
        cli.run("game", "turn")
        before = table.revision()
        start = threading.Barrier(2)
        errors: list[BaseException] = []

        def phone(side: Side, name: str) -> None:
            try:
                start.wait(30)
                lay(table, side, name)
            except BaseException as exc:  # reported by the main thread
                errors.append(exc)

        threads = [
            threading.Thread(target=phone, args=(GOOD, "Wyatt")),
            threading.Thread(target=phone, args=(BAD, "Ike")),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert not errors, errors
        state = seen(table, None)
        assert state.revealed and state.ready() == {"good": "Earps:Wyatt", "bad": "Clantons:Ike"}
        assert table.revision() == before + 2
        report = roll(table, "good")
        assert report.activated.model == "Wyatt" and seen(table, None).round == 2
    finally:
        table.engine.dispose()
