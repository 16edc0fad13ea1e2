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


# In a fresh interpreter: each C type weasyprint names, built by ``quick_types``, is the very
# type cffi's parser makes of the name; then a roster is written with the parser refused.
QUICK = """
import sys
import tempfile
from pathlib import Path

import cffi.cparser

from skirmish.printing.libraries import load_weasyprint

load_weasyprint()
from weasyprint.text.ffi import ffi

names = sys.argv[1:]
quick = [ffi.typeof(name) for name in names]
with ffi._lock:
    parsed = [ffi._get_cached_btype(ffi._parser.parse_type(name)) for name in names]
print(sum(a is b for a, b in zip(quick, parsed, strict=True)), len(names))


def refused(parser, csource):
    raise AssertionError(f"parsed as C: {csource[-40:]!r}")


cffi.cparser.Parser._parse = refused
sys.path.insert(0, str(Path("tests/printing").resolve()))
from print_fixtures import lawmen_gang

from skirmish.i18n import Lang
from skirmish.printing import render_roster, write_pdf_sheets
from skirmish.printing.build import roster_view

html = render_roster(roster_view(lawmen_gang(), Lang.IT), Lang.IT, inline_css=False)
with tempfile.TemporaryDirectory() as folder:
    print(write_pdf_sheets([html], Path(folder) / "roster.pdf"))
"""

#: The names weasyprint gives cffi (``ffi.new``, ``ffi.cast``), others of the same shapes, and
#: names ``quick_types`` leaves to cffi's parser.
C_TYPES = [
    "PangoFcFontMap *",
    "FcChar8 **",
    "FcResult *",
    "char[]",
    "char[4]",
    "PangoRectangle *",
    "PangoLogAttr[]",
    "unsigned int *",
    "hb_tag_t[100]",
    "hb_codepoint_t[62]",
    "hb_codepoint_t[0]",
    "unsigned long long[3]",
    "int",
    "const char *",
    "hb_codepoint_t[0x10]",
]


@LINUX
def test_quick_types_are_cffis_own_and_a_roster_parses_no_c() -> None:
    done = subprocess.run(
        [sys.executable, "-c", QUICK, *C_TYPES], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(len(C_TYPES)), str(len(C_TYPES)), "1"]
