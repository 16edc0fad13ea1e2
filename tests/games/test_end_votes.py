"""The end confirmed by both players (issue #12): "victory is taken from the scenario or confirmed
by both players". Each side's player votes a verdict; a disagreement is kept and shown; a vote
may change until both agree, which ends the game; a vote the recorded state contradicts is
refused; votes lapse when the game's log changes. Decisions: docs/games.md, "Table mode"."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from skirmish.campaign.game import end
from skirmish.campaign.game.end import Votes
from skirmish.campaign.game.undo import undo
from skirmish.engine.glossary import GameStatus
from skirmish.errors import CampaignError
from skirmish.rules.model import Side
from skirmish.rules.scenario_model import Verdict

from .table_mode import Table

GOOD, BAD = Side.GOOD, Side.BAD


def vote(table: Table, side: Side | str, verdict: str) -> Votes:
    found: Votes = table.run(
        lambda s: end.vote_end(s, game=table.game(s), side=side, verdict=verdict)
    )
    return found


def standing(table: Table) -> Votes:
    found: Votes = table.read(lambda s: end.votes(s, table.game(s)))
    return found


def status(table: Table) -> tuple[str, str | None, str | None]:
    def step(s: Session) -> tuple[str, str | None, str | None]:
        game = table.game(s)
        return game.status, game.winner, game.reason

    found: tuple[str, str | None, str | None] = table.read(step)
    return found


def test_a_disagreement_is_kept_and_shown_and_a_vote_may_change(table: Table) -> None:
    table.cli.run("game", "turn")
    assert vote(table, GOOD, "good") == Votes("good", None, agreed=False)
    assert vote(table, BAD, "draw") == Votes("good", "draw", agreed=False)
    assert standing(table) == Votes("good", "draw", agreed=False)
    assert status(table)[0] == GameStatus.IN_PROGRESS
    assert vote(table, GOOD, "pareggio") == Votes(
        "draw",
        "draw",
        agreed=True,
        ended=Verdict(True, None, "a draw, confirmed by both players"),
    )
    assert status(table) == (GameStatus.ENDED, None, "a draw, confirmed by both players")


def test_agreeing_on_a_winner_ends_the_game_with_it(table: Table) -> None:
    table.cli.run("game", "turn")
    vote(table, "cattivi", "Earps")  # a gang's name names its side
    ended = vote(table, "buoni", "buoni")
    assert ended.agreed and ended.ended is not None and ended.ended.winner is GOOD
    assert status(table) == (GameStatus.ENDED, "good", "confirmed by both players")
    log = table.cli.json("game", "log")
    assert log[-1]["action"] == "end"
    with pytest.raises(CampaignError, match="has ended"):
        vote(table, GOOD, "bad")


def test_each_vote_moves_the_revision_on_and_a_refused_one_changes_nothing(table: Table) -> None:
    table.cli.run("game", "turn")
    before = table.revision()
    vote(table, GOOD, "bad")
    assert table.revision() == before + 1
    with pytest.raises(CampaignError, match="unknown verdict 'maybe'") as refusal:
        vote(table, BAD, "maybe")
    assert refusal.value.text("it").startswith("esito sconosciuto 'maybe'")
    assert table.revision() == before + 1 and standing(table).bad is None


def test_a_vote_the_recorded_state_contradicts_is_refused(table: Table) -> None:
    """The witness lasts 8 turns: during the 8th the recorded state already shows the good side
    winning (the boy alive), which only the end of that turn makes final. Both may confirm it
    now; a vote for the other side or a draw is refused, as 'game end' refuses it."""
    table.cli.run("game", "abandon")
    table.cli.run("game", "start", "the-witness", "Earps", "Clantons")
    for turn in range(1, 9):
        table.cli.run("game", "turn", "--seed", str(turn))

    def cast(side: Side, verdict: str) -> Votes:
        def step(s: Session) -> Votes:
            return end.vote_end(s, game=table.game(s, 2), side=side, verdict=verdict)

        found: Votes = table.run(step)
        return found

    for verdict in ("bad", "draw"):
        with pytest.raises(CampaignError, match="the recorded state shows 'Earps' winning") as no:
            cast(BAD, verdict)
        # why, in the scenario's own words: never its internal reference (victory[1])
        assert "(good: Keep the boy alive until morning" in str(no.value)
        assert "(buoni: salvare il ragazzo fino alla mattina" in no.value.text("it")
        assert "victory[" not in str(no.value) + no.value.text("it")
    assert cast(BAD, "good").bad == "good"
    ended = cast(GOOD, "good").ended
    assert (
        ended is not None and ended.winner is GOOD and ended.reason != "confirmed by both players"
    )


def test_votes_lapse_when_the_game_s_log_changes(table: Table) -> None:
    table.cli.run("game", "turn")
    vote(table, GOOD, "draw")
    vote(table, BAD, "good")
    table.cli.run("game", "activate", "Wyatt")  # the game went on: the votes were on the old one
    assert standing(table) == Votes(None, None, agreed=False)
    vote(table, GOOD, "draw")
    table.run(lambda s: undo(s, game=table.game(s)))  # an undo changes the game too
    assert standing(table) == Votes(None, None, agreed=False)


def test_a_vote_may_be_withdrawn(table: Table) -> None:
    table.cli.run("game", "turn")
    vote(table, GOOD, "good")
    withdrawn: Votes = table.run(lambda s: end.withdraw_vote(s, game=table.game(s), side=GOOD))
    assert withdrawn == Votes(None, None, agreed=False)
    vote(table, BAD, "good")
    assert status(table)[0] == GameStatus.IN_PROGRESS


def test_the_scenario_s_own_verdict_is_confirmed_with_its_reason(table: Table) -> None:
    """A bank robbery ends after its last turn: the state shows it at the turn limit, before
    'game turn' closes it; both players confirming it end the game with the scenario's
    reason, and a contrary vote is refused."""
    table.cli.run("game", "turn")
    for name in ("Ike", "Billy"):
        table.cli.run("game", "eliminate", name, "--by", "Wyatt")
    table.cli.run("game", "retreat", "Clantons", "--dice", "3")
    assert status(table)[:2] == (GameStatus.ENDED, "good")
    with pytest.raises(CampaignError, match="has ended"):
        vote(table, GOOD, "good")
