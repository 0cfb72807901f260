"""The tournament app: events, players, rounds, games."""

from django.apps import AppConfig


class TournamentConfig(AppConfig):
    """Configuration of the tournament app."""

    name = "swissweb.tournament"
    label = "tournament"
    verbose_name = "Tournaments"
