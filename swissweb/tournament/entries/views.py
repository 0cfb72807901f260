"""The public entry form and an entrant's confirmation page (#34 item 2).

No account is needed.  Guarded as every anonymous request is (the per-client rate
limit, the body-size guard), and more: a stricter per-client limit on submitted entries
(``ENTRY_RATE_LIMIT`` per ``ANON_RATE_WINDOW``), a honeypot field, and the services'
refusals (closed, past the deadline, out of the rating limits, entered already).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from swissweb.ratelimit import seconds_to_wait, too_many
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.rating_basis import pairing_rating
from swissweb.tournament.entries import services
from swissweb.tournament.entries.forms import EntryForm
from swissweb.tournament.entries.mail import mail_entrant
from swissweb.tournament.models import Entry, EntrySettings, Event


def _private(response: HttpResponse) -> HttpResponse:
    response["Cache-Control"] = "no-store"
    response["X-Robots-Tag"] = "noindex"
    return response


def entry_urls(request: HttpRequest, entry: Entry) -> tuple[str, str | None]:
    """The entrant's confirmation page and, once a player, their own page, in full."""
    confirmation = request.build_absolute_uri(reverse("tournament:entry_done", args=[entry.code]))
    if entry.player is None:
        return confirmation, None
    own = reverse("tournament:player_page", args=[entry.player.access_code])
    return confirmation, request.build_absolute_uri(own)


@require_http_methods(["GET", "POST"])
def entry_form(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's entry form.  Template: ``entry_form.html``.

    "Look up" fills the form from the loaded rating lists by FIDE ID or national ID
    (nothing is taken); "Enter" takes the entry and leads to its confirmation page.
    """
    event = get_object_or_404(Event, slug=slug)
    entry_settings = EntrySettings.objects.filter(event=event).first()
    closed = services.refusal(entry_settings, event, timezone.now())
    asked = entry_settings.fields_asked if entry_settings is not None else []
    form = EntryForm(request.POST or None, asked=asked)
    listed = None
    status = 200
    if request.method == "POST" and closed is None and entry_settings is not None:
        if "lookup" in request.POST:
            form, listed = _looked_up(request, asked, event)
        else:
            limit = int(getattr(settings, "ENTRY_RATE_LIMIT", 20))
            retry = seconds_to_wait(request, bucket="entry", limit=limit) if limit > 0 else None
            if retry is not None:
                return too_many(_("Too many entries from your address: wait a minute."), retry)
            if form.is_robot():
                return _private(
                    HttpResponse(
                        _("This entry was not taken."), status=400, content_type="text/plain"
                    )
                )
            if form.is_valid():
                try:
                    entry = services.entry_submit(
                        event_id=event.pk, data=form.entry_data(), now=timezone.now()
                    )
                except TournamentError as exc:
                    form.add_error(None, str(exc))
                else:
                    confirmation, own = entry_urls(request, entry)
                    if mail_entrant(entry, confirmation_url=confirmation, player_url=own):
                        messages.success(request, _("We have sent you an e-mail with these links."))
                    return redirect("tournament:entry_done", code=entry.code)
            status = 422
    elif request.method == "POST":
        status = 422
    context = {
        "event": event,
        "form": form,
        "closed": closed,
        "entry_settings": entry_settings,
        "listed": listed,
        "listed_rating": pairing_rating(event.rating_basis, listed) if listed else 0,
        "full": closed is None
        and entry_settings is not None
        and services.is_full(entry_settings, event),
        "fees": list(event.fee_rows.all()),
    }
    return _private(render(request, "tournament/entry_form.html", context, status=status))


def _looked_up(
    request: HttpRequest, asked: list[str], event: Event
) -> tuple[EntryForm, services.Listed | None]:
    """The form again, filled from what the lists know of the IDs typed (the ratings of
    the event's rate of play)."""
    typed = EntryForm(request.POST, asked=asked)
    typed.is_valid()
    data = typed.cleaned_data
    listed = services.listed_facts(
        fide_id=data.get("fide_id"),
        national_id=(data.get("national_id") or "").strip(),
        rate_of_play=event.rate_of_play,
    )
    if listed is None:
        return typed, None
    values = {key: request.POST.get(key, "") for key in typed.fields}
    values.pop("website", None)
    filled = {
        "name": listed.names[0] if listed.names else "",
        "federation": listed.federation,
        "birth_year": str(listed.birth_year or ""),
        "sex": listed.sex,
    }
    for key, value in filled.items():
        if key in values and not values[key].strip() and value:
            values[key] = value
    return EntryForm(initial=values, asked=asked), listed


@require_GET
def entry_done(request: HttpRequest, code: str) -> HttpResponse:
    """An entrant's confirmation page: their entry's state and fee, and once accepted
    their own page's link.  The code is the key; an unknown one is 404.
    Template: ``entry_done.html``."""
    entry = Entry.objects.select_related("event", "player").filter(code=code).first()
    if entry is None:
        return _private(render(request, "tournament/entry_done.html", {"entry": None}, status=404))
    confirmation, own = entry_urls(request, entry)
    entry_settings = EntrySettings.objects.filter(event=entry.event).first()
    context = {
        "entry": entry,
        "event": entry.event,
        "confirmation": confirmation,
        "player_url": own,
        "currency": entry_settings.currency if entry_settings is not None else "",
    }
    return _private(render(request, "tournament/entry_done.html", context))
