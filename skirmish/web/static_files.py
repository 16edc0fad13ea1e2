"""The app's own files under ``/static/``, a precompressed copy served where there is one.

Pyodide's runtime (issue #24) is 13.5 MB, downloaded once by each phone over the club's wifi.
``make pyodide`` writes a gzip copy beside each of its files that compresses well
(``pyodide.asm.wasm.gz`` beside ``pyodide.asm.wasm``: 9.6 MB → about 3 MB), once, at install
time; a browser that accepts gzip (every one does) is sent that copy, with
``Content-Encoding: gzip`` and the original's type, so the download roughly halves and the
server spends no processor time compressing. A client that does not accept gzip, or a file
with no copy beside it, gets the file as it is. Both answers say ``Vary: Accept-Encoding`` so
that no cache hands one to the other. ``tests/web/test_static_files.py`` proves each case.
"""

from __future__ import annotations

import mimetypes
import os
from os import PathLike

from fastapi.staticfiles import StaticFiles
from starlette.datastructures import Headers
from starlette.responses import FileResponse, Response
from starlette.staticfiles import NotModifiedResponse
from starlette.types import Scope

#: The ending of a file's precompressed copy (``make pyodide`` writes them with ``gzip -9 -k -n``).
GZIP_ENDING = ".gz"


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an ``Accept-Encoding`` header takes gzip: named (``gzip`` or ``x-gzip``) with a
    quality above 0, or, where it is not named, ``*`` with one (RFC 9110 §12.5.3)."""
    qualities: dict[str, float] = {}
    for part in accept_encoding.split(","):
        coding, *parameters = (piece.strip() for piece in part.split(";"))
        quality = 1.0
        for parameter in parameters:
            name, _, value = parameter.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        qualities[coding.lower()] = quality
    for coding in ("gzip", "x-gzip"):
        if coding in qualities:
            return qualities[coding] > 0
    return qualities.get("*", 0.0) > 0


class StaticWithGzip(StaticFiles):
    """``StaticFiles``, sending a file's gzip copy (``NAME.gz``) to a client that accepts it."""

    def file_response(
        self,
        full_path: PathLike[str] | str,
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        request = Headers(scope=scope)
        packed = f"{os.fspath(full_path)}{GZIP_ENDING}"
        try:
            packed_stat = os.stat(packed)
        except OSError:
            packed_stat = None
        if packed_stat is None or packed_stat.st_mtime < stat_result.st_mtime:  # none, or stale
            return super().file_response(full_path, stat_result, scope, status_code)
        vary = {"Vary": "Accept-Encoding"}
        if not accepts_gzip(request.get("accept-encoding", "")):
            response = super().file_response(full_path, stat_result, scope, status_code)
            response.headers.update(vary)
            return response
        kind, _ = mimetypes.guess_type(os.fspath(full_path))  # the original's, as Starlette's
        response = FileResponse(
            packed,
            status_code=status_code,
            stat_result=packed_stat,
            media_type=kind or "text/plain",
            headers={"Content-Encoding": "gzip", **vary},
        )
        if self.is_not_modified(response.headers, request):
            return NotModifiedResponse(response.headers)
        return response
