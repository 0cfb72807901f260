"""Backups in operation (#37): ``backup_events`` writes every event's TRF backup to a
directory, ``restore_event`` creates events from them, as the web import does."""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import os
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.models import AuditEntry, Event, Game, Player, Round
from swissweb.tournament.publishing import backup_files, exports
from tests.web.backup_helpers import boards, lose, restored, standings

pytestmark = pytest.mark.django_db

NAME = re.compile(r"(?P<slug>[-a-z0-9]+)-[0-9]{8}T[0-9]{6}Z\.trf")


def _slug(name: str) -> str:
    """The event's slug in a backup file's ``name`` (the name must be the command's)."""
    match = NAME.fullmatch(name)
    assert match is not None, name
    return match["slug"]


def _backup(out: Path, *args: str) -> tuple[str, str]:
    stdout, stderr = io.StringIO(), io.StringIO()
    call_command("backup_events", "--out", str(out), *args, stdout=stdout, stderr=stderr)
    return stdout.getvalue(), stderr.getvalue()


def _restore(*args: str) -> str:
    stdout = io.StringIO()
    call_command("restore_event", *args, stdout=stdout, stderr=io.StringIO())
    return stdout.getvalue()


def _counts() -> tuple[int, ...]:
    return tuple(m.objects.count() for m in (Event, Player, Round, Game, AuditEntry))


@pytest.fixture
def demos() -> list[Event]:
    """``make run``'s demo events: one per system, three rounds played, one in play."""
    call_command("load_demo", stdout=io.StringIO())
    return list(Event.objects.order_by("slug"))


def test_backup_of_every_event_restored_into_an_empty_database_reads_the_same(
    demos: list[Event], stranger: User, tmp_path: Path
) -> None:
    """The restore drill: back every event up, lose them all, restore every file with
    its original slug; each event has the same pairings, results and standings after
    every round, and its backup is the file restored (but for being private)."""
    before = {e.slug: (boards(e), standings(e), exports.event_trf(e)) for e in demos}
    out, _ = _backup(tmp_path)
    files = sorted(tmp_path.glob("*.trf"))
    assert [_slug(f.name) for f in files] == sorted(before)
    for event in demos:
        assert f"ok {event.slug} {event.slug}-" in out
        lose(event)
    assert _counts()[:4] == (0, 0, 0, 0)
    said = _restore("--arbiter", stranger.username, "--original-slug", *map(str, files))
    assert said.count("\nok ") + said.startswith("ok ") == len(demos)
    for slug, (games, table, text) in before.items():
        copy = Event.objects.get(slug=slug)
        assert list(copy.arbiters.all()) == [stranger] and not copy.public
        assert boards(copy) == games
        assert len(table) == 3 and standings(copy) == table
        assert exports.event_trf(copy) == restored(text)


def test_backup_writes_a_manifest_sha256sum_checks(demos: list[Event], tmp_path: Path) -> None:
    """The run's manifest holds each file's SHA-256 in ``sha256sum -c``'s layout."""
    out, _ = _backup(tmp_path)
    (manifest,) = tmp_path.glob("manifest-*.sha256")
    assert f"manifest {manifest.name}" in out
    lines = manifest.read_text().splitlines()
    assert len(lines) == len(demos)
    for line in lines:
        digest, name = line.split("  ")
        assert hashlib.sha256((tmp_path / name).read_bytes()).hexdigest() == digest
    assert f"{len(demos)} of {len(demos)} events backed up" in out


def test_backup_file_is_the_download_byte_for_byte(two_rounds: Event, tmp_path: Path) -> None:
    """The file is the arbiter's "Download TRF backup", in UTF-8 with its CRLF lines."""
    _backup(tmp_path)
    (path,) = tmp_path.glob("*.trf")
    event = Event.objects.get(pk=two_rounds.pk)
    assert path.read_bytes() == exports.event_trf(event).encode("utf-8")
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def _old(directory: Path, slug: str, day: int) -> Path:
    path = directory / backup_files.backup_name(slug, dt.datetime(2026, 1, day, tzinfo=dt.UTC))
    path.write_text("old")
    return path


def test_backup_keep_rotates_each_events_files_and_no_other(
    event: Event, players: list[Player], tmp_path: Path
) -> None:
    """``--keep 2`` keeps the two newest backups of each event backed up, this run's
    included; another event's files (a slug this slug begins) and other files stay."""
    Event.objects.create(name="Spring Open", slug="spring-open", rounds=5)
    mine = [_old(tmp_path, "spring", day) for day in (1, 2, 3)]
    theirs = [_old(tmp_path, "spring-open", day) for day in (1, 2, 3)]
    gone = [_old(tmp_path, "spring-gone", day) for day in (1, 2, 3)]  # a deleted event
    other = tmp_path / "notes.txt"
    other.write_text("mine")
    out, _ = _backup(tmp_path, "--keep", "2", "--event", "spring")
    left = {p.name for p in tmp_path.iterdir()}
    (new,) = {n for n in left if n.startswith("spring-2")} - {p.name for p in mine}
    assert new > mine[2].name
    assert {mine[2].name, new} <= left and not {mine[0].name, mine[1].name} & left
    assert {p.name for p in theirs + gone} <= left and other.name in left
    assert f"removed {mine[0].name} (--keep 2)" in out


def test_backup_skips_an_event_without_players_and_says_so(
    event: Event, two_rounds: Event, tmp_path: Path
) -> None:
    """A new event with no players yet has nothing a TRF file can hold (a restore
    refuses a file without player lines): it is skipped with a line, not a failure."""
    Event.objects.create(name="Autumn Open", slug="autumn", rounds=5)
    out, err = _backup(tmp_path)
    assert "skipped autumn: no players yet, nothing to back up" in out
    assert "1 of 1 events backed up" in out and "1 without players skipped" in out
    assert [p.name.split("-")[0] for p in tmp_path.glob("*.trf")] == ["spring"] and not err


@pytest.mark.parametrize("keep", ["0", "-1", "two"])
def test_backup_keep_must_be_a_positive_number(keep: str, tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="--keep"):
        _backup(tmp_path, "--keep", keep)


def test_backup_to_a_missing_directory_fails_and_writes_nothing(
    event: Event, tmp_path: Path
) -> None:
    """A directory not there (a backup disk not mounted) stops the run with exit status
    1 and a message naming it; nothing is created in its place."""
    missing = tmp_path / "not-mounted"
    with pytest.raises(CommandError, match="not-mounted is not a directory"):
        _backup(missing)
    assert not missing.exists()


def test_backup_of_an_unknown_event_fails(event: Event, tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="No event with the slug nowhere"):
        _backup(tmp_path, "--event", "nowhere")
    assert list(tmp_path.iterdir()) == []


def test_backup_an_event_that_fails_is_named_the_others_written_its_old_files_kept(
    demos: list[Event], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One event that cannot be exported: named on standard error with the reason, the
    run ends with exit status 1, every other event is backed up, and ``--keep`` removes
    none of the broken event's older backups."""
    broken = demos[0]
    kept = [_old(tmp_path, broken.slug, day) for day in (1, 2)]
    real = exports.event_trf

    def export(event: Event) -> str:
        if event.pk == broken.pk:
            raise TournamentError("simulated: the event cannot be read")
        return real(event)

    monkeypatch.setattr(exports, "event_trf", export)
    stdout, stderr = io.StringIO(), io.StringIO()
    with pytest.raises(CommandError, match=rf"Not backed up: {broken.slug} "):
        call_command("backup_events", "--out", str(tmp_path), "--keep", "1", stdout=stdout,
                     stderr=stderr)  # fmt: skip
    assert f"FAILED {broken.slug}: simulated: the event cannot be read" in stderr.getvalue()
    assert all(path.exists() for path in kept)
    names = {_slug(p.name) for p in tmp_path.glob("*.trf")}
    assert names == {e.slug for e in demos}
    (manifest,) = tmp_path.glob("manifest-*")
    assert len(manifest.read_text().splitlines()) == len(demos) - 1


def test_backup_write_that_fails_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write that fails at the rename (or before: a full disk) removes its temporary
    file; the file of that name keeps what it held."""
    path = tmp_path / "spring-20260101T000000Z.trf"
    path.write_bytes(b"before")

    def refuse(source: str, target: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError, match="No space left"):
        backup_files.write_atomically(path, b"after")
    assert path.read_bytes() == b"before"
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


@pytest.mark.django_db(transaction=True)
def test_backup_outside_a_transaction_reads_one_snapshot(tmp_path: Path) -> None:
    """Run as cron runs it (no transaction around the command): on PostgreSQL each event
    is read in a read-only REPEATABLE READ transaction, which the export never writes in."""
    user = User.objects.create_user("snapshot", password="pw-snapshot-1")
    call_command("load_demo", stdout=io.StringIO())
    out, _ = _backup(tmp_path, "--event", "demo-open")
    (path,) = tmp_path.glob("demo-open-*.trf")
    saved = exports.event_trf(Event.objects.get(slug="demo-open"))
    assert path.read_bytes() == saved.encode("utf-8")
    assert "1 of 1 events backed up" in out and user.pk


@pytest.mark.django_db(transaction=True)
def test_backup_reads_each_event_in_a_snapshot_that_lets_writers_go_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While an event is exported, a transaction is open: on PostgreSQL REPEATABLE READ,
    read only; on SQLite a deferred one, not Django's atomic block, which the app begins
    IMMEDIATE (holding the write lock, so result entry would wait for the backup)."""
    Event.objects.create(name="Spring", slug="spring", rounds=5)
    Player.objects.create(event=Event.objects.get(), name="Adams, Ann")
    seen: list[object] = []
    real = exports.event_trf

    def export(event: Event) -> str:
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SHOW transaction_isolation")
                seen.append(cursor.fetchone())
                cursor.execute("SHOW transaction_read_only")
                seen.append(cursor.fetchone())
        else:
            seen.extend([connection.connection.in_transaction, connection.in_atomic_block])
        return real(event)

    monkeypatch.setattr(exports, "event_trf", export)
    _backup(tmp_path)
    if connection.vendor == "postgresql":
        assert seen == [("repeatable read",), ("on",)]
    else:
        assert seen == [True, False]
        assert not connection.connection.in_transaction  # ended after the export


def test_restore_of_a_bad_file_names_line_and_column_and_writes_nothing(
    two_rounds: Event, stranger: User, tmp_path: Path
) -> None:
    """A file that does not read is refused with the import's message; no event, player
    or audit row is created, and the command fails."""
    lines = exports.event_trf(two_rounds).split("\r\n")
    index = next(i for i, t in enumerate(lines) if t.startswith("SWG   1") and t.endswith("1-0"))
    lines[index] = lines[index][:-3] + "0-1"
    bad = tmp_path / "bad.trf"
    bad.write_text("\r\n".join(lines), encoding="utf-8")
    before = _counts()
    stderr = io.StringIO()
    with pytest.raises(CommandError, match="1 of 1 files not restored"):
        call_command("restore_event", "--arbiter", stranger.username, str(bad),
                     stdout=io.StringIO(), stderr=stderr)  # fmt: skip
    assert f"FAILED {bad}: TRF line {index + 1}, column 14: " in stderr.getvalue()
    assert _counts() == before


def test_restore_into_a_taken_slug_writes_nothing(
    two_rounds: Event, stranger: User, tmp_path: Path
) -> None:
    """The original slug taken (the event was not lost): refused, nothing restored."""
    path = tmp_path / backup_files.backup_name(two_rounds.slug, dt.datetime.now(dt.UTC))
    path.write_text(exports.event_trf(two_rounds), encoding="utf-8")
    before = _counts()
    stderr = io.StringIO()
    with pytest.raises(CommandError):
        call_command("restore_event", "--arbiter", stranger.username, "--original-slug",
                     str(path), stdout=io.StringIO(), stderr=stderr)  # fmt: skip
    assert "is the slug of another event" in stderr.getvalue()
    assert _counts() == before
    said = _restore("--arbiter", stranger.username, "--slug", "spring-copy", str(path))
    assert "-> /events/spring-copy/" in said
    # As the web import says it: the original is still here, so its links are new.
    assert "  note: " in said and "private links" in said
    copy = Event.objects.get(slug="spring-copy")
    original = Event.objects.get(pk=two_rounds.pk)
    assert boards(copy) == boards(original) and standings(copy) == standings(original) != []


def test_restore_refusals_before_reading_any_file(stranger: User, tmp_path: Path) -> None:
    """An unknown arbiter, ``--slug`` with two files, a missing file: clear messages."""
    with pytest.raises(CommandError, match="No user 'nobody'"):
        _restore("--arbiter", "nobody", str(tmp_path / "a.trf"))
    with pytest.raises(CommandError, match="--slug names one event"):
        _restore("--arbiter", stranger.username, "--slug", "x", "a.trf", "b.trf")
    stderr = io.StringIO()
    with pytest.raises(CommandError, match="1 of 1 files not restored"):
        call_command("restore_event", "--arbiter", stranger.username, str(tmp_path / "a.trf"),
                     stdout=io.StringIO(), stderr=stderr)  # fmt: skip
    assert "No such file" in stderr.getvalue()
    assert not Event.objects.exists()


def test_restore_original_slug_needs_a_backup_name(stranger: User, tmp_path: Path) -> None:
    path = tmp_path / "spring.trf"
    path.write_text("x")
    stderr = io.StringIO()
    with pytest.raises(CommandError):
        call_command("restore_event", "--arbiter", stranger.username, "--original-slug",
                     str(path), stdout=io.StringIO(), stderr=stderr)  # fmt: skip
    assert "the name is not <slug>-<UTC time>.trf" in stderr.getvalue()


OTHER_PROGRAM = (
    Path(__file__).resolve().parents[1] / "data" / "trf-samples" / "icu_armstrong_2011.tab"
)
"""A Swiss-Manager file of a rated event with no pairing-system record."""


def test_restore_of_a_file_naming_no_system_asks_for_system_and_writes_nothing(
    stranger: User,
) -> None:
    """Another program's file that names no system is refused, as the web import asks
    (#36 item 3), with the option to give and today's Dutch proposed for a rated event;
    nothing of it is written."""
    before = _counts()
    stderr = io.StringIO()
    with pytest.raises(CommandError, match="1 of 1 files not restored"):
        call_command("restore_event", "--arbiter", stranger.username, str(OTHER_PROGRAM),
                     stdout=io.StringIO(), stderr=stderr)  # fmt: skip
    said = stderr.getvalue()
    assert "does not say which pairing system paired it" in said
    assert "Give --system" in said and "--system dutch)" in said
    assert _counts() == before


def test_restore_with_system_reads_a_file_naming_none_by_that_system(stranger: User) -> None:
    said = _restore("--arbiter", stranger.username, "--system", "lim", str(OTHER_PROGRAM))
    assert said.startswith(f"ok {OTHER_PROGRAM} -> /events/")
    assert Event.objects.get().system == "lim"
