"""``game_stream.Together`` on its own (issue #23, table mode's twelfth round): the streams of a
game woken by one revision share one build, each takes its own result, a stream that goes away
does not cancel the others', a build that fails fails each stream waiting, and a stream that
began after a build set out builds alone. Fake builds stand for ``states_text``; nothing is
timed."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from skirmish.web.game_state import Gone
from skirmish.web.game_stream import Each, Made, Together


def together(*streams: int, sent: int = 5) -> Together:
    made = Together()
    for stream in streams:
        made.members[stream] = f"carried {stream}"  # type: ignore[assignment]
        made.sent[stream] = sent
    return made


class Builds:
    """A fake ``states_text`` in the event loop: each build's streams noted, each stream told
    its result (``each``) then the list returned; ``gate`` holds the builds until set."""

    def __init__(self, results: dict[Any, Made]) -> None:
        self.results = results
        self.calls: list[list[Any]] = []
        self.gate = asyncio.Event()

    async def __call__(self, carried: list[Any], each: Each | None) -> list[Made]:
        self.calls.append(carried)
        await self.gate.wait()
        made = [self.results[c] for c in carried]
        for at, one in enumerate(made):
            if each is not None:
                each(at, one)
        return made


def test_the_streams_woken_by_one_revision_share_one_build() -> None:
    async def run() -> None:
        shared = together(1, 2)
        builds = Builds({"carried 1": (6, "one"), "carried 2": (6, "two")})
        first = asyncio.ensure_future(shared.state(1, 6, builds))
        second = asyncio.ensure_future(shared.state(2, 6, builds))
        await asyncio.sleep(0)
        builds.gate.set()
        assert await first == (6, "one") and await second == (6, "two")
        assert builds.calls == [["carried 1", "carried 2"]]  # one build for both
        assert shared.sent == {1: 6, 2: 6}

    asyncio.run(run())


def test_a_stream_that_goes_away_does_not_cancel_the_other_s_state() -> None:
    async def run() -> None:
        shared = together(1, 2)
        builds = Builds({"carried 1": (6, "one"), "carried 2": (6, "two")})
        first = asyncio.ensure_future(shared.state(1, 6, builds))
        second = asyncio.ensure_future(shared.state(2, 6, builds))
        await asyncio.sleep(0)
        first.cancel()  # its phone went away
        await asyncio.sleep(0)
        builds.gate.set()
        assert await second == (6, "two")
        assert first.cancelled() and len(builds.calls) == 1

    asyncio.run(run())


def test_what_ends_one_stream_ends_it_alone_and_a_failed_build_fails_each() -> None:
    async def run() -> None:
        shared = together(1, 2)
        builds = Builds({"carried 1": Gone(), "carried 2": (6, "two")})
        builds.gate.set()
        first = asyncio.ensure_future(shared.state(1, 6, builds))
        second = asyncio.ensure_future(shared.state(2, 6, builds))
        with pytest.raises(Gone):
            await first
        assert await second == (6, "two")

        async def failing(carried: list[Any], each: Each | None) -> list[Made]:
            raise ConnectionError("the store went away")

        again = [asyncio.ensure_future(shared.state(n, 7, failing)) for n in (1, 2)]
        for waiting in again:
            with pytest.raises(ConnectionError):
                await waiting

    asyncio.run(run())


def test_a_stream_that_began_after_the_build_set_out_builds_alone() -> None:
    async def run() -> None:
        shared = together(1)
        builds = Builds({"carried 1": (6, "one"), "carried 3": (6, "three")})
        first = asyncio.ensure_future(shared.state(1, 6, builds))
        await asyncio.sleep(0)
        shared.members[3] = "carried 3"  # type: ignore[assignment]
        shared.sent[3] = 5
        late = asyncio.ensure_future(shared.state(3, 6, builds))
        await asyncio.sleep(0)
        builds.gate.set()
        assert await first == (6, "one") and await late == (6, "three")
        assert builds.calls == [["carried 1"], ["carried 3"]]

    asyncio.run(run())
