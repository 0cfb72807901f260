"""The event's tie-break rules in the standings: the C.07 text by start date or chosen
(Article 16.4), and the rating of unrated players in ARO (Article 10)."""

from __future__ import annotations

import datetime
from fractions import Fraction

from django.contrib.auth.models import User

from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Player, RequestKind
from swissweb.tournament.players import requests as request_services
from swissweb.tournament.standings import selectors as standing_selectors

from .service_helpers import NOW, _play


def _settings(event: Event, user: User, **changes: object) -> None:
    event.refresh_from_db()
    event_services.event_settings_update(
        event_id=event.pk, changes=changes, expected_version=event.settings_version,
        user=user, now=NOW, confirm=True,
    )  # fmt: skip
    event.refresh_from_db()


def _values(event: Event) -> dict[int | None, tuple[Fraction, ...]]:
    table = standing_selectors.standings_after(event=event)
    return {line.player.pairing_number: tuple(line.values) for line in table.lines}


def test_c07_2026_text_from_the_start_date_and_the_2024_text_by_choice(
    started: Event, arbiter: User
) -> None:
    """No. 1 takes a half-point bye in round 1 and wins round 2: 1½ in two rounds.  The
    2024 text counts the bye as an opponent with his own 1½; the amended text caps it at
    a draw per round, 1 (C.07 16.4.2).  An event of February 2026 follows the 2024 text,
    one of March 2026 the amended text, unless its settings name a text."""
    _settings(started, arbiter, tiebreaks="BH", start_date=datetime.date(2026, 2, 20))
    number_one = Player.objects.get(event=started, pairing_number=1)
    request_services.round_request_set(
        player_id=number_one.pk, round_number=1, kind=RequestKind.HALF_POINT_BYE,
        user=arbiter, now=NOW,
    )  # fmt: skip
    _play(started, arbiter)
    _play(started, arbiter)
    february = _values(started)[1][0]
    _settings(started, arbiter, start_date=datetime.date(2026, 3, 1))
    march = _values(started)[1][0]
    _settings(started, arbiter, tiebreak_rules="fide2023")
    chosen = _values(started)[1][0]
    assert february - march == Fraction(1, 2)
    assert chosen == february


def test_c07_10_aro_with_an_unrated_player_needs_the_events_rating_for_him(
    started: Event, arbiter: User
) -> None:
    """C.07 Article 10: with an unrated player in the event, ARO is 0 for everyone until
    the event gives unrated players a rating; then they count with it."""
    Player.objects.filter(event=started, pairing_number=6).update(rating=0)
    _settings(started, arbiter, tiebreaks="ARO")
    _play(started, arbiter)
    assert {values[0] for values in _values(started).values()} == {Fraction(0)}
    _settings(started, arbiter, unrated_rating=1000)
    values = _values(started)
    opponent_of_six = next(n for n, v in values.items() if v[0] == 1000)
    assert opponent_of_six != 6
    assert sum(1 for v in values.values() if v[0] > 1000) == 5
