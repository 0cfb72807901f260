"""Pairing benchmark: ``make bench`` (``python -m bench``).

For each system and size it plays a random 11-round event with the generator, timing
every call to the engine (in-process), and reports the median and slowest round and the
process's peak memory.  With ``--vs "COMMAND"`` it also runs an external engine of the
same calling convention on the same positions: the command is a template in which
``{input}`` and ``{output}`` are replaced by a TRF file of the state before each round and
the file to write the pairs to, e.g. ``--vs "bbpPairings --dutch {input} -p {output}"``.
"""

from __future__ import annotations

import argparse
import random
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pairing.engine import SYSTEMS, System, pair_round
from pairing.engine.generator import initial_state, play
from pairing.engine.model import TournamentState
from pairing.engine.standings import standings
from pairing.engine.tiebreaks import DUTCH_F10, TieBreak
from pairing.engine.trf import trf_from_state, write_trf


def run_event(
    system: System, players: int, rounds: int, seed: int
) -> tuple[list[float], list[TournamentState]]:
    """Play one event; return the seconds of each pairing and the state before each round."""
    rng = random.Random(seed)
    state = initial_state(players, rounds, rng)
    times, states = [], []
    for _ in range(rounds):
        states.append(state)
        lots = rng.randrange(2**31)
        start = time.perf_counter()
        pairing = pair_round(state, system, seed=lots)
        times.append(time.perf_counter() - start)
        state = play(state, pairing, rng)
    states.append(state)
    return times, states


def run_external(template: str, states: list[TournamentState]) -> list[float]:
    """Time an external engine on the state before each round."""
    times = []
    with tempfile.TemporaryDirectory() as folder:
        for index, state in enumerate(states[:-1], start=1):
            source = Path(folder) / f"round{index}.trf"
            target = Path(folder) / f"round{index}.out"
            source.write_text(write_trf(trf_from_state(state, name="bench")), encoding="utf-8")
            command = template.format(input=source, output=target)
            start = time.perf_counter()
            subprocess.run(shlex.split(command), check=True, capture_output=True)
            times.append(time.perf_counter() - start)
    return times


def peak_memory_mb() -> float:
    """Peak resident memory of this process so far, in MB (Linux reports kB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--sizes", default="100,500,1000,2000")
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--systems", default=",".join(s.value for s in SYSTEMS))
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--vs", default="", help="external engine command template")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s]
    systems = [System(s) for s in args.systems.split(",") if s]
    header = f"{'system':<10} {'players':>7} {'median s':>9} {'slowest s':>9} {'peak MB':>8}"
    if args.vs:
        header += f" {'vs median':>9} {'vs slowest':>10} {'ratio':>6}"
    print(header)
    for system in systems:
        for size in sizes:
            times, states = run_event(system, size, args.rounds, args.seed)
            line = (
                f"{system.value:<10} {size:>7} {statistics.median(times):>9.3f} "
                f"{max(times):>9.3f} {peak_memory_mb():>8.0f}"
            )
            if args.vs:
                other = run_external(args.vs, states)
                ratio = statistics.median(times) / max(statistics.median(other), 1e-9)
                line += f" {statistics.median(other):>9.3f} {max(other):>10.3f} {ratio:>6.1f}"
            print(line, flush=True)
            if size == max(sizes) and system == systems[0]:
                final = states[-1]
                start = time.perf_counter()
                standings(final, tiebreaks=(TieBreak.BH, TieBreak.BH_C1, TieBreak.SB, *DUTCH_F10))
                print(f"standings of {size} players after {args.rounds} rounds: "
                      f"{time.perf_counter() - start:.3f} s", flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
