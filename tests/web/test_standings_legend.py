"""The standings show federation and club and a legend of the tie-breaks (#35 item 5)."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from swissweb.tournament.core.numbers import Form
from swissweb.tournament.models import Event, Player
from swissweb.tournament.standings.legend import tiebreak_legend

from .test_standings import played_event


def test_the_legend_names_each_tiebreak_its_rule_and_its_form() -> None:
    legend = tiebreak_legend("BH-C1,SB,ARO,LOT")
    assert [(line.code, line.rule, line.form) for line in legend] == [
        ("BH-C1", "C.07 8.1", Form.HALVES), ("SB", "C.07 9.1", Form.HUNDREDTHS),
        ("ARO", "C.07 10.1", Form.WHOLE), ("LOT", "", Form.WHOLE),
    ]  # fmt: skip
    assert legend[0].name == "Buchholz; Cut-1: without the lowest value"
    assert legend[1].name == "Sonneborn-Berger"


@pytest.mark.django_db
def test_standings_page_and_csv_show_federation_club_and_the_legend() -> None:
    event = played_event(6, 1, slug="legend")
    Event.objects.filter(pk=event.pk).update(tiebreaks="BH,SB")
    Player.objects.filter(event=event).update(federation="ENG", club="=Hastings")
    page = Client().get(f"/events/{event.slug}/standings/").content.decode()
    assert "<td>ENG</td>" in page and "<td>=Hastings</td>" in page
    assert "Tie-breaks, in the order they decide" in page
    assert "<td>Buchholz</td><td>C.07 8.1</td><td>in halves (½)</td>" in page
    body = Client().get(f"/events/{event.slug}/standings.csv").content.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(body)))
    assert {(row["federation"], row["club"]) for row in rows} == {("ENG", "'=Hastings")}
    crosstable = Client().get(f"/events/{event.slug}/crosstable/").content.decode()
    assert "<td>ENG</td>" in crosstable and "<td>SB</td><td>Sonneborn-Berger</td>" in crosstable


@pytest.mark.django_db
def test_the_standings_say_why_rating_tiebreaks_are_0_for_everyone() -> None:
    """C.07 Article 10: with an unrated player and no rating given to the unrated, ARO
    and TPR are 0 for every player; the page says so under the table, not when every
    player is rated, and not once the event gives the unrated a rating."""
    note = "ARO, TPR: 0 for every player, because unrated players take part"
    event = played_event(6, 1, slug="unrated")
    Event.objects.filter(pk=event.pk).update(tiebreaks="BH,ARO,TPR")
    event.refresh_from_db()
    event.save()  # a change of the event: the standings are read again
    assert note not in Client().get(f"/events/{event.slug}/standings/").content.decode()
    Player.objects.filter(event=event, pairing_number=6).update(rating=0)
    event.save()
    page = Client().get(f"/events/{event.slug}/standings/").content.decode()
    assert note in page
    event.unrated_rating = 1000
    event.save()
    assert note not in Client().get(f"/events/{event.slug}/standings/").content.decode()


@pytest.mark.django_db
def test_the_standings_csv_leaves_an_unrated_players_rating_empty_as_the_page_does() -> None:
    """An unrated player (rating 0, FIDE B.02) has no rating: the standings page shows an
    empty cell, and the CSV now writes the same empty cell rather than a 0 a spreadsheet
    would average in."""
    event = played_event(6, 1, slug="unrated-csv")
    Player.objects.filter(event=event, pairing_number=6).update(rating=0)
    event.refresh_from_db()
    event.save()  # a change of the event: the standings are read again
    body = Client().get(f"/events/{event.slug}/standings.csv").content.decode("utf-8-sig")
    ratings = {row["pairing_number"]: row["rating"] for row in csv.DictReader(io.StringIO(body))}
    assert ratings["6"] == ""
    assert all(ratings[str(number)] not in ("", "0") for number in range(1, 6))
