"""FIDE's rating report of an event, as TRF16 or TRF-2026 (#24).

The report is the tournament section and the 001 player lines, nothing of our own
(the full backup is ``exports.event_trf``):

- both editions: 012 name, 022 city, 032 federation, 042 and 052 dates, 062 players,
  072 rated players (a rating above 0), 092 type, 102 chief arbiter, 112 one line per
  deputy, 122 time control, 132 the date of every round (the event's, else the day the
  round was paired; blank for a date in another century than the start, which 132's
  two-digit years cannot say), then each player's 001 line with points and place;
- TRF-2026 adds 142 rounds, 152 the initial colour when the event fixed it, 162 the
  point values when they are not 1-½-0 and 162 can say them, 192 the coded type of
  tournament, 202 the tie-breaks in FIDE's codes and 222 the encoded time control.

A player without a birth date whose FIDE ID a loaded FIDE list finds with a birth year
has that year as the 001 birth date (``YYYY/00/00``, as FIDE's files write a year
alone: FIDE's list gives no more), #35 item 4.

:func:`date_warnings` says which round dates the arbiter should check: a round paired
on a day outside the event's dates, or on another day than its scheduled date.

Each report is read back before it is served (:func:`rating_report`): a report our
reader cannot read is a bug, and the arbiter gets no file rather than a wrong one.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
from collections.abc import Sequence

from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from swissweb.ratings.models import ListedPlayer, ListKind
from swissweb.tournament.events import schedule
from swissweb.tournament.models import Event, Player
from swissweb.tournament.publishing import exports
from swissweb.tournament.rounds import engine_adapter
from swissweb.tournament.rounds.engine_door import Colour, Header, TrfError, trf


class Edition(enum.StrEnum):
    """The two formats FIDE accepts."""

    TRF16 = "trf16"
    TRF26 = "trf26"


def rating_report(event: Event, edition: Edition) -> str:
    """The report as text, CR LF line ends (``trf.write_trf``).

    :raises RuntimeError: the report does not read back as written (a bug).
    """
    data = exports.event_records(event)
    years = listed_birth_years(data.players)
    players = [
        dataclasses.replace(record, birth_date=trf.year_only_date(years[player.pk]))
        if not record.birth_date and player.pk in years
        else record
        for player, record in zip(data.players, data.trf_players, strict=True)
    ]
    lines = exports.event_lines(event)
    lines.append(trf.header_line(Header.PLAYERS, str(len(data.players))))
    rated = sum(1 for p in data.players if p.rating > 0)
    lines.append(trf.header_line(Header.RATED_PLAYERS, str(rated)))
    with translation.override("en"):  # the file is English whatever the page's language
        system = event.get_system_display()
    lines.append(trf.swiss_type_line(system))
    lines += exports.arbiter_lines(event)
    # A 132 record writes two-digit years, read in the century of the start date: a
    # round dated in another (an event dated year 1 or 9999, #31 D11) is left blank
    # rather than written as a date it is not.
    dates = [
        d if d is not None and trf.round_date_readable(d, event.start_date) else None
        for d in exports.round_dates(event, data.rounds)
    ]
    dates_line = trf.round_dates_line(dates)
    if dates_line is not None:
        lines.append(dates_line)
    if edition is Edition.TRF26:
        lines += _records_2026(event)
    text = trf.write_trf(trf.trf_document(lines, players, []))
    _check(text, event, len(data.players), dates)
    return text


def listed_birth_years(players: Sequence[Player]) -> dict[int, int]:
    """The birth year FIDE's rating list gives each player without a birth date, by
    player id, for the report's 001 birth date (written ``YYYY/00/00``, #35 item 4):
    found by FIDE ID in the FIDE lists loaded, the newest list first (one query).
    A national list's year is not FIDE's and is not used."""
    wanted = {str(p.fide_id): p.pk for p in players if p.fide_id and p.birth_date is None}
    if not wanted:
        return {}
    found: dict[int, int] = {}
    rows = (
        ListedPlayer.objects.filter(
            rating_list__kind=ListKind.FIDE, player_id__in=list(wanted), birth_year__isnull=False
        )
        .order_by("-rating_list__loaded_at", "-rating_list_id")
        .values_list("player_id", "birth_year")
    )
    for fide_id, year in rows:
        if year is not None and 1000 <= year <= 9999:
            found.setdefault(wanted[fide_id], year)
    return found


def date_warnings(event: Event) -> list[str]:
    """What the arbiter should check in the report's round dates (132), in words: a
    round paired on a day outside the event's dates, or on another day than its
    scheduled date.  The report gives the scheduled date when there is one, else the
    day the round was paired (``exports.round_dates``)."""
    found = []
    scheduled = schedule.slots(event)
    for round_ in event.round_set.defer("explanation").order_by("number"):
        paired = timezone.localdate(round_.paired_at)
        planned = scheduled[round_.number - 1].date if round_.number <= len(scheduled) else None
        values = {"number": round_.number, "paired": date_format(paired, "DATE_FORMAT")}
        early = event.start_date is not None and paired < event.start_date
        late = event.end_date is not None and paired > event.end_date
        if planned is not None and planned != paired:
            values["date"] = date_format(planned, "DATE_FORMAT")
            found.append(
                _(
                    "Round %(number)s was paired on %(paired)s, not on its scheduled date "
                    "%(date)s; the rating report gives %(date)s."
                )
                % values
            )
        elif planned is None and (early or late):
            found.append(
                _(
                    "Round %(number)s was paired on %(paired)s, outside the event's dates, "
                    "and has no date in the schedule: the rating report gives %(paired)s."
                )
                % values
            )
    return found


def _records_2026(event: Event) -> list[str]:
    lines = [trf.rounds_2026_line(event.rounds)]
    colour = engine_adapter.initial_colour(event)
    if colour is not None:
        lines.append(trf.initial_colour_2026_line(colour is Colour.WHITE))
    points = trf.point_system_2026_line(engine_adapter.point_system(event))
    if points is not None:
        lines.append(points)
    typed = trf.tournament_type_line(event.system, baku=event.acceleration, start=event.start_date)
    if typed is not None:
        lines.append(typed)
    return lines + exports.tiebreak_and_time_lines(event)


def _check(text: str, event: Event, players: int, dates: Sequence[dt.date | None]) -> None:
    """Read the report back: every record parses and says what the event says."""
    try:
        doc = trf.read_trf(text)
        read_dates = trf.round_dates(doc, event.start_date)
    except TrfError as exc:
        raise RuntimeError(f"the rating report does not read back: {exc}") from exc
    expected = {n: d for n, d in enumerate(dates, start=1) if d is not None}
    if len(doc.players) != players or read_dates != expected:
        raise RuntimeError("the rating report does not read back as written")


__all__ = ["Edition", "date_warnings", "rating_report"]
