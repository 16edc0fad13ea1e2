"""Side-by-side timing helpers: every benchmark reports a ratio of medians measured in one run,
alternating the commands so that machine noise hits both alike."""

from __future__ import annotations

import statistics
import subprocess
import time
from collections.abc import Callable, Sequence


def time_commands(
    commands: dict[str, Sequence[str]],
    *,
    runs: int = 21,
    warmup: int = 3,
    env: dict[str, str] | None = None,
) -> dict[str, float]:
    """Median wall time in seconds of each whole-process command, run interleaved."""
    samples: dict[str, list[float]] = {name: [] for name in commands}
    for i in range(warmup + runs):
        for name, argv in commands.items():
            start = time.perf_counter()
            subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
            elapsed = time.perf_counter() - start
            if i >= warmup:
                samples[name].append(elapsed)
    return {name: statistics.median(values) for name, values in samples.items()}


def time_calls(calls: dict[str, Callable[[], object]], *, runs: int = 51) -> dict[str, float]:
    """Median wall time in seconds of in-process calls, run interleaved."""
    samples: dict[str, list[float]] = {name: [] for name in calls}
    for _ in range(runs):
        for name, call in calls.items():
            start = time.perf_counter()
            call()
            samples[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) for name, values in samples.items()}


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"
