"""Side-by-side timing helpers: every benchmark reports a ratio of medians measured in one run,
alternating the commands so that machine noise hits both alike; and the throw-away stores the
soak and the web benchmark run on (a PostgreSQL server on loopback, an SQLite file)."""

from __future__ import annotations

import contextlib
import os
import platform
import pwd
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path


def time_commands(
    commands: dict[str, Sequence[str]],
    *,
    runs: int = 21,
    warmup: int = 3,
    env: dict[str, str] | None = None,
) -> dict[str, float]:
    """Median wall time in seconds of each whole-process command, run interleaved."""
    samples: dict[str, list[float]] = {name: [] for name in commands}
    for i in range(warmup + runs):
        for name, argv in commands.items():
            start = time.perf_counter()
            subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
            elapsed = time.perf_counter() - start
            if i >= warmup:
                samples[name].append(elapsed)
    return {name: statistics.median(values) for name, values in samples.items()}


def time_calls(calls: dict[str, Callable[[], object]], *, runs: int = 51) -> dict[str, float]:
    """Median wall time in seconds of in-process calls, run interleaved."""
    samples: dict[str, list[float]] = {name: [] for name in calls}
    for _ in range(runs):
        for name, call in calls.items():
            start = time.perf_counter()
            call()
            samples[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) for name, values in samples.items()}


def compile_tree(path: Path) -> None:
    """Byte-compile ``path``, as an installed wheel is: these machines set
    ``PYTHONDONTWRITEBYTECODE``, so a timed start would otherwise pay for compiling it."""
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(path)], check=True, stdout=subprocess.DEVNULL
    )


def check_imports_from(tree: Path, cwd: Path, label: str = "python") -> None:
    """Stop unless ``PYTHONPATH=tree`` makes python import ``tree``'s own skirmish from ``cwd``
    (not the checkout the venv installs)."""
    found = subprocess.run(
        [sys.executable, "-c", "import skirmish; print(skirmish.__file__)"],
        env={**os.environ, "PYTHONPATH": str(tree)},
        cwd=cwd,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    if not Path(found).is_relative_to(tree):
        raise SystemExit(f"{label}: python imports skirmish from {found}, not from {tree}")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


# --------------------------------------------------------------------------- throw-away stores


def header() -> str:
    """The line every run of ``results.txt`` starts with: when, which Python, how many cores."""
    return (
        f"# {time.strftime('%Y-%m-%d %H:%M')} · {platform.python_version()} · "
        f"{platform.machine()} · {len(os.sched_getaffinity(0))} cores"
    )


def free_port() -> int:
    """A TCP port nobody listens on at 127.0.0.1 now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _bindir() -> Path:
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True, check=True)
    return Path(out.stdout.strip())


#: Each running throw-away PostgreSQL server's data directory, by the URL ``postgres`` yielded
#: (``cluster_cpu`` finds its processes there).
CLUSTERS: dict[str, Path] = {}


def tree_cpu(pid: int) -> float:
    """The processor time ``pid``, its children that ended (reaped: ``cutime``, ``cstime``) and
    its living descendants have used so far, from ``/proc``: 0 for a process gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return 0.0
    ticks = sum(int(fields[i]) for i in (11, 12, 13, 14))  # utime stime cutime cstime
    return ticks / os.sysconf("SC_CLK_TCK") + sum(tree_cpu(int(child)) for child in children)


def cluster_cpu(url: str) -> float | None:
    """The processor time every process of the throw-away PostgreSQL server at ``url`` has used
    so far (the postmaster, each connection's backend, ended ones too, the background workers);
    ``None`` for a store that is not one (SQLite runs in its users' processes)."""
    data = CLUSTERS.get(url)
    if data is None:
        return None
    try:
        postmaster = int((data / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return tree_cpu(postmaster)


@contextlib.contextmanager
def postgres(database: str = "soak", *, settings: Sequence[str] = ()) -> Iterator[str]:
    """A throw-away PostgreSQL server on 127.0.0.1 (as ``tests/conftest.py`` starts one, as the
    postgres user when run as root) with an empty ``database``; yields its URL and stops the
    server afterwards. ``settings`` are more ``-c name=value`` options of the server."""
    import psycopg

    bindir = _bindir()
    as_root = os.geteuid() == 0
    prefix = ["runuser", "-u", "postgres", "--"] if as_root else []
    base = Path(tempfile.mkdtemp(prefix=f"skirmish-{database}-pg-"))
    data, sockets, log = base / "data", base / "sock", base / "server.log"
    sockets.mkdir()
    if as_root:
        account = pwd.getpwnam("postgres")
        for path in (base, sockets):
            os.chown(path, account.pw_uid, account.pw_gid)
    port = free_port()
    user = "postgres" if as_root else pwd.getpwuid(os.geteuid()).pw_name
    extra = "".join(f" -c {setting}" for setting in settings)
    options = f"-k {sockets} -p {port} -c listen_addresses=127.0.0.1 -c fsync=off{extra}"
    try:
        subprocess.run(
            [*prefix, str(bindir / "initdb"), "-D", str(data), "-U", user, "--auth=trust",
             "-E", "UTF8", "--no-locale"],
            check=True, capture_output=True,
        )  # fmt: skip
        subprocess.run(
            [*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(log),
             "-w", "-t", "60", "start"],
            check=True, capture_output=True,
        )  # fmt: skip
        dsn = f"host=127.0.0.1 port={port} user={user} dbname=postgres"
        with psycopg.connect(dsn, autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {database}")
        url = f"postgresql+psycopg://{user}@127.0.0.1:{port}/{database}"
        CLUSTERS[url] = data
        yield url
    finally:
        CLUSTERS.pop(f"postgresql+psycopg://{user}@127.0.0.1:{port}/{database}", None)
        subprocess.run(
            [*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
            capture_output=True, check=False,
        )  # fmt: skip
        shutil.rmtree(base, ignore_errors=True)


@contextlib.contextmanager
def sqlite(prefix: str = "soak") -> Iterator[str]:
    """A fresh SQLite file in a temporary folder (removed afterwards)."""
    with tempfile.TemporaryDirectory(prefix=f"skirmish-{prefix}-") as folder:
        yield str(Path(folder) / "campaigns.db")
