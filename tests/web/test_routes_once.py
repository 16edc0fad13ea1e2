"""The route modules are included once per process (issue #23, ``app.ROUTES``): every app serves
the same inclusions, so what FastAPI builds for a route at its first match is built once, not
once per app. What belongs to one app (its store, its site, its guard's reading of its own
sessions) each route reads from the request, so two apps at once still answer from their own
stores and still refuse a form without its token."""

from __future__ import annotations

import shutil
from pathlib import Path

from fastapi.testclient import TestClient

from skirmish.web.app import ROUTES, create_app
from tests.web.conftest import DEMO


def _inclusions(app: object) -> list[object]:
    """The app's routes that come from ``ROUTES``, by identity, in the app's order."""
    shared = {id(route) for route in ROUTES.routes}
    return [route for route in app.routes if id(route) in shared]  # type: ignore[attr-defined]


def test_two_apps_serve_the_one_table_of_routes_after_their_own(
    tmp_path: Path, sqlite_template: Path
) -> None:
    demo, empty = tmp_path / "demo.db", tmp_path / "empty.db"
    shutil.copyfile(DEMO, demo)
    shutil.copyfile(sqlite_template, empty)
    one, other = create_app(str(demo)), create_app(str(empty))
    assert ROUTES.routes  # every route module's inclusion
    for app in (one, other):
        included = _inclusions(app)
        assert len(included) == len(ROUTES.routes)
        assert all(a is b for a, b in zip(included, ROUTES.routes, strict=True))
        own = app.routes[: len(app.routes) - len(ROUTES.routes)]
        assert app.routes[len(own) :] == included  # the app's own routes first, as they were
    # the app's own routes (logging in and out, over its own store) are its own
    own_one = {id(route) for route in one.routes} - {id(route) for route in ROUTES.routes}
    own_other = {id(route) for route in other.routes} - {id(route) for route in ROUTES.routes}
    assert own_one and own_other and not own_one & own_other


def test_two_apps_at_once_answer_from_their_own_stores_and_guards(
    tmp_path: Path, sqlite_template: Path
) -> None:
    demo, empty = tmp_path / "demo.db", tmp_path / "empty.db"
    shutil.copyfile(DEMO, demo)
    shutil.copyfile(sqlite_template, empty)
    with TestClient(create_app(str(demo))) as one, TestClient(create_app(str(empty))) as other:
        for _ in range(2):  # in turn, each after the other's first request
            assert [c["name"] for c in one.get("/api/v1/campaigns").json()] == ["Tombstone 1881"]
            assert other.get("/api/v1/campaigns").json() == []
        for client in (one, other):
            client.get("/")  # the reader's token cookie
            refused = client.post("/campaigns/new", data={"name": "Dodge City"})
            assert refused.status_code == 403
            token = {"csrf": "x" * 43}
            assert (
                client.post("/campaigns/new", data={"name": "Dodge City", **token}).status_code
                == 403
            )
        assert [c["name"] for c in one.get("/api/v1/campaigns").json()] == ["Tombstone 1881"]
        assert other.get("/api/v1/campaigns").json() == []
