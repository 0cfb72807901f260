"""The pages in French, FIDE's second official language (#36), tested as German is.

The French catalogue translates every entry of the German one (so every page is French),
keeps every placeholder, counts with the French plural rule (0 and 1 are singular), and
the committed ``.mo`` is the ``.po`` compiled.  French is chosen by ``Accept-Language``
or by the header's switch; a cached public page is kept apart from the English and the
German; dates and decimals follow French usage.
"""

from __future__ import annotations

import datetime as dt
import html
import re
from fractions import Fraction
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.template import Context, Template
from django.test import Client
from django.utils import timezone, translation
from django.utils.translation import gettext, ngettext, trans_real

from pairing.engine.registry import option_specs
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import AuditEntry, Event
from swissweb.tournament.standings.prizes import read_table
from tests.web.catalogue_checks import (
    compiled_and_expected,
    untranslated,
    wrong_placeholders,
)

LOCALE = Path(settings.BASE_DIR) / "locale"
PO = LOCALE / "fr" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")
GERMAN_PO = LOCALE / "de" / "LC_MESSAGES" / "django.po"
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def french(text: str) -> str:
    """``text`` in French, which must differ from the English (so the test can fail)."""
    with translation.override("fr"):
        translated = gettext(text)
    assert translated != text, f"{text!r} has no French translation"
    return translated


# The catalogue.


def _entries(path: Path = PO) -> list[polib.POEntry]:
    return [entry for entry in polib.pofile(str(path)) if not entry.obsolete]


def _key(entry: polib.POEntry) -> tuple[str, str, str]:
    return (entry.msgctxt or "", entry.msgid, entry.msgid_plural or "")


def test_french_is_offered_by_its_own_name() -> None:
    assert ("fr", "Français") in settings.LANGUAGES


def test_french_catalogue_translates_every_entry() -> None:
    assert len(_entries()) > 500
    assert untranslated(PO) == []


def test_french_catalogue_holds_every_german_entry() -> None:
    """Every page is French where it is German: no message the German catalogue
    translates is missing from the French one."""
    french_keys = {_key(entry) for entry in _entries()}
    missing = [key for key in map(_key, _entries(GERMAN_PO)) if key not in french_keys]
    assert missing == []


def test_french_catalogue_keeps_every_placeholder() -> None:
    """A name the English fills in is in the French, and the French uses no other."""
    assert wrong_placeholders(PO) == []


def test_french_catalogue_keeps_every_html_tag() -> None:
    """A link in a sentence (``<a href=...>``) stays a link in French."""
    tag = re.compile(r"</?\w+")
    wrong = []
    for entry in _entries():
        texts = [entry.msgstr] if not entry.msgid_plural else entry.msgstr_plural.values()
        for text in texts:
            if sorted(tag.findall(text)) != sorted(tag.findall(entry.msgid)):
                wrong.append((entry.msgid, text))
    assert wrong == []


def test_french_counts_zero_and_one_in_the_singular() -> None:
    """French writes "0 joueur", "1 joueur", "2 joueurs" (plural=(n > 1))."""
    assert polib.pofile(str(PO)).metadata["Plural-Forms"] == "nplurals=2; plural=(n > 1);"
    with translation.override("fr"):
        words = [ngettext("%(counter)s player", "%(counter)s players", n) for n in (0, 1, 2)]
    assert [word % {"counter": n} for n, word in enumerate(words)] == [
        "0 joueur",
        "1 joueur",
        "2 joueurs",
    ]


def test_french_compiled_catalogue_is_the_po_compiled() -> None:
    """``make messages`` compiles the ``.po``; the ``.mo`` the server reads is committed
    with it, so an edited ``.po`` that was not compiled fails here."""
    actual, expected = compiled_and_expected(PO)
    assert actual == expected


def test_option_schema_every_label_is_translated_to_french() -> None:
    """The engines' option labels and help texts, shown on the settings form."""
    # gettext keeps the parsed catalogue in a private field; no public API lists it.
    catalogue = trans_real.translation("fr")._catalog  # type: ignore[attr-defined]  # private
    missing = [
        text
        for spec in option_specs()
        for flag in spec.flags()
        for text in (flag.label, flag.help)
        if text not in catalogue
    ]
    assert missing == []


# Choosing the language.


@pytest.mark.django_db
def test_browser_language_chooses_french(two_rounds: Event, client: Client) -> None:
    answer = client.get(
        f"/events/{two_rounds.slug}/standings/", HTTP_ACCEPT_LANGUAGE="fr-CH,fr;q=0.9,en;q=0.5"
    )
    page = answer.content.decode()
    assert '<html lang="fr"' in page
    assert french("%(name)s: standings") % {"name": two_rounds.name} in page
    assert html.escape(french("Crosstable")) in page
    assert "Accept-Language" in answer["Vary"]


@pytest.mark.django_db
def test_switch_sets_french_and_offers_the_other_languages(two_rounds: Event) -> None:
    """The switch is a plain form on cached pages: no CSRF token, the cookie only; a
    French page offers English and German, each by its own name."""
    client = Client(enforce_csrf_checks=True)
    back = f"/events/{two_rounds.slug}/rounds/2/"
    answer = client.post("/language/", {"language": "fr", "next": back})
    assert answer.status_code == 302 and answer["Location"] == back
    assert answer.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    page = client.get(back).content.decode()
    assert '<html lang="fr"' in page
    assert html.escape(french("Round %(number)s") % {"number": 2}) in page
    assert 'name="language" value="en-gb"' in page and ">English<" in page
    assert 'name="language" value="de"' in page and ">Deutsch<" in page
    assert 'name="language" value="fr"' not in page
    client.post("/language/", {"language": "en-gb", "next": back})
    english = client.get(back).content.decode()
    assert '<html lang="en-gb"' in english
    assert 'lang="fr" class="secondary outline">Français</button>' in english


@pytest.mark.django_db
def test_cached_public_page_is_kept_apart_for_french(two_rounds: Event, client: Client) -> None:
    """Three anonymous readers of one page: each gets their own language from the page
    cache, and neither the English nor the German ETag is a 304 for the French."""
    url = f"/events/{two_rounds.slug}/"
    english = client.get(url)
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de")
    french_page = client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
    assert len({english["ETag"], german["ETag"], french_page["ETag"]}) == 3
    assert '<html lang="fr"' in french_page.content.decode()
    for etag in (english["ETag"], german["ETag"]):
        again = client.get(url, HTTP_IF_NONE_MATCH=etag, HTTP_ACCEPT_LANGUAGE="fr")
        assert again.status_code == 200
    assert '<html lang="de"' in client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()


@pytest.mark.django_db
def test_service_refusal_is_french_for_a_french_arbiter(
    two_rounds: Event, arbiter_client: Client
) -> None:
    """Pairing round 3 while round 2 is in play: the refusal is French."""
    arbiter_client.post("/language/", {"language": "fr", "next": "/"})
    answer = arbiter_client.post(f"/events/{two_rounds.slug}/pair/", follow=True)
    assert '<html lang="fr"' in answer.content.decode()
    refusal = french("Round %(number)s still has boards without a result.") % {"number": 2}
    assert refusal in [str(m) for m in answer.context["messages"]]


@pytest.mark.django_db
def test_not_found_and_not_allowed_pages_are_french(event: Event, stranger_client: Client) -> None:
    missing = stranger_client.get("/events/no-such-event/", HTTP_ACCEPT_LANGUAGE="fr")
    assert missing.status_code == 404
    assert french("Page not found") in missing.content.decode()
    refused = stranger_client.get(f"/events/{event.slug}/manage/", HTTP_ACCEPT_LANGUAGE="fr")
    assert refused.status_code == 403
    assert french("Not allowed") in refused.content.decode()


@pytest.mark.django_db
def test_tiebreak_code_refusal_is_french(arbiter_client: Client) -> None:
    """The event form words an unknown tie-break code from the engine's parts."""
    form = {"name": "X", "slug": "x", "system": "dutch1992", "rounds": 5, "tiebreaks": "BH,XYZ"}
    arbiter_client.post("/language/", {"language": "fr", "next": "/"})
    page = arbiter_client.post("/events/new/", form).content.decode()
    msgid = "Unknown tie-break code %(text)s; known codes: %(known)s."
    expected = french(msgid) % {"text": "'XYZ'", "known": ""}
    assert html.escape(expected).split(";")[0] in page
    assert not Event.objects.exists()


# Dates and numbers.


@pytest.mark.django_db
def test_dates_are_french(two_rounds: Event, client: Client) -> None:
    Event.objects.filter(pk=two_rounds.pk).update(
        start_date=dt.date(2026, 3, 1), end_date=dt.date(2026, 3, 9)
    )
    page = client.get(f"/events/{two_rounds.slug}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "1 mars 2026 – 9 mars 2026" in page


def test_decimals_are_french() -> None:
    """A tie-break such as SB keeps two decimals, written with a comma in French; points
    keep their ½."""
    template = Template("{% load tournament_tags %}{{ value|local_decimal }} {{ points|score }}")
    context = Context({"value": "12.75", "points": Fraction(11, 2)})
    with translation.override("fr"):
        assert template.render(context) == "12,75 5½"


@pytest.mark.django_db
def test_audit_log_is_french(event: Event, arbiter: User, arbiter_client: Client) -> None:
    """Dates as French write them (day/month/year), settings by their French label."""
    event_services.event_settings_update(
        event_id=event.pk,
        user=arbiter,
        now=timezone.now(),
        changes={"prize_sharing": "hort"},
        expected_version=event.settings_version,
    )
    AuditEntry.objects.filter(event=event).update(at=dt.datetime(2026, 3, 1, 9, tzinfo=dt.UTC))
    arbiter_client.post("/language/", {"language": "fr", "next": "/"})
    page = arbiter_client.get(f"/events/{event.slug}/manage/audit/").content.decode()
    assert "01/03/2026" in page
    assert html.escape(french("share half equally, half by tie-breaks (Hort system)")) in page


# The prize table reads French words.


def test_prize_table_reads_the_french_example_of_its_help() -> None:
    """The settings form's help shows a French arbiter French words ("Elo sous 1800",
    "Né en 2014 ou après", « Trophée »): each line of that example reads."""
    with translation.override("fr"):
        help_text = str(Event._meta.get_field("prize_table").help_text)
    example = help_text.split("\xa0: ", 1)[1].rsplit(". ", 2)[0]
    groups = read_table("\n".join(example.split(" / ")))
    fields = [
        (g.rating_from, g.rating_below, g.born_from, g.born_until, g.women, g.unrated)
        for g in groups
    ]
    assert fields == [
        (None, None, None, None, False, False),
        (None, 1800, None, None, False, False),
        (2000, None, None, None, False, False),
        (None, None, 2014, None, False, False),
        (None, None, None, 1966, False, False),
        (None, 1800, None, None, True, False),
        (None, None, None, None, False, True),
        (None, None, None, None, False, False),
        (None, None, None, None, False, False),
        (None, None, None, None, False, False),
    ]
    assert [p.item for p in groups[0].prizes] == ["", "", "Trophée"]
    assert (groups[7].federation, groups[8].club) == ("FRA", "NOM")
    assert groups[9].numbers == frozenset({4, 9, 17})


@pytest.mark.parametrize(
    ("line", "field", "value"),
    [
        ("Elo 1600-1799 : 60", "rating_below", 1800),
        ("Elo au-dessus de 2000 : 10", "rating_from", 2001),
        ("Elo inférieur à 1500 : 10", "rating_below", 1500),
        ("Nées en 2010 ou après : 10", "born_from", 2010),
        ("née en 1970 ou avant : 10", "born_until", 1970),
        ("Nés en 1980-1995 : 10", "born_until", 1995),
        ("Sans Elo : 10", "unrated", True),
        ("Fédération sui : 10", "federation", "SUI"),
    ],
)
def test_prize_table_reads_each_french_condition(line: str, field: str, value: object) -> None:
    assert getattr(read_table(line)[0], field) == value


def test_prize_table_joins_french_conditions_by_et_but_not_a_clubs_name() -> None:
    """ "Femmes et Elo sous 1800" is two conditions; "Club Échecs et Mat" one club."""
    women = read_table("Femmes et Elo sous 1800 : 40")[0]
    assert (women.women, women.rating_below) == (True, 1800)
    assert read_table("Club Échecs et Mat : 30")[0].club == "Échecs et Mat"
