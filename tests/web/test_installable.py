"""skirmish installable (issue #24, part 1): the web app manifest, its icons, the service worker's
script and its shell, and the offline page, through the app as a browser asks for them (the
worker itself runs in Chromium: tests/web/browser/test_installable_phone.py)."""

from __future__ import annotations

import json
import re
import shutil
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skirmish.translation import gettext
from skirmish.web import installable
from skirmish.web.headers import POLICY
from tests.web.test_login import PASSWORD, cli, log_in, open_client

BASE = installable.TEMPLATES / "base.html"


@pytest.fixture
def web(demo: Path) -> Iterator[Any]:
    """The demo store with an account, Wyatt, who may log in."""
    cli(demo, "user", "add", "Wyatt", "--password-stdin", stdin=PASSWORD + "\n")
    with open_client(demo) as client:
        yield client


def _png_size(body: bytes) -> tuple[int, int]:
    """A PNG's width and height, from its header (IHDR)."""
    assert body[:8] == b"\x89PNG\r\n\x1a\n" and body[12:16] == b"IHDR"
    width, height = struct.unpack(">II", body[16:24])
    return width, height


# ------------------------------------------------------------------------------- the manifest


@pytest.mark.parametrize(("accept", "lang"), [("it-IT,it;q=0.9", "it"), ("en-GB", "en")])
def test_the_manifest_is_valid_and_in_the_readers_language(
    web: Any, accept: str, lang: str
) -> None:
    answer = web.get("/manifest.webmanifest", headers={"Accept-Language": accept})
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/manifest+json"
    manifest = json.loads(answer.text)
    assert manifest["name"] == manifest["short_name"] == "skirmish"
    assert manifest["lang"] == lang
    assert manifest["description"] == gettext(lang, installable.DESCRIPTION)
    assert manifest["start_url"] == "/" and manifest["scope"] == "/" and manifest["id"] == "/"
    assert manifest["display"] == "standalone"
    for colour in ("theme_color", "background_color"):
        assert re.fullmatch(r"#[0-9a-f]{6}", manifest[colour]), manifest[colour]
    # the pages' own palette: the top bar's ink, the page's paper
    css = (installable.STATIC / "site.css").read_text(encoding="utf-8")
    assert f"--ink: {manifest['theme_color']};" in css
    assert f"--paper: {manifest['background_color']};" in css
    # installable by Chromium's rules: a 192 and a 512 PNG, and one maskable
    pngs = {i["sizes"] for i in manifest["icons"] if i["type"] == "image/png"}
    assert {"192x192", "512x512"} <= pngs
    assert [i["purpose"] for i in manifest["icons"]].count("maskable") == 1


def test_the_manifest_follows_the_language_the_reader_chose(web: Any) -> None:
    web.get("/?lang=it")  # the cookie remembers it; the browser says English
    manifest = web.get("/manifest.webmanifest", headers={"Accept-Language": "en"}).json()
    assert manifest["lang"] == "it"


def test_every_icon_is_served_at_its_size_and_type(web: Any) -> None:
    manifest = web.get("/manifest.webmanifest").json()
    icons = [*manifest["icons"], {"src": installable.APPLE_TOUCH_ICON, "sizes": "180x180",
                                  "type": "image/png"}]  # fmt: skip
    for icon in icons:
        answer = web.get(icon["src"])
        assert answer.status_code == 200, icon
        assert answer.headers["content-type"].split(";")[0] == icon["type"], icon
        if icon["type"] == "image/png":
            width, height = _png_size(answer.content)
            assert f"{width}x{height}" == icon["sizes"], icon
        else:
            assert icon["sizes"] == "any" and answer.text.lstrip().startswith("<svg")


def test_every_page_links_the_manifest_its_colour_and_icons(web: Any) -> None:
    page = web.get("/").text
    manifest = web.get("/manifest.webmanifest").json()
    assert '<link rel="manifest" href="/manifest.webmanifest"' in page
    assert f'<meta name="theme-color" content="{manifest["theme_color"]}">' in page
    touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', page)
    assert touch and web.get(touch.group(1)).status_code == 200
    icon = re.search(r'<link rel="icon" href="([^"]+)"', page)
    assert icon and icon.group(1) in {i["src"] for i in manifest["icons"]}


# ------------------------------------------------------------------------- the service worker


def _config(script: str) -> dict[str, Any]:
    first, _, _ = script.partition("\n")
    found = re.fullmatch(r"self\.SKIRMISH = (\{.*\});", first)
    assert found, first
    config: dict[str, Any] = json.loads(found.group(1))
    return config


def test_the_worker_is_served_at_the_root_never_cached(web: Any) -> None:
    answer = web.get("/sw.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "text/javascript; charset=utf-8"
    assert answer.headers["cache-control"] == "no-cache"
    assert "worker-src 'self'" in POLICY and "manifest-src 'self'" in POLICY
    assert answer.headers["content-security-policy"] == POLICY
    config = _config(answer.text)
    assert re.fullmatch(r"[0-9a-f]{16}", config["version"])
    assert config["version"] == installable.shell_version()
    assert answer.text.endswith(installable.WORKER.read_text(encoding="utf-8"))


def test_the_shell_names_only_what_the_app_serves_and_all_a_page_loads(web: Any) -> None:
    config = _config(web.get("/sw.js").text)
    shell = config["shell"]
    assert len(shell) == len(set(shell))
    for url in shell:
        answer = web.get(url)
        assert answer.status_code == 200, url
    # what every page loads (the base template), and a game's live page
    page = web.get("/").text
    loaded = set(re.findall(r'(?:src|href)="(/static/[^"]+)"', page))
    assert loaded and loaded <= set(shell), loaded - set(shell)
    assert {"/static/live.js", "/static/game.css"} <= set(shell)
    assert set(config["offline"].values()) <= set(shell)
    assert not any(url.startswith("/static/pyodide/") for url in shell)


def test_the_offline_page_is_in_each_language_and_names_nobody(web: Any) -> None:
    assert log_in(web).status_code == 303
    assert "Wyatt" in web.get("/").text
    for lang, url in _config(web.get("/sw.js").text)["offline"].items():
        page = web.get(url)
        assert page.status_code == 200
        assert f'<html lang="{lang}">' in page.text
        assert f"<h1>{gettext(lang, 'No connection')}</h1>" in page.text
        assert "Wyatt" not in page.text and 'action="/logout"' not in page.text
    assert web.get("/offline/fr").status_code == 404


def test_a_changed_static_file_is_a_new_shell_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cache's name follows the files' contents: a release that changes one byte of a
    static file installs a new worker, whose new cache replaces the old one."""
    here = tmp_path / "web"
    # Pyodide's files (installed by ``make pyodide``) are left behind: made below
    shutil.copytree(installable.STATIC, here / "static", ignore=shutil.ignore_patterns("pyodide"))
    shutil.copytree(installable.TEMPLATES, here / "templates")
    monkeypatch.setattr(installable, "HERE", here)
    monkeypatch.setattr(installable, "STATIC", here / "static")
    monkeypatch.setattr(installable, "PYODIDE", here / "static" / "pyodide")
    moved = tuple(here / "templates" / p.name for p in installable.OFFLINE_TEMPLATES)
    monkeypatch.setattr(installable, "OFFLINE_TEMPLATES", moved)

    def version() -> str:
        installable.shell_version.cache_clear()
        installable.pyodide_version.cache_clear()
        return installable.shell_version()

    try:
        before = version()
        assert version() == before  # the same files, the same version
        (here / "static" / "pyodide").mkdir()
        (here / "static" / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm")
        assert version() == before  # Pyodide has a cache of its own
        assert installable.pyodide_version() != "none"
        css = here / "static" / "site.css"
        css.write_text(css.read_text(encoding="utf-8") + "\n", encoding="utf-8")
        assert version() != before
    finally:
        monkeypatch.undo()
        version()
