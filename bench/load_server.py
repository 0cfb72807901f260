"""The database and the gunicorn server the load test and the budgets run against:
recreated, started with production settings on a free loopback port, and measured."""

from __future__ import annotations

import contextlib
import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import dj_database_url
import psycopg
from psycopg import sql

from bench.load_client import Client

ROOT = Path(__file__).resolve().parent.parent


# --- Database and server ---------------------------------------------------------------


def recreate_database(url: str) -> None:
    """Drop and create the PostgreSQL database named in ``url`` (on the same server)."""

    config = dj_database_url.parse(url)
    if config["ENGINE"] != "django.db.backends.postgresql":
        raise SystemExit(f"make load needs PostgreSQL, not {config['ENGINE']}")
    with psycopg.connect(
        host=config["HOST"] or "127.0.0.1",
        port=int(config["PORT"] or 5432),
        user=config["USER"] or None,
        password=config["PASSWORD"] or None,
        dbname="postgres",
        autocommit=True,
    ) as connection:
        name = sql.Identifier(config["NAME"])
        connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))
        connection.execute(sql.SQL("CREATE DATABASE {}").format(name))


def production_environment(database_url: str, cache_url: str = "") -> dict[str, str]:
    """The environment of the web server: production settings behind a TLS proxy."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DEBUG", "DJANGO_SETTINGS_MODULE"}
    }
    env.update(
        DATABASE_URL=database_url,
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_PROXY_SSL_HEADER="1",
        DJANGO_SETTINGS_MODULE="swissweb.settings",
        LOG_LEVEL="WARNING",
        # Every simulated reader comes from 127.0.0.1: one address, which the per-client
        # limit of anonymous requests would stop (swissweb/ratelimit.py).
        ANON_RATE_LIMIT="0",
        CACHE_URL=cache_url,
    )
    return env


def process_cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system) of a process and its children now alive, from ``/proc``.

    ``None`` where there is no ``/proc`` (not Linux).
    """
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    try:
        entries = os.listdir("/proc")
    except OSError:
        return None
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # After the command: state ppid ... utime (14th field of the line) stime (15th).
        if int(entry) == pid or int(fields[1]) == pid:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


@dataclass(frozen=True, slots=True)
class Server:
    url: str
    pid: int


@contextlib.contextmanager
def gunicorn(
    env: dict[str, str], *, workers: int, threads: int, trust_plain_origin: bool = False
) -> Iterator[Server]:
    """Serve the app with gunicorn on a free loopback port; yield its URL and pid.

    The listening socket is opened here and handed to gunicorn (``fd://``), so no other
    process can take the port between choosing it and binding it.  With
    ``trust_plain_origin`` the plain-HTTP origin of that port is a trusted CSRF origin: a
    browser on the loopback sends it while the proxy header says HTTPS.
    """
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(128)
    port = listener.getsockname()[1]
    command = [
        sys.executable, "-m", "gunicorn", "swissweb.wsgi:application",
        "--bind", f"fd://{listener.fileno()}", "--workers", str(workers),
        "--worker-class", "gthread" if threads > 1 else "sync", "--threads", str(threads),
        "--backlog", "128", "--log-level", "warning",
    ]  # fmt: skip
    if trust_plain_origin:
        env = env | {"CSRF_TRUSTED_ORIGINS": f"http://127.0.0.1:{port}"}
    process = subprocess.Popen(command, cwd=ROOT, env=env, pass_fds=[listener.fileno()])
    listener.close()
    base_url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(base_url, process)
        yield Server(base_url, process.pid)
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _wait_until_up(base_url: str, process: subprocess.Popen[bytes]) -> None:
    client = Client(base_url, forwarded_proto="https", timeout=5)
    for _ in range(300):
        if process.poll() is not None:
            raise SystemExit(f"gunicorn stopped with status {process.returncode}")
        try:
            status, _ = client.request("GET", "/")
        except OSError:
            time.sleep(0.1)
            continue
        if status == 200:
            client.close()
            return
        raise SystemExit(f"gunicorn answers / with HTTP {status}")
    raise SystemExit("gunicorn did not start within 30 s")
