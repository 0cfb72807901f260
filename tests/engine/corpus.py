"""The behaviour corpus: random events of every system with the pairing of each round.

Each event is kept as two files in ``tests/data/corpus/``: ``NAME.trf``, the finished
event as TRF (every round's games and byes, ``XXR``, ``XXC``, ``SWY``, ``SWO`` options,
``SWC`` clubs, ``SWT`` top players, ``SWW`` withdrawals with their round, ``XXP``
forbidden pairs, ``XXA`` imaginary points), and ``NAME.json``, the lot (seed) each round
was paired with and the engine's answer: boards in publication order with colours, the
pairing-allocated bye, and a digest of the explanation.

:func:`replay` pairs a round again from the TRF, the way ``python -m pairing -p`` reads
a file, so the corpus pins the behaviour of the reader and every engine together.  It is
regenerated, only on purpose, with ``python -m tests.engine.corpus [SYSTEM ...]``; the
commit that does so lists what changed and why.

The events: fields of 7 to 400 players, 5 to 11 rounds, with forfeits, half-point byes,
absences, full-point byes, late entries (absent in their first rounds), withdrawals,
forbidden pairs and, by event, acceleration and each system's own options.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypedDict

from pairing.engine import NoValidPairing, System, pair_round
from pairing.engine.generator import initial_state, play
from pairing.engine.model import (
    Colour,
    PairingNumber,
    PairingOptions,
    RequestKind,
    Round1Separation,
    RoundPairing,
    RoundRequest,
    TournamentState,
)
from pairing.engine.trf import read_trf, state_from_trf, trf_from_state, write_trf

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus"

SIZES = (7, 9, 12, 16, 21, 30, 41, 57, 80, 112, 160, 230, 310, 400)
"""Field sizes, each played once per system (7-400 players)."""

LARGEST = {System.DUTCH: 112}
"""Systems whose events stop at a smaller field: the 2025 Dutch system's larger fields are
checked against the endorsed program instead (``tests/data/dutch``), where each round
is the reference's own."""


@dataclass(frozen=True, slots=True)
class EventSpec:
    """One random event of the corpus: everything that makes it, so it can be rebuilt."""

    system: System
    players: int
    rounds: int
    seed: int
    options: PairingOptions
    forbidden: int
    """How many random forbidden pairs (XXP)."""
    late: int
    """How many players enter late (absent in their first one to three rounds)."""

    @property
    def name(self) -> str:
        return f"{self.system.value}-{self.players:03d}p-s{self.seed}"


def _options(system: System, rng: random.Random) -> PairingOptions:
    """Each system's options drawn at random, the defaults as often as not."""
    acceleration = rng.choice((None, None, True, False))
    match system:
        case System.LIM:
            return PairingOptions(acceleration=acceleration, lim_maxi=rng.random() < 0.4)
        case System.ESCA:
            separation = {s for s in Round1Separation if rng.random() < 0.6}
            return PairingOptions(
                acceleration=acceleration,
                esca_random=rng.random() < 0.3,
                esca_round1_separation=frozenset(separation),
                esca_avoid_half_bye_pairs=rng.random() < 0.7,
                esca_avoid_defaulted_rematch=rng.random() < 0.7,
            )
        case _:
            return PairingOptions(acceleration=acceleration)


def specs(systems: tuple[System, ...] = tuple(System)) -> Iterator[EventSpec]:
    """The corpus's events, in a fixed order (the seeds are part of the corpus)."""
    for system in systems:
        rng = random.Random(f"corpus {system.value}")
        for players in SIZES:
            if players > LARGEST.get(system, players):
                continue
            seed = rng.randrange(10**6)
            yield EventSpec(
                system=system,
                players=players,
                rounds=min(rng.randint(5, 11), players - 1 if players < 12 else 11),
                seed=seed,
                options=_options(system, rng),
                forbidden=rng.randint(0, max(1, players // 15)),
                late=rng.randint(0, max(1, players // 12)),
            )


@dataclass(frozen=True, slots=True)
class Played:
    """A round as the engine paired it, with the lot it was given."""

    seed: int
    pairing: RoundPairing


def _late_requests(
    state: TournamentState, entry: dict[PairingNumber, int]
) -> tuple[RoundRequest, ...]:
    """Absences of the players not yet entered, merged into the state's own requests."""
    requested = {r.pairing_number: r for r in state.requests}
    withdrawn = {p.pairing_number for p in state.players if p.withdrawn}
    for number, first_round in entry.items():
        if state.round_number < first_round and number not in withdrawn:
            requested[number] = RoundRequest(pairing_number=number, kind=RequestKind.ABSENT)
    return tuple(requested[n] for n in sorted(requested))


def _full_point_byes(state: TournamentState, rng: random.Random) -> TournamentState:
    """Turn about one request in six into a full-point bye given by the arbiter."""
    requests = tuple(
        replace(r, kind=RequestKind.FULL_POINT_BYE)
        if r.kind is RequestKind.HALF_POINT_BYE and rng.random() < 0.3
        else r
        for r in state.requests
    )
    return replace(state, requests=requests)


def play_event(spec: EventSpec) -> tuple[TournamentState, dict[PairingNumber, int], list[Played]]:
    """Pair and play the event; the final state, withdrawal rounds and rounds paired.

    Pairing stops early when a round has no valid pairing (tiny fields).
    """
    rng = random.Random(spec.seed)
    clubs = 3 if spec.system is System.ESCA else 7
    top = spec.players // 8 if spec.system is System.ESCA else 0
    state = initial_state(spec.players, spec.rounds, rng, clubs=clubs, top_players=top)
    numbers = [p.pairing_number for p in state.players]
    forbidden = frozenset(frozenset(rng.sample(numbers, 2)) for _ in range(spec.forbidden))
    entry = {n: rng.randint(2, 4) for n in rng.sample(numbers, min(spec.late, len(numbers)))}
    state = replace(
        state,
        initial_colour=rng.choice((Colour.WHITE, Colour.BLACK)),
        options=spec.options,
        forbidden_pairs=forbidden,
    )
    state = replace(state, requests=_late_requests(state, entry))
    withdrawn_after: dict[PairingNumber, int] = {}
    played: list[Played] = []
    for _ in range(spec.rounds):
        seed = rng.randrange(2**31)
        try:
            pairing = pair_round(state, spec.system, seed=seed)
        except NoValidPairing:
            break
        played.append(Played(seed, pairing))
        final = state.round_number == spec.rounds
        state = play(
            state,
            pairing,
            rng,
            forfeits=0.04,
            withdrawals=0.0 if final else 0.015,
            requests=0.0 if final else 0.04,
        )
        for player in state.players:
            if player.withdrawn and player.pairing_number not in withdrawn_after:
                withdrawn_after[player.pairing_number] = state.rounds_completed
        state = _full_point_byes(state, rng)
        state = replace(state, requests=_late_requests(state, entry))
    return replace(state, requests=()), withdrawn_after, played


def event_trf(
    spec: EventSpec, state: TournamentState, withdrawn_after: dict[PairingNumber, int]
) -> str:
    """The finished event as TRF, with each withdrawal dated by its round (``SWW``)."""
    doc = trf_from_state(state, name=spec.name, system=spec.system.value)
    lines = [line for line in write_trf(doc).splitlines() if not line.startswith("SWW")]
    lines += [f"SWW {number:>4} {after}" for number, after in sorted(withdrawn_after.items())]
    return "\n".join(lines) + "\n"


def explanation_digest(pairing: RoundPairing) -> str:
    """A short digest of the explanation: each step's rule, text and players."""
    text = "\n".join(
        f"{step.rule}|{step.text}|{','.join(map(str, step.players))}"
        for step in pairing.explanation
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def answer(pairing: RoundPairing) -> dict[str, object]:
    """What the corpus keeps of a pairing."""
    return {
        "boards": [[board.white, board.black] for board in pairing.boards],
        "bye": pairing.pairing_allocated_bye,
        "why": explanation_digest(pairing),
    }


def replay(system: System, trf_text: str, round_number: int, seed: int) -> RoundPairing:
    """Pair ``round_number`` again from the finished event's TRF, with the recorded lot."""
    state = state_from_trf(read_trf(trf_text), round_to_pair=round_number)
    return pair_round(state, system, seed=seed)


class Record(TypedDict):
    """An event's JSON record in the corpus: its system and each round's pairing."""

    system: str
    rounds: list[dict[str, object]]


def build(spec: EventSpec) -> tuple[str, Record]:
    """The event's TRF text and its JSON record; each round replayed from the TRF.

    :raises AssertionError: a round paired from the TRF differs from the round played,
        i.e. the TRF does not carry everything the engine used.
    """
    state, withdrawn_after, played = play_event(spec)
    text = event_trf(spec, state, withdrawn_after)
    rounds = []
    for number, record in enumerate(played, start=1):
        again = replay(spec.system, text, number, record.seed)
        assert answer(again) == answer(record.pairing), f"{spec.name} round {number}"
        rounds.append({"round": number, "seed": record.seed, **answer(again)})
    return text, {"system": spec.system.value, "rounds": rounds}


def write(systems: tuple[System, ...]) -> None:
    """Regenerate the corpus files of ``systems``."""
    CORPUS.mkdir(parents=True, exist_ok=True)
    for spec in specs(systems):
        text, record = build(spec)
        (CORPUS / f"{spec.name}.trf").write_text(text, encoding="utf-8")
        (CORPUS / f"{spec.name}.json").write_text(
            json.dumps(record, indent=None, separators=(",", ":")) + "\n", encoding="utf-8"
        )
        print(f"{spec.name}: {len(record['rounds'])} rounds")


if __name__ == "__main__":
    write(tuple(System(name) for name in sys.argv[1:]) or tuple(System))
