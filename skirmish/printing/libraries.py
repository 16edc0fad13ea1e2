"""weasyprint's import without its library hunt (issue #23).

weasyprint loads its C libraries (GObject, Pango, HarfBuzz, fontconfig…) through cffi, trying
several names for each, the first of them Windows' (``libgobject-2.0-0``). cffi asks
``ctypes.util.find_library`` for each name that does not load as it is, and on Linux a name
the linker's cache lacks makes ``find_library`` run ``ldconfig -p``, then ``gcc`` (which runs
the linker) and ``ld``, one after the other: 16 such names on every ``import weasyprint``, a
third of its time (430 of 1,290 ms under ``-X importtime`` on a loaded machine; side by side,
commands alternated, ``import weasyprint`` 501 ms of CPU, children included, and 363 ms with
the lookup below).

``load_weasyprint`` imports weasyprint with ``find_library`` answered from one reading of the
linker's cache (``ldconfig -p``, as ``find_library`` reads it first): the same answer for a
library the cache has, and none at once for a name it lacks, where ``gcc`` and ``ld`` would
only find libraries on ``LD_LIBRARY_PATH``, which weasyprint's next names (the sonames,
``libgobject-2.0.so.0``) load from directly. ``find_library`` is put back once weasyprint is
imported; where ``ldconfig`` cannot be run (not Linux), the original answers.
"""

from __future__ import annotations

import ctypes.util
import importlib
import os
import re
import struct
import subprocess
import sys
import threading
from collections.abc import Callable
from functools import cache

from skirmish.collector import quiet_import

_importing = threading.Lock()

#: ``ctypes.util``'s names of the C library's ABI in ``ldconfig -p`` (its ``_findSoname_ldconfig``).
_ABI = {
    "x86_64-64": "libc6,x86-64",
    "ppc64-64": "libc6,64bit",
    "sparc64-64": "libc6,64bit",
    "s390x-64": "libc6,64bit",
    "ia64-64": "libc6,IA-64",
}


@cache
def _linker_cache() -> bytes | None:
    """``ldconfig -p``'s listing, read once (None where it cannot be run)."""
    try:
        done = subprocess.run(
            ["/sbin/ldconfig", "-p"],
            stdin=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            env={"LC_ALL": "C", "LANG": "C"},
            check=False,
        )
    except OSError:
        return None
    return done.stdout if done.returncode == 0 else None


def cached_library(name: str, original: Callable[[str], str | None]) -> str | None:
    """``find_library(name)`` from the linker's cache alone, as ``find_library`` reads it first;
    ``original`` answers where there is no cache to read."""
    listing = _linker_cache()
    if listing is None:
        return original(name)
    if os.fsencode(f"lib{name}.") not in listing:
        # what the pattern below needs, looked for as bytes: most of the names weasyprint tries
        # are not there, and the pattern scans the whole listing (47 kB) for each (issue #23:
        # 22 lookups on every PDF, about 11 ms of CPU at a load of 10, most of them misses)
        return None
    bits = "-32" if struct.calcsize("l") == 4 else "-64"
    abi = _ABI.get(os.uname().machine + bits, "libc6")
    found = re.search(os.fsencode(rf"\s+(lib{re.escape(name)}\.[^\s]+)\s+\({abi}"), listing)
    return os.fsdecode(found.group(1)) if found else None


def load_weasyprint() -> None:
    """Import weasyprint (once per process) with ``find_library`` answered from the linker's
    cache (see the module); the next ``from weasyprint import …`` finds it loaded."""
    if "weasyprint" in sys.modules or not sys.platform.startswith("linux"):
        return
    with _importing:
        if "weasyprint" in sys.modules:
            return
        original = ctypes.util.find_library
        ctypes.util.find_library = lambda name: cached_library(name, original)
        try:
            with quiet_import():  # no collection among what the import keeps (collector)
                importlib.import_module("weasyprint")
        finally:
            ctypes.util.find_library = original
