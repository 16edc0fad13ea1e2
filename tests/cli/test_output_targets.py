"""``-o`` names a regular file or a new path, nothing else (issue #22, item 5): a FIFO, a
device or a folder is refused in one line before any work, and is left as it was."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import pytest

from skirmish.fileio import OutputError, check_target, write_bytes

#: Every command writing a file, each given a name that does not exist (a gang, a campaign): the
#: refusal of ``-o`` comes first, so it is the one said, before the store is even opened.
COMMANDS = [
    ("export", "No such gang"),
    ("print", "roster", "No such gang"),
    ("print", "campaign", "--campaign", "Nowhere"),
    ("gazette", "--campaign", "Nowhere"),
]


def _fifo(tmp_path: Path) -> Path:
    path = tmp_path / "sheet.pdf"
    os.mkfifo(path)
    return path


def _folder(tmp_path: Path) -> Path:
    path = tmp_path / "folder.pdf"
    path.mkdir()
    return path


def _device(tmp_path: Path) -> Path:
    return Path("/dev/null")


TARGETS = {
    "fifo": (_fifo, "it is a FIFO (named pipe), not a file", stat.S_ISFIFO),
    "folder": (_folder, "it is a folder, not a file", stat.S_ISDIR),
    "device": (_device, "it is a device, not a file", stat.S_ISCHR),
}


@pytest.mark.parametrize("kind", sorted(TARGETS))
@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_an_output_that_is_not_a_file_is_refused_before_any_work(
    cli: Any, tmp_path: Path, kind: str, command: tuple[str, ...]
) -> None:
    make, reason, still = TARGETS[kind]
    target = make(tmp_path)
    cli.refused(
        *command, "-o", str(target),
        error=f"cannot write {str(target)!r}: {reason}; choose another -o path.",
    )  # fmt: skip
    assert still(os.stat(target).st_mode)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("sheet", ["reference", "blank"])
def test_a_sheet_without_a_store_refuses_a_fifo_too(tmp_path: Path, sheet: str) -> None:
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    target = _fifo(tmp_path)
    result = CliRunner().invoke(app, ["print", sheet, "-o", str(target)], env={"SKIRMISH_LANG": ""})
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == (
        f"Error: cannot write {str(target)!r}: it is a FIFO (named pipe), not a file; "
        "choose another -o path.\n"
    )
    assert stat.S_ISFIFO(os.stat(target).st_mode)


def test_the_refusal_is_said_in_italian(cli: Any, tmp_path: Path) -> None:
    target = _fifo(tmp_path)
    cli.refused(
        "export", "--lang", "it", "-o", str(target),
        error=f"impossibile scrivere {str(target)!r}: è una FIFO (pipe con nome), non un file; "
        "scegli un altro percorso con -o.",
    )  # fmt: skip


@pytest.mark.parametrize("kind", sorted(TARGETS))
def test_the_write_itself_refuses_what_is_not_a_file(tmp_path: Path, kind: str) -> None:
    """The atomic write checks again, for a caller that did not (or a path that changed)."""
    make, reason, still = TARGETS[kind]
    target = make(tmp_path)
    with pytest.raises(OutputError, match="not a file"):
        write_bytes(target, b"x")
    assert still(os.stat(target).st_mode)


def test_a_new_path_a_regular_file_and_a_link_to_one_are_accepted(tmp_path: Path) -> None:
    new, old, link = tmp_path / "new.pdf", tmp_path / "old.pdf", tmp_path / "link.pdf"
    old.write_bytes(b"old")
    link.symlink_to(old)
    assert [check_target(p) for p in (new, old, link)] == [new, old, link]
    write_bytes(link, b"new")
    assert link.is_symlink() and old.read_bytes() == b"new"


def test_a_link_to_a_fifo_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "link.pdf"
    link.symlink_to(_fifo(tmp_path))
    with pytest.raises(OutputError, match="FIFO"):
        check_target(link)
