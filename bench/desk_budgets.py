"""The desk's and the entries' server-time budgets (``python -m bench.desk_budgets``).

Builds two events through the app's services in a SQLite file of its own (or
``--database-url``) and times, in this process, the server's work for each figure of
``BUDGETS`` (#34 item 2 and #35):

- a submitted entry: a POST of the public entry form (``/events/<slug>/enter/``) with
  a FIDE ID found in a loaded list, through Django's test client, one new entrant each;
  then the same with "accept entries at once" and a maximum (the player added too);
- the desk's check-in of one player: the arbiter's htmx POST of the desk's button for
  the next round of the large event, one new player each;
- the entries CSV of 1,500 entries: a GET of the arbiter's CSV;
- the festival's entries CSV of 3 sections x 500 entries: a GET of its arbiters' CSV
  (``bench.festival_page``, #34 items 1 and 2);
- the standings with Rp and rating change of ``--players`` x ``--rounds``: the
  selector ``standings_after`` with the cache emptied before each call (a cold read,
  as after a result), and its median processor time printed below the table;
- the weight of the arbiter's players page of the large event (#36 item 4): the
  largest of ``PLAYERS_PAGE_QUERIES``, against ``SIZE_BUDGETS``;
- the weight of a festival's public page of 3 sections x 500 players, without and
  with a search (``bench.festival_page``, #34 item 1), against ``SIZE_BUDGETS``;
- at 1,000 players (#36, ``bench.desk_draft``): one save of the board-number entry,
  and the draft review page's server time and size;
- a page of 100 players' cards with their QR codes (#36 item 7, ``bench.player_cards``),
  on the same event.

Each is run once to warm up, then ``--repeat`` times; the median and the slowest are
printed beside the budget.  ``--only WORD`` times only the figures whose names contain
WORD (``--only standings``; each event is then built only when a chosen figure needs
it: ``--only draft --only cards`` builds the 1,000-player event alone).  The
exit status is 1 if a median is over its budget or a request does not answer as it
should.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from django.test import Client

from bench.desk_draft import SIZE_BUDGETS as DRAFT_SIZE_BUDGETS
from bench.desk_draft import TIME_BUDGETS, build_draft_event, measure_draft
from bench.player_cards import CARDS_BUDGETS, HOST, measure_cards

BUDGETS = {
    "submitted entry": 0.100,
    "submitted entry, accepted at once": 0.100,
    "desk check-in of one player": 0.100,
    "entries CSV (1,500 entries)": 1.0,
    "festival entries CSV (3 x 500 entries)": 1.0,
    "standings with Rp and rating change": 0.300,
    **TIME_BUDGETS,
    **CARDS_BUDGETS,
}
"""Seconds of server time each figure may take (#34 item 2, #35, #36), by name."""

ON_DRAFT_EVENT = (*TIME_BUDGETS, *CARDS_BUDGETS)
"""The figures measured on the 1,000-player event (``bench.desk_draft``)."""

SIZE_BUDGETS = {
    "players page": 150_000,
    "festival page": 60_000,
    "festival page with a search": 60_000,
    **DRAFT_SIZE_BUDGETS,
}
"""Bytes each page may weigh, by name: the arbiter's players page at 1,000 players (#36
item 4), a festival's public page of 3 sections x 500 players (#34 item 1), the draft
review page at 1,000 players (#36 item 1)."""

PLAYERS_PAGE_QUERIES = ("", "?sort=score", "?sort=name&page=3", "?status=active&page=2")
"""The players page's variants weighed: the largest is the figure."""

LARGE_SLUG = "desk-open"
ENTRIES_SLUG = "entries-open"
ENTRIES = 1_500


def timed(run: Callable[[int], None], repeat: int, *, name: str = "") -> tuple[float, float]:
    """The median and the slowest of ``repeat`` timed calls ``run(i)``, after ``run(0)``
    as a warm-up (its time not counted); with ``name``, the median processor time of
    the calls goes to ``PROCESSOR_TIMES`` (on a shared machine the wall time measures
    the other sessions too; the processor time compares runs under load, #35)."""
    run(0)
    times = []
    processor = []
    for index in range(1, repeat + 1):
        started, used = time.perf_counter(), time.process_time()
        run(index)
        times.append(time.perf_counter() - started)
        processor.append(time.process_time() - used)
    if name:
        PROCESSOR_TIMES[name] = statistics.median(processor)
    return statistics.median(times), max(times)


PROCESSOR_TIMES: dict[str, float] = {}
"""The median processor time of the figures timed with a name, by name."""


def verdicts(found: dict[str, tuple[float, float]]) -> list[tuple[str, float, float, float, bool]]:
    """Each measured budget's name, median, slowest, budget and whether the median is
    within it (the figures not measured, left out by ``--only``, are not listed)."""
    return [
        (name, *found[name], budget, found[name][0] <= budget)
        for name, budget in BUDGETS.items()
        if name in found
    ]


def chosen(only: Sequence[str]) -> list[str]:
    """The figures whose names contain one of ``only`` (case-insensitive), every
    figure when ``only`` is empty.

    :raises ValueError: a word that names no figure.
    """
    if not only:
        return list(BUDGETS)
    for word in only:
        if not any(word.lower() in name.lower() for name in BUDGETS):
            raise ValueError(f"no figure is named by {word!r}")
    return [name for name in BUDGETS if any(word.lower() in name.lower() for word in only)]


def build_large(*, players: int, rounds: int, seed: int) -> None:
    """``players`` players, ``rounds`` rounds completed and one more still to pair.

    Paired through the services; the results are written in bulk, as ``result_record``
    would leave them (round completed), which is much faster than one by one."""
    from django.contrib.auth import get_user_model  # Django only for this bench
    from django.utils import timezone  # Django only for this bench

    from bench.load_event import ARBITER, TIEBREAKS  # Django only for this bench
    from swissweb.tournament.events import services as event_services  # Django only for this bench
    from swissweb.tournament.management.commands.load_demo import (  # Django only for this bench
        FIRST,
        LAST,
        demo_result,
    )
    from swissweb.tournament.models import Game, RoundState  # Django only for this bench
    from swissweb.tournament.players import (  # Django only for this bench
        services as player_services,
    )
    from swissweb.tournament.rounds import services as round_services  # Django only for this bench

    rng = random.Random(seed)
    user = get_user_model().objects.create_user(ARBITER, password=secrets.token_urlsafe(16))
    now = timezone.now()
    today = timezone.localdate()
    event = event_services.event_create(
        user=user, now=now, name=f"Desk Open ({players} players)", slug=LARGE_SLUG,
        rounds=rounds + 1, tiebreaks=TIEBREAKS, venue="Loopback Hall",
        start_date=today - dt.timedelta(days=rounds), end_date=today + dt.timedelta(days=1),
        public=True,
    )  # fmt: skip
    rows = [
        {
            "name": f"{LAST[index % 24]}, {FIRST[(index * 7 + index // 24) % 24]} {index + 1}",
            "rating": 0 if index % 20 == 19 else max(1000, 2650 - index - rng.randrange(60)),
            "federation": rng.choice(["ENG", "GER", "NED", "FRA", "ESP", "IND"]),
        }
        for index in range(players)
    ]
    player_services.players_add(event_id=event.pk, rows=rows, user=user, now=now)
    event_services.event_start(event_id=event.pk, user=user, now=now)
    for _ in range(rounds):
        round_ = round_services.round_pair(
            event_id=event.pk, user=user, now=now, seed=rng.randrange(2**31)
        )
        round_services.round_publish(round_id=round_.pk, user=user, now=now)
        games = list(
            Game.objects.filter(round=round_, black__isnull=False).select_related("white", "black")
        )
        for game in games:
            assert game.black is not None  # the query above leaves byes out
            game.result = demo_result(game.white, game.black, rng)
        Game.objects.bulk_update(games, ["result"], batch_size=500)
        round_.state = RoundState.COMPLETED
        round_.completed_at = now
        round_.save(update_fields=["state", "completed_at"])


def build_entries(*, arbiter_name: str, entries: int, repeat: int) -> list[str]:
    """An event open for entries holding ``entries - 2 * (repeat + 1)`` entries, and a
    FIDE list of players to enter; returns the FIDE IDs the timed entries use."""

    from django.contrib.auth import get_user_model  # Django only for this bench
    from django.utils import timezone  # Django only for this bench

    from swissweb.ratings.models import (  # Django only for this bench
        ListedPlayer,
        ListKind,
        RatingList,
    )
    from swissweb.tournament.entries import services  # Django only for this bench
    from swissweb.tournament.entries.services import (  # Django only for this bench
        EntryData,
        FeeRowData,
    )
    from swissweb.tournament.events import services as event_services  # Django only for this bench
    from swissweb.tournament.models import (  # Django only for this bench
        DEFAULT_FIELDS,
        EntrySettings,
    )

    user = get_user_model().objects.get(username=arbiter_name)
    now = timezone.now()
    today = timezone.localdate()
    event = event_services.event_create(
        user=user, now=now, name="Entries Open", slug=ENTRIES_SLUG, rounds=9,
        tiebreaks="BH,SB", venue="Loopback Hall", start_date=today + dt.timedelta(days=30),
        end_date=today + dt.timedelta(days=34), public=True,
    )  # fmt: skip
    services.entry_settings_set(
        event_id=event.pk,
        settings=EntrySettings(open=True, fields_asked=list(DEFAULT_FIELDS)),
        fees=[FeeRowData(label="Everyone", amount=Decimal("30.00"))],
        user=user,
        now=now,
    )
    listing = RatingList.objects.create(name="FIDE", kind=ListKind.FIDE, loaded_at=now)
    ids = [str(4_100_000 + index) for index in range(2 * (repeat + 1))]
    ListedPlayer.objects.bulk_create(
        ListedPlayer(
            rating_list=listing,
            player_id=fide_id,
            name=f"Listed, Lee {index}",
            name_key=f"listed, lee {index}",
            federation="GER",
            sex="m",
            birth_year=1990,
            standard=1800 + index,
        )
        for index, fide_id in enumerate(ids)
    )
    for index in range(entries - len(ids)):
        services.entry_submit(
            event_id=event.pk,
            data=EntryData(
                name=f"Entrant, Eve {index}",
                fide_id=None,
                national_id="",
                federation="NED",
                club=f"Club {index % 40}",
                birth_year=1980,
                sex="",
                email=f"eve{index}@example.org",
                notes="",
            ),
            now=now,
        )
    return ids


def weigh_players_page(arbiter: Client, problems: list[str]) -> int:
    """The largest of the players page's variants (``PLAYERS_PAGE_QUERIES``), in bytes."""
    largest = 0
    for query in PLAYERS_PAGE_QUERIES:
        response = arbiter.get(f"/events/{LARGE_SLUG}/manage/players/{query}")
        if response.status_code != 200:
            problems.append(f"players page {query!r}: HTTP {response.status_code}")
        largest = max(largest, len(response.content))
    return largest


def measure(
    *, players: int, repeat: int, figures: Sequence[str] = tuple(BUDGETS), weigh: bool = True
) -> tuple[dict[str, tuple[float, float]], list[str]]:
    """The ``figures`` by name, and the problems found (a request answering wrongly); the
    players page's weight, when ``weigh``, is in ``SIZES``."""
    from django.contrib.auth import get_user_model  # Django only for this bench
    from django.core.cache import cache  # Django only for this bench
    from django.test import Client  # Django only for this bench

    from bench.load_event import ARBITER  # Django only for this bench
    from swissweb.tournament.models import (  # Django only for this bench
        Entry,
        EntrySettings,
        Event,
        Player,
    )
    from swissweb.tournament.players.check_in import next_round  # Django only for this bench
    from swissweb.tournament.standings.selectors import (  # Django only for this bench
        standings_after,
    )

    problems: list[str] = []
    found: dict[str, tuple[float, float]] = {}
    on_entries = ("submitted entry", "entries CSV")
    ids = (
        build_entries(arbiter_name=ARBITER, entries=ENTRIES, repeat=repeat)
        if any(name.startswith(on_entries) for name in figures)
        else []
    )

    reader = Client()

    def enter(index: int) -> None:
        response = reader.post(
            f"/events/{ENTRIES_SLUG}/enter/",
            {"name": f"Listed, Lee {index}", "fide_id": ids[index], "email": "lee@example.org",
             "website": ""},
        )  # fmt: skip
        if response.status_code != 302:
            problems.append(f"entry {index}: HTTP {response.status_code}")

    if "submitted entry" in figures:
        found["submitted entry"] = timed(enter, repeat)
    if "submitted entry, accepted at once" in figures:
        EntrySettings.objects.filter(event__slug=ENTRIES_SLUG).update(
            auto_accept=True, maximum=5000
        )
        found["submitted entry, accepted at once"] = timed(
            lambda index: enter(repeat + 1 + index), repeat
        )
        if Player.objects.filter(event__slug=ENTRIES_SLUG).count() != repeat + 1:
            problems.append("the entries accepted at once made no players")

    arbiter = Client()
    arbiter.force_login(get_user_model().objects.get(username=ARBITER))

    # Every entry of the event, a line each: 1,500 when the submitted-entry figures ran
    # too (they add their entries), fewer when ``--only`` left them out.
    entries_made = Entry.objects.filter(event__slug=ENTRIES_SLUG).count()

    def csv(_: int) -> None:
        response = arbiter.get(f"/events/{ENTRIES_SLUG}/manage/entries/entries.csv")
        lines = response.content.count(b"\n")
        if response.status_code != 200 or lines < entries_made:
            problems.append(f"entries CSV: HTTP {response.status_code}, {lines} lines")

    if "entries CSV (1,500 entries)" in figures:
        found["entries CSV (1,500 entries)"] = timed(csv, repeat)

    event = Event.objects.get(slug=LARGE_SLUG)
    number = next_round(event)
    ids_large = list(
        Player.objects.filter(event=event).order_by("pairing_number").values_list("pk", flat=True)
    )

    def check_in(index: int) -> None:
        response = arbiter.post(
            f"/events/{LARGE_SLUG}/check-in/mark/",
            {"player": str(ids_large[index * 7 % players]), "round": str(number)},
            HTTP_HX_REQUEST="true",
        )
        if response.status_code != 200:
            problems.append(f"check-in {index}: HTTP {response.status_code}")

    if "desk check-in of one player" in figures:
        found["desk check-in of one player"] = timed(check_in, repeat)

    def table(_: int) -> None:
        cache.clear()
        lines = standings_after(event=event).lines
        if len(lines) != players or not lines[0].performance:
            problems.append(f"standings: {len(lines)} lines")

    if "standings with Rp and rating change" in figures:
        found["standings with Rp and rating change"] = timed(
            table, repeat, name="standings with Rp and rating change"
        )
    if weigh:
        SIZES["players page"] = weigh_players_page(arbiter, problems)
    return found, problems


SIZES: dict[str, int] = {}
"""The weights ``measure`` found, by name of ``SIZE_BUDGETS``."""


FESTIVAL_CSV = "festival entries CSV (3 x 500 entries)"


def measure_festival(
    *, seed: int, repeat: int, figures: Sequence[str], weigh: bool
) -> tuple[dict[str, tuple[float, float]], dict[str, int], list[str]]:
    """The festival's entries CSV time (when among ``figures``), its page's weights
    (when ``weigh``) and the problems found (``bench.festival_page``)."""
    from bench.festival_page import (  # Django only for this bench
        build_festival,
        csv_timer,
        page_sizes,
    )
    from bench.load_event import ARBITER  # Django only for this bench

    found: dict[str, tuple[float, float]] = {}
    sizes: dict[str, int] = {}
    problems: list[str] = []
    if FESTIVAL_CSV not in figures and not weigh:
        return found, sizes, problems
    build_festival(arbiter_name=ARBITER, seed=seed)
    if FESTIVAL_CSV in figures:
        found[FESTIVAL_CSV] = timed(csv_timer(problems), repeat)
    if weigh:
        sizes, more = page_sizes()
        problems += more
    return found, sizes, problems


def size_verdicts(sizes: dict[str, int]) -> list[tuple[str, int, int, bool]]:
    """Each size budget's name, the size found, the budget and whether it is within (a
    page not weighed is over: the bench must weigh every page it budgets)."""
    return [
        (name, sizes.get(name, 0), budget, 0 < sizes.get(name, 0) <= budget)
        for name, budget in SIZE_BUDGETS.items()
    ]


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.desk_budgets", description=__doc__)
    parser.add_argument(
        "--database-url", default="", help="an empty database (default: a new SQLite file)"
    )
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--draft-rounds", type=int, default=8,
        help="rounds completed before the 1,000-player event's draft (#36)",
    )  # fmt: skip
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="WORD",
        help="time only the figures whose names contain WORD (repeatable): --only standings",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        figures = chosen(args.only)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    folder = tempfile.TemporaryDirectory(prefix="swissweb-desk-")
    url = args.database_url or f"sqlite:///{Path(folder.name) / 'bench.sqlite3'}"
    os.environ.update(
        DATABASE_URL=url,
        SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_SETTINGS_MODULE="swissweb.settings",
        ALLOWED_HOSTS=f"testserver,{HOST}",
        SECURE_SSL_REDIRECT="0",
        ANON_RATE_LIMIT="0",
        ENTRY_RATE_LIMIT="0",
        LOG_LEVEL="WARNING",
    )
    import django  # Django only for this bench
    from django.conf import settings  # Django only for this bench
    from django.core.management import call_command  # Django only for this bench

    django.setup()
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    call_command("migrate", verbosity=0, interactive=False)
    call_command("collectstatic", verbosity=0, interactive=False)  # production's manifest
    started = time.monotonic()
    from bench.load_event import ARBITER  # Django only for this bench

    whole = not args.only
    on_large = [name for name in figures if name not in ON_DRAFT_EVENT]
    on_draft = [name for name in figures if name in ON_DRAFT_EVENT]
    if on_large or whole:
        build_large(players=args.players, rounds=args.rounds, seed=args.seed)
    else:  # the arbiter the large event would have made
        from django.contrib.auth import get_user_model  # Django only for this bench

        get_user_model().objects.create_user(ARBITER, password=secrets.token_urlsafe(16))
    if on_draft:
        build_draft_event(arbiter=ARBITER, rounds=args.draft_rounds, seed=args.seed)
    print(f"Built the events in {time.monotonic() - started:.0f} s", flush=True)
    found: dict[str, tuple[float, float]] = {}
    problems: list[str] = []
    if on_large or whole:
        found, problems = measure(
            players=args.players, repeat=args.repeat, figures=figures, weigh=whole
        )
    sizes: dict[str, int] = {}
    if any(name in TIME_BUDGETS for name in on_draft):
        drafted, sizes, more = measure_draft(
            arbiter=ARBITER, repeat=args.repeat, seed=args.seed, timed=timed
        )
        found.update((name, value) for name, value in drafted.items() if name in figures)
        problems += more
    if any(name in CARDS_BUDGETS for name in on_draft):
        carded, more = measure_cards(arbiter=ARBITER, repeat=args.repeat, timed=timed)
        found.update(carded)
        problems += more
    festival_times, festival_sizes, festival_problems = measure_festival(
        seed=args.seed, repeat=args.repeat, figures=figures, weigh=whole
    )
    found.update(festival_times)
    problems += festival_problems
    entries = f"{ENTRIES:,} entries; " if any(n.startswith("submitted") for n in figures) else ""
    print(
        f"\n{args.players} players x {args.rounds} rounds; {entries}"
        f"median and slowest of {args.repeat} after a warm-up\n"
    )
    print("| Figure | median | slowest | budget | |")
    print("|---|---:|---:|---:|---|")
    over = bool(problems)
    for name, median, slowest, budget, within in verdicts(found):
        over |= not within
        print(
            f"| {name} | {median * 1000:,.0f} ms | {slowest * 1000:,.0f} ms | "
            f"{budget * 1000:,.0f} ms | {'ok' if within else 'OVER'} |"
        )
    for name, used in PROCESSOR_TIMES.items():
        print(f"\n{name}: processor time {used * 1000:,.0f} ms (median; `uptime` for the load)")
    if whole:  # the weights, unless --only chose some of the times
        SIZES.update(sizes)
        SIZES.update(festival_sizes)
        print("\n| Size | found | budget | |\n|---|---:|---:|---|")
        for name, size, budget, within in size_verdicts(SIZES):
            over |= not within
            print(f"| {name} | {size / 1000:,.1f} KB | {budget / 1000:,.0f} KB | "
                  f"{'ok' if within else 'OVER'} |")  # fmt: skip
    for problem in problems[:10]:
        print(f"problem: {problem}")
    folder.cleanup()
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
