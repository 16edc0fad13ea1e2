"""What serves the club's app (issue #23, table mode's eleventh round): ``skirmish serve`` leaves
uvicorn's HTTP parser and event loop to uvicorn, which takes httptools (C) and uvloop, both
dependencies of the project, over h11 (pure Python) and asyncio. A table-mode change is several
requests and streamed events; h11 parsed each of them in Python (docs/web.md)."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from uvicorn.config import Config

from skirmish.cli.serve import SERVER_OPTIONS


async def nothing(scope: Any, receive: Any, send: Any) -> None:
    """An ASGI app that is never called: only uvicorn's choices are looked at."""


def served() -> Config:
    config = Config(nothing, host="127.0.0.1", port=0, **SERVER_OPTIONS)  # type: ignore[arg-type]
    config.load()
    return config


def test_the_server_parses_http_with_httptools() -> None:
    assert served().http_protocol_class.__module__ == "uvicorn.protocols.http.httptools_impl"


@pytest.mark.skipif(sys.platform == "win32", reason="uvloop has no Windows build")
def test_the_server_runs_on_uvloop() -> None:
    factory = served().get_loop_factory()
    assert factory is not None and factory.__module__.startswith("uvloop")
