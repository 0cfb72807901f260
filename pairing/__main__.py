"""Command line in the calling convention of JaVaFo and bbpPairings.

    python -m pairing --dutch1992 input.trf -p [output]     pair the next round
    python -m pairing --dutch1992 input.trf -c              check every round of a file
    python -m pairing --dutch1992 -g -o out.trf [-s SEED] [--players N --rounds R]
    python -m pairing --standings input.trf [--tiebreaks BH,BH-C1,SB]

This is the only module that turns errors into exit codes and messages.
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections.abc import Sequence
from pathlib import Path

from pairing.engine import SYSTEMS, EngineError, NoValidPairing, System, TrfError, pair_round
from pairing.engine.checker import check_round
from pairing.engine.generator import generate_tournament
from pairing.engine.model import RoundPairing
from pairing.engine.standings import standings
from pairing.engine.tiebreaks import DUTCH_F10, parse_tiebreaks, truncated
from pairing.engine.trf import decode_trf, read_trf, state_from_trf, trf_from_state, write_trf

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_USAGE = 2
EXIT_INVALID_INPUT = 3
EXIT_CHECK_FAILED = 4
EXIT_FILE_ERROR = 5

EPILOG = """exit status:
  0  success
  1  no valid pairing exists for the round
  2  wrong command-line arguments
  3  invalid input: a malformed TRF file (file:line:column: message) or a bad request
  4  check mode (-c) found a difference or a violation of the absolute criteria
  5  a file could not be read or written
"""


class CommandError(Exception):
    """A problem to report with an exit status."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m pairing",
        description="Swiss-system pairing engines (JaVaFo/bbpPairings calling convention).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    systems = parser.add_mutually_exclusive_group()
    for system in System:
        available = "" if system in SYSTEMS else " (not available in this version)"
        systems.add_argument(
            f"--{system.value}",
            dest="system",
            action="store_const",
            const=system,
            help=f"use the {system.value} pairing system{available}",
        )
    parser.add_argument("input", nargs="?", help="TRF input file")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "-p", dest="pair", nargs="?", const="-", metavar="OUTPUT",
        help="pair the next round; write the pairs to OUTPUT (default: standard output)",
    )  # fmt: skip
    mode.add_argument("-c", dest="check", action="store_true", help="check every round")
    mode.add_argument("-g", dest="generate", action="store_true", help="generate a tournament")
    mode.add_argument("--standings", dest="standings", metavar="TRF", help="print standings")
    parser.add_argument("-o", dest="output", help="output file of -g")
    parser.add_argument("-s", dest="seed", type=int, default=0, help="seed for lots (default 0)")
    parser.add_argument("--players", type=int, default=40, help="players for -g (default 40)")
    parser.add_argument("--rounds", type=int, default=9, help="rounds for -g (default 9)")
    parser.add_argument(
        "--tiebreaks", default=",".join(t.value for t in DUTCH_F10),
        help="tie-breaks for --standings, e.g. BH,BH-C1,MBH,SB,PROG,DE,ARO,WIN",
    )  # fmt: skip
    parser.add_argument(
        "--explain", action="store_true",
        help="with -p, print the rules that decided each bracket and board to stderr",
    )  # fmt: skip
    return parser


def _read(path: str) -> tuple[str, object]:
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise CommandError(f"{path}: {exc.strerror}", EXIT_FILE_ERROR) from exc
    try:
        return path, read_trf(decode_trf(data))
    except TrfError as exc:
        raise CommandError(
            f"{path}:{exc.line}:{exc.column}: {exc.message}", EXIT_INVALID_INPUT
        ) from exc


def _write(path: str, text: str) -> None:
    if path == "-":
        sys.stdout.write(text)
        return
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CommandError(f"{path}: {exc.strerror}", EXIT_FILE_ERROR) from exc


def pairs_text(pairing: RoundPairing) -> str:
    """The JaVaFo/bbpPairings output: the number of pairs, then ``white black`` lines."""
    lines = [f"{board.white} {board.black}" for board in pairing.boards]
    if pairing.pairing_allocated_bye is not None:
        lines.append(f"{pairing.pairing_allocated_bye} 0")
    return "\n".join([str(len(lines)), *lines]) + "\n"


def _system(args: argparse.Namespace) -> System:
    if args.system is None:
        raise CommandError("choose a pairing system, e.g. --dutch1992", EXIT_USAGE)
    if args.system not in SYSTEMS:
        raise CommandError(
            f"pairing system {args.system.value!r} is not available in this version",
            EXIT_INVALID_INPUT,
        )
    return args.system  # type: ignore[no-any-return]


def _state(path: str, doc: object, **kwargs: object) -> object:
    try:
        return state_from_trf(doc, **kwargs)  # type: ignore[arg-type]
    except TrfError as exc:
        raise CommandError(
            f"{path}:{exc.line}:{exc.column}: {exc.message}", EXIT_INVALID_INPUT
        ) from exc


def _pair(args: argparse.Namespace) -> int:
    system = _system(args)
    path, doc = _read(args.input)
    state = _state(path, doc)
    pairing = pair_round(state, system, seed=args.seed)  # type: ignore[arg-type]
    _write(args.pair, pairs_text(pairing))
    if args.explain:
        for step in pairing.explanation:
            print(f"{step.rule}: {step.text}", file=sys.stderr)
    return EXIT_OK


def _file_pairing(state: object, doc: object, number: int) -> RoundPairing:
    """The pairing a file records for round ``number``."""
    from pairing.engine.model import Board, PairingNumber

    boards = []
    bye = None
    for player in doc.players:  # type: ignore[attr-defined]
        block = player.rounds[number - 1] if number <= len(player.rounds) else None
        if block is None:
            continue
        if block.result == "U":
            bye = PairingNumber(player.start_rank)
        elif block.opponent is not None and block.color == "w":
            boards.append((player.start_rank, block.opponent))
    return RoundPairing(
        round_number=number,
        boards=tuple(
            Board(number=i, white=PairingNumber(w), black=PairingNumber(b))
            for i, (w, b) in enumerate(sorted(boards), start=1)
        ),
        pairing_allocated_bye=bye,
    )


def _check(args: argparse.Namespace) -> int:
    system = _system(args)
    path, doc = _read(args.input)
    final = _state(path, doc)
    status = EXIT_OK
    for number in range(1, final.rounds_completed + 1):  # type: ignore[attr-defined]
        state = _state(path, doc, round_to_pair=number)
        recorded = _file_pairing(state, doc, number)
        for violation in check_round(state, recorded, system):  # type: ignore[arg-type]
            print(f"round {number}: {violation.rule}: {violation.message}")
            status = EXIT_CHECK_FAILED
        try:
            engine = pair_round(state, system, seed=args.seed)  # type: ignore[arg-type]
        except NoValidPairing as exc:
            print(f"round {number}: the engine finds no valid pairing ({exc})")
            status = EXIT_CHECK_FAILED
            continue
        ours = {frozenset((b.white, b.black)) for b in engine.boards}
        theirs = {frozenset((b.white, b.black)) for b in recorded.boards}
        if ours != theirs or engine.pairing_allocated_bye != recorded.pairing_allocated_bye:
            only_file = sorted(tuple(sorted(p)) for p in theirs - ours)
            only_engine = sorted(tuple(sorted(p)) for p in ours - theirs)
            print(f"round {number}: differs; file only {only_file}, engine only {only_engine}")
            status = EXIT_CHECK_FAILED
    if status == EXIT_OK:
        print(f"{final.rounds_completed} rounds checked: identical and legal")  # type: ignore[attr-defined]
    return status


def _generate(args: argparse.Namespace) -> int:
    system = _system(args)
    if not args.output:
        raise CommandError("-g needs -o OUTPUT", EXIT_USAGE)
    if args.players < 2 or args.rounds < 1:
        raise CommandError("--players must be at least 2 and --rounds at least 1", EXIT_USAGE)
    state = generate_tournament(
        lambda s, seed: pair_round(s, system, seed=seed),
        players=args.players,
        rounds=args.rounds,
        seed=args.seed,
    )
    doc = trf_from_state(state, name=f"Generated {system.value} seed {args.seed}",
                         system=system.value)  # fmt: skip
    _write(args.output, write_trf(doc))
    return EXIT_OK


def _standings(args: argparse.Namespace) -> int:
    path, doc = _read(args.standings)
    state = _state(path, doc)
    try:
        codes = parse_tiebreaks(args.tiebreaks)
    except ValueError as exc:
        raise CommandError(str(exc), EXIT_USAGE) from exc
    rows = standings(truncated(state, state.rounds_completed), tiebreaks=codes)  # type: ignore[attr-defined]
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(["rank", "pairing_number", "name", "points", *(c.value for c in codes)])
    for row in rows:
        writer.writerow(
            [row.rank, row.pairing_number, row.name, _number(row.points),
             *(_number(v) for v in row.values)]
        )  # fmt: skip
    return EXIT_OK


def _number(value: object) -> str:
    from fractions import Fraction

    fraction = Fraction(value)  # type: ignore[arg-type]
    if fraction.denominator == 1:
        return str(fraction.numerator)
    return f"{float(fraction):.2f}".rstrip("0")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.standings:
            return _standings(args)
        if args.generate:
            return _generate(args)
        if not args.input:
            raise CommandError("an input TRF file is needed", EXIT_USAGE)
        if args.check:
            return _check(args)
        if args.pair is not None:
            return _pair(args)
        raise CommandError("choose -p (pair), -c (check), -g or --standings", EXIT_USAGE)
    except CommandError as exc:
        print(f"pairing: {exc}" if exc.status != EXIT_INVALID_INPUT or ":" not in str(exc)
              else str(exc), file=sys.stderr)  # fmt: skip
        return exc.status
    except NoValidPairing as exc:
        print(f"pairing: no valid pairing: {exc}", file=sys.stderr)
        return EXIT_NO_PAIRING
    except EngineError as exc:
        print(f"pairing: {exc}", file=sys.stderr)
        return EXIT_INVALID_INPUT


if __name__ == "__main__":
    sys.exit(main())
