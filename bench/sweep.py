"""The sweep: every round of many random events timed, the tail reported (issue #38).

For a system and a number of players ``n``, event ``k`` of the sweep is the generator's
random event (``pairing.engine.generator.tournament_states``: ratings, about 5% unrated,
3% forfeits, 1% withdrawals and 2% byes or absences a round) with seed ``seed + k`` and
as many rounds as :func:`sweep_rounds` draws from that seed: between three quarters of
the field and ``n - 1``, so that most events come close to a round robin and their late rounds have
few pairs left.  An event stops before a round that has no valid pairing at all.  Each
``pair_round`` call is timed as the generator makes it, in memory (no TRF file), and the
sweep reports, per system and size, the median, the 99th percentile and the slowest
round (wall time), the processor time of that round, and the round that took the most
processor time (on a shared machine the wall time measures the others' load too), each
named by its event (players, rounds, seed) and round so that :func:`replay` can pair it
again, alone, with or without cProfile.
"""

from __future__ import annotations

import cProfile
import io
import math
import pstats
import random
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from pairing.engine import NoValidPairing, System, pair_round
from pairing.engine.generator import tournament_states
from pairing.engine.model import RoundPairing, TournamentState

SWEEP_SIZES = (12, 24, 40, 80)
"""The default numbers of players of a sweep, a minute or two in all for one event per
system; #38 asks for 8 to 150 (``--sweep-sizes 12,24,40,80,150``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Case:
    """One round of one sweep event: enough to pair it again."""

    system: System
    players: int
    rounds: int
    seed: int
    round_number: int
    seconds: float
    """Wall time of the ``pair_round`` call."""
    cpu: float
    """Processor time of the same call: what a busy machine inflates least."""
    reference: float | None = None
    """Wall time of the external engine on the same round (``--vs``), start-up included."""
    same: bool | None = None
    """Whether the external engine gave the same boards, colours and bye."""

    def replay_command(self) -> str:
        """The command that pairs this round again."""
        return (
            f"python -m bench --replay {self.system.value} {self.players} {self.rounds} "
            f"{self.seed} {self.round_number}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class SizeResult:
    """Every timed round of a system's events of one size."""

    system: System
    players: int
    events: int
    cases: tuple[Case, ...]
    stopped: int
    """Events that stopped before their last round (no valid pairing left)."""

    @property
    def seconds(self) -> list[float]:
        return [c.seconds for c in self.cases]

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def p99(self) -> float:
        return percentile(self.seconds, 99)

    @property
    def slowest(self) -> Case:
        return max(self.cases, key=lambda c: c.seconds)

    @property
    def cpu_median(self) -> float:
        return statistics.median(c.cpu for c in self.cases)

    @property
    def cpu_p99(self) -> float:
        return percentile((c.cpu for c in self.cases), 99)

    @property
    def slowest_cpu(self) -> Case:
        return max(self.cases, key=lambda c: c.cpu)

    @property
    def referenced(self) -> list[Case]:
        """The rounds the external engine paired too."""
        return [c for c in self.cases if c.reference is not None]


Reference = Callable[[TournamentState, RoundPairing], tuple[float, bool]]
"""An external engine pairing a round the sweep paired: its wall time and whether it gave
the same pairing."""


def percentile(values: Iterable[float], pct: float) -> float:
    """The ``pct``-th percentile by the nearest rank (a value that was measured)."""
    ordered = sorted(values)
    rank = max(1, math.ceil(pct / 100 * len(ordered)))
    return ordered[rank - 1]


def sweep_rounds(players: int, seed: int, max_rounds: int | None = None) -> int:
    """The number of rounds of a sweep event: drawn from its seed, between three
    quarters of the field (at least one) and ``players - 1``; at most ``max_rounds``
    when given (a 2,000-player event of 1,500 rounds is no event anyone plays: capped,
    the large fields are timed on the rounds of an open)."""
    low = max(1, 3 * players // 4)
    drawn = random.Random(seed).randint(low, max(low, players - 1))
    return drawn if max_rounds is None else max(1, min(drawn, max_rounds))


def _timed(
    cases: list[Case],
    players: int,
    rounds: int,
    event_seed: int,
    reference: Reference | None = None,
) -> Callable[[TournamentState, System, int], RoundPairing]:
    def pairer(state: TournamentState, system: System, seed: int) -> RoundPairing:
        start = time.perf_counter()
        processor = time.process_time()
        pairing: RoundPairing | None = None
        try:
            pairing = pair_round(state, system, seed=seed)
            return pairing
        finally:
            case = Case(
                system=system,
                players=players,
                rounds=rounds,
                seed=event_seed,
                round_number=state.round_number,
                seconds=time.perf_counter() - start,
                cpu=time.process_time() - processor,
            )
            if reference is not None and pairing is not None:
                took, same = reference(state, pairing)
                case = replace(case, reference=took, same=same)
            cases.append(case)

    return pairer


def sweep_event(
    system: System, players: int, rounds: int, seed: int, reference: Reference | None = None
) -> tuple[list[Case], bool]:
    """Every round of one event timed (and paired by ``reference`` too, when given); and
    whether it stopped early (no valid pairing)."""
    cases: list[Case] = []
    pairer = _timed(cases, players, rounds, seed, reference)
    states = tournament_states(system, players=players, rounds=rounds, seed=seed, pairer=pairer)
    try:
        for _ in states:
            pass
    except NoValidPairing:
        return cases[:-1], True
    return cases, False


def sweep_size(
    system: System,
    players: int,
    events: int,
    seed: int,
    progress: Callable[[Case], None] | None = None,
    max_rounds: int | None = None,
    reference: Reference | None = None,
) -> SizeResult:
    """``events`` events of ``players`` players, seeds ``seed`` to ``seed + events - 1``,
    each of at most ``max_rounds`` rounds when given (:func:`sweep_rounds`)."""
    cases: list[Case] = []
    stopped = 0
    for k in range(events):
        event_seed = seed + k
        rounds = sweep_rounds(players, event_seed, max_rounds)
        found, early = sweep_event(system, players, rounds, event_seed, reference)
        stopped += early
        cases.extend(found)
        if progress is not None and found:
            progress(max(found, key=lambda c: c.seconds))
    return SizeResult(
        system=system, players=players, events=events, cases=tuple(cases), stopped=stopped
    )


HEADER = (
    f"{'':<26} {'wall time, s':^26}  {'processor time, s':^26}\n"
    f"{'system':<10} {'players':>7} {'rounds':>7} {'median':>8} {'p99':>8} {'slowest':>8}  "
    f"{'median':>8} {'p99':>8} {'slowest':>8}  slowest by wall / by processor "
    "(players rounds seed round)"
)


def row(result: SizeResult) -> str:
    """One line of the sweep's table."""
    if not result.cases:
        return f"{result.system.value:<10} {result.players:>7} no round paired"
    worst = result.slowest
    busiest = result.slowest_cpu
    line = (
        f"{result.system.value:<10} {result.players:>7} {len(result.cases):>7} "
        f"{result.median:>8.3f} {result.p99:>8.3f} {worst.seconds:>8.3f}  "
        f"{result.cpu_median:>8.3f} {result.cpu_p99:>8.3f} {busiest.cpu:>8.3f}  "
        f"{worst.players} {worst.rounds} {worst.seed} {worst.round_number} / "
        f"{busiest.players} {busiest.rounds} {busiest.seed} {busiest.round_number}"
    )
    return line + reference_row(result.referenced)


def reference_row(cases: Sequence[Case]) -> str:
    """The external engine beside ours on the same rounds: its median, 99th percentile and
    slowest wall time, the rounds in which ours took longer (wall time, as it is timed:
    our call in process, its whole process), and the rounds both paired the same."""
    times = [c.reference for c in cases if c.reference is not None]
    if not times:
        return ""
    slower = sum(1 for c in cases if c.reference is not None and c.seconds > c.reference)
    same = sum(1 for c in cases if c.same)
    return (
        f"\n{'':<10} {'':>7} {len(times):>7} {statistics.median(times):>8.3f} "
        f"{percentile(times, 99):>8.3f} {max(times):>8.3f}  the reference (--vs, whole "
        f"process): ours slower in {slower}/{len(times)} rounds, same pairing in "
        f"{same}/{len(times)}"
    )


class _Reached(Exception):
    """Stops the generator at the round to replay, before pairing it."""

    def __init__(self, state: TournamentState, lot: int) -> None:
        super().__init__()
        self.state = state
        self.lot = lot


def state_before(
    system: System, players: int, rounds: int, seed: int, round_number: int
) -> tuple[TournamentState, int]:
    """The state before ``round_number`` of a sweep event and the lot seed the sweep paired
    it with; the earlier rounds are paired as the sweep paired them.

    :raises ValueError: the event has no such round.
    :raises NoValidPairing: an earlier round has no valid pairing (the event stops).
    """

    def pairer(state: TournamentState, system: System, lot: int) -> RoundPairing:
        if state.round_number == round_number:
            raise _Reached(state, lot)
        return pair_round(state, system, seed=lot)

    if not 1 <= round_number <= rounds:
        raise ValueError(f"round {round_number} is not a round of a {rounds}-round event")
    try:
        for _ in tournament_states(
            system, players=players, rounds=rounds, seed=seed, pairer=pairer
        ):
            pass
    except _Reached as reached:
        return reached.state, reached.lot
    raise ValueError(f"round {round_number} was not reached")  # pragma: no cover


def replay(
    system: System, players: int, rounds: int, seed: int, round_number: int, *, profile: bool
) -> str:
    """Pair one sweep round again, alone; its time (and the profile's top 25 by
    cumulative time when ``profile``)."""
    state, lot = state_before(system, players, rounds, seed, round_number)
    profiler = cProfile.Profile() if profile else None
    start = time.perf_counter()
    if profiler is not None:
        profiler.enable()
    processor = time.process_time()
    pairing = pair_round(state, system, seed=lot)
    cpu = time.process_time() - processor
    if profiler is not None:
        profiler.disable()
    took = time.perf_counter() - start
    text = (
        f"{system.value} {players} players, {rounds} rounds, seed {seed}, round {round_number}: "
        f"{took:.3f} s ({cpu:.3f} s of processor), {len(pairing.boards)} boards"
    )
    if profiler is not None:
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(25)
        text += "\n" + out.getvalue()
    return text
