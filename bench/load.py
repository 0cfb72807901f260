"""Load test of the public pages while an arbiter enters results (``make load``, #10).

``python -m bench.load`` (re)creates a PostgreSQL database, builds a 500-player, 9-round
Dutch event through the app's own services (six rounds completed, the seventh published
and half played), starts gunicorn on a free loopback port with production settings
(DEBUG off, a generated ``SECRET_KEY``, HTTPS as a TLS proxy reports it through
``X-Forwarded-Proto``), then for ``--warmup`` seconds (left out of the numbers) and
``--duration`` seconds measured runs

- ``--readers`` threads (50) that each read the public event page, the pairings of the
  round in play and of the last completed round, the standings and the crosstable, one
  after another in random order, waiting ``--think`` seconds on average (uniform between
  half and one and a half times it) between two pages, each over its own keep-alive
  connection; and
- one arbiter who logs in through the login form, reads the event's manage page and
  enters a result on the round in play every ``--result-every`` seconds through the
  HTMX result endpoint (``hx-post`` with the CSRF token in ``X-CSRFToken``); on by
  default, as in the hall on a playing day, off with ``--no-arbiter`` (the run to
  compare with).

``--cache-url redis://127.0.0.1:PORT/0`` (or ``LOAD_CACHE_URL``) gives gunicorn the
shared cache production runs with (``CACHE_URL``); without it each worker has its own.

It prints requests per second, p50/p95/p99 and the slowest latency per page, the errors
(any status but 200, or a failed connection), and the CPU gunicorn used per request,
and exits with status 1 on any error.  The client uses only the standard library
(``http.client`` keeps one connection per thread open), so the load test adds no
dependency.

Everything it talks to is on 127.0.0.1; gunicorn is stopped when it ends.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import random
import re
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/swissweb_load"
EVENT_SLUG = "load-open"
ARBITER = "load-arbiter"
TIEBREAKS = "BH-C1,BH,SB,DE,ARO,LOT"
"""A large open's usual order: Buchholz cut-1, Buchholz, Sonneborn-Berger, then the rest."""


# --- The event -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """What the load needs to know about the event it reads."""

    slug: str
    in_play: int
    """The round whose results the arbiter enters (0 when every round is complete)."""
    completed: int
    arbiter: str
    password: str


def build_event(
    *, players: int, rounds: int, completed: int, seed: int, slug: str = EVENT_SLUG
) -> Event:
    """Create an event through the services: register, start, pair, publish, record.

    Rounds ``1 .. completed`` get every result; the next round is published with half of
    its results (the round in play).  Needs Django set up and an empty event ``slug``.
    """
    import datetime as dt

    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from swissweb.tournament import services
    from swissweb.tournament.management.commands.load_demo import FIRST, LAST, demo_result
    from swissweb.tournament.models import Game

    rng = random.Random(seed)
    password = secrets.token_urlsafe(16)
    user = get_user_model().objects.create_user(ARBITER, password=password)
    now = timezone.now()
    today = timezone.localdate()
    event = services.event_create(
        user=user,
        now=now,
        name=f"Load Open ({players} players)",
        slug=slug,
        rounds=rounds,
        tiebreaks=TIEBREAKS,
        venue="Loopback Hall",
        start_date=today - dt.timedelta(days=completed),
        end_date=today + dt.timedelta(days=rounds - completed),
        public=True,
    )
    rows = [
        {
            "name": f"{LAST[index % 24]}, {FIRST[(index * 7 + index // 24) % 24]} {index + 1}",
            "rating": 0 if index % 20 == 19 else max(1000, 2650 - index * 3 - rng.randrange(60)),
            "federation": rng.choice(["ENG", "GER", "NED", "FRA", "ESP", "IND"]),
            "club": f"Club {index % 37 + 1}",
        }
        for index in range(players)
    ]
    services.players_add(event_id=event.pk, rows=rows, user=user, now=now)
    services.event_start(event_id=event.pk, user=user, now=now)
    in_play = completed + 1 if completed < rounds else 0
    for number in range(1, min(rounds, completed + 1) + 1):
        round_ = services.round_pair(
            event_id=event.pk, user=user, now=now, seed=rng.randrange(2**31)
        )
        services.round_publish(round_id=round_.pk, user=user, now=now)
        games = list(
            Game.objects.filter(round=round_, black__isnull=False)
            .select_related("white", "black")
            .order_by("board")
        )
        if number == in_play:
            games = games[: len(games) // 2]
        for game in games:
            services.result_record(
                game_id=game.pk,
                result=demo_result(game.white, game.black, rng),
                expected_version=game.version,
                user=user,
                now=now,
            )
    return Event(
        slug=slug, in_play=in_play, completed=completed, arbiter=ARBITER, password=password
    )


def existing_event(slug: str = EVENT_SLUG) -> Event:
    """The event an earlier run built (``--reuse``), with a new password for its arbiter."""
    from django.contrib.auth import get_user_model

    from swissweb.tournament import engine_adapter
    from swissweb.tournament.models import Event as EventRow
    from swissweb.tournament.models import RoundState

    row = EventRow.objects.get(slug=slug)
    in_play = row.round_set.filter(state=RoundState.PUBLISHED).order_by("number").first()
    password = secrets.token_urlsafe(16)
    user = get_user_model().objects.get(username=ARBITER)
    user.set_password(password)
    user.save()
    return Event(
        slug=slug,
        in_play=in_play.number if in_play else 0,
        completed=engine_adapter.last_completed_round(row),
        arbiter=ARBITER,
        password=password,
    )


def reader_pages(event: Event, players: int = 0) -> dict[str, str]:
    """The public pages the readers load, by the name the report gives them.

    ``players`` > 0 adds the player cards (a reader opens a random player's card, as
    players look themselves up) and the standings CSV.
    """
    base = f"/events/{event.slug}/"
    pages = {"event": base}
    if event.in_play:
        pages[f"pairings r{event.in_play} (in play)"] = f"{base}rounds/{event.in_play}/"
    if event.completed:
        pages[f"pairings r{event.completed}"] = f"{base}rounds/{event.completed}/"
    pages["standings"] = f"{base}standings/"
    pages["crosstable"] = f"{base}crosstable/"
    if players:
        pages["player card"] = f"{base}players/{{player}}/"
        pages["standings.csv"] = f"{base}standings.csv"
    return pages


# --- A small HTTP client ---------------------------------------------------------------


class Client:
    """One keep-alive connection with its own cookies, like one browser tab.

    Cookies are kept by name whatever their ``Secure`` flag: the server sees HTTPS (the
    ``X-Forwarded-Proto`` header) while the socket is plain HTTP on the loopback.
    """

    def __init__(self, base_url: str, *, forwarded_proto: str | None, timeout: float) -> None:
        url = urllib.parse.urlsplit(base_url)
        self.host = url.hostname or "127.0.0.1"
        self.port = url.port or 80
        self.scheme = forwarded_proto or url.scheme
        self.forwarded_proto = forwarded_proto
        self.timeout = timeout
        self.cookies: dict[str, str] = {}
        self.last_headers: Any = None
        self.connection = http.client.HTTPConnection(self.host, self.port, timeout=timeout)

    @property
    def origin(self) -> str:
        return f"{self.scheme}://{self.host}:{self.port}"

    def request(
        self, method: str, path: str, *, form: dict[str, str] | None = None, **headers: str
    ) -> tuple[int, str]:
        """Send one request and read the whole answer: (status, body)."""
        head = {"Host": f"{self.host}:{self.port}", **headers}
        if self.forwarded_proto:
            head["X-Forwarded-Proto"] = self.forwarded_proto
        if self.cookies:
            head["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            head["Content-Type"] = "application/x-www-form-urlencoded"
            head["Origin"] = self.origin
            head["Referer"] = self.origin + path
        try:
            self.connection.request(method, path, body=body, headers=head)
            response = self.connection.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException):
            self.connection.close()
            raise
        self.last_headers = response.headers
        for value in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(value).items():
                self.cookies[name] = morsel.value
        return response.status, data.decode("utf-8", "replace")

    def close(self) -> None:
        self.connection.close()


# --- The load --------------------------------------------------------------------------


@dataclass(slots=True)
class Sample:
    page: str
    seconds: float
    ok: bool
    warmup: bool = False
    """Made before the measured time began: left out of the numbers (not of the errors)."""
    at: float = 0.0
    """When it was sent (``time.monotonic()``)."""


@dataclass(slots=True)
class Report:
    """Every request made during the run, and the errors seen."""

    duration: float
    samples: list[Sample] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def pages(self) -> list[str]:
        return list(dict.fromkeys(s.page for s in self.samples))

    def error_count(self) -> int:
        return len(self.errors)


def _reader(
    client: Client,
    pages: dict[str, str],
    *,
    deadline: float,
    measure_from: float,
    think: float,
    rng: random.Random,
    samples: list[Sample],
    errors: list[str],
    players: int = 0,
    revalidate: bool = True,
) -> None:
    """One reader: a random page, then a pause, until ``deadline``.

    Like a browser it keeps each page's ETag and asks ``If-None-Match`` when it loads
    the page again; a 304 is a good answer.  ``{player}`` in a path is a random player.
    """
    names = list(pages)
    etags: dict[str, str] = {}
    # Readers start spread over one think time, as people arrive, not in lockstep.
    time.sleep(rng.uniform(0, think))
    while time.monotonic() < deadline:
        name = rng.choice(names)
        path = pages[name].replace("{player}", str(rng.randrange(1, max(players, 1) + 1)))
        headers = {"If-None-Match": etags[path]} if revalidate and path in etags else {}
        at = time.monotonic()
        warmup = at < measure_from
        start = time.perf_counter()
        try:
            status, _ = client.request("GET", path, **headers)
            ok = status in (200, 304)
            if not ok:
                errors.append(f"{name}: HTTP {status}")
            elif status == 200 and client.last_headers.get("ETag"):
                etags[path] = client.last_headers["ETag"]
        except (OSError, http.client.HTTPException) as exc:
            ok = False
            errors.append(f"{name}: {exc!r}")
        samples.append(Sample(name, time.perf_counter() - start, ok, warmup, at))
        if think:
            time.sleep(rng.uniform(0.5 * think, 1.5 * think))


RESULT_FIELD = re.compile(r'name="g(?P<game>\d+)v(?P<version>\d+)" value="(?P<result>[^"]*)"')
RESULT_URL = re.compile(r'data-result-url="(?P<url>/events/[^"]+/games/)0/result/"')


@dataclass(frozen=True, slots=True)
class Board:
    """A board of the round page without a result: where its result is posted, and how."""

    action: str
    game: str
    version: str


def empty_boards(page: str) -> list[Board]:
    """The boards of the arbiter's round page without a result, in board order."""
    url = RESULT_URL.search(page)
    if url is None:
        return []
    return [
        Board(f"{url['url']}{m['game']}/result/", m["game"], m["version"])
        for m in RESULT_FIELD.finditer(page)
        if not m["result"]
    ]


CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def _arbiter_login(
    client: Client, event: Event, *, samples: list[Sample], errors: list[str]
) -> list[Board]:
    """Log in through the login form and read the manage page: the boards without result."""
    status, page = client.request("GET", "/accounts/login/")
    token = CSRF_INPUT.search(page)
    if status != 200 or token is None:
        errors.append(f"login page: HTTP {status}")
        return []
    status, _ = client.request(
        "POST",
        "/accounts/login/",
        form={
            "csrfmiddlewaretoken": token.group(1),
            "username": event.arbiter,
            "password": event.password,
        },
    )
    if status != 302 or "sessionid" not in client.cookies:
        errors.append(f"login: HTTP {status}, not logged in")
        return []
    start = time.perf_counter()
    # The page of the round in play (#20: /manage/ redirects there).
    status, page = client.request("GET", f"/events/{event.slug}/manage/rounds/{event.in_play}/")
    samples.append(Sample("manage (arbiter)", time.perf_counter() - start, status == 200))
    if status != 200:
        errors.append(f"manage page: HTTP {status}")
        return []
    return empty_boards(page)


def _arbiter(
    client: Client,
    event: Event,
    *,
    deadline: float,
    every: float,
    rng: random.Random,
    samples: list[Sample],
    errors: list[str],
) -> None:
    """Log in, read the manage page, then enter one result per ``every`` seconds."""
    try:
        boards = _arbiter_login(client, event, samples=samples, errors=errors)
    except (OSError, http.client.HTTPException) as exc:
        errors.append(f"arbiter's login or manage page: {exc!r}")
        return
    csrf = client.cookies.get("csrftoken", "")
    while boards and time.monotonic() < deadline:
        time.sleep(rng.uniform(0.5 * every, 1.5 * every))
        board = boards.pop(0)
        result = rng.choice(["1", "0", "=", "1", "0"])
        at, start = time.monotonic(), time.perf_counter()
        try:
            status, row = client.request(
                "POST",
                board.action,
                form={"version": board.version, "result": result},
                **{"HX-Request": "true", "X-CSRFToken": csrf},
            )
            ok = status == 200 and f'id="board-{board.game}"' in row
            if not ok:
                errors.append(f"result on game {board.game}: HTTP {status}")
        except (OSError, http.client.HTTPException) as exc:
            ok = False
            errors.append(f"result on game {board.game}: {exc!r}")
        samples.append(Sample("result (arbiter)", time.perf_counter() - start, ok, at=at))


def run_load(
    base_url: str,
    event: Event,
    *,
    readers: int,
    duration: float,
    think: float,
    result_every: float,
    warmup: float = 0.0,
    on_measure: Callable[[], None] | None = None,
    forwarded_proto: str | None = None,
    seed: int = 10,
    timeout: float = 30.0,
    players: int = 0,
    revalidate: bool = True,
    arbiter: bool = True,
) -> Report:
    """Run the readers and the arbiter against ``base_url`` for ``warmup + duration`` s.

    The readers' pages in the first ``warmup`` seconds fill the server's caches and
    are left out of the numbers; the arbiter's requests are all counted.  ``on_measure``
    is called when the measured time begins.
    """
    pages = reader_pages(event, players)
    rng = random.Random(seed)
    per_thread: list[tuple[list[Sample], list[str]]] = []
    threads = []
    measure_from = time.monotonic() + warmup
    deadline = measure_from + duration
    clients = [
        Client(base_url, forwarded_proto=forwarded_proto, timeout=timeout)
        for _ in range(readers + 1)
    ]
    for index, client in enumerate(clients):
        samples: list[Sample] = []
        errors: list[str] = []
        per_thread.append((samples, errors))
        kwargs: dict[str, Any] = {
            "deadline": deadline,
            "rng": random.Random(rng.randrange(2**31)),
            "samples": samples,
            "errors": errors,
        }
        if index == readers:
            if not event.in_play or not arbiter:
                continue
            target: Any = _arbiter
            args: tuple[Any, ...] = (client, event)
            kwargs["every"] = result_every
        else:
            target, args = _reader, (client, pages)
            kwargs["think"] = think
            kwargs["measure_from"] = measure_from
            kwargs["players"] = players
            kwargs["revalidate"] = revalidate
        threads.append(threading.Thread(target=target, args=args, kwargs=kwargs, daemon=True))
    if on_measure is not None:
        threads.append(threading.Timer(warmup, on_measure))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(warmup + duration + timeout + 5)
    report = Report(duration=max(time.monotonic() - measure_from, 1e-9))
    for client in clients:
        client.close()
    for samples, errors in per_thread:
        report.samples.extend(s for s in samples if not s.warmup)
        report.errors.extend(errors)
    if any(thread.is_alive() for thread in threads):
        report.errors.append("a load thread did not stop in time")
    return report


def _percentile(sorted_seconds: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile, in milliseconds."""
    rank = max(1, int(-(-fraction * len(sorted_seconds) // 1)))
    return 1000 * sorted_seconds[rank - 1]


def format_report(report: Report) -> str:
    """The table ``make load`` prints: one line per page, then all public pages."""
    lines = [
        f"{'page':<26} {'requests':>8} {'req/s':>7} {'p50 ms':>7} {'p95 ms':>7} "
        f"{'p99 ms':>7} {'max ms':>7} {'errors':>6}"
    ]
    groups = [(page, [s for s in report.samples if s.page == page]) for page in report.pages()]
    public = [s for s in report.samples if "(arbiter)" not in s.page]
    for name, samples in [*groups, ("all public pages", public)]:
        if not samples:
            continue
        seconds = sorted(s.seconds for s in samples)
        lines.append(
            f"{name:<26} {len(samples):>8} {len(samples) / report.duration:>7.1f} "
            f"{_percentile(seconds, 0.50):>7.1f} {_percentile(seconds, 0.95):>7.1f} "
            f"{_percentile(seconds, 0.99):>7.1f} {1000 * seconds[-1]:>7.1f} "
            f"{sum(not s.ok for s in samples):>6}"
        )
    lines.append(f"{report.duration:.1f} s, {report.error_count()} errors")
    lines.extend(f"  error: {e}" for e in report.errors[:20])
    return "\n".join(lines)


# --- Database and server ---------------------------------------------------------------


def recreate_database(url: str) -> None:
    """Drop and create the PostgreSQL database named in ``url`` (on the same server)."""
    import dj_database_url
    import psycopg
    from psycopg import sql

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


def prepare(args: argparse.Namespace, env: dict[str, str]) -> Event:
    """Recreate the database, migrate, collect static files and build the event."""
    os.environ.update(env)
    import django
    from django.core.management import call_command

    django.setup()
    if args.reuse:
        call_command("migrate", verbosity=0, interactive=False)
        call_command("collectstatic", verbosity=0, interactive=False)
        event = existing_event()
        from django.db import connections

        connections.close_all()
        return event
    recreate_database(args.database_url)
    call_command("migrate", verbosity=0, interactive=False)
    call_command("collectstatic", verbosity=0, interactive=False)
    started = time.monotonic()
    event = build_event(
        players=args.players, rounds=args.rounds, completed=args.completed, seed=args.seed
    )
    print(
        f"Built {args.players} players, {args.rounds} rounds ({args.completed} completed, "
        f"round {event.in_play or '-'} in play) in {time.monotonic() - started:.1f} s",
        flush=True,
    )
    from django.db import connections

    connections.close_all()
    return event


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__)
    parser.add_argument(
        "--database-url",
        default=os.environ.get("LOAD_DATABASE_URL", DEFAULT_DATABASE_URL),
        help="PostgreSQL database to drop and create (default: %(default)s; or LOAD_DATABASE_URL)",
    )
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--completed", type=int, default=6, help="completed rounds")
    parser.add_argument("--readers", type=int, default=200)
    parser.add_argument("--duration", type=float, default=30.0, help="measured seconds")
    parser.add_argument(
        "--warmup", type=float, default=5.0, help="seconds of load before the measured time"
    )
    parser.add_argument(
        "--think", type=float, default=1.0, help="mean seconds a reader waits between pages"
    )
    parser.add_argument(
        "--result-every", type=float, default=0.5, help="mean seconds between two results"
    )
    parser.add_argument(
        "--no-arbiter",
        action="store_true",
        help="no results entered while the readers read (the run to compare with)",
    )
    parser.add_argument(
        "--cache-url",
        default=os.environ.get("LOAD_CACHE_URL", ""),
        help="the server's CACHE_URL, e.g. redis://127.0.0.1:6379/0 (default: each "
        "worker's memory; or LOAD_CACHE_URL)",
    )
    parser.add_argument("--workers", type=int, default=3, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=1, help="threads per gunicorn worker")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--no-revalidate",
        action="store_true",
        help="readers ignore ETags (every page rendered, as for first-time readers)",
    )
    parser.add_argument(
        "--saturate",
        default="",
        metavar="N,N,...",
        help="then readers without pauses, in steps of these many (e.g. 5,10,20,40,80), "
        "10 s each: requests per second at each step, to find where they stop growing",
    )
    parser.add_argument(
        "--reuse",
        action="store_true",
        help="keep the database and event of an earlier run (its round in play has the "
        "results that run entered)",
    )
    return parser.parse_args(argv)


def saturation(base_url: str, event: Event, args: argparse.Namespace) -> str:
    """Readers without pauses in growing numbers: where requests per second stop growing."""
    lines = ["saturation (readers without pauses, 10 s each; public pages only)",
             f"{'readers':>8} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'errors':>7}"]  # fmt: skip
    best = 0.0
    for count in (int(n) for n in args.saturate.split(",") if n.strip()):
        report = run_load(
            base_url, event, readers=count, duration=10, warmup=2, think=0,
            result_every=3600, forwarded_proto="https", seed=args.seed,
            players=args.players, revalidate=not args.no_revalidate, arbiter=False,
        )  # fmt: skip
        public = sorted(s.seconds for s in report.samples if "(arbiter)" not in s.page)
        rate = len(public) / report.duration
        lines.append(
            f"{count:>8} {rate:>8.1f} {_percentile(public, 0.5):>8.1f} "
            f"{_percentile(public, 0.95):>8.1f} {report.error_count():>7}"
        )
        best = max(best, rate)
    lines.append(f"saturation: about {best:.0f} requests per second")
    return "\n".join(lines)


def _stop(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    # A SIGTERM (a CI time limit, ``kill``) still stops gunicorn on the way out.
    signal.signal(signal.SIGTERM, _stop)
    env = production_environment(args.database_url, args.cache_url)
    event = prepare(args, env)
    with gunicorn(env, workers=args.workers, threads=args.threads) as server:
        print(
            f"{server.url}: gunicorn {args.workers} workers x {args.threads} threads; "
            f"{args.readers} readers (think {args.think:g} s), "
            + (
                "no arbiter"
                if args.no_arbiter
                else f"one arbiter (a result every {args.result_every:g} s)"
            )
            + f", cache {args.cache_url or 'in each worker'}, {args.warmup:g} s warm-up, "
            f"{args.duration:g} s measured; "
            f"load average before: {os.getloadavg()[0]:.1f}",
            flush=True,
        )
        cpu: dict[str, float | None] = {}

        def measure() -> None:
            cpu.update(server=process_cpu_seconds(server.pid), driver=time.process_time())

        report = run_load(
            server.url,
            event,
            readers=args.readers,
            duration=args.duration,
            warmup=args.warmup,
            on_measure=measure,
            think=args.think,
            result_every=args.result_every,
            forwarded_proto="https",
            seed=args.seed,
            players=args.players,
            revalidate=not args.no_revalidate,
            arbiter=not args.no_arbiter,
        )
        after = process_cpu_seconds(server.pid), time.process_time()
        print(format_report(report), flush=True)
        if args.saturate:
            print(saturation(server.url, event, args), flush=True)
    server_cpu, driver_cpu = cpu.get("server"), cpu.get("driver")
    if server_cpu is not None and after[0] is not None and driver_cpu is not None:
        used = after[0] - server_cpu
        print(
            f"CPU in the measured time: gunicorn {used:.1f} s "
            f"({1000 * used / max(1, len(report.samples)):.1f} ms a request), "
            f"load driver {after[1] - driver_cpu:.1f} s; load average after: "
            f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
        )
    return 1 if report.error_count() else 0


if __name__ == "__main__":
    sys.exit(main())
