"""The campaign book in seconds (issue #23): its sheets laid out in parallel processes and kept
between runs, then joined into one PDF that is the same document as one laid out alone.

- **Shared set-up.** The stylesheet is parsed and its fonts loaded once (``pdf.warm_stylesheet``)
  and every sheet's HTML rendered (the templates compiled once, their bytecode kept on disk:
  ``render.environment``) before the workers are forked: they inherit both, parse nothing.
- **Workers.** ``os.cpu_count()`` of them (``workers``, or ``$SKIRMISH_PRINT_WORKERS``; 1 lays
  the sheets out in this process, with no pool), forked (``multiprocessing``'s ``fork``,
  Linux) once the garbage collector has frozen the parent's objects
  (``collector.freeze_before_fork``). The sheets are one queue, the longest HTML first (the
  standings, two pages): a worker takes the next sheet whenever it is free (``_Queue``, a
  counter in shared memory), so the workers end their layouts together however long each
  sheet is (issue #23, ninth round: dealt round in turn, the worker with the standings laid
  out about one gang more than the other, and they all waited for it). A weasyprint page
  cannot cross processes (it holds C pointers), so each worker writes each of its sheets as a
  PDF and this process joins them (``pikepdf``: ``_Book``), outline included. A worker whose
  PDFs are sent ends at once (``_end_worker``: ``os._exit``), its documents alive: taking them
  down object by object held the parent 0.2–1 s before it could join the book.
- **Page numbers.** A sheet's folio says "N / total" across the book (``pdf.renumber``), which
  is known only once every sheet is laid out: the workers report their sheets' page counts,
  this process answers with each sheet's first page and the total, and the workers number and
  write their sheets.
- **Kept pages.** Each sheet is kept in ``book_cache.BookCache`` by the hash of its HTML (which
  shows everything printed) and its place in the book: a reprint after one gang changed lays
  out only that gang's sheet and the standings, when their page counts are the same; the kept
  sheets are read and joined into the book while the workers number and draw the new ones
  (issue #23, ninth round: this process waited for them before).
- **Failures.** A worker that raises sends its exception back, raised here as it would be in
  one process; a worker that dies (killed, out of memory) ends the command with one line
  (``SkirmishError``), never a hang: its end of the pipe closes and this process stops the rest.

Measured with ``benchmarks/print_bench.py`` (figures in its docstring and the README).
"""

from __future__ import annotations

import io
import multiprocessing
import os
import sys
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any, BinaryIO, cast

import pikepdf

from skirmish.collector import freeze_before_fork, quiet_layout
from skirmish.errors import SkirmishError
from skirmish.fileio import write_with
from skirmish.printing.book_cache import BookCache
from skirmish.printing.pdf import folios_of, lay_out_sheet, renumber, warm_stylesheet
from skirmish.printing.render import STYLESHEETS
from skirmish.translation import Message

#: What a worker's generator answers once laid out: each of its sheets' page counts.
Counts = dict[int, int]
#: What this process tells the workers then: each sheet's first page (0-based), the book's
#: number of pages, and the sheets each must lay out besides (kept count, but not at this place).
Plan = tuple[dict[int, int], int, list[int]]


@dataclass(frozen=True)
class Printed:
    """What ``write_book`` did: the book's pages, the sheets laid out this time (the others
    came from the cache) and the processes that laid them out (1: this one)."""

    pages: int
    laid_out: int
    workers: int


def write_book(
    sheets: Sequence[str],
    path: Path | str,
    *,
    progress: Callable[[int], None] | None = None,
    workers: int | None = None,
    cache: BookCache | None = None,
    files: tuple[str, ...] = STYLESHEETS,
) -> Printed:
    """Lay ``sheets`` (HTML without the inline stylesheet) out as one book numbered across,
    write it to ``path`` atomically and say what was done (``Printed``). ``progress`` gets the
    number of sheets ready so far; ``workers``: the processes (default ``os.cpu_count()``);
    ``cache``: where sheets are kept between runs (none: every sheet is laid out)."""
    if not sheets:
        raise SkirmishError(Message("nothing to print: no sheet was rendered."))
    keys = [cache.key(html) for html in sheets] if cache is not None else []
    counts: Counts = {}
    if cache is not None:
        counts = {i: n for i, key in enumerate(keys) if (n := cache.pages(key)) is not None}
    done = _Tally(progress)
    done.add(len(counts))
    first = [i for i in range(len(sheets)) if i not in counts]
    if not first:  # every count kept: only the sheets not kept at their place are laid out
        starts, total = _places(counts)
        assert cache is not None
        first = [i for i in counts if not cache.has(keys[i], starts[i], total)]
        done.add(-len(first))
    wanted = max(1, workers if workers is not None else default_workers())
    processes = min(wanted, len(first))
    book = _Book()

    def add_kept(laying: set[int]) -> None:
        """Add the sheets kept at their place (all but ``laying``) to the book, read from
        the cache while the workers draw the others."""
        starts, total = _places(counts)
        for i in range(len(sheets)):
            if i in laying:
                continue
            assert cache is not None
            kept = cache.pdf(keys[i], starts[i], total)
            if kept is None:  # removed meanwhile by another print's pruning: never seen
                raise SkirmishError(Message("a kept page of the book vanished; print it again."))
            book.add(i, kept)

    pdfs = _run(sheets, first, processes, files, counts, keys, cache, done, add_kept)
    for index in sorted(pdfs):
        book.add(index, pdfs[index])
    write_with(Path(path), book.write)
    if cache is not None:
        cache.prune()  # after the book: its own sheets were used last, they go last
    _, total = _places(counts)
    return Printed(pages=total, laid_out=len(pdfs), workers=processes or 1)


#: The variable that sets the number of layout processes (the benchmark compares 1 with more).
WORKERS_ENV = "SKIRMISH_PRINT_WORKERS"


def default_workers() -> int:
    """``$SKIRMISH_PRINT_WORKERS``, else one process per core (``os.cpu_count()``)."""
    given = os.environ.get(WORKERS_ENV, "").strip()
    if not given:
        return os.cpu_count() or 1
    if not given.isdigit() or int(given) < 1:
        raise SkirmishError(
            Message(
                "{variable} is the number of processes laying out the book, 1 or more, "
                "not {value!r}.",
                variable=WORKERS_ENV,
                value=given,
            )
        )
    return int(given)


class _Tally:
    """The sheets ready so far, told to ``progress``."""

    def __init__(self, progress: Callable[[int], None] | None) -> None:
        self.progress = progress
        self.count = 0

    def add(self, count: int = 1) -> None:
        self.count += count
        if self.progress is not None and count > 0:
            self.progress(self.count)


def _places(counts: Counts) -> tuple[dict[int, int], int]:
    """Each sheet's first page (0-based) in the book, and the book's number of pages."""
    starts, page = {}, 0
    for index in sorted(counts):
        starts[index] = page
        page += counts[index]
    return starts, page


def longest_first(sheets: Sequence[str], indexes: Sequence[int]) -> list[int]:
    """``indexes`` in the order the workers take them: the longest sheet's HTML first (its
    layout is the longest: the standings' two pages), ties in the book's order. Taking the
    longest first, each worker taking the next when it is free, the last to finish ends at
    most one short sheet after the others."""
    return sorted(indexes, key=lambda index: (-len(sheets[index]), index))


class _Queue:
    """The sheets still to lay out, in ``order``, shared by the workers forked after it was
    made: each ``take``s the next one when it is free (one integer in shared memory, under its
    lock), so no process waits for another to be dealt its share."""

    def __init__(self, context: Any, order: list[int]) -> None:
        self.order = order
        self.next = context.Value("i", 0)

    def take(self) -> int | None:
        """The next sheet to lay out (its index), or ``None`` once all are taken."""
        with self.next.get_lock():
            taken = self.next.value
            self.next.value = taken + 1
        return self.order[taken] if taken < len(self.order) else None


def _part(
    sheets: Sequence[str],
    take: Callable[[], int | None],
    fonts: Any,
    css: Any,
    laid: Callable[[int], None],
) -> Generator[Counts | dict[int, bytes], Plan, None]:
    """One worker's share (a generator: this process or a forked one drives it the same way):
    lay out each sheet ``take`` gives until it gives ``None``, yield their page counts; given
    the ``Plan``, lay out its extra sheets, number every sheet for its place and yield their
    PDFs."""
    with quiet_layout():
        documents = {}
        while (index := take()) is not None:
            documents[index] = lay_out_sheet(sheets[index], fonts, css)
            laid(index)
        starts, total, extra = yield {i: len(d.pages) for i, d in documents.items()}
        for index in extra:
            documents[index] = lay_out_sheet(sheets[index], fonts, css)
            laid(index)
        places = {i: range(starts[i], starts[i] + len(d.pages)) for i, d in documents.items()}
        folios = (
            folios_of([n for pages in places.values() for n in pages], total, fonts, css)
            if len(sheets) > 1
            else {}
        )
        pdfs = {}
        for index, document in documents.items():
            if folios:
                renumber(document.pages, [folios[n] for n in places[index]])
            pdfs[index] = bytes(document.write_pdf())
        yield pdfs


def _plan(
    first: list[int], parts: int, counts: Counts, keys: list[str], cache: BookCache | None
) -> list[Plan]:
    """Each of the ``parts`` workers' plan once every count is known (``first``: the sheets
    they laid out): the sheets whose count was kept but whose PDF at their place was not are
    dealt round them."""
    starts, total = _places(counts)
    laid = set(first)
    extra = [
        i
        for i in sorted(counts)
        if i not in laid and (cache is None or not cache.has(keys[i], starts[i], total))
    ]
    return [(starts, total, extra[k::parts]) for k in range(parts)]


def _laying(first: list[int], plans: list[Plan]) -> set[int]:
    """The sheets laid out this time: ``first`` and the plans' extra sheets."""
    return {*first, *(index for _, _, extra in plans for index in extra)}


def _run(
    sheets: Sequence[str],
    first: list[int],
    processes: int,
    files: tuple[str, ...],
    counts: Counts,
    keys: list[str],
    cache: BookCache | None,
    done: _Tally,
    meanwhile: Callable[[set[int]], None],
) -> dict[int, bytes]:
    """Lay ``first`` out, in this process (``processes`` 1) or in that many forked workers,
    with the stylesheet of ``files`` parsed once here, before any fork; ``counts`` gets the
    laid-out sheets' counts. Once every count is known, ``meanwhile`` is given the sheets being
    laid out (``first`` and the plans' extra sheets) while the workers number and draw them.
    Returns the PDFs laid out, kept in ``cache``."""
    if not first:
        meanwhile(set())
        return {}
    fonts, css = warm_stylesheet(files)
    if processes == 1:
        job = _part(sheets, partial(next, iter(first), None), fonts, css, lambda _: done.add())
        counts.update(next(job))  # type: ignore[arg-type]
        plans = _plan(first, 1, counts, keys, cache)
        meanwhile(_laying(first, plans))
        pdfs: dict[int, bytes] = job.send(plans[0])  # type: ignore[assignment]
    else:
        workers = _Workers(sheets, longest_first(sheets, first), processes, fonts, css)
        pdfs = workers.run(counts, keys, cache, done, meanwhile)
    if cache is not None:
        starts, total = _places(counts)
        for index, pdf in pdfs.items():
            cache.keep(keys[index], starts[index], total, counts[index], pdf)
    return pdfs


class _Workers:
    """``count`` forked processes taking the sheets of ``order`` from one ``_Queue``, each
    driving ``_part`` over a pipe (see the module)."""

    def __init__(
        self, sheets: Sequence[str], order: list[int], count: int, fonts: Any, css: Any
    ) -> None:
        self.sheets, self.order, self.count, self.fonts, self.css = (
            sheets,
            order,
            count,
            fonts,
            css,
        )
        self.processes: list[Any] = []
        self.pipes: list[Connection] = []

    def run(
        self,
        counts: Counts,
        keys: list[str],
        cache: BookCache | None,
        done: _Tally,
        meanwhile: Callable[[set[int]], None],
    ) -> dict[int, bytes]:
        context = multiprocessing.get_context("fork")
        queue = _Queue(context, self.order)
        freeze_before_fork()
        try:
            for _ in range(self.count):
                ours, theirs = context.Pipe()
                process = context.Process(target=self._serve, args=(theirs, queue), daemon=True)
                process.start()
                theirs.close()  # only the worker holds its end: its death is our end of file
                self.processes.append(process)
                self.pipes.append(ours)
            for got in self._gather("pages", done):
                counts.update(got)
            plans = _plan(self.order, self.count, counts, keys, cache)
            for pipe, plan in zip(self.pipes, plans, strict=True):
                pipe.send(plan)
            meanwhile(_laying(self.order, plans))
            pdfs: dict[int, bytes] = {}
            for got in self._gather("pdfs", done):
                pdfs.update(got)
            return pdfs
        finally:
            self._stop()

    def _serve(self, pipe: Connection, queue: _Queue) -> None:
        """A worker's whole life: its part, over ``pipe``; then it ends at once, its laid-out
        documents still alive (``_end_worker``)."""
        code = 0
        try:
            laid = partial(_send, pipe, "laid")
            job = _part(self.sheets, queue.take, self.fonts, self.css, laid)
            pipe.send(("pages", next(job)))
            pipe.send(("pdfs", job.send(pipe.recv())))
        except BaseException as exc:  # sent back whole, raised by the parent
            code = 1
            try:
                pipe.send(("error", exc))
            except Exception:  # an exception that cannot be pickled: its words
                pipe.send(("error", RuntimeError(repr(exc))))
        finally:
            pipe.close()
            _end_worker(code)

    def _gather(self, kind: str, done: _Tally) -> list[Any]:
        """One message of ``kind`` from every worker, counting the sheets laid out meanwhile."""
        waiting = dict(zip(self.pipes, self.processes, strict=True))
        got = []
        while waiting:
            for pipe in wait(list(waiting)):
                assert isinstance(pipe, Connection)
                try:
                    what, value = pipe.recv()
                except (EOFError, OSError):
                    process = waiting[pipe]
                    process.join(timeout=5)
                    raise SkirmishError(
                        Message(
                            "a worker laying out the book stopped (exit code {code}); "
                            "nothing was written.",
                            code=process.exitcode,
                        )
                    ) from None
                if what == "error":
                    raise value
                if what == "laid":
                    done.add()
                elif what == kind:
                    got.append(value)
                    del waiting[pipe]
        return got

    def _stop(self) -> None:
        for pipe in self.pipes:
            pipe.close()
        for process in self.processes:
            process.join(timeout=1)
            if process.is_alive():
                process.terminate()
                process.join()


def _send(pipe: Connection, kind: str, value: Any) -> None:
    pipe.send((kind, value))


def _end_worker(code: int) -> None:
    """End a forked worker now that everything it made is sent: ``os._exit``, as the ``os``
    documentation has a child of ``fork`` end, and as ``multiprocessing`` ends it after its
    target returns. Returning first would take its laid-out documents down object by object
    (the generator of ``_part`` closed, its sheets' boxes freed) while the parent waits for it
    to end before it joins the book; the kernel frees the memory at once."""
    sys.stdout.flush()  # weasyprint's warnings, if any, are not lost
    sys.stderr.flush()
    os._exit(code)


def book_pdf(sheets: Sequence[str], fonts: Any, css: Any) -> bytes:
    """The book of ``sheets`` laid out in this process with ``fonts`` and ``css`` already
    loaded (the web app's warm ``pdf.Press``, its ``make``): the bytes ``write_book`` writes,
    with no fork and no kept sheet."""
    job = _part(sheets, partial(next, iter(range(len(sheets))), None), fonts, css, lambda _: None)
    counts = cast(Counts, next(job))
    starts, total = _places(counts)
    pdfs = cast(dict[int, bytes], job.send((starts, total, [])))
    out = io.BytesIO()
    _join([pdfs[i] for i in range(len(sheets))], out)
    return out.getvalue()


class _Book:
    """The sheets' PDFs joined as one book (``write``), added in any order (``add``): the
    kept sheets while the workers still draw the new ones (``write_book``), the new ones when
    they come. Each sheet's pages go at their place among those added so far, so the book is
    the same, byte for byte, whatever the order (qpdf numbers the objects as it writes them)."""

    def __init__(self) -> None:
        self.pdf = pikepdf.new()
        #: Each sheet added: its PDF (open until the book is saved) and its pages' copies.
        self.sheets: dict[int, tuple[pikepdf.Pdf, list[pikepdf.Dictionary]]] = {}

    def add(self, index: int, pdf: bytes) -> None:
        """Copy the pages of sheet ``index`` (its PDF) into the book, at their place."""
        source = pikepdf.open(io.BytesIO(pdf))
        place = sum(len(pages) for i, (_, pages) in self.sheets.items() if i < index)
        for offset, page in enumerate(source.pages):
            self.pdf.pages.insert(place + offset, page)
        copies = [self.pdf.pages[place + n].obj for n in range(len(source.pages))]
        self.sheets[index] = (source, copies)

    def write(self, out: BinaryIO) -> None:
        """Write the book to ``out``: its pages, each sheet's outline (each item pointing at
        the same place of the same page's copy) and the first sheet's title and language, with
        an ``/ID`` made from the content (the same sheets, the same bytes). ``pikepdf`` (qpdf)
        copies the pages without parsing their content: 0.16 s for 52 sheets where pypdf took
        1.6 s. Its objects are written as qpdf keeps them (``preserve``), numbered as it
        traverses the book, so the order the sheets were added in leaves no trace: with object
        streams generated (``generate``) the book of 50 gangs was 1.48 MB rather than 2.47 MB,
        but its bytes followed the order of the copies, and a reprint must be the fresh book
        byte for byte (issue #23, ninth round, docs/printing.md)."""
        book = self.pdf
        first, _ = self.sheets[min(self.sheets)]
        for key, value in first.docinfo.items():
            book.docinfo[key] = value
        if "/Lang" in first.Root:
            book.Root.Lang = first.Root.Lang
        with book.open_outline() as outline:
            for index in sorted(self.sheets):
                source, copies = self.sheets[index]
                places = {
                    page.obj.objgen: copy for page, copy in zip(source.pages, copies, strict=True)
                }
                with source.open_outline() as own:
                    outline.root.extend(_items(own.root, places))
        book.save(out, deterministic_id=True)


def _join(pdfs: Sequence[bytes], out: BinaryIO) -> None:
    """Write the sheets' PDFs, in order, as one PDF to ``out`` (``_Book``)."""
    book = _Book()
    for index, pdf in enumerate(pdfs):
        book.add(index, pdf)
    book.write(out)


def _items(
    items: Sequence[pikepdf.OutlineItem], places: Mapping[tuple[int, int], pikepdf.Object]
) -> list[pikepdf.OutlineItem]:
    """A sheet's outline items for the book: the same titles, opened or closed the same, each
    pointing at its page's copy (``places``: a page of the sheet → its copy in the book)."""
    copied = []
    for item in items:
        where = item.destination
        if isinstance(where, pikepdf.Array) and len(where) > 0:
            where = pikepdf.Array([places[where[0].objgen], *list(where)[1:]])
        new = pikepdf.OutlineItem(item.title, where)
        new.is_closed = item.is_closed
        new.children.extend(_items(item.children, places))
        copied.append(new)
    return copied
