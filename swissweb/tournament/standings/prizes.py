"""Prizes and categories (#24): the event's prize table, read, and the prize list.

The arbiter writes the prize table one group per line, the group, a colon, its prizes
in place order::

    Place: 500, 300, 200
    Rating below 1800: 100, 50
    Rating 1600-1799: 60
    Born 2014 or later: 50
    Women: 80
    Unrated: 40
    Club Hastings: 30
    Players 4 9 17: 25

A group is ``Place`` (everyone), ``Rating below N`` or ``Rating N-M`` (the rating the
player is registered with; unrated players are in neither), ``Born YYYY or later`` (the
birth year; players without a birth date are in no age group), ``Women``, ``Unrated``
``Club NAME`` (the club or school as registered) or ``Players N N N`` (a group of the
arbiter's own, by pairing numbers: the host club's juniors, say).

The table is read in each language the pages are written in (#24), so that a German
arbiter writes it as German prize lists are written: ``Platz``, ``Wertung unter N``,
``Wertung N-M``, ``Jahrgang YYYY und jünger`` (or ``geboren YYYY oder später``),
``Frauen``, ``ohne Wertung``, ``Verein NAME``, ``Spieler N N N``.  The prize list names
each group as the arbiter wrote it.

Our reading of "one prize per player, the higher prize taken", as arbiters apply it:
the prizes are handed out from the largest down (of equal amounts, the table's order),
each to the best player in the standings who may have it and has none yet.  Then
players who share points within a group share its prizes, as the event says:

- ``none``: the tie-breaks decide, nobody shares;
- ``split``: players level on points share the prizes of the places they take together
  equally (a place beyond the group's prizes brings nothing);
- ``hort``: the Hort system: each keeps half the prize of their place by tie-breaks,
  and the other halves are shared equally.

Amounts are money with cents; shares are exact fractions, written to the cent.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _


@dataclass(frozen=True, slots=True)
class Group:
    """One line of the prize table."""

    name: str
    prizes: tuple[Fraction, ...]
    rating_from: int | None = None
    rating_below: int | None = None
    born_from: int | None = None
    women: bool = False
    unrated: bool = False
    club: str = ""
    numbers: frozenset[int] = frozenset()
    """A custom group: the pairing numbers of its players."""

    def admits(self, player: Contender) -> bool:
        """Whether ``player`` may win this group's prizes."""
        if self.numbers and player.number not in self.numbers:
            return False
        if self.rating_below is not None and not 0 < player.rating < self.rating_below:
            return False
        if self.rating_from is not None and player.rating < self.rating_from:
            return False
        if self.born_from is not None and (player.birth_year or 0) < self.born_from:
            return False
        if self.women and player.sex != "w":
            return False
        if self.unrated and player.rating > 0:
            return False
        return not self.club or player.club.casefold() == self.club.casefold()


@dataclass(frozen=True, slots=True)
class Contender:
    """A player of the final standings, as prizes see them."""

    key: int
    name: str
    place: int
    number: int
    """The pairing number (custom groups name their players by it)."""
    points: Fraction
    rating: int
    birth_year: int | None
    sex: str
    club: str


@dataclass(frozen=True, slots=True)
class Award:
    """A prize won: the group, the place in it, and the amount after sharing."""

    player: Contender
    group: str
    place: int
    amount: Fraction
    shared_with: int
    """How many players shared the prizes of this player's tie (1: nobody)."""


_LINE = re.compile(r"\s*([^:]+?)\s*:\s*(.+?)\s*")
_PLACE = re.compile(r"place|platz", re.IGNORECASE)
_RATING_RANGE = re.compile(r"(?:rating|wertung) ([0-9]{3,4})\s*-\s*([0-9]{3,4})", re.IGNORECASE)
_RATING_BELOW = re.compile(r"(?:rating below|wertung unter) ([0-9]{3,4})", re.IGNORECASE)
_BORN = re.compile(
    r"born ([0-9]{4}) or later|geboren ([0-9]{4}) oder später|jahrgang ([0-9]{4}) und jünger",
    re.IGNORECASE,
)
_WOMEN = re.compile(r"women|frauen", re.IGNORECASE)
_UNRATED = re.compile(r"unrated|ohne\s+wertung", re.IGNORECASE)
_CLUB = re.compile(r"(?:club|verein) (.+)", re.IGNORECASE)
_PLAYERS = re.compile(r"(?:players|spieler)((?:\s+[0-9]{1,9})+)", re.IGNORECASE)


def read_table(text: str) -> list[Group]:
    """The groups of a prize table (see the module docstring).

    :raises ValidationError: a line that does not read, naming it and what is wrong.
    """
    groups: list[Group] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        match = _LINE.fullmatch(line)
        if match is None:
            raise ValidationError(
                _("Line %(number)s: write the group, a colon, then its prizes.")
                % {"number": number}
            )
        name, amounts = match.groups()
        prizes = []
        for item in amounts.split(","):
            amount = _amount(number, item.strip())
            prizes.append(Fraction(amount))
        groups.append(_group(number, name, tuple(prizes)))
    return groups


MAX_AMOUNT = Decimal(10**12)
"""The largest prize the table takes (a million million, in any currency): far above any
prize, far below what rounding to the cent can hold (D8, #31)."""


def _amount(number: int, text: str) -> Decimal:
    """One prize amount of line ``number``: finite, from 0 to ``MAX_AMOUNT``, to the cent.

    :raises ValidationError: ``text`` is not such an amount, in words.
    """
    try:
        amount = Decimal(text)
    except InvalidOperation:
        amount = Decimal("NaN")
    if not amount.is_finite():
        raise ValidationError(
            # Translators: amount is what the arbiter wrote, in quotes.
            _("Line %(number)s: %(amount)s is not an amount (write 100 or 50.50).")
            % {"number": number, "amount": repr(text)}
        )
    if amount > MAX_AMOUNT:
        raise ValidationError(
            # Translators: amount is what the arbiter wrote, in quotes; maximum a number.
            _("Line %(number)s: %(amount)s is too large: a prize is at most %(maximum)s.")
            % {"number": number, "amount": repr(text), "maximum": MAX_AMOUNT}
        )
    if amount < 0 or amount != amount.quantize(Decimal("0.01")):
        raise ValidationError(
            _("Line %(number)s: %(amount)s is not an amount.")
            % {"number": number, "amount": repr(text)}
        )
    return amount


def _group(number: int, name: str, prizes: tuple[Fraction, ...]) -> Group:
    name = name[:1].upper() + name[1:]
    if _PLACE.fullmatch(name):
        return Group(name, prizes)
    if match := _RATING_RANGE.fullmatch(name):
        low, high = int(match.group(1)), int(match.group(2))
        if low > high:
            raise ValidationError(
                _("Line %(number)s: the rating range %(low)s-%(high)s is empty.")
                % {"number": number, "low": low, "high": high}
            )
        return Group(name, prizes, rating_from=low, rating_below=high + 1)
    if match := _RATING_BELOW.fullmatch(name):
        return Group(name, prizes, rating_below=int(match.group(1)))
    if match := _BORN.fullmatch(name):
        year = next(group for group in match.groups() if group is not None)
        return Group(name, prizes, born_from=int(year))
    if _WOMEN.fullmatch(name):
        return Group(name, prizes, women=True)
    if _UNRATED.fullmatch(name):
        return Group(name, prizes, unrated=True)
    if match := _CLUB.fullmatch(name):
        return Group(name, prizes, club=match.group(1).strip())
    if match := _PLAYERS.fullmatch(name):
        return Group(name, prizes, numbers=frozenset(int(n) for n in match.group(1).split()))
    raise ValidationError(
        # Translators: the group names after "write" are the words the prize table reads
        # in your language: German reads Platz, Wertung unter N, Wertung N-M, Jahrgang
        # YYYY und jünger, Frauen, ohne Wertung, Verein NAME, Spieler N N N (prizes.py).
        _(
            "Line %(number)s: %(name)s is not a group: write Place, Rating below N, Rating N-M, "
            "Born YYYY or later, Women, Unrated, Club NAME or Players N N N."
        )
        % {"number": number, "name": repr(name)}
    )


def validate_table(text: str) -> None:
    """Model validator: the prize table reads."""
    read_table(text)


def prize_list(groups: Sequence[Group], players: Sequence[Contender], sharing: str) -> list[Award]:
    """Who wins what (see the module docstring), in the order of the prize table."""
    slots = sorted(
        (
            (amount, index, place)
            for index, g in enumerate(groups)
            for place, amount in enumerate(g.prizes, start=1)
        ),
        key=lambda slot: (-slot[0], slot[1], slot[2]),
    )
    ranked = sorted(players, key=lambda p: p.place)
    taken: dict[int, tuple[int, int]] = {}
    for _amount, index, place in slots:
        group = groups[index]
        winner = next((p for p in ranked if p.key not in taken and group.admits(p)), None)
        if winner is not None:
            taken[winner.key] = (index, place)
    awards: list[Award] = []
    for index, group in enumerate(groups):
        winners = sorted(
            (p for p in ranked if taken.get(p.key, (-1, 0))[0] == index), key=lambda p: p.place
        )
        awards += _shared(group, winners, ranked, taken, index, sharing)
    return awards


def _shared(
    group: Group,
    winners: list[Contender],
    ranked: list[Contender],
    taken: dict[int, tuple[int, int]],
    index: int,
    sharing: str,
) -> list[Award]:
    """The group's awards, shared among players level on points as ``sharing`` says.

    The players in line for the group are its winners and, below them, the players it
    admits who won nothing: a tie that reaches past the group's last prize shares with
    them (their places bring nothing)."""
    if not winners:
        return []
    line = [p for p in ranked if taken.get(p.key, (index, 0))[0] == index and group.admits(p)]
    amount = {p.key: group.prizes[taken[p.key][1] - 1] for p in winners}
    result: list[Award] = []
    position = 0
    while position < len(line):
        tie = [p for p in line[position:] if p.points == line[position].points]
        prizes = [amount.get(p.key, Fraction(0)) for p in tie]
        if sum(prizes) > 0:
            for player, own in zip(tie, prizes, strict=True):
                share = _share(own, prizes, sharing)
                if share > 0:
                    place = taken[player.key][1] if player.key in taken else 0
                    result.append(
                        Award(
                            player, group.name, place, share, len(tie) if sharing != "none" else 1
                        )
                    )
        position += len(tie)
    return result


def _share(own: Fraction, prizes: Sequence[Fraction], sharing: str) -> Fraction:
    if sharing == "split":
        return sum(prizes, Fraction(0)) / len(prizes)
    if sharing == "hort":
        return own / 2 + sum(prizes, Fraction(0)) / 2 / len(prizes)
    return own


def money(amount: Fraction) -> str:
    """An amount to the cent, a half cent rounded up: ``Fraction(200, 3)`` -> ``66.67``."""
    cents = int(amount * 100 + Fraction(1, 2))
    return f"{cents // 100}.{cents % 100:02d}"
