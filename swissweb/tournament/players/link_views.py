"""Each player's private link in the arbiter's workspace (#31 D10, item 4).

A player's link (``/p/<code>/``) lets them ask the arbiter for a bye, to withdraw, or
confirm a round, so it is given to that player alone: the arbiter shows it from the
player's page, or prints the player's card with its QR code, or the cards of every
player at once before round 1 (#36 item 7).  It is on no shared sheet
(result slips, pairings) and no public page.  A link that got into other hands is
rotated: the player gets a new one and the old one leads nowhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import F
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from swissweb.tournament.core.authorizers import AuthenticatedHttpRequest, arbiter_required
from swissweb.tournament.core.params import positive_number
from swissweb.tournament.core.workspace_views import _attempt, _page, _url
from swissweb.tournament.models import Event, Player
from swissweb.tournament.players import asks as ask_services
from swissweb.tournament.players import bye_policy
from swissweb.tournament.rounds.workspace_views import qr_svg


@arbiter_required
@require_GET
def player_link(request: AuthenticatedHttpRequest, event: Event, player_id: int) -> HttpResponse:
    """One player's card with their private link and its QR code, to print or show to
    that player.  Template: player_link.html; never stored by a cache or a proxy."""
    player = get_object_or_404(Player, pk=player_id, event=event)
    url = request.build_absolute_uri(reverse("tournament:player_page", args=[player.access_code]))
    response = _page(
        request, "player_link.html", event, "players", player=player, url=url, qr_code=qr_svg(url)
    )
    response["Cache-Control"] = "no-store"
    response["X-Robots-Tag"] = "noindex"
    return response


@dataclass(frozen=True, slots=True, kw_only=True)
class LinkCard:
    """One player's card on the printed sheet of cards: their private link and its QR code."""

    name: str
    pairing_number: int | None
    url: str
    qr_code: str


CARDS_PER_PAGE = 100
"""Cards on one page of the sheet: a QR code of a player's link costs about 5 ms of
processor time to draw (most of it segno choosing the best of eight masks), so 1,000
players come in pages of 100 (about 0.6 s and 200 KB each, ``bench.player_cards``),
printed one after the other."""


@arbiter_required
@require_GET
def player_cards(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Every player's card (name, number, private link and its QR code, the bye policy)
    on a printable page, to cut apart and hand to each player before round 1 (#36
    item 7): several to a printed page, 100 to a web page (``?page=N``).  Withdrawn
    players are left out.  Template: player_cards.html; never stored by a cache or a
    proxy."""
    players = event.players.filter(withdrawn_after_round__isnull=True).order_by(
        F("pairing_number").asc(nulls_last=True), "name"
    )
    count = players.count()
    pages = max(1, -(-count // CARDS_PER_PAGE))
    page = min(positive_number(request.GET.get("page")) or 1, pages)
    first = (page - 1) * CARDS_PER_PAGE
    cards = []
    for player in players.only("name", "pairing_number", "access_code")[
        first : first + CARDS_PER_PAGE
    ]:
        url = request.build_absolute_uri(
            reverse("tournament:player_page", args=[player.access_code])
        )
        cards.append(
            LinkCard(
                name=player.name,
                pairing_number=player.pairing_number,
                url=url,
                qr_code=qr_svg(url),
            )
        )
    chunks = [
        (number, (number - 1) * CARDS_PER_PAGE + 1, min(number * CARDS_PER_PAGE, count))
        for number in range(1, pages + 1)
    ]
    response = _page(
        request, "player_cards.html", event, "players", cards=cards,
        bye_policy=bye_policy.summary(event), page=page, chunks=chunks if pages > 1 else [],
    )  # fmt: skip
    response["Cache-Control"] = "no-store"
    response["X-Robots-Tag"] = "noindex"
    return response


@arbiter_required
@require_POST
def player_link_rotate(
    request: AuthenticatedHttpRequest, event: Event, player_id: int
) -> HttpResponse:
    """Give a player a new private link (``ask_services.player_link_rotate``)."""
    player = get_object_or_404(Player, pk=player_id, event=event)

    def rotate() -> None:
        ask_services.player_link_rotate(player_id=player.pk, user=request.user, now=timezone.now())

    return _attempt(
        request,
        event,
        rotate,
        # Translators: name is the player's.
        _("%(name)s has a new link; the old one no longer works. Give the new one to %(name)s.")
        % {"name": player.name},
        _url("workspace_player", event, player.pk),
    )
