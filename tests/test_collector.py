"""The garbage collector's settings live in one module, ``skirmish/collector.py`` (issue #23),
a layout's settings are put back as they were, and a command starts with no collection."""

from __future__ import annotations

import gc
import re
import shutil
import subprocess
import sys
from pathlib import Path

from skirmish.collector import (
    LAYOUT_THRESHOLDS,
    START_THRESHOLDS,
    quiet_import,
    quiet_layout,
    quiet_start,
    started,
)

PACKAGE = Path(__file__).resolve().parent.parent / "skirmish"
SETTING = re.compile(r"\bgc\.(freeze|unfreeze|set_threshold|disable|enable)\(")


def test_only_the_collector_module_sets_the_collector() -> None:
    found = [
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if path.name != "collector.py" and SETTING.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_a_quiet_layout_puts_the_thresholds_back() -> None:
    before = gc.get_threshold()
    with quiet_layout():
        assert gc.get_threshold() == LAYOUT_THRESHOLDS
        assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_a_quiet_layout_never_lowers_higher_thresholds() -> None:
    """Inside ``quiet_until_done`` (``print roster``), a layout keeps the start's thresholds."""
    before = gc.get_threshold()
    gc.set_threshold(*START_THRESHOLDS)
    try:
        with quiet_layout():
            assert gc.get_threshold() == START_THRESHOLDS
        assert gc.get_threshold() == START_THRESHOLDS
    finally:
        gc.set_threshold(*before)


def test_a_quiet_start_collects_nothing_until_started_then_puts_the_thresholds_back() -> None:
    before = gc.get_threshold()
    quiet_start()
    try:
        collected = [g["collections"] for g in gc.get_stats()]
        assert gc.get_threshold() == START_THRESHOLDS
        quiet_start()  # a second call changes nothing
        assert gc.get_threshold() == START_THRESHOLDS
        kept = [[n] for n in range(5_000)]  # tracked by the collector, as a start's objects are
        assert [g["collections"] for g in gc.get_stats()] == collected
        del kept
    finally:
        started()
    try:
        assert gc.get_threshold() == before
        assert gc.get_freeze_count() > 0
        started()  # without a quiet start: nothing
        assert gc.get_threshold() == before
    finally:
        gc.unfreeze()


# What a command's start is, seen from inside: the generations' thresholds at each collection,
# and the thresholds once the command has run.
SPY = """
import gc, sys
seen = []
gc.callbacks.append(lambda phase, info: phase == "start" and seen.append(gc.get_threshold()))
sys.argv = ["skirmish", "gang", "show", "Earp brothers", "--db", sys.argv[1]]
from skirmish.cli.main import main
from skirmish.collector import START_THRESHOLDS
try:
    main()
except SystemExit:
    pass
print(sum(1 for t in seen if t == START_THRESHOLDS), gc.get_threshold() != START_THRESHOLDS)
"""


def test_gang_show_starts_without_a_collection(tmp_path: Path) -> None:
    db = tmp_path / "campaign.db"
    shutil.copyfile(PACKAGE.parent / "campaigns.db.example", db)
    done = subprocess.run(
        [sys.executable, "-c", SPY, str(db)], capture_output=True, text=True, check=True
    )
    assert done.stdout.splitlines()[-1] == "0 True"


def test_a_quiet_import_collects_nothing_then_freezes_what_it_built() -> None:
    before = gc.get_threshold()
    try:
        with quiet_import():
            collected = [g["collections"] for g in gc.get_stats()]
            assert gc.get_threshold() == START_THRESHOLDS
            kept = [[n] for n in range(5_000)]
            assert [g["collections"] for g in gc.get_stats()] == collected
        assert gc.get_threshold() == before
        assert gc.get_freeze_count() >= len(kept)
    finally:
        gc.unfreeze()


def test_the_console_script_quiets_the_collector_before_typer_is_imported() -> None:
    """``skirmish``'s entry point (``cli/entry.py``, ``python -m skirmish`` too) imports nothing
    but the collector's settings before ``quiet_start``: typer's import and the command line's
    modules run with the collector quiet (issue #23)."""
    probe = (
        "import sys\n"
        "import skirmish.cli.entry\n"
        "print(sorted(m for m in sys.modules if m.startswith(('typer', 'skirmish.cli.main'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
    with open(PACKAGE.parent / "pyproject.toml", encoding="utf-8") as handle:
        assert 'skirmish = "skirmish.cli.entry:main"' in handle.read()
    assert "from skirmish.cli.entry import main" in (PACKAGE / "__main__.py").read_text()


# ``print roster`` seen from inside: the collections run at CPython's own thresholds once the
# command's start is over (``started``, when its session opens).
SPY_PRINT = """
import gc, sys
import skirmish.collector as collector
cpython = gc.get_threshold()
after_start, seen = [], []
original = collector.started
def started():
    original()
    after_start.append(True)
collector.started = started
gc.callbacks.append(
    lambda phase, info: phase == "start" and after_start and seen.append(gc.get_threshold())
)
sys.argv = ["skirmish", "print", "roster", "Earp brothers", "-o", sys.argv[2], "--db", sys.argv[1]]
from skirmish.cli.main import main
try:
    main()
except SystemExit:
    pass
print(bool(after_start), sum(1 for t in seen if t == cpython), len(seen))
"""


def test_print_roster_collects_nothing_at_cpythons_thresholds_after_its_start(
    tmp_path: Path,
) -> None:
    """Its one PDF is its last act (``collector.quiet_until_done``): 43 young and 2 middle
    collections before, one of them over the whole laid-out page; and its layout keeps those
    thresholds (``quiet_layout``): one young collection during the font subsetting before,
    none now (the interpreter's own last collection at exit is not seen here)."""
    db = tmp_path / "campaign.db"
    shutil.copyfile(PACKAGE.parent / "campaigns.db.example", db)
    done = subprocess.run(
        [sys.executable, "-c", SPY_PRINT, str(db), str(tmp_path / "earps.pdf")],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.splitlines()[-1] == "True 0 0"
    assert (tmp_path / "earps.pdf").stat().st_size > 0
