"""The garbage collector's settings, in one place (issue #23): nowhere else in skirmish calls
``gc.freeze``, ``gc.set_threshold`` or ``gc.disable``.

Laying out a PDF allocates millions of small objects (weasyprint's boxes, styles, text runs)
that live until the page is drawn: almost none of them is garbage when the collector looks, so
its young-generation passes, triggered every 700 allocations, walk the same live boxes again and
again. Measured on the campaign book of 50 gangs (``benchmarks/print_bench.py``'s store, 12
sheets laid out in one process, 2 shared cores, CPU time per sheet): the collector was 21 % of
printing CPU in cProfile; with the young threshold raised to 50,000 a sheet's layout fell from
181 ms to 148 ms (-18 %) and its ``write_pdf`` from 69 ms to 59 ms (-15 %), with the same bytes.

- ``quiet_layout`` is that setting, for the length of a layout: everything alive before it is
  frozen (moved out of the collector's sight, so it is never walked again), the thresholds are
  raised, then both are put back as they were. A reference cycle made during the layout is still
  collected, later and in fewer passes.
- ``skip_final_collection`` freezes everything at exit, so the interpreter's last collection
  walks nothing: a print command leaves millions of objects behind (weasyprint's caches, the
  store's), and walking them once more only to free memory the process gives back anyway cost
  ``print roster`` about 0.25 s of its 1.6 s of CPU (1.70 → 1.39 s, median of 4, same run).
- ``freeze_before_fork`` freezes what the parent process holds before it forks the book's
  layout workers (``printing.book_press``): the children share those pages with the parent
  instead of copying each one that a collection would touch.

The startup part of issue #23 may add its own function here (the collection at interpreter
exit); these two stay separate functions so each can be measured alone.
"""

from __future__ import annotations

import atexit
import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: The young generation's threshold during a layout (CPython's default is 700), and the two
#: older generations' (default 10, 10).
LAYOUT_THRESHOLDS = (50_000, 20, 100)


@contextmanager
def quiet_layout() -> Iterator[None]:
    """Collect rarely while the body runs (a layout, see the module's figures), then restore
    the thresholds that were in force and unfreeze what was frozen."""
    before = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(*LAYOUT_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


def skip_final_collection() -> None:
    """At the interpreter's exit, freeze every object first: the final collection then has
    nothing to walk (see the module's figures). Registered once however often it is called."""
    global _EXIT_REGISTERED
    if not _EXIT_REGISTERED:
        atexit.register(gc.freeze)
        _EXIT_REGISTERED = True


_EXIT_REGISTERED = False


def freeze_before_fork() -> None:
    """Move every object alive now out of the collector's sight, just before ``fork``: the
    children's collections then never write to (and so never copy) the parent's pages."""
    gc.freeze()
