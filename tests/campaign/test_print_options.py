"""A gang's saved print choice (issue #13), on SQLite and PostgreSQL: names resolved to the
stored ones (nearest names on a typo), blank cards within 0–9, kept by model id (a rename keeps
it, a firing drops the model), logged once and undone like any other action."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy.engine import Engine

from skirmish.campaign import gangs, logbook, lookup, roster, store
from skirmish.campaign.models import MemberStatus
from skirmish.campaign.print_options import (
    ACTION,
    PrintChoice,
    choose_models,
    print_choice,
    save_print_choice,
)
from skirmish.campaign.snapshot import capture
from skirmish.campaign.text import describe
from skirmish.errors import CampaignError, SkirmishError


class Earps:
    """The Earps: Wyatt (the sheriff), Virgil and Morgan, each action its own transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        with store.transaction(engine, access=store.Access.CAMPAIGN) as session:
            campaign = gangs.new_campaign(session, name="West")
            gangs.new_gang(session, campaign=campaign, name="Earps", faction="lawmen")
        self.do(roster.hire, profile="sheriff", name="Wyatt Earp")
        self.do(roster.hire, profile="deputy", name="Virgil Earp")
        self.do(roster.hire, profile="deputy", name="Morgan Earp")

    def do(self, action: Callable[..., Any], **kwargs: Any) -> Any:
        with store.transaction(self.engine) as session:
            gang = lookup.gang_by_name(session, lookup.current_campaign(session), "Earps")
            return action(session, gang=gang, **kwargs)

    def save(self, choice: PrintChoice) -> Any:
        return self.do(save_print_choice, choice=choice)

    def choice(self) -> PrintChoice:
        found: PrintChoice = self.do(lambda session, gang: print_choice(gang))
        return found

    def state(self) -> dict[str, Any]:
        found: dict[str, Any] = self.do(lambda session, gang: capture(session, lookup.row_id(gang)))
        return found

    def refused(self, choice: PrintChoice) -> SkirmishError:
        before = self.state()
        with pytest.raises(SkirmishError) as refusal:
            self.save(choice)
        assert self.state() == before
        return refusal.value


@pytest.fixture
def earps(engine: Engine) -> Earps:
    return Earps(engine)


def test_a_gang_that_saved_nothing_prints_every_living_model(earps: Earps) -> None:
    assert earps.choice() == PrintChoice() == PrintChoice((), False, 0)


def test_names_resolve_to_the_stored_ones_and_are_logged_once(earps: Earps) -> None:
    entry = earps.save(PrintChoice(models=("morgan earp", "WYATT", "Morgan Earp"), blank=3))
    assert earps.choice() == PrintChoice(models=("Morgan Earp", "Wyatt Earp"), blank=3)
    assert entry.action == ACTION and entry.state_before is not None
    assert entry.details == {
        "models": ["Morgan Earp", "Wyatt Earp"],
        "with_dead": False,
        "blank": 3,
    }
    assert describe(ACTION, entry.details, None, "en") == (
        "print choice: Morgan Earp, Wyatt Earp, 3 blank cards"
    )
    everyone = earps.save(PrintChoice(with_dead=True))
    assert describe(ACTION, everyone.details, None, "it") == (
        "scelta di stampa: tutti i personaggi, anche i morti, nessuna scheda vuota"
    )
    assert earps.choice() == PrintChoice(with_dead=True)
    one = earps.save(PrintChoice(models=("Virgil",), blank=1))
    assert (
        describe(ACTION, one.details, None, "it") == "scelta di stampa: Virgil Earp, 1 scheda vuota"
    )


def test_an_unknown_name_is_refused_with_the_nearest_in_both_languages(earps: Earps) -> None:
    error = earps.refused(PrintChoice(models=("Wyatt", "Virgill Erp")))
    assert isinstance(error, CampaignError)
    assert "'Virgill Erp'" in str(error) and "Virgil Earp" in str(error)
    assert "'Virgill Erp'" in error.text("it") and "Virgil Earp" in error.text("it")
    assert error.text("it") != str(error)
    assert earps.choice() == PrintChoice()


def test_blank_cards_stay_within_0_to_9(earps: Earps) -> None:
    for blank in (-1, 10, 1000):
        error = earps.refused(PrintChoice(blank=blank))
        assert f"between 0 and 9; {blank} is out of range" in str(error)
        assert f"tra 0 e 9; {blank} è fuori dai limiti" in error.text("it")


def test_the_choice_follows_its_models(earps: Earps) -> None:
    earps.save(PrintChoice(models=("Virgil", "Morgan")))
    earps.do(roster.rename, member="Virgil", name="Virgil W. Earp")
    assert earps.choice().models == ("Virgil W. Earp", "Morgan Earp")
    earps.do(roster.fire, member="Morgan")
    assert earps.choice().models == ("Virgil W. Earp",)
    earps.do(roster.fire, member="Virgil")
    assert earps.choice().models == ()  # none left: every model, as a gang that saved nothing


def test_a_dead_model_may_be_chosen_and_the_living_one_is_preferred(earps: Earps) -> None:
    def bury(session: Any, gang: Any) -> None:
        gang.members[2].status = MemberStatus.DEAD
        gang.treasury += 100  # for his namesake's wages

    earps.do(bury)
    earps.save(PrintChoice(models=("Morgan",), with_dead=True))
    assert earps.choice() == PrintChoice(models=("Morgan Earp",), with_dead=True)
    earps.do(roster.hire, profile="deputy", name="morgan earp")  # a namesake on the roster
    chosen = earps.do(lambda session, gang: [m.status for m in choose_models(gang, ["MORGAN"])])
    assert chosen == [MemberStatus.ACTIVE]


def test_undo_takes_the_choice_back(earps: Earps) -> None:
    earps.save(PrintChoice(models=("Wyatt",)))
    earps.save(PrintChoice(blank=2))
    earps.do(logbook.undo)
    assert earps.choice() == PrintChoice(models=("Wyatt Earp",))
    earps.do(logbook.undo)
    assert earps.choice() == PrintChoice()


def test_a_retired_gang_saves_no_choice(earps: Earps) -> None:
    earps.do(gangs.retire_gang)
    error = earps.refused(PrintChoice(blank=1))
    assert "retired" in str(error) and "ritirata" in error.text("it")


def test_an_export_with_the_choice_in_its_log_is_a_valid_document(earps: Earps) -> None:
    from skirmish.campaign.document_shapes import check_document
    from skirmish.campaign.transfer import export_gang

    earps.save(PrintChoice(models=("Wyatt",), with_dead=True, blank=9))
    document = earps.do(export_gang)
    checked = check_document(document)
    (entry,) = [e for e in checked["gang"]["log"] if e["action"] == ACTION]
    assert entry["details"] == {"models": ["Wyatt Earp"], "with_dead": True, "blank": 9}
