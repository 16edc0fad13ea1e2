"""Every rule id the code names (``rules.ids``, ``engine.recovery.Invalidity``) is in the
rules data."""

from __future__ import annotations

from skirmish import rules
from skirmish.engine.recovery import Invalidity
from skirmish.rules.ids import FactionId, ItemId, ProfileId, SkillId


def test_factions_are_the_datas() -> None:
    assert {f.value for f in FactionId} == {f.id for f in rules.factions()}


def test_skills_are_the_datas() -> None:
    assert {s.value for s in SkillId} == {s.id for s in rules.skills()}


def test_profiles_are_in_the_data() -> None:
    assert {p.value for p in ProfileId} <= {p.id for p in rules.profiles()}


def test_items_are_in_the_data() -> None:
    known = {w.id for w in rules.weapons()} | {i.id for i in rules.items()}
    assert {i.value for i in ItemId} <= known


def test_invalidities_are_the_invalid_table() -> None:
    assert [i.value for i in Invalidity] == [row.id for row in rules.invalid_table()]
