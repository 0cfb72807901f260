"""Reads for the round pages: published rounds, boards, the pairing's reasons."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.core.cache import cache
from django.core.cache.utils import make_template_fragment_key
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from swissweb.tournament.core.caching import cache_version
from swissweb.tournament.core.errors import NotFound, TournamentError
from swissweb.tournament.core.rating_basis import rating_of
from swissweb.tournament.models import (
    ARBITER_STEP,
    REQUEST_KIND_WORDS,
    Event,
    Game,
    RatingBasis,
    RequestKind,
    Result,
    Round,
    RoundRequest,
    RoundState,
)
from swissweb.tournament.players.rows import PlayerRow
from swissweb.tournament.rounds import engine_adapter
from swissweb.tournament.rounds.engine_door import (
    TournamentState,
    scores,
)
from swissweb.tournament.rounds.explanation_words import step_text
from swissweb.tournament.rounds.round_rows import (
    RoundResults,
    public_round_rows,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class PairedRound:
    """A published round with its boards (the PGN)."""

    number: int
    paired_at: dt.datetime
    games: tuple[GameRow, ...]


def published_rounds(*, event: Event) -> tuple[PairedRound, ...]:
    """The event's published rounds with their games and players (FIDE C.04.2 4.4: public);
    two queries, the rounds' explanations left unread."""
    rounds = list(
        event.round_set.exclude(state=RoundState.PAIRED).defer("explanation").order_by("number")
    )
    games: dict[int, list[GameRow]] = {round_.pk: [] for round_ in rounds}
    for game in (
        Game.objects.filter(round_id__in=list(games))
        .select_related("white", "black")
        .order_by("board")
    ):
        games[game.round_id].append(GameRow.of(game))
    return tuple(
        PairedRound(number=r.number, paired_at=r.paired_at, games=tuple(games[r.pk]))
        for r in rounds
    )


BOARDS_FRAGMENT = "round-pairings"
"""The ``{% cache %}`` fragment of ``partials/pairings_table.html`` that holds the boards."""


BOARD_COLUMNS = (
    "round_id", "board", "result", "white__name", "white__pairing_number", "white__rating",
    "white__national_rating", "white__title", "black__name", "black__pairing_number",
    "black__rating", "black__national_rating", "black__title",
)  # fmt: skip
"""What the pairings table shows: decoding the other columns (timestamps) cost a third.
Both ratings, for the one the event pairs on (``core.rating_basis``, #35 item 2)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Unpaired:
    """A player a request kept out of a round: a bye or a known absence (FIDE C.04.2 3.3)."""

    name: str
    pairing_number: int | None
    kind: str
    """The request in words ("half-point bye"), in the reader's language."""


def _unpaired(event: Event, rounds: dict[int, int]) -> dict[int, list[Unpaired]]:
    """The players not paired in each round by a request (FIDE C.04.2 Article 3), by round id;
    ``rounds`` maps round numbers to round ids.  One query."""
    found: dict[int, list[Unpaired]] = {pk: [] for pk in rounds.values()}
    requests = (
        RoundRequest.objects.filter(player__event=event, round_number__in=list(rounds))
        .select_related("player")
        .only("round_number", "kind", "player__name", "player__pairing_number")
        .order_by("round_number", "player__pairing_number", "player__name")
    )
    for request in requests:
        found[rounds[request.round_number]].append(
            Unpaired(
                name=request.player.name,
                pairing_number=request.player.pairing_number,
                kind=str(REQUEST_KIND_WORDS[RequestKind(request.kind)]),
            )
        )
    return found


def round_unpaired(event: Event, round_: Round) -> tuple[Unpaired, ...]:
    """The players a bye or a known absence kept out of ``round_`` of ``event`` (Dutch
    F5), by pairing number, for the printed pairings (one query)."""
    return tuple(_unpaired(event, {round_.number: round_.pk})[round_.pk])


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardPlayer:
    """A player as the pairings table shows one (the model's names, for the template)."""

    name: str
    pairing_number: int | None
    rating: int
    """The rating the event pairs on (``core.rating_basis``), 0 when unrated."""
    title: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Board:
    """One board of a public round, ready to print."""

    board: int
    result: str
    """The ``Result`` value ("" while the game is in play)."""
    result_display: str
    """The result in words, in the reader's language."""
    is_bye: bool
    """The pairing-allocated bye: no black player."""
    white: BoardPlayer
    black: BoardPlayer | None
    white_points: Fraction | None
    black_points: Fraction | None
    """Each player's points before the round (``None``: not known, a correction pending)."""


def _board_player(
    basis: str, name: str, number: int | None, rating: int, national: int, title: str
) -> BoardPlayer:
    """A player of a board, rated as the event with ``basis`` pairs (#35 item 2)."""
    return BoardPlayer(
        name=name,
        pairing_number=number,
        rating=rating_of(basis, fide=rating, national=national),
        title=title,
    )


class _LazyBoards:
    """The boards of public rounds, read when a template first needs one round's boards.

    Then one query reads the boards of every round whose ``{% cache %}`` fragment (named
    ``BOARDS_FRAGMENT``, varying on the round's pk, ``cache_version`` and the reader's
    language) is not cached, so a cold cache costs one query and a warm one none (#10).
    """

    def __init__(self, event: Event, rounds: list[Round], version: str) -> None:
        self.event = event
        self.rounds = rounds
        self.version = version
        self.games: dict[int, tuple[Board, ...]] = {}
        self.unpaired: dict[int, list[Unpaired]] = {}
        self.state: TournamentState | None = None
        self.state_read = False

    def _load(self, round_ids: list[int]) -> None:
        rows = (
            Game.objects.filter(round_id__in=round_ids)
            .order_by("board")
            .values_list(*BOARD_COLUMNS)
        )
        boards: dict[int, list[Board]] = {round_id: [] for round_id in round_ids}
        numbers = {r.pk: r.number for r in self.rounds}
        before = {round_id: self._points_before(numbers[round_id]) for round_id in round_ids}
        labels = dict(Result.choices)
        basis = self.event.rating_basis
        for round_id, board, result, *players in rows:
            points = before[round_id]
            # name, pairing number, FIDE rating, national rating, title of each side
            white, black_columns = players[:5], players[5:]
            b_number = black_columns[1]
            black = _board_player(basis, *black_columns) if black_columns[0] is not None else None
            boards[round_id].append(
                Board(
                    board=board,
                    result=result,
                    result_display=str(labels.get(result, result)),
                    is_bye=black is None,
                    white=_board_player(basis, *white),
                    black=black,
                    white_points=points.get(white[1] or 0),
                    black_points=points.get(b_number or 0) if black else None,
                )
            )
        self.games.update((round_id, tuple(found)) for round_id, found in boards.items())
        # The players a bye or an absence kept out of these rounds, named under the
        # boards: one more query, on a cold cache only.
        ids = {r.number: r.pk for r in self.rounds if r.pk in round_ids}
        self.unpaired.update(_unpaired(self.event, ids))

    def _points_before(self, number: int) -> dict[int, Fraction]:
        """Every player's points before round ``number`` from the completed rounds, by
        pairing number; empty while an earlier round lacks a result (a correction).
        Each player's points before the round show beside the name: one state for every
        round (on a cold cache only)."""

        if not self.state_read:
            self.state_read = True
            try:
                self.state = engine_adapter.completed_state(self.event)
            except TournamentError:
                self.state = None
        if self.state is None or number - 1 > self.state.rounds_completed:
            return {}
        worth = self.state.points.points_for
        return {
            int(p.pairing_number): Fraction(
                sum(worth(r.outcome) for r in p.history[: number - 1]), 2
            )
            for p in self.state.players
        }

    def of(self, round_id: int) -> tuple[Board, ...]:
        """The boards of round ``round_id``, read with those of every round whose
        fragment is not cached."""
        if round_id not in self.games:
            keys = {
                r.pk: make_template_fragment_key(
                    BOARDS_FRAGMENT, [r.pk, self.version, get_language()]
                )
                for r in self.rounds
            }
            cached = cache.get_many(list(keys.values()))
            missing = [pk for pk, key in keys.items() if key not in cached and pk not in self.games]
            self._load(sorted({*missing, round_id}))
        return self.games[round_id]

    def unpaired_of(self, round_id: int) -> tuple[Unpaired, ...]:
        """The players not paired in round ``round_id`` by their own or the arbiter's
        request; read with its boards (``of`` runs first in the template's fragment)."""
        if round_id not in self.unpaired:
            self._load([round_id])
        return tuple(self.unpaired[round_id])


@dataclass(frozen=True, slots=True, kw_only=True)
class PublicRound:
    """A published round as its public pages show it.

    The boards, the players not paired and the results in play are functions, called
    when a template first needs them (a template calls a callable it is given): a page
    whose cached fragments hold the boards reads none of them (``_LazyBoards``, #10).
    """

    pk: int
    number: int
    state: str
    in_play: bool
    """True while the round still has boards without a result."""
    cache_version: str
    """The boards' fragment key: they change with the standings only; a round in play's
    results are filled in at each render (``round_rows.RoundResults``, #31)."""
    boards: Callable[[], tuple[Board, ...]]
    unpaired: Callable[[], tuple[Unpaired, ...]]
    results: Callable[[], dict[int, str]]
    """The results of a round in play by board (``{% fill_results %}``)."""


def public_rounds(*, event: Event, number: int | None = None) -> tuple[PublicRound, ...]:
    """Published rounds (or round ``number``), their boards read only for rounds whose
    cached fragment is missing (``_LazyBoards``): the rows from the cache, then at most
    one query for the boards, one for the players not paired, four for the points before
    each round, one for the results in play, whatever the size of the event.
    """

    rows = public_round_rows(event)
    if number is not None:
        rows = [r for r in rows if r.number == number]
    version = cache_version(event)
    boards = _LazyBoards(event, rows, version)
    results = RoundResults(rows, boards.games)
    return tuple(
        PublicRound(
            pk=row.pk,
            number=row.number,
            state=row.state,
            in_play=row.state == RoundState.PUBLISHED,
            cache_version=version,
            boards=functools.partial(boards.of, row.pk),
            unpaired=functools.partial(boards.unpaired_of, row.pk),
            results=functools.partial(results.of, row.pk),
        )
        for row in rows
    )


def round_in_view(rounds: tuple[PublicRound, ...]) -> PublicRound | None:
    """The round an event's page shows (#34): the last one in play, else the last one
    published; ``None`` before round 1 is published."""
    in_play = [r for r in rounds if r.in_play]
    return in_play[-1] if in_play else (rounds[-1] if rounds else None)


def public_round_numbers(*, event: Event) -> tuple[int, ...]:
    """The numbers of the event's published rounds, in order (from the cache of
    ``public_round_rows``): a round's page links the one before and the one after."""
    return tuple(row.number for row in public_round_rows(event))


def step_rule(step: dict[str, Any]) -> str:
    """The rule a step of a round's explanation applies: the engine's by its name
    ("Dutch A3"), the arbiter's own edits named in the reader's language."""
    return _("Arbiter") if step["rule"] == ARBITER_STEP else str(step["rule"])


def step_line(step: dict[str, Any]) -> str:
    """One step of a round's explanation as a line, "rule: text", in the reader's language."""
    return f"{step_rule(step)}: {step_text(step)}"


def published_round(*, event: Event, number: int) -> PublicRound:
    """One published round with lazy ``boards`` (``public_rounds``).

    :raises NotFound: no round ``number``, or only its draft.
    """

    rounds = public_rounds(event=event, number=number)
    if not rounds:
        raise NotFound("No such published round.")
    return rounds[0]


@dataclass(frozen=True, slots=True, kw_only=True)
class GameRow:
    """One board of a round with both players: the arbiter's pages, the PGN (the model's
    names, for the templates)."""

    pk: int
    board: int
    version: int
    """The game's version, which a result entered must name (``StaleEdit``)."""
    result: str
    result_display: str
    """The result in words, in the reader's language."""
    is_bye: bool
    white: PlayerRow
    black: PlayerRow | None

    @classmethod
    def of(cls, game: Game, basis: str = RatingBasis.FIDE) -> GameRow:
        """The board of a game read with both players (no further query), each ranked on
        the rating ``basis`` chooses (``PlayerRow.ranked_rating``)."""
        return cls(
            pk=game.pk,
            board=game.board,
            version=game.version,
            result=game.result,
            result_display=str(game.get_result_display()),
            is_bye=game.black_id is None,
            white=PlayerRow.of(game.white, basis),
            black=PlayerRow.of(game.black, basis) if game.black is not None else None,
        )


def round_games(round_: Round, basis: str = RatingBasis.FIDE) -> tuple[GameRow, ...]:
    """A round's boards with both players, in board order (one query); ``basis``: the
    event's rating basis, for each player's ``ranked_rating``."""
    games = round_.games.select_related("white", "black").order_by("board")
    return tuple(GameRow.of(game, basis) for game in games)


def game_board(*, game_id: int) -> GameRow:
    """One board by its game's id, with both players (one query).

    :raises NotFound: no such game.
    """
    game = Game.objects.select_related("white", "black").filter(pk=game_id).first()
    if game is None:
        raise NotFound("No such board.")
    return GameRow.of(game)


def points_before(*, event: Event, number: int) -> dict[int, Fraction] | None:
    """Every player's points before round ``number``, by pairing number (four queries,
    whatever the size); ``None`` while an earlier round lacks a result (a correction)."""

    try:
        state = engine_adapter.state_for_round(event, number)
    except TournamentError:
        return None
    return {int(pn): Fraction(points, 2) for pn, points in scores(state).items()}


def correction_notice(*, event: Event, number: int, last: int, draft: bool = False) -> str:
    """What correcting a result of round ``number`` changes, for the arbiter to confirm.

    A result counts in the standings at once; the rounds paired already keep their
    pairings, and the corrected result is used from the next round paired on.  ``draft``:
    the last round (``last``) is a draft, which the correction would leave stale, so
    ``result_services.result_record`` refuses until it is deleted.
    """
    if draft and last > number:
        return _(
            "The draft of round %(last)s was paired on these results: delete it before "
            "correcting a result of round %(number)s."
        ) % {"last": last, "number": number}
    standings = _(
        "The standings change at once (after round %(number)s and every later round)."
    ) % {"number": number}
    values = {"number": number, "next": number + 1, "last": last, "after": last + 1}
    if last <= number:
        if last >= event.rounds:
            then = _("This is the last round: no pairing depends on it.")
        else:
            then = _("Round %(next)s, not paired yet, will be paired on it.")
    elif last == number + 1 and last >= event.rounds:
        then = _("Round %(last)s, paired already, keeps its pairings; no round is left to pair.")
    elif last == number + 1:
        then = _(
            "Round %(last)s, paired already, keeps its pairings; pairings use the corrected "
            "result from round %(after)s on."
        )
    elif last >= event.rounds:
        then = _(
            "Rounds %(next)s-%(last)s, paired already, keep their pairings; no round is left "
            "to pair."
        )
    else:
        then = _(
            "Rounds %(next)s-%(last)s, paired already, keep their pairings; pairings use the "
            "corrected result from round %(after)s on."
        )
    # Translators: two sentences: what the standings do, then what the rounds do.
    return _("%(standings)s %(then)s") % {"standings": standings, "then": then % values}
