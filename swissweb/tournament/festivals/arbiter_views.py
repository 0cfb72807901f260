"""The festival's arbiter pages (#34 item 1): create a festival, its page (sections,
links to each workspace, add or attach a section, names and order, rules, arbiters), its
backup, and moving a player between sections.

Festival views check the user is an arbiter of the festival (``festival_arbiter``); a
section's rules and a move are changes to events and check the event's arbiters too.
"""

from __future__ import annotations

import functools
from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from swissweb.tournament.core.authorizers import (
    AuthenticatedHttpRequest,
    View,
    arbiter_required,
    is_arbiter,
)
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.core.params import positive_number
from swissweb.tournament.core.uploads import limit_mb
from swissweb.tournament.festivals import backup, restore, selectors, services
from swissweb.tournament.festivals.forms import FestivalForm, RulesForm, SectionAddForm
from swissweb.tournament.festivals.moves import kept_rating_warning
from swissweb.tournament.festivals.moves import player_move as move_service
from swissweb.tournament.models import Event, Festival, Player


def festival_arbiter(view: View) -> View:
    """Load the festival named by the ``festival`` URL argument; require its arbiter."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, festival: str, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        found = get_object_or_404(Festival, slug=festival)
        if not found.arbiters.filter(pk=request.user.pk).exists():
            raise PermissionDenied("Only this festival's arbiters may change it.")
        return view(request, found, *args, **kwargs)

    return wrapper


def _manage(festival: Festival) -> HttpResponse:
    return redirect("tournament:festival_manage", festival=festival.slug)


@login_required
@require_http_methods(["GET", "POST"])
def festival_create(request: AuthenticatedHttpRequest) -> HttpResponse:
    """A new festival, with some of the user's events as its first sections.
    Template: ``festival_form.html``."""
    form = FestivalForm(request.POST or None, user=request.user)
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            data = form.cleaned_data
            try:
                festival = services.festival_create(
                    name=data["name"], slug=data["slug"], public=data["public"],
                    start_date=data["start_date"], end_date=data["end_date"],
                    event_ids=[e.pk for e in data["events"]], user=request.user,
                    now=timezone.now(),
                )  # fmt: skip
            except TournamentError as exc:
                form.add_error(None, str(exc))
            else:
                return _manage(festival)
    return render(request, "tournament/festival_form.html", {"form": form}, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def festival_import(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Restore a festival from its backup (``restore.festival_restore``); the user
    becomes its arbiter.  Template: ``festival_import.html``."""
    error = ""
    if request.method == "POST":
        upload = request.FILES.get("backup")
        limit = int(limit_mb() * 1024 * 1024)
        if upload is None:
            error = _("Choose a festival's backup (a ZIP file).")
        elif (upload.size or 0) > limit:
            error = _("The file is larger than %(limit)s MB.") % {"limit": f"{limit_mb():g}"}
        else:
            try:
                festival = restore.festival_restore(
                    data=upload.read(limit + 1), user=request.user, now=timezone.now()
                )
            except TournamentError as exc:
                error = str(exc)
            else:
                messages.success(request, _("%(name)s restored.") % {"name": festival.name})
                return _manage(festival)
    status = 422 if error else 200
    return render(request, "tournament/festival_import.html", {"error": error}, status=status)


@festival_arbiter
@require_GET
def festival_manage(request: AuthenticatedHttpRequest, festival: Festival) -> HttpResponse:
    """The festival's arbiter page.  Template: ``festival_manage.html``."""
    view = selectors.arbiter_festival(festival_id=festival.pk)
    free = Event.objects.filter(arbiters=request.user, festival__isnull=True).order_by("name")
    rules = {
        s.pk: RulesForm(
            initial={
                "min_rating": s.min_rating, "max_rating": s.max_rating,
                "min_birth_year": s.min_birth_year, "max_birth_year": s.max_birth_year,
                "closed": s.closed,
            },
            prefix=f"s{s.pk}",
        )
        for s in view.sections
    }  # fmt: skip
    context = {
        "festival": view,
        "sections": [(s, rules[s.pk]) for s in view.sections],
        "add_form": SectionAddForm(),
        "free_events": [(e.pk, e.name) for e in free],
        "arbiters": list(festival.arbiters.order_by("username").values_list("username", flat=True)),
    }
    return render(request, "tournament/festival_manage.html", context)


def _attempt(request: HttpRequest, festival: Festival, action: Any, done: str) -> HttpResponse:
    try:
        action()
    except TournamentError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, done)
    return _manage(festival)


@festival_arbiter
@require_POST
def section_add(request: AuthenticatedHttpRequest, festival: Festival) -> HttpResponse:
    form = SectionAddForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("A section needs a name, a pairing system and its rounds."))
        return _manage(festival)
    data = form.cleaned_data
    return _attempt(
        request,
        festival,
        lambda: services.section_add(
            festival_id=festival.pk,
            name=data["name"],
            system=data["system"],
            rounds=data["rounds"],
            user=request.user,
            now=timezone.now(),
        ),  # fmt: skip
        _("Section %(name)s added.") % {"name": data["name"]},
    )


@festival_arbiter
@require_POST
def section_attach(request: AuthenticatedHttpRequest, festival: Festival) -> HttpResponse:
    event_id = positive_number(request.POST.get("event"))
    if event_id is None or not Event.objects.filter(pk=event_id).exists():
        messages.error(request, _("Choose one of your events."))
        return _manage(festival)
    return _attempt(
        request,
        festival,
        lambda: services.section_attach(
            festival_id=festival.pk, event_id=event_id, user=request.user, now=timezone.now()
        ),
        _("The event is a section of the festival now."),
    )


@festival_arbiter
@require_POST
def sections_arrange(request: AuthenticatedHttpRequest, festival: Festival) -> HttpResponse:
    """Names and places of the sections: ``name-<id>`` and ``order-<id>`` fields."""
    ids = list(festival.sections.values_list("pk", flat=True))
    places: dict[int, int] = {}
    for pk in ids:
        place = positive_number(request.POST.get(f"order-{pk}"))
        if place is None:
            messages.error(request, _("Give every section of the festival its place, once."))
            return _manage(festival)
        places[pk] = place
    names = {pk: request.POST.get(f"name-{pk}", "")[:60] for pk in ids}
    order = sorted(ids, key=lambda pk: (places[pk], pk))
    return _attempt(
        request,
        festival,
        lambda: services.sections_arrange(
            festival_id=festival.pk,
            names=names,
            order=order,
            user=request.user,
            now=timezone.now(),
        ),  # fmt: skip
        _("Sections saved."),
    )


@festival_arbiter
@require_POST
def section_rules(
    request: AuthenticatedHttpRequest, festival: Festival, event_id: int
) -> HttpResponse:
    event = get_object_or_404(Event, pk=event_id, festival=festival)
    if not is_arbiter(request.user, event):
        raise PermissionDenied("Only this event's arbiters may change it.")
    form = RulesForm(request.POST, prefix=f"s{event.pk}")
    if not form.is_valid():
        messages.error(request, _("The rules hold a value out of range: nothing was changed."))
        return _manage(festival)
    return _attempt(
        request,
        festival,
        lambda: services.section_rules_set(
            event_id=event.pk, rules=form.rules(), user=request.user, now=timezone.now()
        ),
        _("Rules of %(section)s saved.") % {"section": event.section_name or event.name},
    )


@festival_arbiter
@require_POST
def festival_arbiter_add(request: AuthenticatedHttpRequest, festival: Festival) -> HttpResponse:
    name = request.POST.get("username", "").strip()[:150]
    arbiter = get_user_model().objects.filter(username=name).first()
    if arbiter is None:
        messages.error(request, _("No user has this name."))
        return _manage(festival)
    return _attempt(
        request,
        festival,
        lambda: services.festival_arbiter_add(
            festival_id=festival.pk, arbiter=arbiter, user=request.user, now=timezone.now()
        ),
        _("%(name)s is an arbiter of the festival and of each section.") % {"name": name},
    )


@festival_arbiter
@require_GET
def festival_backup(request: AuthenticatedHttpRequest, festival: Festival) -> HttpResponse:
    """The festival's backup: one ZIP file holding each section's TRF backup."""
    response = HttpResponse(backup.festival_zip(festival), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="{festival.slug}-backup.zip"'
    return response


@arbiter_required
@require_POST
def player_move(request: AuthenticatedHttpRequest, event: Event, player_id: int) -> HttpResponse:
    """Move a player of ``event`` to another section of its festival (the arbiter's
    player page); the user must be an arbiter of both sections."""
    player = get_object_or_404(Player, pk=player_id, event=event)
    target_id = positive_number(request.POST.get("target"))
    target = Event.objects.filter(pk=target_id).first() if target_id is not None else None
    back = redirect("tournament:workspace_player", slug=event.slug, player_id=player.pk)
    if target is None or not is_arbiter(request.user, target):
        messages.error(request, _("Choose a section of this festival you are an arbiter of."))
        return back
    kept = kept_rating_warning(player, event, target)
    try:
        move_service(
            player_id=player.pk, target_id=target.pk, user=request.user, now=timezone.now()
        )
    except TournamentError as exc:
        messages.error(request, str(exc))
        return back
    messages.success(
        request,
        _("%(name)s moved to %(section)s.")
        % {"name": player.name, "section": target.section_name or target.name},
    )
    if kept is not None:
        messages.warning(request, kept)
    return redirect("tournament:workspace_player", slug=target.slug, player_id=player.pk)
