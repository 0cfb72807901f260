"""URLs of the rating lists."""

from django.urls import path

from swissweb.ratings import views

app_name = "ratings"

urlpatterns = [
    path("ratings/", views.lists, name="lists"),
    path("ratings/lookup/", views.lookup, name="lookup"),
]
