"""Django side of the pairing engine: a system check that the two agree on systems."""

from __future__ import annotations

from typing import Any

from django.apps import AppConfig
from django.core import checks

from pairing.engine import System


def check_systems_known(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """Every pairing system an event can choose is one the engine knows by name."""
    from swissweb.tournament.models import PairingSystem  # the models load after the apps

    known = {system.value for system in System}
    return [
        checks.Error(
            f"Event pairing system {value!r} is not a pairing.engine.System.",
            id="pairing.E001",
        )
        for value in PairingSystem.values
        if value not in known
    ]


class PairingConfig(AppConfig):
    """The pairing app: the engine lives in ``pairing.engine`` and imports no Django."""

    name = "pairing"
    verbose_name = "Pairing engine"

    def ready(self) -> None:
        checks.register(check_systems_known)
