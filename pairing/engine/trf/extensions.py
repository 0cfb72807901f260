"""Our own extension lines, the ``SW`` records (documented in the package docstring).

Each ``parse_*`` function reads one record and raises ``TrfError`` at its line and column;
the functions taking a document read every record of their kind in a checked document.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from pairing.engine.errors import TrfError
from pairing.engine.messages import Message, words

from .columns import (
    NAME,
    ROUND_STATES,
    SWA_TAG,
    SWC_NAME,
    SWC_RANK,
    SWC_TAG,
    SWG_BLACK,
    SWG_BOARD,
    SWG_RESULT,
    SWG_RESULTS,
    SWG_ROUND,
    SWG_WHITE,
    SWN_TAG,
    SWR_ROUND,
    SWR_STATE,
    SWW_RANK,
    SWW_ROUND,
)
from .document import TrfDocument, TrfField, TrfRecord
from .fields import NUMBER, number_list, record_error, tokens, whole
from .typecodes import tournament_type, type_field

MAX_WHOLE = 2**63 - 1
"""The largest whole number (a lot's seed) a database's 64-bit integer column holds."""
FIRST_YEAR, LAST_YEAR = 1900, 2200
"""Times are read only within these years: a time of year 1 or 9999 stored in an event
cannot be shown in a local time zone (it overflows), and no event was or will be then."""


def parse_player_text(record: TrfRecord) -> tuple[int, str]:
    """SWC: the player and the club."""
    return whole(record, SWC_RANK, "player"), record.text[SWC_NAME - 1 :].strip()


def parse_withdrawal(record: TrfRecord) -> tuple[int, int]:
    """SWW: the player and the last round before the withdrawal."""
    rank = whole(record, SWW_RANK, "player")
    after = record.text[SWW_ROUND - 1 :].strip()
    if not NUMBER.fullmatch(after):
        raise record_error(record, words("trf.withdrawal_round", text=repr(after)), SWW_ROUND)
    return rank, int(after)


def parse_system(record: TrfRecord) -> str:
    """SWY: the pairing system's name."""
    name = record.rest.strip()
    if not name:
        raise record_error(record, words("trf.no_system"), 5)
    return name


def parse_options(record: TrfRecord) -> list[tuple[str, str, int]]:
    """SWO: ``name=value`` words, each with its column."""
    options = []
    for token, column in tokens(record):
        name, equals, value = token.partition("=")
        if not equals or not re.fullmatch(r"[a-z][a-z0-9_]*", name) or not value:
            raise record_error(record, words("trf.not_name_value", text=repr(token)), column)
        options.append((name, value, column))
    return options


def parse_tiebreak_text(record: TrfRecord) -> str:
    """SWK: the tie-break codes as written."""
    text = record.rest.strip()
    if not text:
        raise record_error(record, words("trf.no_tiebreaks"), 5)
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


@dataclass(frozen=True, slots=True, kw_only=True)
class TrfOption:
    """One ``name=value`` word of an SWO line, with where it was written."""

    name: str
    value: str
    line: int
    column: int
    text: str = ""

    def error(self, message: str | Message) -> TrfError:
        """An error about this option, at its column."""
        return TrfError(message, line=self.line, column=self.column, text=self.text)

    def flag(self) -> bool:
        """The value as yes (``1``) or no (``0``).

        :raises TrfError: the value is neither.
        """
        if self.value not in ("0", "1"):
            raise self.error(words("trf.option_flag", name=self.name, text=repr(self.value)))
        return self.value == "1"

    def whole(self) -> int:
        """The value as a whole number (a seed: 64 bits, sign allowed).

        :raises TrfError: the value is not one.
        """
        if not re.fullmatch(r"-?[0-9]{1,19}", self.value) or abs(int(self.value)) > MAX_WHOLE:
            raise self.error(words("trf.option_whole", name=self.name, text=repr(self.value)))
        return int(self.value)

    def time(self) -> datetime | None:
        """The value as an ISO 8601 time; ``None`` for ``-``.

        :raises TrfError: the value is neither.
        """
        if self.value == "-":
            return None
        try:
            stamp = datetime.fromisoformat(self.value)
        except ValueError:
            raise self.error(
                words("trf.option_time", name=self.name, text=repr(self.value))
            ) from None
        if not FIRST_YEAR <= stamp.year <= LAST_YEAR:
            raise self.error(
                words("trf.option_time_years", name=self.name, text=repr(self.value),
                      first=FIRST_YEAR, last=LAST_YEAR)
            )  # fmt: skip
        return stamp


def event_options(doc: TrfDocument) -> list[TrfOption]:
    """Every SWO ``name=value`` word of a checked document, in file order."""
    return [
        TrfOption(name=name, value=value, line=record.line, column=column, text=record.text)
        for record in doc.records
        if record.tag == "SWO"
        for name, value, column in parse_options(record)
    ]


def tiebreak_order(doc: TrfDocument) -> TrfField | None:
    """The tie-break codes of the last SWK record as written (``""`` for ``-``, none)."""
    found = [r for r in doc.records if r.tag == "SWK"]
    if not found:
        return None
    text = parse_tiebreak_text(found[-1])
    return TrfField(value="" if text == "-" else text, line=found[-1].line, column=5,
                    text=found[-1].text)  # fmt: skip


def fide_tiebreak_order(doc: TrfDocument) -> TrfField | None:
    """TRF-2026 202 (or, without it, 212 less its ``PTS``): the FIDE tie-break codes as
    written, comma-separated (``BH/C1,SB,DE``); None without either record."""
    for tag in ("202", "212"):
        found = [r for r in doc.records if r.tag == tag]
        if found:
            record = found[-1]
            codes = [c.strip() for c in re.split(r"[,\s]+", record.rest) if c.strip()]
            if tag == "212" and codes and codes[0].upper() == "PTS":
                codes = codes[1:]
            return TrfField(value=",".join(codes), line=record.line, column=5, text=record.text)
    return None


def pairing_system(doc: TrfDocument) -> TrfField | None:
    """The pairing system named by the first SWY record, else by a TRF-2026 tournament
    type (192), with where it is written; a 192 naming a text not implemented here (the
    2017 Dutch) gives its code, so that it is refused by name (:func:`typecodes.type_field`)."""
    for record in doc.records:
        if record.tag == "SWY":
            return TrfField(value=parse_system(record), line=record.line, column=5,
                            text=record.text)  # fmt: skip
    return type_field(doc)


def player_texts(doc: TrfDocument, tag: str) -> dict[int, str]:
    """SWC clubs, SWN whole names or SWA areas of a checked document, by starting rank."""
    return dict(parse_player_text(r) for r in doc.records if r.tag == tag)


def whole_names(doc: TrfDocument) -> dict[int, str]:
    """SWN: the whole names the 001 lines cut short, by starting rank."""
    return player_texts(doc, SWN_TAG)


def clubs(doc: TrfDocument) -> dict[int, str]:
    """SWC: each player's club or school (ESCA 7), by starting rank."""
    return player_texts(doc, SWC_TAG)


def areas(doc: TrfDocument) -> dict[int, str]:
    """SWA: each player's local area (ESCA 27), by starting rank."""
    return player_texts(doc, SWA_TAG)


def withdrawals(doc: TrfDocument) -> dict[int, int]:
    """SWW: the round after which each withdrawn player withdrew."""
    return dict(parse_withdrawal(r) for r in doc.records if r.tag == "SWW")


def top_players(doc: TrfDocument) -> set[int]:
    """SWT: the top players' starting ranks (ESCA 3)."""
    return {rank for r in doc.records if r.tag == "SWT" for rank, _ in number_list(r)}


def system_from_trf(doc: TrfDocument) -> str | None:
    """The pairing system named by an ``SWY`` line, else by a TRF-2026 tournament type."""
    for record in doc.records:
        if record.tag == "SWY":
            return parse_system(record)
    typed = tournament_type(doc)
    return typed[0] if typed else None


NAME_WIDTH = NAME[1] - NAME[0] + 1
"""Characters of a name that the 001 line holds."""


def has_round_records(doc: TrfDocument) -> bool:
    """True when the document has SWR or SWG records: our backup of an event."""
    return any(r.tag in ("SWR", "SWG") for r in doc.records)


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


# --- Building records ---------------------------------------------------------------------

OptionValue = bool | int | str | datetime | None
"""An SWO value: yes/no as ``1``/``0``, a number, a word, a time (ISO 8601) or ``-``."""


def system_line(name: str) -> str:
    """SWY: the pairing system the file is for."""
    return f"SWY {name}"


def tiebreak_line(codes: str) -> str:
    """SWK: the tie-break codes, comma-separated; ``-`` for none."""
    return f"SWK {codes or '-'}"


def fide_tiebreak_line(codes: Sequence[str]) -> str | None:
    """TRF-2026 202: the FIDE tie-break codes in order, comma-separated (``BH/C1,SB``);
    None for an empty list."""
    return f"202 {','.join(codes)}" if codes else None


def options_line(options: Sequence[tuple[str, OptionValue]]) -> str:
    """SWO: one ``name=value`` word per option, in the order given.

    :raises ValueError: a name is not lower-case letters, digits and ``_``, or a value
        would not be one word.
    """
    words = []
    for name, value in options:
        text = _option_text(value)
        if not re.fullmatch(r"[a-z][a-z0-9_]*", name) or not text or re.search(r"\s", text):
            raise ValueError(f"SWO option {name}={text!r} is not name=value")
        words.append(f"{name}={text}")
    return "SWO " + " ".join(words)


def _option_text(value: OptionValue) -> str:
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, datetime):
        return value.isoformat()
    return "-" if value is None else str(value)


def whole_name_line(rank: int, name: str) -> str | None:
    """SWN: a whole name that the 001 line cuts short; ``None`` for a name that fits."""
    return _player_text_line(SWN_TAG, rank, name) if len(name) > NAME_WIDTH else None


def club_line(rank: int, club: str) -> str:
    """SWC: a player's club or school."""
    return _player_text_line(SWC_TAG, rank, club)


def area_line(rank: int, area: str) -> str:
    """SWA: a player's local area."""
    return _player_text_line(SWA_TAG, rank, area)


def _player_text_line(tag: str, rank: int, text: str) -> str:
    return f"{tag} {rank:>4} {text}"


def withdrawal_line(rank: int, after_round: int) -> str:
    """SWW: the player withdrew after round ``after_round`` (0: before round 1)."""
    return f"SWW {rank:>4} {after_round}"


def top_players_line(ranks: Sequence[int]) -> str:
    """SWT: the top players (ESCA 3), in the order given."""
    return "SWT " + " ".join(f"{rank:>4}" for rank in ranks)


def round_info_line(info: TrfRoundInfo) -> str:
    """SWR: a round's number, state, seed and times (``-`` for not yet)."""
    stamps = [_option_text(t) for t in (info.paired_at, info.published_at, info.completed_at)]
    return f"SWR {info.round_number:>3} {info.state} {info.seed} " + " ".join(stamps)


def game_line(game: TrfGame) -> str:
    """SWG: a board, its players (``0000`` for the bye's black) and result (blank: none)."""
    black = game.black or 0
    return (
        f"SWG {game.round_number:>3} {game.board:>4} {game.white:>4} {black:>4} {game.result}"
    ).rstrip()
