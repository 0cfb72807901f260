"""Random tournaments paired round by round by a system, for tests and benchmarks.

Ratings are drawn at random (a few players unrated); results follow the rating
difference (Elo expectation, a quarter of the games drawn); a few games are forfeited,
a few players withdraw, ask for half-point byes or are absent.  Deterministic for a seed:
only ``random.Random(seed)`` is used.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from .model import (
    Colour,
    GameRecord,
    Outcome,
    PairingNumber,
    Player,
    RequestKind,
    RoundPairing,
    RoundRequest,
    Title,
    TournamentState,
)

PairFunction = Callable[[TournamentState, int], RoundPairing]

FIRST = ["Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gia", "Hal", "Ida", "Jon", "Kai", "Lea"]
LAST = ["Abbott", "Brook", "Chen", "Diaz", "Evans", "Ford", "Gray", "Hart", "Ito", "Jones"]


def initial_state(
    players: int, rounds: int, rng: random.Random, *, clubs: int = 7
) -> TournamentState:
    """A field numbered by rating (Dutch A2) before round 1; about 5% unrated."""
    ratings = sorted((rng.randrange(1000, 2600) for _ in range(players)), reverse=True)
    ratings = [0 if rng.random() < 0.05 else r for r in ratings]
    ratings.sort(reverse=True)
    return TournamentState(
        players=tuple(
            Player(
                pairing_number=PairingNumber(n),
                name=f"{LAST[n % len(LAST)]}, {FIRST[n % len(FIRST)]} {n:04d}",
                rating=rating,
                title=Title.NONE,
                club=f"Club {n % clubs}",
            )
            for n, rating in enumerate(ratings, start=1)
        ),
        rounds_completed=0,
        total_rounds=rounds,
    )


def _outcomes(
    white: Player, black: Player, rng: random.Random, forfeits: float
) -> tuple[Outcome, Outcome]:
    expected = 1 / (1 + 10 ** (((black.rating or 1500) - (white.rating or 1500)) / 400))
    roll = rng.random()
    if roll < forfeits:
        return (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS)
    if roll < forfeits + 0.25:
        return (Outcome.DRAW, Outcome.DRAW)
    if rng.random() < expected:
        return (Outcome.WIN, Outcome.LOSS)
    return (Outcome.LOSS, Outcome.WIN)


def play(
    state: TournamentState,
    pairing: RoundPairing,
    rng: random.Random,
    *,
    forfeits: float = 0.03,
    withdrawals: float = 0.01,
    requests: float = 0.02,
) -> TournamentState:
    """Apply random results of ``pairing`` and draw the next round's requests."""
    by_number = {p.pairing_number: p for p in state.players}
    number = state.round_number
    records: dict[PairingNumber, GameRecord] = {}
    for board in pairing.boards:
        white, black = _outcomes(by_number[board.white], by_number[board.black], rng, forfeits)
        records[board.white] = GameRecord(
            round_number=number, opponent=board.black, colour=Colour.WHITE, outcome=white
        )
        records[board.black] = GameRecord(
            round_number=number, opponent=board.white, colour=Colour.BLACK, outcome=black
        )
    if pairing.pairing_allocated_bye is not None:
        records[pairing.pairing_allocated_bye] = GameRecord(
            round_number=number,
            opponent=None,
            colour=None,
            outcome=Outcome.PAIRING_ALLOCATED_BYE,
        )
    requested = {r.pairing_number: r.kind for r in state.requests}
    players = []
    for player in state.players:
        record = records.get(player.pairing_number)
        if record is None:
            kind = requested.get(player.pairing_number)
            outcome = {
                RequestKind.HALF_POINT_BYE: Outcome.HALF_POINT_BYE,
                RequestKind.FULL_POINT_BYE: Outcome.FULL_POINT_BYE,
            }.get(kind, Outcome.ZERO_POINT_BYE)  # type: ignore[arg-type]
            record = GameRecord(round_number=number, opponent=None, colour=None, outcome=outcome)
        withdrawn = player.withdrawn or rng.random() < withdrawals
        players.append(replace(player, history=(*player.history, record), withdrawn=withdrawn))
    next_requests = tuple(
        RoundRequest(
            pairing_number=p.pairing_number,
            kind=RequestKind.HALF_POINT_BYE if rng.random() < 0.5 else RequestKind.ABSENT,
        )
        for p in players
        if not p.withdrawn and rng.random() < requests
    )
    return replace(state, players=tuple(players), rounds_completed=number, requests=next_requests)


def generate_tournament(
    pair: PairFunction, *, players: int, rounds: int, seed: int
) -> TournamentState:
    """A whole tournament paired by ``pair(state, seed)`` and played at random.

    :raises NoValidPairing: a round could not be paired (tiny fields, many rounds).
    """
    rng = random.Random(seed)
    state = initial_state(players, rounds, rng)
    for _ in range(rounds):
        pairing = pair(state, rng.randrange(2**31))
        last = state.round_number == rounds
        state = play(
            state,
            pairing,
            rng,
            withdrawals=0.0 if last else 0.01,
            requests=0.0 if last else 0.02,
        )
    return replace(state, requests=())
