# Every target is one or two commands; CI calls the same ones (see .ci/run).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
export PYTHONDONTWRITEBYTECODE := 1

.PHONY: install run migrate demo test lint fmt messages bench load scaleout docker clean

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV) && $(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]' && touch $@

migrate: install
	DEBUG=1 $(BIN)/python manage.py migrate --noinput

# `make run PORT=8080 HOST=0.0.0.0`: where the development server listens.
HOST ?= 127.0.0.1
PORT ?= 8000

# The demo's printed links: served on every interface (0.0.0.0), they name the first of
# ALLOWED_HOSTS (else 127.0.0.1): 0.0.0.0 itself is no address a browser opens.
comma := ,
DEMO_HOST = $(if $(filter 0.0.0.0,$(HOST)),$(or $(firstword $(subst $(comma), ,$(ALLOWED_HOSTS))),127.0.0.1),$(HOST))

demo: migrate
	DEBUG=1 $(BIN)/python manage.py load_demo --base-url "http://$(DEMO_HOST):$(PORT)"

run: demo
	DEBUG=1 $(BIN)/python manage.py runserver "$(HOST):$(PORT)"

# The suite in TEST_WORKERS processes (pytest-xdist; "auto": one per core), each file's
# tests in one process; TEST_WORKERS=0 runs it in this one.  See bench/README.md.
TEST_WORKERS ?= auto
test: install
	$(BIN)/pytest -n $(TEST_WORKERS) --dist loadfile

lint: install
	$(BIN)/ruff check . && $(BIN)/ruff format --check .
	$(BIN)/mypy

fmt: install
	$(BIN)/ruff format . && $(BIN)/ruff check --fix .

# The translations (#24): collect every marked string into locale/<lang>/LC_MESSAGES/
# django.po, then compile the .mo the server reads (committed, as Django commits its
# own, so running and testing need no gettext).  Needs GNU gettext: apt-get install gettext.
LOCALES := de fr
MESSAGES_IGNORE := --ignore=.venv --ignore=tests --ignore=bench --ignore=staticfiles --ignore=artefacts
messages: install
	DEBUG=1 $(BIN)/python manage.py makemessages $(LOCALES:%=-l %) --no-location --no-obsolete $(MESSAGES_IGNORE)
	DEBUG=1 $(BIN)/python manage.py compilemessages $(LOCALES:%=-l %) $(MESSAGES_IGNORE)

# The engines, the arbiter's budgets (bench.workspace) and the rating lists'
# (bench.rating_lists), both on PostgreSQL, and the public pages' weight
# (bench.public_pages, SQLite), and the desk's and entries' server time
# (bench.desk_budgets, SQLite); see bench/README.md.
bench: install
	$(BIN)/python -m bench $(if $(VS),--vs "$(VS)") $(BENCH_ARGS)
	$(BIN)/python -m bench.workspace $(WORKSPACE_ARGS)
	$(BIN)/python -m bench.rating_lists $(RATINGS_ARGS)
	$(BIN)/python -m bench.public_pages $(PUBLIC_ARGS)
	$(BIN)/python -m bench.desk_budgets $(DESK_ARGS)

# Recreates the PostgreSQL database LOAD_DATABASE_URL (default swissweb_load); see bench/README.md.
load: install
	$(BIN)/python -m bench.load $(LOAD_ARGS)

# The compose file's topology on the loopback without Docker (#37): nginx with
# swissweb/deploy/nginx.conf, two gunicorn apps, Redis, and the PostgreSQL database
# SCALEOUT_DATABASE_URL (default swissweb_scaleout, created and dropped).  Needs
# apt-get install nginx redis-server; see bench/README.md.
scaleout: install
	$(BIN)/python -m bench.scaleout $(SCALEOUT_ARGS)

docker:
	docker build -t swissweb .

clean:
	rm -rf $(VENV) staticfiles db.sqlite3 .pytest_cache .ruff_cache .mypy_cache
