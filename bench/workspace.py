"""The arbiter's budgets at 1,000 players, 9 rounds (``python -m bench.workspace``, #20).

Builds (or, with ``--reuse``, keeps) a 1,000-player, 9-round Dutch event in its own
PostgreSQL database through the app's services, eight rounds completed and the ninth
published with half of its results, serves it with gunicorn under production settings
(one sync worker, as one arbiter meets it), and measures:

- the arbiter's Round N page (the round in play): the size of its HTML, as sent and
  compressed, and its time from request to last byte over the loopback, ``--repeat``
  times;
- the draft page of the next round (a draft paired on the round in play finished, in a
  transaction that is rolled back), rendered in this process;
- a 10,000-player CSV uploaded to a new event's import (in a transaction rolled back);
- a result save through the endpoint the keyboard entry posts to (JSON answer), one per
  board on ``--repeat`` boards;
- in Chromium (skipped with ``--no-browser`` or when no Chromium is found), the time
  from the keystroke (Enter after the result) to the row saying "saved", on
  ``--repeat`` boards typed one after another, measured in the page with
  ``performance.now()``;
- that every text response the arbiter loads (the page, its stylesheet and script, the
  standings CSV) arrives compressed;
- the export of the backup and of both rating reports, in this process: the peak memory
  ``tracemalloc`` traces while each is written once (#31 D1); ``--only-export`` measures
  this alone, without the server.

Each budget is checked on the median; the p95 and the slowest are printed beside it.
The exit status is 1 if a budget is missed or a request fails.  Times over the loopback
include the client's share, so they are upper bounds of the server's time.
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import signal
import statistics
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bench.load import (
    CSRF_INPUT,
    Board,
    Client,
    Event,
    _stop,
    build_event,
    empty_boards,
    existing_event,
    gunicorn,
    production_environment,
    recreate_database,
)

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/swissweb_workspace"
SLUG = "budget-open"

PAGE_BYTES = 200_000
PAGE_SECONDS = 0.200
SAVE_SECONDS = 0.100
KEYSTROKE_SECONDS = 0.150

SAVE_KEYS = ("1", "0", "=")


@dataclass(frozen=True, slots=True)
class Budget:
    """One line of the report: what was measured against what it may cost."""

    name: str
    values: Sequence[float]
    limit: float
    unit: str

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    @property
    def ok(self) -> bool:
        return bool(self.values) and self.median <= self.limit

    def line(self) -> str:
        ordered = sorted(self.values)
        p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        scale, suffix = (1000, "ms") if self.unit == "s" else (1 / 1000, "KB")
        return (
            f"| {self.name} | {self.median * scale:,.1f} {suffix} | {p95 * scale:,.1f} {suffix} "
            f"| {ordered[-1] * scale:,.1f} {suffix} | {self.limit * scale:,.0f} {suffix} "
            f"| {'ok' if self.ok else 'OVER'} |"
        )


def _log_in(client: Client, event: Event) -> None:
    status, page = client.request("GET", "/accounts/login/")
    token = CSRF_INPUT.search(page)
    if status != 200 or token is None:
        raise SystemExit(f"login page: HTTP {status}")
    form = {"csrfmiddlewaretoken": token.group(1), "username": event.arbiter}
    status, _ = client.request("POST", "/accounts/login/", form=form | {"password": event.password})
    if status != 302 or "sessionid" not in client.cookies:
        raise SystemExit(f"login: HTTP {status}, not logged in")


def _timed(client: Client, method: str, path: str, **kwargs: Any) -> tuple[int, str, float]:
    start = time.perf_counter()
    status, body = client.request(method, path, **kwargs)
    return status, body, time.perf_counter() - start


def measure_page(client: Client, path: str, repeat: int) -> tuple[list[float], int, int, str]:
    """Times of ``repeat`` loads of the page; its size as HTML and gzipped; the HTML."""
    times = []
    body = ""
    for _ in range(repeat):
        status, body, seconds = _timed(client, "GET", path)
        if status != 200:
            raise SystemExit(f"{path}: HTTP {status}")
        times.append(seconds)
    raw = body.encode()
    return times, len(raw), len(gzip.compress(raw, 6)), body


def measure_saves(client: Client, page: str, forms: Sequence[Board]) -> list[float]:
    """Save a result on each board of ``forms``, as the keyboard entry posts it."""
    token = CSRF_INPUT.search(page)
    if token is None:
        raise SystemExit("the round page has no CSRF token")
    times = []
    for index, form in enumerate(forms):
        status, body, seconds = _timed(
            client,
            "POST",
            form.action,
            form={
                "csrfmiddlewaretoken": token.group(1),
                "result": SAVE_KEYS[index % 3],
                "version": form.version,
            },
            Accept="application/json",
            **{"X-CSRFToken": token.group(1)},
        )
        if status != 200 or '"version"' not in body:
            raise SystemExit(f"result save on game {form.game}: HTTP {status} {body}")
        times.append(seconds)
    return times


def compressed(client: Client, paths: Sequence[str]) -> list[str]:
    """The paths whose answer did not come compressed when the client accepts gzip."""
    missing = []
    for path in paths:
        client.connection.request(
            "GET",
            path,
            headers={
                "Host": f"{client.host}:{client.port}",
                "Accept-Encoding": "gzip, br",
                "X-Forwarded-Proto": client.scheme,
                "Cookie": "; ".join(f"{k}={v}" for k, v in client.cookies.items()),
            },
        )
        response = client.connection.getresponse()
        response.read()
        if response.status != 200 or response.getheader("Content-Encoding") not in {"gzip", "br"}:
            missing.append(f"{path} ({response.status}, {response.getheader('Content-Encoding')})")
    return missing


KEYSTROKE_SCRIPT = """
() => {
  window.__budget = {pressed: {}, saved: {}};
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    const row = event.target.closest && event.target.closest("tr.board");
    if (row) window.__budget.pressed[row.id] = performance.now();
  }, true);
  new MutationObserver((changes) => {
    for (const change of changes) {
      const row = change.target;
      if (row.dataset.save === "saved" && !(row.id in window.__budget.saved)) {
        window.__budget.saved[row.id] = performance.now();
      }
    }
  }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ["data-save"]});
}
"""


def measure_keystrokes(
    base: str, event: Event, path: str, games: Sequence[str], language: str
) -> list[float] | None:
    """Keystroke (Enter) to "saved", in Chromium, on the boards of ``games`` in turn."""
    from tests.browser.conftest import (  # a dev dependency, for this bench only
        CHROMIUM_FLAGS,
        _chromium_path,
    )

    chromium = _chromium_path()
    if chromium is None:
        print("Chromium not found: keystroke-to-saved not measured")
        return None
    from playwright.sync_api import sync_playwright  # a dev dependency, for this bench only

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
        page = browser.new_page(extra_http_headers={"X-Forwarded-Proto": "https"}, locale=language)
        page.goto(f"{base}/accounts/login/")
        page.locator("input[name=username]").fill(event.arbiter)
        page.locator("input[name=password]").fill(event.password)
        page.locator("main form button[type=submit]").click()
        page.wait_for_load_state()
        page.goto(f"{base}{path}")
        page.evaluate(KEYSTROKE_SCRIPT)
        times = []
        for index, game in enumerate(games):
            page.locator(f"#board-{game} input").click()
            page.keyboard.type(SAVE_KEYS[index % 3])
            page.keyboard.press("Enter")
            row = f"board-{game}"
            page.wait_for_function("(id) => id in window.__budget.saved", arg=row, timeout=10_000)
            elapsed = page.evaluate(
                "(id) => window.__budget.saved[id] - window.__budget.pressed[id]", row
            )
            times.append(elapsed / 1000)
        browser.close()
    return times


def measure_draft(event: Event, repeat: int, language: str) -> tuple[list[float], int]:
    """The draft page of the next round, in this process, inside a transaction undone.

    The round in play is finished (every board without a result gets 1-0) and one more
    round is planned and paired as a draft; its page is rendered ``repeat`` times through
    Django's test client (the middleware included, the loopback not), then everything is
    rolled back, so the event stays as it was for the next run.
    """
    from django.contrib.auth import get_user_model  # Django only for this bench
    from django.db import transaction  # Django only for this bench
    from django.test import Client as DjangoClient  # Django only for this bench
    from django.utils import timezone  # Django only for this bench

    from swissweb.tournament.models import Event as EventRow  # Django only for this bench
    from swissweb.tournament.models import Game  # Django only for this bench
    from swissweb.tournament.rounds import results as result_services  # Django only for this bench
    from swissweb.tournament.rounds import services as round_services  # Django only for this bench

    user = get_user_model().objects.get(username=event.arbiter)
    client = DjangoClient(
        HTTP_HOST="127.0.0.1", HTTP_X_FORWARDED_PROTO="https", HTTP_ACCEPT_LANGUAGE=language
    )
    client.force_login(user)
    now = timezone.now()
    with transaction.atomic():
        row = EventRow.objects.select_for_update().get(slug=event.slug)
        EventRow.objects.filter(pk=row.pk).update(rounds=row.rounds + 1)
        open_boards = Game.objects.filter(
            round__event=row, round__number=event.in_play, result="", black__isnull=False
        )
        for game in open_boards:
            result_services.result_record(
                game_id=game.pk, result="1-0", expected_version=game.version, user=user, now=now
            )
        draft = round_services.round_pair(event_id=row.pk, user=user, now=now, seed=1)
        path = f"/events/{event.slug}/manage/rounds/{draft.number}/"
        times, size = [], 0
        for _ in range(repeat + 1):
            start = time.perf_counter()
            response = client.get(path, secure=True)
            times.append(time.perf_counter() - start)
            if response.status_code != 200:
                raise SystemExit(f"draft page: HTTP {response.status_code}")
            size = len(response.content)
        transaction.set_rollback(True)
    return times[1:], size


CSV_PLAYERS = 10_000
CSV_SECONDS = 3.0


def measure_csv_import(event: Event, repeat: int) -> list[float]:
    """A 10,000-player CSV uploaded to a new event's import, through the view, in this
    process, inside a transaction rolled back each time (#21)."""
    from django.contrib.auth import get_user_model  # Django only for this bench
    from django.core.files.uploadedfile import SimpleUploadedFile  # Django only for this bench
    from django.db import transaction  # Django only for this bench
    from django.test import Client as DjangoClient  # Django only for this bench
    from django.utils import timezone  # Django only for this bench

    from swissweb.tournament.events import services as event_services  # Django only for this bench

    user = get_user_model().objects.get(username=event.arbiter)
    client = DjangoClient(HTTP_HOST="127.0.0.1", HTTP_X_FORWARDED_PROTO="https")
    client.force_login(user)
    text = "name,rating,federation,club,birth_date\n" + "".join(
        f'"Player{n:05d}, Name",{1000 + n % 1500},ENG,Club {n % 50},2010-01-01\n'
        for n in range(CSV_PLAYERS)
    )
    times = []
    for _ in range(repeat):
        with transaction.atomic():
            new = event_services.event_create(
                user=user, now=timezone.now(), name="CSV", slug="csv-import", rounds=9
            )
            upload = SimpleUploadedFile("players.csv", text.encode())
            start = time.perf_counter()
            response = client.post(
                f"/events/{new.slug}/players/import/", {"file": upload}, secure=True
            )
            times.append(time.perf_counter() - start)
            if response.status_code != 302 or new.players.count() != CSV_PLAYERS:
                raise SystemExit(f"CSV import: HTTP {response.status_code}")
            transaction.set_rollback(True)
    return times


EXPORT_BYTES = 64_000_000
"""Peak traced memory of one export of the 1,000 x 9 event: 64 MB (the backup is about
0.3 MB of text; before #31 D1 a 1,000 x 7 backup took 1.6 GB)."""


def measure_exports(event: Event) -> list[Budget]:
    """The backup and both rating reports of the event, each written once after a warm-up
    run (imports, caches), under ``tracemalloc``: the peak of the memory it traces (Python
    objects: the rows read, the records, the text), not the process's resident size."""

    from swissweb.tournament.models import Event as EventRow  # Django only for this bench
    from swissweb.tournament.publishing import exports  # Django only for this bench
    from swissweb.tournament.publishing.rating_report import (  # Django only for this bench
        Edition,
        rating_report,
    )

    row = EventRow.objects.get(slug=event.slug)
    runs: dict[str, Callable[[], str]] = {
        "backup": lambda: exports.event_trf(row),
        "rating report TRF16": lambda: rating_report(row, Edition.TRF16),
        "rating report TRF-2026": lambda: rating_report(row, Edition.TRF26),
    }
    budgets = []
    for name, run in runs.items():
        run()
        tracemalloc.start()
        try:
            text = run()
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        print(f"{name}: {len(text.encode()):,} bytes written, peak traced {peak:,} bytes")
        budgets.append(Budget(f"{name} export, peak traced memory", [peak], EXPORT_BYTES, "B"))
    return budgets


def clear_results(event: Event, games: Sequence[str]) -> None:
    """Empty again the results this run entered (allowed: no later round exists), so that
    ``--reuse`` finds the same round in play next time."""
    from django.contrib.auth import get_user_model  # Django only for this bench
    from django.utils import timezone  # Django only for this bench

    from swissweb.tournament.models import Game  # Django only for this bench
    from swissweb.tournament.rounds import results as result_services  # Django only for this bench

    user = get_user_model().objects.get(username=event.arbiter)
    for game in Game.objects.filter(pk__in=[int(g) for g in games]).exclude(result=""):
        result_services.result_record(
            game_id=game.pk, result="", expected_version=game.version, user=user,
            now=timezone.now(),
        )  # fmt: skip


def prepare(args: argparse.Namespace, env: dict[str, str]) -> Event:
    """Recreate the database and build the event, or keep the one an earlier run built."""
    os.environ.update(env)
    import django  # Django only for this bench
    from django.core.management import call_command  # Django only for this bench
    from django.db import connections  # Django only for this bench

    django.setup()
    if not args.reuse:
        recreate_database(args.database_url)
    call_command("migrate", verbosity=0, interactive=False)
    call_command("collectstatic", verbosity=0, interactive=False)
    from swissweb.tournament.models import Event as EventRow  # Django only for this bench

    if args.reuse and EventRow.objects.filter(slug=SLUG).exists():
        event = existing_event(SLUG)
    else:
        started = time.monotonic()
        event = build_event(
            players=args.players,
            rounds=args.rounds,
            completed=args.rounds - 1,
            seed=args.seed,
            slug=SLUG,
        )
        print(f"Built the event in {time.monotonic() - started:.0f} s", flush=True)
    connections.close_all()
    return event


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.workspace", description=__doc__)
    parser.add_argument(
        "--database-url",
        default=os.environ.get("WORKSPACE_DATABASE_URL", DEFAULT_DATABASE_URL),
        help="PostgreSQL database to (re)create (default: %(default)s; or WORKSPACE_DATABASE_URL)",
    )
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=30, help="samples per measurement")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--reuse", action="store_true", help="keep an earlier run's event")
    parser.add_argument("--no-browser", action="store_true", help="skip the Chromium part")
    parser.add_argument(
        "--only-export", action="store_true", help="measure the exports' memory alone (#31)"
    )
    parser.add_argument(
        "--language",
        default="en-gb",
        help="the pages' language, one of settings.LANGUAGES (default: %(default)s)",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, _stop)
    env = production_environment(args.database_url)
    event = prepare(args, env)
    if args.only_export:
        budgets = measure_exports(event)
        print("| measure | median | p95 | slowest | budget | |")
        print("|---|---:|---:|---:|---:|---|")
        for budget in budgets:
            print(budget.line())
        return 0 if all(b.ok for b in budgets) else 1
    path = f"/events/{event.slug}/manage/rounds/{event.in_play}/"
    budgets = []
    with gunicorn(env, workers=1, threads=1, trust_plain_origin=True) as server:
        print(f"{server.url}: load average before {os.getloadavg()[0]:.1f}", flush=True)
        client = Client(server.url, forwarded_proto="https", timeout=30)
        _log_in(client, event)
        status, _ = client.request("POST", "/language/", form={"language": args.language})
        if status != 302:
            raise SystemExit(f"language {args.language}: HTTP {status}")
        _timed(client, "GET", path)  # warm the worker's caches and imports
        times, raw, packed, html = measure_page(client, path, args.repeat)
        budgets.append(Budget(f"Round {event.in_play} page, time", times, PAGE_SECONDS, "s"))
        budgets.append(Budget(f"Round {event.in_play} page, HTML", [raw], PAGE_BYTES, "B"))
        boards = empty_boards(html)
        if len(boards) < 2 * args.repeat:
            raise SystemExit(f"{len(boards)} boards without a result; need {2 * args.repeat}")
        saves = measure_saves(client, html, boards[: args.repeat])
        budgets.append(Budget("result save (server)", saves, SAVE_SECONDS, "s"))
        if not args.no_browser:
            games = [board.game for board in boards[args.repeat : 2 * args.repeat]]
            keystrokes = measure_keystrokes(server.url, event, path, games, args.language)
            if keystrokes is not None:
                budgets.append(
                    Budget("keystroke to saved (Chromium)", keystrokes, KEYSTROKE_SECONDS, "s")
                )
        draft_times, draft_size = measure_draft(event, args.repeat, args.language)
        budgets.append(Budget("draft page, time (in process)", draft_times, PAGE_SECONDS, "s"))
        budgets.append(Budget("draft page, HTML", [draft_size], PAGE_BYTES, "B"))
        csv_times = measure_csv_import(event, max(3, args.repeat // 10))
        budgets.append(Budget("10,000-player CSV import", csv_times, CSV_SECONDS, "s"))
        budgets += measure_exports(event)
        static = re.findall(r'(?:href|src)="(/static/[^"]+\.(?:css|js))"', html)
        uncompressed = compressed(client, [path, *static, f"/events/{event.slug}/standings.csv"])
        client.close()
    clear_results(event, [board.game for board in boards[: 2 * args.repeat]])
    print(f"HTML of the Round {event.in_play} page: {raw:,} bytes, {packed:,} gzipped")
    print("| measure | median | p95 | slowest | budget | |")
    print("|---|---:|---:|---:|---:|---|")
    for budget in budgets:
        print(budget.line())
    for path_missed in uncompressed:
        print(f"not compressed: {path_missed}")
    print(f"load average after: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    return 0 if all(b.ok for b in budgets) and not uncompressed else 1


if __name__ == "__main__":
    raise SystemExit(main())
