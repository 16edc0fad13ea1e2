"""Issue #23, eighth round: the live page reads a game's hand-over beside the game, and the
game's two gangs beside their campaign gangs, each in one statement. The answers are those of
the statements they replace (``session.get``, ``gangs_of`` under the lock), with a hand-over
waiting and without one, and a game the campaign does not have is refused in the same words.
Counted, never timed."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import event
from sqlmodel import Session

from skirmish.campaign import lookup, store
from skirmish.campaign.game.board import game_by_id, gangs_of, lock_game
from skirmish.campaign.game.handover import current, game_and_handover, hand_over
from skirmish.campaign.game.start import start_game
from skirmish.campaign.game.tables import GameHandover
from skirmish.campaign.models import Gang
from skirmish.errors import CampaignError

CAMPAIGN = "Tombstone 1881"
GOOD, BAD = "Earp brothers", "Clanton gang"


def build_game(path: Path) -> None:
    engine = store.open_store(str(path), access=store.Access.CAMPAIGN, create=False)
    try:
        with store.transaction(engine, access=store.Access.CAMPAIGN) as s:
            campaign = lookup.campaign_by_name(s, CAMPAIGN)
            start_game(s, campaign=campaign, scenario="duel", good=GOOD, bad=BAD)
    finally:
        engine.dispose()


@pytest.fixture
def engine(prepared: Callable[..., Path]) -> Iterator[object]:
    made = store.open_store(str(prepared(build_game)), access=store.Access.GANG, create=False)
    yield made
    made.dispose()


@contextmanager
def counting(session: Session) -> Iterator[list[str]]:
    seen: list[str] = []
    bind = session.get_bind()

    def note(*args: object) -> None:
        seen.append(str(args[2]))

    event.listen(bind, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        event.remove(bind, "before_cursor_execute", note)


def _hand_over(engine: object) -> None:
    with store.transaction(engine, access=store.Access.GANG) as s:  # type: ignore[arg-type]
        game = game_by_id(s, lookup.campaign_by_name(s, CAMPAIGN), 1)
        lock_game(s, game)
        hand_over(
            s, game=game, action="shoot", values={"shooter": "Wyatt Earp"}, dice=[4],
            answers=[], random=False, key="a-key", by=None, acting_side="good", side="bad",
            asks={"save": "Billy Clanton"},
        )  # fmt: skip


def _read(engine: object) -> tuple[int | None, list[tuple[int, int, str]], int]:
    """In a READ unit of work: the hand-over ``current`` finds after ``game_and_handover`` (its
    revision, or None), the game's gangs (id, gang id, side) and the statements ``current`` and
    ``gangs_of`` issued after the game was read."""
    with store.transaction(engine, access=store.Access.READ) as s:  # type: ignore[arg-type]
        campaign = lookup.campaign_by_name(s, CAMPAIGN)
        game = game_and_handover(s, campaign, 1)
        with counting(s) as seen:
            waiting = current(s, game)
            sides = [(gg.id or 0, gg.gang_id, gg.side) for gg in gangs_of(s, game)]
            named = [s.get(Gang, gang_id) for _, gang_id, _ in sides]
        assert all(gang is not None for gang in named)  # in the identity map, not read again
        return (waiting.revision if waiting else None), sides, len(seen)


def _written(engine: object) -> tuple[int | None, list[tuple[int, int, str]]]:
    """The same, as a writing unit of work reads them (``session.get``, ``gangs_of`` under
    the lock)."""
    with store.transaction(engine, access=store.Access.GANG) as s:  # type: ignore[arg-type]
        game = game_by_id(s, lookup.campaign_by_name(s, CAMPAIGN), 1)
        lock_game(s, game)
        waiting = current(s, game)
        sides = [(gg.id or 0, gg.gang_id, gg.side) for gg in gangs_of(s, game)]
        return (waiting.revision if waiting else None), sides


def test_a_live_pages_game_hand_over_and_gangs_are_read_with_the_game(engine: object) -> None:
    waiting, sides, statements = _read(engine)
    assert waiting is None
    assert (waiting, sides) == _written(engine)
    assert [side for _, _, side in sides] == ["good", "bad"]
    # one statement for the game's gangs with their campaign gangs; none for the hand-over
    assert statements == 1

    _hand_over(engine)
    waiting, sides, statements = _read(engine)
    assert waiting is not None
    assert (waiting, sides) == _written(engine)
    assert statements == 1


def test_a_game_of_another_campaign_is_refused_as_before(engine: object) -> None:
    with store.transaction(engine, access=store.Access.READ) as s:  # type: ignore[arg-type]
        campaign = lookup.campaign_by_name(s, CAMPAIGN)
        for number in (1, 99):
            try:
                expected: str | None = str(game_by_id(s, campaign, number).id)
            except CampaignError as error:
                expected = error.text("en")
            try:
                got: str | None = str(game_and_handover(s, campaign, number).id)
            except CampaignError as error:
                got = error.text("en")
            assert got == expected
        assert s.get(GameHandover, 99) is None
