"""The round being paired, and the first opponent the rules allow (ESCA 1, 2, 7).

Every choice is made in the order the rules prefer, and taken only when the players still
to be paired can all be paired without a rematch (ESCA 1) and with no more same-school
games than the round needs (ESCA 7), as the oracle tells.  That is our reading of the
minimum disturbance of ESCA 2: the plain application is kept wherever the rest can still
be paired.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from pairing.engine.messages import Message, Value, chained, words
from pairing.engine.model import Explanation, TournamentState
from pairing.engine.systems.esca import options as option
from pairing.engine.systems.esca.cards import Card, pairing_cards
from pairing.engine.systems.esca.explanation import SHOWN, clauses
from pairing.engine.systems.esca.oracle import LevelMatching, Oracle, Undecided, same_school


@dataclass(frozen=True, slots=True, kw_only=True)
class Pairing:
    """Two players paired, with the rules that decided it and why, in plain words."""

    first: Card
    """The player the pairing was made for (round 1: the top-half player)."""
    second: Card
    rules: tuple[str, ...]
    why: Value


@dataclass(slots=True)
class Result:
    """What :class:`EscaPairer` found: the pairings, the bye and the notes."""

    pairings: list[Pairing] = field(default_factory=list)
    bye: Card | None = None
    notes: list[Explanation] = field(default_factory=list)


class Pairer:
    """The cards of one round, the check, and the pairings made so far."""

    def __init__(
        self, state: TournamentState, rng: random.Random, *, weighted: bool = True
    ) -> None:
        """``weighted=False``: the oracle decides by branch and bound instead of the
        weighted matching (the same answers; kept for the tests)."""
        self.state = state
        self.rng = rng
        self.cards = pairing_cards(state, rng)
        self.round1 = state.rounds_completed == 0
        self.result = Result()
        self.paired: set[int] = set()
        by_number = {c.pairing_number: c.index for c in self.cards}
        legal_bad = [frozenset(by_number[o] for o in c.avoid if o in by_number) for c in self.cards]
        schools: dict[str, set[int]] = {}
        for card in self.cards:
            if card.school:
                schools.setdefault(card.school, set()).add(card.index)
        self.legal_bad = legal_bad
        self.school_bad = [
            legal_bad[c.index] | frozenset(schools.get(c.school, ())) for c in self.cards
        ]
        self.oracle = Oracle(self.school_bad, legal_bad, weighted=weighted)

    def take_first(
        self, player: Card, candidates: Sequence[Card], level: LevelMatching | None = None
    ) -> tuple[Card, Message | None] | None:
        """The first candidate, in the order given, who may meet ``player`` and leaves the
        rest pairable; avoided pairs (same school) only after every other candidate.

        Our reading of ESCA 2 and ESCA 7: school comes before score.  Where some
        same-school games cannot be avoided, the players are paired as if they could be,
        and a same-school opponent is taken only when no other leaves the rest pairable
        with the fewest such games.  A player with no school clashes with nobody.

        Returns the opponent and why the candidates before him were passed over.
        """
        oracle = self.oracle
        skipped: list[Message] = []
        deferred: list[Card] = []

        # Without the weighted check each candidate is decided in turn, as he comes.
        one_by_one = not oracle.defers

        def unpairable(candidate: Card) -> Message:
            return words("explain.esca.skip_rest", player=candidate.pairing_number)

        def first(order: Iterable[Card]) -> Card | None:
            """The first of ``order`` who may meet ``player`` with the rest pairable;
            each passed over is named in ``skipped``.  Where the oracle leaves the
            rest's check undecided, those candidates are decided together at the end
            (:meth:`Oracle.first_allowed`), as if asked one by one."""
            undecided: list[tuple[Card, int]] = []
            """Candidates left undecided, each with where its reason would go."""
            chosen = None
            for candidate in order:
                if candidate.index in self.legal_bad[player.index]:
                    skipped.append(words("explain.esca.skip_met", player=candidate.pairing_number))
                    continue
                if level is not None and not level.keeps((player, candidate)):
                    skipped.append(
                        words("explain.esca.skip_floaters", player=candidate.pairing_number)
                    )
                    continue
                try:
                    if oracle.allows_pair(player.index, candidate.index, search=one_by_one):
                        chosen = candidate
                        break
                except Undecided:
                    undecided.append((candidate, len(skipped)))
                    continue
                skipped.append(unpairable(candidate))
            if not undecided:
                return chosen
            found = oracle.first_allowed(player.index, [c.index for c, _ in undecided])
            if found is not None:
                chosen = undecided[found][0]
                del skipped[undecided[found][1] :]
            for candidate, where in reversed(undecided[:found]):
                skipped.insert(where, unpairable(candidate))
            return chosen

        def fair() -> Iterator[Card]:
            """The candidates left in order, those of an avoided pair put by in
            ``deferred`` as they are passed (only those before the one chosen count)."""
            for candidate in candidates:
                if candidate.index in self.paired or candidate is player:
                    continue
                if oracle.clash(player.index, candidate.index):
                    deferred.append(candidate)
                else:
                    yield candidate

        chosen: Card | None = None
        if one_by_one:
            for candidate in fair():
                if (chosen := first([candidate])) is not None:
                    break
        else:
            chosen = first(fair())
        passed = list(deferred)
        # An avoided pair needs a budget; without one every deferred candidate fails.
        if chosen is None and oracle.budget > 0:
            passed = []
            chosen = first(deferred)
        if chosen is None:
            return None
        at: dict[Card, int] = {}
        if passed:
            for position, candidate in enumerate(candidates):
                at.setdefault(candidate, position)
        for earlier in reversed(passed):
            if at[earlier] < at[chosen]:
                code = (
                    "explain.esca.skip_school"
                    if same_school(player, earlier)
                    else "explain.esca.skip_apart"
                )
                skipped.insert(0, words(code, player=earlier.pairing_number))
        oracle.take_pair(player.index, chosen.index)
        if level is not None:
            level.remove((player, chosen))
        self.paired.update((player.index, chosen.index))
        shown = skipped[:SHOWN] + ([words("explain.esca.others")] if len(skipped) > SHOWN else [])
        if not skipped:
            return chosen, None
        return chosen, words("explain.esca.passed_over", players=chained("explain.comma", shown))

    def may_avoid(self, card: Card) -> bool:
        """True when ESCA 29 or 30 could concern one of ``card``'s pairings."""
        options = self.state.options
        return bool(options.value(option.AVOID_DEFAULTED_REMATCH) and card.defaulted) or (
            options.value(option.AVOID_HALF_BYE_PAIRS)
            and self.state.round_number == 2
            and card.half_bye_round1
        )

    def discretionary(self, card: Card, other: Card) -> bool:
        """True for a pairing ESCA 29 or 30 would rather avoid.

        Each is an event option, applied as a last preference within a colour group.
        ESCA 29: in round 2, two players who both had a half-point bye in round 1.
        ESCA 30: two players whose game was defaulted; the score and colour order still
        come first, so they meet when no one else of the colour group can be taken.
        """
        options = self.state.options
        if options.value(option.AVOID_DEFAULTED_REMATCH) and other.pairing_number in card.defaulted:
            return True
        return (
            options.value(option.AVOID_HALF_BYE_PAIRS)
            and self.state.round_number == 2
            and card.half_bye_round1
            and other.half_bye_round1
        )

    def record(self, card: Card, opponent: Card, tags: Sequence[str], text: list[Value]) -> None:
        """Keep a pairing with its rules and why (clauses); floats and same-school games
        are named."""
        rules = list(tags)
        if card.score != opponent.score and "ESCA 19" not in rules:
            rules.append("ESCA 9")
        if same_school(card, opponent):
            rules.append("ESCA 7")
            text = [*text, words("explain.esca.same_school")]
        self.result.pairings.append(
            Pairing(
                first=card, second=opponent, rules=tuple(dict.fromkeys(rules)), why=clauses(text)
            )
        )
