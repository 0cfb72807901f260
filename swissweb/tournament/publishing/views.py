"""The public downloads: PGN of a round or of the whole event.

The public pages answer GET and HEAD (``require_safe``): uptime monitors and link
checkers ask with HEAD.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

from swissweb.tournament.core.conditional import (
    public_event,
    revalidated,
    revalidated_by_round,
)
from swissweb.tournament.core.not_found import not_found_is_404
from swissweb.tournament.publishing import pgn
from swissweb.tournament.rounds import selectors as round_selectors


@require_safe
@revalidated_by_round
@not_found_is_404
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
