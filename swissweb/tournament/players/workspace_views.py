"""The arbiter's workspace (#20): players, requests, players' asks, forbidden pairs.

Every page is behind ``arbiter_required``; every change is a POST to one service, which
comes back to the page the form was on (its ``next`` field, see ``return_to``).
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from swissweb.ratings.models import RatingList
from swissweb.tournament.core.arbiter_views import ask_first, confirmed
from swissweb.tournament.core.authorizers import AuthenticatedHttpRequest, arbiter_required
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.forms import error_summary
from swissweb.tournament.core.params import positive_number
from swissweb.tournament.core.workspace_views import _attempt, _page, _url, return_to
from swissweb.tournament.events import selectors as event_selectors
from swissweb.tournament.festivals import selectors as festival_selectors
from swissweb.tournament.models import (
    Event,
    ForbiddenPair,
    Player,
    PlayerRequest,
    RequestKind,
    RoundRequest,
)
from swissweb.tournament.players import asks as ask_services
from swissweb.tournament.players import bye_policy, links, picker, roster
from swissweb.tournament.players import requests as request_services
from swissweb.tournament.players import selectors as player_selectors
from swissweb.tournament.players import services as player_services
from swissweb.tournament.players.bye_policy import ByePolicyRefused
from swissweb.tournament.players.forms import LateEntryForm, PlayerForm, PlayersCsvForm
from swissweb.tournament.players.pairing_card import pairing_card
from swissweb.tournament.players.workspace_forms import (
    ForbiddenAddForm,
    ForbiddenReasonForm,
    PlayerEditForm,
    RequestAddForm,
    RequestEditForm,
)

# Players


@arbiter_required
@require_GET
def players(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Register, number, edit, withdraw and reinstate players. Template: players.html.

    One page of ``roster.PER_PAGE`` players, searched, filtered and sorted by the GET
    parameters ``q``, ``status``, ``score``, ``sort`` and ``page`` (#36 item 4).

    Once rounds are paired the form to add a player asks what the rounds missed count
    as for the late entrant (absences, half-point or full-point byes).
    """
    ws = event_selectors.workspace(event=event)
    found = roster.roster(
        event=event,
        query=request.GET.get("q", "")[:100],
        sort=request.GET.get("sort", ""),
        status=request.GET.get("status", ""),
        score=request.GET.get("score", "")[:10],
        page=positive_number(request.GET.get("page")) or 1,
    )
    asked = {"q": found.query, "sort": found.sort, "status": found.status, "score": found.score}
    return _page(
        request,
        "players.html",
        event,
        "players",
        ws=ws,
        roster=found,
        asked=urlencode({name: value for name, value in asked.items() if value}),
        sorts=roster.SORTS,
        statuses=roster.STATUSES,
        player_form=LateEntryForm(paired=ws.last, rate_of_play=event.rate_of_play)
        if ws.last
        else PlayerForm(rate_of_play=event.rate_of_play),
        csv_form=PlayersCsvForm(),
        rating_lists=RatingList.objects.all(),
    )


@arbiter_required
@require_http_methods(["GET", "POST"])
def player(request: AuthenticatedHttpRequest, event: Event, player_id: int) -> HttpResponse:
    """One player: correct the details, withdraw or reinstate, the requests, and the
    pairing card (``pairing_card``: each round from the player's side, #36 item 4).

    Template: player.html; ``?confirm=withdraw`` (or ``reinstate``), the link of the
    players page, opens that confirmation and comes back to the players page.
    """
    player = get_object_or_404(Player, pk=player_id, event=event)
    ws = event_selectors.workspace(event=event)
    form = PlayerEditForm(request.POST or None, player=player, numbers=ws.can_edit_numbers)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            name = player.name
            try:
                warnings = player_services.player_update(
                    player_id=player.pk, changes=form.changes(), user=request.user,
                    now=timezone.now(),
                )  # fmt: skip
            except TournamentError as exc:
                messages.error(request, str(exc))
                status = exc.status
            else:
                messages.success(request, _("%(name)s: details saved.") % {"name": name})
                for warning in warnings:
                    messages.warning(request, warning)
                return redirect("tournament:workspace_player", slug=event.slug, player_id=player.pk)
        else:
            status = 422
    return _page(
        request,
        "player.html",
        event,
        "players",
        ws=ws,
        status=status,
        player=player,
        form=form,
        card=pairing_card(event=event, player=player),
        requests=list(player.requests.order_by("round_number")),
        confirm=request.GET.get("confirm") in ("withdraw", "reinstate"),
        # A section of a festival, before round 1: the other sections to move to (#34).
        move_sections=festival_selectors.other_sections(event_id=event.pk)
        if event.festival_id is not None and ws.last == 0
        else (),
    )


@arbiter_required
@require_POST
def player_reinstate(
    request: AuthenticatedHttpRequest, event: Event, player_id: int
) -> HttpResponse:
    """Undo a withdrawal: paired again in the rounds not yet paired."""
    player = get_object_or_404(Player, pk=player_id, event=event)
    return _attempt(
        request,
        event,
        lambda: player_services.player_reinstate(
            player_id=player.pk, user=request.user, now=timezone.now()
        ),
        _("%(name)s reinstated: paired again from the next round paired.") % {"name": player.name},
        _url("workspace_players", event),
    )


# Requests and forbidden pairs


@arbiter_required
@require_GET
def requests(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Byes, absences and forbidden pairs: add, edit, delete.

    Template: requests.html.
    """
    ws = event_selectors.workspace(event=event)
    page = player_selectors.requests_page(event=event)
    return _page(
        request,
        "requests.html",
        event,
        "requests",
        ws=ws,
        request_form=RequestAddForm(event=event, next_round=ws.next_round),
        forbidden_form=ForbiddenAddForm(event=event),
        kinds=RequestKind.choices,
        asks=links.pending_asks(event=event),
        requests=page.requests,
        forbidden_pairs=page.forbidden_pairs,
    )


@arbiter_required
@require_POST
def ask_decide(request: AuthenticatedHttpRequest, event: Event, ask_id: int) -> HttpResponse:
    """Approve or refuse a player's request (``ask_services.player_ask_decide``)."""
    ask = get_object_or_404(PlayerRequest, pk=ask_id, player__event=event)
    approve = request.POST.get("decision") == "approve"
    try:
        ask_services.player_ask_decide(ask_id=ask.pk, approve=approve, user=request.user,
                                   now=timezone.now(),
                                   override=request.POST.get("override") == "on")  # fmt: skip
    except ByePolicyRefused as exc:
        messages.error(request, f"{exc} {bye_policy.override_hint()}")
    except TournamentError as exc:
        messages.error(request, str(exc))
    else:
        names = {"name": ask.player.name, "kind": ask.get_kind_display()}
        if approve:
            # Translators: kind is the kind of request, e.g. "Half-point bye".
            messages.success(request, _("%(name)s's request (%(kind)s) approved.") % names)
        else:
            # Translators: kind is the kind of request, e.g. "Half-point bye".
            messages.success(request, _("%(name)s's request (%(kind)s) refused.") % names)
    return redirect(_url("workspace_requests", event))


@arbiter_required
@require_POST
def request_edit(request: AuthenticatedHttpRequest, event: Event, request_id: int) -> HttpResponse:
    """Move a request to another round, or change its kind."""
    wish = get_object_or_404(RoundRequest, pk=request_id, player__event=event)
    back = _url("workspace_requests", event)
    form = RequestEditForm(request.POST)
    if not form.is_valid():
        messages.error(request, error_summary(form))
        return return_to(request, event, back)
    return _attempt(
        request,
        event,
        lambda: request_services.round_request_update(
            request_id=wish.pk,
            round_number=form.cleaned_data["round_number"],
            kind=form.cleaned_data["kind"],
            user=request.user,
            now=timezone.now(),
            override=request.POST.get("override") == "on",
        ),  # fmt: skip
        _("Request changed."),
        back,
    )


@arbiter_required
@require_POST
def request_delete(
    request: AuthenticatedHttpRequest, event: Event, request_id: int
) -> HttpResponse:
    """Delete a request for a round not yet paired, once confirmed (#36 item 5)."""
    wishes = RoundRequest.objects.filter(pk=request_id, player__event=event)
    wish = wishes.select_related("player").first()
    back = _url("workspace_requests", event)
    if wish is None:
        messages.error(request, _("That request was deleted already."))
        return return_to(request, event, back)
    if not confirmed(request):
        names = {
            "name": wish.player.name,
            "kind": wish.get_kind_display(),
            "number": wish.round_number,
        }
        return ask_first(
            request,
            event,
            title=_("Delete this request?"),
            # Translators: kind is the kind of request, e.g. "Half-point bye".
            what=[_("%(name)s's request (%(kind)s in round %(number)s) is deleted.") % names],
            button=_("Delete the request"),
            fallback=back,
        )
    return _attempt(
        request,
        event,
        lambda: request_services.round_request_delete(
            request_id=wish.pk, user=request.user, now=timezone.now()
        ),
        _("Request deleted."),
        back,
    )


@arbiter_required
@require_POST
def forbidden_edit(request: AuthenticatedHttpRequest, event: Event, pair_id: int) -> HttpResponse:
    """Change why two players are kept apart."""
    pair = get_object_or_404(ForbiddenPair, pk=pair_id, event=event)
    back = _url("workspace_requests", event)
    form = ForbiddenReasonForm(request.POST)
    if not form.is_valid():
        messages.error(request, error_summary(form))
        return return_to(request, event, back)
    return _attempt(
        request,
        event,
        lambda: request_services.forbidden_pair_update(
            pair_id=pair.pk,
            reason=form.cleaned_data["reason"],
            user=request.user,
            now=timezone.now(),
        ),  # fmt: skip
        _("Forbidden pair changed."),
        back,
    )


@arbiter_required
@require_POST
def forbidden_delete(request: AuthenticatedHttpRequest, event: Event, pair_id: int) -> HttpResponse:
    """Let two players meet again from the next round paired, once confirmed (#36)."""
    pairs = ForbiddenPair.objects.filter(pk=pair_id, event=event)
    pair = pairs.select_related("first", "second").first()
    back = _url("workspace_requests", event)
    if pair is None:
        messages.error(request, _("That forbidden pair was deleted already."))
        return return_to(request, event, back)
    if not confirmed(request):
        names = {"first": pair.first.name, "second": pair.second.name}
        return ask_first(
            request,
            event,
            title=_("Delete this forbidden pair?"),
            what=[_("%(first)s and %(second)s may then meet from the next round paired.") % names],
            button=_("Delete the forbidden pair"),
            fallback=back,
        )
    return _attempt(
        request,
        event,
        lambda: request_services.forbidden_pair_delete(
            pair_id=pair.pk, user=request.user, now=timezone.now()
        ),
        _("Forbidden pair deleted: they may meet from the next round paired."),
        back,
    )


@arbiter_required
@require_GET
def player_find(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """The players a typed text names (``picker.find_players``), at most ten, as the
    list a searchable player field shows (``player_picker.js``); ``?active=1`` leaves the
    withdrawn players out.  Template: _player_choices.html."""
    found = picker.find_players(
        event=event, text=request.GET.get("q", ""), active_only=request.GET.get("active") == "1"
    )
    choices = [(picker.player_label(row), row) for row in found]
    return render(
        request,
        "tournament/workspace/_player_choices.html",
        {"choices": choices, "asked": bool(request.GET.get("q", "").strip())},
    )
