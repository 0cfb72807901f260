"""Backup files on disk: their names, an atomic write, rotation (#37).

``manage.py backup_events`` writes each event's backup (``exports.event_trf``, the
lossless TRF the arbiter downloads) as ``<slug>-<UTC time>.trf``, for example
``spring-open-20260301T090000Z.trf``: the names of one event sort by time, and
``manage.py restore_event --original-slug`` reads the slug back from the name.  A file
is written under a temporary name in the same directory and renamed into place, so a
reader (a copy to another machine, a restore) never sees half a file, and a crash or a
full disk leaves the earlier backups as they were.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

STAMP_FORMAT = "%Y%m%dT%H%M%SZ"
"""The UTC time in a backup's name: sorts as text in time order."""

BACKUP_NAME = re.compile(r"(?P<slug>[-a-zA-Z0-9_]+)-(?P<stamp>[0-9]{8}T[0-9]{6}Z)\.trf")
"""A backup's name: the event's slug, a dash, the time it was written, ``.trf``."""

MANIFEST_NAME = re.compile(r"manifest-(?P<stamp>[0-9]{8}T[0-9]{6}Z)\.sha256")
"""A run's manifest: the SHA-256 of each file it wrote, as ``sha256sum -c`` reads it."""


def stamp(at: dt.datetime) -> str:
    """``at`` as it appears in a backup's name (UTC)."""
    return at.astimezone(dt.UTC).strftime(STAMP_FORMAT)


def backup_name(slug: str, at: dt.datetime) -> str:
    """The name of the backup of the event ``slug`` written at ``at``."""
    return f"{slug}-{stamp(at)}.trf"


def manifest_name(at: dt.datetime) -> str:
    """The name of the manifest of the run started at ``at``."""
    return f"manifest-{stamp(at)}.sha256"


def slug_of(path: Path) -> str | None:
    """The slug in a backup's name, or ``None`` for a file not named as a backup."""
    found = BACKUP_NAME.fullmatch(path.name)
    return found["slug"] if found else None


@dataclass(frozen=True)
class Written:
    """A file written: where, how long, and its SHA-256 (hex)."""

    path: Path
    size: int
    sha256: str


def write_atomically(path: Path, data: bytes) -> Written:
    """Write ``data`` to ``path`` all at once: to a temporary file in the same directory,
    flushed to disk, then renamed over ``path``.  On any error the temporary file is
    removed and ``path`` is as it was.

    :raises OSError: the directory cannot be written, the disk is full, ...
    """
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, 0o640)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _sync_directory(path.parent)
    return Written(path=path, size=len(data), sha256=hashlib.sha256(data).hexdigest())


def _sync_directory(directory: Path) -> None:
    """Flush the directory's entry of a renamed file to disk, where the system allows."""
    try:
        handle = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def rotate(directory: Path, slug: str, keep: int) -> list[Path]:
    """Remove all but the ``keep`` newest backups of the event ``slug`` in ``directory``;
    the files removed.  Only files named as its backups are touched (``other-slug-…``
    names are another event's even when they start with this slug)."""
    mine = sorted(
        (path for path in directory.iterdir() if slug_of(path) == slug),
        key=lambda path: path.name,
    )
    removed = mine[: max(len(mine) - keep, 0)]
    for path in removed:
        path.unlink(missing_ok=True)
    return removed


def rotate_manifests(directory: Path, keep: int) -> list[Path]:
    """Remove all but the ``keep`` newest run manifests in ``directory``."""
    manifests = sorted(p for p in directory.iterdir() if MANIFEST_NAME.fullmatch(p.name))
    removed = manifests[: max(len(manifests) - keep, 0)]
    for path in removed:
        path.unlink(missing_ok=True)
    return removed
