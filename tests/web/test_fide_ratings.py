"""FIDE's three ratings per player, and the one the event uses (#35 item 1): kept in
step, filled from FIDE's list, switched with the rate of play, carried by the forms,
the backup, the CSV files and a move between sections."""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterator
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

from swissweb.ratings.formats import Entry as Listed
from swissweb.ratings.loader import load_list
from swissweb.ratings.models import ListKind
from swissweb.tournament.core import fide_ratings
from swissweb.tournament.core.errors import ConfirmationNeeded, TournamentError
from swissweb.tournament.entries import services as entry_services
from swissweb.tournament.entries.selectors import entries_csv_text, entry_list
from swissweb.tournament.entries.services import EntryData, FeeRowData
from swissweb.tournament.events import services as event_services
from swissweb.tournament.festivals.moves import entry_move, player_move
from swissweb.tournament.models import (
    DEFAULT_FIELDS,
    AuditEntry,
    EntrySettings,
    Event,
    Player,
    RateOfPlay,
)
from swissweb.tournament.players import services as player_services
from swissweb.tournament.players.imports import parse_players_csv
from swissweb.tournament.publishing import exports
from swissweb.tournament.publishing.rating_report import Edition, rating_report
from swissweb.tournament.rounds.engine_door import trf
from tests.web.backup_helpers import lose
from tests.web.festival_helpers import make_festival, section

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


def _columns(player: Player) -> tuple[int, int | None, int | None, int | None]:
    player.refresh_from_db()
    return (player.rating, player.fide_standard, player.fide_rapid, player.fide_blitz)


def _change(event: Event, user: User, **changes: object) -> fide_ratings.RateSwitch | None:
    event.refresh_from_db()
    _saved, switch = event_services.event_settings_change(
        event_id=event.pk,
        changes=changes,
        expected_version=event.settings_version,
        user=user,
        now=T0,
    )
    return switch


# --- Keeping rating in step ------------------------------------------------------------


def test_fill_takes_the_rates_column_else_gives_it_the_lone_rating() -> None:
    """A new row's rating is its rate's column when known; a rating given alone (a CSV
    or TRF file's) becomes that column; an unrated lone rating leaves it not known."""
    known = Player(rating=1500, fide_rapid=1700)
    fide_ratings.fill(known, RateOfPlay.RAPID)
    assert (known.rating, known.fide_rapid) == (1700, 1700)
    alone = Player(rating=1500)
    fide_ratings.fill(alone, RateOfPlay.BLITZ)
    assert (alone.rating, alone.fide_standard, alone.fide_blitz) == (1500, None, 1500)
    unrated = Player(rating=0)
    fide_ratings.fill(unrated, RateOfPlay.STANDARD)
    assert unrated.fide_standard is None


def test_follow_keeps_rating_with_its_rates_column() -> None:
    """The rate's column sets rating (emptied: unrated), rating alone sets the column,
    another rate's column leaves rating alone."""
    assert fide_ratings.follow({"fide_rapid": 1800}, "rapid") == {
        "fide_rapid": 1800,
        "rating": 1800,
    }
    assert fide_ratings.follow({"fide_rapid": None}, "rapid") == {"fide_rapid": None, "rating": 0}
    assert fide_ratings.follow({"rating": 1900}, "blitz") == {"rating": 1900, "fide_blitz": 1900}
    assert fide_ratings.follow({"fide_blitz": 1600}, "standard") == {"fide_blitz": 1600}


def test_migration_puts_each_rating_in_its_events_rate_column(transactional_db: None) -> None:
    """The data step gives today's one rating to the column of its event's rate of
    play, for players and entries; unrated players' stay not known."""
    before, after = (
        [("tournament", "0039_entry_move")],
        [("tournament", "0040_fide_ratings")],
    )
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    event_model, player_model = (
        old.get_model("tournament", "Event"),
        old.get_model("tournament", "Player"),
    )
    entry_model = old.get_model("tournament", "Entry")
    blitz = event_model.objects.create(name="B", slug="b", rounds=5, rate_of_play="blitz")
    standard = event_model.objects.create(name="S", slug="s", rounds=5)
    player_model.objects.create(event=blitz, name="Able, Ann", rating=1900, access_code="a")
    player_model.objects.create(event=standard, name="Baker, Bo", rating=2000, access_code="b")
    player_model.objects.create(event=standard, name="Cole, Cy", rating=0, access_code="c")
    entry_model.objects.create(event=blitz, name="Dale, Di", rating=1700, code="d")
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(after)
    new = executor.loader.project_state(after).apps
    rows = new.get_model("tournament", "Player").objects.order_by("name")
    assert list(rows.values_list("rating", "fide_standard", "fide_rapid", "fide_blitz")) == [
        (1900, None, None, 1900),
        (2000, 2000, None, None),
        (0, None, None, None),
    ]
    entry = new.get_model("tournament", "Entry").objects.get()
    assert (entry.fide_standard, entry.fide_blitz) == (None, 1700)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    leaves = [n for app, n in executor.loader.graph.leaf_nodes() if app == "tournament"]
    executor.migrate([("tournament", name) for name in leaves])


def test_player_update_of_the_rates_column_sets_the_rating(event: Event, arbiter: User) -> None:
    """Correcting the event's rate's column corrects the rating it uses, audited; another
    rate's column leaves it; emptying the rate's column makes the player unrated."""
    player = Player.objects.create(event=event, name="Able, Ann", rating=1800, fide_standard=1800)
    player_services.player_update(
        player_id=player.pk, changes={"fide_standard": 1850}, user=arbiter, now=T0
    )
    assert _columns(player) == (1850, 1850, None, None)
    entry = AuditEntry.objects.get(action="player_update")
    assert entry.after["rating"] == 1850 and entry.after["fide_standard"] == 1850
    player_services.player_update(
        player_id=player.pk, changes={"fide_rapid": 1700}, user=arbiter, now=T0
    )
    assert _columns(player) == (1850, 1850, 1700, None)
    player_services.player_update(
        player_id=player.pk, changes={"fide_standard": None}, user=arbiter, now=T0
    )
    assert _columns(player) == (0, None, 1700, None)


def test_player_update_over_3500_is_refused_and_changes_nothing(
    event: Event, arbiter: User
) -> None:
    player = Player.objects.create(event=event, name="Able, Ann", rating=1800, fide_standard=1800)
    with pytest.raises(TournamentError, match="3500"):
        player_services.player_update(
            player_id=player.pk, changes={"fide_blitz": 4000}, user=arbiter, now=T0
        )
    assert _columns(player) == (1800, 1800, None, None)


# --- A new rate of play ----------------------------------------------------------------


def test_new_rate_of_play_switches_ratings_where_known_and_audits_it(
    event: Event, arbiter: User
) -> None:
    """Each player gets FIDE's rating of the new rate where known; one not known keeps
    the old rating and is named; the settings' audit entry records both; a pending
    entry switches too."""
    able = Player.objects.create(
        event=event, name="Able, Ann", rating=2000, fide_standard=2000, fide_rapid=1950
    )
    baker = Player.objects.create(event=event, name="Baker, Bo", rating=1800, fide_standard=1800)
    cole = Player.objects.create(event=event, name="Cole, Cy", rating=0, fide_rapid=0)
    entry = event.entries.create(name="Dale, Di", rating=1500, fide_standard=1500, fide_rapid=1400)
    switch = _change(event, arbiter, rate_of_play="rapid")
    assert switch == fide_ratings.RateSwitch(
        switched=("Able, Ann: 2000 → 1950",), kept=("Baker, Bo",)
    )
    assert [_columns(p)[0] for p in (able, baker, cole)] == [1950, 1800, 0]
    entry.refresh_from_db()
    assert entry.rating == 1400
    audit = AuditEntry.objects.get(action="event_settings")
    assert audit.after == {"rate_of_play": "rapid"}
    assert audit.reason == (
        "FIDE ratings now of the rate Rapid: Able, Ann: 2000 → 1950. "
        "Not known for that rate, kept: Baker, Bo."
    )
    assert _change(event, arbiter, rate_of_play="standard") == fide_ratings.RateSwitch(
        switched=("Able, Ann: 1950 → 2000",), kept=()
    )


def test_other_settings_switch_no_rating(event: Event, arbiter: User) -> None:
    Player.objects.create(event=event, name="Able, Ann", rating=2000, fide_rapid=1950)
    assert _change(event, arbiter, rounds=7) is None
    assert event.players.get().rating == 2000
    assert AuditEntry.objects.get(action="event_settings").reason == ""


def test_new_rate_of_play_once_paired_asks_to_confirm(two_rounds: Event, arbiter: User) -> None:
    """Once rounds are played the ratings change what they read (tie-breaks, the
    report): the arbiter confirms first; nothing changes until then."""
    two_rounds.refresh_from_db()
    with pytest.raises(ConfirmationNeeded) as raised:
        event_services.event_settings_change(
            event_id=two_rounds.pk,
            changes={"rate_of_play": "blitz"},
            expected_version=two_rounds.settings_version,
            user=arbiter,
            now=T0,
        )
    assert any(
        "FIDE rating becomes their rating of the rate Blitz" in c for c in raised.value.changes
    )
    two_rounds.refresh_from_db()
    assert two_rounds.rate_of_play == "standard"


def test_fide_report_writes_the_rating_of_the_events_rate(event: Event, arbiter: User) -> None:
    """The rating report's 001 lines give the rating of the event's rate of play."""
    for n, name in enumerate(("Able, Ann", "Baker, Bo")):
        Player.objects.create(
            event=event, name=name, rating=2000 - n, fide_standard=2000 - n, fide_blitz=1500 - n
        )
    _change(event, arbiter, rate_of_play="blitz")
    doc = trf.read_trf(rating_report(event, Edition.TRF16))
    assert sorted(p.rating for p in doc.players) == [1499, 1500]


# --- Forms and pages -------------------------------------------------------------------


def _edit_data(player: Player, **changes: object) -> dict[str, object]:
    data: dict[str, object] = {"name": player.name, "title": "", "sex": "", "national_rating": 0}
    data.update({k: "" if v is None else v for k, v in changes.items()})
    return data


def test_edit_form_shows_the_three_and_saves_the_rates_one(
    arbiter_client: Client, event: Event
) -> None:
    player = Player.objects.create(event=event, name="Able, Ann", rating=1800, fide_standard=1800)
    url = f"/events/{event.slug}/manage/players/{player.pk}/"
    page = arbiter_client.get(url).content.decode()
    for name in ("fide_standard", "fide_rapid", "fide_blitz"):
        assert f'name="{name}"' in page
    assert "The rating this event uses (its rate of play)." in page
    data = _edit_data(player, fide_standard=1900, fide_rapid=1750, fide_blitz="")
    assert arbiter_client.post(url, data).status_code == 302
    assert _columns(player) == (1900, 1900, 1750, None)


def test_edit_form_shows_a_kept_rating_in_its_rates_box(
    arbiter_client: Client, event: Event
) -> None:
    """A rating kept when its new rate's was not known shows in that rate's box, so
    that saving the form does not make the player unrated."""
    player = Player.objects.create(event=event, name="Able, Ann", rating=1800)
    page = arbiter_client.get(f"/events/{event.slug}/manage/players/{player.pk}/")
    assert 'name="fide_standard" value="1800"' in page.content.decode()


@pytest.mark.parametrize("value", ["3501", "-1", "abc", "1" * 30])
def test_edit_form_refuses_a_bad_rating_with_422(
    arbiter_client: Client, event: Event, value: str
) -> None:
    player = Player.objects.create(event=event, name="Able, Ann", rating=1800, fide_standard=1800)
    url = f"/events/{event.slug}/manage/players/{player.pk}/"
    response = arbiter_client.post(url, _edit_data(player, fide_standard=1800, fide_rapid=value))
    assert response.status_code == 422
    assert _columns(player) == (1800, 1800, None, None)


def test_add_form_registers_the_three(arbiter_client: Client, event: Event) -> None:
    event.rate_of_play = RateOfPlay.BLITZ
    event.save(update_fields=["rate_of_play"])
    data = {"name": "Able, Ann", "fide_standard": 2000, "fide_rapid": 1900, "fide_blitz": 1800,
            "national_rating": "", "title": "", "sex": "", "next": "/"}  # fmt: skip
    response = arbiter_client.post(f"/events/{event.slug}/players/add/", data)
    assert response.status_code == 302
    assert _columns(event.players.get()) == (1800, 2000, 1900, 1800)
    data["name"], data["fide_blitz"] = "Baker, Bo", "9999"
    arbiter_client.post(f"/events/{event.slug}/players/add/", data)
    assert event.players.count() == 1


def test_rate_of_play_page_switch_needs_an_arbiter(stranger_client: Client, event: Event) -> None:
    Player.objects.create(event=event, name="Able, Ann", rating=2000, fide_blitz=1900)
    response = stranger_client.post(f"/events/{event.slug}/edit/", {"rate_of_play": "blitz"})
    assert response.status_code in (403, 404)
    assert event.players.get().rating == 2000


# --- Files -----------------------------------------------------------------------------


def test_backup_carries_the_three_and_an_old_backup_fills_the_rates_one(
    event: Event, arbiter: User, stranger: User
) -> None:
    """The backup writes SWX lines and restores them; a backup without them (older, or
    another program's) gives the 001 rating to the event's rate of play."""
    event.rate_of_play = RateOfPlay.RAPID
    event.save(update_fields=["rate_of_play"])
    player_services.players_add(event_id=event.pk, rows=[
        {"name": "Able, Ann", "fide_standard": 2000, "fide_rapid": 1950, "fide_blitz": 0},
        {"name": "Baker, Bo", "rating": 1700},
    ], user=arbiter, now=T0)  # fmt: skip
    text = exports.event_trf(event)
    assert "SWX    1 2000 1950 0" in text.replace("\r\n", "\n").split("\n")
    assert any(line.startswith("SWX") and line.endswith(" - 1700 -") for line in text.split("\r\n"))
    lose(event)
    copy = event_services.event_import_trf(text=text, user=stranger, now=T0)
    rows = copy.players.order_by("name").values_list(
        "rating", "fide_standard", "fide_rapid", "fide_blitz"
    )
    assert list(rows) == [(1950, 2000, 1950, 0), (1700, None, 1700, None)]
    old = "\r\n".join(line for line in text.split("\r\n") if not line.startswith("SWX"))
    older = event_services.event_import_trf(text=old, user=stranger, now=T0)
    rows = older.players.order_by("name").values_list(
        "rating", "fide_standard", "fide_rapid", "fide_blitz"
    )
    assert list(rows) == [(1950, None, 1950, None), (1700, None, 1700, None)]


def test_backup_keeps_a_rating_kept_for_an_unknown_rate_as_it_is(
    event: Event, arbiter: User, stranger: User
) -> None:
    """A player who kept their rating when the new rate's was not known is written
    ``SWX n - - -`` and restored so: the rating stays, still not known for the rate."""
    player = Player.objects.create(event=event, name="Able, Ann", rating=1800, fide_standard=1800)
    Player.objects.create(event=event, name="Baker, Bo", rating=1600, fide_standard=1600)
    player.fide_standard = None  # as kept by a switch
    player.save(update_fields=["fide_standard"])
    text = exports.event_trf(event)
    assert "SWX    1 - - -" in text.split("\r\n")
    lose(event)
    copy = event_services.event_import_trf(text=text, user=stranger, now=T0)
    rows = copy.players.order_by("name").values_list("rating", "fide_standard")
    assert list(rows) == [(1800, None), (1600, 1600)]
    assert exports.event_trf(copy).replace(" public=0 ", " public=1 ", 1) == text


def test_a_bad_swx_line_is_refused_by_line(event: Event, arbiter: User, stranger: User) -> None:
    Player.objects.create(event=event, name="Able, Ann", rating=1800, fide_standard=1800)
    text = exports.event_trf(event).replace("SWX    1 1800 - -", "SWX    1 1800 x -")
    with pytest.raises(TournamentError, match="is not three ratings or -"):
        event_services.event_import_trf(text=text, user=stranger, now=T0)


def test_players_csv_reads_the_three_columns() -> None:
    rows, problems = parse_players_csv(
        "name,rating,fide_standard,rapid,blitz\nAble,1800,1810,1700,\nBaker,,,,1600\n"
    )
    assert problems == []
    assert [(r.rating, r.fide_standard, r.fide_rapid, r.fide_blitz) for r in rows] == [
        (1800, 1810, 1700, None),
        (0, None, None, 1600),
    ]
    _rows, problems = parse_players_csv("name,fide_rapid\nAble,3600\n")
    assert [(p.column, p.line) for p in problems] == [("fide_rapid", 2)]


@pytest.fixture
def fide_list() -> Iterator[None]:
    load_list(name="FIDE", kind=ListKind.FIDE, source="", user=None, now=T0, entries=[
        Listed(player_id="1503014", name="Carlsen, Magnus", standard=2830, rapid=2820,
               blitz=None),
    ])  # fmt: skip
    yield


def _open(event: Event, arbiter: User) -> None:
    entry_services.entry_settings_set(
        event_id=event.pk,
        settings=EntrySettings(open=True, fields_asked=list(DEFAULT_FIELDS)),
        fees=[FeeRowData(label="Everyone", amount=Decimal("10.00"))],
        user=arbiter,
        now=T0,
    )


def test_an_entry_gets_the_three_from_fides_list_and_the_csv_writes_them(
    event: Event, arbiter: User, fide_list: None
) -> None:
    event.rate_of_play = RateOfPlay.RAPID
    event.save(update_fields=["rate_of_play"])
    _open(event, arbiter)
    entry = entry_services.entry_submit(
        event_id=event.pk, data=EntryData(name="Carlsen, Magnus", fide_id=1503014), now=T0
    )
    assert (entry.rating, entry.fide_standard, entry.fide_rapid, entry.fide_blitz) == (
        2820,
        2830,
        2820,
        0,
    )
    header, line = list(csv.reader(io.StringIO(entries_csv_text(entry_list(event=event)))))
    values = dict(zip(header, line, strict=True))
    assert (values["fide_standard"], values["fide_rapid"], values["fide_blitz"]) == (
        "2830",
        "2820",
        "0",
    )
    entry_services.entry_accept(entry_id=entry.pk, user=arbiter, now=T0)
    assert _columns(event.players.get()) == (2820, 2830, 2820, 0)


def test_moves_between_sections_take_the_targets_rate(arbiter: User) -> None:
    """A player and a pending entry moved to a blitz section get their blitz rating
    where known; the player's entry moves with the same rating."""
    festival = make_festival(arbiter, players=1)
    source, target = section(festival, "Open A"), section(festival, "Open B")
    target.rate_of_play = RateOfPlay.BLITZ
    target.save(update_fields=["rate_of_play"])
    player = Player.objects.create(
        event=source, name="Able, Ann", rating=2000, fide_standard=2000, fide_blitz=2100
    )
    player_move(player_id=player.pk, target_id=target.pk, user=arbiter, now=T0)
    assert _columns(player) == (2100, 2000, None, 2100)
    _open(source, arbiter)
    _open(target, arbiter)
    entry = source.entries.create(
        name="Baker, Bo", rating=1900, fide_standard=1900, fide_blitz=1800
    )
    moved = entry_move(entry_id=entry.pk, target_id=target.pk, user=arbiter, now=T0)
    assert (moved.event_id, moved.rating) == (target.pk, 1800)
