"""Fixtures of tests/printing (the gangs themselves are in print_fixtures.py)."""

from __future__ import annotations

from typing import Any

import pytest
from print_fixtures import lawmen_gang


@pytest.fixture
def lawmen() -> dict[str, Any]:
    return lawmen_gang()
