"""``manage.py load_rating_list FILE``: load FIDE's monthly list (or a national CSV).

For a cron job each month, or a list too large to upload through the browser.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from swissweb.ratings.formats import MAPPED, ListError, read_fide_file, read_national_csv
from swissweb.ratings.loader import load_list
from swissweb.ratings.models import ListKind


class Command(BaseCommand):
    help = (
        "Load FIDE's rating list (players_list TXT or XML, zipped or not) or, with "
        "--national NAME and --column FIELD=COLUMN, a national list as CSV; the list "
        "of that name is replaced."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--national", metavar="NAME", help="a national list, e.g. ECF")
        parser.add_argument(
            "--column",
            action="append",
            default=[],
            metavar="FIELD=COLUMN",
            help=f"a national CSV's column for each of {', '.join(MAPPED)}",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        start = time.perf_counter()
        try:
            if options["national"]:
                mapping = dict(item.split("=", 1) for item in options["column"] if "=" in item)
                text = path.read_text(encoding="utf-8-sig")
                entries = read_national_csv(text, mapping)
                name, kind = options["national"], ListKind.NATIONAL
                loaded = load_list(name=name, kind=kind, source=path.name, entries=entries,
                                   user=None, now=timezone.now())  # fmt: skip
            else:
                with path.open("rb") as data:
                    loaded = load_list(name="FIDE", kind=ListKind.FIDE, source=path.name,
                                       entries=read_fide_file(path.name, data), user=None,
                                       now=timezone.now())  # fmt: skip
        except (OSError, ListError) as exc:
            raise CommandError(f"{path}: {exc}") from exc
        seconds = time.perf_counter() - start
        self.stdout.write(f"{loaded.name}: {loaded.players} players loaded in {seconds:.1f} s")
