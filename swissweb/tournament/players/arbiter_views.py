"""The arbiter's player views: add and import players, numbers, withdrawals, requests.

Every one that changes anything is behind ``arbiter_required``.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from swissweb.tournament.core.arbiter_views import _attempt, _back, vars_
from swissweb.tournament.core.authorizers import AuthenticatedHttpRequest, arbiter_required
from swissweb.tournament.core.errors import ConfirmationNeeded, TournamentError
from swissweb.tournament.core.forms import error_summary
from swissweb.tournament.core.params import positive_number
from swissweb.tournament.core.uploads import upload_text
from swissweb.tournament.models import Event, Player, RequestKind
from swissweb.tournament.players import bye_policy
from swissweb.tournament.players import ratings as rating_services
from swissweb.tournament.players import requests as request_services
from swissweb.tournament.players import services as player_services
from swissweb.tournament.players.bye_policy import ByePolicyRefused
from swissweb.tournament.players.forms import (
    MISSED_ROUNDS,
    ForbiddenPairForm,
    LateEntryForm,
    PlayerForm,
    PlayersCsvForm,
    RoundRequestForm,
)
from swissweb.tournament.players.imports import parse_players_csv
from swissweb.tournament.publishing import exports
from swissweb.tournament.rounds.arbiter_views import _attempt_edit


@arbiter_required
@require_POST
def player_add(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Register one player; a late entry with what the rounds missed count as."""
    last = event.round_set.order_by("-number").values_list("number", flat=True).first()
    form = LateEntryForm(request.POST, paired=last or 0)
    if not form.is_valid():
        messages.error(
            request, _("Player not added: %(problems)s") % {"problems": error_summary(form)}
        )
        return _back(request, event)
    row = {field: form.cleaned_data[field] for field in PlayerForm.Meta.fields}
    missed = form.missed()
    done = _("%(name)s registered.") % {"name": row["name"]}
    if missed != RequestKind.ABSENT and event.round_set.exists():
        label = dict(MISSED_ROUNDS)[missed]
        # Translators: %(missed)s is "half-point byes" or "full-point byes".
        done = _("%(name)s registered; the rounds paired so far count as %(missed)s.") % {
            "name": row["name"],
            "missed": label,
        }
    return _attempt(
        request,
        event,
        lambda: player_services.players_add(
            event_id=event.pk,
            rows=[row],
            user=request.user,
            now=timezone.now(),
            missed_rounds=missed,
        ),  # fmt: skip
        done,
    )


FIRST_PROBLEMS = 20
"""A file with problems on thousands of lines lists the first ones and counts the rest."""


@arbiter_required
@require_POST
def players_import(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Import players from pasted or uploaded CSV: all lines valid, or nothing imported."""
    form = PlayersCsvForm(request.POST, request.FILES)
    if not form.is_valid():
        messages.error(request, error_summary(form))
        return _back(request, event)
    rows, problems = parse_players_csv(form.cleaned_data["text"])
    if problems:
        for problem in problems[:FIRST_PROBLEMS]:
            # Translators: %(problem)s names the line and column and says what is wrong.
            messages.error(request, _("Nothing imported: %(problem)s") % {"problem": problem})
        if len(problems) > FIRST_PROBLEMS:
            more = len(problems) - FIRST_PROBLEMS
            more_lines = ngettext(
                "… and %(count)d more line to correct.",
                "… and %(count)d more lines to correct.",
                more,
            )
            messages.error(request, more_lines % {"count": more})
        return _back(request, event)
    fields = [{k: v for k, v in vars_(row).items() if k != "line"} for row in rows]
    return _attempt(
        request,
        event,
        lambda: player_services.players_add(
            event_id=event.pk, rows=fields, user=request.user, now=timezone.now()
        ),
        ngettext("%(count)d player imported.", "%(count)d players imported.", len(rows))
        % {"count": len(rows)},
    )


@arbiter_required
@require_POST
def pairing_number_set(
    request: AuthenticatedHttpRequest, event: Event, player_id: int
) -> HttpResponse:
    """Move a player to another pairing number before round 1."""
    player = get_object_or_404(Player, pk=player_id, event=event)
    number = positive_number(request.POST.get("pairing_number"))
    if number is None:
        messages.error(request, _("Type a pairing number."))
        return _back(request, event)
    return _attempt(
        request,
        event,
        lambda: player_services.pairing_number_set(
            player_id=player.pk, pairing_number=number, user=request.user, now=timezone.now()
        ),
        _("%(name)s is now number %(number)d.") % {"name": player.name, "number": number},
    )


@arbiter_required
@require_POST
def player_withdraw(
    request: AuthenticatedHttpRequest, event: Event, player_id: int
) -> HttpResponse:
    """Withdraw a player from the next rounds (FIDE C.04.2 Article 3.2)."""
    player = get_object_or_404(Player, pk=player_id, event=event)
    return _attempt(
        request,
        event,
        lambda: player_services.player_withdraw(
            player_id=player.pk,
            user=request.user,
            now=timezone.now(),
            reason=request.POST.get("reason", ""),
        ),
        _("%(name)s withdrawn.") % {"name": player.name},
    )


@arbiter_required
@require_POST
def player_top_set(request: AuthenticatedHttpRequest, event: Event, player_id: int) -> HttpResponse:
    """Mark or unmark a top player between rounds (ESCA 3)."""
    player = get_object_or_404(Player, pk=player_id, event=event)
    top = request.POST.get("top") == "1"
    if top:
        done = _("%(name)s marked as a top player.") % {"name": player.name}
    else:
        done = _("%(name)s no longer a top player.") % {"name": player.name}
    return _attempt(
        request,
        event,
        lambda: player_services.player_top_set(
            player_id=player.pk, top=top, user=request.user, now=timezone.now()
        ),
        done,
    )


@arbiter_required
@require_POST
def player_fixed_board(
    request: AuthenticatedHttpRequest, event: Event, player_id: int
) -> HttpResponse:
    """Give a player a fixed board, or take it away (an empty board), from the next round."""
    player = get_object_or_404(Player, pk=player_id, event=event)
    text = request.POST.get("board", "").strip()
    board = positive_number(text, maximum=player_services.FIXED_BOARD_MAX) if text else None
    back = redirect("tournament:workspace_player", slug=event.slug, player_id=player.pk)
    if text and board is None:
        messages.error(
            request,
            _("A fixed board is a board number from 1 to %(max)s.")
            % {"max": player_services.FIXED_BOARD_MAX},
        )
        return back
    try:
        _player, warnings = player_services.player_fixed_board_set(
            player_id=player.pk, board=board, user=request.user, now=timezone.now()
        )
    except TournamentError as exc:
        messages.error(request, str(exc))
        return back
    if board is None:
        messages.success(request, _("%(name)s: no fixed board.") % {"name": player.name})
    else:
        messages.success(
            request,
            _("%(name)s: board %(board)s from the next round paired.")
            % {"name": player.name, "board": board},
        )
    for warning in warnings:
        messages.warning(request, warning)
    return back


@arbiter_required
@require_POST
def round_request(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Record a bye (half-point or full-point) or an absence for a coming round."""
    form = RoundRequestForm(request.POST, event=event)
    if not form.is_valid():
        messages.error(request, error_summary(form))
        return _back(request, event)
    data = form.cleaned_data
    try:
        request_services.round_request_set(
            player_id=data["player"].pk,
            round_number=data["round_number"],
            kind=data["kind"],
            user=request.user,
            now=timezone.now(),
            replace=request.POST.get("replace") == "1",
            override=data["override"],
        )
    except ByePolicyRefused as exc:
        messages.error(request, f"{exc} {bye_policy.override_hint()}")
    except ConfirmationNeeded as exc:
        # Another request for that round: replaced only when the arbiter confirms (#20).
        context = {"event": event, "question": str(exc), "data": data}
        context["next"] = request.POST.get("next", "")
        return render(request, "tournament/workspace/request_confirm.html", context)
    except TournamentError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Request recorded."))
    return _back(request, event)


@arbiter_required
@require_POST
def forbidden_pair_add(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Forbid two players to meet."""
    form = ForbiddenPairForm(request.POST, event=event)
    if not form.is_valid():
        messages.error(request, error_summary(form))
        return _back(request, event)
    return _attempt(
        request,
        event,
        lambda: request_services.forbidden_pair_add(
            event_id=event.pk,
            first_id=form.cleaned_data["first"].pk,
            second_id=form.cleaned_data["second"].pk,
            user=request.user,
            now=timezone.now(),
            reason=request.POST.get("reason", ""),
        ),
        _("Forbidden pair recorded."),
    )


@arbiter_required
@require_POST
def ratings_refresh(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Refresh the players' ratings from a loaded list
    (``rating_services.players_refresh_ratings``): each change is shown (the first 20; the
    audit log keeps all)."""
    list_id = positive_number(request.POST.get("list"))
    kind = request.POST.get("kind", "")
    try:
        changes = rating_services.players_refresh_ratings(
            event_id=event.pk, list_id=list_id or 0, kind=kind, user=request.user,
            now=timezone.now(),
        )  # fmt: skip
    except TournamentError as exc:
        messages.error(request, str(exc))
        return _back(request, event)
    count = len(changes)
    refreshed = ngettext(
        "Ratings refreshed: %(count)d player changed.",
        "Ratings refreshed: %(count)d players changed.",
        count,
    )
    messages.success(request, refreshed % {"count": count})
    for change in changes[:20]:
        messages.info(request, change)
    if count > 20:
        messages.info(
            request,
            _("… and %(count)d more: the audit log lists them all.") % {"count": count - 20},
        )
    return _back(request, event)


@arbiter_required
@require_POST
def players_import_trf(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Register the players of an uploaded TRF file: all of them, or none."""
    upload = request.FILES.get("trf")
    if upload is None:
        messages.error(request, _("Choose a TRF file."))
        return _back(request, event)

    def load() -> list[str]:  # what was left out of a player (a title), as warnings
        rows, notes = exports.players_and_notes(upload_text(upload, what="TRF file"))
        player_services.players_add(
            event_id=event.pk, rows=rows, user=request.user, now=timezone.now()
        )
        return notes

    return _attempt_edit(request, event, load, _("Players imported from the TRF file."))
