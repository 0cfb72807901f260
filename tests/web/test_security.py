"""Every mutating URL refuses everyone but the event's arbiters (issue 10, security).

The matrix: anonymous, logged-in non-arbiter, arbiter of another event, arbiter of this
event.  Only the last may act; the others get a login redirect or 403 and nothing in the
database changes.
"""

from __future__ import annotations

from typing import TypedDict

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import URLPattern, get_resolver
from django.utils import timezone

from pairing.engine.model import PairingNumber, TournamentState
from pairing.engine.model import Player as EnginePlayer
from pairing.engine.trf import trf_from_state, write_trf
from swissweb.tournament.models import (
    Entry,
    Event,
    ForbiddenPair,
    Game,
    Player,
    PlayerRequest,
    Result,
    Round,
    RoundRequest,
    RoundState,
)

pytestmark = pytest.mark.django_db


class Setup(TypedDict):
    """The rows of the ``setup`` fixture: an event, its games and requests, three users."""

    ask: PlayerRequest
    event: Event
    players: list[Player]
    game: Game
    request: RoundRequest
    pair: ForbiddenPair
    users: dict[str, User]


ARBITER_URL_NAMES = {
    "event_edit",
    "arbiter_add",
    "player_add",
    "players_import",
    "players_import_trf",
    "ratings_refresh",
    "ask_decide",
    "event_start",
    "pairing_number_set",
    "player_withdraw",
    "player_top_set",
    "round_request",
    "forbidden_add",
    "round_pair",
    "round_repair",
    "round_delete",
    "round_publish",
    "draft_swap",
    "round_correct",
    "round_redraw",
    "draft_flip",
    "draft_flip_board",
    "result_enter",
    "results_enter",
    # The arbiter's workspace (#20)
    "workspace_player",
    "player_reinstate",
    "round_unpublish",
    "round_request_edit",
    "round_request_delete",
    "forbidden_edit",
    "forbidden_delete",
    "player_link_rotate",  # #31 D10
    "player_fixed_board",  # #34
    "workspace_schedule",  # #34
    "entry_decide",  # #34 item 2
    "workspace_entry_settings",  # #34 item 2
    "check_in_mark",  # #34 item 3
    "check_in_window",  # #34 item 3
    "event_publish",  # #36 item 3
    "player_move",  # #34 item 1
}


def _tournament_url_names() -> set[str]:
    resolver = get_resolver()
    patterns = resolver.url_patterns
    names: set[str] = set()
    for pattern in patterns:
        for sub in getattr(pattern, "url_patterns", []):
            if isinstance(sub, URLPattern) and getattr(pattern, "namespace", "") == "tournament":
                names.add(sub.name or "")
    return names


def _snapshot() -> dict[str, int]:
    """Row counts and result versions of every tournament table."""
    counts = {
        model.__name__: model._default_manager.count()
        for model in apps.get_app_config("tournament").get_models()
    }
    counts["versions"] = sum(Game.objects.values_list("version", flat=True))
    counts["numbers"] = sum(n or 0 for n in Player.objects.values_list("pairing_number", flat=True))
    codes = Player.objects.order_by("pk").values_list("access_code", flat=True)
    counts["codes"] = hash(tuple(codes))  # a private link rotated (#31 D10)
    windows = Event.objects.values_list("check_in_opens", "check_in_closes")
    counts["check_in_window"] = sum((opens or 0) + closes for opens, closes in windows)
    return counts


@pytest.fixture
def setup(db: None) -> Setup:
    arbiter = User.objects.create_user("arbiter", password="x-password-1")
    other_arbiter = User.objects.create_user("other", password="x-password-1")
    stranger = User.objects.create_user("stranger", password="x-password-1")
    event = Event.objects.create(name="Target", slug="target", rounds=5, public=True)
    event.arbiters.add(arbiter)
    other = Event.objects.create(name="Other", slug="other", rounds=5)
    other.arbiters.add(other_arbiter)
    players = [
        Player.objects.create(event=event, name=f"P{n}", rating=2000 - n, pairing_number=n)
        for n in range(1, 5)
    ]
    now = timezone.now()
    Round.objects.create(
        event=event, number=1, lots_seed=1, paired_at=now, state=RoundState.PUBLISHED,
        published_at=now,
    )  # fmt: skip
    round_1 = Round.objects.get(event=event, number=1)
    game = Game.objects.create(round=round_1, board=1, white=players[0], black=players[1])
    Game.objects.create(round=round_1, board=2, white=players[2], black=players[3])
    request = RoundRequest.objects.create(player=players[2], round_number=3, kind="H")
    pair = ForbiddenPair.objects.create(event=event, first=players[2], second=players[3])
    ask = PlayerRequest.objects.create(player=players[0], kind="bye", round_number=3)
    Entry.objects.create(event=event, name="Entrant, Eve")
    return {
        "ask": ask,
        "event": event,
        "players": players,
        "game": game,
        "request": request,
        "pair": pair,
        "users": {"stranger": stranger, "other_arbiter": other_arbiter, "arbiter": arbiter},
    }


def _requests(setup: Setup) -> list[tuple[str, str, dict[str, object]]]:
    players = setup["players"]
    game = setup["game"]
    p1, p2 = players[0].pk, players[1].pk
    wish = setup["request"].pk
    pair = setup["pair"].pk
    ask = setup["ask"].pk
    entry = Entry.objects.get(event=setup["event"]).pk
    base = "/events/target"
    other = Event.objects.get(slug="other").pk
    return [
        ("event_edit", f"{base}/edit/", {"name": "Hacked", "slug": "target", "rounds": 9}),
        ("arbiter_add", f"{base}/arbiters/", {"username": "stranger"}),
        ("player_add", f"{base}/players/add/", {"name": "Intruder"}),
        ("players_import", f"{base}/players/import/", {"text": "name\nIntruder\n"}),
        ("players_import_trf", f"{base}/players/import-trf/", {}),
        ("ratings_refresh", f"{base}/players/ratings/", {"list": "1", "kind": "standard"}),
        ("ask_decide", f"{base}/asks/{ask}/decide/", {"decision": "approve"}),
        ("event_start", f"{base}/start/", {}),
        ("pairing_number_set", f"{base}/players/{p1}/number/", {"pairing_number": 2}),
        ("player_withdraw", f"{base}/players/{p1}/withdraw/", {}),
        ("player_top_set", f"{base}/players/{p1}/top/", {"top": "1"}),
        ("round_request", f"{base}/requests/", {"player": p1, "round_number": 3, "kind": "H"}),
        ("forbidden_add", f"{base}/forbidden/", {"first": p1, "second": p2}),
        ("round_pair", f"{base}/pair/", {"round": 2}),
        ("round_repair", f"{base}/rounds/1/repair/", {"confirm": "1"}),
        ("round_delete", f"{base}/rounds/1/delete/", {"confirm": "1"}),
        ("round_publish", f"{base}/rounds/1/publish/", {}),
        ("draft_swap", f"{base}/rounds/1/swap/", {"first": p1, "second": p2}),
        ("draft_flip", f"{base}/games/{game.pk}/flip/", {}),
        ("draft_flip_board", f"{base}/rounds/1/flip/", {"board": game.board}),
        ("round_redraw", f"{base}/rounds/1/redraw/", {"absent": p1, "confirm": "1"}),
        ("round_correct", f"{base}/rounds/1/correct/", {"first": p1, "second": p2, "reason": "x"}),
        ("result_enter", f"{base}/games/{game.pk}/result/", {"result": "1", "version": 0}),
        ("results_enter", f"{base}/rounds/1/results/", {f"g{game.pk}v0": "1"}),
        ("workspace_player", f"{base}/manage/players/{p1}/", {"name": "Hacked", "rating": 1}),
        ("player_reinstate", f"{base}/players/{p1}/reinstate/", {}),
        ("player_link_rotate", f"{base}/players/{p1}/link/rotate/", {}),
        ("round_unpublish", f"{base}/rounds/1/unpublish/", {}),
        ("round_request_edit", f"{base}/requests/{wish}/edit/", {"round_number": 4, "kind": "Z"}),
        ("round_request_delete", f"{base}/requests/{wish}/delete/", {"confirm": "1"}),
        ("forbidden_edit", f"{base}/forbidden/{pair}/edit/", {"reason": "hacked"}),
        ("forbidden_delete", f"{base}/forbidden/{pair}/delete/", {"confirm": "1"}),
        ("player_fixed_board", f"{base}/players/{p1}/fixed-board/", {"board": "2"}),
        ("workspace_schedule", f"{base}/manage/schedule/", {"date-1": "2026-03-14"}),
        ("entry_decide", f"{base}/entries/{entry}/accept/", {}),
        ("workspace_entry_settings", f"{base}/manage/entries/settings/", {"open": "on"}),
        ("check_in_mark", f"{base}/check-in/mark/", {"round": 2, "player": p1}),
        ("check_in_window", f"{base}/check-in/window/", {"opens": "60", "closes": "5"}),
        ("event_publish", f"{base}/publish/", {"public": "0"}),
        ("player_move", f"{base}/players/{p1}/move/", {"target": other}),
    ]


def test_security_matrix_covers_every_arbiter_url() -> None:
    """The matrix below names every mutating URL of the app: none is forgotten."""
    public = {"event_list", "event_detail", "round_pairings", "player_card", "event_create"}
    public |= {"starting_rank"}
    public |= {"event_import"}  # login required, creates a new event (test_backup.py)
    public |= {"standings", "crosstable", "standings_csv", "event_manage", "export_trf"}
    public |= {"rating_report"}  # only reads; its access in test_rating_report.py
    public |= {"national_report"}  # only reads; its access in test_national_report.py
    public |= {"event_pgn", "round_pgn", "player_search", "teams", "prizes", "prizes_csv"}
    public |= {"player_page"}  # the player's code is the key (test_self_service.py)
    # The workspace's pages only read (each one's access in test_workspace_pages.py).
    public |= {"my_events", "workspace_players", "workspace_round", "workspace_round_print"}
    public |= {"workspace_requests", "workspace_audit", "workspace_arbiters", "workspace_round_why"}
    public |= {"workspace_player_link"}  # its access in test_private_links.py
    public |= {"workspace_player_cards"}  # only reads; its access in test_player_cards.py
    public |= {"entry_form", "entry_done"}  # online entries: anyone (test_entry_pages.py)
    public |= {"workspace_entries", "entries_csv"}  # only read; access in test_entry_pages.py
    public |= {"workspace_check_in"}  # its access in test_check_in.py
    # Only read (#36); their access in test_workspace_standings.py, test_player_picker.py.
    public |= {"workspace_standings", "workspace_crosstable", "workspace_prizes"}
    public |= {"workspace_standings_csv", "workspace_prizes_csv", "workspace_player_find"}
    # Festivals (#34 item 1): public pages, and the festival's arbiter pages, whose
    # access (login, festival's arbiters only, nothing changed) is in test_festival_pages.py.
    public |= {"festival_detail", "festival_enter", "festival_create", "festival_manage"}
    public |= {"festival_import"}  # login required, creates a new festival
    public |= {"festival_section_add", "festival_section_attach", "festival_sections_arrange"}
    public |= {"festival_section_rules", "festival_arbiter_add", "festival_backup"}
    # Their access (login, the festival's and the section's arbiters only, nothing
    # changed) is in test_festival_edit.py and test_festival_entries.py.
    public |= {"festival_edit", "festival_section_detach", "festival_section_delete"}
    public |= {"festival_entries", "festival_entries_csv"}
    assert _tournament_url_names() - public <= ARBITER_URL_NAMES


@pytest.mark.parametrize("index", range(len(ARBITER_URL_NAMES)))
def test_security_anonymous_is_sent_to_login_and_nothing_changes(
    client: Client, setup: Setup, index: int
) -> None:
    """An anonymous POST to any arbiter URL redirects to the login page; no row changes."""
    name, url, data = _requests(setup)[index]
    before = _snapshot()
    response = client.post(url, data)
    assert response.status_code == 302, name
    assert "/accounts/login/" in response["Location"], name
    assert _snapshot() == before, name


@pytest.mark.parametrize("role", ["stranger", "other_arbiter"])
@pytest.mark.parametrize("index", range(len(ARBITER_URL_NAMES)))
def test_security_non_arbiters_get_403_and_nothing_changes(
    setup: Setup, index: int, role: str
) -> None:
    """A logged-in user who is not this event's arbiter gets 403 and no row changes."""
    name, url, data = _requests(setup)[index]
    client = Client()
    client.force_login(setup["users"][role])
    before = _snapshot()
    response = client.post(url, data)
    assert response.status_code == 403, name
    assert _snapshot() == before, name


def test_security_arbiter_may_enter_a_result(setup: Setup) -> None:
    """The event's own arbiter is let through (here: a result on a published round)."""
    client = Client()
    client.force_login(setup["users"]["arbiter"])
    game = setup["game"]
    client.post(f"/events/target/games/{game.pk}/result/", {"result": "=", "version": 0})
    game.refresh_from_db()
    assert game.result == Result.DRAW


def test_security_csrf_required_on_post(setup: Setup) -> None:
    """A POST without the CSRF token is refused, even from the arbiter."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(setup["users"]["arbiter"])
    game = setup["game"]
    response = client.post(f"/events/target/games/{game.pk}/result/", {"result": "1", "version": 0})
    assert response.status_code == 403
    game.refresh_from_db()
    assert game.result == Result.NOT_PLAYED_YET


@pytest.mark.parametrize("htmx", [False, True], ids=["form", "htmx"])
@pytest.mark.parametrize("index", range(len(ARBITER_URL_NAMES)))
def test_security_csrf_required_on_every_post(setup: Setup, index: int, htmx: bool) -> None:
    """Every mutating URL refuses a POST without the CSRF token, even from the event's
    arbiter and even as an HTMX request; nothing changes."""
    name, url, data = _requests(setup)[index]
    client = Client(enforce_csrf_checks=True)
    client.force_login(setup["users"]["arbiter"])
    headers = {"HX-Request": "true"} if htmx else {}
    before = _snapshot()
    response = client.post(url, data, headers=headers)
    assert response.status_code == 403, name
    assert _snapshot() == before, name


def test_security_htmx_post_with_the_pages_csrf_header_is_accepted(
    setup: Setup,
) -> None:
    """HTMX sends the token the page put in ``hx-headers`` (base.html) as X-CSRFToken:
    with it, the arbiter's result entry goes through."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(setup["users"]["arbiter"])
    page = client.get("/events/target/manage/", follow=True)
    assert page.status_code == 200
    token = client.cookies["csrftoken"].value
    game = setup["game"]
    response = client.post(
        f"/events/target/games/{game.pk}/result/",
        {"result": "1", "version": 0},
        headers={"HX-Request": "true", "X-CSRFToken": token},
    )
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.result == Result.WHITE_WINS


def test_security_script_in_an_imported_trf_is_escaped_everywhere(
    setup: Setup,
) -> None:
    """A TRF whose player names and tournament name carry ``<script>`` imports as text:
    the arbiter's pages and the public pages show it escaped, never as markup."""

    hostile = "<script>alert(1)</script>"
    state = TournamentState(
        players=tuple(
            EnginePlayer(pairing_number=PairingNumber(n), name=f"{hostile}{n}", rating=2000 - n)
            for n in (1, 2)
        ),
        rounds_completed=0,
        total_rounds=5,
    )
    text = write_trf(trf_from_state(state, name=hostile))
    event = Event.objects.create(name="Hostile", slug="hostile", rounds=5, public=True)
    arbiter = setup["users"]["arbiter"]
    event.arbiters.add(arbiter)
    client = Client()
    client.force_login(arbiter)
    response = client.post(
        "/events/hostile/players/import-trf/",
        {"trf": SimpleUploadedFile("hostile.trf", text.encode())},
    )
    assert response.status_code == 302
    assert event.players.filter(name__startswith=hostile).count() == 2
    client.post("/events/hostile/start/")
    pages = [client.get("/events/hostile/manage/", follow=True)]
    public = Client()
    paths = ("starting-rank/", "standings/", "players/1/")
    pages += [public.get(f"/events/hostile/{path}") for path in paths]
    event_page = public.get("/events/hostile/")  # no round yet: it names no player
    assert event_page.status_code == 200 and "<script>alert" not in event_page.content.decode()
    for page in pages:
        assert page.status_code == 200
        body = page.content.decode()
        assert "<script>alert" not in body
        assert "&lt;script&gt;alert(1)&lt;/script&gt;1" in body
