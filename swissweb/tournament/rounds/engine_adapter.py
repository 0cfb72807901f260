"""The only module that converts between ORM rows and the engine's dataclasses.

Models to engine values: ``state_for_round`` builds the
:class:`~pairing.engine.model.TournamentState` that pairs round ``n`` from the games of
rounds ``1 .. n-1`` and the requests for round ``n`` (``completed_state`` after the last
completed round, ``state_with_absent`` for a redraw); ``round_pairing`` gives a round's
saved boards as a ``RoundPairing``; ``paired_rounds`` every player's record in every
round paired so far, the round in play and a draft included (for the export);
``engine_player``, ``point_system``, ``initial_colour``, ``pairing_options``,
``request_kind``, ``initial_order`` and ``imaginary_points`` the rest.

Engine values to models: ``pairing_games`` (a pairing's boards as games),
``explanation_json`` (its reasons as a round stores them), ``point_fields``,
``model_initial_colour``, ``model_title`` and ``model_request_kind`` (for an import).
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

from django.utils.translation import gettext as _

from swissweb.tournament import models
from swissweb.tournament.core.errors import EventNotStarted, ResultsIncomplete
from swissweb.tournament.core.rating_basis import pairing_rating
from swissweb.tournament.rounds.engine_door import (
    AcceleratedPoints,
    Board,
    Colour,
    EnginePlayer,
    EngineTitle,
    Explanation,
    GameRecord,
    Outcome,
    PairingNumber,
    PairingOptions,
    Points,
    PointSystem,
    RoundPairing,
    RoundRequest,
    TournamentState,
    UnplayedRounds,
    accelerated_points,
    acceleration_of,
    message_json,
    option_specs,
    rules_for,
    unplayed_rounds_for,
)
from swissweb.tournament.rounds.engine_door import RequestKind as EngineRequestKind
from swissweb.tournament.rounds.engine_makers import game_record, player_maker
from swissweb.tournament.rounds.player_columns import PlayerFacts, event_players

RESULT_OUTCOMES: dict[str, tuple[Outcome, Outcome | None]] = {
    models.Result.WHITE_WINS: (Outcome.WIN, Outcome.LOSS),
    models.Result.BLACK_WINS: (Outcome.LOSS, Outcome.WIN),
    models.Result.DRAW: (Outcome.DRAW, Outcome.DRAW),
    models.Result.ADJOURNED: (Outcome.ADJOURNED, Outcome.ADJOURNED),
    models.Result.WHITE_WINS_FORFEIT: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    models.Result.BLACK_WINS_FORFEIT: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    models.Result.DOUBLE_FORFEIT: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
    models.Result.PAIRING_BYE: (Outcome.PAIRING_ALLOCATED_BYE, None),
}
"""White's and black's outcome for each result (FIDE C.04.2 3.4-3.5: forfeits are not played)."""

ENGINE_TITLES = {
    "GM": EngineTitle.GM,
    "WGM": EngineTitle.WGM,
    "IM": EngineTitle.IM,
    "WIM": EngineTitle.WIM,
    "FM": EngineTitle.FM,
    "WFM": EngineTitle.WFM,
    "CM": EngineTitle.CM,
    "WCM": EngineTitle.WCM,
    "": EngineTitle.NONE,
}


def point_system(event: models.Event) -> PointSystem:
    """The event's point values (half-points) as the engine's ``PointSystem``."""
    return PointSystem(
        win=Points(event.points_win),
        draw=Points(event.points_draw),
        loss=Points(event.points_loss),
        forfeit_win=Points(event.points_forfeit_win),
        forfeit_loss=Points(event.points_forfeit_loss),
        pairing_allocated_bye=Points(event.points_pairing_bye),
        full_point_bye=Points(event.points_full_bye),
        half_point_bye=Points(event.points_half_bye),
        zero_point_bye=Points(0),
    )


def tiebreak_rules(event: models.Event) -> UnplayedRounds:
    """The text of C.07 that counts unplayed rounds in the event's standings: the one the
    event names, else the one in force on its start date (Article 16.4 changed on 1 March
    2026)."""
    if event.tiebreak_rules:
        return UnplayedRounds(event.tiebreak_rules)
    return unplayed_rounds_for(event.start_date)


def initial_colour(event: models.Event) -> Colour | None:
    """The top seed's colour in round 1, ``None`` when drawn by lot."""
    return {
        models.InitialColour.WHITE: Colour.WHITE,
        models.InitialColour.BLACK: Colour.BLACK,
    }.get(models.InitialColour(event.initial_colour))


def point_fields(points: PointSystem) -> dict[str, Points]:
    """The ``Event`` point fields of an engine point system (the inverse of
    :func:`point_system`; an event's zero-point bye is worth 0)."""
    return {
        "points_win": points.win,
        "points_draw": points.draw,
        "points_loss": points.loss,
        "points_forfeit_win": points.forfeit_win,
        "points_forfeit_loss": points.forfeit_loss,
        "points_pairing_bye": points.pairing_allocated_bye,
        "points_full_bye": points.full_point_bye,
        "points_half_bye": points.half_point_bye,
    }


def model_initial_colour(colour: Colour | None) -> str:
    """The ``Event.initial_colour`` of the top seed's colour in round 1 (``None``: by lot)."""
    if colour is None:
        return models.InitialColour.LOT.value
    initial = {Colour.WHITE: models.InitialColour.WHITE, Colour.BLACK: models.InitialColour.BLACK}
    return initial[colour].value


def initial_order(event: models.Event, players: list[models.Player]) -> list[models.Player]:
    """The players in the order the event's system gives pairing numbers (FIDE C.04.2 Article 2,
    Lim 7).

    The players are numbered 1..n in primary-key (entry) order for the engine, whose
    order breaks its last ties by that number; lots are drawn from the event's seed.
    """
    ordered = sorted(players, key=lambda p: p.pk)
    entry = {PairingNumber(index): player for index, player in enumerate(ordered, start=1)}
    order = rules_for(event.system).initial_order(
        [
            EnginePlayer(
                pairing_number=number,
                name=player.name,
                rating=pairing_rating(event.rating_basis, player),
                title=ENGINE_TITLES.get(player.title, EngineTitle.NONE),
            )
            for number, player in entry.items()
        ],
        seed=event.lots_seed,
    )
    return [entry[number] for number in order]


def imaginary_points(
    event: models.Event, rank: dict[int, int], players: Iterable[models.Player]
) -> tuple[AcceleratedPoints, ...]:
    """The event's imaginary points when its acceleration option is on: Baku's (FIDE
    C.04.7) for the Dutch system of 2026, else those of rounds 1 and 2 (SB 3).

    The initial list is the players who take part in round 1 (the engine's
    ``round_1_participants``): once round 1 is paired, those on its boards or with a bye
    asked for it; before, those not withdrawn and not known to be absent.  Baku's group
    A is counted among the players paired in round 1 only (on its boards; before, those
    not withdrawn and with no request for it), so that a late entry never moves its
    last player (C.04.7 1.3, late entries).  ``rank`` gives each player's number in the
    export; for pairing only, written as ``XXA`` lines and never added to a score.
    """
    if not event.acceleration:
        return ()
    players = list(players)
    requests = {
        r.player_id: r.kind
        for r in models.RoundRequest.objects.filter(player__event=event, round_number=1)
    }
    round_1 = event.round_set.filter(number=1).first()
    if round_1 is not None:
        on_boards = {
            pk
            for game in round_1.games.all()
            for pk in (game.white_id, game.black_id)
            if pk is not None
        }
        taking_part = on_boards | {
            pk for pk, kind in requests.items() if kind != models.RequestKind.ABSENT
        }
    else:
        on_boards = {p.pk for p in players if p.withdrawn_after_round != 0 and p.pk not in requests}
        taking_part = {
            p.pk
            for p in players
            if p.withdrawn_after_round != 0 and requests.get(p.pk) != models.RequestKind.ABSENT
        }
    if rules_for(event.system).acceleration is not None:
        # The system's own acceleration (Baku's, C.04.7, for the Dutch system of 2026):
        # computed from the players by pairing number and the planned rounds, as for
        # round 1, the players not paired in it known to be absent.
        field = TournamentState(
            players=tuple(
                EnginePlayer(
                    pairing_number=PairingNumber(rank[p.pk]),
                    rating=pairing_rating(event.rating_basis, p),
                )
                for p in players
            ),
            rounds_completed=0,
            total_rounds=event.rounds,
            points=point_system(event),
            requests=tuple(
                RoundRequest(
                    pairing_number=PairingNumber(rank[p.pk]), kind=EngineRequestKind.ABSENT
                )
                for p in players
                if p.pk not in on_boards
            ),
            options=PairingOptions(acceleration=True),
        )
        return acceleration_of(field, event.system)
    engine_players = [
        EnginePlayer(
            pairing_number=PairingNumber(rank[p.pk]), rating=pairing_rating(event.rating_basis, p)
        )
        for p in players
        if p.pk in taking_part
    ]
    return accelerated_points(engine_players, point_system(event))


def pairing_options(event: models.Event) -> PairingOptions:
    """The event's options as the engine's ``PairingOptions``: acceleration, and every
    system option that differs from its declared default (``option_specs``)."""
    values = {
        spec.name: value for spec in option_specs() if (value := event.option(spec)) != spec.default
    }
    return PairingOptions(acceleration=event.acceleration, **values)


def _game_records(
    number: int,
    result: str,
    white_id: int,
    black_id: int | None,
    numbers: Mapping[int, PairingNumber],
) -> list[tuple[PairingNumber, GameRecord]]:
    """The records a board of round ``number`` with a result gives its white and black
    (one for the bye); the board by its columns, as ``values_list`` reads them."""
    white_outcome, black_outcome = RESULT_OUTCOMES[result]
    white = numbers[white_id]
    black = numbers[black_id] if black_id is not None else None
    records = [
        (
            white,
            GameRecord(
                round_number=number,
                opponent=black,
                colour=Colour.WHITE if black is not None else None,
                outcome=white_outcome,
            ),
        )
    ]
    if black is not None and black_outcome is not None:
        records.append(
            (
                black,
                GameRecord(
                    round_number=number, opponent=white, colour=Colour.BLACK, outcome=black_outcome
                ),
            )
        )
    return records


UNPAIRED_OUTCOMES = {
    models.RequestKind.HALF_POINT_BYE: Outcome.HALF_POINT_BYE,
    models.RequestKind.FULL_POINT_BYE: Outcome.FULL_POINT_BYE,
    models.RequestKind.ABSENT: Outcome.ZERO_POINT_BYE,
}
"""The outcome of a round without a board for each kind of request (FIDE C.04.2 Article 3)."""


def _unpaired(round_number: int, kind: str | None) -> GameRecord:
    """The record of a round without a board: the bye recorded for it, else absent.

    A bye is not a game played (FIDE C.04.2 3.4-3.5): the engine counts it for the score only.
    """
    outcome = (
        Outcome.ZERO_POINT_BYE if kind is None else UNPAIRED_OUTCOMES[models.RequestKind(kind)]
    )
    return GameRecord(round_number=round_number, opponent=None, colour=None, outcome=outcome)


GameRow = tuple[int, int, str, int, int | None]
"""A board as ``state_for_round`` reads it: round number, board, result, white's and
black's ids (black None for the bye)."""


def _records(
    games: Iterable[GameRow],
    requests: Iterable[models.RoundRequest],
    numbers: dict[int, PairingNumber],
    rounds_completed: int,
) -> dict[PairingNumber, list[GameRecord]]:
    """Every player's record per completed round; no board means a bye or an absence."""
    # Each player's rounds as a list filled in place, not a dict per round read again
    # for each player and round: a standings reads 11,000 boards (#35).
    slots: dict[PairingNumber, list[GameRecord | None]] = {
        number: [None] * rounds_completed for number in numbers.values()
    }
    white_colour, black_colour, make = Colour.WHITE, Colour.BLACK, game_record
    for number, board, result, white_id, black_id in games:
        if result == models.Result.NOT_PLAYED_YET:
            raise ResultsIncomplete(
                _("Round %(number)d, board %(board)d has no result yet.")
                % {"number": number, "board": board}
            )
        # _game_records' records, made here without its lists.
        white_outcome, black_outcome = RESULT_OUTCOMES[result]
        white = numbers[white_id]
        index = number - 1
        if black_id is None:
            slots[white][index] = make(number, None, None, white_outcome)
            continue
        black = numbers[black_id]
        slots[white][index] = make(number, black, white_colour, white_outcome)
        if black_outcome is not None:
            slots[black][index] = make(number, white, black_colour, black_outcome)
    requested = {(r.player_id, r.round_number): r.kind for r in requests}
    return {
        number: [
            record
            if record is not None
            else _unpaired(round_number, requested.get((player_id, round_number)))
            for round_number, record in enumerate(slots[number], start=1)
        ]
        for player_id, number in numbers.items()
    }


def paired_rounds(
    rounds: Iterable[models.Round],
    games: Iterable[models.Game],
    requests: Iterable[models.RoundRequest],
    numbers: Mapping[int, int],
) -> dict[int, tuple[GameRecord | None, ...]]:
    """Every player's record in each of ``rounds`` (paired so far, in play and draft too).

    By primary key, one record per round in the order given: ``None`` for a board without
    a result yet; a round without a board is the bye recorded for it, else an absence.
    ``numbers`` gives each player's number (pairing number, or entry order before the
    start); ``games`` are those of ``rounds`` with their round.
    """
    pairing_numbers = {pk: PairingNumber(number) for pk, number in numbers.items()}
    by_round: dict[int, dict[PairingNumber, GameRecord | None]] = defaultdict(dict)
    for game in games:
        if game.result == models.Result.NOT_PLAYED_YET:
            for pk in (game.white_id, game.black_id):
                if pk is not None:
                    by_round[game.round.number][pairing_numbers[pk]] = None
        else:
            by_round[game.round.number].update(
                _game_records(
                    game.round.number, game.result, game.white_id, game.black_id, pairing_numbers
                )
            )
    requested = {(r.player_id, r.round_number): r.kind for r in requests}
    numbered = [r.number for r in rounds]
    return {
        pk: tuple(
            by_round[n][number] if number in by_round[n] else _unpaired(n, requested.get((pk, n)))
            for n in numbered
        )
        for pk, number in pairing_numbers.items()
    }


def engine_player(
    player: PlayerFacts,
    number: int,
    basis: str = models.RatingBasis.FIDE,
    *,
    withdrawn: bool = False,
    history: tuple[GameRecord, ...] = (),
) -> EnginePlayer:
    """A player's identity and ranking data for the engine, numbered ``number``, rated
    as an event pairing on ``basis`` rates them (the FIDE rating by default: the TRF
    player lines FIDE reads), with the rounds so far (``history``) when given; made
    without ``__init__`` (``engine_makers``: a state holds thousands)."""
    return player_maker(
        PairingNumber(number),
        player.name,
        pairing_rating(basis, player),
        ENGINE_TITLES.get(player.title, EngineTitle.NONE),
        player.club,
        player.top_player,
        player.federation,
        player.area,
        withdrawn,
        history,
    )


REQUEST_KINDS = {
    models.RequestKind.HALF_POINT_BYE: EngineRequestKind.HALF_POINT_BYE,
    models.RequestKind.FULL_POINT_BYE: EngineRequestKind.FULL_POINT_BYE,
    models.RequestKind.ABSENT: EngineRequestKind.ABSENT,
}
"""The engine's request for each kind of request a player can make."""


def request_kind(kind: str) -> EngineRequestKind:
    """The engine's request for a ``RoundRequest.kind``."""
    return REQUEST_KINDS[models.RequestKind(kind)]


def model_request_kind(kind: EngineRequestKind) -> str:
    """The ``RoundRequest.kind`` of an engine request."""
    return {engine: model for model, engine in REQUEST_KINDS.items()}[kind].value


def model_title(title: EngineTitle) -> str:
    """The ``Player.title`` of an engine title (``""`` for none)."""
    return models.Title[title.name].value


def state_for_round(
    event: models.Event, round_number: int, *, players: Sequence[PlayerFacts] | None = None
) -> TournamentState:
    """The engine's snapshot for pairing ``round_number`` of ``event``; ``players`` are
    the event's players when the caller has read them already (``event.players.all()``),
    else their columns are read (``player_columns``).

    :raises EventNotStarted: a player has no pairing number.
    :raises ResultsIncomplete: an earlier round has a board without a result.
    """
    if players is None:
        players = event_players(event)
    if any(p.pairing_number is None for p in players) or not players:
        raise EventNotStarted(_("Start the event first: pairing numbers are not assigned."))
    numbers = {p.pk: PairingNumber(p.pairing_number) for p in players if p.pairing_number}
    rounds_completed = round_number - 1
    # Only the columns the records need, as tuples: the round's explanation (JSON, a
    # few kB per round) would otherwise be decoded once per game (#10), and a model
    # instance per game and round took a third of a large standings' time (#35).
    games = models.Game.objects.filter(
        round__event=event, round__number__lte=rounds_completed
    ).values_list("round__number", "board", "result", "white_id", "black_id")
    requests = list(models.RoundRequest.objects.filter(player__event=event))
    history = _records(games, requests, numbers, rounds_completed)
    engine_players = tuple(
        engine_player(
            p,
            numbers[p.pk],
            event.rating_basis,
            withdrawn=p.withdrawn_after_round is not None
            and p.withdrawn_after_round < round_number,
            history=tuple(history[numbers[p.pk]]),
        )
        for p in players
    )
    withdrawn = {p.pairing_number for p in engine_players if p.withdrawn}
    round_requests = tuple(
        RoundRequest(pairing_number=numbers[r.player_id], kind=request_kind(r.kind))
        for r in requests
        if r.round_number == round_number
        and r.player_id in numbers
        and numbers[r.player_id] not in withdrawn
    )
    forbidden = frozenset(
        frozenset({numbers[f.first_id], numbers[f.second_id]}) for f in event.forbidden_pairs.all()
    )
    return TournamentState(
        players=engine_players,
        rounds_completed=rounds_completed,
        total_rounds=event.rounds,
        points=point_system(event),
        requests=round_requests,
        forbidden_pairs=forbidden,
        initial_colour=initial_colour(event),
        options=pairing_options(event),
        start_date=event.start_date,
    )


def last_completed_round(event: models.Event) -> int:
    """The number of the last round whose every board has a result (0 before round 1)."""
    completed = 0
    for number, state in event.round_set.order_by("number").values_list("number", "state"):
        if state != models.RoundState.COMPLETED:
            break
        completed = number
    return completed


def completed_state(
    event: models.Event, *, players: Sequence[PlayerFacts] | None = None
) -> TournamentState:
    """The engine's view of the event after its last completed round (``players`` as
    ``state_for_round`` takes them)."""
    return state_for_round(event, last_completed_round(event) + 1, players=players)


def state_with_absent(round_: models.Round, absent: Iterable[models.Player]) -> TournamentState:
    """The state that paired ``round_``, with ``absent`` players known to be absent too.

    For redrawing a published round (ESCA 25): a player who already has a request for the
    round keeps it.
    """
    state = state_for_round(round_.event, round_.number)
    extra = tuple(
        RoundRequest(pairing_number=PairingNumber(p.pairing_number), kind=EngineRequestKind.ABSENT)
        for p in absent
        if p.pairing_number is not None
    )
    known = {r.pairing_number for r in state.requests}
    return dataclasses.replace(
        state, requests=state.requests + tuple(r for r in extra if r.pairing_number not in known)
    )


def round_pairing(round_: models.Round, *, renumbered: bool = False) -> RoundPairing:
    """The round's saved boards as the engine's ``RoundPairing``.

    Boards keep their saved numbers; ``renumbered`` numbers them 1, 2, ... in board order
    instead, the bye left out (as the legality checker and the warnings are given them).
    """
    boards: list[Board] = []
    bye = None
    # Seated players have pairing numbers: given at the start, before any round.
    for game in round_.games.select_related("white", "black").order_by("board"):
        if game.black is None:
            bye = cast(PairingNumber, game.white.pairing_number)
            continue
        boards.append(
            Board(
                number=len(boards) + 1 if renumbered else game.board,
                white=cast(PairingNumber, game.white.pairing_number),
                black=cast(PairingNumber, game.black.pairing_number),
            )
        )
    return RoundPairing(round_number=round_.number, boards=tuple(boards), pairing_allocated_bye=bye)


def pairing_games(
    round_: models.Round,
    pairing: RoundPairing,
    players: Mapping[int, models.Player],
    *,
    renumbered: bool = False,
) -> list[models.Game]:
    """The boards of an engine pairing as unsaved games of ``round_``, the bye last.

    ``players`` by pairing number.  Boards keep the engine's numbers, the bye the next
    one; ``renumbered`` numbers them 1, 2, ... in the pairing's order.  A board has no
    result yet; the bye has its own.
    """
    games = [
        models.Game(
            round=round_,
            board=index if renumbered else board.number,
            white=players[board.white],
            black=players[board.black],
        )
        for index, board in enumerate(pairing.boards, start=1)
    ]
    if pairing.pairing_allocated_bye is not None:
        games.append(
            models.Game(
                round=round_,
                board=len(pairing.boards) + 1,
                white=players[pairing.pairing_allocated_bye],
                result=models.Result.PAIRING_BYE,
            )
        )
    return games


def explanation_json(explanation: Iterable[Explanation]) -> list[dict[str, Any]]:
    """The engine's reasons for a pairing as a round stores them (``Round.explanation``):
    each step's rule, English text and players, and its message code and values when the
    engine worded it (shown in the reader's language, ``explanation_words``)."""
    steps: list[dict[str, Any]] = []
    for item in explanation:
        step: dict[str, Any] = {"rule": item.rule, "text": item.text, "players": list(item.players)}
        if item.words is not None:
            step.update(message_json(item.words))
        steps.append(step)
    return steps
