"""The arbiter's views: every one that changes anything is behind ``arbiter_required``.

Each view parses input with a form, calls one service and redirects back to the event's
page (or, for HTMX requests, renders the partial that changed).  A refusal from a
service (``TournamentError``) is shown to the arbiter and changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from swissweb.tournament import services
from swissweb.tournament.core.authorizers import AuthenticatedHttpRequest, arbiter_required
from swissweb.tournament.core.errors import ConfirmationNeeded, TournamentError
from swissweb.tournament.core.params import positive_number
from swissweb.tournament.core.uploads import upload_text
from swissweb.tournament.forms import (
    MISSED_ROUNDS,
    EventForm,
    ForbiddenPairForm,
    LateEntryForm,
    PlayerForm,
    PlayersCsvForm,
    ResultForm,
    RoundRequestForm,
    error_summary,
)
from swissweb.tournament.models import Event, Game, Player, RequestKind, Round
from swissweb.tournament.players.imports import parse_players_csv
from swissweb.tournament.publishing import exports
from swissweb.tournament.publishing.import_messages import show_import_messages
from swissweb.tournament.rounds import redraw
from swissweb.tournament.rounds.corrections import require_confirmation
from swissweb.tournament.rounds.engine_door import rules_for
from swissweb.tournament.views_workspace import return_to


def _manage(event: Event) -> HttpResponse:
    return redirect("tournament:event_manage", slug=event.slug)


def _back(request: HttpRequest, event: Event) -> HttpResponse:
    """Back to the workspace page the form was on (its ``next`` field), else the event's."""
    return return_to(request, event, reverse("tournament:event_manage", args=[event.slug]))


def _attempt(
    request: HttpRequest, event: Event, action: Callable[[], Any], done: str
) -> HttpResponse:
    """Run a service call; show its refusal, or ``done``, and go back to the event page."""
    try:
        action()
    except TournamentError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, done)
    return _back(request, event)


@login_required
@require_http_methods(["GET", "POST"])
def event_create(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Create an event; the creator becomes its arbiter. Template: event_form.html."""
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        event = services.event_create(user=request.user, now=timezone.now(), **form.event_fields())
        return _manage(event)
    return render(request, "tournament/event_form.html", {"form": form}, status=200)


@login_required
@require_http_methods(["GET", "POST"])
def event_import(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Create a whole event from a TRF backup; the uploader becomes its arbiter.

    Template: event_import.html (the upload form, and the refusal with line and column).
    """
    error = ""
    if request.method == "POST":
        upload = request.FILES.get("trf")
        if upload is None:
            error = _("Choose a TRF file.")
        else:
            try:
                event = services.event_import_trf(
                    text=upload_text(upload, what="TRF file"),
                    user=request.user,
                    now=timezone.now(),
                )
            except TournamentError as exc:
                error = str(exc)
            else:
                # Translators: the name of the imported event.
                messages.success(request, _("%(event)s imported.") % {"event": event.name})
                show_import_messages(request, event)
                return _manage(event)
    status = 422 if error else 200
    return render(request, "tournament/event_import.html", {"error": error}, status=status)


@arbiter_required
@require_http_methods(["GET", "POST"])
def event_edit(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Edit the event's settings through ``services.event_settings_update`` (#20).

    Template: event_form.html; a change that alters rounds already paired first shows
    event_settings_confirm.html, which posts the same form again with ``confirm``.
    """
    from swissweb.tournament.core.errors import ConfirmationNeeded
    from swissweb.tournament.forms import EventSettingsForm

    form = EventSettingsForm(
        request.POST or None,
        instance=Event.objects.get(pk=event.pk),  # the form's checks change its instance
        paired=event.round_set.exists(),
    )
    context = {"form": form, "event": event}
    if request.method != "POST" or not form.is_valid() or "back" in request.POST:
        return render(request, "tournament/event_form.html", context)
    try:
        saved = services.event_settings_update(
            event_id=event.pk,
            changes=form.settings_changes(),
            expected_version=form.cleaned_data["version"],
            user=request.user,
            now=timezone.now(),
            confirm=request.POST.get("confirm") == "1",
        )
    except ConfirmationNeeded as exc:
        posted = [
            (name, value)
            for name in request.POST
            if name not in ("csrfmiddlewaretoken", "confirm", "back")
            for value in request.POST.getlist(name)
        ]
        context.update(message=str(exc), changes=exc.changes, posted=posted)
        return render(request, "tournament/event_settings_confirm.html", context, status=exc.status)
    except TournamentError as exc:
        form.add_error(None, str(exc))
        return render(request, "tournament/event_form.html", context, status=exc.status)
    messages.success(request, _("Settings saved."))
    if saved.system != event.system:
        now_system = saved.get_system_display()
        messages.warning(
            request,
            _("The pairing system is now %(system)s: check its options.") % {"system": now_system},
        )
        renumber = rules_for(saved.system).initial_order != rules_for(event.system).initial_order
        if saved.started_at is not None and renumber:
            messages.warning(
                request,
                _(
                    "The pairing numbers were given in the old system's order: start the "
                    "event again to number the players by the new system's."
                ),
            )
        return redirect("tournament:event_edit", slug=saved.slug)
    return _manage(saved)


@arbiter_required
@require_http_methods(["GET"])
def event_manage(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """The event's workspace: the page of the last round paired, the players before (#20)."""
    last = event.round_set.order_by("-number").values_list("number", flat=True).first()
    if last is None:
        return redirect("tournament:workspace_players", slug=event.slug)
    return redirect("tournament:workspace_round", slug=event.slug, number=last)


@arbiter_required
@require_POST
def arbiter_add(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Add another user, by user name, as an arbiter of the event."""
    username = request.POST.get("username", "").strip()
    arbiter = get_user_model().objects.filter(username=username).first()
    if arbiter is None:
        messages.error(request, _("No user is called %(username)s.") % {"username": repr(username)})
        return _back(request, event)
    return _attempt(
        request,
        event,
        lambda: services.event_add_arbiter(
            event_id=event.pk, arbiter=arbiter, user=request.user, now=timezone.now()
        ),
        _("%(username)s is now an arbiter of this event.") % {"username": username},
    )


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
        lambda: services.players_add(
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
        lambda: services.players_add(
            event_id=event.pk, rows=fields, user=request.user, now=timezone.now()
        ),
        ngettext("%(count)d player imported.", "%(count)d players imported.", len(rows))
        % {"count": len(rows)},
    )


def vars_(row: Any) -> dict[str, Any]:
    """The fields of a slotted dataclass as a dict."""
    return {name: getattr(row, name) for name in row.__slots__}


@arbiter_required
@require_POST
def event_start(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Assign pairing numbers (Dutch A2 order)."""
    return _attempt(
        request,
        event,
        lambda: services.event_start(event_id=event.pk, user=request.user, now=timezone.now()),
        _("Pairing numbers assigned."),
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
        lambda: services.pairing_number_set(
            player_id=player.pk, pairing_number=number, user=request.user, now=timezone.now()
        ),
        _("%(name)s is now number %(number)d.") % {"name": player.name, "number": number},
    )


@arbiter_required
@require_POST
def player_withdraw(
    request: AuthenticatedHttpRequest, event: Event, player_id: int
) -> HttpResponse:
    """Withdraw a player from the next rounds (Dutch F5)."""
    player = get_object_or_404(Player, pk=player_id, event=event)
    return _attempt(
        request,
        event,
        lambda: services.player_withdraw(
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
        lambda: services.player_top_set(
            player_id=player.pk, top=top, user=request.user, now=timezone.now()
        ),
        done,
    )


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
        services.round_request_set(
            player_id=data["player"].pk,
            round_number=data["round_number"],
            kind=data["kind"],
            user=request.user,
            now=timezone.now(),
            replace=request.POST.get("replace") == "1",
        )
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
        lambda: services.forbidden_pair_add(
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
def round_pair(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Pair the next round as a draft (one round, however many clicks)."""
    expected = positive_number(request.POST.get("round"))
    return _attempt(
        request,
        event,
        lambda: services.round_pair(
            event_id=event.pk, user=request.user, now=timezone.now(), expected_round=expected
        ),
        _("Round paired: check the draft, then publish it."),
    )


def _round(event: Event, number: int) -> Round:
    return get_object_or_404(Round, event=event, number=number)


@arbiter_required
@require_POST
def round_repair(request: AuthenticatedHttpRequest, event: Event, number: int) -> HttpResponse:
    """Delete the draft and pair the round again."""
    round_ = _round(event, number)

    def repair() -> None:
        services.round_delete_draft(round_id=round_.pk, user=request.user, now=timezone.now())
        services.round_pair(
            event_id=event.pk, user=request.user, now=timezone.now(), expected_round=number
        )

    return _attempt(
        request, event, repair, _("Round %(number)d paired again.") % {"number": number}
    )


@arbiter_required
@require_POST
def round_delete(request: AuthenticatedHttpRequest, event: Event, number: int) -> HttpResponse:
    """Delete the draft of a round."""
    round_ = _round(event, number)
    return _attempt(
        request,
        event,
        lambda: services.round_delete_draft(
            round_id=round_.pk, user=request.user, now=timezone.now()
        ),
        _("Draft of round %(number)d deleted.") % {"number": number},
    )


@arbiter_required
@require_POST
def round_publish(request: AuthenticatedHttpRequest, event: Event, number: int) -> HttpResponse:
    """Publish a round: public and locked (Dutch F6)."""
    round_ = _round(event, number)
    return _attempt(
        request,
        event,
        lambda: services.round_publish(round_id=round_.pk, user=request.user, now=timezone.now()),
        _("Round %(number)d published.") % {"number": number},
    )


@arbiter_required
@require_POST
def result_enter(request: AuthenticatedHttpRequest, event: Event, game_id: int) -> HttpResponse:
    """Enter one board's result; HTMX gets the board's row back. Partial: result_row.html."""
    game = get_object_or_404(Game.objects.select_related("round"), pk=game_id, round__event=event)
    form = ResultForm(request.POST)
    error, status = "", 200
    confirm = False
    if form.is_valid():
        try:
            require_confirmation(game.round, request.POST)
            game = services.result_record(
                game_id=game.pk,
                result=form.cleaned_data["result"],
                expected_version=form.cleaned_data["version"],
                user=request.user,
                now=timezone.now(),
            )
        except TournamentError as exc:
            error, status = str(exc), exc.status
            confirm = isinstance(exc, ConfirmationNeeded)
    else:
        error, status = error_summary(form), 422
    if request.headers.get("Accept", "").startswith("application/json"):
        # The keyboard entry (static/js/results.js): the saved value and the version the
        # next save of this board must send, or the refusal in plain words (``confirm``:
        # a correction the arbiter has not confirmed, corrections.py).
        game.refresh_from_db(fields=["result", "version"])
        answer = {
            "ok": not error,
            "result": game.result,
            "display": game.get_result_display(),
            "version": game.version,
            "error": error,
            **({"confirm": True} if confirm else {}),
        }
        return JsonResponse(answer, status=status)
    if not getattr(request, "htmx", False):
        if error:
            messages.error(request, error)
        return redirect("tournament:workspace_round", slug=event.slug, number=game.round.number)
    game = Game.objects.select_related("white", "black", "round").get(pk=game.pk)
    context = {"event": event, "game": game, "error": error, "editable": True}
    return render(request, "tournament/partials/result_row.html", context, status=status)


RESULT_FIELD = re.compile(r"g(?P<game>[0-9]{1,9})v(?P<version>[0-9]{1,9})")
"""A board's field in the results table: ``g<game id>v<version the page showed>``."""


@arbiter_required
@require_POST
def results_enter(request: AuthenticatedHttpRequest, event: Event, number: int) -> HttpResponse:
    """Save every result changed in the round's table at once (the form without JavaScript).

    Each field is named after its game and the version the page showed, so a board that
    someone else changed meanwhile is refused (StaleEdit), never overwritten.  Fields left
    as they are stored are not saved again; each refusal is shown with its board.
    """
    round_ = _round(event, number)
    fields = {
        int(m["game"]): (int(m["version"]), str(value).strip())
        for key, value in request.POST.items()
        if (m := RESULT_FIELD.fullmatch(key))
    }
    games = {g.pk: g for g in round_.games.filter(pk__in=fields).only("pk", "board", "result")}
    saved, refused = 0, []
    for game_id, (version, typed) in sorted(fields.items()):
        game = games.get(game_id)
        if game is None:
            continue
        form = ResultForm({"result": typed, "version": version})
        if not form.is_valid():
            problems = " ".join(str(e) for errors in form.errors.values() for e in errors)
            refused.append(
                _("Board %(board)d: %(problems)s") % {"board": game.board, "problems": problems}
            )
            continue
        if form.cleaned_data["result"] == game.result:
            continue
        try:
            require_confirmation(round_, request.POST)
            services.result_record(
                game_id=game_id,
                result=form.cleaned_data["result"],
                expected_version=version,
                user=request.user,
                now=timezone.now(),
            )
        except TournamentError as exc:
            refused.append(
                _("Board %(board)d: %(problems)s") % {"board": game.board, "problems": exc}
            )
        else:
            saved += 1
    if saved or not refused:
        saved_text = ngettext("%(count)d result saved.", "%(count)d results saved.", saved)
        messages.success(request, saved_text % {"count": saved})
    for line in refused:
        messages.error(request, line)
    return redirect("tournament:workspace_round", slug=event.slug, number=number)


def _attempt_edit(
    request: HttpRequest, event: Event, action: Callable[[], list[str]], done: str
) -> HttpResponse:
    """Run a draft edit: refusals shown as errors, relative-criteria warnings as warnings."""
    try:
        warnings = action()
    except TournamentError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, done)
        for warning in warnings:
            messages.warning(request, warning)
    return _back(request, event)


def _two_players(request: HttpRequest, event: Event) -> tuple[int, int] | None:
    """The two players a swap form names: by pairing number, or (older forms) by id.

    The round pages ask for pairing numbers (two small fields instead of two lists of
    every player, which weighed 100 KB at 1,000 players); an unknown number is ``None``.
    """
    if "first_no" in request.POST or "second_no" in request.POST:
        read = [positive_number(request.POST.get(k)) for k in ("first_no", "second_no")]
        numbers = [n for n in read if n is not None]
        if len(numbers) < 2:
            return None
        ids = dict(
            event.players.filter(pairing_number__in=numbers).values_list("pairing_number", "pk")
        )
        if any(n not in ids for n in numbers):
            return None
        return ids[numbers[0]], ids[numbers[1]]
    first, second = (positive_number(request.POST.get(k)) for k in ("first", "second"))
    return None if first is None or second is None else (first, second)


@arbiter_required
@require_POST
def draft_swap(request: AuthenticatedHttpRequest, event: Event, number: int) -> HttpResponse:
    """Swap two players between boards of a draft, checked by the legality checker."""
    round_ = _round(event, number)
    players = _two_players(request, event)
    if players is None:
        messages.error(request, _("Give the pairing numbers of the two players to swap."))
        return _back(request, event)
    first, second = players
    return _attempt_edit(
        request,
        event,
        lambda: services.draft_swap_players(
            round_id=round_.pk,
            first_id=first,
            second_id=second,
            user=request.user,
            now=timezone.now(),
        ),
        _("Players swapped."),
    )


@arbiter_required
@require_POST
def draft_flip(request: AuthenticatedHttpRequest, event: Event, game_id: int) -> HttpResponse:
    """Swap the colours of one board of a draft, checked by the legality checker."""
    return _flip(request, event, get_object_or_404(Game, pk=game_id, round__event=event))


def _flip(request: AuthenticatedHttpRequest, event: Event, game: Game) -> HttpResponse:
    return _attempt_edit(
        request,
        event,
        lambda: services.draft_flip_colours(game_id=game.pk, user=request.user, now=timezone.now()),
        _("Colours of board %(board)d swapped.") % {"board": game.board},
    )


@arbiter_required
@require_POST
def draft_flip_board(request: AuthenticatedHttpRequest, event: Event, number: int) -> HttpResponse:
    """Swap the colours of the board a draft's table names (its button's ``board``).

    One form for the whole table, one button per board: no form and token per board.
    """
    board = request.POST.get("board", "")
    game = None
    if (board_number := positive_number(board)) is not None:
        boards = Game.objects.filter(round__event=event, round__number=number)
        game = boards.filter(board=board_number).first()
    if game is None:
        messages.error(
            request,
            _("Round %(number)d has no board %(board)s.")
            % {"number": number, "board": repr(board[:5])},
        )
        return _back(request, event)
    return _flip(request, event, game)


@arbiter_required
@require_http_methods(["GET"])
def export_trf(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """The whole event as a TRF file (every round, options, requests), a full backup."""
    response = HttpResponse(exports.event_trf(event), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}.trf"'
    return response


@arbiter_required
@require_http_methods(["GET"])
def rating_report(request: AuthenticatedHttpRequest, event: Event, edition: str) -> HttpResponse:
    """FIDE's rating report of the event, TRF16 or TRF-2026 (``rating_report``).

    Arbiters only: it holds the players' FIDE IDs and birth dates."""
    from swissweb.tournament.publishing.rating_report import Edition
    from swissweb.tournament.publishing.rating_report import rating_report as report

    if edition not in {e.value for e in Edition}:
        raise Http404(f"No rating report edition {edition!r}: trf16 or trf26.")
    chosen = Edition(edition)
    response = HttpResponse(report(event, chosen), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-{chosen}.trf"'
    return response


@arbiter_required
@require_POST
def ratings_refresh(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Refresh the players' ratings from a loaded list (``services.players_refresh_ratings``):
    each change is shown (the first 20; the audit log keeps all)."""
    list_id = positive_number(request.POST.get("list"))
    kind = request.POST.get("kind", "")
    try:
        changes = services.players_refresh_ratings(
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
        services.players_add(event_id=event.pk, rows=rows, user=request.user, now=timezone.now())
        return notes

    return _attempt_edit(request, event, load, _("Players imported from the TRF file."))


@arbiter_required
@require_POST
def round_correct(request: AuthenticatedHttpRequest, event: Event, number: int) -> HttpResponse:
    """Correct a published round that breaks an absolute criterion (Dutch F6), recorded."""
    round_ = _round(event, number)
    players = _two_players(request, event)
    if players is None:
        messages.error(request, _("Give the pairing numbers of the two players to swap."))
        return _back(request, event)
    first, second = players
    return _attempt(
        request,
        event,
        lambda: services.round_correct(
            round_id=round_.pk,
            first_id=first,
            second_id=second,
            reason=request.POST.get("reason", ""),
            user=request.user,
            now=timezone.now(),
        ),
        _("Round %(number)d corrected; the change is recorded.") % {"number": number},
    )


@arbiter_required
@require_POST
def round_redraw(request: AuthenticatedHttpRequest, event: Event, number: int) -> HttpResponse:
    """Change a published ESCA round with the least disturbance (ESCA 25).

    First post (``preview``): the change is computed and shown, nothing is saved.  Second
    post (``confirm``, with the preview's fingerprint): that very change is saved.
    Template: ``redraw.html``.
    """
    round_ = _round(event, number)
    absent = [positive_number(value) for value in request.POST.getlist("absent")]
    absent_ids = [value for value in absent if value is not None]
    if len(absent_ids) < len(absent):
        messages.error(request, _("Choose the players who cannot play from the list."))
        return _back(request, event)
    reason = request.POST.get("reason", "")
    if "confirm" in request.POST:
        return _attempt(
            request,
            event,
            lambda: redraw.redraw_apply(
                round_id=round_.pk,
                absent_ids=absent_ids,
                digest=request.POST.get("digest", ""),
                reason=reason,
                user=request.user,
                now=timezone.now(),
            ),
            _("Round %(number)d redrawn (ESCA 25); the change is recorded.") % {"number": number},
        )
    try:
        proposal = redraw.redraw_preview(round_id=round_.pk, absent_ids=absent_ids)
    except TournamentError as exc:
        messages.error(request, str(exc))
        return _back(request, event)
    context = {
        "event": event,
        "round": round_,
        "redraw": proposal,
        "absent_ids": absent_ids,
        "reason": reason,
    }
    return render(request, "tournament/redraw.html", context)
