"""The arbiter's workspace (#20): one page per round, its print-outs and its reasons.

``/manage/`` leads to the round in play (the players before round 1).

Every page is behind ``arbiter_required``; every change is a POST to one service, which
comes back to the page the form was on (its ``next`` field, see ``return_to``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import segno
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from swissweb.tournament.core.authorizers import AuthenticatedHttpRequest, arbiter_required
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.params import positive_number
from swissweb.tournament.core.workspace_views import _attempt, _page, _url
from swissweb.tournament.events import selectors as event_selectors
from swissweb.tournament.models import (
    CheckIn,
    Event,
    Result,
    Round,
    RoundRequest,
    RoundState,
)
from swissweb.tournament.players import asks as ask_services
from swissweb.tournament.players.rows import PlayerRow
from swissweb.tournament.rounds import selectors as round_selectors
from swissweb.tournament.rounds import services as round_services
from swissweb.tournament.rounds.draft_review import draft_review, explanation_steps
from swissweb.tournament.rounds.engine_door import rules_for
from swissweb.tournament.rounds.selectors import GameRow

# Rounds


def _seated(games: tuple[GameRow, ...]) -> list[PlayerRow]:
    """The players of a round's boards, in board order (for the swap lists)."""
    seated: list[PlayerRow] = []
    for game in games:
        seated.append(game.white)
        if game.black is not None:
            seated.append(game.black)
    return seated


def _picked(request: AuthenticatedHttpRequest) -> tuple[int, ...]:
    """The pairing numbers a draft's number links picked for the swap form (``?swap=A``,
    ``?swap=A&swap=B``: #36 item 1, the way without JavaScript): at most two, distinct;
    anything else in the query is left out."""
    picked: list[int] = []
    for text in request.GET.getlist("swap")[:2]:
        number = positive_number(text, maximum=99_999)
        if number is not None and number not in picked:
            picked.append(number)
    return tuple(picked)


@arbiter_required
@require_GET
def round_page(request: AuthenticatedHttpRequest, event: Event, number: int) -> HttpResponse:
    """One round: pair, check, swap, publish or unpublish, results, print.

    Template: round.html (round_next.html for the round to pair next).  A completed round
    with a later round after it shows its results; ``?correct=1`` opens them for a
    correction, with what the correction changes.  ``?check=1`` checks a draft;
    ``?swap=A&swap=B`` fills a draft's swap form (``_picked``).
    """
    ws = event_selectors.workspace(event=event)
    # The explanation is read only for a draft (shown there); a published round links to it.
    round_ = Round.objects.filter(event=event, number=number).defer("explanation").first()
    if round_ is None:
        if number != ws.next_round:
            raise Http404("No such round.")
        return _next_round(request, event, ws, number)
    draft = round_.state == RoundState.PAIRED
    # A draft is reviewed one line per board by bracket (#36 item 1), its boards read
    # lean; its explanation is read per board or bracket on demand (``round_why``).
    games: tuple[GameRow, ...] = (
        () if draft else round_selectors.round_games(round_, event.rating_basis)
    )
    review = draft_review(event, round_) if draft else None
    later = ws.last > number
    correcting = later and request.GET.get("correct") == "1"
    has_results = any(g.result not in (Result.NOT_PLAYED_YET, Result.PAIRING_BYE) for g in games)
    check = None
    if draft and request.GET.get("check") == "1":
        try:
            check = {
                "violations": round_services.round_violations(round_),
                "warnings": round_services.round_warnings(round_),
            }
        except TournamentError as exc:
            check = {"violations": [str(exc)], "warnings": []}
    completed = round_.state == RoundState.COMPLETED
    # The requests pairing would pass over (#36 item 5): the draft's, or the next round's.
    waiting = (
        ask_services.waiting_for(event, number)
        if draft
        else ask_services.waiting_for(event, ws.next_round)
        if number == ws.last and ws.can_pair and ws.next_round is not None
        else []
    )
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
        review=review,
        picked=_picked(request) if draft else (),
        missing=[g for g in games if not g.result and not g.is_bye] if not draft else [],
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
        waiting=waiting,
    )


def _next_round(
    request: AuthenticatedHttpRequest, event: Event, ws: event_selectors.Workspace, number: int
) -> HttpResponse:
    """The round to pair next: why it can or cannot be paired, who is not paired, and the
    players' requests that wait for a decision (pairing asks about them first, #36)."""
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
        checked_in=CheckIn.objects.filter(player__event=event, round_number=number).count(),
        waiting=ask_services.waiting_for(event, number),
    )


PRINT_SHEETS = ("pairings", "slips", "names")
"""What the print page can hold: the pairings by board, one result slip per board, every
player by name with the board."""


@dataclass(frozen=True, slots=True)
class PrintBoard:
    """One board of a round to print, with each player's points before the round."""

    game: GameRow
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
    games = round_selectors.round_games(round_, event.rating_basis)
    points = round_selectors.points_before(event=event, number=number)

    def before(player: PlayerRow | None) -> Fraction | None:
        if player is None or points is None:
            return None
        return points.get(player.pairing_number or 0)

    boards = [PrintBoard(game, before(game.white), before(game.black)) for game in games]
    unpaired = round_selectors.round_unpaired(event, round_)
    seats: list[tuple[PlayerRow | round_selectors.Unpaired, GameRow | None, str]] = [
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


def qr_svg(url: str, *, scale: int = 2) -> SafeString:
    """A QR code of ``url`` as inline SVG markup (segno, a well-kept pure-Python QR
    writer: no image file, nothing a Content-Security-Policy blocks); ``scale`` pixels
    per module."""

    return mark_safe(segno.make(url, error="m").svg_inline(scale=scale, title=_("QR code")))


@arbiter_required
@require_GET
def round_why(request: AuthenticatedHttpRequest, event: Event, number: int) -> HttpResponse:
    """The engine's explanation of a round's pairing, rule by rule (template round_why.html).

    A page of its own: at 1,000 players the explanation alone is about 90 KB, which the
    round page, loaded again and again while results come in, should not carry.
    ``?board=N`` shows only the steps that concern board N's players, ``?boards=A-B``
    the steps about the brackets of boards A to B.  Each step the arbiter's later change
    of a board made stale is marked where it stands.  An htmx request (the draft
    review's "why" links, static/js/draft_review.js) gets the list alone
    (round_why_steps.html).
    """
    round_ = get_object_or_404(Round, event=event, number=number)
    board = positive_number(request.GET.get("board"))
    boards = _board_range(request.GET.get("boards", ""))
    steps = explanation_steps(round_, board, None if board else boards, basis=event.rating_basis)
    if steps is None:
        raise Http404("No such board.")
    context: dict[str, Any] = {"round": round_, "steps": steps, "board": board, "boards": boards}
    if getattr(request, "htmx", False):
        context["event"] = event
        return render(request, "tournament/workspace/round_why_steps.html", context)
    return _page(request, "round_why.html", event, "round", section_round=number, **context)


def _board_range(text: str) -> tuple[int, int] | None:
    """``"4-9"`` as (4, 9); anything else ``None`` (the whole explanation)."""
    first, _dash, last = text.partition("-")
    low, high = positive_number(first), positive_number(last)
    if low is None or high is None or low > high:
        return None
    return low, high


@arbiter_required
@require_POST
def round_unpublish(request: AuthenticatedHttpRequest, event: Event, number: int) -> HttpResponse:
    """Take a published round back to a draft while no result is entered."""
    round_ = get_object_or_404(Round, event=event, number=number)

    def unpublish() -> None:
        round_services.round_unpublish(round_id=round_.pk, user=request.user, now=timezone.now())

    return _attempt(
        request,
        event,
        unpublish,
        _("Round %(number)s unpublished: it is a draft again, off the public pages.")
        % {"number": number},
        _url("workspace_round", event, number),
    )
