"""TRF-2026's national rating records (172, NRS) and our SWV line (#35 item 1)."""

from __future__ import annotations

import pytest

from pairing.engine import trf
from pairing.engine.errors import TrfError


def test_nrs_record_puts_rating_and_number_in_the_001_columns() -> None:
    line = trf.nrs_line("GER", 12, 1850, "C0327-297")
    assert line[0:3] == "GER"
    assert line[4:8] == "  12"
    assert line[48:52] == "1850"
    assert line[57:68].strip() == "C0327-297"


def test_nrs_record_leaves_out_a_number_longer_than_its_columns() -> None:
    line = trf.nrs_line("ENG", 1, 0, "123456789012")
    assert len(line) <= 52 and line[48:52] == ""


def test_ranking_method_takes_the_codes_of_record_172_only() -> None:
    assert trf.ranking_method_line("eng", "HBFN") == "172 ENG HBFN"
    with pytest.raises(ValueError):
        trf.ranking_method_line("ENG", "HIGHER")
    with pytest.raises(ValueError):
        trf.ranking_method_line("DWZ1", "FIDE")


def _doc(*extra: str) -> trf.TrfDocument:
    players = [trf.TrfPlayer(start_rank=1, name="Ost, Ole"), trf.TrfPlayer(start_rank=2, name="B")]
    return trf.read_trf(trf.write_trf(trf.trf_document(["012 Open"], players, list(extra))))


def test_nrs_records_are_read_only_beside_a_172_record_of_their_federation() -> None:
    nrs = trf.nrs_line("GER", 1, 1700, "X1")
    assert trf.nrs_ratings(_doc(nrs)) == {}
    assert trf.nrs_ratings(_doc("172 GER NRO", nrs, trf.nrs_line("AUT", 2, 1600, ""))) == {
        1: ("GER", 1700, "X1")
    }


def test_swv_line_reads_back_rating_and_list() -> None:
    lines = trf.national_rating_lines([(1, 1850, "DWZ"), (2, 0, "")])
    assert lines == ["SWV    1 1850 DWZ"]
    assert trf.national_ratings(_doc(*lines)) == {1: (1850, "DWZ")}


def test_swv_line_with_no_rating_is_refused_at_its_column() -> None:
    with pytest.raises(TrfError) as caught:
        _doc("SWV    1 high DWZ")
    assert caught.value.column == 10
