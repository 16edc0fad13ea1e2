"""Each page template is compiled once, even when the first readers after a start ask for it
at the same moment (issue #11, the web benchmark: 20 readers had compiled each template 20
times over, seconds of processor time before the first answers)."""

from __future__ import annotations

import shutil
import threading
from collections import Counter
from pathlib import Path
from typing import Any

import jinja2
import pytest

from tests.web.conftest import DEMO


def test_readers_at_once_compile_each_template_once() -> None:
    from skirmish.web.site import _environment

    env = _environment()
    compiled: Counter[str | None] = Counter()
    compile_source = env.compile

    def counting(source: Any, name: str | None = None, *args: Any, **kwargs: Any) -> Any:
        compiled[name] += 1
        return compile_source(source, name, *args, **kwargs)

    env.compile = counting  # type: ignore[method-assign]
    start = threading.Barrier(8)
    names = ("gang.html", "campaign.html", "base.html")

    def reader() -> None:
        start.wait()
        for name in names:
            env.get_template(name)

    threads = [threading.Thread(target=reader) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert {name: compiled[name] for name in names} == dict.fromkeys(names, 1)


def test_a_second_app_compiles_none_of_the_templates_the_first_compiled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The templates are the package's files, compiled once per process (issue #23,
    ``site.environment``): a second app (each web test makes its own) renders the same pages,
    the same to the byte, without compiling any of them again."""
    from fastapi.testclient import TestClient

    from skirmish.web.app import create_app

    pages = ["/", "/c/Tombstone%201881", "/c/Tombstone%201881/g/Earp%20brothers?lang=it"]

    def read(name: str) -> list[str]:
        path = tmp_path / name
        shutil.copyfile(DEMO, path)
        with TestClient(create_app(str(path))) as client:
            return [client.get(page).text for page in pages]

    first = read("first.db")
    compiled: Counter[str | None] = Counter()
    compile_source = jinja2.Environment.compile

    def counting(env: Any, source: Any, name: str | None = None, *args: Any, **kw: Any) -> Any:
        compiled[name] += 1
        return compile_source(env, source, name, *args, **kw)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)  # every environment's
    assert read("second.db") == first
    assert compiled == Counter()
