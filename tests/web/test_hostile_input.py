"""Hostile input answered in words, never 500 (#31): D6 long login names, D7 NUL and
control characters in every text field, D12 large anonymous bodies.

The 500s were PostgreSQL's (a column's length, a NUL in text): SQLite stores both, so
each test asserts what differs whatever the database, namely that nothing over-long or
holding a NUL reaches a model or django-axes.  ``DATABASE_URL`` pointed at PostgreSQL
runs them there as well.
"""

from __future__ import annotations

import datetime as dt

import pytest
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib.auth.models import AnonymousUser, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import HttpResponse
from django.test import Client, RequestFactory
from pytest_django import Settings

from swissweb.guard import RequestGuardMiddleware
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.models import AuditEntry, Event, Player
from swissweb.tournament.players import services as player_services
from swissweb.tournament.publishing import exports

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)

pytestmark = pytest.mark.django_db


def test_d6_a_login_name_over_the_longest_user_name_is_refused_before_axes(
    client: Client,
) -> None:
    """Defect D6: a user name of 300 characters reached django-axes, which stores it in
    a 255-character column: PostgreSQL refused the row and the login page answered
    500.  A name longer than any user's gets the form's own "invalid" answer, and axes
    is not asked to record it."""
    User.objects.create_user("arb", password="right-password-1")
    response = client.post("/accounts/login/", {"username": "a" * 300, "password": "pw"})
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()
    assert not AccessAttempt.objects.exists()
    assert not AccessFailureLog.objects.exists()
    assert not AccessLog.objects.exists()
    # A name of the longest length a user may have is still tried (and counted).
    response = client.post("/accounts/login/", {"username": "b" * 150, "password": "pw"})
    assert response.status_code == 200
    assert AccessAttempt.objects.filter(username="b" * 150).exists()
    response = client.post("/accounts/login/", {"username": "arb", "password": "right-password-1"})
    assert response.status_code == 302


def _backup(event: Event) -> str:
    return exports.event_trf(Event.objects.get(pk=event.pk))


@pytest.mark.parametrize(
    ("path", "data", "field"),
    [
        ("players/{player}/withdraw/", {"reason": "ill\x00"}, "reason"),
        ("forbidden/", {"first": "{player}", "second": "{other}", "reason": "kin\x00"}, "reason"),
        ("arbiters/", {"username": "arbiter\x00"}, "username"),
        ("players/add/", {"name": "Nul, Ned\x00", "rating": "1500"}, "name"),
        ("players/import/", {"text": "name,rating\nNul\x00, Ned,1500\n"}, "text"),
    ],
)
def test_d7_a_nul_in_any_posted_field_is_refused_naming_it(
    path: str, data: dict[str, str], field: str, started: Event, arbiter_client: Client
) -> None:
    """Defect D7: a NUL in a withdrawal reason, a forbidden pair's reason or an arbiter's
    name reached PostgreSQL, which refuses it in text: a 500.  Every field is checked
    before any view reads it; the answer names the field and nothing changes."""
    player, other = started.players.order_by("pk")[:2]
    values = {"player": player.pk, "other": other.pk}
    url = f"/events/{started.slug}/" + path.format(**values)
    posted = {key: value.format(**values) for key, value in data.items()}
    before, audit = _backup(started), AuditEntry.objects.count()
    response = arbiter_client.post(url, posted)
    assert response.status_code == 400
    assert f"The field '{field}' holds a NUL character" in response.content.decode()
    assert _backup(started) == before and AuditEntry.objects.count() == audit
    assert not Player.objects.filter(withdrawn_after_round__isnull=False).exists()


def test_d7_a_nul_in_a_query_or_a_field_name_is_refused(
    started: Event, arbiter_client: Client
) -> None:
    """The same for a query string (the public search) and a field's own name, and in
    JSON for the keyboard's result entry.  (Django drops what is not printable from an
    uploaded file's name itself.)"""
    response = Client().get(f"/events/{started.slug}/find/", {"q": "Ad\x00"})
    assert response.status_code == 400 and "'q'" in response.content.decode()
    response = arbiter_client.post(f"/events/{started.slug}/pair/", {"x\x00": "1"})
    assert response.status_code == 400 and "'x\\\\x00'" in response.content.decode()
    response = arbiter_client.post(
        f"/events/{started.slug}/games/1/result/",
        {"result": "1\x00", "version": "0"},
        HTTP_ACCEPT="application/json",
    )
    assert response.status_code == 400
    assert "'result'" in response.json()["error"] and response.json()["ok"] is False


def test_d7_services_refuse_a_nul_in_a_reason(started: Event, arbiter: User) -> None:
    """Beyond HTTP (the admin, a script), the services refuse a NUL in what they record."""
    player = started.players.first()
    assert player is not None
    with pytest.raises(TournamentError, match="NUL"):
        player_services.player_withdraw(player_id=player.pk, user=arbiter, now=T0, reason="a\x00")
    player.refresh_from_db()
    assert player.withdrawn_after_round is None
    assert not AuditEntry.objects.filter(action="player_withdraw").exists()


def test_d12_a_large_anonymous_body_is_refused_before_it_is_read(
    started: Event, arbiter_client: Client, settings: Settings
) -> None:
    """Defect D12: without nginx, a 50 MB anonymous upload was read whole.  An anonymous
    request declaring more than ANON_MAX_BODY_KB gets 413 before its body is read; an
    arbiter's upload of the same size is read."""
    settings.ANON_MAX_BODY_KB = 8
    body = SimpleUploadedFile("list.csv", b"name,rating\n" + b"x" * 20_000)
    response = Client().post("/accounts/login/", {"username": "a", "file": body})
    assert response.status_code == 413
    assert "at most 8 KB" in response.content.decode()
    request = RequestFactory().post("/accounts/login/", {"username": "a", "password": "b"})
    request.user = AnonymousUser()
    request.META["CONTENT_LENGTH"] = str(50 * 1024 * 1024)
    request._stream = Unreadable()  # type: ignore[assignment]  # a body that fails if read
    assert RequestGuardMiddleware(lambda r: HttpResponse())(request).status_code == 413
    body.seek(0)
    url = f"/events/{started.slug}/players/import/"
    response = arbiter_client.post(url, {"file": body})
    assert response.status_code != 413


class Unreadable:
    """A body that must not be read: a test fails if anything reads it."""

    def read(self, *args: object) -> bytes:
        raise AssertionError("the body was read")

    readline = read


def test_d6_the_admin_login_refuses_a_long_name_before_axes_too(client: Client) -> None:
    """The admin's own login form authenticates the same way (the same 500 on
    PostgreSQL)."""
    response = client.post("/admin/login/", {"username": "a" * 300, "password": "pw"})
    assert response.status_code == 200
    assert "Please enter the correct username and password" in response.content.decode()
    assert not AccessAttempt.objects.exists() and not AccessFailureLog.objects.exists()
