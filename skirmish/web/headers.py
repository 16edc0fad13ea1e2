"""The security headers on every answer of the web app (issue #22, item 6), declared once.

Every page loads only the app's own scripts and styles (``/static``: HTMX, Swagger UI and the
app's own files, vendored; no inline ``<script>``, no ``style=`` attribute, no ``hx-on``); an
image may be a ``data:`` URI (an invitation's QR code, Swagger UI's icons). An answer that
already says its own ``Content-Security-Policy`` (a printed sheet's HTML, whose styles and
fonts are inline: ``prints.HTML_POLICY``) keeps it, with ``frame-ancestors 'none'`` added.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: The pages' policy, one directive a line in docs/web.md.
POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        # the service worker (/sw.js) and the manifest (issue #24): the app's own only, said
        # outright rather than left to default-src, so that a later default does not widen them
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)

#: The engine's Web Worker (issue #24, ``static/engine-worker.js``) runs Pyodide, which compiles
#: WebAssembly (``pyodide.asm.wasm``): a policy allows that only with ``'wasm-unsafe-eval'``
#: (WebAssembly only, no JavaScript ``eval``). A dedicated worker is governed by its own
#: script's answer, so only that answer says it: every page keeps ``POLICY``.
WORKER = "/static/engine-worker.js"
WORKER_POLICY = POLICY.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'")

#: Every header every answer carries (header → value); the policy is kept where an answer
#: says its own.
HEADERS = {
    "Content-Security-Policy": POLICY,
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Opener-Policy": "same-origin",
}


class SecurityHeaders:
    """ASGI middleware: ``HEADERS`` on every HTTP answer, pages, API, static files and errors
    alike."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                own = headers.get("Content-Security-Policy")
                for name, value in HEADERS.items():
                    headers[name] = value
                if scope["path"] == WORKER:
                    headers["Content-Security-Policy"] = WORKER_POLICY
                if own is not None:
                    framed = "frame-ancestors" in own
                    headers["Content-Security-Policy"] = (
                        own if framed else f"{own}; frame-ancestors 'none'"
                    )
            await send(message)

        await self.app(scope, receive, with_headers)
