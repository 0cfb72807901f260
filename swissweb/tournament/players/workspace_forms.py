"""Forms of the arbiter's workspace (#20): parse what was typed; services do the writing."""

from __future__ import annotations

from typing import Any

from django import forms
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from swissweb.tournament.core.fide_ratings import fide_column, of_rate
from swissweb.tournament.core.forms import DATE_FIELD
from swissweb.tournament.models import Event, Player, RequestKind
from swissweb.tournament.players.forms import (
    ForbiddenPairForm,
    RoundRequestForm,
    mark_event_rating,
)
from swissweb.tournament.players.picker import PlayerPickField
from swissweb.tournament.players.services import FORM_DETAILS


class PlayerEditForm(forms.Form):
    """Correct a player's details; the pairing number only when it may still move."""

    def __init__(self, *args: Any, player: Player, numbers: bool, **kwargs: Any) -> None:
        rate = player.event.rate_of_play
        kwargs.setdefault("initial", {name: getattr(player, name) for name in FORM_DETAILS})
        kwargs["initial"].setdefault("pairing_number", player.pairing_number)
        if of_rate(player, rate) is None and player.rating:
            # The rating the event uses, kept when its rate was not known (#35 item 1):
            # shown in its rate's box, so that saving the form keeps it.
            kwargs["initial"][fide_column(rate)] = player.rating
        super().__init__(*args, **kwargs)
        widgets: dict[str, type[forms.Widget] | forms.Widget] = {"birth_date": DATE_FIELD}
        self.fields.update(forms.fields_for_model(Player, list(FORM_DETAILS), widgets=widgets))
        # Most players have no national rating: left empty, unrated (0).
        self.fields["national_rating"].required = False
        mark_event_rating(self, rate)
        if numbers:
            self.fields["pairing_number"] = forms.IntegerField(
                min_value=1, label=_("Pairing number")
            )

    def changes(self) -> dict[str, Any]:
        """The cleaned values, for ``player_services.player_update``."""
        values = {name: self.cleaned_data[name] for name in self.fields}
        values["national_rating"] = values.get("national_rating") or 0
        return values


class RequestEditForm(forms.Form):
    """Move a request to another round, or change its kind."""

    round_number = forms.IntegerField(min_value=1, label=_("Round"))
    kind = forms.ChoiceField(choices=RequestKind.choices, label=_("Kind"))


class ForbiddenReasonForm(forms.Form):
    """Why two players are kept apart (relatives, one club, ...)."""

    reason = forms.CharField(max_length=200, required=False, label=_("Reason"))


def _picker_url(event: Event) -> str:
    return reverse("tournament:workspace_player_find", args=[event.slug])


class RequestAddForm(RoundRequestForm):
    """The request form as the requests page shows it: a searchable field that suggests
    the players still in the event (#36 item 4)."""

    def __init__(self, *args: Any, event: Event, next_round: int | None, **kwargs: Any) -> None:
        super().__init__(*args, event=event, **kwargs)
        field = PlayerPickField(label=_("Player"), picker_url=_picker_url(event), active_only=True)
        field.players = event.players.filter(withdrawn_after_round__isnull=True)
        self.fields["player"] = field
        if next_round is not None:
            self.fields["round_number"].initial = next_round


class ForbiddenAddForm(ForbiddenPairForm):
    """The forbidden-pair form as the requests page shows it, with the reason."""

    reason = forms.CharField(max_length=200, required=False, label=_("Reason"))

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, event=event, **kwargs)
        # Translators: labels of the two players of a forbidden pair.
        for name, label in (("first", _("First")), ("second", _("Second"))):
            field = PlayerPickField(label=label, picker_url=_picker_url(event))
            field.players = event.players.all()
            self.fields[name] = field
