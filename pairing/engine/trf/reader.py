"""Reading a TRF file: its text, and its 001 lines field by field (then checked whole)."""

from __future__ import annotations

import re
from fractions import Fraction

from pairing.engine.errors import TrfError
from pairing.engine.messages import Message, words

from .checking import check_trf
from .columns import (
    BIRTH_DATE,
    BYE_CODES,
    FEDERATION,
    FIDE_ID,
    GAME_CODES,
    NAME,
    PLAYER_TAG,
    POINTS,
    RANK,
    RATING,
    RESULT_CODES,
    ROUND_COLOR,
    ROUND_OPPONENT,
    ROUND_RESULT,
    SEPARATORS,
    SEX,
    START_RANK,
    TITLE,
)
from .document import TrfDocument, TrfPlayer, TrfRecord, TrfRound, round_column
from .fields import DECIMAL, NUMBER, cut

_LINE_END = re.compile(r"\r\n|\r|\n")


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
                words("trf.control_character", code=f"U+{ord(control.group()):04X}"),
                line=number,
                column=control.start() + 1,
                text=line,
            )
        if line[:3] != PLAYER_TAG:
            records.append(TrfRecord(text=line, line=number))
            continue
        player = parse_player(_character_columns(line), number)
        if player.start_rank in seen:
            raise TrfError(
                words("trf.rank_used_again", rank=player.start_rank, first=seen[player.start_rank]),
                line=number,
                column=START_RANK[0],
                text=line,
            )
        seen[player.start_rank] = number
        players.append(player)
    doc = TrfDocument(players=tuple(players), records=tuple(records), lines=lines)
    check_trf(doc)
    return doc


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
    name = cut(raw, NAME).encode("latin-1").decode("utf-8", errors="replace")
    return raw[: NAME[0] - 1] + name.ljust(NAME[1] - NAME[0] + 1) + raw[NAME[1] :]


def parse_player(line: str, number: int) -> TrfPlayer:
    def fail(message: Message, column: int) -> TrfError:
        return TrfError(message, line=number, column=column, text=line)

    rank_text = cut(line, START_RANK).strip()
    after = START_RANK[1]  # the blank column after the starting rank (0-based index)
    if len(line) > after and line[after] in "0123456789" and NUMBER.fullmatch(rank_text):
        # "10000" would be read as rank 1000 with a stray digit after it.
        raise fail(
            words("trf.rank_too_long", text=repr(rank_text + line[after])),
            START_RANK[0],
        )
    if not NUMBER.fullmatch(rank_text) or int(rank_text) == 0:
        raise fail(words("trf.rank_not_number", text=repr(rank_text)), START_RANK[0])
    rating_text = cut(line, RATING).strip()
    if rating_text and not NUMBER.fullmatch(rating_text):
        raise fail(words("trf.not_number", what="rating", text=repr(rating_text)), RATING[0])
    points_text = cut(line, POINTS).strip()
    if points_text and not DECIMAL.fullmatch(points_text):
        raise fail(words("trf.points_not_number", text=repr(points_text)), POINTS[0])
    rank_field = cut(line, RANK).strip()
    if rank_field and not NUMBER.fullmatch(rank_field):
        raise fail(words("trf.not_number", what="rank", text=repr(rank_field)), RANK[0])
    rounds: list[TrfRound] = []
    round_number = 1
    while round_column(round_number, ROUND_OPPONENT[0]) <= len(line):
        rounds.append(_parse_round(line, number, round_number))
        round_number += 1
    while rounds and rounds[-1].blank:
        rounds.pop()
    return TrfPlayer(
        start_rank=int(rank_text),
        sex=cut(line, SEX).strip(),
        title=cut(line, TITLE).strip(),
        name=cut(line, NAME).strip(),
        rating=int(rating_text) if rating_text else 0,
        federation=cut(line, FEDERATION).strip(),
        fide_id=cut(line, FIDE_ID).strip(),
        birth_date=cut(line, BIRTH_DATE).strip(),
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

    def fail(problem: Message, column: int) -> TrfError:
        message = words("trf.in_round", round=round_number, problem=problem)
        return TrfError(message, line=number, column=column, text=line)

    if opponent_text and not NUMBER.fullmatch(opponent_text):
        raise fail(words("trf.opponent_not_rank", text=repr(opponent_text)), opponent_column)
    if color not in ("w", "b", "-"):
        raise fail(words("trf.colour_code", text=repr(color)), color_column)
    if result and result not in RESULT_CODES:
        codes = " ".join(RESULT_CODES)
        raise fail(words("trf.result_code", text=repr(result), codes=codes), result_column)
    opponent = int(opponent_text) if opponent_text and int(opponent_text) else None
    if opponent is not None:
        if result in BYE_CODES:
            raise fail(
                words("trf.bye_with_opponent", text=repr(result), opponent=opponent),
                opponent_column,
            )
        if not result:
            raise fail(words("trf.blank_result", opponent=opponent), result_column)
        if result in GAME_CODES and color == "-":
            raise fail(words("trf.game_without_colour", opponent=opponent), color_column)
    elif result in GAME_CODES:
        raise fail(words("trf.game_without_opponent", text=repr(result)), opponent_column)
    return TrfRound(opponent=opponent, color=color, result=result)
