"""Two phones rolling the initiative at the same moment (issue #20, §1.8, R-07), at the
service: both rolls are tried (each in a unit of work thrown away) before either is kept; the
first kept wins and the second keeping answers with it, never with its own dice. Decisions:
docs/web.md, "One roll per state"."""

from __future__ import annotations

from sqlmodel import Session

from skirmish.campaign.game import picks, table_roll
from skirmish.campaign.game.table_roll import Kept
from skirmish.campaign.game.tables import GameModel
from skirmish.rules.model import Side

from .table_mode import Table


class _Tried(Exception):
    def __init__(self, roll: Kept, earlier: Kept | None) -> None:
        super().__init__("tried")
        self.roll, self.earlier = roll, earlier


def _round(table: Table, s: Session) -> tuple[int, int, dict[Side, GameModel]]:
    game = table.game(s)
    state = picks.round_state(s, game)
    revealed = {}
    for side in Side:
        model = s.get(GameModel, state.card(side).model_id)
        assert model is not None
        revealed[side] = model
    return state.turn, state.round, revealed


def tried(table: Table, dice: tuple[int, int]) -> tuple[Kept, Kept | None]:
    """A phone's trial: what the dice say, and the roll kept then (nothing is recorded)."""

    def step(s: Session) -> None:
        game = table.game(s)
        turn, round_no, revealed = _round(table, s)
        earlier = table_roll.kept_roll(s, game=game, turn=turn, round_no=round_no,
                                       revealed=revealed)  # fmt: skip
        roll = table_roll.trial(
            s, game=game, revealed=revealed, good_fama_from=None, bad_fama_from=None,
            earlier=earlier.dice if earlier else (), typed=dice, user_id=None,
        )  # fmt: skip
        raise _Tried(roll, earlier)

    try:
        table.run(step)
    except _Tried as thrown:
        return thrown.roll, thrown.earlier
    raise AssertionError("the trial recorded something")


def keep(table: Table, roll: Kept, earlier: Kept | None) -> Kept:
    def step(s: Session) -> Kept:
        turn, round_no, revealed = _round(table, s)
        return table_roll.keep(s, game=table.game(s), turn=turn, round_no=round_no,
                               revealed=revealed, roll=roll, earlier=earlier)  # fmt: skip

    kept: Kept = table.run(step)
    return kept


def kept_now(table: Table) -> Kept | None:
    def step(s: Session) -> Kept | None:
        turn, round_no, revealed = _round(table, s)
        return table_roll.kept_roll(s, game=table.game(s), turn=turn, round_no=round_no,
                                    revealed=revealed)  # fmt: skip

    found: Kept | None = table.read(step)
    return found


def test_two_rolls_tried_at_once_keep_the_first(table: Table) -> None:
    table.cli.run("game", "turn")
    table.run(lambda s: picks.pick(s, table.game(s), Side.GOOD, "Wyatt"))
    table.run(lambda s: picks.pick(s, table.game(s), Side.BAD, "Ike"))
    first, first_earlier = tried(table, (6, 1))
    second, second_earlier = tried(table, (1, 6))
    assert first_earlier is None and second_earlier is None and first != second
    before = table.revision()
    assert keep(table, first, first_earlier) == first
    assert keep(table, second, second_earlier) == first  # answered with the roll kept
    assert kept_now(table) == first
    assert table.revision() == before + 1  # the second keeping changed nothing
    # A second tap of the first phone (its own roll again) is answered with it, unchanged.
    assert keep(table, first, None) == first and table.revision() == before + 1
