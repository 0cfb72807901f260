"""A move between sections of different rates of play (#35 item 1): the player's FIDE
rating becomes the one of the target's rate where known, and the move's audit row says
who moved whom and the rating before and after; the rating limits of every door into a
section (a move, accepting an entry, the festival's entry form) read the rating the
section pairs on (``Event.rating_basis``)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from swissweb.ratings.formats import Entry as Listed
from swissweb.ratings.loader import load_list
from swissweb.ratings.models import ListKind
from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.audit.log import read
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.entries import services as entry_services
from swissweb.tournament.festivals import services
from swissweb.tournament.festivals.moves import entry_move, player_move
from swissweb.tournament.models import (
    DEFAULT_FIELDS,
    AuditEntry,
    EntrySettings,
    Event,
    Player,
    RateOfPlay,
    RatingBasis,
)
from tests.web.festival_helpers import NOW, make_festival, section

pytestmark = pytest.mark.django_db


def _sections(arbiter: User, rate: str = RateOfPlay.BLITZ) -> tuple[Event, Event]:
    festival = make_festival(arbiter, players=0)
    source, target = section(festival, "Open A"), section(festival, "Open B")
    target.rate_of_play = rate
    target.save(update_fields=["rate_of_play"])
    return source, target


def _lines(event: Event, action: AuditAction = AuditAction.PLAYER_MOVE) -> list[str]:
    row = AuditEntry.objects.get(event=event, action=action)
    recorded = read(row)
    assert recorded.after is not None
    return list(type(recorded.after).render(None, recorded.after, {}).changes)


def _open(event: Event, arbiter: User) -> None:
    entry_services.entry_settings_set(
        event_id=event.pk, settings=EntrySettings(open=True, fields_asked=list(DEFAULT_FIELDS)),
        fees=[], user=arbiter, now=NOW,
    )  # fmt: skip


def test_a_move_to_a_blitz_section_records_who_and_the_rating_before_and_after(
    arbiter: User,
) -> None:
    source, target = _sections(arbiter)
    player = Player.objects.create(
        event=source, name="Able, Ann", rating=2000, fide_standard=2000, fide_blitz=2100
    )
    player_move(player_id=player.pk, target_id=target.pk, user=arbiter, now=NOW)
    for event in (source, target):
        row = AuditEntry.objects.get(event=event, action=AuditAction.PLAYER_MOVE)
        assert row.user == arbiter
        assert (row.after["rating_before"], row.after["rating_after"]) == (2000, 2100)
        assert row.after["rate_of_play"] == RateOfPlay.BLITZ
        assert "rating_kept" not in row.after
        lines = _lines(event)
        assert "FIDE rating: 2000 → 2100" in lines and "rate of play: Blitz" in lines


def test_a_rating_not_known_of_the_new_rate_is_kept_and_the_row_says_so(
    arbiter: User,
) -> None:
    source, target = _sections(arbiter, RateOfPlay.RAPID)
    player = Player.objects.create(event=source, name="Baker, Bo", rating=1900, fide_standard=1900)
    player_move(player_id=player.pk, target_id=target.pk, user=arbiter, now=NOW)
    player.refresh_from_db()
    assert player.rating == 1900
    row = AuditEntry.objects.get(event=target, action=AuditAction.PLAYER_MOVE)
    assert (row.after["rating_before"], row.after["rating_after"], row.after["rating_kept"]) == (
        1900,
        1900,
        True,
    )
    assert "FIDE rating: 1900, kept (none known of this rate)" in _lines(target)


def test_a_move_at_the_same_rate_records_no_rating(arbiter: User) -> None:
    source, target = _sections(arbiter, RateOfPlay.STANDARD)
    player = Player.objects.create(event=source, name="Cole, Cy", rating=1800, fide_standard=1800)
    player_move(player_id=player.pk, target_id=target.pk, user=arbiter, now=NOW)
    row = AuditEntry.objects.get(event=target, action=AuditAction.PLAYER_MOVE)
    assert not {"rating_before", "rating_after", "rate_of_play"} & set(row.after)


def test_an_entry_moved_to_a_blitz_section_records_its_rating(arbiter: User) -> None:
    source, target = _sections(arbiter)
    _open(source, arbiter)
    _open(target, arbiter)
    entry = source.entries.create(name="Dale, Di", rating=1900, fide_standard=1900, fide_blitz=0)
    moved = entry_move(entry_id=entry.pk, target_id=target.pk, user=arbiter, now=NOW)
    assert moved.rating == 0
    row = AuditEntry.objects.get(event=source, action=AuditAction.ENTRY_MOVE)
    assert row.user == arbiter
    assert (row.after["rating_before"], row.after["rating_after"]) == (1900, 0)
    assert "FIDE rating: 1900 → unrated" in _lines(source, AuditAction.ENTRY_MOVE)


def test_the_limit_reads_the_new_rates_rating_and_nothing_moves_when_it_refuses(
    arbiter: User,
) -> None:
    source, target = _sections(arbiter)
    services.section_rules_set(
        event_id=target.pk, rules=services.Rules(max_rating=2050), user=arbiter, now=NOW
    )
    player = Player.objects.create(
        event=source, name="Able, Ann", rating=2000, fide_standard=2000, fide_blitz=2100
    )
    with pytest.raises(TournamentError, match="2050 or less; this player's rating is 2100"):
        player_move(player_id=player.pk, target_id=target.pk, user=arbiter, now=NOW)
    player.refresh_from_db()
    assert (player.event_id, player.rating) == (source.pk, 2000)
    assert not AuditEntry.objects.filter(action=AuditAction.PLAYER_MOVE).exists()


def _national_section(arbiter: User) -> tuple[Event, Event]:
    """Open A, and Open B pairing on national ratings, for players rated 1800 or less."""
    source, target = _sections(arbiter, RateOfPlay.STANDARD)
    target.rating_basis = RatingBasis.NATIONAL
    target.save(update_fields=["rating_basis"])
    services.section_rules_set(
        event_id=target.pk, rules=services.Rules(max_rating=1800), user=arbiter, now=NOW
    )
    return source, target


def test_a_moves_rating_limit_reads_the_rating_the_section_pairs_on(arbiter: User) -> None:
    source, target = _national_section(arbiter)
    strong = Player.objects.create(
        event=source, name="Strong, Sam", rating=1700, fide_standard=1700, national_rating=1900
    )
    with pytest.raises(TournamentError, match="this player's rating is 1900"):
        player_move(player_id=strong.pk, target_id=target.pk, user=arbiter, now=NOW)
    fits = Player.objects.create(
        event=source, name="Fits, Fay", rating=1900, fide_standard=1900, national_rating=1700
    )
    player_move(player_id=fits.pk, target_id=target.pk, user=arbiter, now=NOW)
    assert Player.objects.get(pk=fits.pk).event_id == target.pk
    _open(source, arbiter)
    _open(target, arbiter)
    entry = source.entries.create(name="Entry, Ed", rating=1700, national_rating=1900)
    with pytest.raises(TournamentError, match="this player's rating is 1900"):
        entry_move(entry_id=entry.pk, target_id=target.pk, user=arbiter, now=NOW)


def test_accepting_an_entry_reads_the_rating_the_section_pairs_on(arbiter: User) -> None:
    _source, target = _national_section(arbiter)
    _open(target, arbiter)
    entry = target.entries.create(name="Fits, Fay", rating=1900, national_rating=1700)
    entry_services.entry_accept(entry_id=entry.pk, user=arbiter, now=NOW)
    assert target.players.filter(name="Fits, Fay").exists()


def test_the_festivals_entry_form_reads_the_rating_the_section_pairs_on(
    client: Client, arbiter: User
) -> None:
    load_list(name="DWZ", kind=ListKind.NATIONAL, source="", user=None, now=NOW, entries=[
        Listed(player_id="D-1", name="Fits, Fay", standard=1700),
    ])  # fmt: skip
    load_list(name="FIDE", kind=ListKind.FIDE, source="", user=None, now=NOW, entries=[
        Listed(player_id="4100", name="Fits, Fay", standard=1900, rapid=1750),
    ])  # fmt: skip
    _source, target = _national_section(arbiter)
    _open(target, arbiter)
    response = client.get(
        "/festivals/hastings/enter/",
        {"section": target.slug, "fide_id": "4100", "national_id": "D-1"},
    )
    assert response.status_code == 302, response.content.decode()


def _messages(response: object) -> list[str]:
    """The messages the page the arbiter is sent back to shows (and so uses up)."""
    return [str(m) for m in response.context["messages"]]  # type: ignore[attr-defined]  # test client


def test_the_arbiter_is_told_when_a_move_keeps_the_rating(
    arbiter_client: Client, arbiter: User
) -> None:
    """Moved by the arbiter's page to a blitz section, a player whose blitz rating is
    not known is named with the rating kept; one whose blitz rating is known is not,
    and an entry moved is told the same way."""
    source, target = _sections(arbiter)
    kept = Player.objects.create(event=source, name="Kept, Kay", rating=1900, fide_standard=1900)
    known = Player.objects.create(
        event=source, name="Known, Kim", rating=1800, fide_standard=1800, fide_blitz=1750
    )
    warning = (
        "1 player has no known FIDE rating of the rate Blitz and keeps the rating read "
        "before: Kept, Kay. Refresh it from a rating list or type it in."
    )
    response = arbiter_client.post(
        f"/events/{source.slug}/players/{kept.pk}/move/", {"target": target.pk}, follow=True
    )
    assert _messages(response) == ["Kept, Kay moved to Open B.", warning]
    response = arbiter_client.post(
        f"/events/{source.slug}/players/{known.pk}/move/", {"target": target.pk}, follow=True
    )
    assert _messages(response) == ["Known, Kim moved to Open B."]
    _open(source, arbiter)
    _open(target, arbiter)
    entry = source.entries.create(name="Entry, Ed", rating=1900, fide_standard=1900)
    response = arbiter_client.post(
        f"/events/{source.slug}/entries/{entry.pk}/move/", {"target": target.pk}, follow=True
    )
    assert _messages(response) == [
        "The entry of Entry, Ed moved to Open B.",
        warning.replace("Kept, Kay", "Entry, Ed"),
    ]
