"""A TRF file as read: its 001 player records with their round blocks, and every other line.

A :class:`TrfDocument` keeps the lines it was read from, so every record we do not
interpret (team records 013/310, NRS records, 801, unknown tags, comments) survives a read
and a write, and an unchanged player line is written back exactly as it was read.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction
from typing import Literal

from pairing.engine.errors import TrfError
from pairing.engine.messages import Message
from pairing.engine.model import PairingNumber, RequestKind, Title

from .columns import BYE_KINDS, ROUND_COLOR, ROUND_OPPONENT, ROUND_RESULT, ROUND_STEP, TITLE, TITLES


@dataclass(frozen=True, slots=True, kw_only=True)
class TrfRound:
    """One round block of a 001 line: opponent, color and result code."""

    opponent: int | None
    """The opponent's starting rank; ``None`` for ``0000`` or blank."""
    color: str = "-"
    """``w``, ``b`` or ``-`` (a blank color is read as ``-``)."""
    result: str = ""
    """The result code, upper case; ``""`` when blank (which means the same as ``Z``)."""

    @property
    def blank(self) -> bool:
        """True for a block with no opponent and no result: not paired."""
        return self.opponent is None and not self.result

    @property
    def paired(self) -> bool:
        """True for a game, a forfeit or the pairing-allocated bye (``U``): only a pairing
        makes those."""
        return self.opponent is not None or self.result == "U"

    @property
    def pairing_allocated_bye(self) -> bool:
        """True for the pairing-allocated bye (``0000 - U``)."""
        return self.opponent is None and self.result == "U"

    @property
    def full_point_bye(self) -> bool:
        """True for a full-point bye: ``F``, or ``+`` without an opponent (old style)."""
        return self.opponent is None and self.result in ("F", "+")

    @property
    def bye_kind(self) -> RequestKind | None:
        """The bye a block without an opponent records by its own code (``H``, ``F`` or
        ``Z``; not ``U``, a blank, nor the old ``+``/``-``); ``None`` for any other block."""
        if self.opponent is not None:
            return None
        return BYE_KINDS.get(self.result)


@dataclass(frozen=True, slots=True, kw_only=True)
class TrfPlayer:
    """A player record (001), its fields stripped of padding."""

    start_rank: int
    """The starting-rank number (columns 5-8): the pairing number, which C.04 (2026)
    calls the Tournament Pairing Number (TPN)."""
    sex: str = ""
    title: str = ""
    """As written: ``GM``, ``WIM``, or an old code such as ``g`` or ``wf``."""
    name: str = ""
    rating: int = 0
    """0 when blank."""
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    """As written; usually ``YYYY/MM/DD``."""
    points: Fraction | None = None
    """Columns 81-84 in the tournament's point system; ``None`` when blank."""
    rank: int | None = None
    rounds: tuple[TrfRound, ...] = ()
    """One block per round column, without trailing blank blocks."""
    line: int = field(default=0, compare=False)
    """Line number in the file read; 0 for a player added in code."""

    @property
    def pairing_number(self) -> PairingNumber:
        """The starting rank as the engine's pairing number."""
        return PairingNumber(self.start_rank)

    def round(self, number: int) -> TrfRound:
        """Round ``number``'s block (1-based); a blank block after the last one written."""
        return self.rounds[number - 1] if number <= len(self.rounds) else _BLANK

    def not_paired_in(self, number: int) -> TrfPlayer:
        """This record with round ``number``'s block ``0000 - Z`` and nothing after it
        (rounds before it not written are blank): the player is not paired in that
        round.  Written in the round to pair, it is how JaVaFo and bbpPairings are told
        to leave a player out of it (bbpPairings reads that column as the round's byes)."""
        before = self.rounds[: number - 1]
        blocks = (*before, *(_BLANK,) * (number - 1 - len(before)))
        return replace(self, rounds=(*blocks, TrfRound(opponent=None, result="Z")))

    def title_error(self, message: str | Message) -> TrfError:
        """An error about this player's title, at its column."""
        return TrfError(message, line=self.line, column=TITLE[0])

    def round_error(
        self, number: int, message: str | Message, *, at: Literal["opponent", "color", "result"]
    ) -> TrfError:
        """An error about round ``number``'s block, at the column of its opponent, colour
        or result."""
        column = {"opponent": ROUND_OPPONENT[0], "color": ROUND_COLOR, "result": ROUND_RESULT}
        return TrfError(message, line=self.line, column=round_column(number, column[at]))


_BLANK = TrfRound(opponent=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class TrfRecord:
    """Any line other than a 001 player record, kept exactly as written."""

    text: str
    line: int = field(default=0, compare=False)
    """Line number in the file read; 0 for a record added in code."""

    @property
    def tag(self) -> str:
        """Columns 1-3: ``012``, ``XXR``, ``###``..."""
        return self.text[:3]

    @property
    def rest(self) -> str:
        """The text from column 5 on."""
        return self.text[4:]


@dataclass(frozen=True, slots=True, kw_only=True)
class TrfField:
    """A value read from a record, with where it was written (for the reader's errors)."""

    value: str
    line: int
    column: int
    text: str = field(default="", compare=False)
    """The record's whole line."""

    def error(self, message: str | Message) -> TrfError:
        """An error about this value, at its line and column."""
        return TrfError(message, line=self.line, column=self.column, text=self.text)


@dataclass(frozen=True, slots=True, kw_only=True)
class TrfDocument:
    """A TRF file: its player records, its other records, and the lines it was read from.

    :func:`write_trf` puts every player and record at its ``line``.  Players added in
    code (``line`` 0) follow the last player read; records added in code go at the end.
    """

    players: tuple[TrfPlayer, ...]
    records: tuple[TrfRecord, ...] = ()
    """Every other line, blank lines included, in file order."""
    lines: tuple[str, ...] = ()
    """The lines as read (line ends and a byte-order mark removed); empty when built."""

    def tagged(self, tag: str) -> list[tuple[int, str]]:
        """The records with ``tag`` as (line number, text from column 5)."""
        return [(r.line, r.rest) for r in self.records if r.tag == tag]

    def player(self, start_rank: int) -> TrfPlayer | None:
        """The player with this starting rank, if any."""
        return next((p for p in self.players if p.start_rank == start_rank), None)


def player_title(player: TrfPlayer) -> Title | None:
    """The player's FIDE title (:data:`TITLES` codes, old ones too); ``Title.NONE`` when
    blank, ``None`` for a code that is not a title."""
    code = player.title.upper()
    return TITLES.get(code) if code else Title.NONE


def round_column(round_number: int, column: int) -> int:
    """The column of a round-1 field (92, 97 or 99) in round ``round_number``."""
    return column + ROUND_STEP * (round_number - 1)


def last_paired_round(doc: TrfDocument) -> int:
    """The last round with a game, a forfeit or a pairing-allocated bye (``U``).

    Only a pairing makes those, so such a round has been paired.  A column holding only
    ``H``, ``F`` and ``Z`` byes may be the requests for the round to pair (JaVaFo AUM);
    a ``U`` never is: a one-player round, or a round where the only player present got
    the bye, is still a round paired.
    """
    return max(
        (
            number
            for player in doc.players
            for number, block in enumerate(player.rounds, start=1)
            if block.paired
        ),
        default=0,
    )


def start_date(doc: TrfDocument) -> date | None:
    """The start date of the tournament (record 042: YYYY/MM/DD, YYYY-MM-DD or
    YYYY.MM.DD), or None when there is none that reads as a date."""
    for _, text in doc.tagged("042"):
        day = parse_start_date(text)
        if day is not None:
            return day
    return None


def parse_start_date(text: str) -> date | None:
    """A 042 record's text as a date (see :func:`start_date`), None if it is not one."""
    digits = re.fullmatch(r"\s*([0-9]{4})[/.-]([0-9]{2})[/.-]([0-9]{2})\s*", text)
    if digits:
        year, month, day = (int(part) for part in digits.groups())
        with contextlib.suppress(ValueError):
            return date(year, month, day)
    return None
