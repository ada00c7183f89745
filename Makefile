# `make run` and `make test` each build .venv from this project's own files on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-cluster lint typecheck bench clean chromium

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/jantaku serve --host 127.0.0.1 --port 8000

# The browser tests drive Debian's Chromium with Playwright (no browser download). As root
# with apt, install it; otherwise those tests skip with a reason.
chromium:
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-ipafont-gothic >/dev/null; } || echo "chromium is not installed: the browser tests will skip"

test: $(STAMP) chromium
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/pytest -n 2 -q

# Ray is the optional `cluster` extra, not installed by `make test` (240 MB; see README, the
# rule lab): this installs it and runs the tests that Ray gives local workers' numbers.
test-cluster: $(STAMP)
	$(BIN)/pip install --quiet -e '.[dev,cluster]'
	$(BIN)/pytest -q tests/test_lab.py -k ray

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[dev,bench]'
	$(BIN)/python benchmarks/bench_hand.py
	$(BIN)/python benchmarks/bench_score.py
	$(BIN)/python benchmarks/bench_sim.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
