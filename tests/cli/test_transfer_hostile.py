"""``skirmish import`` of hostile files (issue #8): every one is refused with exit code 1, one
``Error:`` line that names the place in the file and never echoes a huge value, and a database
left exactly as it was; the limits are checked before parsing (size, nesting), while parsing
(NaN, endless numbers, repeated keys) and on every field a command reads later (names, numbers,
rule ids, each log entry's details and dice, R-13 on the roster, the money of the log).
"""

from __future__ import annotations

import copy
import json
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from transfer_campaign import EXTRA_DETAILS, build, entry, read  # noqa: E402

from skirmish.campaign.document_shapes import ACTIONS  # noqa: E402
from skirmish.campaign.transfer import MAX_DEPTH, MAX_FILE_BYTES  # noqa: E402

Change = Callable[[dict[str, Any]], Any]


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory, cli_at: Any) -> dict[str, Path]:
    """The campaign of ``transfer_campaign`` exported whole and gang by gang, and a database
    with one empty campaign, 'Target', to import into (built once per module)."""
    folder = tmp_path_factory.mktemp("hostile")
    source = folder / "source.db"
    build(source)
    west = cli_at(source)
    files = {"campaign": folder / "west.json", "gang": folder / "earps.json"}
    west.run("export", "--campaign", "West", "-o", str(files["campaign"]))
    west.run("export", "Earps", "-o", str(files["gang"]))
    target = cli_at(folder / "target.db")
    target.run("campaign", "new", "Target")
    return {**files, "db": target.path}


@pytest.fixture
def target(exported: dict[str, Path], cli: Any) -> Any:
    """A fresh copy of the database with the empty campaign 'Target' in use."""
    shutil.copyfile(exported["db"], cli.path)
    return cli


def _refused(target: Any, path: Path, *extra: str) -> str:
    """Import ``path``: refused with one ``Error:`` line, nothing on stdout, no change."""
    before = target.dump()
    result = target.run("import", str(path), *extra, ok=False)
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert "please report" not in lines[0] and "Traceback" not in result.stderr
    assert len(lines[0]) < 400
    assert target.dump() == before
    return str(lines[0].removeprefix("Error: "))


def _write(tmp_path: Path, document: Any) -> Path:
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def _changed(exported: dict[str, Path], kind: str, change: Change) -> dict[str, Any]:
    document: dict[str, Any] = read(exported[kind])
    change(document)
    return document


def _log_index(log: list[dict[str, Any]], action: str, nth: int = 0) -> int:
    return [n for n, e in enumerate(log) if e["action"] == action][nth]


# --------------------------------------------------------------------------- before parsing


def test_a_file_too_large_is_refused_without_reading_it(target: Any, tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as stream:
        stream.truncate(MAX_FILE_BYTES + 1)  # sparse: nothing to read
    message = _refused(target, path)
    assert message == (
        f"{str(path)!r} is larger than 32 MiB, more than any export; nothing was imported."
    )


@pytest.mark.parametrize("levels", [MAX_DEPTH, 1_000, 100_000])
def test_deep_nesting_is_refused_before_parsing(target: Any, tmp_path: Path, levels: int) -> None:
    path = tmp_path / "deep.json"
    path.write_text(
        '{"format_version": 1, "kind": "gang",\n "gang": ' + "[" * levels + "]" * levels + "}"
    )
    assert _refused(target, path) == (
        f"{str(path)!r} nests lists and objects more than 32 deep (line 2); an export never "
        "does; nothing was imported."
    )


def test_brackets_inside_strings_are_not_nesting(
    target: Any, tmp_path: Path, exported: dict[str, Path]
) -> None:
    def bracketed(d: dict[str, Any]) -> None:
        d["gang"]["members"][0]["name"] = "[{" * 500 + '\\"]' + "}]" * 500

    path = _write(tmp_path, _changed(exported, "gang", bracketed))
    message = _refused(target, path)
    assert message.startswith(
        f"{str(path)!r} at $.gang.members[0].name: a model name has at most 80 characters; "
        "'[{[{[{"
    )
    assert message.endswith("(2,003 characters) is longer; nothing was imported.")


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (b'{"kind": "gang", "gang": {"name": "\xff"}}', "byte 0xff at offset 35"),
        (b'{"kind": "gang", "gang": {"name": "\xed\xa0\x80"}}', "byte 0xed at offset 35"),
    ],
    ids=["invalid-utf8", "encoded-surrogate"],
)
def test_bytes_that_are_not_utf8(target: Any, tmp_path: Path, data: bytes, why: str) -> None:
    path = tmp_path / "bytes.json"
    path.write_bytes(data)
    assert _refused(target, path) == (
        f"{str(path)!r} is not UTF-8 text ({why}); nothing was imported."
    )


# --------------------------------------------------------------------------- while parsing


@pytest.mark.parametrize(
    ("literal", "why"),
    [
        ("NaN", "NaN is not a number skirmish accepts"),
        ("Infinity", "Infinity is not a number skirmish accepts"),
        ("-Infinity", "-Infinity is not a number skirmish accepts"),
        ("1" + "0" * 30, "a number has 31 digits (at most 20)"),
        ("-" + "9" * 5000, "a number has 5,000 digits (at most 20)"),
    ],
)
def test_numbers_python_would_parse_but_skirmish_refuses(
    target: Any, tmp_path: Path, exported: dict[str, Path], literal: str, why: str
) -> None:
    text = exported["gang"].read_text()
    path = tmp_path / "numbers.json"
    path.write_text(text.replace('"treasury": ', f'"treasury": {literal}, "was": ', 1))
    assert _refused(target, path) == (
        f"{str(path)!r} is not an export: {why}; nothing was imported."
    )


def test_a_key_twice_in_one_object(target: Any, tmp_path: Path, exported: dict[str, Path]) -> None:
    text = exported["gang"].read_text()
    path = tmp_path / "twice.json"
    path.write_text(text.replace('"treasury": ', '"treasury": 0, "treasury": ', 1))
    assert _refused(target, path) == (
        f"{str(path)!r} at $.gang: the key 'treasury' appears twice; nothing was imported."
    )


def test_files_that_are_not_exports(target: Any, tmp_path: Path) -> None:
    empty = tmp_path / "empty.json"
    empty.write_text("")
    assert _refused(target, empty) == (
        f"{str(empty)!r} is not JSON: Expecting value at line 1 column 1; nothing was imported."
    )
    assert _refused(target, tmp_path).startswith(f"cannot read {str(tmp_path)!r}: ")
    listed = _write(tmp_path, [1, 2])
    assert _refused(target, listed) == (
        f"{str(listed)!r} at $: expected an object, got a list; nothing was imported."
    )


# --------------------------------------------------------------------------- fields

BIG = [2**31, 2**63, -(2**63) - 1]


def _set(where: Callable[[dict[str, Any]], Any], key: Any, value: Any) -> Change:
    def change(document: dict[str, Any]) -> None:
        where(document)[key] = value

    return change


def _earps(d: dict[str, Any]) -> dict[str, Any]:
    gang: dict[str, Any] = d["campaign"]["gangs"][0]
    return gang


def _entry_of(action: str, nth: int = 0) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def find(d: dict[str, Any]) -> dict[str, Any]:
        log = _earps(d)["log"]
        found: dict[str, Any] = log[_log_index(log, action, nth)]
        return found

    return find


def _details_of(action: str, nth: int = 0) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def find(d: dict[str, Any]) -> dict[str, Any]:
        details: dict[str, Any] = _entry_of(action, nth)(d)["details"]
        return details

    return find


NUMBER_FIELDS: list[tuple[str, Callable[[dict[str, Any]], Any], Any, str]] = [
    ("treasury", _earps, "treasury", "0–1,000,000"),
    ("games", _earps, "games_played", "0–100,000"),
    ("xp", lambda d: _earps(d)["members"][0], "xp", "0–10,000"),
    ("tiro", lambda d: _earps(d)["members"][0], "tiro", "0–4"),
    ("paid", lambda d: _earps(d)["members"][0]["items"][0], "paid", "0–1,000,000"),
    ("failed", lambda d: _earps(d)["failed_purchases"][0], "game", "0–100,000"),
    ("money", _entry_of("hire"), "money_after", "0–1,000,000"),
    ("game-id", _details_of("game-start"), "game", "1–2,147,483,647"),
    ("cost", _details_of("hire"), "cost", "0–1,000,000"),
    ("die", lambda d: _entry_of("buy", 2)(d)["dice"][0], "value", "1–6"),
    ("version", lambda d: d, "format_version", "1–100,000"),
]


def _path_of(d: dict[str, Any], target: Any) -> str:
    """The JSON path of the object ``target`` inside ``d`` (by identity)."""

    def walk(value: Any, path: str) -> str | None:
        if value is target:
            return path
        if isinstance(value, dict):
            for k, v in value.items():
                found = walk(v, f"{path}.{k}")
                if found:
                    return found
        if isinstance(value, list):
            for n, v in enumerate(value):
                found = walk(v, f"{path}[{n}]")
                if found:
                    return found
        return None

    found = walk(d, "$")
    assert found is not None
    return found


@pytest.mark.parametrize("number", BIG, ids=["2**31", "2**63", "-2**63-1"])
@pytest.mark.parametrize(
    ("where", "key", "span"), [f[1:] for f in NUMBER_FIELDS], ids=[f[0] for f in NUMBER_FIELDS]
)
def test_numbers_out_of_range(
    target: Any,
    tmp_path: Path,
    exported: dict[str, Path],
    where: Callable[[dict[str, Any]], Any],
    key: str,
    span: str,
    number: int,
) -> None:
    document = read(exported["campaign"])
    place = where(document)
    place[key] = number
    path = _write(tmp_path, document)
    assert _refused(target, path) == (
        f"{str(path)!r} at {_path_of(document, place)}.{key}: expected a whole number {span}, "
        f"got {number}; nothing was imported."
    )


@pytest.mark.parametrize(
    ("value", "got"),
    [(3.0, "3.0"), (True, "true"), ("3", "'3'"), (None, "null"), ([3], "a list")],
)
def test_a_characteristic_of_another_type(
    target: Any, tmp_path: Path, exported: dict[str, Path], value: Any, got: str
) -> None:
    path = _write(
        tmp_path, _changed(exported, "gang", _set(lambda d: d["gang"]["members"][1], "tiro", value))
    )
    assert _refused(target, path) == (
        f"{str(path)!r} at $.gang.members[1].tiro: expected a whole number, got {got}; "
        "nothing was imported."
    )


LONG = "x" * 10_000

NAMES: list[tuple[str, Any, str]] = [
    ("nul", "Wy\x00att", "a model name may not contain the control or invalid character U+0000 "
     "at position 3"),
    ("escape", "\x1b[31mWyatt", "a model name may not contain the control or invalid character "
     "U+001B at position 1"),
    ("surrogate", "Wy\ud800att", "a model name may not contain the control or invalid character "
     "U+D800 at position 3"),
    ("bidi", "\u202eWyatt", "a model name may not contain the control or invalid character "
     "U+202E at position 1"),
    ("empty", "", "a model needs a name, not ''"),
    ("blank", " \t ", "a model needs a name, not ' \\t '"),
    ("long", LONG, f"a model name has at most 80 characters; '{'x' * 40}…' (10,000 characters) "
     "is longer"),
    ("number", 7, "expected a model name, got 7"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "why"), [n[1:] for n in NAMES], ids=[n[0] for n in NAMES])
def test_names_the_cli_refuses(
    target: Any, tmp_path: Path, exported: dict[str, Path], name: Any, why: str
) -> None:
    path = _write(
        tmp_path, _changed(exported, "gang", _set(lambda d: d["gang"]["members"][0], "name", name))
    )
    assert _refused(target, path) == (
        f"{str(path)!r} at $.gang.members[0].name: {why}; nothing was imported."
    )


def test_the_surrogate_escape_is_written_as_json_escapes(exported: dict[str, Path]) -> None:
    """The surrogate case above really is a ``\\ud800`` escape in the file."""
    assert json.dumps("Wy\ud800att") == '"Wy\\ud800att"'


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("", "a campaign needs a name, not ''"),
        ("   ", "a campaign needs a name, not '   '"),
        ("West\n\x07", "a campaign name may not contain the control or invalid character U+0007 "
         "at position 6"),
    ],
)  # fmt: skip
def test_a_campaign_name_the_cli_refuses(
    target: Any, tmp_path: Path, exported: dict[str, Path], name: str, why: str
) -> None:
    path = _write(
        tmp_path, _changed(exported, "campaign", _set(lambda d: d["campaign"], "name", name))
    )
    assert _refused(target, path) == (
        f"{str(path)!r} at $.campaign.name: {why}; nothing was imported."
    )


def test_a_campaign_name_given_with_the_option_is_checked_before_the_database(
    target: Any, exported: dict[str, Path]
) -> None:
    assert _refused(target, exported["campaign"], "--campaign", " ") == (
        "a campaign needs a name, not ' '."
    )
    assert _refused(target, exported["gang"], "--campaign", "x" * 5000).startswith(
        "a campaign name has at most 80 characters; 'xxxx"
    )
    assert _refused(target, exported["campaign"], "--campaign", "TARGET") == (
        "a campaign called 'Target' already exists; import under another name with "
        "--campaign NAME; nothing was imported."
    )


@pytest.mark.parametrize(
    ("change", "where", "why"),
    [
        (_set(lambda d: d["gang"]["members"][0]["items"][0], "item", LONG),
         "$.gang.members[0].items[0].item",
         f"expected a text of at most 40 characters, got '{'x' * 40}…' (10,000 characters)"),
        (_set(lambda d: d["gang"]["log"][1], "ruling", LONG), "$.gang.log[1].ruling",
         f"expected a text of at most 40 characters, got '{'x' * 40}…' (10,000 characters)"),
        (_set(lambda d: d["gang"]["log"][1], "at", "yesterday"), "$.gang.log[1].at",
         "expected a time like 2024-05-01T18:30:00Z, got 'yesterday'"),
        (_set(lambda d: d["gang"]["members"][0], "role", "boss"), "$.gang.members[0].role",
         "expected one of leader, hero, common, got 'boss'"),
        (_set(lambda d: d["gang"], "faction", "npc"), "$.gang.faction",
         "'npc' is not a gang (R-13)"),
        (_set(lambda d: d["gang"]["members"][1]["skills"], 0, {"skill": "pistolero",
         "choice": "horse"}), "$.gang.members[1].skills[0].choice",
         "unknown weapon 'horse': see 'skirmish rules' for the list of weapon names"),
    ],
    ids=["long-item", "long-ruling", "date", "role", "npc-gang", "choice"],
)  # fmt: skip
def test_other_fields(
    target: Any, tmp_path: Path, exported: dict[str, Path], change: Change, where: str, why: str
) -> None:
    path = _write(tmp_path, _changed(exported, "gang", change))
    assert _refused(target, path) == f"{str(path)!r} at {where}: {why}; nothing was imported."


# --------------------------------------------------------------------------- R-13 and the ledger


def _hire(profile: str, name: str, role: str = "common") -> dict[str, Any]:
    return {
        "name": name, "profile": profile, "role": role, "status": "active", "tiro": 2,
        "fred": 2, "rif": 2, "cos": 2, "fama": 0, "fortuna": 0, "xp": 0, "skills": [],
        "injuries": [], "items": [],
    }  # fmt: skip


def _add(*members: dict[str, Any]) -> Change:
    def change(d: dict[str, Any]) -> None:
        d["gang"]["members"].extend(members)

    return change


def _quitters_as(faction: str, *members: dict[str, Any]) -> Change:
    def change(d: dict[str, Any]) -> None:
        gang = d["campaign"]["gangs"][2]
        gang["faction"] = faction
        gang["log"][0]["details"]["faction"] = faction
        gang["members"].extend(members)

    return change


RULES: list[tuple[str, str, Change, str, str]] = [
    ("two-leaders", "gang", _add(_hire("sheriff", "Doc", "leader")), "$.gang.members[3].role",
     "a second leader after 'Wyatt'; a gang has at most one (R-13)"),
    ("seven-models", "gang", _add(*(_hire("guard", f"Guard {n}") for n in range(4))),
     "$.gang.members[6]", "more than 6 models on the roster (R-13)"),
    ("hero-max", "gang", _add(_hire("deputy", "Doc", "hero"), _hire("deputy", "Kid", "hero")),
     "$.gang.members[4].profile", "more than 2 Deputy (max 2, R-13)"),
    ("same-name", "gang", _add(_hire("guard", "MÓRGAN")), "$.gang.members[3].name",
     "two models are called 'MÓRGAN' (R-13)"),
    ("role", "gang", _add(_hire("guard", "Doc", "leader")), "$.gang.members[3].role",
     "a Guard is a common, not a leader"),
    ("other-faction", "gang", _add(_hire("boss", "Doc", "leader")), "$.gang.members[3].profile",
     "profile 'boss' is not one the Lawmen may hire: it is Boss (Outlaws); see the profiles "
     "of the Lawmen in the rules"),
    ("npc-for-indians", "campaign", _quitters_as("indians", _hire("saloon-girl", "Kate")),
     "$.campaign.gangs[2].members[0].profile",
     "profile 'saloon-girl' is not one the Indians may hire: it is Saloon girl, adventuress "
     "(Non-player characters); see the profiles of the Indians in the rules"),
    ("former-carries", "campaign",
     lambda d: d["campaign"]["gangs"][1]["members"][3]["items"].append({"item": "knife",
                                                                         "paid": 2}),
     "$.campaign.gangs[1].members[3].items",
     "a model no longer on the roster carries nothing (its equipment went to the stash)"),
    ("skill-twice", "gang",
     lambda d: d["gang"]["members"][1]["skills"].append({"skill": "dottore", "choice": None}),
     "$.gang.members[1].skills[1]", "the skill 'dottore' twice"),
    ("ledger", "gang", lambda d: d["gang"].__setitem__("treasury", d["gang"]["treasury"] + 1),
     "$.gang.treasury", "111$ but the gang's log adds up to 110$ (each entry's money after "
     "minus money before)"),
    ("gang-twice", "campaign",
     lambda d: d["campaign"]["gangs"][2].__setitem__("name", "earps"),
     "$.campaign.gangs[2].name", "two gangs are called 'earps'"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("kind", "change", "where", "why"), [r[1:] for r in RULES], ids=[r[0] for r in RULES]
)
def test_the_roster_keeps_r13_and_the_log_adds_up(
    target: Any,
    tmp_path: Path,
    exported: dict[str, Path],
    kind: str,
    change: Change,
    where: str,
    why: str,
) -> None:
    path = _write(tmp_path, _changed(exported, kind, change))
    assert _refused(target, path) == f"{str(path)!r} at {where}: {why}; nothing was imported."


# --------------------------------------------------------------------------- the log


def _with_extra_entries(d: dict[str, Any]) -> None:
    log = d["campaign"]["gangs"][0]["log"]
    for action, details in EXTRA_DETAILS.items():
        log.append(entry(action, copy.deepcopy(details), member="Wyatt"))


def test_every_action_kind_is_declared_and_met(exported: dict[str, Path]) -> None:
    """The export above and ``EXTRA_DETAILS`` hold every kind an export can hold."""
    document = read(exported["campaign"])
    seen = {e["action"] for g in document["campaign"]["gangs"] for e in g["log"]}
    seen |= {e["action"] for e in document["campaign"]["log"]} | set(EXTRA_DETAILS)
    assert seen == set(ACTIONS)


def test_valid_entries_of_every_kind_are_imported_and_shown(
    target: Any, tmp_path: Path, exported: dict[str, Path]
) -> None:
    document = read(exported["campaign"])
    _with_extra_entries(document)
    path = _write(tmp_path, document)
    assert target.run("import", str(path)).stdout == (
        "Imported campaign 'West' (3 gangs).\n" + STILL_TARGET
    )
    target.run("campaign", "use", "West")  # an import keeps the campaign in use (issue #10)
    texts = [row["text"] for row in target.json("log", "Earps")]
    assert texts[-4:] == [
        "Wyatt: Lost hand",
        "bounty for Frank: +17$",
        "marked as outlaws for good: killed Teller",
        "infamy test 2: Wyatt loses 1 FAMA",
    ]
    target.run("log", "--lang", "it")


#: For each action kind: the entry to spoil (its action and which one), the detail, a bad
#: value, and what the error says.
BAD_DETAILS: list[tuple[str, int, str, Any, str]] = [
    ("campaign-new", 0, "campaign", "", "a campaign needs a name, not ''"),
    ("campaign-set", 0, "key", "speed", "unknown campaign setting 'speed': try 'sell-percent'"),
    ("campaign-address", 0, "after", "https://\x1b[2J", "the text may not contain the "
     "control or invalid character U+001B at position 9"),
    ("print-choice", 0, "blank", 10, "expected a whole number 0–9, got 10"),
    ("gang-new", 0, "faction", "aliens", "unknown faction 'aliens': did you mean "
     "'military', 'npc', 'lawmen'?"),
    ("gang-rename", 0, "after", "Clan\x00tons", "a gang name may not contain the control or "
     "invalid character U+0000 at position 5"),
    ("gang-retire", 0, "gang", 5, "expected a gang name, got 5"),
    ("member-rename", 0, "handle_after", "Morgan the Unforgettable Hero", "a handle has at "
     "most 24 characters; 'Morgan the Unforgettable Hero' is longer"),
    ("hire", 0, "profile", "sheriff2", "unknown profile 'sheriff2': did you mean 'sheriff', "
     "'henchman', 'deputy'?"),
    ("fire", 0, "to_stash", ["laser"], "unknown equipment 'laser': did you mean 'spear', "
     "'sword', 'lasso'?"),
    ("injure", 0, "injury", "wounded", "unknown invalidity 'wounded': the ids are illness, "
     "one-eyed, lame, lost-hand, shattered-nerves, clumsy"),
    ("buy", 0, "price", -1, "expected a whole number 0–1,000,000, got -1"),
    ("sell", 0, "percent", 101, "expected a whole number 0–100, got 101"),
    ("equip", 0, "item", 2**63, "expected a text, got 9223372036854775808"),
    ("unequip", 0, "item", None, "expected a text, got null"),
    ("advance", 0, "rolls", [[7, 1, "dottore", None]], "expected a whole number 1–6, got 7"),
    ("advance", 1, "after", 5, "expected a whole number 0–4, got 5"),
    ("xp", 0, "xp", "2", "expected a whole number, got '2'"),
    ("undo", 0, "action", "equip", "entry 12 is 'buy', not 'equip'"),
    ("game-start", 0, "side", "neutral", "expected one of good, bad, got 'neutral'"),
    ("game-end", 0, "result", "victory", "expected one of win, loss, draw, retreat, got "
     "'victory'"),
    ("game-abandon", 0, "scenario", "moon-landing", "unknown scenario 'moon-landing': did you "
     "mean 'bank-robbery', 'prisoner', 'kidnapping', 'duel', 'assassination', 'the-witness', "
     "'the-rally'?"),
    ("wounded-healed", 0, "game", 0, "expected a whole number 1–2,147,483,647, got 0"),
    ("recovery", 0, "outcome", "resurrected", "expected one of dead, invalid, wounded, "
     "recovered, got 'resurrected'"),
    ("game-xp", 0, "eliminations", 1.5, "expected a whole number, got 1.5"),
    ("income", 0, "amount", 10**7, "expected a whole number 0–1,000,000, got 10000000"),
    ("bounty", 0, "victims", [{"name": "Frank", "bounty": "lots"}],
     "expected a whole number, got 'lots'"),
    ("outlaw-mark", 0, "civilians", [["Teller"]], "expected a model name, got a list"),
    ("gambler", 0, "faces", [0], "expected a whole number 1–6, got 0"),
    ("marked-cards", 0, "amount", True, "expected a whole number, got true"),
    ("infamy", 0, "loss", "everything", "expected one of none, fama, fortuna, got "
     "'everything'"),
]  # fmt: skip


def _bad_path(where: str, key: str, bad: Any) -> str:
    if key == "rolls":
        return f"{where}.rolls[0][0]"
    if key in ("to_stash", "faces", "civilians"):
        return f"{where}.{key}[0]"
    if key == "victims":
        return f"{where}.victims[0].bounty"
    return f"{where}.{key}"


def test_every_kind_has_a_bad_details_case() -> None:
    assert {b[0] for b in BAD_DETAILS} == set(ACTIONS)


@pytest.mark.parametrize(
    ("action", "nth", "key", "bad", "why"),
    BAD_DETAILS,
    ids=[f"{b[0]}-{b[1]}" for b in BAD_DETAILS],
)
def test_bad_details_of_each_action_kind(
    target: Any,
    tmp_path: Path,
    exported: dict[str, Path],
    action: str,
    nth: int,
    key: str,
    bad: Any,
    why: str,
) -> None:
    document = read(exported["campaign"])
    _with_extra_entries(document)
    logs = [("$.campaign.log", document["campaign"]["log"])] + [
        (f"$.campaign.gangs[{n}].log", g["log"])
        for n, g in enumerate(document["campaign"]["gangs"])
    ]
    where, log = next((w, log) for w, log in logs if any(e["action"] == action for e in log))
    index = _log_index(log, action, nth)
    log[index]["details"][key] = bad
    path = _write(tmp_path, document)
    place = _bad_path(f"{where}[{index}].details", key, bad)
    assert _refused(target, path) == f"{str(path)!r} at {place}: {why}; nothing was imported."


def test_an_entry_without_details_and_nested_undo_details(
    target: Any, tmp_path: Path, exported: dict[str, Path]
) -> None:
    document = read(exported["gang"])
    log = document["gang"]["log"]
    undo = _log_index(log, "undo")
    log[undo]["details"]["details"]["price"] = "free"
    path = _write(tmp_path, document)
    assert _refused(target, path) == (
        f"{str(path)!r} at $.gang.log[{undo}].details.details.price: expected a whole number, "
        "got 'free'; nothing was imported."
    )
    del log[undo]["details"]
    path = _write(tmp_path, document)
    assert _refused(target, path) == (
        f"{str(path)!r} at $.gang.log[{undo}]: missing field 'details'; nothing was imported."
    )


LOG_CASES: list[tuple[str, Change, str, str]] = [
    ("die-7", _set(lambda d: d["gang"]["log"][_log_index(d["gang"]["log"], "buy", 2)]["dice"], 0,
                   {"value": 7, "purpose": "availability"}),
     "dice[0].value", "expected a whole number 1–6, got 7"),
    ("die-text", _set(lambda d: d["gang"]["log"][_log_index(d["gang"]["log"], "buy", 2)]["dice"],
                      0, {"value": "6", "purpose": "availability"}),
     "dice[0].value", "expected a whole number, got '6'"),
    ("die-purpose", _set(lambda d: d["gang"]["log"][_log_index(d["gang"]["log"], "buy", 2)]["dice"],
                         0, {"value": 6}),
     "dice[0]", "missing field 'purpose'"),
    ("die-nul", _set(lambda d: d["gang"]["log"][_log_index(d["gang"]["log"], "buy", 2)]["dice"],
                     0, {"value": 6, "purpose": "\x00"}),
     "dice[0].purpose", "the text may not contain the control or invalid character U+0000 at "
     "position 1"),
    ("dice-object", _set(lambda d: d["gang"]["log"][_log_index(d["gang"]["log"], "buy", 2)],
                         "dice", {"value": 6}),
     "dice", "expected a list, got an object"),
    ("teleport", _set(lambda d: d["gang"]["log"][_log_index(d["gang"]["log"], "buy", 2)],
                      "action", "teleport"),
     "action", "'teleport' is not an action of the log"),
    ("import", _set(lambda d: d["gang"]["log"][_log_index(d["gang"]["log"], "buy", 2)],
                    "action", "import"),
     "action", "'import' is not an action of the log"),
    ("campaign-scope", _set(lambda d: d["gang"]["log"][_log_index(d["gang"]["log"], "buy", 2)],
                            "action", "campaign-set"),
     "action", "a 'campaign-set' entry belongs in the campaign's log"),
    ("reverts-forward", _set(lambda d: d["gang"]["log"][_log_index(d["gang"]["log"], "undo")],
                             "reverts", 40),
     "reverts", "expected an earlier entry, got 40"),
    ("reverts-other", _set(lambda d: d["gang"]["log"][_log_index(d["gang"]["log"], "buy", 2)],
                           "reverts", 0),
     "reverts", "an undo entry names the entry it reverts, and no other entry does"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("change", "field", "why"), [c[1:] for c in LOG_CASES], ids=[c[0] for c in LOG_CASES]
)
def test_bad_log_entries_and_dice(
    target: Any, tmp_path: Path, exported: dict[str, Path], change: Change, field: str, why: str
) -> None:
    document = read(exported["gang"])
    change(document)
    index = _find_changed(read(exported["gang"]), document)
    path = _write(tmp_path, document)
    assert _refused(target, path) == (
        f"{str(path)!r} at $.gang.log[{index}].{field}: {why}; nothing was imported."
    )


def _find_changed(before: dict[str, Any], after: dict[str, Any]) -> int:
    old, new = before["gang"]["log"], after["gang"]["log"]
    return next(n for n, (a, b) in enumerate(zip(old, new, strict=True)) if a != b)


def test_an_entry_undone_twice(target: Any, tmp_path: Path, exported: dict[str, Path]) -> None:
    document = read(exported["gang"])
    log = document["gang"]["log"]
    undo = _log_index(log, "undo")
    log.insert(undo + 1, copy.deepcopy(log[undo]))
    path = _write(tmp_path, document)
    assert _refused(target, path) == (
        f"{str(path)!r} at $.gang.log[{undo + 1}].reverts: entry {log[undo]['reverts']} is "
        "undone twice; nothing was imported."
    )


# --------------------------------------------------------------------------- what is accepted

#: An import keeps the campaign in use (issue #10) and says how to switch.
STILL_TARGET = (
    "The campaign in use is still 'Target'; 'skirmish campaign use \"West\"' switches to it.\n"
)


def test_the_whole_campaign_round_trips_and_its_games_do_not_shadow_local_ones(
    target: Any, tmp_path: Path, exported: dict[str, Path]
) -> None:
    out = target.run("import", str(exported["campaign"])).stdout
    assert out == "Imported campaign 'West' (3 gangs).\n" + STILL_TARGET
    target.run("campaign", "use", "West")  # an import keeps the campaign in use (issue #10)
    again = tmp_path / "again.json"
    target.run("export", "--campaign", "West", "-o", str(again))
    assert read(again) == read(exported["campaign"])
    # The imported log names games 1 and 3 of the exporting database; game 1 here is new.
    target.run("game", "start", "bank-robbery", "Earps", "Clantons")
    target.run("game", "end", "--draw")
    target.run("game", "postgame", "--dice", "1,1")
    assert [r["action"] for r in target.json("log", "Earps")][-2:] == ["income", "marked-cards"]


def test_unknown_fields_are_ignored_and_not_stored(
    target: Any, tmp_path: Path, exported: dict[str, Path]
) -> None:
    document = read(exported["gang"])
    document["gang"]["members"][0]["nickname"] = {"deep": [LONG]}
    document["gang"]["log"][1]["details"]["mood"] = "grim"
    path = _write(tmp_path, document)
    target.run("import", str(path))
    again = tmp_path / "again.json"
    target.run("export", "Earps", "-o", str(again))
    assert read(again) == read(exported["gang"])


def test_names_are_stored_as_the_cli_stores_them(
    target: Any, tmp_path: Path, exported: dict[str, Path]
) -> None:
    document = read(exported["gang"])
    document["gang"]["name"] = "  The   Earps "
    path = _write(tmp_path, document)
    out = target.run("import", str(path)).stdout
    assert out == "Imported gang 'The Earps' into campaign 'Target'.\n"


def test_an_export_replaces_the_old_file_whole(
    target: Any, tmp_path: Path, exported: dict[str, Path]
) -> None:
    target.run("import", str(exported["gang"]))
    folder = tmp_path / "out"
    folder.mkdir()
    output = folder / "earps.json"
    output.write_text("old")
    target.run("export", "Earps", "-o", str(output))
    assert read(output) == read(exported["gang"])
    assert sorted(p.name for p in folder.iterdir()) == ["earps.json"]  # no temporary left
    missing = tmp_path / "no" / "such" / "folder.json"
    result = target.run("export", "Earps", "-o", str(missing), ok=False)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: cannot write {str(missing)!r}: ")
    assert len(result.stderr.splitlines()) == 1
