"""Prizes and categories (#24): the prize table read, one prize per player (the higher),
shared among players level on points equally or by the Hort system."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client

from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Player, Result
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services
from swissweb.tournament.standings.prizes import (
    Award,
    Contender,
    Prize,
    money,
    prize_list,
    read_table,
)

F = Fraction
T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


def field(*rows: tuple[str, float, int]) -> list[Contender]:
    """Players in standings order: (name, points, rating); women's names start 'W'."""
    return [
        Contender(key=i, name=name, place=i, number=i, points=F(points).limit_denominator(2),
                  rating=rating, birth_year=2015 if name.startswith("J") else 1990,
                  sex="w" if name.startswith("W") else "m", club="Hastings" if i % 2 else "")
        for i, (name, points, rating) in enumerate(rows, start=1)
    ]  # fmt: skip


def won(awards: list[Award]) -> dict[str, tuple[str, str]]:
    return {a.player.name: (a.group, money(a.cents)) for a in awards}


def test_the_higher_prize_is_taken_and_the_next_player_gets_the_other() -> None:
    """U1800's 1st (150) is more than 3rd place (100): C, best U1800 and 3rd overall,
    takes 150 and 3rd place goes to D; E, second U1800, gets U1800's 2nd."""
    players = field(("A", 5, 2300), ("B", 4.5, 2200), ("C", 4, 1750), ("D", 3.5, 2000),
                    ("E", 3, 1700), ("F", 2, 1500))  # fmt: skip
    table = read_table("Place: 500, 300, 100\nRating below 1800: 150, 50")
    assert won(prize_list(table, players, "none")) == {
        "A": ("Place", "500.00"), "B": ("Place", "300.00"), "D": ("Place", "100.00"),
        "C": ("Rating below 1800", "150.00"), "E": ("Rating below 1800", "50.00"),
    }  # fmt: skip


def test_split_shares_the_prizes_of_the_places_taken_together() -> None:
    """B, C and D level on 4 take places 2-4: (300 + 200 + 0) / 3 each, the odd cent to
    the best placed (B); A keeps 500."""
    players = field(("A", 5, 2300), ("B", 4, 2200), ("C", 4, 2100), ("D", 4, 2000))
    awards = prize_list(read_table("Place: 500, 300, 200"), players, "split")
    assert won(awards) == {
        "A": ("Place", "500.00"), "B": ("Place", "166.67"), "C": ("Place", "166.67"),
        "D": ("Place", "166.66"),
    }  # fmt: skip
    assert sum(a.cents for a in awards) == 100000
    assert {a.shared_with for a in awards if a.player.name != "A"} == {3}


def test_hort_keeps_half_by_tiebreaks_and_shares_the_other_half() -> None:
    """Hort: B and C level for 1st-2nd (400, 200): B 200 + 150, C 100 + 150."""
    players = field(("B", 4, 2200), ("C", 4, 2100), ("D", 3, 2000))
    awards = prize_list(read_table("Place: 400, 200"), players, "hort")
    assert won(awards) == {"B": ("Place", "350.00"), "C": ("Place", "250.00")}


def test_groups_admit_by_rating_age_sex_rating_status_and_club() -> None:
    players = field(("A", 5, 2300), ("Wendy", 4, 1900), ("Jo", 3, 0), ("K", 2, 1650))
    table = read_table("Women: 80\nBorn 2014 or later: 50\nRating 1600-1799: 30\nClub hastings: 20")
    assert won(prize_list(table, players, "none")) == {
        "Wendy": ("Women", "80.00"), "Jo": ("Born 2014 or later", "50.00"),
        "K": ("Rating 1600-1799", "30.00"), "A": ("Club hastings", "20.00"),
    }  # fmt: skip
    assert won(prize_list(read_table("Unrated: 40"), players, "none")) == {
        "Jo": ("Unrated", "40.00")
    }
    # A group of the arbiter's own, by pairing numbers.
    assert won(prize_list(read_table("Players 2 4: 25, 10"), players, "none")) == {
        "Wendy": ("Players 2 4", "25.00"), "K": ("Players 2 4", "10.00"),
    }  # fmt: skip


def test_a_german_prize_table_reads_as_the_english_one() -> None:
    """The keywords of the pages' second language (#24) name the same groups, each
    shown as the arbiter wrote it."""
    players = field(("A", 5, 2300), ("Wendy", 4, 1900), ("Jo", 3, 0), ("K", 2, 1650))
    english = read_table(
        "Place: 100\nWomen: 80\nBorn 2014 or later: 50\nRating 1600-1799: 30\n"
        "Rating below 1700: 25\nUnrated: 20\nClub hastings: 15\nPlayers 2 4: 10"
    )
    german = read_table(
        "Platz: 100\nFrauen: 80\nJahrgang 2014 und jünger: 50\nWertung 1600-1799: 30\n"
        "Wertung unter 1700: 25\nohne Wertung: 20\nVerein hastings: 15\nSpieler 2 4: 10"
    )
    names = dict(zip((g.name for g in english), (g.name for g in german), strict=True))
    assert names["Unrated"] == "Ohne Wertung"
    awards = {
        a.player.name: (names[a.group], a.cents) for a in prize_list(english, players, "none")
    }
    assert {a.player.name: (a.group, a.cents) for a in prize_list(german, players, "none")} == (
        awards
    )
    assert read_table("geboren 2014 oder später: 5")[0].born_from == 2014


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Place 500", "Line 1: write the group, a colon, then its prizes."),
        ("Place: 500, lots", "Line 1: 'lots' is not an amount"),
        ("\nRating below: 50", "Line 2: 'Rating below' is not a group"),
        ("Rating 1900-1800: 5", "Line 1: the rating range 1900-1800 is empty."),
        ("Place: 10.005", "Line 1: '10.005' is not an amount."),
    ],
)
def test_a_prize_table_that_does_not_read_is_refused_by_line(text: str, message: str) -> None:
    with pytest.raises(ValidationError, match=message.replace("(", r"\(")):
        read_table(text)


@pytest.mark.django_db
def test_prize_page_and_csv(
    started: Event, players: list[Player], arbiter: User, client: Client
) -> None:
    round_ = round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, seed=1)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=T0)
    for game in round_.games.all():
        result_services.result_record(
            game_id=game.pk, result=Result.WHITE_WINS, expected_version=0, user=arbiter, now=T0
        )
    assert client.get(f"/events/{started.slug}/prizes/").status_code == 404
    started.refresh_from_db()
    event_services.event_settings_update(
        event_id=started.pk, changes={"prize_table": "Place: 90, 30", "prize_sharing": "split"},
        expected_version=started.settings_version, user=arbiter, now=T0,
    )  # fmt: skip
    page = client.get(f"/events/{started.slug}/prizes/").content.decode()
    # Three winners level on 1 point take places 1-3: (90 + 30 + 0) / 3 each.
    assert page.count("40.00") == 3 and "(shared by 3)" in page and "provisional" in page
    rows = client.get(f"/events/{started.slug}/prizes.csv").content.decode("utf-8-sig").splitlines()
    assert rows[0] == "group,place,name,points,amount,prize,shared_by"
    assert sorted(row.split(",")[-3] for row in rows[1:]) == ["40.00"] * 3
    # A birth year alone (from FIDE's list) puts a player in an age group too.
    Player.objects.filter(pk=players[0].pk).update(birth_date=None, birth_year=2015)
    started.refresh_from_db()
    event_services.event_settings_update(
        event_id=started.pk, changes={"prize_table": "Born 2014 or later: 10"},
        expected_version=started.settings_version, user=arbiter, now=T0,
    )  # fmt: skip
    page = client.get(f"/events/{started.slug}/prizes/").content.decode()
    assert players[0].name in page and "10.00" in page
    with pytest.raises(Exception, match="is not a group"):
        event_services.event_settings_update(
            event_id=started.pk, changes={"prize_table": "Juniors: 10"},
            expected_version=Event.objects.get(pk=started.pk).settings_version, user=arbiter,
            now=T0,
        )  # fmt: skip


@pytest.mark.parametrize(
    ("amount", "message"),
    [
        ("1e308", "is too large: a prize is at most 1000000000000"),
        ("9" * 40, "is too large: a prize is at most 1000000000000"),
        ("1000000000000.01", "is too large: a prize is at most 1000000000000"),
        ("Infinity", "is not an amount"),
        ("-inf", "is not an amount"),
        ("NaN", "is not an amount"),
        ("sNaN", "is not an amount"),
        ("1e-308", "is not an amount"),
    ],
)
def test_d8_a_huge_or_not_finite_prize_amount_is_refused(amount: str, message: str) -> None:
    """Defect D8: 1e308 or 40 digits went past Decimal's precision when rounded to the
    cent (InvalidOperation, a 500); NaN failed the comparison the same way."""
    with pytest.raises(ValidationError, match=f"Line 2: '{amount}' {message}"):
        read_table(f"Place: 100\nPlace: 50, {amount}")
    assert read_table("Place: 1000000000000")[0].prizes == (Prize(10**14, worth=10**14),)


def test_d8_a_custom_group_of_huge_pairing_numbers_is_refused() -> None:
    """A group's pairing number of 5,000 digits passed int()'s limit on digits (a 500)."""
    with pytest.raises(ValidationError, match="Line 1: "):
        read_table(f"Players 1 {'9' * 5000}: 10")


@pytest.mark.django_db
def test_d8_the_event_form_refuses_a_huge_amount_in_words(
    event: Event, arbiter_client: Client
) -> None:
    response = arbiter_client.get(f"/events/{event.slug}/edit/")
    assert response.status_code == 200
    form = response.context["form"]
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    data.update(prize_table="Place: 1e308", tiebreaks=event.tiebreaks)
    before = Event.objects.get(pk=event.pk).prize_table
    response = arbiter_client.post(f"/events/{event.slug}/edit/", data)
    assert response.status_code < 500
    assert "at most 1000000000000" in response.content.decode()
    assert Event.objects.get(pk=event.pk).prize_table == before
