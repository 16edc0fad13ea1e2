"""The order requests try the route modules in (``app.MATCHED``, the busiest first: issue #23)
decides nothing the order they were always included in (``app.DOCUMENTED``) decided: no two
routes one address may match change places, and the OpenAPI document lists the routes as it
did."""

from __future__ import annotations

import re
from typing import Any

from fastapi.routing import APIRoute

from skirmish.web import app

#: A path parameter in a route's path, with its converter if it names one.
PARAM = re.compile(r"{([^}:]+)(?::([^}]+))?}")


def _segment(pattern: str) -> str:
    """A regular expression for one segment of a route's path (a parameter matches any text
    without a slash, as Starlette's ``str`` and ``int`` converters do at most)."""
    out, at = "", 0
    for found in PARAM.finditer(pattern):
        out += re.escape(pattern[at : found.start()]) + "[^/]+"
        at = found.end()
    return out + re.escape(pattern[at:])


def may_share_an_address(one: str, other: str) -> bool:
    """Whether some address may match both route paths (said yes when unsure: two segments
    with parameters in both are taken to overlap; a ``path`` converter overlaps everything)."""
    if ":path}" in one or ":path}" in other:
        return True
    first, second = one.strip("/").split("/"), other.strip("/").split("/")
    if len(first) != len(second):
        return False
    for a, b in zip(first, second, strict=True):
        if "{" not in a and "{" not in b and a != b:
            return False
        if "{" not in a and "{" in b and not re.fullmatch(_segment(b), a):
            return False
        if "{" in a and "{" not in b and not re.fullmatch(_segment(a), b):
            return False
        if "{" in a and "{" in b and not _ends_agree(a, b):
            return False
    return True


def _ends_agree(a: str, b: str) -> bool:
    """Whether two segments with parameters may match one text: the text before their first
    parameter and after their last must agree (``campaign.{suffix}``, ``gazette.{suffix}``:
    never)."""
    head_a, head_b = a.split("{", 1)[0], b.split("{", 1)[0]
    tail_a, tail_b = a.rsplit("}", 1)[1], b.rsplit("}", 1)[1]
    heads = head_a.startswith(head_b) or head_b.startswith(head_a)
    return heads and (tail_a.endswith(tail_b) or tail_b.endswith(tail_a))


def _routes(order: tuple[Any, ...]) -> list[tuple[str, str]]:
    """Every route of the modules in ``order``, in the order they are tried: (module, path)."""
    return [
        (module.__name__, route.path)
        for module in order
        for route in module.router.routes
        if isinstance(route, APIRoute)
    ]


def test_the_two_orders_hold_the_same_modules() -> None:
    assert sorted(m.__name__ for m in app.MATCHED) == sorted(m.__name__ for m in app.DOCUMENTED)
    assert len(set(app.MATCHED)) == len(app.MATCHED)


def test_the_overlap_check_finds_what_it_should() -> None:
    assert may_share_an_address("/api/v1/campaigns/{campaign}", "/api/v1/campaigns/{c}")
    assert may_share_an_address("/c/{campaign}/games/new", "/c/{campaign}/games/{game}")
    assert may_share_an_address("/c/{campaign}/{name}.json", "/c/{campaign}/gangs.json")
    assert not may_share_an_address("/c/{campaign}/games/new", "/c/{campaign}/games")
    assert not may_share_an_address("/c/{campaign}/g/{gang}", "/c/{campaign}/games/{game}/x")
    assert not may_share_an_address("/c/{campaign}/campaign.pdf", "/c/{campaign}/gazette.pdf")
    assert not may_share_an_address("/c/{campaign}/campaign.{x}", "/c/{campaign}/gazette.{x}")
    assert may_share_an_address("/c/{campaign}/{name}.{x}", "/c/{campaign}/gazette.{x}")


def test_no_two_routes_one_address_may_match_change_places() -> None:
    """Of two routes of different modules that one address may match, the one that answered it
    before (or refused its method with 405) still comes first."""
    documented = _routes(app.DOCUMENTED)
    place = {(m, p): n for n, (m, p) in reversed(list(enumerate(_routes(app.MATCHED))))}
    shared = 0
    for n, (module, path) in enumerate(documented):
        for other, later in documented[n + 1 :]:
            if other != module and may_share_an_address(path, later):
                shared += 1
                assert place[(module, path)] < place[(other, later)], (path, later)
    assert shared >= 3  # e.g. /api/v1/campaigns: the list (api), a new one (club_campaigns)


def test_the_busy_modules_are_tried_first() -> None:
    names = [m.__name__.rsplit(".", 1)[1] for m in app.MATCHED]
    assert names[:4] == ["pages", "api", "game_live", "game_stream"]


def test_the_openapi_document_lists_the_routes_as_it_did(client: Any) -> None:
    """The document's paths come in ``DOCUMENTED``'s order, each once, not in ``MATCHED``'s."""
    paths = list(client.get("/api/v1/openapi.json").json()["paths"])
    expected: list[str] = []
    for module in app.DOCUMENTED:
        for route in module.router.routes:
            if isinstance(route, APIRoute) and route.include_in_schema:
                if route.path not in expected:
                    expected.append(route.path)
    assert paths == expected
