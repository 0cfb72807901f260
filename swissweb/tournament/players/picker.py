"""Picking one player of a large field by typing (#36 item 4): a text field that takes
a pairing number or a name, and the short list of players a typed text finds.

The requests and forbidden pairs pick players this way instead of a select of every
player (1,000 options at 1,000 players).  With JavaScript the field suggests players as
the arbiter types (``player_picker.js``, from ``workspace_views.player_find``); without,
the arbiter types the number or the name and the form reads it.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.db.models import Q, QuerySet
from django.forms.utils import flatatt
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from swissweb.tournament.core.params import positive_number
from swissweb.tournament.models import Event, Player
from swissweb.tournament.players.rows import PlayerRow

SUGGESTIONS = 10
"""The most players one search suggests."""

NUMBERED = re.compile(r"\s*(\d{1,6})\s*(?:[.:)]\s*.*)?")
"""A pairing number, alone or as a suggestion writes it ("17. Clark, Cy")."""


def player_label(player: Player | PlayerRow) -> str:
    """How a suggestion names a player, and what choosing it types: "17. Clark, Cy"."""
    if player.pairing_number:
        return f"{player.pairing_number}. {player.name}"
    return player.name


def _matching(players: QuerySet[Player], text: str) -> QuerySet[Player]:
    numbered = NUMBERED.fullmatch(text)
    if numbered:
        return players.filter(pairing_number=int(numbered.group(1)))
    query = Q()
    for word in text.split()[:6]:
        query &= Q(name__icontains=word)
    return players.filter(query)


def find_players(*, event: Event, text: str, active_only: bool = False) -> tuple[PlayerRow, ...]:
    """At most ``SUGGESTIONS`` players that ``text`` names: its pairing number, or every
    word in the name (in any case); the players still in the event only when asked."""
    text = text.strip()[:100]
    if not text:
        return ()
    players = event.players.all()
    if active_only:
        players = players.filter(withdrawn_after_round__isnull=True)
    found = _matching(players, text).order_by("pairing_number", "name")[:SUGGESTIONS]
    return tuple(PlayerRow.of(player) for player in found)


class PlayerPickWidget(forms.Widget):
    """A text field ``<name>_find`` for the number or the name, and a hidden field
    ``<name>`` for the player's id, which choosing a suggestion fills (the form posts the
    id as a select of players did)."""

    def __init__(self, *, picker_url: str = "", attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs)
        self.picker_url = picker_url

    def value_from_datadict(self, data: Any, files: Any, name: str) -> tuple[str, str]:
        return str(data.get(name, "") or ""), str(data.get(f"{name}_find", "") or "")

    def value_omitted_from_data(self, data: Any, files: Any, name: str) -> bool:
        return name not in data and f"{name}_find" not in data

    def render(
        self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None
    ) -> SafeString:
        chosen, text = value if isinstance(value, tuple) else ("", "")
        final = {**self.attrs, **(attrs or {})}
        html_id = final.pop("id", f"id_{name}")
        extra = flatatt({key: str(val) for key, val in final.items()})
        return format_html(
            '<input type="search" name="{}_find" id="{}" value="{}" autocomplete="off" '
            'data-player-picker="{}" data-picks="{}" placeholder="{}"{}>'
            '<input type="hidden" name="{}" value="{}">',
            name, html_id, text, self.picker_url, name, _("Pairing number or name"), extra,
            name, chosen,
        )  # fmt: skip


class PlayerPickField(forms.Field):
    """A player chosen from the suggestions (its id) or typed by pairing number or by
    name; cleans to the ``Player``.  A typed name must name one player: in full (any
    case) or by words only one name holds."""

    def __init__(self, *, picker_url: str = "", active_only: bool = False, **kwargs: Any) -> None:
        url = picker_url + ("?active=1" if active_only and picker_url else "")
        kwargs.setdefault("widget", PlayerPickWidget(picker_url=url))
        super().__init__(**kwargs)
        self.players: QuerySet[Player] = Player.objects.none()

    def clean(self, value: Any) -> Player:
        chosen, text = value if isinstance(value, tuple) else (str(value or ""), "")
        chosen, text = chosen.strip(), text.strip()[:200]
        if chosen:
            number = positive_number(chosen)
            player = self.players.filter(pk=number).first() if number is not None else None
            if player is None:
                message = forms.ModelChoiceField.default_error_messages["invalid_choice"]
                raise forms.ValidationError(message, code="invalid_choice")
            return player
        if not text:
            raise forms.ValidationError(self.error_messages["required"], code="required")
        found = list(_matching(self.players, text)[:2])
        if len(found) > 1:
            exact = list(self.players.filter(name__iexact=text)[:2])
            found = exact if len(exact) == 1 else found
        if not found:
            raise forms.ValidationError(
                _("No player is %(text)s: type a pairing number or a name.") % {"text": text}
            )
        if len(found) > 1:
            raise forms.ValidationError(
                _("More than one player matches %(text)s: type the pairing number.")
                % {"text": text}
            )
        return found[0]
