"""Tie-breaks for Swiss standings, computed exactly in fractions of a point.

Sources, cited in each docstring by these tokens:

- "SB text": the SB-ordered Swiss text (Swiss with score groups ordered by
  Sonneborn-Berger), which defines Sonneborn-Berger, Buchholz, Median-Buchholz and
  Progress (with worked examples).
- "Dutch F10": the FIDE Dutch rules, 1992 wording, F10 (points; for first place the games
  between the tied players; average rating of the opponents; lot).
- "FIDE 2023": the FIDE Tie-Break Regulations (C.07) of 2023/24, for unplayed rounds, as
  summarised in ``tests/data/README.md`` and as FIDE's own tie-break checker computes them.
- "FIDE 2009": the 2009 Congress (Kallithea) decision on unplayed games, the "virtual
  opponent".

Units.  Points are stored as half-points (``Points``) everywhere in the engine; every value
here is returned in points, as a :class:`~fractions.Fraction`, so that ``Fraction(45, 2)``
is 22½.  Sums are made in integer half-points and divided once at the end, so two players
level on a tie-break always compare equal.

Unplayed rounds count as the event's edition of C.07 says (:class:`UnplayedRounds`; the
conventions are set out in :mod:`~pairing.engine.tiebreaks.editions`).

The modules, one family each: ``codes`` (the codes and their modifiers), ``parsing``
(reading them), ``editions`` (unplayed rounds), ``context`` (what every tie-break
shares), ``cuts`` and ``fore`` (C.07 Article 14, 8.3), ``buchholz`` (Articles 8 and 9),
``counts`` (Article 7), ``ratings`` (Article 10), ``encounter`` (Article 6, Dutch F10),
``values`` (which function computes which code).
"""

from __future__ import annotations

from .buchholz import (
    average_of_opponents_buchholz,
    buchholz,
    buchholz_cut1,
    buchholz_cut2,
    buchholz_median2,
    fore_buchholz,
    koya,
    median_buchholz,
    sonneborn_berger,
    sonneborn_berger_cut1,
    sonneborn_berger_cut2,
)
from .codes import (
    DEFAULT_TIEBREAKS,
    DESCRIPTIONS,
    DUTCH_F10,
    GROUP_TIEBREAKS,
    LOWER_IS_BETTER,
    MODIFIER_NAMES,
    MODIFIERS,
    TieBreak,
    TieBreakSpec,
    as_spec,
    dutch_f10_order,
    fide_code,
    fide_order,
)
from .context import (
    Contribution,
    TieBreakContext,
    contributions,
    points,
    score_as_opponent,
    tiebreak_context,
    truncated,
)
from .counts import (
    games_with_black,
    games_won,
    games_won_with_black,
    pairing_number,
    progress,
    rounds_elected_to_play,
    standard_points,
    wins,
)
from .editions import C07_2026_FROM as C07_2026_FROM
from .editions import VOLUNTARY_UNPLAYED, UnplayedRounds, unplayed_rounds_for
from .encounter import direct_encounter, direct_encounter_places
from .parsing import TieBreakCodeError as TieBreakCodeError
from .parsing import parse_tiebreak, parse_tiebreaks
from .ratings import (
    average_perfect_performance_of_opponents,
    average_performance_of_opponents,
    average_rating_of_opponents,
    own_rating,
    perfect_tournament_performance,
    tournament_performance_rating,
)
from .values import SIMPLE_TIEBREAKS, Compute, value_function

__all__ = [
    "DEFAULT_TIEBREAKS",
    "DUTCH_F10",
    "DESCRIPTIONS",
    "GROUP_TIEBREAKS",
    "MODIFIER_NAMES",
    "LOWER_IS_BETTER",
    "MODIFIERS",
    "SIMPLE_TIEBREAKS",
    "VOLUNTARY_UNPLAYED",
    "Compute",
    "Contribution",
    "TieBreak",
    "TieBreakContext",
    "TieBreakSpec",
    "UnplayedRounds",
    "as_spec",
    "average_of_opponents_buchholz",
    "average_perfect_performance_of_opponents",
    "average_performance_of_opponents",
    "average_rating_of_opponents",
    "buchholz",
    "buchholz_cut1",
    "buchholz_cut2",
    "buchholz_median2",
    "contributions",
    "direct_encounter",
    "direct_encounter_places",
    "dutch_f10_order",
    "fide_code",
    "fide_order",
    "fore_buchholz",
    "games_with_black",
    "games_won",
    "games_won_with_black",
    "koya",
    "median_buchholz",
    "own_rating",
    "pairing_number",
    "parse_tiebreak",
    "parse_tiebreaks",
    "perfect_tournament_performance",
    "points",
    "progress",
    "rounds_elected_to_play",
    "score_as_opponent",
    "sonneborn_berger",
    "sonneborn_berger_cut1",
    "sonneborn_berger_cut2",
    "standard_points",
    "tiebreak_context",
    "tournament_performance_rating",
    "truncated",
    "unplayed_rounds_for",
    "value_function",
    "wins",
]
