"""One number format everywhere (#36 item 6): ½ for points and for the tie-breaks that
are sums of scores, a fixed form per tie-break code for the others, the same text on the
page, in print and in the CSV, and "1 point" / "2 points" by the plural rules."""

from __future__ import annotations

import csv
import io
import random
import re
from fractions import Fraction as F

import pytest
from django.test import Client

from swissweb.tournament.core.numbers import (
    Form,
    decimal_text,
    half_points_text,
    plural_count,
    points_text,
    points_words,
    tiebreak_form,
    tiebreak_text,
    whole_scores,
)
from swissweb.tournament.models import Event
from swissweb.tournament.standings.legend import tiebreak_legend

from .test_standings import played_event

HALF = r"\d*½|\d+"
"""A value written in halves: "11½", "½", "11"."""


def _csv_rows(body: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"))))


@pytest.mark.parametrize(
    ("value", "text"),
    [(F(11, 2), "5½"), (F(1, 2), "½"), (F(5), "5"), (F(0), "0"), (F(-1, 2), "-½")],
)
def test_points_are_written_with_a_half_sign(value: F, text: str) -> None:
    """Points as players write them: 5½, ½, 5, 0."""
    assert points_text(value) == text


def test_half_points_of_the_models_are_written_as_points() -> None:
    """The models store half-points: 3 is 1½."""
    assert [half_points_text(n) for n in (0, 1, 3, 4)] == ["0", "½", "1½", "2"]


@pytest.mark.parametrize(
    ("code", "value", "text"),
    [
        ("BH", F(23, 2), "11½"),
        ("BH-C1", F(10), "10"),
        ("MBH", F(1, 2), "½"),
        ("BH-M2", F(0), "0"),
        ("FB-C1", F(41, 2), "20½"),
        ("PROG", F(7, 2), "3½"),
        ("KS-L40", F(7, 2), "3½"),
        ("STD", F(5, 2), "2½"),
        ("DE1", F(3, 2), "1½"),
        ("SB", F(15, 4), "3.75"),
        ("SB", F(11, 2), "5.50"),
        ("SB", F(6), "6.00"),
        ("SB-C2", F(25, 2), "12.50"),
        ("AOB-F", F(1733, 100), "17.33"),
        ("ARO", F(1901), "1901"),
        ("ARO-M1", F(1850), "1850"),
        ("TPR", F(2012), "2012"),
        ("APPO", F(1999), "1999"),
        ("WIN", F(3), "3"),
        ("DE", F(2), "2"),
    ],
)
def test_each_tiebreak_code_has_one_form(code: str, value: F, text: str) -> None:
    """Sums of scores in halves (11½), ratings and counts whole, SB and AOB to two
    decimals (SB ends in quarters with half points): never 3.75 beside 5½ in a column."""
    assert tiebreak_text(code, value) == text


def test_half_point_tiebreaks_never_have_a_decimal_point() -> None:
    """#35 wrote BH as 11.5; a sum of scores is written like points."""
    for code in ("BH", "BH-C1", "MBH", "BH-C2", "BH-M2", "FB", "PROG", "KS", "STD", "DE1"):
        assert tiebreak_form(code) is Form.HALVES, code


def test_sonneborn_berger_is_whole_when_the_event_gives_only_whole_points() -> None:
    """3-1-0 scoring gives whole scores, so their products are whole: SB 18, not 18.00."""
    assert whole_scores([6, 2, 0, 6, 0, 6, 6, 2])
    assert not whole_scores([2, 1, 0, 2, 0, 2, 2, 1])
    assert tiebreak_text("SB-C1", F(18), whole=True) == "18"
    assert tiebreak_form("SB", whole=True) is Form.WHOLE
    assert tiebreak_form("AOB", whole=True) is Form.HUNDREDTHS


def test_the_legend_says_how_each_tiebreak_is_written() -> None:
    legend = tiebreak_legend("BH-C1,SB,ARO")
    assert [(line.form, line.written) for line in legend] == [
        (Form.HALVES, "in halves (½)"), (Form.HUNDREDTHS, "two decimals"),
        (Form.WHOLE, "whole numbers"),
    ]  # fmt: skip
    assert tiebreak_legend("SB", whole=True)[0].form is Form.WHOLE


@pytest.mark.parametrize(
    ("value", "text"),
    [(F(43, 2), "21.5"), (F(51, 4), "12.75"), (F(21), "21"), (F(-1, 2), "-0.5"), (F(1, 3), "0.33")],
)
def test_decimal_text_writes_plain_decimals(value: F, text: str) -> None:
    """Money, averages and two-decimal tie-breaks: a plain decimal with a point."""
    assert decimal_text(value) == text


def test_decimal_text_rounds_a_half_away_from_zero() -> None:
    """Fixed places round a half up (away from zero), as arbiters round by hand."""
    assert decimal_text(F(1, 8), places=2) == "0.13"
    assert decimal_text(F(5, 2), places=0) == "3"


def test_points_words_follow_the_plural_rules() -> None:
    """Defect: "1 points". ngettext chooses the form; a half counts up (1½ points)."""
    assert [plural_count(F(n, 2)) for n in (0, 1, 2, 3, 4)] == [0, 1, 1, 2, 2]
    assert [points_words(F(n, 2)) for n in (0, 1, 2, 3, 4)] == [
        "0 points", "½ point", "1 point", "1½ points", "2 points",
    ]  # fmt: skip


@pytest.mark.django_db
def test_standings_page_writes_half_point_tiebreaks_with_a_half_sign() -> None:
    """BH in halves, SB with two decimals, ARO whole, on the page and in its cells."""
    event = played_event(12, 3, slug="numbers")
    Event.objects.filter(pk=event.pk).update(tiebreaks="SB,BH,ARO")
    page = Client().get(f"/events/{event.slug}/standings/")
    table = page.context["table"]
    for line in table.lines:
        sb, bh, aro = line.texts
        assert re.fullmatch(r"\d+\.\d\d", sb), sb
        assert re.fullmatch(HALF, bh), bh
        assert re.fullmatch(r"\d+", aro), aro
    assert any("½" in line.texts[1] for line in table.lines)
    html = page.content.decode()
    assert f"<td>{table.lines[0].texts[1]}</td>" in html
    assert "<td>in halves (½)</td>" in html


@pytest.mark.django_db
def test_standings_csv_writes_the_text_of_the_page() -> None:
    """One format everywhere: points and tie-breaks in the CSV are the page's text
    (4½, 11½, 12.75), no longer 4.5 and 11.5 beside the page's 4½ and 11½."""
    event = played_event(12, 3, slug="numbers-same")
    Event.objects.filter(pk=event.pk).update(tiebreaks="SB,BH-C1,ARO,PROG")
    page = Client().get(f"/events/{event.slug}/standings/")
    lines = page.context["table"].lines
    rows = _csv_rows(Client().get(f"/events/{event.slug}/standings.csv").content)
    assert [[row[c] for c in ("SB", "BH-C1", "ARO", "PROG")] for row in rows] == [
        list(line.texts) for line in lines
    ]
    assert [row["points"] for row in rows] == [points_text(line.points) for line in lines]
    assert any("½" in row["points"] for row in rows)
    for row in rows:
        assert re.fullmatch(HALF, row["BH-C1"]) and re.fullmatch(HALF, row["PROG"]), row


@pytest.mark.django_db
def test_standings_csv_starts_with_a_byte_order_mark_for_spreadsheets() -> None:
    """Excel reads a CSV without a BOM in the local code page and shows ½ as "Â½"."""
    event = played_event(8, 2, slug="numbers-bom")
    body = Client().get(f"/events/{event.slug}/standings.csv").content
    assert body.startswith("\ufeffrank,".encode())
    assert "½" in body.decode("utf-8-sig")


@pytest.mark.django_db
def test_player_card_writes_its_points_by_the_plural_rules() -> None:
    """Defect: "1 points after the completed rounds"."""
    event = played_event(8, 2, slug="numbers-card")
    page = Client().get(f"/events/{event.slug}/standings/")
    for line in page.context["table"].lines:
        card = Client().get(f"/events/{event.slug}/players/{line.player.pairing_number}/")
        words = points_words(line.points)
        assert f"{words} after the completed rounds" in card.content.decode()
        if line.points == 1:
            assert words == "1 point"


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
