"""Names carrying markup show as text on every page and in the API (issue #11): a campaign, a
gang and a model renamed through the services to ``<script>…`` and ``{{ 7*7 }}``."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest

SCRIPT = "<script>alert('x')</script>"
TEMPLATE = "{{ 7*7 }} & <b>"
CAMPAIGN = "<i>{{ 7*7 }}</i>"


@pytest.fixture
def hostile(demo: Path) -> Path:
    """The demo copy with its gang and a model renamed, and a campaign of its own, through the
    services the CLI uses."""
    from skirmish.campaign import gangs, lookup, roster, store

    engine = store.open_store(str(demo), access=store.Access.CAMPAIGN, create=False)
    try:
        with store.transaction(engine, access=store.Access.CAMPAIGN) as s:
            tombstone = lookup.campaign_by_name(s, "Tombstone 1881")
            earps = lookup.gang_by_name(s, tombstone, "Earp brothers")
            gangs.rename_gang(s, gang=earps, name=SCRIPT)
            roster.rename(s, gang=earps, member="Wyatt Earp", name=TEMPLATE)
            other = gangs.new_campaign(s, name=CAMPAIGN)
            gangs.new_gang(s, campaign=other, name=TEMPLATE, faction="lawmen")
    finally:
        engine.dispose()
    return demo


def _urls() -> list[str]:
    c, g, m = quote("Tombstone 1881", safe=""), quote(SCRIPT, safe=""), quote(TEMPLATE, safe="")
    other = quote(CAMPAIGN, safe="")
    return [
        "/",
        f"/c/{c}",
        f"/c/{c}?sort=rating",
        f"/c/{c}/g/{g}",
        f"/c/{c}/g/{g}/m/{m}",
        f"/c/{other}",
        f"/c/{other}/g/{m}",
        f"/c/{c}/g/{g}x",  # a 404 quoting the hostile name and suggesting it
        f"/rules?q={g}",  # a search for it
    ]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_markup_in_names_is_text_on_every_page(hostile: Path, lang: str) -> None:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    client = TestClient(create_app(str(hostile)))
    for url in _urls():
        response = client.get(url, headers={"Accept-Language": lang})
        assert response.status_code in (200, 404), (url, response.status_code)
        html = response.text
        assert "<script>alert" not in html, url
        assert "<b>" not in html and "<i>" not in html, url
        if response.status_code == 200 and "/rules" not in url:  # these name the model
            assert "{{ 7*7 }}" in html, url  # shown as typed, never evaluated
    gang_page = client.get(_urls()[3]).text
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in gang_page
    assert "{{ 7*7 }} &amp; &lt;b&gt;" in gang_page
    assert "&lt;i&gt;{{ 7*7 }}&lt;/i&gt;" in client.get("/").text


def test_markup_in_names_is_plain_json_in_the_api(hostile: Path) -> None:
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    client = TestClient(create_app(str(hostile)))
    c, g = quote("Tombstone 1881", safe=""), quote(SCRIPT, safe="")
    data = client.get(f"/api/v1/campaigns/{c}/gangs/{g}").json()
    assert data["name"] == SCRIPT
    assert TEMPLATE in [m["name"] for m in data["members"]]
    assert CAMPAIGN in [row["name"] for row in client.get("/api/v1/campaigns").json()]


def test_a_name_with_a_slash_or_percent_has_its_pages(demo: Path) -> None:
    """``AC/DC %41``: the slash does not split the address, the percent is not decoded twice."""
    from fastapi.testclient import TestClient

    from skirmish.campaign import gangs, lookup, roster, store
    from skirmish.web.app import create_app
    from skirmish.web.site import gang_url, model_url

    engine = store.open_store(str(demo), access=store.Access.CAMPAIGN, create=False)
    try:
        with store.transaction(engine, access=store.Access.CAMPAIGN) as s:
            tombstone = lookup.campaign_by_name(s, "Tombstone 1881")
            clantons = lookup.gang_by_name(s, tombstone, "Clanton gang")
            gangs.rename_gang(s, gang=clantons, name="AC/DC %41")
            member = lookup.active_members(clantons)[0].name
            roster.rename(s, gang=clantons, member=member, name="Ike/Billy 100%")
    finally:
        engine.dispose()
    client = TestClient(create_app(str(demo)))
    page = client.get(gang_url("Tombstone 1881", "AC/DC %41"))
    assert page.status_code == 200 and "<h1>AC/DC %41</h1>" in page.text
    assert model_url("Tombstone 1881", "AC/DC %41", "Ike/Billy 100%") in page.text
    model = client.get(model_url("Tombstone 1881", "AC/DC %41", "Ike/Billy 100%"))
    assert model.status_code == 200 and "<h1>Ike/Billy 100%</h1>" in model.text
    api = client.get("/api/v1/campaigns/Tombstone%201881/gangs/AC%2FDC%20%2541")
    assert api.json()["name"] == "AC/DC %41"
    log = client.get("/api/v1/campaigns/Tombstone%201881/log", params={"gang": "AC/DC %41"})
    assert log.status_code == 200 and log.json()
