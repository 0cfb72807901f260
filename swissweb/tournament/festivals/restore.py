"""Restoring a festival from its backup (#34 item 1): the ZIP file ``backup.festival_zip``
writes, read completely and checked before anything is written.

Each section's TRF file is restored as any event's backup is
(``event_services.event_import_trf``: private, the restoring user its arbiter); the
festival is created around them (private, under its slug or a free one) with each
section's name, place and rules from ``festival.json``.  All or nothing.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import zipfile
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.uploads import decode_text, limit_mb
from swissweb.tournament.events import services as event_services
from swissweb.tournament.festivals import services
from swissweb.tournament.festivals.backup import MANIFEST
from swissweb.tournament.models import Festival

MAX_SECTIONS = 50
"""The most sections a backup may hold (a festival has a handful)."""


def _refused() -> TournamentError:
    return TournamentError(_("This is not a festival's backup (a ZIP file from its page)."))


def _read(data: bytes) -> tuple[dict[str, Any], list[tuple[dict[str, Any], str]]]:
    """The manifest and each section's entry with its TRF text, checked for size."""
    limit = int(limit_mb() * 1024 * 1024)
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = {info.filename: info for info in archive.infolist()}
        if MANIFEST not in infos or len(infos) > MAX_SECTIONS + 1:
            raise _refused()
        if sum(info.file_size for info in infos.values()) > limit * 4:
            raise TournamentError(
                _("The backup unpacks to more than %(limit)s MB; nothing was restored.")
                % {"limit": f"{limit_mb() * 4:g}"}
            )
        manifest = json.loads(archive.read(MANIFEST).decode("utf-8"))
        sections = manifest.get("sections") if isinstance(manifest, dict) else None
        if not isinstance(sections, list) or not sections:
            raise _refused()
        texts = []
        for entry in sections:
            name = entry.get("file") if isinstance(entry, dict) else None
            if not isinstance(name, str) or name not in infos:
                raise _refused()
            texts.append((entry, decode_text(archive.read(name), what="TRF file")))
    except (zipfile.BadZipFile, UnicodeDecodeError, json.JSONDecodeError, KeyError) as exc:
        raise _refused() from exc
    return manifest, texts


def _number(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _free_slug(slug: str) -> str:
    base, n, candidate = slug[:70] or "festival", 1, slug[:80] or "festival"
    while Festival.objects.filter(slug=candidate).exists() or candidate in ("new", "import"):
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def festival_restore(*, data: bytes, user: User, now: dt.datetime) -> Festival:
    """Restore a festival and its sections from its backup, ``user`` their arbiter.

    :raises TournamentError: not a festival's backup, too large, or a section's file
        refused (its message names the line).
    """
    manifest, texts = _read(data)
    name = str(manifest.get("festival") or "Festival")[:200]
    with transaction.atomic():
        festival = services.festival_create(
            name=name, slug=_free_slug(str(manifest.get("slug") or "")), user=user, now=now,
            start_date=_date(manifest.get("start_date")), end_date=_date(manifest.get("end_date")),
        )  # fmt: skip
        for entry, text in texts:
            try:
                event = event_services.event_import_trf(text=text, user=user, now=now)
            except TournamentError as exc:
                raise TournamentError(
                    _("Section %(section)s: %(problem)s")
                    % {"section": entry.get("section") or entry["file"], "problem": exc}
                ) from exc
            services.section_attach(
                festival_id=festival.pk, event_id=event.pk, user=user, now=now,
                name=str(entry.get("section") or "")[:60],
            )  # fmt: skip
            rules = services.Rules(
                min_rating=_number(entry.get("min_rating")),
                max_rating=_number(entry.get("max_rating")),
                min_birth_year=_number(entry.get("min_birth_year")),
                max_birth_year=_number(entry.get("max_birth_year")),
                closed=entry.get("closed") is True,
            )
            if rules != services.Rules():
                services.section_rules_set(event_id=event.pk, rules=rules, user=user, now=now)
        return festival


def _date(value: object) -> dt.date | None:
    try:
        return dt.date.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None
