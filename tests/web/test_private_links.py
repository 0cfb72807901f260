"""Players' private self-service links (#31 D10, item 4): slips carry no link, each
player's link is given to that player only, the arbiter can rotate it, a link acts only
for its own player, and each request records the link it came from."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.test import Client

from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.models import AuditEntry, Event, Player, PlayerRequest
from swissweb.tournament.players import asks as ask_services
from swissweb.tournament.rounds import services as round_services

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


@pytest.fixture
def paired(started: Event, arbiter: User) -> Event:
    """Round 1 published, so the slips and the public pages have boards."""
    round_ = round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, seed=1)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=T0)
    return started


def _codes(players: list[Player]) -> list[str]:
    return [Player.objects.get(pk=p.pk).access_code for p in players]


def test_d10_result_slips_carry_no_private_link(
    paired: Event, players: list[Player], arbiter_client: Client
) -> None:
    for sheet in ("?sheet=slips", ""):
        page = arbiter_client.get(f"/events/{paired.slug}/manage/rounds/1/print/{sheet}")
        assert page.status_code == 200
        text = page.content.decode()
        assert "/p/" not in text
        assert not [code for code in _codes(players) if code in text]


def test_d10_no_shared_page_or_export_shows_a_private_code(
    paired: Event, players: list[Player], arbiter_client: Client, client: Client
) -> None:
    """Only the arbiter's page of one player (and its printable card) shows a code, and
    only that player's: every other page and export, public or the arbiter's, none.  The
    backup (``export.trf``) is the exception by design: it carries every link so that a
    restored event keeps them (#31 item 2), and only the event's arbiters may fetch it."""
    slug = paired.slug
    first = Player.objects.get(pk=players[0].pk)
    ask_services.player_ask(
        player_id=first.pk, via_code=first.access_code, kind="withdraw", round_number=None, now=T0
    )
    public = [
        f"/events/{slug}/", f"/events/{slug}/rounds/1/", f"/events/{slug}/standings/",
        f"/events/{slug}/crosstable/", f"/events/{slug}/players/{first.pairing_number}/",
        f"/events/{slug}/rounds/1/games.pgn", f"/events/{slug}/standings.csv",
        f"/events/{slug}/find/?q=a",
    ]  # fmt: skip
    shared = [
        f"/events/{slug}/manage/players/", f"/events/{slug}/manage/rounds/1/",
        f"/events/{slug}/manage/rounds/1/print/", f"/events/{slug}/manage/requests/",
        f"/events/{slug}/manage/audit/", f"/events/{slug}/report-trf16.trf",
        f"/events/{slug}/report-trf26.trf", f"/events/{slug}/manage/rounds/2/",
    ]  # fmt: skip
    codes = _codes(players)
    anonymous = Client()  # ``client`` is the arbiter's: ``arbiter_client`` logs it in
    for reader, urls in ((anonymous, public), (arbiter_client, shared)):
        for url in urls:
            response = reader.get(url)
            assert response.status_code == 200, url
            text = response.content.decode()
            assert not [code for code in codes if code in text], url
    backup = arbiter_client.get(f"/events/{slug}/export.trf").content.decode()
    assert all(code in backup for code in codes)
    assert anonymous.get(f"/events/{slug}/export.trf").status_code in (302, 403)
    for path in ("", "link/"):
        own = arbiter_client.get(f"/events/{slug}/manage/players/{first.pk}/{path}")
        text = own.content.decode()
        assert own.status_code == 200 and f"/p/{codes[0]}/" in text
        assert [code for code in codes if code in text] == [codes[0]]


def test_d10_the_printable_card_has_the_link_as_qr_code_for_arbiters_only(
    paired: Event,
    players: list[Player],
    arbiter: User,
    arbiter_client: Client,
    stranger_client: Client,
) -> None:
    url = f"/events/{paired.slug}/manage/players/{players[1].pk}/link/"
    card = arbiter_client.get(url)
    assert card.status_code == 200 and "<svg" in card.content.decode()
    assert card["Cache-Control"] == "no-store"
    assert stranger_client.get(url).status_code == 403
    other = Event.objects.create(name="Other", slug="other", rounds=3)
    other.arbiters.add(arbiter)  # an arbiter there too, but the player is not in it
    elsewhere = f"/events/{other.slug}/manage/players/{players[1].pk}/link/"
    assert arbiter_client.get(elsewhere).status_code == 404


def test_d10_the_arbiter_rotates_a_link_and_the_old_one_is_no_longer_valid(
    paired: Event, players: list[Player], arbiter: User, arbiter_client: Client, client: Client
) -> None:
    player = Player.objects.get(pk=players[2].pk)
    old = player.access_code
    response = arbiter_client.post(f"/events/{paired.slug}/players/{player.pk}/link/rotate/")
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.access_code != old and len(player.access_code) >= 12
    gone = client.get(f"/p/{old}/")
    assert gone.status_code == 404
    assert "This link is no longer valid" in gone.content.decode()
    assert client.get(f"/p/{player.access_code}/").status_code == 200
    entry = AuditEntry.objects.get(action="player_link_rotate")
    assert entry.user == arbiter and entry.after["player"] == player.name
    assert old not in str(entry.before) + str(entry.after)  # the audit keeps no secret
    page = arbiter_client.get(f"/events/{paired.slug}/manage/players/{player.pk}/").content
    assert b"/link/rotate/" in page


def test_d10_only_an_arbiter_of_the_event_rotates_a_link_and_only_by_post(
    paired: Event, players: list[Player], stranger_client: Client, arbiter_client: Client
) -> None:
    player = Player.objects.get(pk=players[3].pk)
    url = f"/events/{paired.slug}/players/{player.pk}/link/rotate/"
    assert stranger_client.post(url).status_code == 403
    assert Client().post(url).status_code == 302  # to the login page
    assert arbiter_client.get(url).status_code == 405
    player.refresh_from_db()
    assert Player.objects.get(pk=player.pk).access_code == player.access_code
    assert not AuditEntry.objects.filter(action="player_link_rotate").exists()


def test_d10_a_link_acts_only_for_its_own_player(
    paired: Event, players: list[Player], client: Client
) -> None:
    """Defect: a player used their opponent's link (printed on the slip) to withdraw the
    opponent and ask byes in their name.  A link naming another player is refused."""
    mine, theirs = (Player.objects.get(pk=p.pk) for p in players[:2])
    url = f"/p/{mine.access_code}/"
    for named in (
        {"player": theirs.pk},
        {"player_id": theirs.pk},
        {"player": mine.pk, "player_id": theirs.pk},
        {"player": "x"},
    ):
        response = client.post(url, {"kind": "withdraw", "confirm": "1", **named}, follow=True)
        assert f"This link can only ask for {mine.name}" in response.content.decode()
    assert not PlayerRequest.objects.exists()
    with pytest.raises(TournamentError, match="This link can only ask for"):
        ask_services.player_ask(
            player_id=theirs.pk, via_code=mine.access_code, kind="withdraw", round_number=None,
            now=T0,
        )  # fmt: skip
    assert not PlayerRequest.objects.exists()


def test_d10_requests_record_the_link_they_came_from(
    paired: Event, players: list[Player], client: Client, arbiter_client: Client
) -> None:
    player = Player.objects.get(pk=players[4].pk)
    client.post(f"/p/{player.access_code}/", {"kind": "bye", "round": "3"})
    ask = PlayerRequest.objects.get(player=player)
    assert ask.via_link and ask.via_link not in player.access_code
    assert ask.via_link == ask_services.link_fingerprint(player.access_code)
    waiting = arbiter_client.get(f"/events/{paired.slug}/manage/requests/").content.decode()
    assert "on the player&#x27;s own link" in waiting
    arbiter_client.post(f"/events/{paired.slug}/players/{player.pk}/link/rotate/")
    waiting = arbiter_client.get(f"/events/{paired.slug}/manage/requests/").content.decode()
    assert f"on a link replaced since ({ask.via_link})" in waiting
