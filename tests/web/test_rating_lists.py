"""Rating lists (#24): FIDE's TXT and XML lists, zipped or not, and a national CSV list
loaded, searched while registering, and used to refresh an event's ratings."""

from __future__ import annotations

import datetime as dt
import io
import zipfile

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from pytest_django import Settings

from swissweb.ratings import samples
from swissweb.ratings.formats import (
    Entry,
    ListError,
    name_key,
    read_fide_file,
    read_fide_txt,
    read_fide_xml,
)
from swissweb.ratings.loader import load_list
from swissweb.ratings.models import ListedPlayer, ListKind, RatingList
from swissweb.ratings.national import read_national_csv
from swissweb.ratings.search import search
from swissweb.tournament.audit import selectors as audit_selectors
from swissweb.tournament.core.errors import TournamentError
from swissweb.tournament.models import AuditEntry, Event, Player, RateOfPlay
from swissweb.tournament.players import ratings as rating_services

T0 = dt.datetime(2026, 3, 1, 9, 0, tzinfo=dt.UTC)


def txt_bytes(count: int, seed: int = 0) -> bytes:
    return "".join(samples.fide_txt(count, seed)).encode()


def xml_bytes(count: int, seed: int = 0) -> bytes:
    return "".join(samples.fide_xml(count, seed)).encode()


# --- Reading the files ------------------------------------------------------------------


def test_fide_txt_and_xml_give_the_same_players() -> None:
    """The combined TXT list is read by its header's columns; the XML player by player;
    both give back every field the files were made from."""
    expected = list(samples.entries(300, seed=3))
    assert list(read_fide_txt(io.StringIO(txt_bytes(300, 3).decode()))) == expected
    assert list(read_fide_xml(io.BytesIO(xml_bytes(300, 3)))) == expected


def test_a_zipped_download_is_read_inside() -> None:
    """FIDE publishes the lists zipped: the one list inside is read, TXT or XML."""
    for inner, data in (
        ("players_list_foa.txt", txt_bytes(50)),
        ("players_list.xml", xml_bytes(50)),
    ):
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as archive:
            archive.writestr(inner, data)
        buffer.seek(0)
        assert len(list(read_fide_file("players_list.zip", buffer))) == 50


def test_a_single_month_list_reads_its_rating_as_standard() -> None:
    """standard_rating_list.txt names its rating column after the month (NOV25)."""
    header = (
        "ID Number      Name                              Fed Sex Tit  WTit OTit FOA NOV25 "
        "Gms  K B-day Flag"
    )
    line = (
        "1503014        Carlsen, Magnus                   NOR M   GM                 2830  "
        "0    10 1990  "
    )
    (entry,) = read_fide_txt([header, line])
    assert (entry.player_id, entry.name, entry.title, entry.standard, entry.birth_year) == (
        "1503014", "Carlsen, Magnus", "GM", 2830, 1990,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"Name Rating\nSomeone 2000\n", "line 1: not a FIDE list header"),
        (samples.TXT_HEADER.encode() + b"\nabc            Nobody\n", "line 2: the ID 'abc'"),
        (b"<playerslist><player><fideid>x</fideid></player></playerslist>", "player 1"),
        (b"<playerslist><player>", "the XML does not read"),
        (
            b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><playerslist>&a;</playerslist>',
            "the XML is refused",
        ),
        (b"PK\x03\x04not really a zip", "not a zip file"),
    ],
)
def test_a_file_that_is_not_a_list_is_refused_by_place(data: bytes, message: str) -> None:
    """What does not read is named with its line or player; entities are refused (a
    hostile XML file cannot expand them)."""
    with pytest.raises(ListError, match=message):
        list(read_fide_file("list", io.BytesIO(data)))


def test_national_csv_reads_the_columns_the_arbiter_maps() -> None:
    text = 'Ref,Surname Forename,Std,Rapid,Club\n123456A,"Smith, John",1850,,Hastings\n'
    mapping = {"player_id": "Ref", "name": "Surname Forename", "standard": "Std", "rapid": "Rapid"}
    assert list(read_national_csv(text, mapping)) == [
        Entry(player_id="123456A", name="Smith, John", standard=1850)
    ]
    with pytest.raises(ListError, match="standard: the file has no column 'Standard'"):
        list(read_national_csv(text, {**mapping, "standard": "Standard"}))
    with pytest.raises(ListError, match="choose the column of the player id"):
        list(read_national_csv(text, {"name": "Surname Forename"}))


def test_name_keys_ignore_case_accents_and_spacing() -> None:
    assert name_key("  Ångström,Åsa ") == "angstrom, asa"
    assert name_key("MÜLLER-Lüdenscheidt,  Hans  Peter") == "muller ludenscheidt, hans peter"
    assert name_key("Øvergaard, Łucja Straße") == "overgaard, lucja strasse"


# --- Loading and searching ---------------------------------------------------------------


@pytest.mark.django_db
def test_loading_a_list_replaces_the_one_of_that_name() -> None:
    first = load_list(name="FIDE", kind=ListKind.FIDE, source="a.txt",
                      entries=samples.entries(120), user=None, now=T0)  # fmt: skip
    assert first.players == 120
    second = load_list(name="FIDE", kind=ListKind.FIDE, source="b.txt",
                       entries=samples.entries(80, seed=1), user=None, now=T0)  # fmt: skip
    assert RatingList.objects.get().pk == second.pk
    assert ListedPlayer.objects.count() == 80


@pytest.mark.django_db
def test_a_list_that_fails_half_way_changes_nothing() -> None:
    load_list(name="FIDE", kind=ListKind.FIDE, source="a.txt", entries=samples.entries(30),
              user=None, now=T0)  # fmt: skip
    broken = samples.TXT_HEADER + "\n" + "".join(list(samples.fide_txt(10))[1:]) + "bad-id  X\n"
    with pytest.raises(ListError):
        load_list(name="FIDE", kind=ListKind.FIDE, source="b.txt",
                  entries=read_fide_txt(io.StringIO(broken)), user=None, now=T0)  # fmt: skip
    assert RatingList.objects.get().source == "a.txt"
    assert ListedPlayer.objects.count() == 30


@pytest.mark.django_db
def test_search_by_name_in_any_order_or_by_id() -> None:
    """A name is found from its start, its words in any order, without accents; an ID
    finds its player; one letter finds nothing."""
    load_list(name="FIDE", kind=ListKind.FIDE, source="", user=None, now=T0,
              entries=[Entry(player_id="1503014", name="Carlsen, Magnus", standard=2830),
                       Entry(player_id="1700001", name="Ångström, Åsa", standard=2410),
                       Entry(player_id="1700002", name="Carlsson, Anna")])  # fmt: skip

    def names(query: str) -> list[str]:
        return [p.name for p in search(query)]

    assert names("carls") == ["Carlsen, Magnus", "Carlsson, Anna"]
    assert names("Magnus Carlsen") == names("carlsen, mag") == ["Carlsen, Magnus"]
    assert names("angstrom") == ["Ångström, Åsa"]
    assert names("1503014") == ["Carlsen, Magnus"]
    assert names("c") == [] and names("zz top") == []


# --- Refreshing an event's ratings ------------------------------------------------------


@pytest.mark.django_db
def test_refresh_gives_players_their_list_rating_before_the_start(
    event: Event, arbiter: User
) -> None:
    """Players found by FIDE ID get FIDE's three ratings (0 when the list has none of a
    rate), the one of the event's rate of play as the rating it uses, and FIDE's title;
    the others keep theirs; every change is said and audited (#35 item 1)."""
    fide = load_list(name="FIDE", kind=ListKind.FIDE, source="", user=None, now=T0, entries=[
        Entry(player_id="1503014", name="Carlsen, Magnus", title="GM", standard=2830, rapid=2820),
        Entry(player_id="1700001", name="Lee, Ann", standard=None, rapid=1500),
    ])  # fmt: skip
    a = Player.objects.create(event=event, name="Carlsen, Magnus", rating=2800, fide_id=1503014)
    b = Player.objects.create(event=event, name="Lee, Ann", rating=1400, fide_id=1700001)
    c = Player.objects.create(event=event, name="Not Listed", rating=1234, fide_id=999)
    changes = rating_services.players_refresh_ratings(
        event_id=event.pk, list_id=fide.pk, kind="standard", user=arbiter, now=T0
    )
    assert changes == [
        "Carlsen, Magnus: 2800 → 2830, FIDE rapid rating not known → 2820, "
        "FIDE blitz rating not known → unrated, title none → GM",
        "Lee, Ann: 1400 → unrated, FIDE rapid rating not known → 1500, "
        "FIDE blitz rating not known → unrated",
    ]
    for player, expected in (
        (a, (2830, 2830, 2820, 0, "GM")),
        (b, (0, 0, 1500, 0, "")),
        (c, (1234, None, None, None, "")),
    ):
        player.refresh_from_db()
        columns = (player.fide_standard, player.fide_rapid, player.fide_blitz)
        assert (player.rating, *columns, player.title) == expected
    entry = AuditEntry.objects.get(action="ratings_refresh")
    assert entry.after == {"list": "FIDE", "kind": "standard", "changes": changes}
    line = audit_selectors.audit_line(entry, {})
    assert line.action == "Ratings refreshed from a list"
    assert "rating: standard rating" in line.changes
    # FIDE's list fills every rate; the event keeps using its own, whatever is chosen.
    assert (
        rating_services.players_refresh_ratings(
            event_id=event.pk, list_id=fide.pk, kind="rapid", user=arbiter, now=T0
        )
        == []
    )


@pytest.mark.django_db
def test_refresh_of_a_rapid_event_uses_fides_rapid_rating(event: Event, arbiter: User) -> None:
    """#35 item 1: a rapid event's players get FIDE's rapid rating as the one it uses,
    and the standard and blitz ones beside it."""
    event.rate_of_play = RateOfPlay.RAPID
    event.save(update_fields=["rate_of_play"])
    fide = load_list(name="FIDE", kind=ListKind.FIDE, source="", user=None, now=T0, entries=[
        Entry(player_id="1503014", name="Carlsen, Magnus", standard=2830, rapid=2820, blitz=2880),
    ])  # fmt: skip
    player = Player.objects.create(event=event, name="Carlsen, Magnus", fide_id=1503014)
    assert rating_services.players_refresh_ratings(
        event_id=event.pk, list_id=fide.pk, kind="standard", user=arbiter, now=T0
    ) == [
        "Carlsen, Magnus: unrated → 2820, FIDE standard rating not known → 2830, "
        "FIDE blitz rating not known → 2880"
    ]
    player.refresh_from_db()
    columns = (player.fide_standard, player.fide_rapid, player.fide_blitz)
    assert (player.rating, *columns) == (2820, 2830, 2820, 2880)
    assert AuditEntry.objects.get(action="ratings_refresh").after["kind"] == "rapid"


@pytest.mark.django_db
def test_refresh_from_a_national_list_fills_the_national_rating_only(
    event: Event, arbiter: User
) -> None:
    """#35 item 1: a national list's rating is the national rating, with the list's
    name; the FIDE rating is left as it was (it used to be overwritten)."""
    smith = Entry(player_id="123456A", name="Smith, John", standard=1850)
    ecf = load_list(
        name="ECF", kind=ListKind.NATIONAL, source="", user=None, now=T0, entries=[smith]
    )
    player = Player.objects.create(
        event=event, name="Smith, John", national_id="123456A", rating=1700
    )
    assert rating_services.players_refresh_ratings(
        event_id=event.pk, list_id=ecf.pk, kind="standard", user=arbiter, now=T0
    ) == ["Smith, John: unrated → 1850"]
    player.refresh_from_db()
    assert (player.rating, player.national_rating, player.national_list) == (1700, 1850, "ECF")


@pytest.mark.django_db
def test_refresh_is_refused_once_the_event_is_started(started: Event, arbiter: User) -> None:
    fide = load_list(name="FIDE", kind=ListKind.FIDE, source="", user=None, now=T0, entries=[])
    before = list(started.players.values_list("rating", flat=True))
    with pytest.raises(TournamentError, match="The event is started"):
        rating_services.players_refresh_ratings(
            event_id=started.pk, list_id=fide.pk, kind="standard", user=arbiter, now=T0
        )
    assert list(started.players.values_list("rating", flat=True)) == before


# --- Pages ------------------------------------------------------------------------------


def zipped(name: str, data: bytes) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(name, data)
    return buffer.getvalue()


@pytest.mark.django_db
def test_staff_load_fides_zipped_list_and_a_national_csv(client: Client) -> None:

    staff = User.objects.create_user("staff", password="pw-staff-1", is_staff=True)
    client.force_login(staff)
    upload = SimpleUploadedFile(
        "players_list_foa.zip", zipped("players_list_foa.txt", txt_bytes(500))
    )
    response = client.post("/ratings/", {"kind": "fide", "file": upload}, follow=True)
    assert "FIDE: 500 players loaded." in response.content.decode()
    csv_file = SimpleUploadedFile("ecf.csv", b'Ref,Name,Std\n123456A,"Smith, John",1850\n')
    response = client.post("/ratings/", {
        "kind": "national", "name": "ECF", "file": csv_file, "column_player_id": "Ref",
        "column_name": "Name", "column_standard": "Std",
    }, follow=True)  # fmt: skip
    assert "ECF: 1 player loaded." in response.content.decode()
    assert sorted(RatingList.objects.values_list("name", "players")) == [("ECF", 1), ("FIDE", 500)]


@pytest.mark.django_db
def test_a_list_that_does_not_read_is_refused_and_nothing_changes(client: Client) -> None:

    client.force_login(User.objects.create_user("staff", password="pw-staff-1", is_staff=True))
    bad = SimpleUploadedFile("list.txt", b"Name Rating\nSomeone 2000\n")
    response = client.post("/ratings/", {"kind": "fide", "file": bad})
    assert response.status_code == 422
    assert "list.txt: line 1: not a FIDE list header" in response.content.decode()
    csv_file = SimpleUploadedFile("ecf.csv", b"Ref,Name\n1,A\n")
    posted = {"kind": "national", "file": csv_file, "name": "ECF",
              "column_player_id": "Code", "column_name": "Name"}  # fmt: skip
    response = client.post("/ratings/", posted)
    assert "player_id: the file has no column &#x27;Code&#x27;" in response.content.decode()
    assert not RatingList.objects.exists()


@pytest.mark.django_db
def test_only_staff_load_lists(arbiter_client: Client) -> None:
    """Every event shares the lists: an arbiter may search them, not replace them."""
    response = arbiter_client.get("/ratings/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


@pytest.mark.django_db
def test_lookup_lists_matches_to_fill_the_form(arbiter_client: Client, client: Client) -> None:
    load_list(name="FIDE", kind=ListKind.FIDE, source="", user=None, now=T0, entries=[
        Entry(player_id="1503014", name="Carlsen, Magnus", federation="NOR", title="GM",
              standard=2830, birth_year=1990),
    ])  # fmt: skip
    text = arbiter_client.get("/ratings/lookup/", {"q": "magnus carl"}).content.decode()
    assert 'data-name="Carlsen, Magnus"' in text and 'data-standard="2830"' in text
    assert 'data-id="1503014"' in text and 'data-list-kind="fide"' in text
    assert (
        "Nobody in the lists matches"
        in arbiter_client.get("/ratings/lookup/", {"q": "nobody"}).content.decode()
    )
    assert Client().get("/ratings/lookup/", {"q": "carlsen"}).status_code == 302


@pytest.mark.django_db
def test_refresh_view_shows_each_change(event: Event, arbiter_client: Client) -> None:
    carlsen = Entry(player_id="1503014", name="Carlsen, Magnus", standard=2830)
    fide = load_list(
        name="FIDE", kind=ListKind.FIDE, source="", user=None, now=T0, entries=[carlsen]
    )
    Player.objects.create(event=event, name="Carlsen, Magnus", rating=2800, fide_id=1503014)
    page = arbiter_client.get(f"/events/{event.slug}/manage/players/").content.decode()
    assert "Refresh ratings from a rating list" in page
    response = arbiter_client.post(
        f"/events/{event.slug}/players/ratings/", {"list": fide.pk, "kind": "standard"},
        follow=True,
    )  # fmt: skip
    text = response.content.decode()
    assert "Ratings refreshed: 1 player changed." in text
    assert "Carlsen, Magnus: 2800 → 2830" in text


@pytest.mark.parametrize("digits", ["2²00", "²", "٢٨٣٠", "𝟐𝟖𝟑𝟎", "28 30"])
def test_d9_a_rating_or_birth_year_of_other_digits_reads_as_none(digits: str) -> None:
    """Defect D9: ``str.isdigit`` took "²" for a digit and ``int()`` then failed, so the
    list's upload answered 500; other scripts' digits ("٢٨٣٠") were read as a rating.
    A rating or birth year is ASCII digits, else absent; an ID is ASCII digits, else the
    line is refused by number."""
    header = "ID Number      Name                              Fed Sex Tit  WTit OTit FOA NOV25 "
    header += "Gms  K B-day Flag"
    # FIDE's columns count bytes: a value too long in UTF-8 for its column is refused
    # as not lining up, one that fits reads as no rating.
    fits = len(digits.encode()) <= 5

    def padded(width: int) -> bytes:
        return digits.encode().ljust(width) if fits else digits.encode()

    line = b"1503014        Carlsen, Magnus                   NOR M   GM                 "
    line += padded(5) + b" 0    10 " + padded(4) + b"  "
    if fits:
        (entry,) = read_fide_txt([header, line])
        assert (entry.standard, entry.birth_year) == (None, None)
    else:
        with pytest.raises(ListError, match="line 2: does not line up with the header"):
            list(read_fide_txt([header, line]))
    xml = (
        f"<playerslist><player><fideid>1503014</fideid><name>C</name><rating>{digits}"
        f"</rating><birthday>{digits}</birthday></player></playerslist>"
    )
    (entry,) = read_fide_xml(io.BytesIO(xml.encode()))
    assert (entry.standard, entry.birth_year) == (None, None)
    national = f'Ref,Name,Std,Born\n1,"A, B",{digits},{digits}\n'
    mapping = {"player_id": "Ref", "name": "Name", "standard": "Std", "birth_year": "Born"}
    (entry,) = read_national_csv(national, mapping)
    assert (entry.standard, entry.birth_year) == (None, None)
    rated = b"1503014        Carlsen, Magnus                   NOR M   GM                 2830"
    wrong_id = rated.replace(b"1503014".ljust(15), (digits.encode() + b" ").ljust(15))
    with pytest.raises(ListError, match="line 2: (the ID|does not line up)"):
        list(read_fide_txt([header, wrong_id]))


@pytest.mark.django_db
def test_a_rating_or_birth_year_of_thousands_of_digits_reads_as_none(client: Client) -> None:
    """Past 4,300 digits ``int()`` refuses a string: a national list with such a rating
    answered 500 on upload.  A rating or year of more than nine digits is none."""
    huge = "1" * 5000
    mapping = {"player_id": "Ref", "name": "Name", "standard": "Std", "birth_year": "Born"}
    (entry,) = read_national_csv(f"Ref,Name,Std,Born\n1,A,{huge},{huge}\n", mapping)
    assert (entry.standard, entry.birth_year) == (None, None)
    (entry,) = read_national_csv("Ref,Name,Std,Born\n1,A,0002100,0001990\n", mapping)
    assert (entry.standard, entry.birth_year) == (2100, 1990)
    client.force_login(User.objects.create_user("staff", password="pw-staff-1", is_staff=True))
    data = f"Ref;Name;Std\n1;A;{huge}\n".encode()
    columns = {"column_player_id": "Ref", "column_name": "Name", "column_standard": "Std"}
    posted = {"kind": "national", "name": "DWZ", "file": SimpleUploadedFile("d.csv", data)}
    assert client.post("/ratings/", posted | columns).status_code == 302
    assert ListedPlayer.objects.get().standard is None


def bomb(megabytes: int) -> bytes:
    """A FIDE list of ``megabytes`` MB that zips to a few KB: its header, then blanks."""
    blank_lines = (b" " * 1023 + b"\n") * 1024 * megabytes
    return zipped("players_list_foa.txt", samples.TXT_HEADER.encode() + b"\n" + blank_lines)


def test_d11_a_zip_is_read_up_to_a_bound_on_its_unzipped_size() -> None:
    """Defect D11: a zip of 510 KB holding a 512 MB list was read whole into memory (a
    worker grew from 118 MB to 1.65 GB).  The size the zip declares is checked first."""
    data = bomb(3)
    assert len(data) < 20_000
    with pytest.raises(ListError, match="unzipped it is over 2 MB"):
        list(read_fide_file("bomb.zip", io.BytesIO(data), max_unzipped_mb=2))
    assert list(read_fide_file("bomb.zip", io.BytesIO(data), max_unzipped_mb=4)) == []


def test_d11_a_zip_that_understates_its_size_is_counted_while_read() -> None:
    """A zip's headers can lie: the bytes are counted as they are unzipped, and a member
    that does not unzip as declared is refused in words."""
    data = bytearray(bomb(3))
    declared = (1024).to_bytes(4, "little")
    real = (3 * 1024 * 1024 + len(samples.TXT_HEADER) + 1).to_bytes(4, "little")
    # The uncompressed size, in the local header (offset 22) and the central directory.
    assert data[22:26] == real and data.count(real) == 2
    data = bytearray(bytes(data).replace(real, declared))
    with pytest.raises(ListError, match="does not unzip|over 2 MB"):
        list(read_fide_file("bomb.zip", io.BytesIO(bytes(data)), max_unzipped_mb=2))


@pytest.mark.django_db
def test_d11_the_upload_of_a_zip_bomb_is_refused_naming_the_bound(
    client: Client, settings: Settings
) -> None:

    settings.MAX_LIST_UNZIPPED_MB = 2
    client.force_login(User.objects.create_user("staff", password="pw-staff-1", is_staff=True))
    upload = SimpleUploadedFile("players_list_foa.zip", bomb(3))
    response = client.post("/ratings/", {"kind": "fide", "file": upload})
    assert response.status_code == 422
    assert "unzipped it is over 2 MB" in response.content.decode()
    assert not RatingList.objects.exists()


def test_d11_a_list_of_one_endless_line_or_text_is_refused() -> None:
    """Streamed, a zip bomb of one line (or one XML text) was still held whole: TXT lines
    and XML texts are bounded as they are read."""
    line = samples.TXT_HEADER.encode() + b"\n1503014 " + b"a" * 3_000_000
    with pytest.raises(ListError, match="line 2: over 4096 characters"):
        list(read_fide_file("list.txt", io.BytesIO(line)))
    with pytest.raises(ListError, match="line 2: over 4096 characters"):
        list(read_fide_file("list.zip", io.BytesIO(zipped("list.txt", line))))
    xml = b"<playerslist><player><fideid>1</fideid><name>" + b"a" * 3_000_000
    xml += b"</name></player></playerslist>"
    with pytest.raises(ListError, match="the XML holds a text or tag of over 64 KB"):
        list(read_fide_file("list.xml", io.BytesIO(xml)))


@pytest.mark.django_db
def test_d7_a_rating_list_holding_a_nul_is_refused_by_line(client: Client) -> None:
    """PostgreSQL cannot store a NUL in text: a list with one in a name (past the first
    4 KB, where the upload's check for UTF-16 looks) answered 500 when loaded."""

    client.force_login(User.objects.create_user("staff", password="pw-staff-1", is_staff=True))
    rows = "".join(f'{n},"Player, No {n}",1500\n' for n in range(1, 400))
    text = f'Ref,Name,Std\n{rows}400,"Nul\x00, Ned",1500\n'
    csv_file = SimpleUploadedFile("ecf.csv", text.encode())
    posted = {"kind": "national", "name": "ECF", "file": csv_file,
              "column_player_id": "Ref", "column_name": "Name"}  # fmt: skip
    response = client.post("/ratings/", posted)
    assert response.status_code == 422 and "NUL" in response.content.decode()
    lines = txt_bytes(50).split(b"\n")
    lines[39] = lines[39][:30] + b"\x00" + lines[39][31:]
    txt = b"\n".join(lines)
    upload = SimpleUploadedFile("players_list_foa.zip", zipped("players_list_foa.txt", txt))
    response = client.post("/ratings/", {"kind": "fide", "file": upload})
    assert response.status_code == 422 and "line 40: holds a NUL" in response.content.decode()
    assert not RatingList.objects.exists()
