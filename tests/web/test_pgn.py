"""PGN of the published rounds for broadcast tools (#24): read back by python-chess."""

from __future__ import annotations

import datetime as dt
import io
import re

import chess.pgn
import pytest
from django.contrib.auth.models import User
from django.test import Client

from swissweb.tournament.events import services as event_services
from swissweb.tournament.models import Event, Player, Result
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import services as round_services

pytestmark = pytest.mark.django_db

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


def games(text: str) -> list[chess.pgn.Game]:
    stream = io.StringIO(text)
    found = []
    while (game := chess.pgn.read_game(stream)) is not None:
        assert not game.errors
        found.append(game)
    return found


@pytest.fixture
def paired(started: Event, players: list[Player], arbiter: User) -> Event:
    """Round 1 published with a win, a forfeit and a board still in play; the players
    have titles, FIDE IDs and one is unrated."""
    Player.objects.filter(event=started, name="Adams, Ann").update(title="IM", fide_id=1503014)
    Player.objects.filter(event=started, name="Frost, Fay").update(rating=0)
    event_services.event_settings_update(
        event_id=started.pk, changes={"venue": "Hastings", "round_dates": ["2026-03-01"]},
        expected_version=started.settings_version, user=arbiter, now=T0,
    )  # fmt: skip
    round_ = round_services.round_pair(event_id=started.pk, user=arbiter, now=T0, seed=1)
    round_services.round_publish(round_id=round_.pk, user=arbiter, now=T0)
    boards = list(round_.games.order_by("board"))
    for game, result in zip(boards, (Result.WHITE_WINS, Result.BLACK_WINS_FORFEIT), strict=False):
        result_services.result_record(
            game_id=game.pk, result=result, expected_version=0, user=arbiter, now=T0
        )
    started.refresh_from_db()
    return started


def test_round_pgn_has_the_headers_broadcasts_read(paired: Event, client: Client) -> None:
    """One game per board, Round "1.board", players with Elo, title and FIDE ID when
    known, the round's date; a board in play is "*"; a forfeit keeps its result with a
    comment."""
    response = client.get(f"/events/{paired.slug}/rounds/1/games.pgn")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/x-chess-pgn; charset=utf-8"
    found = games(response.content.decode())
    boards = list(paired.round_set.get(number=1).games.order_by("board"))
    assert [g.headers["Round"] for g in found] == [f"1.{b.board}" for b in boards]
    first = found[0].headers
    white = boards[0].white
    assert (first["Event"], first["Site"], first["Date"]) == (
        "Spring Swiss",
        "Hastings",
        "2026.03.01",
    )
    assert (first["White"], first["WhiteElo"], first["Result"]) == (
        white.name,
        str(white.rating),
        "1-0",
    )
    assert [g.headers["Result"] for g in found] == ["1-0", "0-1", "*"]
    assert found[1].comment == "forfeit: White did not play"
    everyone = {h: v for g in found for h, v in g.headers.items()}
    assert everyone.get("WhiteTitle") == "IM" or everyone.get("BlackTitle") == "IM"
    assert "1503014" in (everyone.get("WhiteFideId"), everyone.get("BlackFideId"))
    unrated = next(g for g in found if "Frost, Fay" in (g.headers["White"], g.headers["Black"]))
    side = "White" if unrated.headers["White"] == "Frost, Fay" else "Black"
    assert f"{side}Elo" not in unrated.headers


def test_event_pgn_holds_every_published_round_and_no_draft(
    paired: Event, arbiter: User, client: Client
) -> None:
    """The event's PGN follows the published rounds; a draft is nobody's business yet,
    and its round's PGN is 404, as is a private event's."""
    for game in paired.round_set.get(number=1).games.filter(result=""):
        result_services.result_record(
            game_id=game.pk, result=Result.DRAW, expected_version=0, user=arbiter, now=T0
        )
    round_services.round_pair(event_id=paired.pk, user=arbiter, now=T0, seed=2)
    found = games(client.get(f"/events/{paired.slug}/games.pgn").content.decode())
    assert {g.headers["Round"].split(".")[0] for g in found} == {"1"}
    assert client.get(f"/events/{paired.slug}/rounds/2/games.pgn").status_code == 404
    Event.objects.filter(pk=paired.pk).update(public=False)
    assert client.get(f"/events/{paired.slug}/games.pgn").status_code == 404


TAG_LINE = re.compile(r'\[([A-Za-z0-9_]+) "((?:[^"\\\r\n]|\\["\\])*)"\]')
"""A tag pair as PGN's standard (8.1.1) writes it: inside the string, a quote is
written \\" and a backslash \\\\; nothing else may follow the closing quote."""


def unescaped(value: str) -> str:
    """A tag's string token read as the standard says (python-chess 1.11 gives it raw)."""
    return re.sub(r'\\(["\\])', r"\1", value)


def test_d14_pgn_tag_values_are_escaped(paired: Event, client: Client) -> None:
    """Defect D14: a name with a quote wrote its own tags (``x"] [WhiteElo "3000``), and
    a line break in a stored venue began a new tag line.  Each value is now escaped as
    the standard asks; the names read back exactly."""
    hostile = 'Quote, "Q" \\ x"] [WhiteElo "3000'
    Player.objects.filter(event=paired, name="Adams, Ann").update(name=hostile)
    Event.objects.filter(pk=paired.pk).update(venue='Hall\r\n[Site "elsewhere"]\nB')
    text = client.get(f"/events/{paired.slug}/rounds/1/games.pgn").content.decode()
    tag_lines = [line for line in text.splitlines() if line.startswith("[")]
    assert tag_lines
    for line in tag_lines:
        assert TAG_LINE.fullmatch(line), line
    found = games(text)
    names = {unescaped(g.headers[side]) for g in found for side in ("White", "Black")}
    assert hostile in names
    assert {unescaped(g.headers["Site"]) for g in found} == {'Hall [Site "elsewhere"] B'}
    assert all(g.headers.get("WhiteElo") != "3000" for g in found)
