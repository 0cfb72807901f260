"""The check-in desk in the arbiter's workspace (#34 item 3).

One page per round not yet paired: the players by name with a search box (filtered on
the server, and as the arbiter types by ``static/js/check_in.js``), one button per
player to mark them present, and the counts.  The page is one form: each player's row
is a button naming the player, so a thousand players make a page of rows, not of forms.
With htmx a press swaps that row and the counts (out of band); without it the form posts
and the page comes back with the same search.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from swissweb.ratings.formats import name_key
from swissweb.tournament.core.authorizers import AuthenticatedHttpRequest, arbiter_required
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.params import positive_number
from swissweb.tournament.core.workspace_views import _page, _url
from swissweb.tournament.models import REQUEST_KIND_WORDS, CheckIn, Event
from swissweb.tournament.players import check_in as check_in_services


@dataclass(frozen=True, slots=True)
class DeskRow:
    """One player at the desk: present or not, and any bye or absence for the round."""

    pk: int
    name: str
    number: int | None
    rating: int
    here: bool
    request: str


@dataclass(frozen=True, slots=True)
class Counts:
    """How many of the round's players have checked in, and how many not."""

    here: int
    total: int

    @property
    def missing(self) -> int:
        return self.total - self.here


def rows_html(rows: list[DeskRow], *, oob: bool = False) -> SafeString:
    """The desk's rows, built here rather than by a template loop: a thousand rows
    render in milliseconds instead of most of a second."""
    if not rows:
        return format_html("<li>{}</li>", _("No player found."))
    # Translators: "Present" marks a player present at the check-in desk; "present" says
    # one is; "Undo" takes the check-in back.
    present, here, undo = _("Present"), _("present"), _("Undo")
    swap = mark_safe(' hx-swap-oob="true"') if oob else ""  # noqa: S308 -- a constant
    lines = []
    for row in rows:
        meta = f"{row.rating or ''}{' · ' + row.request if row.request else ''}"
        if row.here:
            button = format_html(
                '<b>{}</b><button name="undo" value="{}" class="secondary">{}</button>',
                here, row.pk, undo,
            )  # fmt: skip
        else:
            button = format_html('<button name="player" value="{}">{}</button>', row.pk, present)
        lines.append(
            format_html(
                '<li id="ci{}"{}{}><small>{}</small><span>{}</span><small>{}</small>{}</li>',
                row.pk,
                mark_safe(' class="here"') if row.here else "",
                swap,  # noqa: S308
                row.number or "",
                row.name,
                meta,
                button,
            )  # fmt: skip
        )
    return mark_safe("\n".join(lines))  # noqa: S308 -- each line built by format_html


def _round(event: Event, text: str | None) -> int:
    """The round asked for, else the next to pair."""
    number = positive_number(text, maximum=event.rounds)
    return number or check_in_services.next_round(event)


def _players(event: Event) -> list[tuple[int, str, int | None, int]]:
    return list(
        event.players.filter(withdrawn_after_round__isnull=True)
        .order_by("name")
        .values_list("pk", "name", "pairing_number", "rating")
    )


def _present(event: Event, number: int) -> set[int]:
    return set(
        CheckIn.objects.filter(player__event=event, round_number=number).values_list(
            "player_id", flat=True
        )
    )


def _counts(event: Event, number: int) -> Counts:
    return Counts(
        here=CheckIn.objects.filter(
            player__event=event, round_number=number, player__withdrawn_after_round__isnull=True
        ).count(),
        total=event.players.filter(withdrawn_after_round__isnull=True).count(),
    )


def _requests(event: Event, number: int) -> dict[int, str]:
    from_kind = {kind.value: str(words) for kind, words in REQUEST_KIND_WORDS.items()}
    rows = event.players.filter(requests__round_number=number).values_list("pk", "requests__kind")
    return {pk: from_kind.get(kind, "") for pk, kind in rows}


def matches(name: str, query: str) -> bool:
    """Whether every word typed is in the name, accents and case aside."""
    key = name_key(name)
    return all(word in key for word in name_key(query).replace(",", " ").split())


@arbiter_required
@require_GET
def desk(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """The check-in desk for a round (``?round=``, else the next to pair); ``?q=``
    keeps the players whose name holds every word.  Template: check_in.html."""
    number = _round(event, request.GET.get("round"))
    query = request.GET.get("q", "")[:100].strip()
    present = _present(event, number)
    asked = _requests(event, number)
    rows = rows_html(
        [
            DeskRow(pk, name, pairing_number, rating, pk in present, asked.get(pk, ""))
            for pk, name, pairing_number, rating in _players(event)
            if not query or matches(name, query)
        ]
    )
    paired = number < check_in_services.next_round(event)
    return _page(request, "check_in.html", event, "check_in", number=number, query=query,
                 rows=rows, counts=_counts(event, number), paired=paired,
                 window=check_in_services.window(event, number),
                 coming=range(check_in_services.next_round(event), event.rounds + 1))  # fmt: skip


def _desk_url(event: Event, number: int, query: str) -> str:
    params = {"round": number, **({"q": query} if query else {})}
    return f"{_url('workspace_check_in', event)}?{urlencode(params)}"


def _is_htmx(request: HttpRequest) -> bool:
    return bool(getattr(request, "htmx", False))


@arbiter_required
@require_POST
def mark(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Mark one player present (the ``player`` button) or not (``undo``) for the round.

    htmx gets the player's row (``rows_html``) and the counts back, each to swap out of
    band; a refusal is 409 with its reason, the page as it was."""
    number = _round(event, request.POST.get("round"))
    query = request.POST.get("q", "")[:100].strip()
    present = "undo" not in request.POST
    player_id = positive_number(request.POST.get("player" if present else "undo"))
    try:
        player = event.players.filter(pk=player_id or 0).first()
        if player is None:
            raise TournamentError(_("That player is not entered in this event."))
        check_in_services.check_in_set(player_id=player.pk, round_number=number,
                                       present=present, user=request.user,
                                       now=timezone.now())  # fmt: skip
    except TournamentError as exc:
        if _is_htmx(request):
            return HttpResponse(str(exc), status=409, content_type="text/plain; charset=utf-8")
        messages.error(request, str(exc))
        return redirect(_desk_url(event, number, query))
    if not _is_htmx(request):
        return redirect(_desk_url(event, number, query))
    asked = _requests(event, number).get(player.pk, "")
    row = DeskRow(player.pk, player.name, player.pairing_number, player.rating, present, asked)
    counts = render_to_string(
        "tournament/partials/check_in_counts.html",
        {"counts": _counts(event, number), "oob": True},
        request=request,
    )
    return HttpResponse(rows_html([row], oob=True) + "\n" + counts)


@arbiter_required
@require_POST
def window_set(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Set the check-in window of the players' own pages (minutes before each round)."""
    number = _round(event, request.POST.get("round"))
    opens_text = request.POST.get("opens", "").strip()
    closes_text = request.POST.get("closes", "").strip() or "0"
    try:
        opens = None if not opens_text else _minutes(opens_text)
        check_in_services.check_in_window_set(event_id=event.pk, opens=opens,
                                              closes=_minutes(closes_text), user=request.user,
                                              now=timezone.now())  # fmt: skip
    except TournamentError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Check-in window saved."))
    return redirect(_desk_url(event, number, ""))


def _minutes(text: str) -> int:
    if text == "0":
        return 0
    value = positive_number(text, maximum=check_in_services.MAX_WINDOW_MINUTES)
    if value is None:
        raise TournamentError(
            _("Give the minutes as a whole number from 0 to %(most)s.")
            % {"most": check_in_services.MAX_WINDOW_MINUTES}
        )
    return value
