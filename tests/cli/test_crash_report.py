"""No traceback, ever (issue #8): what escapes a command that is not a ``SkirmishError`` becomes
one ``Error:`` line. Known failures (operating system, database, overflow, encoding) say what
to do; anything else says "please report this" with the log file its traceback went to."""

from __future__ import annotations

import errno
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import platformdirs
import pytest
import sqlalchemy.exc

from skirmish.cli import crash

NOTHING = "Nothing was changed."


@pytest.fixture
def earps(cli: Any) -> Any:
    cli.run("campaign", "new", "West")
    cli.run("gang", "new", "Earps", "--faction", "lawmen")
    cli.run("gang", "hire", "Earps", "sceriffo", "--name", "Wyatt Earp")
    return cli


@pytest.fixture
def log_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The crash log goes to a folder of the test's own."""
    folder = tmp_path / "logs"
    monkeypatch.setattr(platformdirs, "user_log_dir", lambda *args, **kwargs: str(folder))
    return folder


def failing(monkeypatch: pytest.MonkeyPatch, exc: BaseException) -> None:
    """Make ``member xp`` raise ``exc`` inside its transaction."""
    from skirmish.campaign import advancement

    def award_xp(*args: Any, **kwargs: Any) -> Any:
        raise exc

    monkeypatch.setattr(advancement, "award_xp", award_xp)


XP = ("member", "xp", "Earps", "Wyatt Earp", "1")


def test_an_unexpected_error_is_one_line_and_its_traceback_is_logged(
    earps: Any, log_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    failing(monkeypatch, RuntimeError("boom\nand a second line"))
    log = log_dir / "skirmish.log"
    error = f"unexpected error (RuntimeError: boom); please report this, with the log file {log}"
    earps.refused(*XP, error=error)
    text = log.read_text(encoding="utf-8")
    assert text.startswith("=== ") and "skirmish 0.1.0, Python 3." in text
    assert "argv: ['skirmish', 'member', 'xp', 'Earps', 'Wyatt Earp', '1', '--db'," in text
    assert "Traceback (most recent call last):" in text
    assert "RuntimeError: boom\nand a second line" in text
    assert "in award_xp" in text
    earps.refused(*XP, error=error)  # a second crash is appended
    assert log.read_text(encoding="utf-8").count("=== ") == 2


def test_a_log_that_cannot_be_written_is_said_on_the_same_line(
    earps: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setattr(platformdirs, "user_log_dir", lambda *a, **k: str(blocker / "logs"))
    failing(monkeypatch, ValueError("odd"))
    earps.refused(
        *XP,
        error=f"unexpected error (ValueError: odd); please report this (the log file "
        f"{blocker / 'logs' / 'skirmish.log'} could not be written: Not a directory)",
    )


def test_the_log_masks_database_passwords(log_dir: Path) -> None:
    argv = ["skirmish", "gang", "list", "--db", "postgresql+psycopg://club:s3cret@db.example/west"]
    path, problem = crash.write_log(RuntimeError("x"), argv)
    assert problem is None
    text = Path(path).read_text(encoding="utf-8")
    assert "s3cret" not in text and "postgresql+psycopg://club:***@db.example/west" in text


def test_an_unexpected_message_with_control_characters_is_escaped(
    earps: Any, log_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    failing(monkeypatch, RuntimeError("\x1b[2J" + "y" * 500))
    result = earps.run(*XP, ok=False)
    (line,) = result.stderr.splitlines()
    assert "\x1b" not in line and "\\x1b[2J" in line and len(line) < 400


def test_ctrl_c_is_one_line_and_exit_130(earps: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    failing(monkeypatch, KeyboardInterrupt())
    earps.refused(*XP, error="interrupted; nothing was changed.", code=130)


class FakePgError(Exception):
    """A stand-in for a psycopg error: only its SQLSTATE matters."""

    def __init__(self, sqlstate: str, message: str) -> None:
        super().__init__(message)
        self.sqlstate = sqlstate


BUSY = "the database is busy (another skirmish is writing); try again. " + NOTHING
CONFLICT = "another skirmish changed the same thing at the same moment; try again. " + NOTHING

#: What escapes a command's unit of work (the store maps database errors itself).
KNOWN: dict[str, tuple[Exception, str]] = {
    "permission": (
        PermissionError(errno.EACCES, "Permission denied", "/srv/club.db"),
        "permission denied for '/srv/club.db'; check the permissions of the file and its "
        "folder, or choose another path.",
    ),
    "read-only-fs": (
        OSError(errno.EROFS, "Read-only file system", "/mnt/cd/club.db"),
        "'/mnt/cd/club.db' is on a read-only file system; choose a path on a writable disk.",
    ),
    "symlink-loop": (
        OSError(errno.ELOOP, "Too many levels of symbolic links", "/tmp/a"),
        "too many symbolic links at '/tmp/a' (a symlink loop?); point to a real file.",
    ),
    "disk-full": (
        OSError(errno.ENOSPC, "No space left on device", "/srv/club.db"),
        "the disk is full (writing '/srv/club.db'); free some space and try again.",
    ),
    "name-too-long": (
        OSError(errno.ENAMETOOLONG, "File name too long", "x" * 300),
        f"a file name is too long: '{'x' * 40}…' (300 characters); choose a shorter path.",
    ),
    "other-os-error": (
        OSError(errno.EXDEV, "Invalid cross-device link", "/a", None, "/b"),
        "Invalid cross-device link ('/a' → '/b'); check the path and try again.",
    ),
    "overflow": (
        OverflowError("Python int too large to convert to SQLite INTEGER"),
        "a number is too large; give a smaller one. " + NOTHING,
    ),
    "surrogates": (
        UnicodeEncodeError("utf-8", "\udcff", 0, 1, "surrogates not allowed"),
        "some text is not valid UTF-8 (invalid bytes in a name or a path, from the command "
        "line or a file); type it again in UTF-8. " + NOTHING,
    ),
    "bad-file-encoding": (
        UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte"),
        "a file is not valid UTF-8 text; save it as UTF-8 (or give the right file). " + NOTHING,
    ),
    "recursion": (
        RecursionError("maximum recursion depth exceeded"),
        "the input is nested too deeply to be read. " + NOTHING,
    ),
    "memory": (MemoryError(), "out of memory (is the input far too large?). " + NOTHING),
}


@pytest.mark.parametrize(("exc", "error"), KNOWN.values(), ids=list(KNOWN))
def test_known_failures_say_what_to_do(
    earps: Any, log_dir: Path, monkeypatch: pytest.MonkeyPatch, exc: Exception, error: str
) -> None:
    failing(monkeypatch, exc)
    earps.refused(*XP, error=error)
    assert not log_dir.exists()  # nothing to report


#: Database errors raised outside SQLAlchemy (the raw DB-API exception), by kind.
RAW_DATABASE: dict[str, tuple[Exception, str]] = {
    "sqlite-read-only": (
        sqlite3.OperationalError("attempt to write a readonly database"),
        "the database is read-only (the file or its folder cannot be written); check their "
        "permissions, or use a command that only reads. " + NOTHING,
    ),
    "sqlite-locked": (sqlite3.OperationalError("database is locked"), BUSY),
    "sqlite-unique": (sqlite3.IntegrityError("UNIQUE constraint failed: owned_item.id"), CONFLICT),
    "sqlite-full": (
        sqlite3.OperationalError("database or disk is full"),
        "the disk is full; free some space and try again. " + NOTHING,
    ),
    "sqlite-other": (
        sqlite3.OperationalError("no such table: gang"),
        "the database refused the command (no such table: gang). " + NOTHING,
    ),
    "pg-numeric-out-of-range": (
        FakePgError("22003", "integer out of range"),
        "a number is too large for the database; give a smaller one. " + NOTHING,
    ),
    "pg-string-too-long": (
        FakePgError("22001", "value too long for type character varying(80)"),
        "a text is too long for the database; shorten it. " + NOTHING,
    ),
    "pg-unique": (FakePgError("23505", "duplicate key value"), CONFLICT),
    "pg-serialization": (FakePgError("40001", "could not serialize"), BUSY),
    "pg-lock-timeout": (FakePgError("55P03", "lock not available"), BUSY),
    "pg-unreachable": (
        FakePgError("08006", "connection to server at 10.0.0.1 failed\nIs it running?"),
        "the database server cannot be reached (connection to server at 10.0.0.1 failed); "
        "check the --db URL and that the server is running",
    ),
    "pg-unknown": (
        FakePgError("XX000", "internal error"),
        "the database refused the command (internal error). " + NOTHING,
    ),
}


@pytest.mark.parametrize(("exc", "error"), RAW_DATABASE.values(), ids=list(RAW_DATABASE))
def test_raw_database_errors_say_what_to_do(exc: Exception, error: str) -> None:
    assert crash.explain(exc) == error


@pytest.mark.parametrize(
    "orig",
    [
        sqlite3.OperationalError("attempt to write a readonly database"),
        sqlite3.OperationalError("database is locked"),
        FakePgError("22003", "integer out of range"),
    ],
)
def test_sqlalchemy_errors_that_escape_use_the_stores_words(orig: Exception) -> None:
    from skirmish.campaign import store

    wrapped = sqlalchemy.exc.OperationalError("UPDATE member SET xp=?", {}, orig)
    assert crash.explain(wrapped) == store.database_error(wrapped, "the database")
    assert crash.report(wrapped).endswith(".")


def test_a_pool_timeout_is_busy() -> None:
    assert crash.explain(sqlalchemy.exc.TimeoutError("QueuePool limit")) == (
        "the database is busy (too many connections); try again. " + NOTHING
    )


def test_sqlalchemys_own_complaints_are_bugs_to_report(log_dir: Path) -> None:
    exc = sqlalchemy.exc.InvalidRequestError("Object is already attached")
    assert crash.explain(exc) is None
    assert crash.report(exc, ["skirmish", "gang", "list"]) == (
        "unexpected error (InvalidRequestError: Object is already attached); please report "
        f"this, with the log file {log_dir / 'skirmish.log'}"
    )
    assert "InvalidRequestError" in (log_dir / "skirmish.log").read_text(encoding="utf-8")


def test_the_crash_reporter_imports_nothing_heavy() -> None:
    probe = (
        "import sys, json\n"
        "from skirmish.cli import crash\n"
        "line = crash.report(OverflowError('x'), ['skirmish'])\n"
        "print(json.dumps([line, sorted(sys.modules)]))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    line, modules = json.loads(out.stdout)
    assert line == "a number is too large; give a smaller one. " + NOTHING
    assert not {m.split(".")[0] for m in modules} & {"sqlalchemy", "sqlmodel", "platformdirs"}


# --------------------------------------------------------------------------- real files


def test_a_symlink_loop_as_database_is_one_line(tmp_path: Path, cli_at: Any) -> None:
    os.symlink(tmp_path / "b", tmp_path / "a")
    os.symlink(tmp_path / "a", tmp_path / "b")
    loop = cli_at(tmp_path / "a")
    for command in (("gang", "list"), ("campaign", "new", "West"), ("log",)):
        result = loop.run(*command, ok=False)
        assert result.exit_code == 1, result.output
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
        assert "Traceback" not in result.output
    assert os.path.islink(tmp_path / "a") and os.path.islink(tmp_path / "b")


@pytest.mark.skipif(
    os.geteuid() == 0, reason="root writes to read-only files: file permissions cannot be tested"
)
@pytest.mark.parametrize("what", ["file", "folder"])
def test_a_read_only_database_is_one_line(earps: Any, what: str) -> None:
    target = earps.path if what == "file" else earps.path.parent
    mode = target.stat().st_mode
    target.chmod(0o444 if what == "file" else 0o555)
    try:
        before = earps.dump()
        result = earps.run("gang", "new", "Daltons", "--faction", "outlaws", ok=False)
        assert result.exit_code == 1, result.output
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
        assert earps.dump() == before
        assert earps.run("gang", "list").exit_code == 0  # reading still works
    finally:
        target.chmod(mode)
