"""Pages of the rating lists: load a list (staff), find a player in them (arbiters)."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods

from swissweb.ratings.formats import MAX_UNZIPPED_MB, ListError, read_fide_file
from swissweb.ratings.forms import ListUploadForm
from swissweb.ratings.loader import load_list
from swissweb.ratings.models import ListKind, RatingList
from swissweb.ratings.national import read_national_csv, unread_note
from swissweb.ratings.search import search
from swissweb.tournament.core.uploads import UploadRefused


@staff_member_required
@require_http_methods(["GET", "POST"])
def lists(request: HttpRequest) -> HttpResponse:
    """The loaded lists, and the form to load one (staff only: every event shares them).

    Template: ``ratings/lists.html``.  A file that does not read changes nothing; the
    message names the line or player and what is wrong.
    """
    form = ListUploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        kind = form.cleaned_data["kind"]
        detected = ""
        unread: list[tuple[int, str]] = []
        try:
            if kind == ListKind.FIDE:
                entries = read_fide_file(
                    upload.name,
                    upload.file,
                    max_unzipped_mb=getattr(settings, "MAX_LIST_UNZIPPED_MB", MAX_UNZIPPED_MB),
                )
                name = "FIDE"
            else:
                csv_file = form.csv_file()
                detected = csv_file.describe()
                entries = read_national_csv(
                    csv_file.text, form.mapping(), delimiter=csv_file.delimiter, unread=unread
                )
                name = form.cleaned_data["name"]
            loaded = load_list(name=name, kind=kind, source=upload.name, entries=entries,
                               user=request.user, now=timezone.now())  # type: ignore[arg-type]  # staff: a User  # fmt: skip
        except (ListError, UploadRefused) as exc:
            # Translators: file is the uploaded file's name, error what is wrong with it.
            message = _("%(file)s: %(error)s. Nothing was loaded.")
            form.add_error("file", message % {"file": upload.name, "error": exc})
            if detected:
                # Translators: file is the uploaded file's name, detected how it was read
                # ("read as UTF-8, columns separated by semicolons").
                note = _("%(file)s was %(detected)s.")
                form.add_error("file", note % {"file": upload.name, "detected": detected})
        else:
            # Translators: list is a rating list's name, such as FIDE or ECF.
            message = ngettext(
                "%(list)s: %(count)d player loaded.",
                "%(list)s: %(count)d players loaded.",
                loaded.players,
            )
            text = message % {"list": loaded.name, "count": loaded.players}
            if detected:
                # Translators: the message that players were loaded, then how the file was
                # read ("read as UTF-8, columns separated by semicolons").
                text = _("%(loaded)s The file was %(detected)s.") % {
                    "loaded": text,
                    "detected": detected,
                }
            messages.success(request, text)
            unread_ratings = unread_note(unread)
            if unread_ratings is not None:
                messages.warning(request, unread_ratings)
            return redirect("ratings:lists")
    status = 422 if form.errors else 200
    context = {"form": form, "lists": RatingList.objects.all()}
    return render(request, "ratings/lists.html", context, status=status)


@login_required
@require_GET
def lookup(request: HttpRequest) -> HttpResponse:
    """The players of the loaded lists matching ``q``, to register one of them.

    Template: ``ratings/partials/lookup.html`` (an HTMX fragment; without HTMX the same
    list on a page of its own)."""
    query = request.GET.get("q", "")[:100]
    found = search(query) if query.strip() else []
    return render(
        request,
        "ratings/partials/lookup.html",
        {"query": query, "found": found, "lists": RatingList.objects.exists()},
    )
