"""The anchor of ``page_bench.py`` (issue #23): the least a page of this stack can cost. A
minimal FastAPI + Jinja2 app whose one page reads 20 rows with SQLAlchemy Core (the demo's log
entries) in a synchronous route (FastAPI's thread pool, as the app's pages) and renders them in
a template. Served as ``skirmish serve`` serves the app: ``uvicorn`` in a process of its own,
logging each request.

Run: .venv/bin/python benchmarks/page_anchor.py DB_URL PORT
"""

from __future__ import annotations

import sys

import jinja2
import uvicorn
from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from sqlalchemy import create_engine, text

TEMPLATE = jinja2.Environment(autoescape=True).from_string(
    """<!doctype html><html lang="en"><head><title>Anchor</title></head><body>
<h1>The last {{ rows|length }} entries</h1>
<table>{% for row in rows %}
<tr><td>{{ row.id }}</td><td>{{ row.at }}</td><td>{{ row.action }}</td>
<td>{{ row.member_name }}</td></tr>
{% endfor %}</table></body></html>"""
)


def create_app(url: str) -> FastAPI:
    engine = create_engine(url)
    app = FastAPI()

    @app.get("/anchor", response_class=HTMLResponse)
    def anchor() -> HTMLResponse:
        with engine.connect() as connection:
            rows = connection.execute(
                text("SELECT id, at, action, member_name FROM log_entry ORDER BY id DESC LIMIT 20")
            ).all()
        return HTMLResponse(TEMPLATE.render(rows=rows))

    return app


if __name__ == "__main__":
    app = create_app(sys.argv[1])
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="info", server_header=False)
