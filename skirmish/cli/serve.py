"""``skirmish serve``: the club's web app (issue #11) on the campaign store, with uvicorn.

It listens on 127.0.0.1:8000 by default (this machine only). On another address (``--host
0.0.0.0`` for the club's network) it prints the address phones should open, and its QR code, in
the terminal. The store is the CLI's own (``--db``/``SKIRMISH_DB``); a store that is not there is
refused before anything listens. FastAPI, uvicorn and segno are imported only here.
"""

from __future__ import annotations

import ipaddress
import os
import socket
import sys
from typing import Annotated

import typer

from skirmish.cli.common_flags import DbOpt, LangOpt
from skirmish.cli.help_text import example
from skirmish.cli.safe import echo
from skirmish.collector import started
from skirmish.errors import SkirmishError
from skirmish.i18n import Catalogue, messages, tr
from skirmish.translation import N_, Message

serve_app = typer.Typer(name="serve", add_completion=False)

#: A documentation address: a UDP socket "connected" to it names the interface this machine
#: would use to reach the network, without sending anything.
PROBE_ADDRESS = "192.0.2.1"

#: How uvicorn serves, with one process or several. Its HTTP parser and event loop are left to
#: uvicorn ("auto"), which takes httptools and uvloop, dependencies of the project, over h11 and
#: asyncio (issue #23: tests/web/test_server_stack.py holds it; docs/web.md "Table mode,
#: eleventh round").
SERVER_OPTIONS: dict[str, object] = {"log_level": "info", "server_header": False}

MESSAGES: Catalogue = messages(
    {
        "local": N_("Serving the campaigns at {url} (this machine only; stop with Ctrl-C)."),
        "network": N_("Serving the campaigns to the network at {url} (stop with Ctrl-C)."),
        "scan": N_("Phones on the same network can scan this code to open it:"),
    }
)

HostOpt = Annotated[
    str,
    typer.Option(
        "--host",
        help=N_(
            "Address to listen on: 127.0.0.1 for this machine only, 0.0.0.0 for the club's "
            "network (then the URL and its QR code are printed)."
        ),
    ),
]
PortOpt = Annotated[
    int, typer.Option("--port", min=1, max=65535, help=N_("TCP port to listen on (1 to 65535)."))
]
WorkersOpt = Annotated[
    int,
    typer.Option(
        "--workers",
        min=1,
        max=16,
        help=N_(
            "Server processes (1 to 16), each answering 20 requests at once with 20 database "
            "connections: one per core serves more readers at once on the club's PostgreSQL."
        ),
    ),
]


def is_loopback(host: str) -> bool:
    """Whether ``host`` serves this machine only (127.0.0.0/8, ::1, ``localhost``)."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def lan_address(host: str) -> str:
    """The address other machines reach ``host`` at: itself, unless it is every interface
    (0.0.0.0, ::), then the one this machine would use to reach the network."""
    try:
        unspecified = ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        return host  # a name: phones resolve it as this machine does
    if not unspecified:
        return host
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect((PROBE_ADDRESS, 9))
            return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()


def url_of(host: str, port: int) -> str:
    """``http://HOST:PORT/``, an IPv6 address in brackets."""
    try:
        bracket = ipaddress.ip_address(host.strip("[]")).version == 6
    except ValueError:
        bracket = False
    shown = f"[{host.strip('[]')}]" if bracket else host
    return f"http://{shown}:{port}/"


def _check_free(host: str, port: int) -> None:
    """Refuse, in one line, an address this machine cannot listen on (taken, or not its own),
    before uvicorn would log a traceback-like error."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError as exc:
        raise SkirmishError(
            Message(
                "cannot listen on {host!r}: {exc_strerror_or_exc}; check --host.",
                host=host,
                exc_strerror_or_exc=exc.strerror or exc,
            )
        ) from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as trial:
        trial.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            trial.bind(address)
        except OSError as exc:
            raise SkirmishError(
                Message(
                    "cannot listen on {host}:{port}: {exc_strerror_or_exc}; choose another "
                    "--port (or --host).",
                    host=host,
                    port=port,
                    exc_strerror_or_exc=exc.strerror or exc,
                )
            ) from None


@serve_app.command(
    "serve",
    help=(
        N_(
            "Serve the club's web app: every campaign's standings, gangs, models, scenarios, "
            "rules, roster PDFs and the JSON API under /api/v1 (read-only for now), until "
            "Ctrl-C."
        )
        + "\n\n"
        + example(N_("skirmish serve --host 0.0.0.0 --port 8000"))
    ),
)
def serve(
    lang: LangOpt,
    host: HostOpt = "127.0.0.1",
    port: PortOpt = 8000,
    db: DbOpt = None,
    workers: WorkersOpt = 1,
) -> None:
    """``serve``: its help is the command's (above)."""
    import uvicorn  # lazy: command

    from skirmish.web.app import create_app  # lazy: command

    app = create_app(db)  # a store that is not there is refused here, as by every command
    _check_free(host, port)
    if is_loopback(host):
        echo(tr(MESSAGES, "local", lang, url=url_of(host, port)))
    else:
        from skirmish.printing.qr import terminal  # lazy: command

        url = url_of(lan_address(host), port)
        echo(tr(MESSAGES, "network", lang, url=url))
        echo(tr(MESSAGES, "scan", lang))
        terminal(url, sys.stdout)
    sys.stdout.flush()
    started()  # a server collects as usual (skirmish.collector)
    if workers == 1:
        uvicorn.run(app, host=host, port=port, **SERVER_OPTIONS)  # type: ignore[arg-type]
        return
    # Each worker process builds its own app, from the same store: uvicorn imports the factory
    # by name there, and the store is passed on the way ``create_app`` reads it.
    if db is not None:
        os.environ["SKIRMISH_DB"] = db
    uvicorn.run(
        "skirmish.web.app:create_app",
        factory=True,
        workers=workers,
        host=host,
        port=port,
        **SERVER_OPTIONS,  # type: ignore[arg-type]
    )
