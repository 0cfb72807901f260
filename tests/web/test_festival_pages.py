"""The festival's pages (#34 item 1): the public page (sections, the round in view of
each, the search over every player), the entrant's choice of section, the arbiter's
page and its actions (festival arbiters only), the backup, and the move button."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from django.contrib.auth.models import User
from django.test import Client

from swissweb.tournament.entries import services as entry_services
from swissweb.tournament.events import services as event_services
from swissweb.tournament.festivals import services
from swissweb.tournament.models import (
    DEFAULT_FIELDS,
    AuditEntry,
    EntrySettings,
    Event,
    Festival,
    Player,
    RatingBasis,
)
from swissweb.tournament.rounds import services as round_services
from tests.web.festival_helpers import NOW, make_festival, section

pytestmark = pytest.mark.django_db


@pytest.fixture
def festival(arbiter: User) -> Festival:
    return make_festival(arbiter)


def _open_entries(event: Event, arbiter: User) -> None:
    """Open ``event``'s online entries, with the default fields and no fee."""
    entry_services.entry_settings_set(
        event_id=event.pk, settings=EntrySettings(open=True, fields_asked=list(DEFAULT_FIELDS)),
        fees=[], user=arbiter, now=NOW,
    )  # fmt: skip


def test_the_public_page_lists_the_sections_and_the_round_in_play(
    client: Client, festival: Festival, arbiter: User
) -> None:
    a = section(festival, "Open A")
    event_services.event_start(event_id=a.pk, user=arbiter, now=NOW)
    paired = round_services.round_pair(event_id=a.pk, user=arbiter, now=NOW)
    round_services.round_publish(round_id=paired.pk, user=arbiter, now=NOW)
    html = client.get("/festivals/hastings/").content.decode()
    assert "Open A" in html and "Open B" in html and "Under 1600" in html
    assert "/events/hastings-open-a/rounds/1/" in html and "Round 1 (in play)" in html
    assert html.count("No round is published yet.") == 2


def test_a_section_not_public_is_not_on_the_public_page(client: Client, festival: Festival) -> None:
    Event.objects.filter(pk=section(festival, "Open B").pk).update(public=False)
    html = client.get("/festivals/hastings/").content.decode()
    assert "Open B" not in html
    assert "Open B player" not in client.get("/festivals/hastings/?q=player").content.decode()


def test_a_festival_not_public_is_404(client: Client, arbiter: User) -> None:
    make_festival(arbiter, public=False)
    assert client.get("/festivals/hastings/").status_code == 404
    assert client.get("/festivals/nowhere/").status_code == 404


def test_the_search_finds_players_of_every_section_linked_to_their_section(
    client: Client, festival: Festival, arbiter: User
) -> None:
    b = section(festival, "Open B")
    event_services.event_start(event_id=b.pk, user=arbiter, now=NOW)
    html = client.get("/festivals/hastings/?q=no+2").content.decode()
    assert html.count("No 2</a>") == 3
    number = b.players.get(name="Open B player, No 2").pairing_number
    assert f"/events/hastings-open-b/players/{number}/" in html
    assert "/events/hastings-open-a/starting-rank/" in html


def test_the_search_shows_the_rating_each_section_pairs_on(
    client: Client, festival: Festival
) -> None:
    """#35 item 1: a section pairing on the national rating shows that one, as its
    pairings and standings do; a section pairing on FIDE's keeps the FIDE rating."""
    b = section(festival, "Open B")
    Event.objects.filter(pk=b.pk).update(rating_basis=RatingBasis.NATIONAL)
    Player.objects.filter(event__festival=festival, name__endswith="No 1").update(
        national_rating=1777
    )
    found = client.get("/festivals/hastings/?q=no+1").context["found"]
    shown = {player.section: player.rating for player in found if player.name.endswith("No 1")}
    assert shown == {"Open A": 2280, "Open B": 1777, "Under 1600": 1480}


def test_the_search_escapes_what_was_typed(client: Client, festival: Festival) -> None:
    html = client.get("/festivals/hastings/?q=<script>x").content.decode()
    assert "<script>x" not in html and "&lt;script&gt;x" in html


def test_entering_routes_to_the_chosen_sections_entry_form(
    client: Client, festival: Festival, arbiter: User
) -> None:
    b = section(festival, "Open B")
    _open_entries(b, arbiter)
    response = client.get("/festivals/hastings/enter/", {"section": b.slug})
    assert response.status_code == 302 and response["Location"] == f"/events/{b.slug}/enter/"


def test_entering_an_ineligible_section_says_the_rule(
    client: Client, festival: Festival, arbiter: User
) -> None:
    junior = section(festival, "Under 1600")
    _open_entries(junior, arbiter)
    services.section_rules_set(
        event_id=junior.pk, rules=services.Rules(min_birth_year=2008), user=arbiter, now=NOW
    )
    response = client.get(
        "/festivals/hastings/enter/", {"section": junior.slug, "birth_year": "1980"}
    )
    assert response.status_code == 422
    assert "admits players born in 2008 or later" in response.content.decode()


def test_entering_a_section_without_open_entries_says_so(
    client: Client, festival: Festival
) -> None:
    response = client.get("/festivals/hastings/enter/", {"section": "hastings-open-a"})
    assert "Entries to this event are closed." in response.content.decode()


def test_the_public_page_offers_entry_only_while_a_section_takes_entries(
    client: Client, festival: Festival, arbiter: User
) -> None:
    """Found in the end-to-end run (#34): once every section had started, the page still
    offered "Enter the festival", which led only to refusals."""
    enter = 'href="/festivals/hastings/enter/"'
    assert enter not in client.get("/festivals/hastings/").content.decode()
    junior = section(festival, "Under 1600")
    _open_entries(junior, arbiter)
    assert enter in client.get("/festivals/hastings/").content.decode()
    event_services.event_start(event_id=junior.pk, user=arbiter, now=NOW)
    assert enter not in client.get("/festivals/hastings/").content.decode()


def test_the_arbiter_page_links_each_workspace(arbiter_client: Client, festival: Festival) -> None:
    html = arbiter_client.get("/festivals/hastings/manage/").content.decode()
    for slug in ("hastings-open-a", "hastings-open-b", "hastings-under-1600"):
        assert f"/events/{slug}/manage/" in html


def test_the_arbiter_adds_a_section_from_the_page(
    arbiter_client: Client, festival: Festival
) -> None:
    response = arbiter_client.post(
        "/festivals/hastings/sections/add/", {"name": "Rapid", "system": "dutch", "rounds": 7}
    )
    assert response.status_code == 302
    assert festival.sections.get(section_name="Rapid").rounds == 7


def test_the_arbiter_creates_a_festival_from_their_events(
    arbiter_client: Client, event: Event
) -> None:
    response = arbiter_client.post(
        "/festivals/new/", {"name": "Spring Festival", "slug": "spring-fest", "events": [event.pk]}
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.festival is not None and event.festival.slug == "spring-fest"


@pytest.mark.parametrize("chosen", ["99999999999999999999", "-3", "x"])
def test_a_new_festival_naming_no_event_id_is_refused_not_a_server_error(
    arbiter_client: Client, event: Event, chosen: str
) -> None:
    """A number past any id (the database's integer would overflow) is not a choice."""
    response = arbiter_client.post(
        "/festivals/new/", {"name": "Spring Festival", "slug": "spring-fest", "events": [chosen]}
    )
    assert response.status_code == 422
    assert not Festival.objects.filter(slug="spring-fest").exists()


def test_section_rules_from_the_page_refuse_crossed_limits(
    arbiter_client: Client, festival: Festival
) -> None:
    a = section(festival, "Open A")
    prefix = f"s{a.pk}"
    arbiter_client.post(
        f"/festivals/hastings/sections/{a.pk}/rules/",
        {f"{prefix}-min_rating": "2000", f"{prefix}-max_rating": "1000"},
    )
    a.refresh_from_db()
    assert a.min_rating is None


FESTIVAL_POSTS = [
    ("/festivals/hastings/sections/add/", {"name": "X", "system": "dutch", "rounds": 5}),
    ("/festivals/hastings/sections/arrange/", {}),
    ("/festivals/hastings/arbiters/", {"username": "stranger"}),
    ("/festivals/hastings/sections/attach/", {"event": "1"}),
]


@pytest.mark.parametrize(("url", "data"), FESTIVAL_POSTS)
def test_festival_actions_need_the_festivals_arbiter(
    client: Client, stranger_client: Client, festival: Festival, url: str, data: dict[str, object]
) -> None:
    before = (Event.objects.count(), AuditEntry.objects.count(), festival.arbiters.count())
    anonymous = client.post(url, data)
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    assert stranger_client.post(url, data).status_code == 403
    assert stranger_client.get("/festivals/hastings/manage/").status_code == 403
    assert stranger_client.get("/festivals/hastings/backup.zip").status_code == 403
    a = section(festival, "Open A")
    assert stranger_client.post(f"/festivals/hastings/sections/{a.pk}/rules/").status_code == 403
    after = (Event.objects.count(), AuditEntry.objects.count(), festival.arbiters.count())
    assert after == before


def test_the_backup_holds_each_sections_backup(arbiter_client: Client, festival: Festival) -> None:
    response = arbiter_client.get("/festivals/hastings/backup.zip")
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    manifest = json.loads(archive.read("festival.json"))
    assert [s["section"] for s in manifest["sections"]] == ["Open A", "Open B", "Under 1600"]
    for entry in manifest["sections"]:
        text = archive.read(entry["file"]).decode()
        assert f"012 Hastings 2026: {entry['section']}" in text


def test_the_player_page_moves_a_player_before_round_1(
    arbiter_client: Client, festival: Festival
) -> None:
    a, b = section(festival, "Open A"), section(festival, "Open B")
    player = a.players.first()
    assert player is not None
    page = arbiter_client.get(f"/events/{a.slug}/manage/players/{player.pk}/").content.decode()
    assert "Move to another section" in page and f'value="{b.pk}"' in page
    response = arbiter_client.post(f"/events/{a.slug}/players/{player.pk}/move/", {"target": b.pk})
    assert response["Location"] == f"/events/{b.slug}/manage/players/{player.pk}/"
    assert Player.objects.get(pk=player.pk).event_id == b.pk


def test_a_move_refused_by_the_rules_shows_the_rule(
    arbiter_client: Client, festival: Festival, arbiter: User
) -> None:
    a, c = section(festival, "Open A"), section(festival, "Under 1600")
    services.section_rules_set(
        event_id=c.pk, rules=services.Rules(max_rating=1599), user=arbiter, now=NOW
    )
    player = a.players.first()
    assert player is not None
    response = arbiter_client.post(
        f"/events/{a.slug}/players/{player.pk}/move/", {"target": c.pk}, follow=True
    )
    assert "admits players rated 1599 or less" in response.content.decode()
    assert Player.objects.get(pk=player.pk).event_id == a.pk


def test_a_one_section_event_shows_no_move(arbiter_client: Client, players: list[Player]) -> None:
    page = arbiter_client.get(f"/events/spring/manage/players/{players[0].pk}/").content.decode()
    assert "Move to another section" not in page


def test_a_closed_sections_entry_form_says_it_is_closed(
    client: Client, festival: Festival, arbiter: User
) -> None:
    a = section(festival, "Open A")
    _open_entries(a, arbiter)
    services.section_rules_set(
        event_id=a.pk, rules=services.Rules(closed=True), user=arbiter, now=NOW
    )
    html = client.get(f"/events/{a.slug}/enter/").content.decode()
    assert "The section Open A is closed: it takes no new players." in html


def test_a_sections_entry_form_shows_its_rules(
    client: Client, festival: Festival, arbiter: User
) -> None:
    a = section(festival, "Open A")
    _open_entries(a, arbiter)
    services.section_rules_set(
        event_id=a.pk, rules=services.Rules(min_birth_year=2008), user=arbiter, now=NOW
    )
    assert "Born in 2008 or later." in client.get(f"/events/{a.slug}/enter/").content.decode()
