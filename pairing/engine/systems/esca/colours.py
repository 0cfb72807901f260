"""ESCA 10-12, 18, 22, 24: colour groups, colour transfers and the final colour check."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pairing.engine.messages import Message, Value, words
from pairing.engine.model import Colour, Explanation
from pairing.engine.systems.esca.cards import Card
from pairing.engine.systems.esca.explanation import colour_word, names_rule, numbers, points_text
from pairing.engine.systems.esca.oracle import LevelMatching
from pairing.engine.systems.esca.pairer import Pairer


class ColourGroups(Pairer):
    """ESCA 10-12, 18, 22: a score level paired white seekers against black seekers."""

    @staticmethod
    def groups(members: Sequence[Card]) -> tuple[list[Card], list[Card], list[Card]]:
        """White seekers, black seekers and players with no colour yet (ESCA 10)."""
        whites = [c for c in members if c.seeks is Colour.WHITE]
        blacks = [c for c in members if c.seeks is Colour.BLACK]
        others = [c for c in members if c.seeks is None]
        return whites, blacks, others

    @classmethod
    def transfers(cls, members: Sequence[Card]) -> int:
        """The colour transfers pairing ``members`` among themselves takes (ESCA 12): half
        the excess of one colour group over the other, after the players with no colour
        yet have filled the smaller group (as :meth:`pair_within` pairs them)."""
        whites, blacks, others = cls.groups(members)
        return max(abs(len(whites) - len(blacks)) - len(others), 0) // 2

    @classmethod
    def transfers_without_one(cls, members: Sequence[Card]) -> dict[Colour | None, int]:
        """For each colour group of ``members``, the transfers left when one of it goes
        (only the group of the player who goes changes the count)."""
        first: dict[Colour | None, Card] = {}
        for card in members:
            first.setdefault(card.seeks, card)
        return {
            colour: cls.transfers([c for c in members if c is not card])
            for colour, card in first.items()
        }

    def pair_within(self, members: list[Card], matching: LevelMatching) -> list[Card]:
        """ESCA 10-12, 18, 22: white seekers v black seekers, after the transfers.

        Our reading of ESCA 10 and ESCA 11: a player with no game yet seeks neither colour
        and fills the smaller colour group, in order.  After the transfers the i-th white
        seeker plays the i-th black seeker; when that is not possible (ESCA 1, 7) the
        white seeker takes the next black seeker in order, and only when he can take none
        does he meet another white seeker, the lowest in order, one transfer more.  Of
        ESCA 12 and ESCA 18: the players transferred are those with the weakest claims
        (:func:`~pairing.engine.systems.esca.cards.claim`); among equal claims the lowest
        in descending order goes.

        Returns the players who could not be paired in the level (they float).
        """
        whites, blacks, others = self.groups(members)
        for card in others:
            (whites if len(whites) <= len(blacks) else blacks).append(card)
        transferred: list[Card] = []
        tie = False
        for big, small in ((whites, blacks), (blacks, whites)):
            excess = (len(big) - len(small)) // 2
            if excess > 0:
                weakest = sorted(big, key=lambda c: (c.claim, -c.index))
                transferred = weakest[:excess]
                tie = len(weakest) > excess and weakest[excess].claim == weakest[excess - 1].claim
                for card in transferred:
                    big.remove(card)
                    small.append(card)
        whites.sort(key=lambda c: c.index)
        blacks.sort(key=lambda c: c.index)
        if transferred:
            target = colour_word(transferred[0].seeks.opposite if transferred[0].seeks else None)
            self.result.notes.append(
                Explanation(
                    rule="ESCA 12" + (", ESCA 18" if tie else ""),
                    words=words(
                        "explain.esca.transferred_tie" if tie else "explain.esca.transferred",
                        score=points_text(transferred[0].score),
                        players=numbers(transferred),
                        colour=target,
                    ),
                    players=tuple(c.pairing_number for c in transferred),
                )
            )
        stranded: list[Card] = []
        for card in [*whites, *blacks]:
            if card.index in self.paired or card in stranded:
                continue
            if card in whites:
                opposite = [c for c in blacks if c.index not in self.paired]
                same = [c for c in reversed(whites) if c is not card]
            else:
                opposite = []
                same = [c for c in reversed(blacks) if c is not card]
            if self.may_avoid(card):
                opposite.sort(key=lambda c: self.discretionary(card, c))
                same.sort(key=lambda c: self.discretionary(card, c))
            candidates = [c for c in opposite + same if c not in stranded]
            found = self.take_first(card, candidates, matching)
            if found is None:
                matching.remove((card,))
                stranded.append(card)
                continue
            opponent, skipped = found
            tags = ["ESCA 10-11"]
            natural = opposite[0] if opposite else None
            if opponent in same or card in transferred or opponent in transferred:
                tags.append("ESCA 12")
            if opponent is natural:
                code = "explain.esca.seekers_in_order" if opposite else "explain.esca.in_order"
            else:
                code = "explain.esca.next_in_order"
            text: list[Value] = [words(code)]
            if skipped:
                text.append(skipped)
                tags.append("ESCA 2")
            if names_rule(skipped, "ESCA 7"):
                tags.append("ESCA 7")
            if self.discretionary(card, opponent):
                text.append(words("explain.esca.not_avoidable"))
            self.record(card, opponent, tags, text)
        for card in stranded:
            self.result.notes.append(
                Explanation(
                    rule="ESCA 9",
                    words=words(
                        "explain.esca.stranded",
                        player=card.pairing_number,
                        score=points_text(card.score),
                    ),
                    players=(card.pairing_number,),
                )
            )
        return stranded


def allocate(first: Card, second: Card, rng: random.Random) -> tuple[Card, Card, str, Message]:
    """White, black, the rule and why: ESCA 10-12 and the final colour check of ESCA 24.

    Each gets the colour he seeks when they seek different ones.  When both seek the
    same, the stronger claim gets it (ESCA 12).  Our reading of ESCA 24 for equal claims:
    the top player gets it, otherwise the higher score; two top players on the same score
    are decided by lot, two other players by descending order (the rule is silent there,
    and the order keeps the result independent of the lot).  A player who has not played
    yet takes the colour his opponent does not seek; two such players draw lots.
    """
    if first.seeks is None and second.seeks is None:
        white, black = (first, second) if rng.random() < 0.5 else (second, first)
        return white, black, "ESCA 24", words("explain.esca.colour_lot")
    if first.seeks is not second.seeks:
        if first.seeks is None:
            assert second.seeks is not None
            white, black = (second, first) if second.seeks is Colour.WHITE else (first, second)
            return (
                white,
                black,
                "ESCA 10",
                words("explain.esca.seeks", player=second.pairing_number),
            )
        white, black = (first, second) if first.seeks is Colour.WHITE else (second, first)
        if second.seeks is None:
            return white, black, "ESCA 10", words("explain.esca.seeks", player=first.pairing_number)
        return white, black, "ESCA 10-11", words("explain.esca.seeks_each")
    sought = first.seeks
    assert sought is not None
    if first.claim != second.claim:
        winner = max(first, second, key=lambda c: c.claim)
        rule, why = (
            "ESCA 12",
            words(
                "explain.esca.stronger_claim",
                colour=colour_word(sought),
                player=winner.pairing_number,
            ),
        )
    elif first.top != second.top:
        winner = first if first.top else second
        rule, why = "ESCA 24", words("explain.esca.top_player", player=winner.pairing_number)
    elif first.score != second.score:
        winner = max(first, second, key=lambda c: c.score)
        rule, why = (
            "ESCA 24",
            words("explain.esca.higher_score", player=winner.pairing_number),
        )
    elif first.top:
        winner = first if rng.random() < 0.5 else second
        rule, why = "ESCA 24", words("explain.esca.tops_lot")
    else:
        winner = min(first, second, key=lambda c: c.index)
        rule, why = (
            "ESCA 24",
            words("explain.esca.higher_order", player=winner.pairing_number),
        )
    loser = second if winner is first else first
    white, black = (winner, loser) if sought is Colour.WHITE else (loser, winner)
    return white, black, rule, why
