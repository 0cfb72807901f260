"""The ESCA rules' options (declared in ``RULES.options``).

Rule 26 is off by default; the discretionary rules 27, 29 and 30 are on, because the
text calls those pairings "best avoided" / "should be avoided".
"""

from __future__ import annotations

from pairing.engine.model import Round1Separation
from pairing.engine.option_kinds import BoolOption, Choice, ChoiceSetOption

RANDOM = BoolOption(
    name="esca_random",
    default=False,
    label="ESCA: random pairings",
    help="ESCA 26: the order within score levels by lot instead of alphabetical.",
    rule="ESCA rule 26",
)
"""ESCA 26: random pairings, by the same principles (round 1 and the order within a
score level by lot instead of alphabetically)."""

ROUND1_SEPARATION = ChoiceSetOption(
    name="esca_round1_separation",
    default=frozenset(Round1Separation),
    label="ESCA: keep apart in round 1",
    help="ESCA 27: besides schools, keep these apart in round 1 where possible.",
    rule="ESCA rule 27",
    choices=(
        Choice(
            value=Round1Separation.AREA,
            word="esca_round1_area",
            label="ESCA: keep areas apart in round 1",
            help="ESCA 27: avoid pairing players from the same local area in round 1.",
        ),
        Choice(
            value=Round1Separation.FEDERATION,
            word="esca_round1_federation",
            label="ESCA: keep countries apart in round 1",
            help="ESCA 27: avoid pairing players from the same foreign country in round 1.",
        ),
    ),
)
"""ESCA 27: besides schools, what is kept apart in round 1 where possible."""

AVOID_HALF_BYE_PAIRS = BoolOption(
    name="esca_avoid_half_bye_pairs",
    default=True,
    label="ESCA: keep round-1 half-point byes apart in round 2",
    help="ESCA 29.",
    rule="ESCA rule 29",
)
"""ESCA 29: in round 2, avoid pairing two players who had half-point byes in round 1."""

AVOID_DEFAULTED_REMATCH = BoolOption(
    name="esca_avoid_defaulted_rematch",
    default=True,
    label="ESCA: avoid re-pairing a defaulted game",
    help="ESCA 30: avoid pairing again two players whose game was defaulted.",
    rule="ESCA rule 30",
)
"""ESCA 30: avoid pairing again two players whose game was defaulted."""

OPTIONS = (RANDOM, ROUND1_SEPARATION, AVOID_HALF_BYE_PAIRS, AVOID_DEFAULTED_REMATCH)
"""In the order the event form shows them."""

__all__ = [
    "AVOID_DEFAULTED_REMATCH",
    "AVOID_HALF_BYE_PAIRS",
    "OPTIONS",
    "RANDOM",
    "ROUND1_SEPARATION",
]
