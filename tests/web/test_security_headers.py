"""The security headers on every answer (issue #22, item 6): every route of the app, pages, API,
static files, errors; and the API's page loads nothing from another site."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from skirmish.web.app import create_app
from skirmish.web.headers import HEADERS, POLICY
from skirmish.web.prints import HTML_POLICY
from tests.campaign.conftest import app_paths

DEMO = Path(__file__).resolve().parents[2] / "campaigns.db.example"
TEMPLATES = Path(__file__).resolve().parents[2] / "skirmish" / "web" / "templates"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("headers") / "c.db"
    shutil.copyfile(DEMO, db)
    with TestClient(create_app(str(db)), follow_redirects=False) as opened:
        yield opened


def _routes(client: TestClient) -> list[tuple[str, str]]:
    """Every (method, path) of the app, through the routers it includes, each parameter filled
    with a name no row has (a refusal, a 404 or a page: every answer carries the headers)."""
    found = {(method, re.sub(r"\{[^}]+\}", "x", path))
             for path, method in app_paths(client.app.routes)}  # type: ignore[attr-defined]  # fmt: skip
    return sorted((method, path) for method, path in found if method != "HEAD")


def _check(headers: dict[str, str] | object, policy: str = POLICY) -> None:
    got = {name: headers[name] for name in HEADERS}  # type: ignore[index]
    assert got == {**HEADERS, "Content-Security-Policy": policy}


def test_every_route_answers_with_the_security_headers(client: TestClient) -> None:
    routes = _routes(client)
    assert len(routes) > 50  # the whole app, through its included routers
    for method, path in routes:
        answer = client.request(method, path)
        _check(answer.headers)


@pytest.mark.parametrize(
    "path", ["/", "/static/site.css", "/static/htmx-2.0.4.min.js", "/no/such/page", "/api/v1/nope"]
)
def test_pages_static_files_and_errors_carry_them(client: TestClient, path: str) -> None:
    _check(client.get(path).headers)


def test_a_printed_sheet_keeps_its_own_policy_and_may_not_be_framed(client: TestClient) -> None:
    answer = client.get("/print/reference.html")
    assert answer.status_code == 200, answer.text[:200]
    _check(answer.headers, f"{HTML_POLICY}; frame-ancestors 'none'")


def test_the_api_page_loads_nothing_from_another_site(client: TestClient) -> None:
    page = client.get("/api/v1/docs")
    assert page.status_code == 200
    _check(page.headers)
    addresses = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert addresses and all(a.startswith("/static/") for a in addresses), addresses
    assert "<script>" not in page.text and "http" not in page.text
    for address in addresses:
        assert client.get(address).status_code == 200, address


def test_no_template_writes_an_inline_script_style_or_handler() -> None:
    """What the policy would block: an inline script, a style attribute, an event handler,
    an htmx trigger filter (htmx evaluates it as code) or hx-on."""
    pattern = re.compile(r"<script>|<style|\sstyle=|\son[a-z]+=|hx-on|\[[^\]]*\]\"|js:")
    found = [
        (path.name, hit)
        for path in sorted(TEMPLATES.rglob("*.html"))
        for hit in pattern.findall(path.read_text(encoding="utf-8"))
    ]
    assert found == []
