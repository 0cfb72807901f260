"""The event as a FIDE Tournament Report File, and players read from one.

Export (:func:`event_trf`): a full backup of the event.  The 001 lines hold every round
paired so far, the round in play included, as TRF16 writes it: a board without a result
yet leaves both players' round blocks blank, since TRF16 has no code for "paired, not
played".  Our extension lines (documented in ``pairing/engine/trf/``) add what TRF has
no line for: ``SWG`` every board with its result, ``SWR`` each round's state, seed and
times, ``SWO`` the event options, ``SWK`` the tie-breaks, ``SWN`` whole names, ``SWC``
clubs, ``SWA`` areas, ``SWT`` top players, ``SWW`` withdrawals, ``SWY`` the system, and
(#31) ``SWP`` the prize table, ``SWI`` national IDs, ``SWB`` birth years, ``SWX``
FIDE's three ratings (#35), ``SWL`` each
player's private link, ``SWF`` why two players are kept apart and ``SWQ`` the requests
players made on their own page, and (#34) ``SWD`` fixed boards.  The backup carries
every field of the event but those ``tests/web/test_backup_fields.py`` lists with the
reason; it records whether the event was public, but a restore makes it private.
The tie-breaks are also written as TRF-2026 202 in FIDE's codes (``BH/C1,SB,DE``), for
FIDE's programs, as far as the list holds C.07 codes (DE1 and LOT are not), and each
001 line's rank is the player's place by them, when no round's results are half
entered.
Requests (half-point byes, absences) are TRF-2026 240 lines, and the player line of a
withdrawn player says ``0000 - Z`` in the round to pair (other programs do not read SWW;
an import does not take it for a request), forbidden pairs XXP lines,
the point values an XXS line, and with the acceleration option on the imaginary points
of rounds 1 and 2 (SB 3) XXA lines and TRF-2026 250 records, never added to the points of
the player lines.  Other readers ignore the SW lines and see the results.

Import: :func:`event_plan_from_trf` (``imports.py`` style: read and check everything,
write nothing) and ``event_services.event_import_trf`` (write it all, or nothing).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol

from django.utils import timezone, translation
from django.utils.translation import gettext as _

from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.fide_ratings import FIDE_RATING_FIELDS
from swissweb.tournament.models import (
    Event,
    Game,
    Player,
    PlayerRequest,
    RateOfPlay,
    RatingBasis,
    Round,
    RoundRequest,
)
from swissweb.tournament.players.imports import duplicate_players
from swissweb.tournament.players.rows import in_pairing_order
from swissweb.tournament.publishing.trf_players import BACKUP_ONLY, player_rows, trf_entries
from swissweb.tournament.rounds import engine_adapter
from swissweb.tournament.rounds.engine_door import (
    Header,
    TrfError,
    TrfGame,
    TrfPlayer,
    TrfRoundInfo,
    fide_order,
    parse_tiebreaks,
    trf,
)
from swissweb.tournament.rounds.engine_words import trf_problem
from swissweb.tournament.standings import selectors as standing_selectors

FLAG_FIELDS = ("acceleration", "public")
"""The event's yes/no columns written on the SWO line (``name=0`` or ``name=1``): the
acceleration first, then the systems' own options (``Event.option_flags``: yes/no as
``0``/``1``, numbers as digits), then ``public``."""

WORD_OPTIONS = ("tiebreak_rules", "team_scoring", "prize_sharing")
"""The event's settings written ``name=word`` on the SWO line (``-`` for empty); the
numbers ``team_size`` and ``unrated_rating`` (``-`` for none) follow them."""


def bye_policy_options(event: Event) -> list[tuple[str, int]]:
    """The rules of the event's bye policy that are set, as SWO options (#36): a file
    without them reads as an event without a bye policy."""
    values = [("bye_most", event.bye_most), ("bye_last_rounds", event.bye_last_rounds or None),
              ("bye_deadline_hours", event.bye_deadline_hours)]  # fmt: skip
    return [(name, value) for name, value in values if value is not None]


RATING_OPTIONS = ("rate_of_play", "rating_basis")
"""The event's ratings settings (#35), written ``name=word`` on the SWO line when not
their default."""


def national_records(event: Event, players: Sequence[Player], rank: Mapping[int, int]) -> list[str]:
    """TRF-2026's 172 record (how the players were ranked) and one NRS record per
    nationally rated player, under the event's federation: none without a federation
    or without a national rating (SWV carries them for the backup all the same)."""
    rated = [p for p in players if p.national_rating]
    if not rated or not event.federation:
        return []
    lines = [trf.ranking_method_line(event.federation, event.rating_basis.upper())]
    lines += [
        trf.nrs_line(event.federation, rank[p.pk], p.national_rating, p.national_id) for p in rated
    ]
    return lines


@dataclass(frozen=True, slots=True)
class EventRecords:
    """What every TRF of the event is made of: the players in order, their starting
    ranks by player id, the rounds, boards and requests, and the 001 records."""

    players: list[Player]
    rank: dict[int, int]
    rounds: list[Round]
    games: list[Game]
    requests: list[RoundRequest]
    trf_players: list[TrfPlayer]


def event_records(event: Event) -> EventRecords:
    """The event's players and rounds as 001 records, each with its rank by the event's
    tie-breaks when the standings count the same points (:func:`_places`)."""
    players = in_pairing_order(event.players.all(), event.rating_basis)
    numbered = all(p.pairing_number is not None for p in players)
    rank = {p.pk: (p.pairing_number or index) if numbered else index
            for index, p in enumerate(players, 1)}  # fmt: skip
    # Without the rounds' explanations (the engine's JSON, tens of kB a round), and each
    # game given its round from this list rather than joined to it: a join repeats the
    # explanation on every game row (1.6 GB at 1,000 players x 7 rounds, #31 D1).
    rounds = list(event.round_set.defer("explanation").order_by("number"))
    by_id = {round_.pk: round_ for round_ in rounds}
    games = list(Game.objects.filter(round__event=event).order_by("round__number", "board"))
    for game in games:
        game.round = by_id[game.round_id]
    requests = list(
        RoundRequest.objects.filter(player__event=event).order_by("round_number", "player_id")
    )
    records = engine_adapter.paired_rounds(rounds, games, requests, rank)
    points = engine_adapter.point_system(event)
    scored = {
        player.pk: Fraction(
            sum(points.points_for(r.outcome) for r in records[player.pk] if r is not None), 2
        )
        for player in players
    }
    place = _places(event, scored)
    trf_players = [
        trf.player_record(
            engine_adapter.engine_player(player, rank[player.pk]),
            records[player.pk],
            points,
            sex=player.sex,
            fide_id=player.fide_id,
            birth_date=player.birth_date,
            rank=place.get(player.pk),
        )
        for player in players
    ]
    return EventRecords(
        players=players,
        rank=rank,
        rounds=rounds,
        games=games,
        requests=requests,
        trf_players=trf_players,
    )


def event_trf(event: Event) -> str:
    """The whole event as TRF text: players, every round paired, requests and options."""
    data = event_records(event)
    rank = data.rank
    tail = _player_lines(data.players, rank) + national_records(event, data.players, rank)
    tail += trf.bye_lines(
        (rank[r.player_id], r.round_number, engine_adapter.request_kind(r.kind))
        for r in data.requests
    )
    # By starting rank, lower first: the same text however the pair was stored (its
    # rows keep the lower id first, which an import numbers differently).
    forbidden = {
        tuple(sorted((rank[f.first_id], rank[f.second_id]))): f.reason
        for f in event.forbidden_pairs.all()
    }
    pairs = sorted(forbidden)
    tail += [trf.prohibited_line(list(pair)) for pair in pairs]
    tail += [trf.reason_line(a, b, forbidden[(a, b)]) for a, b in pairs if forbidden[(a, b)]]
    tail += _ask_lines(event, rank)
    imaginary = engine_adapter.imaginary_points(event, rank, data.players)
    tail += trf.xxa_lines(imaginary) + trf.accelerated_rounds_lines(imaginary)
    tail += [trf.round_info_line(_round_info(r)) for r in data.rounds]
    tail += [trf.game_line(_game(g, rank)) for g in data.games]
    tail += _explanation_lines(event)
    header = _header_lines(event)
    return trf.write_trf(trf.trf_document(header, _withdrawn_left_out(event, data), tail))


def _withdrawn_left_out(event: Event, data: EventRecords) -> list[TrfPlayer]:
    """The 001 records, each withdrawn player's with ``0000 - Z`` in the round to pair.

    SWW is ours alone: bbpPairings and JaVaFo read a player as not paired in the round
    to pair from that round's column (or a 240 record), so without it a file handed to
    them mid-event pairs a withdrawn player.  A player with a request for that round
    has it in a 240 record already, which they read as well."""
    following = max((r.number for r in data.rounds), default=0) + 1
    if following > event.rounds:
        return data.trf_players
    asked = {r.player_id for r in data.requests if r.round_number == following}
    return [
        record.not_paired_in(following)
        if player.withdrawn_after_round is not None and player.pk not in asked
        else record
        for player, record in zip(data.players, data.trf_players, strict=True)
    ]


def _explanation_lines(event: Event) -> list[str]:
    """SWE: each round's explanation, read one round at a time (a round of 1,000 players
    explains itself in some 75 kB of JSON: never joined to its games, #31 D1)."""
    rounds = Round.objects.filter(event=event).exclude(explanation=[]).order_by("number")
    return [
        trf.explanation_line(number, steps)
        for number, steps in rounds.values_list("number", "explanation").iterator()
    ]


def _ask_lines(event: Event, rank: Mapping[int, int]) -> list[str]:
    """SWQ: the requests players made on their own page, in the order they were made."""
    asks = PlayerRequest.objects.filter(player__event=event).order_by("created_at", "pk")
    return [
        trf.ask_line(
            trf.TrfAsk(
                rank=rank[ask.player_id],
                kind=ask.kind,
                round_number=ask.round_number,
                state=ask.state,
                created_at=ask.created_at,
                decided_at=ask.decided_at,
                via_link=ask.via_link,
            )  # fmt: skip
        )
        for ask in asks
    ]


def _places(event: Event, points: Mapping[int, Fraction]) -> dict[int, int]:
    """Each player's place in the standings by the event's tie-breaks, for the 001 rank
    column; players level on points and every tie-break share the place (TRF16: "ties
    allowed").  Only when the standings count the same points as the 001 lines
    (``points``, by player id): with a round's results half entered, or before round 1
    ends, the column stays blank rather than disagree with the points beside it."""
    table = standing_selectors.standings_after(event=event)
    if table.after_round == 0 or any(
        points.get(line.player.pk) != line.points for line in table.lines
    ):
        return {}
    places: dict[int, int] = {}
    place = 0
    for line in table.lines:
        if not line.tied:
            place = line.rank
        places[line.player.pk] = place
    return places


def event_lines(event: Event) -> list[str]:
    """The event's name (record 012), city (022), and the federation (032) and dates
    (042, 052) it has: the first records of the backup and of the rating report alike."""
    lines = [
        trf.header_line(Header.TOURNAMENT, event.name),
        trf.header_line(Header.CITY, event.venue),
    ]
    if event.federation:
        lines.append(trf.header_line(Header.FEDERATION, event.federation))
    if event.start_date:
        lines.append(trf.date_line(Header.START_DATE, event.start_date))
    if event.end_date:
        lines.append(trf.date_line(Header.END_DATE, event.end_date))
    return lines


def tiebreak_and_time_lines(event: Event) -> list[str]:
    """TRF-2026 202 (the tie-breaks in FIDE's codes) and 222 (the encoded time
    control), those the event has."""
    lines = []
    fide = trf.fide_tiebreak_line(fide_order(parse_tiebreaks(event.tiebreaks)))
    if fide is not None:
        lines.append(fide)
    if (code := trf.time_control_line(event.time_control_code)) is not None:
        lines.append(code)
    return lines


def _header_lines(event: Event) -> list[str]:
    lines = event_lines(event)
    with translation.override(None):  # the file stays English, whoever exports it
        lines.append(trf.swiss_type_line(event.get_system_display()))
    lines += arbiter_lines(event)
    # The backup keeps the dates the arbiter set, so that it reads back the same; the
    # rating report fills the others from the pairing (``round_dates``).
    dates = trf.round_dates_line(
        [dt.date.fromisoformat(d) if d else None for d in event.round_dates]
    )
    if dates is not None:
        lines.append(dates)
    lines += trf.pairing_records(
        event.rounds,
        engine_adapter.initial_colour(event),
        engine_adapter.point_system(event),
        event.system,
        baku=event.acceleration,
        start=event.start_date,
        every_point=True,
    )
    lines.append(trf.tiebreak_line(event.tiebreaks))
    lines += tiebreak_and_time_lines(event)
    options: list[tuple[str, trf.OptionValue]] = [
        ("acceleration", event.acceleration),
        *event.option_flags().items(),
        ("public", event.public),
    ]
    options += [("lots_seed", event.lots_seed), ("started", event.started_at)]
    options += [(name, getattr(event, name) or None) for name in WORD_OPTIONS]
    options += [("team_size", event.team_size), ("unrated_rating", event.unrated_rating)]
    # Written when not the default, so that an event of before #35 exports as it did.
    defaults = {"rate_of_play": RateOfPlay.STANDARD, "rating_basis": RatingBasis.FIDE}
    options += [
        (name, getattr(event, name))
        for name in RATING_OPTIONS
        if getattr(event, name) != defaults[name]
    ]
    if any(event.round_times or []):
        times = ",".join(clock or "-" for clock in event.round_times)
        options.append(("round_times", times))
    # The bye policy (#36), only the rules set: a file without them reads as no policy.
    options += bye_policy_options(event)
    lines.append(trf.options_line(options))
    if event.prize_table:
        lines.append(trf.prize_table_line(event.prize_table))
    return lines


def arbiter_lines(event: Event) -> list[str]:
    """The chief arbiter (102), one record per deputy (112) and the time control (122),
    those the event has."""
    lines = []
    if event.chief_arbiter:
        lines.append(trf.header_line(Header.CHIEF_ARBITER, event.chief_arbiter))
    lines += trf.deputy_arbiter_lines(event.deputy_arbiters.splitlines())
    if event.time_control:
        lines.append(trf.header_line(Header.TIME_CONTROL, event.time_control))
    return lines


class _Paired(Protocol):
    """A round as ``round_dates`` reads one: a ``Round``, or a selector's value."""

    @property
    def number(self) -> int: ...

    @property
    def paired_at(self) -> dt.datetime: ...


def round_dates(event: Event, rounds: Sequence[_Paired]) -> list[dt.date | None]:
    """Each round's date: the one set in the event, else, for a round paired, the day it
    was paired (in the server's time zone); None for a round with neither."""
    dates: list[dt.date | None] = [
        dt.date.fromisoformat(d) if d else None for d in event.round_dates or []
    ]
    dates += [None] * (max(event.rounds, len(rounds), *(r.number for r in rounds)) - len(dates))
    for round_ in rounds:
        if dates[round_.number - 1] is None:
            dates[round_.number - 1] = timezone.localdate(round_.paired_at)
    return dates


def _player_lines(players: list[Player], rank: dict[int, int]) -> list[str]:
    lines = [
        line
        for p in players
        if p.name and (line := trf.whole_name_line(rank[p.pk], p.name)) is not None
    ]
    lines += [trf.club_line(rank[p.pk], p.club) for p in players if p.club]
    lines += [trf.area_line(rank[p.pk], p.area) for p in players if p.area]
    lines += [trf.national_id_line(rank[p.pk], p.national_id) for p in players if p.national_id]
    lines += trf.national_rating_lines(
        (rank[p.pk], p.national_rating, p.national_list) for p in players
    )
    lines += [
        trf.birth_year_line(rank[p.pk], p.birth_year) for p in players if p.birth_year is not None
    ]
    fide = {p.pk: [getattr(p, name) for name in FIDE_RATING_FIELDS] for p in players}
    lines += [
        trf.fide_ratings_line(rank[p.pk], fide[p.pk])
        for p in players
        # A rating none of the three is known for is written too ("- - -"): its
        # restore keeps it as it is, never taking it for its rate's.
        if p.rating or any(value is not None for value in fide[p.pk])
    ]
    lines += [trf.access_code_line(rank[p.pk], p.access_code) for p in players]
    lines += [trf.fixed_board_line(rank[p.pk], p.fixed_board) for p in players if p.fixed_board]
    lines += [
        trf.withdrawal_line(rank[p.pk], p.withdrawn_after_round)
        for p in players
        if p.withdrawn_after_round is not None
    ]
    top = sorted(rank[p.pk] for p in players if p.top_player)
    if top:
        lines.append(trf.top_players_line(top))
    return lines


def _round_info(round_: Round) -> TrfRoundInfo:
    return TrfRoundInfo(
        round_number=round_.number,
        state=round_.state,
        seed=round_.lots_seed,
        paired_at=round_.paired_at,
        published_at=round_.published_at,
        completed_at=round_.completed_at,
    )


def _game(game: Game, rank: dict[int, int]) -> TrfGame:
    """A board as an SWG line holds it: the bye has no black and no result."""
    return TrfGame(
        round_number=game.round.number,
        board=game.board,
        white=rank[game.white_id],
        black=rank[game.black_id] if game.black_id is not None else None,
        result=game.result if game.black_id is not None else "",
    )


def players_from_trf(text: str, notes: list[str] | None = None) -> list[dict[str, Any]]:
    """Player rows (for ``player_services.players_add``) read from a TRF file, by the reader the
    whole event's import uses (``trf_players``); what is left out of a player (a title
    that is no FIDE title) is said in ``notes``, one sentence each.

    :raises TournamentError: the file is malformed (the message names line and column),
        or it names one player twice (the message names both lines).
    """
    try:
        doc = trf.read_trf(text)
    except TrfError as exc:
        raise TournamentError(
            # Translators: problem is the TRF reader's own message.
            _("TRF line %(line)s, column %(column)s: %(problem)s")
            % {"line": exc.line, "column": exc.column, "problem": trf_problem(exc)}
        ) from exc
    read = player_rows(doc, [] if notes is None else notes)
    rows = [{k: v for k, v in read[rank].items() if k not in BACKUP_ONLY} for rank in sorted(read)]
    if not rows:
        raise TournamentError(_("TRF line 1, column 1: the file has no player lines (001)."))
    duplicates = duplicate_players(trf_entries(doc, rows), source="TRF")
    if duplicates:
        raise TournamentError(
            # Translators: problems names the players the file holds twice, by line.
            _("%(problems)s Nothing imported.") % {"problems": " ".join(duplicates)}
        )
    return rows


def players_and_notes(text: str) -> tuple[list[dict[str, Any]], list[str]]:
    """:func:`players_from_trf`'s rows, and what it left out of them (its notes)."""
    notes: list[str] = []
    return players_from_trf(text, notes), notes
