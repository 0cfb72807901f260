"""The festival forms (#34 item 1): a new festival, a new section, a section's rules,
the sections' names and order, and the entrant's choice of section."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from swissweb.tournament.core.forms import DATE_FIELD
from swissweb.tournament.core.limits import HIGHEST_FIDE_ID
from swissweb.tournament.core.params import positive_number
from swissweb.tournament.festivals.services import Rules
from swissweb.tournament.models import Event, PairingSystem


class EventChoices(forms.ModelMultipleChoiceField):  # type: ignore[type-arg]  # not generic at run time
    """Events chosen by id: a value that is no id (a number past any, which the
    database's integer would not hold) is refused before the query."""

    def clean(self, value: Any) -> Any:
        for item in value or ():
            if positive_number(str(item)) is None:
                raise ValidationError(
                    self.error_messages["invalid_choice"],
                    code="invalid_choice",
                    params={"value": str(item)[:20]},
                )
        return super().clean(value)


class FestivalForm(forms.Form):
    name = forms.CharField(max_length=200, label=_("Name"))
    slug = forms.SlugField(
        max_length=80, label=_("Slug"), help_text=_("The festival's address: /festivals/<slug>/.")
    )
    public = forms.BooleanField(required=False, label=_("Public"))
    start_date = forms.DateField(
        required=False, label=_("Start date"), widget=forms.DateInput(attrs={"type": "date"})
    )
    end_date = forms.DateField(
        required=False, label=_("End date"), widget=forms.DateInput(attrs={"type": "date"})
    )
    events = EventChoices(
        queryset=Event.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=_("Your events to make its sections"),
    )

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["events"]
        assert isinstance(field, forms.ModelMultipleChoiceField)
        field.queryset = Event.objects.filter(arbiters=user, festival__isnull=True).order_by("name")


class SectionAddForm(forms.Form):
    name = forms.CharField(max_length=60, label=_("Section name"))
    system = forms.ChoiceField(
        choices=PairingSystem.choices, initial=PairingSystem.DUTCH, label=_("Pairing system")
    )
    rounds = forms.IntegerField(min_value=1, max_value=99, initial=5, label=_("Rounds"))


class RulesForm(forms.Form):
    min_rating = forms.IntegerField(
        required=False, min_value=0, max_value=3500, label=_("Lowest rating")
    )
    max_rating = forms.IntegerField(
        required=False, min_value=0, max_value=3500, label=_("Highest rating")
    )
    min_birth_year = forms.IntegerField(
        required=False, min_value=1900, max_value=2100, label=_("Born in or after")
    )
    max_birth_year = forms.IntegerField(
        required=False, min_value=1900, max_value=2100, label=_("Born in or before")
    )
    closed = forms.BooleanField(required=False, label=_("Closed: no new players"))

    def rules(self) -> Rules:
        data = self.cleaned_data
        return Rules(
            min_rating=data.get("min_rating"),
            max_rating=data.get("max_rating"),
            min_birth_year=data.get("min_birth_year"),
            max_birth_year=data.get("max_birth_year"),
            closed=bool(data.get("closed")),
        )


class ChooseSectionForm(forms.Form):
    """The entrant's section, and what the rules are checked on: the IDs the lists know
    them by (the rating is the lists', never typed) and their birth year."""

    section = forms.SlugField(max_length=80, label=_("Section"))
    fide_id = forms.IntegerField(
        required=False, min_value=1, max_value=HIGHEST_FIDE_ID, label=_("FIDE ID")
    )
    national_id = forms.CharField(max_length=20, required=False, label=_("National ID"))
    birth_year = forms.IntegerField(
        required=False, min_value=1900, max_value=2100, label=_("Birth year")
    )


class FestivalEditForm(forms.Form):
    """The festival's own values on its edit page (its address stays)."""

    name = forms.CharField(max_length=200, label=_("Name"))
    public = forms.BooleanField(
        required=False,
        label=_("Public"),
        help_text=_("Its page lists the sections that are public themselves."),
    )
    # ISO dates (DATE_FIELD): a browser's date box shows no value in a local format.
    start_date = forms.DateField(required=False, label=_("Start date"), widget=DATE_FIELD)
    end_date = forms.DateField(required=False, label=_("End date"), widget=DATE_FIELD)
