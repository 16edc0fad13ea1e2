"""Names as players say them (issue #10, item 6): the one matcher (``rules.names.matching``,
worded by ``campaign.naming``) and the handles of ``roster.rename``, on SQLite and PostgreSQL.
Every refusal leaves the gang exactly as it was."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy.engine import Engine

from skirmish.campaign import gangs, logbook, lookup, naming, roster, store
from skirmish.campaign.snapshot import capture
from skirmish.errors import CampaignError
from skirmish.limits import LimitError
from skirmish.rules.names import Fit, fit, matching, name_key

EARPS = ["Wyatt Earp", "Virgil Earp", "Morgan Earp"]
TABLE = [
    "Don Ettore Bàrtoli",
    "Niccolò Bàrtoli",
    "Ranch Sant’Antonio & Figli",
    *EARPS,
    "Billy",
    "Billy the Kid",
    "Ed Earl",
    "Edward",
]


def named(typed: str, names: list[str] = TABLE) -> list[str]:
    return matching(typed, [(n, (n,)) for n in names])


# --------------------------------------------------------------------------- the matcher


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("Don Ettore", "Don Ettore Bàrtoli"),  # the examples
        ("Virgil", "Virgil Earp"),
        ("Niccolo", "Niccolò Bàrtoli"),
        ("ranch", "Ranch Sant’Antonio & Figli"),
        ("Sant'Antonio", "Ranch Sant’Antonio & Figli"),
        ("sant`antonio", "Ranch Sant’Antonio & Figli"),
        ("SANT’ANTONIO FIGLI", "Ranch Sant’Antonio & Figli"),
        ("Wy", "Wyatt Earp"),  # a unique prefix
        ("Don Ett", "Don Ettore Bàrtoli"),  # whole words, the last one begun
        ("ettore bart", "Don Ettore Bàrtoli"),
        ("morg", "Morgan Earp"),
        ("niccolo bartoli", "Niccolò Bàrtoli"),  # the whole name, folded
        ("Ranch Sant Antonio & Figli", "Ranch Sant’Antonio & Figli"),
    ],
)
def test_a_prefix_or_whole_words_name_one_model(typed: str, name: str) -> None:
    assert named(typed) == [name]


def test_exact_beats_whole_words_which_beat_a_prefix() -> None:
    assert named("Billy") == ["Billy"]  # exact, though a word of "Billy the Kid"
    assert named("kid") == ["Billy the Kid"]
    assert named("Ed") == ["Ed Earl"]  # a whole word, though a prefix of "Edward"
    assert named("Edw") == ["Edward"]
    assert fit("Ed", "Ed Earl") is Fit.WORDS and fit("Ed", "Edward") is Fit.PREFIX
    assert fit("ed earl", "Ed Earl") is Fit.EXACT
    assert fit("Earl Ed", "Ed Earl") is None  # words in their order


def test_an_ambiguous_name_is_every_candidate_of_its_best_fit() -> None:
    assert named("Earp") == EARPS
    assert named("Bartoli") == ["Don Ettore Bàrtoli", "Niccolò Bàrtoli"]
    assert named("Zorro") == []


def test_names_stored_before_apart_only_by_punctuation_are_told_apart() -> None:
    old = ["Billy", "Billy!"]
    assert named("Billy", old) == ["Billy"]
    assert named("Billy!", old) == ["Billy!"]
    assert named("billy", old) == ["Billy"]  # same separators as 'Billy' only
    assert len(named("BILLY?", old)) == 2  # neither: still ambiguous, not a guess


def test_a_name_of_no_letters_is_its_folded_text() -> None:
    assert name_key("!!") == "!!" and named("!!", ["!!", "??"]) == ["!!"]


@given(st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=6, unique_by=name_key))
def test_a_whole_name_always_names_itself(names: list[str]) -> None:
    for name in names:
        assert named(name, names) == [name]


# --------------------------------------------------------------------------- the refusals


def test_an_ambiguous_name_lists_the_candidates_in_both_languages() -> None:
    with pytest.raises(CampaignError) as refusal:
        naming.choose("Earp", [(n, (n,)) for n in TABLE], kind=naming.MODEL, label=str)
    assert str(refusal.value) == (
        "'Earp' names 3 models: 'Wyatt Earp', 'Virgil Earp', 'Morgan Earp'; say which."
    )
    assert refusal.value.text("it") == (
        "'Earp' indica 3 personaggi: 'Wyatt Earp', 'Virgil Earp', 'Morgan Earp'; specifica quale."
    )


def test_an_unknown_name_lists_the_nearest() -> None:
    with pytest.raises(CampaignError) as refusal:
        naming.choose("Virgyl", [(n, (n,)) for n in TABLE], kind=naming.MODEL, label=str)
    assert str(refusal.value) == "unknown model 'Virgyl': did you mean 'Virgil Earp'?"
    assert refusal.value.text("it") == (
        "personaggio sconosciuto 'Virgyl': forse intendevi 'Virgil Earp'?"
    )


# --------------------------------------------------------------------------- the store


class Ranch:
    """A campaign with the issue's gang; each action in its own transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        with store.transaction(engine) as session:
            campaign = gangs.new_campaign(session, name="West")
            gangs.new_gang(
                session, campaign=campaign, name="Ranch Sant’Antonio & Figli", faction="cowboys"
            )
        self.do(roster.hire, profile="ranchero", name="Don Ettore Bàrtoli")
        self.do(roster.hire, profile="cowboy", name="Niccolò Bàrtoli")

    def do(self, action: Any, gang: str = "ranch", **kwargs: Any) -> Any:
        with store.transaction(self.engine) as session:
            found = lookup.gang_by_name(session, lookup.current_campaign(session), gang)
            return action(session, gang=found, **kwargs)

    def state(self) -> dict[str, Any]:
        with store.transaction(self.engine) as session:
            found = lookup.gang_by_name(session, lookup.current_campaign(session), "Ranch")
            assert found.id is not None
            return capture(session, found.id)

    def refused(self, message: str, **kwargs: Any) -> None:
        before = self.state()
        with pytest.raises((CampaignError, LimitError)) as refusal:
            self.do(roster.rename, **kwargs)
        assert str(refusal.value) == message
        assert self.state() == before

    def member(self, name: str) -> tuple[str, str | None]:
        with store.transaction(self.engine) as session:
            found = lookup.gang_by_name(session, lookup.current_campaign(session), "ranch")
            member = lookup.member_by_name(found, name)
            return member.name, member.handle


@pytest.fixture
def ranch(engine: Engine) -> Iterator[Ranch]:
    yield Ranch(engine)


def test_gangs_and_models_are_named_as_players_say_them(ranch: Ranch) -> None:
    assert ranch.member("Niccolo") == ("Niccolò Bàrtoli", None)
    assert ranch.member("don ettore") == ("Don Ettore Bàrtoli", None)
    for typed in ("Sant'Antonio", "ranch", "figli", "RANCH SANT`ANTONIO"):
        with store.transaction(ranch.engine) as session:
            campaign = lookup.current_campaign(session, "we")  # a campaign by prefix too
            assert lookup.gang_by_name(session, campaign, typed).name.startswith("Ranch")


def test_a_handle_is_set_used_and_taken_back_by_undo(ranch: Ranch) -> None:
    entry = ranch.do(roster.rename, member="Niccolo", handle="Nico")
    assert (entry.action, entry.details["handle_after"]) == ("member-rename", "Nico")
    assert ranch.member("nico") == ("Niccolò Bàrtoli", "Nico")
    ranch.do(roster.rename, member="Nico", name="Niccolò Bàrtoli Jr")
    assert ranch.member("Nico") == ("Niccolò Bàrtoli Jr", "Nico")
    ranch.do(logbook.undo)
    ranch.do(logbook.undo)
    assert ranch.member("Niccolo") == ("Niccolò Bàrtoli", None)


def test_an_empty_handle_or_clear_handle_takes_it_away(ranch: Ranch) -> None:
    ranch.do(roster.rename, member="Niccolo", handle="Nico")
    ranch.do(roster.rename, member="nico", handle="  ")
    assert ranch.member("Niccolo") == ("Niccolò Bàrtoli", None)
    ranch.do(roster.rename, member="Niccolo", handle="Nico")
    ranch.do(roster.rename, member="nico", clear_handle=True)
    assert ranch.member("Niccolo") == ("Niccolò Bàrtoli", None)


def test_handles_are_unique_in_the_gang_among_names_and_handles(ranch: Ranch) -> None:
    ranch.do(roster.rename, member="Don Ettore", handle="Don")
    ranch.refused(
        "R-13: 'Ranch Sant’Antonio & Figli' already has 'Don Ettore Bàrtoli', whose handle is "
        "'Don'; two models of one gang may not share a name or a handle: choose another "
        "handle.",
        member="Niccolo", handle="dòn",
    )  # fmt: skip
    ranch.refused(
        "R-13: 'Ranch Sant’Antonio & Figli' already has a model called 'don ettore bartoli'; "
        "two models of one gang may not share a name: choose another handle.",
        member="Niccolo", handle="don ettore bartoli",
    )  # fmt: skip
    with pytest.raises(CampaignError, match=r"^R-13: .* whose handle is 'Don'; .* another name\.$"):
        ranch.do(roster.hire, profile="cowboy", name="DON")  # a new name clashes with a handle


def test_a_handle_is_short_and_says_something_new(ranch: Ranch) -> None:
    ranch.refused(
        "a handle has at most 24 characters; 'Niccolino il piccolo di Bàrtoli' is longer.",
        member="Niccolo", handle="Niccolino il piccolo di Bàrtoli",
    )  # fmt: skip
    ranch.refused(
        "'niccolò bàrtoli' is already the name of 'Niccolò Bàrtoli'; a handle is a shorter "
        "name.",
        member="Niccolo", handle="niccolò bàrtoli",
    )  # fmt: skip
    ranch.refused(
        "say what to change of 'Niccolò Bàrtoli': a new name, handle or no_handle.",
        member="Niccolo",
    )  # fmt: skip
    ranch.refused(
        "'Niccolò Bàrtoli' is already called so; nothing to change.",
        member="Niccolo", name="Niccolò Bàrtoli",
    )  # fmt: skip
