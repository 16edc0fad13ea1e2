"""The campaign's H-06 at the initiative (§1.8, R-07): a tie is rolled again, or, with
``initiative-ties higher-rif``, won by the model of the higher RIF; the setting is read only
when the two RIFs differ (issue #23: it was read at every roll, whatever the RIFs).

Wyatt (sheriff, RIF 4, FAMA 1), Ike (boss, RIF 3, FAMA 1), Billy (henchman, RIF 4, FAMA 0)."""

from __future__ import annotations

from typing import Any

from .harness import Cli
from .statements import recorded


def _start(cli: Cli, ties: str | None = None) -> None:
    if ties is not None:
        cli.run("campaign", "set", "initiative-ties", ties)
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    cli.run("game", "turn")


def _roll(cli: Cli, good: str, bad: str, dice: str) -> dict[str, Any]:
    found = cli.json("game", "initiative", good, bad, "--dice", dice)
    (roll,) = (e for e in found["events"] if e["action"] == "initiative")
    details: dict[str, Any] = roll["details"]
    return details


def test_a_tie_is_rolled_again_by_default(cli: Cli) -> None:
    _start(cli)
    with recorded("FROM campaign_setting") as seen:
        rolled = _roll(cli, "Wyatt", "Ike", "3,4,2,5")  # 3 + 4 + 1 = 4 + 3 + 1; then 7 to 9
    assert (rolled["good_totals"], rolled["bad_totals"], rolled["winner"]) == (
        [8, 7],
        [8, 9],
        "Ike",
    )
    assert len(seen) == 1  # the RIFs differ: the setting is asked for (and not found)


def test_higher_rif_wins_a_tie_when_the_rifs_differ(cli: Cli) -> None:
    _start(cli, "higher-rif")
    with recorded("FROM campaign_setting") as seen:
        rolled = _roll(cli, "Wyatt", "Ike", "3,4")  # 8 to 8: Wyatt's RIF 4 beats Ike's 3
    assert (rolled["good_totals"], rolled["bad_totals"], rolled["winner"]) == ([8], [8], "Wyatt")
    assert len(seen) == 1


def test_between_equal_rifs_a_tie_is_rolled_again_and_the_setting_not_read(cli: Cli) -> None:
    _start(cli, "higher-rif")
    with recorded("FROM campaign_setting") as seen:
        rolled = _roll(cli, "Wyatt", "Billy", "3,4,5,2")  # 3 + 4 + 1 = 4 + 4 + 0; then 10 to 6
    assert (rolled["good_totals"], rolled["bad_totals"], rolled["winner"]) == (
        [8, 10],
        [8, 6],
        "Wyatt",
    )
    assert seen == []
