"""The SB-ordered Swiss: score groups ordered by Sonneborn-Berger, accelerated rounds 1-2.

The SB text (undated; "Swiss with score groups ordered by Sonneborn-Berger") aims at
equal opposition for players of equal score: within a score group, players of high
Sonneborn-Berger (then Buchholz, Median) meet players of low, ratings deciding only
between equal values.  It numbers nothing and is silent on floaters, colours and the
bye, so we number its rules and our readings SB 1-9; explanations, the checker and the
tests cite them so, and each reading sits beside the code that applies it:

SB 1 no rematch (:func:`compatible`); SB 2 score groups and their order
(:func:`sb_2_key`, :func:`score_groups`); SB 3 the acceleration of rounds 1-2
(:func:`entrants`); SB 4 high with low (:func:`high_with_low`); SB 5 floaters
(:func:`floater_preference`, :func:`pair_group`); SB 6 the bye (``_BYE_BEFORE``,
:func:`pair`); SB 7 colours (:func:`colours_kept`, :func:`allocate_colours`); SB 8
publication order (:func:`pair`); SB 9 who is paired (:func:`entrants`).  Where the
text is silent the mechanics are those of the Dutch system (FIDE Handbook C.04.1, 1992
text), through the shared helpers of ``pairing.engine``.

The players and the order of a group are in ``entrants``, who may meet and whether the
rest can be paired in ``compatibility``, one score group in ``groups``, the
explanations in ``explanation``; the colours (SB 7) and the round (SB 6, SB 8) here.
"""

from __future__ import annotations

from pairing.engine.colours import ColourCard, initial_colour, preferred_colours
from pairing.engine.errors import NoValidPairing
from pairing.engine.messages import Message, words
from pairing.engine.model import Board, Colour, Explanation, RoundPairing, TournamentState

from .compatibility import Partners, colours_kept, compatible, completable, most_pairs
from .entrants import RULES, Entrant, entrants, sb_2_key, score_groups
from .explanation import _acceleration_notes, _board_note, _group_notes
from .groups import (
    FLOATER_SETS_TRIED,
    GroupResult,
    Pairing,
    floater_preference,
    high_with_low,
    pair_group,
)


def _card(player: Entrant) -> ColourCard:
    return ColourCard(
        number=player.number,
        colours=player.colours,
        preference=player.preference,
        strength=player.strength,
    )


def allocate_colours(pair: Pairing, *, initial: Colour) -> tuple[Entrant, Entrant, str, Message]:
    """White, black, the rule that decided and why (SB 7: Dutch E1-E4).

    SB 7, our reading: Dutch A7 preferences (played games only, FIDE C.04.2 3.4) and E1-E4;
    the higher player is the one of higher pairing score, then SB 2 order.  Without
    preferences (round 1, late entrants) the higher player of the group's odd-numbered
    pairs gets the top seed's colour (by lot or fixed by the event), of the even ones the
    other (Dutch E4).  E1-E4 keep the B2 limits whenever some colours for the pair do.
    """
    high, low = pair.high, pair.low
    if (-low.score, low.key) < (-high.score, high.key):
        high, low = low, high
    decided = preferred_colours(_card(high), _card(low))
    if decided is not None:
        colour, rule, why = decided
    else:
        colour = initial if pair.order % 2 == 1 else initial.opposite
        rule = "E4"
        why = words(
            "explain.sb.colour_odd" if pair.order % 2 else "explain.sb.colour_even",
            player=high.number,
            pair=pair.order,
        )
    white, black = (high, low) if colour is Colour.WHITE else (low, high)
    return white, black, rule, why


def pair(state: TournamentState, *, seed: int, by_prefix: bool = True) -> RoundPairing:
    """Pair the next round of the SB-ordered Swiss (SB 1-9).

    ``by_prefix=False`` decides each set of floaters SB 5 tries alone rather than with
    the sets that share its first floaters (:func:`pair_group`): the same pairings,
    slower (kept for the tests that hold the two equal).

    :raises NoValidPairing: no pairing keeps SB 1 and SB 6.
    :raises InvalidState: the state is inconsistent.
    """
    initial = initial_colour(state, seed)
    players, honoured = entrants(state)
    explanation: list[Explanation] = []
    if state.rounds_completed == 0 and state.initial_colour is None:
        explanation.append(
            Explanation(
                rule=f"{RULES} 7",
                words=words("explain.sb.top_seed_lot", colour=initial.name.lower()),
            )
        )
    explanation.extend(_acceleration_notes(state, players))
    if not completable(players, bye=True):
        raise NoValidPairing(words("pairing.sb_round", round=state.round_number, rules=RULES))
    groups = score_groups(players)
    partners = Partners([e for _, residents in groups for e in residents])
    results: list[GroupResult] = []
    moving: list[Entrant] = []
    for index, (score, residents) in enumerate(groups):
        below = [e for _, rest in groups[index + 1 :] for e in rest]
        group = sorted([*moving, *residents], key=lambda e: e.key)
        done = pair_group(
            score,
            group,
            moving,
            below,
            lowest=index == len(groups) - 1,
            by_prefix=by_prefix,
            partners=partners,
        )
        results.append(done)
        moving = list(done.floaters)
    bye = results[-1].floaters[0] if results and results[-1].floaters else None
    rank = {
        e.number: position
        for position, e in enumerate(
            sorted(players, key=lambda e: (-e.score, e.key)),
        )
    }
    pairs = [(done, item) for done in results for item in done.pairs]

    # SB 8: boards by the higher player's pairing score, then the sum of both, then the
    # higher player's place (score, SB 2 order), as FIDE C.04.2 3.6.
    def order(entry: tuple[GroupResult, Pairing]) -> tuple[int, int, int]:
        a, b = entry[1].high, entry[1].low
        high = a if rank[a.number] < rank[b.number] else b
        return (-high.score, -(a.score + b.score), rank[high.number])

    boards: list[Board] = []
    for done in results:
        explanation.extend(_group_notes(done, lowest=done is results[-1]))
    for number, (done, item) in enumerate(sorted(pairs, key=order), start=1):
        white, black, rule, why = allocate_colours(item, initial=initial)
        boards.append(Board(number=number, white=white.number, black=black.number))
        explanation.append(_board_note(number, done, item, white, black, rule, why))
    if bye is not None:
        explanation.append(
            Explanation(
                rule=f"{RULES} 6",
                words=words("explain.sb.bye", player=bye.number),
                players=(bye.number,),
            )
        )
    return RoundPairing(
        round_number=state.round_number,
        boards=tuple(boards),
        pairing_allocated_bye=bye.number if bye is not None else None,
        not_paired=tuple(honoured),
        explanation=tuple(explanation),
    )


__all__ = [
    "FLOATER_SETS_TRIED",
    "Entrant",
    "GroupResult",
    "Pairing",
    "allocate_colours",
    "colours_kept",
    "compatible",
    "completable",
    "entrants",
    "floater_preference",
    "high_with_low",
    "most_pairs",
    "pair",
    "pair_group",
    "sb_2_key",
    "score_groups",
]
