"""The initiative's trial on a phone (§1.8, R-07, H-06) reckons the roll-off as the service does
and records nothing (issue #23, the action's unit of work, sixth round: it recorded the
initiative, its activation and any Nervi scossi in a savepoint, then rolled it back): the same
totals, winner, dice and shaken models as ``initiative`` records with those dice, and no
statement that writes, in a savepoint or not. Decisions: docs/web.md, "Table mode, the
action's unit of work, sixth round"."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from sqlmodel import Session

from skirmish.campaign.game import picks, table_roll
from skirmish.campaign.game.board import find_model
from skirmish.campaign.game.initiative import InitiativeReport, initiative, reckon
from skirmish.campaign.game.tables import Game, GameModel
from skirmish.campaign.models import Injury
from skirmish.engine.dice import TableDice
from skirmish.engine.recovery import Invalidity
from skirmish.rules.model import Side

from .statements import recorded
from .table_mode import Table

NERVES = Invalidity.NERVI_SCOSSI.value


def _member(s: Session, table: Table, name: str) -> int:
    return find_model(s, table.game(s), name).member_id


class _Thrown(Exception):
    def __init__(self, found: Any) -> None:
        super().__init__("thrown away")
        self.found = found


def _thrown(table: Table, step: Any) -> Any:
    """``step``'s answer, in a unit of work thrown away afterwards."""

    def run(s: Session) -> None:
        raise _Thrown(step(s))

    with pytest.raises(_Thrown) as thrown:
        table.run(run)
    return thrown.value.found


def _revealed(s: Session, game: Game) -> dict[Side, GameModel]:
    found = {}
    for side in Side:
        model = s.get(GameModel, picks.round_state(s, game).card(side).model_id)
        assert model is not None
        found[side] = model
    return found


#: Wyatt (RIF 4, FAMA 1) against Ike (RIF 3, FAMA 1): each side's die, round by round.
DICE = {
    "good-wins": (6, 1),
    "bad-wins": (1, 6),
    "both-ones": (1, 1),
    "tie-then-good": (3, 4, 5, 2),  # 8 to 8, rolled again (H-06 by default); 10 to 6
    "two-ties-then-bad": (3, 4, 2, 3, 1, 6),  # 8 to 8, 7 to 7; 6 to 10
    "shattered-ike-rolls-1": (6, 1),  # Ike has Nervi scossi: shaken that turn
    "shattered-ike-wins": (1, 6),
}


@pytest.mark.parametrize("dice", DICE.values(), ids=DICE.keys())
def test_the_trial_reckons_what_the_initiative_records_and_writes_nothing(
    table: Table, dice: tuple[int, ...], request: pytest.FixtureRequest
) -> None:
    shattered = "shattered" in request.node.callspec.id
    if shattered:
        table.run(lambda s: s.add(Injury(member_id=_member(s, table, "Ike"), injury=NERVES)))
    table.cli.run("game", "turn")
    table.run(lambda s: picks.pick(s, table.game(s), Side.GOOD, "Wyatt"))
    table.run(lambda s: picks.pick(s, table.game(s), Side.BAD, "Ike"))

    def trial(s: Session) -> tuple[table_roll.Kept, InitiativeReport, list[str], bool]:
        game = table.game(s)
        revealed = _revealed(s, game)
        with recorded() as seen:
            report = reckon(s, game=game, good="Wyatt", bad="Ike", good_fama_from=None,
                            bad_fama_from=None, dice=TableDice(dice))  # fmt: skip
            kept = table_roll.trial(
                s, game=game, revealed=revealed, good_fama_from=None, bad_fama_from=None,
                earlier=dice[:-2], typed=dice[-2:], user_id=None,
            )  # fmt: skip
        left = bool(s.new or s.dirty or s.deleted)
        return kept, report, seen, left

    kept, reckoned, seen, left = _thrown(table, trial)
    assert not left, "the trial left rows to write"
    writes = [x for x in seen if not x.startswith("SELECT")]
    assert writes == [], writes  # no INSERT, UPDATE, DELETE or SAVEPOINT

    def for_good(s: Session) -> InitiativeReport:
        return initiative(s, game=table.game(s), good="Wyatt", bad="Ike", dice=TableDice(dice))

    report = _thrown(table, for_good)
    assert report.rolled and report.activated is not None  # the winner's turn began
    assert replace(report, activated=None, chosen=False, rerolls=()) == reckoned
    assert (kept.winner_side, kept.dice, kept.shaken) == (
        report.winner_side,
        tuple(d.value for d in report.dice),
        report.shaken,
    )
    rounds = tuple((r.good_total, r.bad_total) for r in kept.rounds)
    assert rounds == tuple(zip(report.good_totals, report.bad_totals, strict=True))
    assert len(rounds) == len(dice) // 2  # every round the dice say was rolled
    assert report.shaken == (("Ike",) if shattered and dice[-1] == 1 else ())
