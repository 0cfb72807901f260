"""Random tournaments paired round by round by a system, for tests, benchmarks and ``-g``.

What bbpPairings' generator does (``-g ... -s seed``), in our own terms:

- the field: ratings drawn between 1000 and 2599, about 5% of the players unrated,
  pairing numbers in rating order (Dutch A2, Lim 7), a name and a club for each; the top
  seed's colour in round 1 is drawn (Dutch A7c) and stored in the state, so that the
  tournament written as TRF (``XXC white1``/``black1``) can be paired again exactly;
- each game: about 3% forfeited; otherwise a quarter drawn and the rest won by White
  with the Elo expectation ``1 / (1 + 10 ** ((Rb - Rw) / 400))`` (unrated as 1500);
- after each round but the last, about 1% of the players withdraw and about 2% are
  excused for the next round, half with a half-point bye, half absent (FIDE C.04.2 Article 3).

Deterministic for a seed: only ``random.Random(seed)`` is used, and the lots of each
round are drawn from it.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterator
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
    System,
    Title,
    TournamentState,
)
from .registry import pair_round

FIRST = ["Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gia", "Hal", "Ida", "Jon", "Kai", "Lea"]
LAST = ["Abbott", "Brook", "Chen", "Diaz", "Evans", "Ford", "Gray", "Hart", "Ito", "Jones"]

UNRATED_SHARE = 0.05
DRAW_SHARE = 0.25
FORFEIT_SHARE = 0.03
WITHDRAWAL_SHARE = 0.01
REQUEST_SHARE = 0.02
UNRATED_STRENGTH = 1500
"""The rating an unrated player plays at, for drawing results only."""


def initial_state(
    players: int, rounds: int, rng: random.Random, *, clubs: int = 7, top_players: int = 0
) -> TournamentState:
    """A field numbered by rating (Dutch A2) before round 1; about 5% unrated.

    Player n plays for club (school) ``n % clubs``; the first ``top_players`` by pairing
    number are marked top players (ESCA 3).  The initial colour is left to the pairer's
    lot (``initial_colour=None``).
    """
    ratings = sorted((rng.randrange(1000, 2600) for _ in range(players)), reverse=True)
    ratings = [0 if rng.random() < UNRATED_SHARE else r for r in ratings]
    ratings.sort(reverse=True)
    return TournamentState(
        players=tuple(
            Player(
                pairing_number=PairingNumber(n),
                name=f"{LAST[n % len(LAST)]}, {FIRST[n % len(FIRST)]} {n:04d}",
                rating=rating,
                title=Title.NONE,
                club=f"Club {n % clubs}",
                top_player=n <= top_players,
            )
            for n, rating in enumerate(ratings, start=1)
        ),
        rounds_completed=0,
        total_rounds=rounds,
    )


def _outcomes(
    white: Player, black: Player, rng: random.Random, forfeits: float
) -> tuple[Outcome, Outcome]:
    """White's and Black's outcome of one game: forfeit, draw, or won by the Elo odds."""
    strength_white = white.rating or UNRATED_STRENGTH
    strength_black = black.rating or UNRATED_STRENGTH
    expected = 1 / (1 + 10 ** ((strength_black - strength_white) / 400))
    roll = rng.random()
    if roll < forfeits:
        return (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS)
    if roll < forfeits + DRAW_SHARE:
        return (Outcome.DRAW, Outcome.DRAW)
    if rng.random() < expected:
        return (Outcome.WIN, Outcome.LOSS)
    return (Outcome.LOSS, Outcome.WIN)


_UNPAIRED = {
    RequestKind.HALF_POINT_BYE: Outcome.HALF_POINT_BYE,
    RequestKind.FULL_POINT_BYE: Outcome.FULL_POINT_BYE,
    RequestKind.ABSENT: Outcome.ZERO_POINT_BYE,
}


def play(
    state: TournamentState,
    pairing: RoundPairing,
    rng: random.Random,
    *,
    forfeits: float = FORFEIT_SHARE,
    withdrawals: float = WITHDRAWAL_SHARE,
    requests: float = REQUEST_SHARE,
) -> TournamentState:
    """Apply random results of ``pairing`` and draw the next round's withdrawals and requests.

    Players neither on a board nor the bye score what they asked for (FIDE C.04.2
    3.2-3.3: an absent or withdrawn player scores 0).
    """
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
    for player in sorted(state.players, key=lambda p: p.pairing_number):
        record = records.get(player.pairing_number)
        if record is None:
            kind = requested.get(player.pairing_number, RequestKind.ABSENT)
            record = GameRecord(
                round_number=number, opponent=None, colour=None, outcome=_UNPAIRED[kind]
            )
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


Pairer = Callable[[TournamentState, System, int], RoundPairing]
"""Pairs a state's next round with a system and a lot seed, as :func:`pair_round` does."""


def _pair(state: TournamentState, system: System, seed: int) -> RoundPairing:
    return pair_round(state, system, seed=seed)


def tournament_states(
    system: System,
    *,
    players: int,
    rounds: int,
    seed: int,
    clubs: int = 7,
    top_players: int = 0,
    pairer: Pairer = _pair,
) -> Iterator[TournamentState]:
    """The states of a random tournament: before each of its rounds, then after the last.

    Each state before a round holds that round's requests and withdrawals, so it is
    exactly what ``system`` paired; the last state has every round played and no
    requests.  ``clubs`` and ``top_players`` as for :func:`initial_state`: many players per
    club and marked top players make an ESCA schools congress.  ``pairer`` pairs each
    round (the benchmark passes one that times the call); the event is the same whatever
    it is, as long as it pairs as :func:`pair_round` does.

    :raises NoValidPairing: a round could not be paired (tiny fields, many rounds).
    :raises UnsupportedFeature: ``system`` is not implemented.
    :raises ValueError: fewer than two players or no round.
    """
    if players < 2 or rounds < 1:
        raise ValueError("a tournament needs at least two players and one round")
    rng = random.Random(seed)
    state = replace(
        initial_state(players, rounds, rng, clubs=clubs, top_players=top_players),
        initial_colour=rng.choice((Colour.WHITE, Colour.BLACK)),
    )
    for _ in range(rounds):
        yield state
        pairing = pairer(state, system, rng.randrange(2**31))
        final = state.round_number == rounds
        state = play(
            state,
            pairing,
            rng,
            withdrawals=0.0 if final else WITHDRAWAL_SHARE,
            requests=0.0 if final else REQUEST_SHARE,
        )
    yield replace(state, requests=())


def generate_tournament(
    system: System, *, players: int, rounds: int, seed: int, clubs: int = 7, top_players: int = 0
) -> TournamentState:
    """A whole random tournament of ``rounds`` rounds, paired round by round by ``system``.

    The result has every round played (``rounds_completed == rounds``) and no requests;
    it has names, ratings and clubs, so ``trf.trf_from_state`` can write it as TRF.

    :raises NoValidPairing: a round could not be paired (tiny fields, many rounds).
    :raises UnsupportedFeature: ``system`` is not implemented.
    :raises ValueError: fewer than two players or no round.
    """
    states = tournament_states(
        system, players=players, rounds=rounds, seed=seed, clubs=clubs, top_players=top_players
    )
    return deque(states, maxlen=1)[0]
