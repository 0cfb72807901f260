"""Play random tournaments through an engine, for property tests and the benchmark.

Results are drawn from the rating difference (Elo expectation with draws); a few
players withdraw, ask for half-point byes or lose by forfeit.  Deterministic for a seed.
"""

from __future__ import annotations

import random
from dataclasses import replace

from pairing.engine import System, pair_round
from pairing.engine.model import (
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


def initial_state(players: int, rounds: int, rng: random.Random) -> TournamentState:
    """A field of rated players numbered by rating (Dutch A2), before round 1."""
    ratings = sorted((rng.randrange(1000, 2600) for _ in range(players)), reverse=True)
    return TournamentState(
        players=tuple(
            Player(
                pairing_number=PairingNumber(n),
                name=f"Player {n:04d}",
                rating=rating,
                title=Title.NONE,
                club=f"Club {n % 7}",
            )
            for n, rating in enumerate(ratings, start=1)
        ),
        rounds_completed=0,
        total_rounds=rounds,
    )


def play(
    state: TournamentState, pairing: RoundPairing, rng: random.Random, *, forfeits: float = 0.03
) -> TournamentState:
    """Apply random results of ``pairing`` to ``state`` and return the next state."""
    by_number = {p.pairing_number: p for p in state.players}
    records: dict[PairingNumber, GameRecord] = {}
    number = state.round_number
    for board in pairing.boards:
        white, black = by_number[board.white], by_number[board.black]
        expected = 1 / (1 + 10 ** ((black.rating - white.rating) / 400))
        roll = rng.random()
        if roll < forfeits:
            outcomes = (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS)
        elif roll < forfeits + 0.25:
            outcomes = (Outcome.DRAW, Outcome.DRAW)
        elif rng.random() < expected:
            outcomes = (Outcome.WIN, Outcome.LOSS)
        else:
            outcomes = (Outcome.LOSS, Outcome.WIN)
        records[board.white] = GameRecord(
            round_number=number, opponent=board.black, colour=Colour.WHITE, outcome=outcomes[0]
        )
        records[board.black] = GameRecord(
            round_number=number, opponent=board.white, colour=Colour.BLACK, outcome=outcomes[1]
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
            outcome = (
                Outcome.HALF_POINT_BYE
                if kind is RequestKind.HALF_POINT_BYE
                else (Outcome.ZERO_POINT_BYE)
            )
            record = GameRecord(round_number=number, opponent=None, colour=None, outcome=outcome)
        withdrawn = player.withdrawn or rng.random() < 0.01
        players.append(replace(player, history=(*player.history, record), withdrawn=withdrawn))
    active = [p for p in players if not p.withdrawn]
    requests = tuple(
        RoundRequest(
            pairing_number=p.pairing_number,
            kind=RequestKind.HALF_POINT_BYE if rng.random() < 0.5 else RequestKind.ABSENT,
        )
        for p in active
        if rng.random() < 0.02
    )
    return replace(state, players=tuple(players), rounds_completed=number, requests=requests)


def tournament(
    system: System, *, players: int, rounds: int, seed: int
) -> list[tuple[TournamentState, RoundPairing]]:
    """Pair and play every round; returns each state with the pairing made from it."""
    rng = random.Random(seed)
    state = initial_state(players, rounds, rng)
    rounds_played = []
    for _ in range(rounds):
        pairing = pair_round(state, system, seed=rng.randrange(2**31))
        rounds_played.append((state, pairing))
        state = play(state, pairing, rng)
    return rounds_played
