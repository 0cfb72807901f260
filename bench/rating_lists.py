"""The rating lists' budgets (``python -m bench.rating_lists``, #24).

Writes a made-up FIDE list of ``--players`` players (1.5 million by default, about as
many as FIDE's) in the layout of FIDE's combined TXT download
(``swissweb.ratings.samples``, cached under ``bench/out/``), recreates the PostgreSQL
database ``--database-url`` (or, with ``--sqlite``, a SQLite file beside the list),
loads the list through the app's loader (``load_rating_list``'s code) and times it,
then times the registration search on 320 queries of the kinds arbiters type: a
surname's first letters, a whole surname, "first last", "last, first", a surname typed
without its accents, "first" and the start of "last", a common first name alone, and
FIDE IDs.

Budgets (#35): the load under 60 s; the search's p95 under 50 ms (the median and the
slowest are printed beside it).  The exit status is 1 if one is missed.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from .events import OUT
from .load import recreate_database

LOAD_BUDGET = 60.0
SEARCH_BUDGET = 0.050
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/swissweb_ratings"


def _list_file(players: int, seed: int) -> Path:
    from swissweb.ratings import samples  # Django only for this bench

    path = OUT / f"players_list_foa-{players}-seed{seed}.txt"
    if not path.exists():
        OUT.mkdir(parents=True, exist_ok=True)
        started = time.perf_counter()
        with path.open("w", encoding="utf-8", newline="") as out:
            out.writelines(samples.fide_txt(players, seed))
        print(f"wrote {path.name} in {time.perf_counter() - started:.0f} s", flush=True)
    return path


def _queries(players: int, seed: int) -> list[str]:
    from swissweb.ratings import samples  # Django only for this bench
    from swissweb.ratings.formats import name_key  # Django only for this bench

    rng = random.Random(seed)
    people = [e for _, e in zip(range(50_000), samples.entries(players, seed), strict=False)]
    queries = []
    for _ in range(40):
        person = rng.choice(people)
        last, _, first = person.name.partition(", ")
        plain = name_key(last)
        queries += [last[:3], last, f"{first} {last}", f"{last}, {first[:2]}", plain,
                    f"{first} {plain[:4]}", first, person.player_id]  # fmt: skip
    return queries


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.rating_lists", description=__doc__)
    parser.add_argument("--players", type=int, default=1_500_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database-url",
        default=os.environ.get("RATINGS_DATABASE_URL", DEFAULT_DATABASE_URL),
        help="PostgreSQL database to (re)create (default: %(default)s)",
    )
    parser.add_argument("--sqlite", action="store_true", help="use a SQLite file instead")
    args = parser.parse_args(argv)
    path = _list_file(args.players, args.seed)
    if args.sqlite:
        database = OUT / "ratings-bench.sqlite3"
        database.unlink(missing_ok=True)
        os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    else:
        recreate_database(args.database_url)
        os.environ["DATABASE_URL"] = args.database_url
    os.environ.setdefault("SECRET_KEY", "bench-only")
    os.environ.setdefault("DEBUG", "1")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "swissweb.settings")
    import django  # Django only for this bench

    django.setup()
    from django.core.management import call_command  # Django only for this bench
    from django.db import connection  # Django only for this bench
    from django.utils import timezone  # Django only for this bench

    from swissweb.ratings.formats import read_fide_file  # Django only for this bench
    from swissweb.ratings.loader import load_list  # Django only for this bench
    from swissweb.ratings.models import ListKind  # Django only for this bench
    from swissweb.ratings.search import search  # Django only for this bench

    call_command("migrate", verbosity=0, interactive=False)
    started = time.perf_counter()
    with path.open("rb") as data:
        loaded = load_list(name="FIDE", kind=ListKind.FIDE, source=path.name,
                           entries=read_fide_file(path.name, data), user=None,
                           now=timezone.now())  # fmt: skip
    load_seconds = time.perf_counter() - started
    print(f"{connection.vendor}: loaded {loaded.players:,} players in {load_seconds:.1f} s "
          f"(budget {LOAD_BUDGET:.0f} s)")  # fmt: skip
    times = []
    for query in _queries(args.players, args.seed):
        started = time.perf_counter()
        search(query)
        times.append(time.perf_counter() - started)
    times.sort()
    median = statistics.median(times)
    p95 = times[int(len(times) * 0.95) - 1]
    print(
        f"search: {len(times)} queries, median {median * 1000:.1f} ms, "
        f"p95 {p95 * 1000:.1f} ms, slowest {times[-1] * 1000:.1f} ms "
        f"(budget {SEARCH_BUDGET * 1000:.0f} ms p95)"
    )
    return 0 if load_seconds < LOAD_BUDGET and p95 < SEARCH_BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
