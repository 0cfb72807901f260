"""The tie-break codes of FIDE C.07 and the Dutch F10 order: the codes, an event's entry
with its modifiers (C.07 Article 14 and the definitions), their names, and how FIDE writes
them (TRF-2026 field 202, FIDE's checker)."""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


class TieBreak(enum.StrEnum):
    """Tie-break codes, as the command line and the event settings spell them."""

    BH = "BH"
    """Buchholz (SB text)."""
    BH_C1 = "BH-C1"
    """Buchholz cut-1: Buchholz without its least significant value (FIDE 2023)."""
    MBH = "MBH"
    """Median-Buchholz: without the highest and the lowest value (SB text)."""
    SB = "SB"
    """Sonneborn-Berger (SB text)."""
    PROG = "PROG"
    """Progress, the cumulative score (SB text)."""
    DE = "DE"
    """Direct encounter (C.07 Article 6): the place among the players still tied."""
    DE1 = "DE1"
    """Direct encounter for first place only (Dutch F10)."""
    ARO = "ARO"
    """Average rating of the opponents (Dutch F10)."""
    WIN = "WIN"
    """Number of rounds won, forfeit wins and byes worth a win included (FIDE 2023)."""
    LOT = "LOT"
    """Drawing of lots (Dutch F10), from a stored seed."""
    FB = "FB"
    """Fore Buchholz: Buchholz with the last round's games counted as draws (C.07 8.3)."""
    AOB = "AOB"
    """Average of the opponents' Buchholz, to two decimals (C.07 8.2)."""
    STD = "STD"
    """Standard points: 1 for a round worth more than a draw, ½ for a draw's worth (C.07
    2026, 7.7)."""
    RTNG = "RTNG"
    """The player's own rating (C.07 2026, 10.6)."""
    BH_C2 = "BH-C2"
    """Buchholz cut-2: without its two least significant values (C.07 14.2)."""
    BH_M2 = "BH-M2"
    """Median-Buchholz 2: without the two lowest and the two highest values (C.07 14.4)."""
    SB_C1 = "SB-C1"
    """Sonneborn-Berger cut-1: without its least significant value (C.07 14.1)."""
    SB_C2 = "SB-C2"
    """Sonneborn-Berger cut-2: without its two least significant values (C.07 14.2)."""
    WON = "WON"
    """Number of games won over the board (C.07 7.2)."""
    BPG = "BPG"
    """Number of games played with Black (C.07 7.3)."""
    BWG = "BWG"
    """Number of games won with Black (C.07 7.4)."""
    REP = "REP"
    """Rounds one elected to play (C.07 7.6; GE before the 2024 text)."""
    TPN = "TPN"
    """Tournament pairing number, the lower the better (C.07 2026, 7.8)."""
    KS = "KS"
    """Koya (C.07 Article 9): the points scored against the opponents with half the
    possible score or more."""
    TPR = "TPR"
    """C.07 10.2: tournament performance rating."""
    PTP = "PTP"
    """C.07 10.3: perfect tournament performance."""
    APRO = "APRO"
    """C.07 10.4: average of the opponents' tournament performance ratings."""
    APPO = "APPO"
    """C.07 10.5: average of the opponents' perfect tournament performances."""


DEFAULT_TIEBREAKS: tuple[TieBreak, ...] = (TieBreak.DE1, TieBreak.ARO, TieBreak.LOT)
"""Dutch F10, after points: the games between the players tied for first; ARO; lot."""


DUTCH_F10 = DEFAULT_TIEBREAKS
"""The same order under its rule's name (the command line's default)."""


def dutch_f10_order() -> tuple[TieBreak, ...]:
    """The tie-breaks that follow points in the final standings.

    Dutch F10: "the best result in games played against each other" for first place
    only, then "the highest average rating of the opponents", then "the drawing of lots".
    """
    return DEFAULT_TIEBREAKS


@dataclass(frozen=True, slots=True)
class TieBreakSpec:
    """One entry of an event's tie-break list: a code of C.07 with its modifiers.

    C.07 lets the organiser pick any tie-break, in any order, each with the modifiers
    its definition allows (Article 14 for the cuts, the definitions themselves for the
    others); both texts have the same ones:

    - ``cut`` (Cn): the n least significant values are left out (BH, FB, SB, ARO; for
      PS, the first n rounds);
    - ``median`` (Mn, with ``cut`` = n): also the n most significant ones (BH, FB, ARO);
    - ``fore`` (F): AOB averages the opponents' Fore Buchholz (8.3) instead of their
      Buchholz;
    - ``limit_percent`` and ``limit_shift`` (L): KS counts the opponents whose score is
      at least that percentage of the maximum (50 by default, ``KS-L40``), moved by a
      number of half-points (``KS-L-2`` is one point lower, ``KS-L+1`` half a point
      higher).

    The codes of the older lists are kept: ``BH-C1``, ``MBH`` (that is ``BH-M1``),
    ``BH-C2``, ``BH-M2``, ``SB-C1``, ``SB-C2``; ``/`` may stand for ``-`` (``BH/C1``, as
    FIDE's checker writes it), ``PS`` is PROG and ``GE`` is REP.
    """

    code: TieBreak
    cut: int = 0
    median: bool = False
    fore: bool = False
    limit_percent: int = 50
    limit_shift: int = 0
    """Half-points added to the KS limit (negative: taken from it)."""

    @property
    def value(self) -> str:
        """The code as lists, headers and files write it: ``BH-C1``, ``ARO-M1``, ``KS-L40``."""
        for named, modified in _NAMED.items():
            if modified == self:
                return named.value
        return "-".join((self.code.value, *self.modifiers))

    @property
    def modifiers(self) -> tuple[str, ...]:
        """The modifiers as C.07 writes them, in a fixed order: ``("C1",)``, ``("L-2",)``."""
        found: list[str] = []
        if self.cut:
            found.append(f"{'M' if self.median else 'C'}{self.cut}")
        if self.fore:
            found.append("F")
        if self.limit_percent != 50:
            found.append(f"L{self.limit_percent}")
        if self.limit_shift:
            found.append(f"L{self.limit_shift:+d}")
        return tuple(found)

    @property
    def lower_is_better(self) -> bool:
        """Whether the lower value ranks first (a place, a pairing number)."""
        return self.code in LOWER_IS_BETTER


_NAMED: dict[TieBreak, TieBreakSpec] = {
    TieBreak.BH_C1: TieBreakSpec(TieBreak.BH, cut=1),
    TieBreak.MBH: TieBreakSpec(TieBreak.BH, cut=1, median=True),
    TieBreak.BH_C2: TieBreakSpec(TieBreak.BH, cut=2),
    TieBreak.BH_M2: TieBreakSpec(TieBreak.BH, cut=2, median=True),
    TieBreak.SB_C1: TieBreakSpec(TieBreak.SB, cut=1),
    TieBreak.SB_C2: TieBreakSpec(TieBreak.SB, cut=2),
}
"""The codes of the older lists that name a code with a cut."""


MODIFIERS: Mapping[TieBreak, str] = {
    TieBreak.BH: "CM",
    TieBreak.FB: "CM",
    TieBreak.ARO: "CM",
    TieBreak.SB: "C",
    TieBreak.PROG: "C",
    TieBreak.AOB: "F",
    TieBreak.KS: "L",
}
"""The modifiers each code accepts (C, M, F, L; see :class:`TieBreakSpec`)."""


def as_spec(tiebreak: TieBreak | TieBreakSpec) -> TieBreakSpec:
    """The entry a code stands for: ``TieBreak.BH_C1`` is BH with a cut of one."""
    if isinstance(tiebreak, TieBreakSpec):
        return tiebreak
    return _NAMED.get(tiebreak, TieBreakSpec(tiebreak))


LOWER_IS_BETTER = frozenset({TieBreak.DE, TieBreak.TPN})
"""Tie-breaks whose lower values rank first (a place, a pairing number)."""


DESCRIPTIONS: Mapping[TieBreak, str] = {
    TieBreak.BH: "Buchholz (C.07 8.1)",
    TieBreak.AOB: "Average of the opponents' Buchholz (C.07 8.2)",
    TieBreak.FB: "Fore Buchholz (C.07 8.3)",
    TieBreak.SB: "Sonneborn-Berger (C.07 9.1)",
    TieBreak.KS: "Koya (C.07 Article 9)",
    TieBreak.DE: "Direct encounter (C.07 Article 6)",
    TieBreak.DE1: "Games among those tied for first (1992 Dutch rules, F10)",
    TieBreak.WIN: "Rounds won, byes and forfeits included (C.07 7.1)",
    TieBreak.WON: "Games won over the board (C.07 7.2)",
    TieBreak.BPG: "Games played with Black (C.07 7.3)",
    TieBreak.BWG: "Games won with Black (C.07 7.4)",
    TieBreak.PROG: "Progressive scores, PS (C.07 Article 7)",
    TieBreak.REP: "Rounds elected to play (C.07 7.6)",
    TieBreak.STD: "Standard points, 1-½-0 (C.07 2026, 7.7)",
    TieBreak.TPN: "Pairing number, lower first (C.07 2026, 7.8)",
    TieBreak.ARO: "Average rating of the opponents (C.07 10.1)",
    TieBreak.TPR: "Tournament performance rating (C.07 10.2)",
    TieBreak.PTP: "Perfect tournament performance (C.07 10.3)",
    TieBreak.APRO: "Average of the opponents' TPR (C.07 10.4)",
    TieBreak.APPO: "Average of the opponents' PTP (C.07 10.5)",
    TieBreak.RTNG: "Own rating (C.07 2026, 10.6)",
    TieBreak.LOT: "Drawing of lots",
}
"""Every code an event can choose, with its name and rule, in the order an arbiter
reads them; the older codes with a cut (BH-C1, MBH, ...) are these with a modifier."""


MODIFIER_NAMES: Mapping[str, str] = {
    "C1": "Cut-1: without the lowest value",
    "C2": "Cut-2: without the two lowest values",
    "M1": "Median-1: without the lowest and the highest value",
    "M2": "Median-2: without the two lowest and the two highest values",
    "F": "Fore: the opponents' Fore Buchholz",
    "L40": "Limit 40%: opponents with 40% of the maximum score",
    "L-2": "Limit one point lower",
}
"""The modifiers offered when picking a tie-break (C.07 Article 14 and 9); any other
cut (C3, M3) or limit (L60, L+1) can be typed."""


GROUP_TIEBREAKS = frozenset({TieBreak.DE, TieBreak.DE1, TieBreak.LOT})
"""Tie-breaks whose value depends on the group of players still tied when they apply."""


_FIDE_NAMES = {TieBreak.PROG: "PS"}
"""Codes FIDE writes differently from us (TRF-2026 202, FIDE's checker)."""


def fide_code(spec: TieBreakSpec) -> str | None:
    """``spec`` as TRF-2026 202 and FIDE's checker write it: the code, then each
    modifier after a ``/`` (``BH/C1``, ``BH/M1``, ``PS/C1``, ``KS/L40``, ``AOB/F``);
    None for DE1 and LOT, which are not C.07's."""
    if spec.code in (TieBreak.DE1, TieBreak.LOT):
        return None
    return "/".join((_FIDE_NAMES.get(spec.code, spec.code.value), *spec.modifiers))


def fide_order(tiebreaks: Sequence[TieBreak | TieBreakSpec]) -> tuple[str, ...]:
    """The FIDE codes of ``tiebreaks`` up to the first one that is not C.07's (DE1,
    LOT): a shorter list that ranks as the event's own does as far as it goes."""
    codes: list[str] = []
    for tiebreak in tiebreaks:
        code = fide_code(as_spec(tiebreak))
        if code is None:
            break
        codes.append(code)
    return tuple(codes)
