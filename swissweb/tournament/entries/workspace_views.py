"""The arbiter's entries pages (#34 item 2): the list, the settings, the decisions, CSV.

Behind ``arbiter_required`` like every workspace page; each change is a POST to one
service (``entries.services``) and comes back to the list.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from swissweb.tournament.core.authorizers import (
    AuthenticatedHttpRequest,
    arbiter_required,
    is_arbiter,
)
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.params import positive_number
from swissweb.tournament.core.workspace_views import _page, _url, return_to
from swissweb.tournament.entries import selectors, services
from swissweb.tournament.entries.forms import EntrySettingsForm, FeeTableForm, PaidForm
from swissweb.tournament.entries.mail import mail_entrant
from swissweb.tournament.entries.views import entry_urls
from swissweb.tournament.festivals import selectors as festival_selectors
from swissweb.tournament.festivals.moves import entry_move, kept_rating_warning
from swissweb.tournament.models import (
    DEFAULT_FIELDS,
    CheckIn,
    Entry,
    EntrySettings,
    EntryState,
    Event,
)
from swissweb.tournament.players.check_in import next_round
from swissweb.tournament.standings.views import BOM

PAGE_SIZE = 100


@arbiter_required
@require_GET
def entries(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """The event's entries: search, filter by state, paid and checked in (for the round
    check-in is for), decide, mark paid.  Template: ``workspace/entries.html``."""
    query = request.GET.get("q", "")[:100]
    state = request.GET.get("state", "")
    paid = request.GET.get("paid", "")
    checked = request.GET.get("checked", "")
    number = next_round(event)
    found = selectors.entry_list(event=event, query=query, state=state, paid=paid,
                                 checked=checked, round_number=number)  # fmt: skip
    page = Paginator(found, PAGE_SIZE).get_page(request.GET.get("page"))
    here = set(
        CheckIn.objects.filter(
            round_number=number, player_id__in=[row.player_id for row in page.object_list]
        ).values_list("player_id", flat=True)
    )
    return _page(
        request,
        "entries.html",
        event,
        "entries",
        page=page,
        query=query,
        state=state,
        paid=paid,
        checked=checked,
        check_in_round=number,
        here=here,
        asked=urlencode({"q": query, "state": state, "paid": paid, "checked": checked}),
        states=EntryState.choices,
        methods=selectors.PAYMENT_METHODS,
        entry_settings=EntrySettings.objects.filter(event=event).first(),
        form_url=request.build_absolute_uri(_url("entry_form", event)),
        counts=selectors.state_counts(event=event),
        # A section of a festival, before round 1: the other sections to move to (#34).
        move_sections=festival_selectors.other_sections(event_id=event.pk)
        if event.festival_id is not None and not event.round_set.exists()
        else (),
    )


@arbiter_required
@require_http_methods(["GET", "POST"])
def entry_settings(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Open or close entries, the deadline, the maximum, the rating limits, the fields
    asked and the fee table.  Template: ``workspace/entry_settings.html``."""
    current = EntrySettings.objects.filter(event=event).first()
    if request.method == "POST":
        form = EntrySettingsForm(request.POST)
        fees = FeeTableForm(request.POST, prefix="fees")
        if form.is_valid() and fees.is_valid():
            values = form.cleaned_data
            settings = EntrySettings(
                open=values["open"],
                deadline=values["deadline"],
                maximum=values["maximum"],
                min_rating=values["min_rating"],
                max_rating=values["max_rating"],
                auto_accept=values["auto_accept"],
                fields_asked=list(values["fields_asked"]),
                currency=values["currency"].strip().upper(),
            )
            rows = [
                services.FeeRowData(
                    label=row["label"].strip(),
                    titles=row.get("titles") or "",
                    born_from=row.get("born_from"),
                    born_until=row.get("born_until"),
                    amount=row.get("amount") or Decimal(0),
                )
                for row in fees.cleaned_data
                if row and (row.get("label") or "").strip()
            ]
            try:
                services.entry_settings_set(
                    event_id=event.pk,
                    settings=settings,
                    fees=rows,
                    user=request.user,
                    now=timezone.now(),
                )
            except TournamentError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, _("Entry settings saved."))
                return redirect(_url("workspace_entries", event))
        status = 422
    else:
        initial: dict[str, Any] = {"fields_asked": DEFAULT_FIELDS, "currency": "EUR"}
        if current is not None:
            initial = {
                name: getattr(current, name)
                for name in (
                    "open",
                    "deadline",
                    "maximum",
                    "min_rating",
                    "max_rating",
                    "auto_accept",
                    "fields_asked",
                    "currency",
                )
            }
        form = EntrySettingsForm(initial=initial)
        fees = FeeTableForm(
            prefix="fees",
            initial=[
                {
                    "label": row.label,
                    "titles": row.titles,
                    "born_from": row.born_from,
                    "born_until": row.born_until,
                    "amount": row.amount,
                }
                for row in event.fee_rows.all()
            ],
        )
        status = 200
    return _page(
        request, "entry_settings.html", event, "entries", status=status, form=form, fees=fees
    )


@arbiter_required
@require_POST
def entry_decide(
    request: AuthenticatedHttpRequest, event: Event, entry_id: int, action: str
) -> HttpResponse:
    """Accept, refuse, mark paid, or move to another section (of which the user is an
    arbiter too) one entry (``action``), then back to the list."""
    entry = get_object_or_404(Entry, pk=entry_id, event=event)
    now = timezone.now()
    fallback = _url("workspace_entries", event)
    kept = None  # a move's warning that the FIDE rating is kept
    try:
        if action == "accept":
            entry = services.entry_accept(entry_id=entry.pk, user=request.user, now=now)
            confirmation, own = entry_urls(request, entry)
            mail_entrant(entry, confirmation_url=confirmation, player_url=own)
            done = _("%(name)s is registered as a player.") % {"name": entry.name}
        elif action == "refuse":
            reason = request.POST.get("reason", "")[:200]
            services.entry_refuse(entry_id=entry.pk, user=request.user, now=now, reason=reason)
            done = _("The entry of %(name)s is refused.") % {"name": entry.name}
        elif action == "paid":
            form = PaidForm(request.POST)
            if not form.is_valid():
                raise TournamentError(_("Give the amount paid as a number, and how it was paid."))
            services.entry_mark_paid(
                entry_id=entry.pk,
                amount=form.cleaned_data["amount"],
                method=form.cleaned_data["method"],
                user=request.user,
                now=now,
            )
            done = _("Payment of %(name)s recorded.") % {"name": entry.name}
        elif action == "move":
            target = _move_target(request)
            kept = kept_rating_warning(entry, event, target)
            entry_move(entry_id=entry.pk, target_id=target.pk, user=request.user, now=now)
            done = _("The entry of %(name)s moved to %(section)s.") % {
                "name": entry.name,
                "section": target.section_name or target.name,
            }
        else:
            raise TournamentError(_("Accept, refuse, mark paid or move: nothing else."))
    except TournamentError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, done)
        if kept is not None:
            messages.warning(request, kept)
    return return_to(request, event, fallback)


def _move_target(request: AuthenticatedHttpRequest) -> Event:
    """The section the form names, of which the user is an arbiter.

    :raises TournamentError: no such event, or the user is not its arbiter.
    """
    target_id = positive_number(request.POST.get("target"))
    target = Event.objects.filter(pk=target_id).first() if target_id is not None else None
    if target is None or not is_arbiter(request.user, target):
        raise TournamentError(_("Choose a section of this festival you are an arbiter of."))
    return target


@arbiter_required
@require_GET
def entries_csv(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """The entries as CSV, every field, filtered as the list is, with a BOM as every CSV
    of the app; never cached."""
    found = selectors.entry_list(
        event=event,
        query=request.GET.get("q", ""),
        state=request.GET.get("state", ""),
        paid=request.GET.get("paid", ""),
        checked=request.GET.get("checked", ""),
        round_number=next_round(event),
    )
    response = HttpResponse(
        BOM + selectors.entries_csv_text(found), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-entries.csv"'
    response["Cache-Control"] = "no-store"
    return response
