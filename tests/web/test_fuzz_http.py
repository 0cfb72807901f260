"""Fuzzing over HTTP (#21 item 8): no upload and no query string answers 500, and a
refused upload writes nothing.

The service-level fuzz (``test_import_corruption.py``) corrupts real files line by line;
this one goes through the views, as a browser or a script would: random bytes (binary,
UTF-16, text with control characters) posted to each upload, and random query strings
on every page that reads one.  ``derandomize`` keeps CI's examples the same every run.
"""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pytest_django import DjangoDbBlocker

from swissweb.tournament.models import Event
from swissweb.tournament.publishing import exports

from .test_standings import played_event

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

TEXT = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=300)


def _counts() -> dict[str, int]:
    models = apps.get_app_config("tournament").get_models()
    return {m.__name__: m._default_manager.count() for m in models if m.__name__ != "AuditEntry"}


@pytest.fixture(scope="module")
def source_trf(django_db_setup: None, django_db_blocker: DjangoDbBlocker) -> str:
    with django_db_blocker.unblock(), transaction.atomic():
        text = exports.event_trf(played_event(8, 2, slug="fuzz-source"))
        transaction.set_rollback(True)
    return text


def _upload_bodies(source: str) -> st.SearchStrategy[bytes]:
    """Random bytes, random text in several encodings, and a real file cut or spliced."""
    lines = source.splitlines(keepends=True)
    spliced = st.builds(
        lambda cut, junk, keep: "".join(lines[:cut]) + junk + "".join(lines[cut : cut + keep]),
        st.integers(0, len(lines)), TEXT, st.integers(0, len(lines)),
    ).map(lambda text: text.encode("utf-8"))  # fmt: skip
    encoded = st.tuples(TEXT, st.sampled_from(["utf-8", "utf-16", "utf-16-le", "latin-1"])).map(
        lambda pair: pair[0].encode(pair[1], errors="replace")
    )
    return st.one_of(st.binary(max_size=400), encoded, spliced)


@FUZZ
@given(data=st.data())
def test_fuzz_every_upload_is_refused_cleanly_or_imported(
    data: st.DataObject, source_trf: str, started: Event, arbiter_client: Client
) -> None:
    body = data.draw(_upload_bodies(source_trf))
    target, field = data.draw(
        st.sampled_from(
            [
                ("/events/import/", "trf"),
                (f"/events/{started.slug}/players/import-trf/", "trf"),
                (f"/events/{started.slug}/players/import/", "file"),
            ]
        )
    )
    before = _counts()
    arbiter_client.raise_request_exception = False
    response = arbiter_client.post(target, {field: SimpleUploadedFile("f", body)}, follow=True)
    assert response.status_code < 500, (target, body[:80])
    page = response.content.decode()
    if response.status_code == 422 or 'class="message error"' in page:
        # Refused, in words: nothing may have been written.
        assert _counts() == before, (target, body[:80])


PAGES = ["/", "/events/{slug}/", "/events/{slug}/rounds/1/", "/events/{slug}/standings/",
         "/events/{slug}/crosstable/", "/events/{slug}/players/1/",
         "/events/{slug}/standings.csv", "/events/{slug}/manage/rounds/1/",
         "/events/{slug}/manage/rounds/1/print/", "/events/{slug}/manage/rounds/1/why/",
         "/events/{slug}/manage/audit/", "/events/{slug}/manage/players/",
         "/events/{slug}/manage/requests/", "/my-events/"]  # fmt: skip
KEYS = st.sampled_from(["round", "page", "board", "sheet", "check", "correct", "confirm", "x"])


@FUZZ
@given(
    page=st.sampled_from(PAGES),
    params=st.dictionaries(KEYS, TEXT, max_size=4),
    signed_in=st.booleans(),
)
def test_fuzz_no_query_string_answers_500(
    page: str, params: dict[str, str], signed_in: bool, started: Event, arbiter: User
) -> None:
    client = Client(raise_request_exception=False)
    if signed_in:
        client.force_login(arbiter)
    # A NUL is kept: the guard refuses it (400) before a view reads it (D7, #31).
    response = client.get(page.format(slug=started.slug), params)
    assert response.status_code < 500, (page, params)
