"""weasyprint is imported with its libraries looked up in the linker's cache alone
(``printing.libraries``, issue #23): the same libraries, and ``find_library`` put back."""

from __future__ import annotations

import ctypes.util
import subprocess
import sys

import pytest

from skirmish.printing.libraries import cached_library

LINUX = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ldconfig is Linux's")


@LINUX
@pytest.mark.parametrize(
    "name", ["c", "gobject-2.0", "pango-1.0", "harfbuzz", "fontconfig", "libgobject-2.0-0"]
)
def test_the_linker_cache_answers_as_find_library(name: str) -> None:
    def never(name: str) -> str | None:
        raise AssertionError(f"the cache was read: no need to ask for {name!r}")

    assert cached_library(name, never) == ctypes.util.find_library(name)


# In a fresh interpreter: weasyprint loaded, its libraries those of a plain import, and
# ``find_library`` the standard library's own again.
CHECK = """
import ctypes.util
original = ctypes.util.find_library
from skirmish.printing.libraries import load_weasyprint
load_weasyprint()
import weasyprint.text.ffi as ffi
print(ctypes.util.find_library is original, ffi.pango is not None, ffi.harfbuzz is not None)
"""


@LINUX
def test_weasyprint_loads_and_find_library_is_put_back() -> None:
    done = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "True", "True"]
