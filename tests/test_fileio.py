"""skirmish.fileio: a file is replaced whole or not at all (issue #8)."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO

import pytest

from skirmish.errors import SkirmishError
from skirmish.fileio import (
    OutputError,
    atomic_output,
    copy_file,
    write_bytes,
    write_text,
    write_with,
)


class Boom(Exception):
    pass


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_a_failure_inside_the_block_keeps_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "out.pdf"
    target.write_bytes(b"old")
    with pytest.raises(Boom), atomic_output(target) as stream:
        stream.write(b"half of the new")
        assert _leftovers(tmp_path)  # written beside the target, under another name
        assert target.read_bytes() == b"old"
        raise Boom
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.pdf"]


def test_a_failure_when_there_was_no_file_leaves_nothing(tmp_path: Path) -> None:
    def fail(stream: BinaryIO) -> None:
        stream.write(b"x")
        raise Boom

    with pytest.raises(Boom):
        write_with(tmp_path / "new.html", fail)
    assert list(tmp_path.iterdir()) == []


def test_an_os_error_while_writing_is_one_output_error(tmp_path: Path) -> None:
    target = tmp_path / "out.pdf"
    target.write_bytes(b"old")

    def full(stream: BinaryIO) -> None:
        raise OSError(28, "No space left on device")

    with pytest.raises(OutputError) as caught:
        write_with(target, full)
    assert str(caught.value) == (
        f"cannot write {str(target)!r}: No space left on device; choose another -o path."
    )
    assert target.read_bytes() == b"old"
    assert _leftovers(tmp_path) == []


def test_success_replaces_the_content(tmp_path: Path) -> None:
    target = tmp_path / "out.html"
    target.write_text("old")
    write_text(target, "nuovo — è così")
    assert target.read_text("utf-8") == "nuovo — è così"
    write_with(target, lambda stream: stream.write(b"third"))
    assert target.read_bytes() == b"third"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.html"]


def test_the_permissions_of_an_existing_file_are_kept(tmp_path: Path) -> None:
    target = tmp_path / "private.pdf"
    target.write_bytes(b"old")
    target.chmod(0o640)
    write_bytes(target, b"new")
    assert target.read_bytes() == b"new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_new_file_gets_the_usual_permissions(tmp_path: Path) -> None:
    umask = os.umask(0o027)
    try:
        write_bytes(tmp_path / "new.pdf", b"x")
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "new.pdf").stat().st_mode) == 0o640


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write any file")
def test_a_read_only_file_is_refused_not_replaced(tmp_path: Path) -> None:
    target = tmp_path / "kept.pdf"
    target.write_bytes(b"old")
    target.chmod(0o444)
    with pytest.raises(OutputError, match="read-only"):
        write_bytes(target, b"new")
    assert target.read_bytes() == b"old"
    assert _leftovers(tmp_path) == []


def test_a_missing_folder_is_one_clear_line(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "out.pdf"
    with pytest.raises(OutputError) as caught:
        write_bytes(target, b"x")
    message = str(caught.value)
    assert isinstance(caught.value, SkirmishError)  # the CLI prints it as one Error: line
    assert message == (
        f"cannot write {str(target)!r}: No such file or directory; choose another -o path."
    )
    assert "\n" not in message
    assert caught.value.path == str(target)
    assert caught.value.reason == "No such file or directory"
    assert not (tmp_path / "missing").exists()


def test_a_folder_as_target_is_an_output_error(tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    with pytest.raises(OutputError, match="it is a folder, not a file"):
        write_bytes(tmp_path / "folder", b"x")
    assert (tmp_path / "folder").is_dir()
    assert _leftovers(tmp_path) == []


def test_a_relative_path_in_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    write_text("out.html", "<p>ok</p>")
    write_text(Path("out.html"), "<p>again</p>")
    assert (tmp_path / "out.html").read_text() == "<p>again</p>"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.html"]


def test_writing_through_a_symbolic_link_keeps_the_link(tmp_path: Path) -> None:
    real = tmp_path / "real.pdf"
    real.write_bytes(b"old")
    link = tmp_path / "link.pdf"
    link.symlink_to(real)
    write_bytes(link, b"new")
    assert link.is_symlink()
    assert real.read_bytes() == b"new"


def test_a_loop_of_links_is_an_output_error(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    with pytest.raises(OutputError, match="symbolic links"):
        write_bytes(tmp_path / "a", b"x")


def test_a_very_long_name_still_gets_a_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / ("è" * 120 + ".pdf")  # 244 bytes: the name fits, name + suffix would not
    write_bytes(target, b"x")
    assert target.read_bytes() == b"x"
    assert _leftovers(tmp_path) == []


def test_copy_file_copies_with_the_source_permissions(tmp_path: Path) -> None:
    source = tmp_path / "campaigns.db"
    source.write_bytes(bytes(range(256)) * 5000)  # more than one chunk
    source.chmod(0o600)
    target = tmp_path / "campaigns.db.0004.bak"
    copy_file(source, target, chunk=4096)
    assert target.read_bytes() == source.read_bytes()
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


def test_copy_file_from_a_missing_source_creates_nothing(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        copy_file(tmp_path / "none.db", tmp_path / "none.db.bak")
    assert list(tmp_path.iterdir()) == []
