"""The garbage collector's measured settings, in one place (issue #23): nowhere else in skirmish
calls ``gc.freeze``, ``gc.set_threshold`` or ``gc.disable`` (``tests/test_collector.py``).

- ``freeze_at_exit``: a command's work is done; everything it built (SQLAlchemy's mappers and
  compiled statements, the rules tables, typer's commands, rich's styles, weasyprint's caches) is
  moved to the collector's permanent generation, so the full collection Python runs while it
  shuts down no longer walks it. Measured side by side, the same tree with and without the call,
  commands alternated, medians of 11 runs (2 cores shared, load 4.6): ``gang show`` 989 ms →
  804 ms, about 190 ms, where ``import sqlmodel`` took 537 ms (benchmarks/imports.md, "Start-up
  back under the line"); ``print roster`` 1.70 s → 1.39 s of CPU (median of 4, same run): a
  print command leaves millions of objects behind.
- ``quiet_layout``: laying out a PDF allocates millions of small objects (weasyprint's boxes,
  styles, text runs) that live until the page is drawn: almost none of them is garbage when the
  collector looks, so its young-generation passes, triggered every 700 allocations, walk the
  same live boxes again and again. Measured on the campaign book of 50 gangs
  (``benchmarks/print_bench.py``'s store, 12 sheets laid out in one process, 2 shared cores, CPU
  time per sheet): the collector was 21 % of printing CPU in cProfile; with the young threshold
  raised to 50,000 a sheet's layout fell from 181 ms to 148 ms (-18 %) and its ``write_pdf``
  from 69 ms to 59 ms (-15 %), with the same bytes. Everything alive before the layout is frozen
  (never walked again), the thresholds are raised, then both are put back as they were. A
  reference cycle made during the layout is still collected, later and in fewer passes.
- ``quiet_start`` and ``started``: a command's start (typer's commands, then the database stack
  that ``import sqlmodel`` brings, the campaign's tables and their mappers) allocates about
  130,000 objects that all live until the process ends, so CPython's young-generation passes
  (190 of them, 17 of the middle generation and one full collection, measured with
  ``gc.callbacks`` on ``gang show``) find nothing to free: about 50 ms of CPU on a loaded machine.
  ``cli.main.main`` raises the thresholds before the command runs; once the start is over (the
  store opened and its mappers configured, ``store_options.session``; the web server about to
  listen, ``cli.serve``) everything built so far is frozen and CPython's thresholds are put
  back, so the rest of the command, and a long-running server, collects as usual. Measured
  side by side (``benchmarks/startup_compare.py``, benchmarks/imports.md, issue #23).
- ``quiet_import``: weasyprint's import (``printing.libraries``) allocates its modules, cffi's
  declarations and its stylesheets, nearly all kept until the process ends: 142 collections
  during the import, 38 ms of its 330 ms of CPU (``gc.callbacks``, loaded machine, the
  command's start frozen before). No collection runs during it; what it built is then frozen.
- ``quiet_until_done``: ``print roster``'s work after its start (reading the gang, the Babel data
  of the date it prints, rendering, weasyprint's stylesheet, the layout) ran with CPython's
  thresholds: 43 young and 2 middle collections (``gc.callbacks``, 12–15 ms of CPU at a load of
  about 8), the largest of them (8.7 ms) right after the layout, when ``quiet_layout`` put the
  thresholds back and the next allocation walked the laid-out document, still alive, once more
  before the command ended. A command whose last act is its one PDF goes back to the start's
  thresholds once its store is open, until ``cli.main.main`` calls ``started`` after it (then
  ``freeze_at_exit``): no collection at CPython's thresholds after its start
  (``tests/test_collector.py`` counts them). ``quiet_layout`` then keeps those higher
  thresholds rather than its own: with its own, the roster's font subsetting by fontTools ran
  one young collection over the laid-out page (7–9 ms of CPU, ``gc.callbacks``, three runs, load
  1–2); with them, ``print roster`` runs no collection at all after its start. (Subset by
  HarfBuzz, when weasyprint finds libharfbuzz-subset, the fonts allocate too little for one.)
- ``freeze_before_fork`` freezes what the parent process holds before it forks the book's
  layout workers (``printing.book_press``): the children share those pages with the parent
  instead of copying each one that a collection would touch.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: The young generation's threshold during a layout (CPython's default is 700), and the two
#: older generations' (default 10, 10).
LAYOUT_THRESHOLDS = (50_000, 20, 100)


#: The thresholds while a command starts: no collection runs before ``started`` (a start
#: allocates about 130,000 objects).
START_THRESHOLDS = (200_000, 20, 100)

#: The thresholds ``quiet_start`` replaced, until ``started`` puts them back.
_before_start: list[tuple[int, int, int]] = []


def quiet_start() -> None:
    """Collect nothing while the command starts (see the module's figures), until ``started``."""
    if not _before_start:
        _before_start.append(gc.get_threshold())
        gc.set_threshold(*START_THRESHOLDS)


def started() -> None:
    """The command's start is over: what it built is frozen out of the collector's sight and
    the thresholds ``quiet_start`` replaced are put back (nothing when it was not called)."""
    if _before_start:
        gc.freeze()
        gc.set_threshold(*_before_start.pop())


@contextmanager
def quiet_import() -> Iterator[None]:
    """Collect nothing while a library is imported (see the module's figures), then freeze what
    it built and put the thresholds back."""
    before = gc.get_threshold()
    gc.set_threshold(*START_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.freeze()


def quiet_until_done() -> None:
    """Collect as rarely as while the command started, until ``started`` is called again: by
    ``cli.main.main`` once the command has run (then ``freeze_at_exit``), or by the next store
    opened in the same process (a test's). For a command whose last act is its one PDF (``print
    roster``, see the module's figures)."""
    quiet_start()


def freeze_at_exit() -> None:
    """Put every object alive now out of the collector's reach: the process is about to end
    (``skirmish.cli.main.main``, after the command has run and its output is written)."""
    gc.freeze()


@contextmanager
def quiet_layout() -> Iterator[None]:
    """Collect rarely while the body runs (a layout, see the module's figures), then restore
    the thresholds that were in force and unfreeze what was frozen. Thresholds already higher
    (``quiet_until_done``'s) stay: a layout never collects more often than what ran before it."""
    before = gc.get_threshold()
    gc.freeze()
    quiet = zip(before, LAYOUT_THRESHOLDS, strict=True)
    gc.set_threshold(*(max(now, layout) for now, layout in quiet))
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


def freeze_before_fork() -> None:
    """Move every object alive now out of the collector's sight, just before ``fork``: the
    children's collections then never write to (and so never copy) the parent's pages."""
    gc.freeze()
