"""Two test modules outside a package may not share a name: pytest imports each by its basename
(``rootdir``-relative, prepend mode), so the second is refused at collection ("import file
mismatch") in a fresh clone, where no ``__pycache__`` hides it. A folder with ``__init__.py``
is a package, and its modules are imported by their dotted names."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_no_two_test_modules_outside_packages_share_a_name() -> None:
    places: dict[str, list[str]] = defaultdict(list)
    for path in TESTS.rglob("*.py"):
        if (path.parent / "__init__.py").exists() or path.name == "__init__.py":
            continue
        if path.name.startswith("test_") or path.name == "conftest.py":
            places[path.name].append(str(path.relative_to(TESTS)))
    clashes = {
        name: where for name, where in places.items() if len(where) > 1 and name != "conftest.py"
    }
    assert not clashes, clashes
