"""English Schools' Chess Association, Rules for Swiss Pairings (rules 1-30): a round.

The round is paired as an arbiter with pairing cards would: the bye first (ESCA 4), then
round 1 top half against bottom half (ESCA 6), or later rounds score level by score level
from the top (ESCA 8-23); then the colours (ESCA 24) and the boards.  ``pair`` is the
system's entry point.  ESCA 28 (fillers, cross-pairings between sections) is left to the
arbiter.
"""

from __future__ import annotations

import random

from pairing.engine.errors import NoValidPairing
from pairing.engine.messages import Message, words
from pairing.engine.model import Board, Colour, Explanation, RoundPairing, TournamentState
from pairing.engine.systems.esca.bye import ByeChoice
from pairing.engine.systems.esca.cards import Card
from pairing.engine.systems.esca.colours import allocate
from pairing.engine.systems.esca.explanation import colour_word, points_text
from pairing.engine.systems.esca.levels import Levels
from pairing.engine.systems.esca.oracle import same_school
from pairing.engine.systems.esca.pairer import Result


class EscaPairer(ByeChoice, Levels):
    """Pairs one round of a :class:`TournamentState` by the ESCA rules.

    The steps come from one class per rule (the bye and round 1; the score levels, their
    floaters and colour groups), all over the round's :class:`Pairer`.
    """

    def run(self) -> Result:
        """Pair the round: the bye, then round 1 or the score levels.

        The fewest same-school games the round needs (ESCA 7) are allowed from the start;
        a round that cannot be paired without a rematch has no valid pairing (ESCA 1).
        """
        oracle = self.oracle
        needed = oracle.shortfall
        if needed:
            if oracle.legal_size() < len(self.cards) // 2:
                raise NoValidPairing(words("pairing.esca_rematch"))
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
                    words=words("explain.esca.same_school_games", count=len(clashes)),
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
    """The boards in publication order with colours and the explanation.

    Boards are numbered by the higher score of the two players, then the sum of their
    scores, then the descending order of the higher player (the rules leave the order
    open); in round 1 they keep the order of the top half.  Our reading of ESCA 6: in
    round 1 the top-half player of board 1 has the colour drawn by lot (or the event's
    fixed colour), and the colours alternate down the boards.
    """
    explanation = list(result.notes)
    decided: list[tuple[tuple[int, ...], Card, Card, tuple[str, ...], Message]] = []
    if round1:
        drawn = rng.choice((Colour.WHITE, Colour.BLACK))
        initial = state.initial_colour or drawn
        how = words("explain.esca.fixed" if state.initial_colour else "explain.esca.drawn")
        explanation.append(
            Explanation(
                rule="ESCA 6",
                words=words("explain.esca.round1_colours", colour=colour_word(initial), how=how),
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
                    words("explain.esca.why_alternating", why=pairing.why),
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
                    words("explain.esca.why_colours", why=pairing.why, colours=why, rule=rule),
                )
            )
    boards = []
    for number, (_, white, black, rules, why) in enumerate(decided, start=1):
        boards.append(Board(number=number, white=white.pairing_number, black=black.pairing_number))
        board = {"board": number, "white": white.pairing_number, "black": black.pairing_number}
        if white.score == black.score:
            text = words(
                "explain.esca.board_level", **board, score=points_text(white.score), why=why
            )
        else:
            text = words(
                "explain.esca.board",
                **board,
                white_score=points_text(white.score),
                black_score=points_text(black.score),
                why=why,
            )
        explanation.append(
            Explanation(
                rule=", ".join(dict.fromkeys(rules)),
                words=text,
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


def pair(state: TournamentState, *, seed: int, weighted: bool = True) -> RoundPairing:
    """Pair the next round by the ESCA rules 1-30; the system's registered entry point.

    ``weighted=False`` decides ESCA 7's fewest same-school games by branch and bound
    instead of a weighted matching: the same pairings, slower (kept for the tests).

    :raises NoValidPairing: the players cannot all be paired without a rematch (ESCA 1).
    """
    rng = random.Random(seed)
    pairer = EscaPairer(state, rng, weighted=weighted)
    result = pairer.run()
    return round_pairing(state, result, rng, round1=pairer.round1)
