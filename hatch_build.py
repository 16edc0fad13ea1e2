"""Compile the message catalogues (``skirmish/locale/*/LC_MESSAGES/skirmish.po``) to the
``.mo`` files gettext reads (issue #21): for the wheel (the build hook below, so an installed
wheel speaks Italian without Babel compiling anything at run time) and for a checkout
(``python hatch_build.py``, run by ``make``).

Babel's own ``pybabel compile`` is not used: it reads a text with "%" in it ("Bounty, % of the
model's cost") as a printf format and refuses it, while skirmish's messages are ``str.format``
ones, whose placeholders ``tests/test_message_catalogue.py`` checks.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ROOT = Path(__file__).resolve().parent


def _forms(string: str | tuple[str, ...]) -> tuple[str, ...]:
    """A message's translations: its one string, or each plural form (all must be written)."""
    return (string,) if isinstance(string, str) else tuple(string)


def compile_catalogues(root: Path, out: Path) -> list[Path]:
    """Each ``.po`` under ``root/skirmish/locale`` written as its ``.mo`` under ``out`` (same
    relative path); a fuzzy or untranslated entry is refused. Returns the ``.mo`` files."""
    written = []
    for po in sorted((root / "skirmish" / "locale").glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as handle:
            catalog = read_po(handle)
        bad = [m.id for m in catalog if m.id and (m.fuzzy or not all(_forms(m.string)))]
        if bad:
            raise SystemExit(f"{po}: {len(bad)} fuzzy or untranslated, e.g. {bad[0]!r}")
        mo = out / po.relative_to(root).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with mo.open("wb") as handle:
            write_mo(handle, catalog)
        written.append(mo)
    return written


class CompileCatalogues(BuildHookInterface):  # type: ignore[misc]
    """The wheel's build step: every catalogue compiled into the wheel beside its ``.po``."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        out = Path(tempfile.mkdtemp(prefix="skirmish-mo-"))
        for mo in compile_catalogues(Path(self.root), out):
            build_data["force_include"][str(mo)] = str(mo.relative_to(out))


if __name__ == "__main__":
    for made in compile_catalogues(ROOT, ROOT):
        sys.stdout.write(f"compiled {made.relative_to(ROOT)}\n")
