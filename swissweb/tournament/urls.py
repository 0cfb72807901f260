"""URLs of the tournament app."""

from django.urls import path

from . import views

app_name = "tournament"

urlpatterns = [
    path("", views.event_list, name="event_list"),
    path("events/<slug:slug>/", views.event_detail, name="event_detail"),
]
