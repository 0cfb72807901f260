"""ESCA 4, 5: the bye."""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.errors import NoValidPairing
from pairing.engine.messages import Value, words
from pairing.engine.model import Colour, Explanation
from pairing.engine.systems.esca import options as option
from pairing.engine.systems.esca.cards import Card
from pairing.engine.systems.esca.explanation import clauses, numbers, points_text
from pairing.engine.systems.esca.round_one import RoundOne


class ByeChoice(RoundOne):
    """ESCA 4, 5: who receives the bye."""

    def bye_order(self) -> list[Card]:
        """The bye candidates in the order of ESCA 4.

        Round 1: the last in alphabetical order (by lot with ESCA 26) who is not a top
        player.  Later rounds: from the lowest score level up, the larger colour group
        first, the lowest in descending order first.
        """
        if self.round1:
            order = self.round1_order()
            return [c for c in reversed(order) if not c.top] + [c for c in reversed(order) if c.top]
        larger: dict[int, Colour | None] = {}
        for score in {c.score for c in self.cards}:
            level = [c for c in self.cards if c.score == score]
            whites = sum(1 for c in level if c.seeks is Colour.WHITE)
            blacks = sum(1 for c in level if c.seeks is Colour.BLACK)
            larger[score] = (
                Colour.WHITE if whites > blacks else Colour.BLACK if blacks > whites else None
            )

        def key(card: Card) -> tuple[bool, int, bool, int]:
            group = larger[card.score]
            return (
                not card.bye_allowed,
                card.score,
                group is not None and card.seeks is not group,
                -card.index,
            )

        return sorted(self.cards, key=key)

    def choose_bye(self) -> None:
        """ESCA 4: the bye, when the number of players is odd.

        Our reading of ESCA 4: the bye comes before school (ESCA 7) and score, but a
        player who has had a bye worth a point or won a game by default never gets it:
        the rule's "if possible" bends the score level, not that condition, as arbiters
        apply it (a second bye would give one player two free points).  When every
        possible bye breaks it or leaves the others unpairable, the round has no valid
        pairing and the arbiter decides.  A candidate is passed over when the others could
        not then be paired (ESCA 1) or would need more same-school games (ESCA 7).
        Players with a requested bye or absence for the round are not paired at all; the
        engine sees only this round's requests, so a later pre-arranged bye is the
        arbiter's to enter.  The bye scores a win, without colour (ESCA 5).
        """
        if len(self.cards) % 2 == 0:
            return
        order = self.bye_order()
        oracle = self.oracle
        most = len(self.cards) // 2
        eligible = [c for c in order if c.bye_allowed]
        if not eligible:
            raise NoValidPairing(words("pairing.esca_no_bye"))
        for extra in range(most - oracle.budget + 1):
            if extra:
                oracle.relax(0)
            for card in eligible:
                if oracle.allows((card.index,), -extra):
                    oracle.take((card.index,), -extra)
                    self.paired.add(card.index)
                    self.result.bye = card
                    self.result.notes.append(self.bye_note(card, order))
                    return
        raise NoValidPairing(words("pairing.esca_bye_pairable"))

    def bye_note(self, card: Card, order: Sequence[Card]) -> Explanation:
        if self.round1:
            why = words("explain.esca.bye_alphabetical")
            if self.state.options.value(option.RANDOM):
                why = words("explain.esca.bye_drawn")
        else:
            why = words("explain.esca.bye_lowest", score=points_text(card.score))
        parts: list[Value] = [why]
        passed = [c for c in order[: order.index(card)] if c.bye_allowed]
        if passed:
            parts.append(words("explain.esca.bye_passed", players=numbers(passed)))
        return Explanation(
            rule="ESCA 4",
            words=words("explain.esca.bye", player=card.pairing_number, why=clauses(parts)),
            players=(card.pairing_number,),
        )
