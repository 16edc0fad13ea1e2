"""An import fuzzer (issue #8): real exports of a campaign built through the CLI (and of its
gangs one by one), mutated by hypothesis (values of other types, numbers at the extremes,
strange strings, keys deleted or repeated, list entries repeated, values copied from elsewhere,
nesting deeper, bytes that are not UTF-8), then imported.

Either the import is refused, in one ``Error:`` line with the database unchanged, or it is
accepted and every read command works without a traceback: ``gang list``, ``gang show`` of
each gang, ``log``, ``campaign show``, ``campaign standings``, and ``export``, whose file
imports again and exports the same document. On SQLite (80 examples, about 15 s) and once on the
suite's PostgreSQL (fewer). ``SKIRMISH_FUZZ_EXAMPLES=5000`` runs longer, to hunt.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

#: A long file: it starts first (tests/conftest.py, LONGEST_FIRST).
pytestmark = pytest.mark.slow

sys.path.insert(0, str(Path(__file__).resolve().parent))

from transfer_campaign import build, read  # noqa: E402

from skirmish.cli.main import app  # noqa: E402
from skirmish.limits import clean_name  # noqa: E402
from skirmish.rules.names import normalize  # noqa: E402

runner = CliRunner()

WEIRD_STRINGS = [
    "", " ", "\x00", "\ud800", "x" * 5000, "[/]", "[bold]x[/bold]", "\x1b[31mred", "a\u202eb",
    "Ünïcödé ✓", "Wyatt", "MORGAN", "leader", "hero", "common", "dead", "retired", "active",
    "sheriff", "deputy", "boss", "saloon-girl", "npc", "indians", "skill", "fama", "undo",
    "import", "hire", "buy", "game-end", "campaign-set", "2024-05-01T18:30:00Z", "tomorrow",
    "knife", "six-shooter", "lost-hand", "wounded", "dottore", "dottore-laureato",
    "bank-robbery", "good", "win", "on", "60", "-x", "--db",
]  # fmt: skip
WEIRD_NUMBERS: list[Any] = [
    0, -1, 1, 2, 3, 4, 5, 6, 7, 400, 2**31 - 1, 2**31, 2**63 - 1, 2**63, -(2**63) - 1, 10**25,
    0.5, 3.0, 1e308, float("nan"), float("inf"), float("-inf"),
]  # fmt: skip
WEIRD_OTHERS: list[Any] = [True, False, None, [], {}, [1], {"value": 6, "purpose": "x"}]

#: Names the CLI accepts, however odd (Rich markup, quotes, options, scripts, 80 characters).
ODD_NAMES = [
    "[/]", "[bold]Kid[/bold]", "[link=http://x]y[/link]", "O'Brien \"Kid\"", "-x", "--db",
    "Ünïcödé ✓", "李小龙", "مرحبا", "🤠 Doc", "  spaced   out  ", "a" * 80, "%s {0} {name}",
    "\\", "Wyatt", "MORGAN", "morgan", "Mórgan",
]  # fmt: skip
#: Fields that hold a name somewhere in an export.
NAME_KEYS = frozenset(
    {"name", "member", "for", "doctor_model", "eliminated_by", "gang", "campaign", "before",
     "after", "reason", "purpose"}
)  # fmt: skip
#: Fields an export may leave out.
OPTIONAL_KEYS = frozenset(
    {"status", "games_played", "failed_purchases", "log", "created_at", "settings", "member",
     "ruling", "xp_before", "xp_after", "reverts", "list_price", "half_price", "skipped",
     "available", "choice", "promoted", "chosen", "rolls", "replaces", "reason", "to_stash"}
)  # fmt: skip

ROUND_TRIP = "Round trip 7f3a"
EXAMPLES = int(os.environ.get("SKIRMISH_FUZZ_EXAMPLES", "50"))


# --------------------------------------------------------------------------- mutations


@dataclass
class Fuzzed:
    """A document being mutated, and keys to write twice into some of its objects."""

    document: Any
    #: Keys to write again into an object, by the object's id. The object is kept alive beside
    #: them: a dict dropped by a later mutation would free its id for a new dict, which would
    #: then inherit its repeated keys (a cycle, or a different document on replay).
    twice: dict[int, tuple[Any, list[tuple[str, Any]]]] = field(default_factory=dict)

    def places(self) -> list[tuple[Any, Any]]:
        """Every (container, key or index) of the document, parents before children."""
        found: list[tuple[Any, Any]] = []

        def walk(value: Any) -> None:
            if isinstance(value, dict):
                for key, child in value.items():
                    found.append((value, key))
                    walk(child)
            elif isinstance(value, list):
                for index, child in enumerate(value):
                    found.append((value, index))
                    walk(child)

        walk(self.document)
        return found

    def text(self) -> str:
        """The document as JSON, with the repeated keys (NaN and lone surrogates as escapes)."""

        def dump(value: Any) -> str:
            if isinstance(value, dict):
                kept = self.twice.get(id(value))
                pairs = [*value.items(), *(kept[1] if kept is not None else [])]
                return "{" + ", ".join(f"{json.dumps(k)}: {dump(v)}" for k, v in pairs) + "}"
            if isinstance(value, list):
                return "[" + ", ".join(dump(v) for v in value) + "]"
            return json.dumps(value)

        return dump(self.document)


def weird_values() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.sampled_from(WEIRD_STRINGS),
        st.sampled_from(WEIRD_NUMBERS),
        st.sampled_from(WEIRD_OTHERS),
        st.integers(),
        st.text(max_size=12),
    )


def mutate(fuzzed: Fuzzed, data: st.DataObject) -> None:
    """One mutation: hostile at any place, or one an import should take (an odd name, an
    optional field left out, a field it does not know)."""
    places = fuzzed.places()
    kind = data.draw(st.sampled_from(["hostile", "rename", "drop", "unknown"]), label="kind")
    named = [(p, k) for p, k in places if k in NAME_KEYS and isinstance(p[k], str)]
    optional = [(p, k) for p, k in places if k in OPTIONAL_KEYS]
    objects = [p for p, _ in places if isinstance(p, dict)]
    if kind == "rename" and named:
        parent, key = data.draw(st.sampled_from(named), label="name")
        parent[key] = data.draw(st.sampled_from(ODD_NAMES), label="odd")
        return
    if kind == "drop" and optional:
        parent, key = data.draw(st.sampled_from(optional), label="optional")
        del parent[key]
        return
    if kind == "unknown" and objects:
        parent = data.draw(st.sampled_from(objects), label="object")
        parent[data.draw(st.sampled_from(["x", "nickname", "banner"]))] = data.draw(
            weird_values(), label="unknown"
        )
        return
    parent, key = places[data.draw(st.integers(0, len(places) - 1), label="place")]
    value = parent[key]
    how = data.draw(
        st.sampled_from(
            ["replace", "replace", "delete", "repeat", "twice", "nest", "copy", "edit"]
        ),
        label="how",
    )
    if how == "replace":
        parent[key] = data.draw(weird_values(), label="value")
    elif how == "delete":
        del parent[key]
    elif how == "repeat" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(value))
    elif how == "twice" and isinstance(parent, dict):
        again = data.draw(st.one_of(st.just(copy.deepcopy(value)), weird_values()), label="again")
        fuzzed.twice.setdefault(id(parent), (parent, []))[1].append((key, again))
    elif how == "nest":
        levels = data.draw(st.integers(1, 40), label="levels")
        for _ in range(levels):
            value = [value] if data.draw(st.booleans(), label="list") else {"x": value}
        parent[key] = value
    elif how == "copy":
        source, at = places[data.draw(st.integers(0, len(places) - 1), label="from")]
        if source is not parent or at != key:
            parent[key] = copy.deepcopy(source[at]) if at in _keys(source) else None
    elif isinstance(value, str):
        parent[key] = data.draw(
            st.sampled_from([value.upper(), f" {value} ", value * 3, value[:1], value + "\x7f"]),
            label="edited",
        )
    elif isinstance(value, int) and not isinstance(value, bool):
        parent[key] = data.draw(
            st.sampled_from([value + 1, -value, value * 2**32, value - 1]), label="number"
        )


def _keys(container: Any) -> range | Any:
    return container.keys() if isinstance(container, dict) else range(len(container))


def fuzzed_bytes(seeds: list[Any], data: st.DataObject) -> bytes:
    """A seed export with one to three mutations, sometimes with bytes that are not UTF-8."""
    document = copy.deepcopy(data.draw(st.sampled_from(seeds), label="seed"))
    fuzzed = Fuzzed(document)
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        if fuzzed.places():
            mutate(fuzzed, data)
    raw = fuzzed.text().encode("utf-8")
    if data.draw(st.integers(0, 19), label="bytes") == 0:
        at = data.draw(st.integers(0, len(raw)), label="at")
        raw = raw[:at] + data.draw(st.sampled_from([b"\xff", b"\xed\xa0\x80", b"\x00"])) + raw[at:]
    return raw


# --------------------------------------------------------------------------- a database


@dataclass
class Store:
    """``skirmish`` on one database (an SQLite file or a PostgreSQL URL), with a dump of all its
    rows and a way back to the starting point: one empty campaign, 'Target', in use."""

    db: str
    template: Path | None = None  # SQLite: the file to copy back
    engine: Any = None  # PostgreSQL: for the dump and the reset

    def run(self, *args: str, names: tuple[str, ...] = ()) -> Result:
        """A command; names go after ``--`` so that one starting with '-' is not an option."""
        tail = ["--", *names] if names else []
        return runner.invoke(
            app,
            [*args, "--db", self.db, *tail],
            env={"SKIRMISH_LANG": ""},
        )

    def ok(self, *args: str, names: tuple[str, ...] = ()) -> str:
        result = self.run(*args, names=names)
        assert result.exit_code == 0, (args, names, result.output, result.exception)
        assert result.stderr == "", (args, result.stderr)
        return str(result.stdout)

    def json(self, *args: str, names: tuple[str, ...] = ()) -> Any:
        return json.loads(self.ok(*args, "--json", names=names))

    def dump(self) -> list[Any]:
        if self.engine is None:
            import sqlite3

            with sqlite3.connect(self.db) as connection:
                return list(connection.iterdump())
        from sqlalchemy import inspect

        rows: list[Any] = []
        with self.engine.connect() as connection:
            for table in sorted(inspect(connection).get_table_names()):
                found = connection.exec_driver_sql(f'SELECT * FROM "{table}"').all()
                rows.append((table, sorted(repr(tuple(row)) for row in found)))
        return rows

    def reset(self) -> None:
        if self.template is not None:
            shutil.copyfile(self.template, self.db)
            return
        from sqlalchemy import inspect

        from skirmish.campaign.lookup import IN_USE

        with self.engine.begin() as connection:
            tables = [
                t
                for t in inspect(connection).get_table_names()
                if t not in ("alembic_version", "skirmish_meta")
            ]
            quoted = ", ".join(f'"{t}"' for t in tables)
            connection.exec_driver_sql(f"TRUNCATE {quoted} RESTART IDENTITY CASCADE")
            connection.exec_driver_sql(f"DELETE FROM skirmish_meta WHERE key = '{IN_USE}'")
        self.ok("campaign", "new", "Target")


@dataclass(frozen=True)
class Seeds:
    documents: list[Any]
    target: Path  # an SQLite file with the empty campaign 'Target'
    folder: Path


@pytest.fixture(scope="module")
def seeds(tmp_path_factory: pytest.TempPathFactory) -> Seeds:
    folder = tmp_path_factory.mktemp("fuzz")
    source = Store(str(folder / "source.db"))
    build(Path(source.db))
    files = [folder / "west.json", folder / "earps.json", folder / "clantons.json"]
    source.ok("export", "--campaign", "West", "-o", str(files[0]))
    source.ok("export", "-o", str(files[1]), names=("Earps",))
    source.ok("export", "-o", str(files[2]), names=("Clantons",))
    target = Store(str(folder / "target.db"))
    target.ok("campaign", "new", "Target")
    return Seeds([read(f) for f in files], Path(target.db), folder)


# --------------------------------------------------------------------------- the property


def imported_or_refused(store: Store, raw: bytes, folder: Path) -> bool:
    """Import ``raw``: refused with one line and nothing changed, or accepted and readable by
    every command. Whether it was accepted."""
    path = folder / "fuzzed.json"
    path.write_bytes(raw)
    before = store.dump()
    result = store.run("import", str(path))
    if result.exit_code != 0:
        assert result.exit_code == 1, (result.output, result.exception)
        assert result.stdout == ""
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
        assert "please report" not in lines[0], lines[0]
        assert store.dump() == before
        return False
    assert result.stderr == ""
    imported = [c["name"] for c in store.json("campaign", "list") if c["name"] != "Target"]
    assert [c["name"] for c in store.json("campaign", "list") if c["in_use"]] == ["Target"]
    if imported:  # a campaign file: an import keeps the campaign in use (issue #10)
        store.ok("campaign", "use", names=(imported[0],))
    read_everything(store, folder)
    return True


def read_everything(store: Store, folder: Path) -> None:
    campaign = store.json("campaign", "show")
    gangs = [g["name"] for g in campaign["gangs"]]
    store.ok("gang", "list")
    for gang in gangs:
        store.ok("gang", "show", names=(gang,))
        _check_roster(store.json("gang", "show", names=(gang,)))
    store.ok("log", "--lang", "it")
    store.json("log")
    store.ok("campaign", "show")
    store.ok("campaign", "standings")
    first, second = folder / "first.json", folder / "second.json"
    if campaign["name"] == "Target":  # a gang file: the one gang of 'Target'
        (gang,) = gangs
        store.ok("export", "-o", str(first), names=(gang,))
        store.ok("campaign", "new", ROUND_TRIP)
        store.ok("import", str(first), "--campaign", ROUND_TRIP)
        store.ok("export", "--campaign", ROUND_TRIP, "-o", str(second), names=(gang,))
        assert read(second) == read(first)
    else:
        store.ok("export", "--campaign", campaign["name"], "-o", str(first))
        store.ok("import", str(first), "--campaign", ROUND_TRIP)
        store.ok("export", "--campaign", ROUND_TRIP, "-o", str(second))
        again, original = read(second), read(first)
        assert again["campaign"].pop("name") == ROUND_TRIP
        original["campaign"].pop("name")
        assert again == original


def _check_roster(roster: dict[str, Any]) -> None:
    """R-13 and the names rules hold for an accepted gang."""
    members = roster["members"]
    assert len(members) <= 6
    assert sum(1 for m in members if m["role"] == "leader") <= 1
    assert len({normalize(m["name"]) for m in members}) == len(members)
    for name in [roster["name"], *(m["name"] for m in members)]:
        assert clean_name(name, "name") == name


def _fuzz(store: Store, seeds: Seeds, data: st.DataObject) -> None:
    store.reset()
    accepted = imported_or_refused(store, fuzzed_bytes(seeds.documents, data), seeds.folder)
    event("accepted" if accepted else "refused")


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_fuzzed_imports_on_sqlite(seeds: Seeds, data: st.DataObject) -> None:
    store = Store(str(seeds.folder / "fuzz.db"), template=seeds.target)
    _fuzz(store, seeds, data)


def test_the_seeds_themselves_are_accepted_and_read(seeds: Seeds) -> None:
    store = Store(str(seeds.folder / "seed.db"), template=seeds.target)
    for document in seeds.documents:
        store.reset()
        assert imported_or_refused(store, json.dumps(document).encode(), seeds.folder)


@pytest.fixture
def postgres_store(postgres_migrated_database: str) -> Iterator[Store]:
    from sqlalchemy import create_engine

    engine = create_engine(postgres_migrated_database)
    try:
        yield Store(postgres_migrated_database, engine=engine)
    finally:
        engine.dispose()


@pytest.mark.postgres
@settings(
    max_examples=max(EXAMPLES // 5, 10),
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,  # the store is reset for each example
    ],
)
@given(data=st.data())
def test_fuzzed_imports_on_postgres(
    postgres_store: Store, seeds: Seeds, data: st.DataObject
) -> None:
    _fuzz(postgres_store, seeds, data)
