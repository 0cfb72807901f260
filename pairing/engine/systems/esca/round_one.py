"""ESCA 3, 6, 26, 27: round 1, top half against bottom half."""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.errors import NoValidPairing
from pairing.engine.messages import Message, Value, words
from pairing.engine.model import Explanation, Round1Separation
from pairing.engine.systems.esca import options as option
from pairing.engine.systems.esca.cards import Card
from pairing.engine.systems.esca.explanation import clauses, names_rule
from pairing.engine.systems.esca.oracle import Oracle, same_school
from pairing.engine.systems.esca.pairer import Pairer, Pairing


class RoundOne(Pairer):
    """ESCA 3, 6, 26, 27: the pairings of round 1."""

    def round1_order(self) -> list[Card]:
        """ESCA 6, 26: alphabetical order, or by lot (the lots drawn in ``pairing_cards``)."""
        if self.state.options.value(option.RANDOM):
            return sorted(self.cards, key=lambda c: (c.lot, c.pairing_number))
        return sorted(self.cards, key=lambda c: (c.name.casefold(), c.pairing_number))

    def round1_separation(self, card: Card, other: Card) -> list[Message]:
        """What ESCA 3, 6 and 27 would keep apart in round 1 for these two players.

        Our reading of ESCA 27: each separation is an event option and applies in round 1
        only; how far to keep such players apart later is left to the arbiter.
        """
        reasons = []
        if card.top and other.top:
            reasons.append(words("explain.esca.apart_top"))
        options = self.state.options.value(option.ROUND1_SEPARATION)
        if Round1Separation.AREA in options and card.area and card.area == other.area:
            reasons.append(words("explain.esca.apart_area"))
        if (
            Round1Separation.FEDERATION in options
            and card.federation
            and card.federation == other.federation
        ):
            reasons.append(words("explain.esca.apart_country"))
        return reasons

    def round1_oracle(self, rest: Sequence[Card]) -> None:
        """Tighten the check to the round-1 separations of ESCA 3, 6 and 27.

        Schools first (ESCA 7, already in the check).  Then top players are kept apart
        whenever the whole round allows it, and the areas and countries of the event's
        ESCA 27 options as far as it allows (the fewest such pairings, counted like
        same-school games).  When top players cannot all be kept apart, top players,
        areas and countries together are kept to the fewest pairings.  When same-school
        games are unavoidable, only they are counted.
        """
        if self.oracle.budget:
            return
        options = self.state.options.value(option.ROUND1_SEPARATION)
        tops = frozenset(c.index for c in rest if c.top)
        areas: dict[str, set[int]] = {}
        countries: dict[str, set[int]] = {}
        for card in rest:
            if Round1Separation.AREA in options and card.area:
                areas.setdefault(card.area, set()).add(card.index)
            if Round1Separation.FEDERATION in options and card.federation:
                countries.setdefault(card.federation, set()).add(card.index)
        if not tops and not areas and not countries:
            return
        apart_tops = []
        apart_all = []
        for card in self.cards:
            top = tops if card.top else frozenset()
            local = frozenset(areas.get(card.area, ())) | frozenset(
                countries.get(card.federation, ())
            )
            apart_tops.append(self.school_bad[card.index] | top)
            apart_all.append(self.school_bad[card.index] | top | local)
        for hard, note in (
            (apart_tops, "explain.esca.round1_tops"),
            (self.school_bad, "explain.esca.round1_schools"),
        ):
            oracle = Oracle(apart_all, hard, weighted=self.oracle.weighted)
            if self.oracle.gone:
                oracle.take(self.oracle.gone)
            shortfall = oracle.shortfall
            if shortfall and oracle.legal_size() < oracle.remaining // 2:
                continue
            if shortfall:
                oracle.relax(shortfall)
            parts: list[Value] = [words(note)]
            if areas or countries:
                parts.append(words("explain.esca.round1_areas"))
            self.oracle = oracle
            self.result.notes.append(
                Explanation(rule="ESCA 6", words=words("explain.esca.round1", note=clauses(parts)))
            )
            return

    def pair_round1(self) -> None:
        """ESCA 6: top half v bottom half in alphabetical order.

        Our reading of ESCA 3 and ESCA 6: with the bye taken out, the players in
        alphabetical order (by lot with ESCA 26) are split into a top and a bottom half,
        and each top-half player in order takes the first bottom-half player not yet
        taken.  So when a pairing must change, two neighbouring boards swap opponents
        (1 v 6, 2 v 5) and the others stay.  A pairing is passed over when it would bring
        together two players of one school (ESCA 7), two top players (ESCA 3), or, with
        the event's ESCA 27 options, two of one area or country, or when the rest could
        not then be paired so (:meth:`round1_oracle`).  Top players are kept apart in
        round 1 only; later rounds are paired by score.
        """
        order = [c for c in self.round1_order() if c.index not in self.paired]
        self.round1_oracle(order)
        half = len(order) // 2
        top, bottom = order[:half], order[half:]
        for i, card in enumerate(top):
            if card.index in self.paired:
                continue
            candidates = bottom + top[i + 1 :][::-1]
            if not self.pair_one(card, candidates, natural=bottom[i], rule="ESCA 6"):
                raise NoValidPairing(words("pairing.esca_round_one"))
        for i, card in enumerate(bottom):
            if card.index not in self.paired and not self.pair_one(
                card, bottom[i + 1 :], natural=None, rule="ESCA 6"
            ):
                raise NoValidPairing(words("pairing.esca_round_one"))

    def pair_one(
        self,
        card: Card,
        candidates: Sequence[Card],
        *,
        natural: Card | None,
        rule: str,
        rules: tuple[str, ...] = (),
        text: Message | None = None,
    ) -> bool:
        """Pair ``card`` with the first acceptable candidate, relaxing ESCA 7 if need be."""
        while True:
            found = self.take_first(card, candidates)
            if found is not None:
                break
            if self.oracle.budget >= len(self.cards) // 2:
                return False
            self.oracle.relax()
        opponent, skipped = found
        why: list[Value] = [
            text
            or words(
                "explain.esca.top_v_bottom"
                if opponent is natural
                else "explain.esca.first_bottom_left"
            )
        ]
        if skipped:
            why.append(skipped)
        tags = [rule, *rules]
        if names_rule(skipped, "ESCA 7"):
            tags.append("ESCA 7")
        if opponent is not natural and self.round1 and natural is not None:
            reasons = self.round1_separation(card, natural)
            if reasons:
                why.append(
                    words(
                        "explain.esca.kept_apart",
                        player=natural.pairing_number,
                        reasons=clauses(reasons),
                    )
                )
                top = any(r.code == "explain.esca.apart_top" for r in reasons)
                tags.append("ESCA 3" if top else "ESCA 27")
        if same_school(card, opponent):
            tags.append("ESCA 7")
            why.append(words("explain.esca.same_school"))
        self.result.pairings.append(
            Pairing(first=card, second=opponent, rules=tuple(dict.fromkeys(tags)), why=clauses(why))
        )
        return True
