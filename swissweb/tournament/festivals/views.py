"""The festival's public pages (#34 item 1): its sections with the round in play of each
and a search over all its players; the entrant's choice of section.

They answer GET and HEAD (``require_safe``), as every public page does.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from swissweb.tournament.core.not_found import not_found_is_404
from swissweb.tournament.core.rating_basis import pairing_rating
from swissweb.tournament.entries import services as entry_services
from swissweb.tournament.festivals import selectors
from swissweb.tournament.festivals.forms import ChooseSectionForm
from swissweb.tournament.festivals.rules import eligible
from swissweb.tournament.models import EntrySettings, Event


@require_safe
@not_found_is_404
def festival_detail(request: HttpRequest, festival: str) -> HttpResponse:
    """A public festival: its public sections, the round in view of each with links to
    its pages, and the search (``?q=``) over every player of those sections, each found
    linked to their section's page.  Template: ``festival.html``."""
    view = selectors.public_festival(slug=festival)
    query = request.GET.get("q", "")[:100].strip()
    found = selectors.festival_search(festival=view, query=query) if query else ()
    context = {"festival": view, "query": query, "found": found, "limit": selectors.SEARCH_LIMIT}
    return render(request, "tournament/festival.html", context)


@require_safe
@not_found_is_404
def festival_enter(request: HttpRequest, festival: str) -> HttpResponse:
    """The festival's entry: the entrant chooses a section; one that refuses them (its
    rules, closed, past its deadline) says why, else they go on to that section's own
    entry form, which takes the entry.  Template: ``festival_enter.html``."""
    view = selectors.public_festival(slug=festival)
    form = ChooseSectionForm(request.GET if "section" in request.GET else None)
    refusal = None
    status = 200
    if form.is_bound:
        if form.is_valid():
            refusal = _refusal(view, form)
            if refusal is None:
                return redirect("tournament:entry_form", slug=form.cleaned_data["section"])
        status = 422
    context = {"festival": view, "form": form, "refusal": refusal}
    response = render(request, "tournament/festival_enter.html", context, status=status)
    response["Cache-Control"] = "no-store"
    return response


def _refusal(view: selectors.FestivalView, form: ChooseSectionForm) -> str | None:
    """Why the chosen section does not take this entrant, or None."""
    data = form.cleaned_data
    slugs = {s.slug for s in view.sections}
    event = Event.objects.filter(slug=data["section"]).first()
    if event is None or event.slug not in slugs:
        return _("Choose one of the festival's sections.")
    settings = EntrySettings.objects.filter(event=event).first()
    closed = entry_services.refusal(settings, event, timezone.now())
    if closed is not None or settings is None:
        return closed
    listed = entry_services.listed_facts(
        fide_id=data.get("fide_id"),
        national_id=(data.get("national_id") or "").strip(),
        rate_of_play=event.rate_of_play,
    )
    listed = listed or entry_services.Listed()
    birth_year = data.get("birth_year") or listed.birth_year
    # The limits read the rating the section pairs on, as its entry form does.
    rating = pairing_rating(event.rating_basis, listed)
    return entry_services.ineligible(settings, rating) or eligible(
        event, rating=rating, birth_year=birth_year
    )
