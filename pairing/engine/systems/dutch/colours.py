"""Which player of a pair has white (C.04.3 2026, Article 5.2, colour allocation).

Taken in order, the first step that decides gives the colours (5.2.1-5.2.5):

1. both colour preferences granted, when they differ or one player has none;
2. the stronger preference granted: an absolute one over any other (between two
   absolute ones, the wider colour difference), then a strong one over a mild one;
3. the colours alternated with respect to the latest round in which the two players
   had different colours (played games only);
4. the preference of the higher-ranked player granted;
5. with no preference at all: the higher-ranked player takes the initial colour when
   his TPN is odd, the other colour when even.  The TPN counted is the player's place
   among those who have arrived: a late entry not yet paired has none yet
   (:func:`.entrants.entrants`).  FIDE's pairing commission answered a question on this
   reading in August 2026 (as the Ainalrami project reports it): the parity is taken on
   a numbering that skips players never yet paired, which is this engine's, and
   bbpPairings'.

"Higher-ranked" is by pairing score, then TPN (1.2).
"""

from __future__ import annotations

from pairing.engine.messages import Message, words
from pairing.engine.model import Colour
from pairing.engine.systems.dutch.entrants import Entrant


def _ranks_higher(a: Entrant, b: Entrant) -> bool:
    return (a.score, -a.rank) > (b.score, -b.rank)


def _latest_difference(a: Entrant, b: Entrant) -> tuple[Colour, Colour] | None:
    """The two players' colours in the latest round (counting back over played games of
    each) in which they differed."""
    i, j = len(a.colours) - 1, len(b.colours) - 1
    while i >= 0 and j >= 0:
        if a.colours[i] is not b.colours[j]:
            return a.colours[i], b.colours[j]
        i -= 1
        j -= 1
    return None


def allocate(a: Entrant, b: Entrant, *, initial: Colour) -> tuple[Colour, Message, str]:
    """The colour of ``a`` against ``b``, how it was decided, and the article of 5.2 that
    decided it."""
    pa, pb = a.preference, b.preference
    if pa is not pb or pa is None or pb is None:
        if pa is not None:
            return pa, words("explain.dutch.colour_both"), "5.2.1"
        if pb is not None:
            return pb.opposite, words("explain.dutch.colour_both"), "5.2.1"
    else:
        if a.absolute and (a.imbalance > b.imbalance or not b.absolute):
            return pa, words("explain.dutch.colour_absolute"), "5.2.2"
        if b.absolute and (b.imbalance > a.imbalance or not a.absolute):
            return pb.opposite, words("explain.dutch.colour_absolute"), "5.2.2"
        if a.strong and not b.strong:
            return pa, words("explain.dutch.colour_strong"), "5.2.2"
        if b.strong and not a.strong:
            return pb.opposite, words("explain.dutch.colour_strong"), "5.2.2"
        difference = _latest_difference(a, b)
        if difference is not None:
            return (
                difference[1],
                words("explain.dutch.colour_alternated"),
                "5.2.3",
            )
    higher_is_a = _ranks_higher(a, b)
    if pa is None and pb is None:
        high = a if higher_is_a else b
        colour = initial if high.rank % 2 == 0 else initial.opposite
        mine = colour if higher_is_a else colour.opposite
        return mine, words("explain.dutch.colour_tpn"), "5.2.5"
    if higher_is_a:
        assert pa is not None
        return pa, words("explain.dutch.colour_higher"), "5.2.4"
    assert pb is not None
    return pb.opposite, words("explain.dutch.colour_higher"), "5.2.4"
