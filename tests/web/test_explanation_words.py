"""#36 item 8: a round's explanation ("why") reads in the reader's language.

Each step the engine writes carries a message code and values; the round stores them
beside the English text, and the round's "why" page and the draft review render them
in the active language.  A step stored before the codes (an old round, an old backup)
reads as its English text.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from pairing.engine import trf
from pairing.engine.messages import ENGLISH, message_from_json
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, PairingSystem, Player, Round
from swissweb.tournament.publishing import exports
from swissweb.tournament.rounds import services as round_services
from swissweb.tournament.rounds.engine_words import TEMPLATES
from swissweb.tournament.rounds.explanation_words import step_text
from tests.web.backup_helpers import lose

pytestmark = pytest.mark.django_db

NOW = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


class _Catalogue:
    """A template translated into German only (the lead fills the real catalogue)."""

    def __init__(self, english: str, german: str) -> None:
        self.english, self.german = english, german

    def __str__(self) -> str:
        return self.german if translation.get_language() == "de" else self.english


def _nine(arbiter: User, system: str) -> Event:
    """Nine players, round 1 paired by ``system``: four boards and the bye."""
    event = Event.objects.create(name="Nine", slug="nine", rounds=5, system=system)
    event.arbiters.add(arbiter)
    for index in range(9):
        Player.objects.create(event=event, name=f"P{index}", rating=2300 - 40 * index)
    event_services.event_start(event_id=event.pk, user=arbiter, now=NOW)
    round_services.round_pair(event_id=event.pk, user=arbiter, now=NOW, seed=1)
    return event


@pytest.mark.parametrize("system", [s.value for s in PairingSystem])
def test_every_stored_step_carries_a_code_the_web_templates_know(
    system: str, arbiter: User
) -> None:
    """Every step of round 1 is stored with its code and values, the code is one the web
    has a template for, and the values give back the stored English."""
    steps = Round.objects.get(event=_nine(arbiter, system), number=1).explanation
    assert steps
    for step in steps:
        message = message_from_json({"code": step.get("code"), "values": step.get("values")})
        assert message is not None, step
        assert message.code in TEMPLATES and message.code in ENGLISH
        assert str(message) == step["text"]


def test_a_step_stored_before_the_codes_reads_as_its_text() -> None:
    old = {
        "rule": "C.04.3 5.1",
        "text": "The initial colour was drawn by lot: white.",
        "players": [],
    }
    gone = {**old, "code": "explain.from_the_future", "values": {}}
    with translation.override("de"):
        assert step_text(old) == old["text"]
        assert step_text(gone) == old["text"]


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch) -> None:
    """The templates of a FIDE Dutch round 1 of nine players, in German."""
    for code, german in {
        "explain.dutch.bracket": "%(head)s. Die Paarung erfüllt die Kriterien.",
        "explain.initial_colour_lot": "Die Anfangsfarbe wurde gelost: %(colour)s.",
        "explain.dutch.bracket_head_floats": "Gruppe %(score)s: %(residents)s Spieler; "
        "%(pairs)s Paare, %(floaters)s steigt ab",
        "explain.dutch.board": "Brett %(board)s: %(white)s (Weiß) gegen %(black)s (Schwarz); "
        "%(why)s (%(step)s).",
        "explain.dutch.colour_tpn": "keine Farbpräferenz: die Setznummer entscheidet",
        "explain.dutch.bye": "Spieler %(player)s erhält das Freilos.",
        "explain.dutch.bye_floats": "Spieler %(player)s erhält das Freilos.",
    }.items():
        monkeypatch.setitem(TEMPLATES, code, _Catalogue(str(TEMPLATES[code]), german))


def test_the_why_page_reads_in_german(german: None, arbiter: User, arbiter_client: Client) -> None:
    """The FIDE Dutch round 1 of nine players: the colour drawn, the bracket's summary
    (a message within the message), each board with its colours' reason, and the bye
    read in German on the round's "why" page."""
    event = _nine(arbiter, PairingSystem.DUTCH.value)
    why = f"/events/{event.slug}/manage/rounds/1/why/"
    english = arbiter_client.get(why, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Board 1: " in english and "Brett 1: " not in english
    page = arbiter_client.get(why, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Brett 1: " in page and "(Weiß) gegen" in page
    assert "die Setznummer entscheidet" in page
    assert "Gruppe 0: 9 Spieler; 4 Paare, 9 steigt ab. Die Paarung erfüllt die Kriterien." in page
    assert "Die Anfangsfarbe wurde gelost: " in page
    assert "erhält das Freilos." in page
    assert "Board 1: " not in page and "receives the pairing-allocated bye" not in page


@pytest.mark.parametrize("old", [True, False])
def test_a_restored_backup_shows_its_explanation_in_german_when_it_has_the_codes(
    german: None, arbiter: User, arbiter_client: Client, old: bool
) -> None:
    """A backup written before the codes (its SWE steps a rule, a text and players only)
    restores and shows its English; one written with them shows German."""
    event = _nine(arbiter, PairingSystem.DUTCH.value)
    text = exports.event_trf(event)
    if old:
        steps = [
            {key: step[key] for key in ("rule", "text", "players")}
            for step in Round.objects.get(event=event, number=1).explanation
        ]
        lines = text.split("\r\n")
        index = next(i for i, line in enumerate(lines) if line.startswith("SWE   1 "))
        lines[index] = trf.explanation_line(1, steps)
        text = "\r\n".join(lines)
    lose(event)
    copy = event_services.event_import_trf(text=text, user=arbiter, now=NOW)
    why = f"/events/{copy.slug}/manage/rounds/1/why/"
    page = arbiter_client.get(why, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert ("Board 1: " in page) is old and ("Brett 1: " in page) is not old
