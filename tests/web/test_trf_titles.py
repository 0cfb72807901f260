"""#33: one TRF player reader for every import path, knowing every FIDE title code.

The backup import (a whole event) and the players import read 001 lines alike: every
title code of the TRF specification (GM IM FM CM WGM WIM WFM WCM and the old one-letter
forms g m f c wg wm wf wc), and a code that is no title imports the player without one,
said in the import's notes, rather than refusing the whole event.
"""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import AuditEntry, Event, Player
from swissweb.tournament.publishing import exports

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)

CODES = {
    "GM": "GM", "IM": "IM", "FM": "FM", "CM": "CM", "WGM": "WGM", "WIM": "WIM", "WFM": "WFM",
    "WCM": "WCM", "g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM",
    "wf": "WFM", "wc": "WCM", "": "",
}  # fmt: skip
"""Each TRF title code and the title it reads as."""


def _file(titles: list[str], user: User) -> str:
    """A TRF file of one player per code, written by our export with the titles replaced."""
    event = Event.objects.create(name="Titles", slug="titles", rounds=3)
    for index in range(len(titles)):
        Player.objects.create(event=event, name=f"Player {index:02d}", rating=2400 - index)
    event_services.event_start(event_id=event.pk, user=user, now=T0)
    lines = exports.event_trf(event).split("\r\n")
    for index, line in enumerate(lines):
        if line.startswith("001 "):
            rank = int(line[4:8])
            lines[index] = line[:10] + titles[rank - 1].rjust(3) + line[13:]
    event.delete()
    return "\r\n".join(lines)


def test_trf_titles_cm_and_wcm_import_on_every_path(stranger: User) -> None:
    """Every title code reads as its title on the backup and on the players import."""
    text = _file(list(CODES), stranger)
    rows = exports.players_from_trf(text)
    assert [row["title"] for row in rows] == list(CODES.values())
    event = event_services.event_import_trf(text=text, user=stranger, now=T0)
    titles = event.players.order_by("pairing_number").values_list("title", flat=True)
    assert list(titles) == list(CODES.values())


def test_trf_unknown_title_imports_the_player_without_one_on_every_path(
    stranger: User,
) -> None:
    """A code that is no FIDE title (here XM) leaves the player untitled, said in the
    import's notes; the event imports whole, on both paths alike."""
    text = _file(["GM", "XM", "wc"], stranger)
    notes: list[str] = []
    rows = exports.players_from_trf(text, notes)
    assert [row["title"] for row in rows] == ["GM", "", "WCM"]
    assert len(notes) == 1 and "'XM'" in notes[0] and "without" in notes[0]
    event = event_services.event_import_trf(text=text, user=stranger, now=T0)
    titles = event.players.order_by("pairing_number").values_list("title", flat=True)
    assert list(titles) == ["GM", "", "WCM"]
    entry = AuditEntry.objects.get(event=event, action="event_import")
    assert entry.after["not_read"] == notes


def test_trf_unknown_title_in_the_players_import_page_is_a_warning(
    event: Event, arbiter: User, arbiter_client: Client
) -> None:
    """The players import's page names the title it left out, and imports the rest."""
    text = _file(["XM", "c"], arbiter)
    upload = SimpleUploadedFile("players.trf", text.encode())
    url = reverse("tournament:players_import_trf", args=[event.slug])
    response = arbiter_client.post(url, {"trf": upload}, follow=True)
    shown = [str(m) for m in response.context["messages"]]
    assert any("'XM'" in m for m in shown), shown
    assert list(event.players.values_list("title", flat=True).order_by("pk")) == ["", "CM"]
