"""The ``skirmish`` console script and ``python -m skirmish``: the collector quiet from the
process's first line (``collector.quiet_start``), then the command line (``cli.main``).

typer's import and the command line's own modules allocate objects that all live until the
process ends; with CPython's thresholds the collector walked them about thirty times before
``cli.main.main`` could make it quiet (``gc.callbacks``: 28 young and 3 middle collections,
4.4 ms of ``roll shoot``'s CPU on a loaded machine). This module imports nothing but the
collector's settings before it (issue #23, benchmarks/imports.md).
"""

from __future__ import annotations

from skirmish.collector import quiet_start


def main() -> None:
    """Quiet the collector, then run the command line (``cli.main.main``)."""
    quiet_start()
    from skirmish.cli.main import main as command_line  # lazy: start

    command_line()
