"""Writing files so that a kill at any moment leaves the old file or the new one, never half
of either (issue #8): a temporary file in the same folder, flushed and fsynced, then renamed over
the target, then the folder fsynced. Used for PDFs, HTML, exports and the SQLite backups.

What a reader may rely on:

- the target is replaced only when the whole content was written and synced; any error (or
  Ctrl-C) removes the temporary file and leaves the target as it was;
- an existing target keeps its permission bits (not its owner, and hard links to it keep the
  old content, as with any editor that saves by renaming); a new one gets the usual ones
  (``0o666`` less the umask); a read-only target is refused, not replaced;
- writing through a symbolic link writes the file it points to, and the link stays;
- a kill -9 or a power cut between creating the temporary file and renaming it leaves that
  file behind: ``.NAME.<random>.tmp``, hidden, beside the target. It is harmless (nothing reads
  it, the target is intact, the next write picks a new name) and may be deleted. It is not
  cleaned up automatically: another process may be writing the same target at that moment, and
  its temporary file looks just the same;
- only a regular file or a new path is written (issue #22): a FIFO, a device (``/dev/full``,
  ``/dev/null``), a folder or a socket is refused by ``check_target`` before anything is
  written, so a command checks its ``-o`` before any work and the write checks it again.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

from skirmish.errors import SkirmishError
from skirmish.translation import N_, Message

#: The longest temporary name kept from the target's (bytes): room for the dot, the random part
#: and ``.tmp`` within the usual 255-byte limit of a file name.
_NAME_BYTES = 200
_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)


class OutputError(SkirmishError):
    """A file cannot be written (no such folder, no permission, disk full)."""

    def __init__(self, path: Path | str, reason: str | Message) -> None:
        self.path = str(path)
        self.reason = str(reason)
        super().__init__(
            Message(
                "cannot write {path!r}: {reason}; choose another -o path.",
                path=self.path,
                reason=reason,
            )
        )


@contextlib.contextmanager
def atomic_output(path: Path | str) -> Iterator[BinaryIO]:
    """A binary file to write that replaces ``path`` only when the block ends without error;
    on any error (or a kill) ``path`` keeps its old content and the temporary file is removed.
    An ``OSError`` (no folder, no permission, disk full) becomes one ``OutputError``."""
    with _atomic(path, mode=None) as stream:
        yield stream


#: What a path that is not a regular file is, by its ``stat`` kind, for the refusal.
_KINDS = (
    (stat.S_ISDIR, N_("it is a folder, not a file")),
    (stat.S_ISFIFO, N_("it is a FIFO (named pipe), not a file")),
    (stat.S_ISCHR, N_("it is a device, not a file")),
    (stat.S_ISBLK, N_("it is a device, not a file")),
    (stat.S_ISSOCK, N_("it is a socket, not a file")),
)


def check_target(path: Path | str) -> Path:
    """``path`` itself if it names a regular file or nothing yet (through a symbolic link, the
    file it points to); anything else (a folder, a FIFO, a device, a socket) is one
    ``OutputError``, raised before anything is written, since renaming over it would replace a
    device node or starve a pipe's reader."""
    target = _final_target(Path(path))
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return Path(path)
    except OSError as exc:
        raise OutputError(target, _why(exc)) from None
    except ValueError:  # a NUL in the name
        raise OutputError(target, Message("not a valid file name")) from None
    if stat.S_ISREG(mode):
        return Path(path)
    reason = next((text for test, text in _KINDS if test(mode)), N_("it is not a regular file"))
    raise OutputError(target, Message(reason))


def write_bytes(path: Path | str, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically."""
    with atomic_output(path) as stream:
        stream.write(data)


def write_text(path: Path | str, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically."""
    write_bytes(path, text.encode("utf-8"))


def copy_file(source: Path | str, target: Path | str, *, chunk: int = 1 << 20) -> None:
    """Copy ``source`` to ``target`` atomically, with the source's permission bits (the SQLite
    backup before an upgrade: a private database keeps a private copy). An unreadable source
    raises its ``OSError`` before anything is created."""
    with open(source, "rb") as reader:
        mode = os.fstat(reader.fileno()).st_mode & 0o777
        with _atomic(target, mode=mode) as writer:
            while block := reader.read(chunk):
                writer.write(block)


def write_with(path: Path | str, produce: Callable[[BinaryIO], object]) -> None:
    """Let ``produce`` write into a stream that becomes ``path`` only if it succeeds."""
    with atomic_output(path) as stream:
        produce(stream)


@contextlib.contextmanager
def _atomic(path: Path | str, *, mode: int | None) -> Iterator[BinaryIO]:
    """``atomic_output``; ``mode``, if given, is the new file's permission bits."""
    check_target(path)
    target = _final_target(Path(path))
    _refuse_read_only(target)
    handle, temporary = _create_temporary(target)
    try:
        with os.fdopen(handle, "wb") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        _set_mode(target, temporary, mode)
        os.replace(temporary, target)
    except OSError as exc:
        _remove(temporary)
        raise OutputError(target, _why(exc)) from None
    except BaseException:
        _remove(temporary)
        raise
    _sync_folder(target.parent)


def _final_target(target: Path) -> Path:
    """``target``, or the file it links to: writing through a symbolic link keeps the link."""
    try:
        if not target.is_symlink():
            return target
        return Path(os.path.realpath(target, strict=True))
    except FileNotFoundError:
        return Path(os.path.realpath(target))  # a dangling link: create the file it names
    except OSError as exc:  # a loop of links, a name too long…
        raise OutputError(target, _why(exc)) from None


def _refuse_read_only(target: Path) -> None:
    """An existing file without write permission is refused rather than renamed over."""
    if os.path.isfile(target) and not os.access(target, os.W_OK):
        raise OutputError(
            target,
            Message("Permission denied (the file is read-only)"),
        )


def _create_temporary(target: Path) -> tuple[int, Path]:
    """A new, empty file beside ``target``, opened for writing: (descriptor, path)."""
    name = target.name
    while len(os.fsencode(name)) > _NAME_BYTES:
        name = name[:-1]
    for _ in range(100):
        temporary = target.parent / f".{name}.{os.urandom(4).hex()}.tmp"
        try:
            # 0o666 less the umask, like any new file; an existing target's mode comes later.
            return os.open(temporary, _CREATE, 0o666), temporary
        except FileExistsError:
            continue
        except OSError as exc:
            raise OutputError(target, _why(exc)) from None
        except ValueError:  # a NUL in the name
            raise OutputError(target, Message("not a valid file name")) from None
    raise OutputError(
        target,
        Message("no free temporary file name in its folder"),
    )


def _set_mode(target: Path, temporary: Path, mode: int | None) -> None:
    """The new file gets ``mode``, else the old file's permissions, else keeps the usual ones."""
    if mode is None:
        try:
            mode = target.stat().st_mode & 0o7777
        except OSError:
            return
    os.chmod(temporary, mode)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable."""
    try:
        descriptor = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    # Some file systems cannot sync a folder; the rename is atomic all the same.
    try:
        with contextlib.suppress(OSError):
            os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _remove(temporary: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(temporary)


#: The operating system's reasons a file cannot be written, by ``errno`` (the English is the
#: system's own).
_WHY = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.EROFS: N_("Read-only file system"),
    errno.ENOSPC: N_("No space left on device"),
    errno.EDQUOT: N_("Disk quota exceeded"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.ENAMETOOLONG: N_("File name too long"),
    errno.ELOOP: N_("Too many levels of symbolic links"),
    errno.EIO: N_("Input/output error"),
}


def _why(exc: OSError) -> str | Message:
    """Why ``exc`` happened: the system's reason of the catalogue, else its own words."""
    known = _WHY.get(exc.errno or 0)
    return Message(known) if known else exc.strerror or type(exc).__name__
