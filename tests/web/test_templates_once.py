"""Each page template is compiled once, even when the first readers after a start ask for it
at the same moment (issue #11, the web benchmark: 20 readers had compiled each template 20
times over, seconds of processor time before the first answers)."""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any


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
