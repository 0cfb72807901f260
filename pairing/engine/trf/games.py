"""Our backup's round records, ``SWR`` (a round's state, seed and times) and ``SWG`` (its
boards), read and written (documented in the package docstring).

Only the web app's backup and import read or write them: a module of its own, imported
when first used, so pairing a file from the command line does not build their classes.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from pairing.engine.errors import TrfError
from pairing.engine.messages import Message, words

from .columns import (
    ROUND_STATES,
    SWG_BLACK,
    SWG_BOARD,
    SWG_RESULT,
    SWG_RESULTS,
    SWG_ROUND,
    SWG_WHITE,
    SWR_ROUND,
    SWR_STATE,
)
from .document import TrfDocument, TrfRecord
from .extensions import FIRST_YEAR, LAST_YEAR, MAX_WHOLE, option_text
from .fields import record_error, tokens, whole


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

    def error(self, message: str | Message, *, at: Literal["round", "state"]) -> TrfError:
        """An error about this round, at the column of its number or of its state."""
        column = SWR_ROUND[0] if at == "round" else SWR_STATE
        return TrfError(message, line=self.line, column=column)


def parse_round_info(record: TrfRecord) -> TrfRoundInfo:
    """SWR: round, state, seed and three timestamps (``-`` for none)."""
    round_number = whole(record, SWR_ROUND, "round")
    if round_number == 0:
        raise record_error(record, words("trf.round_zero"), SWR_ROUND[0])
    found = [(t, c) for t, c in tokens(record) if c > SWR_ROUND[1]]
    if len(found) != 5:
        raise record_error(record, words("trf.round_info_words"), 9)
    (state, state_col), (seed, seed_col) = found[0], found[1]
    if state not in ROUND_STATES:
        problem = words("trf.round_state", text=repr(state), codes=" ".join(ROUND_STATES))
        raise record_error(record, problem, state_col)
    if not re.fullmatch(r"-?[0-9]{1,19}", seed) or abs(int(seed)) > MAX_WHOLE:
        raise record_error(record, words("trf.seed", text=repr(seed)), seed_col)
    stamps: list[datetime | None] = []
    for word, column in found[2:]:
        if word == "-":
            stamps.append(None)
            continue
        try:
            stamp = datetime.fromisoformat(word)
        except ValueError:
            problem = words("trf.not_iso_time", text=repr(word))
            raise record_error(record, problem, column) from None
        if stamp.tzinfo is None:
            raise record_error(record, words("trf.no_time_zone", text=repr(word)), column)
        if not FIRST_YEAR <= stamp.year <= LAST_YEAR:
            problem = words("trf.time_out_of_years", text=repr(word), first=FIRST_YEAR,
                            last=LAST_YEAR)  # fmt: skip
            raise record_error(record, problem, column)
        stamps.append(stamp)
    if stamps[0] is None:
        raise record_error(record, words("trf.round_not_paired_at"), found[2][1])
    if state != "paired" and stamps[1] is None:
        problem = words("trf.round_not_published_at", state=state)
        raise record_error(record, problem, found[3][1])
    return TrfRoundInfo(
        round_number=round_number, state=state, seed=int(seed), paired_at=stamps[0],
        published_at=stamps[1], completed_at=stamps[2], line=record.line,
    )  # fmt: skip


def round_infos(doc: TrfDocument) -> list[TrfRoundInfo]:
    """The SWR lines of a checked document, in file order."""
    return [parse_round_info(r) for r in doc.records if r.tag == "SWR"]


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

    def error(
        self, message: str | Message, *, at: Literal["round", "board", "white", "black"]
    ) -> TrfError:
        """An error about this board, at the column of its round, number, white or black."""
        spans = {"round": SWG_ROUND, "board": SWG_BOARD, "white": SWG_WHITE, "black": SWG_BLACK}
        return TrfError(message, line=self.line, column=spans[at][0])


def parse_game(record: TrfRecord) -> TrfGame:
    """SWG: round, board, white, black (0000 = bye) and the result."""
    round_number = whole(record, SWG_ROUND, "round")
    board = whole(record, SWG_BOARD, "board")
    white = whole(record, SWG_WHITE, "white")
    black = whole(record, SWG_BLACK, "black")
    for value, span, what in ((round_number, SWG_ROUND, "round"), (board, SWG_BOARD, "board"),
                              (white, SWG_WHITE, "white")):  # fmt: skip
        if value == 0:
            raise record_error(record, words("trf.zero_not_allowed", what=what), span[0])
    result = record.text[SWG_RESULT - 1 :].strip()
    if result and result not in SWG_RESULTS:
        problem = words("trf.result_code", text=repr(result), codes=" ".join(SWG_RESULTS))
        raise record_error(record, problem, SWG_RESULT)
    if black == 0 and result:
        raise record_error(record, words("trf.bye_has_result"), SWG_RESULT)
    if black == white:
        raise record_error(record, words("trf.plays_self", player=white), SWG_BLACK[0])
    return TrfGame(
        round_number=round_number, board=board, white=white, black=black or None,
        result=result, line=record.line,
    )  # fmt: skip


def game_lines(doc: TrfDocument) -> list[TrfGame]:
    """The SWG lines of a checked document, in file order."""
    return [parse_game(r) for r in doc.records if r.tag == "SWG"]


def block_games(doc: TrfDocument) -> dict[int, list[TrfGame]]:
    """The boards of each round as a checked document's 001 lines record them.

    For a file without SWG records.  The games with a result and the pairing-allocated
    bye (``U``) only: the boards of a round are ordered by the lower starting rank of
    their two players, the bye last, and numbered from 1.  White is the player with
    colour ``w``, else (a forfeit written without colours) the lower starting rank.
    Full-point byes (``F``) and requests are not boards and are left out.
    """
    games: dict[int, list[tuple[int, int | None, str]]] = defaultdict(list)
    byes: dict[int, int] = {}
    for player in doc.players:
        for number, block in enumerate(player.rounds, start=1):
            if block.pairing_allocated_bye:
                byes[number] = player.start_rank
                continue
            if block.opponent is None:
                continue
            other = doc.player(block.opponent)
            assert other is not None  # checked: both sides of each game
            white_first = block.color == "w" or (
                block.color == "-" and player.start_rank < block.opponent
            )
            if white_first:
                result = _swg_result(block.result, other.round(number).result)
                games[number].append((player.start_rank, block.opponent, result))
    for boards in games.values():
        boards.sort(key=lambda g: min(g[0], g[1] or 0))
    for number, rank in byes.items():
        games[number].append((rank, None, ""))
    return {
        number: [
            TrfGame(round_number=number, board=board, white=white, black=black, result=result)
            for board, (white, black, result) in enumerate(boards, start=1)
        ]
        for number, boards in games.items()
    }


def _swg_result(white: str, black: str) -> str:
    """The SWG result of a game whose 001 blocks have these result codes."""
    if white == "-":
        return "--" if black == "-" else "-+"
    return {"1": "1-0", "W": "1-0", "0": "0-1", "L": "0-1", "=": "1/2", "D": "1/2",
            "+": "+-"}[white]  # fmt: skip


def round_info_line(info: TrfRoundInfo) -> str:
    """SWR: a round's number, state, seed and times (``-`` for not yet)."""
    stamps = [option_text(t) for t in (info.paired_at, info.published_at, info.completed_at)]
    return f"SWR {info.round_number:>3} {info.state} {info.seed} " + " ".join(stamps)


def game_line(game: TrfGame) -> str:
    """SWG: a board, its players (``0000`` for the bye's black) and result (blank: none)."""
    black = game.black or 0
    return (
        f"SWG {game.round_number:>3} {game.board:>4} {game.white:>4} {black:>4} {game.result}"
    ).rstrip()


__all__ = [
    "TrfGame",
    "TrfRoundInfo",
    "block_games",
    "game_line",
    "game_lines",
    "parse_game",
    "parse_round_info",
    "round_info_line",
    "round_infos",
]
