"""The TRF reader's errors in the reader's language (#36 item 8).

The pairing engine's TRF reader raises ``TrfError`` with a message code (``trf.``) and
values (``pairing.engine.messages_trf``); here each code has its translatable template,
with the same ``%(name)s`` placeholders (``tests/web/test_engine_words.py`` holds the
tables to that).  :mod:`~swissweb.tournament.rounds.engine_words` renders them with the
engine's other words.

A value in quotes (``'x'``) is the file's text as written and stays as it is; ``what``
names a field of the file, translated through :data:`FIELDS`.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

TRF_TEMPLATES: Mapping[str, Promise] = {
    # Translators: a TRF record's tag (001, XXR, SWG...), then what is wrong in it.
    "trf.in_record": _("%(tag)s %(problem)s"),
    # Translators: a player's round in a TRF line, then what is wrong in it.
    "trf.in_round": _("round %(round)s %(problem)s"),
    # Translators: %(what)s names a field (points...), %(text)s is its value as written.
    "trf.not_decimal": _("%(what)s %(text)s is not a number such as 1.5"),
    # Translators: %(what)s names a field (player, round...), %(text)s its value as written.
    "trf.not_number": _("%(what)s %(text)s is not a number"),
    "trf.not_rank": _("%(text)s is not a starting rank"),
    # Translators: %(what)s names a value (game points); %(points)s as written (4.25).
    "trf.not_half_point": _("%(what)s %(points)s is not a multiple of 0.5"),
    # Translators: %(code)s is a character's Unicode number (U+0007).
    "trf.control_character": _("control character %(code)s is not text"),
    "trf.rank_used_again": _("starting rank %(rank)s is used again (first on line %(first)s)"),
    "trf.rank_too_long": _(
        "starting rank %(text)s... has more than four digits (a TRF holds at most 9999 players)"
    ),
    "trf.rank_not_number": _("starting rank %(text)s is not a number from 1 to 9999"),
    "trf.points_not_number": _("points %(text)s are not a number such as 4.5"),
    "trf.opponent_not_rank": _("opponent %(text)s is not a starting rank"),
    "trf.colour_code": _("colour %(text)s is not w, b or -"),
    # Translators: %(codes)s lists the result codes a TRF allows.
    "trf.result_code": _("result %(text)s is not one of %(codes)s"),
    "trf.bye_with_opponent": _(
        "result %(text)s is a bye, so the opponent must be 0000, not %(opponent)s"
    ),
    "trf.blank_result": _("result is blank but opponent %(opponent)s is given"),
    "trf.game_without_colour": _("colour of the game against %(opponent)s must be w or b"),
    "trf.game_without_opponent": _("result %(text)s needs an opponent"),
    "trf.second_allocated_bye": _(
        "round %(round)s: a second pairing-allocated bye (the first is player %(player)s, "
        "line %(line)s)"
    ),
    "trf.paired_with_self": _("round %(round)s: player %(player)s is paired with themselves"),
    "trf.opponent_not_in_file": _("round %(round)s: opponent %(opponent)s is not in the file"),
    "trf.game_one_sided": _(
        "round %(round)s: player %(opponent)s (line %(line)s) does not record a game "
        "against %(player)s"
    ),
    # Translators: %(code)s is a colour code of the file: w or b.
    "trf.same_colour": _(
        "round %(round)s: player %(opponent)s (line %(line)s) also has colour %(code)s"
    ),
    "trf.results_disagree": _(
        "round %(round)s: result %(result)s but player %(opponent)s (line %(line)s) has "
        "%(other)s, not %(expected)s"
    ),
    "trf.player_not_in_file": _("player %(player)s is not in the file"),
    # Translators: after a TRF record's tag: it says how many rounds the event has.
    "trf.rounds_too_few": _("says %(rounds)s rounds but round %(played)s has games"),
    "trf.game_after_withdrawal": _(
        "player %(player)s withdrew after round %(after)s but has a game in round %(round)s"
    ),
    # Translators: %(code)s is a bye type of the file: F, H or Z.
    "trf.bye_but_game": _(
        "%(code)s: player %(player)s has a game in round %(round)s (against %(opponent)s, "
        "line %(line)s)"
    ),
    "trf.bye_written_otherwise": _(
        "%(code)s: player %(player)s's round %(round)s is %(written)s, not %(code)s (line %(line)s)"
    ),
    "trf.board_no_allocated_bye": _(
        "player %(player)s has no U in round %(round)s on line %(line)s"
    ),
    "trf.board_unplayed_has_result": _(
        "board not yet played, but player %(player)s has a result in round %(round)s on "
        "line %(line)s"
    ),
    # Translators: %(side)s is the colour code w or b; %(result)s a result such as 1-0.
    "trf.board_disagrees": _(
        "player %(player)s's round %(round)s on line %(line)s is not %(side)s %(result)s "
        "against %(opponent)s"
    ),
    "trf.withdrawal_round": _("round %(text)s is not a number (SWW NNNN R)"),
    "trf.no_system": _("needs the name of a pairing system"),
    "trf.not_name_value": _("%(text)s is not name=value"),
    "trf.no_tiebreaks": _("needs the tie-break codes"),
    "trf.round_zero": _("round 0 is not a round"),
    "trf.round_info_words": _("needs state, seed and three timestamps after the round"),
    # Translators: %(codes)s lists the states a round may have (paired published completed).
    "trf.round_state": _("state %(text)s is not one of %(codes)s"),
    "trf.seed": _("seed %(text)s is not a whole number"),
    "trf.not_iso_time": _("%(text)s is not an ISO 8601 time"),
    "trf.no_time_zone": _("%(text)s has no time zone"),
    "trf.time_out_of_years": _("%(text)s is not a time from %(first)s to %(last)s"),
    "trf.round_not_paired_at": _("a round needs the time it was paired"),
    # Translators: %(state)s is a round's state: published or completed.
    "trf.round_not_published_at": _("a %(state)s round needs the time it was published"),
    "trf.zero_not_allowed": _("%(what)s 0 is not allowed"),
    "trf.bye_has_result": _("the pairing-allocated bye has no result"),
    "trf.plays_self": _("player %(player)s cannot play themselves"),
    # Translators: %(name)s is an option's name as the file writes it.
    "trf.option_flag": _("%(name)s must be 0 or 1, not %(text)s"),
    "trf.option_whole": _("%(name)s %(text)s is not a whole number"),
    "trf.option_time": _("%(name)s %(text)s is not a time"),
    "trf.option_time_years": _("%(name)s %(text)s is not a time from %(first)s to %(last)s"),
    "trf.rounds_not_positive": _("number of rounds %(text)s is not a positive number"),
    "trf.initial_colour": _("initial colour %(text)s is not W or B"),
    "trf.initial_colour_option": _("option %(text)s is not rank, white1 or black1"),
    "trf.point_code": _(
        "code %(text)s is not one of WW BW WD BD WL BL ZPB HPB FPB PAB FW FL W D (as CODE=VALUE)"
    ),
    "trf.point_code_2026": _("code %(text)s is not W, D, L, A, P or X"),
    "trf.match_points": _(
        "match points are for team events: an individual event leaves columns 5-8 empty"
    ),
    "trf.game_points_zero": _("game points must not be 0.0 in an individual event"),
    # Translators: %(what)s is round or player.
    "trf.first_zero": _("first %(what)s 0 is not a %(what)s"),
    # Translators: %(what)s is round or player.
    "trf.last_before_first": _("last %(what)s %(last)s is before the first, %(first)s"),
    "trf.bye_type_u": _(
        "bye type 'U': a pairing-allocated bye is written U in the player's round (001), "
        "not in a 240 record"
    ),
    "trf.bye_type": _("bye type %(text)s is not F, H or Z"),
    "trf.no_player": _("needs at least one player"),
    "trf.one_player": _("needs at least two players"),
    # Translators: %(what)s is win, draw or loss; the points as the file writes them.
    "trf.colour_points_differ": _(
        "a %(what)s with white (%(white)s) and with black (%(black)s) must be worth the same points"
    ),
    # Translators: %(what)s is prize table or reason.
    "trf.not_json_string": _("%(what)s %(text)s is not a JSON string"),
    "trf.birth_year": _("year %(text)s is not a year (SWB NNNN YYYY)"),
    "trf.fixed_board": _("board %(text)s is not a board (SWD NNNN BBBB)"),
    "trf.access_code": _("code %(text)s is not 1-16 letters, digits, '-' or '_'"),
    "trf.ask_words": _("needs kind, round, state and two times (then the link) after the player"),
    "trf.small_letters": _("%(text)s is not a word of small letters"),
    "trf.ask_round": _("round %(text)s is not a round number"),
    "trf.link_fingerprint": _("%(text)s is not a link's fingerprint (12 hex digits)"),
    "trf.explanation_packing": _("the explanation is not base64 of zlib data"),
    # Translators: %(bytes)s is a number of bytes.
    "trf.explanation_size": _("the explanation unpacks to over %(bytes)s bytes or is cut short"),
    "trf.explanation_json": _("the explanation is not ASCII JSON"),
    "trf.explanation_steps": _("the explanation is not a list of steps (rule, text, players)"),
    "trf.national_rating": _("rating %(text)s is not a number (SWV NNNN RRRR)"),
    "trf.fide_ratings": _("%(text)s is not three ratings or - (SWX NNNN SSSS RRRR BBBB)"),
    "trf.round_date": _("round %(round)s: %(text)s is not a date YY/MM/DD"),
    "trf.time_control": _(
        "%(text)s is not an encoded time control such as 5400+30 or 40/6000+30:900+30"
    ),
    "trf.option_zero_or_one": _("option %(option)s must be 0 or 1"),
    # Translators: why an option refuses the value, then the value as written.
    "trf.option_value": _("%(problem)s, not %(text)s"),
    # Translators: XXA is a TRF record of accelerated points; the points as written.
    "trf.acceleration_differs": _(
        "player %(player)s has %(points)s points in round %(round)s, but %(xxa)s by XXA"
    ),
}
"""Each TRF reading error's translatable template."""

FIELDS: Mapping[str, Promise] = {
    # Translators: a field of a TRF file, named in a reading error ("player 'x' is not a number").
    "player": pgettext_lazy("TRF field", "player"),
    "round": pgettext_lazy("TRF field", "round"),
    "board": pgettext_lazy("TRF field", "board"),
    "white": pgettext_lazy("TRF field", "white"),
    "black": pgettext_lazy("TRF field", "black"),
    "rating": pgettext_lazy("TRF field", "rating"),
    "rank": pgettext_lazy("TRF field", "rank"),
    "points": pgettext_lazy("TRF field", "points"),
    "match points": pgettext_lazy("TRF field", "match points"),
    "game points": pgettext_lazy("TRF field", "game points"),
    "first round": pgettext_lazy("TRF field", "first round"),
    "last round": pgettext_lazy("TRF field", "last round"),
    "first player": pgettext_lazy("TRF field", "first player"),
    "last player": pgettext_lazy("TRF field", "last player"),
    "win": pgettext_lazy("TRF field", "win"),
    "draw": pgettext_lazy("TRF field", "draw"),
    "loss": pgettext_lazy("TRF field", "loss"),
    "prize table": pgettext_lazy("TRF field", "prize table"),
    "reason": pgettext_lazy("TRF field", "reason"),
}
"""The fields a TRF reading error names (its ``what``); another, such as ``WW value``,
is a code of the file and stays as written."""

ROUND_STATES: Mapping[str, Promise] = {
    # Translators: a round's state, in a TRF reading error ("a published round needs...").
    "published": pgettext_lazy("round state", "published"),
    "completed": pgettext_lazy("round state", "completed"),
}
"""A round's state among a TRF reading error's values (``state``)."""

__all__ = ["FIELDS", "ROUND_STATES", "TRF_TEMPLATES"]
