"""The public standings pages: standings, crosstable, prizes, teams, and their CSV.

The public pages answer GET and HEAD (``require_safe``): uptime monitors and link
checkers ask with HEAD.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_safe

from swissweb.tournament.core import caching
from swissweb.tournament.core.conditional import (
    public_event,
    revalidated_by_standings,
    revalidated_by_standings_reading,
)
from swissweb.tournament.core.numbers import points_text
from swissweb.tournament.core.params import positive_number
from swissweb.tournament.models import Event
from swissweb.tournament.publishing.cells import text_cell
from swissweb.tournament.standings import selectors as standing_selectors
from swissweb.tournament.standings.legend import tiebreak_legend
from swissweb.tournament.standings.prizes import money


def _after_round_read(event: Event, text: str | None) -> int | None:
    """``?round=N`` as the standings read it (``_after_round``, ``standings_round``): a
    completed round before the last, else ``None``, the latest standings, which junk,
    0 and rounds not completed yet also show (#31 D5: one stored page for all of them)."""
    after = positive_number(text)
    _, last = standing_selectors.standings_round(event=event, after_round=None)
    return after if after is not None and after < last else None


AFTER_ROUND = {"round": _after_round_read}
"""The query parameters of the standings, the crosstable, their CSV and the teams."""


def _ratings_read(event: Event, text: str | None) -> bool | None:
    """``?ratings=1``: the standings with the columns Rp and +/- (FIDE B.02); anything
    else, the default page without them."""
    return True if text == "1" else None


STANDINGS_READS = {**AFTER_ROUND, "ratings": _ratings_read}
"""The query parameters of the standings page: the round, and the rating columns."""


def _prize_event(request: HttpRequest, slug: str) -> Event:
    """The public event ``slug`` with a prize table.

    :raises Http404: no such public event, or it has no prize table.
    """
    return with_prize_table(public_event(request, slug))


def with_prize_table(event: Event) -> Event:
    """``event``, which has a prize table.

    :raises Http404: it has none.
    """
    if not event.prize_table.strip():
        raise Http404("This event has no prize table.")
    return event


def prizes_context(event: Event) -> dict[str, Any]:
    """The prize list's context (``prizes.html``)."""
    after, awards = standing_selectors.prize_awards(event=event)
    rows = [(award, award.item or money(award.cents)) for award in awards]
    total = money(sum(a.cents for a in awards))
    return {"event": event, "after_round": after, "rows": rows, "total": total}


def prizes_csv_response(event: Event) -> HttpResponse:
    """The prize list as a CSV download (``prizes_csv``)."""
    _, awards = standing_selectors.prize_awards(event=event)
    body = _csv_text(
        ["group", "place", "name", "points", "amount", "prize", "shared_by"],
        (
            [text_cell(award.group), award.place or "", text_cell(award.player.name),
             points_text(award.player.points), "" if award.item else money(award.cents),
             text_cell(award.item), award.shared_with]
            for award in awards
        ),
    )  # fmt: skip
    return _csv_download(body, f"{event.slug}-prizes.csv")


def standings_csv_response(request: HttpRequest, event: Event) -> HttpResponse:
    """The standings after ``?round=`` as a CSV download (``standings_csv``)."""
    after, _ = standing_selectors.standings_round(event=event, after_round=_after_round(request))
    key = ("standings.csv", caching.cache_version(event), after)
    body = caching.cached(key, lambda: _standings_csv_text(event, after))
    return _csv_download(body, f"{event.slug}-standings.csv")


@require_safe
@revalidated_by_standings
def prizes(request: HttpRequest, slug: str) -> HttpResponse:
    """The prize list by the standings after the last completed round (``prizes.py``),
    printable.  Template: ``prizes.html``; 404 when the event has no prize table."""
    event = _prize_event(request, slug)
    return render(request, "tournament/prizes.html", prizes_context(event))


@require_safe
@revalidated_by_standings
def prizes_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """The prize list as CSV: group, place, name, points, amount (money), prize (in
    kind), shared by; the text cells are safe in a spreadsheet (``cells.text_cell``)."""
    return prizes_csv_response(_prize_event(request, slug))


@require_safe
@revalidated_by_standings_reading(AFTER_ROUND)
def teams(request: HttpRequest, slug: str) -> HttpResponse:
    """The clubs' or schools' standings (``teams.py``), after any completed round.

    Template: ``teams.html``; 404 when the event keeps no team standings."""
    event = public_event(request, slug)
    if event.team_size == 0:
        raise Http404("This event keeps no team standings.")
    after, last = standing_selectors.standings_round(event=event, after_round=_after_round(request))
    context = {
        "event": event,
        "after_round": after,
        "round_choices": range(1, last + 1),
        "lines": standing_selectors.team_table(event=event, after_round=after) if after else [],
    }
    return render(request, "tournament/teams.html", context)


def _after_round(request: HttpRequest) -> int | None:
    return positive_number(request.GET.get("round"))


def standings_context(request: HttpRequest, event: Event) -> dict[str, Any]:
    """The standings' context: ``table`` is computed only if its cached fragment is missing."""
    after, last = standing_selectors.standings_round(event=event, after_round=_after_round(request))
    return {
        "event": event,
        "after_round": after,
        "round_choices": range(1, last + 1),
        "version": caching.cache_version(event),
        "show_ratings": request.GET.get("ratings") == "1",
        "legend": tiebreak_legend(
            event.tiebreaks, whole=standing_selectors.event_whole_scores(event)
        ),
        "table": SimpleLazyObject(
            lambda: standing_selectors.standings_after(event=event, after_round=after)
        ),
    }


def crosstable_context(request: HttpRequest, event: Event) -> dict[str, Any]:
    """The crosstable's context: the standings' with the lines' cells
    (``crosstable_after``; the standings read none, #35) and the rounds."""
    context = standings_context(request, event)
    after = context["after_round"]
    context["table"] = SimpleLazyObject(
        lambda: standing_selectors.crosstable_after(event=event, after_round=after)
    )
    context["rounds"] = range(1, after + 1)
    return context


@require_safe
@revalidated_by_standings_reading(STANDINGS_READS)
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    """Standings with the event's tie-breaks after any completed round.

    Template: ``standings.html``; HTMX refreshes get ``partials/standings_table.html``.
    """
    event = public_event(request, slug)
    context = standings_context(request, event)
    if getattr(request, "htmx", False):
        return render(request, "tournament/partials/standings_table.html", context)
    return render(request, "tournament/standings.html", context)


@require_safe
@revalidated_by_standings_reading(AFTER_ROUND)
def crosstable(request: HttpRequest, slug: str) -> HttpResponse:
    """The crosstable (wall chart): rank, name, rating, each round, points, tie-breaks.

    Template: ``crosstable.html``.
    """
    event = public_event(request, slug)
    return render(request, "tournament/crosstable.html", crosstable_context(request, event))


@require_safe
@revalidated_by_standings_reading(AFTER_ROUND)
def standings_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """Standings as CSV: rank, pairing number, name, federation, club, rating, points,
    one column per tie-break, then Rp and the rating change (FIDE B.02 8.1, 8.3; empty
    when there is none). Points and tie-breaks are the page's text ("4½", "11½",
    "12.75": ``numbers``), one format everywhere (#36), with a point for decimals.

    The file is cached until the standings may change (``caching.cache_version``).
    """
    return standings_csv_response(request, public_event(request, slug))


def _standings_csv_text(event: Event, after_round: int) -> str:
    table = standing_selectors.standings_after(event=event, after_round=after_round)
    return _csv_text(
        ["rank", "pairing_number", "name", "federation", "club", "rating", "points",
         *table.tiebreaks, "rp", "rating_change"],
        (
            [line.rank, line.player.pairing_number, text_cell(line.player.name),
             text_cell(line.player.federation), text_cell(line.player.club),
             line.player.ranked_rating or "",
             points_text(line.points), *line.texts,
             "" if line.performance is None else line.performance, line.rating_change]
            for line in table.lines
        ),
    )  # fmt: skip


def _csv_text(header: list[str], rows: Iterable[list[object]]) -> str:
    """A CSV file's text: the header, then the rows (cells already written as the pages
    write them: ``numbers``, ``cells.text_cell``)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


BOM = "\ufeff"
"""The byte order mark a CSV starts with, so that spreadsheet programs (Excel above all)
read it as UTF-8 and show ``½`` and accented names as they are."""


def _csv_download(body: str, filename: str) -> HttpResponse:
    response = HttpResponse(BOM + body, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
