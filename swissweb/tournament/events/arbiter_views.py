"""The arbiter's event views: create, import, edit, manage, add an arbiter, start.

Every one that changes anything is behind ``arbiter_required``; each parses input with a
form, calls one service and redirects back (a refusal changes nothing).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from swissweb.tournament.core import fide_ratings
from swissweb.tournament.core.arbiter_views import _attempt, _back, _manage
from swissweb.tournament.core.authorizers import AuthenticatedHttpRequest, arbiter_required
from swissweb.tournament.core.errors import ConfirmationNeeded, TournamentError
from swissweb.tournament.core.uploads import upload_text
from swissweb.tournament.events import services as event_services
from swissweb.tournament.events.forms import EventForm, EventSettingsForm
from swissweb.tournament.models import Event, PairingSystem
from swissweb.tournament.publishing.backup_plans import SystemNotNamed
from swissweb.tournament.publishing.import_messages import show_import_messages
from swissweb.tournament.rounds.engine_door import SYSTEMS, rules_for

IMPLEMENTED = frozenset(system.value for system in SYSTEMS)
"""The pairing systems an imported file may say it was paired by."""


@login_required
@require_http_methods(["GET", "POST"])
def event_create(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Create an event; the creator becomes its arbiter. Template: event_form.html."""
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        event = event_services.event_create(
            user=request.user, now=timezone.now(), **form.event_fields()
        )
        return _manage(event)
    return render(request, "tournament/event_form.html", {"form": form}, status=200)


@login_required
@require_http_methods(["GET", "POST"])
def event_import(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Create a whole event from a TRF backup; the uploader becomes its arbiter.

    Template: event_import.html (the upload form, and the refusal with line and column).
    A file of another program that names no pairing system first asks which system
    paired it (#36 item 3): the page keeps the file's text in the form (``trf_text``)
    and offers the systems, today's FIDE Dutch first for a rated event.  A text too
    large for a form field (``_keeps_text``) is not kept: the question asks for the
    same file again beside the system, so the answer is never refused for its size.
    """
    error, question, text = "", None, ""
    if request.method == "POST":
        upload = request.FILES.get("trf")
        kept = request.POST.get("trf_text", "")
        if upload is None and not kept:
            error = _("Choose a TRF file.")
        else:
            try:
                text = upload_text(upload, what="TRF file") if upload is not None else kept
                event = event_services.event_import_trf(
                    text=text,
                    user=request.user,
                    now=timezone.now(),
                    system=request.POST.get("system") or None,
                    ask_system=True,
                )
            except SystemNotNamed as exc:
                question = exc.proposed
            except TournamentError as exc:
                error = str(exc)
            else:
                # Translators: the name of the imported event.
                messages.success(request, _("%(event)s imported.") % {"event": event.name})
                show_import_messages(request, event)
                return _manage(event)
    status = 422 if error else 200
    context = {
        "error": error,
        "asking": question is not None,
        "proposed": question or "",
        "systems": [(s.value, s.label) for s in PairingSystem if s.value in IMPLEMENTED],
        "trf_text": text if question is not None and _keeps_text(text) else "",
        "choose_again": question is not None and not _keeps_text(text),
    }
    return render(request, "tournament/event_import.html", context, status=status)


def _keeps_text(text: str) -> bool:
    """Whether a file's text can go back in the question's form: the whole answer must
    stay under Django's cap on form data (``DATA_UPLOAD_MAX_MEMORY_SIZE``, 2.5 MB by
    default) as the browser sends it back in a multipart form, every line break as
    CR LF, which a 5 MB upload would not; 64 KB are left for the other fields."""
    cap = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return cap is None or len(text.encode()) + text.count("\n") + 65536 <= cap


@arbiter_required
@require_http_methods(["GET", "POST"])
def event_edit(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Edit the event's settings through ``event_services.event_settings_update`` (#20).

    Template: event_form.html; a change that alters rounds already paired first shows
    event_settings_confirm.html, which posts the same form again with ``confirm``.
    """

    form = EventSettingsForm(
        request.POST or None,
        instance=Event.objects.get(pk=event.pk),  # the form's checks change its instance
        paired=event.round_set.exists(),
    )
    context = {"form": form, "event": event}
    if request.method != "POST" or not form.is_valid() or "back" in request.POST:
        return render(request, "tournament/event_form.html", context)
    try:
        saved, switch = event_services.event_settings_change(
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
    if saved.started_at is not None and saved.rating_basis != event.rating_basis:
        messages.warning(
            request,
            _(
                "The pairing numbers were given by the old choice of rating: start the "
                "event again to number the players by the new one."
            ),
        )
    if switch is not None:
        _rate_switched(request, saved, switch)
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


SHOWN_SWITCHES = 20
"""The players a rate-of-play message names at most; the audit log names them all."""


def _rate_switched(
    request: AuthenticatedHttpRequest, event: Event, switch: fide_ratings.RateSwitch
) -> None:
    """Say what a new rate of play did to the players' FIDE ratings (#35 item 1)."""
    words = {"rate": event.get_rate_of_play_display()}
    if switch.switched:
        count = len(switch.switched)
        shown = "; ".join(switch.switched[:SHOWN_SWITCHES])
        if count > SHOWN_SWITCHES:
            shown += " …"
        text = ngettext(
            "The rate of play is now %(rate)s: %(count)d player's FIDE rating switched "
            "to their rating of that rate (%(changes)s).",
            "The rate of play is now %(rate)s: %(count)d players' FIDE ratings switched "
            "to their ratings of that rate (%(changes)s).",
            count,
        )
        messages.info(request, text % {**words, "count": count, "changes": shown})
    if switch.kept:
        count = len(switch.kept)
        text = ngettext(
            "%(count)d player has no known FIDE rating of the rate %(rate)s and keeps the "
            "rating read before: %(names)s. Refresh it from a rating list or type it in.",
            "%(count)d players have no known FIDE rating of the rate %(rate)s and keep the "
            "ratings read before: %(names)s. Refresh them from a rating list or type them in.",
            count,
        )
        names = ", ".join(switch.kept[:SHOWN_SWITCHES]) + (" …" if count > SHOWN_SWITCHES else "")
        messages.warning(request, text % {**words, "count": count, "names": names})


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
        lambda: event_services.event_add_arbiter(
            event_id=event.pk, arbiter=arbiter, user=request.user, now=timezone.now()
        ),
        _("%(username)s is now an arbiter of this event.") % {"username": username},
    )


@arbiter_required
@require_POST
def event_start(request: AuthenticatedHttpRequest, event: Event) -> HttpResponse:
    """Assign pairing numbers (the order of FIDE C.04.2 Article 2)."""
    return _attempt(
        request,
        event,
        lambda: event_services.event_start(
            event_id=event.pk, user=request.user, now=timezone.now()
        ),
        _("Pairing numbers assigned."),
    )
