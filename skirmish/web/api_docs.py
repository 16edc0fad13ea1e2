"""``/api/v1/docs``: Swagger UI served by the app itself (issue #22, item 6), so a club
without internet has its API page. Swagger UI is vendored in ``static/`` (``VENDORED.md``) and
started by ``static/swagger-init.js``, not by an inline script, so the page keeps the app's
Content-Security-Policy (``web/headers.py``)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

#: The vendored Swagger UI's files, under ``/static``.
SWAGGER_JS = "/static/swagger-ui-bundle-5.17.14.js"
SWAGGER_CSS = "/static/swagger-ui-5.17.14.css"
SWAGGER_FAVICON = "/static/swagger-ui-favicon-32x32.png"
SWAGGER_INIT = "/static/swagger-init.js"
DOCS = "/api/v1/docs"

router = APIRouter(include_in_schema=False)

_PAGE = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>skirmish · API</title>
<link rel="stylesheet" href="{SWAGGER_CSS}">
<link rel="icon" href="{SWAGGER_FAVICON}">
</head>
<body>
<div id="swagger-ui" data-openapi="/api/v1/openapi.json"></div>
<script src="{SWAGGER_JS}"></script>
<script src="{SWAGGER_INIT}"></script>
</body>
</html>
"""


@router.get(DOCS, response_class=HTMLResponse)
def api_docs() -> HTMLResponse:
    """The API's page: the OpenAPI document in Swagger UI, every file from this server."""
    return HTMLResponse(_PAGE)
