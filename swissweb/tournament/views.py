"""Views: check permission, call a selector or a service, render.

The public pages answer GET and HEAD (``require_safe``): uptime monitors and link
checkers ask with HEAD.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from django.contrib import messages
from django.db.models import Max
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from swissweb.ratings.formats import name_key
from swissweb.tournament import services
from swissweb.tournament.core import caching
from swissweb.tournament.core.authorizers import is_arbiter
from swissweb.tournament.core.conditional import (
    public_event,
    revalidated,
    revalidated_by_own_game,
    revalidated_by_round,
    revalidated_by_standings,
    revalidated_by_standings_reading,
)
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.numbers import decimal_text
from swissweb.tournament.core.params import positive_number
from swissweb.tournament.events import selectors as event_selectors
from swissweb.tournament.models import Event, Player, PlayerAsk
from swissweb.tournament.players import selectors as player_selectors
from swissweb.tournament.publishing import pgn
from swissweb.tournament.publishing.cells import text_cell
from swissweb.tournament.rounds import selectors as round_selectors
from swissweb.tournament.standings import selectors as standing_selectors
from swissweb.tournament.standings.prizes import money


@require_safe
def event_list(request: HttpRequest) -> HttpResponse:
    """Public list of events. Template: ``tournament/event_list.html``."""
    return render(
        request, "tournament/event_list.html", {"events": event_selectors.public_events()}
    )


@require_safe
@revalidated_by_standings
def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """Public page of one event: players and published rounds (404 unless public)."""
    event = public_event(request, slug)
    context = {
        "event": event,
        "version": caching.cache_version(event),
        "players": SimpleLazyObject(lambda: player_selectors.event_players(event=event)),
        "rounds": round_selectors.public_rounds(event=event),
        "is_arbiter": is_arbiter(request.user, event),
    }
    return render(request, "tournament/event_detail.html", context)


@require_safe
@revalidated_by_round
def round_pairings(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A published round's pairings and results, refreshing itself while in play.

    Template: ``round_pairings.html``; HTMX refreshes get ``partials/pairings_table.html``.
    """
    event = public_event(request, slug)
    round_ = round_selectors.published_round(event=event, number=number)
    context = {"event": event, "round": round_, "in_play": round_selectors.round_in_play(round_)}
    if getattr(request, "htmx", False):
        return render(request, "tournament/partials/pairings_table.html", context)
    return render(request, "tournament/round_pairings.html", context)


def _after_round_read(event: Event, text: str | None) -> int | None:
    """``?round=N`` as the standings read it (``_after_round``, ``standings_round``): a
    completed round before the last, else ``None``, the latest standings, which junk,
    0 and rounds not completed yet also show (#31 D5: one stored page for all of them)."""
    after = positive_number(text)
    _, last = standing_selectors.standings_round(event=event, after_round=None)
    return after if after is not None and after < last else None


AFTER_ROUND = {"round": _after_round_read}
"""The query parameters of the standings, the crosstable, their CSV and the teams."""


def _prize_event(request: HttpRequest, slug: str) -> Event:
    """The public event ``slug`` with a prize table.

    :raises Http404: no such public event, or it has no prize table.
    """
    event = public_event(request, slug)
    if not event.prize_table.strip():
        raise Http404("This event has no prize table.")
    return event


@require_safe
@revalidated_by_standings
def prizes(request: HttpRequest, slug: str) -> HttpResponse:
    """The prize list by the standings after the last completed round (``prizes.py``),
    printable.  Template: ``prizes.html``; 404 when the event has no prize table."""
    event = _prize_event(request, slug)
    after, awards = standing_selectors.prize_awards(event=event)
    rows = [(award, money(award.amount)) for award in awards]
    total = money(sum((a.amount for a in awards), start=Fraction(0)))
    context = {"event": event, "after_round": after, "rows": rows, "total": total}
    return render(request, "tournament/prizes.html", context)


@require_safe
@revalidated_by_standings
def prizes_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """The prize list as CSV: group, place, name, points, amount, shared by."""
    event = _prize_event(request, slug)
    _, awards = standing_selectors.prize_awards(event=event)
    body = _csv_text(
        ["group", "place", "name", "points", "amount", "shared_by"],
        (
            [award.group, award.place or "", text_cell(award.player.name),
             decimal_text(award.player.points), money(award.amount), award.shared_with]
            for award in awards
        ),
    )  # fmt: skip
    return _csv_download(body, f"{event.slug}-prizes.csv")


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


@require_http_methods(["GET", "POST"])
def player_page(request: HttpRequest, code: str) -> HttpResponse:
    """A player's own page, reached by their private link (which the arbiter gives to
    that player alone): ask the arbiter for a half-point bye in a round not yet paired,
    to withdraw, or confirm a round.

    Template: ``player_page.html``.  The code is the key: an unknown one (or one the
    arbiter has replaced) is 404 with a page that says so, and the page is not for search
    engines.  The link asks for its own player only: a form naming another player is
    refused.  Nothing changes until an arbiter approves.
    """

    player = Player.objects.select_related("event").filter(access_code=code).first()
    if player is None:
        gone = render(request, "tournament/player_link_gone.html", status=404)
        gone["X-Robots-Tag"] = "noindex"
        return gone
    event = player.event
    paired = event.round_set.aggregate(last=Max("number"))["last"] or 0
    if request.method == "POST":
        own = str(player.pk)
        named = {request.POST.get(field, own).strip() for field in ("player", "player_id")}
        try:
            if named != {own}:
                raise TournamentError(services.refused_for_another(code))
            services.player_ask(
                player_id=player.pk,
                via_code=code,
                kind=request.POST.get("kind", ""),
                round_number=positive_number(request.POST.get("round")),
                now=timezone.now(),
            )
        except TournamentError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, _("Your request is with the arbiter, who will decide."))
        return redirect("tournament:player_page", code=code)
    context = {
        "player": player,
        "event": event,
        "coming": range(paired + 1, event.rounds + 1),
        "asks": player.asks.order_by("-created_at"),
        "kinds": PlayerAsk,
    }
    response = render(request, "tournament/player_page.html", context)
    response["X-Robots-Tag"] = "noindex"
    return response


@require_safe
def player_search(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's players whose name holds every word typed, accents and case aside,
    each linked to their card: a player in the hall finds their own quickly.

    Template: ``player_search.html``."""

    event = public_event(request, slug)
    query = request.GET.get("q", "")[:100]
    words = name_key(query).replace(",", " ").split()
    found = [
        player
        for player in player_selectors.event_players(event=event)
        if words and all(word in name_key(player.name) for word in words)
    ]
    return render(
        request, "tournament/player_search.html", {"event": event, "query": query, "found": found}
    )


@require_safe
@revalidated_by_round
def round_pgn(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A published round's games as PGN (``pgn.py``), for broadcast tools."""
    event = public_event(request, slug)
    round_ = round_selectors.published_round(event=event, number=number)
    rounds = [r for r in round_selectors.published_rounds(event=event) if r.number == round_.number]
    return _pgn_response(pgn.rounds_pgn(event, rounds), f"{event.slug}-round{number}.pgn")


@require_safe
@revalidated
def event_pgn(request: HttpRequest, slug: str) -> HttpResponse:
    """Every published round's games as one PGN file."""
    event = public_event(request, slug)
    text = pgn.rounds_pgn(event, round_selectors.published_rounds(event=event))
    return _pgn_response(text, f"{event.slug}.pgn")


def _pgn_response(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type="application/x-chess-pgn; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@require_safe
@revalidated_by_own_game
def player_card(request: HttpRequest, slug: str, pairing_number: int) -> HttpResponse:
    """A player's card: colours, floats, opponents, results and why each pairing was made.

    Template: ``player_card.html``.
    """
    event = public_event(request, slug)
    card = player_selectors.player_card(event=event, pairing_number=pairing_number)
    return render(request, "tournament/player_card.html", {"event": event, "card": card})


def _after_round(request: HttpRequest) -> int | None:
    return positive_number(request.GET.get("round"))


def _standings_context(request: HttpRequest, event: Event) -> dict[str, Any]:
    """The standings' context: ``table`` is computed only if its cached fragment is missing."""
    after, last = standing_selectors.standings_round(event=event, after_round=_after_round(request))
    return {
        "event": event,
        "after_round": after,
        "round_choices": range(1, last + 1),
        "version": caching.cache_version(event),
        "table": SimpleLazyObject(
            lambda: standing_selectors.standings_after(event=event, after_round=after)
        ),
    }


@require_safe
@revalidated_by_standings_reading(AFTER_ROUND)
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    """Standings with the event's tie-breaks after any completed round.

    Template: ``standings.html``; HTMX refreshes get ``partials/standings_table.html``.
    """
    event = public_event(request, slug)
    context = _standings_context(request, event)
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
    context = _standings_context(request, event)
    context["rounds"] = range(1, context["after_round"] + 1)
    return render(request, "tournament/crosstable.html", context)


@require_safe
@revalidated_by_standings_reading(AFTER_ROUND)
def standings_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """Standings as CSV: rank, pairing number, name, points, one column per tie-break.

    The file is cached until the standings may change (``caching.cache_version``).
    """
    event = public_event(request, slug)
    after, _ = standing_selectors.standings_round(event=event, after_round=_after_round(request))
    key = ("standings.csv", caching.cache_version(event), after)
    body = caching.cached(key, lambda: _standings_csv_text(event, after))
    return _csv_download(body, f"{event.slug}-standings.csv")


def _standings_csv_text(event: Event, after_round: int) -> str:
    table = standing_selectors.standings_after(event=event, after_round=after_round)
    return _csv_text(
        ["rank", "pairing_number", "name", "rating", "points", *table.tiebreaks],
        (
            [line.rank, line.player.pairing_number, text_cell(line.player.name),
             line.player.rating,
             decimal_text(line.points), *(decimal_text(v) for v in line.values)]
            for line in table.lines
        ),
    )  # fmt: skip


def _csv_text(header: list[str], rows: Iterable[list[object]]) -> str:
    """A CSV file's text: the header, then the rows (cells already written for files:
    ``numbers.decimal_text``, ``cells.text_cell``)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def _csv_download(body: str, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
