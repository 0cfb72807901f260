"""Lim 9.3 and 10: who floats out of a score group, and the order floaters are paired in."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pairing.engine.matching import bipartite_matching_size
from pairing.engine.messages import Message, Value, chained, words
from pairing.engine.model import Colour, PairingNumber, Points
from pairing.engine.systems.lim.compatibility import Compatibility, GroupMatching
from pairing.engine.systems.lim.explanation import SKIPS_SHOWN, clauses, colour_word
from pairing.engine.systems.lim.groups import Direction, Position
from pairing.engine.systems.lim.players import Entrant

MAXI_RATING_LIMIT = 100
"""Largest rating difference of an exchange in Maxi-tournaments (Lim 10.2, 10.8, 12.7)."""


def floater_order(
    floaters: Iterable[Entrant], *, group_score: Points, position: Position
) -> list[Entrant]:
    """The order in which a group's incoming floaters are paired (Lim 10.6, 10.7).

    Downfloaters by score, highest first (Lim 10.6.2), then highest numbered (smallest
    numeral) first (Lim 10.6.1); upfloaters by score, lowest first (Lim 10.7.2), then
    lowest numbered (largest numeral) first (Lim 10.7.1).  Our reading of Lim 10.6.3
    and Lim 10.7.3: at the median and above the downfloaters come first, below it the
    upfloaters.
    """
    floaters = list(floaters)
    down = sorted(
        (f for f in floaters if f.score > group_score),
        key=lambda f: (-f.score, f.pairing_number),
    )
    up = sorted(
        (f for f in floaters if f.score <= group_score),
        key=lambda f: (f.score, -f.pairing_number),
    )
    return down + up if position is not Position.BELOW else up + down


def floats_text(a: Entrant, b: Entrant, *, median_twice: int) -> Message | None:
    """Who of two paired players floated, in words (Lim 10.1).

    A floater was transferred to another score group: with different scores, the player
    above the median whose opponent is lower floated down, the player below it whose
    opponent is higher floated up; the opponent he met in the opponent's own group, and
    a median player, did not float.
    """
    if a.score == b.score:
        return None
    high, low = (a, b) if a.score > b.score else (b, a)
    down, up = 2 * high.score > median_twice, 2 * low.score < median_twice
    if down and up:
        return words("explain.lim.floats_down_up", high=high.pairing_number, low=low.pairing_number)
    if down:
        return words("explain.lim.floats_down", player=high.pairing_number)
    if up:
        return words("explain.lim.floats_up", player=low.pairing_number)
    return None


class FloaterChoice(Compatibility):
    """Lim 9.3, 10.2-10.10: who is transferred and who floats to make a group even."""

    def transfer_reason(self, player: Entrant, group: Sequence[Entrant]) -> Message:
        """Which of Lim 9.3 a-c transfers a player with no compatible opponent, in words.

        Our reading of Lim 9.3: such a player is transferred in the group's direction of
        pairing; a floater who came into the group and has none there is passed on the
        same way (Lim 10.5).
        A player who had the same colour twice has usually two more of it too: then both
        b and c are named.  A player alone in his group is transferred to make it even
        (9.3 d), not because he has played everyone in it.
        """
        if all(q is player for q in group):
            return words("explain.lim.transfer_alone")
        if all(q.pairing_number in player.avoid for q in group if q is not player):
            return words("explain.lim.transfer_played")
        difference = sum(1 if c is Colour.WHITE else -1 for c in player.colours)
        repeated = len(player.colours) >= 2 and player.colours[-1] is player.colours[-2]
        if abs(difference) >= 2 and repeated:
            return words("explain.lim.transfer_b_c")
        if abs(difference) >= 2:
            return words("explain.lim.transfer_b")
        if repeated:
            return words("explain.lim.transfer_c")
        # cannot happen: only such players are barred by colour
        return words("explain.lim.transfer_colour")

    def has_adjacent_opponent(
        self,
        candidate: Entrant,
        ahead: Sequence[Entrant],
        pool: Sequence[Entrant],
        rows: dict[PairingNumber, list[int]],
    ) -> bool:
        """True when ``candidate`` has a compatible opponent among ``pool`` (the adjacent
        group) after the floaters ``ahead``, paired there before him, have taken theirs
        (Lim 10.3, Lim 10.4: type a or c of Lim 10.9).  ``rows`` caches each player's
        compatible positions in ``pool``.
        """

        def row(player: Entrant) -> list[int]:
            known = rows.get(player.pairing_number)
            if known is None:
                known = [
                    j for j, q in enumerate(pool) if q is not player and self.compatible(player, q)
                ]
                rows[player.pairing_number] = known
            return known

        # Count opponents only as far as needed: the floaters ahead take one each at most.
        found = 0
        for q in pool:
            if q is not candidate and self.compatible(candidate, q):
                found += 1
                if found > len(ahead):
                    return True
        if not found:
            return False
        rows_ahead = [row(f) for f in ahead]
        without = bipartite_matching_size(rows_ahead, len(pool))
        return bipartite_matching_size([*rows_ahead, row(candidate)], len(pool)) > without

    def choose_parity_floater(
        self,
        players: Sequence[Entrant],
        *,
        incoming: frozenset[PairingNumber],
        direction: Direction,
        ahead: Sequence[Entrant],
        adjacent: Sequence[Entrant],
        adjacent_floaters: Sequence[Entrant],
    ) -> tuple[Entrant, Message]:
        """The player floated to make an odd group even, and why (Lim 9.3 d, 10.2-10.10).

        ``ahead`` are this group's other floaters; ``adjacent`` the players of the group
        the floater goes to and ``adjacent_floaters`` the floaters already going there.

        Our reading of Lim 10.2-10.5, 10.9 and 10.10, criteria in this order:

        1. The best floater type of Lim 10.9: avoid a, then b, then c.  Types a and b
           floated into this group this round; types a and c have no compatible opponent
           in the adjacent group once the floaters paired there before them have taken
           theirs (Lim 10.3, Lim 10.4).
        2. Lim 10.2: a player due the colour more of the group are due (anyone, when as
           many are due white as black).  In a Maxi-tournament this is dropped when it
           would pick a player rated over 100 points away from the one chosen without it.
        3. Downward the lowest numbered player (largest numeral, Lim 10.3), upward the
           highest numbered (smallest numeral, Lim 10.4).
        4. Lim 10.10: if he floated in the round before, up or down, the next player who
           did not is taken instead, as long as the group makes as many pairings (the
           rule's other condition holds, since only one type is considered).

        The choice does not look further ahead: a player it leaves without an opponent
        is put right by Lim 11.4 a.
        """
        due_white = sum(1 for p in players if p.due is Colour.WHITE)
        due_black = sum(1 for p in players if p.due is Colour.BLACK)
        down = direction is Direction.DOWN

        def precedes(other: Entrant, candidate: Entrant) -> bool:
            if down:
                return (other.score, -other.pairing_number) > (
                    candidate.score,
                    -candidate.pairing_number,
                )
            return (other.score, -other.pairing_number) < (
                candidate.score,
                -candidate.pairing_number,
            )

        pool = [*adjacent, *adjacent_floaters]
        rows: dict[PairingNumber, list[int]] = {}

        def kind(candidate: Entrant) -> int:
            before = [*adjacent_floaters, *(f for f in ahead if precedes(f, candidate))]
            opponent = self.has_adjacent_opponent(candidate, before, pool, rows)
            floated_here = candidate.pairing_number in incoming
            return (2 if floated_here else 0) + (0 if opponent else 1)

        majority = (
            None
            if due_white == due_black
            else Colour.WHITE
            if due_white > due_black
            else Colour.BLACK
        )

        def balance(candidate: Entrant) -> int:
            """0 for a player due the colour more players are due (Lim 10.2); when as many
            are due white as black, 0 for everyone."""
            return 0 if majority is None or candidate.due is majority else 1

        def rank(candidate: Entrant) -> int:
            return -candidate.pairing_number if down else candidate.pairing_number

        kinds = {p.pairing_number: kind(p) for p in players}
        best_kind = min(kinds.values())
        same_kind = [p for p in players if kinds[p.pairing_number] == best_kind]

        def avoid_repeat(ordered: list[Entrant]) -> tuple[Entrant, Entrant | None]:
            """Lim 10.10: pass over a player who floated last round if that keeps the
            number of pairings; returns the choice and the player passed over."""
            first = ordered[0]
            if not first.floated_last_round:
                return first, None
            matching = GroupMatching(players, self.compatible)
            kept = matching.size_without([first])
            for other in ordered[1:]:
                if other.floated_last_round:
                    continue
                if matching.size_without([other], bound=kept) >= kept:
                    return other, first
            return first, None

        chosen, repeat = avoid_repeat(sorted(same_kind, key=lambda p: (balance(p), rank(p))))
        plain, plain_repeat = avoid_repeat(sorted(same_kind, key=rank))
        maxi_note: Message | None = None
        if self.maxi and abs(chosen.rating - plain.rating) > MAXI_RATING_LIMIT:
            maxi_note = words(
                "explain.lim.maxi_parity",
                chosen=chosen.pairing_number,
                limit=MAXI_RATING_LIMIT,
                plain=plain.pairing_number,
            )
            chosen, repeat = plain, plain_repeat
        kind_of_chosen = kinds[chosen.pairing_number]
        came = "_came" if kind_of_chosen >= 2 else ""
        has = "has" if kind_of_chosen % 2 == 0 else "has_no"
        parts: list[Value] = [
            words(
                f"explain.lim.type{came}_{has}",
                letter="dcba"[kind_of_chosen],
                rule=f"10.{3 if down else 4}",
            )
        ]
        if kind_of_chosen != 0:
            parts.append(words("explain.lim.no_better_type"))
        first = (balance(chosen), rank(chosen))
        worse: list[Value] = [
            words(
                "explain.lim.typed", player=p.pairing_number, type="dcba"[kinds[p.pairing_number]]
            )
            for p in sorted(players, key=lambda p: (balance(p), rank(p)))
            if kinds[p.pairing_number] > kind_of_chosen and (balance(p), rank(p)) < first
        ]
        if worse:
            parts.append(
                words(
                    "explain.lim.worse_type",
                    players=chained("explain.comma", worse[:SKIPS_SHOWN]),
                )
            )
        if repeat is not None:
            parts.append(words("explain.lim.repeat_passed", player=repeat.pairing_number))
        elif chosen.floated_last_round:
            parts.append(words("explain.lim.repeat_kept"))
        if maxi_note is None:
            if majority is None:
                parts.append(words("explain.lim.due_even"))
            elif chosen.due is majority:
                parts.append(
                    words(
                        "explain.lim.due_majority",
                        colour=colour_word(majority),
                        white=due_white,
                        black=due_black,
                    )
                )
            else:
                parts.append(words("explain.lim.due_minority", colour=colour_word(majority)))
        parts.append(words("explain.lim.lowest_such" if down else "explain.lim.highest_such"))
        if maxi_note is None:
            return chosen, words("explain.lim.parity_why", why=clauses(parts))
        return chosen, words("explain.lim.parity_why_maxi", why=clauses(parts), maxi=maxi_note)
