"""The comparison with the endorsed program as one command (#37, the endorsement dossier).

    python -m bench.parity --reference /path/to/bbpPairings.exe            # tasks 0-5,119
    python -m bench.parity --reference REF --start 5000 --tasks 120 --jobs 2 --keep DIR

Each task is one random tournament, paired round by round by one program and checked by
the other, as ``bench/README.md`` ("Parity with the endorsed program") describes:

1. three tasks in five: the reference generates (``REF --dutch -g CONFIG -o FILE -s
   SEED``, its own rates of draws, forfeits, byes and withdrawals), and ``python -m
   pairing --dutch FILE -c --rounds R`` pairs every round again and compares;
2. two in five: swissweb generates (a random event of ``tests/engine/corpus.py``: late
   entries, absences, full-point and half-point byes, forfeits, withdrawals, Baku
   acceleration in a quarter of them) and ``REF --dutch FILE -c`` checks it.

Task *i* draws from ``random.Random("parity-5000 i")``: players log-uniform in
10-``--players-max`` (400), rounds uniform in 5-13 but fewer than the players.  The
reference is not part of the project: build or download it yourself and name it with
``--reference``.  A check whose exit status is not 0 counts as a difference, with its
output kept; a tournament the reference's generator cannot make (too many rounds for
too few players) is counted apart.  The exit status is 1 when any tournament differs.
"""

from __future__ import annotations

import argparse
import math
import random
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from pairing.engine import System, trf
from pairing.engine.model import PairingOptions
from tests.engine.corpus import EventSpec, event_trf, play_event

FIRST_KIND_OF_FIVE = 3
"""Tasks 0, 1 and 2 of every five are of the first kind (the reference generates)."""


@dataclass(frozen=True, slots=True)
class Task:
    """One tournament of the comparison: everything that makes it again."""

    index: int
    reference_generates: bool
    players: int
    rounds: int
    seed: int
    accelerated: bool
    late: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of one task: ``same``, ``differs`` or ``not generated``."""

    task: Task
    verdict: str
    rounds_checked: int
    detail: str = ""


def task(index: int, players_max: int = 400) -> Task:
    """Task ``index``, drawn from its own seed."""
    rng = random.Random(f"parity-5000 {index}")
    players = round(math.exp(rng.uniform(math.log(10), math.log(players_max))))
    rounds = min(rng.randint(5, 13), players - 1)
    return Task(
        index=index,
        reference_generates=index % 5 < FIRST_KIND_OF_FIVE,
        players=players,
        rounds=rounds,
        seed=rng.randrange(2**31),
        accelerated=rng.random() < 0.25,
        late=rng.randint(0, max(1, players // 12)),
    )


def _run(command: Sequence[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # noqa: S603 - the reference the user named, and our own command
        list(command), capture_output=True, text=True, check=False, timeout=3600
    )


def _rounds_in(trf_text: str) -> int:
    """The rounds paired in a TRF file: the most any player's line holds."""
    return max((len(player.rounds) for player in trf.read_trf(trf_text).players), default=0)


def run_task(item: Task, reference: str, folder: Path) -> Outcome:
    """Generate task ``item`` with one program and check it with the other."""
    path = folder / f"parity-{item.index:05d}.trf"
    ours = [sys.executable, "-m", "pairing", "--dutch"]
    if item.reference_generates:
        config = folder / f"parity-{item.index:05d}.config"
        config.write_text(f"PlayersNumber={item.players}\nRoundsNumber={item.rounds}\n")
        made = _run(
            [reference, "--dutch", "-g", str(config), "-o", str(path), "-s", str(item.seed)]
        )
        if made.returncode != 0 or not path.is_file():
            return Outcome(item, "not generated", 0, (made.stdout + made.stderr).strip())
        # The planned rounds, which the reference's file does not record.
        check = [*ours, str(path), "-c", "--rounds", str(item.rounds)]
    else:
        spec = EventSpec(
            system=System.DUTCH,
            players=item.players,
            rounds=item.rounds,
            seed=item.seed,
            options=PairingOptions(acceleration=item.accelerated or None),
            forbidden=0,
            late=item.late,
        )
        state, withdrawn_after, _played = play_event(spec)
        path.write_text(event_trf(spec, state, withdrawn_after), encoding="utf-8")
        check = [reference, "--dutch", str(path), "-c"]
    checked = _run(check)
    rounds = _rounds_in(path.read_text(encoding="utf-8"))
    if checked.returncode != 0:
        return Outcome(item, "differs", rounds, (checked.stdout + checked.stderr).strip())
    return Outcome(item, "same", rounds)


def summary(outcomes: Sequence[Outcome]) -> str:
    """The table of ``bench/README.md``: tournaments, rounds and differences per kind."""
    lines = ["| comparison | tournaments | rounds | players | discrepancies | not generated |"]
    lines.append("|---|---:|---:|---:|---:|---:|")
    kinds = (
        (True, "1: the reference generates, we check"),
        (False, "2: we generate, the reference checks"),
    )
    for reference_generates, label in kinds:
        done = [o for o in outcomes if o.task.reference_generates is reference_generates]
        made = [o for o in done if o.verdict != "not generated"]
        sizes = [o.task.players for o in made]
        size = f"{min(sizes)}-{max(sizes)}" if sizes else "-"
        differs = sum(o.verdict == "differs" for o in made)
        lines.append(
            f"| {label} | {len(made):,} | {sum(o.rounds_checked for o in made):,} | {size} "
            f"| {differs} | {len(done) - len(made)} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.parity", description=__doc__)
    parser.add_argument("--reference", required=True, help="the endorsed program's executable")
    parser.add_argument("--start", type=int, default=0, help="the first task (default 0)")
    parser.add_argument("--tasks", type=int, default=5120, help="how many tasks (default 5120)")
    parser.add_argument("--players-max", type=int, default=400, help="largest field (400)")
    parser.add_argument("--jobs", type=int, default=2, help="tasks run at once (default 2)")
    parser.add_argument("--keep", type=Path, help="keep every TRF file in this folder")
    args = parser.parse_args(argv)
    if args.keep is not None and not args.keep.is_dir():
        parser.error(f"--keep {args.keep}: not a folder")
    tasks = [task(i, args.players_max) for i in range(args.start, args.start + args.tasks)]
    with tempfile.TemporaryDirectory(prefix="parity-") as scratch:
        folder = args.keep or Path(scratch)
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            outcomes = list(pool.map(lambda t: run_task(t, args.reference, folder), tasks))
    for outcome in outcomes:
        if outcome.verdict != "same":
            first = outcome.detail.splitlines()[0] if outcome.detail else ""
            print(f"task {outcome.task.index}: {outcome.verdict} {first}")
    print(summary(outcomes))
    return 1 if any(o.verdict == "differs" for o in outcomes) else 0


if __name__ == "__main__":
    raise SystemExit(main())
