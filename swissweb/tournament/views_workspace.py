"""The arbiter's workspace (#20): one page per task, linked from the event's navigation.

Players, one page per round, requests and forbidden pairs, the audit log and the
arbiters; ``/manage/`` leads to the round in play (the players before round 1).  Every
page is behind ``arbiter_required``; every change is a POST to one service, which comes
back to the page the form was on (its ``next`` field, see :func:`return_to`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from swissweb.ratings.models import RatingList
from swissweb.tournament import services
from swissweb.tournament.audit.log import audit_page
from swissweb.tournament.core.authorizers import AuthenticatedHttpRequest, arbiter_required
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.params import positive_number
from swissweb.tournament.events import selectors as event_selectors
from swissweb.tournament.forms import LateEntryForm, PlayerForm, PlayersCsvForm, error_summary
from swissweb.tournament.forms_workspace import (
    ForbiddenAddForm,
    ForbiddenReasonForm,
    PlayerEditForm,
    RequestAddForm,
    RequestEditForm,
)
from swissweb.tournament.models import (
    Event,
    ForbiddenPair,
    Game,
    Player,
    PlayerRequest,
    RequestKind,
    Result,
    Round,
    RoundRequest,
    RoundState,
)
from swissweb.tournament.players import links
from swissweb.tournament.players import selectors as player_selectors
from swissweb.tournament.rounds import selectors as round_selectors
from swissweb.tournament.rounds.engine_door import rules_for


def return_to(request: HttpRequest, event: Event, fallback: str) -> HttpResponse:
    """Redirect to the workspace page named by the form's ``next`` field, else ``fallback``.

    Only a page of this event's workspace (a path under its ``/manage/``) is followed, so
    the field cannot send the arbiter anywhere else.
    """
    target = request.POST.get("next", "")
    prefix = reverse("tournament:event_manage", args=[event.slug])
    if (
        target.startswith(prefix)
        and not any(char in target for char in "\r\n\\")
        and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()})
    ):
        return redirect(target)
    return redirect(fallback)


def _url(name: str, event: Event, *args: object) -> str:
    return reverse(f"tournament:{name}", args=[event.slug, *args])


def _attempt(
    request: HttpRequest,
    event: Event,
    action: Callable[[], list[str] | None],
    done: str,
    fallback: str,
) -> HttpResponse:
    """Run a service call; show its refusal, or ``done`` and its warnings; go back."""
    try:
        warnings = action() or []
    except TournamentError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, done)
        for warning in warnings:
            messages.warning(request, warning)
    return return_to(request, event, fallback)


def _page(
    request: HttpRequest,
    template: str,
    event: Event,
    section: str,
    *,
    ws: event_selectors.Workspace | None = None,
    status: int = 200,
    **context: Any,
) -> HttpResponse:
    """Render a workspace page with the event's navigation (``section`` marks the current
    page in it; ``section_round`` the round of a round's page)."""
    context.update(event=event, section=section, ws=ws or event_selectors.workspace(event=event))
    return render(request, f"tournament/workspace/{template}", context, status=status)


@login_required
@require_GET
def my_events(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The signed-in user's events (public or not), each with links to its pages."""
    lines = event_selectors.my_events(user=request.user)
    return render(request, "tournament/my_events.html", {"lines": lines})


# Players


@arbiter_required
@require_GET
def players(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Register, number, edit, withdraw and reinstate players. Template: players.html.

    Once rounds are paired the form to add a player asks what the rounds missed count
    as for the late entrant (absences, half-point or full-point byes).
    """
    ws = event_selectors.workspace(event=event)
    return _page(
        request,
        "players.html",
        event,
        "players",
        ws=ws,
        players=player_selectors.event_players(event=event),
        player_form=LateEntryForm(paired=ws.last) if ws.last else PlayerForm(),
        csv_form=PlayersCsvForm(),
        rating_lists=RatingList.objects.all(),
    )


@arbiter_required
@require_http_methods(["GET", "POST"])
def player(request: AuthenticatedHttpRequest, event: Event, player_id: int) -> HttpResponse:
    """One player: correct the details, withdraw or reinstate, the requests and games.

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
                warnings = services.player_update(
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
    games = list(
        Game.objects.filter(Q(white=player) | Q(black=player), round__event=event)
        .select_related("round", "white", "black")
        .order_by("round__number")
    )
    return _page(
        request,
        "player.html",
        event,
        "players",
        ws=ws,
        status=status,
        player=player,
        form=form,
        games=games,
        requests=list(player.requests.order_by("round_number")),
        confirm=request.GET.get("confirm") in ("withdraw", "reinstate"),
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
        lambda: services.player_reinstate(
            player_id=player.pk, user=request.user, now=timezone.now()
        ),
        _("%(name)s reinstated: paired again from the next round paired.") % {"name": player.name},
        _url("workspace_players", event),
    )


# Rounds


def _seated(games: list[Game]) -> list[Player]:
    """The players of a round's boards, in board order (for the swap lists)."""
    seated: list[Player] = []
    for game in games:
        seated.append(game.white)
        if game.black is not None:
            seated.append(game.black)
    return seated


@arbiter_required
@require_GET
def round_page(request: AuthenticatedHttpRequest, event: Event, number: int) -> HttpResponse:
    """One round: pair, check, swap, publish or unpublish, results, print.

    Template: round.html (round_next.html for the round to pair next).  A completed round
    with a later round after it shows its results; ``?correct=1`` opens them for a
    correction, with what the correction changes.  ``?check=1`` checks a draft.
    """
    ws = event_selectors.workspace(event=event)
    # The explanation is read only for a draft (shown there); a published round links to it.
    round_ = Round.objects.filter(event=event, number=number).defer("explanation").first()
    if round_ is None:
        if number != ws.next_round:
            raise Http404("No such round.")
        return _next_round(request, event, ws, number)
    games = round_selectors.round_games(round_)
    draft = round_.state == RoundState.PAIRED
    if draft:
        round_selectors.with_reasons(round_, games)
    later = ws.last > number
    correcting = later and request.GET.get("correct") == "1"
    has_results = any(g.result not in (Result.NOT_PLAYED_YET, Result.PAIRING_BYE) for g in games)
    check = None
    if draft and request.GET.get("check") == "1":
        try:
            check = {
                "violations": services.round_violations(round_),
                "warnings": services.round_warnings(round_),
            }
        except TournamentError as exc:
            check = {"violations": [str(exc)], "warnings": []}
    completed = round_.state == RoundState.COMPLETED
    return _page(
        request,
        "round.html",
        event,
        "round",
        ws=ws,
        section_round=number,
        round=round_,
        games=games,
        draft=round_ if draft else None,
        seated=_seated(games),
        is_current=number == ws.last,
        later=later,
        editable=not draft and (not later or correcting),
        correcting=correcting,
        correction=(
            round_selectors.correction_notice(
                event=event, number=number, last=ws.last, draft=ws.last_state == RoundState.PAIRED
            )
            if completed or later
            else ""
        ),
        can_unpublish=round_.state == RoundState.PUBLISHED and not later and not has_results,
        can_redraw=not draft and number == ws.last and rules_for(event.system).repair is not None,
        check=check,
    )


def _next_round(
    request: AuthenticatedHttpRequest, event: Event, ws: event_selectors.Workspace, number: int
) -> HttpResponse:
    """The round to pair next: why it can or cannot be paired, and who is not paired."""
    requests = list(
        RoundRequest.objects.filter(player__event=event, round_number=number)
        .select_related("player")
        .order_by("player__pairing_number")
    )
    withdrawn = list(
        event.players.filter(withdrawn_after_round__isnull=False).order_by("pairing_number")
    )
    return _page(
        request,
        "round_next.html",
        event,
        "round",
        ws=ws,
        section_round=number,
        number=number,
        requests=requests,
        withdrawn=withdrawn,
        entrants=event.players.count(),
    )


PRINT_SHEETS = ("pairings", "slips", "names")
"""What the print page can hold: the pairings by board, one result slip per board, every
player by name with the board."""


@dataclass(frozen=True, slots=True)
class PrintBoard:
    """One board of a round to print, with each player's points before the round."""

    game: Game
    white_points: Fraction | None
    black_points: Fraction | None


@arbiter_required
@require_GET
def round_print(request: AuthenticatedHttpRequest, event: Event, number: int) -> HttpResponse:
    """A round to print on A4 portrait: the pairings by board with ratings and points,
    a result slip per board, and every player by name with the board.

    ``?sheet=pairings``, ``slips`` or ``names`` prints one of them; without it, all three,
    each from a new page.  Template: round_print.html.
    """
    round_ = get_object_or_404(Round, event=event, number=number)
    games = round_selectors.round_games(round_)
    points = round_selectors.points_before(event=event, number=number)

    def before(player: Player | None) -> Fraction | None:
        if player is None or points is None:
            return None
        return points.get(player.pairing_number or 0)

    boards = [PrintBoard(game, before(game.white), before(game.black)) for game in games]
    unpaired = round_selectors.round_unpaired(event, round_)
    seats: list[tuple[Player | round_selectors.Unpaired, Game | None, str]] = [
        # Translators: the colour column of the printed list of players by name.
        *[(game.white, game, _("white") if game.black else _("bye")) for game in games],
        *[(game.black, game, _("black")) for game in games if game.black is not None],
        # A player not paired finds their name too, with what they asked for.
        *[(entry, None, entry.kind) for entry in unpaired],
    ]
    by_name = sorted(seats, key=lambda seat: (seat[0].name.casefold(), seat[0].pairing_number or 0))
    sheet = request.GET.get("sheet", "")
    public_url = qr_code = ""
    if event.public:
        # The printed pairings lead the players to the round's public page (#24).
        public_url = request.build_absolute_uri(
            reverse("tournament:round_pairings", args=[event.slug, number])
        )
        qr_code = qr_svg(public_url)
    return _page(
        request, "round_print.html", event, "round", section_round=number, round=round_,
        boards=boards, slips=[b for b in boards if b.game.black is not None], by_name=by_name,
        unpaired=unpaired,
        sheets=(sheet,) if sheet in PRINT_SHEETS else PRINT_SHEETS, sheet=sheet,
        points_known=points is not None, public_url=public_url, qr_code=qr_code,
    )  # fmt: skip


def qr_svg(url: str) -> SafeString:
    """A QR code of ``url`` as inline SVG markup (segno, a well-kept pure-Python QR
    writer: no image file, nothing a Content-Security-Policy blocks)."""

    return mark_safe(segno.make(url, error="m").svg_inline(scale=2, title=_("QR code")))


@arbiter_required
@require_GET
def round_why(request: AuthenticatedHttpRequest, event: Event, number: int) -> HttpResponse:
    """The engine's explanation of a round's pairing, rule by rule (template round_why.html).

    A page of its own: at 1,000 players the explanation alone is about 90 KB, which the
    round page, loaded again and again while results come in, should not carry.
    ``?board=N`` shows only the steps that concern board N's players.
    """
    round_ = get_object_or_404(Round, event=event, number=number)
    board = positive_number(request.GET.get("board"))
    steps = round_.explanation
    if board is not None:
        steps = round_selectors.board_steps(round_, board)
        if steps is None:
            raise Http404("No such board.")
    return _page(
        request, "round_why.html", event, "round", section_round=number, round=round_,
        steps=[(round_selectors.step_rule(step), step["text"]) for step in steps], board=board,
    )  # fmt: skip


@arbiter_required
@require_POST
def round_unpublish(request: AuthenticatedHttpRequest, event: Event, number: int) -> HttpResponse:
    """Take a published round back to a draft while no result is entered."""
    round_ = get_object_or_404(Round, event=event, number=number)

    def unpublish() -> None:
        services.round_unpublish(round_id=round_.pk, user=request.user, now=timezone.now())

    return _attempt(
        request,
        event,
        unpublish,
        _("Round %(number)s unpublished: it is a draft again, off the public pages.")
        % {"number": number},
        _url("workspace_round", event, number),
    )


# Requests and forbidden pairs


@arbiter_required
@require_GET
def requests(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Byes, absences and forbidden pairs: add, edit, delete.

    Template: requests.html.
    """
    ws = event_selectors.workspace(event=event)
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
        **player_selectors.requests_page(event=event),
    )


@arbiter_required
@require_POST
def ask_decide(request: AuthenticatedHttpRequest, event: Event, ask_id: int) -> HttpResponse:
    """Approve or refuse a player's request (``services.player_ask_decide``)."""
    ask = get_object_or_404(PlayerRequest, pk=ask_id, player__event=event)
    approve = request.POST.get("decision") == "approve"
    try:
        services.player_ask_decide(ask_id=ask.pk, approve=approve, user=request.user,
                                   now=timezone.now())  # fmt: skip
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
        lambda: services.round_request_update(
            request_id=wish.pk,
            round_number=form.cleaned_data["round_number"],
            kind=form.cleaned_data["kind"],
            user=request.user,
            now=timezone.now(),
        ),  # fmt: skip
        _("Request changed."),
        back,
    )


@arbiter_required
@require_POST
def request_delete(
    request: AuthenticatedHttpRequest, event: Event, request_id: int
) -> HttpResponse:
    """Delete a request for a round not yet paired."""
    wish = RoundRequest.objects.filter(pk=request_id, player__event=event).first()
    back = _url("workspace_requests", event)
    if wish is None:
        messages.error(request, _("That request was deleted already."))
        return return_to(request, event, back)
    return _attempt(
        request,
        event,
        lambda: services.round_request_delete(
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
        lambda: services.forbidden_pair_update(
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
    """Let two players meet again from the next round paired."""
    pair = ForbiddenPair.objects.filter(pk=pair_id, event=event).first()
    back = _url("workspace_requests", event)
    if pair is None:
        messages.error(request, _("That forbidden pair was deleted already."))
        return return_to(request, event, back)
    return _attempt(
        request,
        event,
        lambda: services.forbidden_pair_delete(
            pair_id=pair.pk, user=request.user, now=timezone.now()
        ),
        _("Forbidden pair deleted: they may meet from the next round paired."),
        back,
    )


# Audit log and arbiters


@arbiter_required
@require_GET
def audit(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Who changed what, when, from what to what; newest first, paginated.

    Template: audit.html (``?round=N`` for one round, ``?page=N``).
    """
    round_number = positive_number(request.GET.get("round"))
    context = audit_page(event=event, page=request.GET.get("page"), round_number=round_number)
    return _page(request, "audit.html", event, "audit", **context)


@arbiter_required
@require_GET
def arbiters(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """The event's arbiters, and a form to add one. Template: arbiters.html."""
    return _page(
        request,
        "arbiters.html",
        event,
        "arbiters",
        arbiters=list(event.arbiters.order_by("username")),
    )
