"""The selectors answer plain values from a fixed number of queries, and know nothing
of HTTP (#33): "not found" is a ``NotFound``, which the views answer with 404."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from fractions import Fraction

import pytest
from django.contrib.auth.models import User
from django.http import Http404
from django.test import Client

from swissweb.tournament.core.errors import NotFound
from swissweb.tournament.events import selectors as event_selectors
from swissweb.tournament.models import Event, Game, Round
from swissweb.tournament.players import selectors as player_selectors
from swissweb.tournament.rounds import draft_review
from swissweb.tournament.rounds import selectors as round_selectors
from swissweb.tournament.standings import selectors as standing_selectors
from tests.web.selector_helpers import SIZES, queries_of, sized_event
from tests.web.service_helpers import _pair

pytestmark = pytest.mark.django_db


def _everything(value: object) -> object:
    """``value`` read through: every lazy part called, every field visited (a template
    reads no more than this)."""
    if callable(value):
        return _everything(value())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [_everything(getattr(value, f.name)) for f in dataclasses.fields(value)]
    if isinstance(value, (tuple, list)):
        return [_everything(item) for item in value]
    if isinstance(value, dict):
        return [_everything(item) for item in value.values()]
    return value


def _read_through(read: Callable[[Event, User], object], event: Event, user: User) -> object:
    return _everything(read(event, user))


def _round(event: Event, *, last: bool = False) -> Round:
    rounds = event.round_set.order_by("-number" if last else "number")
    return rounds.first() or Round()


READS: dict[str, Callable[[Event, User], object]] = {
    "public_events": lambda e, u: event_selectors.public_events(),
    "my_events": lambda e, u: event_selectors.my_events(user=u),
    "workspace": lambda e, u: event_selectors.workspace(event=e),
    "event_players": lambda e, u: player_selectors.event_players(event=e),
    "requests_page": lambda e, u: player_selectors.requests_page(event=e),
    "player_card": lambda e, u: player_selectors.player_card(event=e, pairing_number=2),
    "public_rounds": lambda e, u: round_selectors.public_rounds(event=e),
    "published_rounds": lambda e, u: round_selectors.published_rounds(event=e),
    "published_round": lambda e, u: round_selectors.published_round(event=e, number=1),
    "round_games": lambda e, u: round_selectors.round_games(_round(e)),
    "draft_review": lambda e, u: draft_review.draft_review(e, _round(e, last=True)),
    "explanation_steps": lambda e, u: draft_review.explanation_steps(_round(e), board=1),
    "game_board": lambda e, u: round_selectors.game_board(
        game_id=Game.objects.filter(round__event=e).values_list("pk", flat=True)[0]
    ),
    "round_unpaired": lambda e, u: round_selectors.round_unpaired(e, _round(e, last=True)),
    "points_before": lambda e, u: round_selectors.points_before(event=e, number=2),
    "standings_round": lambda e, u: standing_selectors.standings_round(event=e, after_round=None),
    "standings_after": lambda e, u: standing_selectors.standings_after(event=e),
    "crosstable_after": lambda e, u: standing_selectors.crosstable_after(event=e),
    "prize_awards": lambda e, u: standing_selectors.prize_awards(event=e),
    "team_table": lambda e, u: standing_selectors.team_table(event=e),
}


@pytest.mark.parametrize("name", sorted(READS))
def test_a_selector_costs_the_same_queries_at_any_size(name: str) -> None:
    """Each public selector, read through on an empty cache, costs as many queries for
    20 players and 3 rounds as for 6 players and 1 round."""
    counts = []
    for players, rounds in SIZES:
        event, arbiter = sized_event(players, rounds)
        counts.append(queries_of(functools.partial(_read_through, READS[name], event, arbiter)))
    assert counts[0] == counts[1], counts


def test_public_rounds_are_plain_values_with_the_boards_read_through() -> None:
    """The boards of a public round are frozen values: the players, the points before
    the round and the result in words, and the player a bye kept out."""
    event, _ = sized_event(6, 1)
    completed, in_play = round_selectors.public_rounds(event=event)
    assert (completed.in_play, in_play.in_play) == (False, True)
    board = completed.boards()[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        board.result = ""  # type: ignore[misc]  # the write a frozen value refuses
    assert board.white.pairing_number is not None
    assert (board.white_points, board.black_points) == (Fraction(0), Fraction(0))
    assert board.result_display in {"1-0", "0-1", "½-½"}
    assert [entry.kind for entry in in_play.unpaired()] == ["half-point bye"]
    assert set(in_play.results()) == {b.board for b in in_play.boards()}


def test_an_unknown_player_card_is_not_found_not_http(started: Event) -> None:
    """A pairing number no player holds: the selector says ``NotFound`` (no HTTP in the
    selectors), the card's page answers 404."""
    with pytest.raises(NotFound) as raised:
        player_selectors.player_card(event=started, pairing_number=99)
    assert not isinstance(raised.value, Http404)
    assert Client().get(f"/events/{started.slug}/players/99/").status_code == 404


def test_a_draft_round_is_not_found_not_http(started: Event, arbiter: User) -> None:
    """A round paired but not published: ``NotFound`` from the selector, 404 from its
    pairings page and its PGN."""
    _pair(started, arbiter)
    with pytest.raises(NotFound) as raised:
        round_selectors.published_round(event=started, number=1)
    assert not isinstance(raised.value, Http404)
    assert Client().get(f"/events/{started.slug}/rounds/1/").status_code == 404
    assert Client().get(f"/events/{started.slug}/rounds/1/games.pgn").status_code == 404


def test_a_round_unpublished_while_the_event_page_reads_it_is_left_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The event's page reads its rounds, then the boards of the one in view: a round
    unpublished between the two reads (``NotFound``) leaves the page without boards,
    not a server error."""
    event, _ = sized_event(6, 1)

    def gone(*, event: Event, number: int) -> round_selectors.PublicRound:
        raise NotFound("No such published round.")

    monkeypatch.setattr(round_selectors, "published_round", gone)
    assert Client().get(f"/events/{event.slug}/").status_code == 200


def test_an_unknown_board_is_not_found_not_http(started: Event) -> None:
    """A game id no board has: ``NotFound`` from the selector the result entry reads."""
    with pytest.raises(NotFound) as raised:
        round_selectors.game_board(game_id=999_999)
    assert not isinstance(raised.value, Http404)


def test_a_drafts_review_is_frozen_lines_by_bracket_with_points_and_floats(
    started: Event, arbiter: User
) -> None:
    """``draft_review`` gives every board once, on frozen lines, in runs of brackets."""
    round_ = _pair(started, arbiter)
    boards = round_selectors.round_games(round_)
    review = draft_review.draft_review(started, round_)
    lines = [line for bracket in review.brackets for line in bracket.boards]
    assert [line.board for line in lines] == [b.board for b in boards]
    assert review.points_known and all(line.white.points == 0 for line in lines)
    with pytest.raises(dataclasses.FrozenInstanceError):
        lines[0].board = 9  # type: ignore[misc]  # the write a frozen value refuses
