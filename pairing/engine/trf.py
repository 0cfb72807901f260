"""FIDE Tournament Report File (TRF): read, check and write it, and convert it to a state.

Editions:

- TRF16, FIDE Handbook C.04 Annex 2 ("by Christian Krause (Torino, June 1st 2006) -
  Updated: Tromsø, August 13th 2014 - Approved: Elista, August 10th 2015"): the 001 player
  record and the 012-132 headers;
- TRF-2026 (approved by the FIDE Council on 12/05/2025, applied from 01/09/2025), the
  records for individual events: ``###`` comments, 142 rounds, 152 initial colour,
  162 point system, 240 byes, 250 acceleration, 260 prohibited pairings (192, 202/212,
  222 and 299 are kept as written but not interpreted);
- TRF(x), the extensions of the JaVaFo Advanced User Manual (JaVaFo 2.2):
  ``XXR XXC XXS XXA XXZ XXP``;
- TRF(bx), the extensions of bbpPairings v6: ``BBW BBD BBL BBZ BBF BBU``;
- our own extension lines, which other programs ignore as unknown records:

  ``SWC NNNN name``
      club or school of player NNNN (ESCA 7): number at columns 5-8, name from column 10;
  ``SWT NNNN NNNN ...``
      the top players (ESCA 3), numbers separated by spaces;
  ``SWW NNNN R``
      player NNNN withdrew after round R: number at columns 5-8, round from column 10;
  ``SWY name``
      the pairing system the file is for (``dutch1992``, ``lim``, ``esca``, ``sb``);

  and, for a full backup of an event (written by the web app's export, read by its
  "new event from a TRF backup"):

  ``SWN NNNN name``
      player NNNN's whole name, when it is longer than the 33 columns of the 001 line
      (number at columns 5-8, name from column 10);
  ``SWA NNNN area``
      local area of player NNNN (ESCA 27), same columns as SWC;
  ``SWO name=value name=value ...``
      event options, one ``name=value`` word each (values without spaces); the names
      are the web app's, and this module only checks the ``name=value`` form;
  ``SWK codes``
      the tie-break order, comma-separated, in our codes (``BH-C1``, ``DE1``, ``LOT``...);
  ``SWR RRR state seed paired published completed``
      round RRR (columns 5-7), its state (``paired``, ``published``, ``completed``), the
      seed of its lots, and when it was paired, published and completed (ISO 8601,
      ``-`` for not yet), words separated by spaces;
  ``SWG RRR BBBB WWWW KKKK result``
      board BBBB of round RRR: white WWWW, black KKKK (``0000`` for the pairing-allocated
      bye) and the result (``1-0 0-1 1/2 +- -+ -- adj``, blank while not yet played).
      Round RRR at columns 5-7, board 9-12, white 14-17, black 19-22, result from 24.
      A board with a result must agree with both players' 001 round blocks; a board not
      yet played leaves both blocks blank (TRF16 has no code for "paired, not played").

Columns are 1-based and inclusive, as numbered in the FIDE documents.  A
:class:`TrfDocument` keeps the lines it was read from, so every record we do not
interpret (team records 013/310, NRS records, 801, unknown tags, comments) survives a read
and a write, and an unchanged player line is written back exactly as it was read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from functools import partial

from .acceleration import accelerated_points, round_1_participants
from .errors import TrfError
from .history import score
from .model import (
    AcceleratedPoints,
    Colour,
    GameRecord,
    Outcome,
    PairingNumber,
    PairingOptions,
    Player,
    Points,
    PointSystem,
    RequestKind,
    Round1Separation,
    RoundRequest,
    Title,
    TournamentState,
)

Span = tuple[int, int]
"""First and last column of a field, 1-based and inclusive."""

# --- Columns (TRF16 = TRF-2026 for the 001 record) ---------------------------------------

PLAYER_TAG = "001"
START_RANK: Span = (5, 8)
SEX: Span = (10, 10)
TITLE: Span = (11, 13)
NAME: Span = (15, 47)
RATING: Span = (49, 52)
FEDERATION: Span = (54, 56)
FIDE_ID: Span = (58, 68)
BIRTH_DATE: Span = (70, 79)
POINTS: Span = (81, 84)
RANK: Span = (86, 89)
ROUND_OPPONENT: Span = (92, 95)
"""Round 1's opponent; each later round's block starts ``ROUND_STEP`` columns further on."""
ROUND_COLOR = 97
ROUND_RESULT = 99
ROUND_STEP = 10

RESULT_CODES = ("1", "0", "=", "+", "-", "W", "D", "L", "H", "F", "U", "Z")
"""TRF16 result codes; blank is the same as ``Z``."""
BYE_CODES = frozenset({"H", "F", "U", "Z"})
GAME_CODES = frozenset({"1", "0", "=", "W", "D", "L"})
"""Results of a game actually played (``W D L``: lasted less than one move)."""
COMPLEMENT = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}
"""The result the opponent must have; a double forfeit (``-`` against ``-``) is also allowed."""

# JaVaFo XXA: number at 5-8, round r's points at 10 + 5(r-1), four characters each.
XXA_RANK: Span = (5, 8)
XXA_FIRST_POINTS: Span = (10, 13)
XXA_STEP = 5
# Our SWC and SWW lines.
SWC_RANK: Span = (5, 8)
SWC_NAME = 10
SWW_RANK: Span = (5, 8)
SWW_ROUND = 10
SWN_RANK: Span = (5, 8)
SWN_NAME = 10
SWA_RANK: Span = (5, 8)
SWA_NAME = 10
SWR_ROUND: Span = (5, 7)
SWG_ROUND: Span = (5, 7)
SWG_BOARD: Span = (9, 12)
SWG_WHITE: Span = (14, 17)
SWG_BLACK: Span = (19, 22)
SWG_RESULT = 24
SWG_RESULTS = ("1-0", "0-1", "1/2", "+-", "-+", "--", "adj")
"""Results an SWG line can carry; blank means not yet played."""
SWG_BLOCKS = {
    "1-0": (("1", "W"), ("0", "L")), "0-1": (("0", "L"), ("1", "W")),
    "1/2": (("=", "D"), ("=", "D")), "adj": (("=",), ("=",)),
    "+-": (("+",), ("-",)), "-+": (("-",), ("+",)), "--": (("-",), ("-",)),
}  # fmt: skip
"""The 001 result codes white and black may have for each SWG result."""
ROUND_STATES = ("paired", "published", "completed")
# TRF-2026 162: code at 6, value at 7-10; further pairs every 9 columns.
T162_FIRST_CODE = 6
T162_STEP = 9
# TRF-2026 240: bye type at 5, round at 7-9, starting ranks at 11-14, 16-19, ...
T240_TYPE = 5
T240_ROUND: Span = (7, 9)
T240_FIRST_RANK = 11
# TRF-2026 250 (individuals): game points at 10-13, rounds at 15-17 and 19-21, players at
# 23-26 and 28-31.
T250_GAME_POINTS: Span = (10, 13)
T250_FIRST_ROUND: Span = (15, 17)
T250_LAST_ROUND: Span = (19, 21)
T250_FIRST_PLAYER: Span = (23, 26)
T250_LAST_PLAYER: Span = (28, 31)
# TRF-2026 260: rounds at 5-7 and 9-11, starting ranks at 13-16, 18-21, ...
T260_FIRST_ROUND: Span = (5, 7)
T260_LAST_ROUND: Span = (9, 11)
T260_FIRST_RANK = 13
RANK_LIST_STEP = 5
"""Width of one starting-rank field, with its separating space, in 240 and 260 lists."""

TITLES = {
    "GM": Title.GM, "WGM": Title.WGM, "IM": Title.IM, "WIM": Title.WIM, "FM": Title.FM,
    "WFM": Title.WFM, "CM": Title.CM, "WCM": Title.WCM,
    "G": Title.GM, "WG": Title.WGM, "M": Title.IM, "WM": Title.WIM, "F": Title.FM,
    "WF": Title.WFM,
}  # fmt: skip
"""TRF title codes, upper-cased; the one- and two-letter codes are those of old files."""

_NUMBER = re.compile(r"[0-9]+")
_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")
_LINE_END = re.compile(r"\r\n|\r|\n")


# --- The document -------------------------------------------------------------------------


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


@dataclass(frozen=True, slots=True, kw_only=True)
class TrfPlayer:
    """A player record (001), its fields stripped of padding."""

    start_rank: int
    """The starting rank, i.e. the pairing number (columns 5-8)."""
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


# --- Reading ------------------------------------------------------------------------------


def decode_trf(data: bytes) -> str:
    """The text of a TRF file: UTF-8 with or without BOM, else Windows-1252, else ISO-8859-1."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    for encoding in ("utf-8", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("iso-8859-1")


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
"""Control characters (tab excepted): no field of a TRF holds one, and a database text
column refuses NUL."""


def read_trf(text: str) -> TrfDocument:
    """Read and check a TRF file's text.

    Checks every field of the 001 lines, that each game is recorded by both players with
    opposite colours and complementary results, and the extension lines listed in the
    module docstring.

    :raises TrfError: the first problem found, with its line and column.
    """
    lines = tuple(_LINE_END.split(text.removeprefix("\ufeff")))
    if lines and lines[-1] == "":
        lines = lines[:-1]
    players: list[TrfPlayer] = []
    records: list[TrfRecord] = []
    seen: dict[int, int] = {}
    for number, line in enumerate(lines, start=1):
        control = _CONTROL.search(line)
        if control is not None:
            raise TrfError(
                f"control character U+{ord(control.group()):04X} is not text",
                line=number,
                column=control.start() + 1,
                text=line,
            )
        if line[:3] != PLAYER_TAG:
            records.append(TrfRecord(text=line, line=number))
            continue
        player = _parse_player(_character_columns(line), number)
        if player.start_rank in seen:
            raise TrfError(
                f"starting rank {player.start_rank} is used again "
                f"(first on line {seen[player.start_rank]})",
                line=number,
                column=START_RANK[0],
                text=line,
            )
        seen[player.start_rank] = number
        players.append(player)
    doc = TrfDocument(players=tuple(players), records=tuple(records), lines=lines)
    check_trf(doc)
    return doc


SEPARATORS = (48, 53, 57, 69, 80, 85)
"""Columns a 001 line leaves blank between the fields after the name (TRF16)."""


def _character_columns(line: str) -> str:
    """A 001 line whose columns were counted in UTF-8 bytes, realigned on characters.

    Programs that pad with byte counts (C's ``printf("%-33s")``) write "Müller" in 33
    bytes, one character short, and every later field moves left by one column per
    accented letter.  TRF counts characters.  When a line with such letters has a
    field separator that is not blank, but all are blank when the line is counted in
    bytes, the name is read from its bytes and padded to 33 characters.
    """
    if line.isascii():
        return line
    raw = line.encode("utf-8").decode("latin-1")

    def blank(text: str) -> bool:
        return all(column > len(text) or text[column - 1] == " " for column in SEPARATORS)

    if blank(line) or not blank(raw):
        return line
    name = _cut(raw, NAME).encode("latin-1").decode("utf-8", errors="replace")
    return raw[: NAME[0] - 1] + name.ljust(NAME[1] - NAME[0] + 1) + raw[NAME[1] :]


def _cut(line: str, span: Span) -> str:
    return line[span[0] - 1 : span[1]]


def round_column(round_number: int, column: int) -> int:
    """The column of a round-1 field (92, 97 or 99) in round ``round_number``."""
    return column + ROUND_STEP * (round_number - 1)


def _parse_player(line: str, number: int) -> TrfPlayer:
    def fail(message: str, column: int) -> TrfError:
        return TrfError(message, line=number, column=column, text=line)

    rank_text = _cut(line, START_RANK).strip()
    if not _NUMBER.fullmatch(rank_text) or int(rank_text) == 0:
        raise fail(f"starting rank {rank_text!r} is not a number from 1 to 9999", START_RANK[0])
    rating_text = _cut(line, RATING).strip()
    if rating_text and not _NUMBER.fullmatch(rating_text):
        raise fail(f"rating {rating_text!r} is not a number", RATING[0])
    points_text = _cut(line, POINTS).strip()
    if points_text and not _DECIMAL.fullmatch(points_text):
        raise fail(f"points {points_text!r} are not a number such as 4.5", POINTS[0])
    rank_field = _cut(line, RANK).strip()
    if rank_field and not _NUMBER.fullmatch(rank_field):
        raise fail(f"rank {rank_field!r} is not a number", RANK[0])
    rounds: list[TrfRound] = []
    round_number = 1
    while round_column(round_number, ROUND_OPPONENT[0]) <= len(line):
        rounds.append(_parse_round(line, number, round_number))
        round_number += 1
    while rounds and rounds[-1].blank:
        rounds.pop()
    return TrfPlayer(
        start_rank=int(rank_text),
        sex=_cut(line, SEX).strip(),
        title=_cut(line, TITLE).strip(),
        name=_cut(line, NAME).strip(),
        rating=int(rating_text) if rating_text else 0,
        federation=_cut(line, FEDERATION).strip(),
        fide_id=_cut(line, FIDE_ID).strip(),
        birth_date=_cut(line, BIRTH_DATE).strip(),
        points=Fraction(points_text) if points_text else None,
        rank=int(rank_field) if rank_field else None,
        rounds=tuple(rounds),
        line=number,
    )


def _parse_round(line: str, number: int, round_number: int) -> TrfRound:
    opponent_column = round_column(round_number, ROUND_OPPONENT[0])
    color_column = round_column(round_number, ROUND_COLOR)
    result_column = round_column(round_number, ROUND_RESULT)
    opponent_text = line[opponent_column - 1 : opponent_column + 3].strip()
    color = line[color_column - 1 : color_column].strip().lower() or "-"
    result = line[result_column - 1 : result_column].strip().upper()

    def fail(message: str, column: int) -> TrfError:
        return TrfError(f"round {round_number} {message}", line=number, column=column, text=line)

    if opponent_text and not _NUMBER.fullmatch(opponent_text):
        raise fail(f"opponent {opponent_text!r} is not a starting rank", opponent_column)
    if color not in ("w", "b", "-"):
        raise fail(f"colour {color!r} is not w, b or -", color_column)
    if result and result not in RESULT_CODES:
        raise fail(f"result {result!r} is not one of {' '.join(RESULT_CODES)}", result_column)
    opponent = int(opponent_text) if opponent_text and int(opponent_text) else None
    if opponent is not None:
        if result in BYE_CODES:
            raise fail(
                f"result {result!r} is a bye, so the opponent must be 0000, not {opponent}",
                opponent_column,
            )
        if not result:
            raise fail(f"result is blank but opponent {opponent} is given", result_column)
        if result in GAME_CODES and color == "-":
            raise fail(f"colour of the game against {opponent} must be w or b", color_column)
    elif result in GAME_CODES:
        raise fail(f"result {result!r} needs an opponent", opponent_column)
    return TrfRound(opponent=opponent, color=color, result=result)


# --- Checking -----------------------------------------------------------------------------


def check_trf(doc: TrfDocument) -> None:
    """Check a document as a whole: games on both sides, and the extension lines.

    :func:`read_trf` calls it; call it yourself on a document built or changed in code.

    :raises TrfError: the first problem, in line order.
    """
    by_rank: dict[int, TrfPlayer] = {}
    checks: list[tuple[int, Callable[[], None]]] = []
    byes: dict[int, TrfPlayer] = {}
    for player in doc.players:
        if player.start_rank in by_rank:
            error = TrfError(
                f"starting rank {player.start_rank} is used again "
                f"(first on line {by_rank[player.start_rank].line})",
                line=player.line,
                column=START_RANK[0],
                text=_line_text(doc, player.line),
            )
            checks.append((player.line, partial(_raise, error)))
        by_rank.setdefault(player.start_rank, player)
        checks.append((player.line, partial(_check_games, doc, by_rank, player)))
        for number, block in enumerate(player.rounds, start=1):
            if block.result != "U":
                continue
            if number in byes:
                first = byes[number]
                error = TrfError(
                    f"round {number}: a second pairing-allocated bye (the first is player "
                    f"{first.start_rank}, line {first.line})",
                    line=player.line,
                    column=round_column(number, ROUND_RESULT),
                    text=_line_text(doc, player.line),
                )
                checks.append((player.line, partial(_raise, error)))
            byes.setdefault(number, player)
    ranks = set(by_rank)
    for record in doc.records:
        checker = _RECORD_CHECKS.get(record.tag)
        if checker is not None:
            checks.append((record.line, partial(checker, doc, record, ranks)))
    for _, check in sorted(checks, key=lambda item: item[0]):
        check()


def _raise(error: TrfError) -> None:
    raise error


def _line_text(doc: TrfDocument, line: int) -> str:
    return doc.lines[line - 1] if 0 < line <= len(doc.lines) else ""


def _check_games(doc: TrfDocument, by_rank: Mapping[int, TrfPlayer], player: TrfPlayer) -> None:
    """Each game is recorded by both players, with opposite colours and results (TRF16)."""
    text = _line_text(doc, player.line)
    for round_number, block in enumerate(player.rounds, start=1):
        column = round_column(round_number, ROUND_OPPONENT[0])

        def fail(message: str, column: int = column) -> TrfError:
            return TrfError(message, line=player.line, column=column, text=text)

        if block.opponent is None:
            continue
        if block.opponent == player.start_rank:
            raise fail(f"round {round_number}: player {block.opponent} is paired with themselves")
        opponent = by_rank.get(block.opponent)
        if opponent is None:
            raise fail(f"round {round_number}: opponent {block.opponent} is not in the file")
        mirror = opponent.round(round_number)
        where = f"player {opponent.start_rank} (line {opponent.line})"
        if mirror.opponent != player.start_rank:
            raise fail(
                f"round {round_number}: {where} does not record a game against {player.start_rank}"
            )
        if block.color != "-" and block.color == mirror.color:
            raise fail(
                f"round {round_number}: {where} also has colour {block.color!r}",
                round_column(round_number, ROUND_COLOR),
            )
        if mirror.result != COMPLEMENT[block.result] and not block.result == mirror.result == "-":
            raise fail(
                f"round {round_number}: result {block.result!r} but {where} has "
                f"{mirror.result!r}, not {COMPLEMENT[block.result]!r}",
                round_column(round_number, ROUND_RESULT),
            )


RecordCheck = Callable[[TrfDocument, TrfRecord, set[int]], None]


def _known(record: TrfRecord, numbers: Sequence[tuple[int, int]], ranks: set[int]) -> None:
    for rank, column in numbers:
        if rank not in ranks:
            raise TrfError(
                f"{record.tag} player {rank} is not in the file",
                line=record.line,
                column=column,
                text=record.text,
            )


def _check_rounds(doc: TrfDocument, record: TrfRecord, ranks: set[int]) -> None:
    rounds = _rounds_number(record)
    played = _last_paired_round(doc)
    if rounds < played:
        raise TrfError(
            f"{record.tag} says {rounds} rounds but round {played} has games",
            line=record.line,
            column=5,
            text=record.text,
        )


def _check_withdrawal(doc: TrfDocument, record: TrfRecord, ranks: set[int]) -> None:
    rank, after = _withdrawal(record)
    _known(record, [(rank, SWW_RANK[0])], ranks)
    player = doc.player(rank)
    for round_number, block in enumerate(player.rounds if player else (), start=1):
        if round_number > after and block.opponent is not None:
            raise TrfError(
                f"player {rank} withdrew after round {after} but has a game in round "
                f"{round_number}",
                line=record.line,
                column=SWW_ROUND,
                text=record.text,
            )


def _parses(parser: Callable[[TrfRecord], object]) -> RecordCheck:
    """A check that the record parses; the parser raises the error."""

    def check(doc: TrfDocument, record: TrfRecord, ranks: set[int]) -> None:
        parser(record)

    return check


def _players_known(numbers: Callable[[TrfRecord], list[tuple[int, int]]]) -> RecordCheck:
    """A check that the record parses and every player it names is in the file."""

    def check(doc: TrfDocument, record: TrfRecord, ranks: set[int]) -> None:
        _known(record, numbers(record), ranks)

    return check


_RECORD_CHECKS: dict[str, RecordCheck] = {
    "XXR": _check_rounds,
    "142": _check_rounds,
    "XXC": _parses(lambda record: _initial_colour(record)),
    "152": _parses(lambda record: _initial_colour(record)),
    **{tag: _parses(lambda record: _point_values(record)) for tag in ("XXS", "162")},
    **{
        tag: _parses(lambda record: _point_values(record))
        for tag in ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU")
    },
    "XXA": _players_known(lambda record: [(_xxa(record)[0], XXA_RANK[0])]),
    "250": _parses(lambda record: _acceleration_2026(record)),
    "XXZ": _players_known(lambda record: _number_list(record)),
    "XXP": _players_known(lambda record: _number_list(record)),
    "SWT": _players_known(lambda record: _number_list(record)),
    "240": _players_known(lambda record: _bye_2026(record)[2]),
    "260": _players_known(lambda record: _prohibited_2026(record)[2]),
    "SWC": _players_known(lambda record: [(_club(record)[0], SWC_RANK[0])]),
    "SWW": _check_withdrawal,
    "SWY": _parses(lambda record: _system(record)),
    "SWN": _players_known(lambda record: [(_club(record)[0], SWN_RANK[0])]),
    "SWA": _players_known(lambda record: [(_club(record)[0], SWA_RANK[0])]),
    "SWO": _parses(lambda record: _options(record)),
    "SWK": _parses(lambda record: _tiebreak_text(record)),
    "SWR": _parses(lambda record: _round_info(record)),
    "SWG": lambda doc, record, ranks: _check_game(doc, record, ranks),
}


# --- Record parsers (each raises TrfError naming its line and column) ---------------------


def _fail(record: TrfRecord, message: str, column: int) -> TrfError:
    return TrfError(f"{record.tag} {message}", line=record.line, column=column, text=record.text)


def _decimal(record: TrfRecord, text: str, column: int, what: str) -> Fraction:
    if not _DECIMAL.fullmatch(text):
        raise _fail(record, f"{what} {text!r} is not a number such as 1.5", column)
    return Fraction(text)


def _whole(record: TrfRecord, span: Span, what: str) -> int:
    text = _cut(record.text, span).strip()
    if not _NUMBER.fullmatch(text):
        raise _fail(record, f"{what} {text!r} is not a number", span[0])
    return int(text)


def _tokens(record: TrfRecord) -> Iterator[tuple[str, int]]:
    """Words from column 5 on, each with its column."""
    for match in re.finditer(r"\S+", record.text[4:]):
        yield match.group(), match.start() + 5


def _number_list(record: TrfRecord) -> list[tuple[int, int]]:
    """XXZ, XXP, SWT: starting ranks separated by spaces, each with its column."""
    numbers = []
    for token, column in _tokens(record):
        if not _NUMBER.fullmatch(token):
            raise _fail(record, f"{token!r} is not a starting rank", column)
        numbers.append((int(token), column))
    return numbers


def _fixed_number_list(record: TrfRecord, first_column: int) -> list[tuple[int, int]]:
    """TRF-2026 240/260: starting ranks in four-column fields from ``first_column``."""
    numbers = []
    for column in range(first_column, len(record.text) + 1, RANK_LIST_STEP):
        text = record.text[column - 1 : column + 3].strip()
        if not text:
            continue
        if not _NUMBER.fullmatch(text):
            raise _fail(record, f"{text!r} is not a starting rank", column)
        numbers.append((int(text), column))
    return numbers


def _rounds_number(record: TrfRecord) -> int:
    """XXR / 142: the number of rounds."""
    text = record.rest.strip()
    if not _NUMBER.fullmatch(text) or int(text) == 0:
        raise _fail(record, f"number of rounds {text!r} is not a positive number", 5)
    return int(text)


def _initial_colour(record: TrfRecord) -> Colour | None:
    """XXC ``white1``/``black1`` (and ``rank``), or 152 ``W``/``B``: round 1's top colour."""
    if record.tag == "152":
        code = record.rest.strip().upper()
        if code not in ("W", "B"):
            raise _fail(record, f"initial colour {code!r} is not W or B", 5)
        return Colour.WHITE if code == "W" else Colour.BLACK
    colour = None
    for token, column in _tokens(record):
        word = token.lower()
        if word not in ("rank", "white1", "black1"):
            raise _fail(record, f"option {token!r} is not rank, white1 or black1", column)
        if word != "rank":
            colour = Colour.WHITE if word == "white1" else Colour.BLACK
    return colour


_WINS = ("WW", "BW", "FW", "FPB")
_DRAWS = ("WD", "BD", "HPB")
_POINT_SLOTS: dict[str, dict[str, tuple[str, ...]]] = {
    "XXS": {
        **{code: (code,) for code in ("WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB")},
        **{code: (code,) for code in ("PAB", "FW", "FL")},
        "W": _WINS,
        "D": _DRAWS,
    },
    "162": {
        "W": _WINS,
        "D": _DRAWS,
        "L": ("WL", "BL"),
        "A": ("ZPB", "FL"),
        "P": ("PAB",),
        "X": (),
    },  # fmt: skip
    "BB": {
        "BBW": _WINS,
        "BBD": _DRAWS,
        "BBL": ("WL", "BL"),
        "BBZ": ("ZPB",),
        "BBF": ("FL",),
        "BBU": ("PAB",),
    },  # fmt: skip
}
"""Which JaVaFo XXS codes each code sets.  XXS ``W`` leaves PAB alone (JaVaFo); bbp's BBU and
TRF-2026's P default to the win value instead."""
_POINT_DEFAULTS = {
    "WW": Fraction(1), "BW": Fraction(1), "WD": Fraction(1, 2), "BD": Fraction(1, 2),
    "WL": Fraction(0), "BL": Fraction(0), "ZPB": Fraction(0), "HPB": Fraction(1, 2),
    "FPB": Fraction(1), "PAB": Fraction(1), "FW": Fraction(1), "FL": Fraction(0),
}  # fmt: skip

PointValue = tuple[str, Fraction, int]
"""A point-system assignment: the code set (``WW``...), its value and its column."""


def _point_values(record: TrfRecord) -> list[PointValue]:
    """XXS, 162 and BB? lines as the XXS codes they set, left to right."""
    values: list[PointValue] = []
    if record.tag == "XXS":
        for token, column in _tokens(record):
            code, equals, amount = token.partition("=")
            slots = _POINT_SLOTS["XXS"].get(code.upper())
            if slots is None or not equals:
                raise _fail(record, f"code {code!r} is not one of WW BW WD BD WL BL ZPB HPB "
                            "FPB PAB FW FL W D (as CODE=VALUE)", column)  # fmt: skip
            value = _decimal(record, amount, column + len(code) + 1, f"{code} value")
            values.extend((slot, value, column) for slot in slots)
    elif record.tag == "162":
        for column in range(T162_FIRST_CODE, len(record.text) + 1, T162_STEP):
            code = record.text[column - 1 : column].upper()
            amount = record.text[column : column + 4].strip()
            if not code.strip() and not amount:
                continue
            if code not in _POINT_SLOTS["162"]:
                raise _fail(record, f"code {code!r} is not W, D, L, A, P or X", column)
            value = _decimal(record, amount, column + 1, f"{code} value")
            values.extend((slot, value, column) for slot in _POINT_SLOTS["162"][code])
    else:
        value = _decimal(record, record.rest.strip(), 5, "points")
        values.extend((slot, value, 5) for slot in _POINT_SLOTS["BB"][record.tag])
    return values


def _xxa(record: TrfRecord) -> tuple[int, list[tuple[int, Fraction, int]]]:
    """XXA: the player and, per round, the fictitious points with their column."""
    rank = _whole(record, XXA_RANK, "player")
    rounds = []
    round_number = 1
    while (column := XXA_FIRST_POINTS[0] + XXA_STEP * (round_number - 1)) <= len(record.text):
        text = record.text[column - 1 : column + 3].strip()
        if text:
            rounds.append((round_number, _decimal(record, text, column, "points"), column))
        round_number += 1
    return rank, rounds


def _acceleration_2026(record: TrfRecord) -> tuple[Fraction, int, int, int, int] | None:
    """250: game points, first and last round, first and last player; None if team only."""
    text = _cut(record.text, T250_GAME_POINTS).strip()
    if not text:
        return None
    points = _decimal(record, text, T250_GAME_POINTS[0], "game points")
    return (
        points,
        _whole(record, T250_FIRST_ROUND, "first round"),
        _whole(record, T250_LAST_ROUND, "last round"),
        _whole(record, T250_FIRST_PLAYER, "first player"),
        _whole(record, T250_LAST_PLAYER, "last player"),
    )


_BYE_KINDS = {"H": RequestKind.HALF_POINT_BYE, "F": RequestKind.FULL_POINT_BYE,
              "Z": RequestKind.ABSENT}  # fmt: skip


def _bye_2026(record: TrfRecord) -> tuple[RequestKind, int, list[tuple[int, int]]]:
    """240: the bye type, its round and the players."""
    code = record.text[T240_TYPE - 1 : T240_TYPE].upper()
    if code not in _BYE_KINDS:
        raise _fail(record, f"bye type {code!r} is not F, H or Z", T240_TYPE)
    round_number = _whole(record, T240_ROUND, "round")
    return _BYE_KINDS[code], round_number, _fixed_number_list(record, T240_FIRST_RANK)


def _prohibited_2026(record: TrfRecord) -> tuple[int, int, list[tuple[int, int]]]:
    """260: first and last round, and the players who may not meet each other."""
    first = _whole(record, T260_FIRST_ROUND, "first round")
    last = _whole(record, T260_LAST_ROUND, "last round")
    return first, last, _fixed_number_list(record, T260_FIRST_RANK)


def _club(record: TrfRecord) -> tuple[int, str]:
    """SWC: the player and the club."""
    return _whole(record, SWC_RANK, "player"), record.text[SWC_NAME - 1 :].strip()


def _withdrawal(record: TrfRecord) -> tuple[int, int]:
    """SWW: the player and the last round before the withdrawal."""
    rank = _whole(record, SWW_RANK, "player")
    after = record.text[SWW_ROUND - 1 :].strip()
    if not _NUMBER.fullmatch(after):
        raise _fail(record, f"round {after!r} is not a number (SWW NNNN R)", SWW_ROUND)
    return rank, int(after)


def _system(record: TrfRecord) -> str:
    """SWY: the pairing system's name."""
    name = record.rest.strip()
    if not name:
        raise _fail(record, "needs the name of a pairing system", 5)
    return name


def _options(record: TrfRecord) -> list[tuple[str, str, int]]:
    """SWO: ``name=value`` words, each with its column."""
    options = []
    for token, column in _tokens(record):
        name, equals, value = token.partition("=")
        if not equals or not re.fullmatch(r"[a-z][a-z0-9_]*", name) or not value:
            raise _fail(record, f"{token!r} is not name=value", column)
        options.append((name, value, column))
    return options


def _tiebreak_text(record: TrfRecord) -> str:
    """SWK: the tie-break codes as written."""
    text = record.rest.strip()
    if not text:
        raise _fail(record, "needs the tie-break codes", 5)
    return text


@dataclass(frozen=True, slots=True, kw_only=True)
class TrfRoundInfo:
    """An SWR line: a round's state, the seed of its lots and its timestamps."""

    round_number: int
    state: str
    seed: int
    paired_at: datetime | None
    published_at: datetime | None
    completed_at: datetime | None
    line: int = field(default=0, compare=False)


def _round_info(record: TrfRecord) -> TrfRoundInfo:
    """SWR: round, state, seed and three timestamps (``-`` for none)."""
    round_number = _whole(record, SWR_ROUND, "round")
    if round_number == 0:
        raise _fail(record, "round 0 is not a round", SWR_ROUND[0])
    words = [(t, c) for t, c in _tokens(record) if c > SWR_ROUND[1]]
    if len(words) != 5:
        raise _fail(record, "needs state, seed and three timestamps after the round", 9)
    (state, state_col), (seed, seed_col) = words[0], words[1]
    if state not in ROUND_STATES:
        raise _fail(record, f"state {state!r} is not one of {' '.join(ROUND_STATES)}", state_col)
    if not re.fullmatch(r"-?[0-9]{1,19}", seed):
        raise _fail(record, f"seed {seed!r} is not a whole number", seed_col)
    stamps: list[datetime | None] = []
    for word, column in words[2:]:
        if word == "-":
            stamps.append(None)
            continue
        try:
            stamp = datetime.fromisoformat(word)
        except ValueError:
            raise _fail(record, f"{word!r} is not an ISO 8601 time", column) from None
        if stamp.tzinfo is None:
            raise _fail(record, f"{word!r} has no time zone", column)
        stamps.append(stamp)
    if stamps[0] is None:
        raise _fail(record, "a round needs the time it was paired", words[2][1])
    if state != "paired" and stamps[1] is None:
        raise _fail(record, f"a {state} round needs the time it was published", words[3][1])
    return TrfRoundInfo(
        round_number=round_number, state=state, seed=int(seed), paired_at=stamps[0],
        published_at=stamps[1], completed_at=stamps[2], line=record.line,
    )  # fmt: skip


def round_infos(doc: TrfDocument) -> list[TrfRoundInfo]:
    """The SWR lines of a checked document, in file order."""
    return [_round_info(r) for r in doc.records if r.tag == "SWR"]


@dataclass(frozen=True, slots=True, kw_only=True)
class TrfGame:
    """An SWG line: one board of a round, or the pairing-allocated bye (no black)."""

    round_number: int
    board: int
    white: int
    black: int | None
    result: str
    """One of :data:`SWG_RESULTS`, or ``""`` while not yet played (and for the bye)."""
    line: int = field(default=0, compare=False)


def _game(record: TrfRecord) -> TrfGame:
    """SWG: round, board, white, black (0000 = bye) and the result."""
    round_number = _whole(record, SWG_ROUND, "round")
    board = _whole(record, SWG_BOARD, "board")
    white = _whole(record, SWG_WHITE, "white")
    black = _whole(record, SWG_BLACK, "black")
    for value, span, what in ((round_number, SWG_ROUND, "round"), (board, SWG_BOARD, "board"),
                              (white, SWG_WHITE, "white")):  # fmt: skip
        if value == 0:
            raise _fail(record, f"{what} 0 is not allowed", span[0])
    result = record.text[SWG_RESULT - 1 :].strip()
    if result and result not in SWG_RESULTS:
        raise _fail(record, f"result {result!r} is not one of {' '.join(SWG_RESULTS)}", SWG_RESULT)
    if black == 0 and result:
        raise _fail(record, "the pairing-allocated bye has no result", SWG_RESULT)
    if black == white:
        raise _fail(record, f"player {white} cannot play themselves", SWG_BLACK[0])
    return TrfGame(
        round_number=round_number, board=board, white=white, black=black or None,
        result=result, line=record.line,
    )  # fmt: skip


def game_lines(doc: TrfDocument) -> list[TrfGame]:
    """The SWG lines of a checked document, in file order."""
    return [_game(r) for r in doc.records if r.tag == "SWG"]


def _check_game(doc: TrfDocument, record: TrfRecord, ranks: set[int]) -> None:
    """An SWG board agrees with its players' 001 round blocks."""
    game = _game(record)
    named = [(game.white, SWG_WHITE[0])]
    if game.black is not None:
        named.append((game.black, SWG_BLACK[0]))
    _known(record, named, ranks)
    r = game.round_number
    white = doc.player(game.white)
    assert white is not None
    block = white.round(r)
    if game.black is None:
        if block.opponent is not None or block.result != "U":
            raise _fail(record, f"player {game.white} has no U in round {r} on line "
                        f"{white.line}", SWG_WHITE[0])  # fmt: skip
        return
    black = doc.player(game.black)
    assert black is not None
    for player, colour, column, other in ((white, "w", SWG_WHITE[0], game.black),
                                          (black, "b", SWG_BLACK[0], game.white)):  # fmt: skip
        mine = player.round(r)
        if not game.result:
            if not mine.blank:
                raise _fail(record, f"board not yet played, but player {player.start_rank} has "
                            f"a result in round {r} on line {player.line}", column)  # fmt: skip
            continue
        codes = SWG_BLOCKS[game.result][0 if colour == "w" else 1]
        forfeit = game.result in ("+-", "-+", "--")
        if (
            mine.opponent != other
            or mine.result not in codes
            or (mine.color != colour and not (forfeit and mine.color == "-"))
        ):
            raise _fail(record, f"player {player.start_rank}'s round {r} on line {player.line} "
                        f"is not {colour} {game.result} against {other}", column)  # fmt: skip


@dataclass(frozen=True, slots=True, kw_only=True)
class TrfOption:
    """One ``name=value`` word of an SWO line, with where it was written."""

    name: str
    value: str
    line: int
    column: int
    text: str = ""


def event_options(doc: TrfDocument) -> list[TrfOption]:
    """Every SWO ``name=value`` word of a checked document, in file order."""
    return [
        TrfOption(name=name, value=value, line=record.line, column=column, text=record.text)
        for record in doc.records
        if record.tag == "SWO"
        for name, value, column in _options(record)
    ]


def tiebreak_order(doc: TrfDocument) -> TrfRecord | None:
    """The last SWK record, whose text from column 5 holds the tie-break codes."""
    found = [r for r in doc.records if r.tag == "SWK"]
    return found[-1] if found else None


def player_texts(doc: TrfDocument, tag: str) -> dict[int, str]:
    """SWC clubs, SWN whole names or SWA areas of a checked document, by starting rank."""
    return dict(_club(r) for r in doc.records if r.tag == tag)


def withdrawals(doc: TrfDocument) -> dict[int, int]:
    """SWW: the round after which each withdrawn player withdrew."""
    return dict(_withdrawal(r) for r in doc.records if r.tag == "SWW")


def top_players(doc: TrfDocument) -> set[int]:
    """SWT: the top players' starting ranks (ESCA 3)."""
    return {rank for r in doc.records if r.tag == "SWT" for rank, _ in _number_list(r)}


def byes_2026(doc: TrfDocument) -> list[tuple[TrfRecord, RequestKind, int, list[tuple[int, int]]]]:
    """TRF-2026 240 records: the record, the bye type, its round and the players."""
    return [(r, *_bye_2026(r)) for r in doc.records if r.tag == "240"]


def prohibited_groups(doc: TrfDocument) -> list[tuple[TrfRecord, list[int]]]:
    """XXP and 260 records with the players each one keeps apart (260 rounds ignored)."""
    groups = []
    for record in doc.records:
        if record.tag == "XXP":
            groups.append((record, [rank for rank, _ in _number_list(record)]))
        elif record.tag == "260":
            groups.append((record, [rank for rank, _ in _prohibited_2026(record)[2]]))
    return groups


def initial_colour(doc: TrfDocument) -> Colour | None:
    """Round 1's colour of the top player from XXC or 152, if fixed."""
    colour = None
    for record in doc.records:
        if record.tag in ("XXC", "152"):
            colour = _initial_colour(record) or colour
    return colour


# --- Writing ------------------------------------------------------------------------------


def write_trf(doc: TrfDocument) -> str:
    """The document as TRF text, lines ended with CR LF.

    A player whose fields equal those of the line it was read from is written as that
    line; any other player is formatted from its fields.  Records are written as they are.

    :raises ValueError: a field is too long for its columns.
    """
    last_player = max((p.line for p in doc.players), default=0)
    placed: list[tuple[tuple[float, int, int], str]] = []
    for index, record in enumerate(doc.records):
        placed.append(((record.line or float("inf"), 0, index), record.text))
    for index, player in enumerate(doc.players):
        key = (player.line, 0, index) if player.line else (last_player, 1, index)
        placed.append((key, _player_text(doc, player)))
    return "".join(text + "\r\n" for _, text in sorted(placed, key=lambda item: item[0]))


def _player_text(doc: TrfDocument, player: TrfPlayer) -> str:
    if 0 < player.line <= len(doc.lines):
        original = doc.lines[player.line - 1]
        try:
            unchanged = _parse_player(original, player.line) == player
        except TrfError:
            unchanged = False
        if unchanged:
            return original
    return format_player(player)


def format_player(player: TrfPlayer) -> str:
    """A 001 line formatted from the player's fields, in TRF16 columns.

    :raises ValueError: a field is too long for its columns.
    """
    width = round_column(len(player.rounds) + 1, ROUND_OPPONENT[0])
    cells = [" "] * width
    cells[0:3] = PLAYER_TAG

    def put(span: Span, value: str, *, right: bool = False) -> None:
        size = span[1] - span[0] + 1
        if len(value) > size:
            raise ValueError(
                f"player {player.start_rank}: {value!r} does not fit columns {span[0]}-{span[1]}"
            )
        cells[span[0] - 1 : span[1]] = value.rjust(size) if right else value.ljust(size)

    put(START_RANK, str(player.start_rank), right=True)
    put(SEX, player.sex)
    put(TITLE, player.title, right=True)
    put(NAME, player.name)
    put(RATING, str(player.rating) if player.rating else "", right=True)
    put(FEDERATION, player.federation)
    put(FIDE_ID, player.fide_id, right=True)
    put(BIRTH_DATE, player.birth_date)
    put(POINTS, _points_cell(player.points), right=True)
    put(RANK, "" if player.rank is None else str(player.rank), right=True)
    for number, block in enumerate(player.rounds, start=1):
        start = round_column(number, ROUND_OPPONENT[0])
        if block.blank:
            continue
        opponent = "0000" if block.opponent is None else str(block.opponent)
        put((start, start + 3), opponent, right=True)
        put((start + 5, start + 5), block.color)
        put((start + 7, start + 7), block.result)
    return "".join(cells).rstrip()


def _points_cell(points: Fraction | None) -> str:
    if points is None:
        return ""
    text = format_points(points)
    return str(points.numerator) if len(text) > 4 and points.denominator == 1 else text


def format_points(value: Fraction) -> str:
    """Points as TRF writes them: ``4.5``, ``10.0``; more decimals only when needed.

    :raises ValueError: the value is not a finite decimal.
    """
    for decimals in range(1, 4):
        scaled = value * 10**decimals
        if scaled.denominator == 1:
            whole, part = divmod(int(scaled), 10**decimals)
            return f"{whole}.{part:0{decimals}d}"
    raise ValueError(f"points {value} are not a decimal with at most three places")


# --- Conversion to the engine's state -----------------------------------------------------


def _last_paired_round(doc: TrfDocument) -> int:
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
            if block.opponent is not None or block.result == "U"
        ),
        default=0,
    )


def _half_points(value: Fraction, record: TrfRecord | None, column: int, what: str) -> Points:
    if (value * 2).denominator != 1:
        raise TrfError(
            f"{what} {format_points(value)} is not a multiple of 0.5",
            line=record.line if record else 0,
            column=column,
            text=record.text if record else "",
        )
    return Points(int(value * 2))


def point_system(doc: TrfDocument) -> PointSystem:
    """The point values from XXS (JaVaFo), BB? (bbpPairings) and 162 (TRF-2026) lines.

    Later lines override earlier ones, as JaVaFo specifies for XXS.  The PAB is worth
    1 unless set, except that bbpPairings' BBW and TRF-2026's 162 W also set it.

    :raises TrfError: a value is not a multiple of 0.5, or wins (draws, losses) with
        white and black are worth different points, which the engine cannot represent.
    """
    values: dict[str, tuple[Fraction, TrfRecord | None, int]] = {
        slot: (value, None, 0) for slot, value in _POINT_DEFAULTS.items()
    }
    pab_follows_win = False
    for record in doc.records:
        if record.tag not in ("XXS", "162", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"):
            continue
        for slot, value, column in _point_values(record):
            values[slot] = (value, record, column)
            pab_follows_win |= slot == "WW" and record.tag in ("162", "BBW")
    if pab_follows_win and values["PAB"][1] is None:
        values["PAB"] = values["WW"]  # bbp: BBU defaults to BBW; TRF-2026: P as W
    for white, black, what in (("WW", "BW", "win"), ("WD", "BD", "draw"), ("WL", "BL", "loss")):
        (w, w_record, w_column), (b, b_record, b_column) = values[white], values[black]
        if w != b:
            where, column = (w_record, w_column) if w_record else (b_record, b_column)
            raise TrfError(
                f"a {what} with white ({format_points(w)}) and with black "
                f"({format_points(b)}) must be worth the same points",
                line=where.line if where else 0,
                column=column,
                text=where.text if where else "",
            )
    half = {
        slot: _half_points(value, record, column, f"{slot} value")
        for slot, (value, record, column) in values.items()
    }
    return PointSystem(
        win=half["WW"],
        draw=half["WD"],
        loss=half["WL"],
        forfeit_win=half["FW"],
        forfeit_loss=half["FL"],
        pairing_allocated_bye=half["PAB"],
        full_point_bye=half["FPB"],
        half_point_bye=half["HPB"],
        zero_point_bye=half["ZPB"],
    )


def total_rounds(doc: TrfDocument) -> int | None:
    """The planned number of rounds from XXR or TRF-2026 142, if given."""
    for record in doc.records:
        if record.tag in ("XXR", "142"):
            return _rounds_number(record)
    return None


def system_from_trf(doc: TrfDocument) -> str | None:
    """The pairing system named by an ``SWY`` line, if any."""
    for record in doc.records:
        if record.tag == "SWY":
            return _system(record)
    return None


def _outcome(block: TrfRound) -> Outcome:
    """The engine's outcome for a round block; byes written ``0000 - +``/``-`` are old style."""
    if block.opponent is None:
        match block.result:
            case "H":
                return Outcome.HALF_POINT_BYE
            case "F" | "+":
                return Outcome.FULL_POINT_BYE
            case "U":
                return Outcome.PAIRING_ALLOCATED_BYE
            case _:
                return Outcome.ZERO_POINT_BYE
    match block.result:
        case "+":
            return Outcome.FORFEIT_WIN
        case "-":
            return Outcome.FORFEIT_LOSS
        case _:
            return Outcome(block.result)


def _record(block: TrfRound, round_number: int) -> GameRecord:
    colour = {"w": Colour.WHITE, "b": Colour.BLACK}.get(block.color)
    paired = block.opponent is not None
    return GameRecord(
        round_number=round_number,
        opponent=PairingNumber(block.opponent) if block.opponent is not None else None,
        colour=colour if paired else None,
        outcome=_outcome(block),
    )


def _request(block: TrfRound) -> RequestKind | None:
    """A request written in the column of the round to pair (JaVaFo: ``0000 - Z/H/F``)."""
    if block.opponent is not None:
        return None
    return {"H": RequestKind.HALF_POINT_BYE, "F": RequestKind.FULL_POINT_BYE,
            "+": RequestKind.FULL_POINT_BYE, "Z": RequestKind.ABSENT,
            "-": RequestKind.ABSENT}.get(block.result)  # fmt: skip


def state_from_trf(doc: TrfDocument, *, round_to_pair: int | None = None) -> TournamentState:
    """The engine's snapshot of a TRF file, ready to pair ``round_to_pair``.

    By default the round to pair is the one after the last round paired (a game, a
    forfeit or a ``U``); a later column holding only ``H``, ``F`` and ``Z`` is read as
    requests for the round to pair (as are XXZ lines and TRF-2026 240 records for it).
    Rounds not written are ``Z``.  The planned number of rounds comes from XXR or 142,
    else from the round columns.  A player is withdrawn only when an ``SWW`` line says
    so; trailing blank rounds are not guessed to be a withdrawal.

    :raises TrfError: the document is inconsistent (see :func:`check_trf`) or a point
        value is not a multiple of 0.5.
    :raises ValueError: ``round_to_pair`` is less than 1.
    """
    check_trf(doc)
    if round_to_pair is None:
        round_to_pair = _last_paired_round(doc) + 1
    if round_to_pair < 1:
        raise ValueError(f"round to pair must be 1 or more, not {round_to_pair}")
    completed = round_to_pair - 1
    records = {tag: [r for r in doc.records if r.tag == tag] for tag in _STATE_TAGS}
    clubs = dict(_club(r) for r in records["SWC"])
    areas = dict(_club(r) for r in records["SWA"])
    top = {rank for r in records["SWT"] for rank, _ in _number_list(r)}
    withdrawn = {rank for rank, after in map(_withdrawal, records["SWW"]) if after <= completed}
    players = tuple(
        Player(
            pairing_number=p.pairing_number,
            name=p.name,
            rating=p.rating,
            title=TITLES.get(p.title.upper(), Title.NONE),
            club=clubs.get(p.start_rank, ""),
            top_player=p.start_rank in top,
            federation=p.federation,
            area=areas.get(p.start_rank, ""),
            withdrawn=p.start_rank in withdrawn,
            history=tuple(_record(p.round(n), n) for n in range(1, completed + 1)),
        )
        for p in doc.players
    )
    requested: dict[int, RequestKind] = {}
    for player in doc.players:
        kind = _request(player.round(round_to_pair))
        if kind is not None:
            requested[player.start_rank] = kind
    for record in records["XXZ"]:
        requested.update((rank, RequestKind.ABSENT) for rank, _ in _number_list(record))
    for record in records["240"]:
        kind, round_number, ranks = _bye_2026(record)
        if round_number == round_to_pair:
            requested.update((rank, kind) for rank, _ in ranks)
    initial_colour = None
    for record in records["XXC"] + records["152"]:
        initial_colour = _initial_colour(record) or initial_colour
    columns = max((len(p.rounds) for p in doc.players), default=0)
    return TournamentState(
        players=players,
        rounds_completed=completed,
        total_rounds=total_rounds(doc) or max(columns, round_to_pair),
        points=point_system(doc),
        requests=tuple(
            RoundRequest(pairing_number=PairingNumber(rank), kind=requested[rank])
            for rank in sorted(requested)
            if rank not in withdrawn
        ),
        forbidden_pairs=_forbidden_pairs(records["XXP"], records["260"], round_to_pair),
        initial_colour=initial_colour,
        acceleration=_acceleration(records["XXA"], records["250"]),
        options=_pairing_options(records["SWO"]),
    )


OPTION_NAMES = {
    "acceleration": "acceleration",
    "lim_maxi": "lim_maxi",
    "esca_random": "esca_random",
    "esca_avoid_half_bye_pairs": "esca_avoid_half_bye_pairs",
    "esca_avoid_defaulted_rematch": "esca_avoid_defaulted_rematch",
}
"""SWO names of the yes/no options the engines read, and their ``PairingOptions`` field.

``esca_round1_area`` and ``esca_round1_federation`` fill ``esca_round1_separation``;
other SWO names (the web app's ``public``, say) are the app's own and ignored here."""

SEPARATION_NAMES = {
    "esca_round1_area": Round1Separation.AREA,
    "esca_round1_federation": Round1Separation.FEDERATION,
}


def _pairing_options(records: Sequence[TrfRecord]) -> PairingOptions:
    """The engines' options from SWO ``name=value`` words (``1``/``0``); defaults elsewhere.

    A value other than ``0`` or ``1`` for an option the engines read is refused with its
    column, like any malformed field.
    """
    fields: dict[str, object] = {}
    separation = set(PairingOptions().esca_round1_separation)
    for record in records:
        for name, value, column in _options(record):
            if name not in OPTION_NAMES and name not in SEPARATION_NAMES:
                continue
            if value not in ("0", "1"):
                raise _fail(record, f"option {name} must be 0 or 1, not {value!r}", column)
            if name in SEPARATION_NAMES:
                kind = SEPARATION_NAMES[name]
                separation = separation | {kind} if value == "1" else separation - {kind}
            else:
                fields[OPTION_NAMES[name]] = value == "1"
    return PairingOptions(
        esca_round1_separation=frozenset(separation),
        **fields,  # type: ignore[arg-type]
    )


def _options_line(options: PairingOptions) -> list[str]:
    """An SWO line for the options that differ from the defaults (none if all default)."""
    default = PairingOptions()
    words = [
        f"{name}={int(getattr(options, field))}"
        for name, field in OPTION_NAMES.items()
        if getattr(options, field) != getattr(default, field)
    ]
    words += [
        f"{name}={int(kind in options.esca_round1_separation)}"
        for name, kind in SEPARATION_NAMES.items()
        if (kind in options.esca_round1_separation) != (kind in default.esca_round1_separation)
    ]
    return ["SWO " + " ".join(words)] if words else []


_STATE_TAGS = (
    "SWC",
    "SWA",
    "SWO",
    "SWT",
    "SWW",
    "XXZ",
    "240",
    "XXC",
    "152",
    "XXP",
    "260",
    "XXA",
    "250",
)


def _forbidden_pairs(
    xxp: Sequence[TrfRecord], t260: Sequence[TrfRecord], round_to_pair: int
) -> frozenset[frozenset[PairingNumber]]:
    """XXP lists (always) and 260 lists (in force for ``round_to_pair``) as pairs."""
    groups = [[rank for rank, _ in _number_list(r)] for r in xxp]
    for record in t260:
        first, last, ranks = _prohibited_2026(record)
        if first <= round_to_pair <= last:
            groups.append([rank for rank, _ in ranks])
    return frozenset(
        frozenset({PairingNumber(a), PairingNumber(b)})
        for group in groups
        for i, a in enumerate(group)
        for b in group[i + 1 :]
        if a != b
    )


def _acceleration(
    xxa: Sequence[TrfRecord], t250: Sequence[TrfRecord]
) -> tuple[AcceleratedPoints, ...]:
    """XXA lines, then TRF-2026 250 ranges, as fictitious points per player and round."""
    result = []
    for record in xxa:
        rank, rounds = _xxa(record)
        for round_number, value, column in rounds:
            points = _half_points(value, record, column, "XXA points")
            if points:
                result.append(
                    AcceleratedPoints(
                        pairing_number=PairingNumber(rank), round_number=round_number,
                        points=points,
                    )
                )  # fmt: skip
    for record in t250:
        parsed = _acceleration_2026(record)
        if parsed is None:
            continue  # match points only: a team acceleration
        value, first_round, last_round, first, last = parsed
        points = _half_points(value, record, T250_GAME_POINTS[0], "250 game points")
        result.extend(
            AcceleratedPoints(pairing_number=PairingNumber(rank), round_number=r, points=points)
            for rank in range(first, last + 1)
            for r in range(first_round, last_round + 1)
        )
    return tuple(result)


# --- Writing a state ----------------------------------------------------------------------


def trf_from_state(
    state: TournamentState,
    *,
    name: str = "",
    system: str | None = None,
    headers: Sequence[tuple[str, str]] = (),
    details: Mapping[int, Mapping[str, str]] | None = None,
) -> TrfDocument:
    """A TRF document for a tournament state, e.g. for the generator and exports.

    The players' names, clubs and withdrawals come from the state; ``headers`` adds
    records such as ``("022", "City")``; ``details`` gives per pairing number ``sex``,
    ``federation``, ``fide_id`` and ``birth_date`` (``YYYY/MM/DD``).  The requests for
    the round to pair are written in its column (``0000 - H``); the point system as XXS
    when it is not the standard one; imaginary points (SB 3) as XXA lines, the state's own
    or, when the event's acceleration option is on, those of rounds 1 and 2.
    Names longer than the 33 columns are cut short.
    """
    details = details or {}
    texts = [f"012 {name}".rstrip(), *(f"{tag} {text}".rstrip() for tag, text in headers)]
    texts.append(f"XXR {state.total_rounds}")
    if state.initial_colour is not None:
        texts.append(f"XXC {state.initial_colour.name.lower()}1")
    if state.points != PointSystem():
        texts.append("XXS " + " ".join(_xxs_values(state.points)))
    if system:
        texts.append(f"SWY {system}")
    header_count = len(texts)
    requests = {r.pairing_number: r.kind for r in state.requests}
    players = []
    for number, player in enumerate(sorted(state.players, key=lambda p: p.pairing_number)):
        extra = details.get(player.pairing_number, {})
        blocks = [_block(record) for record in player.history]
        if player.pairing_number in requests:
            blocks.append(TrfRound(opponent=None, result=requests[player.pairing_number].value))
        players.append(
            TrfPlayer(
                start_rank=player.pairing_number,
                sex=extra.get("sex", ""),
                title=_TITLE_CODES.get(player.title, ""),
                name=player.name[: NAME[1] - NAME[0] + 1].strip(),
                rating=player.rating,
                federation=extra.get("federation", player.federation),
                fide_id=extra.get("fide_id", ""),
                birth_date=extra.get("birth_date", ""),
                points=Fraction(score(player, state.points), 2),
                rounds=tuple(blocks),
                line=header_count + number + 1,
            )
        )
    texts += [f"SWC {p.pairing_number:>4} {p.club}" for p in state.players if p.club]
    texts += [f"SWA {p.pairing_number:>4} {p.area}" for p in state.players if p.area]
    texts += _options_line(state.options)
    texts += [f"SWW {p.pairing_number:>4} {len(p.history)}" for p in state.players if p.withdrawn]
    top = sorted(p.pairing_number for p in state.players if p.top_player)
    if top:
        texts.append("SWT " + " ".join(f"{n:>4}" for n in top))
    texts += [
        f"XXP {a:>4} {b:>4}"
        for a, b in sorted(tuple(sorted(pair)) for pair in state.forbidden_pairs)
    ]
    texts += xxa_lines(
        state.acceleration
        or (
            accelerated_points(round_1_participants(state), state.points)
            if state.options.acceleration
            else ()
        )
    )
    records = tuple(
        TrfRecord(text=text, line=index + 1 if index < header_count else index + 1 + len(players))
        for index, text in enumerate(texts)
    )
    return TrfDocument(players=tuple(players), records=records)


_TITLE_CODES = {title: code for code, title in reversed(TITLES.items())}
"""Title to TRF code; reversed so that the current codes (listed first) win."""


def _block(record: GameRecord) -> TrfRound:
    # ADJOURNED is not a TRF code; it is a draw for pairing purposes (Dutch F9).
    result = "=" if record.outcome is Outcome.ADJOURNED else record.outcome.value
    if record.opponent is None:
        return TrfRound(opponent=None, result=result)
    color = record.colour.value if record.colour is not None else "-"
    return TrfRound(opponent=record.opponent, color=color, result=result)


def _xxs_values(points: PointSystem) -> list[str]:
    def show(value: Points) -> str:
        return format_points(Fraction(value, 2)).removesuffix(".0")

    pairs = [("W", points.win), ("D", points.draw), ("WL", points.loss), ("BL", points.loss),
             ("FW", points.forfeit_win), ("FL", points.forfeit_loss),
             ("PAB", points.pairing_allocated_bye), ("FPB", points.full_point_bye),
             ("HPB", points.half_point_bye), ("ZPB", points.zero_point_bye)]  # fmt: skip
    return [f"{code}={show(value)}" for code, value in pairs]


def xxa_lines(acceleration: Sequence[AcceleratedPoints]) -> list[str]:
    """JaVaFo ``XXA`` lines for imaginary points: one per player, each round's points.

    The only place imaginary points (SB 3) are written: exports never add them to a score.
    """
    by_player: dict[int, dict[int, Points]] = {}
    for bonus in acceleration:
        by_player.setdefault(bonus.pairing_number, {})[bonus.round_number] = bonus.points
    lines = []
    for rank in sorted(by_player):
        rounds = by_player[rank]
        values = [
            format_points(Fraction(rounds.get(r, Points(0)), 2)).rjust(4)
            for r in range(1, max(rounds) + 1)
        ]
        lines.append(f"XXA {rank:>4} " + " ".join(values))
    return lines
