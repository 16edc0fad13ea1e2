"""Rewrite the golden files of exact odds: ``python -m tests.odds.regen`` from the repository.

Only run this after checking, with the independent computations of ``test_odds_golden.py``,
that a change of the odds is intended; then review the diff of tests/golden/odds/.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from odds_cases import CASES, GOLDEN  # noqa: E402


def render(name: str, about: str, payload: dict[str, object]) -> str:
    """The text of one golden file."""
    document = {"case": name, "about": about, "odds": payload}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def main() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for case in CASES:
        case.path.write_text(render(case.name, case.about, case.payload()), encoding="utf-8")
        print(f"wrote {case.path.relative_to(GOLDEN.parent.parent.parent)}")


if __name__ == "__main__":
    main()
