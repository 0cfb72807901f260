"""The laptop in the hall (#37): production settings over plain HTTP on a local network,
said on every page, and the sheet with the address and its QR code."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client, override_settings

from swissweb.hall.__main__ import BASE_DIR, hall_environment, lan_address
from swissweb.tournament.models import Event

SETTINGS_PROBE = (
    "import json, swissweb.settings as s; print(json.dumps([s.DEBUG, s.SESSION_COOKIE_SECURE,"
    " s.CSRF_COOKIE_SECURE, s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.ALLOWED_HOSTS]))"
)


def _settings_under(env: dict[str, str]) -> list[object]:
    done = subprocess.run(
        [sys.executable, "-c", SETTINGS_PROBE],
        env=env, cwd=BASE_DIR, capture_output=True, text=True, check=True,
    )  # fmt: skip
    result: list[object] = json.loads(done.stdout)
    return result


def test_the_hall_serves_production_over_plain_http_only_when_told(tmp_path: Path) -> None:
    """Secure cookies made a browser on http://192.168.x refuse the CSRF cookie, so login
    failed; the hall's instance allows plain HTTP, production settings otherwise."""
    base = {"PATH": os.environ["PATH"], "SECRET_KEY": "k"}
    env = hall_environment(address="192.168.1.20", port=8080, data_dir=tmp_path, base=base)
    debug, session_secure, csrf_secure, redirect, hsts, hosts = _settings_under(env)
    assert (debug, session_secure, csrf_secure, redirect, hsts) == (False, False, False, False, 0)
    assert hosts == ["192.168.1.20", "localhost", "127.0.0.1"]
    assert env["CSRF_TRUSTED_ORIGINS"] == "http://192.168.1.20:8080"
    assert env["HALL_URL"] == "http://192.168.1.20:8080"
    # The same production settings without PLAIN_HTTP stay HTTPS-only.
    strict = {key: value for key, value in env.items() if key != "PLAIN_HTTP"}
    assert _settings_under(strict)[1:5] == [True, True, True, 31536000]


def test_the_hall_keeps_its_data_and_one_secret_key(tmp_path: Path) -> None:
    """The key is made once, readable by its owner alone, and reused (sessions survive
    a restart); SQLite in the data folder unless a DATABASE_URL is given; DEBUG dropped."""
    first = hall_environment(address="10.0.0.5", port=8000, data_dir=tmp_path, base={"DEBUG": "1"})
    again = hall_environment(address="10.0.0.5", port=8000, data_dir=tmp_path, base={})
    assert first["SECRET_KEY"] == again["SECRET_KEY"] and len(first["SECRET_KEY"]) > 40
    assert stat.S_IMODE((tmp_path / "secret_key").stat().st_mode) == 0o600
    assert first["DATABASE_URL"] == f"sqlite:///{tmp_path / 'db.sqlite3'}"
    assert "DEBUG" not in first
    pg = "postgres://postgres@127.0.0.1:5432/hall"
    kept = hall_environment(
        address="10.0.0.5", port=8000, data_dir=tmp_path, base={"DATABASE_URL": pg}
    )
    assert kept["DATABASE_URL"] == pg


def test_no_lan_address_from_loopback_alone() -> None:
    """A laptop on no network has no address to give phones: the command asks for one."""
    assert lan_address(probes=("127.0.0.1",)) is None


def test_the_hall_prepares_an_instance_with_its_first_arbiter(tmp_path: Path) -> None:
    """``--prepare-only``: migrated, static files collected, the first arbiter made, the
    addresses printed; nothing served."""
    env = {
        "PATH": os.environ["PATH"],
        "DJANGO_SUPERUSER_USERNAME": "chief",
        "DJANGO_SUPERUSER_PASSWORD": "a-hall-password-2026",
        "DJANGO_SUPERUSER_EMAIL": "",
    }
    done = subprocess.run(
        [sys.executable, "-m", "swissweb.hall", "--address", "192.168.1.20", "--port", "8081",
         "--data-dir", str(tmp_path), "--prepare-only", "--no-input"],
        env=env, cwd=BASE_DIR, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "http://192.168.1.20:8081/hall/" in done.stdout
    assert (tmp_path / "db.sqlite3").exists()


@pytest.mark.django_db
def test_the_hall_sheet_gives_the_address_and_its_qr_code() -> None:
    """``/hall/``: the address this request reached, its QR code, the public events."""
    Event.objects.create(name="Hall Open", slug="hall-open", rounds=5, public=True)
    Event.objects.create(name="Private Cup", slug="private-cup", rounds=5, public=False)
    response = Client().get("/hall/", HTTP_HOST="localhost")
    page = response.content.decode()
    assert response.status_code == 200
    assert "<code>http://localhost/</code>" in page and "<svg" in page
    assert "Hall Open" in page and "Private Cup" not in page


@pytest.mark.django_db
def test_every_page_says_plain_http_is_not_encrypted() -> None:
    """Where plain HTTP is allowed, a page reached over it warns before a password is
    typed; elsewhere, and over HTTPS, nothing is said."""
    with override_settings(PLAIN_HTTP=True):
        plain = Client().get("/accounts/login/").content.decode()
        secure = Client().get("/accounts/login/", secure=True).content.decode()
    with override_settings(PLAIN_HTTP=False):
        normal = Client().get("/accounts/login/").content.decode()
    assert "This connection is not encrypted" in plain
    assert "This connection is not encrypted" not in secure
    assert "This connection is not encrypted" not in normal


HALL_HOSTS = ["192.168.1.20", "localhost", "127.0.0.1", "[::1]"]


@pytest.mark.django_db
@override_settings(HALL_URL="http://192.168.1.20:8080", ALLOWED_HOSTS=HALL_HOSTS, PLAIN_HTTP=True)
def test_the_hall_laptop_read_as_localhost_goes_to_the_address_phones_reach() -> None:
    """The sheet printed from the laptop opened as localhost gave phones
    ``http://localhost/`` and its QR code: with ``HALL_URL`` a page read on the loopback
    is sent to the same page at the hall's address, which the sheet then names."""
    for host in ("localhost:8080", "127.0.0.1:8080", "[::1]:8080"):
        response = Client().get("/hall/?print=1", HTTP_HOST=host)
        assert response.status_code == 302, host
        assert response["Location"] == "http://192.168.1.20:8080/hall/?print=1"
    page = Client().get("/hall/", HTTP_HOST="192.168.1.20:8080").content.decode()
    assert "<code>http://192.168.1.20:8080/</code>" in page


@pytest.mark.django_db
@override_settings(HALL_URL="http://192.168.1.20:8080", ALLOWED_HOSTS=HALL_HOSTS, PLAIN_HTTP=True)
def test_a_form_sent_on_the_hall_laptops_loopback_is_not_redirected() -> None:
    """A login typed on the loopback is answered there (a redirect would drop what was
    typed); only page reads move to the hall's address."""
    response = Client().post(
        "/accounts/login/", {"username": "nobody", "password": "wrong"}, HTTP_HOST="localhost"
    )
    assert response.status_code == 200
    assert "Location" not in response
