"""One number format: ½ for points, one format per tie-break column, decimals in files."""

from __future__ import annotations

import csv
import io
import random
import re
from fractions import Fraction as F

import pytest
from django.test import Client

from swissweb.tournament.core.numbers import (
    decimal_text,
    half_points_text,
    points_text,
    tiebreak_text,
)
from swissweb.tournament.models import Event

from .test_standings import played_event


@pytest.mark.parametrize(
    ("value", "text"),
    [(F(11, 2), "5½"), (F(1, 2), "½"), (F(5), "5"), (F(0), "0"), (F(-1, 2), "-½")],
)
def test_points_are_written_with_a_half_sign(value: F, text: str) -> None:
    """Points as players write them: 5½, ½, 5."""
    assert points_text(value) == text


def test_half_points_of_the_models_are_written_as_points() -> None:
    """The models store half-points: 3 is 1½."""
    assert [half_points_text(n) for n in (0, 1, 3, 4)] == ["0", "½", "1½", "2"]


@pytest.mark.parametrize(
    ("code", "value", "text"),
    [
        ("SB", F(15, 4), "3.75"),
        ("SB", F(11, 2), "5.50"),
        ("SB", F(6), "6.00"),
        ("BH", F(23, 2), "11.5"),
        ("BH-C1", F(10), "10.0"),
        ("PROG", F(7, 2), "3.5"),
        ("ARO", F(1901), "1901"),
        ("WIN", F(3), "3"),
        ("SB-C2", F(25, 2), "12.50"),
        ("AOB-F", F(1733, 100), "17.33"),
        ("ARO-M1", F(1850), "1850"),
        ("TPR", F(2012), "2012"),
        ("APPO", F(1999), "1999"),
        ("KS-L40", F(7, 2), "3.5"),
        ("FB-C1", F(41, 2), "20.5"),
    ],
)
def test_each_tiebreak_column_has_one_format(code: str, value: F, text: str) -> None:
    """SB can end in a quarter, so always two decimals (never 3.75 beside 5½)."""
    assert tiebreak_text(code, value) == text


@pytest.mark.parametrize(
    ("value", "text"),
    [(F(43, 2), "21.5"), (F(51, 4), "12.75"), (F(21), "21"), (F(-1, 2), "-0.5"), (F(1, 3), "0.33")],
)
def test_files_get_plain_decimals(value: F, text: str) -> None:
    """CSV is read by spreadsheets: 21.5, never 21½."""
    assert decimal_text(value) == text


def test_decimal_text_rounds_a_half_away_from_zero() -> None:
    """Fixed places round a half up (away from zero), as arbiters round by hand."""
    assert decimal_text(F(1, 8), places=2) == "0.13"
    assert decimal_text(F(5, 2), places=0) == "3"


@pytest.mark.django_db
def test_standings_page_sb_column_never_mixes_halves_and_decimals() -> None:
    """Defect: SB showed 3.75 beside 5½ in one column; now every SB cell has two decimals."""
    event = played_event(12, 3, slug="numbers")
    Event.objects.filter(pk=event.pk).update(tiebreaks="SB,BH,ARO")
    page = Client().get(f"/events/{event.slug}/standings/")
    table = page.context["table"]
    for line in table.lines:
        sb, bh, aro = line.texts
        assert re.fullmatch(r"\d+\.\d\d", sb), sb
        assert re.fullmatch(r"\d+\.\d", bh), bh
        assert re.fullmatch(r"\d+", aro), aro
    html = page.content.decode()
    assert f"<td>{table.lines[0].texts[0]}</td>" in html


@pytest.mark.django_db
def test_each_tiebreak_has_the_same_fixed_decimals_on_the_page_and_in_the_csv() -> None:
    """#35: BH showed 11½ on the page and 11.5 in the CSV, and 10 beside 10.5 in one
    column; now the page and the CSV write each tie-break alike, with its decimals."""
    event = played_event(12, 3, slug="numbers-same")
    Event.objects.filter(pk=event.pk).update(tiebreaks="SB,BH-C1,ARO,PROG")
    page = Client().get(f"/events/{event.slug}/standings/")
    shown = [list(line.texts) for line in page.context["table"].lines]
    body = Client().get(f"/events/{event.slug}/standings.csv").content.decode()
    rows = list(csv.DictReader(io.StringIO(body)))
    assert [[row[c] for c in ("SB", "BH-C1", "ARO", "PROG")] for row in rows] == shown
    for sb, bh, aro, prog in shown:
        assert re.fullmatch(r"\d+\.\d\d", sb) and re.fullmatch(r"\d+", aro), (sb, aro)
        assert re.fullmatch(r"\d+\.\d", bh) and re.fullmatch(r"\d+\.\d", prog), (bh, prog)


@pytest.mark.django_db
def test_standings_csv_writes_decimals_not_half_signs() -> None:
    """Defect: the CSV had "21½"; spreadsheets need 21.5."""
    event = played_event(12, 3, slug="numbers-csv")
    Event.objects.filter(pk=event.pk).update(tiebreaks="SB,BH")
    body = Client().get(f"/events/{event.slug}/standings.csv").content.decode()
    assert "½" not in body
    rows = list(csv.DictReader(io.StringIO(body)))
    assert sum(F(row["points"]) for row in rows) == 3 * 6
    assert all(re.fullmatch(r"\d+(\.\d\d?)?", row["SB"]) for row in rows)


def _fraction_decimal_text(value: F, places: int | None) -> str:
    """The decimal as Fraction arithmetic writes it (the reference of the fast path)."""
    if places is None:
        places = next((p for p in (0, 1) if (value * 10**p).denominator == 1), 2)
    digits = int(abs(value) * 10**places + F(1, 2))
    sign = "-" if value < 0 and digits else ""
    whole, part = divmod(digits, 10**places)
    return f"{sign}{digits}" if places == 0 else f"{sign}{whole}.{part:0{places}d}"


def test_decimal_text_in_whole_numbers_writes_what_fraction_arithmetic_writes() -> None:
    """The standings write thousands of values in whole-number arithmetic (#35): the
    same text as the Fraction arithmetic for random values, halves and ties included."""
    rng = random.Random(35)
    denominators = (1, 2, 4, 5, 8, 10, 3, 7, 100, 200, 400, 1000)
    for _ in range(5000):
        value = F(rng.randint(-5000, 5000), rng.choice(denominators))
        for places in (None, 0, 1, 2, 3):
            assert decimal_text(value, places=places) == _fraction_decimal_text(value, places)
        assert decimal_text(int(value)) == _fraction_decimal_text(F(int(value)), None)
