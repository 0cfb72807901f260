"""Rating lists that find everyone (#35 item 3): names folded for searching, words in
any order, no cap on a common surname; national CSVs read as they come; FIDE's TXT
list read by its byte columns."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from swissweb.ratings import samples
from swissweb.ratings.formats import Entry, ListError, read_fide_txt, read_fide_xml
from swissweb.ratings.loader import load_list
from swissweb.ratings.models import ListedName, ListedPlayer, ListKind
from swissweb.ratings.national import (
    decode,
    delimiter,
    detect,
    read_national_csv,
    unread_note,
)
from swissweb.ratings.search import search

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


def load(*names: str) -> None:
    entries = [Entry(player_id=str(1000 + n), name=name) for n, name in enumerate(names)]
    load_list(name="FIDE", kind=ListKind.FIDE, source="", entries=entries, user=None, now=T0)


def names(query: str) -> list[str]:
    return [p.name for p in search(query)]


# --- Searching ---------------------------------------------------------------------------


@pytest.mark.django_db
def test_search_folds_apostrophes_so_obrien_finds_o_brien() -> None:
    load("O'Brien, Sean", "O’Brien, Mary", "Obrist, Hans", "d'Artagnan, Charles")
    assert names("obrien") == names("O'Brien") == ["O'Brien, Sean", "O’Brien, Mary"][::-1]
    assert names("o’brien sean") == ["O'Brien, Sean"]
    assert names("brien") == ["O’Brien, Mary", "O'Brien, Sean"]
    assert names("artagnan") == names("dartagnan") == ["d'Artagnan, Charles"]


@pytest.mark.django_db
def test_search_finds_mueller_muller_and_mueller_spelled_with_an_umlaut() -> None:
    load("Müller, Hans", "Mueller, Karl", "Muller, Anne", "Mülheim, Otto")
    every_way = ["Mueller, Karl", "Muller, Anne", "Müller, Hans"]
    assert sorted(names("muller")) == sorted(names("Müller")) == sorted(every_way)
    assert sorted(names("mueller")) == ["Mueller, Karl", "Müller, Hans"]
    assert names("müller hans") == names("hans mueller") == ["Müller, Hans"]


@pytest.mark.django_db
def test_search_finds_any_part_of_a_double_surname() -> None:
    load("García-López, José", "Mendes da Silva, Ana", "Lopez, Maria")
    assert names("lopez jose") == names("jose garcia") == ["García-López, José"]
    assert names("silva") == names("ana mendes") == ["Mendes da Silva, Ana"]
    assert names("lopez") == ["García-López, José", "Lopez, Maria"]


@pytest.mark.django_db
def test_search_for_smith_tomas_is_not_capped_at_a_prefixs_first_names() -> None:
    """The issue's case: 107 "Smith, Tomas" behind more than 2,000 Smiths that sort
    before them were never found, for only the first 2,000 names of a start were read."""
    others = [f"Smith, Adam {n:04d}" for n in range(2300)]
    tomases = [f"Smith, Tomas {n:03d}" for n in range(107)]
    load(*others, *tomases, "Smith, Tomasz", "Tomasson, Smith")
    for query in ("smith tomas", "tomas smith", "smith, tomas"):
        found = names(query)
        assert len(found) == 20 and all(n.startswith("Smith, Tomas ") for n in found), query
    assert ListedPlayer.objects.filter(name__startswith="Smith, Tomas ").count() == 107


@pytest.mark.django_db
def test_search_ranks_exact_words_before_longer_ones() -> None:
    """ "ann" finds Ann before Anna and Annika, although Adams sorts before Smith."""
    load("Adams, Anna", "Baker, Annika", "Smith, Ann", "Annand, Bob")
    assert names("ann") == ["Smith, Ann", "Adams, Anna", "Annand, Bob", "Baker, Annika"]
    assert names("ann smith") == ["Smith, Ann"]


@pytest.mark.django_db
def test_a_national_id_with_letters_finds_its_player() -> None:
    """An arbiter types the ID a national list gives: ECF's "123456A", the German
    federation's club and member numbers "C0327-002" (typed in any case); a word with
    a digit that is no ID still searches the names."""
    load_list(name="DWZ", kind=ListKind.NATIONAL, source="", user=None, now=T0, entries=[
        Entry(player_id="C0327-002", name="Bauer, Ben", standard=1900),
        Entry(player_id="123456A", name="Smith, John", standard=1850),
    ])  # fmt: skip
    assert names("C0327-002") == names("c0327-002") == ["Bauer, Ben"]
    assert names("123456a") == ["Smith, John"]
    assert names("C0327-999") == [] and names("smith") == ["Smith, John"]


@pytest.mark.django_db
def test_reloading_a_list_replaces_its_search_words() -> None:
    load("Carlsen, Magnus")
    load("Caruana, Fabiano")
    assert names("magnus") == [] and names("fabiano") == ["Caruana, Fabiano"]
    assert sorted(ListedName.objects.values_list("word", flat=True)) == ["caruana", "fabiano"]


# --- National CSV files ------------------------------------------------------------------


@pytest.mark.parametrize(("mark", "said"), [(",", "commas"), (";", "semicolons"),
                                            ("\t", "tabs")])  # fmt: skip
def test_a_csv_lists_delimiter_is_detected_and_said(mark: str, said: str) -> None:
    header = mark.join(["Code", "Name", "Rating", "Club"])
    row = mark.join(["12", '"Smith, John"', "1850", '"Hastings; Bexhill"'])
    found = detect(f"{header}\r\n{row}\r\n".encode())
    assert found.delimiter == mark
    assert found.describe() == f"read as UTF-8, columns separated by {said}"
    mapping = {"player_id": "Code", "name": "Name", "standard": "Rating", "club": "Club"}
    (entry,) = read_national_csv(found.text, mapping, delimiter=found.delimiter)
    assert (entry.name, entry.standard, entry.club) == ("Smith, John", 1850, "Hastings; Bexhill")


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        ("Müller, Jörg’s".encode(), "UTF-8"),
        (b"\xef\xbb\xbf" + "Müller, Jörg’s".encode(), "UTF-8 with BOM"),
        ("Müller, Jörg’s".encode("cp1252"), "Windows-1252"),
        ("Müller, Jörg's".encode("latin-1"), "Latin-1"),
    ],
)
def test_a_csv_lists_encoding_is_detected(data: bytes, encoding: str) -> None:
    text, found = decode(data)
    assert found == encoding and text.startswith("Müller, Jörg")


def test_delimiter_falls_back_to_the_header_when_the_sniffer_cannot_tell() -> None:
    assert delimiter("Code;Name\n") == ";"
    assert delimiter("Code\tName\tRating\n1\tA") == "\t"


def test_any_column_can_be_mapped_and_an_id_made_of_two() -> None:
    """The German list's ID is the club's number and the member's (ZPS and Mgl-Nr)."""
    text = (
        "ZPS;Mgl-Nr;Spielername;Verein;FIDE-ID;Titel;Geschlecht;Geburtsjahr;DWZ\n"
        "C0327;297;Schmidt,Jörg;SK Musterstadt;4611787;FM;M;1975;2245\n"
    )
    mapping = {"player_id": "ZPS+Mgl-Nr", "name": "Spielername", "club": "Verein",
               "fide_id": "FIDE-ID", "title": "Titel", "sex": "Geschlecht",
               "birth_year": "Geburtsjahr", "standard": "DWZ"}  # fmt: skip
    (entry,) = read_national_csv(text, mapping, delimiter=";")
    assert entry == Entry(
        player_id="C0327-297", name="Schmidt,Jörg", club="SK Musterstadt", fide_id="4611787",
        title="FM", sex="m", birth_year=1975, standard=2245,
    )  # fmt: skip
    with pytest.raises(ListError, match="player_id: the file has no column 'Mgl'"):
        list(read_national_csv(text, {**mapping, "player_id": "ZPS+Mgl"}, delimiter=";"))


def test_a_name_made_of_two_columns_is_surname_comma_first_name() -> None:
    """A list with the surname and the first name in two columns (as the ECF's): joined
    by "-" as an ID's parts are, "Smith+Forename" made the name "Smith-John"."""
    text = "Ref,Surname,Forename\nA1,Smith,John\nA2,Madonna,\n"
    mapping = {"player_id": "Ref", "name": "Surname+Forename"}
    entries = list(read_national_csv(text, mapping))
    assert [entry.name for entry in entries] == ["Smith, John", "Madonna"]


def test_a_csv_line_with_other_fields_than_the_header_is_refused_by_number() -> None:
    text = 'Code,Name,Rating\n1,"A, B",1500\n2,C, D,1600\n'
    with pytest.raises(ListError, match="line 3: 4 fields where the header has 3"):
        list(read_national_csv(text, {"player_id": "Code", "name": "Name"}))


@pytest.mark.django_db
def test_the_command_reads_a_windows_1252_semicolon_list_and_says_so(tmp_path: Path) -> None:
    """A Windows-1252 file crashed the command with a traceback; a semicolon file was
    refused with a misleading message."""
    path = tmp_path / "dwz.csv"
    path.write_bytes("Code;Name;DWZ\n1;O’Brien, Seán;1850\n2;Müller, Jörg;2010\n".encode("cp1252"))
    out = io.StringIO()
    call_command("load_rating_list", str(path), "--national", "DWZ", "--column",
                 "player_id=Code", "--column", "name=Name", "--column", "standard=DWZ",
                 stdout=out)  # fmt: skip
    assert "dwz.csv: read as Windows-1252, columns separated by semicolons" in out.getvalue()
    assert names("obrien sean") == ["O’Brien, Seán"] and names("mueller") == ["Müller, Jörg"]


@pytest.mark.django_db
def test_the_command_names_a_bad_line_or_option_never_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "list.csv"
    path.write_bytes(b"Code;Name\n1;A\n;B\n")
    options = ["--national", "X", "--column", "player_id=Code", "--column", "name=Name"]
    with pytest.raises(CommandError, match="line 3: no player ID. Nothing was loaded."):
        call_command("load_rating_list", str(path), *options)
    with pytest.raises(CommandError, match="--column 'rating': write FIELD=COLUMN"):
        call_command("load_rating_list", str(path), *options, "--column", "rating")
    with pytest.raises(CommandError, match="missing.csv"):
        call_command("load_rating_list", str(tmp_path / "missing.csv"), *options)


def test_ratings_that_are_not_numbers_are_read_as_unrated_and_counted() -> None:
    text = "Code;Name;DWZ;Rapid\n1;A;1850;-\n2;B;;\n3;C;abc;1700\n"
    mapping = {"player_id": "Code", "name": "Name", "standard": "DWZ", "rapid": "Rapid"}
    unread: list[tuple[int, str]] = []
    rows = list(read_national_csv(text, mapping, delimiter=";", unread=unread))
    assert [(r.standard, r.rapid) for r in rows] == [(1850, None), (None, None), (None, 1700)]
    assert unread == [(2, "-"), (4, "abc")]
    assert unread_note(unread) == (
        "2 ratings are not numbers and were read as unrated (the first on line 2: '-')."
    )
    assert unread_note([]) is None


@pytest.mark.django_db
def test_a_rating_column_mapped_by_mistake_is_said_by_the_upload_and_the_command(
    client: Client, tmp_path: Path
) -> None:
    """Staff naming the club column as the ratings' load a list of unrated players: the
    page and the command say that the ratings did not read."""
    data = "Code;Name;Club\n1;Adler, Anna;SK Köln\n".encode("cp1252")
    client.force_login(User.objects.create_user("staff", password="pw-staff-1", is_staff=True))
    posted = {"kind": "national", "name": "DWZ", "file": SimpleUploadedFile("dwz.csv", data),
              "column_player_id": "Code", "column_name": "Name",
              "column_standard": "Club"}  # fmt: skip
    text = client.post("/ratings/", posted, follow=True).content.decode()
    note = "1 rating is not a number and was read as unrated (line 2: &#x27;SK Köln&#x27;)."
    assert note in text
    path = tmp_path / "dwz.csv"
    path.write_bytes(data)
    out = io.StringIO()
    call_command("load_rating_list", str(path), "--national", "DWZ", "--column",
                 "player_id=Code", "--column", "name=Name", "--column", "standard=Club",
                 stdout=out)  # fmt: skip
    assert "dwz.csv: 1 rating is not a number and was read as unrated" in out.getvalue()


@pytest.mark.django_db
def test_an_upload_says_how_the_csv_was_read(client: Client) -> None:
    client.force_login(User.objects.create_user("staff", password="pw-staff-1", is_staff=True))
    data = "Code\tName\tClub\n7\tNovák, Jana\tŠK Praha\n".encode("utf-8-sig")
    posted = {"kind": "national", "name": "CZE", "file": SimpleUploadedFile("cz.csv", data),
              "column_player_id": "Code", "column_name": "Name", "column_club": "Club"}  # fmt: skip
    text = client.post("/ratings/", posted, follow=True).content.decode()
    assert (
        "CZE: 1 player loaded. The file was read as UTF-8 with BOM, columns separated by tabs."
        in text
    )
    assert "read as UTF-8 with BOM, columns separated by tabs" in text
    assert ListedPlayer.objects.get().club == "ŠK Praha"


@pytest.mark.django_db
def test_a_national_list_named_fide_is_refused_and_fides_list_kept(
    client: Client, tmp_path: Path
) -> None:
    """A list replaces the one of its name: a national CSV named "FIDE" (or "fide")
    deleted FIDE's list of 1.5 million players and stood in its place."""
    load("Carlsen, Magnus")
    client.force_login(User.objects.create_user("staff", password="pw-staff-1", is_staff=True))
    for name in ("FIDE", " fide "):
        data = SimpleUploadedFile("x.csv", b"Code,Name\n1,A\n")
        posted = {"kind": "national", "name": name, "file": data,
                  "column_player_id": "Code", "column_name": "Name"}  # fmt: skip
        response = client.post("/ratings/", posted)
        assert response.status_code == 422
        assert (
            "FIDE is the name of FIDE&#x27;s list: name it otherwise." in response.content.decode()
        )
    path = tmp_path / "x.csv"
    path.write_bytes(b"Code,Name\n1,A\n")
    options = ["--column", "player_id=Code", "--column", "name=Name"]
    with pytest.raises(CommandError, match="--national FIDE: FIDE is FIDE's list"):
        call_command("load_rating_list", str(path), "--national", "Fide", *options)
    assert names("carlsen") == ["Carlsen, Magnus"]
    assert ListedPlayer.objects.get().rating_list.kind == ListKind.FIDE


# --- FIDE's fixed-width TXT --------------------------------------------------------------


def test_fide_txt_is_read_by_byte_columns() -> None:
    """FIDE pads a name by bytes: "Müller" (ü two bytes in UTF-8) leaves one byte less
    of padding, which character columns misread as a shifted federation."""
    (line,) = [
        line.encode()
        for line in list(samples.fide_txt(1))[1:]
        if line  # the sample's one player, rewritten below as Müller
    ]
    entry = next(samples.entries(1))
    muller = line.replace(entry.name.encode().ljust(61), "Müller, Jörg".encode().ljust(61))
    (read,) = read_fide_txt([samples.TXT_HEADER.encode(), muller])
    assert (read.name, read.federation, read.standard) == (
        "Müller, Jörg", entry.federation, entry.standard,
    )  # fmt: skip


def test_a_fide_line_that_does_not_line_up_is_refused_with_the_line() -> None:
    lines = [line.encode() for line in samples.fide_txt(5)]
    lines[3] = lines[3][:20] + b"  " + lines[3][20:]  # the name and all after it two right
    with pytest.raises(ListError, match=r"line 4: does not line up with the header .*column Sex"):
        list(read_fide_txt(lines))


def test_an_xml_id_longer_than_the_column_is_no_fide_id() -> None:
    """PostgreSQL refuses a value longer than ``player_id``'s 20 characters: an XML list
    with such an ID gave a database error (a 500) instead of the player (FIDE's TXT
    has 15 columns for it: a longer one does not line up)."""
    xml = f"<players><player><fideid>{'9' * 21}</fideid></player></players>"
    with pytest.raises(ListError, match="player 1: the fideid '9{21}' is not a FIDE ID"):
        list(read_fide_xml(io.BytesIO(xml.encode())))
    (read,) = read_fide_xml(io.BytesIO(xml.replace("9" * 21, "9" * 20).encode()))
    assert read.player_id == "9" * 20


# --- The migration -----------------------------------------------------------------------


@pytest.fixture
def at_ratings_0002(transactional_db: None) -> Iterator[None]:
    MigrationExecutor(connection).migrate([("ratings", "0002_verbose_names")])
    yield
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    leaves = executor.loader.graph.leaf_nodes()
    executor.migrate([(app, name) for app, name in leaves if app == "ratings"])


def test_the_migration_gives_lists_loaded_before_it_their_search_words(
    at_ratings_0002: None,
) -> None:
    old = (
        MigrationExecutor(connection).loader.project_state([("ratings", "0002_verbose_names")]).apps
    )
    rating_list = old.get_model("ratings", "RatingList").objects.create(
        name="FIDE", kind="fide", loaded_at=T0
    )
    old.get_model("ratings", "ListedPlayer").objects.create(
        rating_list=rating_list, player_id="1", name="O'Brien-Müller, Seán", name_key="x"
    )
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([("ratings", "0003_search_words")])
    assert names("obrien sean") == names("mueller") == ["O'Brien-Müller, Seán"]


@pytest.mark.django_db
def test_reloading_a_list_deletes_it_in_a_few_statements(
    django_assert_max_num_queries: DjangoAssertNumQueries,
) -> None:
    """With the words of its names cascading from each player, replacing a list read
    every player of the old one into memory (1.5 million for FIDE's) to find them."""
    load(*(f"Player, No {n}" for n in range(3000)))
    with django_assert_max_num_queries(16):
        load("Caruana, Fabiano")
    assert ListedPlayer.objects.count() == 1 and ListedName.objects.count() == 2


@pytest.mark.django_db
def test_an_upload_with_a_bad_line_names_it_and_how_the_file_was_read(client: Client) -> None:
    client.force_login(User.objects.create_user("staff", password="pw-staff-1", is_staff=True))
    data = "Code;Name\n1;O’Brien, Seán\n2;A;B\n".encode("cp1252")
    posted = {"kind": "national", "name": "DWZ", "file": SimpleUploadedFile("dwz.csv", data),
              "column_player_id": "Code", "column_name": "Name"}  # fmt: skip
    response = client.post("/ratings/", posted)
    text = response.content.decode()
    assert response.status_code == 422
    assert "line 3: 3 fields where the header has 2" in text
    assert "dwz.csv was read as Windows-1252, columns separated by semicolons." in text
    assert not ListedPlayer.objects.exists()
