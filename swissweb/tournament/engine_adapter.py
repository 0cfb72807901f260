"""The only module that converts between ORM rows and the engine's dataclasses.

``state_for_round`` builds the :class:`~pairing.engine.model.TournamentState` that pairs
round ``n`` from the games of rounds ``1 .. n-1`` and the requests for round ``n``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from pairing.engine import rules_for
from pairing.engine.acceleration import accelerated_points
from pairing.engine.model import (
    AcceleratedPoints,
    Colour,
    GameRecord,
    Outcome,
    PairingNumber,
    PairingOptions,
    Points,
    PointSystem,
    Round1Separation,
    RoundRequest,
    TournamentState,
)
from pairing.engine.model import Player as EnginePlayer
from pairing.engine.model import RequestKind as EngineRequestKind
from pairing.engine.model import Title as EngineTitle

from . import models
from .errors import EventNotStarted, ResultsIncomplete

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
"""White's and black's outcome for each result (Dutch F2: forfeits are not played)."""

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
        full_point_bye=Points(event.points_win),
        half_point_bye=Points(event.points_half_bye),
        zero_point_bye=Points(0),
    )


def initial_colour(event: models.Event) -> Colour | None:
    """The top seed's colour in round 1, ``None`` when drawn by lot."""
    return {
        models.InitialColour.WHITE: Colour.WHITE,
        models.InitialColour.BLACK: Colour.BLACK,
    }.get(models.InitialColour(event.initial_colour))


def initial_order(event: models.Event, players: list[models.Player]) -> list[models.Player]:
    """The players in the order the event's system gives pairing numbers (Dutch A2, Lim 7).

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
                rating=player.rating,
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
    """The event's imaginary points of rounds 1 and 2 (SB 3) when its option is on.

    The initial list is the players who take part in round 1 (the engine's
    ``round_1_participants``): once round 1 is paired, those on its boards or with a bye
    asked for it; before, those not withdrawn and not known to be absent.  ``rank``
    gives each player's number in the export; for pairing only, written as ``XXA`` lines
    and never added to a score.
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
        taking_part = {
            pk
            for game in round_1.games.all()
            for pk in (game.white_id, game.black_id)
            if pk is not None
        } | {pk for pk, kind in requests.items() if kind != models.RequestKind.ABSENT}
    else:
        taking_part = {
            p.pk
            for p in players
            if p.withdrawn_after_round != 0 and requests.get(p.pk) != models.RequestKind.ABSENT
        }
    engine_players = [
        EnginePlayer(pairing_number=PairingNumber(rank[p.pk]), rating=p.rating)
        for p in players
        if p.pk in taking_part
    ]
    return accelerated_points(engine_players, point_system(event))


def pairing_options(event: models.Event) -> PairingOptions:
    """The event's system options as the engine's ``PairingOptions``."""
    separation = {
        Round1Separation.AREA: event.esca_round1_area,
        Round1Separation.FEDERATION: event.esca_round1_federation,
    }
    return PairingOptions(
        acceleration=event.acceleration,
        lim_maxi=event.lim_maxi,
        esca_random=event.esca_random,
        esca_round1_separation=frozenset(kind for kind, on in separation.items() if on),
        esca_avoid_half_bye_pairs=event.esca_avoid_half_bye_pairs,
        esca_avoid_defaulted_rematch=event.esca_avoid_defaulted_rematch,
    )


def _records(
    games: Iterable[models.Game],
    requests: Iterable[models.RoundRequest],
    numbers: dict[int, PairingNumber],
    rounds_completed: int,
) -> dict[PairingNumber, list[GameRecord]]:
    """Every player's record per completed round; no board means a bye or an absence."""
    by_round: dict[int, dict[PairingNumber, GameRecord]] = defaultdict(dict)
    for game in games:
        number = game.round.number
        if game.result == models.Result.NOT_PLAYED_YET:
            raise ResultsIncomplete(f"Round {number}, board {game.board} has no result yet.")
        white_outcome, black_outcome = RESULT_OUTCOMES[game.result]
        white = numbers[game.white_id]
        black = numbers[game.black_id] if game.black_id is not None else None
        by_round[number][white] = GameRecord(
            round_number=number,
            opponent=black,
            colour=Colour.WHITE if black is not None else None,
            outcome=white_outcome,
        )
        if black is not None and black_outcome is not None:
            by_round[number][black] = GameRecord(
                round_number=number, opponent=white, colour=Colour.BLACK, outcome=black_outcome
            )
    requested = {(r.player_id, r.round_number): r.kind for r in requests}
    history: dict[PairingNumber, list[GameRecord]] = {}
    for player_id, number in numbers.items():
        records = []
        for round_number in range(1, rounds_completed + 1):
            record = by_round[round_number].get(number)
            if record is None:
                kind = requested.get((player_id, round_number))
                outcome = (
                    Outcome.HALF_POINT_BYE
                    if kind == models.RequestKind.HALF_POINT_BYE
                    else Outcome.ZERO_POINT_BYE
                )
                record = GameRecord(
                    round_number=round_number, opponent=None, colour=None, outcome=outcome
                )
            records.append(record)
        history[number] = records
    return history


def state_for_round(event: models.Event, round_number: int) -> TournamentState:
    """The engine's snapshot for pairing ``round_number`` of ``event``.

    :raises EventNotStarted: a player has no pairing number.
    :raises ResultsIncomplete: an earlier round has a board without a result.
    """
    players = list(event.players.all())
    if any(p.pairing_number is None for p in players) or not players:
        raise EventNotStarted("Start the event first: pairing numbers are not assigned.")
    numbers = {p.pk: PairingNumber(p.pairing_number) for p in players if p.pairing_number}
    rounds_completed = round_number - 1
    # Only the columns the records need: the round's explanation (JSON, a few kB per
    # round) would otherwise be read and decoded once per game (#10).
    games = (
        models.Game.objects.filter(round__event=event, round__number__lte=rounds_completed)
        .select_related("round")
        .only("board", "result", "white_id", "black_id", "round__number")
    )
    requests = list(models.RoundRequest.objects.filter(player__event=event))
    history = _records(games, requests, numbers, rounds_completed)
    engine_players = tuple(
        EnginePlayer(
            pairing_number=numbers[p.pk],
            name=p.name,
            rating=p.rating,
            title=ENGINE_TITLES.get(p.title, EngineTitle.NONE),
            club=p.club,
            top_player=p.top_player,
            federation=p.federation,
            area=p.area,
            withdrawn=p.withdrawn_after_round is not None
            and p.withdrawn_after_round < round_number,
            history=tuple(history[numbers[p.pk]]),
        )
        for p in players
    )
    kinds = {
        models.RequestKind.HALF_POINT_BYE: EngineRequestKind.HALF_POINT_BYE,
        models.RequestKind.ABSENT: EngineRequestKind.ABSENT,
    }
    withdrawn = {p.pairing_number for p in engine_players if p.withdrawn}
    round_requests = tuple(
        RoundRequest(pairing_number=numbers[r.player_id], kind=kinds[models.RequestKind(r.kind)])
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
    )
