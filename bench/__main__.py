"""Pairing benchmark: ``make bench`` (``python -m bench``).

For each implemented system and each size, a random 11-round event is generated with the
engine's generator (fixed seed) and cached under ``bench/out/`` as one TRF file per round
(see ``bench/events.py``).  Each round file is then read and paired in-process, and the
time of the ``pair_round`` call alone is measured: the table shows the median and the
slowest round, and the peak memory that tracemalloc traces while pairing the slowest
round again.  The standings of the largest event (BH, BH-C1, MBH, SB, PROG, DE, ARO, WIN,
WON, BPG, BWG, REP, TPN) are timed too.

Then the sweep (``bench/sweep.py``): every round of ``--sweep N`` random events per
system and size (``--sweep-sizes``), most of them near a round robin, timed in wall and
processor time; per system and size the median, the 99th percentile and the slowest
round, named by its event's seed and its round, and ``--replay SYSTEM PLAYERS ROUNDS
SEED ROUND [--profile]`` pairs one such round again alone.  ``--only-sweep`` runs it
without the fixed events, ``--sweep-rounds N`` caps each event's rounds (for 2,000
players), and with ``--vs`` the external engine pairs every round of the sweep too (a
round file each, :func:`external_reference`), its times in a line under ours.

``--vs "COMMAND"`` also runs an external engine of the JaVaFo/bbpPairings calling
convention on the same round files.  COMMAND is a template: ``{input}`` is replaced by the
round file, ``{output}`` by a temporary file for the pairs (without ``{output}`` the pairs
are read from standard output) and ``{system}`` by our system name.  Its time is the wall
time of the whole process, start-up included.  The table adds its median and slowest
round, its median over ours (how many times faster we are), and in how many rounds both
engines gave the same boards and colours.  ``--vs-sizes`` limits it to some sizes, for an
engine that takes minutes a round at the others.  For example::

    make bench VS="bbpPairings --dutch {input} -p {output}"
    python -m bench --sizes 100 --vs ".venv/bin/python -m pairing --{system} {input} -p"
"""

from __future__ import annotations

import argparse
import contextlib
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from pairing.engine import SYSTEMS, NoValidPairing, System, pair_round
from pairing.engine.generator import tournament_states
from pairing.engine.model import RoundPairing, TournamentState
from pairing.engine.standings import standings
from pairing.engine.tiebreaks import TieBreakSpec, parse_tiebreaks

from .events import OUT, Event, ensure, event, load, round_text
from .sweep import HEADER, SWEEP_SIZES, Case, Reference, replay, row, sweep_size

STANDINGS_TIEBREAKS: tuple[TieBreakSpec, ...] = parse_tiebreaks(
    "BH,BH-C1,MBH,BH-C2,BH-M2,SB,SB-C1,SB-C2,PS,PS-C1,DE,FB,FB-C1,AOB,AOB-F,KS,KS-L40,"
    "ARO,ARO-C1,ARO-M1,TPR,PTP,APRO,APPO,RTNG,WIN,WON,BPG,BWG,REP,STD,TPN"
)
"""Every individual tie-break of C.07 (2024 and 2026 texts) with a sample of modifiers."""
STANDINGS_REPEATS = 5
"""The standings are timed this many times; the best is the figure (as ``timeit``
advises: the others measure the machine's other load), the slowest is printed too."""

Pairs = tuple[frozenset[tuple[int, int]], int | None]
"""Boards as (white, black) and the bye: what two engines are compared on."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Timing:
    """The times of one event's rounds, in seconds, and what each engine paired."""

    seconds: tuple[float, ...]
    pairs: tuple[Pairs | None, ...]
    """``None`` where the engine found no valid pairing or failed."""

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def slowest(self) -> float:
        return max(self.seconds)


def _pairs(pairing: RoundPairing) -> Pairs:
    boards = frozenset((b.white, b.black) for b in pairing.boards)
    return boards, pairing.pairing_allocated_bye


def time_engine(target: Event) -> tuple[Timing, float]:
    """Pair every round of ``target`` in-process; the timing and the peak traced MB."""
    seconds: list[float] = []
    pairs: list[Pairs | None] = []
    for number in target.round_numbers():
        state = load(target.round_file(number))
        start = time.perf_counter()
        try:
            pairing = pair_round(state, target.system, seed=target.seed)
        except NoValidPairing:
            pairs.append(None)
        else:
            pairs.append(_pairs(pairing))
        seconds.append(time.perf_counter() - start)
    slowest = target.round_numbers()[seconds.index(max(seconds))]
    state = load(target.round_file(slowest))
    tracemalloc.start()
    with contextlib.suppress(NoValidPairing):
        pair_round(state, target.system, seed=target.seed)
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return Timing(seconds=tuple(seconds), pairs=tuple(pairs)), peak


MAX_TRF_PLAYERS = 9999
"""A TRF player line has four columns for the starting rank."""


def time_in_memory(system: System, players: int, rounds: int, seed: int) -> tuple[Timing, float]:
    """For a field too large for a TRF file: the event's states kept in memory, each round
    paired once more and timed as :func:`time_engine` does (no cache, no external
    engine)."""
    seconds: list[float] = []
    pairs: list[Pairs | None] = []
    states = []
    for state in tournament_states(system, players=players, rounds=rounds, seed=seed):
        if state.rounds_completed == rounds:
            break
        start = time.perf_counter()
        pairing = pair_round(state, system, seed=seed)
        seconds.append(time.perf_counter() - start)
        pairs.append(_pairs(pairing))
        states.append(state)
    slowest = states[seconds.index(max(seconds))]
    tracemalloc.start()
    pair_round(slowest, system, seed=seed)
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return Timing(seconds=tuple(seconds), pairs=tuple(pairs)), peak


def _parse_output(text: str) -> Pairs | None:
    """The JaVaFo/bbpPairings pairs output; None if it is not in that format."""
    lines = text.split()
    if not lines or not lines[0].isdigit() or len(lines) != 1 + 2 * int(lines[0]):
        return None
    numbers = [int(n) for n in lines[1:] if n.isdigit()]
    if len(numbers) != len(lines) - 1:
        return None
    boards = frozenset(
        (numbers[i], numbers[i + 1]) for i in range(0, len(numbers), 2) if numbers[i + 1]
    )
    byes = [numbers[i] for i in range(0, len(numbers), 2) if not numbers[i + 1]]
    return boards, byes[0] if byes else None


def time_external(template: str, target: Event) -> Timing:
    """Run the external command on every round file of ``target``; wall times."""
    seconds: list[float] = []
    pairs: list[Pairs | None] = []
    with tempfile.TemporaryDirectory() as folder:
        for number in target.round_numbers():
            output = Path(folder) / f"round{number:02}.out"
            command = template.format(
                input=shlex.quote(str(target.round_file(number))),
                output=shlex.quote(str(output)),
                system=target.system.value,
            )
            start = time.perf_counter()
            completed = subprocess.run(
                shlex.split(command), capture_output=True, text=True, check=False
            )
            seconds.append(time.perf_counter() - start)
            if completed.returncode != 0:
                reason = completed.stderr.strip()[:200]
                print(
                    f"  round {number}: {command!r} exited {completed.returncode}: {reason}",
                    file=sys.stderr,
                )
                pairs.append(None)
                continue
            text = output.read_text() if "{output}" in template else completed.stdout
            pairs.append(_parse_output(text))
    return Timing(seconds=tuple(seconds), pairs=tuple(pairs))


def external_reference(template: str, system: System) -> Reference:
    """The external engine of ``--vs`` as the sweep's reference: each round the sweep
    paired is written as a round file (``bench/events.py``), paired by the command and
    timed as :func:`time_external` times it, and its pairs compared with ours."""

    def reference(state: TournamentState, ours: RoundPairing) -> tuple[float, bool]:
        with tempfile.TemporaryDirectory() as folder:
            source = Path(folder) / "round.trf"
            source.write_text(round_text(state, system), encoding="utf-8")
            output = Path(folder) / "round.out"
            command = template.format(
                input=shlex.quote(str(source)), output=shlex.quote(str(output)), system=system.value
            )
            start = time.perf_counter()
            completed = subprocess.run(
                shlex.split(command), capture_output=True, text=True, check=False
            )
            took = time.perf_counter() - start
            if completed.returncode != 0:
                return took, False
            text = output.read_text() if "{output}" in template else completed.stdout
        return took, _parse_output(text) == _pairs(ours)

    return reference


def _csv(text: str) -> list[str]:
    return [item.strip() for item in text.split(",") if item.strip()]


def _sweep_sizes(args: argparse.Namespace) -> list[int]:
    return [int(n) for n in _csv(args.sweep_sizes)]


def _sweep_options(args: argparse.Namespace) -> tuple[int | None, str, frozenset[int]]:
    """The sweep's cap on rounds, and the external engine with the sizes it runs at."""
    return args.sweep_rounds or None, args.vs, frozenset(int(n) for n in _csv(args.vs_sizes))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bench",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--sizes", default="100,500,1000,2000", help="numbers of players")
    parser.add_argument(
        "--systems",
        default=",".join(s.value for s in System if s in SYSTEMS),
        help="systems to time (default: every implemented one)",
    )
    parser.add_argument("--rounds", type=int, default=11, help="rounds per event (default 11)")
    parser.add_argument("--seed", type=int, default=2026, help="generator seed (default 2026)")
    parser.add_argument("--vs", default="", metavar="COMMAND", help="external engine template")
    parser.add_argument("--out", type=Path, default=OUT, help="cache folder (default bench/out)")
    parser.add_argument("--no-standings", action="store_true", help="do not time the standings")
    parser.add_argument(
        "--vs-sizes",
        default="",
        metavar="SIZES",
        help="run the external engine only at these sizes (default: every size)",
    )
    parser.add_argument(
        "--near-round-robin",
        action="store_true",
        help="also time events whose rounds approach the number of players (see NEAR_ROUND_ROBIN)",
    )
    parser.add_argument(
        "--sweep",
        type=int,
        default=1,
        metavar="N",
        help="also sweep N random events per system and size (bench/sweep.py; default 1, 0: none)",
    )
    parser.add_argument(
        "--sweep-sizes",
        default=",".join(str(n) for n in SWEEP_SIZES),
        metavar="SIZES",
        help="numbers of players of the sweep's events (default: "
        f"{','.join(str(n) for n in SWEEP_SIZES)}; up to 150 by option)",
    )
    parser.add_argument(
        "--sweep-rounds",
        type=int,
        default=0,
        metavar="N",
        help="at most N rounds per sweep event (default 0: no cap, between three quarters "
        "of the field and a round robin; e.g. 15 for --sweep-sizes 2000)",
    )
    parser.add_argument(
        "--only-sweep", action="store_true", help="run the sweep alone (no fixed events)"
    )
    parser.add_argument(
        "--replay",
        nargs=5,
        metavar=("SYSTEM", "PLAYERS", "ROUNDS", "SEED", "ROUND"),
        help="pair one round of a sweep event again, alone, and print its time",
    )
    parser.add_argument("--profile", action="store_true", help="with --replay: cProfile it")
    return parser


def _replay(args: argparse.Namespace) -> int:
    name, *numbers = args.replay
    try:
        system = System(name)
        players, rounds, seed, number = (int(n) for n in numbers)
        print(replay(system, players, rounds, seed, number, profile=args.profile))
    except (ValueError, NoValidPairing) as exc:
        print(f"bench: {exc}", file=sys.stderr)
        return 2
    return 0


WORST_SHOWN = 10
"""How many of the sweep's slowest rounds are listed with the command that replays them."""


def _sweep(
    systems: Sequence[System],
    sizes: Sequence[int],
    events: int,
    seed: int,
    max_rounds: int | None = None,
    vs: str = "",
    vs_sizes: frozenset[int] = frozenset(),
) -> None:
    capped = f", at most {max_rounds} rounds each" if max_rounds else ""
    print(f"sweep: {events} events per system and size, seeds from {seed}{capped}", flush=True)
    print(HEADER, flush=True)
    worst: list[Case] = []
    for system in systems:
        for players in sizes:
            external = vs and (not vs_sizes or players in vs_sizes)
            reference = external_reference(vs, system) if external else None
            result = sweep_size(
                system, players, events, seed, max_rounds=max_rounds, reference=reference
            )
            print(row(result), flush=True)
            worst.extend(result.cases)
    worst.sort(key=lambda c: c.cpu, reverse=True)
    print("the rounds of the sweep that took the most processor time (wall time beside):")
    for case in worst[:WORST_SHOWN]:
        print(f"  {case.cpu:7.3f} s ({case.seconds:7.3f} s)  {case.replay_command()}")


NEAR_ROUND_ROBIN = ((12, 11), (16, 15), (20, 19), (30, 27), (50, 45), (100, 60))
"""Players and rounds of events that come close to a round robin: their late rounds have
few pairs left to choose from, the hardest case for C.4 (completion).  An event stops
before a round that has no valid pairing at all."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its table; returns the exit status."""
    args = _parser().parse_args(argv)
    if args.replay:
        return _replay(args)
    sizes = [int(s) for s in _csv(args.sizes)]
    vs_sizes = {int(s) for s in _csv(args.vs_sizes)}
    try:
        systems = [System(s) for s in _csv(args.systems)]
    except ValueError as exc:
        print(f"bench: {exc}", file=sys.stderr)
        return 2
    missing = [s.value for s in systems if s not in SYSTEMS]
    if missing:
        print(f"bench: not implemented yet: {', '.join(missing)}", file=sys.stderr)
        return 2
    if args.only_sweep:
        _sweep(systems, _sweep_sizes(args), args.sweep, args.seed, *_sweep_options(args))
        return 0
    header = f"{'system':<10} {'players':>7} {'rounds':>6} {'median s':>9} {'slowest s':>9} "
    header += f"{'at':>3} {'peak MB':>8}"
    if args.vs:
        header += f" {'vs median':>9} {'vs slowest':>10} {'speedup':>8} {'same':>5}"
    print(header, flush=True)
    jobs = [(system, size, args.rounds) for system in systems for size in sizes]
    if args.near_round_robin:
        jobs += [(system, n, r) for system in systems for n, r in NEAR_ROUND_ROBIN]
    largest: Event | None = None
    for system, size, rounds in jobs:
        if size > MAX_TRF_PLAYERS:
            ours, peak = time_in_memory(system, size, rounds, args.seed)
            slowest_at = ours.seconds.index(ours.slowest) + 1
            print(
                f"{system.value:<10} {size:>7} {len(ours.seconds):>6} {ours.median:>9.3f} "
                f"{ours.slowest:>9.3f} {slowest_at:>3} {peak:>8.1f}  (in memory: no TRF file)",
                flush=True,
            )
            continue
        target = event(system, size, rounds, args.seed, args.out)
        start = time.perf_counter()
        try:
            generated = ensure(target)
        except NoValidPairing as exc:
            print(f"{system.value:<10} {size:>7} could not be generated: {exc}", flush=True)
            continue
        if generated:
            took = time.perf_counter() - start
            print(
                f"  (generated {target.folder.name} in {took:.1f} s)", file=sys.stderr, flush=True
            )
        if target.stopped_file.exists():
            stopped = target.stopped_file.read_text(encoding="utf-8").strip()
            print(f"  ({target.folder.name} stops before {stopped})", file=sys.stderr, flush=True)
        ours, peak = time_engine(target)
        numbers = target.round_numbers()
        slowest_at = numbers[ours.seconds.index(ours.slowest)]
        line = (
            f"{system.value:<10} {size:>7} {len(numbers):>6} {ours.median:>9.3f} "
            f"{ours.slowest:>9.3f} {slowest_at:>3} {peak:>8.1f}"
        )
        if args.vs and (not vs_sizes or size in vs_sizes):
            theirs = time_external(args.vs, target)
            same = sum(1 for a, b in zip(ours.pairs, theirs.pairs, strict=True) if a and a == b)
            speedup = theirs.median / max(ours.median, 1e-9)
            line += (
                f" {theirs.median:>9.3f} {theirs.slowest:>10.3f} {speedup:>7.1f}x "
                f"{same:>2}/{len(numbers):<2}"
            )
        print(line, flush=True)
        if target.final_file.exists() and (largest is None or size > largest.players):
            largest = target
    if largest is not None and not args.no_standings:
        final = load(largest.final_file)
        times = []
        for _ in range(STANDINGS_REPEATS):
            start = time.perf_counter()
            standings(final, tiebreaks=STANDINGS_TIEBREAKS)
            times.append(time.perf_counter() - start)
        codes = ",".join(t.value for t in STANDINGS_TIEBREAKS)
        print(
            f"standings of {largest.folder.name} ({codes}): best {min(times):.3f} s, "
            f"slowest {max(times):.3f} s of {STANDINGS_REPEATS}"
        )
        print(f"prize list of {largest.folder.name}: {_time_prizes(final):.3f} s")
    if args.sweep:
        _sweep(systems, _sweep_sizes(args), args.sweep, args.seed, *_sweep_options(args))
    peak_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory of this process: {peak_rss:.0f} MB")
    return 0


PRIZE_TABLE = """Place: 5000, 3000, 2000, 1500, 1000, 800, 600, 500, 400, 300
Rating below 2200: 400, 300, 200
Rating below 2000: 300, 200, 100
Rating below 1800: 200, 100, 50
Rating 1400-1599: 100, 50
Born 2010 or later: 150, 100
Born 1966 or earlier: 150, 100, "a book"
Women: 300, 200, 100
Women and rating below 1800: 80, 40
Unrated: 100
Club Club 7: 50"""
"""A large open's prize table: place, rating, juniors', seniors', women's (also combined
with a rating), unrated and club prizes, and a prize in kind."""


def _time_prizes(final: TournamentState) -> float:
    """The prize list of the event's final standings (#24's budget: 2,000 players)."""

    from swissweb.tournament.standings.prizes import (  # Django only for this bench
        Contender,
        prize_list,
        read_table,
    )

    rows = standings(final, tiebreaks=STANDINGS_TIEBREAKS[:3])
    players = {p.pairing_number: p for p in final.players}
    contenders = [
        Contender(key=int(row.pairing_number), name=row.name, place=row.rank,
                  number=int(row.pairing_number),
                  points=Fraction(row.points), rating=players[row.pairing_number].rating,
                  birth_year=1990 + int(row.pairing_number) % 30,
                  sex="w" if int(row.pairing_number) % 5 == 0 else "m",
                  club=f"Club {int(row.pairing_number) % 40}")
        for row in rows
    ]  # fmt: skip
    groups = read_table(PRIZE_TABLE)
    start = time.perf_counter()
    for sharing in ("split", "hort", "none"):
        prize_list(groups, contenders, sharing)
    return (time.perf_counter() - start) / 3


if __name__ == "__main__":
    sys.exit(main())
