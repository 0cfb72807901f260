"""A whole event read from a TRF file: checked completely before anything is written.

:func:`event_plan` turns TRF text into an :class:`EventPlan`, plain values that
``event_services.event_import_trf`` writes in one transaction.  Every problem is a
``TournamentError`` naming the line and column (TRF spec numbering), so an arbiter can
find it in a text editor.

Readings:

- With ``SWR``/``SWG`` lines (our export), rounds, boards, results not yet entered,
  states, seeds and times come from them; each finished game in a 001 line must have
  its ``SWG`` line, and each ``SWG`` result must agree with the 001 lines.
- Without them (a file from another program), every round column with a game or a
  pairing-allocated bye is a completed round; its boards are ordered by the lower
  pairing number of the two players, the bye last; ``H`` is a half-point bye, ``F`` (or
  the old ``0000 - +``) a full-point bye, ``Z``/``-``/blank an absence.  Later columns
  holding only byes, XXZ lines and 240 lines are requests for coming rounds.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, Literal

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.events.report_fields import validate_round_times
from swissweb.tournament.models import (
    Event,
    PairingSystem,
    PrizeSharing,
    RateOfPlay,
    RatingBasis,
    Result,
    RoundState,
    TeamScoring,
    TieBreakRules,
)
from swissweb.tournament.models.system_options import with_flags
from swissweb.tournament.players.imports import duplicate_players
from swissweb.tournament.publishing import backup_records
from swissweb.tournament.publishing.backup_plans import (
    EventPlan,
    GamePlan,
    RoundPlan,
    SystemNotNamed,
)
from swissweb.tournament.publishing.exports import FLAG_FIELDS
from swissweb.tournament.publishing.trf_players import player_rows, trf_date, trf_entries
from swissweb.tournament.rounds import engine_adapter
from swissweb.tournament.rounds.engine_door import (
    SYSTEMS,
    Flag,
    FlagValue,
    Header,
    RequestKind,
    TrfDocument,
    TrfError,
    TrfGame,
    TrfRecord,
    option_specs,
    parse_tiebreaks,
    trf,
)
from swissweb.tournament.rounds.engine_words import trf_problem


def _event_date(doc: TrfDocument, header: Header, not_read: list[str]) -> dt.date | None:
    """The 042 or 052 date, left out with a note in ``not_read`` when its year is not
    from 1900 to 2200 (``trf.FIRST_YEAR``, ``trf.LAST_YEAR``): no event was or will be
    then, and a year 1 or 9999 breaks what is computed from it (#31 D11)."""
    text = trf.header_text(doc, header)
    day = trf_date(text)
    if day is not None and not trf.FIRST_YEAR <= day.year <= trf.LAST_YEAR:
        # Translators: %(record)s is 042 or 052, %(date)s as written in the file.
        note = _(
            "The date %(date)s (%(record)s) is not from %(first)d to %(last)d; it is left out."
        )
        values = {"date": text, "record": header.value, "first": trf.FIRST_YEAR,
                  "last": trf.LAST_YEAR}  # fmt: skip
        not_read.append(note % values)
        return None
    return day


def _report_fields(doc: TrfDocument, start: dt.date | None, not_read: list[str]) -> dict[str, Any]:
    """The rating report's records: 032 federation, 102 chief arbiter, 112 deputies, 122
    time control, 222 its code, 132 the round dates.  What does not read is left out
    and said in ``not_read``: another program's file may write them its own way."""
    fields: dict[str, Any] = {
        "chief_arbiter": trf.header_text(doc, Header.CHIEF_ARBITER)[:200],
        "deputy_arbiters": "\n".join(trf.deputy_arbiters(doc)),
        "time_control": trf.header_text(doc, Header.TIME_CONTROL)[:200],
    }
    federation = trf.header_text(doc, Header.FEDERATION).upper()
    if re.fullmatch(r"[A-Z]{3}", federation):
        fields["federation"] = federation
    elif federation:
        # Translators: 032 is the TRF record of the federation; %(federation)s as written.
        note = _("The federation (032) %(federation)s is not a FIDE code.")
        not_read.append(note % {"federation": repr(federation)})
    try:
        fields["time_control_code"] = trf.time_control_code(doc)
    except TrfError as exc:
        # Translators: %(problem)s is the TRF reader's explanation.
        note = _("TRF line %(line)d: %(problem)s.")
        not_read.append(note % {"line": exc.line, "problem": trf_problem(exc)})
    try:
        dates = trf.round_dates(doc, start)
    except TrfError as exc:
        # Translators: %(problem)s is the TRF reader's explanation.
        note = _("TRF line %(line)d: %(problem)s; no round dates are kept.")
        not_read.append(note % {"line": exc.line, "problem": trf_problem(exc)})
    else:
        if any(not trf.FIRST_YEAR <= d.year <= trf.LAST_YEAR for d in dates.values()):
            # Translators: 132 is the TRF record of the round dates.
            note = _("The round dates (132) are not from %(first)d to %(last)d; none are kept.")
            not_read.append(note % {"first": trf.FIRST_YEAR, "last": trf.LAST_YEAR})
            return fields
        last = max(dates, default=0)
        fields["round_dates"] = [
            dates[n].isoformat() if n in dates else None for n in range(1, last + 1)
        ]
    return fields


def _event_fields(doc: TrfDocument, *, system: str | None, ask_system: bool) -> dict[str, Any]:
    points = trf.point_system(doc)
    named = trf.pairing_system(doc)
    implemented = {s.value for s in SYSTEMS}
    if named is None and system is None and ask_system:
        rated = any(p.rating or p.fide_id.strip() for p in doc.players)
        raise SystemNotNamed(proposed=PairingSystem.DUTCH.value if rated else "")
    if named is None and system is not None:
        if system not in PairingSystem.values or system not in implemented:
            raise TournamentError(_("Choose one of the pairing systems offered."))
    else:
        system = named.value if named else PairingSystem.DUTCH_1992.value
    if system not in PairingSystem.values or system not in implemented:
        assert named is not None
        message = _("pairing system %(system)s is not available here")
        raise named.error(message % {"system": repr(system)})
    not_read: list[str] = []
    fields: dict[str, Any] = {
        "name": (trf.header_text(doc, Header.TOURNAMENT) or "Imported event")[:200],
        "venue": trf.header_text(doc, Header.CITY)[:200],
        "start_date": _event_date(doc, Header.START_DATE, not_read),
        "end_date": _event_date(doc, Header.END_DATE, not_read),
        "system": system,
        **engine_adapter.point_fields(points),
        "initial_colour": engine_adapter.model_initial_colour(trf.initial_colour(doc)),
        "lots_seed": 0,
        "started_at": None,
    }
    if fields["start_date"] and fields["end_date"] and fields["end_date"] < fields["start_date"]:
        fields["end_date"] = None
    fields["not_read"] = not_read
    fields.update(_report_fields(doc, fields["start_date"], not_read))
    order = trf.tiebreak_order(doc)
    if order is not None:
        try:
            codes = parse_tiebreaks(order.value)
        except ValueError as exc:
            raise order.error(str(exc)) from exc
        fields["tiebreaks"] = ",".join(code.value for code in codes)
    elif (fide := trf.fide_tiebreak_order(doc)) is not None:
        # Another program's file: FIDE's 202 or 212.  One of their codes we do not
        # compute (a team tie-break, a program's own modifier) keeps the default
        # order; the audit entry says why, and the arbiter sets the list.
        try:
            codes = parse_tiebreaks(fide.value)
        except ValueError as exc:
            # Translators: %(problem)s is the tie-break reader's explanation (in English).
            note = _("TRF line %(line)d: %(problem)s; the default tie-breaks are kept.")
            not_read.append(note % {"line": fide.line, "problem": exc})
        else:
            fields["tiebreaks"] = ",".join(code.value for code in codes)
    flags = {flag.word: flag for spec in option_specs() for flag in spec.flags()}
    given: dict[str, FlagValue] = {}
    for option in trf.event_options(doc):
        if option.name in FLAG_FIELDS:
            fields[option.name] = option.flag()
        elif option.name in flags:
            given[option.name] = _flag(option, flags[option.name])
        elif option.name in SETTING_CHOICES or option.name == "unrated_rating":
            fields[option.name] = _setting(option)
        elif option.name == "lots_seed":
            fields["lots_seed"] = option.whole()
        elif option.name == "round_times":
            fields["round_times"] = _round_times(option)
        elif option.name == "started":
            started = option.time()
            if started is not None:
                fields["started_at"] = started
        else:
            raise option.error(_("unknown event option %(name)s") % {"name": repr(option.name)})
    # Another program's TRF-2026: its 172 record says how the players were ranked; its
    # codes are our choices' values in capitals (OTHER keeps the default).
    method = trf.ranking_method(doc)
    if "rating_basis" not in fields and method and method[1].lower() in RatingBasis.values:
        fields["rating_basis"] = method[1].lower()
    fields["system_options"] = with_flags({}, given)
    return fields


def _flag(option: trf.TrfOption, flag: Flag) -> FlagValue:
    """A system option's SWO word, as its declaration reads it (``Flag.parse``)."""
    if flag.kind == "bool":
        return option.flag()
    try:
        return flag.parse(option.value)
    except ValueError as exc:
        (problem,) = exc.args  # Flag.parse words why (trf.option_value)
        raise option.error(problem) from None


SETTING_CHOICES: dict[str, tuple[Any, list[str]]] = {
    "tiebreak_rules": ("", TieBreakRules.values),
    "team_size": (0, []),
    "team_scoring": (None, TeamScoring.values),
    "prize_sharing": (None, PrizeSharing.values),
    "bye_most": (None, []),
    "bye_last_rounds": (None, []),
    "bye_deadline_hours": (None, []),
    "rate_of_play": (None, RateOfPlay.values),
    "rating_basis": (None, RatingBasis.values),
}
"""The SWO settings (``exports.WORD_OPTIONS``): the value ``-`` stands for (None: not
allowed) and the words allowed (none listed: a whole number)."""


def _round_times(option: trf.TrfOption) -> list[str | None]:
    """The start times of the SWO option ``round_times=14:00,-,09:30``, ``-`` for none."""
    times = [None if word == "-" else word for word in option.value.split(",")]
    try:
        validate_round_times(times)
    except ValidationError:
        # Translators: round_times is an option of the file; keep HH:MM as it is.
        message = _("round_times must be times HH:MM or -, separated by commas")
        raise option.error(message) from None
    return times


def _setting(option: trf.TrfOption) -> Any:
    """An SWO setting's value, refused at its column when the event cannot hold it."""
    empty, words = SETTING_CHOICES.get(option.name, (None, []))
    if option.value == "-" and (empty is not None or option.name == "unrated_rating"):
        return empty
    if words:
        if option.value not in words:
            # Translators: %(name)s is an option of the file, %(words)s the values it takes.
            message = _("%(name)s must be one of %(words)s")
            words_text = " ".join(w or "-" for w in words)
            raise option.error(message % {"name": option.name, "words": words_text})
        return option.value
    if not re.fullmatch(r"[0-9]{1,4}", option.value):
        # Translators: %(name)s is an option of the file (team_size, unrated_rating).
        message = _("%(name)s must be a whole number from 0 to 9999")
        raise option.error(message % {"name": option.name})
    return int(option.value)


def _plan(game: TrfGame) -> GamePlan:
    """A board to create; the bye's result is the pairing-allocated bye."""
    result = Result(game.result) if game.black is not None else Result.PAIRING_BYE
    return GamePlan(board=game.board, white=game.white, black=game.black, result=result)


def _games_from_blocks(doc: TrfDocument) -> dict[int, list[GamePlan]]:
    """The finished games and pairing-allocated byes written in the 001 lines, per round
    (a half-point or full-point bye is a request of its round, not a board)."""
    return {n: [_plan(g) for g in games] for n, games in trf.block_games(doc).items()}


def _rounds_from_blocks(doc: TrfDocument, now: dt.datetime) -> list[RoundPlan]:
    games = _games_from_blocks(doc)
    return [
        RoundPlan(
            number=number,
            state=RoundState.COMPLETED,
            seed=0,
            paired_at=now,
            published_at=now,
            completed_at=now,
            games=games.get(number, []),
        )
        for number in range(1, max(games, default=0) + 1)
    ]


def _rounds_from_lines(doc: TrfDocument) -> list[RoundPlan]:
    """Rounds and boards from SWR and SWG lines, checked against the 001 lines."""
    rounds: dict[int, RoundPlan] = {}
    infos = trf.round_infos(doc)
    for info in infos:
        if info.round_number in rounds:
            message = _("round %(number)d has a second SWR line") % {"number": info.round_number}
            raise info.error(message, at="round")
        assert info.paired_at is not None
        rounds[info.round_number] = RoundPlan(
            number=info.round_number,
            state=info.state,
            seed=info.seed,
            paired_at=info.paired_at,
            published_at=info.published_at,
            completed_at=info.completed_at,
        )
    seats: dict[tuple[int, int], int] = {}
    boards: dict[tuple[int, int], int] = {}
    for game in trf.game_lines(doc):
        plan = rounds.get(game.round_number)
        if plan is None:
            message = _("round %(number)d has no SWR line") % {"number": game.round_number}
            raise game.error(message, at="round")
        if (game.round_number, game.board) in boards:
            first = boards[(game.round_number, game.board)]
            message = _("board %(board)d is given twice (first on line %(line)d)") % {
                "board": game.board,
                "line": first,
            }
            raise game.error(message, at="board")
        boards[(game.round_number, game.board)] = game.line
        seated: tuple[tuple[Literal["white", "black"], int | None], ...] = (
            ("white", game.white),
            ("black", game.black),
        )
        for side, rank in seated:
            if rank is None:
                continue
            if (game.round_number, rank) in seats:
                first = seats[(game.round_number, rank)]
                message = _("player %(player)d has a board in round %(number)d already "
                            "(line %(line)d)")  # fmt: skip
                raise game.error(message % {"player": rank, "number": game.round_number,
                                            "line": first}, at=side)  # fmt: skip
            seats[(game.round_number, rank)] = game.line
        plan.games.append(GamePlan(board=game.board, white=game.white, black=game.black,
                                   result=game.result if game.black is not None
                                   else Result.PAIRING_BYE))  # fmt: skip
    for player in doc.players:
        for number, block in enumerate(player.rounds, start=1):
            if block.paired and (number, player.start_rank) not in seats:
                message = _("round %(number)d of player %(player)d has no SWG board") % {
                    "number": number,
                    "player": player.start_rank,
                }
                raise player.round_error(number, message, at="opponent")
    numbers = sorted(rounds)
    for expected, number in enumerate(numbers, start=1):
        plan = rounds[number]
        info = next(i for i in infos if i.round_number == number)
        if number != expected:
            message = _("round %(expected)d is missing before round %(number)d") % {
                "expected": expected,
                "number": number,
            }
            raise info.error(message, at="round")
        unfinished = any(not g.result for g in plan.games)
        if plan.state == RoundState.COMPLETED and unfinished:
            message = _("round %(number)d is completed but a board has no result") % {
                "number": number
            }
            raise info.error(message, at="state")
        if plan.state != RoundState.COMPLETED and number != numbers[-1]:
            # Translators: %(state)s is the state as the SWR line writes it (paired, published).
            message = _("round %(number)d is %(state)s but a later round exists") % {
                "number": number,
                "state": plan.state,
            }
            raise info.error(message, at="state")
        if plan.state == RoundState.PAIRED and any(
            g.result not in ("", Result.PAIRING_BYE) for g in plan.games
        ):
            message = _("round %(number)d is a draft but has results") % {"number": number}
            raise info.error(message, at="state")
    return [rounds[n] for n in numbers]


def _requests(doc: TrfDocument, rounds: list[RoundPlan]) -> dict[tuple[int, int], str]:
    played = len(rounds)
    seated = {(r.number, rank) for r in rounds for g in r.games for rank in (g.white, g.black)}
    requests: dict[tuple[int, int], str] = {}
    withdrawn = trf.withdrawals(doc)
    for player in doc.players:
        gone = withdrawn.get(player.start_rank)
        for number, block in enumerate(player.rounds, start=1):
            if block.bye_kind is RequestKind.HALF_POINT_BYE:
                requests[(player.start_rank, number)] = "H"
            elif block.full_point_bye:  # F, or the old 0000 - +
                requests[(player.start_rank, number)] = "F"
            elif block.bye_kind is RequestKind.ABSENT and number > played and gone is None:
                # A withdrawn player's Z ahead is the export's word to other programs
                # that he is not paired (they do not read SWW); his requests are 240s.
                requests[(player.start_rank, number)] = "Z"
    for rank in trf.absent_players(doc):
        requests[(rank, played + 1)] = "Z"
    for byes in trf.byes_2026(doc):
        if byes.round_number == 0:
            raise byes.error(_("round 0 is not a round"), at="round")
        code = engine_adapter.model_request_kind(byes.kind)
        for rank, column in byes.players:
            if (byes.round_number, rank) in seated:
                message = _("player %(player)d has a board in round %(number)d") % {
                    "player": rank,
                    "number": byes.round_number,
                }
                raise byes.error(message, at=column)
            requests[(rank, byes.round_number)] = code
    return requests


MAX_FORBIDDEN_PER_PLAYER = 20
"""At most this many forbidden pairs per player in an imported file (XXP, 260 lines)."""


def _forbidden_pairs(
    groups: list[tuple[TrfRecord, list[int]]], players: int
) -> set[tuple[int, int]]:
    """The pairs the XXP/260 lines keep apart, counted before they are expanded.

    A line keeps every two of its players apart, so a line of k players is k(k-1)/2
    pairs: a hostile line of 2,000 players would be two million rows.  A line of more
    than half the players cannot be honoured by any pairing (some two of them must
    meet), and all lines together may name at most ``MAX_FORBIDDEN_PER_PLAYER`` pairs
    per player; beyond either bound the file is refused before anything is expanded.
    """
    total = 0
    for record, group in groups:
        size = len(set(group))
        if size > (players + 1) // 2 and size > 2:
            message = _(
                "keeps %(size)d of %(players)d players apart: no pairing can, since more than "
                "half of them would have to meet someone of the same line"
            )
            raise TrfError(
                message % {"size": size, "players": players},
                line=record.line, column=1, text=record.text[:80],
            )  # fmt: skip
        total += size * (size - 1) // 2
    limit = MAX_FORBIDDEN_PER_PLAYER * max(players, 1)
    if total > limit:
        message = _(
            "the XXP lines keep %(total)d pairs apart; at most %(most)d per player "
            "(%(limit)d for %(players)d players) are accepted"
        )
        values = {"total": total, "most": MAX_FORBIDDEN_PER_PLAYER, "limit": limit,
                  "players": players}  # fmt: skip
        raise TrfError(message % values, line=groups[-1][0].line, column=1)
    return {(min(a, b), max(a, b)) for __, group in groups for a in group for b in group if a != b}


def event_plan(
    text: str, *, now: dt.datetime | None = None, system: str | None = None,
    ask_system: bool = False,
) -> EventPlan:  # fmt: skip
    """Read a TRF file as a whole event (see the module docstring for the readings).

    A file that names no pairing system (no SWY, no 192) is read as paired by ``system``
    when given; else, with ``ask_system``, refused with ``SystemNotNamed`` (the web
    import asks the arbiter, #36 item 3); else as the Dutch system of 1992 (the backups
    of versions before SWY).

    :raises TournamentError: the file is malformed or inconsistent; the message names
        line and column.
    :raises SystemNotNamed: see above.
    """
    now = now or timezone.now()
    try:
        doc = trf.read_trf(text)
        # An event's own backup (its options line written) may hold no players yet: a
        # section set up before its entries come in restores as it was.
        if not doc.players and not trf.event_options(doc):
            raise TournamentError(_("TRF line 1, column 1: the file has no player lines (001)."))
        fields = _event_fields(doc, system=system, ask_system=ask_system)
        not_read: list[str] = fields.pop("not_read")
        players = player_rows(doc, not_read)
        duplicates = duplicate_players(
            trf_entries(doc, [players[rank] for rank in sorted(players)]), source="TRF"
        )
        has_lines = trf.has_round_records(doc)
        rounds = _rounds_from_lines(doc) if has_lines else _rounds_from_blocks(doc, now)
        requests = _requests(doc, rounds)
        forbidden = _forbidden_pairs(trf.prohibited_groups(doc), len(players))
        reasons = backup_records.reasons(doc, forbidden)
        asks = backup_records.asks(doc)
        backup_records.attach_explanations(doc, rounds)
        planned = trf.total_rounds(doc) or max(
            [len(rounds), 1, *(len(p.rounds) for p in doc.players)]
        )
    except TrfError as exc:
        # Translators: %(problem)s says what is wrong there (from the TRF reader).
        message = _("TRF line %(line)d, column %(column)d: %(problem)s")
        raise TournamentError(
            message % {"line": exc.line, "column": exc.column, "problem": trf_problem(exc)}
        ) from exc
    if len(rounds) > planned:
        raise TournamentError(
            _("The file has %(rounds)d rounds but plans only %(planned)d.")
            % {"rounds": len(rounds), "planned": planned}
        )
    fields["rounds"] = planned
    # A restored event is private until its arbiter publishes it (#31): the file says
    # what the original was, and the import's audit entry repeats it.
    public_in_file = bool(fields.get("public"))
    fields["public"] = False
    table = trf.prize_table(doc)
    if table is not None:
        fields["prize_table"] = table
    for name in ("round_dates", "round_times"):
        if name in fields:
            fields[name] = fields[name][:planned]
    if rounds and fields.get("started_at") is None:
        # Rounds were paired, so pairing numbers were given, whether or not the file
        # says when: without this the players would come in without numbers (#21).
        fields["started_at"] = now
    return EventPlan(
        event=fields,
        players=players,
        player_lines={p.start_rank: p.line for p in doc.players},
        rounds=rounds,
        requests=requests,
        forbidden=forbidden,
        reasons=reasons,
        asks=asks,
        public_in_file=public_in_file,
        duplicates=duplicates,
        not_read=not_read,
    )


def unique_slug(name: str) -> str:
    """A slug for an imported event that no event has yet."""

    base = (slugify(name) or "event")[:70]
    slug, n = base, 1
    while Event.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug
