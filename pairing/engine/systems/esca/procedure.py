"""English Schools' Chess Association: Rules for Swiss Pairings, rules 1-30.

That text is the definition.  This module pairs a round as an arbiter with pairing cards
would: the bye first (ESCA 4), then round 1 top half against bottom half in alphabetical
order (ESCA 6), or in later rounds score level by score level from the top (ESCA 8-9): the
players floated down from above are paired first (ESCA 21), an odd level floats one player
down (ESCA 19-20), and the rest are paired white seekers against black seekers (ESCA 10-12,
17-18).  Colours are settled by the final colour check (ESCA 24).  ``pair`` is the system's
entry point; ``repair`` changes a published draw with the least disturbance (ESCA 25).

Every choice is made in the order the text prefers, and a choice is taken only when the
players still to be paired can all be paired without a rematch (ESCA 1, the only
absolute rule) and with no more same-school games than the round needs (ESCA 7).  That
check is a maximum matching of the players not yet paired (``matching.ShrinkingMatching``),
kept up to date as pairs are made; a second matching of the score level being paired
makes sure a choice does not float more players out of the level than needed (ESCA 9,
23a).  This is the "minimum disturbance" of ESCA 2: the perfect application is kept
wherever the rest can still be paired, and changed only where it cannot.

Readings of points the text leaves open (each one is tested under its rule's number in
``tests/engine/test_esca.py``):

1. **ESCA 1.**  "Played the same opponent" counts games actually played; a defaulted
   game is not a meeting (ESCA 30 says such players "are still eligible").  The event's
   forbidden pairs (relatives, ESCA 27) are treated like a rematch.
2. **ESCA 2, 7: school first.**  School comes before score: in every round the number of
   same-school games is the smallest any pairing without a rematch allows (none at all
   in rounds 1-3, and later, whenever that is possible), even at the price of floats.  A
   player with no school given clashes with nobody.  Where some same-school games cannot
   be avoided, the players are paired as if they could, and a same-school opponent is
   taken only when no other one leaves the rest pairable with the smallest number of
   such games.  That number is counted exactly at every size (``Oracle``): a maximum
   matching without same-school games that leaves ``2k`` players bounds it from below
   (and is the answer when ``k`` is 0); a pairing of everyone with ``k`` such games,
   kept and repaired from choice to choice, proves it from above; where the two differ
   (a matching without clashes that cannot be completed without more of them), a branch
   and bound search bounded by the same two matchings settles it
   (``matching.perfect_matching_within``).
   The bye (ESCA 4) comes before the school, and it is never a second bye: a player
   who had a bye worth a point or won a game by default never gets the bye (reading 9).
3. **ESCA 10: "descending order".**  Score, then rating (grading; 0 for ungraded), then
   alphabetical order of the name (case-insensitive), then pairing number.  With random
   pairings (ESCA 26) a lot drawn from the seed replaces the alphabetical order.
4. **ESCA 10-11: pairing the seekers.**  After the transfers the i-th white seeker plays
   the i-th black seeker.  When that pairing is not possible (ESCA 1, 7) the white
   seeker takes the next black seeker in order; only when no black seeker can be taken
   does he meet another white seeker (the one lowest in order), which is one more
   colour transfer.  A player who has played no game yet seeks neither colour; such
   players fill the smaller colour group, in order.
5. **ESCA 12, 18: claim strength.**  A claim to a colour is compared by (i) the size of
   the colour difference, then (ii)-(iii) the run of the last colour (a run of the other
   colour strengthens the claim, a run of the sought colour weakens it), then (v) fewer
   games played; byes and defaults are ignored (iv).  The transferred players are those
   with the weakest claims; among identical claims (ESCA 18) the lowest in descending
   order is transferred.
6. **ESCA 17.**  When a level floats a player down and has an excess of one colour, and
   the level below has an excess of the same colour, the transfer falls on the weaker
   claim of the two levels taken together: the downfloater meets a player of his own
   colour group when his claim is weaker than every claim of that group below, and is
   then the one transferred.  Otherwise ESCA 21 takes his opponent from the opposite
   colour group and the lower level transfers its own weakest claim.
7. **ESCA 2d, 19-21: float history.**  The downfloater comes from the larger colour
   group (either group when they are equal); among them, first a player who never
   floated down (20a), then fewest downfloats (20b), then one who floated up and is owed
   a downfloat (2d), then the earliest last downfloat, then the lowest in descending
   order.  The downfloater's opponent comes from the opposite colour group of the level
   below: first a player who did not float up in the previous round (21a), then fewest
   upfloats (21b), then one owed an upfloat (2d), then the highest in descending order.
   Several downfloaters are paired in descending order.  A float is read from the scores
   before each round (``floats.py``); the pairing-allocated bye counts as a downfloat.
8. **ESCA 23.**  A selected floater is changed only when keeping him would float more
   players (the level's matching check), when nobody below can meet him with the rest
   still pairable, or when a pairing in the level would leave the rest unpairable (then
   that player floats as well): 23a, never more floaters, comes first.  Then 23b: the
   colour transfers are counted in the level and in the next level below, as the pairing
   of ESCA 10-12 would make them (half the excess of one colour group, after the players
   with no colour yet fill the smaller group), plus one when the downfloater's game is
   between two seekers of one colour.  His opponent is counted from the opposite colour
   group when he may meet one of it (ESCA 1, 7 and the rest still pairable, as they
   decide every pairing), otherwise from his own group; a candidate who may meet nobody
   of the next level is not counted (and when he is the first choice, he is kept).  The
   first candidate of ESCA 20 order is kept unless another candidate of the level
   (another player of the larger group, or one of the smaller) leaves fewer transfers;
   among those that leave the fewest the ESCA 20 order decides, so a tie never changes
   the choice.  By the counting alone the larger colour group is always among the best,
   so a change comes from the pairings ESCA 1 and 7 forbid, such as a downfloater who
   may meet nobody of the opposite group below.  His opponent is then still chosen by
   ESCA 21 (and 17).  Several floaters are chosen one at a time, each counted with the
   opponents counted for those before him.  Players still unpaired below the lowest
   level are paired among themselves, nearest score first.
9. **ESCA 4.**  Round 1: the last player in alphabetical order (by lot with ESCA 26) who
   is not a top player.  Later rounds: from the lowest score level, the larger colour
   group first, the lowest in descending order first.  A player who has had a bye worth a
   point or won a game by default is never taken: the text's "seeking a player who has
   not hitherto had a bye or default" is read with its "if possible" bound to the score
   level only, as arbiters apply it (a second bye would give one player two free points
   while others have none); when every possible bye would break it, or leave the others
   unpairable, the round has no valid pairing (``NoValidPairing``, exit status 1 on the
   command line) and the arbiter decides.  A player with a
   requested bye or absence for the round is not paired at all; the engine sees only the
   requests of the round being paired, so later pre-arranged byes are the arbiter's to
   enter before pairing.  A bye candidate is passed over when the others could not then
   be paired (ESCA 1) or would need more same-school games (ESCA 7).
10. **ESCA 3, 6: round 1.**  The players in alphabetical order (by lot with ESCA 26), the
    bye taken out, are split into a top and a bottom half; the i-th of the top half plays
    the i-th of the bottom half; more exactly, each top-half player in order takes the
    first bottom-half player not yet taken, so that when a pairing must change the two
    neighbouring boards swap opponents (1 v 6, 2 v 5) and the rest stay.  A pairing is
    passed over when it would bring together two players of one school (ESCA 7), two top
    players (ESCA 3, 6), or, with the event's ESCA 27 options, two players of one area or
    country, or when the rest could then not be paired so.  School comes first; then
    top players are kept apart whenever the whole round allows it, and areas and
    countries are kept to the fewest such pairings the round allows (counted as
    same-school games are, reading 2).  Where top players cannot all be kept apart, top
    players, areas and countries together are kept to the fewest.  The top player
    separation applies to round 1 only; later rounds are paired by score.
11. **ESCA 6, 24: colours.**  Round 1: the top-half player of board 1 has the colour
    drawn by lot (or the event's fixed colour), and the colours alternate down the
    boards.  Later rounds: each player gets the colour he seeks when the two seek
    different colours.  When both seek the same colour, the stronger claim (reading 5)
    gets it; identical claims are "identical colour requirements" (ESCA 24): the top
    player gets it; otherwise the higher score; two top players with the same score are
    separated by lot (the text's lot), two other players by the descending order (the
    text says nothing; the higher card keeps the seed's result independent of the
    lot).  A player who has played no game takes the colour his opponent does not seek;
    two such players are given colours by lot.
12. **ESCA 25.**  ``repair`` keeps every published board whose two players still play,
    and the bye if its player still needs it; the players left over (opponents of an
    absent player, late entrants) are paired by the same rules among themselves.  When
    they cannot be paired without a rematch, the kept board nearest to them in score
    (the lowest board first) is opened as well, one at a time.
13. **ESCA 26.**  Random pairings (the event's option) replace alphabetical order by a
    lot drawn from the seed, in round 1 and within equal ratings in later rounds.
14. **ESCA 27, 29, 30.**  Discretionary, each an event option.  27: in round 1 only (the
    text leaves later rounds to the arbiter).  29: in round 2, two players who both had a
    half-point bye in round 1 meet only when no other opponent of the same colour group
    can be taken.  30: two players whose game was defaulted meet again only when no
    other opponent of the same colour group can be taken ("providing score and colour
    balance are not violated").  ESCA 28 (fillers, cross-pairings between sections) is
    outside the engine.
15. **Boards** are numbered by the higher score of the two players, then the sum of
    their scores, then the descending order of the higher player (round 1: the order of
    the top half).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from pairing.engine.colours import played_colours
from pairing.engine.errors import NoValidPairing
from pairing.engine.floats import Float, float_history
from pairing.engine.history import forbidden_opponents, pairing_scores
from pairing.engine.matching import ShrinkingMatching, complete_matching, perfect_matching_within
from pairing.engine.model import (
    Board,
    Colour,
    Explanation,
    Outcome,
    PairingNumber,
    Player,
    Points,
    RequestKind,
    Round1Separation,
    RoundPairing,
    RoundRequest,
    TournamentState,
)

SHOWN = 4
"""How many players an explanation names before it says "and others"."""


# --- the cards -------------------------------------------------------------------------


def seeks(colours: Sequence[Colour]) -> Colour | None:
    """The colour a player seeks (ESCA 10); ``None`` before his first game.

    A white seeker has had more blacks than whites, or as many and played last with
    black; a black seeker the reverse.
    """
    if not colours:
        return None
    difference = sum(1 if c is Colour.WHITE else -1 for c in colours)
    if difference < 0:
        return Colour.WHITE
    if difference > 0:
        return Colour.BLACK
    return colours[-1].opposite


def claim(colours: Sequence[Colour]) -> tuple[int, int, int]:
    """The strength of a player's claim to the colour he seeks (ESCA 12 (i)-(v)).

    Larger is stronger: the colour difference (i), then the run of the last colour,
    positive when it is the other colour and negative when it is the sought one (ii,
    iii), then fewer games (v).  Only played games count (iv: byes are ignored).
    """
    sought = seeks(colours)
    if sought is None:
        return (0, 0, 0)
    difference = abs(sum(1 if c is Colour.WHITE else -1 for c in colours))
    run = 1
    while run < len(colours) and colours[-run - 1] is colours[-1]:
        run += 1
    alternation = run if colours[-1] is not sought else -run
    return (difference, alternation, -len(colours))


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class Card:
    """One player's pairing card: what the ESCA rules read to pair him this round."""

    index: int
    """Position in descending order (reading 3) among the players to pair; 0 is first."""
    lot: float
    """The player's lot for random pairings (ESCA 26); 0 otherwise."""
    pairing_number: PairingNumber
    name: str
    score: Points
    school: str
    top: bool
    area: str
    federation: str
    seeks: Colour | None
    claim: tuple[int, int, int]
    downfloats: int
    upfloats: int
    last_downfloat: int
    """Round of the latest downfloat, 0 for none."""
    upfloated_last_round: bool
    bye_allowed: bool
    """No bye worth a point and no game won by default so far (ESCA 4)."""
    half_bye_round1: bool
    avoid: frozenset[PairingNumber]
    """Opponents played and forbidden partners (ESCA 1)."""
    defaulted: frozenset[PairingNumber]
    """Opponents of a defaulted game (ESCA 30)."""


def _cards(state: TournamentState, rng: random.Random) -> list[Card]:
    """The cards of the players to pair, in descending order (reading 3)."""
    requested = {r.pairing_number for r in state.requests}
    players = sorted(
        (p for p in state.players if not p.withdrawn and p.pairing_number not in requested),
        key=lambda p: p.pairing_number,
    )
    random_order = state.options.esca_random
    lots = {p.pairing_number: rng.random() for p in players} if random_order else {}
    score = pairing_scores(state)
    floats = float_history(state)
    forbidden = forbidden_opponents(state)

    def order(player: Player) -> tuple[int, int, float, str, int]:
        alphabetical = "" if random_order else player.name.casefold()
        lot = lots.get(player.pairing_number, 0.0)
        return (
            -score[player.pairing_number],
            -player.rating,
            lot,
            alphabetical,
            player.pairing_number,
        )

    cards = []
    for index, player in enumerate(sorted(players, key=order)):
        number = player.pairing_number
        history = floats[number]
        colours = played_colours(player)
        downs = [r for r, f in enumerate(history, start=1) if f is Float.DOWN]
        cards.append(
            Card(
                index=index,
                lot=lots.get(number, 0.0),
                pairing_number=number,
                name=player.name,
                score=score[number],
                school=player.club.strip().casefold(),
                top=player.top_player,
                area=player.area.strip().casefold(),
                federation=player.federation.strip().casefold(),
                seeks=seeks(colours),
                claim=claim(colours),
                downfloats=len(downs),
                upfloats=sum(1 for f in history if f is Float.UP),
                last_downfloat=downs[-1] if downs else 0,
                upfloated_last_round=bool(history) and history[-1] is Float.UP,
                bye_allowed=not any(
                    r.outcome
                    in (Outcome.PAIRING_ALLOCATED_BYE, Outcome.FULL_POINT_BYE, Outcome.FORFEIT_WIN)
                    for r in player.history
                ),
                half_bye_round1=bool(player.history)
                and player.history[0].outcome is Outcome.HALF_POINT_BYE,
                avoid=frozenset(
                    r.opponent for r in player.history if r.played and r.opponent is not None
                )
                | frozenset(forbidden.get(number, ())),
                defaulted=frozenset(
                    r.opponent
                    for r in player.history
                    if r.opponent is not None
                    and r.outcome in (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS)
                ),
            )
        )
    return cards


def same_school(a: Card, b: Card) -> bool:
    """True when both players come from the same school (ESCA 7); no school clashes with none."""
    return bool(a.school) and a.school == b.school


# --- the check that the rest can still be paired ----------------------------------------


def _graph(bad: Sequence[frozenset[int]]) -> list[list[int]]:
    """Adjacency lists: each position with every other one except ``bad[i]``."""
    everyone = frozenset(range(len(bad)))
    return [sorted(everyone - bad[i] - {i}) for i in range(len(bad))]


class Oracle:
    """Whether the players not yet paired can still all be paired (ESCA 1) with at most
    ``budget`` more same-school games (ESCA 7).

    ``good`` is a matching of the graph without rematches and without the avoided pairs
    (same school; in round 1 also the ESCA 3, 6, 27 separations), ``legal`` (built once
    an avoided pair is allowed) a maximum matching of the graph without the pairs that
    may never meet (rematches; in round 1 perhaps top players too).  The answer is exact
    at every size:

    - no, when the good graph leaves more than ``2k`` of the players unmatched or the
      legal graph cannot pair them all (a pairing with ``k`` avoided pairs would do
      better); with a budget of 0 that is also the yes;
    - yes, when a certificate is at hand: a legal pairing of all the players left with
      at most ``k`` avoided pairs.  One is kept from choice to choice (``certificate``):
      when a pair is taken out of it, the two partners it leaves are paired to each
      other, through one board of the certificate, or along an alternating path of
      pairs without a clash (:meth:`_reroute`); failing that a pairing is grown by
      Edmonds' augmenting paths from the repaired one and from a maximum matching
      without avoided pairs, and its avoided pairs counted;
    - otherwise :func:`matching.perfect_matching_within` decides, exactly, and its
      pairing becomes the certificate.

    The good matching is searched only as far as the budget needs (``at_least``).
    """

    def __init__(
        self, good_bad: Sequence[frozenset[int]], legal_bad: Sequence[frozenset[int]]
    ) -> None:
        self.good_bad = good_bad
        self.legal_bad = legal_bad
        self.good = ShrinkingMatching(_graph(good_bad))
        self.legal: ShrinkingMatching | None = None
        self.remaining = len(good_bad)
        self.budget = 0
        self.gone: list[int] = []
        self.left = set(range(len(good_bad)))
        self.certificate: tuple[dict[int, int], int] | None = None
        """A legal pairing of ``left`` with at most ``budget`` avoided pairs, when known,
        and its number of avoided pairs."""
        self._found: tuple[tuple[int, ...], tuple[dict[int, int], int]] | None = None
        """The certificate :meth:`allows` found last, for :meth:`take`."""

    @property
    def shortfall(self) -> int:
        """Pairs the good graph cannot make among the players left: a lower bound of the
        avoided pairs the round needs."""
        return self.remaining // 2 - self.good.size

    def legal_size(self) -> int:
        """The size of a maximum legal matching of the players left."""
        self._build_legal()
        assert self.legal is not None
        return self.legal.size

    def _build_legal(self) -> None:
        if self.legal is None:
            self.legal = ShrinkingMatching(_graph(self.legal_bad))
            if self.gone:
                self.legal.remove(self.gone)

    def relax(self, extra: int = 1) -> None:
        """Allow ``extra`` more avoided pairs."""
        self.budget += extra
        self._build_legal()

    def clash(self, a: int, b: int) -> bool:
        """True when ``a`` v ``b`` is legal but an avoided pair (same school, ...)."""
        return b in self.good_bad[a] and b not in self.legal_bad[a]

    def allows(self, gone: Sequence[int], clashes: int = 0) -> bool:
        """True when the rest is pairable once ``gone`` have been paired (or given the
        bye) with ``clashes`` avoided pairs among them."""
        budget = self.budget - clashes
        if budget < 0:
            return False
        pairs = (self.remaining - len(gone)) // 2
        need = max(pairs - budget, 0)
        if self.good.size_without(gone, bound=pairs, at_least=need) < need:
            return False
        if self.legal is None or need == pairs:
            return True  # the good matching pairs everyone
        if self.legal.size_without(gone, bound=pairs) < pairs:
            return False
        if (self.remaining - len(gone)) % 2:
            return True  # not reached: the bye is taken first
        found = self._certify(gone, budget)
        if found is None:
            return False
        self._found = (tuple(sorted(gone)), found)
        return True

    def allows_pair(self, a: int, b: int) -> bool:
        """True when ``a`` v ``b`` is legal and leaves the rest pairable."""
        if b in self.legal_bad[a]:
            return False
        return self.allows((a, b), 1 if self.clash(a, b) else 0)

    def take(self, gone: Sequence[int], clashes: int = 0) -> None:
        """Record ``gone`` as paired or given the bye (after :meth:`allows` said yes)."""
        found, self._found = self._found, None
        if found is not None and found[0] == tuple(sorted(gone)):
            self.certificate = found[1]
        elif self.certificate is not None and (self.remaining - len(gone)) % 2 == 0:
            # Before the matchings let ``gone`` leave: the repair reads them as they are.
            self.certificate = self._certify(gone, self.budget - clashes)
        else:
            self.certificate = None
        pairs = (self.remaining - len(gone)) // 2
        need = max(pairs - (self.budget - clashes), 0)
        self.good.remove(gone, bound=pairs, at_least=need)
        if self.legal is not None:
            self.legal.remove(gone, bound=pairs)
        self.remaining -= len(gone)
        self.budget -= clashes
        self.gone.extend(gone)
        self.left.difference_update(gone)

    def take_pair(self, a: int, b: int) -> None:
        """Record the pair ``a`` v ``b``."""
        self.take((a, b), 1 if self.clash(a, b) else 0)

    def _cost(self, mate: dict[int, int]) -> int:
        """The avoided pairs of a pairing."""
        return sum(1 for a, b in mate.items() if a < b and b in self.good_bad[a])

    def _certify(self, gone: Sequence[int], budget: int) -> tuple[dict[int, int], int] | None:
        """A legal pairing of the players left after ``gone`` with at most ``budget``
        avoided pairs and their number, or None when there is none (exact)."""
        assert self.legal is not None
        adjacent = self.legal.adjacent
        rest = self.left.difference(gone)
        if self.certificate is None and gone and len(self.left) % 2 == 0:
            # One certificate of the players left serves every choice until the next.
            self.certificate = self._certify((), self.budget)
        if self.certificate is not None:
            mate = dict(self.certificate[0])
            cost = self.certificate[1]
            freed = []
            for v in gone:
                w = mate.pop(v, None)
                if w is not None:
                    del mate[w]
                    cost -= w in self.good_bad[v]
                    if w not in gone:
                        freed.append(w)
            if not freed and cost <= budget:
                return mate, cost
            if len(freed) == 2:
                f, g = freed
                # f - g, or f - x = y - g over one board x - y of the certificate.
                best: tuple[int, int, int] | None = None
                if g not in self.legal_bad[f]:
                    best = (1 if g in self.good_bad[f] else 0, -1, -1)
                if best is None or best[0] + cost > budget:
                    for x in adjacent[f]:
                        y = mate.get(x)
                        if y is None or y in self.legal_bad[g]:
                            continue
                        bad = self.good_bad
                        delta = (x in bad[f]) + (g in bad[y]) - (y in bad[x])
                        if best is None or delta < best[0]:
                            best = (delta, x, y)
                            if cost + delta <= budget:
                                break
                if best is not None and cost + best[0] <= budget:
                    _, x, y = best
                    if x == -1:
                        mate[f], mate[g] = g, f
                    else:
                        mate[f], mate[x], mate[y], mate[g] = x, f, g, y
                    return mate, cost + best[0]
                if self._reroute(mate, f, g, budget - cost):
                    return mate, self._cost(mate)
            # Edmonds' augmenting paths over the legal graph, from the repaired pairing.
            grown = self._grow(mate, rest)
            if grown is None:
                return None  # no legal pairing at all
            cost = self._cost(grown)
            if cost <= budget:
                return grown, cost
        # From a maximum matching without avoided pairs, grown the same way.
        good = self.good.mate_without(gone)
        start = {v: good[v] for v in rest if good[v] != -1 and good[v] in rest}
        grown = self._grow(start, rest)
        if grown is None:
            return None
        cost = self._cost(grown)
        if cost <= budget:
            return grown, cost
        exact = self._exact(rest, budget)
        return None if exact is None else (exact, self._cost(exact))

    def _reroute(self, mate: dict[int, int], f: int, g: int, slack: int) -> bool:
        """Pair the two players ``f`` and ``g`` left free in ``mate`` along an alternating
        path f - x = y - ... - g that adds at most ``slack`` avoided pairs; True when one
        was found (and applied to ``mate``).

        Breadth-first from ``f`` over pairs without a clash to a paired player ``x``, then
        to his partner ``y``; every vertex is used once, so a path found is a valid
        change of ``mate`` (one that needs an odd cycle is not found: then Edmonds'
        search or the exact check decides)."""
        assert self.legal is not None
        bad, never, adjacent = self.good_bad, self.legal_bad, self.legal.adjacent
        gain = {f: 0}
        """Outer vertices: the avoided pairs given up on the way there."""
        came: dict[int, int] = {}
        """Inner vertex -> the outer vertex it was reached from."""
        via: dict[int, int] = {}
        """Outer vertex -> the inner vertex (his old partner) it was reached through."""
        queue = deque([f])
        while queue:
            u = queue.popleft()
            if g not in never[u] and (g in bad[u]) - gain[u] <= slack:
                pairs = [(u, g)]
                while u != f:
                    x = via[u]
                    u = came[x]
                    pairs.append((u, x))
                for a, b in pairs:
                    mate[a], mate[b] = b, a
                return True
            for x in adjacent[u]:
                if x in bad[u] or x in gain or x in came or x == g:
                    continue
                y = mate.get(x)
                if y is None or y in gain or y in came:
                    continue
                came[x] = u
                via[y] = x
                gain[y] = gain[u] + (y in bad[x])
                queue.append(y)
        return False

    def _grow(self, start: dict[int, int], rest: set[int]) -> dict[int, int] | None:
        """A legal pairing of ``rest`` grown from the pairs of ``start`` (Edmonds'
        augmenting paths), or None when the players ``rest`` have none."""
        assert self.legal is not None
        alive = [False] * len(self.good_bad)
        for v in rest:
            alive[v] = True
        full = [-1] * len(self.good_bad)
        for v, w in start.items():
            full[v] = w
        # The players left free usually meet each other (one school's surplus): pair them
        # directly, avoided pairs included, before searching for augmenting paths.
        free = sorted(v for v in rest if full[v] == -1)
        for v in free:
            if full[v] == -1:
                for w in free:
                    if w != v and full[w] == -1 and w not in self.legal_bad[v]:
                        full[v], full[w] = w, v
                        break
        if not complete_matching(self.legal.adjacent, full, alive):
            return None
        return {v: full[v] for v in rest}

    def _exact(self, rest: set[int], budget: int) -> dict[int, int] | None:
        """:func:`matching.perfect_matching_within` on the players ``rest``."""
        order = sorted(rest)
        local = {v: i for i, v in enumerate(order)}
        cheap = [[local[w] for w in order if w not in self.good_bad[v] and w != v] for v in order]
        costly = [
            [
                local[w]
                for w in order
                if w in self.good_bad[v] and w not in self.legal_bad[v] and w != v
            ]
            for v in order
        ]
        found = perfect_matching_within(cheap, costly, budget)
        if found is None:
            return None
        return {order[i]: order[m] for i, m in enumerate(found)}


class LevelMatching:
    """A maximum matching of one score level and the players floated into it (ESCA 9,
    23a): a pair is made only if the level can still pair as many of its players."""

    def __init__(self, members: Sequence[Card], floated: Sequence[Card], oracle: Oracle):
        self.local = {card.index: position for position, card in enumerate(members)}
        arrived = frozenset(self.local[c.index] for c in floated)
        everyone = frozenset(self.local)
        arrived_global = frozenset(c.index for c in floated)
        adjacent = []
        for position, card in enumerate(members):
            allowed = everyone - oracle.good_bad[card.index] - {card.index}
            if position in arrived:
                allowed -= arrived_global
            adjacent.append(sorted(map(self.local.__getitem__, allowed)))
        self.matching = ShrinkingMatching(adjacent)

    @property
    def size(self) -> int:
        return self.matching.size

    def keeps(self, cards: Sequence[Card]) -> bool:
        """True when pairing or floating ``cards`` costs the level no more pairs than
        their own (ESCA 9: no extra floater)."""
        gone = [self.local[c.index] for c in cards]
        lost = len(cards) // 2 if len(cards) > 1 else 0
        need = self.size - lost
        return self.matching.size_without(gone, at_least=need) >= need

    def remove(self, cards: Sequence[Card]) -> None:
        self.matching.remove([self.local[c.index] for c in cards])


# --- the pairer ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Pairing:
    """Two players paired, with the rules that decided it and why, in plain words."""

    first: Card
    """The player the pairing was made for (round 1: the top-half player)."""
    second: Card
    rules: tuple[str, ...]
    why: str


@dataclass(slots=True)
class _Result:
    """What :class:`EscaPairer` found: the pairings, the bye and the notes."""

    pairings: list[Pairing] = field(default_factory=list)
    bye: Card | None = None
    notes: list[Explanation] = field(default_factory=list)


def numbers(cards: Iterable[Card]) -> str:
    """Pairing numbers as a list for an explanation, at most :data:`SHOWN` of them."""
    listed = [str(c.pairing_number) for c in cards]
    if len(listed) > SHOWN:
        return ", ".join(listed[:SHOWN]) + " and others"
    return ", ".join(listed)


def points_text(points: int) -> str:
    """Half-points as the arbiter writes them: ``1½``, ``½``."""
    whole, half = divmod(points, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


def colour_word(colour: Colour | None) -> str:
    """A colour in words, for explanations."""
    return {Colour.WHITE: "white", Colour.BLACK: "black", None: "no colour"}[colour]


class EscaPairer:
    """Pairs one round of a :class:`TournamentState` by the ESCA rules."""

    def __init__(self, state: TournamentState, rng: random.Random) -> None:
        self.state = state
        self.rng = rng
        self.cards = _cards(state, rng)
        self.round1 = state.rounds_completed == 0
        self.result = _Result()
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
        self.oracle = Oracle(self.school_bad, legal_bad)

    # -- the round as a whole --------------------------------------------------------------

    def run(self) -> _Result:
        """Pair the round: the bye, then round 1 or the score levels."""
        oracle = self.oracle
        needed = oracle.shortfall
        if needed:
            if oracle.legal_size() < len(self.cards) // 2:
                raise NoValidPairing("ESCA 1: the players cannot all be paired without a rematch")
            oracle.relax(needed)
        self.choose_bye()
        if self.round1:
            self.pair_round1()
        else:
            self.pair_levels()
        clashes = [p for p in self.result.pairings if same_school(p.first, p.second)]
        if clashes:
            self.result.notes.append(
                Explanation(
                    rule="ESCA 7",
                    text=f"{len(clashes)} same-school game(s) could not be avoided; "
                    "kept to the minimum.",
                    players=tuple(
                        n
                        for p in clashes
                        for n in (p.first.pairing_number, p.second.pairing_number)
                    ),
                )
            )
        return self.result

    def take_first(
        self, player: Card, candidates: Sequence[Card], level: LevelMatching | None = None
    ) -> tuple[Card, str] | None:
        """The first candidate, in the order given, who may meet ``player`` and leaves the
        rest pairable; avoided pairs (same school) only after every other candidate.

        Returns the opponent and why the candidates before him were passed over.
        """
        oracle = self.oracle
        skipped: list[str] = []
        deferred: list[Card] = []

        def attempt(candidate: Card) -> bool:
            if candidate.index in self.legal_bad[player.index]:
                skipped.append(f"{candidate.pairing_number} (met or forbidden, ESCA 1)")
                return False
            if level is not None and not level.keeps((player, candidate)):
                skipped.append(f"{candidate.pairing_number} (more floaters, ESCA 9)")
                return False
            if not oracle.allows_pair(player.index, candidate.index):
                skipped.append(f"{candidate.pairing_number} (the rest could not be paired, ESCA 2)")
                return False
            return True

        chosen: Card | None = None
        for candidate in candidates:
            if candidate.index in self.paired or candidate is player:
                continue
            if oracle.clash(player.index, candidate.index):
                deferred.append(candidate)
            elif attempt(candidate):
                chosen = candidate
                break
        passed = list(deferred)
        # An avoided pair needs a budget; without one every deferred candidate fails.
        if chosen is None and oracle.budget > 0:
            for candidate in deferred:
                passed.remove(candidate)
                if attempt(candidate):
                    chosen = candidate
                    break
        if chosen is None:
            return None
        for earlier in reversed(passed):
            if candidates.index(earlier) < candidates.index(chosen):
                why = "same school, ESCA 7" if same_school(player, earlier) else "kept apart"
                skipped.insert(0, f"{earlier.pairing_number} ({why})")
        oracle.take_pair(player.index, chosen.index)
        if level is not None:
            level.remove((player, chosen))
        self.paired.update((player.index, chosen.index))
        shown = skipped[:SHOWN] + (["others"] if len(skipped) > SHOWN else [])
        return chosen, ("passed over " + ", ".join(shown)) if skipped else ""

    # -- ESCA 4: the bye ----------------------------------------------------------------------

    def bye_order(self) -> list[Card]:
        """The bye candidates in the order of ESCA 4 (reading 9)."""
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
        """ESCA 4: the bye, when the number of players is odd."""
        if len(self.cards) % 2 == 0:
            return
        order = self.bye_order()
        oracle = self.oracle
        most = len(self.cards) // 2
        eligible = [c for c in order if c.bye_allowed]
        if not eligible:
            raise NoValidPairing(
                "ESCA 4: every player has had a bye or won a game by default already"
            )
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
        raise NoValidPairing(
            "ESCA 1, 4: no player without an earlier bye or default can have the bye and "
            "leave the others pairable"
        )

    def bye_note(self, card: Card, order: Sequence[Card]) -> Explanation:
        if self.round1:
            why = "the last in alphabetical order who is not a top player"
            if self.state.options.esca_random:
                why = "the last in the order drawn by lot (ESCA 26) who is not a top player"
        else:
            why = (
                f"from the lowest score level possible ({points_text(card.score)}), the "
                "larger colour group first"
            )
        passed = [c for c in order[: order.index(card)] if c.bye_allowed]
        if passed:
            why += (
                f"; passed over {numbers(passed)}, whose bye would leave the others "
                "unpairable or with a same-school game"
            )
        return Explanation(
            rule="ESCA 4",
            text=f"Bye: {card.pairing_number}, {why}. It scores a win, without colour (ESCA 5).",
            players=(card.pairing_number,),
        )

    # -- ESCA 6: round 1 --------------------------------------------------------------------

    def round1_order(self) -> list[Card]:
        """ESCA 6, 26: alphabetical order, or by lot (the lots drawn in ``_cards``)."""
        if self.state.options.esca_random:
            return sorted(self.cards, key=lambda c: (c.lot, c.pairing_number))
        return sorted(self.cards, key=lambda c: (c.name.casefold(), c.pairing_number))

    def round1_separation(self, card: Card, other: Card) -> list[str]:
        """What ESCA 3, 6 and 27 would keep apart in round 1 for these two players."""
        reasons = []
        if card.top and other.top:
            reasons.append("top players, ESCA 3 and 6")
        options = self.state.options.esca_round1_separation
        if Round1Separation.AREA in options and card.area and card.area == other.area:
            reasons.append("same area, ESCA 27")
        if (
            Round1Separation.FEDERATION in options
            and card.federation
            and card.federation == other.federation
        ):
            reasons.append("same country, ESCA 27")
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
        options = self.state.options.esca_round1_separation
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
            (apart_tops, "schools and top players kept apart"),
            (self.school_bad, "schools kept apart; top players as far as possible"),
        ):
            oracle = Oracle(apart_all, hard)
            if self.oracle.gone:
                oracle.take(self.oracle.gone)
            shortfall = oracle.shortfall
            if shortfall and oracle.legal_size() < oracle.remaining // 2:
                continue
            if shortfall:
                oracle.relax(shortfall)
            if areas or countries:
                note += "; areas and countries (ESCA 27) as far as possible"
            self.oracle = oracle
            self.result.notes.append(Explanation(rule="ESCA 6", text=f"Round 1: {note}."))
            return

    def pair_round1(self) -> None:
        """ESCA 6: top half v bottom half in alphabetical order (readings 10, 11)."""
        order = [c for c in self.round1_order() if c.index not in self.paired]
        self.round1_oracle(order)
        half = len(order) // 2
        top, bottom = order[:half], order[half:]
        for i, card in enumerate(top):
            if card.index in self.paired:
                continue
            candidates = bottom + top[i + 1 :][::-1]
            if not self.pair_one(card, candidates, natural=bottom[i], rule="ESCA 6"):
                raise NoValidPairing("ESCA 1: round 1 cannot be paired")
        for i, card in enumerate(bottom):
            if card.index not in self.paired and not self.pair_one(
                card, bottom[i + 1 :], natural=None, rule="ESCA 6"
            ):
                raise NoValidPairing("ESCA 1: round 1 cannot be paired")

    def pair_one(
        self,
        card: Card,
        candidates: Sequence[Card],
        *,
        natural: Card | None,
        rule: str,
        rules: tuple[str, ...] = (),
        text: str = "",
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
        why = text or (
            "top half v bottom half" if opponent is natural else "the first bottom-half player left"
        )
        if skipped:
            why += f"; {skipped}"
        tags = [rule, *rules]
        if "ESCA 7" in skipped:
            tags.append("ESCA 7")
        if opponent is not natural and self.round1 and natural is not None:
            reasons = self.round1_separation(card, natural)
            if reasons:
                why += f"; {natural.pairing_number} kept apart ({'; '.join(reasons)})"
                tags.append("ESCA 3" if any(r.startswith("top") for r in reasons) else "ESCA 27")
        if same_school(card, opponent):
            tags.append("ESCA 7")
            why += "; same school, unavoidable (ESCA 7)"
        self.result.pairings.append(
            Pairing(first=card, second=opponent, rules=tuple(dict.fromkeys(tags)), why=why)
        )
        return True

    # -- ESCA 8-23: later rounds, score level by score level -------------------------------

    def may_avoid(self, card: Card) -> bool:
        """True when ESCA 29 or 30 could concern one of ``card``'s pairings."""
        options = self.state.options
        return bool(options.esca_avoid_defaulted_rematch and card.defaulted) or (
            options.esca_avoid_half_bye_pairs
            and self.state.round_number == 2
            and card.half_bye_round1
        )

    def discretionary(self, card: Card, other: Card) -> bool:
        """True for a pairing ESCA 29 or 30 would rather avoid (reading 14)."""
        options = self.state.options
        if options.esca_avoid_defaulted_rematch and other.pairing_number in card.defaulted:
            return True
        return (
            options.esca_avoid_half_bye_pairs
            and self.state.round_number == 2
            and card.half_bye_round1
            and other.half_bye_round1
        )

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
        floated out of it, and the colour the level had in excess (ESCA 17)."""
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

    @staticmethod
    def groups(members: Sequence[Card]) -> tuple[list[Card], list[Card], list[Card]]:
        """White seekers, black seekers and players with no colour yet (ESCA 10)."""
        whites = [c for c in members if c.seeks is Colour.WHITE]
        blacks = [c for c in members if c.seeks is Colour.BLACK]
        others = [c for c in members if c.seeks is None]
        return whites, blacks, others

    def pair_floater(
        self, floater: Card, level: Sequence[Card], matching: LevelMatching, linked: Colour | None
    ) -> bool:
        """ESCA 21 (and 17): the opponent of a downfloater, from the opposite colour group."""
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
            text = "downfloater paired first, opponent by upfloat history"
        else:
            opposite = sorted((c for c in members if c.seeks is not own), key=key)
            same = sorted((c for c in members if c.seeks is own), key=key)
            candidates = opposite + same
            rules = ("ESCA 19", "ESCA 21")
            text = (
                f"downfloater paired first, opponent from the {colour_word(own.opposite)} "
                "seekers by upfloat history"
            )
            if (
                linked is own
                and len(same) > len(opposite)
                and floater.claim < min(c.claim for c in same)
            ):
                candidates = same + opposite
                rules = ("ESCA 17", "ESCA 19", "ESCA 21")
                text = (
                    f"levels linked for colour transfers: both have more {colour_word(own)} "
                    f"seekers and {floater.pairing_number} has the weakest claim, so he is "
                    "transferred"
                )
        found = self.take_first(floater, candidates, matching)
        if found is None:
            return False
        opponent, skipped = found
        if skipped:
            text += f"; {skipped}"
        tags = list(rules)
        if "ESCA 7" in skipped:
            tags.append("ESCA 7")
        self.record(floater, opponent, tags, text)
        return True

    def choose_floaters(
        self, members: list[Card], matching: LevelMatching, below: Sequence[Card]
    ) -> tuple[list[Card], Colour | None]:
        """ESCA 19-20, 23: the players floated down from this level.

        A candidate is passed over when the level could then pair fewer of its players
        (ESCA 23a) or when nobody below can meet him with the rest still pairable; the
        first in ESCA 20 order is changed only for one who leaves fewer colour transfers
        in this level and the next (ESCA 23b, reading 8).
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
            group = f"{colour_word(card.seeks)} seekers" if card.seeks else "players"
            history = (
                "never floated down"
                if card.downfloats == 0
                else f"floated down {card.downfloats} time(s) before, the fewest it could be"
            )
            if card.index in changed:
                history = (
                    "in place of the first choice of ESCA 20-21, which would cost one or more "
                    "colour transfers more over this level and the next (ESCA 23b)"
                )
            larger = excess is not None and card.seeks is excess
            self.result.notes.append(
                Explanation(
                    rule="ESCA 19-20, 23" if card.index in changed else "ESCA 19-20",
                    text=f"Player {card.pairing_number} floats down from score level "
                    f"{points_text(card.score)}: chosen from the {group}"
                    f"{' (the larger group)' if larger else ''}, {history}.",
                    players=(card.pairing_number,),
                )
            )
        return chosen, excess

    @classmethod
    def transfers(cls, members: Sequence[Card]) -> int:
        """The colour transfers pairing ``members`` among themselves takes (ESCA 12): half
        the excess of one colour group over the other, after the players with no colour
        yet have filled the smaller group (reading 4)."""
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

    def float_cost(
        self, card: Card, level: Sequence[Card], lower: Sequence[Card]
    ) -> tuple[int, Card | None] | None:
        """ESCA 23b (reading 8): the colour transfers left in ``level`` and in the next
        level ``lower`` when ``card`` floats, and the opponent counted for him; ``None``
        when he may meet nobody of ``lower`` (he would float further: not counted).

        His opponent is taken from the opposite colour group (ESCA 21) when he may meet
        one of it with the rest still pairable, a same-school game only when no other is
        possible (as :meth:`take_first` does); otherwise from his own group, and that
        game is one transfer more.
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
        return any(
            not self.oracle.clash(card.index, c.index)
            and self.oracle.allows_pair(card.index, c.index)
            for c in free
        ) or any(self.oracle.allows_pair(card.index, c.index) for c in free)

    def pair_within(self, members: list[Card], matching: LevelMatching) -> list[Card]:
        """ESCA 10-12, 18, 22: white seekers v black seekers, after the transfers.

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
                    text=f"Level {points_text(transferred[0].score)}: "
                    f"{numbers(transferred)} transferred to {target}, the weakest claim(s) "
                    "to their colour"
                    + (" (identical requirements: the lowest in order)" if tie else "")
                    + ".",
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
                text = "white seeker v black seeker in order" if opposite else "paired in order"
            else:
                text = "next opponent in order"
            if skipped:
                text += f"; {skipped}"
                tags.append("ESCA 2")
            if "ESCA 7" in skipped:
                tags.append("ESCA 7")
            if self.discretionary(card, opponent):
                text += "; ESCA 29/30 pairing not avoidable in this colour group"
            self.record(card, opponent, tags, text)
        for card in stranded:
            self.result.notes.append(
                Explanation(
                    rule="ESCA 9",
                    text=f"Player {card.pairing_number} cannot be paired on score level "
                    f"{points_text(card.score)} without a rematch or a same-school game, "
                    "or without leaving others unpairable, and floats (minimum "
                    "disturbance, ESCA 2).",
                    players=(card.pairing_number,),
                )
            )
        return stranded

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
                    raise NoValidPairing("ESCA 1: the floaters cannot be paired")
                self.oracle.relax()
            opponent, skipped = found
            text = "floated across score levels, nearest score"
            if skipped:
                text += f"; {skipped}"
            tags = ["ESCA 9"] + (["ESCA 7"] if "ESCA 7" in skipped else [])
            self.record(card, opponent, tags, text)

    def record(self, card: Card, opponent: Card, tags: Sequence[str], text: str) -> None:
        """Keep a pairing with its rules; floats and same-school games are named."""
        rules = list(tags)
        if card.score != opponent.score and "ESCA 19" not in rules:
            rules.append("ESCA 9")
        if same_school(card, opponent):
            rules.append("ESCA 7")
            text += "; same school, unavoidable (ESCA 7)"
        self.result.pairings.append(
            Pairing(first=card, second=opponent, rules=tuple(dict.fromkeys(rules)), why=text)
        )


# --- ESCA 6, 24: colours, boards, the entry points ----------------------------------------


def allocate(first: Card, second: Card, rng: random.Random) -> tuple[Card, Card, str, str]:
    """White, black, the rule and why: ESCA 10-12 and the final colour check of ESCA 24
    (reading 11)."""
    if first.seeks is None and second.seeks is None:
        white, black = (first, second) if rng.random() < 0.5 else (second, first)
        return white, black, "ESCA 24", "neither has a colour yet: by lot"
    if first.seeks is not second.seeks:
        if first.seeks is None:
            assert second.seeks is not None
            white, black = (second, first) if second.seeks is Colour.WHITE else (first, second)
            return white, black, "ESCA 10", f"{second.pairing_number} gets the colour he seeks"
        white, black = (first, second) if first.seeks is Colour.WHITE else (second, first)
        if second.seeks is None:
            return white, black, "ESCA 10", f"{first.pairing_number} gets the colour he seeks"
        return white, black, "ESCA 10-11", "each gets the colour he seeks"
    sought = first.seeks
    assert sought is not None
    if first.claim != second.claim:
        winner = max(first, second, key=lambda c: c.claim)
        rule, why = (
            "ESCA 12",
            f"both seek {colour_word(sought)}; {winner.pairing_number} has the stronger claim",
        )
    elif first.top != second.top:
        winner = first if first.top else second
        rule, why = "ESCA 24", f"identical requirements; {winner.pairing_number} is the top player"
    elif first.score != second.score:
        winner = max(first, second, key=lambda c: c.score)
        rule, why = (
            "ESCA 24",
            f"identical requirements; {winner.pairing_number} has the higher score",
        )
    elif first.top:
        winner = first if rng.random() < 0.5 else second
        rule, why = "ESCA 24", "identical requirements, two top players: by lot"
    else:
        winner = min(first, second, key=lambda c: c.index)
        rule, why = (
            "ESCA 24",
            f"identical requirements, same score; {winner.pairing_number} is higher in order",
        )
    loser = second if winner is first else first
    white, black = (winner, loser) if sought is Colour.WHITE else (loser, winner)
    return white, black, rule, why


def _round_pairing(
    state: TournamentState, result: _Result, rng: random.Random, *, round1: bool
) -> RoundPairing:
    """The boards in publication order with colours and the explanation."""
    explanation = list(result.notes)
    decided: list[tuple[tuple[int, ...], Card, Card, tuple[str, ...], str]] = []
    if round1:
        drawn = rng.choice((Colour.WHITE, Colour.BLACK))
        initial = state.initial_colour or drawn
        how = "fixed by the event" if state.initial_colour else "drawn by lot"
        explanation.append(
            Explanation(
                rule="ESCA 6",
                text=f"Colours: the top-half player of board 1 has {colour_word(initial)} "
                f"({how}); the colours alternate down the boards.",
            )
        )
        for number, pairing in enumerate(result.pairings):
            colour = initial if number % 2 == 0 else initial.opposite
            first, second = pairing.first, pairing.second
            white, black = (first, second) if colour is Colour.WHITE else (second, first)
            decided.append(
                (
                    (number,),
                    white,
                    black,
                    (*pairing.rules, "ESCA 6"),
                    f"{pairing.why}. Colours: alternating from board 1 (ESCA 6)",
                )
            )
    else:
        ordered = sorted(
            result.pairings,
            key=lambda p: (
                -max(p.first.score, p.second.score),
                -(p.first.score + p.second.score),
                min(p.first.index, p.second.index),
            ),
        )
        for number, pairing in enumerate(ordered):
            white, black, rule, why = allocate(pairing.first, pairing.second, rng)
            decided.append(
                (
                    (number,),
                    white,
                    black,
                    (*pairing.rules, rule),
                    f"{pairing.why}. Colours: {why} ({rule})",
                )
            )
    boards = []
    for number, (_, white, black, rules, why) in enumerate(decided, start=1):
        boards.append(Board(number=number, white=white.pairing_number, black=black.pairing_number))
        if white.score == black.score:
            scores = f"both on {points_text(white.score)}"
        else:
            scores = f"{points_text(white.score)} v {points_text(black.score)}"
        explanation.append(
            Explanation(
                rule=", ".join(dict.fromkeys(rules)),
                text=f"Board {number}: {white.pairing_number} (white) v "
                f"{black.pairing_number} (black), {scores}: {why}.",
                players=(white.pairing_number, black.pairing_number),
            )
        )
    return RoundPairing(
        round_number=state.round_number,
        boards=tuple(boards),
        pairing_allocated_bye=result.bye.pairing_number if result.bye is not None else None,
        not_paired=tuple(sorted(state.requests, key=lambda r: r.pairing_number)),
        explanation=tuple(explanation),
    )


def pair(state: TournamentState, *, seed: int) -> RoundPairing:
    """Pair the next round by the ESCA rules 1-30; the system's registered entry point.

    :raises NoValidPairing: the players cannot all be paired without a rematch (ESCA 1).
    """
    rng = random.Random(seed)
    pairer = EscaPairer(state, rng)
    result = pairer.run()
    return _round_pairing(state, result, rng, round1=pairer.round1)


def repair(state: TournamentState, published: RoundPairing, *, seed: int) -> RoundPairing:
    """ESCA 25: change a published draw with the least disturbance (reading 12).

    Every published board whose two players are still to play is kept, in its order; the
    bye too if its player still needs it.  The players left over are paired by the ESCA
    rules among themselves; when they cannot be (ESCA 1), the kept board nearest to them
    in score is opened as well, the lowest first, until they can.

    :raises NoValidPairing: not even a pairing of everyone from scratch exists.
    """
    rng = random.Random(seed)
    requested = {r.pairing_number for r in state.requests}
    players = {p.pairing_number: p for p in state.players}
    active = {n for n, p in players.items() if not p.withdrawn and n not in requested}
    score = pairing_scores(state)
    kept = [
        b
        for b in published.boards
        if b.white in active
        and b.black in active
        and b.black not in _met_or_forbidden(state, b.white)
    ]
    opened: list[Board] = []
    while True:
        seated = {n for b in kept for n in (b.white, b.black)}
        left = sorted(active - seated)
        bye = published.pairing_allocated_bye
        keep_bye = bye in left and len(left) % 2 == 1
        to_pair = [n for n in left if not (keep_bye and n == bye)]
        absent = tuple(
            RoundRequest(pairing_number=n, kind=RequestKind.ABSENT)
            for n in sorted(players)
            if n not in to_pair and n not in requested
        )
        sub_state = replace(state, requests=state.requests + absent)
        try:
            pairer = EscaPairer(sub_state, rng)
            result = pairer.run() if to_pair else _Result()
            break
        except NoValidPairing:
            if not kept:
                raise
        scores_left = [int(score[n]) for n in left] or [0]
        board = min(
            kept,
            key=lambda b: (
                min(abs(score[n] - s) for n in (b.white, b.black) for s in scores_left),  # noqa: B023
                -b.number,
            ),
        )
        kept.remove(board)
        opened.append(board)
    sub = _round_pairing(sub_state, result, rng, round1=state.rounds_completed == 0)
    boards = [(b.white, b.black) for b in kept] + [(b.white, b.black) for b in sub.boards]
    final_bye = bye if keep_bye else sub.pairing_allocated_bye
    new_boards = tuple(
        Board(number=number, white=white, black=black)
        for number, (white, black) in enumerate(boards, start=1)
    )
    published_players = {n for b in published.boards for n in (b.white, b.black)}
    if published.pairing_allocated_bye is not None:
        published_players.add(published.pairing_allocated_bye)
    gone = sorted(published_players - active)
    summary = f"Published draw changed with the least disturbance: {len(kept)} board(s) kept"
    if gone:
        summary += f"; not playing: {', '.join(str(n) for n in gone)}"
    if opened:
        summary += (
            f"; opened as well so that everyone can be paired: board(s) "
            f"{', '.join(str(b.number) for b in opened)}"
        )
    summary += f"; re-paired: {', '.join(str(n) for n in left) or 'nobody'}."
    explanation = [
        Explanation(
            rule="ESCA 25",
            text=summary,
            players=tuple(PairingNumber(n) for n in left),
        )
    ]
    offset = len(kept)
    for note in sub.explanation:
        text = note.text
        if text.startswith("Board "):
            number, _, rest = text[len("Board ") :].partition(":")
            text = f"Board {int(number) + offset}:{rest}"
        explanation.append(
            Explanation(rule=f"ESCA 25, {note.rule}", text=text, players=note.players)
        )
    return RoundPairing(
        round_number=state.round_number,
        boards=new_boards,
        pairing_allocated_bye=final_bye,
        not_paired=tuple(sorted(state.requests, key=lambda r: r.pairing_number)),
        explanation=tuple(explanation),
    )


def _met_or_forbidden(state: TournamentState, number: PairingNumber) -> frozenset[PairingNumber]:
    """Who ``number`` may not meet (ESCA 1 and the event's forbidden pairs)."""
    player = next(p for p in state.players if p.pairing_number == number)
    met = frozenset(r.opponent for r in player.history if r.played and r.opponent is not None)
    forbidden = frozenset(n for pair in state.forbidden_pairs if number in pair for n in pair)
    return met | (forbidden - {number})
