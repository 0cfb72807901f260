"""The event's forms: a new event and its settings; services do the writing."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import TYPE_CHECKING, Any, cast

from django import forms
from django.db import models
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from swissweb.tournament.core.forms import DATE_FIELD
from swissweb.tournament.events import event_settings, report_fields, slugs
from swissweb.tournament.events.event_settings import POINT_FIELDS
from swissweb.tournament.events.rule_names import MODIFIER_NAMES, RULE_TEXTS, TIEBREAK_NAMES
from swissweb.tournament.models import (
    Event,
    PairingSystem,
    PrizeSharing,
    RateOfPlay,
    RatingBasis,
    TeamScoring,
)
from swissweb.tournament.models.system_options import with_flags
from swissweb.tournament.rounds.engine_door import (
    MODIFIERS,
    SYSTEMS,
    Flag,
    TieBreakCodeError,
    parse_tiebreaks,
    rules_for,
)
from swissweb.tournament.standings.prize_table import validate_groups

if TYPE_CHECKING:
    # The stubs make ModelForm generic in its model; Django's class takes no subscript.
    _EventModelForm = forms.ModelForm[Event]
else:
    _EventModelForm = forms.ModelForm


def available_systems() -> list[tuple[str, str]]:
    """The pairing systems whose engines are installed, for the event form: each with the
    rule text it implements, and "not for FIDE-rated events" unless FIDE-rated events
    are paired by it."""
    implemented = {system.value for system in SYSTEMS}
    return [
        (value, system_choice_label(value, str(label)))
        for value, label in PairingSystem.choices
        if value in implemented
    ]


def system_choice_label(value: str, label: str) -> str:
    """``FIDE Lim (FIDE Handbook C.04.2 ...): not for FIDE-rated events``."""
    rules = rules_for(value)
    # Translators: a pairing system and, in brackets, the rule text it implements.
    text = _("%(system)s (%(rules)s)") % {"system": label, "rules": RULE_TEXTS[value]}
    if rules.fide_rated:
        return text
    return _("%(system)s: not for FIDE-rated events") % {"system": text}


def option_field(flag: Flag) -> forms.Field:
    """The form field of a system option's flag, labelled in the reader's language (the
    engine's English label and help text are the message ids, ``option_msgids``)."""
    label = capfirst(_(flag.label))
    if flag.kind == "bool":
        return forms.BooleanField(required=False, label=label, help_text=_(flag.help))
    # Left empty (a system the event does not use, say): the option's default.
    return forms.IntegerField(
        required=False,
        label=label,
        help_text=_(flag.help),
        min_value=flag.minimum,
        max_value=flag.maximum,
    )


class EventForm(_EventModelForm):
    """Create or edit an event; point values are typed in points (½ steps)."""

    class Meta:
        model = Event
        fields = [
            "name",
            "slug",
            "system",
            "rounds",
            "tiebreaks",
            "tiebreak_rules",
            "unrated_rating",
            "rate_of_play",
            "rating_basis",
            "acceleration",
            "initial_colour",
            "start_date",
            "end_date",
            "venue",
            *event_settings.REPORT_FIELDS,
            "team_size",
            "team_scoring",
            "prize_table",
            "prize_sharing",
            *event_settings.BYE_POLICY_FIELDS,
            "public",
        ]
        widgets = {
            "start_date": DATE_FIELD,
            "end_date": DATE_FIELD,
            "deputy_arbiters": forms.Textarea(attrs={"rows": 2}),
            "prize_table": forms.Textarea(attrs={"rows": 4}),
        }

    def clean_rate_of_play(self) -> str:
        """Left out: the event's own (standard for a new one)."""
        return str(
            self.cleaned_data.get("rate_of_play")
            or self.instance.rate_of_play
            or RateOfPlay.STANDARD
        )

    def clean_rating_basis(self) -> str:
        """Left out: the event's own (the FIDE rating for a new one)."""
        return str(
            self.cleaned_data.get("rating_basis") or self.instance.rating_basis or RatingBasis.FIDE
        )

    def clean_prize_table(self) -> str:
        """The table as typed: each group admits someone (``validate_groups``)."""
        text = str(self.cleaned_data.get("prize_table") or "")
        validate_groups(text)
        return text

    @property
    def option_names(self) -> tuple[str, ...]:
        """The system options, shown apart in the form: ``acceleration`` and each
        system's own, as the systems declare them (``event_settings.option_flags``)."""
        return event_settings.option_field_names()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["round_dates"] = forms.CharField(
            required=False,
            label=_("Round dates"),
            help_text=_(
                "One date per round, YYYY-MM-DD, separated by commas; - for a round "
                "without one (rating report 132). A round paired without a date is reported "
                "on the day it was paired."
            ),
        )
        # Left out of a form (one of before #35), the defaults: standard, FIDE rating.
        self.fields["rate_of_play"].required = False
        self.fields["rating_basis"].required = False
        # Team standings are optional: left out of a form, none.
        self.fields["team_size"].required = False
        self.fields["team_scoring"].required = False
        self.fields["prize_sharing"].required = False
        # No bye policy unless the arbiter sets one (#36 item 7).
        self.fields["bye_last_rounds"].required = False
        # The model's list, shown as the text the field reads back.
        self.initial["round_dates"] = report_fields.round_dates_text(
            self.instance.round_dates or []
        )
        self.fields["system"] = forms.ChoiceField(
            choices=available_systems(), label=_("Pairing system"), initial=self.instance.system
        )
        for name, label in POINT_FIELDS.items():
            initial = getattr(self.instance, name) if self.instance.pk else None
            # POINT_FIELDS name columns of Event, never relations.
            default = cast("models.Field[Any, Any]", Event._meta.get_field(name)).default
            half_points = initial if initial is not None else default
            self.fields[name] = forms.DecimalField(
                label=label,
                min_value=0,
                max_value=10,
                decimal_places=1,
                initial=Decimal(half_points) / 2,
            )
        flags = self.instance.option_flags()
        for word, flag in event_settings.option_flags().items():
            self.fields[word] = option_field(flag)
            self.initial.setdefault(word, flags[word])
        self._system_defaults()

    def _system_defaults(self) -> None:
        """Per-system defaults of a new event (#20): the slug made from the name when
        left empty, the tie-breaks of the chosen system, each option marked with the
        systems that read it (``event_form.js`` hides the others)."""
        defaults = {value: event_settings.default_tiebreaks(value) for value, __ in self.systems}
        tiebreaks = self.fields["tiebreaks"]
        tiebreaks.label = _("Tie-breaks")
        tiebreaks.widget.attrs["data-system-defaults"] = json.dumps(defaults)
        self.fields["system"].widget.attrs["data-accelerating"] = " ".join(
            value for value, __ in self.systems if rules_for(value).accelerates_by_default
        )
        if self.instance.pk is not None:
            return
        slug = self.fields["slug"]
        slug.required = False
        slug.help_text = _("The event's address: /events/<slug>/. Left empty: made from the name.")
        tiebreaks.required = False
        names = dict(PairingSystem.choices)
        listed = "; ".join(f"{names[value]}: {defaults[value]}" for value, __ in self.systems)
        # Translators: %(listed)s lists each pairing system with its tie-break codes.
        left_empty = _("Left empty: the chosen system's own (%(listed)s).") % {"listed": listed}
        tiebreaks.help_text = f"{tiebreaks.help_text} {left_empty}"
        # Instead of the model's default (the 1992 Dutch rules' F10), the first system's own.
        system = str(self.initial.get("system") or self.instance.system)
        self.initial["tiebreaks"] = defaults.get(system, self.instance.tiebreaks)

    @property
    def tiebreak_catalogue(self) -> list[tuple[str, str, str]]:
        """Every tie-break an event can choose: code, name with its rule, and the kinds
        of modifier it takes (``tiebreak_picker.html``)."""
        return [
            (code.value, str(name), MODIFIERS.get(code, ""))
            for code, name in TIEBREAK_NAMES.items()
        ]

    @property
    def tiebreak_modifiers(self) -> list[tuple[str, str]]:
        """The modifiers the picker offers, with their meaning."""
        return [(code, str(name)) for code, name in MODIFIER_NAMES.items()]

    @property
    def systems(self) -> list[tuple[str, str]]:
        """The systems offered, as (value, label)."""
        return available_systems()

    def option_rows(self) -> list[tuple[forms.BoundField, str, str]]:
        """Each option shown: its field, the systems that read it (values, for
        ``event_form.js``) and, on the new-event form, their names (for a page without
        JavaScript, which shows every option)."""
        readers = event_settings.option_systems()
        names = dict(PairingSystem.choices)
        labels = {value: str(names[value]) for value, __ in self.systems}
        rows = []
        for name in self.option_names:
            if name not in self.fields:
                continue
            systems = [str(system.value) for system in readers[name] if system in labels]
            note = ""
            if self.instance.pk is None:
                note = (
                    _("every system")
                    if len(systems) == len(labels)
                    else ", ".join(str(labels[value]) for value in systems)
                )
            rows.append((self[name], " ".join(systems), note))
        return rows

    def clean_slug(self) -> str:
        """An empty slug of a new event is made from its name; slugs that would shadow a
        page or lead to another event are refused."""
        slug: str = self.cleaned_data.get("slug") or ""
        if not slug:
            name = self.cleaned_data.get("name") or ""
            return slugs.unique_slug(name) if name else slug
        refusal = slugs.slug_refusal(slug, event_id=self.instance.pk)
        if refusal is not None:
            raise forms.ValidationError(refusal.removeprefix("Slug: "))
        return slug

    def clean_round_dates(self) -> list[str | None]:
        dates = report_fields.parse_round_dates(self.cleaned_data.get("round_dates") or "")
        rounds = self.cleaned_data.get("rounds") or self.instance.rounds
        if rounds and len(dates) > rounds:
            raise forms.ValidationError(
                _("%(dates)d dates for %(rounds)d rounds: give one date per round.")
                % {"dates": len(dates), "rounds": rounds}
            )
        return dates

    def clean_team_size(self) -> int:
        return int(self.cleaned_data.get("team_size") or 0)

    def clean_bye_last_rounds(self) -> int:
        return int(self.cleaned_data.get("bye_last_rounds") or 0)

    def clean_prize_sharing(self) -> str:
        return str(self.cleaned_data.get("prize_sharing") or PrizeSharing.SPLIT)

    def clean_team_scoring(self) -> str:
        return str(self.cleaned_data.get("team_scoring") or TeamScoring.TOTAL)

    def clean_tiebreaks(self) -> str:
        try:
            codes = parse_tiebreaks(self.cleaned_data["tiebreaks"])
        except TieBreakCodeError as exc:
            raise forms.ValidationError(tiebreak_error(exc)) from exc
        return ",".join(code.value for code in codes)

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data  # what ModelForm.clean returns
        for name in POINT_FIELDS:
            value = cleaned.get(name)
            if value is not None:
                if (value * 2) % 1:
                    self.add_error(name, _("Points go in steps of ½."))
                else:
                    cleaned[name] = int(value * 2)
        if self.instance.pk is None and cleaned.get("tiebreaks") == "" and cleaned.get("system"):
            cleaned["tiebreaks"] = event_settings.default_tiebreaks(cleaned["system"])
        return cleaned

    def save(self, commit: bool = True) -> Event:
        for name in POINT_FIELDS:
            setattr(self.instance, name, self.cleaned_data[name])
        self.instance.set_option_flags(self._option_values())
        return super().save(commit=commit)

    def event_fields(self) -> dict[str, Any]:
        """The cleaned values as model fields, for ``event_services.event_create``."""
        fields = {name: self.cleaned_data[name] for name in self.Meta.fields}
        fields.update({name: self.cleaned_data[name] for name in POINT_FIELDS})
        fields["system_options"] = with_flags(self.instance.system_options, self._option_values())
        return fields

    def _option_values(self) -> dict[str, Any]:
        """The system options' flags in the form (``Event.system_options``)."""
        words = event_settings.option_flags()
        return {
            name: self.cleaned_data[name]
            for name in words
            if self.cleaned_data.get(name) is not None
        }


class EventSettingsForm(EventForm):
    """Change an event's settings (``event_services.event_settings_update``, #20).

    Carries the ``settings_version`` it was loaded at, so a save made on a form older
    than someone else's change is refused.  Shows only the options of the event's own
    system; once round 1 is paired the system and the initial colour are fixed.
    """

    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)

    def __init__(self, *args: Any, paired: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["version"].initial = self.instance.settings_version
        own = set(event_settings.option_fields(self.instance.system))
        for name in self.option_names:
            if name not in own:
                del self.fields[name]
        if paired:
            for name in event_settings.LOCKED_ONCE_PAIRED:
                self.fields[name].disabled = True
                self.fields[name].help_text = _("Fixed once round 1 is paired.")

    def settings_changes(self) -> dict[str, Any]:
        """The settings the form can change, as the service takes them (half-points)."""
        return {
            name: self.cleaned_data[name]
            for name, field in self.fields.items()
            if name in event_settings.settings_fields() and not field.disabled
        }


TIEBREAK_REFUSALS = {
    "unknown": gettext_lazy("Unknown tie-break code %(text)s; known codes: %(known)s."),
    "modifiers": gettext_lazy(
        "Cannot read the modifiers of %(text)s: write them as -C1, -C2, -M1, -M2, -F, -L40 or -L-2."
    ),
    "has_cut": gettext_lazy(
        "%(text)s: %(named)s already has its cut; give the modifiers to %(code)s "
        "(%(code)s-C2, %(code)s-M1, ...)."
    ),
    "not_applicable": gettext_lazy(
        "%(text)s: the modifier %(modifier)s does not apply to %(code)s (it takes %(allowed)s)."
    ),
    "not_applicable_none": gettext_lazy(
        "%(text)s: the modifier %(modifier)s does not apply to %(code)s (it takes none)."
    ),
    "two_cuts": gettext_lazy("%(text)s: give one cut or median modifier, not two."),
}
"""Each reason the engine gives for a tie-break code that does not read
(``TieBreakCodeError``), worded for the event form."""


def tiebreak_error(error: TieBreakCodeError) -> str:
    """Why a tie-break code does not read, in the reader's language: the engine says it
    in English for the command line, and gives the parts to word it here."""
    details = {key: repr(value) if key == "text" else value for key, value in error.details.items()}
    reason = error.reason
    if reason == "not_applicable" and not details.get("allowed"):
        reason = "not_applicable_none"
    if reason not in TIEBREAK_REFUSALS:
        return f"{error}."
    return str(TIEBREAK_REFUSALS[reason]) % details
