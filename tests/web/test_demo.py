"""``make run``'s demo: one event per implemented system, loaded once."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from pairing.engine import SYSTEMS
from swissweb.tournament.models import Event, RoundState

pytestmark = pytest.mark.django_db

BASE_DIR = Path(__file__).resolve().parents[2]


def test_load_demo_makes_one_event_per_system_with_a_round_in_play() -> None:
    """Each demo event has three completed rounds and a fourth published, in play."""
    call_command("load_demo", stdout=io.StringIO())
    events = list(Event.objects.all())
    assert {e.system for e in events} == {s.value for s in SYSTEMS}
    for event in events:
        states = list(event.round_set.order_by("number").values_list("state", flat=True))
        assert states == [RoundState.COMPLETED] * 3 + [RoundState.PUBLISHED], event.name
    # The SB demo breaks ties by the SB text's own tie-breaks, the others by Dutch F10.
    assert {e.system: e.tiebreaks for e in events}["sb"] == "SB,BH,MBH,PROG"
    call_command("load_demo", stdout=io.StringIO())
    assert Event.objects.count() == len(events)


def test_load_demo_sets_the_demo_password_only_when_it_creates_the_account() -> None:
    """A second ``make run`` never resets a password the arbiter has changed (#37), and
    says the demo login only when it created it."""
    first = io.StringIO()
    call_command("load_demo", stdout=first)
    assert "password 'swiss-demo'" in first.getvalue()
    user = User.objects.get(username="arbiter")
    user.set_password("changed-by-the-arbiter")
    user.save()
    again = io.StringIO()
    call_command("load_demo", stdout=again)
    user.refresh_from_db()
    assert user.check_password("changed-by-the-arbiter")
    assert "swiss-demo" not in again.getvalue()
    assert "unchanged" in again.getvalue()


def test_load_demo_prints_the_addresses_make_run_serves() -> None:
    """``make run HOST=… PORT=…`` passes its address, so the printed links open."""
    out = io.StringIO()
    call_command("load_demo", "--base-url", "http://192.168.1.20:8080/", stdout=out)
    lines = out.getvalue().splitlines()
    assert any(line.endswith("http://192.168.1.20:8080/events/demo-open/") for line in lines)
    assert "127.0.0.1:8000" not in out.getvalue()


def _demo_base_url(*assignments: str) -> str:
    """The ``--base-url`` ``make demo`` passes, read from ``make -n`` (nothing is run)."""
    env = {key: value for key, value in os.environ.items() if key not in ("HOST", "PORT")}
    env.pop("ALLOWED_HOSTS", None)
    done = subprocess.run(  # noqa: S603 - make, fixed arguments
        ["make", "-n", "--no-print-directory", "demo", *assignments],  # noqa: S607 - make on PATH
        cwd=BASE_DIR, env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    line = next(line for line in done.stdout.splitlines() if "load_demo" in line)
    return line.split("--base-url", 1)[1].strip().strip('"')


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_on_every_interface_prints_links_other_machines_open() -> None:
    """``make run HOST=0.0.0.0 ALLOWED_HOSTS=192.168.1.20`` printed
    ``http://0.0.0.0:8000/...`` links, which no other machine opens and the server
    itself refuses (0.0.0.0 is not an allowed host): they now name the allowed host."""
    assert _demo_base_url(
        "HOST=0.0.0.0", "ALLOWED_HOSTS=192.168.1.20,chess.local", "PORT=8080"
    ) == ("http://192.168.1.20:8080")
    assert _demo_base_url("HOST=0.0.0.0") == "http://127.0.0.1:8000"
    assert _demo_base_url("HOST=192.168.1.7", "PORT=8123") == "http://192.168.1.7:8123"
