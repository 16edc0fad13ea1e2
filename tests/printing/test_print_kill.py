"""kill -9 during ``skirmish print``: the old PDF stays whole or the new one is complete (issue #8).

``skirmish print reference`` runs as a real process, in a loop, alternately in Italian and in
English (so that the old PDF and the new one differ), and is killed with SIGKILL:

- half of the kills come after a random delay spread over a whole run (measured first);
- the other half come once the process starts writing (its temporary file appears, or
  ``out.pdf`` itself changes), after a random part of the time it takes to write the PDF: those
  land while the PDF is being written, where an in-place write leaves a 0-byte or truncated
  file (as it did before issue #8: this test then fails on its first such kill).

After every kill ``out.pdf`` is byte for byte the last complete PDF, or a new complete one (it
parses, it has three pages, it is in the new run's language). A kill while writing leaves its
temporary file (``.out.pdf.XXXXXXXX.tmp``): stale temporary files are harmless and are kept,
not cleaned (see ``skirmish.fileio``), so the test checks that each kill leaves at most one,
that nothing else appears, and that a later run writes a complete PDF beside them.

Bounded: 10 kills, and no new one started after about 40 s. Only the outcome is asserted,
never a time.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pypdf
import pytest

pytestmark = pytest.mark.slow

SKIRMISH = Path(sys.executable).with_name("skirmish")
KILLS = 6
BUDGET = 20.0  # seconds: no new run starts after this, once MIN_ROUNDS have run
#: Rounds run however busy the machine (a loaded one measures every run slower, and used to
#: leave time for one kill only): two of each kind, a kill anywhere and one while writing.
MIN_ROUNDS = 4
HEADING = {"it": "Tabelle riassuntive", "en": "Quick reference"}
PAGES = 3
TEMPORARY = re.compile(r"^\.out\.pdf\.[0-9a-f]{8}\.tmp$")
POLL = 0.002


def _start(folder: Path, lang: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [str(SKIRMISH), "print", "reference", "--lang", lang, "-o", "out.pdf"],
        cwd=folder,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def _temporaries(folder: Path) -> set[str]:
    return {name for name in os.listdir(folder) if TEMPORARY.match(name)}


def _complete(path: Path, lang: str) -> bool:
    """A whole PDF of the reference sheet in ``lang``."""
    data = path.read_bytes()
    if not data.rstrip().endswith(b"%%EOF"):
        return False
    try:
        reader = pypdf.PdfReader(path, strict=True)
        return len(reader.pages) == PAGES and HEADING[lang] in reader.pages[0].extract_text()
    except (pypdf.errors.PdfReadError, ValueError, KeyError):
        return False


def _measure(folder: Path) -> tuple[float, float]:
    """One complete run: (its duration, how long its temporary file lived)."""
    start = time.monotonic()
    process = _start(folder, "it")
    first = last = None
    while process.poll() is None:
        if _temporaries(folder):
            last = time.monotonic()
            first = first or last
        time.sleep(POLL)
    assert process.returncode == 0
    assert _complete(folder / "out.pdf", "it")
    writing = (last - first) if first is not None and last is not None else 0.0
    return time.monotonic() - start, max(writing, 0.01)


def _wait_until(process: subprocess.Popen[bytes], moment: float) -> None:
    while process.poll() is None and time.monotonic() < moment:
        time.sleep(POLL)


def _signature(path: Path) -> tuple[int, int, int]:
    found = path.stat()
    return found.st_ino, found.st_size, found.st_mtime_ns


def _wait_for_writing(process: subprocess.Popen[bytes], folder: Path, known: set[str]) -> None:
    """Until the process starts writing its output: a new temporary file appears, or (were it
    written in place) ``out.pdf`` itself changes."""
    before = _signature(folder / "out.pdf")
    while process.poll() is None:
        if _temporaries(folder) - known or _signature(folder / "out.pdf") != before:
            return
        time.sleep(POLL)


def test_kill_during_print_leaves_the_old_pdf_or_the_new_one(tmp_path: Path) -> None:
    began = time.monotonic()
    dice = random.Random(8)
    target = tmp_path / "out.pdf"
    run_time, write_time = _measure(tmp_path)
    previous, previous_lang = target.read_bytes(), "it"
    stale: set[str] = set()
    kills = killed_while_writing = 0

    for round_ in range(KILLS):
        if round_ >= MIN_ROUNDS and time.monotonic() - began > BUDGET:
            break
        lang = "en" if previous_lang == "it" else "it"
        process = _start(tmp_path, lang)
        if round_ % 2 == 0:  # anywhere in the run, or just after it
            _wait_until(process, time.monotonic() + dice.uniform(0, run_time * 1.1))
        else:  # while the PDF is being written
            _wait_for_writing(process, tmp_path, stale)
            _wait_until(process, time.monotonic() + dice.uniform(0, write_time / 2))
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            kills += 1
        process.wait()

        data = target.read_bytes()
        assert data, f"round {round_}: out.pdf is empty"
        if data == previous:
            assert process.returncode == -signal.SIGKILL, f"round {round_}: a run left no PDF"
        else:
            assert _complete(target, lang), f"round {round_}: out.pdf is neither old nor complete"
            previous, previous_lang = data, lang
        now = _temporaries(tmp_path)
        left = now - stale
        assert len(left) <= 1, f"round {round_}: more than one temporary file left: {left}"
        if left:
            assert process.returncode == -signal.SIGKILL  # only a kill leaves one
            killed_while_writing += 1
        stale = now
        assert set(os.listdir(tmp_path)) == {"out.pdf"} | stale

    assert kills >= 2
    assert killed_while_writing >= 1, "no kill landed while the PDF was being written"

    # The stale temporary files are harmless: the next run writes a complete PDF beside them.
    lang = "en" if previous_lang == "it" else "it"
    done = subprocess.run(
        [str(SKIRMISH), "print", "reference", "--lang", lang, "-o", "out.pdf"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"Wrote out.pdf ({PAGES} pages).\n"
    assert _complete(target, lang)
    assert set(os.listdir(tmp_path)) == {"out.pdf"} | stale
