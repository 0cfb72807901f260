"""The compose file's topology on the loopback, from Debian packages (``make scaleout``, #37).

``python -m bench.scaleout`` rebuilds swissweb/deploy/compose.yaml without Docker: a
redis-server on a free loopback port (no persistence), a fresh PostgreSQL database on the
machine's server (``--database-url``, dropped at the end), two gunicorn app processes
(``-c python:swissweb.gunicorn``, as the containers run) and nginx in the foreground
with a configuration made from swissweb/deploy/nginx.conf itself, only the app
addresses and the listening port replaced (bench/scaleout_checks.py).  Then

1. checks directly on each app: a result saved through app 1 shows at once through
   app 2; both give a public page the same ETag, which changes with the result; the
   arbiter's session opened on app 1 is signed in on app 2;
2. reads each page of the mix once through nginx (the tables then come from Redis),
   runs the reader mix of ``make load`` through nginx (``--readers`` readers, and an
   arbiter entering results who logs in when the measured time begins), kills app 1
   (SIGKILL to its master and workers, as a container dies) ``--kill-after`` seconds
   into the measured time, and restarts it ``--down`` seconds later;
3. checks again with the roles swapped (a result through app 2, read through the
   restarted app 1), and that the session of step 1 survived the kill;
4. prints p50/p95 and the errors before the kill, while the app was down and after its
   restart, and the verdict: a page read (idempotent) must never fail, since nginx
   passes it to the other app; only a result in flight on the killed app may.

It installs nothing: nginx and redis-server come from ``apt-get install nginx
redis-server``.  Every process it starts is stopped when it ends, also on Ctrl+C.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import dj_database_url
import psycopg
from psycopg import sql

from bench.load import CSRF_INPUT, empty_boards, prepare, run_load
from bench.load_client import Client
from bench.load_event import Event, reader_pages
from bench.load_server import production_environment
from bench.scaleout_checks import Checks, Window, failures, nginx_main, nginx_site, phase_table

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "swissweb" / "deploy" / "nginx.conf"
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/swissweb_scaleout"
TOOLS = ("nginx", "redis-server")


# --- Processes ---------------------------------------------------------------------------


def find_tool(name: str) -> str | None:
    """The binary ``name`` on the PATH or in the system directories (nginx is in sbin)."""
    path = os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/sbin"])
    return shutil.which(name, path=path)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Process:
    """A child in its own session, so that its workers are stopped (or killed) with it."""

    def __init__(self, name: str, command: list[str], env: dict[str, str], log: Path) -> None:
        self.name, self.command, self.env, self.log = name, command, env, log
        self.popen: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.popen = subprocess.Popen(
                self.command, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, start_new_session=True,
            )  # fmt: skip

    def alive(self) -> bool:
        return self.popen is not None and self.popen.poll() is None

    def signal_group(self, signum: int) -> None:
        if self.popen is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.popen.pid, signum)

    def kill(self) -> None:
        """SIGKILL to the process and its workers: a container that dies."""
        self.signal_group(signal.SIGKILL)
        if self.popen is not None:
            self.popen.wait()

    def stop(self) -> None:
        if self.popen is None:
            return
        self.signal_group(signal.SIGTERM)
        try:
            self.popen.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.kill()
        # Workers left behind by a master that died first.
        self.signal_group(signal.SIGKILL)

    def tail(self, lines: int = 15) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


def wait_until(ready: Callable[[], bool], process: Process, what: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not process.alive():
            raise SystemExit(f"{what} stopped:\n{process.tail()}")
        with contextlib.suppress(OSError, http.client.HTTPException):
            if ready():
                return
        time.sleep(0.2)
    raise SystemExit(f"{what} did not start within {seconds:g} s:\n{process.tail()}")


def answers(url: str, path: str = "/") -> Callable[[], bool]:
    def ready() -> bool:
        client = Client(url, forwarded_proto=None, timeout=5)
        try:
            return client.request("GET", path)[0] == 200
        finally:
            client.close()

    return ready


def redis_answers(port: int) -> Callable[[], bool]:
    def ready() -> bool:
        with socket.create_connection(("127.0.0.1", port), timeout=2) as connection:
            connection.sendall(b"PING\r\n")
            return connection.recv(16).startswith(b"+PONG")

    return ready


def drop_database(url: str) -> None:

    config = dj_database_url.parse(url)
    with psycopg.connect(
        host=config["HOST"] or "127.0.0.1", port=int(config["PORT"] or 5432),
        user=config["USER"] or None, password=config["PASSWORD"] or None,
        dbname="postgres", autocommit=True,
    ) as connection:  # fmt: skip
        name = sql.Identifier(config["NAME"])
        connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))


# --- The direct checks ------------------------------------------------------------------


class Arbiter:
    """The event's arbiter on one app, by session cookie (which may come from the other)."""

    def __init__(self, url: str, event: Event, cookies: dict[str, str] | None = None) -> None:
        self.client = Client(url, forwarded_proto=None, timeout=30)
        self.client.cookies.update(cookies or {})
        self.event = event

    def login(self) -> None:
        status, page = self.client.request("GET", "/accounts/login/")
        token = CSRF_INPUT.search(page)
        if status != 200 or token is None:
            raise SystemExit(f"login page: HTTP {status}")
        form = {"csrfmiddlewaretoken": token.group(1), "username": self.event.arbiter,
                "password": self.event.password}  # fmt: skip
        status, _ = self.client.request("POST", "/accounts/login/", form=form)
        if status != 302 or "sessionid" not in self.client.cookies:
            raise SystemExit(f"login: HTTP {status}, not signed in")

    def round_page(self) -> tuple[int, str]:
        path = f"/events/{self.event.slug}/manage/rounds/{self.event.in_play}/"
        return self.client.request("GET", path)

    def enter_result(self, game: str, version: str, action: str) -> bool:
        status, row = self.client.request(
            "POST", action, form={"version": version, "result": "1"},
            **{"HX-Request": "true", "X-CSRFToken": self.client.cookies.get("csrftoken", "")},
        )  # fmt: skip
        return status == 200 and f'id="board-{game}"' in row


def public_read(url: str, path: str, etag: str = "") -> tuple[int, str, str]:
    """An anonymous reader's GET: status, body, ETag."""
    client = Client(url, forwarded_proto=None, timeout=30)
    try:
        if etag:
            revalidate: dict[str, Any] = {"If-None-Match": etag}
            status, body = client.request("GET", path, **revalidate)
        else:
            status, body = client.request("GET", path)
        return status, body, client.last_headers.get("ETag", "")
    finally:
        client.close()


def check_across(
    checks: Checks, event: Event, cookies: dict[str, str], writer: str, reader: str
) -> None:
    """A result entered on ``writer`` by the session ``cookies``, read on ``reader``."""
    path = f"/events/{event.slug}/rounds/{event.in_play}/"
    old = {url: public_read(url, path) for url in (writer, reader)}
    checks.etags_equal.append(old[writer][2] == old[reader][2] != "")
    on_writer = Arbiter(writer, event, cookies)
    status, page = on_writer.round_page()
    boards = empty_boards(page) if status == 200 else []
    if not boards:
        checks.notes.append(f"round page on {writer}: HTTP {status}, no board without result")
        checks.read_your_write.append(False)
        return
    board = boards[-1]  # the load's arbiter takes boards from the front
    saved = on_writer.enter_result(board.game, board.version, board.action)
    # At once: no pause between the write on one app and the reads on the other.
    status, body, etag = public_read(reader, path)
    status_again, _, etag_on_writer = public_read(writer, path)
    stale, _, _ = public_read(reader, path, old[reader][2])
    fresh, _, _ = public_read(reader, path, etag)
    on_reader = Arbiter(reader, event, cookies)
    status_manage, page = on_reader.round_page()
    left = {b.game for b in empty_boards(page)}
    checks.session_across.append(status_manage == 200 and 'name="g' in page)
    checks.read_your_write.append(
        saved and status == 200 and body != old[reader][1] and board.game not in left
    )
    checks.etags_equal.append(etag == etag_on_writer != "" and status_again == 200)
    checks.etag_changes.append(etag != old[reader][2] and stale == 200 and fresh == 304)
    checks.notes.append(
        f"game {board.game} saved on {writer}: {saved}; on {reader}: page HTTP {status}, "
        f"changed {body != old[reader][1]}, still without result {board.game in left}; "
        f"ETag {old[reader][2]} -> {etag} ({etag_on_writer} on {writer}), old one answered "
        f"{stale}, new one {fresh}; manage page with the session HTTP {status_manage}"
    )


def upstream_failures(log: Path) -> str:
    """What nginx logged of the dead app: each a request it passed to the other app
    (a page read) or answered 502 (a POST already sent)."""
    try:
        lines = log.read_text(errors="replace").splitlines()
    except OSError:
        return "nginx's error log: not found"
    kinds: dict[str, int] = {}
    for line in lines:
        if "upstream" in line and "] " in line:
            message = line.split("] ", 1)[1].split(", client:")[0]
            kind = re.sub(r"^\d+#\d+: (\*\d+ )?", "", message)
            kinds[kind] = kinds.get(kind, 0) + 1
    found = "; ".join(f"{count} x {kind}" for kind, count in sorted(kinds.items()))
    return f"nginx's error log, upstream: {found or 'nothing'}"


# --- The run -----------------------------------------------------------------------------


def killer(
    app: Process, ready: Callable[[], bool], *, at: float, down: float, window: list[Window]
) -> None:
    """Kill ``app`` at ``at`` (monotonic), restart it ``down`` s later, note when it answers."""
    time.sleep(max(0.0, at - time.monotonic()))
    app.kill()
    killed = time.monotonic()
    print(f"app 1 killed (SIGKILL) at {killed - at:+.2f} s", flush=True)
    time.sleep(down)
    app.start()
    wait_until(ready, app, "app 1 (restarted)")
    window.append(Window(killed, time.monotonic()))
    print(f"app 1 restarted and answering after {window[0].up - killed:.1f} s", flush=True)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.scaleout",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--database-url",
        default=os.environ.get("SCALEOUT_DATABASE_URL", DEFAULT_DATABASE_URL),
        help="PostgreSQL database to create and drop (default: %(default)s)",
    )
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--completed", type=int, default=6)
    parser.add_argument("--readers", type=int, default=200)
    parser.add_argument("--duration", type=float, default=40.0, help="measured seconds")
    parser.add_argument("--warmup", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--result-every", type=float, default=0.5)
    parser.add_argument("--kill-after", type=float, default=15.0,
                        help="seconds into the measured time when app 1 is killed")  # fmt: skip
    parser.add_argument("--down", type=float, default=5.0,
                        help="seconds app 1 stays down before it is restarted")  # fmt: skip
    parser.add_argument("--workers", type=int, default=3, help="WEB_CONCURRENCY of each app")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--keep-database", action="store_true", help="do not drop the database at the end"
    )
    parser.add_argument(
        "--reuse",
        action="store_true",
        help="the database and event an earlier run kept (--keep-database), not built afresh",
    )
    return parser.parse_args(argv)


def _stop(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, _stop)
    tools = {name: find_tool(name) for name in TOOLS}
    missing = [name for name, path in tools.items() if path is None]
    if missing:
        print(
            f"{', '.join(missing)} not found: apt-get install nginx redis-server", file=sys.stderr
        )
        return 2
    with (
        tempfile.TemporaryDirectory(prefix="swissweb-scaleout-") as tmp,
        contextlib.ExitStack() as stack,
    ):
        return run(args, tools, Path(tmp), stack)


def run(
    args: argparse.Namespace, tools: dict[str, str | None], tmp: Path, stack: contextlib.ExitStack
) -> int:
    redis_port, port1, port2, nginx_port = (free_port() for _ in range(4))
    redis = Process(
        "redis",
        [str(tools["redis-server"]), "--bind", "127.0.0.1", "--port", str(redis_port),
         "--save", "", "--appendonly", "no", "--maxmemory", "256mb",
         "--maxmemory-policy", "allkeys-lru", "--dir", str(tmp)],
        dict(os.environ), tmp / "redis.log",
    )  # fmt: skip
    stack.callback(redis.stop)
    redis.start()
    wait_until(redis_answers(redis_port), redis, "redis-server")
    front = f"http://127.0.0.1:{nginx_port}"
    env = production_environment(args.database_url, f"redis://127.0.0.1:{redis_port}/0")
    # As compose.yaml sets them, nginx's address being 127.0.0.1 here.
    env.update(TRUSTED_PROXIES="127.0.0.1", FORWARDED_ALLOW_IPS="127.0.0.1",
               SECURE_SSL_REDIRECT="0", SECURE_PROXY_SSL_HEADER="1", PAIRING_TIMEOUT="60",
               WEB_CONCURRENCY=str(args.workers), CSRF_TRUSTED_ORIGINS=front,
               PYTHONUNBUFFERED="1")  # fmt: skip
    if not args.keep_database:
        stack.callback(drop_database, args.database_url)
    event = prepare(args, env)
    urls = [f"http://127.0.0.1:{port1}", f"http://127.0.0.1:{port2}"]
    apps = []
    for number, port in enumerate((port1, port2), 1):
        app = Process(
            f"app{number}",
            [sys.executable, "-m", "gunicorn", "-c", "python:swissweb.gunicorn",
             "swissweb.wsgi:application"],
            env | {"GUNICORN_BIND": f"127.0.0.1:{port}"}, tmp / f"app{number}.log",
        )  # fmt: skip
        stack.callback(app.stop)
        app.start()
        apps.append(app)
    for app, url in zip(apps, urls, strict=True):
        wait_until(answers(url), app, app.name)
    prefix = tmp / "nginx"
    # Run as root, nginx's workers are "nobody": they must reach the temporary files'
    # directories (answers larger than the buffers), which nginx makes theirs.
    tmp.chmod(0o755)
    (prefix / "temp").mkdir(parents=True)
    site = prefix / "site.conf"
    site.write_text(
        nginx_site(EXAMPLE.read_text(), [u[7:] for u in urls], f"127.0.0.1:{nginx_port}")
    )
    (prefix / "nginx.conf").write_text(nginx_main(str(prefix), str(site)))
    nginx = Process(
        "nginx",
        [str(tools["nginx"]), "-p", str(prefix), "-e", str(prefix / "error.log"),
         "-c", str(prefix / "nginx.conf")],
        dict(os.environ), tmp / "nginx.log",
    )  # fmt: skip
    stack.callback(nginx.stop)
    nginx.start()
    wait_until(answers(front), nginx, "nginx")
    print(
        f"{front}: nginx (swissweb/deploy/nginx.conf) -> app 1 {urls[0]}, app 2 {urls[1]} "
        f"(gunicorn -c python:swissweb.gunicorn, {args.workers} workers each), redis "
        f"127.0.0.1:{redis_port}, {args.database_url}; load average "
        f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}",
        flush=True,
    )

    checks = Checks()
    session = Arbiter(urls[0], event)
    session.login()
    cookies = dict(session.client.cookies)
    check_across(checks, event, cookies, urls[0], urls[1])

    # Each page of the mix read once through nginx, so that the readers' warm-up starts
    # from cached tables (in Redis, shared by both apps) rather than all at once.
    for path in reader_pages(event).values():
        public_read(front, path)

    window: list[Window] = []
    start = time.monotonic() + args.warmup
    kill = threading.Thread(
        target=killer, args=(apps[0], answers(urls[0])), daemon=True,
        kwargs={"at": start + args.kill_after, "down": args.down, "window": window},
    )  # fmt: skip
    kill.start()
    report = run_load(
        front, event, readers=args.readers, duration=args.duration, warmup=args.warmup,
        think=args.think, result_every=args.result_every, seed=args.seed,
        players=args.players, arbiter_after_warmup=True,
    )  # fmt: skip
    end = time.monotonic()
    kill.join(120)

    # After the restart: the other way round, with the session opened before the kill.
    for url in urls:
        status, page = Arbiter(url, event, cookies).round_page()
        checks.session_survives.append(status == 200 and 'name="g' in page)
    check_across(checks, event, cookies, urls[1], urls[0])

    killed = window[0] if window else None
    print(phase_table(report.samples, killed, start, end))
    print(f"{report.error_count()} errors in {len(report.samples)} requests through nginx")
    for error in report.errors[:20]:
        print(f"  error: {error}")
    for sample in report.samples:
        if not sample.ok and killed:
            print(f"  failed {sample.page} sent {sample.at - killed.killed:+.2f} s from the kill")
    for name in ("read_your_write", "etags_equal", "etag_changes", "session_across",
                 "session_survives"):  # fmt: skip
        print(f"{name}: {getattr(checks, name)}")
    for note in checks.notes:
        print(f"  {note}")
    print(upstream_failures(prefix / "error.log"))
    found = failures(checks, report.samples, report.errors, killed)
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print("PASS" if not found else "FAIL: " + "; ".join(found), flush=True)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
