"""Small builders for hand-worked engine tests: a tournament from its boards."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

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

RESULTS = {
    "1-0": (Outcome.WIN, Outcome.LOSS),
    "0-1": (Outcome.LOSS, Outcome.WIN),
    "=": (Outcome.DRAW, Outcome.DRAW),
    "+-": (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    "-+": (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
}

Game = tuple[int, int, str]
"""``(white, black, result)``, or ``(player, 0, "bye")`` for the pairing-allocated bye."""


def build(
    players: int,
    rounds: Sequence[Iterable[Game]] = (),
    *,
    total_rounds: int = 5,
    ratings: Sequence[int] | None = None,
    withdrawn: Iterable[int] = (),
    absent: Iterable[int] = (),
    half_point_byes: Iterable[int] = (),
    initial_colour: Colour | None = Colour.WHITE,
    names: Sequence[str] | None = None,
) -> TournamentState:
    """A state after ``rounds``; players are rated 2400, 2390, ... in pairing-number order."""
    ratings = ratings or [2400 - 10 * i for i in range(players)]
    history: dict[int, list[GameRecord]] = {n: [] for n in range(1, players + 1)}
    for number, games in enumerate(rounds, start=1):
        for white, black, result in games:
            if result == "bye":
                history[white].append(
                    GameRecord(
                        round_number=number,
                        opponent=None,
                        colour=None,
                        outcome=Outcome.PAIRING_ALLOCATED_BYE,
                    )
                )
                continue
            w, b = RESULTS[result]
            history[white].append(
                GameRecord(
                    round_number=number,
                    opponent=PairingNumber(black),
                    colour=Colour.WHITE,
                    outcome=w,
                )
            )
            history[black].append(
                GameRecord(
                    round_number=number,
                    opponent=PairingNumber(white),
                    colour=Colour.BLACK,
                    outcome=b,
                )
            )
        for records in history.values():
            if len(records) < number:
                records.append(
                    GameRecord(
                        round_number=number,
                        opponent=None,
                        colour=None,
                        outcome=Outcome.ZERO_POINT_BYE,
                    )
                )
    gone = set(withdrawn)
    return TournamentState(
        players=tuple(
            Player(
                pairing_number=PairingNumber(n),
                name=names[n - 1] if names else f"Player {n:02d}",
                rating=ratings[n - 1],
                title=Title.NONE,
                withdrawn=n in gone,
                history=tuple(history[n]),
            )
            for n in range(1, players + 1)
        ),
        rounds_completed=len(rounds),
        total_rounds=total_rounds,
        requests=tuple(
            RoundRequest(pairing_number=PairingNumber(n), kind=RequestKind.ABSENT) for n in absent
        )
        + tuple(
            RoundRequest(pairing_number=PairingNumber(n), kind=RequestKind.HALF_POINT_BYE)
            for n in half_point_byes
        ),
        initial_colour=initial_colour,
    )


def boards(pairing: RoundPairing) -> list[tuple[int, int]]:
    """The boards of a pairing as ``(white, black)`` in publication order."""
    return [(b.white, b.black) for b in pairing.boards]
