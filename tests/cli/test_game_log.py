"""``game log`` (``registro``): one sentence per event in the order the table played them, in
either language, with each die read as at the table; ``--json`` keeps the events' structure
(issue #10, item 9)."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.harness import Cli, build_base, fresh  # noqa: E402

from skirmish.cli.game_log import MESSAGES, sentence, sentences  # noqa: E402
from skirmish.engine.glossary import EventKind  # noqa: E402
from skirmish.i18n import Lang  # noqa: E402
from skirmish.rules.scenarios import find_scenario  # noqa: E402


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield build_base(tmp_path_factory.mktemp("game-log"))


@pytest.fixture
def cli(base: Path, tmp_path: Path) -> Cli:
    return fresh(base, tmp_path)


def _a_game(cli: Cli) -> None:
    """Bank robbery: Ike carries a sack; Wyatt shoots him dead (the sack drops), Frank is
    terrified at the table, Wyatt spends his FAMA."""
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    cli.run("game", "turn")
    cli.run("game", "objective", "loot", "carry", "--by", "Ike", "--copy", "1")
    # nerve 1,1 (calm); to hit 6: 2 damage; saves 6 and 6 against RIF 3: 2 wounds, Ike (COS 3)
    # is left at 1; panic 6,6: terrified
    cli.run("game", "shoot", "Wyatt", "Ike", "--range", "5", "--dice", "1,1,6,6,6,6,6")
    cli.run("game", "hit", "Ike", "--wounds", "1", "--by", "Virgil")
    cli.run("game", "state", "Frank", "terrified")
    cli.run("game", "spend", "fama", "Wyatt")


def test_the_log_reads_as_sentences_in_english(cli: Cli) -> None:
    _a_game(cli)
    lines = cli.run("game", "log").splitlines()
    assert lines[0] == (
        "Turn 0 · Bank robbery begins: Earps (good, 3 models) against Clantons (bad, 3 models)."
    )
    assert "Turn 1 · The turn begins." in lines
    assert "Turn 1 · Ike carries loot sack 1." not in lines  # the carrier's words, not an id
    shot = next(line for line in lines if "shoots" in line)
    assert shot == (
        "Turn 1 · Wyatt shoots Ike with the Six-shooter at 5U: nerve 1 ✓ 1 ✓, to hit 6 ✓, "
        "saves 6 ✗ 6 ✗, panic 6 ✗ 6 ✗ — COS 3 → 1, terrified."
    )
    assert "Turn 1 · Ike takes 1 wound from Virgil: COS 1 → 0, eliminated." in lines
    assert "Turn 1 · Frank is recorded terrified (steady again at turn 3)." in lines
    assert "Turn 1 · Wyatt spends a FAMA point (0 left, R-15)." in lines
    for line in lines:
        assert "{" not in line and "=" not in line, line  # never a raw dictionary


def test_the_log_in_italian(cli: Cli) -> None:
    _a_game(cli)
    lines = cli.run("game", "registro", "--lang", "it").splitlines()
    assert lines[0] == (
        "Turno 0 · Inizia Rapina in banca: Earps (buoni, 3 personaggi) contro Clantons "
        "(cattivi, 3 personaggi)."
    )
    shot = next(line for line in lines if "spara" in line)
    assert shot == (
        "Turno 1 · Wyatt spara a Ike con Sei colpi a 5U: freddezza 1 ✓ 1 ✓, per colpire 6 ✓, "
        "salvezza 6 ✗ 6 ✗, panico 6 ✗ 6 ✗ — COS 3 → 1, impaurito."
    )
    assert "Turno 1 · Ike subisce 1 ferita da Virgil: COS 1 → 0, eliminato." in lines
    assert "Turno 1 · Frank risulta impaurito (di nuovo calmo al turno 3)." in lines
    drop = "Turno 1 · Sacco del bottino 1: trasportato → a terra."
    assert drop in lines


def test_what_an_action_caused_follows_it(cli: Cli) -> None:
    """The sack Ike carried drops after the wound that eliminated him, not before (the log
    is in the order recorded, and the action is recorded before its consequences)."""
    _a_game(cli)
    events = cli.json("game", "log")
    actions = [e["action"] for e in events]
    hit = actions.index("hit")
    assert actions[hit + 1] == "objective"
    assert events[hit + 1]["details"]["event"] == "drop"
    assert [e["id"] for e in events] == sorted(e["id"] for e in events)
    lines = cli.run("game", "log").splitlines()
    wound = next(i for i, line in enumerate(lines) if "takes 1 wound" in line)
    assert lines[wound + 1] == "Turn 1 · Loot sack 1: carried → dropped."


def test_the_json_keeps_each_events_structure(cli: Cli) -> None:
    _a_game(cli)
    events = cli.json("game", "log")
    assert all(set(e) == {"id", "turn", "action", "details", "dice"} for e in events)
    shot = next(e for e in events if e["action"] == "shoot")
    assert [d["value"] for d in shot["dice"]] == [1, 1, 6, 6, 6, 6, 6]
    assert shot["details"]["cos_before"] == 3 and shot["details"]["cos_after"] == 1
    stages = [(r["stage"], r["face"], r["ok"]) for r in shot["details"]["rolls"]]
    assert stages == [
        ("nerve", 1, True), ("nerve", 1, True), ("shot", 6, True), ("save", 6, False),
        ("save", 6, False), ("panic", 6, False), ("panic", 6, False),
    ]  # fmt: skip


def test_no_internal_id_in_the_log(cli: Cli) -> None:
    _a_game(cli)
    cli.run("game", "end", "--winner", "Earps")
    for lang in ("en", "it"):
        text = cli.run("game", "log", "--lang", lang)
        assert not re.search(r"\b[a-z]+[_-][a-z_-]+\b|\[\d+\]", text), text
        assert "loot-sack" not in text and "six-shooter" not in text and "bank-robbery" not in text


def test_the_end_gives_the_scenarios_own_words(cli: Cli) -> None:
    cli.run("game", "start", "bank-robbery", "Earps", "Clantons")
    cli.run("game", "turn")
    for copy in ("1", "2"):
        cli.run("game", "objective", "loot", "carry-off", "--copy", copy)
    if cli.json("game", "status")["status"] == "in_progress":  # else it ended by itself
        cli.run("game", "end")
    last = cli.run("game", "log").splitlines()[-1]
    assert last == (
        "Turn 1 · The game ends: Clantons wins (bad: The bandits win if they manage to carry "
        "the loot away, leaving by one of the short edges)."
    )
    assert "victory[" not in cli.run("game", "status") + cli.run("game", "log", "--lang", "it")


# --------------------------------------------------------------------------- every kind

SCENARIO = find_scenario("bank-robbery")


@pytest.mark.parametrize("kind", list(EventKind))
@pytest.mark.parametrize("lang", [Lang.EN, Lang.IT])
def test_every_kind_reads_as_a_sentence_even_with_details_it_does_not_know(
    kind: EventKind, lang: Lang
) -> None:
    """An event whose details this module cannot read (an older or newer shape) still gives a
    sentence: its glossary word and the model it is recorded on, never a dictionary."""
    event = {"id": 1, "turn": 2, "action": kind.value, "details": {"odd": {"x": 1}},
             "dice": [{"value": 4, "purpose": "panic"}], "model": "Wyatt"}  # fmt: skip
    text = sentence(event, SCENARIO, lang)
    assert text.startswith("Turn 2 · " if lang == Lang.EN else "Turno 2 · ")
    assert "{" not in text and "odd" not in text
    assert text.endswith(".")


def test_every_kind_has_its_own_sentence() -> None:
    """Each kind of event has a method of its own in the reader (not only the fallback)."""
    from skirmish.campaign.game import telling  # the sentences' home since issue #12

    reader = telling._Reader(SCENARIO, Lang.EN)
    missing = [k for k in EventKind if not hasattr(reader, "_" + k.value.replace("-", "_"))]
    assert missing == []


def test_sentences_follow_the_event_ids() -> None:
    events = [
        {"id": 3, "turn": 1, "action": "abandon", "details": {}, "dice": []},
        {"id": 1, "turn": 0, "action": "start", "details": {"scenario": "bank-robbery",
         "sides": {"good": {"gang": "A", "models": ["x"]}, "bad": {"gang": "B", "models": []}}},
         "dice": []},
    ]  # fmt: skip
    said = sentences(events, SCENARIO, Lang.EN)
    assert said[0].startswith("Turn 0 · Bank robbery begins: A (good, 1 models)")
    assert said[1] == "Turn 1 · The game is abandoned: nobody wins."


def test_the_catalogue_has_a_word_for_every_stage() -> None:
    from skirmish.campaign.game.telling import _STAGES

    for lang in ("en", "it"):
        assert all(f"stage-{stage}" in MESSAGES[lang] for stage in _STAGES)
