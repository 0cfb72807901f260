"""Reads for the standings pages: standings, crosstable, prizes, teams."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from swissweb.tournament.core.caching import cache_version, cached
from swissweb.tournament.core.collector import collection_paused
from swissweb.tournament.core.frozen import frozen_maker
from swissweb.tournament.core.numbers import form_text, tiebreak_form, whole_scores
from swissweb.tournament.models import (
    Event,
    TeamScoring,
)
from swissweb.tournament.players.rating_change import change_text, players_totals
from swissweb.tournament.players.rows import PlayerRow
from swissweb.tournament.rounds import engine_adapter
from swissweb.tournament.rounds.engine_door import (
    Colour,
    Outcome,
    TieBreak,
    parse_tiebreaks,
    standings,
    truncated,
)
from swissweb.tournament.rounds.player_columns import event_player_details
from swissweb.tournament.standings.prizes import Award, Contender, prize_list, read_table
from swissweb.tournament.standings.teams import Member, TeamLine, team_standings


def event_whole_scores(event: Event) -> bool:
    """Whether the event only gives whole points (3-1-0): its SB values are then whole
    (``numbers.tiebreak_form``)."""
    return whole_scores(engine_adapter.point_fields(engine_adapter.point_system(event)).values())


def standings_round(*, event: Event, after_round: int | None) -> tuple[int, int]:
    """The round the standings are after, and the last completed round.

    ``after_round`` is the round asked for (``None`` for the last completed one); the
    standings are never after a round that is not completed.
    """
    last = cached(
        ("last-completed", cache_version(event)), lambda: engine_adapter.last_completed_round(event)
    )
    return (last if after_round is None else min(after_round, last)), last


@dataclass(frozen=True, slots=True)
class CrossCell:
    """One round of a crosstable row: opponent's rank, colour and result.

    Made from its values in order: a crosstable of 2,000 x 11 makes 22,000, and the
    keywords cost a quarter of the time (#35); a round without an opponent shares one
    cell per outcome."""

    opponent_rank: int | None
    colour: str
    result: str


cross_cell: Callable[[int | None, str, str], CrossCell] = frozen_maker(
    CrossCell, ("opponent_rank", "colour", "result")
)
"""``CrossCell`` from its values in order, without its ``__init__`` (``core.frozen``):
a crosstable of 2,000 x 11 makes 22,000 (#35)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class StandingsLine:
    """One line of the standings or crosstable, ready to print."""

    rank: int
    tied: bool
    player: PlayerRow
    points: Fraction
    values: tuple[Fraction, ...]
    texts: tuple[str, ...]
    """The tie-break values as the pages and the CSV write them (``numbers.tiebreak_text``)."""
    cells: tuple[CrossCell, ...]
    """The crosstable's cells, a round each: from :func:`crosstable_after` only, empty
    from :func:`standings_after` (no other page shows them, #35)."""
    performance: int | None = None
    """Rp against the rated opponents (FIDE B.02 8.1(a)), None with none met."""
    rating_change: str = ""
    """The rating change over the event (FIDE B.02 8.3), "" for an unrated player."""


standings_line: Callable[..., StandingsLine] = frozen_maker(
    StandingsLine,
    ("rank", "tied", "player", "points", "values", "texts", "cells", "performance",
     "rating_change"),
)  # fmt: skip
"""``StandingsLine`` from its values in that order, without its ``__init__``
(``core.frozen``): a standings makes 2,000 (#35)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Standings:
    """Standings after a round, with the event's tie-breaks."""

    after_round: int
    tiebreaks: tuple[str, ...]
    lines: tuple[StandingsLine, ...]
    ratings_left_out: tuple[str, ...] = ()
    """The rating tie-breaks that are 0 for every player: unrated players take part and
    the event gives them no rating (C.07 Article 10), as the page says under the table."""


RATING_TIEBREAKS = frozenset(
    {TieBreak.ARO, TieBreak.TPR, TieBreak.PTP, TieBreak.APRO, TieBreak.APPO, TieBreak.RTNG}
)
"""The tie-breaks of C.07 Article 10, which read the players' ratings."""


RESULT_MARKS = {
    "1": "1", "0": "0", "=": "½", "+": "+", "-": "-", "W": "1", "D": "½", "L": "0",
    "A": "½", "H": "½", "F": "+", "U": "+", "Z": "-",
}  # fmt: skip

OUTCOME_MARKS = {outcome: RESULT_MARKS.get(outcome.value, "") for outcome in Outcome}
"""``RESULT_MARKS`` by the engine's outcome (a crosstable writes 22,000 cells, #35)."""

COLOUR_MARKS: dict[Colour | None, str] = {None: "", **{colour: colour.value for colour in Colour}}
"""A crosstable cell's colour by the engine's colour ("" for none)."""


def standings_after(*, event: Event, after_round: int | None = None) -> Standings:
    """Standings after a completed round, the last one by default, without the
    crosstable's cells (:func:`crosstable_after` has them): the standings page, its CSV,
    the prizes and the teams show none, and at 2,000 x 11 their 22,000 cells were a
    quarter of the time (#35).

    Four queries whatever the size: players, games, requests and forbidden pairs.  The
    cycle collector is paused meanwhile (``core.collector``): its passes over the
    objects built here, none of them in a ring, took a third of the time (#35).
    """
    with collection_paused():
        return _standings_after(event=event, after_round=after_round, cells=False)


def crosstable_after(*, event: Event, after_round: int | None = None) -> Standings:
    """:func:`standings_after` with each line's crosstable cells (the same queries)."""
    with collection_paused():
        return _standings_after(event=event, after_round=after_round, cells=True)


def _standings_after(*, event: Event, after_round: int | None, cells: bool) -> Standings:
    """:func:`standings_after`'s work, with the crosstable's ``cells`` or without."""
    if event.started_at is None or not event.players.exists():
        # Before pairing numbers are given there is nothing to rank: an empty table, not
        # an error (a public event shows its pages from registration on).
        codes = parse_tiebreaks(event.tiebreaks)
        return Standings(after_round=0, tiebreaks=tuple(c.value for c in codes), lines=())
    # The players' columns, not model instances (``player_columns``, #35).
    listed = event_player_details(event)
    state = engine_adapter.completed_state(event, players=listed)
    rounds = state.rounds_completed
    if after_round is not None:
        rounds = min(after_round, rounds)
    state = truncated(state, rounds)
    codes = parse_tiebreaks(event.tiebreaks)
    rows = standings(
        state,
        tiebreaks=codes,
        unplayed=engine_adapter.tiebreak_rules(event),
        unrated_rating=event.unrated_rating,
        lot_seed=event.lots_seed,
    )
    players = {p.pairing_number: PlayerRow.of(p, event.rating_basis) for p in listed}
    history = {p.pairing_number: p.history for p in state.players} if cells else {}
    rank_of = {row.pairing_number: row.rank for row in rows}
    # Not through ``event_ratings``' cache: storing 20,000 rated games took longer than
    # computing the totals from the state read here (#35).
    rated = players_totals(event, state, listed)
    whole = event_whole_scores(event)
    forms = tuple(tiebreak_form(code.value, whole=whole) for code in codes)
    # A round without an opponent's cell depends on its outcome alone (#35).
    colours, marks = COLOUR_MARKS, OUTCOME_MARKS
    unpaired = {outcome: CrossCell(None, "", mark) for outcome, mark in OUTCOME_MARKS.items()}
    cell, ranked, line = cross_cell, rank_of.get, standings_line
    lines = []
    for row in rows:
        row_cells = tuple(
            [
                cell(ranked(record.opponent), colours[record.colour], marks[record.outcome])
                if record.opponent
                else unpaired[record.outcome]
                for record in history[row.pairing_number]
            ]
            if cells
            else ()
        )
        player = players[row.pairing_number]
        change, performance = rated[row.pairing_number]
        lines.append(
            line(
                row.rank,
                row.tied_with_previous,
                player,
                row.points,
                row.values,
                # As ``tiebreak_text`` writes them, each column's decimals looked up once.
                tuple(map(form_text, forms, row.values)),
                row_cells,
                performance,
                change_text(change) if player.rating else "",
            )
        )
    left_out = (
        tuple(c.value for c in codes if c.code in RATING_TIEBREAKS)
        if event.unrated_rating is None and any(p.rating <= 0 for p in state.players)
        else ()
    )
    return Standings(
        after_round=rounds,
        tiebreaks=tuple(c.value for c in codes),
        lines=tuple(lines),
        ratings_left_out=left_out,
    )


def prize_awards(*, event: Event) -> tuple[int, tuple[Award, ...]]:
    """The prize list (``prizes.py``) by the standings after the last completed round,
    and that round (0: none yet, no prizes)."""

    table = standings_after(event=event)
    if table.after_round == 0 or not event.prize_table.strip():
        return table.after_round, ()
    contenders = [
        Contender(
            key=line.player.pk,
            name=line.player.name,
            place=place,
            number=line.player.pairing_number or 0,
            points=line.points,
            rating=line.player.ranked_rating,
            birth_year=line.player.birth_year,
            sex=line.player.sex,
            club=line.player.club,
            federation=line.player.federation,
        )
        for place, line in enumerate(table.lines, start=1)
    ]
    return table.after_round, tuple(
        prize_list(read_table(event.prize_table), contenders, event.prize_sharing)
    )


def team_table(*, event: Event, after_round: int | None = None) -> tuple[TeamLine, ...]:
    """The clubs' (or schools') standings after a completed round (``teams.py``): the
    individual standings for each player's place, the engine's state for the points of
    each round (a few queries whatever the size)."""

    table = standings_after(event=event, after_round=after_round)
    if event.team_size == 0 or not table.lines:
        return ()
    state = truncated(engine_adapter.completed_state(event), table.after_round)
    worth = state.points.points_for
    by_round = {
        int(p.pairing_number): tuple(Fraction(worth(r.outcome), 2) for r in p.history)
        for p in state.players
    }
    teams: dict[str, list[Member]] = {}
    for place, line in enumerate(table.lines, start=1):
        club = line.player.club.strip()
        if club and line.player.pairing_number is not None:
            teams.setdefault(club, []).append(
                Member(
                    name=line.player.name,
                    place=place,
                    total=line.points,
                    by_round=by_round.get(line.player.pairing_number, ()),
                )
            )
    return tuple(
        team_standings(
            teams, size=event.team_size, per_round=event.team_scoring == TeamScoring.ROUND
        )
    )
