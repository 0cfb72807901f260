"""ESCA 17, 19-21, 23: the downfloaters of a score level and their opponents."""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.messages import Value, words
from pairing.engine.model import Colour, Explanation
from pairing.engine.systems.esca.cards import Card
from pairing.engine.systems.esca.colours import ColourGroups
from pairing.engine.systems.esca.explanation import colour_word, names_rule, points_text
from pairing.engine.systems.esca.oracle import LevelMatching


class Floaters(ColourGroups):
    """ESCA 17, 19-21, 23: who floats down and whom he meets."""

    def pair_floater(
        self, floater: Card, level: Sequence[Card], matching: LevelMatching, linked: Colour | None
    ) -> bool:
        """ESCA 21 (and 17): the opponent of a downfloater, from the opposite colour group.

        Our reading of ESCA 21: from the opposite colour group of this level, first a
        player who did not float up in the previous round (21a), then the fewest upfloats
        (21b), then one owed an upfloat (ESCA 2d), then the highest in descending order.
        Of ESCA 17: when the level above, which floated him, had an excess of his colour
        and this level has an excess of it too, the transfer falls on the weakest claim of
        the two levels: he meets a player of his own colour group when his claim is weaker than
        every claim of that group here, and is then the one transferred.  Otherwise this
        level transfers its own weakest claim.
        """
        members = [c for c in level if c.index not in self.paired]

        avoid = self.may_avoid(floater)

        def key(card: Card) -> tuple[bool, bool, int, bool, int]:
            owed_up = card.downfloats > card.upfloats
            return (
                avoid and self.discretionary(floater, card),
                card.upfloated_last_round,
                card.upfloats,
                not owed_up,
                card.index,
            )

        own = floater.seeks
        if own is None:
            candidates = sorted(members, key=key)
            rules: tuple[str, ...] = ("ESCA 19", "ESCA 21")
            text = words("explain.esca.downfloater_first")
        else:
            opposite = sorted((c for c in members if c.seeks is not own), key=key)
            same = sorted((c for c in members if c.seeks is own), key=key)
            candidates = opposite + same
            rules = ("ESCA 19", "ESCA 21")
            text = words("explain.esca.downfloater_seekers", colour=colour_word(own.opposite))
            if (
                linked is own
                and len(same) > len(opposite)
                and floater.claim < min(c.claim for c in same)
            ):
                candidates = same + opposite
                rules = ("ESCA 17", "ESCA 19", "ESCA 21")
                text = words(
                    "explain.esca.levels_linked",
                    colour=colour_word(own),
                    player=floater.pairing_number,
                )
        found = self.take_first(floater, candidates, matching)
        if found is None:
            return False
        opponent, skipped = found
        parts: list[Value] = [text]
        if skipped:
            parts.append(skipped)
        tags = list(rules)
        if names_rule(skipped, "ESCA 7"):
            tags.append("ESCA 7")
        self.record(floater, opponent, tags, parts)
        return True

    def choose_floaters(
        self, members: list[Card], matching: LevelMatching, below: Sequence[Card]
    ) -> tuple[list[Card], Colour | None]:
        """ESCA 19-20, 23: the players floated down from this level.

        Our reading of ESCA 20 (with ESCA 2d): the larger colour group first (either when
        they are equal); in it first a player who never floated down (20a), then the
        fewest downfloats (20b), then one who floated up and is owed a downfloat (2d),
        then the earliest last downfloat, then the lowest in descending order.  The
        pairing-allocated bye counts as a downfloat.

        Of ESCA 23: a candidate is passed over when the level could then pair fewer of its
        players (ESCA 23a) or when nobody below can meet him with the rest still pairable.
        The first in ESCA 20 order is changed only for another player of the level who
        leaves fewer colour transfers in this level and the next (ESCA 23b,
        :meth:`float_cost`); among those leaving the fewest, ESCA 20 order decides, so a
        tie never changes the choice.  Counting alone always favours the larger colour
        group, so a change comes from pairings ESCA 1 and 7 forbid, such as a downfloater
        who may meet nobody of the opposite group below.  Several floaters are chosen one
        at a time, each counted with the opponents counted for those before him.
        """
        count = len(members) - 2 * matching.size
        whites, blacks, _ = self.groups(members)
        excess = (
            Colour.WHITE
            if len(whites) > len(blacks)
            else Colour.BLACK
            if len(blacks) > len(whites)
            else None
        )

        def key(card: Card) -> tuple[bool, bool, int, bool, int, int]:
            owed_down = card.upfloats > card.downfloats
            return (
                excess is not None and card.seeks is not excess,
                card.downfloats > 0,
                card.downfloats,
                not owed_down,
                card.last_downfloat,
                -card.index,
            )

        free = [c for c in below if c.index not in self.paired]
        lower = [c for c in free if c.score == free[0].score] if free else []
        chosen: list[Card] = []
        changed: set[int] = set()
        order = sorted(members, key=key)
        while len(chosen) < count:
            rest = [c for c in members if c not in chosen]
            floor = min(self.transfers_without_one(rest).values()) + (
                min(self.transfers_without_one(lower).values()) if lower else 0
            )
            pick: tuple[Card, int, Card | None] | None = None
            first: Card | None = None
            for card in order:
                if card in chosen:
                    continue
                counted = self.float_cost(card, rest, lower)
                if pick is not None and (counted is None or counted[0] >= pick[1]):
                    continue
                if matching.keeps((card,)) and self.can_meet_one_of(card, below):
                    if first is None:
                        first = card
                    if counted is None:
                        pick = (card, 0, None)
                        break  # the first choice floats past the next level: kept
                    pick = (card, *counted)
                    if counted[0] <= floor:
                        break
            if pick is None:
                break
            card, _, opponent = pick
            if card is not first:
                changed.add(card.index)
            matching.remove((card,))
            chosen.append(card)
            if opponent is not None:
                lower.remove(opponent)
        for card in chosen:
            group = (
                words("explain.esca.group_seekers", colour=colour_word(card.seeks))
                if card.seeks
                else words("explain.esca.group_players")
            )
            history = (
                words("explain.esca.never_floated")
                if card.downfloats == 0
                else words("explain.esca.floated_before", times=card.downfloats)
            )
            if card.index in changed:
                history = words("explain.esca.first_choice_replaced")
            larger = excess is not None and card.seeks is excess
            self.result.notes.append(
                Explanation(
                    rule="ESCA 19-20, 23" if card.index in changed else "ESCA 19-20",
                    words=words(
                        "explain.esca.floats_down_larger" if larger else "explain.esca.floats_down",
                        player=card.pairing_number,
                        score=points_text(card.score),
                        group=group,
                        history=history,
                    ),
                    players=(card.pairing_number,),
                )
            )
        return chosen, excess

    def float_cost(
        self, card: Card, level: Sequence[Card], lower: Sequence[Card]
    ) -> tuple[int, Card | None] | None:
        """ESCA 23b: the colour transfers left in ``level`` and in the next level ``lower``
        when ``card`` floats, and the opponent counted for him; ``None`` when he may meet
        nobody of ``lower`` (he would float further: not counted, and kept when he is the
        first choice).

        Our reading of ESCA 23b: transfers are counted as the pairing of ESCA 10-12 would
        make them (:meth:`transfers`), plus one when the downfloater's game is between two
        seekers of one colour.  His opponent is taken from the opposite colour group
        (ESCA 21) when he may meet one of it with the rest still pairable, a same-school
        game only when no other is possible (as :meth:`take_first` does); otherwise from
        his own group, and that game is one transfer more.
        """
        here = self.transfers([c for c in level if c is not card])
        if not lower:
            return here, None
        oracle = self.oracle
        left = self.transfers_without_one(lower)
        fair = [c for c in lower if not oracle.clash(card.index, c.index)]
        for pool in (fair, lower):
            reachable: dict[Colour | None, Card] = {}
            for colour in left:
                found = next(
                    (
                        c
                        for c in pool
                        if c.seeks is colour and oracle.allows_pair(card.index, c.index)
                    ),
                    None,
                )
                if found is not None:
                    reachable[colour] = found
            if not reachable:
                continue
            costs = [
                (0 if card.seeks is None or colour is not card.seeks else 1) + left[colour]
                for colour in reachable
            ]
            opposite = [
                (cost, colour)
                for cost, colour in zip(costs, reachable, strict=True)
                if card.seeks is None or colour is not card.seeks
            ]
            cost, colour = min(
                opposite or list(zip(costs, reachable, strict=True)), key=lambda item: item[0]
            )
            return here + cost, reachable[colour]
        return None

    def can_meet_one_of(self, card: Card, others: Sequence[Card]) -> bool:
        """True when ``card`` can meet one of ``others`` with the rest still pairable; also
        True when ``others`` is empty (the lowest level: the floater pairs upwards)."""
        free = [c for c in others if c.index not in self.paired]
        if not free:
            return True
        if self.oracle.weighted:
            return self.oracle.allows_one_of(card.index, [c.index for c in free])
        return any(
            not self.oracle.clash(card.index, c.index)
            and self.oracle.allows_pair(card.index, c.index)
            for c in free
        ) or any(self.oracle.allows_pair(card.index, c.index) for c in free)
