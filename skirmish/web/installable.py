"""skirmish on a phone's home screen (issue #24, part 1): the web app manifest, the service worker
and the page it shows when the network is gone.

- ``GET /manifest.webmanifest``: the app's name, icons (``static/icons``, drawn by
  ``scripts/make_icons.py``) and colours (the pages' own, read from ``static/site.css``), in the
  reader's language (``pick_lang``: the base template links it with the page's cookies).
- ``GET /sw.js``: the service worker (``web/sw.js``), at the root so that it controls every page,
  told its configuration on its first line: the version of the shell (a hash of the static files'
  and the offline page's contents, so that a release that changes any of them installs a new
  worker and drops the old cache), the shell's addresses (every ``/static/`` file a template
  loads, and the icons) and the offline page's address in each language. Its caching rules are
  in docs/architecture.md ("The service worker").
- ``GET /offline/{lang}``: the page the worker shows for a page it has not kept, the same for
  every reader (nobody is named on it: it stays on a shared phone).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.exceptions import HTTPException

from skirmish.i18n import Lang
from skirmish.translation import N_, gettext
from skirmish.web.site import HERE, SiteDep, Viewer, identifies_reader, pick_lang

router = APIRouter(include_in_schema=False)

STATIC = HERE / "static"
TEMPLATES = HERE / "templates"
#: Pyodide and the engine's bundle (issue #24, part 2): large, kept by the worker on first use
#: in a cache of their own (never in the shell's, never precached).
PYODIDE = STATIC / "pyodide"
#: The service worker's own code; ``/sw.js`` serves it after its configuration line.
WORKER = HERE / "sw.js"
#: The templates the offline page is made of (their changes are a new shell too).
OFFLINE_TEMPLATES = (TEMPLATES / "offline.html", TEMPLATES / "base.html")

#: The icons the manifest lists: (file under /static/icons, sizes, type, purpose).
ICONS: tuple[tuple[str, str, str, str], ...] = (
    ("skirmish.svg", "any", "image/svg+xml", "any"),
    ("skirmish-192.png", "192x192", "image/png", "any"),
    ("skirmish-512.png", "512x512", "image/png", "any"),
    ("skirmish-maskable-512.png", "512x512", "image/png", "maskable"),
)
#: What the phone says of the app when it offers to install it.
DESCRIPTION = N_(
    "The club's campaigns and the table's tools for Per qualche dado in più, "
    "with the game going on when the network drops."
)
#: Safari's home-screen icon (``<link rel="apple-touch-icon">``), full bleed, 180 px.
APPLE_TOUCH_ICON = "/static/icons/apple-touch-icon.png"


def _files(folder: Path) -> Iterator[Path]:
    """Every file under ``folder``, sorted, through symbolic links (a package's folder linked
    into ``static``)."""
    found: list[Path] = []
    for root, _, names in os.walk(folder, followlinks=True):
        found.extend(Path(root) / name for name in names)
    yield from sorted(found)


def _digest(paths: Iterator[Path], base: Path) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(str(path.relative_to(base)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


@cache
def shell_version() -> str:
    """A hash of every static file but Pyodide's, and of the offline page's templates: a new
    value, a new shell cache."""
    statics = (p for p in _files(STATIC) if PYODIDE not in p.parents)
    return _digest(iter([*statics, *OFFLINE_TEMPLATES]), HERE)


@cache
def pyodide_version() -> str:
    """A hash of Pyodide's files (``"none"`` while there are none)."""
    if not PYODIDE.is_dir():
        return "none"
    return _digest(_files(PYODIDE), STATIC)


@cache
def shell() -> tuple[str, ...]:
    """The shell the worker keeps at once: every ``/static/`` file a page's template loads (the
    pages' styles and scripts: there is no web font, the pages use the phone's serif) and the
    icons. The API's documentation (Swagger UI) is not a page a player needs at the table: kept
    on first use, like any other static file."""
    loaded: set[str] = set()
    for template in TEMPLATES.rglob("*.html"):
        loaded.update(re.findall(r"/static/[\w./-]+", template.read_text(encoding="utf-8")))
    icons = {f"/static/icons/{name}" for name, *_ in ICONS} | {APPLE_TOUCH_ICON}
    return tuple(sorted(url for url in loaded | icons if not url.startswith("/static/pyodide/")))


def offline_url(lang: Lang | str) -> str:
    return f"/offline/{Lang(lang).value}"


@cache
def palette() -> dict[str, str]:
    """The pages' colours by their name in ``static/site.css`` (``--ink: #2b2118``)."""
    css = (STATIC / "site.css").read_text(encoding="utf-8")
    return dict(re.findall(r"--([a-z]+):\s*(#[0-9a-fA-F]{3,6})\s*;", css))


def manifest(lang: Lang) -> dict[str, Any]:
    """The web app manifest in ``lang``."""
    colours = palette()
    return {
        "id": "/",
        "name": "skirmish",
        "short_name": "skirmish",
        "description": gettext(lang.value, DESCRIPTION),
        "lang": lang.value,
        "dir": "ltr",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": colours["ink"],  # the top bar
        "background_color": colours["paper"],  # the page
        "categories": ["games"],
        "icons": [
            {"src": f"/static/icons/{name}", "sizes": sizes, "type": kind, "purpose": purpose}
            for name, sizes, kind, purpose in ICONS
        ],
    }


def worker_config() -> dict[str, Any]:
    """What ``/sw.js`` tells the worker on its first line."""
    return {
        "version": shell_version(),
        "pyodide": pyodide_version(),
        "shell": [*shell(), *(offline_url(lang) for lang in Lang)],
        "offline": {lang.value: offline_url(lang) for lang in Lang},
    }


@cache
def worker_source() -> str:
    """``/sw.js``: the configuration, then the worker's code."""
    config = json.dumps(worker_config(), sort_keys=True)
    return f"self.SKIRMISH = {config};\n{WORKER.read_text(encoding='utf-8')}"


@router.get("/manifest.webmanifest", include_in_schema=False)
def web_manifest(request: Request) -> Response:
    return JSONResponse(
        manifest(pick_lang(request)),
        media_type="application/manifest+json",
        headers={"Cache-Control": "no-cache"},
    )


@router.get("/sw.js", include_in_schema=False)
@identifies_reader  # nobody needs identifying: the same worker for everyone
def service_worker() -> Response:
    """Served afresh every time (``no-cache``): the browser compares it with the worker it runs
    at every visit and installs a changed one."""
    return Response(
        worker_source(),
        media_type="text/javascript; charset=utf-8",
        headers={"Cache-Control": "no-cache"},
    )


@router.get("/offline/{lang}", response_class=HTMLResponse, include_in_schema=False)
@identifies_reader  # the page names nobody: read as a store without accounts would show it
def offline_page(request: Request, lang: str, site: SiteDep) -> Response:
    if lang not in ("it", "en"):
        raise HTTPException(404)  # the app's own "no such page"
    request.state.viewer = Viewer(accounts=False, lang=lang)  # its language is the address's
    return site.page(request, "offline.html")
