"""Back up every event to a directory: the lossless TRF backup, one file per event (#37).

``manage.py backup_events --out /var/backups/swissweb [--keep 14]`` writes each event's
backup (``exports.event_trf``, the file "Download TRF backup" gives the arbiter) as
``<slug>-<UTC time>.trf`` (``backup_files``), each written atomically, after checking it
reads back as a whole event (``backup.event_plan``, what a restore reads first).  Then a
manifest of the run (``manifest-<UTC time>.sha256``, checked by ``sha256sum -c``) and, with
``--keep N``, the N newest backups of each event backed up are kept, older ones removed.

Each event gets one line on standard output (``ok``, slug, file, players, rounds, bytes).
An event that cannot be backed up is named on standard error with the reason; the others
are still backed up, its older backups are kept, and the command ends with exit status 1
(for cron's mail or the systemd unit's failed state).  An event without players yet is
skipped with a line saying so: a TRF file is its player lines, and a restore refuses
one without any.  A directory that is missing or
cannot be written stops the run before anything is exported.
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection, transaction
from django.utils import timezone

from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.models import Event
from swissweb.tournament.publishing import backup, backup_files, exports


def _positive(value: str) -> int:
    number = int(value)
    if number < 1:
        raise ValueError(value)
    return number


def snapshot_trf(event: Event) -> str:
    """The event's backup read in one transaction, so that a result entered meanwhile is
    in every line of it or in none.  On PostgreSQL a read-only REPEATABLE READ
    transaction (one snapshot for all its queries).  On SQLite a deferred one, which
    reads one snapshot under WAL without the write lock an atomic block takes there
    (begun IMMEDIATE, ``swissweb/databases.py``): results entered meanwhile do not wait.
    Inside a caller's transaction, that transaction is the snapshot."""
    if connection.in_atomic_block:
        return exports.event_trf(event)
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("BEGIN DEFERRED")
        try:
            return exports.event_trf(event)
        finally:
            with connection.cursor() as cursor:
                cursor.execute("ROLLBACK")
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        return exports.event_trf(event)


class Command(BaseCommand):
    help = (
        "Write every event's TRF backup to a directory (one file per event, "
        "<slug>-<UTC time>.trf, written atomically) and a manifest of the run."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--out", required=True, type=Path, help="An existing directory to write to."
        )
        parser.add_argument(
            "--keep",
            type=_positive,
            default=None,
            metavar="N",
            help="Keep the N newest backups of each event backed up (and N manifests); "
            "remove older ones. Default: remove nothing.",
        )
        parser.add_argument(
            "--event",
            action="append",
            default=[],
            metavar="SLUG",
            help="Back up only this event (repeat for more). Default: every event.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        out: Path = options["out"]
        keep: int | None = options["keep"]
        if not out.is_dir():
            raise CommandError(
                f"{out} is not a directory. Create it (and mount the backup disk, if it is "
                "one) first; nothing was written."
            )
        if not os.access(out, os.W_OK | os.X_OK):
            raise CommandError(f"{out} cannot be written by this user; nothing was written.")
        events = Event.objects.order_by("slug")
        if options["event"]:
            wanted = set(options["event"])
            events = events.filter(slug__in=wanted)
            missing = sorted(wanted - set(events.values_list("slug", flat=True)))
            if missing:
                raise CommandError(f"No event with the slug {', '.join(missing)}; nothing written.")
        now = timezone.now()
        written: list[backup_files.Written] = []
        failed: list[str] = []
        skipped = 0
        for event in events:
            if not event.players.exists():
                # A TRF file is its player lines: a restore refuses one without any.
                self.stdout.write(f"skipped {event.slug}: no players yet, nothing to back up")
                skipped += 1
                continue
            try:
                done = self._back_up(event, out, now)
            except (TournamentError, OSError) as exc:
                failed.append(event.slug)
                self.stderr.write(f"FAILED {event.slug}: {exc}")
                continue
            except Exception as exc:  # noqa: BLE001 - one broken event must not stop the rest
                failed.append(event.slug)
                self.stderr.write(f"FAILED {event.slug}: {type(exc).__name__}: {exc}")
                continue
            written.append(done)
            if keep is not None:
                for old in backup_files.rotate(out, event.slug, keep):
                    self.stdout.write(f"removed {old.name} (--keep {keep})")
        if written:
            self._manifest(out, now, written, keep)
        total = len(written) + len(failed)
        summary = f"{len(written)} of {total} events backed up to {out}."
        if skipped:
            summary += f" {skipped} without players skipped."
        if failed:
            raise CommandError(
                f"{summary} Not backed up: {', '.join(failed)} (see the messages above); "
                "their earlier backups were kept."
            )
        self.stdout.write(summary)

    def _back_up(self, event: Event, out: Path, now: dt.datetime) -> backup_files.Written:
        """Export, check, write one event; its summary line on standard output."""
        text = snapshot_trf(event)
        # The check a restore makes first: a backup that does not read back is no backup.
        plan = backup.event_plan(text, now=now)
        path = out / backup_files.backup_name(event.slug, now)
        done = backup_files.write_atomically(path, text.encode("utf-8"))
        self.stdout.write(
            f"ok {event.slug} {path.name} players={len(plan.players)} "
            f"rounds={len(plan.rounds)} bytes={done.size}"
        )
        return done

    def _manifest(
        self, out: Path, now: dt.datetime, written: list[backup_files.Written], keep: int | None
    ) -> None:
        lines = "".join(f"{w.sha256}  {w.path.name}\n" for w in written)
        path = out / backup_files.manifest_name(now)
        try:
            backup_files.write_atomically(path, lines.encode("utf-8"))
        except OSError as exc:
            raise CommandError(
                f"The backups were written, but not the manifest {path}: {exc}"
            ) from exc
        self.stdout.write(f"manifest {path.name}")
        if keep is not None:
            backup_files.rotate_manifests(out, keep)
