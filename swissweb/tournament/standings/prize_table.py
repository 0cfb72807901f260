"""The prize table as the arbiter writes it (#24, #35), read into groups of prizes.

One group per line: its conditions, a colon, its prizes in place order::

    Place: 500, 300, 200, "Trophy"
    Rating below 1800: 100, 50
    Rating 1600-1799: 60
    Rating from 2000: 80
    Born 2010 or later: 50
    Born 1966 or earlier: 50, "a book"
    Women and rating below 1800: 40
    Unrated: 40
    Federation ENG: 30
    Club Hastings: 30
    Players 4 9 17: 25

The conditions a group may name, each read in the languages the pages are written in
(German, then French words in brackets):

- ``Place`` (``Platz``, ``Place``): everyone;
- ``Rating below N`` (``Wertung unter N``; ``Elo sous N``), ``Rating N-M`` (``Wertung
  N-M``; ``Elo N-M``), ``Rating from N`` (``Wertung ab N``; ``Elo à partir de N``) and
  ``Rating above N`` (``Wertung über N``; ``Elo au-dessus de N``): the rating the
  standings show for the player (the one the event ranks on); unrated players are in
  none of these;
- ``Born YYYY or later`` (``Jahrgang YYYY und jünger``, ``geboren YYYY oder später``) for
  juniors, ``Born YYYY or earlier`` (``Jahrgang YYYY und älter``, ``geboren YYYY oder
  früher``) for seniors, ``Born YYYY-YYYY`` (``Jahrgang YYYY-YYYY``): the birth year
  (French: ``Né en YYYY ou après``, ``ou avant``, ``Né en YYYY-YYYY``, also ``née``,
  ``nés``, ``nées``); players without one are in no age group;
- ``Women`` (``Frauen``; ``Femmes``), ``Unrated`` (``ohne Wertung``; ``Non classés``,
  ``Sans Elo``);
- ``Federation XXX`` (``Föderation XXX``; ``Fédération XXX``): the three-letter
  federation;
- ``Club NAME`` (``Verein NAME``): the club or school as registered, in any case;
- ``Players N N N`` (``Spieler N N N``; ``Joueurs N N N``): a group of the arbiter's own,
  by pairing numbers.

Conditions joined by ``and`` (``und``, ``et``, ``&``, ``+``) must all hold: ``Women and
rating below 1800`` is the women rated under 1800.  A club's name may itself contain "and"
(``Club Hastings and St Leonards``), and so do German words (``Jahrgang 2014 und
jünger``): a part that is no condition on its own joins its neighbour.  A table being
typed may not hold a group its conditions leave empty (:func:`validate_groups`).

A prize is an amount of money to the cent (``100``, ``50.50``) or, in quotes, a prize
in kind (``"Trophy"``, ``"a book"``, ``« Coupe »``).  A prize in kind is a prize like any
other for "one prize per player"; it is handed out in the order of what it is worth,
which the table does not say, so it is counted as worth the prize above it in its
group, and a group's first prize in kind as worth the group's largest amount (nothing
in a group of prizes in kind only): a winner's trophy goes before the second place's
money, a book at the end of a list after the money above it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from typing import Protocol

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _


class Candidate(Protocol):
    """What a group asks of a player (``prizes.Contender``)."""

    @property
    def number(self) -> int: ...
    @property
    def rating(self) -> int: ...
    @property
    def birth_year(self) -> int | None: ...
    @property
    def sex(self) -> str: ...
    @property
    def club(self) -> str: ...
    @property
    def federation(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Prize:
    """One prize of a group: money in cents, or a prize in kind (``item``)."""

    cents: int
    item: str = ""
    """A prize in kind, as the table names it ("Trophy"); empty for money."""
    worth: int = 0
    """What the prize counts as, in cents, when prizes are handed out from the largest
    down: its amount, or for a prize in kind as the module docstring says."""


@dataclass(frozen=True, slots=True)
class Group:
    """One line of the prize table: its conditions (all must hold) and its prizes."""

    name: str
    prizes: tuple[Prize, ...]
    rating_from: int | None = None
    rating_below: int | None = None
    born_from: int | None = None
    born_until: int | None = None
    women: bool = False
    unrated: bool = False
    club: str = ""
    federation: str = ""
    numbers: frozenset[int] | None = None
    """A custom group: the pairing numbers of its players (``None``: anyone)."""

    def admits(self, player: Candidate) -> bool:
        """Whether ``player`` may win this group's prizes: every condition holds."""
        rated = player.rating > 0
        return (
            (self.numbers is None or player.number in self.numbers)
            and (self.rating_below is None or (rated and player.rating < self.rating_below))
            and (self.rating_from is None or (rated and player.rating >= self.rating_from))
            and (self.born_from is None or (player.birth_year or 0) >= self.born_from)
            and (self.born_until is None or 0 < (player.birth_year or 0) <= self.born_until)
            and (not self.women or player.sex == "w")
            and (not self.unrated or not rated)
            and (not self.club or player.club.casefold() == self.club.casefold())
            and (not self.federation or player.federation.upper() == self.federation)
        )


_LINE = re.compile(r"\s*([^:]+?)\s*:\s*(.+?)\s*")
_AND = re.compile(r"\s+(?:and|und|et)\s+|\s*[&+]\s*", re.IGNORECASE)
_PLACE = re.compile(r"place|platz", re.IGNORECASE)
_RATING_RANGE = re.compile(r"(?:rating|wertung|elo) ([0-9]{3,4})\s*-\s*([0-9]{3,4})", re.IGNORECASE)
_RATING_BELOW = re.compile(
    r"(?:rating below|wertung unter|elo sous|elo inférieur à) ([0-9]{3,4})", re.IGNORECASE
)
_RATING_FROM = re.compile(
    r"(?:rating from|wertung ab|elo à partir de|elo dès) ([0-9]{3,4})", re.IGNORECASE
)
_RATING_ABOVE = re.compile(
    r"(?:rating above|wertung über|elo au-dessus de|elo supérieur à) ([0-9]{3,4})",
    re.IGNORECASE,
)
_FRENCH_BORN = r"n[ée]e?s? en ([0-9]{4})"
"""French "né en 2010", "née", "nés", "nées": one year, the words after it differ."""
_BORN = re.compile(
    r"born ([0-9]{4}) or later|geboren ([0-9]{4}) oder später|jahrgang ([0-9]{4}) und jünger"
    rf"|{_FRENCH_BORN} ou après",
    re.IGNORECASE,
)
_BORN_UNTIL = re.compile(
    r"born ([0-9]{4}) or earlier|geboren ([0-9]{4}) oder früher|jahrgang ([0-9]{4}) und älter"
    rf"|{_FRENCH_BORN} ou avant",
    re.IGNORECASE,
)
_BORN_RANGE = re.compile(
    r"(?:born|jahrgang|n[ée]e?s? en) ([0-9]{4})\s*-\s*([0-9]{4})", re.IGNORECASE
)
_WOMEN = re.compile(r"women|frauen|femmes", re.IGNORECASE)
_UNRATED = re.compile(r"unrated|ohne\s+wertung|non\s+class[ée]e?s?|sans\s+elo", re.IGNORECASE)
_FEDERATION = re.compile(r"(?:federation|föderation|fédération) ([a-z]{3})", re.IGNORECASE)
_CLUB = re.compile(r"(?:club|verein) (.+)", re.IGNORECASE)
_PLAYERS = re.compile(r"(?:players|spieler|joueurs)((?:\s+[0-9]{1,9})+)", re.IGNORECASE)
_IN_KIND = re.compile(r"[\"“„”'‘‚’«](.+)[\"“”'‘’»]")


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
        name, items = match.groups()
        groups.append(_group(number, name, _prizes(number, items)))
    return groups


def validate_table(text: str) -> None:
    """Model validator: the prize table reads.  A backup or an event saved before
    :func:`validate_groups` is read as it is."""
    read_table(text)


def validate_groups(text: str) -> None:
    """What a table being typed must also meet (the settings form and service): each
    group admits someone, for a group that admits nobody would silently pay nothing.

    :raises ValidationError: the table does not read, or the first line whose group
        admits nobody, naming it.
    """
    numbers = [n for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    for number, group in zip(numbers, read_table(text), strict=True):
        if _admits_nobody(group):
            raise ValidationError(
                # Translators: name is the group as the arbiter wrote it, in quotes.
                _("Line %(number)s: %(name)s admits nobody: its conditions exclude each other.")
                % {"number": number, "name": repr(group.name)}
            )


MAX_AMOUNT = Decimal(10**12)
"""The largest prize the table takes (a million million, in any currency): far above any
prize, far below what rounding to the cent can hold (D8, #31)."""


def _prizes(number: int, items: str) -> tuple[Prize, ...]:
    """The prizes of line ``number``, each with its worth (see the module docstring)."""
    read = []
    for item in items.split(","):
        kind = _IN_KIND.fullmatch(item.strip())
        read.append(Prize(0, kind.group(1).strip()) if kind else _money(number, item.strip()))
    largest = max((p.cents for p in read), default=0)
    prizes: list[Prize] = []
    for prize in read:
        if prize.item:
            prize = replace(prize, worth=prizes[-1].worth if prizes else largest)
        prizes.append(prize)
    return tuple(prizes)


def _money(number: int, text: str) -> Prize:
    """One amount of line ``number``: finite, from 0 to ``MAX_AMOUNT``, to the cent.

    :raises ValidationError: ``text`` is not such an amount, in words.
    """
    try:
        amount = Decimal(text)
    except InvalidOperation:
        amount = Decimal("NaN")
    if not amount.is_finite():
        raise ValidationError(
            # Translators: amount is what the arbiter wrote, in quotes.
            _(
                "Line %(number)s: %(amount)s is not an amount (write 100 or 50.50, or a "
                "prize in kind in quotes: “Trophy”)."
            )
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
    cents = int(amount * 100)
    return Prize(cents, worth=cents)


def _group(number: int, name: str, prizes: tuple[Prize, ...]) -> Group:
    """The group named ``name``: its conditions, joined by "and", all hold."""
    name = name[:1].upper() + name[1:]
    pieces = _AND.split(name)
    separators = _AND.findall(name)
    parts = [pieces[0]]
    for separator, piece in zip(separators, pieces[1:], strict=True):
        if _condition(number, parts[-1]) is None or _condition(number, piece) is None:
            parts[-1] += separator + piece
        else:
            parts.append(piece)
    group = Group(name, prizes)
    for part in parts:
        condition = _condition(number, part)
        if condition is None:
            raise ValidationError(
                # Translators: the group names after "write" are the words the prize
                # table reads in your language: German reads Platz, Wertung unter N,
                # Wertung ab N, Wertung N-M, Jahrgang YYYY und jünger, Jahrgang YYYY und
                # älter, Frauen, ohne Wertung, Föderation XXX, Verein NAME, Spieler N N N
                # (prize_table.py).
                _(
                    "Line %(number)s: %(name)s is not a group: write Place, Rating below N, "
                    "Rating from N, Rating N-M, Born YYYY or later, Born YYYY or earlier, "
                    "Women, Unrated, Federation XXX, Club NAME or Players N N N, or several "
                    "joined by “and”."
                )
                % {"number": number, "name": repr(part)}
            )
        group = _both(number, group, condition)
    return group


def _admits_nobody(group: Group) -> bool:
    """Whether the bounds of ``group`` leave nobody in it: a birth year range that ends
    before it starts, a rating from above the rating below, unrated players with a
    rating bound, or custom groups without a pairing number in common."""
    return (
        (group.born_from is not None and group.born_until is not None
         and group.born_from > group.born_until)
        or (group.rating_from is not None and group.rating_below is not None
            and group.rating_from >= group.rating_below)
        or (group.unrated and (group.rating_from is not None or group.rating_below is not None))
        or group.numbers == frozenset()
    )  # fmt: skip


def _condition(number: int, text: str) -> dict[str, object] | None:
    """The condition ``text`` names, as ``Group`` fields; ``None``: not a condition."""
    text = text.strip()
    if _PLACE.fullmatch(text):
        return {}
    if match := _RATING_RANGE.fullmatch(text):
        low, high = int(match.group(1)), int(match.group(2))
        if low > high:
            raise ValidationError(
                _("Line %(number)s: the rating range %(low)s-%(high)s is empty.")
                % {"number": number, "low": low, "high": high}
            )
        return {"rating_from": low, "rating_below": high + 1}
    if match := _RATING_BELOW.fullmatch(text):
        return {"rating_below": int(match.group(1))}
    if match := _RATING_FROM.fullmatch(text):
        return {"rating_from": int(match.group(1))}
    if match := _RATING_ABOVE.fullmatch(text):
        return {"rating_from": int(match.group(1)) + 1}
    if match := _BORN.fullmatch(text):
        return {"born_from": int(next(y for y in match.groups() if y is not None))}
    if match := _BORN_UNTIL.fullmatch(text):
        return {"born_until": int(next(y for y in match.groups() if y is not None))}
    if match := _BORN_RANGE.fullmatch(text):
        return {"born_from": int(match.group(1)), "born_until": int(match.group(2))}
    if _WOMEN.fullmatch(text):
        return {"women": True}
    if _UNRATED.fullmatch(text):
        return {"unrated": True}
    if match := _FEDERATION.fullmatch(text):
        return {"federation": match.group(1).upper()}
    if match := _CLUB.fullmatch(text):
        return {"club": match.group(1).strip()}
    if match := _PLAYERS.fullmatch(text):
        return {"numbers": frozenset(int(n) for n in match.group(1).split())}
    return None


def _both(number: int, group: Group, condition: dict[str, object]) -> Group:
    """``group`` with ``condition`` added: bounds narrow, flags add up; two different
    clubs or federations admit nobody and are refused."""
    changes: dict[str, object] = {}
    for field, value in condition.items():
        old = getattr(group, field)
        if old is None or old is False or old == "":
            changes[field] = value
        elif field in ("rating_from", "born_from"):
            changes[field] = max(old, value)
        elif field in ("rating_below", "born_until"):
            changes[field] = min(old, value)
        elif field == "numbers":
            changes[field] = old & value
        elif old != value and isinstance(old, str):
            raise ValidationError(
                _("Line %(number)s: %(name)s names two different clubs or federations.")
                % {"number": number, "name": repr(group.name)}
            )
    return replace(group, **changes)  # type: ignore[arg-type]  # each value of its field's type
