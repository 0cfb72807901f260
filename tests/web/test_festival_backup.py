"""A festival's backup and its restore (#34 item 1): one ZIP file of each section's TRF
backup and ``festival.json``; the restore rebuilds the festival, all or nothing."""

from __future__ import annotations

import io
import json
import zipfile
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.entries import services as entry_services
from swissweb.tournament.entries.services import EntryData, FeeRowData
from swissweb.tournament.events import services as event_services
from swissweb.tournament.festivals import services
from swissweb.tournament.festivals.backup import festival_zip
from swissweb.tournament.festivals.restore import festival_restore
from swissweb.tournament.models import (
    DEFAULT_FIELDS,
    Entry,
    EntrySettings,
    Event,
    FeeRow,
    Festival,
)
from swissweb.tournament.publishing import exports
from tests.web.festival_helpers import NOW, make_festival, section

pytestmark = pytest.mark.django_db


def _backup(arbiter: User) -> bytes:
    festival = make_festival(arbiter)
    a = section(festival, "Open A")
    event_services.event_start(event_id=a.pk, user=arbiter, now=NOW)
    services.section_rules_set(
        event_id=section(festival, "Under 1600").pk,
        rules=services.Rules(max_rating=1599, min_birth_year=2008, closed=True),
        user=arbiter, now=NOW,
    )  # fmt: skip
    return festival_zip(festival)


def test_a_restored_festival_has_its_sections_names_order_rules_and_players(
    arbiter: User,
) -> None:
    data = _backup(arbiter)
    restored = festival_restore(data=data, user=arbiter, now=NOW)
    assert restored.slug == "hastings-2" and not restored.public
    sections = list(restored.sections.order_by("section_order"))
    assert [s.section_name for s in sections] == ["Open A", "Open B", "Under 1600"]
    assert [s.players.count() for s in sections] == [4, 4, 4]
    assert sections[0].started_at is not None
    junior = sections[2]
    assert (junior.max_rating, junior.min_birth_year, junior.closed) == (1599, 2008, True)
    assert all(arbiter in s.arbiters.all() for s in sections)


def _zip(files: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return buffer.getvalue()


@pytest.mark.parametrize(
    "data",
    [
        b"not a zip",
        _zip({"other.txt": "x"}),
        _zip({"festival.json": "{not json"}),
        _zip({"festival.json": json.dumps({"festival": "X", "sections": []})}),
        _zip({"festival.json": json.dumps({"sections": [{"file": "missing.trf"}]})}),
    ],
    ids=["not-zip", "no-manifest", "bad-json", "no-sections", "missing-file"],
)
def test_what_is_not_a_festival_backup_is_refused_and_restores_nothing(
    arbiter: User, data: bytes
) -> None:
    with pytest.raises(TournamentError, match="not a festival's backup"):
        festival_restore(data=data, user=arbiter, now=NOW)
    assert not Festival.objects.exists() and not Event.objects.exists()


def test_a_bad_section_restores_nothing_and_names_the_section(arbiter: User) -> None:
    data = _backup(arbiter)
    source = zipfile.ZipFile(io.BytesIO(data))
    files = {name: source.read(name).decode() for name in source.namelist()}
    manifest = json.loads(files["festival.json"])
    files[manifest["sections"][1]["file"]] = "001 this is not a player line\n"
    before = (Festival.objects.count(), Event.objects.count())
    with pytest.raises(TournamentError, match="Section Open B"):
        festival_restore(data=_zip(files), user=arbiter, now=NOW)
    assert (Festival.objects.count(), Event.objects.count()) == before


def test_the_restore_page_restores_an_uploaded_backup(
    arbiter_client: Client, arbiter: User
) -> None:
    data = _backup(arbiter)
    upload = SimpleUploadedFile("hastings-backup.zip", data, content_type="application/zip")
    response = arbiter_client.post("/festivals/import/", {"backup": upload})
    assert response.status_code == 302 and response["Location"] == "/festivals/hastings-2/manage/"
    junk = SimpleUploadedFile("x.zip", b"junk", content_type="application/zip")
    refused = arbiter_client.post("/festivals/import/", {"backup": junk})
    assert refused.status_code == 422 and "Nothing restored" in refused.content.decode()


def test_the_restore_page_needs_a_login(client: Client) -> None:
    response = client.post("/festivals/import/", {})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_backup_leaves_out_entrants_e_mail_and_payments_as_a_sections_does(
    arbiter: User,
) -> None:
    """The festival's backup carries what each section's own backup carries and no more
    (docs/arbiters-guide.md, Festivals): an accepted entrant comes back as a player, but
    no entry, e-mail address, payment, entry setting or fee table does."""
    festival = make_festival(arbiter, players=1)
    a = section(festival, "Open A")
    entry_services.entry_settings_set(
        event_id=a.pk,
        settings=EntrySettings(open=True, fields_asked=list(DEFAULT_FIELDS)),
        fees=[FeeRowData(label="Everyone", amount=Decimal("37.00"))],
        user=arbiter,
        now=NOW,
    )
    accepted = entry_services.entry_submit(
        event_id=a.pk,
        data=EntryData(name="Kept, Kim", email="kim@example.org"),
        now=NOW,
    )
    entry_services.entry_accept(entry_id=accepted.pk, user=arbiter, now=NOW)
    entry_services.entry_mark_paid(
        entry_id=accepted.pk, amount=Decimal("36.50"), method="card", user=arbiter, now=NOW
    )
    entry_services.entry_submit(
        event_id=a.pk, data=EntryData(name="Pending, Pia", email="pia@example.org"), now=NOW
    )
    data = festival_zip(festival)
    archive = zipfile.ZipFile(io.BytesIO(data))
    names = archive.namelist()
    assert names[0] == "festival.json" and all(n.endswith(".trf") for n in names[1:])
    text = "\n".join(archive.read(name).decode("utf-8") for name in names)
    for private in ("@example.org", "36.50", "37.00", "Pending, Pia", "card"):
        assert private not in text, private
    assert text.count("Kept, Kim") == 1
    assert text == "\n".join(
        [archive.read("festival.json").decode()]
        + [exports.event_trf(e) for e in festival.sections.order_by("section_order")]
    )
    restored = festival_restore(data=data, user=arbiter, now=NOW)
    kept = restored.sections.get(section_name="Open A")
    assert list(kept.players.order_by("name").values_list("name", flat=True)) == [
        "Kept, Kim",
        "Open A player, No 1",
    ]
    assert not Entry.objects.filter(event__festival=restored).exists()
    assert not EntrySettings.objects.filter(event__festival=restored).exists()
    assert not FeeRow.objects.filter(event__festival=restored).exists()


def test_a_festival_whose_sections_have_no_players_yet_restores(arbiter: User) -> None:
    """A festival set up before its entries come in: each section's backup holds no
    player line, and the festival restores all the same, its sections empty."""
    festival = make_festival(arbiter, players=0)
    restored = festival_restore(data=festival_zip(festival), user=arbiter, now=NOW)
    sections = list(restored.sections.order_by("section_order"))
    assert [s.section_name for s in sections] == ["Open A", "Open B", "Under 1600"]
    assert [s.players.count() for s in sections] == [0, 0, 0]
    assert [s.rounds for s in sections] == [5, 5, 5]
