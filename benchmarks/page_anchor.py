"""The anchor of ``page_bench.py`` (issue #23): the least a page of this stack can cost. A
minimal FastAPI + Jinja2 app whose one page reads 20 rows with SQLAlchemy Core (the demo's log
entries) in a synchronous route (FastAPI's thread pool, as the app's pages) and renders them in
a template. Served as ``skirmish serve`` serves the app: ``uvicorn`` in a process of its own,
logging each request.

With ``--in-app`` the same route is added to the real app (``skirmish.web.app.create_app``, its
middlewares and its ``guard``, the route marked ``identifies_reader`` as the pages are): what
the app's own per-request stack adds to the same work (issue #23: the floor under its pages).
It is the app's first route, as a page's is among the first matched (``app.MATCHED``: the
campaign page is the seventh route a request tries, the gang page the eighth): added after the
app's 189 routes, as it was until the thirteenth round, each request walked past them all
first, about 0.5 ms that no page pays (docs/web.md, "Pages, thirteenth round").

Run: .venv/bin/python benchmarks/page_anchor.py DB_URL [--in-app] PORT
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TypeVar

import jinja2
import uvicorn
from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from sqlalchemy import create_engine, text

F = TypeVar("F", bound=Callable[..., Any])

TEMPLATE = jinja2.Environment(autoescape=True).from_string(
    """<!doctype html><html lang="en"><head><title>Anchor</title></head><body>
<h1>The last {{ rows|length }} entries</h1>
<table>{% for row in rows %}
<tr><td>{{ row.id }}</td><td>{{ row.at }}</td><td>{{ row.action }}</td>
<td>{{ row.member_name }}</td></tr>
{% endfor %}</table></body></html>"""
)


def create_app(url: str, *, in_app: bool = False) -> FastAPI:
    engine = create_engine(url)
    if in_app:
        from skirmish.web.app import create_app as create_skirmish
        from skirmish.web.site import identifies_reader

        app = create_skirmish(url)
    else:
        app = FastAPI()

        def identifies_reader(route: F) -> F:
            return route

    @app.get("/anchor", response_class=HTMLResponse)
    @identifies_reader
    def anchor() -> HTMLResponse:
        with engine.connect() as connection:
            rows = connection.execute(
                text("SELECT id, at, action, member_name FROM log_entry ORDER BY id DESC LIMIT 20")
            ).all()
        return HTMLResponse(TEMPLATE.render(rows=rows))

    if in_app:  # matched first, as the pages' routes are among the first (see above)
        app.router.routes.insert(0, app.router.routes.pop())
    return app


if __name__ == "__main__":
    app = create_app(sys.argv[1], in_app="--in-app" in sys.argv)
    uvicorn.run(
        app, host="127.0.0.1", port=int(sys.argv[-1]), log_level="info", server_header=False
    )
