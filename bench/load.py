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
import http.client
import os
import random
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.load_client import Client
from bench.load_event import ARBITER, EVENT_SLUG, Event, build_event, existing_event, reader_pages
from bench.load_server import (
    Server,
    gunicorn,
    process_cpu_seconds,
    production_environment,
    recreate_database,
)

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/swissweb_load"


__all__ = [
    "ARBITER", "Client", "EVENT_SLUG", "Event", "Server", "build_event", "existing_event",
    "gunicorn", "process_cpu_seconds", "production_environment", "reader_pages",
    "recreate_database",
]  # fmt: skip


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
            status, _ = client.request("GET", path, form=None, **headers)
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
    start: float = 0.0,
) -> None:
    """From ``start`` (``time.monotonic()``) on: log in, read the manage page, then enter
    one result per ``every`` seconds."""
    time.sleep(max(0.0, start - time.monotonic()))
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
    arbiter_after_warmup: bool = False,
) -> Report:
    """Run the readers and the arbiter against ``base_url`` for ``warmup + duration`` s.

    The readers' pages in the first ``warmup`` seconds fill the server's caches and
    are left out of the numbers; the arbiter's requests are all counted.  ``on_measure``
    is called when the measured time begins.  With ``arbiter_after_warmup`` the arbiter
    logs in then, as one already at work in the hall, not among the readers' first
    (uncached) pages.
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
            kwargs["start"] = measure_from if arbiter_after_warmup else 0.0
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


def prepare(args: argparse.Namespace, env: dict[str, str]) -> Event:
    """Recreate the database, migrate, collect static files and build the event."""
    os.environ.update(env)
    import django  # Django only for this bench
    from django.core.management import call_command  # Django only for this bench

    django.setup()
    if args.reuse:
        call_command("migrate", verbosity=0, interactive=False)
        call_command("collectstatic", verbosity=0, interactive=False)
        event = existing_event()
        from django.db import connections  # Django only for this bench

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
    from django.db import connections  # Django only for this bench

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
