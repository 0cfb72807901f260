"""Forms: parse and validate what an arbiter typed; services do the writing."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any, cast

from django import forms
from django.db import models

from pairing.engine import SYSTEMS
from pairing.engine.tiebreaks import parse_tiebreaks

from .models import Event, PairingSystem, Player, RequestKind, Result

POINT_FIELDS = {
    "points_win": "Win",
    "points_draw": "Draw",
    "points_loss": "Loss",
    "points_forfeit_win": "Forfeit win",
    "points_forfeit_loss": "Forfeit loss",
    "points_pairing_bye": "Pairing-allocated bye",
    "points_half_bye": "Half-point bye",
}
"""The event's point values: shown in points, stored in half-points."""

if TYPE_CHECKING:
    # The stubs make ModelForm generic in its model; Django's class takes no subscript.
    _EventModelForm = forms.ModelForm[Event]
    _PlayerModelForm = forms.ModelForm[Player]
else:
    _EventModelForm = _PlayerModelForm = forms.ModelForm


def available_systems() -> list[tuple[str, str]]:
    """The pairing systems whose engines are installed, for the event form."""
    implemented = {system.value for system in SYSTEMS}
    return [(value, label) for value, label in PairingSystem.choices if value in implemented]


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
            "acceleration",
            "lim_maxi",
            "esca_random",
            "esca_round1_area",
            "esca_round1_federation",
            "esca_avoid_half_bye_pairs",
            "esca_avoid_defaulted_rematch",
            "initial_colour",
            "start_date",
            "end_date",
            "venue",
            "public",
        ]
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
        }

    option_names = (
        "acceleration",
        "lim_maxi",
        "esca_random",
        "esca_round1_area",
        "esca_round1_federation",
        "esca_avoid_half_bye_pairs",
        "esca_avoid_defaulted_rematch",
    )
    """The system options, shown apart in the form."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["system"] = forms.ChoiceField(
            choices=available_systems(), label="Pairing system"
        )
        for name, label in POINT_FIELDS.items():
            initial = getattr(self.instance, name) if self.instance.pk else None
            # POINT_FIELDS name columns of Event, never relations.
            default = cast("models.Field[Any, Any]", Event._meta.get_field(name)).default
            half_points = initial if initial is not None else default
            self.fields[name] = forms.DecimalField(
                label=f"Points: {label.lower()}",
                min_value=0,
                max_value=10,
                decimal_places=1,
                initial=Decimal(half_points) / 2,
            )

    def clean_tiebreaks(self) -> str:
        try:
            codes = parse_tiebreaks(self.cleaned_data["tiebreaks"])
        except ValueError as exc:
            raise forms.ValidationError(f"{str(exc).capitalize()}.") from exc
        return ",".join(code.value for code in codes)

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data  # what ModelForm.clean returns
        for name in POINT_FIELDS:
            value = cleaned.get(name)
            if value is not None:
                if (value * 2) % 1:
                    self.add_error(name, "Points go in steps of ½.")
                else:
                    cleaned[name] = int(value * 2)
        return cleaned

    def save(self, commit: bool = True) -> Event:
        for name in POINT_FIELDS:
            setattr(self.instance, name, self.cleaned_data[name])
        return super().save(commit=commit)

    def event_fields(self) -> dict[str, Any]:
        """The cleaned values as model fields, for ``services.event_create``."""
        fields = {name: self.cleaned_data[name] for name in self.Meta.fields}
        fields.update({name: self.cleaned_data[name] for name in POINT_FIELDS})
        return fields


class PlayerForm(_PlayerModelForm):
    """Register one player."""

    class Meta:
        model = Player
        fields = [
            "name",
            "rating",
            "title",
            "federation",
            "fide_id",
            "club",
            "area",
            "birth_date",
            "sex",
            "top_player",
        ]
        widgets = {"birth_date": forms.DateInput(attrs={"type": "date"})}


class PlayersCsvForm(forms.Form):
    """Paste or upload a CSV player list."""

    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 6}), required=False, label="CSV")
    file = forms.FileField(required=False, label="or upload a file")

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data  # what Form.clean returns
        upload = cleaned.get("file")
        if upload:
            raw = upload.read()
            try:
                cleaned["text"] = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                cleaned["text"] = raw.decode("cp1252", errors="replace")
        if not cleaned.get("text", "").strip():
            raise forms.ValidationError("Paste the CSV or choose a file.")
        return cleaned


class RoundRequestForm(forms.Form):
    """A half-point bye or an absence for one round (Dutch F5)."""

    player = forms.ModelChoiceField(queryset=Player.objects.none())
    round_number = forms.IntegerField(min_value=1, label="Round")
    kind = forms.ChoiceField(choices=RequestKind.choices)

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        player = cast("forms.ModelChoiceField[Player]", self.fields["player"])  # as declared
        player.queryset = event.players.all()


class ForbiddenPairForm(forms.Form):
    """Two players who must not meet."""

    first = forms.ModelChoiceField(queryset=Player.objects.none())
    second = forms.ModelChoiceField(queryset=Player.objects.none())

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            field = cast("forms.ModelChoiceField[Player]", self.fields[name])  # as declared
            field.queryset = event.players.all()


RESULT_KEYS = {
    "1": Result.WHITE_WINS,
    "0": Result.BLACK_WINS,
    "=": Result.DRAW,
    "+": Result.WHITE_WINS_FORFEIT,
    "-": Result.BLACK_WINS_FORFEIT,
    "--": Result.DOUBLE_FORFEIT,
}
"""Keyboard entry: 1, 0, = and + / - for forfeits (white wins / black wins), -- double."""


class ResultForm(forms.Form):
    """One board's result, typed as a key (1, 0, =, +, -, --) or chosen from the list."""

    result = forms.CharField(max_length=3, required=False)
    version = forms.IntegerField(min_value=0)

    def clean_result(self) -> str:
        value: str = self.cleaned_data["result"].strip()
        if value in RESULT_KEYS:
            return RESULT_KEYS[value]
        if value in Result.values and value != Result.PAIRING_BYE:
            return value
        raise forms.ValidationError(
            f"{value!r} is not a result: type 1, 0, =, + or - (forfeits), -- (double forfeit)."
        )
