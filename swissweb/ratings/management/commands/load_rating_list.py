"""``manage.py load_rating_list FILE``: load FIDE's monthly list (or a national CSV).

For a cron job each month, or a list too large to upload through the browser.  A file
that does not read ends the command with a message naming the line, never a traceback;
a national CSV's encoding and delimiter are found and said.
"""

from __future__ import annotations

import csv
import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from swissweb.ratings.formats import ListError, read_fide_file
from swissweb.ratings.loader import load_list
from swissweb.ratings.models import ListKind, RatingList
from swissweb.ratings.national import MAPPED, detect, read_national_csv, unread_note


def _mapping(items: list[str]) -> dict[str, str]:
    """``FIELD=COLUMN`` options as a mapping.

    :raises CommandError: an option without ``=`` or naming no field of ours.
    """
    mapping = {}
    for item in items:
        field, equals, column = item.partition("=")
        if not equals or field.strip() not in MAPPED:
            raise CommandError(
                f"--column {item!r}: write FIELD=COLUMN, FIELD one of {', '.join(MAPPED)}"
            )
        mapping[field.strip()] = column.strip()
    return mapping


class Command(BaseCommand):
    help = (
        "Load FIDE's rating list (players_list TXT or XML, zipped or not) or, with "
        "--national NAME and --column FIELD=COLUMN, a national list as CSV (comma, "
        "semicolon or tab; UTF-8, Windows-1252 or Latin-1, found by the command); the "
        "list of that name is replaced."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--national", metavar="NAME", help="a national list, e.g. ECF")
        parser.add_argument(
            "--column",
            action="append",
            default=[],
            metavar="FIELD=COLUMN",
            help=(
                f"a national CSV's column for each of {', '.join(MAPPED)}; several "
                "columns joined by + make one value (player_id=ZPS+Mgl-Nr)"
            ),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        start = time.perf_counter()
        try:
            if options["national"]:
                if options["national"].strip().casefold() == "fide":
                    # A list replaces the one of its name: FIDE's would be lost.
                    raise CommandError("--national FIDE: FIDE is FIDE's list; name it otherwise")
                loaded = self._national(path, options["national"], _mapping(options["column"]))
            else:
                with path.open("rb") as data:
                    loaded = load_list(name="FIDE", kind=ListKind.FIDE, source=path.name,
                                       entries=read_fide_file(path.name, data), user=None,
                                       now=timezone.now())  # fmt: skip
        except (OSError, ListError, csv.Error, UnicodeError) as exc:
            raise CommandError(f"{path}: {exc}. Nothing was loaded.") from exc
        seconds = time.perf_counter() - start
        self.stdout.write(f"{loaded.name}: {loaded.players} players loaded in {seconds:.1f} s")

    def _national(self, path: Path, name: str, mapping: dict[str, str]) -> RatingList:
        found = detect(path.read_bytes())
        self.stdout.write(f"{path.name}: {found.describe()}")
        unread: list[tuple[int, str]] = []
        entries = read_national_csv(found.text, mapping, delimiter=found.delimiter, unread=unread)
        loaded = load_list(name=name, kind=ListKind.NATIONAL, source=path.name, entries=entries,
                           user=None, now=timezone.now())  # fmt: skip
        note = unread_note(unread)
        if note is not None:
            self.stdout.write(f"{path.name}: {note}")
        return loaded
