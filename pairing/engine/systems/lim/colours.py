"""Lim 12 and 13: white and black for each pairing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pairing.engine.messages import Message, words
from pairing.engine.model import Colour, PairingNumber
from pairing.engine.systems.lim.compatibility import Compatibility
from pairing.engine.systems.lim.explanation import colour_word
from pairing.engine.systems.lim.groups import Pairing, Position
from pairing.engine.systems.lim.players import BLACK_BIT, WHITE_BIT, Entrant


def colours_fit(a: Entrant, b: Entrant) -> bool:
    """True when both players can have their due colours (Lim 12.2)."""
    return a.due is None or b.due is None or a.due is not b.due


def rank_key(player: Entrant) -> tuple[int, int]:
    """Higher ranked first: higher score, then higher numbered (smaller numeral)."""
    return (-player.score, player.pairing_number)


def colourless_colours(pairings: Sequence[Pairing], initial: Colour) -> dict[PairingNumber, Colour]:
    """The higher player's colour in each pairing of two players who have no colour yet.

    Our reading of Lim 12.1 for them: such pairings alternate in the order of their
    higher player's number; the first gives him ``initial``, the top seed's colour (set
    by the event or drawn by lot), the next the other colour, and so on.
    """
    colourless: dict[PairingNumber, Colour] = {}
    blank = sorted(
        (p for p in pairings if p.first.due is None and p.second.due is None),
        key=lambda p: min(p.first.pairing_number, p.second.pairing_number),
    )
    for index, pairing in enumerate(blank):
        higher = min(pairing.first, pairing.second, key=rank_key)
        colourless[higher.pairing_number] = initial if index % 2 == 0 else initial.opposite
    return colourless


class ColourAllocation(Compatibility):
    """Lim 12 and 13: white and black for each pairing."""

    def allocate(
        self, pairing: Pairing, *, colourless: Mapping[PairingNumber, Colour]
    ) -> tuple[Entrant, Entrant, str, Message]:
        """White, black, the rule that decided and why (Lim 12.1-12.6, 13).

        ``colourless`` gives the higher player's colour for pairings where neither player
        has played yet (:func:`colourless_colours`).

        Our reading of Lim 12.4 and Lim 12.6: when both are due the same colour and
        neither must have it (Lim 12.3), their played colours are compared from the latest
        game back, and at the first game where they differ each gets the colour he did
        not have then.  Histories that agree as far as the shorter one goes count as the
        same: then the higher ranked player (score, then pairing number) gets his due
        colour when the pairing was made in the median group or above, the lower ranked
        player when it was made below.  In the last round (Lim 13) these rules still
        decide wherever Lim 9.1 leaves a choice.
        """
        a, b = pairing.first, pairing.second
        higher, lower = (a, b) if rank_key(a) < rank_key(b) else (b, a)
        options = [
            (w, k)
            for w, k in ((higher, lower), (lower, higher))
            if w.permitted & WHITE_BIT and k.permitted & BLACK_BIT
        ]
        if len(options) == 1:
            white, black = options[0]
            bound = white if white.permitted == WHITE_BIT else black
            repeated = len(bound.colours) >= 2 and bound.colours[-1] is bound.colours[-2]
            return (
                white,
                black,
                "Lim 12.3" if repeated else "Lim 12.1",
                words("explain.lim.colour_bound", player=bound.pairing_number),
            )
        thirteen = not options

        def why(clause: Message) -> Message:
            """The clause, and that Lim 13 allows it when no colours keep Lim 9.1."""
            if not thirteen:
                return clause
            return words("explain.semicolon", first=clause, rest=words("explain.lim.thirteen"))

        if higher.due is None and lower.due is None:
            colour = colourless[higher.pairing_number]
            white, black = (higher, lower) if colour is Colour.WHITE else (lower, higher)
            return (
                white,
                black,
                "Lim 12.1",
                why(words("explain.lim.colour_none")),
            )
        even = self.round_number % 2 == 0
        due_rule = "Lim 12.6" if even else "Lim 12.5"
        if colours_fit(higher, lower):
            if higher.due is not None:
                white, black = (higher, lower) if higher.due is Colour.WHITE else (lower, higher)
            else:
                white, black = (lower, higher) if lower.due is Colour.WHITE else (higher, lower)
            return white, black, due_rule, why(words("explain.lim.colour_due"))
        due = higher.due
        if higher.absolute != lower.absolute:
            bound = higher if higher.absolute else lower
            other = lower if bound is higher else higher
            white, black = (bound, other) if due is Colour.WHITE else (other, bound)
            return (
                white,
                black,
                "Lim 12.3",
                why(
                    words(
                        "explain.lim.colour_must",
                        colour=colour_word(due),
                        player=bound.pairing_number,
                    )
                ),
            )
        equalising = bool(higher.colours and lower.colours) and all(
            sum(1 if c is Colour.WHITE else -1 for c in p.colours) for p in (higher, lower)
        )
        history_rule = "Lim 12.6" if equalising else "Lim 12.4"
        for mine, theirs in zip(reversed(higher.colours), reversed(lower.colours), strict=False):
            if mine is not theirs:
                white, black = (lower, higher) if mine is Colour.WHITE else (higher, lower)
                return (
                    white,
                    black,
                    history_rule,
                    why(words("explain.lim.colour_history", colour=colour_word(due))),
                )
        favoured = lower if pairing.position is Position.BELOW else higher
        other = higher if favoured is lower else lower
        white, black = (favoured, other) if due is Colour.WHITE else (other, favoured)
        which = words("explain.lim.lower" if favoured is lower else "explain.lim.higher")
        below = pairing.position is Position.BELOW
        return (
            white,
            black,
            "Lim 12.4",
            why(
                words(
                    "explain.lim.colour_identical_below"
                    if below
                    else "explain.lim.colour_identical_above",
                    colour=colour_word(due),
                    which=which,
                    player=favoured.pairing_number,
                )
            ),
        )
