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

Then ``quick_types``: weasyprint asks cffi for its C types by name as it lays out and writes a
PDF (``ffi.new("PangoRectangle *")``, ``ffi.new(f"hb_codepoint_t[{n}]")`` for each font's
subset), and cffi parses each new name as C with pycparser, every name it has declared put in
front of it: 13 such names on a roster, about 2 ms of CPU each (26 ms, about 2.5 % of ``print
roster``), paid again by every process. A pointer to, a pointer to a pointer to, or an array of
a type weasyprint has declared (or a primitive one) is built from that type as cffi's parser
would build it, and kept in the same cache; any other name is parsed as before.
``tests/printing/test_libraries.py`` checks each of weasyprint's names against cffi's own parse,
and that a roster's layout parses none.
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
from typing import Any

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
        quick_types(importlib.import_module("weasyprint.text.ffi").ffi)


#: A C type named as weasyprint names its types to cffi: a type's name (one word, or a primitive
#: of several, ``unsigned int``), then ``*``, ``**``, ``[]`` or ``[N]``.
_DERIVED_TYPE = re.compile(
    r"\s*([A-Za-z_][A-Za-z0-9_]*(?: [A-Za-z_][A-Za-z0-9_]*)*)\s*(\*\*?|\[(?:0|[1-9][0-9]*)?\])\s*"
)


def quick_types(ffi: Any) -> None:
    """Have ``ffi`` (weasyprint's, a ``cffi.FFI``) build a pointer or an array of a type it has
    declared without parsing its name as C (see the module); any other name as before. Nothing
    changes where cffi's internals are not the ones this was written against."""
    try:
        from cffi import model  # type: ignore[import-untyped]  # lazy: pdf
        from cffi.commontypes import (  # type: ignore[import-untyped]  # lazy: pdf
            COMMON_TYPES,
            resolve_common_type,
        )

        parser = ffi._parser
        declarations: dict[str, tuple[Any, int]] = parser._declarations
        parsed: dict[Any, tuple[Any, bool]] = ffi._parsed_types
        parse: Callable[[Any], tuple[Any, bool]] = ffi._typeof_locked
        backend_type: Callable[[Any], Any] = ffi._get_cached_btype
        pointer: Callable[[Any, int], Any] = parser._get_type_pointer
        primitive: dict[str, str] = model.PrimitiveType.ALL_PRIMITIVE_TYPES
    except (ImportError, AttributeError):
        return

    def item_of(name: str) -> tuple[Any, int] | None:
        """The type ``name`` names and its qualifiers, as cffi's parser resolves a name."""
        if " " not in name and "typedef " + name in declarations:
            return declarations["typedef " + name]
        if name in primitive and COMMON_TYPES.get(name, name) == name:
            found: tuple[Any, int] = resolve_common_type(parser, name)
            return found
        return None

    def typeof_locked(cdecl: Any) -> tuple[Any, bool]:
        """``FFI._typeof_locked``: called with ``ffi``'s lock held, as cffi calls it."""
        if cdecl in parsed:
            return parsed[cdecl]
        shape = _DERIVED_TYPE.fullmatch(cdecl) if isinstance(cdecl, str) else None
        found = item_of(shape[1]) if shape is not None else None
        if shape is None or found is None or isinstance(found[0], model.RawFunctionType):
            return parse(cdecl)
        item, quals = found
        suffix = shape[2]
        if suffix == "*":
            kind = pointer(item, quals)
        elif suffix == "**":
            kind = pointer(pointer(item, quals), 0)
        else:
            kind = model.ArrayType(item, int(suffix[1:-1]) if suffix != "[]" else None)
        result = parsed[cdecl] = (backend_type(kind), False)
        return result

    ffi._typeof_locked = typeof_locked
