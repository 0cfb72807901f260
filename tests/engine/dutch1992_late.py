"""Late rounds of random 1992 Dutch near round robins, and a search run to its end, for
the tests that hold a fast path of the 1992 Dutch equal to its old search."""

from __future__ import annotations

from collections.abc import Iterator

from pairing.engine import NoValidPairing, System
from pairing.engine.generator import tournament_states
from pairing.engine.model import TournamentState
from pairing.engine.systems.dutch1992.procedure import Search, _Exhausted


def late_states(
    players: int, rounds: int, seed: int, *, from_completed: int
) -> Iterator[TournamentState]:
    """The states of a random event once ``from_completed`` rounds are completed, until
    the event has no valid pairing left."""
    try:
        for state in tournament_states(
            System.DUTCH_1992, players=players, rounds=rounds, seed=seed
        ):
            if state.rounds_completed >= from_completed:
                yield state
    except NoValidPairing:
        return


def run_search(search: Search) -> object:
    """The search's pairing, or ``"exhausted"`` when it finds none."""
    try:
        return search.run()
    except _Exhausted:
        return "exhausted"
