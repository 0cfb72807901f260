"""The cyclic collector is paused while a round is paired, and restored afterwards."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from dataclasses import replace

import pytest

from pairing.engine import NoValidPairing, System, pair_round, rules_for
from pairing.engine.collector import collector_paused
from pairing.engine.generator import tournament_states
from pairing.engine.model import RoundPairing, TournamentState
from pairing.engine.registry import registered


@pytest.fixture(autouse=True)
def _collector_restored() -> Iterator[None]:
    """Each test starts with the collector on and leaves it on."""
    was = gc.isenabled()
    gc.enable()
    yield
    if was:
        gc.enable()
    else:
        gc.disable()


def _first_state() -> TournamentState:
    return next(tournament_states(System.DUTCH, players=10, rounds=3, seed=5))


def test_the_collector_is_off_during_a_pairing_and_on_after_it() -> None:
    seen: list[bool] = []
    own = rules_for(System.DUTCH)

    def pair(state: TournamentState, *, seed: int) -> RoundPairing:
        seen.append(gc.isenabled())
        return own.pair(state, seed=seed)

    with registered(replace(own, pair=pair)):
        pair_round(_first_state(), System.DUTCH, seed=1)
    assert seen == [False]
    assert gc.isenabled()


def test_the_collector_is_on_again_after_a_pairing_that_raises() -> None:
    def pair(state: TournamentState, *, seed: int) -> RoundPairing:
        raise NoValidPairing("none")

    with (
        registered(replace(rules_for(System.DUTCH), pair=pair)),
        pytest.raises(NoValidPairing),
    ):
        pair_round(_first_state(), System.DUTCH, seed=1)
    assert gc.isenabled()


def test_a_collector_off_before_a_pairing_stays_off() -> None:
    state = _first_state()
    gc.disable()
    pair_round(state, System.DUTCH, seed=1)
    assert not gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_two_threads_pairing_at_once_leave_the_collector_on() -> None:
    own = rules_for(System.DUTCH)
    both_in = threading.Barrier(2, timeout=30)
    first_out = threading.Event()
    seen: dict[str, bool] = {}
    errors: list[BaseException] = []

    def pair(state: TournamentState, *, seed: int) -> RoundPairing:
        both_in.wait()
        if seed == 1:
            # the first thread leaves while the second still pairs
            pairing = own.pair(state, seed=seed)
            seen["first_leaving"] = gc.isenabled()
            return pairing
        assert first_out.wait(timeout=30)
        seen["second_after_first_left"] = gc.isenabled()
        return own.pair(state, seed=seed)

    state = _first_state()

    def run(seed: int) -> None:
        try:
            pair_round(state, System.DUTCH, seed=seed)
        except BaseException as error:  # the main thread reports it
            errors.append(error)
        finally:
            if seed == 1:
                first_out.set()

    with registered(replace(own, pair=pair)):
        threads = [threading.Thread(target=run, args=(seed,)) for seed in (1, 2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
    assert errors == []
    assert seen == {"first_leaving": False, "second_after_first_left": False}
    assert gc.isenabled()


@pytest.mark.parametrize(
    ("system", "seed"),
    [(System.DUTCH_1992, 11), (System.DUTCH, 12), (System.ESCA, 13), (System.SB, 14)],
)
def test_pairings_are_the_same_with_the_collector_running(system: System, seed: int) -> None:
    """Each round of a random event, paired through the front door (collector paused) and
    by the system directly with the collector collecting often, gives the same pairing."""
    rules = rules_for(system)
    threshold = gc.get_threshold()
    for state in tournament_states(system, players=14, rounds=5, seed=seed):
        if state.round_number > 5:
            break
        paused = pair_round(state, system, seed=seed)
        gc.set_threshold(50, 2, 2)
        try:
            running = rules.pair(state, seed=seed)
        finally:
            gc.set_threshold(*threshold)
        assert paused == running
