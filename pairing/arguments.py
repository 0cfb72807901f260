"""The command line's arguments: the parser, its --help text and its exit statuses.

``pairing.cli`` runs what they ask for; this module only reads them.
"""

from __future__ import annotations

import argparse
import enum
import os
import sys
from typing import TYPE_CHECKING, NoReturn

from pairing.engine import SYSTEMS, System

if TYPE_CHECKING:
    from pairing.engine.tiebreaks import TieBreakSpec

F10_TIEBREAKS = "DE1,ARO,LOT"
"""The 1992 Dutch rules' F10 (``standings.DEFAULT_TIEBREAKS``), as --help names them:
written out so that pairing a round does not import the tie-breaks (a test holds the
two equal)."""

TIEBREAK_RULES = ("fide2023", "fide2026")
"""The texts of FIDE C.07 that --tiebreak-rules chooses from (``UnplayedRounds``),
written out for the same reason."""


class ExitStatus(enum.IntEnum):
    """The exit statuses, as bbpPairings numbers them where it has the same case."""

    OK = 0
    NO_VALID_PAIRING = 1
    USAGE = 2
    INVALID_INPUT = 3
    CHECK_FAILED = 4
    FILE_ERROR = 5


EPILOG = """\
pairing output (-p): the number of pairs on the first line, then one "white black" line
per board in board order, and "N 0" for the pairing-allocated bye.  The round paired is
the one after the last round with a game, a forfeit or a U; players with H, F or Z in its
column, or listed in XXZ, are not paired.  Without XXR (or 142, or --rounds R) no round is
taken as the last one, so the last-round exceptions (Note to Dutch B, Lim 13) are not
applied.  Without XXC the top seed's colour is the one that reproduces the file's round
1, or drawn from -s SEED before round 1.  --explain prints the rules that decided the
pairing to standard error, one "rule: text" line each, so the pairs stay machine-readable.

check mode (-c): every round r of the file is paired again from the rounds before it
(with the players the file shows as not paired in round r excused, and the initial
colour taken as -p takes it); each round whose
pairing differs from the engine's, and each violation of the absolute criteria in the
file's own pairing, is printed on standard output, one "round r: ..." line each.

generate mode (-g): a random tournament paired by the system, written as TRF with XXR,
XXC and "SWY system"; the same -s SEED gives the same file.

standings (--standings): CSV with rank, pairing_number, name, points and one column per
tie-break; -s seeds the drawing of lots (LOT).

exit status:
  0  success (check mode: every round identical to the engine's and legal)
  1  no valid pairing exists for the round to pair (or for a round of -g)
  2  wrong command-line arguments
  3  invalid input: a malformed TRF file (reported as file:line:column: message), a
     system not available, or a request that cannot be met (all rounds already paired)
  4  check mode found a round that differs from the engine's or breaks a rule
  5  a file could not be read or written
Other errors are reported as "pairing: message" on standard error.
"""


class _Parser(argparse.ArgumentParser):
    """argparse, reporting a wrong command line on one line as ``pairing: message``."""

    def error(self, message: str) -> NoReturn:
        self.exit(ExitStatus.USAGE, f"pairing: {message} (see --help)\n")


def _tiebreak_codes(text: str) -> tuple[TieBreakSpec, ...]:
    from pairing.engine.tiebreaks import parse_tiebreaks  # only --standings reads these

    try:
        return parse_tiebreaks(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def help_width() -> int:
    """The columns --help fills: ``COLUMNS`` when it is a positive number, else the
    terminal's width on standard output, else 80, less 2 for the margin, as argparse
    gets them from ``shutil.get_terminal_size``.  Asked here, because argparse's own
    formatter imports shutil (and with it bz2 and lzma: 1.6 ms) for every argument
    that is added, on every run."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0 and sys.__stdout__ is not None:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (ValueError, OSError):  # closed, detached, or not a terminal
            columns = 0
    return (columns or 80) - 2


def _formatter(prog: str) -> argparse.HelpFormatter:
    return argparse.RawDescriptionHelpFormatter(prog, width=help_width())


def argument_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m pairing",
        description="Swiss-system pairing engines in the JaVaFo/bbpPairings calling convention.",
        epilog=EPILOG,
        formatter_class=_formatter,
    )
    systems = parser.add_mutually_exclusive_group()
    for system in System:
        available = "" if system in SYSTEMS else " (not available yet)"
        systems.add_argument(
            f"--{system.value}",
            dest="system",
            action="store_const",
            const=system,
            help=f"pair by the {system.value} system{available}",
        )
    parser.add_argument("input", nargs="?", help="the TRF file to pair or check")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "-p",
        dest="pair",
        nargs="?",
        const="-",
        metavar="OUTPUT",
        help="pair the next round; write the pairs to OUTPUT (default: standard output)",
    )
    mode.add_argument("-c", dest="check", action="store_true", help="check every round of the file")
    mode.add_argument(
        "-g", dest="generate", action="store_true", help="generate a random tournament"
    )
    mode.add_argument("--standings", metavar="TRF", help="print the standings of a TRF file")
    parser.add_argument("-o", dest="output", metavar="OUTPUT", help="the TRF file -g writes")
    parser.add_argument(
        "-s", dest="seed", type=int, default=0, help="seed of the lots and of -g (default 0)"
    )
    parser.add_argument("--players", type=int, default=40, help="players for -g (default 40)")
    parser.add_argument(
        "--rounds",
        type=int,
        metavar="R",
        help="rounds for -g (default 9); with -p and -c, the planned number of rounds "
        "(instead of XXR or 142)",
    )
    parser.add_argument(
        "--tiebreaks",
        type=_tiebreak_codes,
        default=None,
        metavar="CODES",
        help="tie-breaks for --standings, any FIDE C.07 code with its modifiers, in order, "
        "e.g. BH-C1,BH,SB,ARO-M1,KS,TPR,DE (default: the file's SWK or TRF-2026 202/212 "
        f"list, else the 1992 Dutch rules' F10: {F10_TIEBREAKS})",
    )
    parser.add_argument(
        "--tiebreak-rules",
        choices=TIEBREAK_RULES,
        default=None,
        help="for --standings, the text of FIDE C.07 that counts unplayed rounds: fide2023 "
        "(2024 text) or fide2026 (amended from 1 March 2026); default: the one in force on "
        "the start date of the file's 042 record, else today's",
    )
    parser.add_argument(
        "--unrated-rating",
        type=int,
        default=None,
        metavar="N",
        help="for --standings, the rating unrated players count with in ARO (C.07 Article "
        "10); without it ARO is left out when an unrated player takes part",
    )
    parser.add_argument(
        "--explain",
        action="store_true",
        help="with -p, print the rules that decided the pairing to standard error",
    )
    return parser


__all__ = [
    "EPILOG",
    "F10_TIEBREAKS",
    "TIEBREAK_RULES",
    "ExitStatus",
    "argument_parser",
    "help_width",
]
