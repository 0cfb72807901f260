"""The link each player's request came on, as the arbiter reads it when deciding (#31 D10).

A request records the fingerprint of the private link it was made on
(``ask_services.link_fingerprint``), never the code.  Compared with the player's present
link it tells the arbiter whether the request came on the player's own link, or on one
the arbiter has replaced since (a link that had got into other hands).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from swissweb.tournament.models import AskState, Event, PlayerRequest
from swissweb.tournament.players.asks import link_fingerprint


@dataclass(frozen=True, slots=True)
class AskLine:
    """A request waiting for the arbiter, and the link it came on in words."""

    ask: PlayerRequest
    link: str


def link_note(ask: PlayerRequest) -> str:
    """Which link ``ask`` was made on, for the arbiter deciding it."""
    if not ask.via_link:
        return _("link not recorded (asked before links were recorded)")
    if ask.via_link == link_fingerprint(ask.player.access_code):
        return _("on the player's own link")
    # Translators: link is a short fingerprint of a private link, e.g. "3f2a9c01b7de".
    return _("on a link replaced since (%(link)s)") % {"link": ask.via_link}


def pending_asks(*, event: Event) -> list[AskLine]:
    """The players' requests waiting for the arbiter, oldest first, each with its link."""
    asks = (
        PlayerRequest.objects.filter(player__event=event, state=AskState.PENDING)
        .select_related("player")
        .order_by("created_at")
    )
    return [AskLine(ask, link_note(ask)) for ask in asks]
