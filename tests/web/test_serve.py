"""``skirmish serve`` (issue #11): uvicorn answers on a free loopback port and stops on Ctrl-C;
another address prints the URL and its QR code; a taken port or a missing store is one
``Error:`` line; and the dice, odds and rules commands never load the web stack."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from skirmish.cli.serve import is_loopback, lan_address, url_of

#: How long the server may take to answer (a cold import of FastAPI and the store on 2 busy cores).
START_TIMEOUT = 60.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _serve(demo: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "skirmish", "serve", "--db", str(demo), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={"PATH": "/usr/bin:/bin", "SKIRMISH_LANG": "", "PYTHONUNBUFFERED": "1"},
    )


def _get(url: str) -> tuple[int, str]:
    """Poll ``url`` until it answers, within ``START_TIMEOUT``."""
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                return response.status, response.read().decode()
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def _stop(process: subprocess.Popen[str]) -> str:
    process.send_signal(signal.SIGINT)
    try:
        output, _ = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        output, _ = process.communicate()
        raise
    return output


def test_serve_answers_on_loopback_and_stops(demo: Path) -> None:
    port = _free_port()
    process = _serve(demo, "--port", str(port))
    try:
        status, html = _get(f"http://127.0.0.1:{port}/")
        assert status == 200 and "Tombstone 1881" in html
        status, _ = _get(f"http://127.0.0.1:{port}/api/v1/campaigns")
        assert status == 200
    finally:
        output = _stop(process)
    assert process.returncode == 0, output
    assert f"Serving the campaigns at http://127.0.0.1:{port}/ (this machine only" in output
    assert "█" not in output  # no QR code for this machine alone
    assert "Traceback" not in output


def test_serve_on_the_network_prints_the_url_and_a_qr_code(demo: Path) -> None:
    port = _free_port()
    process = _serve(demo, "--host", "0.0.0.0", "--port", str(port), "--lang", "it")
    try:
        status, _ = _get(f"http://127.0.0.1:{port}/")
        assert status == 200
    finally:
        output = _stop(process)
    assert "Le campagne sono servite in rete su http://" in output
    assert "0.0.0.0:" not in output.split("INFO")[0]  # the address phones can reach
    assert "▀" in output or "█" in output  # segno's QR code in the terminal


def test_a_taken_port_is_one_error_line(demo: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "skirmish", "serve", "--db", str(demo), "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
            env={"PATH": "/usr/bin:/bin", "SKIRMISH_LANG": ""},
        )
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Error: cannot listen on 127.0.0.1:{port}")


def test_a_missing_store_is_one_error_line(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "skirmish", "serve", "--db", str(tmp_path / "none.db")],
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "SKIRMISH_LANG": "it"},
    )
    assert result.returncode == 1
    assert result.stderr.startswith("Errore: non c'è alcun database in")
    assert not (tmp_path / "none.db").exists()


@pytest.mark.parametrize(
    ("host", "loopback"),
    [("127.0.0.1", True), ("127.1.2.3", True), ("::1", True), ("localhost", True),
     ("0.0.0.0", False), ("::", False), ("192.168.1.10", False), ("club.local", False)],
)  # fmt: skip
def test_which_hosts_serve_this_machine_only(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_the_url_phones_open() -> None:
    assert url_of("192.168.1.10", 8000) == "http://192.168.1.10:8000/"
    assert url_of("fe80::1", 8080) == "http://[fe80::1]:8080/"
    assert lan_address("192.168.1.10") == "192.168.1.10"
    assert lan_address("0.0.0.0") not in ("0.0.0.0", "")


PROBE = """
import sys
from skirmish.cli.main import app
try:
    app({args!r})
except SystemExit:
    pass
print("\\n" + __import__("json").dumps(sorted(sys.modules)))
"""


@pytest.mark.parametrize(
    "args",
    [
        ["roll", "reflex", "--rif", "4", "--seed", "1"],
        ["odds", "shoot", "--tiro", "4", "--json"],
        ["rules", "weapons", "--json"],
        ["--help"],
    ],
    ids=" ".join,
)
def test_dice_odds_and_rules_never_import_the_web_stack(args: list[str]) -> None:
    probe = subprocess.run(
        [sys.executable, "-c", PROBE.format(args=args)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    loaded = {m.split(".")[0] for m in json.loads(probe.stdout.strip().splitlines()[-1])}
    assert not loaded & {"fastapi", "starlette", "uvicorn", "segno", "httpx", "anyio"}
    assert "skirmish.web" not in json.loads(probe.stdout.strip().splitlines()[-1])
