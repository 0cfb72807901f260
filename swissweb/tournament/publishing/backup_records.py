"""The backup's lossless records checked against the rest of the file (#31 item 2).

The engine reads each SW record for form (``pairing.engine.trf.lossless``); here each is
checked against what the event knows: a forbidden pair's reason (SWF) needs its XXP line,
a player's request (SWQ) a kind and state of the web app, a round's explanation (SWE) a
round of the file.  Each refusal is a ``TrfError`` at the record's line, which
``backup.event_plan`` words for the arbiter.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from swissweb.tournament.models import AskState, PlayerAsk
from swissweb.tournament.publishing.backup_plans import RoundPlan
from swissweb.tournament.rounds.engine_door import TrfDocument, trf


def reasons(doc: TrfDocument, forbidden: set[tuple[int, int]]) -> dict[tuple[int, int], str]:
    """SWF: the reason of each forbidden pair that has one; a pair no XXP/260 line keeps
    apart is refused at its line."""
    found = {}
    for reason in trf.reasons(doc):
        pair = (min(reason.first, reason.second), max(reason.first, reason.second))
        if pair not in forbidden:
            # Translators: first and second are players' numbers; XXP is a TRF record.
            message = _("players %(first)d and %(second)d are not kept apart by an XXP line")
            raise reason.error(message % {"first": reason.first, "second": reason.second})
        found[pair] = reason.reason[:200]
    return found


def asks(doc: TrfDocument) -> list[trf.TrfAsk]:
    """SWQ: the players' own requests, each kind and state one the event knows."""
    found = trf.asks(doc)
    for ask in found:
        for word, allowed, at in ((ask.kind, PlayerAsk.values, 0), (ask.state, AskState.values, 2)):
            if word not in allowed:
                # Translators: %(word)s as written, %(words)s the words allowed there.
                message = _("%(word)s is not one of %(words)s")
                raise ask.error(message % {"word": repr(word), "words": " ".join(allowed)}, at=at)
    return found


def attach_explanations(doc: TrfDocument, rounds: list[RoundPlan]) -> None:
    """SWE: give each planned round its explanation; one for a round the file does not
    hold is refused at its line."""
    by_number = {r.number: r for r in rounds}
    for found in trf.explanations(doc):
        if found.round_number not in by_number:
            # Translators: SWE and SWR are TRF records of this program's backup.
            message = _("the explanation (SWE) is of round %(number)d, which has no SWR line")
            raise found.error(message % {"number": found.round_number})
        by_number[found.round_number].explanation = found.steps
