"""Settings for the test suite: the project's settings with a test-only secret key.

The database still comes from ``DATABASE_URL`` (PostgreSQL in CI, SQLite by default).
Tests use the plain-HTTP test client, so the HTTPS redirect is off here.
"""

import os

os.environ.setdefault("SECRET_KEY", "tests-only-secret-key-never-used-in-production")

from swissweb.settings import *  # noqa: E402,F403

SECURE_SSL_REDIRECT = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# No collectstatic in tests: whitenoise finds files through the finders, as in DEBUG.
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True
# Every test client comes from 127.0.0.1: the per-address limit of anonymous requests is
# off, except in the tests of the limit itself (tests/web/test_rate_limit.py).
ANON_RATE_LIMIT = 0
# The same for online entries, except in the test of that limit (test_entry_pages.py).
ENTRY_RATE_LIMIT = 0
