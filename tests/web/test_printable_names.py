"""Names hold no invisible characters (#21): control, bidirectional, zero-width."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.text import invisible
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Player
from swissweb.tournament.players import services as player_services
from swissweb.tournament.players.imports import parse_players_csv
from swissweb.tournament.publishing import exports

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("name", "code"),
    [("Adams\u202e, Anna", "U+202E"), ("Ka\u200bren, Li", "U+200B"), ("Bo\u2066b, X", "U+2066"),
     ("Nul\x00, Byte", "U+0000"), ("Line\nBreak, Y", "U+000A"), ("\ufeffBom, Z", "U+FEFF")],
)  # fmt: skip
def test_registration_refuses_an_invisible_character_and_names_it(
    started: Event, arbiter: User, name: str, code: str
) -> None:
    before = Player.objects.count()
    with pytest.raises(TournamentError, match=re.escape(code)):
        player_services.players_add(
            event_id=started.pk, rows=[{"name": name}], user=arbiter, now=timezone.now()
        )
    assert Player.objects.count() == before


def test_joiners_that_scripts_need_stay_allowed(started: Event, arbiter: User) -> None:
    """Our reading: ZWNJ and ZWJ are part of correctly written Persian or Indic names."""
    name = "Mohammad\u200cReza, Ali"
    assert invisible(name) is None
    player_services.players_add(
        event_id=started.pk, rows=[{"name": name}], user=arbiter, now=timezone.now()
    )
    assert Player.objects.filter(name=name).exists()


def test_club_and_event_name_refuse_bidi_controls(started: Event, arbiter: User) -> None:
    with pytest.raises(TournamentError, match=re.escape("U+202B")):
        player_services.players_add(
            event_id=started.pk, rows=[{"name": "Fine, Name", "club": "SC \u202bX"}],
            user=arbiter, now=timezone.now(),
        )  # fmt: skip
    with pytest.raises(TournamentError, match=re.escape("U+202E")):
        event_services.event_settings_update(
            event_id=started.pk, changes={"name": "Open \u202e2026"},
            expected_version=started.settings_version, user=arbiter, now=timezone.now(),
        )  # fmt: skip


def test_player_correction_refuses_an_invisible_character(started: Event, arbiter: User) -> None:
    player = started.players.first()
    assert player is not None
    with pytest.raises(TournamentError, match=re.escape("U+200F")):
        player_services.player_update(
            player_id=player.pk, changes={"name": "Rtl\u200f, Mark"}, user=arbiter,
            now=timezone.now(),
        )  # fmt: skip


def test_event_import_refuses_an_invisible_character_in_a_name(
    started: Event, arbiter: User
) -> None:
    text = exports.event_trf(started)
    player = started.players.order_by("pairing_number").first()
    assert player is not None
    hostile = text.replace(player.name, player.name[:-1] + "\u202e", 1)
    assert hostile != text
    before = Event.objects.count()
    with pytest.raises(TournamentError, match="U\\+202E"):
        event_services.event_import_trf(text=hostile, user=arbiter, now=timezone.now())
    assert Event.objects.count() == before


def test_csv_import_names_the_line_of_an_invisible_character() -> None:

    text = 'name,rating\n"Adams, Anna",1500\n"Bo\u202eb, X",1400\n'
    _, problems = parse_players_csv(text)
    assert [str(p) for p in problems] == [
        "line 3, name: holds an invisible character (U+202E); remove it"
    ]


def test_csv_import_reads_only_ascii_digits_in_numbers() -> None:
    """Defect: a superscript digit passed str.isdigit and failed later with a 500."""

    _, problems = parse_players_csv("name,rating,fide_id\nA,15²0,\nB,1500,4²\n")
    assert [p.line for p in problems] == [2, 3]


def test_csv_import_reads_a_doubled_quote_inside_a_quoted_name() -> None:
    """Defect: the sniffer saw no doubled quote in the header and misread the rows."""

    rows, problems = parse_players_csv('name,rating\n"O""Brien, Pat",1500\n"Ng, Li",1400\n')
    assert problems == []
    assert [r.name for r in rows] == ['O"Brien, Pat', "Ng, Li"]


def test_csv_import_still_guesses_a_semicolon_delimiter() -> None:

    rows, problems = parse_players_csv('name;rating\n"Adams, Anna";1500\n')
    assert problems == [] and rows[0].rating == 1500
