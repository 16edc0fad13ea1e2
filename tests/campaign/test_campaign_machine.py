"""Random sequences of between-games actions (hire, fire, buy, sell, equip, unequip, XP,
advance, undo) on SQLite and PostgreSQL, checking after every step that the books balance and
the rules hold (R-11, R-13), and that undo goes back exactly to the state before."""

from __future__ import annotations

import itertools
from typing import Any

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)
from sqlalchemy.engine import Engine

from skirmish.campaign import advancement, equipment, gangs, logbook, lookup, roster, store
from skirmish.campaign.models import Gang
from skirmish.campaign.roster import MAX_MODELS
from skirmish.campaign.snapshot import capture
from skirmish.engine.dice import RandomDice
from skirmish.errors import CampaignError
from skirmish.rules import find_equipment, profiles

#: A long file: it starts first (tests/conftest.py, LONGEST_FIRST).
pytestmark = pytest.mark.slow

FACTIONS = ["lawmen", "outlaws", "cowboys", "mountain-men", "military", "indians"]
NAMES = ["Ann", "Bob", "Cal", "Dee", "Eli", "Fay", "Gus"]
ITEMS = ["six-shooter", "knife", "rifle", "horse", "lasso", "whisky", "spear", "bayonet"]
ADVANCES = ["skill", "rif", "fred", "cos", "tiro", "fama", "fortuna"]
CHOICES = ["repeater", "knife", "six-shooter"]
_CAMPAIGNS = itertools.count(1)


def make_machine(engine: Engine) -> type[RuleBasedStateMachine]:
    class GangMachine(RuleBasedStateMachine):
        """One gang in a campaign of its own; the model is the list of states before each action
        that was not undone yet."""

        def __init__(self) -> None:
            super().__init__()
            self.gang_name = "Gang"
            self.faction = "lawmen"
            self.undoable: list[dict[str, Any]] = []

        def _act(self, action: Any, **kwargs: Any) -> None:
            before = self.state()
            try:
                with store.transaction(engine) as session:
                    action(session, gang=self._gang(session), **kwargs)
            except CampaignError:
                assert self.state() == before, "a refusal changed the database"
                return
            self.undoable.append(before)

        def _gang(self, session: Any) -> Gang:
            campaign = lookup.campaign_by_name(session, self.campaign)
            return lookup.gang_by_name(session, campaign, self.gang_name)

        def roster(self) -> list[str]:
            state = self.state()
            return [m["name"] for m in state["member"] if m["status"] == "active"]

        def who(self, pick: int) -> str:
            names = self.roster()
            return names[pick % len(names)] if names else "Nobody"

        def owned(self, pick: int, carried: bool) -> tuple[str, str | None]:
            state = self.state()
            members = {m["id"]: m["name"] for m in state["member"]}
            pool = [
                (i["item"], members.get(i["member_id"]))
                for i in state["owned_item"]
                if (i["member_id"] is not None) == carried
            ]
            return pool[pick % len(pool)] if pool else ("knife", None)

        def state(self) -> dict[str, Any]:
            with store.transaction(engine) as session:
                gang = self._gang(session)
                assert gang.id is not None
                return capture(session, gang.id)

        @initialize(faction=st.sampled_from(FACTIONS))
        def found(self, faction: str) -> None:
            self.campaign = f"Machine {next(_CAMPAIGNS)}"
            self.faction = faction
            with store.transaction(engine) as session:
                campaign = gangs.new_campaign(session, name=self.campaign)
                gangs.new_gang(session, campaign=campaign, name="Gang", faction=faction)
            # Start from a small roster with some XP, so that most rules have someone to act on.
            own = profiles(faction)
            self._act(roster.hire, profile=own[0].id, name="Ann")
            self._act(roster.hire, profile=own[-1].id, name="Bob")
            self._act(advancement.award_xp, member="Ann", xp=9)

        @rule(pick=st.integers(0, 9), name=st.sampled_from(NAMES))
        def hire(self, pick: int, name: str) -> None:
            own = profiles(self.faction)
            self._act(roster.hire, profile=own[pick % len(own)].id, name=name)

        @rule(pick=st.integers(0, 5))
        def fire(self, pick: int) -> None:
            self._act(roster.fire, member=self.who(pick))

        @rule(
            item=st.sampled_from(ITEMS),
            pick=st.none() | st.integers(0, 5),
            seed=st.integers(0, 2**16),
        )
        def buy(self, item: str, pick: int | None, seed: int) -> None:
            member = self.who(pick) if pick is not None else None
            self._act(equipment.buy, item=item, member=member, dice=RandomDice(seed))

        @rule(pick=st.integers(0, 20), carried=st.booleans())
        def sell(self, pick: int, carried: bool) -> None:
            item, member = self.owned(pick, carried)
            self._act(equipment.sell, item=item, member=member)

        @rule(pick=st.integers(0, 20), who=st.integers(0, 5))
        def equip(self, pick: int, who: int) -> None:
            item, _ = self.owned(pick, carried=False)
            self._act(equipment.equip, item=item, member=self.who(who))

        @rule(pick=st.integers(0, 20))
        def unequip(self, pick: int) -> None:
            item, member = self.owned(pick, carried=True)
            self._act(equipment.unequip, item=item, member=member or "Nobody")

        @rule(pick=st.integers(0, 5), xp=st.integers(1, 8))
        def award(self, pick: int, xp: int) -> None:
            self._act(advancement.award_xp, member=self.who(pick), xp=xp)

        @rule(
            pick=st.integers(0, 5),
            advance=st.sampled_from(ADVANCES),
            seed=st.integers(0, 2**16),
        )
        def advance(self, pick: int, advance: str, seed: int) -> None:
            self._act(
                advancement.advance, member=self.who(pick), advance=advance, dice=RandomDice(seed),
                choices=CHOICES,
            )  # fmt: skip

        @rule()
        def undo(self) -> None:
            if not self.undoable:
                with pytest.raises(CampaignError, match="nothing to undo"):
                    with store.transaction(engine) as session:
                        logbook.undo(session, gang=self._gang(session))
                return
            with store.transaction(engine) as session:
                logbook.undo(session, gang=self._gang(session))
            assert self.state() == self.undoable.pop(), "undo did not restore the state exactly"

        @invariant()
        def books_balance_and_rules_hold(self) -> None:
            if not hasattr(self, "campaign"):
                return
            with store.transaction(engine) as session:
                gang = lookup.gang_by_name(
                    session, lookup.campaign_by_name(session, self.campaign), "Gang", full=True
                )
                entries = logbook.history(
                    session, campaign=lookup.campaign_by_name(session, self.campaign), gang=gang
                )
                ledger = sum((e.money_after or 0) - (e.money_before or 0) for e in entries)
                assert gang.treasury >= 0
                assert ledger == gang.treasury, "treasury differs from start + income − spending"
                spent = sum(
                    e.money_before - e.money_after
                    for e in entries
                    if e.money_before is not None and e.money_after is not None
                    and e.action not in ("gang-new",)
                )  # fmt: skip
                assert gang.treasury == gangs.START_TREASURY - spent
                roster = lookup.active_members(gang)
                assert len(roster) <= MAX_MODELS
                assert sum(1 for m in roster if m.role == "leader") <= 1
                for profile in profiles(gang.faction):
                    if profile.max is not None:
                        assert sum(1 for m in roster if m.profile == profile.id) <= profile.max
                for member in roster:
                    for value in (member.tiro, member.fred, member.rif, member.cos):
                        assert 0 <= value <= 4
                    assert 0 <= member.fama <= 4 and 0 <= member.fortuna <= 4
                    assert member.xp >= 0
                for owned in gang.items:
                    assert find_equipment(owned.item).id == owned.item

    return GangMachine


@pytest.mark.parametrize(
    "backend", ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
)
def test_random_actions_keep_the_books_and_the_rules(
    backend: str, request: pytest.FixtureRequest
) -> None:
    # SQLite in memory (one shared connection: StaticPool) keeps the many commits cheap.
    url = "sqlite://" if backend == "sqlite" else request.getfixturevalue("postgres_database")
    engine = store.open_store(url)
    try:
        run_state_machine_as_test(
            make_machine(engine),
            settings=settings(
                max_examples=30 if backend == "sqlite" else 10,
                stateful_step_count=25,
                deadline=None,
                suppress_health_check=[HealthCheck.too_slow],
                derandomize=True,
            ),
        )
    finally:
        engine.dispose()
