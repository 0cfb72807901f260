"""Fixed boards (#34 item 5): a player's game is given their board in every round
paired, who meets whom unchanged; conflicts settled in a fixed order and said in the
round's explanation; set from the arbiter's player page, with an audit row."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.models import AuditEntry, Event, Player, Round
from swissweb.tournament.players import services as player_services
from swissweb.tournament.rounds import fixed_boards
from swissweb.tournament.rounds import services as round_services

from .test_systems_web import _form

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 3, 14, 9, 0, tzinfo=dt.UTC)
ESCA_FIELD = "name,school\nAsh,Avon\nBell,Brent\nCole,Clyde\nDunn,Dart\nEve,Exe\n"


def _numbered(started: Event) -> dict[int, Player]:
    return {p.pairing_number: p for p in started.players.all() if p.pairing_number}


def _pairs(round_: Round) -> set[tuple[int, int | None]]:
    return set(round_.games.values_list("white_id", "black_id"))


def _board_of(round_: Round, player: Player) -> int:
    game = round_.games.get(white=player) if round_.games.filter(white=player).exists() else (
        round_.games.get(black=player))  # fmt: skip
    return game.board


def _fix(player: Player, board: int | None, arbiter: User) -> list[str]:
    return player_services.player_fixed_board_set(
        player_id=player.pk, board=board, user=arbiter, now=T0
    )[1]


def _pair(event: Event, arbiter: User) -> Round:
    return round_services.round_pair(event_id=event.pk, user=arbiter, now=T0, seed=7)


def test_fixed_board_moves_the_game_not_the_pairing(started: Event, arbiter: User) -> None:
    """Paired again with a fixed board, the same players meet with the same colours; the
    fixed player's game is on their board, and the explanation says so."""
    plain = _pair(started, arbiter)
    pairs = _pairs(plain)
    lowest = _numbered(started)[6]
    assert _board_of(plain, lowest) != 1
    round_services.round_delete_draft(round_id=plain.pk, user=arbiter, now=T0)
    _fix(lowest, 1, arbiter)
    fixed = _pair(started, arbiter)
    assert _pairs(fixed) == pairs
    assert _board_of(fixed, lowest) == 1
    assert sorted(fixed.games.values_list("board", flat=True)) == [1, 2, 3]
    steps = [s for s in fixed.explanation if s["rule"] == fixed_boards.FIXED_BOARD_STEP]
    assert [s["text"] for s in steps] == ["Board 1 fixed for 6. Frost, Fay."]


def test_fixed_board_honoured_across_a_repair_and_swaps(started: Event, arbiter: User) -> None:
    """Paired again, then a swap that moves the fixed player into another game: the game
    they are now in is renumbered to their board, and the swap's note names the new
    boards."""
    numbered = _numbered(started)
    lowest = numbered[6]
    _fix(lowest, 1, arbiter)
    first = _pair(started, arbiter)
    round_services.round_delete_draft(round_id=first.pk, user=arbiter, now=T0)
    draft = _pair(started, arbiter)
    assert _board_of(draft, lowest) == 1
    game = draft.games.get(board=1)
    opponent_id = game.black_id if game.white_id == lowest.pk else game.white_id
    mover = numbered[1] if numbered[1].pk not in (lowest.pk, opponent_id) else numbered[2]
    moved_game = draft.games.get(white=mover) if draft.games.filter(white=mover).exists() else (
        draft.games.get(black=mover))  # fmt: skip
    mover_opponent = moved_game.black_id if moved_game.white_id == mover.pk else moved_game.white_id
    assert moved_game.board != 1
    round_services.draft_swap_players(
        round_id=draft.pk, first_id=lowest.pk, second_id=mover.pk, user=arbiter, now=T0
    )
    draft.refresh_from_db()
    assert _board_of(draft, lowest) == 1
    board_one = draft.games.get(board=1)
    assert {board_one.white_id, board_one.black_id} == {lowest.pk, mover_opponent}
    steps = [s for s in draft.explanation if s["rule"] in fixed_boards.FIXED_RULES]
    assert len(steps) == 1 and steps[0]["text"] == "Board 1 fixed for 6. Frost, Fay."
    assert sorted(draft.games.values_list("board", flat=True)) == [1, 2, 3]


def test_both_players_fixed_the_higher_ranked_wins_and_the_arbiter_is_told(
    started: Event, arbiter: User
) -> None:
    plain = _pair(started, arbiter)
    game = plain.games.get(board=2)
    white, black = game.white, game.black
    assert black is not None
    higher, lower = sorted((white, black), key=lambda p: p.pairing_number or 0)
    round_services.round_delete_draft(round_id=plain.pk, user=arbiter, now=T0)
    _fix(higher, 3, arbiter)
    _fix(lower, 1, arbiter)
    draft = _pair(started, arbiter)
    assert _board_of(draft, higher) == 3
    warned = [s for s in draft.explanation if s["rule"] == fixed_boards.FIXED_BOARD_WARNING]
    assert len(warned) == 1 and "both have a fixed board" in str(warned[0]["text"])


def test_two_games_wanting_one_board_the_higher_board_keeps_it(
    started: Event, arbiter: User
) -> None:
    plain = _pair(started, arbiter)
    top, second = (g.white for g in plain.games.filter(board__in=(1, 2)).order_by("board"))
    round_services.round_delete_draft(round_id=plain.pk, user=arbiter, now=T0)
    _fix(top, 3, arbiter)
    assert "also fixed for" in _fix(second, 3, arbiter)[0]
    draft = _pair(started, arbiter)
    assert _board_of(draft, top) == 3
    warned = [s for s in draft.explanation if s["rule"] == fixed_boards.FIXED_BOARD_WARNING]
    assert len(warned) == 1 and "went to a game the engine placed higher" in str(warned[0]["text"])


def test_a_fixed_board_past_the_last_is_not_given(started: Event, arbiter: User) -> None:
    lowest = _numbered(started)[6]
    _fix(lowest, 12, arbiter)
    draft = _pair(started, arbiter)
    assert sorted(draft.games.values_list("board", flat=True)) == [1, 2, 3]
    (warned,) = [s for s in draft.explanation if s["rule"] == fixed_boards.FIXED_BOARD_WARNING]
    assert "is not in play this round (3 boards)" in str(warned["text"])


def test_fixed_board_set_records_an_audit_row_and_refuses_a_bad_board(
    started: Event, arbiter: User
) -> None:
    player = _numbered(started)[3]
    _fix(player, 5, arbiter)
    _fix(player, 5, arbiter)  # the same again: no row
    _fix(player, None, arbiter)
    rows = AuditEntry.objects.filter(event=started, action="player_fixed_board").order_by("id")
    assert [(r.before["fixed_board"], r.after["fixed_board"]) for r in rows] == [
        (None, 5),
        (5, None),
    ]
    for board in (0, 1000):
        with pytest.raises(TournamentError, match="from 1 to 999"):
            _fix(player, board, arbiter)
    player.refresh_from_db()
    assert player.fixed_board is None


def test_player_page_sets_the_fixed_board(
    started: Event, arbiter_client: Client, stranger_client: Client
) -> None:
    player = _numbered(started)[2]
    url = reverse("tournament:player_fixed_board", args=[started.slug, player.pk])
    assert stranger_client.post(url, {"board": "4"}).status_code in (302, 403, 404)
    player.refresh_from_db()
    assert player.fixed_board is None
    bad = arbiter_client.post(url, {"board": "x"}, follow=True)
    assert "A fixed board is a board number" in bad.content.decode()
    done = arbiter_client.post(url, {"board": "4"}, follow=True)
    assert "board 4 from the next round paired" in done.content.decode()
    assert 'value="4"' in done.content.decode()
    player.refresh_from_db()
    assert player.fixed_board == 4


def test_pairing_from_the_page_warns_of_a_fixed_board_not_given(
    started: Event, arbiter: User, arbiter_client: Client
) -> None:
    _fix(_numbered(started)[6], 12, arbiter)
    page = arbiter_client.post(
        reverse("tournament:round_pair", args=[started.slug]), {"round": "1"}, follow=True
    )
    assert "Board 12, fixed for 6. Frost, Fay, is not in play this round" in page.content.decode()


def test_esca_25_redraw_seats_a_fixed_board_players_new_game_on_it(
    arbiter_client: Client,
) -> None:
    """Eve has the round-1 bye (ESCA 4) and board 1 fixed; Cole is absent after
    publication and the redraw pairs Eve with Ash (test_redraw's derivation): their game
    is board 1, the kept game Dunn-Bell moves to board 2."""
    arbiter_client.post("/events/new/", _form("esca"))
    event = Event.objects.get(slug="esca-weekend")
    base = f"/events/{event.slug}"
    arbiter_client.post(f"{base}/players/import/", {"text": ESCA_FIELD})
    arbiter_client.post(f"{base}/start/")
    eve = event.players.get(name="Eve")
    arbiter_client.post(f"{base}/players/{eve.pk}/fixed-board/", {"board": "1"})
    arbiter_client.post(f"{base}/pair/", {"round": 1})
    arbiter_client.post(f"{base}/rounds/1/publish/")
    cole = event.players.get(name="Cole")
    preview = arbiter_client.post(f"{base}/rounds/1/redraw/", {"absent": cole.pk})
    digest = preview.context["redraw"].digest
    arbiter_client.post(
        f"{base}/rounds/1/redraw/",
        {"absent": cole.pk, "confirm": "1", "digest": digest, "reason": "Cole ill"},
    )
    round_ = event.round_set.get(number=1)
    boards = {
        g.board: {g.white.name, g.black.name if g.black else "bye"}
        for g in round_.games.select_related("white", "black")
    }
    assert boards == {1: {"Ash", "Eve"}, 2: {"Dunn", "Bell"}}
    steps = [s["text"] for s in round_.explanation if s["rule"] in fixed_boards.FIXED_RULES]
    assert steps == ["Board 1 fixed for 5. Eve."]
