"""The arbiter's round views: pair, publish, results, draft edits, corrections, redraw.

Every one that changes anything is behind ``arbiter_required``; HTMX requests get the
partial that changed.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from swissweb.tournament.audit.actions import AuditAction
from swissweb.tournament.core.arbiter_views import _attempt, _back, ask_first, confirmed
from swissweb.tournament.core.authorizers import AuthenticatedHttpRequest, arbiter_required
from swissweb.tournament.core.errors import ConfirmationNeeded, TournamentError
from swissweb.tournament.core.forms import error_summary
from swissweb.tournament.core.not_found import not_found_is_404
from swissweb.tournament.core.params import positive_number
from swissweb.tournament.models import AuditEntry, Event, Game, Round, RoundState
from swissweb.tournament.players.asks import AsksPending
from swissweb.tournament.players.check_in import CheckInPending
from swissweb.tournament.rounds import fixed_boards, redraw
from swissweb.tournament.rounds import results as result_services
from swissweb.tournament.rounds import selectors as round_selectors
from swissweb.tournament.rounds import services as round_services
from swissweb.tournament.rounds.corrections import require_confirmation
from swissweb.tournament.rounds.forms import ResultForm, result_shown


@arbiter_required
@require_POST
def round_pair(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Pair the next round as a draft (one round, however many clicks); where players
    did not check in for it, or their requests wait for a decision, ask first what to do
    (#34 item 3, #36 item 5)."""
    expected = positive_number(request.POST.get("round"))
    try:
        round_services.round_pair(event_id=event.pk, user=request.user, now=timezone.now(),
                                  expected_round=expected,
                                  unconfirmed=_answer(request, "unconfirmed"),
                                  asks=_answer(request, "asks"))  # fmt: skip
    except (CheckInPending, AsksPending) as exc:
        return _ask_before_pairing(request, event, exc, action="round_pair")
    except TournamentError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Round paired: check the draft, then publish it."))
        _warn_fixed_boards(request, event)
    return _back(request, event)


def _answer(request: HttpRequest, question: str) -> str | None:
    """The answer to a question before pairing (``unconfirmed``, ``asks``) the form carries."""
    return request.POST.get(question) or None


QUESTION_FIELDS = ("csrfmiddlewaretoken", "round", "next", "unconfirmed", "asks")
"""The fields a question before pairing sets itself; it carries every other one."""


def _ask_before_pairing(
    request: AuthenticatedHttpRequest,
    event: Event,
    pending: CheckInPending | AsksPending,
    *,
    action: str,
) -> HttpResponse:
    """The question before pairing: players not checked in (absent, or pair anyway), or
    players' requests not decided (decide them first, or pair anyway).

    Templates: ``workspace/pair_unconfirmed.html``, ``workspace/pair_asks.html``; each
    answer posts the pairing again with the answers given so far (``carried``)."""
    number = pending.round_number
    args = [event.slug] if action == "round_pair" else [event.slug, number]
    context = {
        "event": event,
        "number": number,
        "question": str(pending),
        "action": reverse(f"tournament:{action}", args=args),
        "next": request.POST.get("next", ""),
        "carried": [
            (name, value)
            for name, values in request.POST.lists()
            if name not in QUESTION_FIELDS
            for value in values
        ],
        "answers": {q: _answer(request, q) for q in ("unconfirmed", "asks")},
    }
    if isinstance(pending, AsksPending):
        context["asks"] = pending.asks
        return render(request, "tournament/workspace/pair_asks.html", context)
    context["players"] = pending.players
    return render(request, "tournament/workspace/pair_unconfirmed.html", context)


def _warn_fixed_boards(request: AuthenticatedHttpRequest, event: Event) -> None:
    """Tell the arbiter of each fixed board the draft just paired could not give (#34)."""
    draft = event.round_set.filter(state=RoundState.PAIRED).only("explanation").first()
    for step in draft.explanation if draft is not None else []:
        if step.get("rule") == fixed_boards.FIXED_BOARD_WARNING:
            messages.warning(request, str(step["text"]))


def _round(event: Event, number: int) -> Round:
    return get_object_or_404(Round, event=event, number=number)


def _draft_lost(round_: Round) -> list[str]:
    """What deleting a draft loses: its boards, and the swaps and colour changes the
    arbiter made to it."""
    boards = round_.games.count()
    edits = AuditEntry.objects.filter(
        round=round_, action__in=(AuditAction.DRAFT_SWAP, AuditAction.DRAFT_FLIP)
    ).count()
    lines = [
        ngettext(
            "The draft of round %(number)d has %(count)d board.",
            "The draft of round %(number)d has %(count)d boards.",
            boards,
        )
        % {"number": round_.number, "count": boards}
    ]
    if edits:
        lines.append(
            ngettext(
                "The %(count)d change you made to it (swaps, colours) is lost.",
                "The %(count)d changes you made to it (swaps, colours) are lost.",
                edits,
            )
            % {"count": edits}
        )
    return lines


def _confirm_draft_loss(
    request: AuthenticatedHttpRequest, event: Event, round_: Round, *, again: bool
) -> HttpResponse | None:
    """Unless confirmed, the page that asks before a draft is deleted (#36 item 5); a
    published round is left to the service, which refuses it."""
    if confirmed(request) or round_.state != RoundState.PAIRED:
        return None
    numbers = {"number": round_.number}
    if again:
        return ask_first(
            request,
            event,
            title=_("Pair round %(number)d again?") % numbers,
            what=[
                _("Pair again deletes the draft of round %(number)d and pairs the round again.")
                % numbers,
                *_draft_lost(round_),
            ],
            button=_("Pair round %(number)d again") % numbers,
        )
    return ask_first(
        request,
        event,
        title=_("Delete the draft of round %(number)d?") % numbers,
        what=[
            _("The draft of round %(number)d is deleted; the round can then be paired again.")
            % numbers,
            *_draft_lost(round_),
        ],
        button=_("Delete the draft"),
    )


@arbiter_required
@require_POST
def round_repair(request: AuthenticatedHttpRequest, event: Event, number: int) -> HttpResponse:
    """Delete the draft and pair the round again, once confirmed (#36 item 5); asking
    first, as ``round_pair`` does, about players not checked in and requests not decided."""
    round_ = _round(event, number)
    if (question := _confirm_draft_loss(request, event, round_, again=True)) is not None:
        return question
    try:
        with transaction.atomic():
            now = timezone.now()
            round_services.round_delete_draft(round_id=round_.pk, user=request.user, now=now)
            round_services.round_pair(event_id=event.pk, user=request.user, now=now,
                                      expected_round=number,
                                      unconfirmed=_answer(request, "unconfirmed"),
                                      asks=_answer(request, "asks"))  # fmt: skip
    except (CheckInPending, AsksPending) as exc:
        return _ask_before_pairing(request, event, exc, action="round_repair")
    except TournamentError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Round %(number)d paired again.") % {"number": number})
        _warn_fixed_boards(request, event)
    return _back(request, event)


@arbiter_required
@require_POST
def round_delete(request: AuthenticatedHttpRequest, event: Event, number: int) -> HttpResponse:
    """Delete the draft of a round, once confirmed (#36 item 5)."""
    round_ = _round(event, number)
    if (question := _confirm_draft_loss(request, event, round_, again=False)) is not None:
        return question
    return _attempt(
        request,
        event,
        lambda: round_services.round_delete_draft(
            round_id=round_.pk, user=request.user, now=timezone.now()
        ),
        _("Draft of round %(number)d deleted.") % {"number": number},
    )


@arbiter_required
@require_POST
def round_publish(request: AuthenticatedHttpRequest, event: Event, number: int) -> HttpResponse:
    """Publish a round: public and locked (FIDE C.04.2 4.4)."""
    round_ = _round(event, number)
    return _attempt(
        request,
        event,
        lambda: round_services.round_publish(
            round_id=round_.pk, user=request.user, now=timezone.now()
        ),
        _("Round %(number)d published.") % {"number": number},
    )


@arbiter_required
@require_POST
@not_found_is_404
def result_enter(request: AuthenticatedHttpRequest, event: Event, game_id: int) -> HttpResponse:
    """Enter one board's result; HTMX gets the board's row back. Partial: result_row.html."""
    game = get_object_or_404(Game.objects.select_related("round"), pk=game_id, round__event=event)
    form = ResultForm(request.POST)
    error, status = "", 200
    confirm = False
    if form.is_valid():
        try:
            require_confirmation(game.round, request.POST)
            game = result_services.result_record(
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
            "shown": result_shown(game.result),
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
    context = {
        "event": event,
        "game": round_selectors.game_board(game_id=game.pk),
        "error": error,
        "editable": True,
    }
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
            result_services.result_record(
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
        lambda: round_services.draft_swap_players(
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
        lambda: round_services.draft_flip_colours(
            game_id=game.pk, user=request.user, now=timezone.now()
        ),
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
@require_POST
def round_correct(request: AuthenticatedHttpRequest, event: Event, number: int) -> HttpResponse:
    """Correct a published round that breaks an absolute criterion (FIDE C.04.2 4.4), recorded."""
    round_ = _round(event, number)
    players = _two_players(request, event)
    if players is None:
        messages.error(request, _("Give the pairing numbers of the two players to swap."))
        return _back(request, event)
    first, second = players
    return _attempt(
        request,
        event,
        lambda: round_services.round_correct(
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
    try:  # typed by pairing number (#36 item 4), beside the ids a confirmation posts
        typed = redraw.absent_by_numbers(round_=round_, text=request.POST.get("absent_numbers", ""))
    except TournamentError as exc:
        messages.error(request, str(exc))
        return _back(request, event)
    absent_ids = list(dict.fromkeys([*absent_ids, *typed]))
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
