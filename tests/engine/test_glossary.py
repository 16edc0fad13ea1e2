"""The game's words (STYLE.md habit 10, RULINGS §1): every member of every closed set parses
back from its label in both languages, aliases and accents are accepted, an unknown word names
the nearest ones, and a game's log records only the kinds of event the glossary declares."""

from __future__ import annotations

import ast
from enum import StrEnum
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.engine.glossary import (
    EVENTS,
    STATES,
    TABLE_STATES,
    VOCABULARIES,
    EventKind,
    GameResult,
    GameStatus,
    Pace,
    TableState,
    Vocabulary,
    Word,
    label,
    parse,
)
from skirmish.errors import RulesError, UnknownNameError
from skirmish.i18n import Lang
from skirmish.rules.model import ModelState, ObjectiveEvent, ObjectiveState, Point, Side

PACKAGE = Path(__file__).resolve().parents[2] / "skirmish"

MEMBERS = [(kind, member) for kind in VOCABULARIES for member in kind]


def _id(value: object) -> str:
    return value.__name__ if isinstance(value, type) else str(value)


@pytest.mark.parametrize("lang", list(Lang))
@pytest.mark.parametrize(("kind", "member"), MEMBERS, ids=_id)
def test_every_label_parses_back(kind: type[StrEnum], member: StrEnum, lang: Lang) -> None:
    assert parse(kind, label(member, lang)) is member


@pytest.mark.parametrize(("kind", "member"), MEMBERS, ids=_id)
def test_the_code_value_parses_too(kind: type[StrEnum], member: StrEnum) -> None:
    assert parse(kind, member.value) is member


def test_the_glossary_names_the_game_words() -> None:
    assert set(VOCABULARIES) == {
        ModelState, TableState, Point, Side, GameStatus, GameResult, EventKind, ObjectiveState,
        ObjectiveEvent, Pace,
    }  # fmt: skip


@given(st.sampled_from(MEMBERS), st.sampled_from(list(Lang)))
def test_any_case_and_spacing(case: tuple[type[StrEnum], StrEnum], lang: Lang) -> None:
    kind, member = case
    word = label(member, lang)
    assert parse(kind, word.upper()) is member
    assert parse(kind, f"  {word.title()} ") is member
    assert parse(kind, word.replace(" ", "-")) is member


def test_one_italian_word_for_steady() -> None:
    # The book has none: "calmo" everywhere, "saldo" (the dice commands' old word) still read.
    assert label(ModelState.STEADY, Lang.IT) == "calmo"
    assert label(TableState.STEADY, Lang.IT) == "calmo"
    assert parse(ModelState, "saldo") is ModelState.STEADY
    assert parse(TableState, "Saldo") is TableState.STEADY


@pytest.mark.parametrize(
    ("kind", "text", "member"),
    [
        (ModelState, "SCOSSO", ModelState.SHAKEN),
        (ModelState, "in panico", ModelState.TERRIFIED),  # RULINGS §1: both words, one state
        (ModelState, "In-Panico", ModelState.TERRIFIED),
        (ModelState, "panic", ModelState.TERRIFIED),
        (TableState, "a terra", TableState.PRONE),
        (TableState, "steso", TableState.PRONE),
        (TableState, "in piedi", TableState.STANDING),
        (TableState, "up", TableState.STANDING),
        (TableState, "fugge", TableState.FLEEING),
        (TableState, "impaurito", TableState.TERRIFIED),
        (Point, "fame", Point.FAMA),
        (Point, "Fortune", Point.FORTUNA),
        (Side, "i cattivi", Side.BAD),
        (Side, "good side", Side.GOOD),
        (GameStatus, "in corso", GameStatus.IN_PROGRESS),
        (GameStatus, "in_progress", GameStatus.IN_PROGRESS),
        (GameResult, "sconfitta", GameResult.LOSS),
        (EventKind, "friend-death", EventKind.FRIEND_DEATH),
        (EventKind, "cade un amico", EventKind.FRIEND_DEATH),
        (EventKind, "fight", EventKind.MELEE),
        (ObjectiveState, "off_table", ObjectiveState.OFF_TABLE),
        (ObjectiveState, "fuori dal tavolo", ObjectiveState.OFF_TABLE),
        (ObjectiveEvent, "pick-up", ObjectiveEvent.PICK_UP),
        (ObjectiveEvent, "raccogli", ObjectiveEvent.PICK_UP),
        (ObjectiveEvent, "porta via", ObjectiveEvent.CARRY_OFF),
        (ObjectiveEvent, "morto", ObjectiveEvent.KILL),
        (ObjectiveEvent, "safe", ObjectiveEvent.SHELTER),
    ],
)
def test_aliases_and_accents(kind: type[StrEnum], text: str, member: StrEnum) -> None:
    assert parse(kind, text) is member


def test_accents_are_folded() -> None:
    assert parse(ModelState, "scòsso") is ModelState.SHAKEN
    assert parse(GameStatus, "FINITÀ") is GameStatus.ENDED


def test_labels_in_each_language() -> None:
    assert [label(s, Lang.IT) for s in ModelState] == ["calmo", "scosso", "impaurito"]
    assert [label(s, Lang.EN) for s in ModelState] == ["steady", "shaken", "terrified"]
    assert [label(s, "it") for s in TableState][3:] == ["steso", "in piedi", "in fuga"]
    assert [label(s, Lang.IT) for s in Side] == ["buoni", "cattivi"]
    assert [label(s, Lang.IT) for s in GameStatus] == ["in corso", "finita", "abbandonata"]
    assert label(Point.FAMA, Lang.EN) == label(Point.FAMA, Lang.IT) == "FAMA"
    assert label(GameResult.WIN, Lang.IT) == "vittoria"
    assert label(GameResult.WIN, Lang.EN) == "win"


def test_the_three_states_have_the_same_words_at_the_table() -> None:
    for state in ModelState:
        table = TableState(state.value)
        assert table.model_state is state
        for lang in Lang:
            assert label(table, lang) == label(state, lang)
    assert [s for s in TableState if s.model_state is None] == [
        TableState.PRONE, TableState.STANDING, TableState.FLEEING,
    ]  # fmt: skip


def test_an_unknown_word_names_the_nearest() -> None:
    with pytest.raises(UnknownNameError) as caught:
        parse(ModelState, "scoso")
    assert str(caught.value) == "unknown state 'scoso': did you mean 'shaken'?"
    assert caught.value.suggestions == ("shaken",)
    assert isinstance(caught.value, RulesError)


def test_an_unknown_word_far_from_all_lists_every_word() -> None:
    with pytest.raises(UnknownNameError) as caught:
        parse(TableState, "xyzzy")
    assert str(caught.value) == (
        "unknown state 'xyzzy': did you mean 'steady', 'shaken', 'terrified', 'prone', "
        "'standing', 'fleeing'?"
    )
    with pytest.raises(UnknownNameError, match=r"unknown point 'fam': did you mean 'fama'"):
        parse(Point, "fam")


def test_a_huge_unknown_word_is_not_echoed_whole() -> None:
    with pytest.raises(UnknownNameError) as caught:
        parse(Side, "x" * 10_000)
    assert "(10,000 characters)" in str(caught.value)
    assert len(str(caught.value)) < 200


def test_a_vocabulary_needs_one_word_per_member() -> None:
    with pytest.raises(RulesError, match="'bad' has no word"):
        Vocabulary("side", Side, [Word(Side.GOOD, "good")])
    with pytest.raises(RulesError, match="'good' has two words"):
        Vocabulary("side", Side, [Word(Side.GOOD, "good")] * 2)
    clash = Vocabulary("side", Side, [Word(Side.GOOD, "good"), Word(Side.BAD, "bad", ("good",))])
    with pytest.raises(RulesError, match="ambiguous"):  # its index is built on the first parse
        clash.parse("good")
    for vocabulary in VOCABULARIES.values():  # so every real one is parsed once here
        assert vocabulary.parse(next(iter(vocabulary)).en)


def test_the_vocabularies_by_kind() -> None:
    assert VOCABULARIES[ModelState] is STATES
    assert VOCABULARIES[TableState] is TABLE_STATES
    assert STATES.parse("calmo") is ModelState.STEADY
    assert EVENTS.label(EventKind.STATE_ENDS, Lang.EN) == "state ends"


# --------------------------------------------------------------------------- the game's log


def _record_event_kinds() -> tuple[set[str], list[str]]:
    """The EventKind members the campaign records, and every ``record_event`` or ``finish``
    call whose kind is anything else (a bare string, a variable)."""
    used: set[str] = set()
    bare: list[str] = []
    for path in sorted((PACKAGE / "campaign").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                if node.value.id == "EventKind":
                    used.add(node.attr)
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id not in ("record_event", "finish"):
                continue
            at = 2 if node.func.id == "record_event" else 3  # (session, game, [result,] kind)
            kind = node.args[at] if len(node.args) > at else None
            if kind is None:
                kind = next((k.value for k in node.keywords if k.arg in ("action", "how")), None)
            is_member = (
                isinstance(kind, ast.Attribute)
                and isinstance(kind.value, ast.Name)
                and kind.value.id == "EventKind"
            )
            if not is_member:
                bare.append(f"{path.name}:{node.lineno}")
    return used, bare


def test_every_event_is_recorded_by_its_kind() -> None:
    used, bare = _record_event_kinds()
    assert bare == []
    assert used == {kind.name for kind in EventKind}
