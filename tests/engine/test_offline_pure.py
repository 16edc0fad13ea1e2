"""The phone's offline preview is pure (issue #24): importing ``engine.offline`` loads the
standard library and the package's engine, rules and base modules, nothing else, so Pyodide
runs it from the engine bundle alone."""

from __future__ import annotations

import json
import subprocess
import sys

#: The package's modules below the engine that the preview may load (errors, words, bounds).
BASE = {"skirmish", "skirmish.errors", "skirmish.i18n", "skirmish.limits", "skirmish.resources",
        "skirmish.translation"}  # fmt: skip

PROBE = """
import json, sys
before = set(sys.modules)
import skirmish.engine.offline
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def test_the_preview_imports_only_the_engine_the_rules_and_the_standard_library() -> None:
    found = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True
    ).stdout
    loaded = json.loads(found)
    outside = [
        m
        for m in loaded
        if m.split(".")[0] not in sys.stdlib_module_names
        and not m.startswith(("skirmish.engine", "skirmish.rules"))
        and m not in BASE
    ]
    assert outside == []
    assert "skirmish.engine.offline" in loaded and "skirmish.campaign" not in loaded
