"""The forms of online entries (#34 item 2): the public entry form and the arbiter's."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from swissweb.tournament.core.limits import HIGHEST_FIDE_ID
from swissweb.tournament.entries.services import EntryData
from swissweb.tournament.models import EntryField, FeeTitles, PaymentMethod, Sex

HONEYPOT = "website"
"""The field people never see and robots fill: an entry with it filled is not taken."""


class EntryForm(forms.Form):
    """An entrant's own details; the rating and the title come from the lists only."""

    name = forms.CharField(max_length=100, label=_("Name"), help_text=_("Last name, first name."))
    fide_id = forms.IntegerField(
        required=False, min_value=1, max_value=HIGHEST_FIDE_ID, label=_("FIDE ID")
    )
    national_id = forms.CharField(max_length=20, required=False, label=_("National ID"))
    federation = forms.CharField(max_length=3, required=False, label=_("Federation"))
    club = forms.CharField(max_length=100, required=False, label=_("Club"))
    birth_year = forms.IntegerField(
        required=False, min_value=1900, max_value=2100, label=_("Birth year")
    )
    sex = forms.ChoiceField(choices=Sex.choices, required=False, label=_("Sex"))
    email = forms.EmailField(max_length=254, required=False, label=_("E-mail"))
    notes = forms.CharField(
        max_length=500, required=False, widget=forms.Textarea(attrs={"rows": 3}), label=_("Notes")
    )
    website = forms.CharField(
        required=False,
        label=_("Leave this field empty"),
        widget=forms.TextInput(attrs={"autocomplete": "off", "tabindex": "-1"}),
    )

    def __init__(self, *args: Any, asked: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in EntryField.values:
            if name not in asked:
                del self.fields[name]

    def is_robot(self) -> bool:
        """Whether the honeypot field was filled (people never see it)."""
        return bool(self.data.get(HONEYPOT, "").strip())

    def entry_data(self) -> EntryData:
        data = self.cleaned_data
        return EntryData(
            name=data["name"].strip(),
            fide_id=data.get("fide_id"),
            national_id=data.get("national_id", "").strip(),
            federation=data.get("federation", "").strip(),
            club=data.get("club", "").strip(),
            birth_year=data.get("birth_year"),
            sex=data.get("sex", ""),
            email=data.get("email", ""),
            notes=data.get("notes", ""),
        )


class EntrySettingsForm(forms.Form):
    """The organiser's entry settings; the fee table is ``FeeTableForm`` rows beside it."""

    open = forms.BooleanField(required=False, label=_("Entries open"))
    deadline = forms.DateTimeField(
        required=False,
        label=_("Entry deadline"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
    )
    maximum = forms.IntegerField(
        required=False, min_value=1, max_value=9999, label=_("Maximum entries")
    )
    min_rating = forms.IntegerField(
        required=False, min_value=0, max_value=3500, label=_("Lowest rating admitted")
    )
    max_rating = forms.IntegerField(
        required=False, min_value=0, max_value=3500, label=_("Highest rating admitted")
    )
    auto_accept = forms.BooleanField(required=False, label=_("Accept entries at once"))
    currency = forms.CharField(
        max_length=3,
        required=False,
        label=_("Currency"),
        help_text=_("As the fees are written: EUR, GBP, USD."),
    )
    fields_asked = forms.MultipleChoiceField(
        choices=EntryField.choices,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=_("Fields asked"),
    )


class FeeRowForm(forms.Form):
    """One row of the fee table; a row without a label is left out."""

    label = forms.CharField(max_length=60, required=False, label=_("Label"))
    titles = forms.ChoiceField(choices=FeeTitles.choices, required=False, label=_("Titles"))
    born_from = forms.IntegerField(
        required=False, min_value=1900, max_value=2100, label=_("Born in or after")
    )
    born_until = forms.IntegerField(
        required=False, min_value=1900, max_value=2100, label=_("Born in or before")
    )
    amount = forms.DecimalField(
        required=False, min_value=0, max_digits=8, decimal_places=2, label=_("Amount")
    )


FeeTableForm = forms.formset_factory(FeeRowForm, extra=3, max_num=20, absolute_max=20)


class PaidForm(forms.Form):
    """What an entrant paid and how; an empty amount clears the mark."""

    amount = forms.DecimalField(
        required=False, min_value=0, max_digits=8, decimal_places=2, label=_("Amount paid")
    )
    method = forms.ChoiceField(choices=PaymentMethod.choices, required=False, label=_("Paid by"))
