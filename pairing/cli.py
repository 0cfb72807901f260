"""Command line in the calling convention of JaVaFo and bbpPairings (``python -m pairing``,
started by ``pairing.__main__``).

    python -m pairing --dutch1992 input.trf -p [output]   pair the next round
    python -m pairing --dutch1992 input.trf -c            check every round of a file
    python -m pairing --dutch1992 -g -o out.trf [-s SEED] [--players N] [--rounds R]
    python -m pairing --standings input.trf [--tiebreaks BH,BH-C1,SB]

This module and its argument parser (``pairing.arguments``, with the --help text) are
the only ones that turn errors into messages and exit statuses (STYLE 1.8); the engine
raises, and never prints or exits.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from pairing.arguments import ExitStatus, argument_parser
from pairing.engine import SYSTEMS, EngineError, NoValidPairing, System, TrfError, pair_round
from pairing.engine.model import (
    Colour,
    GameRecord,
    Outcome,
    PairingNumber,
    RoundPairing,
    TournamentState,
)
from pairing.engine.trf import (
    TrfDocument,
    decode_trf,
    fide_tiebreak_order,
    read_trf,
    start_date,
    state_from_trf,
    tiebreak_order,
    total_rounds,
    trf_from_state,
    write_trf,
)

if TYPE_CHECKING:
    from fractions import Fraction

    from pairing.engine.tiebreaks import TieBreakSpec


class CommandError(Exception):
    """A problem to report on one line of standard error, with its exit status."""

    def __init__(self, line: str, status: ExitStatus) -> None:
        super().__init__(line)
        self.line = line
        self.status = status


# --- files ------------------------------------------------------------------------------


def _located(path: str, exc: TrfError) -> CommandError:
    return CommandError(f"{path}:{exc.line}:{exc.column}: {exc.message}", ExitStatus.INVALID_INPUT)


def _read(path: str) -> TrfDocument:
    """The TRF document in ``path``.

    :raises CommandError: the file cannot be read (5) or is malformed (3).
    """
    try:
        with open(path, "rb") as source:
            data = source.read()
    except OSError as exc:
        raise CommandError(
            f"pairing: cannot read {path}: {exc.strerror}", ExitStatus.FILE_ERROR
        ) from exc
    try:
        doc = read_trf(decode_trf(data))
    except TrfError as exc:
        raise _located(path, exc) from exc
    if not doc.players:
        raise CommandError(
            f"{path}:1:1: no player record (001) in the file", ExitStatus.INVALID_INPUT
        )
    return doc


def _state(path: str, doc: TrfDocument, round_to_pair: int | None = None) -> TournamentState:
    try:
        return state_from_trf(doc, round_to_pair=round_to_pair)
    except TrfError as exc:
        raise _located(path, exc) from exc


def _write(path: str, text: str) -> None:
    if path == "-":
        sys.stdout.write(text)
        return
    try:
        with open(path, "w", encoding="utf-8") as target:
            target.write(text)
    except OSError as exc:
        raise CommandError(
            f"pairing: cannot write {path}: {exc.strerror}", ExitStatus.FILE_ERROR
        ) from exc


# --- modes ------------------------------------------------------------------------------


def pairs_text(pairing: RoundPairing) -> str:
    """The JaVaFo/bbpPairings output: the number of pairs, then ``white black`` lines.

    The pairing-allocated bye is the last line, ``N 0``, and counts as a pair.
    """
    lines = [f"{board.white} {board.black}" for board in pairing.boards]
    if pairing.pairing_allocated_bye is not None:
        lines.append(f"{pairing.pairing_allocated_bye} 0")
    return "\n".join([str(len(lines)), *lines]) + "\n"


def _system(args: argparse.Namespace) -> System:
    system: System | None = args.system
    if system is None:
        raise CommandError(
            "pairing: choose a pairing system: "
            + ", ".join(f"--{s.value}" for s in System if s in SYSTEMS),
            ExitStatus.USAGE,
        )
    if system not in SYSTEMS:
        available = ", ".join(f"--{s.value}" for s in System if s in SYSTEMS)
        raise CommandError(
            f"pairing: the {system.value} system is not available yet (available: {available})",
            ExitStatus.INVALID_INPUT,
        )
    return system


def _input(args: argparse.Namespace) -> str:
    path: str | None = args.input
    if path is None:
        raise CommandError("pairing: name the TRF input file", ExitStatus.USAGE)
    return path


def _planned_rounds(args: argparse.Namespace, doc: TrfDocument) -> int | None:
    """The planned number of rounds: ``--rounds``, else XXR or 142; None when unknown.

    :raises CommandError: ``--rounds`` is less than 1 (2).
    """
    if args.rounds is not None:
        if args.rounds < 1:
            raise CommandError("pairing: --rounds must be at least 1", ExitStatus.USAGE)
        return int(args.rounds)
    return total_rounds(doc)


def _with_rounds(state: TournamentState, planned: int | None) -> TournamentState:
    """The state with the planned rounds; when unknown, the round to pair is not the last.

    Without XXR the file does not say whether the round to pair is the last one, and the
    last-round exceptions (Note to Dutch B, Lim 13) lift absolute criteria: they apply
    only when the number of rounds is known.
    """
    return replace(state, total_rounds=planned or state.round_number + 1)


def _pair(args: argparse.Namespace) -> ExitStatus:
    system = _system(args)
    path = _input(args)
    doc = _read(path)
    state = _with_rounds(_state(path, doc), _planned_rounds(args, doc))
    if state.round_number > state.total_rounds:
        raise CommandError(
            f"pairing: {path}: all {state.total_rounds} rounds have been paired",
            ExitStatus.INVALID_INPUT,
        )
    if state.initial_colour is None:
        colour = _initial_colour(path, doc, state, system, args)
        state = replace(state, initial_colour=colour)
    pairing = pair_round(state, system, seed=args.seed)
    _write(args.pair, pairs_text(pairing))
    if args.explain:
        for step in pairing.explanation:
            print(f"{step.rule}: {step.text}", file=sys.stderr)
    return ExitStatus.OK


def _initial_colour(
    path: str, doc: TrfDocument, final: TournamentState, system: System, args: argparse.Namespace
) -> Colour | None:
    """The top seed's colour in round 1 that the file's own colours show, if any.

    A file without XXC or 152 leaves the lot of round 1 unsaid.  The first round with
    a coloured board is paired again with each colour; the one whose colours agree with
    more of the file's boards is the colour the lot gave.  When neither agrees more (the
    file was paired differently), the colour of the top paired player of that round is
    taken, as bbpPairings does.
    """
    from pairing.engine.checker import (  # only a file with XXC needs it
        recorded_pairing,
        recorded_requests,
    )

    for number in range(1, final.rounds_completed + 1):
        recorded = recorded_pairing(final, number)
        coloured = {
            (board.white, board.black)
            for board in recorded.boards
            for record in (_record_of(final, board.white, number),)
            if record is not None and record.colour is not None
        }
        if not coloured:
            continue
        before = replace(
            _with_rounds(_state(path, doc, round_to_pair=number), _planned_rounds(args, doc)),
            requests=recorded_requests(final, number),
        )
        agreement: dict[Colour, int] = {}
        for colour in (Colour.WHITE, Colour.BLACK):
            try:
                engine = pair_round(replace(before, initial_colour=colour), system, seed=args.seed)
            except NoValidPairing:
                break
            agreement[colour] = sum((b.white, b.black) in coloured for b in engine.boards)
        if len(agreement) == 2 and agreement[Colour.WHITE] != agreement[Colour.BLACK]:
            return max(agreement, key=lambda colour: agreement[colour])
        top = min(coloured, key=lambda pair: min(pair))
        return Colour.WHITE if min(top) == top[0] else Colour.BLACK
    return None


def _record_of(
    state: TournamentState, number: PairingNumber, round_number: int
) -> GameRecord | None:
    for player in state.players:
        if player.pairing_number == number:
            return player.history[round_number - 1]
    return None


def _oriented(
    recorded: RoundPairing,
    engine: RoundPairing | None,
    before: TournamentState,
    final: TournamentState,
    system: System,
) -> RoundPairing:
    """The file's pairing, with colours chosen where the file records none.

    A forfeit may be written with ``-`` for both colours: the colours it was scheduled
    with are unknown.  Such a board takes the engine's colours when the engine made the
    same pair, otherwise the colours that break no rule if there are such, so the check
    reports only what the file says.
    """
    from pairing.engine.checker import check_round  # -p does not check

    number = recorded.round_number
    ours = {frozenset({b.white, b.black}): b for b in engine.boards} if engine else {}
    boards = []
    for board in recorded.boards:
        record = _record_of(final, board.white, number)
        if record is not None and record.colour is None:
            same = ours.get(frozenset({board.white, board.black}))
            if same is not None:
                board = replace(board, white=same.white, black=same.black)
            else:
                swapped = replace(board, white=board.black, black=board.white)
                alone = replace(recorded, boards=(replace(board, number=1),))
                if [v for v in check_round(before, alone, system) if v.rule != "pairing"]:
                    board = swapped
        boards.append(board)
    return replace(recorded, boards=tuple(boards))


def _check(args: argparse.Namespace) -> ExitStatus:
    from pairing.differences import differences  # -p does not check
    from pairing.engine.checker import (  # -p does not check
        check_round,
        recorded_pairing,
        recorded_requests,
    )

    system = _system(args)
    path = _input(args)
    doc = _read(path)
    planned = _planned_rounds(args, doc)
    final = _state(path, doc)
    initial = final.initial_colour or _initial_colour(path, doc, final, system, args)
    status = ExitStatus.OK
    for number in range(1, final.rounds_completed + 1):
        paired_from = _with_rounds(_state(path, doc, round_to_pair=number), planned)
        gone = {p.pairing_number for p in paired_from.players if p.withdrawn}
        before = replace(
            paired_from,
            # A player who withdrew (SWW) is left out, not excused.
            requests=tuple(
                r for r in recorded_requests(final, number) if r.pairing_number not in gone
            ),
            initial_colour=initial,
        )
        engine: RoundPairing | None
        try:
            engine = pair_round(before, system, seed=args.seed)
        except NoValidPairing as exc:
            engine, failure = None, f"the engine finds no valid pairing: {exc}"
        recorded = _oriented(recorded_pairing(final, number), engine, before, final, system)
        byes = sorted(
            p.pairing_number
            for p in final.players
            if p.history[number - 1].outcome is Outcome.PAIRING_ALLOCATED_BYE
        )
        problems = [f"{v.rule}: {v.message}" for v in check_round(before, recorded, system)]
        if len(byes) > 1:
            listed = " ".join(str(n) for n in byes)
            problems.append(
                f"pairing: {len(byes)} players have the pairing-allocated bye: {listed}"
            )
        problems += [failure] if engine is None else differences(recorded, engine, final)
        for problem in problems:
            print(f"round {number}: {problem}")
        if problems:
            status = ExitStatus.CHECK_FAILED
    if status is ExitStatus.OK:
        print(f"{final.rounds_completed} rounds checked: identical to the engine's and legal")
    return status


def _generate(args: argparse.Namespace) -> ExitStatus:
    from pairing.engine.generator import generate_tournament  # only -g generates

    system = _system(args)
    if not args.output:
        raise CommandError("pairing: -g needs -o OUTPUT", ExitStatus.USAGE)
    rounds = 9 if args.rounds is None else args.rounds
    if args.players < 2 or rounds < 1:
        raise CommandError(
            "pairing: --players must be at least 2 and --rounds at least 1", ExitStatus.USAGE
        )
    state = generate_tournament(system, players=args.players, rounds=rounds, seed=args.seed)
    doc = trf_from_state(
        state, name=f"Random {system.value} tournament, seed {args.seed}", system=system.value
    )
    _write(args.output, write_trf(doc))
    return ExitStatus.OK


def _decimal(value: Fraction) -> str:
    """A tie-break value as a CSV number: exact when it has at most two decimals."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def _file_tiebreaks(path: str, doc: TrfDocument) -> tuple[TieBreakSpec, ...]:
    """The tie-breaks the file names (SWK, else TRF-2026 202 or 212), else the 1992
    Dutch rules' (F10).

    :raises CommandError: the file names a code we do not know (3), at its line.
    """
    from pairing.engine.standings import DEFAULT_TIEBREAKS  # only --standings reads these
    from pairing.engine.tiebreaks import as_spec, parse_tiebreaks  # only --standings reads these

    order = tiebreak_order(doc) or fide_tiebreak_order(doc)
    if order is None:
        return tuple(map(as_spec, DEFAULT_TIEBREAKS))
    try:
        return parse_tiebreaks(order.value)
    except ValueError as exc:
        raise _located(path, order.error(str(exc))) from exc


def _standings(args: argparse.Namespace) -> ExitStatus:
    import csv  # only --standings writes CSV

    from pairing.engine.standings import standings  # pairing needs no standings
    from pairing.engine.tiebreaks import (  # pairing needs no standings
        UnplayedRounds,
        as_spec,
        unplayed_rounds_for,
    )

    path: str = args.standings
    doc = _read(path)
    state = _state(path, doc)
    given = args.tiebreaks
    codes = _file_tiebreaks(path, doc) if given is None else tuple(map(as_spec, given))
    if args.tiebreak_rules:
        rules = UnplayedRounds(args.tiebreak_rules)
    else:
        rules = unplayed_rounds_for(start_date(doc))
    rows = standings(
        replace(state, requests=()),
        tiebreaks=codes,
        unplayed=rules,
        unrated_rating=args.unrated_rating,
        lot_seed=args.seed,
    )
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(["rank", "pairing_number", "name", "points", *(c.value for c in codes)])
    for row in rows:
        writer.writerow(
            [
                row.rank,
                row.pairing_number,
                row.name,
                _decimal(row.points),
                *(_decimal(v) for v in row.values),
            ]
        )
    return ExitStatus.OK


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (see ``--help``)."""
    args = argument_parser().parse_args(argv)
    try:
        if args.standings:
            return _standings(args)
        if args.generate:
            return _generate(args)
        if args.check:
            return _check(args)
        if args.pair is not None:
            return _pair(args)
        raise CommandError(
            "pairing: choose -p (pair), -c (check), -g (generate) or --standings",
            ExitStatus.USAGE,
        )
    except CommandError as exc:
        print(exc.line, file=sys.stderr)
        return exc.status
    except NoValidPairing as exc:
        print(f"pairing: no valid pairing: {exc}", file=sys.stderr)
        return ExitStatus.NO_VALID_PAIRING
    except EngineError as exc:
        print(f"pairing: {exc}", file=sys.stderr)
        return ExitStatus.INVALID_INPUT
