"""The garbage collector's settings live in one module, ``skirmish/collector.py`` (issue #23),
and a layout's settings are put back as they were."""

from __future__ import annotations

import gc
import re
from pathlib import Path

from skirmish.collector import LAYOUT_THRESHOLDS, quiet_layout

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
