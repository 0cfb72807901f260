"""``python -m swissweb.hall``: serve a real event from a laptop on the hall's network.

Production settings (debug off), the data in ``hall-data/`` beside the project (SQLite,
unless ``DATABASE_URL`` names a PostgreSQL), a secret key made once and kept there,
plain HTTP allowed for the hall's address alone (``PLAIN_HTTP``), the first arbiter
created at the prompt, then gunicorn on every interface of the laptop.  Nothing here
needs the internet: the static files are the app's own.

    python -m swissweb.hall                      # the address found, port 8000
    python -m swissweb.hall --address 192.168.1.20 --port 8080
    python -m swissweb.hall --prepare-only       # set up, print the addresses, stop
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import socket
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]
DEFAULT_DATA_DIR = BASE_DIR / "hall-data"

# Private networks' broadcast corners: "connecting" a UDP socket to one sends nothing,
# but makes the system choose the interface it would use, whose address is the
# laptop's address on that network.  No internet is needed, only a local network.
_PROBES = ("10.255.255.255", "192.168.255.255", "172.31.255.255")


def lan_address(probes: Sequence[str] = _PROBES) -> str | None:
    """The laptop's address on the local network, or ``None`` when it has none (then
    only ``--address`` can say it)."""
    for probe in probes:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
                udp.connect((probe, 9))
                address = str(udp.getsockname()[0])
        except OSError:
            continue
        if not address.startswith("127.") and address != "0.0.0.0":
            return address
    return None


def secret_key(data_dir: Path) -> str:
    """The instance's secret key: made once, kept in ``data_dir`` readable by its owner
    alone, so that sessions survive a restart of the laptop."""
    path = data_dir / "secret_key"
    if path.exists():
        return path.read_text().strip()
    data_dir.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    path.touch(mode=0o600)
    path.write_text(key)
    return key


def hall_environment(
    *, address: str, port: int, data_dir: Path, base: Mapping[str, str]
) -> dict[str, str]:
    """The settings of the hall's instance, as the environment ``swissweb.settings``
    reads.  A ``DATABASE_URL`` already set (a PostgreSQL) is kept."""
    env = {key: value for key, value in base.items() if key != "DEBUG"}
    env.setdefault("DATABASE_URL", f"sqlite:///{data_dir / 'db.sqlite3'}")
    env["SECRET_KEY"] = env.get("SECRET_KEY") or secret_key(data_dir)
    env["PLAIN_HTTP"] = "1"
    env["ALLOWED_HOSTS"] = f"{address},localhost,127.0.0.1"
    env["CSRF_TRUSTED_ORIGINS"] = f"http://{address}:{port}"
    env["HALL_URL"] = f"http://{address}:{port}"
    env["GUNICORN_BIND"] = f"0.0.0.0:{port}"
    # SQLite takes one writer at a time: two workers are plenty for one hall.
    env.setdefault("WEB_CONCURRENCY", "2")
    env["DJANGO_SETTINGS_MODULE"] = "swissweb.settings"
    return env


def _prepare(*, interactive: bool) -> bool:
    """Migrate, collect the static files, and make the first arbiter when there is
    none; ``False`` when there is still no arbiter (the prompt was refused)."""
    import django  # noqa: PLC0415 - the settings read the environment set just before

    django.setup()
    from django.contrib.auth import get_user_model  # noqa: PLC0415 - needs django.setup()
    from django.core.management import call_command  # noqa: PLC0415 - needs django.setup()
    from django.db import connections  # noqa: PLC0415 - needs django.setup()

    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    users = get_user_model().objects
    if not users.filter(is_superuser=True).exists():
        print("No arbiter yet: the first one (also the site's administrator).")
        if interactive:
            call_command("createsuperuser")
        elif os.environ.get("DJANGO_SUPERUSER_USERNAME"):
            call_command("createsuperuser", interactive=False)
    ready = users.filter(is_superuser=True).exists()
    connections.close_all()
    return ready


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m swissweb.hall", description=__doc__)
    parser.add_argument("--address", help="the laptop's address on the hall's network")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--data-dir", type=Path, default=DEFAULT_DATA_DIR)
    parser.add_argument(
        "--prepare-only", action="store_true", help="set up and print the addresses, no server"
    )
    parser.add_argument(
        "--no-input",
        action="store_true",
        help="no prompt: the first arbiter from DJANGO_SUPERUSER_USERNAME/_PASSWORD",
    )
    args = parser.parse_args(argv)
    address = args.address or lan_address()
    if address is None:
        print(
            "No local network found: join the hall's network, or name the address with --address.",
            file=sys.stderr,
        )
        return 2
    env = hall_environment(address=address, port=args.port, data_dir=args.data_dir, base=os.environ)
    os.environ.clear()
    os.environ.update(env)
    if not _prepare(interactive=not args.no_input):
        print("No arbiter was created; nothing is served.", file=sys.stderr)
        return 1
    base_url = f"http://{address}:{args.port}"
    print(f"Players and the public: {base_url}/")
    print(f"The sheet to print and pin up (address and QR code): {base_url}/hall/")
    print(f"Arbiters log in at {base_url}/accounts/login/ (plain HTTP: not encrypted).")
    if args.prepare_only:
        return 0
    gunicorn = shutil.which("gunicorn") or str(Path(sys.executable).with_name("gunicorn"))
    sys.stdout.flush()
    os.execvpe(gunicorn, [gunicorn, "-c", "python:swissweb.gunicorn", "swissweb.wsgi"], os.environ)
    return 0  # pragma: no cover - execvpe does not return


if __name__ == "__main__":
    raise SystemExit(main())
