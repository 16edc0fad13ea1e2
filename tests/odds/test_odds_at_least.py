""" "At least N" and the chance to eliminate (issue #13), checked against each golden file's
own tables: the chance of N or more is the sum of the rows from N on, and the chance to
eliminate is the outcome table's ``eliminated`` (shoot, melee) or the chance of COS wounds or
more (save). The tables themselves are checked against brute force in test_odds_golden.py."""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from skirmish.odds.chances import Chances, chances
from skirmish.odds.dist import Dist
from skirmish.odds.report import at_least

sys.path.insert(0, str(Path(__file__).resolve().parent))
from odds_cases import CASES  # noqa: E402

NUMERIC = ("damage", "wounds", "successes")


def golden(name: str) -> dict[str, Any]:
    path = Path(__file__).resolve().parent.parent / "golden" / "odds" / f"{name}.json"
    found: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))["odds"]
    return found


@pytest.mark.parametrize("name", [c.name for c in CASES])
def test_at_least_is_the_sum_of_the_rows_from_n_on(name: str) -> None:
    odds = golden(name)
    tables = [k for k in NUMERIC if k in odds]
    if not tables:
        assert "at_least" not in odds
        return
    assert set(odds["at_least"]) == set(tables)
    for key in tables:
        rows = {int(v): Fraction(p) for v, p in odds[key].items()}
        least = odds["at_least"][key]
        assert list(least) == list(odds[key])  # the same values, in the same order
        for value, p in least.items():
            assert Fraction(p) == sum(q for v, q in rows.items() if v >= int(value))
        assert Fraction(least[min(least, key=int)]) == 1


@pytest.mark.parametrize("name", [c.name for c in CASES])
def test_eliminated_is_the_outcome_tables_or_cos_wounds_or_more(name: str) -> None:
    case = next(c for c in CASES if c.name == name)
    odds = golden(name)
    if case.setup is not None:
        target = case.setup.target
        if target.rif is None or target.cos is None:
            assert "eliminated" not in odds
        else:
            assert odds["eliminated"] == odds["outcome"].get("eliminated", "0")
    elif name.startswith("save"):
        assert "eliminated" in odds  # the save cases all give COS


def test_at_least_of_a_distribution_with_gaps() -> None:
    dist = Dist({0: Fraction(1, 2), 2: Fraction(1, 3), 5: Fraction(1, 6)})
    assert at_least(dist) == {0: 1, 2: Fraction(1, 2), 5: Fraction(1, 6)}


SHOOT = {
    "tiro": 4, "fred": 3, "cos": 3, "weapon": "six-shooter", "range_": 8,
    "target_rif": 3, "target_fred": 3, "target_cos": 1,
}  # fmt: skip


def _shoot(**changes: Any) -> Chances:
    from skirmish.engine import situation
    from skirmish.engine.situation import Procedure

    shoot = Procedure.SHOOT
    options: dict[str, Any] = {
        i.param_for(shoot): i.default_for(shoot) for i in situation.inputs_for(shoot)
    }
    options.update(fortuna=0, fama=0, target_fortuna=0, target_fama=0)
    options.update(SHOOT)
    options.update(changes)
    return chances("shoot", options)


def test_the_headline_says_the_chance_to_eliminate_in_both_languages() -> None:
    found = _shoot()
    assert found.eliminated == Fraction(found.payload["eliminated"]) == Fraction(7, 24)
    assert found.headline("en") == "Chance to eliminate: 29.17% (7/24)"
    assert found.headline("it") == "Probabilità di eliminare: 29,17% (7/24)"
    tables = found.tables("en")
    assert [t.title for t in tables] == ["Damage", "Wounds", "Target"]
    assert tables[1].at_least == [1, Fraction(7, 24)]
    assert tables[2].at_least is None  # outcomes have no order to count "or more" in


def test_no_headline_without_the_targets_cos() -> None:
    found = _shoot(target_cos=None)
    assert found.eliminated is None and found.headline("en") is None
    assert "eliminated" not in found.payload
    # a save fails on 1/2: two wounds need two damage (1/6) and two failures (1/4)
    assert found.payload["at_least"]["wounds"] == {"0": "1", "1": "7/24", "2": "1/24"}
