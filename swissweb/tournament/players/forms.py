"""The players' forms: a player, a late entry, a CSV list, requests, forbidden pairs;
services do the writing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from swissweb.tournament.core.fide_ratings import fide_column
from swissweb.tournament.core.forms import DATE_FIELD
from swissweb.tournament.core.uploads import UploadRefused, upload_text
from swissweb.tournament.models import (
    Event,
    Player,
    RequestKind,
)
from swissweb.tournament.players.picker import PlayerPickField

if TYPE_CHECKING:
    # The stubs make ModelForm generic in its model; Django's class takes no subscript.
    _PlayerModelForm = forms.ModelForm[Player]
else:
    _PlayerModelForm = forms.ModelForm


def mark_event_rating(form: forms.BaseForm, rate_of_play: str) -> None:
    """Say on the FIDE rating of the event's rate of play that the event uses it."""
    form.fields[fide_column(rate_of_play)].help_text = _(
        "The rating this event uses (its rate of play). Empty: not known; 0: unrated."
    )


class PlayerForm(_PlayerModelForm):
    """Register one player."""

    class Meta:
        model = Player
        fields = [
            "name",
            "fide_standard",
            "fide_rapid",
            "fide_blitz",
            "title",
            "federation",
            "fide_id",
            "national_rating",
            "national_id",
            "national_list",
            "club",
            "area",
            "birth_date",
            "birth_year",
            "sex",
            "k_factor",
            "top_player",
        ]
        widgets = {"birth_date": DATE_FIELD}

    def __init__(self, *args: Any, rate_of_play: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Most players have no national rating: left empty, unrated (0).
        self.fields["national_rating"].required = False
        if rate_of_play is not None:
            mark_event_rating(self, rate_of_play)

    def clean_national_rating(self) -> int:
        return int(self.cleaned_data.get("national_rating") or 0)


MISSED_ROUNDS = [
    (RequestKind.ABSENT.value, gettext_lazy("absences (zero points)")),
    (RequestKind.HALF_POINT_BYE.value, gettext_lazy("half-point byes")),
    (RequestKind.FULL_POINT_BYE.value, gettext_lazy("full-point byes")),
]
"""What the rounds paired before a late entry count as for the entrant."""


class LateEntryForm(PlayerForm):
    """Register one player once rounds are paired: the arbiter says what the rounds
    missed count as (``player_services.players_add``'s ``missed_rounds``)."""

    missed_rounds = forms.ChoiceField(
        choices=MISSED_ROUNDS, required=False, initial=RequestKind.ABSENT.value
    )

    def __init__(self, *args: Any, paired: int = 0, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if paired == 1:
            label = _("Round 1 (paired before the entry) count as")
        else:
            label = _("Rounds 1-%(paired)d (paired before the entry) count as") % {"paired": paired}
        self.fields["missed_rounds"].label = label

    def missed(self) -> str:
        """The kind of request for each round missed (an absence when not chosen)."""
        return str(self.cleaned_data.get("missed_rounds") or RequestKind.ABSENT.value)


class PlayersCsvForm(forms.Form):
    """Paste or upload a CSV player list."""

    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 6}), required=False, label="CSV")
    file = forms.FileField(required=False, label=gettext_lazy("or upload a file"))

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data  # what Form.clean returns
        upload = cleaned.get("file")
        if upload:
            try:
                cleaned["text"] = upload_text(upload, what="CSV file")
            except UploadRefused as exc:
                raise forms.ValidationError(str(exc)) from exc
        if not cleaned.get("text", "").strip():
            raise forms.ValidationError(_("Paste the CSV or choose a file."))
        return cleaned


class RoundRequestForm(forms.Form):
    """A half-point bye, a full-point bye or an absence for one round (FIDE C.04.2 Article 3)."""

    player = PlayerPickField(label=gettext_lazy("Player"))
    round_number = forms.IntegerField(min_value=1, label=gettext_lazy("Round"))
    # Translators: the kind of request: a half-point bye, a full-point bye or an absence.
    kind = forms.ChoiceField(choices=RequestKind.choices, label=gettext_lazy("Kind"))
    override = forms.BooleanField(
        required=False,
        label=gettext_lazy("Override the bye policy"),
        help_text=gettext_lazy(
            "Record a half-point bye the event's bye policy does not allow; the audit log "
            "names the rules overridden."
        ),
    )

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        player = cast("PlayerPickField", self.fields["player"])  # as declared
        player.players = event.players.all()


class ForbiddenPairForm(forms.Form):
    """Two players who must not meet."""

    # Translators: the first and second of two players who must not meet.
    first = PlayerPickField(label=gettext_lazy("First"))
    second = PlayerPickField(label=gettext_lazy("Second"))

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            field = cast("PlayerPickField", self.fields[name])  # as declared
            field.players = event.players.all()
