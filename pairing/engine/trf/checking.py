"""Checking a document as a whole: both sides of each game, and every record we read."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from types import ModuleType

from pairing.engine.errors import TrfError
from pairing.engine.messages import Message, words

from .columns import (
    COMPLEMENT,
    ROUND_COLOR,
    ROUND_OPPONENT,
    ROUND_RESULT,
    START_RANK,
    SWA_RANK,
    SWC_RANK,
    SWF_SECOND,
    SWG_BLACK,
    SWG_BLOCKS,
    SWG_WHITE,
    SWN_RANK,
    SWW_RANK,
    SWW_ROUND,
    XXA_RANK,
)
from .document import TrfDocument, TrfPlayer, TrfRecord, last_paired_round, round_column
from .extensions import (
    parse_options,
    parse_player_text,
    parse_system,
    parse_tiebreak_text,
    parse_withdrawal,
)
from .fields import number_list, record_error
from .national import parse_national_rating
from .records import (
    parse_acceleration_2026,
    parse_bye_2026,
    parse_initial_colour,
    parse_point_values,
    parse_prohibited_2026,
    parse_rounds_number,
    parse_xxa,
    team_event,
)


def _lossless() -> ModuleType:
    """The parsers of the web app's backup records (``lossless``), loaded when a file
    first holds one: a file to pair (the command line's) holds none."""
    from . import lossless  # loaded on first use, see above

    return lossless


def _games() -> ModuleType:
    """The parsers of the backup's rounds and boards (``games``), loaded in the same way."""
    from . import games  # loaded on first use, see above

    return games


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
                words(
                    "trf.rank_used_again",
                    rank=player.start_rank,
                    first=by_rank[player.start_rank].line,
                ),
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
                    words(
                        "trf.second_allocated_bye",
                        round=number,
                        player=first.start_rank,
                        line=first.line,
                    ),
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

        def fail(message: Message, column: int = column) -> TrfError:
            return TrfError(message, line=player.line, column=column, text=text)

        if block.opponent is None:
            continue
        if block.opponent == player.start_rank:
            raise fail(words("trf.paired_with_self", round=round_number, player=block.opponent))
        opponent = by_rank.get(block.opponent)
        if opponent is None:
            raise fail(
                words("trf.opponent_not_in_file", round=round_number, opponent=block.opponent)
            )
        mirror = opponent.round(round_number)
        where = {"round": round_number, "opponent": opponent.start_rank, "line": opponent.line}
        if mirror.opponent != player.start_rank:
            raise fail(words("trf.game_one_sided", **where, player=player.start_rank))
        if block.color != "-" and block.color == mirror.color:
            raise fail(
                words("trf.same_colour", **where, code=repr(block.color)),
                round_column(round_number, ROUND_COLOR),
            )
        if mirror.result != COMPLEMENT[block.result] and not block.result == mirror.result == "-":
            raise fail(
                words(
                    "trf.results_disagree",
                    **where,
                    result=repr(block.result),
                    other=repr(mirror.result),
                    expected=repr(COMPLEMENT[block.result]),
                ),
                round_column(round_number, ROUND_RESULT),
            )


RecordCheck = Callable[[TrfDocument, TrfRecord, set[int]], None]


def _known(record: TrfRecord, numbers: Sequence[tuple[int, int]], ranks: set[int]) -> None:
    for rank, column in numbers:
        if rank not in ranks:
            raise record_error(record, words("trf.player_not_in_file", player=rank), column)


def _check_rounds(doc: TrfDocument, record: TrfRecord, ranks: set[int]) -> None:
    rounds = parse_rounds_number(record)
    played = last_paired_round(doc)
    if rounds < played:
        raise record_error(record, words("trf.rounds_too_few", rounds=rounds, played=played), 5)


def _check_withdrawal(doc: TrfDocument, record: TrfRecord, ranks: set[int]) -> None:
    rank, after = parse_withdrawal(record)
    _known(record, [(rank, SWW_RANK[0])], ranks)
    player = doc.player(rank)
    for round_number, block in enumerate(player.rounds if player else (), start=1):
        if round_number > after and block.opponent is not None:
            raise TrfError(
                words("trf.game_after_withdrawal", player=rank, after=after, round=round_number),
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
    "XXC": _parses(lambda record: parse_initial_colour(record)),
    "152": _parses(lambda record: parse_initial_colour(record)),
    **{tag: _parses(lambda record: parse_point_values(record)) for tag in ("XXS", "162")},
    **{
        tag: _parses(lambda record: parse_point_values(record))
        for tag in ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU")
    },
    "XXA": _players_known(lambda record: [(parse_xxa(record)[0], XXA_RANK[0])]),
    "250": lambda doc, record, ranks: _check_acceleration(doc, record),
    "XXZ": _players_known(lambda record: number_list(record)),
    "XXP": _players_known(lambda record: number_list(record)),
    "SWT": _players_known(lambda record: number_list(record)),
    "240": lambda doc, record, ranks: _check_byes(doc, record, ranks),
    "260": _players_known(lambda record: parse_prohibited_2026(record)[2]),
    "SWC": _players_known(lambda record: [(parse_player_text(record)[0], SWC_RANK[0])]),
    "SWW": _check_withdrawal,
    "SWY": _parses(lambda record: parse_system(record)),
    "SWN": _players_known(lambda record: [(parse_player_text(record)[0], SWN_RANK[0])]),
    "SWA": _players_known(lambda record: [(parse_player_text(record)[0], SWA_RANK[0])]),
    "SWO": _parses(lambda record: parse_options(record)),
    "SWK": _parses(lambda record: parse_tiebreak_text(record)),
    "SWR": _parses(lambda record: _games().parse_round_info(record)),
    "SWG": lambda doc, record, ranks: _check_game(doc, record, ranks),
    "SWP": _parses(lambda record: _lossless().parse_prize_table(record)),
    "SWI": _players_known(lambda record: [(parse_player_text(record)[0], SWC_RANK[0])]),
    "SWB": _players_known(lambda record: [(_lossless().parse_birth_year(record)[0], SWC_RANK[0])]),
    "SWV": _players_known(lambda record: [(parse_national_rating(record)[0], SWC_RANK[0])]),
    "SWX": _players_known(
        lambda record: [(_lossless().parse_fide_ratings(record)[0], SWC_RANK[0])]
    ),
    "SWD": _players_known(lambda record: [(_lossless().parse_fixed_board(record)[0], SWC_RANK[0])]),
    "SWL": _players_known(lambda record: [(_lossless().parse_access_code(record)[0], SWC_RANK[0])]),
    "SWF": _players_known(
        lambda record: [
            (_lossless().parse_reason(record).first, SWC_RANK[0]),
            (_lossless().parse_reason(record).second, SWF_SECOND[0]),
        ]
    ),
    "SWQ": _players_known(lambda record: [(_lossless().parse_ask(record).rank, SWC_RANK[0])]),
    "SWE": _parses(lambda record: _lossless().parse_explanation(record)),
}


def _check_acceleration(doc: TrfDocument, record: TrfRecord) -> None:
    """A 250 record parses, as an individual or a team event's."""
    parse_acceleration_2026(record, team=team_event(doc))


def _check_byes(doc: TrfDocument, record: TrfRecord, ranks: set[int]) -> None:
    """A 240 record names players of the file and, in an individual event, agrees with
    their 001 rounds, which it duplicates: a bye for a round a player's line records
    (a round up to the last one paired, where blank means Z, or one written ahead as a
    request) is the bye written there."""
    kind, round_number, players = parse_bye_2026(record)
    _known(record, players, ranks)
    if team_event(doc):
        return
    played = last_paired_round(doc)
    code = kind.value
    for rank, column in players:
        player = doc.player(rank)
        assert player is not None
        block = player.round(round_number)
        if block.opponent is not None:
            message = words("trf.bye_but_game", code=code, player=rank, round=round_number,
                            opponent=block.opponent, line=player.line)  # fmt: skip
            raise record_error(record, message, column)
        written = _BYE_WRITTEN.get(block.result, "Z" if round_number <= played else None)
        if written is not None and written != code:
            message = words("trf.bye_written_otherwise", code=code, player=rank,
                            round=round_number, written=written, line=player.line)  # fmt: skip
            raise record_error(record, message, column)


_BYE_WRITTEN = {"H": "H", "F": "F", "+": "F", "U": "U", "Z": "Z", "-": "Z"}
"""The bye a 001 block without an opponent records, by its result code (``+`` and ``-``
are the old style of a full-point and a zero-point bye); blank is Z in a round paired."""


def _check_game(doc: TrfDocument, record: TrfRecord, ranks: set[int]) -> None:
    """An SWG board agrees with its players' 001 round blocks."""
    game = _games().parse_game(record)
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
            message = words("trf.board_no_allocated_bye", player=game.white, round=r,
                            line=white.line)  # fmt: skip
            raise record_error(record, message, SWG_WHITE[0])
        return
    black = doc.player(game.black)
    assert black is not None
    for player, colour, column, other in ((white, "w", SWG_WHITE[0], game.black),
                                          (black, "b", SWG_BLACK[0], game.white)):  # fmt: skip
        mine = player.round(r)
        if not game.result:
            if not mine.blank:
                message = words("trf.board_unplayed_has_result", player=player.start_rank,
                                round=r, line=player.line)  # fmt: skip
                raise record_error(record, message, column)
            continue
        codes = SWG_BLOCKS[game.result][0 if colour == "w" else 1]
        forfeit = game.result in ("+-", "-+", "--")
        if (
            mine.opponent != other
            or mine.result not in codes
            or (mine.color != colour and not (forfeit and mine.color == "-"))
        ):
            message = words("trf.board_disagrees", player=player.start_rank, round=r,
                            line=player.line, side=colour, result=game.result,
                            opponent=other)  # fmt: skip
            raise record_error(record, message, column)
