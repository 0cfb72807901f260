"""Writing a document as TRF text; 001 lines formatted in TRF16 columns."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction

from pairing.engine.errors import TrfError

from .columns import (
    BIRTH_DATE,
    FEDERATION,
    FIDE_ID,
    NAME,
    PLAYER_TAG,
    POINTS,
    RANK,
    RATING,
    ROUND_OPPONENT,
    SEX,
    START_RANK,
    TITLE,
    Span,
)
from .document import TrfDocument, TrfPlayer, TrfRecord, round_column
from .fields import format_points
from .reader import parse_player


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
            unchanged = parse_player(original, player.line) == player
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


def trf_document(
    head: Sequence[str], players: Sequence[TrfPlayer], tail: Sequence[str]
) -> TrfDocument:
    """A document built in code: the ``head`` records, the players, then the ``tail``."""
    first_tail = len(head) + len(players) + 1
    return TrfDocument(
        players=tuple(
            dataclasses.replace(player, line=len(head) + index)
            for index, player in enumerate(players, start=1)
        ),
        records=(
            *(TrfRecord(text=text, line=index) for index, text in enumerate(head, start=1)),
            *(TrfRecord(text=text, line=first_tail + i) for i, text in enumerate(tail)),
        ),
    )
