"""The event as a FIDE Tournament Report File, and players read from one.

Export: every completed round, with our extension lines (``SWC`` clubs, ``SWT`` top
players, ``SWW`` withdrawals, ``SWY`` the system), which other readers ignore.
"""

from __future__ import annotations

from typing import Any

from pairing.engine.errors import TrfError
from pairing.engine.trf import read_trf, trf_from_state, write_trf

from . import selectors
from .errors import TournamentError
from .models import Event, Title


def event_trf(event: Event) -> str:
    """The event's completed rounds as TRF text."""
    state = selectors.completed_state(event=event)
    players = {p.pairing_number: p for p in event.players.all()}
    details = {
        number: {
            "sex": player.sex,
            "federation": player.federation,
            "fide_id": str(player.fide_id or ""),
            "birth_date": player.birth_date.strftime("%Y/%m/%d") if player.birth_date else "",
        }
        for number, player in players.items()
    }
    headers = [
        ("022", event.venue),
        ("092", f"Individual: Swiss-System ({event.get_system_display()})"),
    ]
    if event.start_date:
        headers.append(("042", event.start_date.strftime("%Y/%m/%d")))
    if event.end_date:
        headers.append(("052", event.end_date.strftime("%Y/%m/%d")))
    doc = trf_from_state(
        state, name=event.name, system=event.system, headers=headers, details=details
    )
    return write_trf(doc)


def players_from_trf(text: str) -> list[dict[str, Any]]:
    """Player rows (for ``services.players_add``) read from a TRF file.

    :raises TournamentError: the file is malformed; the message names line and column.
    """
    import datetime as dt

    try:
        doc = read_trf(text)
    except TrfError as exc:
        raise TournamentError(f"TRF line {exc.line}, column {exc.column}: {exc.message}") from exc
    clubs = {}
    for _, rest in doc.tagged("SWC"):
        if rest[:4].strip().isdigit():
            clubs[int(rest[:4])] = rest[5:].strip()
    top = {int(t) for _, rest in doc.tagged("SWT") for t in rest.split() if t.isdigit()}
    titles = {t.upper(): t for t in Title.values if t}
    rows = []
    for player in sorted(doc.players, key=lambda p: p.start_rank):
        birth = None
        for fmt in ("%Y/%m/%d", "%Y.%m.%d", "%Y-%m-%d"):
            try:
                birth = dt.datetime.strptime(player.birth_date, fmt).date()
                break
            except ValueError:
                continue
        rows.append(
            {
                "name": player.name or f"Player {player.start_rank}",
                "rating": player.rating,
                "title": titles.get(player.title.upper(), ""),
                "federation": player.federation[:3].upper(),
                "fide_id": int(player.fide_id) if player.fide_id.isdigit() else None,
                "birth_date": birth,
                "sex": {"m": "m", "w": "w", "f": "w"}.get(player.sex.lower(), ""),
                "club": clubs.get(player.start_rank, ""),
                "top_player": player.start_rank in top,
            }
        )
    if not rows:
        raise TournamentError("The TRF file has no player lines (001).")
    return rows
