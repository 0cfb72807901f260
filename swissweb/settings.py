"""Django settings for swissweb, read from the environment.

Environment variables:

- ``DATABASE_URL``: database, for example ``postgres://user:pass@host:5432/name``
  (PostgreSQL through psycopg 3).  Default: the SQLite file ``db.sqlite3`` in the project
  folder, the embedded default of ``make run``.
- ``SECRET_KEY``: required unless ``DEBUG`` is on (there is no production default).
- ``DEBUG``: ``1``/``true`` turns debug mode on; off unless set.
- ``ALLOWED_HOSTS``: comma-separated host names; default ``localhost,127.0.0.1``.
- ``CSRF_TRUSTED_ORIGINS``: comma-separated origins (``https://chess.example.org``).
- ``SECURE_SSL_REDIRECT``: redirect HTTP to HTTPS when debug is off (default on).
- ``TRUSTED_PROXIES``: the reverse proxies in front of the app, by address or network
  (comma-separated; default none); on a request from one of them the client's address,
  for the login lock-out and the rate limit, is read from ``X-Forwarded-For`` as the
  proxies wrote it (``swissweb/proxies.py``).
- ``SECURE_PROXY_SSL_HEADER``: set to ``1`` behind a proxy that sends
  ``X-Forwarded-Proto`` (the usual set-up for gunicorn behind nginx or a load balancer).
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from swissweb.caches import cache_config
from swissweb.databases import sqlite_options
from swissweb.proxies import parse_trusted_proxies
from swissweb.timeouts import pairing_timeout

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool) -> bool:
    """Read a boolean environment variable (1/true/yes/on, case-insensitive)."""
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    """Read a comma-separated environment variable."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_flag("DEBUG", False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Set it in the environment (DEBUG=1 uses a development key)."
        )
    SECRET_KEY = "django-insecure-development-only-key-do-not-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    "pairing",
    "swissweb.tournament",
    "swissweb.ratings",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Content-Security-Policy and Permissions-Policy headers (#21), from well-kept
    # libraries: django-csp (Mozilla's, until Django 6 has its own) and
    # django-permissions-policy; the policies are below, under Security.
    "csp.middleware.CSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # The hall's laptop read as localhost goes to its network address (HALL_URL, #37).
    "swissweb.hall.middleware.LoopbackToHallAddress",
    # Every page and answer gzipped for a hall's slow network (#20); static files come
    # compressed from WhiteNoise above.  Django's middleware pads the output against
    # BREACH, and CSRF tokens are masked per response.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The reader's language (#24): the switch's cookie, else the browser's
    # Accept-Language, else LANGUAGE_CODE.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",
    # The anonymous rate limit, the login page counted apart (swissweb/ratelimit_login.py).
    "swissweb.ratelimit_login.RateLimitWithLoginShare",
    # A NUL in any field (400) and a large anonymous body (413), refused before any view
    # reads them (#31: swissweb/guard.py).
    "swissweb.guard.RequestGuardMiddleware",
]

# Login throttling (django-axes): after AXES_FAILURE_LIMIT failed logins for one user
# name from one client address, that login is locked for AXES_COOLOFF_TIME hours.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# The longest one pairing may take, in seconds; the engine runs in a child process that
# is stopped then (pairing/timed.py).  0 runs the engine in the web process, without limit.
PAIRING_TIMEOUT = pairing_timeout()
# Anonymous requests per client address and window (swissweb/ratelimit.py); 0: no limit.
ANON_RATE_LIMIT = int(os.environ.get("ANON_RATE_LIMIT", "1200"))
ANON_RATE_WINDOW = int(os.environ.get("ANON_RATE_WINDOW", "60"))
# The login page's own share per address and window, apart from page views (#31 D16).
ANON_LOGIN_RATE_LIMIT = int(os.environ.get("ANON_LOGIN_RATE_LIMIT", "60"))
# The cache of the public pages' tables and of the rate limit's counters: each process's
# memory by default (correct: the keys carry the event's change counters), or Redis
# shared by every process and container with CACHE_URL=redis://host:6379/0 (needs the
# redis package: pip install redis).
CACHES = {"default": cache_config(os.environ.get("CACHE_URL", ""))}
# The largest file an arbiter may upload (TRF, CSV), in MB (swissweb/tournament/uploads.py).
MAX_UPLOAD_MB = float(os.environ.get("MAX_UPLOAD_MB", "5"))
# The largest body an anonymous request may send, in KB (a login, a player's request):
# larger ones are answered 413 before they are read (swissweb/guard.py, D12 of #31).
ANON_MAX_BODY_KB = float(os.environ.get("ANON_MAX_BODY_KB", "64"))
# Online entries one client address may submit per ANON_RATE_WINDOW (#34 item 2), within
# its share of anonymous requests above; 0 turns this limit off.
ENTRY_RATE_LIMIT = int(os.environ.get("ENTRY_RATE_LIMIT", "20"))
# Mail (#34 item 2): with EMAIL_HOST set, each online entrant is mailed the link to
# their confirmation page; without it, nothing is mailed (the page shows the link).
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = os.environ.get("EMAIL_USE_TLS", "1") == "1"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "swissweb@localhost")
EMAIL_TIMEOUT = 10
# The largest rating list staff may upload, in MB (FIDE's TXT list is about 250 MB
# unzipped, 40 MB zipped); larger ones load with `manage.py load_rating_list`.
MAX_LIST_UPLOAD_MB = float(os.environ.get("MAX_LIST_UPLOAD_MB", "400"))
# The largest list read out of an uploaded zip, in MB (D11, #31): a zip of a few KB can
# hold gigabytes; the list is read as a stream and refused past this size.
MAX_LIST_UNZIPPED_MB = float(os.environ.get("MAX_LIST_UNZIPPED_MB", "1000"))

AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = float(os.environ.get("AXES_COOLOFF_HOURS", "0.25"))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False
# The client's address: X-Forwarded-For is believed only on a request from one of the
# TRUSTED_PROXIES, named by address or network (swissweb/proxies.py, #31 D17).
try:
    TRUSTED_PROXIES = parse_trusted_proxies(os.environ.get("TRUSTED_PROXIES", ""))
except ValueError as exc:
    raise ImproperlyConfigured(str(exc)) from None
AXES_CLIENT_IP_CALLABLE = "swissweb.proxies.client_address"

ROOT_URLCONF = "swissweb.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "swissweb.script_text.script_text",
                "swissweb.language.other_languages",
                "swissweb.hall.context.connection",
            ],
        },
    },
]

WSGI_APPLICATION = "swissweb.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update(sqlite_options())

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-gb"
# The languages the pages are written in (#24); each but English has its catalogue in
# locale/<code>/LC_MESSAGES (``make messages`` writes and compiles it).  Dates and
# numbers follow the language's formats (Django's, for en-gb, de and fr).
LANGUAGES = [("en-gb", "English"), ("de", "Deutsch"), ("fr", "Français")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# Security: strict unless debugging.  ``manage.py check --deploy`` passes with DEBUG off.
# PLAIN_HTTP=1 (the hall's laptop, ``python -m swissweb.hall``, #37) serves production
# over plain HTTP on a local network: cookies not marked Secure (a browser refuses to
# keep a Secure cookie from an http:// address, so login failed with "CSRF verification
# failed"), no redirect to HTTPS, no HSTS; every page then says it is not encrypted.
# Only this explicit setting allows it.
PLAIN_HTTP = env_flag("PLAIN_HTTP", False)
# HALL_URL (set by ``python -m swissweb.hall``): the laptop's address on the hall's
# network; a page read on the loopback is redirected there, so that every address and
# QR code it gives players is one their phones reach (swissweb/hall/middleware.py).
HALL_URL = os.environ.get("HALL_URL", "")
_HTTPS_ONLY = not (DEBUG or PLAIN_HTTP)
SESSION_COOKIE_SECURE = _HTTPS_ONLY
CSRF_COOKIE_SECURE = _HTTPS_ONLY
LANGUAGE_COOKIE_SECURE = _HTTPS_ONLY
SECURE_SSL_REDIRECT = env_flag("SECURE_SSL_REDIRECT", _HTTPS_ONLY)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000")) if _HTTPS_ONLY else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = _HTTPS_ONLY
# Preloading is a promise to browsers for the whole domain that is slow to take back, so
# it is the site owner's choice (SECURE_HSTS_PRELOAD=1), not a default; its deploy-check
# warning is silenced below for that reason.
SECURE_HSTS_PRELOAD = env_flag("SECURE_HSTS_PRELOAD", False)
SILENCED_SYSTEM_CHECKS = ["security.W021"]
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Every script, style, font and image comes from the app's own static files (no inline
# script or style attribute, no CDN); Pico's form controls draw with data: SVG images.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [NONE],
        "object-src": [NONE],
    }
}
# The pages use no device feature: each is refused to the page and anything it embeds.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in (
        "accelerometer", "camera", "display-capture", "geolocation", "gyroscope",
        "magnetometer", "microphone", "midi", "payment", "usb", "xr-spatial-tracking",
    )
}  # fmt: skip
if env_flag("SECURE_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
