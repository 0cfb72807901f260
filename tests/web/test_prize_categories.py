"""Prizes as organisers write them (#35 item 4): juniors and seniors, combined
conditions, rating from and above, federation, prizes in kind under "one prize per
player", and money shared in whole cents that add up to the prize."""

from __future__ import annotations

import csv
import datetime as dt
import io
from fractions import Fraction

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Result
from swissweb.tournament.publishing import exports
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services
from swissweb.tournament.standings.prizes import (
    Award,
    Contender,
    money,
    prize_list,
    read_table,
    shares,
    validate_groups,
    validate_table,
)

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


def player(
    key: int,
    points: float,
    *,
    rating: int = 2000,
    born: int | None = 1990,
    sex: str = "m",
    club: str = "",
    federation: str = "ENG",
) -> Contender:
    return Contender(
        key=key, name=f"P{key}", place=key, number=key,
        points=Fraction(points).limit_denominator(2), rating=rating, birth_year=born, sex=sex,
        club=club, federation=federation,
    )  # fmt: skip


def won(awards: list[Award]) -> dict[str, tuple[str, str]]:
    return {a.player.name: (a.group, a.item or money(a.cents)) for a in awards}


def test_fifty_shared_by_three_pays_fifty_the_odd_cent_to_the_best_placed() -> None:
    """The issue's case: 50 shared by three paid 16.67 three times, 50.01 in all."""
    players = [player(1, 3), player(2, 3), player(3, 3)]
    awards = prize_list(read_table("Place: 50"), players, "split")
    assert [money(a.cents) for a in awards] == ["16.67", "16.67", "16.66"]
    assert sum(a.cents for a in awards) == 5000


def test_hort_shares_add_up_to_the_prizes_in_cents() -> None:
    """Hort, 100.01 and 50 for two: halves 50.00 and 25.00 kept, 75.01 shared."""
    assert shares([10001, 5000], "hort") == [5000 + 3751, 2500 + 3750]


@given(
    own=st.lists(st.integers(min_value=0, max_value=10**14), min_size=1, max_size=40),
    sharing=st.sampled_from(["split", "hort", "none"]),
)
def test_shares_always_add_up_to_the_prizes_exactly(own: list[int], sharing: str) -> None:
    """Whatever the amounts and the mode, no cent is made or lost, no share is
    negative, and the better placed never get less than the worse placed in a split."""
    result = shares(own, sharing)
    assert sum(result) == sum(own)
    assert all(cents >= 0 for cents in result)
    if sharing == "split":
        assert result == sorted(result, reverse=True) and result[0] - result[-1] <= 1


@given(
    amounts=st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=8),
    halves=st.lists(st.integers(min_value=0, max_value=14), min_size=8, max_size=30),
    sharing=st.sampled_from(["split", "hort", "none"]),
)
def test_a_prize_list_pays_out_exactly_the_prizes_of_the_table(
    amounts: list[int], halves: list[int], sharing: str
) -> None:
    """Everyone may win the place prizes and there are more players than prizes: the
    awards add up to the table's money to the cent, however players tie."""
    points = sorted(halves, reverse=True)
    players = [player(i, p / 2) for i, p in enumerate(points, start=1)]
    table = read_table("Place: " + ", ".join(money(cents) for cents in amounts))
    awards = prize_list(table, players, sharing)
    assert sum(a.cents for a in awards) == sum(amounts)
    assert len({a.player.key for a in awards}) == len(awards)


def test_a_player_level_with_winners_of_several_groups_shares_in_one_only() -> None:
    """All six level on points: P6 won nothing and is level with the winners of the
    place prizes, the over-2000s' and the seniors'.  It shares the place money (the
    group of the largest prize), not the others' too: one prize per player."""
    players = [player(1, 0.5, rating=2300), player(2, 0.5, rating=2200),
               player(3, 0.5, rating=2100), player(4, 0.5),
               player(5, 0.5, rating=1900, born=1960),
               player(6, 0.5, rating=2050, born=1950)]  # fmt: skip
    table = read_table('Place: 50, 0.01\nRating above 2000: 25, "Book"\nBorn 1960 or earlier: 10')
    awards = prize_list(table, players, "split")
    assert [(a.player.name, a.group, a.item or money(a.cents)) for a in awards] == [
        ("P1", "Place", "16.67"), ("P4", "Place", "16.67"), ("P6", "Place", "16.67"),
        ("P3", "Rating above 2000", "Book"), ("P2", "Rating above 2000", "25.00"),
        ("P5", "Born 1960 or earlier", "10.00"),
    ]  # fmt: skip
    assert sum(a.cents for a in awards) == 5001 + 2500 + 1000


@given(
    halves=st.lists(st.integers(min_value=0, max_value=4), min_size=4, max_size=12),
    born=st.lists(st.integers(min_value=1940, max_value=2015), min_size=12, max_size=12),
    sharing=st.sampled_from(["split", "hort", "none"]),
)
def test_with_several_groups_and_any_ties_nobody_wins_twice(
    halves: list[int], born: list[int], sharing: str
) -> None:
    points = sorted(halves, reverse=True)
    players = [player(i, p / 2, rating=2400 - 50 * i, born=born[i - 1]) for i, p in
               enumerate(points, start=1)]  # fmt: skip
    table = read_table(
        'Place: 100, 50, "Cup"\nRating above 2000: 30, 20\nBorn 1966 or earlier: 25\n'
        "Born 2005 or later: 15, 5"
    )
    awards = prize_list(table, players, sharing)
    assert len({a.player.key for a in awards}) == len(awards)
    groups = {a.group for a in awards}
    paid = {group: sum(a.cents for a in awards if a.group == group) for group in groups}
    for group in table:
        if group.name in paid:
            assert paid[group.name] <= sum(prize.cents for prize in group.prizes)


def test_seniors_are_born_in_or_before_the_year_and_juniors_in_or_after() -> None:
    players = [player(1, 5, born=1990), player(2, 4, born=1960), player(3, 3, born=2012),
               player(4, 2, born=None)]  # fmt: skip
    table = read_table("Born 1966 or earlier: 50\nBorn 2010 or later: 40\nBorn 1980-1995: 30")
    assert won(prize_list(table, players, "none")) == {
        "P2": ("Born 1966 or earlier", "50.00"), "P3": ("Born 2010 or later", "40.00"),
        "P1": ("Born 1980-1995", "30.00"),
    }  # fmt: skip
    german = read_table("Jahrgang 1966 und älter: 50\ngeboren 1966 oder früher: 5")
    assert [g.born_until for g in german] == [1966, 1966]


def test_combined_conditions_must_all_hold() -> None:
    """Women and rating below 1800: a woman rated 1900 and a man rated 1700 are out."""
    players = [player(1, 5, rating=1900, sex="w"), player(2, 4, rating=1700),
               player(3, 3, rating=1750, sex="w"), player(4, 2, rating=0, sex="w")]  # fmt: skip
    table = read_table("Women and rating below 1800: 40")
    assert won(prize_list(table, players, "none")) == {
        "P3": ("Women and rating below 1800", "40.00")
    }
    german = read_table("Frauen und Wertung unter 1800: 40")[0]
    assert (german.women, german.rating_below) == (True, 1800)
    juniors = read_table("Jahrgang 2014 und jünger und Frauen: 5")[0]
    assert (juniors.born_from, juniors.women) == (2014, True)


def test_rating_from_and_above_and_federation_admit_the_rated_players_they_name() -> None:
    players = [player(1, 5, rating=2000, federation="GER"), player(2, 4, rating=2001),
               player(3, 3, rating=0), player(4, 2, rating=1500, federation="ger")]  # fmt: skip
    assert won(prize_list(read_table("Rating above 2000: 10"), players, "none")) == {
        "P2": ("Rating above 2000", "10.00")
    }
    assert won(prize_list(read_table("Rating from 2000: 10, 5"), players, "none")) == {
        "P1": ("Rating from 2000", "10.00"), "P2": ("Rating from 2000", "5.00"),
    }  # fmt: skip
    assert won(prize_list(read_table("Federation GER: 10, 5"), players, "none")) == {
        "P1": ("Federation GER", "10.00"), "P4": ("Federation GER", "5.00"),
    }  # fmt: skip


def test_a_club_name_with_and_stays_one_club() -> None:
    group = read_table("Club Hastings and St Leonards and women: 10")[0]
    assert (group.club, group.women) == ("Hastings and St Leonards", True)


def test_a_prize_in_kind_counts_for_the_one_prize_rule() -> None:
    """P1, a senior, wins the trophy of first place (worth the 300 of the list) and not
    the seniors' 100 too, which goes to the next senior, P3; the book, worth the 20
    above it, goes after the money."""
    players = [player(1, 5, born=1950), player(2, 4, born=1955), player(3, 3, born=1940),
               player(4, 2), player(5, 1)]  # fmt: skip
    table = read_table('Place: "Trophy", 300, 20, "a book"\nBorn 1966 or earlier: 100')
    assert won(prize_list(table, players, "none")) == {
        "P1": ("Place", "Trophy"), "P2": ("Place", "300.00"),
        "P3": ("Born 1966 or earlier", "100.00"), "P4": ("Place", "20.00"),
        "P5": ("Place", "a book"),
    }  # fmt: skip


def test_a_prize_in_kind_in_a_tie_goes_by_tiebreaks_and_the_others_share_the_money() -> None:
    players = [player(1, 4), player(2, 4), player(3, 4)]
    awards = prize_list(read_table('Place: "Cup", 100, 50'), players, "split")
    assert won(awards) == {"P1": ("Place", "Cup"), "P2": ("Place", "75.00"),
                           "P3": ("Place", "75.00")}  # fmt: skip
    assert [a.shared_with for a in awards] == [1, 2, 2]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Women and seniors: 5", "Line 1: 'Women and seniors' is not a group"),
        ("Club A and club B: 5", "names two different clubs or federations"),
        ("Federation EN: 5", "'Federation EN' is not a group"),
    ],
)
def test_a_combined_group_that_does_not_read_is_refused(text: str, message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        read_table(text)


@pytest.mark.parametrize(
    "text",
    [
        "Born 2010-2000: 5",
        "Born 2010 or later and born 2000 or earlier: 5",
        "Rating below 1800 and rating from 2000: 5",
        "Rating from 1800 and rating below 1800: 5",
        "Unrated and rating from 2000: 5",
        "Unrated and rating below 1200: 5",
        "Players 1 2 and players 3: 5",
    ],
)
def test_a_group_whose_conditions_exclude_each_other_is_refused(text: str) -> None:
    """Like two different clubs, such a group admits nobody: its prizes were silently
    never paid.  Bounds that meet are a group (born in one year, rated one value)."""
    name = text.split(":")[0]
    with pytest.raises(ValidationError, match=f"Line 3: '{name}' admits nobody"):
        validate_groups(f"Place: 10\n\n{text}")
    validate_table(f"Place: 10\n\n{text}")  # the model's check: a stored table reads
    validate_groups("Born 2010-2010 and rating from 1800 and rating below 1801: 5")
    (group,) = read_table("Born 2010-2010 and rating from 1800 and rating below 1801: 5")
    assert (group.born_from, group.born_until, group.rating_from, group.rating_below) == (
        2010, 2010, 1800, 1801,
    )  # fmt: skip


@pytest.mark.django_db
def test_settings_refuse_a_group_that_admits_nobody_and_a_saved_one_still_reads(
    started: Event, arbiter: User, client: Client
) -> None:
    with pytest.raises(TournamentError, match="Line 2: 'Born 2010-2000' admits nobody"):
        event_services.event_settings_update(
            event_id=started.pk, changes={"prize_table": "Place: 50\nBorn 2010-2000: 5"},
            expected_version=started.settings_version, user=arbiter, now=T0,
        )  # fmt: skip
    # Saved before the refusal: the prize page reads it, the group pays nobody.
    round_ = round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, seed=1)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=T0)
    for game in round_.games.all():
        result_services.result_record(
            game_id=game.pk, result=Result.WHITE_WINS, expected_version=0, user=arbiter, now=T0
        )
    Event.objects.filter(pk=started.pk).update(prize_table="Place: 50\nBorn 2010-2000: 5")
    page = client.get(f"/events/{started.slug}/prizes/")
    assert page.status_code == 200 and "50.00" in page.content.decode()
    # ... and its backup restores.
    text = exports.event_trf(Event.objects.get(pk=started.pk))
    copy = event_services.event_import_trf(text=text, user=arbiter, now=T0)
    assert copy.prize_table == "Place: 50\nBorn 2010-2000: 5"


@pytest.mark.django_db
def test_the_event_forms_refuse_a_group_that_admits_nobody(
    event: Event, arbiter: User, arbiter_client: Client
) -> None:
    response = arbiter_client.get(f"/events/{event.slug}/edit/")
    form = response.context["form"]
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    data.update(prize_table="Place: 50\nUnrated and rating from 2000: 5", tiebreaks=event.tiebreaks)
    response = arbiter_client.post(f"/events/{event.slug}/edit/", data)
    assert "Line 2: &#x27;Unrated and rating from 2000&#x27; admits nobody" in (
        response.content.decode()
    )
    assert Event.objects.get(pk=event.pk).prize_table == ""
    with pytest.raises(ValidationError, match="admits nobody"):
        event_services.event_create(
            user=arbiter,
            now=T0,
            name="Open",
            slug="open",
            rounds=5,
            prize_table="Born 2010-2000: 5",
        )


@pytest.mark.django_db
def test_the_prize_list_csv_writes_prizes_in_kind_as_text_no_spreadsheet_runs(
    started: Event, arbiter: User, client: Client
) -> None:
    """A prize in kind named like a formula is a text cell in the CSV (``text_cell``),
    and the printable page shows it beside the money."""
    round_ = round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, seed=1)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=T0)
    for game in round_.games.all():
        result_services.result_record(
            game_id=game.pk, result=Result.WHITE_WINS, expected_version=0, user=arbiter, now=T0
        )
    started.refresh_from_db()
    event_services.event_settings_update(
        event_id=started.pk, changes={"prize_table": 'Place: "=1+1", 50', "prize_sharing": "split"},
        expected_version=started.settings_version, user=arbiter, now=T0,
    )  # fmt: skip
    rows = list(
        csv.reader(
            io.StringIO(
                client.get(f"/events/{started.slug}/prizes.csv").content.decode("utf-8-sig")
            )
        )
    )
    assert rows[0] == ["group", "place", "name", "points", "amount", "prize", "shared_by"]
    assert [(row[4], row[5]) for row in rows[1:]] == [
        ("", "'=1+1"), ("25.00", ""), ("25.00", "")
    ]  # fmt: skip
    page = client.get(f"/events/{started.slug}/prizes/").content.decode()
    assert "=1+1" in page and "50.00" in page
