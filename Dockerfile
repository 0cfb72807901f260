# Production image: gunicorn serving swissweb, settings from the environment.
# Run with DATABASE_URL (PostgreSQL), SECRET_KEY and ALLOWED_HOSTS set.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
RUN useradd --create-home --uid 10001 swissweb

# Runtime dependencies only, read from pyproject.toml (no development tools).
COPY pyproject.toml ./
RUN python -c "import tomllib; print('\\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" > /tmp/requirements.txt \
    && pip install -r /tmp/requirements.txt

COPY manage.py ./
COPY swissweb ./swissweb
COPY pairing ./pairing
COPY templates ./templates
COPY static ./static
COPY locale ./locale
RUN SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput
# Bytecode written once here: with PYTHONDONTWRITEBYTECODE (and /app not writable by
# the user) every process would otherwise compile the modules it imports, about 65 ms
# for the pairing command line (python -m pairing), more than pairing most rounds.
RUN python -m compileall -q pairing swissweb

USER swissweb
EXPOSE 8000
# Workers, threads and the time-out above PAIRING_TIMEOUT: swissweb/gunicorn.py.
CMD ["gunicorn", "-c", "python:swissweb.gunicorn", "swissweb.wsgi:application"]
