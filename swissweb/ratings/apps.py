"""The rating lists app: FIDE's monthly list and national lists, to register players
from them and to refresh their ratings (#24)."""

from django.apps import AppConfig


class RatingsConfig(AppConfig):
    """Configuration of the rating lists app."""

    name = "swissweb.ratings"
    label = "ratings"
    verbose_name = "Rating lists"
