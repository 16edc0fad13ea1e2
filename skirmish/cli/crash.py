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
from skirmish.translation import Said, gettext

LOG_NAME = "skirmish.log"
#: How much of an unexpected exception's own message the error line repeats.
DETAIL_LENGTH = 160

_NOTHING = "Nothing was changed."
_CONFLICT = "another skirmish changed the same thing at the same moment; try again. " + _NOTHING

#: What an operating-system error means for the user, by errno; ``{where}`` is the file.
_OS_ERRORS: dict[int, str] = {
    errno.EACCES: "permission denied for {where}; check the permissions of the file and its "
    "folder, or choose another path",
    errno.EPERM: "operation not permitted on {where}; check the permissions of the file and its "
    "folder, or choose another path",
    errno.EROFS: "{where} is on a read-only file system; choose a path on a writable disk",
    errno.ELOOP: "too many symbolic links at {where} (a symlink loop?); point to a real file",
    errno.ENOSPC: "the disk is full (writing {where}); free some space and try again",
    errno.EDQUOT: "the disk quota is exhausted (writing {where}); free some space and try again",
    errno.ENAMETOOLONG: "a file name is too long: {where}; choose a shorter path",
    errno.ENOENT: "no such file or folder: {where}; check the path",
    errno.ENOTDIR: "a part of {where} is not a folder; check the path",
    errno.EISDIR: "{where} is a folder, not a file; give a file's path",
    errno.EIO: "input/output error on {where}; the disk may be failing, try again",
    errno.EMFILE: "too many open files; close some programs and try again",
}

#: SQLite's own messages (sqlite3 exceptions carry no code on Python 3.11), lower case.
_SQLITE_ERRORS: tuple[tuple[str, str], ...] = (
    ("readonly database", "the database is read-only (the file or its folder cannot be written); "
     "check their permissions, or use a command that only reads. " + _NOTHING),
    ("database is locked", "the database is busy (another skirmish is writing); try again. "
     + _NOTHING),
    ("database table is locked", "the database is busy (another skirmish is writing); try "
     "again. " + _NOTHING),
    ("unable to open database", "the database file cannot be opened; check that its folder "
     "exists and can be written, and that the path is not a symlink loop (--db)"),
    ("disk i/o error", "input/output error on the database file; the disk may be failing, try "
     "again. " + _NOTHING),
    ("database or disk is full", "the disk is full; free some space and try again. " + _NOTHING),
    ("file is not a database", "the file is not a skirmish database, or it is damaged; choose "
     "another file (--db) or restore a backup"),
    ("malformed", "the database file is damaged; restore a backup (see 'skirmish campaign "
     "list' for its location)"),
    ("too many sql variables", "the command asks for too much at once; ask for less. " + _NOTHING),
    ("string or blob too big", "a text is too long for the database; shorten it. " + _NOTHING),
    ("integer overflow", "a number is too large for the database; give a smaller one. "
     + _NOTHING),
    ("unique constraint failed", _CONFLICT),
)  # fmt: skip

#: PostgreSQL's SQLSTATE codes, by prefix (the longest that matches wins).
_SQLSTATES: dict[str, str] = {
    "22003": "a number is too large for the database; give a smaller one. " + _NOTHING,
    "22001": "a text is too long for the database; shorten it. " + _NOTHING,
    "22": "the database refused a value ({detail}); check the numbers and names given. " + _NOTHING,
    "23": _CONFLICT,
    "40": "the database is busy (another skirmish is writing); try again. " + _NOTHING,
    "55P03": "the database is busy (another skirmish is writing); try again. " + _NOTHING,
    "57014": "the database cancelled the command (it took too long); try again. " + _NOTHING,
    "25006": "the database is read-only; use a command that only reads, or another database. "
    + _NOTHING,
    "08": "the database server cannot be reached ({detail}); check the --db URL and that the "
    "server is running",
    "28": "the database server refused the login ({detail}); check the user and password of "
    "the --db URL",
    "42501": "the database user may not do this ({detail}); ask the database's administrator",
    "53": "the database server is out of resources ({detail}); try again later. " + _NOTHING,
    "57P": "the database server is shutting down or restarting; try again in a moment",
}


#: The Italian of what an operating-system error means, by errno (as ``_OS_ERRORS``).
_OS_ERRORS_IT: dict[int, str] = {
    errno.EACCES: "permesso negato per {where}; controlla i permessi del file e della sua "
    "cartella, o scegli un altro percorso",
    errno.EPERM: "operazione non permessa su {where}; controlla i permessi del file e della sua "
    "cartella, o scegli un altro percorso",
    errno.EROFS: "{where} è su un file system di sola lettura; scegli un percorso su un disco "
    "scrivibile",
    errno.ELOOP: "troppi collegamenti simbolici in {where} (un ciclo?); indica un file vero",
    errno.ENOSPC: "il disco è pieno (scrivendo {where}); libera un po' di spazio e riprova",
    errno.EDQUOT: "la quota del disco è esaurita (scrivendo {where}); libera un po' di spazio e "
    "riprova",
    errno.ENAMETOOLONG: "un nome di file è troppo lungo: {where}; scegli un percorso più corto",
    errno.ENOENT: "file o cartella inesistente: {where}; controlla il percorso",
    errno.ENOTDIR: "una parte di {where} non è una cartella; controlla il percorso",
    errno.EISDIR: "{where} è una cartella, non un file; indica il percorso di un file",
    errno.EIO: "errore di input/output su {where}; il disco potrebbe essere guasto, riprova",
    errno.EMFILE: "troppi file aperti; chiudi qualche programma e riprova",
}

_NOTHING_IT = "Non è cambiato nulla."
#: The Italian of the other sentences ``explain`` gives, by their English (``{detail}`` kept).
_SENTENCES_IT: dict[str, str] = {
    _CONFLICT: "un altro skirmish ha cambiato la stessa cosa nello stesso momento; riprova. "
    + _NOTHING_IT,
    _SQLITE_ERRORS[0][1]: "il database è di sola lettura (il file o la sua cartella non si "
    "possono scrivere); controlla i permessi, o usa un comando che legge soltanto. " + _NOTHING_IT,
    _SQLITE_ERRORS[1][1]: "il database è occupato (un altro skirmish sta scrivendo); riprova. "
    + _NOTHING_IT,
    _SQLITE_ERRORS[3][1]: "il file del database non si può aprire; controlla che la sua "
    "cartella esista e sia scrivibile, e che il percorso non sia un ciclo di collegamenti (--db)",
    _SQLITE_ERRORS[4][1]: "errore di input/output sul file del database; il disco potrebbe "
    "essere guasto, riprova. " + _NOTHING_IT,
    _SQLITE_ERRORS[5][1]: "il disco è pieno; libera un po' di spazio e riprova. " + _NOTHING_IT,
    _SQLITE_ERRORS[6][1]: "il file non è un database di skirmish, o è danneggiato; scegli un "
    "altro file (--db) o ripristina una copia di sicurezza",
    _SQLITE_ERRORS[7][1]: "il file del database è danneggiato; ripristina una copia di "
    "sicurezza (vedi 'skirmish campaign list' per dove si trova)",
    _SQLITE_ERRORS[8][1]: "il comando chiede troppo in una volta; chiedi di meno. " + _NOTHING_IT,
    _SQLITE_ERRORS[9][1]: "un testo è troppo lungo per il database; accorcialo. " + _NOTHING_IT,
    _SQLITE_ERRORS[10][1]: "un numero è troppo grande per il database; indicane uno più "
    "piccolo. " + _NOTHING_IT,
    _SQLSTATES["22"]: "il database ha rifiutato un valore ({detail}); controlla i numeri e i "
    "nomi indicati. " + _NOTHING_IT,
    _SQLSTATES["57014"]: "il database ha annullato il comando (ci metteva troppo); riprova. "
    + _NOTHING_IT,
    _SQLSTATES["25006"]: "il database è di sola lettura; usa un comando che legge soltanto, o "
    "un altro database. " + _NOTHING_IT,
    _SQLSTATES["08"]: "il server del database non è raggiungibile ({detail}); controlla l'URL "
    "di --db e che il server sia in funzione",
    _SQLSTATES["28"]: "il server del database ha rifiutato l'accesso ({detail}); controlla "
    "utente e password dell'URL di --db",
    _SQLSTATES["42501"]: "l'utente del database non può farlo ({detail}); chiedi "
    "all'amministratore del database",
    _SQLSTATES["53"]: "il server del database ha esaurito le risorse ({detail}); riprova più "
    "tardi. " + _NOTHING_IT,
    _SQLSTATES["57P"]: "il server del database si sta spegnendo o riavviando; riprova tra un "
    "momento",
    "the database is busy (too many connections); try again. " + _NOTHING: "il database è "
    "occupato (troppe connessioni); riprova. " + _NOTHING_IT,
    "a file is not valid UTF-8 text; save it as UTF-8 (or give the right file). " + _NOTHING: (
        "un file non è testo UTF-8 valido; salvalo come UTF-8 (o indica il file giusto). "
        + _NOTHING_IT
    ),
    "some text is not valid UTF-8 (invalid bytes in a name or a path, from the command line or "
    "a file); type it again in UTF-8. " + _NOTHING: "un testo non è UTF-8 valido (byte non "
    "validi in un nome o in un percorso, dalla riga di comando o da un file); riscrivilo in "
    "UTF-8. " + _NOTHING_IT,
    "the input is nested too deeply to be read. " + _NOTHING: "l'input è annidato troppo in "
    "profondità per essere letto. " + _NOTHING_IT,
    "a number is too large; give a smaller one. " + _NOTHING: "un numero è troppo grande; "
    "indicane uno più piccolo. " + _NOTHING_IT,
    "out of memory (is the input far too large?). " + _NOTHING: "memoria esaurita (l'input è "
    "troppo grande?). " + _NOTHING_IT,
}
#: The sentences built around a detail, by their English start: the Italian start and end.
_AROUND_IT: tuple[tuple[str, str, str, str], ...] = (
    ("the database refused the command (", "). " + _NOTHING, "il database ha rifiutato il "
     "comando (", "). " + _NOTHING_IT),
    ("the database failed or cannot be reached (", "); check the --db URL and that the server "
     "is running, then try again", "il database non ha funzionato o non è raggiungibile (",
     "); controlla l'URL di --db e che il server sia in funzione, poi riprova"),
)  # fmt: skip


def explain(exc: BaseException, lang: str = "en") -> str | None:
    """One line saying what went wrong and what to do, for a failure the user can meet and
    fix, in ``lang`` (``"it"`` or ``"en"``); ``None`` for anything else (a bug, to be
    reported)."""
    english = _explain(exc)
    if english is None or lang != "it":
        return english
    return _italian(exc, english)


def _italian(exc: BaseException, english: str) -> str:
    """``explain``'s sentence in Italian: by errno, by the sentence, by its frame, else the
    English."""
    if isinstance(exc, OSError) and not _database_error(exc):
        known = _OS_ERRORS_IT.get(exc.errno or 0)
        if known is not None:
            paths = [p for p in (exc.filename, exc.filename2) if p is not None]
            where = " → ".join(shown(_as_text(p)) for p in paths) or "un file"
            return known.format(where=where)
    store = sys.modules.get("skirmish.campaign.store")
    sqlalchemy = sys.modules.get("sqlalchemy.exc")
    if (
        store is not None
        and sqlalchemy is not None
        and isinstance(exc, sqlalchemy.DBAPIError)
        and exc.orig is not None
    ):
        message = store.database_message(exc, Said(lambda lang: gettext(lang, "the database")))
        return str(message("it"))
    detail = _detail_of(exc)
    for en, it in _SENTENCES_IT.items():
        if english == en.format(detail=detail):
            return it.format(detail=detail)
    for start, end, start_it, end_it in _AROUND_IT:
        if english.startswith(start) and english.endswith(end):
            return f"{start_it}{english[len(start) : len(english) - len(end)]}{end_it}"
    return english


def _detail_of(exc: BaseException) -> str:
    original = getattr(exc, "orig", None) or exc
    return _first_line(original)


def _explain(exc: BaseException) -> str | None:
    database = _database_error(exc)
    if database is not None:
        return database
    if isinstance(exc, OSError):
        return _os_error(exc)
    if isinstance(exc, UnicodeError):
        if isinstance(exc, UnicodeDecodeError):
            return (
                "a file is not valid UTF-8 text; save it as UTF-8 (or give the right file). "
                + _NOTHING
            )
        return (
            "some text is not valid UTF-8 (invalid bytes in a name or a path, from the command "
            "line or a file); type it again in UTF-8. " + _NOTHING
        )
    if isinstance(exc, RecursionError):
        return "the input is nested too deeply to be read. " + _NOTHING
    if isinstance(exc, OverflowError):
        return "a number is too large; give a smaller one. " + _NOTHING
    if isinstance(exc, MemoryError):
        return "out of memory (is the input far too large?). " + _NOTHING
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


def _os_error(exc: OSError) -> str:
    paths = [p for p in (exc.filename, exc.filename2) if p is not None]
    where = " → ".join(shown(_as_text(p)) for p in paths) or "a file"
    known = _OS_ERRORS.get(exc.errno or 0)
    if known is not None:
        return known.format(where=where)
    reason = exc.strerror or type(exc).__name__
    return f"{reason.rstrip('.')} ({where}); check the path and try again"


def _as_text(path: object) -> str:
    if isinstance(path, bytes):
        return path.decode("utf-8", "backslashreplace")
    return str(path)


def _database_error(exc: BaseException) -> str | None:
    """A database error that escaped the store layer, by the DB-API exception inside it."""
    original: BaseException = exc
    sqlalchemy = sys.modules.get("sqlalchemy.exc")
    if sqlalchemy is not None and isinstance(exc, sqlalchemy.SQLAlchemyError):
        if isinstance(exc, sqlalchemy.TimeoutError):  # the connection pool
            return "the database is busy (too many connections); try again. " + _NOTHING
        if not isinstance(exc, sqlalchemy.DBAPIError) or exc.orig is None:
            return None  # SQLAlchemy's own complaint about the program: a bug
        store = sys.modules.get("skirmish.campaign.store")
        if store is not None:  # the store's own words, as inside a unit of work
            message: str = store.database_error(exc, "the database")
            return message
        original = exc.orig
    sqlstate = getattr(original, "sqlstate", None)
    if isinstance(sqlstate, str) and sqlstate:
        detail = _first_line(original)
        for size in (5, 3, 2):
            template = _SQLSTATES.get(sqlstate[:size])
            if template is not None:
                return template.format(detail=detail)
        return f"the database refused the command ({detail}). " + _NOTHING
    sqlite3 = sys.modules.get("sqlite3")
    if sqlite3 is not None and isinstance(original, sqlite3.Error):
        message = str(original).lower()
        for needle, text in _SQLITE_ERRORS:
            if needle in message:
                return text
        return f"the database refused the command ({_first_line(original)}). " + _NOTHING
    if original is exc:
        return None
    if sqlalchemy is not None and isinstance(exc, sqlalchemy.OperationalError):
        return (
            f"the database failed or cannot be reached ({_first_line(original)}); check the "
            "--db URL and that the server is running, then try again"
        )
    return f"the database refused the command ({_first_line(original)}). " + _NOTHING


def _first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    text = printable(lines[0]) if lines else type(exc).__name__
    return text[:DETAIL_LENGTH] + ("…" if len(text) > DETAIL_LENGTH else "")
