"""The benchmark's events: random tournaments written as one TRF file per round, cached.

For a system, a number of players, a number of rounds and a seed, the generator
(``pairing.engine.generator.tournament_states``) plays a random event.  Before each
round r the state is written to ``round{r:02}.trf``: the rounds played so far, ``XXR``,
``XXC`` and ``SWY``, and one ``XXZ`` line per 20 players who are not to be paired in
round r (withdrawn, absent or on a half-point bye; ``XXZ`` is the JaVaFo way to say so,
so another engine reads the same field; for our engine an absence and a half-point bye
are paired alike: neither player is paired), and the same players on TRF-2026 ``240 Z``
lines for the round, the way bbpPairings reads it.  The state after the last round is
``final.trf``.  Files are kept under ``bench/out/`` (not committed) and reused.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from pairing.engine import NoValidPairing, System
from pairing.engine.generator import tournament_states
from pairing.engine.model import RequestKind, TournamentState
from pairing.engine.trf import (
    bye_lines,
    decode_trf,
    read_trf,
    state_from_trf,
    trf_from_state,
    write_trf,
)

OUT = Path(__file__).resolve().parent / "out"
XXZ_PER_LINE = 20


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Where one cached event lives."""

    system: System
    players: int
    rounds: int
    seed: int
    folder: Path

    def round_file(self, number: int) -> Path:
        """The TRF file of the state before round ``number``."""
        return self.folder / f"round{number:02}.trf"

    @property
    def final_file(self) -> Path:
        """The TRF file of the whole event."""
        return self.folder / "final.trf"

    @property
    def stopped_file(self) -> Path:
        """Written instead of ``final.trf`` when a round had no valid pairing: the
        event stops before it (late rounds of a near round robin)."""
        return self.folder / "stopped.txt"

    def round_numbers(self) -> list[int]:
        """The rounds that have a file, i.e. that the generator could pair."""
        return [n for n in range(1, self.rounds + 1) if self.round_file(n).exists()]


def event(system: System, players: int, rounds: int, seed: int, out: Path = OUT) -> Event:
    """The cache location of one event (nothing is generated)."""
    folder = out / f"{system.value}-{players}p-{rounds}r-seed{seed}"
    return Event(system=system, players=players, rounds=rounds, seed=seed, folder=folder)


def _excused(state: TournamentState) -> list[int]:
    requested = {r.pairing_number for r in state.requests}
    return sorted(
        p.pairing_number for p in state.players if p.withdrawn or p.pairing_number in requested
    )


def round_text(state: TournamentState, system: System) -> str:
    """The TRF text of the state before a round, with the excused players in ``XXZ``."""
    excused = _excused(state)
    headers = [
        ("XXZ", " ".join(str(n) for n in excused[i : i + XXZ_PER_LINE]))
        for i in range(0, len(excused), XXZ_PER_LINE)
    ]
    # The same players as TRF-2026 absences of the round, which bbpPairings reads (it
    # ignores XXZ and would pair them).
    for line in bye_lines((n, state.round_number, RequestKind.ABSENT) for n in excused):
        headers.append((line[:3], line[4:]))
    name = f"Benchmark {system.value}, {len(state.players)} players"
    # The requests go in XXZ only, not in the round's column as well: an engine that
    # checks the points column against the results would count a ``0000 - H`` there.
    unpaired = replace(state, requests=())
    return write_trf(trf_from_state(unpaired, name=name, system=system.value, headers=headers))


def ensure(target: Event) -> bool:
    """Generate and write ``target``'s files unless they are there; True if generated.
    When a later round has no valid pairing, the event stops before it (see
    :attr:`Event.stopped_file`).

    :raises NoValidPairing: the generator could not pair round 1.
    """
    if target.final_file.exists() or target.stopped_file.exists():
        return False
    target.folder.mkdir(parents=True, exist_ok=True)
    states = tournament_states(
        target.system, players=target.players, rounds=target.rounds, seed=target.seed
    )
    number = 1
    try:
        for state in states:
            number = state.round_number
            if state.rounds_completed == target.rounds:
                text = write_trf(trf_from_state(state, name="final", system=target.system.value))
                target.final_file.write_text(text, encoding="utf-8")
            else:
                text = round_text(state, target.system)
                target.round_file(number).write_text(text, encoding="utf-8")
    except NoValidPairing as exc:
        target.round_file(number).unlink(missing_ok=True)
        if number == 1:
            raise
        target.stopped_file.write_text(f"round {number}: {exc}\n", encoding="utf-8")
    return True


def load(path: Path) -> TournamentState:
    """The state in a cached TRF file, ready to pair its next round."""
    return state_from_trf(read_trf(decode_trf(path.read_bytes())))
