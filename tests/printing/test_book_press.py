"""The campaign book laid out in parallel processes and kept between runs (issue #23,
``printing.book_press``, ``printing.book_cache``): the same document as one laid out in one
process (pages, their text and page numbers, outline, title), sheets kept by what they show so
that a change to a gang, to the language or to the campaign's settings prints new pages and
nothing else does, and a worker that fails or dies ending the command with one line.

One campaign of three gangs is built once with the CLI (``tests/games/harness``)."""

from __future__ import annotations

import io
import multiprocessing
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import Any

import pypdf
import pytest
from sqlalchemy import event
from typer.testing import CliRunner

from skirmish.campaign import lookup
from skirmish.campaign.game.history import standings
from skirmish.cli.main import app
from skirmish.cli.store_options import session
from skirmish.errors import SkirmishError
from skirmish.i18n import Lang
from skirmish.printing import book_press
from skirmish.printing.book_cache import CACHE_ENV, BookCache, cache_dir
from skirmish.printing.book_press import WORKERS_ENV, Printed, default_workers, write_book
from skirmish.printing.pdf import (
    _folio_of,
    folio_pages,
    folios_of,
    lay_out_sheet,
    renumber,
    salt,
    warm_stylesheet,
    write_pdf_sheets,
)
from skirmish.printing.render import render_campaign_sheets
from skirmish.printing.sheets import campaign_sheet, roster_sheet
from tests.games.harness import Cli, build_base, fresh

runner = CliRunner()


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_base(tmp_path_factory.mktemp("press-base"))


def sheets_of(cli: Cli, lang: Lang = Lang.EN) -> list[str]:
    with session(str(cli.db), access="read") as s:
        view = campaign_sheet(s, lookup.current_campaign(s, None), lang)
    return render_campaign_sheets(view, lang)


def texts(path: Path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(path).pages]


def outline(path: Path) -> list[tuple[int, str, int]]:
    reader = pypdf.PdfReader(path)
    found: list[tuple[int, str, int]] = []

    def walk(items: list[Any], depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                found.append((depth, item.title, reader.get_destination_page_number(item)))

    walk(reader.outline, 0)
    return found


def test_the_parallel_book_is_the_serial_book(base: Path, tmp_path: Path) -> None:
    sheets = sheets_of(fresh(base, tmp_path))
    write_pdf_sheets(sheets, tmp_path / "one.pdf")  # as the book was laid out before
    alone = write_book(sheets, tmp_path / "serial.pdf", workers=1)
    forked = write_book(sheets, tmp_path / "parallel.pdf", workers=2)
    assert (alone.workers, forked.workers) == (1, 2)
    assert alone.pages == forked.pages == len(sheets) == 4  # the standings, then three gangs
    one = texts(tmp_path / "one.pdf")
    assert texts(tmp_path / "serial.pdf") == texts(tmp_path / "parallel.pdf") == one
    assert [page.rstrip().endswith(f"{n} / 4") for n, page in enumerate(one, 1)] == [True] * 4
    marks = outline(tmp_path / "one.pdf")
    assert outline(tmp_path / "parallel.pdf") == marks
    assert {page for _, _, page in marks} == {0, 1, 2, 3}  # each sheet's headings
    title = pypdf.PdfReader(tmp_path / "one.pdf").metadata
    assert title is not None and title.title == "Campaign: Test"
    assert pypdf.PdfReader(tmp_path / "parallel.pdf").metadata == title


def test_a_reprint_lays_out_only_what_changed(base: Path, tmp_path: Path) -> None:
    cli = fresh(base, tmp_path)
    cache = BookCache(tmp_path / "cache", salt())
    first = write_book(sheets_of(cli), tmp_path / "a.pdf", workers=2, cache=cache)
    again = write_book(sheets_of(cli), tmp_path / "b.pdf", workers=2, cache=cache)
    assert (first.laid_out, again) == (4, Printed(pages=4, laid_out=0, workers=1))
    assert texts(tmp_path / "b.pdf") == texts(tmp_path / "a.pdf")
    assert outline(tmp_path / "b.pdf") == outline(tmp_path / "a.pdf")

    cli.run("gang", "hire", "Hunters", "bounty-volunteer", "--name", "Newcomer")  # one changed
    changed = write_book(sheets_of(cli), tmp_path / "c.pdf", workers=2, cache=cache)
    assert changed.laid_out == 2  # the Hunters' sheet and the standings (their models, money)
    assert "Newcomer" in texts(tmp_path / "c.pdf")[3]
    assert "Newcomer" not in texts(tmp_path / "a.pdf")[3]
    assert texts(tmp_path / "c.pdf")[1:3] == texts(tmp_path / "a.pdf")[1:3]

    # The reprint is the book printed afresh, byte for byte: nothing kept, one process.
    afresh = write_book(sheets_of(cli), tmp_path / "fresh.pdf", workers=1)
    assert afresh.laid_out == 4
    assert (tmp_path / "c.pdf").read_bytes() == (tmp_path / "fresh.pdf").read_bytes()


def test_the_books_gangs_are_read_at_once_as_each_alone(base: Path, tmp_path: Path) -> None:
    """``lookup.full_gangs`` reads every gang in the same six statements, and the book's rosters
    are the rosters of the gangs looked up one by one (``gang_by_name(full=True)``)."""
    cli = fresh(base, tmp_path)
    statements: list[str] = []
    with session(str(cli.db), access="read") as s:
        campaign = lookup.current_campaign(s, None)
        view = campaign_sheet(s, campaign, Lang.EN)
        s.expunge_all()
        event.listen(s.connection(), "before_cursor_execute", lambda *a: statements.append(a[2]))
        gangs = lookup.full_gangs(s, campaign)
        assert len(statements) == 6  # the gangs, their models, skills, injuries, items, failed
        assert [g.name for g in gangs] == ["Earps", "Clantons", "Hunters"]
        # the campaign again, in the unit of work: expunged, its gangs (read as rows by
        # ``gang_rows`` in a READ unit of work, issue #23) cannot be read through it
        campaign = lookup.current_campaign(s, None)
        rows = standings(s, campaign=campaign)
        alone = [
            roster_sheet(
                campaign,
                lookup.gang_by_name(s, campaign, gang.name, full=True),
                Lang.EN,
                today=date.today(),
                rows=rows,
                with_house_rules=False,
            )
            for gang in gangs
        ]
    assert list(view.gangs) == alone


def test_the_language_and_the_campaigns_settings_make_new_pages(base: Path, tmp_path: Path) -> None:
    cli = fresh(base, tmp_path)
    cache = BookCache(tmp_path / "cache", salt())
    write_book(sheets_of(cli), tmp_path / "en.pdf", workers=1, cache=cache)
    italian = write_book(sheets_of(cli, Lang.IT), tmp_path / "it.pdf", workers=1, cache=cache)
    assert italian.laid_out == 4
    assert "Classifica" in texts(tmp_path / "it.pdf")[0]
    assert "Standings" in texts(tmp_path / "en.pdf")[0]

    cli.run("campaign", "set", "sell-percent", "30")
    newer = write_book(sheets_of(cli), tmp_path / "set.pdf", workers=1, cache=cache)
    assert newer.laid_out >= 1
    assert "30%" in texts(tmp_path / "set.pdf")[0] and "30%" not in texts(tmp_path / "en.pdf")[0]


def test_a_sheet_moved_by_a_longer_one_is_numbered_again(base: Path, tmp_path: Path) -> None:
    """Its pages are kept by their place: one more page before it is a new folio, not "2 / 4"
    left over from the book before."""
    cli = fresh(base, tmp_path)
    cache = BookCache(tmp_path / "cache", salt())
    sheets = sheets_of(cli)
    write_book(sheets, tmp_path / "a.pdf", workers=1, cache=cache)
    longer = sheets[0].replace("</body>", '<div style="break-before: page">+</div></body>')
    moved = write_book([longer, *sheets[1:]], tmp_path / "b.pdf", workers=2, cache=cache)
    assert (moved.pages, moved.laid_out) == (5, 4)
    assert [page.rstrip()[-5:] for page in texts(tmp_path / "b.pdf")] == [
        f"{n} / 5" for n in range(1, 6)
    ]


def test_the_cache_folder_is_the_users_or_the_variables(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "here"))
    assert cache_dir() == tmp_path / "here"
    monkeypatch.delenv(CACHE_ENV)
    assert cache_dir().name == "skirmish"


def test_the_number_of_workers_is_the_cores_or_the_variables(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(WORKERS_ENV, raising=False)
    assert default_workers() == (os.cpu_count() or 1)
    monkeypatch.setenv(WORKERS_ENV, "3")
    assert default_workers() == 3
    for wrong in ("0", "two", "-1"):
        monkeypatch.setenv(WORKERS_ENV, wrong)
        with pytest.raises(SkirmishError, match="1 or more"):
            default_workers()


def test_an_unwritable_cache_prints_the_book_all_the_same(base: Path, tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    cache = BookCache(blocked / "book", salt())
    sheets = sheets_of(fresh(base, tmp_path))
    printed = write_book(sheets, tmp_path / "a.pdf", workers=1, cache=cache)
    assert printed.laid_out == 4 and len(texts(tmp_path / "a.pdf")) == 4


def test_a_worker_that_dies_fails_the_book_in_one_line(
    base: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sheets = sheets_of(fresh(base, tmp_path))
    laid = book_press.lay_out_sheet

    def dying(html: str, fonts: Any, css: Any) -> Any:
        if "Hunters" in html and "Clantons" not in html:  # the Hunters' own sheet
            os._exit(9)  # as the kernel's out-of-memory killer would
        return laid(html, fonts, css)

    monkeypatch.setattr(book_press, "lay_out_sheet", dying)
    target = tmp_path / "book.pdf"
    with pytest.raises(SkirmishError, match=r"stopped \(exit code 9\); nothing was written"):
        write_book(sheets, target, workers=2)
    assert not target.exists()


def test_a_worker_that_raises_raises_the_same_error(
    base: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sheets = sheets_of(fresh(base, tmp_path))

    def failing(html: str, fonts: Any, css: Any) -> Any:
        raise SkirmishError("no paper")

    monkeypatch.setattr(book_press, "lay_out_sheet", failing)
    with pytest.raises(SkirmishError, match="no paper"):
        write_book(sheets, tmp_path / "book.pdf", workers=2)


def test_a_worker_ends_once_its_pdfs_are_sent_without_taking_its_layouts_down(
    base: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker's laid-out documents live until it ends (``os._exit``), so the parent never
    waits for them to be freed before it joins the book: a worker's layouts (its ``_part``, in
    ``quiet_layout``) are never closed, in a worker; in this process (one worker) they are."""
    sheets = sheets_of(fresh(base, tmp_path))
    closed = tmp_path / "closed"
    closed.mkdir()
    quiet = book_press.quiet_layout

    @contextmanager
    def watched() -> Iterator[None]:
        try:
            with quiet():
                yield
        finally:  # closed or ended: the layouts are taken down now
            (closed / str(os.getpid())).touch()

    monkeypatch.setattr(book_press, "quiet_layout", watched)
    two = write_book(sheets, tmp_path / "two.pdf", workers=2)
    assert two.workers == 2 and two.laid_out == len(sheets)
    assert list(closed.iterdir()) == []
    one = write_book(sheets, tmp_path / "one.pdf", workers=1)
    assert one.workers == 1 and [p.name for p in closed.iterdir()] == [str(os.getpid())]
    assert (tmp_path / "two.pdf").read_bytes() == (tmp_path / "one.pdf").read_bytes()


def test_print_campaign_keeps_its_sheets_in_the_cache_folder(
    base: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cli = fresh(base, tmp_path)
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setenv(WORKERS_ENV, "2")  # the command's own layout processes (the suite sets 1)
    for name in ("a.pdf", "b.pdf"):
        result = runner.invoke(
            app, ["print", "campaign", "-o", str(tmp_path / name), "--db", str(cli.db)]
        )
        assert result.exit_code == 0, result.output
        assert "(4 pages)" in result.stdout
    kept = sorted(p.suffix for p in (tmp_path / "cache" / "book").iterdir())
    assert kept == [".pages"] * 4 + [".pdf"] * 4
    assert texts(tmp_path / "b.pdf") == texts(tmp_path / "a.pdf")
    assert io.BytesIO((tmp_path / "b.pdf").read_bytes()).getvalue()[:5] == b"%PDF-"


def test_the_cache_keeps_the_sheets_used_last(tmp_path: Path) -> None:
    cache = BookCache(tmp_path / "book", b"salt")
    for number, key in enumerate(("old", "used", "new")):
        cache.keep(key, 0, 1, 1, b"x" * 1000)
        for name in (f"{key}.pages", f"{key}-0-1.pdf"):
            os.utime(tmp_path / "book" / name, (1000 + number, 1000 + number))
    assert cache.pdf("used", 0, 1) == b"x" * 1000  # read now: used last
    cache.prune(max_bytes=2100)
    assert (cache.has("old", 0, 1), cache.has("used", 0, 1), cache.has("new", 0, 1)) == (
        False,
        True,
        True,
    )
    assert cache.pages("old") is None and cache.pages("used") == 1


def _boxes(box: Any) -> list[tuple[Any, ...]]:
    """A laid-out box and its descendants: kind, place, size and text."""
    found = [
        (type(box).__name__, box.position_x, box.position_y, box.width, box.height,
         getattr(box, "text", None))
    ]  # fmt: skip
    for child in getattr(box, "children", ()):
        found += _boxes(child)
    return found


def test_a_workers_folios_are_the_whole_books() -> None:
    """``pdf.folios_of`` lays out only the pages a worker numbers: each footer the same box as
    the one of the book of as many empty pages (``folio_pages``)."""
    fonts, css = warm_stylesheet()
    whole = folio_pages(12, fonts, css)
    few = folios_of([0, 1, 9, 11], 12, fonts, css)
    assert sorted(few) == [0, 1, 9, 11]
    for n, page in few.items():
        alone, counted = _folio_of(page), _folio_of(whole[n])
        assert alone is not None and counted is not None
        assert _boxes(alone) == _boxes(counted)
        assert f"{n + 1} / 12" in [row[-1] for row in _boxes(alone)]


def test_the_workers_take_the_longest_sheets_first(base: Path) -> None:
    """The standings (two pages, the longest HTML) are laid out first, then the gangs, the
    longest first, ties in the book's order (issue #23, ninth round)."""
    sheets = ["a" * 5, "b" * 9, "c" * 5, "d" * 7]
    assert book_press.longest_first(sheets, [0, 1, 2, 3]) == [1, 3, 0, 2]
    assert book_press.longest_first(sheets, [2, 0]) == [0, 2]


def test_the_queue_gives_each_sheet_to_one_forked_worker_once() -> None:
    """Three forked processes taking from one ``_Queue`` until it is empty: every sheet is
    taken, by one of them, once, in the queue's order within each process."""
    context = multiprocessing.get_context("fork")
    order = list(range(299, -1, -1))
    queue = book_press._Queue(context, order)
    pipes, processes = [], []
    for _ in range(3):
        ours, theirs = context.Pipe()

        def take_all(pipe: Any = theirs) -> None:
            pipe.send(list(iter(queue.take, None)))

        process = context.Process(target=take_all)
        process.start()
        theirs.close()
        pipes.append(ours)
        processes.append(process)
    taken = [pipe.recv() for pipe in pipes]
    for process in processes:
        process.join()
    assert sorted(i for part in taken for i in part) == sorted(order)
    assert all(part == sorted(part, reverse=True) for part in taken)
    assert queue.take() is None


def test_print_campaign_in_fresh_processes_cold_then_reprinted(base: Path, tmp_path: Path) -> None:
    """``skirmish print campaign`` as players run it, each step a new process: the cold book
    with two workers, a gang changed by ``gang hire`` (a command that writes), the reprint
    (two sheets laid out again), which is byte for byte the book printed afresh in one
    process; a wrong number of workers is one line of error."""
    cli = fresh(base, tmp_path)
    command = Path(sys.executable).with_name("skirmish")
    env = {**os.environ, CACHE_ENV: str(tmp_path / "cache"), WORKERS_ENV: "2"}

    def run(*args: str, **more: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(command), *args, "--db", str(cli.db)],
            env={**env, **more},
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=False,
        )

    cold = run("print", "campaign", "-o", "cold.pdf")
    assert (cold.returncode, cold.stdout) == (0, "Wrote cold.pdf (4 pages).\n"), cold.stderr
    hired = run("gang", "hire", "Hunters", "bounty-volunteer", "--name", "Newcomer")
    assert hired.returncode == 0, hired.stderr
    again = run("print", "campaign", "-o", "again.pdf")
    assert (again.returncode, again.stdout) == (0, "Wrote again.pdf (4 pages).\n"), again.stderr
    assert "Newcomer" in texts(tmp_path / "again.pdf")[3]
    assert texts(tmp_path / "again.pdf")[1:3] == texts(tmp_path / "cold.pdf")[1:3]
    fresh_cache = str(tmp_path / "none")
    alone = run(
        "print", "campaign", "-o", "alone.pdf", SKIRMISH_CACHE_DIR=fresh_cache, **{WORKERS_ENV: "1"}
    )
    assert alone.returncode == 0, alone.stderr
    assert (tmp_path / "alone.pdf").read_bytes() == (tmp_path / "again.pdf").read_bytes()
    wrong = run("print", "campaign", "-o", "wrong.pdf", SKIRMISH_PRINT_WORKERS="0")
    assert wrong.returncode != 0 and not (tmp_path / "wrong.pdf").exists()
    shown = [line for line in wrong.stderr.splitlines() if line.strip()]  # the bar's blank line
    assert shown == [
        "Error: SKIRMISH_PRINT_WORKERS is the number of processes laying out the book, 1 or "
        "more, not '0'."
    ]


def test_the_book_is_the_same_whatever_order_its_sheets_come_in(base: Path, tmp_path: Path) -> None:
    """``_Book`` puts each sheet's pages at their place, whichever sheet comes first (the kept
    ones are added while the workers draw the others): the same bytes as in the book's order,
    the outline pointing at the same pages."""
    sheets = sheets_of(fresh(base, tmp_path))
    cache = BookCache(tmp_path / "cache", salt())
    write_book(sheets, tmp_path / "book.pdf", workers=1, cache=cache)
    keys = [cache.key(html) for html in sheets]
    counts = [cache.pages(key) for key in keys]
    assert counts == [1, 1, 1, 1]
    pdfs = [cache.pdf(key, n, 4) for n, key in enumerate(keys)]
    assert all(pdf is not None for pdf in pdfs)
    joined = {}
    for name, order in (("in-order", [0, 1, 2, 3]), ("shuffled", [2, 0, 3, 1])):
        book = book_press._Book()
        for index in order:
            book.add(index, pdfs[index])  # type: ignore[arg-type]
        out = io.BytesIO()
        book.write(out)
        joined[name] = out.getvalue()
        (tmp_path / f"{name}.pdf").write_bytes(joined[name])
    assert joined["shuffled"] == joined["in-order"] == (tmp_path / "book.pdf").read_bytes()
    assert outline(tmp_path / "shuffled.pdf") == outline(tmp_path / "book.pdf")


def test_the_book_is_the_same_with_two_workers_or_one(base: Path, tmp_path: Path) -> None:
    """Six sheets (five gangs and the standings), in fresh ``skirmish print campaign``
    processes with two layout workers and with one: the books are the same bytes, and the same
    as the sheets laid out one by one in this process, numbered across the book and joined."""
    cli = fresh(base, tmp_path)
    for number in range(2):
        cli.run("gang", "new", f"Posse {number}", "--faction", "lawmen")
        cli.run("gang", "hire", f"Posse {number}", "sheriff", "--name", f"Marshal {number}")
    sheets = sheets_of(cli, Lang.IT)
    assert len(sheets) == 6
    command = Path(sys.executable).with_name("skirmish")
    books = {}
    for workers in ("2", "1"):
        done = subprocess.run(
            [str(command), "print", "campaign", "-o", f"{workers}.pdf", "--db", str(cli.db)],
            env={**os.environ, CACHE_ENV: str(tmp_path / workers), WORKERS_ENV: workers},
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        books[workers] = (tmp_path / f"{workers}.pdf").read_bytes()
    assert books["2"] == books["1"]
    fonts, css = warm_stylesheet()
    alone = [lay_out_sheet(html, fonts, css) for html in sheets]
    total = sum(len(document.pages) for document in alone)
    folios = folios_of(range(total), total, fonts, css)
    start, pdfs = 0, []
    for document in alone:
        renumber(document.pages, [folios[start + n] for n in range(len(document.pages))])
        start += len(document.pages)
        pdfs.append(bytes(document.write_pdf()))
    out = io.BytesIO()
    book_press._join(pdfs, out)
    assert out.getvalue() == books["1"]
