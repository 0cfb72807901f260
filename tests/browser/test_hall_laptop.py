"""The laptop in the hall (#37): a real instance served by ``python -m swissweb.hall`` on
the machine's network address, not localhost, over plain HTTP, and Chromium logs in.

Chromium keeps no cookie marked Secure from an ``http://`` address other than localhost,
so with production's Secure cookies the login form's CSRF cookie never came back and
login failed ("CSRF verification failed").  The instance runs from a temporary folder
with its own SQLite, as an arbiter's laptop would.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from swissweb.hall.__main__ import BASE_DIR, lan_address

pytestmark = [pytest.mark.browser]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("0.0.0.0", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[str]:
    """The hall's instance, served by gunicorn on the machine's network address."""
    address = lan_address()
    if address is None:
        if os.environ.get("SWISSWEB_REQUIRE_BROWSER") == "1":
            pytest.fail("the machine has no network address other than loopback")
        pytest.skip("no network address other than loopback")
    port = _free_port()
    env = {
        "PATH": os.environ["PATH"],
        "DJANGO_SUPERUSER_USERNAME": "chief",
        "DJANGO_SUPERUSER_PASSWORD": "a-hall-password-2026",
        "DJANGO_SUPERUSER_EMAIL": "",
        "WEB_CONCURRENCY": "1",
    }
    command = [
        sys.executable, "-m", "swissweb.hall", "--address", address, "--port", str(port),
        "--data-dir", str(tmp_path), "--no-input",
    ]  # fmt: skip
    server = subprocess.Popen(  # noqa: S603 - our own command, fixed arguments
        command, env=env, cwd=BASE_DIR, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    url = f"http://{address}:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{url}/hall/", timeout=2):  # noqa: S310 - http on purpose
                    break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    server.terminate()
                    output, _ = server.communicate(timeout=30)
                    pytest.fail(f"the hall's server did not answer:\n{output.decode()}")
                time.sleep(0.5)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_an_arbiter_logs_in_to_the_hall_laptop_over_plain_http(hall: str, page: Any) -> None:
    """Over plain HTTP on the laptop's network address the login works, and the page
    says the connection is not encrypted; the sheet for the wall shows the address."""
    page.goto(f"{hall}/accounts/login/")
    expect(page.locator(".notice.unencrypted")).to_be_visible()
    page.get_by_label("Username").fill("chief")
    page.get_by_label("Password").fill("a-hall-password-2026")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    assert "CSRF verification failed" not in page.content()
    page.goto(f"{hall}/hall/")
    expect(page.locator(".hall-poster figcaption")).to_have_text(f"{hall}/")


def test_the_hall_sheet_prints_on_one_a4_page_without_the_screen_warning(
    hall: str, page: Any
) -> None:
    """The sheet pinned up in the hall: one A4 page with the QR code and the address;
    the banner warning whoever types a password is not printed on it (nor on printed
    pairings), the sheet's own line about the network is."""
    page.goto(f"{hall}/hall/")
    page.emulate_media(media="print")
    expect(page.locator(".notice.unencrypted")).to_be_hidden()
    expect(page.locator(".hall-poster svg")).to_be_visible()
    expect(page.locator(".hall-poster figcaption")).to_have_text(f"{hall}/")
    expect(
        page.locator(".hall-poster").get_by_text("This connection is not encrypted")
    ).to_be_visible()
    pdf: bytes = page.pdf(format="A4")
    assert pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages") == 1
