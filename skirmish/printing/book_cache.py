"""Where printed pages are kept between runs (issue #23): a folder under the user's cache
(``platformdirs.user_cache_dir("skirmish")``, or ``$SKIRMISH_CACHE_DIR``), holding each sheet
of the campaign book already laid out and the compiled templates (``render.environment``).

A sheet is kept by what it is, never by a counter that could miss a change: its key is a hash
of its HTML, which holds everything the page shows (the gang, its models, its record, the
campaign's name and house rules as printed, the language, the date printed, the templates'
output), salted with the versions of weasyprint and skirmish and the stylesheet's text
(``pdf.salt``). A gang, a language or a campaign setting that changes what a sheet shows is a
new key; one that changes nothing printed reuses the pages. Two files per sheet: its number of
pages (``KEY.pages``) and its PDF numbered for its place in the book
(``KEY-START-TOTAL.pdf``: "START+1 / TOTAL" on its first page).

A cache that cannot be written (read-only home, full disk) is no error: the book is printed
without it. Files are written whole (a temporary file renamed), and the oldest are removed
once the folder holds more than ``MAX_BYTES``.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

import platformdirs

#: The variable that moves the cache elsewhere (the tests and benchmarks use a fresh folder).
CACHE_ENV = "SKIRMISH_CACHE_DIR"
#: How much the book's folder keeps (about 40 books of 50 gangs) before the oldest go.
MAX_BYTES = 100 * 1024 * 1024


def cache_dir() -> Path:
    """skirmish's cache folder: ``$SKIRMISH_CACHE_DIR``, else the user's cache dir."""
    chosen = os.environ.get(CACHE_ENV, "").strip()
    if chosen:
        return Path(chosen)
    return Path(platformdirs.user_cache_dir("skirmish", appauthor=False))


class BookCache:
    """The laid-out sheets of the campaign book (see the module's docstring), in ``folder``."""

    def __init__(self, folder: Path, salt: bytes) -> None:
        self.folder = folder
        self.salt = salt

    @classmethod
    def default(cls, salt: bytes) -> BookCache:
        return cls(cache_dir() / "book", salt)

    def key(self, html: str) -> str:
        """What identifies a sheet's pages: the hash of its HTML and of the salt."""
        return hashlib.sha256(self.salt + html.encode("utf-8")).hexdigest()

    def pages(self, key: str) -> int | None:
        """How many pages the sheet of ``key`` was laid out on, if it was."""
        found = self._read(f"{key}.pages")
        try:
            return int(found) if found is not None else None
        except ValueError:
            return None

    def pdf(self, key: str, start: int, total: int) -> bytes | None:
        """The sheet's PDF numbered from page ``start + 1`` of ``total``, if kept."""
        return self._read(f"{key}-{start}-{total}.pdf")

    def has(self, key: str, start: int, total: int) -> bool:
        """Whether the sheet's PDF at that place is kept (without reading it)."""
        return (self.folder / f"{key}-{start}-{total}.pdf").is_file()

    def keep(self, key: str, start: int, total: int, pages: int, pdf: bytes) -> None:
        """Keep a sheet just laid out: its number of pages and its PDF at its place."""
        self._write(f"{key}.pages", str(pages).encode("ascii"))
        self._write(f"{key}-{start}-{total}.pdf", pdf)

    def prune(self, max_bytes: int = MAX_BYTES) -> None:
        """Remove the files used longest ago until the folder holds at most ``max_bytes``."""
        try:
            files = [(entry.stat(), entry) for entry in os.scandir(self.folder)]
        except OSError:
            return
        size = sum(stat.st_size for stat, _ in files)
        for stat, entry in sorted(files, key=lambda pair: pair[0].st_mtime):
            if size <= max_bytes:
                break
            try:
                os.unlink(entry.path)
            except OSError:
                continue
            size -= stat.st_size

    def _read(self, name: str) -> bytes | None:
        path = self.folder / name
        try:
            data = path.read_bytes()
            os.utime(path)  # used now: the last to be pruned
        except OSError:
            return None
        return data

    def _write(self, name: str, data: bytes) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.folder, prefix=".", suffix=".tmp")
            try:
                with os.fdopen(handle, "wb") as out:
                    out.write(data)
                os.replace(temporary, self.folder / name)
            except BaseException:
                os.unlink(temporary)
                raise
        except OSError:
            return  # no cache this time; the book is printed all the same
