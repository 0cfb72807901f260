"""A festival of FIDE-rated and nationally rated players (#35 item 1), for the tests of
the two ratings: who has which rating is the point of every test that uses it."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User

from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Player, Result
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)

FIELD = [
    # name, FIDE rating, FIDE ID, national rating, national ID
    ("Adler, Anna", 2100, 4600001, 2050, "C0327-001"),
    ("Bauer, Ben", 0, None, 1900, "C0327-002"),
    ("Corte, Cid", 1950, 4600003, 0, ""),
    ("Dorn, Dana", 1700, 4600004, 2000, "C0327-004"),
    ("Eck, Emil", 0, None, 0, ""),
    ("Fuchs, Flo", 0, None, 1500, "C0327-006"),
]
"""Bauer and Fuchs are rated nationally only, Corte by FIDE only, Eck by neither."""

ORDER = {
    "fide": ["Adler", "Corte", "Dorn", "Bauer", "Eck", "Fuchs"],
    "nro": ["Adler", "Dorn", "Bauer", "Fuchs", "Corte", "Eck"],
    "hbfn": ["Adler", "Dorn", "Corte", "Bauer", "Fuchs", "Eck"],
    "fidon": ["Adler", "Corte", "Bauer", "Dorn", "Fuchs", "Eck"],
    "lbfn": ["Adler", "Corte", "Bauer", "Dorn", "Fuchs", "Eck"],
    "nidof": ["Adler", "Dorn", "Corte", "Bauer", "Fuchs", "Eck"],
}
"""The initial order each choice of rating gives (rating, then name among the unrated)."""


def festival(arbiter: User, basis: str = "fide") -> Event:
    """The field registered in a Dutch event of the German federation, pairing on
    ``basis``; not started."""
    event = Event.objects.create(
        name="Mixed Festival", slug="mixed", rounds=3, public=True, federation="GER",
        rating_basis=basis, start_date=dt.date(2026, 3, 1), end_date=dt.date(2026, 3, 3),
    )  # fmt: skip
    event.arbiters.add(arbiter)
    for name, rating, fide_id, national, national_id in FIELD:
        Player.objects.create(
            event=event, name=name, rating=rating, fide_id=fide_id, national_rating=national,
            national_id=national_id, national_list="DWZ" if national else "",
        )  # fmt: skip
    return event


def played(event: Event, arbiter: User, rounds: int = 1) -> Event:
    """``event`` started and ``rounds`` rounds paired and played, White winning and a
    draw on board 2."""
    event_services.event_start(event_id=event.pk, user=arbiter, now=T0)
    for number in range(1, rounds + 1):
        round_ = round_services.round_pair(event_id=event.pk, user=arbiter, now=T0, seed=number)
        round_services.round_publish(round_id=round_.pk, user=arbiter, now=T0)
        for game in round_.games.exclude(black=None).order_by("board"):
            result = Result.DRAW if game.board == 2 else Result.WHITE_WINS
            result_services.result_record(
                game_id=game.pk, result=result, expected_version=0, user=arbiter, now=T0
            )
    event.refresh_from_db()
    return event


def surname(player: Player) -> str:
    return player.name.split(",")[0]
