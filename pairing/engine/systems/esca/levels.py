"""ESCA 8, 9: later rounds, score level by score level from the top."""

from __future__ import annotations

from pairing.engine.errors import NoValidPairing
from pairing.engine.messages import Value, words
from pairing.engine.model import Colour
from pairing.engine.systems.esca.cards import Card
from pairing.engine.systems.esca.explanation import names_rule
from pairing.engine.systems.esca.floaters import Floaters
from pairing.engine.systems.esca.oracle import LevelMatching


class Levels(Floaters):
    """ESCA 8, 9: the score levels in order, floaters carried down."""

    def pair_levels(self) -> None:
        """ESCA 8-9, 19-23: the score levels from the top, floaters carried down."""
        rest = [c for c in self.cards if c.index not in self.paired]
        levels: list[list[Card]] = []
        for card in rest:
            if levels and levels[-1][0].score == card.score:
                levels[-1].append(card)
            else:
                levels.append([card])
        carry: list[Card] = []
        linked: Colour | None = None
        for number, level in enumerate(levels):
            below = [c for lower in levels[number + 1 :] for c in lower]
            carry, linked = self.pair_level(level, carry, linked, below)
        self.pair_leftovers(carry)

    def pair_level(
        self, level: list[Card], carry: list[Card], linked: Colour | None, below: list[Card]
    ) -> tuple[list[Card], Colour | None]:
        """Pair one score level with the players floated into it; returns the players
        floated out of it, and the colour the level had in excess (ESCA 17).

        The players floated in are paired first (ESCA 21), in descending order; then the
        level's own downfloaters are chosen (ESCA 19, 20) and the rest paired (ESCA 22).
        """
        matching = LevelMatching([*carry, *level], carry, self.oracle)
        onward: list[Card] = []
        for floater in sorted(carry, key=lambda c: (-c.score, c.index)):
            if not self.pair_floater(floater, level, matching, linked):
                matching.remove((floater,))
                onward.append(floater)
        members = [c for c in level if c.index not in self.paired]
        floaters, excess = self.choose_floaters(members, matching, below)
        members = [c for c in members if c not in floaters]
        stranded = self.pair_within(members, matching)
        return sorted([*onward, *floaters, *stranded], key=lambda c: (-c.score, c.index)), (
            excess if floaters else None
        )

    def pair_leftovers(self, leftovers: list[Card]) -> None:
        """Players floated below the lowest level: paired among themselves, nearest score
        first (ESCA 9; across levels where nothing else is possible)."""
        for card in leftovers:
            if card.index in self.paired:
                continue
            others = sorted(
                (c for c in leftovers if c.index not in self.paired and c is not card),
                key=lambda c: (abs(c.score - card.score), c.index),
            )
            while True:
                found = self.take_first(card, others)
                if found is not None:
                    break
                if self.oracle.budget >= len(self.cards) // 2:
                    raise NoValidPairing(words("pairing.esca_floaters"))
                self.oracle.relax()
            opponent, skipped = found
            text: list[Value] = [words("explain.esca.across_levels")]
            if skipped:
                text.append(skipped)
            tags = ["ESCA 9"] + (["ESCA 7"] if names_rule(skipped, "ESCA 7") else [])
            self.record(card, opponent, tags, text)
