"""Lim 9.4, 9.5, 10.6-10.8, 11: pairing the players of a score group after its transfers."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

from pairing.engine.messages import Message, Value, chained, words
from pairing.engine.model import Colour, PairingNumber, Points
from pairing.engine.systems.lim.colours import colours_fit
from pairing.engine.systems.lim.compatibility import Compatibility, GroupMatching, colours_legal
from pairing.engine.systems.lim.explanation import SKIPS_SHOWN, clauses, colour_word, points_text
from pairing.engine.systems.lim.floaters import MAXI_RATING_LIMIT, floater_order
from pairing.engine.systems.lim.groups import Direction, Pairing, Position
from pairing.engine.systems.lim.players import Entrant


@dataclass(frozen=True, slots=True, kw_only=True)
class Choice:
    """The opponent found for a player, with the candidates passed over on the way."""

    opponent: Entrant
    fits_colours: bool
    skipped: tuple[tuple[PairingNumber, Message], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Scrutiny:
    """A group's players paired: the pairings, who floated by Lim 11.4 and why, and
    whether the floater of 9.3 d came back into the group (11.4 a)."""

    pairings: tuple[Pairing, ...]
    floated: tuple[tuple[Entrant, Message], ...]
    parity_back: bool


def direction_key(direction: Direction) -> Callable[[Entrant], int]:
    """Sort key putting the player scrutinised first in front (Lim 11.1).

    Downward the highest numbered player (smallest numeral) comes first, upward the
    lowest numbered one (largest numeral).
    """
    if direction is Direction.DOWN:
        return lambda p: p.pairing_number
    return lambda p: -p.pairing_number


def scrutiny_candidates(remaining: Sequence[Entrant]) -> Iterator[Entrant]:
    """Opponents for ``remaining[0]`` in the order of the Lim 11.2 table (Lim 9.4, 11.1).

    ``remaining`` is in scrutiny order.  The proposed opponent of 9.4 first, then the
    rest of the bottom half in order, then the top half from its bottom up.
    """
    half = len(remaining) // 2
    for index in range(half, len(remaining)):
        yield remaining[index]
    for index in range(half - 1, 0, -1):
        yield remaining[index]


def proposed_pairings(players: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """1 v n/2+1, 2 v n/2+2 ... n/2 v n for players given in order (Lim 9.4)."""
    half = len(players) // 2
    return tuple((players[i], players[i + half]) for i in range(half))


def exchange_columns(
    fixed: Sequence[tuple[int, int]], remaining: Sequence[int]
) -> Iterator[tuple[tuple[int, int], ...]]:
    """The proposed pairing and the exchanges tried for ``remaining[0]`` (Lim 11.2, 11.3).

    ``fixed`` are the pairings already confirmed for players scrutinised before, in
    scrutiny order, each written scrutinised player first; ``remaining`` the others in
    scrutiny order (ascending numerals when pairing downward).  Each yielded column is a
    whole pairing of the group, every pairing and the column in the order of
    ``remaining``, as the tables of 11.2 and 11.3 print them: first the opponents of
    :func:`scrutiny_candidates`, the rest paired by 9.4; then, latest first, the opponent
    of a player already scrutinised, who takes the highest numbered player left; then that
    player himself, whose opponent rejoins the rest.  With every pairing compatible this
    is the order in which :func:`pair_lim` looks for an opponent.
    """
    ascending = len(remaining) < 2 or remaining[0] <= remaining[-1]

    def key(player: int) -> int:
        return player if ascending else -player

    def column(pairs: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
        ordered = [(a, b) if key(a) < key(b) else (b, a) for a, b in pairs]
        return tuple(sorted(ordered, key=lambda pair: key(pair[0])))

    player, others = remaining[0], list(remaining[1:])
    half = len(remaining) // 2
    for opponent in [*remaining[half:], *remaining[half - 1 : 0 : -1]]:
        rest = [p for p in others if p != opponent]
        yield column([*fixed, (player, opponent), *proposed_pairings(rest)])
    for index in range(len(fixed) - 1, -1, -1):
        holder, taken = fixed[index]
        changed = list(fixed)
        changed[index] = (holder, others[0])
        yield column([*changed, (player, taken), *proposed_pairings(others[1:])])
    for index in range(len(fixed) - 1, -1, -1):
        holder, released = fixed[index]
        changed = list(fixed)
        changed[index] = (holder, player)
        rest = sorted([*others, released], key=key)
        yield column([*changed, *proposed_pairings(rest)])


def skipped_text(choice: Choice) -> list[Value]:
    """The candidates passed over, in words: a clause, or none."""
    if not choice.skipped:
        return []
    shown: list[Value] = [
        words("explain.lim.skipped", player=pn, reason=reason)
        for pn, reason in choice.skipped[:SKIPS_SHOWN]
    ]
    more = len(choice.skipped) > SKIPS_SHOWN
    code = "explain.lim.passed_over_more" if more else "explain.lim.passed_over"
    return [words(code, players=chained("explain.comma", shown))]


class Exchanges(Compatibility):
    """Lim 9.4, 9.5, 10.6-10.8, 11, 12.2: the players of a group paired."""

    def pick(
        self,
        player: Entrant,
        candidates: Iterable[Entrant],
        feasible: Callable[[Entrant], bool],
        *,
        colour_possible: bool,
        maxi_rule: str = "Lim 12.7",
    ) -> Choice | None:
        """The first candidate that is compatible and keeps the group pairable, preferring
        one that lets both have their due colours (Lim 10.8, 11.1, 12.2, 12.7, 13).

        ``candidates`` come in the order of the rule that applies; ``feasible`` says
        whether the rest of the group could still be paired as fully as before.

        Our reading of Lim 10.8: a floater takes the first available player due the other
        colour, or when nobody is, the first compatible one.  Of Lim 12.2 and Lim 12.7:
        the first candidate who lets both have their due colours is preferred to the first
        compatible one, in a Maxi-tournament only if their ratings differ by 100 points or
        less (``maxi_rule`` names the rule: Lim 10.8 for a floater's opponent, Lim 12.7
        otherwise).  In the last round an opponent keeping Lim 9.1 is preferred to one who
        needs Lim 13.
        """
        default: Entrant | None = None
        legal: Entrant | None = None
        relaxed: Entrant | None = None
        skipped: list[tuple[int, PairingNumber, Message]] = []

        def skip(index: int, q: Entrant, reason: Message) -> None:
            if len(skipped) <= SKIPS_SHOWN:
                skipped.append((index, q.pairing_number, reason))

        refused: list[tuple[int, PairingNumber, Message]] = []

        def passed_before(chosen: int) -> tuple[tuple[PairingNumber, Message], ...]:
            # Opponents refused by the Maxi limit are named even when they came later.
            return tuple(
                (pn, reason)
                for index, pn, reason in sorted({*skipped, *refused})
                if index < chosen or (index, pn, reason) in refused
            )

        positions: dict[PairingNumber, int] = {}
        for index, q in enumerate(candidates):
            if not self.compatible(player, q):
                skip(index, q, self.why_incompatible(player, q))
                continue
            fits = colour_possible and colours_fit(player, q)
            keeps_91 = not self.last_round or colours_legal(player, q)
            if not (fits or default is None or (keeps_91 and legal is None) or relaxed is None):
                if colour_possible and not fits:
                    skip(index, q, words("explain.lim.skip_due", colour=colour_word(player.due)))
                continue
            if not feasible(q):
                skip(index, q, words("explain.lim.skip_rest"))
                continue
            positions[q.pairing_number] = index
            if default is None:
                default = q
            if fits and (not self.maxi or abs(q.rating - default.rating) <= MAXI_RATING_LIMIT):
                return Choice(opponent=q, fits_colours=True, skipped=passed_before(index))
            if fits:
                reason = words("explain.lim.skip_maxi", limit=MAXI_RATING_LIMIT, rule=maxi_rule)
                skip(index, q, reason)
                refused.append((index, q.pairing_number, reason))
            elif colour_possible:
                skip(index, q, words("explain.lim.skip_due", colour=colour_word(player.due)))
            if keeps_91 and legal is None:
                legal = q
            if relaxed is None:
                relaxed = q
            if not colour_possible and legal is not None:
                break
        chosen = legal or relaxed
        if chosen is None:
            return None
        return Choice(
            opponent=chosen,
            fits_colours=False,
            skipped=passed_before(positions[chosen.pairing_number]),
        )

    def pair_players(
        self,
        players: Sequence[Entrant],
        *,
        group_score: Points,
        incoming: frozenset[PairingNumber],
        direction: Direction,
        position: Position,
        parity: Entrant | None,
    ) -> Scrutiny:
        """Pair a group's players after its transfers: floaters first, then 9.4 and 11.

        Our reading of Lim 9.5 and Lim 11.1-11.3: pairing downward, the highest numbered
        player not yet paired is scrutinised first (upward, the lowest numbered).  He tries
        his opponents in the order of the tables of Lim 11.2 and Lim 11.3
        (:func:`exchange_columns`); an opponent is taken only if the rest of the group can
        still be paired as fully as before.  That check never changes a pairing the plain
        procedure completes; it only keeps the procedure out of dead ends.

        The plain procedure (each player takes the first opponent in the order of Lim 10.8
        or 11) is tried first.  If it runs into a player it cannot pair, it is run again
        taking only opponents that leave the rest of the group as pairable as it was, with
        the last exchanges of 11.3 and the floats of 11.4.  When the plain run succeeds
        the checked run would give the same pairing.  In Maxi-tournaments the checked run
        is used at once, since its first choices are the ones the 100-point limit is
        measured from.
        """
        if not self.maxi:
            plain = self._scrutinise(
                players,
                group_score=group_score,
                incoming=incoming,
                direction=direction,
                position=position,
                parity=parity,
                checked=False,
            )
            if plain is not None:
                return plain
        checked = self._scrutinise(
            players,
            group_score=group_score,
            incoming=incoming,
            direction=direction,
            position=position,
            parity=parity,
            checked=True,
        )
        if checked is None:
            raise AssertionError("the checked procedure always ends")
        return checked

    def _scrutinise(
        self,
        players: Sequence[Entrant],
        *,
        group_score: Points,
        incoming: frozenset[PairingNumber],
        direction: Direction,
        position: Position,
        parity: Entrant | None,
        checked: bool,
    ) -> Scrutiny | None:
        """One run of the procedure; None when the plain run meets a player it cannot pair."""
        key = direction_key(direction)
        remaining = sorted(players, key=key)
        made: list[Pairing] = []
        floated: list[tuple[Entrant, Message]] = []
        parity_back = False
        dues = {Colour.WHITE: 0, Colour.BLACK: 0, None: 0}
        for p in remaining:
            dues[p.due] += 1
        # The checked run keeps a maximum matching of the players left: ``achievable``
        # pairings can still be made among them, and every step keeps that many.
        matching = GroupMatching(remaining, self.compatible) if checked else None
        achievable = matching.size if matching is not None else len(remaining) // 2
        exchanged: set[tuple[PairingNumber, PairingNumber]] = set()
        rejoined: set[PairingNumber] = set()

        def rebuild() -> None:
            nonlocal matching, achievable
            matching = GroupMatching(remaining, self.compatible)
            achievable = matching.size

        def take(*gone: Entrant) -> None:
            for p in gone:
                remaining.remove(p)
                dues[p.due] -= 1

        def give(p: Entrant) -> None:
            remaining.append(p)
            remaining.sort(key=key)
            dues[p.due] += 1

        def possible(player: Entrant) -> bool:
            if player.due is None:
                return len(remaining) > 1
            return dues[player.due.opposite] + dues[None] > 0

        def checker(player: Entrant) -> Callable[[Entrant], bool]:
            if matching is None:
                return lambda q: True
            check = matching

            def feasible(q: Entrant) -> bool:
                return check.size_without([player, q], bound=achievable - 1) >= achievable - 1

            return feasible

        def stuck(player: Entrant, why: Message) -> None:
            # Our reading of Lim 11.4: a player who cannot be paired however the earlier
            # pairings are exchanged floats.  In an odd group the player floated to make it
            # even comes back in his place (Lim 11.4 a); in an even group the lowest
            # numbered player left (upward: highest) whose leaving lets the others be
            # paired floats with him (Lim 11.4 b).
            # Only the checked run gets here: the player is left unmatched by every maximum
            # matching, so his leaving costs no pairing.
            nonlocal parity_back, achievable
            assert matching is not None
            take(player)
            achievable = matching.remove([player], bound=achievable)
            if parity is not None and not parity_back:
                parity_back = True
                give(parity)
                rebuild()
                back = words("explain.lim.parity_back", player=parity.pairing_number)
                floated.append((player, words("explain.semicolon", first=why, rest=back)))
                return
            floated.append((player, why))
            if len(remaining) % 2 == 1:
                for companion in reversed(remaining):
                    if matching.size_without([companion], bound=achievable) >= achievable:
                        take(companion)
                        achievable = matching.remove([companion], bound=achievable)
                        code = (
                            "explain.lim.companion_lowest"
                            if direction is Direction.DOWN
                            else "explain.lim.companion_highest"
                        )
                        floated.append((companion, words(code, player=player.pairing_number)))
                        break

        def paired(first: Entrant, second: Entrant, pairing: Pairing) -> None:
            nonlocal achievable
            take(first, second)
            made.append(pairing)
            if matching is not None:
                achievable = matching.remove([first, second], bound=achievable - 1)

        # Lim 10.6, Lim 10.7: the floaters who came in are paired first, each with a player
        # of the group who did not float if possible.  ``remaining`` is in the direction of
        # pairing, so in the median group, paired downward, an upfloater too takes the
        # highest numbered player (our reading of Lim 10.8).
        for floater in floater_order(
            (p for p in remaining if p.pairing_number in incoming),
            group_score=group_score,
            position=position,
        ):
            if floater not in remaining:
                continue
            residents = [p for p in remaining if p.pairing_number not in incoming]
            others = [p for p in remaining if p.pairing_number in incoming and p is not floater]
            choice = self.pick(
                floater,
                [*residents, *others],
                checker(floater),
                colour_possible=possible(floater),
                maxi_rule="Lim 10.8",
            )
            if choice is None:
                if not checked:
                    return None
                stuck(floater, words("explain.lim.stuck_floater"))
                continue
            paired(
                floater,
                choice.opponent,
                self._floater_pairing(floater, choice, direction, position, group_score),
            )

        while remaining:
            player = remaining[0]
            proposed = remaining[len(remaining) // 2] if len(remaining) > 1 else None
            choice = self.pick(
                player,
                scrutiny_candidates(remaining),
                checker(player),
                colour_possible=possible(player),
            )
            if choice is not None:
                paired(
                    player,
                    choice.opponent,
                    self._scrutiny_pairing(player, proposed, choice, position),
                )
                continue
            if not checked:
                return None
            exchange = (
                None
                if player.pairing_number in rejoined
                else self._exchange_with_earlier(player, remaining, made, exchanged)
            )
            if exchange is not None:
                left, released = exchange
                take(*left)
                assert matching is not None
                if released is None:
                    achievable = matching.remove(left)
                else:
                    give(released)
                    rejoined.add(released.pairing_number)
                    rebuild()
                continue
            stuck(player, words("explain.lim.stuck_player"))
        return Scrutiny(pairings=tuple(made), floated=tuple(floated), parity_back=parity_back)

    def _exchange_with_earlier(
        self,
        player: Entrant,
        remaining: Sequence[Entrant],
        made: list[Pairing],
        exchanged: set[tuple[PairingNumber, PairingNumber]],
    ) -> tuple[tuple[Entrant, ...], Entrant | None] | None:
        """The last exchanges of the 11.3 table for a player no one left can meet: take the
        opponent of a player already scrutinised, who takes the highest numbered compatible
        player left, or else that player himself, whose opponent rejoins the group
        (Lim 11.3, 11.4).  Rewrites ``made``; returns who left the group and who rejoined
        it, or None.

        No matching check is needed: the player is unmatched in every maximum matching of
        the players left, so neither exchange lowers the number of pairings still possible.
        An exchange is made at most once for the same two players, and a player who
        rejoined the group by the second kind floats if he is left without an opponent
        again (the caller's reading of 11.4), so the search ends.
        """
        for index in range(len(made) - 1, -1, -1):
            earlier = made[index]
            holder, taken = earlier.first, earlier.second
            move = (player.pairing_number, taken.pairing_number)
            if move in exchanged or not self.compatible(player, taken):
                continue
            partner = next(
                (p for p in remaining if p is not player and self.compatible(holder, p)), None
            )
            if partner is None:
                continue
            exchanged.add(move)
            made[index] = replace(
                earlier,
                second=partner,
                rules=("Lim 11.3",),
                why=words(
                    "explain.lim.gave_up",
                    holder=holder.pairing_number,
                    taken=taken.pairing_number,
                    player=player.pairing_number,
                ),
            )
            made.append(
                Pairing(
                    first=player,
                    second=taken,
                    position=earlier.position,
                    rules=("Lim 11.3",),
                    why=words(
                        "explain.lim.takes",
                        player=player.pairing_number,
                        taken=taken.pairing_number,
                        holder=holder.pairing_number,
                    ),
                )
            )
            return (player, partner), None
        for index in range(len(made) - 1, -1, -1):
            earlier = made[index]
            holder, released = earlier.first, earlier.second
            move = (player.pairing_number, holder.pairing_number)
            if move in exchanged or not self.compatible(player, holder):
                continue
            exchanged.add(move)
            made[index] = replace(
                earlier,
                second=player,
                rules=("Lim 11.3",),
                why=words(
                    "explain.lim.released",
                    player=player.pairing_number,
                    holder=holder.pairing_number,
                    released=released.pairing_number,
                ),
            )
            return (player,), released
        return None

    def _floater_pairing(
        self,
        floater: Entrant,
        choice: Choice,
        direction: Direction,
        position: Position,
        group_score: Points,
    ) -> Pairing:
        """A floater's pairing with its explanation (Lim 10.6-10.8)."""
        end = "highest" if direction is Direction.DOWN else "lowest"
        order_rule = "Lim 10.6" if floater.score > group_score else "Lim 10.7"
        q = choice.opponent
        fits = "due" if choice.fits_colours else "compatible"
        how = words(f"explain.lim.{end}_{fits}")
        why = words(
            "explain.lim.floater_first",
            floater=floater.pairing_number,
            points=points_text(floater.score),
            rule=order_rule,
            opponent=q.pairing_number,
            how=how,
        )
        return Pairing(
            first=floater,
            second=q,
            position=position,
            rules=(order_rule, "Lim 10.8"),
            why=clauses([why, *skipped_text(choice)]),
        )

    def _scrutiny_pairing(
        self, player: Entrant, proposed: Entrant | None, choice: Choice, position: Position
    ) -> Pairing:
        """A scrutinised player's pairing with its explanation (Lim 9.4, 9.5, 11.1, 12.2)."""
        q = choice.opponent
        if proposed is q:
            why = words(
                "explain.lim.proposed", player=player.pairing_number, opponent=q.pairing_number
            )
            rules: tuple[str, ...] = ("Lim 9.4",)
        else:
            values: dict[str, Value] = {
                "player": player.pairing_number,
                "proposed": proposed.pairing_number if proposed else "-",
                "opponent": q.pairing_number,
            }
            if choice.fits_colours:
                why = words("explain.lim.exchanged_due", **values)
                rules = ("Lim 9.5", "Lim 11.1", "Lim 12.2")
            else:
                why = words("explain.lim.exchanged", **values)
                rules = ("Lim 9.5", "Lim 11.1")
        return Pairing(
            first=player,
            second=q,
            position=position,
            rules=rules,
            why=clauses([why, *skipped_text(choice)]),
        )
