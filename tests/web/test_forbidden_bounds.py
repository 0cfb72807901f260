"""Forbidden-pair lines of an imported file are bounded before they are expanded (#21)."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from pairing.engine import trf
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, ForbiddenPair
from swissweb.tournament.publishing import exports

from .test_standings import played_event

pytestmark = pytest.mark.django_db


def _with_lines(text: str, lines: list[str]) -> str:
    return text.rstrip("\r\n") + "\r\n" + "\r\n".join(lines) + "\r\n"


def test_an_xxp_line_of_more_than_half_the_players_is_refused_by_line(stranger: User) -> None:
    """Defect: a 2,000-player XXP line expanded into two million pairs (1.1 GB)."""
    text = exports.event_trf(played_event(20, 1, slug="xxp-half"))
    hostile = _with_lines(text, [trf.prohibited_line(list(range(1, 21)))])
    before = (Event.objects.count(), ForbiddenPair.objects.count())
    started = time.monotonic()
    with pytest.raises(TournamentError, match="keeps 20 of 20 players apart: no pairing can"):
        event_services.event_import_trf(text=hostile, user=stranger, now=timezone.now())
    assert time.monotonic() - started < 5
    assert (Event.objects.count(), ForbiddenPair.objects.count()) == before


def test_xxp_lines_beyond_twenty_pairs_per_player_are_refused(stranger: User) -> None:
    text = exports.event_trf(played_event(10, 1, slug="xxp-many"))
    # 25 lines of five players: 250 pairs counted, over 20 for each of the 10 players.
    lines = [trf.prohibited_line([1 + (n + k) % 10 for k in (0, 1, 3, 6, 8)]) for n in range(25)]
    with pytest.raises(TournamentError, match="at most 20 per player"):
        event_services.event_import_trf(
            text=_with_lines(text, lines), user=stranger, now=timezone.now()
        )


def test_a_reasonable_xxp_line_is_imported_as_pairs(stranger: User) -> None:
    text = exports.event_trf(played_event(10, 1, slug="xxp-ok"))
    copy = event_services.event_import_trf(
        text=_with_lines(text, [trf.prohibited_line([2, 5, 7])]), user=stranger,
        now=timezone.now(),
    )  # fmt: skip
    assert ForbiddenPair.objects.filter(event=copy).count() == 3
