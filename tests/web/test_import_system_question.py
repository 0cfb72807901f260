"""A TRF file from another program that names no pairing system asks which system
paired it (#36 item 3); an imported event is private, and the workspace says so with a
publish action."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings

from swissweb.tournament.models import AuditEntry, Event
from swissweb.tournament.rounds.engine_door import decode_trf

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "trf-samples" / "icu_armstrong_2011.tab"
"""A Swiss-Manager file of a rated event (players with FIDE IDs), with no system record."""


def _upload(client: Client) -> str:
    upload = SimpleUploadedFile("armstrong.tab", SAMPLE.read_bytes())
    response = client.post("/events/import/", {"trf": upload})
    assert response.status_code == 200
    return response.content.decode()


def _kept_text(body: str) -> str:
    found = re.search(r'<textarea name="trf_text"[^>]*>(.*?)</textarea>', body, re.S)
    assert found is not None
    return unescape(found.group(1))


def test_a_file_without_a_system_asks_which_system_and_imports_nothing(
    arbiter_client: Client,
) -> None:
    body = _upload(arbiter_client)
    assert "Which pairing system paired this event?" in body
    assert not Event.objects.exists()


def test_the_question_proposes_todays_dutch_for_a_rated_event(arbiter_client: Client) -> None:
    body = _upload(arbiter_client)
    assert re.search(r'value="dutch" required checked', body)
    assert 'value="dutch1992" required>' in body


def test_the_answer_imports_the_file_with_the_system_chosen(
    arbiter_client: Client, arbiter: User
) -> None:
    text = _kept_text(_upload(arbiter_client))
    assert text == decode_trf(SAMPLE.read_bytes())
    response = arbiter_client.post("/events/import/", {"trf_text": text, "system": "lim"})
    event = Event.objects.get()
    assert response.status_code == 302
    assert event.system == "lim"
    assert not event.public
    assert list(event.arbiters.all()) == [arbiter]


def test_a_system_not_offered_is_refused(arbiter_client: Client) -> None:
    text = _kept_text(_upload(arbiter_client))
    response = arbiter_client.post("/events/import/", {"trf_text": text, "system": "swiss"})
    assert response.status_code == 422
    assert "Choose one of the pairing systems offered." in response.content.decode()
    assert not Event.objects.exists()


def test_a_private_events_workspace_offers_to_publish_it(
    arbiter_client: Client, event: Event
) -> None:
    Event.objects.filter(pk=event.pk).update(public=False)
    body = arbiter_client.get(f"/events/{event.slug}/manage/players/").content.decode()
    assert "This event is not public" in body
    assert f'action="/events/{event.slug}/publish/"' in body


def test_publishing_makes_the_event_public_and_is_recorded(
    arbiter_client: Client, event: Event
) -> None:
    Event.objects.filter(pk=event.pk).update(public=False)
    response = arbiter_client.post(f"/events/{event.slug}/publish/", {"public": "1"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.public
    entry = AuditEntry.objects.filter(event=event).order_by("-id").first()
    assert entry is not None and entry.after.get("public") is True
    body = arbiter_client.get(f"/events/{event.slug}/manage/players/").content.decode()
    assert "This event is not public" not in body


def test_only_the_arbiters_may_publish(stranger_client: Client, event: Event) -> None:
    Event.objects.filter(pk=event.pk).update(public=False)
    response = stranger_client.post(f"/events/{event.slug}/publish/", {"public": "1"})
    assert response.status_code == 403
    event.refresh_from_db()
    assert not event.public


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=70_000)
def test_a_file_too_large_to_keep_asks_for_it_again_beside_the_system(
    arbiter_client: Client,
) -> None:
    """A file whose text would pass Django's cap on form data when sent back (a TRF of
    several MB) is not kept in the page: the question asks for the same file again, so
    the answer is not refused for its size, and the file then imports."""
    assert len(SAMPLE.read_bytes()) > 4_500  # over the cap left after the 64 KB margin
    body = _upload(arbiter_client)
    assert "Which pairing system paired this event?" in body
    assert 'name="trf_text"' not in body
    assert 'name="trf" id="id_trf" required' in body
    upload = SimpleUploadedFile("armstrong.tab", SAMPLE.read_bytes())
    response = arbiter_client.post("/events/import/", {"trf": upload, "system": "dutch"})
    assert response.status_code == 302
    assert Event.objects.get().system == "dutch"
