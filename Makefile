# carson — the two commands a newcomer needs are `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

LOCK   := requirements.lock
# What running needs (the server extra), at the versions of $(LOCK): `make run` installs it.
RUN_LOCK  := requirements-server.lock
RUN_STAMP := $(VENV)/.installed-server
UV_VERSION := 0.13.8

.PHONY: install lock run play test test-fast test-deps lint bench screenshots swagger-ui clean

# Exactly the locked versions (dev extras included), then carson itself without its deps.
# The distribution was once named `carson`: its metadata, left in src/ by an older install,
# would be a second carson, with every game's entry point twice.
$(STAMP): pyproject.toml $(LOCK)
	rm -rf src/carson.egg-info
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r $(LOCK)
	$(BIN)/pip install --quiet --no-deps -e .
	touch $(STAMP)

install: $(STAMP)  ## create .venv and install carson with its dev extras, at the locked versions

# The train extra (PyTorch CPU, RLlib's needs) for tests/rl/test_rllib_example.py, pinned here
# by hand, not in $(LOCK): `make lock` (uv) would resolve torch to its multi-GB CUDA build,
# and Ray's rllib extra pins a gymnasium the rl extra excludes (pyproject.toml says more).
# torch==2.13.0 takes the CPU build where pip finds it (find-links of this machine); elsewhere
# TRAIN_PIP_FLAGS="--extra-index-url https://download.pytorch.org/whl/cpu" does.
TRAIN_STAMP := $(VENV)/.installed-train
TRAIN_PINS := torch==2.13.0 pandas==3.1.1 pyarrow==26.0.1 dm-tree==0.1.10 lz4==4.4.5 \
  ormsgpack==1.13.1 tensorboardX==2.6.5 fsspec==2026.9.0 sympy==1.14.0 networkx==3.6.1 mpmath==1.3.0
TRAIN_PIP_FLAGS ?=
$(TRAIN_STAMP): $(STAMP)
	$(BIN)/pip install --quiet $(TRAIN_PIP_FLAGS) $(TRAIN_PINS)
	touch $(TRAIN_STAMP)

# Only the server extra, at the same versions: what `make run` needs (a dev install has it).
$(RUN_STAMP): pyproject.toml $(RUN_LOCK)
	rm -rf src/carson.egg-info
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r $(RUN_LOCK)
	$(BIN)/pip install --quiet --no-deps -e .
	touch $(RUN_STAMP)

$(BIN)/uv:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet uv==$(UV_VERSION)

# Keeps the versions already locked where pyproject allows them; LOCK_FLAGS=--upgrade takes
# the newest everywhere.
lock: $(BIN)/uv    ## after changing a dependency in pyproject.toml: resolve requirements.lock (and its server part, requirements-server.lock) again
	$(BIN)/uv pip compile pyproject.toml --extra dev --universal --python-version 3.11 \
	  --generate-hashes --quiet $(LOCK_FLAGS) -o $(LOCK)
	$(BIN)/uv pip compile pyproject.toml --extra server --universal --python-version 3.11 \
	  --generate-hashes --quiet -c $(LOCK) -o $(RUN_LOCK)
	$(MAKE) install

# The dev install when there is one (it holds the server extra), else the server extra alone.
run: $(if $(wildcard $(STAMP)),$(STAMP),$(RUN_STAMP))  ## start the main program: the web app on SQLite, on port 8000 or a free one (open the URL it prints)
	$(BIN)/carson serve

play: $(if $(wildcard $(STAMP)),$(STAMP),$(RUN_STAMP))  ## a game in the terminal instead
	$(BIN)/carson play

test: $(STAMP) $(TRAIN_STAMP) test-deps  ## the whole suite: lint, types, tests
	$(MAKE) lint
	$(BIN)/pytest -n 2 -q

test-fast: $(STAMP)  ## the quick tier (docs/testing.md): engines, core, services on SQLite; no server processes, terminals, browsers or PostgreSQL
	$(BIN)/pytest -n 2 -q -m "not slow"

test-deps:         ## what the tests use: PostgreSQL (server tests), nginx (deployment test), chromium (browser tests), axe-core from npm (accessibility tests)
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing Debian's postgresql for the server tests"; \
	    apt-get install -y -q postgresql >/dev/null 2>&1 || \
	      (apt-get update -q >/dev/null 2>&1 && apt-get install -y -q postgresql >/dev/null 2>&1) || \
	      echo "could not install postgresql: its server tests will be skipped"; \
	  else echo "no PostgreSQL and no root to install it: its server tests will be skipped"; fi; \
	fi
	@if ! [ -x /usr/sbin/nginx ] && ! command -v nginx >/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing Debian's nginx for the deployment test"; \
	    apt-get install -y -q nginx >/dev/null 2>&1 || \
	      (apt-get update -q >/dev/null 2>&1 && apt-get install -y -q nginx >/dev/null 2>&1) || \
	      echo "could not install nginx: the deployment test will be skipped"; \
	  else echo "no nginx and no root to install it: the deployment test will be skipped"; fi; \
	fi
	@if ! [ -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing Debian's chromium for the browser tests"; \
	    apt-get install -y -q chromium >/dev/null 2>&1 || \
	      (apt-get update -q >/dev/null 2>&1 && apt-get install -y -q chromium >/dev/null 2>&1) || \
	      echo "could not install chromium: the browser tests will be skipped"; \
	  else echo "no chromium and no root to install it: the browser tests will be skipped"; fi; \
	fi

	@if [ -f package-lock.json ] && command -v npm >/dev/null; then \
	  npm ci --ignore-scripts --no-audit --no-fund --loglevel=error || \
	    echo "npm ci failed: the accessibility tests will be skipped"; \
	else echo "no npm: the accessibility tests (axe-core) will be skipped"; fi

# The files /docs serves (carson.server.kernel.apidocs.FILES), from package.json's version.
SWAGGER_UI_FILES := swagger-ui-bundle.js swagger-ui.css favicon-32x32.png LICENSE NOTICE \
  swagger-ui-bundle.js.LICENSE.txt
swagger-ui:        ## after changing swagger-ui-dist's version in package.json: copy the files /docs serves
	npm install --ignore-scripts --no-audit --no-fund --loglevel=error
	cp $(addprefix node_modules/swagger-ui-dist/,$(SWAGGER_UI_FILES)) src/carson/server/kernel/swagger_ui/

screenshots: $(STAMP)  ## the screenshots of the main pages in docs/screenshots (needs chromium)
	$(BIN)/python tests/web/screenshots.py docs/screenshots

lint: $(STAMP)     ## ruff on everything, mypy --strict on src/, the architecture's contracts, size limits and the count of Any
	$(BIN)/ruff check src tests benchmarks deploy
	$(BIN)/ruff format --check src tests benchmarks deploy
	$(BIN)/mypy --strict src
	$(BIN)/lint-imports --no-cache
	$(BIN)/python tools/check_sizes.py src
	$(BIN)/python tools/count_any.py src

bench: $(STAMP)    ## benchmarks with reported figures (never timed unit tests)
	$(BIN)/python -m benchmarks $(BENCH)

clean:
	rm -rf $(VENV) build dist *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
