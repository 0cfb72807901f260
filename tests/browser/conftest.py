"""Browser fixtures: Debian's Chromium driven by Playwright against pytest-django's server.

Without Chromium the browser tests skip, unless ``SWISSWEB_REQUIRE_BROWSER=1`` (set by
``.ci/run``), which turns a missing browser into a failure: CI never skips them.
Screenshots go to ``artefacts/screenshots/`` (ignored by git, kept by CI).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:  # types only: playwright is imported below, or the tests skip
    from playwright.sync_api import Browser, Page

# Playwright's sync API runs an event loop; Django refuses database access from a
# thread with a running loop unless told otherwise.  Only the browser tests need this;
# tests that run deploy checks remove it from their subprocess's environment.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ARTEFACTS = Path(__file__).resolve().parents[2] / "artefacts" / "screenshots"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _chromium_path() -> str | None:
    candidates = [os.environ.get("CHROMIUM_PATH"), "/usr/bin/chromium", "/usr/bin/chromium-browser"]
    for candidate in candidates:
        if candidate and Path(candidate).exists():
            return candidate
    return shutil.which("chromium")


@pytest.fixture(scope="session")
def chromium_browser() -> Iterator[Browser]:
    path = _chromium_path()
    if path is None:
        if os.environ.get("SWISSWEB_REQUIRE_BROWSER") == "1":
            pytest.fail("Chromium is required (SWISSWEB_REQUIRE_BROWSER=1) but not installed")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright  # optional: skipped without it
    except ImportError:
        if os.environ.get("SWISSWEB_REQUIRE_BROWSER") == "1":
            raise
        pytest.skip("playwright is not installed")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


@pytest.fixture
def page(chromium_browser: Browser) -> Iterator[Page]:
    # English unless a test asks otherwise, whatever the machine's locale (#24).
    context = chromium_browser.new_context(viewport={"width": 1200, "height": 900}, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def screenshot(page: Page) -> Callable[[str], Path]:
    """Save a full-page screenshot under artefacts/screenshots/NAME.png."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)

    def take(name: str) -> Path:
        path = ARTEFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take
