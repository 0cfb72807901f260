"""A festival's backup (#34 item 1): one ZIP file holding each section's own backup.

Each section is written by the event backup (``exports.event_trf``, the TRF file every
event's "Backup" gives), as ``<order>-<slug>.trf``; ``festival.json`` names the
festival and, for each file, its section's name, place and rules.  ``restore`` reads
it back; a single section's file is also an event's backup that imports alone.
"""

from __future__ import annotations

import io
import json
import zipfile

from swissweb.tournament.models import Festival
from swissweb.tournament.publishing import exports

MANIFEST = "festival.json"


def festival_zip(festival: Festival) -> bytes:
    """The festival's backup as the bytes of a ZIP file."""
    sections = list(festival.sections.order_by("section_order", "pk"))
    entries: list[dict[str, object]] = [
        {
            "file": f"{event.section_order:02d}-{event.slug}.trf",
            "section": event.section_name,
            "order": event.section_order,
            "min_rating": event.min_rating,
            "max_rating": event.max_rating,
            "min_birth_year": event.min_birth_year,
            "max_birth_year": event.max_birth_year,
            "closed": event.closed,
        }
        for event in sections
    ]
    manifest = {
        "festival": festival.name,
        "slug": festival.slug,
        "start_date": festival.start_date.isoformat() if festival.start_date else None,
        "end_date": festival.end_date.isoformat() if festival.end_date else None,
        "sections": entries,
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(MANIFEST, json.dumps(manifest, indent=2, sort_keys=True))
        for event, entry in zip(sections, entries, strict=True):
            archive.writestr(str(entry["file"]), exports.event_trf(event))
    return buffer.getvalue()
