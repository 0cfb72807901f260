"""URL configuration: the admin, login/logout, the language switch, and the apps."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from swissweb.hall.views import poster
from swissweb.language import set_language
from swissweb.login import AdminLoginForm, LoginForm

admin.site.login_form = AdminLoginForm

urlpatterns = [
    path("admin/", admin.site.urls),
    path("language/", set_language, name="set_language"),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(authentication_form=LoginForm),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("hall/", poster, name="hall_poster"),
    path("", include("swissweb.ratings.urls")),
    path("", include("swissweb.tournament.urls")),
]

handler500 = "swissweb.errors.handler500"
