"""The store suite runs on SQLite and on a real PostgreSQL server (``tests/conftest.py``)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import Engine

from skirmish.campaign import store

BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database: an SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'campaigns.db'}"
    url: str = request.getfixturevalue("postgres_database")
    return url


@pytest.fixture(params=BACKENDS)
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    """An opened store with the current schema and no campaign yet, fresh for each test."""
    if request.param == "sqlite":
        path = tmp_path / "campaigns.db"
        shutil.copyfile(request.getfixturevalue("sqlite_template"), path)
        url = f"sqlite:///{path}"
    else:
        url = request.getfixturevalue("postgres_migrated_database")
    opened = store.open_store(url)
    yield opened
    opened.dispose()


DEMO = Path(__file__).parents[2] / "campaigns.db.example"


def app_paths(routes: Any) -> Any:
    """Every (path, method) of an app, through the routers it includes."""
    for route in routes:
        included = getattr(route, "original_router", None)  # FastAPI's included router
        if included is not None:
            yield from app_paths(included.routes)
        for method in getattr(route, "methods", None) or ():
            yield route.path, method


@pytest.fixture(scope="module")
def routes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[set[Any], Any]]:
    """The web app's (path, method) pairs and its OpenAPI document, on a copy of the demo."""
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    db = tmp_path_factory.mktemp("routes") / "c.db"
    shutil.copyfile(DEMO, db)
    app = create_app(str(db))
    found = set(app_paths(app.routes))
    with TestClient(app) as client:
        yield found, client.get("/api/v1/openapi.json").json()


def made_from_fields(fields: Any, made: Any, params: list[Any]) -> list[Any]:
    """Check that each of ``fields`` (a catalogue entry's) is exactly one of a command's
    ``params`` as ``cli/from_fields.py`` makes it from ``made`` (the fields the command line
    takes, as the command's ``fields`` says): its arguments in the catalogue's order by their
    Python name, each option by its flag, Italian flag and short flag, with the field's help,
    required (or not, where the command line may leave it out) and repeatable as the field
    says. What is left: the command line's own parameters."""
    from skirmish.cli.from_fields import python_name

    declared = {f.name: f for f in fields}
    assert all(f == declared[f.name] or f.required < declared[f.name].required for f in made)
    rest = list(params)
    arguments = [p for p in rest if p.param_type_name == "argument"]
    taken = [f for f in made if f.argument]
    named = [p for p in arguments if p.name in {python_name(f) for f in taken}]
    assert [p.name for p in named] == [python_name(f) for f in taken]
    for field, param in zip(taken, named, strict=True):
        assert param.help == field.help.en and param.required == field.required, field.name
        rest.remove(param)
    for field in (f for f in made if not f.argument):
        flag = field.cli or field.flag
        [param] = [p for p in rest if flag in p.opts]
        rest.remove(param)
        assert param.opts == [flag, *(a for a in (field.it_flag, field.short) if a)]
        assert param.help.startswith(field.help.en), field.name
        assert (param.required, param.multiple) == (field.required, field.many), field.name
    return rest
