"""Create events from TRF backups, from a shell: the web's "New event from a TRF backup" (#37).

``manage.py restore_event --arbiter NAME FILE [FILE ...]`` reads each file as the upload
does (``uploads.decode_text``) and creates the event through the same service
(``event_services.event_import_trf``): checked whole first, then written all at once, the
user ``NAME`` its arbiter, private until published (#31).  The event takes a free slug made
from its name, or with ``--slug`` (one file) that slug, or with ``--original-slug`` the slug
in the file's name as ``backup_events`` writes it (``<slug>-<UTC time>.trf``): the
addresses players have keep working.  A slug that is taken refuses that file.

A file that names no pairing system (another program's, with no ``XXS``/``192`` record)
is refused unless ``--system`` says which system paired it, as the web import asks
(#36 item 3): reading it as some default would pair its next round by the wrong rules.

Each file restored is one line on standard output; each refused is named on standard
error with the reason (line and column for a bad file), nothing of it written, and the
command ends with exit status 1 after trying the others.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.utils import timezone

from swissweb.tournament.audit import selectors as audit_selectors
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.uploads import decode_text
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, PairingSystem
from swissweb.tournament.publishing import backup_files
from swissweb.tournament.publishing.backup_plans import SystemNotNamed


class Command(BaseCommand):
    help = "Create an event from each TRF backup given (as the web's import does)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", type=Path, metavar="FILE")
        parser.add_argument(
            "--arbiter",
            required=True,
            metavar="USERNAME",
            help="The existing user who becomes the arbiter of each event restored.",
        )
        parser.add_argument(
            "--system",
            choices=PairingSystem.values,
            help="The pairing system that paired a file naming none (another program's); "
            "a file that names its system keeps it.",
        )
        slug = parser.add_mutually_exclusive_group()
        slug.add_argument("--slug", help="The restored event's slug (one file only).")
        slug.add_argument(
            "--original-slug",
            action="store_true",
            help="Take each event's slug from its file name (<slug>-<UTC time>.trf, as "
            "backup_events names it).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        files: list[Path] = options["files"]
        if options["slug"] and len(files) > 1:
            raise CommandError("--slug names one event: give one file (or --original-slug).")
        try:
            user = get_user_model().objects.get(username=options["arbiter"])
        except get_user_model().DoesNotExist:
            raise CommandError(
                f"No user {options['arbiter']!r}: create one first "
                "(manage.py createsuperuser); nothing was restored."
            ) from None
        failed = []
        for path in files:
            slug = options["slug"] or (
                backup_files.slug_of(path) if options["original_slug"] else None
            )
            if options["original_slug"] and slug is None:
                self.stderr.write(
                    f"FAILED {path}: the name is not <slug>-<UTC time>.trf, as backup_events "
                    "names a backup; give --slug or no slug option. Nothing was restored."
                )
                failed.append(path)
                continue
            try:
                event = self._restore(path, user, slug, options["system"])
            except SystemNotNamed as exc:
                proposal = (
                    f" (for this rated event: --system {exc.proposed})" if exc.proposed else ""
                )
                self.stderr.write(
                    f"FAILED {path}: {exc} Give --system with one of "
                    f"{', '.join(PairingSystem.values)}{proposal}. Nothing of it was restored."
                )
                failed.append(path)
                continue
            except (OSError, TournamentError) as exc:
                self.stderr.write(f"FAILED {path}: {exc} (nothing of it was restored)")
                failed.append(path)
                continue
            players, rounds = event.players.count(), event.round_set.count()
            self.stdout.write(
                f"ok {path} -> /events/{event.slug}/ {event.name!r} players={players} "
                f"rounds={rounds} (private until published)"
            )
            imported = audit_selectors.imported(event=event)
            for duplicate in imported.duplicates if imported is not None else ():
                self.stdout.write(f"  warning: {duplicate}")
            for note in imported.notes if imported is not None else ():
                self.stdout.write(f"  note: {note}")
        if failed:
            raise CommandError(f"{len(failed)} of {len(files)} files not restored.")

    def _restore(self, path: Path, user: User, slug: str | None, system: str | None) -> Event:
        """One file, all or nothing (the slug change in the same transaction)."""
        text = decode_text(path.read_bytes(), what="TRF file")
        now = timezone.now()
        with transaction.atomic():
            event = event_services.event_import_trf(
                text=text, user=user, now=now, system=system, ask_system=True
            )
            if slug is not None and slug != event.slug:
                event = event_services.event_settings_update(
                    event_id=event.pk,
                    changes={"slug": slug},
                    expected_version=event.settings_version,
                    user=user,
                    now=now,
                )
        return event
