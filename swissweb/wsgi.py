"""WSGI entry point for gunicorn: ``gunicorn swissweb.wsgi``."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "swissweb.settings")

application = get_wsgi_application()
