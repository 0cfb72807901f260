"""English Schools' Chess Association: Rules for Swiss Pairings, rules 1-30.

The text in ``shared/rules/esca-schools.txt`` is the definition.  This module pairs a
round as an arbiter with pairing cards would: the bye first (ESCA 4), then round 1 top
half against bottom half in alphabetical order (ESCA 6), or in later rounds score level
by score level from the top (ESCA 8-9): the players floated down from above are paired
first (ESCA 21), an odd level floats one player down (ESCA 19-20), and the rest are paired
white seekers against black seekers (ESCA 10-12, 17-18).  Colours are settled by the final
colour check (ESCA 24).  ``pair`` is the system's entry point; ``repair`` changes a
published draw with the least disturbance (ESCA 25).

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

from pairing.engine.errors import NoValidPairing
from pairing.engine.model import Board, Colour, Explanation, RoundPairing, TournamentState
from pairing.engine.systems.esca.bye import ByeChoice
from pairing.engine.systems.esca.cards import Card
from pairing.engine.systems.esca.colours import allocate
from pairing.engine.systems.esca.explanation import colour_word, points_text
from pairing.engine.systems.esca.levels import Levels
from pairing.engine.systems.esca.oracle import same_school
from pairing.engine.systems.esca.pairer import Result


class EscaPairer(ByeChoice, Levels):
    """Pairs one round of a :class:`TournamentState` by the ESCA rules."""

    def run(self) -> Result:
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


def round_pairing(
    state: TournamentState, result: Result, rng: random.Random, *, round1: bool
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
    return round_pairing(state, result, rng, round1=pairer.round1)
