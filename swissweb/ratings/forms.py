"""The form that loads a rating list."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.utils.translation import gettext, gettext_lazy

from swissweb.ratings.models import ListKind
from swissweb.ratings.national import MAPPED, Detected, detect
from swissweb.tournament.core.uploads import UploadRefused

# Translators: labels of the fields where staff type the names of a national list's CSV
# columns.
LABELS = {
    "player_id": gettext_lazy("ID column"),
    "name": gettext_lazy("Name column"),
    "standard": gettext_lazy("Standard rating column"),
    "rapid": gettext_lazy("Rapid rating column"),
    "blitz": gettext_lazy("Blitz rating column"),
    "federation": gettext_lazy("Federation column"),
    "fide_id": gettext_lazy("FIDE ID column"),
    "club": gettext_lazy("Club column"),
    "title": gettext_lazy("Title column"),
    "sex": gettext_lazy("Sex column"),
    "birth_year": gettext_lazy("Birth year column"),
}


class ListUploadForm(forms.Form):
    """FIDE's download as it comes (TXT or XML, zipped or not), or a national CSV with
    the column of each field named as in its header line."""

    kind = forms.ChoiceField(
        choices=ListKind.choices, initial=ListKind.FIDE, label=gettext_lazy("List")
    )
    file = forms.FileField(
        label=gettext_lazy("File"),
        help_text=gettext_lazy(
            "FIDE: players_list_foa.txt or players_list_xml_foa.xml, zipped or "
            "not. National: a CSV file with a header line, its columns separated by "
            "commas, semicolons or tabs, in UTF-8, Windows-1252 or Latin-1 (both are "
            "recognised)."
        ),
    )
    name = forms.CharField(
        max_length=40,
        required=False,
        label=gettext_lazy("National list's name"),
        help_text=gettext_lazy("E.g. ECF."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for field in MAPPED:
            self.fields[f"column_{field}"] = forms.CharField(
                max_length=100, required=False, label=LABELS[field]
            )
        self.fields["column_player_id"].help_text = gettext_lazy(
            "Several columns joined by +, such as ZPS+Mgl-Nr (a club's number and the "
            "member's): their values make the ID, joined by a hyphen."
        )
        self.fields["column_name"].help_text = gettext_lazy(
            'Two columns joined by +, such as Surname+Forename, make the name "Surname, Forename".'
        )

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        upload = cleaned.get("file")
        limit = getattr(settings, "MAX_LIST_UPLOAD_MB", 400)
        if upload is not None and upload.size > limit * 1024 * 1024:
            self.add_error(
                "file", gettext("Lists up to %(limit)s MB are accepted.") % {"limit": limit}
            )
        if cleaned.get("kind") == ListKind.NATIONAL:
            if not cleaned.get("name"):
                self.add_error("name", gettext("Name the national list (ECF, for example)."))
            elif str(cleaned["name"]).strip().casefold() == "fide":
                # A list replaces the one of its name: FIDE's would be lost.
                self.add_error(
                    "name", gettext("FIDE is the name of FIDE's list: name it otherwise.")
                )
            for field in ("player_id", "name"):
                if not cleaned.get(f"column_{field}"):
                    self.add_error(f"column_{field}", gettext("A national list needs this column."))
        return cleaned

    def mapping(self) -> dict[str, str]:
        """Our fields and the CSV columns they are read from."""
        return {
            f: self.cleaned_data[f"column_{f}"] for f in MAPPED if self.cleaned_data[f"column_{f}"]
        }

    def csv_file(self) -> Detected:
        """The uploaded CSV as text, with the encoding and delimiter found.

        :raises formats.ListError: it is not text.
        """
        data: bytes = self.cleaned_data["file"].read()
        return detect(data)


__all__ = ["ListUploadForm", "UploadRefused"]
