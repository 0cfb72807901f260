"""The public pages' weight at 300 players, 9 rounds (``python -m bench.public_pages``, #34).

Builds a 300-player, 9-round Dutch event through the app's services in a SQLite file of
its own (or ``--database-url``), eight rounds completed and the ninth published with half
of its results, and reads each public page once as an anonymous reader with Django's
test client, in this process.  Prints each page's HTML as sent before compression and
gzipped; the event page and the starting-rank list have budgets (``BUDGETS``).  The
exit status is 1 if a budget is missed or a page does not answer 200.

The figure the phone pays is the HTML's size: a page of 463 KB was 20,000 px tall at
375 px wide before the rounds moved to their own pages.
"""

from __future__ import annotations

import argparse
import gzip
import os
import secrets
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bench.load_event import build_event

SLUG = "public-open"

BUDGETS = {"event page": 60_000, "starting rank": 60_000}
"""Bytes of HTML (before compression) a page may weigh at 300 players, 9 rounds."""


def pages(slug: str, rounds: int) -> dict[str, str]:
    """The public pages measured, by name."""
    base = f"/events/{slug}/"
    return {
        "event page": base,
        f"round {rounds} (in play)": f"{base}rounds/{rounds}/",
        f"round {rounds - 1}": f"{base}rounds/{rounds - 1}/",
        "starting rank": f"{base}starting-rank/",
        "standings": f"{base}standings/",
    }


def measure(slug: str, rounds: int) -> list[tuple[str, int, int, int, int | None]]:
    """Each page's name, status, HTML bytes, gzipped bytes and budget (``None``: none)."""
    from django.test import Client  # Django only for this bench

    client = Client()
    found = []
    for name, path in pages(slug, rounds).items():
        response = client.get(path)
        body = response.content
        found.append(
            (name, response.status_code, len(body), len(gzip.compress(body, 6)), BUDGETS.get(name))
        )
    return found


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.public_pages", description=__doc__)
    parser.add_argument(
        "--database-url", default="", help="an empty database (default: a new SQLite file)"
    )
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=2026)
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    folder = tempfile.TemporaryDirectory(prefix="swissweb-public-")
    url = args.database_url or f"sqlite:///{Path(folder.name) / 'bench.sqlite3'}"
    os.environ.update(
        DATABASE_URL=url,
        SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_SETTINGS_MODULE="swissweb.settings",
        ALLOWED_HOSTS="testserver",
        SECURE_SSL_REDIRECT="0",
        ANON_RATE_LIMIT="0",
        LOG_LEVEL="WARNING",
    )
    import django  # Django only for this bench
    from django.core.management import call_command  # Django only for this bench

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)
    call_command("collectstatic", verbosity=0, interactive=False)  # production's manifest
    started = time.monotonic()
    build_event(
        players=args.players,
        rounds=args.rounds,
        completed=args.rounds - 1,
        seed=args.seed,
        slug=SLUG,
    )
    print(f"Built the event in {time.monotonic() - started:.0f} s", flush=True)
    print(f"\n{args.players} players, {args.rounds} rounds, round {args.rounds} in play\n")
    print("| Page | HTML | gzipped | budget | |")
    print("|---|---:|---:|---:|---|")
    over = False
    for name, status, size, zipped, budget in measure(SLUG, args.rounds):
        if status != 200:
            print(f"| {name} | HTTP {status} | | | OVER |")
            over = True
            continue
        missed = budget is not None and size > budget
        over |= missed
        limit = f"{budget / 1000:,.0f} KB" if budget else ""
        verdict = ("OVER" if missed else "ok") if budget else ""
        print(f"| {name} | {size / 1000:,.1f} KB | {zipped / 1000:,.1f} KB | {limit} | {verdict} |")
    folder.cleanup()
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
