"""The public player pages: the starting rank, a player's card, the search, a player's
own page.

The public pages answer GET and HEAD (``require_safe``): uptime monitors and link
checkers ask with HEAD.
"""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from swissweb.ratings.formats import name_key
from swissweb.tournament.core import caching
from swissweb.tournament.core.conditional import (
    public_event,
    revalidated_by_own_game,
    revalidated_by_standings,
)
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.not_found import not_found_is_404
from swissweb.tournament.core.params import positive_number
from swissweb.tournament.models import Player, PlayerAsk
from swissweb.tournament.players import asks as ask_services
from swissweb.tournament.players import bye_policy, check_in
from swissweb.tournament.players import selectors as player_selectors
from swissweb.tournament.players.own_game import own_game


@require_http_methods(["GET", "POST"])
def player_page(request: HttpRequest, code: str) -> HttpResponse:
    """A player's own page, reached by their private link (which the arbiter gives to
    that player alone): ask the arbiter for a half-point bye in a round not yet paired,
    to withdraw, or confirm a round.

    Template: ``player_page.html``.  The code is the key: an unknown one (or one the
    arbiter has replaced) is 404 with a page that says so, and the page is not for search
    engines.  The link asks for its own player only: a form naming another player is
    refused.  Nothing changes until an arbiter approves, except a check-in inside the
    event's window (``_ask``).  Asking to withdraw is confirmed on a page of its own
    (``player_withdraw_confirm.html``) before it reaches the arbiter.
    """

    player = Player.objects.select_related("event").filter(access_code=code).first()
    if player is None:
        gone = render(request, "tournament/player_link_gone.html", status=404)
        gone["X-Robots-Tag"] = "noindex"
        return gone
    event = player.event
    paired = event.round_set.aggregate(last=Max("number"))["last"] or 0
    if request.method == "POST":
        if request.POST.get("kind") == PlayerAsk.WITHDRAW and request.POST.get("confirm") != "1":
            # Asking to withdraw is confirmed first (#36 item 5): a page that says what
            # the request does, whose button posts it again with ``confirm``.
            page = render(request, "tournament/player_withdraw_confirm.html",
                          {"player": player, "event": event, "kinds": PlayerAsk})  # fmt: skip
            page["X-Robots-Tag"] = "noindex"
            return page
        _ask(request, player, code)
        return redirect("tournament:player_page", code=code)
    next_round = paired + 1
    checked_in = set(player.check_ins.values_list("round_number", flat=True))
    context = {
        "player": player,
        "event": event,
        "coming": range(paired + 1, event.rounds + 1),
        "asks": player.asks.order_by("-created_at"),
        "kinds": PlayerAsk,
        "check_in": event.check_in_opens is not None,
        "checked_in": sorted(checked_in),
        "window": check_in.window(event, next_round) if next_round <= event.rounds else None,
        "next_round": next_round,
        "bye_policy": bye_policy.summary(event),
        "own": own_game(player),
    }
    response = render(request, "tournament/player_page.html", context)
    response["X-Robots-Tag"] = "noindex"
    return response


def _ask(request: HttpRequest, player: Player, code: str) -> None:
    """Carry out the request the player's page posted, and say how it went.

    "Confirm I will play" is the round's check-in (#34 item 3) when the event lets
    players check in on their own page: recorded at once, inside the window; else it is
    a request the arbiter decides, as a bye or a withdrawal is.
    """
    own = str(player.pk)
    named = {request.POST.get(field, own).strip() for field in ("player", "player_id")}
    kind = request.POST.get("kind", "")
    number = positive_number(request.POST.get("round"))
    try:
        if named != {own}:
            raise TournamentError(ask_services.refused_for_another(code))
        if kind == PlayerAsk.ATTEND and player.event.check_in_opens is not None:
            if number is None:
                raise TournamentError(_("Choose the round you check in for."))
            done = check_in.check_in_self(code=code, round_number=number, now=timezone.now())
            if done:
                message = _("You are checked in for round %(number)s.")
            else:
                message = _("You were checked in for round %(number)s already.")
            messages.success(request, message % {"number": number})
            return
        ask_services.player_ask(
            player_id=player.pk, via_code=code, kind=kind, round_number=number, now=timezone.now()
        )
    except TournamentError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Your request is with the arbiter, who will decide."))


@require_safe
@revalidated_by_standings
def starting_rank(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's players by pairing number (before the start: by rating, then name),
    a page of its own that prints alone (#34); it was the end of the event's page.

    Template: ``starting_rank.html``; the table is cached per change of the standings,
    which every change of a player counts."""
    event = public_event(request, slug)
    context = {
        "event": event,
        "version": caching.cache_version(event),
        "players": SimpleLazyObject(lambda: player_selectors.event_players(event=event)),
    }
    return render(request, "tournament/starting_rank.html", context)


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
@revalidated_by_own_game
@not_found_is_404
def player_card(request: HttpRequest, slug: str, pairing_number: int) -> HttpResponse:
    """A player's card: colours, floats, opponents, results and why each pairing was made.

    Template: ``player_card.html``; 404 for a pairing number no player holds.
    """
    event = public_event(request, slug)
    card = player_selectors.player_card(event=event, pairing_number=pairing_number)
    return render(request, "tournament/player_card.html", {"event": event, "card": card})
