"""What ``skirmish`` says when something other than a ``SkirmishError`` escapes a command
(issue #8, "No traceback, ever").

``explain`` turns the failures a user can meet and fix (a read-only file, a full disk, a
symlink loop, a busy or damaged database, a number too large, text that is not UTF-8…) into one
sentence saying what to do. Anything else is a bug: ``report`` writes its traceback, with the
time and the command line, to ``skirmish.log`` in the platformdirs log folder and says where,
so the user can send it. Imported only when a command has failed; it imports neither the
database stack (it looks for SQLAlchemy, sqlite3 and psycopg errors only when those modules are
already loaded) nor platformdirs until it writes the log.
"""

from __future__ import annotations

import errno
import re
import sys
import traceback
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from skirmish import __version__
from skirmish.cli.usage_text import MESSAGES
from skirmish.errors import shown
from skirmish.i18n import tr
from skirmish.limits import printable
from skirmish.translation import N_, Message, Said, gettext

LOG_NAME = "skirmish.log"
#: How much of an unexpected exception's own message the error line repeats.
DETAIL_LENGTH = 160

#: A failure's sentence ends so when the command changed nothing (the database rolled back).
_CONFLICT = N_(
    "another skirmish changed the same thing at the same moment; try again. Nothing was changed."
)

#: What an operating-system error means for the user, by errno; ``{where}`` is the file.
_OS_ERRORS: dict[int, str] = {
    errno.EACCES: N_(
        "permission denied for {where}; check the permissions of the file and its folder, or "
        "choose another path"
    ),
    errno.EPERM: N_(
        "operation not permitted on {where}; check the permissions of the file and its folder, "
        "or choose another path"
    ),
    errno.EROFS: N_("{where} is on a read-only file system; choose a path on a writable disk"),
    errno.ELOOP: N_("too many symbolic links at {where} (a symlink loop?); point to a real file"),
    errno.ENOSPC: N_("the disk is full (writing {where}); free some space and try again"),
    errno.EDQUOT: N_(
        "the disk quota is exhausted (writing {where}); free some space and try again"
    ),
    errno.ENAMETOOLONG: N_("a file name is too long: {where}; choose a shorter path"),
    errno.ENOENT: N_("no such file or folder: {where}; check the path"),
    errno.ENOTDIR: N_("a part of {where} is not a folder; check the path"),
    errno.EISDIR: N_("{where} is a folder, not a file; give a file's path"),
    errno.EIO: N_("input/output error on {where}; the disk may be failing, try again"),
    errno.EMFILE: N_("too many open files; close some programs and try again"),
}

_BUSY = N_("the database is busy (another skirmish is writing); try again. Nothing was changed.")
_TOO_LARGE = N_("a number is too large for the database; give a smaller one. Nothing was changed.")
_TOO_LONG = N_("a text is too long for the database; shorten it. Nothing was changed.")

#: SQLite's own messages (sqlite3 exceptions carry no code on Python 3.11), lower case.
_SQLITE_ERRORS: tuple[tuple[str, str], ...] = (
    ("readonly database", N_(
        "the database is read-only (the file or its folder cannot be written); check their "
        "permissions, or use a command that only reads. Nothing was changed.")),
    ("database is locked", _BUSY),
    ("database table is locked", _BUSY),
    ("unable to open database", N_(
        "the database file cannot be opened; check that its folder exists and can be written, "
        "and that the path is not a symlink loop (--db)")),
    ("disk i/o error", N_(
        "input/output error on the database file; the disk may be failing, try again. Nothing "
        "was changed.")),
    ("database or disk is full", N_(
        "the disk is full; free some space and try again. Nothing was changed.")),
    ("file is not a database", N_(
        "the file is not a skirmish database, or it is damaged; choose another file (--db) or "
        "restore a backup")),
    ("malformed", N_(
        "the database file is damaged; restore a backup (see 'skirmish campaign list' for its "
        "location)")),
    ("too many sql variables", N_(
        "the command asks for too much at once; ask for less. Nothing was changed.")),
    ("string or blob too big", _TOO_LONG),
    ("integer overflow", _TOO_LARGE),
    ("unique constraint failed", _CONFLICT),
)  # fmt: skip

#: PostgreSQL's SQLSTATE codes, by prefix (the longest that matches wins); ``{detail}`` is the
#: database's own first line.
_SQLSTATES: dict[str, str] = {
    "22003": _TOO_LARGE,
    "22001": _TOO_LONG,
    "22": N_(
        "the database refused a value ({detail}); check the numbers and names given. Nothing "
        "was changed."
    ),
    "23": _CONFLICT,
    "40": _BUSY,
    "55P03": _BUSY,
    "57014": N_(
        "the database cancelled the command (it took too long); try again. Nothing was changed."
    ),
    "25006": N_(
        "the database is read-only; use a command that only reads, or another database. Nothing "
        "was changed."
    ),
    "08": N_(
        "the database server cannot be reached ({detail}); check the --db URL and that the "
        "server is running"
    ),
    "28": N_(
        "the database server refused the login ({detail}); check the user and password of the "
        "--db URL"
    ),
    "42501": N_("the database user may not do this ({detail}); ask the database's administrator"),
    "53": N_(
        "the database server is out of resources ({detail}); try again later. Nothing was changed."
    ),
    "57P": N_("the database server is shutting down or restarting; try again in a moment"),
}
_REFUSED = N_("the database refused the command ({detail}). Nothing was changed.")


def explain(exc: BaseException, lang: str = "en") -> str | None:
    """One line saying what went wrong and what to do, for a failure the user can meet and
    fix, in ``lang`` (``"it"`` or ``"en"``); ``None`` for anything else (a bug, to be
    reported)."""
    said = _explain(exc)
    return None if said is None else said(lang)


def _explain(exc: BaseException) -> Message | None:
    database = _database_error(exc)
    if database is not None:
        return database
    if isinstance(exc, OSError):
        return _os_error(exc)
    if isinstance(exc, UnicodeError):
        if isinstance(exc, UnicodeDecodeError):
            return Message(
                "a file is not valid UTF-8 text; save it as UTF-8 (or give the right file). "
                "Nothing was changed."
            )
        return Message(
            "some text is not valid UTF-8 (invalid bytes in a name or a path, from the command "
            "line or a file); type it again in UTF-8. Nothing was changed."
        )
    if isinstance(exc, RecursionError):
        return Message("the input is nested too deeply to be read. Nothing was changed.")
    if isinstance(exc, OverflowError):
        return Message("a number is too large; give a smaller one. Nothing was changed.")
    if isinstance(exc, MemoryError):
        return Message("out of memory (is the input far too large?). Nothing was changed.")
    return None


def report(exc: BaseException, argv: Sequence[str] | None = None, lang: str = "en") -> str:
    """The ``Error:`` line for ``exc`` (without ``Error: ``) in ``lang``: ``explain(exc)``, or,
    for an unexpected error, its type and message and the log file its traceback was written
    to."""
    try:
        known = explain(exc, lang)
    except Exception:  # the reporter must never fail in turn
        known = None
    if known is not None:
        return known if known.endswith(".") else f"{known}."
    detail = _detail(exc)
    where, problem = write_log(exc, sys.argv if argv is None else argv)
    if problem is None:
        return tr(MESSAGES, "unexpected", lang, detail=detail, where=where)
    return tr(MESSAGES, "unexpected-unlogged", lang, detail=detail, where=where, problem=problem)


def log_path() -> Path:
    """Where unexpected errors are logged: ``skirmish.log`` in the user's log folder."""
    import platformdirs  # lazy: error

    return Path(platformdirs.user_log_dir("skirmish", appauthor=False)) / LOG_NAME


def write_log(exc: BaseException, argv: Sequence[str]) -> tuple[str, str | None]:
    """Append the time, the command line (passwords masked) and ``exc``'s traceback to the log;
    returns the log's path and, if it could not be written, why."""
    where = "skirmish.log"
    try:
        path = log_path()
        where = str(path)
        stamp = datetime.now(UTC).isoformat(timespec="seconds")
        command = [_mask(str(arg)) for arg in argv]
        text = "".join(traceback.format_exception(exc))
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8", errors="backslashreplace") as log:
            log.write(
                f"=== {stamp} skirmish {__version__}, Python {sys.version.split()[0]}\n"
                f"argv: {command!r}\n{text}\n"
            )
    except OSError as failure:
        return printable(where), failure.strerror or type(failure).__name__
    except Exception as failure:  # platformdirs missing, an odd path: say so, never crash
        return printable(where), f"{type(failure).__name__}: {failure}"
    return printable(where), None


def _detail(exc: BaseException) -> str:
    message = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    message = printable(message)
    if len(message) > DETAIL_LENGTH:
        message = message[:DETAIL_LENGTH] + "…"
    return f"{type(exc).__name__}: {message}" if message else type(exc).__name__


def _mask(arg: str) -> str:
    """A database URL's password replaced by ``***``."""
    return re.sub(r"(://[^/:@\s]*:)[^@/\s]+@", r"\1***@", arg)


def _os_error(exc: OSError) -> Message:
    paths = [p for p in (exc.filename, exc.filename2) if p is not None]
    where = " → ".join(shown(_as_text(p)) for p in paths) or Message("a file")
    known = _OS_ERRORS.get(exc.errno or 0)
    if known is not None:
        return Message(known, where=where)
    reason = exc.strerror or type(exc).__name__
    return Message(
        "{reason} ({where}); check the path and try again", reason=reason.rstrip("."), where=where
    )


def _as_text(path: object) -> str:
    if isinstance(path, bytes):
        return path.decode("utf-8", "backslashreplace")
    return str(path)


def _database_error(exc: BaseException) -> Message | None:
    """A database error that escaped the store layer, by the DB-API exception inside it."""
    original: BaseException = exc
    sqlalchemy = sys.modules.get("sqlalchemy.exc")
    if sqlalchemy is not None and isinstance(exc, sqlalchemy.SQLAlchemyError):
        if isinstance(exc, sqlalchemy.TimeoutError):  # the connection pool
            return Message(
                "the database is busy (too many connections); try again. Nothing was changed."
            )
        if not isinstance(exc, sqlalchemy.DBAPIError) or exc.orig is None:
            return None  # SQLAlchemy's own complaint about the program: a bug
        store = sys.modules.get("skirmish.campaign.store")
        if store is not None:  # the store's own words, as inside a unit of work
            said: Message = store.database_message(
                exc, Said(lambda lang: gettext(lang, "the database"))
            )
            return said
        original = exc.orig
    sqlstate = getattr(original, "sqlstate", None)
    if isinstance(sqlstate, str) and sqlstate:
        detail = _first_line(original)
        for size in (5, 3, 2):
            template = _SQLSTATES.get(sqlstate[:size])
            if template is not None:
                return Message(template, detail=detail)
        return Message(_REFUSED, detail=detail)
    sqlite3 = sys.modules.get("sqlite3")
    if sqlite3 is not None and isinstance(original, sqlite3.Error):
        message_text = str(original).lower()
        for needle, text in _SQLITE_ERRORS:
            if needle in message_text:
                return Message(text)
        return Message(_REFUSED, detail=_first_line(original))
    if original is exc:
        return None
    if sqlalchemy is not None and isinstance(exc, sqlalchemy.OperationalError):
        return Message(
            "the database failed or cannot be reached ({detail}); check the --db URL and that "
            "the server is running, then try again",
            detail=_first_line(original),
        )
    return Message(_REFUSED, detail=_first_line(original))


def _first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    text = printable(lines[0]) if lines else type(exc).__name__
    return text[:DETAIL_LENGTH] + ("…" if len(text) > DETAIL_LENGTH else "")
