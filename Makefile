# publicassembly — the two commands a newcomer needs are `make run` and `make test`.
PYTHON ?= python3.11
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PG_TEST_URL ?= postgres://postgres@127.0.0.1:5432/test
# Where `make run` serves (e.g. `make run PORT=8001` when 8000 is taken).
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install run test test-sqlite test-postgres bench lint holidays clean messages upgrade

$(BIN)/python:
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "Python 3.11 is required ($(PYTHON) not found)"; exit 2; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The libraries at the versions tested together (constraints.txt), the project itself editable.
$(STAMP): $(BIN)/python pyproject.toml constraints.txt
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev]'
	@touch $(STAMP)

install: $(STAMP)

# Serve the web pages and API on http://$(HOST):$(PORT) (default 127.0.0.1:8000; gunicorn + WhiteNoise, SQLite in the data directory),
# migrating and loading the demo once, and listing the demo logins.
run: install
	$(BIN)/publicassembly serve --demo --host $(HOST) --port $(PORT)

test: install
	$(BIN)/python -m pytest -q -p no:cacheprovider -n auto

test-postgres: install
	DATABASE_URL=$(PG_TEST_URL) $(BIN)/python -m pytest -q -p no:cacheprovider -n auto -m "not browser"

bench: install
	$(BIN)/python -m benchmarks

lint: install
	$(BIN)/ruff check src tests
	$(BIN)/mypy src/publicassembly/law

# Regenerate the table of GCL § 24 holidays (law/holiday_table.py) from the `holidays` package after upgrading it.
holidays: install
	$(BIN)/python scripts/generate_holiday_table.py

# Move every library to its newest release within pyproject.toml's ranges and record the set in constraints.txt
# (its header says what to run before committing it).
upgrade: $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade --upgrade-strategy eager -e '.[dev]'
	{ sed -n '/^#/p' constraints.txt; $(BIN)/python -m pip freeze --exclude-editable; } > constraints.txt.new
	mv constraints.txt.new constraints.txt
	@touch $(STAMP)

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache

# The project's one translation catalog (src/publicassembly/locale): extract every message of the package (law
# core, permit states, web pages) and compile it (msgfmt, Debian's gettext). Write the Spanish, then rerun.
messages: install
	cd src/publicassembly && DJANGO_SETTINGS_MODULE=publicassembly.site.settings ../../$(BIN)/django-admin makemessages -l es -i "__pycache__"
	cd src/publicassembly && DJANGO_SETTINGS_MODULE=publicassembly.site.settings ../../$(BIN)/django-admin compilemessages -l es
