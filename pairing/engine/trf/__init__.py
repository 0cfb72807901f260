"""FIDE Tournament Report File (TRF): read, check and write it, and convert it to a state.

Editions:

- TRF16, FIDE Handbook C.04 Annex 2 ("by Christian Krause (Torino, June 1st 2006) -
  Updated: Tromsø, August 13th 2014 - Approved: Elista, August 10th 2015"): the 001 player
  record and the 012-132 headers;
- TRF-2026 (approved by the FIDE Council on 12/05/2025, applied from 01/09/2025), the
  records for individual events: ``###`` comments, 142 rounds, 152 initial colour,
  162 point system, 192 the type of tournament (its Dutch codes, ETT26: ``typecodes``),
  202/212 tie-breaks, 222 time control, 240 byes, 250 acceleration, 260 prohibited
  pairings, as bench/README.md's "TRF-2026 records against the specification (#32)"
  compares them (299, the national and the team records are kept as written but not
  interpreted); the 001 starting-rank number (columns 5-8) is the Tournament Pairing
  Number (TPN) of C.04 (2026);
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

  and, so that the backup carries every field of the event (#31):

  ``SWP "text"``
      the prize table, one JSON string (ASCII, its lines joined by ``\n``);
  ``SWI NNNN id``
      player NNNN's national ID (a national rating list's code), same columns as SWC;
  ``SWV NNNN RRRR list``
      player NNNN's national rating and its list's name (DWZ, ECF), same columns; the
      export also writes TRF-2026's own 172 and NRS records for them (``national``);
  ``SWB NNNN YYYY``
      player NNNN's birth year, when only the year is known (same columns);
  ``SWX NNNN SSSS RRRR BBBB``
      player NNNN's FIDE standard, rapid and blitz ratings (``-`` for one not known,
      ``0`` unrated), same columns; the 001 line keeps the one of the event's rate of
      play (TRF-2026 has a place for that one only);
  ``SWD NNNN BBBB``
      player NNNN's fixed board: every game of theirs is given board BBBB (same columns);
  ``SWL NNNN code``
      the code of player NNNN's private link (1-16 of ``A-Z a-z 0-9 - _``);
  ``SWF NNNN MMMM "reason"``
      why players NNNN and MMMM (columns 5-8 and 10-13), kept apart by an XXP line, must
      not meet: a JSON string from column 15;
  ``SWQ NNNN kind round state asked decided link``
      a request player NNNN made on their own page: its kind and state (small-letter
      words, the web app's), its round (``-`` for none), when it was asked and when
      decided (ISO 8601, ``-`` for not yet), and the fingerprint of the private link it
      was made on (12 hex digits, ``-`` for not recorded; absent in older files), words
      separated by spaces;
  ``SWE RRR data``
      round RRR's explanation (the engine's steps and the arbiter's edits, each a rule,
      a text and the pairing numbers it concerns, and an engine step's message ``code``
      and ``values``, absent in older files) as ASCII JSON, packed by zlib and written
      in base64 from column 9; refused when it unpacks to over 16 MB.

  The SWO options of the backup are the web app's settings: yes/no flags (``0``/``1``),
  numbers and words, ``-`` for none (``unrated_rating=-``, ``tiebreak_rules=-``); the
  rounds' start times are one word, ``round_times=14:00,-,09:30`` (``-`` for a round
  without one).

Columns are 1-based and inclusive, as numbered in the FIDE documents.  A
:class:`TrfDocument` keeps the lines it was read from, so every record we do not
interpret (team records 013/310, NRS records, 801, unknown tags, comments) survives a read
and a write, and an unchanged player line is written back exactly as it was read.

The package, one job per module:

- ``columns``: where each field of each record is, and the codes a field may hold;
- ``document``: :class:`TrfDocument` and its player records and round blocks;
- ``fields``: reading and writing one field (numbers, lists of starting ranks, points);
- ``reader``: :func:`decode_trf` and :func:`read_trf`, the 001 lines field by field;
- ``report``: the rating report's 112 deputies, 132 round dates and 222 time control;
- ``checking``: :func:`check_trf`, the document as a whole;
- ``records``: each TRF16, TRF-2026, JaVaFo and bbpPairings record we read or write;
- ``extensions``: each of our ``SW`` records, read and written;
- ``games``: the SWR and SWG records, the rounds and boards of a web app's event;
- ``lossless``: the SW records that carry the rest of a web app's event (SWP ... SWQ);
- ``writer``: :func:`write_trf` and the 001 lines;
- ``typecodes``: record 192, the encoded type of tournament (ETT26);
- ``state``: :func:`state_from_trf` and :func:`trf_from_state`; :func:`pairing_records`,
  the pairing records every writer (the command line's, the web app's backup) writes.

No code outside this package knows a record's columns or syntax: the web app's export,
backup and import build and read every line through the functions named here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .checking import (
    check_trf,
)
from .columns import (
    BIRTH_DATE,
    BYE_CODES,
    BYE_KINDS,
    COMPLEMENT,
    FEDERATION,
    FIDE_ID,
    GAME_CODES,
    MAX_START_RANK,
    NAME,
    PLAYER_TAG,
    POINTS,
    RANK,
    RANK_LIST_STEP,
    RATING,
    RESULT_CODES,
    ROUND_COLOR,
    ROUND_OPPONENT,
    ROUND_RESULT,
    ROUND_STATES,
    ROUND_STEP,
    SEPARATORS,
    SEX,
    START_RANK,
    SWA_NAME,
    SWA_RANK,
    SWA_TAG,
    SWC_NAME,
    SWC_RANK,
    SWC_TAG,
    SWG_BLACK,
    SWG_BLOCKS,
    SWG_BOARD,
    SWG_RESULT,
    SWG_RESULTS,
    SWG_ROUND,
    SWG_WHITE,
    SWN_NAME,
    SWN_RANK,
    SWN_TAG,
    SWR_ROUND,
    SWR_STATE,
    SWW_RANK,
    SWW_ROUND,
    T162_FIRST_CODE,
    T162_STEP,
    T240_FIRST_RANK,
    T240_ROUND,
    T240_TYPE,
    T250_FIRST_PLAYER,
    T250_FIRST_ROUND,
    T250_GAME_POINTS,
    T250_LAST_PLAYER,
    T250_LAST_ROUND,
    T260_FIRST_RANK,
    T260_FIRST_ROUND,
    T260_LAST_ROUND,
    TITLE,
    TITLES,
    XXA_FIRST_POINTS,
    XXA_RANK,
    XXA_STEP,
    Span,
)
from .document import (
    TrfDocument,
    TrfField,
    TrfPlayer,
    TrfRecord,
    TrfRound,
    last_paired_round,
    player_title,
    round_column,
    start_date,
)
from .extensions import (
    FIRST_YEAR,
    LAST_YEAR,
    NAME_WIDTH,
    OptionValue,
    area_line,
    areas,
    club_line,
    clubs,
    fide_tiebreak_line,
    fide_tiebreak_order,
    has_round_records,
    options_line,
    pairing_system,
    player_texts,
    system_from_trf,
    system_line,
    tiebreak_line,
    tiebreak_order,
    top_players,
    top_players_line,
    whole_name_line,
    whole_names,
    withdrawal_line,
    withdrawals,
)
from .fields import format_points
from .national import (
    RANKING_METHODS,
    national_rating_lines,
    national_ratings,
    nrs_line,
    nrs_ratings,
    ranking_method,
    ranking_method_line,
)
from .reader import (
    decode_trf,
    read_trf,
)
from .records import (
    Header,
    PointValue,
    TrfByes,
    absent_players,
    accelerated_rounds_lines,
    bb_point_lines,
    bye_lines,
    byes_2026,
    date_line,
    four_digit_date,
    header_line,
    header_text,
    initial_colour,
    initial_colour_line,
    point_system,
    point_system_2026_line,
    point_system_line,
    prohibited_groups,
    prohibited_line,
    rounds_line,
    swiss_type_line,
    total_rounds,
    xxa_lines,
    year_only_date,
)
from .state import (
    TITLE_CODES,
    pairing_records,
    player_record,
    state_from_trf,
    trf_from_state,
)
from .typecodes import tournament_type, tournament_type_line
from .writer import (
    format_player,
    trf_document,
    write_trf,
)

if TYPE_CHECKING:
    from .games import (
        TrfGame,
        TrfRoundInfo,
        block_games,
        game_line,
        game_lines,
        round_info_line,
        round_infos,
    )
    from .lossless import (
        TrfAsk,
        TrfExplanation,
        TrfOption,
        TrfReason,
        access_code_line,
        access_codes,
        ask_line,
        asks,
        birth_year_line,
        birth_years,
        event_options,
        explanation_line,
        explanations,
        fide_ratings,
        fide_ratings_line,
        fixed_board_line,
        fixed_boards,
        national_id_line,
        national_ids,
        prize_table,
        prize_table_line,
        reason_line,
        reasons,
    )
    from .report import (
        deputy_arbiter_lines,
        deputy_arbiters,
        initial_colour_2026_line,
        parse_round_dates,
        parse_time_control,
        round_date_readable,
        round_dates,
        round_dates_line,
        rounds_2026_line,
        time_control_code,
        time_control_line,
        valid_time_control_code,
    )

_LOSSLESS = frozenset(
    {
        "TrfOption",
        "event_options",
        "TrfAsk",
        "TrfExplanation",
        "TrfReason",
        "access_code_line",
        "access_codes",
        "ask_line",
        "asks",
        "birth_year_line",
        "birth_years",
        "explanation_line",
        "explanations",
        "fide_ratings",
        "fide_ratings_line",
        "fixed_board_line",
        "fixed_boards",
        "national_id_line",
        "national_ids",
        "prize_table",
        "prize_table_line",
        "reason_line",
        "reasons",
    }
)
"""What ``lossless`` gives this package: read from it when first asked for, as pairing
a file (the command line) reads none of the web app's backup records."""

_REPORT = frozenset(
    {
        "deputy_arbiter_lines",
        "deputy_arbiters",
        "initial_colour_2026_line",
        "parse_round_dates",
        "parse_time_control",
        "round_date_readable",
        "round_dates",
        "round_dates_line",
        "rounds_2026_line",
        "time_control_code",
        "time_control_line",
        "valid_time_control_code",
    }
)
"""What ``report`` gives this package, read from it when first asked for in the same
way: only the web app's rating report and backup read or write those records."""


_GAMES = frozenset(
    {
        "TrfGame",
        "TrfRoundInfo",
        "block_games",
        "game_line",
        "game_lines",
        "round_info_line",
        "round_infos",
    }
)
"""What ``games`` gives this package (the backup's SWR and SWG records), read from it
when first asked for in the same way."""


def __getattr__(name: str) -> object:
    if name in _LOSSLESS:
        from . import lossless  # loaded when first used: see _LOSSLESS

        return getattr(lossless, name)
    if name in _GAMES:
        from . import games  # loaded when first used: see _GAMES

        return getattr(games, name)
    if name in _REPORT:
        from . import report  # loaded when first used: see _REPORT

        return getattr(report, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "RANKING_METHODS",
    "national_rating_lines",
    "national_ratings",
    "nrs_line",
    "nrs_ratings",
    "ranking_method",
    "ranking_method_line",
    "TrfAsk",
    "TrfExplanation",
    "TrfReason",
    "access_code_line",
    "access_codes",
    "ask_line",
    "asks",
    "birth_year_line",
    "birth_years",
    "fide_ratings",
    "fide_ratings_line",
    "explanation_line",
    "explanations",
    "fixed_board_line",
    "fixed_boards",
    "national_id_line",
    "national_ids",
    "prize_table",
    "prize_table_line",
    "reason_line",
    "reasons",
    "deputy_arbiter_lines",
    "deputy_arbiters",
    "initial_colour_2026_line",
    "rounds_2026_line",
    "time_control_line",
    "parse_round_dates",
    "parse_time_control",
    "round_date_readable",
    "round_dates",
    "round_dates_line",
    "time_control_code",
    "valid_time_control_code",
    "BIRTH_DATE",
    "BYE_CODES",
    "BYE_KINDS",
    "COMPLEMENT",
    "FEDERATION",
    "FIDE_ID",
    "FIRST_YEAR",
    "GAME_CODES",
    "LAST_YEAR",
    "Header",
    "MAX_START_RANK",
    "NAME",
    "NAME_WIDTH",
    "OptionValue",
    "PLAYER_TAG",
    "POINTS",
    "PointValue",
    "RANK",
    "RANK_LIST_STEP",
    "RATING",
    "RESULT_CODES",
    "ROUND_COLOR",
    "ROUND_OPPONENT",
    "ROUND_RESULT",
    "ROUND_STATES",
    "ROUND_STEP",
    "SEPARATORS",
    "SEX",
    "START_RANK",
    "SWA_NAME",
    "SWA_RANK",
    "SWA_TAG",
    "SWC_NAME",
    "SWC_RANK",
    "SWC_TAG",
    "SWG_BLACK",
    "SWG_BLOCKS",
    "SWG_BOARD",
    "SWG_RESULT",
    "SWG_RESULTS",
    "SWG_ROUND",
    "SWG_WHITE",
    "SWN_NAME",
    "SWN_RANK",
    "SWN_TAG",
    "SWR_ROUND",
    "SWR_STATE",
    "SWW_RANK",
    "SWW_ROUND",
    "Span",
    "T162_FIRST_CODE",
    "T162_STEP",
    "T240_FIRST_RANK",
    "T240_ROUND",
    "T240_TYPE",
    "T250_FIRST_PLAYER",
    "T250_FIRST_ROUND",
    "T250_GAME_POINTS",
    "T250_LAST_PLAYER",
    "T250_LAST_ROUND",
    "T260_FIRST_RANK",
    "T260_FIRST_ROUND",
    "T260_LAST_ROUND",
    "TITLE",
    "TITLES",
    "TITLE_CODES",
    "TrfByes",
    "TrfDocument",
    "TrfField",
    "TrfGame",
    "TrfOption",
    "TrfPlayer",
    "TrfRecord",
    "TrfRound",
    "TrfRoundInfo",
    "XXA_FIRST_POINTS",
    "XXA_RANK",
    "XXA_STEP",
    "absent_players",
    "bb_point_lines",
    "point_system_2026_line",
    "area_line",
    "areas",
    "block_games",
    "bye_lines",
    "byes_2026",
    "check_trf",
    "club_line",
    "clubs",
    "date_line",
    "four_digit_date",
    "year_only_date",
    "decode_trf",
    "event_options",
    "format_player",
    "format_points",
    "game_line",
    "game_lines",
    "has_round_records",
    "header_line",
    "header_text",
    "initial_colour",
    "initial_colour_line",
    "last_paired_round",
    "start_date",
    "options_line",
    "pairing_system",
    "player_record",
    "player_title",
    "player_texts",
    "point_system",
    "point_system_line",
    "prohibited_groups",
    "prohibited_line",
    "read_trf",
    "round_column",
    "round_info_line",
    "round_infos",
    "rounds_line",
    "state_from_trf",
    "swiss_type_line",
    "tournament_type",
    "tournament_type_line",
    "system_from_trf",
    "system_line",
    "tiebreak_line",
    "tiebreak_order",
    "fide_tiebreak_line",
    "fide_tiebreak_order",
    "top_players",
    "top_players_line",
    "total_rounds",
    "trf_document",
    "pairing_records",
    "trf_from_state",
    "whole_name_line",
    "whole_names",
    "withdrawal_line",
    "withdrawals",
    "write_trf",
    "xxa_lines",
    "accelerated_rounds_lines",
]
