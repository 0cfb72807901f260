"""The TRF reader's sentences in English, by message code (``trf.``).

:data:`pairing.engine.messages.ENGLISH` includes this table; it is a module of its own
because the reader says much (and :mod:`pairing.engine.trf` imports the messages, so
the table cannot live inside that package without an import circle).

A value shown as the file writes it is already quoted (``'x'``, Python's ``repr``), so
the English reads as before; ``what`` names a field (``player``, ``round``, ``game
points``...) and is translated word for word by an application; ``problem`` is a
message within the message (``%(tag)s %(problem)s``: the record's tag, then what is wrong
with one of its fields).
"""

from __future__ import annotations

from collections.abc import Mapping

TRF: Mapping[str, str] = {
    # Where: a record's tag or a player's round before what is wrong there (fields, reader).
    "trf.in_record": "%(tag)s %(problem)s",
    "trf.in_round": "round %(round)s %(problem)s",
    # A field's value (fields).
    "trf.not_decimal": "%(what)s %(text)s is not a number such as 1.5",
    "trf.not_number": "%(what)s %(text)s is not a number",
    "trf.not_rank": "%(text)s is not a starting rank",
    "trf.not_half_point": "%(what)s %(points)s is not a multiple of 0.5",
    # A 001 player line (reader).
    "trf.control_character": "control character %(code)s is not text",
    "trf.rank_used_again": "starting rank %(rank)s is used again (first on line %(first)s)",
    "trf.rank_too_long": "starting rank %(text)s... has more than four digits (a TRF holds at "
    "most 9999 players)",
    "trf.rank_not_number": "starting rank %(text)s is not a number from 1 to 9999",
    "trf.points_not_number": "points %(text)s are not a number such as 4.5",
    "trf.opponent_not_rank": "opponent %(text)s is not a starting rank",
    "trf.colour_code": "colour %(text)s is not w, b or -",
    "trf.result_code": "result %(text)s is not one of %(codes)s",
    "trf.bye_with_opponent": "result %(text)s is a bye, so the opponent must be 0000, not "
    "%(opponent)s",
    "trf.blank_result": "result is blank but opponent %(opponent)s is given",
    "trf.game_without_colour": "colour of the game against %(opponent)s must be w or b",
    "trf.game_without_opponent": "result %(text)s needs an opponent",
    # The file as a whole: games on both sides, records naming players (checking).
    "trf.second_allocated_bye": "round %(round)s: a second pairing-allocated bye (the first is "
    "player %(player)s, line %(line)s)",
    "trf.paired_with_self": "round %(round)s: player %(player)s is paired with themselves",
    "trf.opponent_not_in_file": "round %(round)s: opponent %(opponent)s is not in the file",
    "trf.game_one_sided": "round %(round)s: player %(opponent)s (line %(line)s) does not record "
    "a game against %(player)s",
    "trf.same_colour": "round %(round)s: player %(opponent)s (line %(line)s) also has colour "
    "%(code)s",
    "trf.results_disagree": "round %(round)s: result %(result)s but player %(opponent)s (line "
    "%(line)s) has %(other)s, not %(expected)s",
    "trf.player_not_in_file": "player %(player)s is not in the file",
    "trf.rounds_too_few": "says %(rounds)s rounds but round %(played)s has games",
    "trf.game_after_withdrawal": "player %(player)s withdrew after round %(after)s but has a "
    "game in round %(round)s",
    "trf.bye_but_game": "%(code)s: player %(player)s has a game in round %(round)s (against "
    "%(opponent)s, line %(line)s)",
    "trf.bye_written_otherwise": "%(code)s: player %(player)s's round %(round)s is "
    "%(written)s, not %(code)s (line %(line)s)",
    "trf.board_no_allocated_bye": "player %(player)s has no U in round %(round)s on line %(line)s",
    "trf.board_unplayed_has_result": "board not yet played, but player %(player)s has a result "
    "in round %(round)s on line %(line)s",
    "trf.board_disagrees": "player %(player)s's round %(round)s on line %(line)s is not "
    "%(side)s %(result)s against %(opponent)s",
    # The program's own records, SW? (extensions).
    "trf.withdrawal_round": "round %(text)s is not a number (SWW NNNN R)",
    "trf.no_system": "needs the name of a pairing system",
    "trf.not_name_value": "%(text)s is not name=value",
    "trf.no_tiebreaks": "needs the tie-break codes",
    "trf.round_zero": "round 0 is not a round",
    "trf.round_info_words": "needs state, seed and three timestamps after the round",
    "trf.round_state": "state %(text)s is not one of %(codes)s",
    "trf.seed": "seed %(text)s is not a whole number",
    "trf.not_iso_time": "%(text)s is not an ISO 8601 time",
    "trf.no_time_zone": "%(text)s has no time zone",
    "trf.time_out_of_years": "%(text)s is not a time from %(first)s to %(last)s",
    "trf.round_not_paired_at": "a round needs the time it was paired",
    "trf.round_not_published_at": "a %(state)s round needs the time it was published",
    "trf.zero_not_allowed": "%(what)s 0 is not allowed",
    "trf.bye_has_result": "the pairing-allocated bye has no result",
    "trf.plays_self": "player %(player)s cannot play themselves",
    "trf.option_flag": "%(name)s must be 0 or 1, not %(text)s",
    "trf.option_whole": "%(name)s %(text)s is not a whole number",
    "trf.option_time": "%(name)s %(text)s is not a time",
    "trf.option_time_years": "%(name)s %(text)s is not a time from %(first)s to %(last)s",
    # FIDE's records: rounds, colours, points, TRF-2026 byes and acceleration (records).
    "trf.rounds_not_positive": "number of rounds %(text)s is not a positive number",
    "trf.initial_colour": "initial colour %(text)s is not W or B",
    "trf.initial_colour_option": "option %(text)s is not rank, white1 or black1",
    "trf.point_code": "code %(text)s is not one of WW BW WD BD WL BL ZPB HPB FPB PAB FW FL W D "
    "(as CODE=VALUE)",
    "trf.point_code_2026": "code %(text)s is not W, D, L, A, P or X",
    "trf.match_points": "match points are for team events: an individual event leaves columns "
    "5-8 empty",
    "trf.game_points_zero": "game points must not be 0.0 in an individual event",
    "trf.first_zero": "first %(what)s 0 is not a %(what)s",
    "trf.last_before_first": "last %(what)s %(last)s is before the first, %(first)s",
    "trf.bye_type_u": "bye type 'U': a pairing-allocated bye is written U in the player's "
    "round (001), not in a 240 record",
    "trf.bye_type": "bye type %(text)s is not F, H or Z",
    "trf.no_player": "needs at least one player",
    "trf.one_player": "needs at least two players",
    "trf.colour_points_differ": "a %(what)s with white (%(white)s) and with black (%(black)s) "
    "must be worth the same points",
    # The program's lossless records (lossless), national ratings, dates and time control.
    "trf.not_json_string": "%(what)s %(text)s is not a JSON string",
    "trf.birth_year": "year %(text)s is not a year (SWB NNNN YYYY)",
    "trf.fixed_board": "board %(text)s is not a board (SWD NNNN BBBB)",
    "trf.access_code": "code %(text)s is not 1-16 letters, digits, '-' or '_'",
    "trf.ask_words": "needs kind, round, state and two times (then the link) after the player",
    "trf.small_letters": "%(text)s is not a word of small letters",
    "trf.ask_round": "round %(text)s is not a round number",
    "trf.link_fingerprint": "%(text)s is not a link's fingerprint (12 hex digits)",
    "trf.explanation_packing": "the explanation is not base64 of zlib data",
    "trf.explanation_size": "the explanation unpacks to over %(bytes)s bytes or is cut short",
    "trf.explanation_json": "the explanation is not ASCII JSON",
    "trf.explanation_steps": "the explanation is not a list of steps (rule, text, players)",
    "trf.national_rating": "rating %(text)s is not a number (SWV NNNN RRRR)",
    "trf.fide_ratings": "%(text)s is not three ratings or - (SWX NNNN SSSS RRRR BBBB)",
    "trf.round_date": "round %(round)s: %(text)s is not a date YY/MM/DD",
    "trf.time_control": "%(text)s is not an encoded time control such as 5400+30 or "
    "40/6000+30:900+30",
    # The state read from a file: options and accelerated points (state, options).
    "trf.option_zero_or_one": "option %(option)s must be 0 or 1",
    "trf.option_value": "%(problem)s, not %(text)s",
    "trf.acceleration_differs": "player %(player)s has %(points)s points in round %(round)s, "
    "but %(xxa)s by XXA",
}
"""Each TRF reading error's English template."""

__all__ = ["TRF"]
