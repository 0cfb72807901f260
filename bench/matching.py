"""Matching libraries compared: ``python -m bench.matching`` (issue #5).

The engines check, again and again, whether the players still to be paired can all be
paired: a maximum-cardinality matching of the compatibility graph (players are the
vertices, an edge where two may meet).  This script builds that graph from the bench's
cached Dutch events (see ``bench/events.py``; generated when missing) at a few rounds:
the players to be paired in the round (not withdrawn, absent or on a bye), an edge
between two who have not met (a forfeit is not a meeting) and are not a forbidden pair.
On each graph it times, as the median of ``--repeat`` runs:

- ours: ``pairing.engine.matching.maximum_matching`` on the adjacency lists;
- networkx: ``networkx.max_weight_matching(G, maxcardinality=True)`` (every edge of
  weight 1, so a maximum-cardinality matching);
- rustworkx: ``rustworkx.max_weight_matching(graph, max_cardinality=True)``;

and, for the two libraries, the conversion of our adjacency lists to their graph type,
which an engine would pay on every check.  It checks that all three matchings have the
same size.  networkx and rustworkx are not dependencies of the project: a library that
is not installed is left out (``pip install networkx rustworkx`` into the venv to
compare).  A library whose single run takes longer than ``--budget`` seconds is run once
only on that graph, and not at all on larger events.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

from pairing.engine import System
from pairing.engine.history import opponents_met
from pairing.engine.matching import maximum_matching
from pairing.engine.model import TournamentState

from .events import OUT, ensure, event, load

Adjacency = list[list[int]]


@dataclass(frozen=True, slots=True)
class Measured:
    """One library on one graph: median seconds of conversion and of matching, and the
    matching size (``None`` when the library was skipped)."""

    convert: float
    match: float
    size: int | None

    @property
    def total(self) -> float:
        return self.convert + self.match


SKIPPED = Measured(0.0, 0.0, None)


def compatibility_graph(state: TournamentState) -> Adjacency:
    """The players to be paired in the state's next round, an edge where two may meet."""
    excused = {r.pairing_number for r in state.requests}
    players = sorted(
        (p for p in state.players if not p.withdrawn and p.pairing_number not in excused),
        key=lambda p: p.pairing_number,
    )
    forbidden: dict[int, set[int]] = {}
    for pair in state.forbidden_pairs:
        a, b = sorted(pair)
        forbidden.setdefault(a, set()).add(b)
        forbidden.setdefault(b, set()).add(a)
    barred = [opponents_met(p) | forbidden.get(p.pairing_number, set()) for p in players]
    numbers = [p.pairing_number for p in players]
    return [
        [j for j, other in enumerate(numbers) if j != i and other not in barred[i]]
        for i in range(len(players))
    ]


def _edges(adjacent: Adjacency) -> list[tuple[int, int]]:
    return [(i, j) for i, row in enumerate(adjacent) for j in row if i < j]


def _ours(adjacent: Adjacency) -> int:
    return sum(1 for m in maximum_matching(adjacent) if m != -1) // 2


def _networkx_graph(nx: ModuleType, adjacent: Adjacency) -> Any:
    graph = nx.Graph()
    graph.add_nodes_from(range(len(adjacent)))
    graph.add_edges_from(_edges(adjacent))
    return graph


def _networkx_match(nx: ModuleType, graph: Any) -> int:
    return len(nx.max_weight_matching(graph, maxcardinality=True))


def _rustworkx_graph(rx: ModuleType, adjacent: Adjacency) -> Any:
    graph = rx.PyGraph()
    graph.add_nodes_from(range(len(adjacent)))
    graph.add_edges_from_no_data(_edges(adjacent))
    return graph


def _rustworkx_match(rx: ModuleType, graph: Any) -> int:
    return len(rx.max_weight_matching(graph, max_cardinality=True))


def _as_is(adjacent: Adjacency) -> Adjacency:
    return adjacent


def measure(
    convert: Callable[[], Any], match: Callable[[Any], int], repeat: int, budget: float
) -> Measured:
    """Median conversion and matching times over ``repeat`` runs (one if over budget)."""
    converts: list[float] = []
    matches: list[float] = []
    size = 0
    for _ in range(repeat):
        start = time.perf_counter()
        graph = convert()
        middle = time.perf_counter()
        size = match(graph)
        converts.append(middle - start)
        matches.append(time.perf_counter() - middle)
        if time.perf_counter() - start > budget:
            break
    return Measured(statistics.median(converts), statistics.median(matches), size)


def _library(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _cell(measured: Measured, *, convert: bool) -> str:
    if measured.size is None:
        return f"{'-':>9}" + (f" {'-':>9}" if convert else "")
    text = f"{measured.match:9.4f}"
    if convert:
        text = f"{measured.convert:9.4f} {text}"
    return text


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bench.matching",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--sizes", default="100,500,1000,2000", help="numbers of players")
    parser.add_argument("--at", default="3,7,11", help="rounds whose graphs are timed")
    parser.add_argument("--repeat", type=int, default=5, help="runs per graph (median)")
    parser.add_argument("--budget", type=float, default=10.0, help="seconds per run, see above")
    parser.add_argument("--seed", type=int, default=2026, help="generator seed (default 2026)")
    parser.add_argument("--out", type=Path, default=OUT, help="cache folder (default bench/out)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Time the three matchings on every graph and print the table; the exit status."""
    args = _parser().parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    rounds = [int(r) for r in args.at.split(",") if r.strip()]
    nx = _library("networkx")
    rx = _library("rustworkx")
    for name, module in (("networkx", nx), ("rustworkx", rx)):
        if module is None:
            print(f"({name} is not installed: timing without it)", file=sys.stderr)
        else:
            print(f"({name} {module.__version__})", file=sys.stderr)
    print(
        f"{'players':>7} {'round':>5} {'vertices':>8} {'edges':>9} {'size':>5} "
        f"{'ours s':>9} {'nx conv':>9} {'nx match':>9} {'rx conv':>9} {'rx match':>9} "
        f"{'nx total':>9} {'rx total':>9}",
        flush=True,
    )
    over: dict[str, int] = {}  # the event size at which a library first ran over budget
    status = 0
    for players in sizes:
        target = event(System("dutch1992"), players, max(rounds), args.seed, args.out)
        ensure(target)
        for number in rounds:
            adjacent = compatibility_graph(load(target.round_file(number)))
            edges = sum(len(row) for row in adjacent) // 2
            ours = measure(partial(_as_is, adjacent), _ours, args.repeat, args.budget)
            results = {}
            for name, module, build, match in (
                ("networkx", nx, _networkx_graph, _networkx_match),
                ("rustworkx", rx, _rustworkx_graph, _rustworkx_match),
            ):
                if module is None or over.get(name, players) < players:
                    results[name] = SKIPPED
                    continue
                results[name] = measure(
                    partial(build, module, adjacent),
                    partial(match, module),
                    args.repeat,
                    args.budget,
                )
                if results[name].total > args.budget:
                    over.setdefault(name, players)
            sizes_found = {r.size for r in (ours, *results.values()) if r.size is not None}
            if len(sizes_found) != 1:
                print(f"  sizes differ: {ours.size} {results}", file=sys.stderr)
                status = 1
            totals = [
                f"{r.total:9.4f}" if r.size is not None else f"{'-':>9}" for r in results.values()
            ]
            print(
                f"{players:>7} {number:>5} {len(adjacent):>8} {edges:>9} {ours.size:>5} "
                f"{ours.match:9.4f} {_cell(results['networkx'], convert=True)} "
                f"{_cell(results['rustworkx'], convert=True)} {' '.join(totals)}",
                flush=True,
            )
    return status


if __name__ == "__main__":
    sys.exit(main())
