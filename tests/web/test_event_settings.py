"""Event settings through one service (#20): locked, refused where they would break a
played event, confirmed where they change it, recorded, and old slugs still lead to it."""

from __future__ import annotations

import datetime as dt
import threading
from fractions import Fraction
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection, connections
from django.test import Client
from django.urls import URLPattern, get_resolver
from django.utils import timezone

from pairing.engine import SYSTEMS
from pairing.engine.registry import option_specs
from swissweb.tournament.core.errors import (
    ConfirmationNeeded,
    SettingLocked,
    StaleEdit,
    TournamentError,
)
from swissweb.tournament.events import services as event_services
from swissweb.tournament.events.forms import EventForm, EventSettingsForm
from swissweb.tournament.events.slugs import RESERVED_SLUGS, unique_slug
from swissweb.tournament.models import AuditEntry, Event, EventSlugRedirect, Player, Result
from swissweb.tournament.publishing import exports
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services
from swissweb.tournament.standings.selectors import standings_after

pytestmark = pytest.mark.django_db

T0 = timezone.now()


def update(event: Event, user: User, **changes: Any) -> Event:
    """Change settings from a form loaded now."""
    event.refresh_from_db()
    confirm = bool(changes.pop("confirm", False))
    return event_services.event_settings_update(
        event_id=event.pk,
        changes=changes,
        expected_version=event.settings_version,
        user=user,
        now=timezone.now(),
        confirm=confirm,
    )


def play_round(event: Event, user: User, *, results: bool = True) -> None:
    """Pair and publish the next round; enter every result (white wins) if ``results``."""
    round_ = round_services.round_pair(event_id=event.pk, user=user, now=timezone.now(), seed=7)
    round_services.round_publish(round_id=round_.pk, user=user, now=timezone.now())
    if results:
        for game in round_.games.exclude(result=Result.PAIRING_BYE):
            result_services.result_record(
                game_id=game.pk,
                result=Result.WHITE_WINS if game.board % 2 else Result.DRAW,
                expected_version=game.version,
                user=user,
                now=timezone.now(),
            )


@pytest.fixture
def played(started: Event, arbiter: User) -> Event:
    """Two rounds played."""
    play_round(started, arbiter)
    play_round(started, arbiter)
    return started


def snapshot(event: Event) -> dict[str, Any]:
    fields: dict[str, Any] = dict(Event.objects.filter(pk=event.pk).values().get())
    del fields["results_version"], fields["standings_version"]
    return fields


def test_settings_change_is_saved_and_recorded_before_and_after(
    event: Event, arbiter: User
) -> None:
    """Every changed setting is in the audit log with its old and new value; the version
    moves on, and settings given with their present value are not recorded."""
    update(event, arbiter, name="Spring Open", rounds=7, venue="Hall", public=True)
    event.refresh_from_db()
    assert (event.name, event.rounds, event.venue, event.settings_version) == (
        "Spring Open",
        7,
        "Hall",
        1,
    )
    entry = AuditEntry.objects.get(event=event, action="event_settings")
    assert entry.user == arbiter
    assert entry.before == {"name": "Spring Swiss", "rounds": 5, "venue": ""}
    assert entry.after == {"name": "Spring Open", "rounds": 7, "venue": "Hall"}


def test_settings_unchanged_form_records_nothing(event: Event, arbiter: User) -> None:
    update(event, arbiter, name=event.name, rounds=event.rounds)
    assert not AuditEntry.objects.filter(action="event_settings").exists()


def test_settings_second_of_two_edits_from_the_same_form_is_refused(
    event: Event, arbiter: User, stranger: User
) -> None:
    """Two arbiters load the form at version 0; the first saves, the second is told the
    settings changed and nothing of his is saved (the first edit is not lost)."""
    first: dict[str, Any] = {"event_id": event.pk, "expected_version": 0, "now": timezone.now()}
    event_services.event_settings_update(**first, changes={"rounds": 9}, user=arbiter)
    with pytest.raises(StaleEdit, match="changed by someone else.*by arbiter.*reload"):
        event_services.event_settings_update(**first, changes={"venue": "Annex"}, user=stranger)
    event.refresh_from_db()
    assert (event.rounds, event.venue) == (9, "")
    assert AuditEntry.objects.filter(action="event_settings").count() == 1


def test_settings_rounds_below_the_rounds_paired_refused(played: Event, arbiter: User) -> None:
    """Two rounds are paired: 2 rounds is fine, 1 is refused with the reason."""
    before = snapshot(played)
    with pytest.raises(SettingLocked, match=r"Rounds: 2 rounds are paired.*fewer than 2") as exc:
        update(played, arbiter, rounds=1)
    assert exc.value.status == 409
    assert snapshot(played) == before
    update(played, arbiter, rounds=2)
    played.refresh_from_db()
    assert played.rounds == 2


def test_settings_rounds_below_a_draft_refused(started: Event, arbiter: User) -> None:
    """A paired draft counts as paired."""
    round_services.round_pair(event_id=started.pk, user=arbiter, now=timezone.now(), seed=1)
    update(started, arbiter, rounds=1)
    with pytest.raises(SettingLocked, match="Rounds"):
        update(started, arbiter, rounds=0)


def test_settings_system_change_after_round_1_refused(started: Event, arbiter: User) -> None:
    update(started, arbiter, system="lim")  # before round 1: allowed
    play_round(started, arbiter, results=False)
    before = snapshot(started)
    with pytest.raises(SettingLocked, match="Pairing system: cannot change once round 1"):
        update(started, arbiter, system="dutch1992", confirm=True)
    assert snapshot(started) == before


def test_settings_initial_colour_change_after_round_1_refused(
    started: Event, arbiter: User
) -> None:
    play_round(started, arbiter, results=False)
    with pytest.raises(SettingLocked, match="Initial colour: cannot change"):
        update(started, arbiter, initial_colour="white", confirm=True)
    started.refresh_from_db()
    assert started.initial_colour == "lot"


def test_settings_refusal_changes_nothing_else_of_the_form(played: Event, arbiter: User) -> None:
    """One refused setting refuses the whole form: the name typed beside it is not saved."""
    before = snapshot(played)
    with pytest.raises(SettingLocked):
        update(played, arbiter, name="Renamed", rounds=1)
    assert snapshot(played) == before


def test_settings_points_change_needs_confirmation_then_standings_follow(
    played: Event, arbiter: User
) -> None:
    """Three points for a win after two rounds: first the list of what it changes and
    nothing saved; confirmed, the standings give three points per win."""

    old = standings_after(event=played)
    before = snapshot(played)
    with pytest.raises(ConfirmationNeeded) as exc:
        update(played, arbiter, points_win=6, points_forfeit_win=6)
    assert snapshot(played) == before
    changes = "\n".join(exc.value.changes)
    assert "Points: win: 1 → 3" in changes
    assert "computed again from the results" in changes
    assert "After round 2:" in changes
    update(played, arbiter, points_win=6, points_forfeit_win=6, confirm=True)
    played.refresh_from_db()
    new = standings_after(event=played)
    wins = {
        p.pk: p.games_as_white.filter(result=Result.WHITE_WINS).count()
        for p in played.players.all()
    }
    draws = {
        p.pk: p.games_as_white.filter(result=Result.DRAW).count()
        + p.games_as_black.filter(result=Result.DRAW).count()
        for p in played.players.all()
    }
    byes = {
        p.pk: p.games_as_white.filter(result=Result.PAIRING_BYE).count()
        for p in played.players.all()
    }
    for line in new.lines:
        pk = line.player.pk
        assert line.points == 3 * wins[pk] + Fraction(draws[pk], 2) + byes[pk]
    assert [line.points for line in old.lines] != [line.points for line in new.lines]
    entry = AuditEntry.objects.get(action="event_settings")
    assert entry.before == {"points_win": 2, "points_forfeit_win": 2}
    assert entry.after == {"points_win": 6, "points_forfeit_win": 6}
    assert entry.reason.startswith("Confirmed:")


def test_settings_points_before_round_1_need_no_confirmation(started: Event, arbiter: User) -> None:
    update(started, arbiter, points_win=6)
    started.refresh_from_db()
    assert started.points_win == 6


def test_settings_option_change_after_round_1_needs_confirmation(
    started: Event, arbiter: User
) -> None:
    play_round(started, arbiter, results=False)
    with pytest.raises(ConfirmationNeeded) as exc:
        update(started, arbiter, acceleration=True)
    assert any("Acceleration: round 1 was paired" in line for line in exc.value.changes)
    assert not any("draft" in line for line in exc.value.changes)
    update(started, arbiter, acceleration=True, confirm=True)
    started.refresh_from_db()
    assert started.acceleration


def test_settings_tiebreaks_checked_and_written_in_codes(event: Event, arbiter: User) -> None:
    update(event, arbiter, tiebreaks="bh-c1, sb")
    event.refresh_from_db()
    assert event.tiebreaks == "BH-C1,SB"
    with pytest.raises(TournamentError, match="Tie-breaks: .*XYZ"):
        update(event, arbiter, tiebreaks="BH,XYZ")


def test_settings_unknown_field_refused(event: Event, arbiter: User) -> None:
    with pytest.raises(TournamentError, match="lots_seed"):
        update(event, arbiter, lots_seed=1)


def test_settings_dates_out_of_order_refused(event: Event, arbiter: User) -> None:

    with pytest.raises(TournamentError, match="Not saved"):
        update(event, arbiter, start_date=dt.date(2026, 5, 2), end_date=dt.date(2026, 5, 1))
    update(event, arbiter, start_date=dt.date(2026, 5, 1), end_date=dt.date(2026, 5, 2))
    entry = AuditEntry.objects.get(action="event_settings")
    assert entry.after == {"start_date": "2026-05-01", "end_date": "2026-05-02"}


# Slugs


def test_settings_slug_change_keeps_the_old_slug(event: Event, arbiter: User) -> None:
    update(event, arbiter, slug="spring-2026")
    event.refresh_from_db()
    assert event.slug == "spring-2026"
    assert list(EventSlugRedirect.objects.values_list("old_slug", "event")) == [
        ("spring", event.pk)
    ]
    entry = AuditEntry.objects.get(action="event_settings")
    assert (entry.before, entry.after) == ({"slug": "spring"}, {"slug": "spring-2026"})
    # Taking an old slug back: it is the live slug again, the other one becomes old.
    update(event, arbiter, slug="spring")
    assert sorted(EventSlugRedirect.objects.values_list("old_slug", flat=True)) == ["spring-2026"]


@pytest.mark.parametrize("slug", ["new", "import"])
def test_settings_slug_of_a_route_refused(event: Event, arbiter: User, slug: str) -> None:
    """``events/new/`` and ``events/import/`` are pages of their own."""
    with pytest.raises(TournamentError, match="address of another page"):
        update(event, arbiter, slug=slug)
    event.refresh_from_db()
    assert event.slug == "spring"


def test_settings_slug_of_another_event_or_its_old_slug_refused(
    event: Event, arbiter: User
) -> None:
    other = Event.objects.create(name="Other", slug="other", rounds=5)
    with pytest.raises(TournamentError, match="slug of another event"):
        update(event, arbiter, slug="other")
    update(other, arbiter, slug="other-2026")
    with pytest.raises(TournamentError, match="old addresses still lead there"):
        update(event, arbiter, slug="other")
    event.refresh_from_db()
    assert event.slug == "spring"


def test_reserved_slugs_are_the_routes_beside_event_pages() -> None:
    """Every fixed ``events/<word>/`` route is a reserved slug."""

    fixed = set()
    for pattern in get_resolver().url_patterns:
        for sub in getattr(pattern, "url_patterns", []):
            route = str(sub.pattern) if isinstance(sub, URLPattern) else ""
            parts = route.strip("/").split("/")
            if len(parts) == 2 and parts[0] == "events" and "<" not in parts[1]:
                fixed.add(parts[1])
    assert fixed and fixed <= RESERVED_SLUGS


def test_unique_slug_from_a_name() -> None:

    assert unique_slug("Spring Swiss 2026") == "spring-swiss-2026"
    assert unique_slug("New") == "new-2"
    assert unique_slug("!!!") == "event"
    Event.objects.create(name="A", slug="club-open", rounds=5)
    EventSlugRedirect.objects.create(
        old_slug="club-open-2", event=Event.objects.create(name="B", slug="b", rounds=5)
    )
    assert unique_slug("Club Open") == "club-open-3"
    assert len(unique_slug("x" * 300)) <= 80


# Concurrency (PostgreSQL row locks)


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_two_simultaneous_settings_edits_one_is_refused() -> None:
    """Two arbiters save forms loaded at the same version at the same moment: one is
    saved, the other refused as stale; neither is lost silently."""
    arbiter = User.objects.create_user("arb", password="pw-arbiter-1")
    event = Event.objects.create(name="Race", slug="race", rounds=5)
    barrier = threading.Barrier(2)
    outcomes: list[object] = [None, None]

    def edit(index: int) -> None:
        try:
            barrier.wait()
            outcomes[index] = event_services.event_settings_update(
                event_id=event.pk,
                changes={"venue": f"Hall {index}"},
                expected_version=0,
                user=arbiter,
                now=timezone.now(),
            )
        except TournamentError as exc:
            outcomes[index] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=edit, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(type(o).__name__ for o in outcomes) == ["Event", "StaleEdit"]
    saved = next(o for o in outcomes if isinstance(o, Event))
    event.refresh_from_db()
    assert (event.venue, event.settings_version) == (saved.venue, 1)
    assert AuditEntry.objects.filter(action="event_settings").count() == 1


# Old slugs redirect


@pytest.fixture
def renamed(played: Event, arbiter: User) -> Event:
    """The played event's slug changed from ``spring`` to ``spring-2026``."""
    return update(played, arbiter, slug="spring-2026")


@pytest.mark.parametrize(
    "page",
    [
        "",
        "rounds/1/",
        "players/1/",
        "standings/",
        "standings/?round=1",
        "standings.csv",
        "crosstable/?round=2",
    ],
)
def test_old_slug_public_pages_redirect_permanently(
    client: Client, renamed: Event, page: str
) -> None:
    """Every public page under the old slug: 301 to the same page under the new one."""
    response = client.get(f"/events/spring/{page}")
    assert response.status_code == 301
    assert response["Location"] == f"/events/spring-2026/{page}"
    assert client.get(response["Location"]).status_code == 200


@pytest.mark.parametrize(
    "page", ["manage/", "manage/players/", "manage/audit/", "edit/", "export.trf"]
)
def test_old_slug_arbiter_pages_redirect(arbiter_client: Client, renamed: Event, page: str) -> None:
    response = arbiter_client.get(f"/events/spring/{page}")
    assert response.status_code == 302
    assert response["Location"] == f"/events/spring-2026/{page}"
    assert arbiter_client.get(response["Location"], follow=True).status_code == 200


def test_old_slug_arbiter_post_keeps_its_method(arbiter_client: Client, renamed: Event) -> None:
    """A form posted from a page loaded before the change still arrives (307)."""
    data = {"name": "Late, Lou", "rating": 1500}
    response = arbiter_client.post("/events/spring/players/add/", data)
    assert response.status_code == 307
    assert response["Location"] == "/events/spring-2026/players/add/"
    assert not renamed.players.filter(name="Late, Lou").exists()
    arbiter_client.post("/events/spring/players/add/", data, follow=True)
    assert renamed.players.filter(name="Late, Lou").exists()


def test_old_slug_of_a_private_event_is_not_revealed(
    stranger_client: Client, arbiter_client: Client, event: Event, arbiter: User
) -> None:
    """Only the event's arbiters learn where a non-public event's old slug leads."""

    update(event, arbiter, public=False)
    update(event, arbiter, slug="secret")
    assert Client().get("/events/spring/").status_code == 404
    assert stranger_client.get("/events/spring/manage/").status_code == 404
    assert arbiter_client.get("/events/spring/manage/")["Location"] == "/events/secret/manage/"


def test_present_slug_not_found_is_not_redirected(client: Client, renamed: Event) -> None:
    assert client.get("/events/spring-2026/rounds/9/").status_code == 404
    assert client.get("/events/nowhere/").status_code == 404


def test_old_slugs_of_one_event_lead_to_its_present_slug(client: Client, renamed: Event) -> None:
    """Renamed twice: both old slugs go straight to the present one, no chain."""
    arbiter = renamed.arbiters.get()
    update(renamed, arbiter, slug="spring-open")
    for old in ("spring", "spring-2026"):
        assert client.get(f"/events/{old}/standings/")["Location"] == (
            "/events/spring-open/standings/"
        )


# The settings form


def form_data(event: Event, **changes: Any) -> dict[str, Any]:
    """What the edit form posts for ``event`` as it is now, with ``changes``."""

    event.refresh_from_db()
    form = EventSettingsForm(instance=event, paired=event.round_set.exists())
    data: dict[str, Any] = {}
    for field in form:
        if field.field.disabled:
            continue
        value = field.value()
        if isinstance(value, bool):
            if value:
                data[field.name] = "on"
        elif value is not None:
            data[field.name] = str(value)
    data.update(changes)
    return data


def make_event(user: User, system: str) -> Event:
    return event_services.event_create(
        user=user, now=timezone.now(), name=f"{system} open", slug=f"{system}-open",
        system=system, rounds=5,
    )  # fmt: skip


def test_settings_form_of_a_lim_event_shows_only_lim_options(
    arbiter_client: Client, arbiter: User
) -> None:
    """Server side: an existing event's form shows its own system's options only."""
    event = make_event(arbiter, "lim")
    page = arbiter_client.get(f"/events/{event.slug}/edit/").content.decode()
    assert 'name="lim_maxi"' in page and 'name="acceleration"' in page
    for name in ("esca_random", "esca_round1_area", "esca_avoid_defaulted_rematch"):
        assert f'name="{name}"' not in page
    assert 'name="version" value="0"' in page


def test_settings_form_of_an_esca_event_shows_only_esca_options(
    arbiter_client: Client, arbiter: User
) -> None:
    event = make_event(arbiter, "esca")
    page = arbiter_client.get(f"/events/{event.slug}/edit/").content.decode()
    assert 'name="esca_round1_federation"' in page and 'name="esca_random"' in page
    assert 'name="lim_maxi"' not in page


def test_settings_form_options_come_from_the_registry(arbiter: User) -> None:
    """Each system's form shows acceleration and the flags of its ``RULES.options``."""

    for system, rules in SYSTEMS.items():
        event = make_event(arbiter, system.value)
        form = EventSettingsForm(instance=event, paired=False)
        expected = {flag.word for spec in rules.options for flag in spec.flags()}
        assert set(form.fields) & set(form.option_names) == {"acceleration", *expected}, system


def test_every_engine_option_has_an_event_field() -> None:
    """Every option a system declares is a field of the new-event form, flag by flag."""

    form = EventForm()
    for spec in option_specs():
        for flag in spec.flags():
            assert flag.word in form.fields and flag.word in form.option_names, flag.word


def test_new_event_form_marks_each_option_with_its_systems(arbiter_client: Client) -> None:
    """Without JavaScript every option is shown with the systems that read it; the
    tie-breaks start as the first system's default, each system's default on the page."""
    page = arbiter_client.get("/events/new/").content.decode()
    assert '<p data-systems="lim">' in page
    assert "(FIDE Lim)" in page
    assert "(every system)" in page
    assert '<p data-systems="esca">' in page and "(English Schools (ESCA))" in page
    assert 'name="tiebreaks" value="BH-C1,BH,SB,DE"' in page
    assert "data-system-defaults=" in page and "SB,BH,MBH" in page
    assert 'data-accelerating="sb"' in page


def new_event(**changes: Any) -> dict[str, Any]:
    data = {
        "name": "Club Open 2026", "slug": "", "system": "dutch1992", "rounds": 5,
        "tiebreaks": "", "initial_colour": "lot", "points_win": "1", "points_draw": "0.5",
        "points_loss": "0", "points_forfeit_win": "1", "points_forfeit_loss": "0",
        "points_pairing_bye": "1", "points_full_bye": "1", "points_half_bye": "0.5",
    }  # fmt: skip
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("system", "tiebreaks"),
    [("dutch1992", "BH-C1,BH,SB,DE"), ("lim", "BH-C1,BH,SB,DE"), ("sb", "SB,BH,MBH")],
)
def test_new_event_empty_slug_and_tiebreaks_come_from_name_and_system(
    arbiter_client: Client, system: str, tiebreaks: str
) -> None:
    response = arbiter_client.post("/events/new/", new_event(system=system))
    assert response.status_code == 302
    event = Event.objects.get()
    assert (event.slug, event.tiebreaks) == ("club-open-2026", tiebreaks)


def test_new_event_slug_made_unique(arbiter_client: Client) -> None:
    Event.objects.create(name="Club Open 2026", slug="club-open-2026", rounds=5)
    arbiter_client.post("/events/new/", new_event(system="esca"))
    event = Event.objects.exclude(slug="club-open-2026").get()
    assert (event.slug, event.tiebreaks) == ("club-open-2026-2", "BH,SB")


@pytest.mark.parametrize("slug", ["new", "import"])
def test_new_event_slug_of_a_route_refused(arbiter_client: Client, slug: str) -> None:
    response = arbiter_client.post("/events/new/", new_event(slug=slug))
    assert response.status_code == 200
    assert "is the address of another page" in response.content.decode()
    assert not Event.objects.exists()


def test_new_event_old_slug_of_another_event_refused(arbiter_client: Client, arbiter: User) -> None:
    other = make_event(arbiter, "lim")
    update(other, arbiter, slug="lim-2026")
    response = arbiter_client.post("/events/new/", new_event(slug="lim-open"))
    assert "old addresses still lead there" in response.content.decode()
    assert Event.objects.count() == 1


def test_edit_saves_through_the_service_and_records(arbiter_client: Client, event: Event) -> None:
    response = arbiter_client.post(f"/events/{event.slug}/edit/", form_data(event, rounds=7))
    assert response.status_code == 302
    entry = AuditEntry.objects.get(action="event_settings")
    assert (entry.before, entry.after) == ({"rounds": 5}, {"rounds": 7})


def test_edit_rate_of_play_switches_the_players_fide_ratings_and_says_so(
    arbiter_client: Client, event: Event
) -> None:
    """#35 item 1: a new rate of play gives each player FIDE's rating of that rate where
    known, and the message names who switched and who kept the rating read before (it
    used to only warn that every rating was of the old rate)."""
    Player.objects.create(event=event, name="Able, Ann", rating=2000, fide_blitz=1900)
    Player.objects.create(event=event, name="Baker, Bo", rating=1800)
    data = form_data(event, rate_of_play="blitz")
    response = arbiter_client.post(f"/events/{event.slug}/edit/", data, follow=True)
    page = response.content.decode()
    assert (
        "The rate of play is now Blitz: 1 player&#x27;s FIDE rating switched to their "
        "rating of that rate (Able, Ann: 2000 → 1900)." in page
    )
    assert "1 player has no known FIDE rating of the rate Blitz" in page
    assert "keeps the rating read before: Baker, Bo." in page
    assert list(event.players.order_by("name").values_list("rating", flat=True)) == [1900, 1800]
    event.refresh_from_db()
    again = arbiter_client.post(f"/events/{event.slug}/edit/", form_data(event), follow=True)
    assert "The rate of play is now" not in again.content.decode()


def test_edit_on_a_stale_form_refused(arbiter_client: Client, event: Event, arbiter: User) -> None:
    """The second arbiter's form was loaded before the first one saved: refused, 409."""
    stale = form_data(event, venue="Annex")
    update(event, arbiter, rounds=9)
    response = arbiter_client.post(f"/events/{event.slug}/edit/", stale)
    assert response.status_code == 409
    assert "changed by someone else" in response.content.decode()
    event.refresh_from_db()
    assert (event.rounds, event.venue) == (9, "")


def test_edit_rounds_below_played_refused(arbiter_client: Client, played: Event) -> None:
    response = arbiter_client.post(f"/events/{played.slug}/edit/", form_data(played, rounds=1))
    assert response.status_code == 409
    assert "Rounds: 2 rounds are paired already" in response.content.decode()
    played.refresh_from_db()
    assert played.rounds == 5


def test_edit_system_fixed_once_round_1_is_paired(arbiter_client: Client, played: Event) -> None:
    """The form shows the system and initial colour fixed; a posted change is ignored."""
    page = arbiter_client.get(f"/events/{played.slug}/edit/").content.decode()
    assert "Fixed once round 1 is paired." in page
    data = form_data(played, system="lim", initial_colour="white")
    assert arbiter_client.post(f"/events/{played.slug}/edit/", data).status_code == 302
    played.refresh_from_db()
    assert (played.system, played.initial_colour) == ("dutch", "lot")


def test_edit_points_shows_what_changes_then_saves_when_confirmed(
    arbiter_client: Client, played: Event
) -> None:
    """A second step lists the change and its effect; nothing is saved until confirmed;
    confirmed, the public standings give three points a win."""
    data = form_data(played, points_win="3", points_forfeit_win="3")
    response = arbiter_client.post(f"/events/{played.slug}/edit/", data)
    assert response.status_code == 409
    page = response.content.decode()
    assert "Confirm the changes" in page and "Points: win: 1 → 3" in page
    assert 'name="confirm" value="1"' in page
    played.refresh_from_db()
    assert played.points_win == 2
    back = arbiter_client.post(f"/events/{played.slug}/edit/", {**data, "back": "1"})
    assert back.status_code == 200 and 'value="3"' in back.content.decode()
    response = arbiter_client.post(f"/events/{played.slug}/edit/", {**data, "confirm": "1"})
    assert response.status_code == 302
    played.refresh_from_db()
    assert played.points_win == 6
    table = arbiter_client.get(f"/events/{played.slug}/standings/").context["table"]
    assert max(line.points for line in table.lines) >= 3


def test_edit_slug_change_goes_to_the_new_address(arbiter_client: Client, played: Event) -> None:
    response = arbiter_client.post(
        f"/events/{played.slug}/edit/", form_data(played, slug="spring-open")
    )
    assert response["Location"] == "/events/spring-open/manage/"
    assert arbiter_client.get("/events/spring/standings/").status_code == 301


def test_edit_system_change_before_round_1_shows_the_new_options(
    arbiter_client: Client, started: Event
) -> None:
    response = arbiter_client.post(
        f"/events/{started.slug}/edit/", form_data(started, system="lim")
    )
    assert response["Location"] == f"/events/{started.slug}/edit/"
    page = arbiter_client.get(response["Location"]).content.decode()
    assert 'name="lim_maxi"' in page
    assert "start the event again" in page


def test_imported_event_never_takes_a_route_or_an_old_slug(
    event: Event, players: list[Player], arbiter: User
) -> None:
    """A TRF backup named "Import" is not given the slug of the import page, and a copy
    of an event whose old slug is taken gets a slug of its own."""

    event = update(event, arbiter, name="Import")
    copy = event_services.event_import_trf(text=exports.event_trf(event), user=arbiter, now=T0)
    assert copy.slug == "import-2"
    event = update(event, arbiter, name="Spring", slug="spring-2026")
    copy = event_services.event_import_trf(text=exports.event_trf(event), user=arbiter, now=T0)
    assert copy.slug == "spring-2"


def test_edit_without_the_version_refused(arbiter_client: Client, event: Event) -> None:
    """A form without its version (a page from before versions) saves nothing."""
    data = form_data(event, rounds=7)
    del data["version"]
    response = arbiter_client.post(f"/events/{event.slug}/edit/", data)
    assert "This form is out of date" in response.content.decode()
    event.refresh_from_db()
    assert event.rounds == 5


def test_new_event_defaults_to_the_fide_dutch_system_others_marked_not_rated(
    arbiter_client: Client,
) -> None:
    """FIDE-rated events need today's Dutch system (C.04.3, 2026): it is the default, and
    every other system says it is not for FIDE-rated events (#22)."""
    form = arbiter_client.get("/events/new/").context["form"]
    assert form["system"].value() == "dutch"
    labels = dict(form.fields["system"].choices)
    assert "not for FIDE-rated events" not in labels["dutch"]
    assert "C.04.3" in labels["dutch"]
    for value in ("dutch1992", "lim", "esca", "sb"):
        assert labels[value].endswith("not for FIDE-rated events"), value


def test_export_of_a_fide_dutch_event_names_its_tournament_type(
    arbiter_client: Client, event: Event, players: list[Player]
) -> None:
    """The TRF-2026 tournament type lets the endorsed program read the export (#22)."""
    text = arbiter_client.get(f"/events/{event.slug}/export.trf").content.decode()
    assert "192 FIDE_DUTCH\r\n" in text and "SWY dutch\r\n" in text
