"""The pages in the reader's language (#24): English and German.

The language comes from the header's switch (a cookie), else the browser's
``Accept-Language``, else English.  The German catalogue translates every entry, keeps
every placeholder, and the committed ``.mo`` is the ``.po`` compiled.  A cached public
page is stored per language; dates and decimals follow the language.
"""

from __future__ import annotations

import datetime as dt
import html
import re
from fractions import Fraction
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.template import Context, Template
from django.test import Client
from django.utils import timezone, translation
from django.utils.translation import gettext

from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import AuditEntry, Event
from tests.web.catalogue_checks import (
    compiled_and_expected,
    entries,
    untranslated,
    wrong_placeholders,
)

PO = Path(settings.BASE_DIR) / "locale" / "de" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


def german(text: str) -> str:
    """``text`` in German, which must differ from the English (so the test can fail)."""
    with translation.override("de"):
        translated = gettext(text)
    assert translated != text, f"{text!r} has no German translation"
    return translated


# The catalogue.


def test_german_catalogue_translates_every_entry() -> None:
    assert len(entries(PO)) > 500
    assert untranslated(PO) == []


def test_german_catalogue_keeps_every_placeholder() -> None:
    """A name the English fills in is in the German, and the German uses no other."""
    assert wrong_placeholders(PO) == []


def test_compiled_catalogue_is_the_po_compiled() -> None:
    """``make messages`` compiles the ``.po``; the ``.mo`` the server reads is committed
    with it, so an edited ``.po`` that was not compiled fails here."""
    actual, expected = compiled_and_expected(PO)
    assert actual == expected


# Choosing the language.


@pytest.mark.django_db
def test_english_without_a_choice(two_rounds: Event, client: Client) -> None:
    page = client.get(f"/events/{two_rounds.slug}/standings/").content.decode()
    assert '<html lang="en-gb"' in page
    assert f"{two_rounds.name}: standings" in page


@pytest.mark.django_db
def test_browser_language_chooses_german(two_rounds: Event, client: Client) -> None:
    answer = client.get(
        f"/events/{two_rounds.slug}/standings/", HTTP_ACCEPT_LANGUAGE="de-AT,de;q=0.9,en;q=0.5"
    )
    page = answer.content.decode()
    assert '<html lang="de"' in page
    assert german("%(name)s: standings") % {"name": two_rounds.name} in page
    assert "Accept-Language" in answer["Vary"]


@pytest.mark.django_db
def test_switch_sets_the_language_and_returns_to_the_page(two_rounds: Event) -> None:
    """The switch is a plain form on cached pages: no CSRF token, the cookie only."""
    client = Client(enforce_csrf_checks=True)
    back = f"/events/{two_rounds.slug}/rounds/2/"
    answer = client.post("/language/", {"language": "de", "next": back})
    assert answer.status_code == 302 and answer["Location"] == back
    assert answer.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    page = client.get(back).content.decode()
    assert german("Round %(number)s") % {"number": 2} in page or german("Board") in page
    assert '<html lang="de"' in page
    # And back to English, which the switch offers on a German page.
    assert 'name="language" value="en-gb"' in page
    client.post("/language/", {"language": "en-gb", "next": back})
    assert '<html lang="en-gb"' in client.get(back).content.decode()


@pytest.mark.django_db
def test_switch_refuses_another_host_an_unknown_language_and_get(
    two_rounds: Event, client: Client
) -> None:
    answer = client.post("/language/", {"language": "de", "next": "https://evil.example/"})
    assert "evil.example" not in answer.get("Location", "")
    assert client.post("/language/", {"next": "javascript:alert(1)"}).get("Location") == "/"
    unknown = client.post("/language/", {"language": "xx<script>", "next": "/"})
    assert unknown.status_code == 302
    assert settings.LANGUAGE_COOKIE_NAME not in unknown.cookies
    assert client.get("/language/").status_code == 405


@pytest.mark.django_db
def test_cached_public_page_is_kept_per_language(two_rounds: Event, client: Client) -> None:
    """Two anonymous readers of one page, one English, one German: each gets their own
    language from the page cache, and an English ETag is no 304 for the German."""
    url = f"/events/{two_rounds.slug}/"
    english = client.get(url)
    german_page = client.get(url, HTTP_ACCEPT_LANGUAGE="de")
    assert english["ETag"] != german_page["ETag"]
    assert '<html lang="de"' in german_page.content.decode()
    again = client.get(url, HTTP_IF_NONE_MATCH=english["ETag"], HTTP_ACCEPT_LANGUAGE="de")
    assert again.status_code == 200
    assert '<html lang="en-gb"' in client.get(url).content.decode()


@pytest.mark.django_db
def test_service_refusal_is_in_the_readers_language(
    two_rounds: Event, arbiter_client: Client
) -> None:
    """Pairing round 3 while round 2 is in play: the refusal is German for a German
    arbiter (the message is the service's, translated when raised)."""
    arbiter_client.post("/language/", {"language": "de", "next": "/"})
    answer = arbiter_client.post(f"/events/{two_rounds.slug}/pair/", follow=True)
    assert '<html lang="de"' in answer.content.decode()
    refusal = german("Round %(number)s still has boards without a result.") % {"number": 2}
    assert refusal in [str(m) for m in answer.context["messages"]]


# Dates and numbers.


@pytest.mark.django_db
def test_dates_follow_the_language(two_rounds: Event, client: Client) -> None:
    Event.objects.filter(pk=two_rounds.pk).update(
        start_date=dt.date(2026, 3, 1), end_date=dt.date(2026, 3, 9)
    )
    english = client.get(f"/events/{two_rounds.slug}/").content.decode()
    german_page = client.get(
        f"/events/{two_rounds.slug}/", HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "1 Mar 2026 – 9 Mar 2026" in english
    assert "1. März 2026 – 9. März 2026" in german_page


def test_decimals_follow_the_language() -> None:
    """A tie-break such as SB keeps two decimals; German writes them with a comma, and
    points keep their ½."""
    template = Template("{% load tournament_tags %}{{ value|local_decimal }} {{ points|score }}")
    context = Context({"value": "12.75", "points": Fraction(11, 2)})
    with translation.override("en-gb"):
        assert template.render(context) == "12.75 5½"
    with translation.override("de"):
        assert template.render(context) == "12,75 5½"


@pytest.mark.django_db
def test_audit_log_dates_follow_the_language(two_rounds: Event, arbiter_client: Client) -> None:
    assert AuditEntry.objects.filter(event=two_rounds).exists()
    arbiter_client.post("/language/", {"language": "de", "next": "/"})
    page = arbiter_client.get(f"/events/{two_rounds.slug}/manage/audit/").content.decode()
    assert "01.03.2026" in page


@pytest.mark.django_db
def test_not_found_and_not_allowed_pages_are_in_the_readers_language(
    event: Event, stranger_client: Client
) -> None:
    missing = stranger_client.get("/events/no-such-event/", HTTP_ACCEPT_LANGUAGE="de")
    assert missing.status_code == 404
    assert german("Page not found") in missing.content.decode()
    refused = stranger_client.get(f"/events/{event.slug}/manage/", HTTP_ACCEPT_LANGUAGE="de")
    assert refused.status_code == 403
    assert german("Not allowed") in refused.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("codes", "msgid", "parts"),
    [
        (
            "BH,XYZ",
            "Unknown tie-break code %(text)s; known codes: %(known)s.",
            {"text": "'XYZ'"},
        ),
        (
            "SB-M1",
            "%(text)s: the modifier %(modifier)s does not apply to %(code)s "
            "(it takes %(allowed)s).",
            {"text": "'SB-M1'", "modifier": "M1", "code": "SB", "allowed": "C"},
        ),
        (
            "BH-C1-M1",
            "%(text)s: give one cut or median modifier, not two.",
            {"text": "'BH-C1-M1'"},
        ),
    ],
)
def test_tiebreak_code_refusals_are_in_the_readers_language(
    arbiter_client: Client, codes: str, msgid: str, parts: dict[str, str]
) -> None:
    """The engine words a code that does not read in English for the command line; the
    event form words it from the engine's parts, in the reader's language."""
    parts = parts | {"known": ""}  # the list of known codes is compared no further
    form = {"name": "X", "slug": "x", "system": "dutch1992", "rounds": 5, "tiebreaks": codes}
    english = arbiter_client.post("/events/new/", form).content.decode()
    assert html.escape(msgid % parts).split(";")[0] in english
    arbiter_client.post("/language/", {"language": "de", "next": "/"})
    page = arbiter_client.post("/events/new/", form).content.decode()
    assert html.escape(german(msgid) % parts).split(";")[0] in page
    assert not Event.objects.exists()


@pytest.mark.django_db
def test_audit_log_writes_settings_as_the_confirmation_does(
    event: Event, arbiter: User, arbiter_client: Client
) -> None:
    """Points in points and choices by their label, in the reader's language: not the
    stored half-points and codes."""

    event_services.event_settings_update(
        event_id=event.pk,
        user=arbiter,
        now=timezone.now(),
        changes={"points_win": 6, "prize_sharing": "hort"},
        expected_version=event.settings_version,
    )
    page = arbiter_client.get(f"/events/{event.slug}/manage/audit/").content.decode()
    assert "Points: win: 1 → 3" in page
    assert "share half equally, half by tie-breaks (Hort system)" in page
    arbiter_client.post("/language/", {"language": "de", "next": "/"})
    page = arbiter_client.get(f"/events/{event.slug}/manage/audit/").content.decode()
    assert german("share half equally, half by tie-breaks (Hort system)") in page
