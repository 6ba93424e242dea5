# carson — the two commands a newcomer needs are `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install run test test-deps lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)  ## create .venv and install carson with its dev extras

run: $(STAMP)      ## start the main program: a game in the terminal (the web app once it exists)
	$(BIN)/carson play

test: $(STAMP) test-deps  ## the whole suite: lint, types, tests
	$(MAKE) lint
	$(BIN)/pytest -n 2 -q

test-deps:         ## system packages the tests use: PostgreSQL (server tests run on it too)
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing Debian's postgresql for the server tests"; \
	    apt-get install -y -q postgresql >/dev/null 2>&1 || \
	      (apt-get update -q >/dev/null 2>&1 && apt-get install -y -q postgresql >/dev/null 2>&1) || \
	      echo "could not install postgresql: its server tests will be skipped"; \
	  else echo "no PostgreSQL and no root to install it: its server tests will be skipped"; fi; \
	fi

lint: $(STAMP)     ## ruff on everything, mypy --strict on src/
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy --strict src

bench: $(STAMP)    ## benchmarks with reported figures (never timed unit tests)
	$(BIN)/python -m benchmarks $(BENCH)

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
