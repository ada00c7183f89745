# `make run` and `make test` each build .venv from this project's own files on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-cluster lint typecheck bench clean chromium build compiler can-compile caddy axe jscheck jstest

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip setuptools
	JANTAKU_PURE_BUILD=1 $(BIN)/pip install --quiet --no-build-isolation -e '.[dev]'
	touch $(STAMP)

# The compiled build (issue 18): mypyc compiles the hot packages into extension modules beside
# their sources (setup.py says which); compiled again when one of them changes. Without a C
# compiler the pure package runs (`jantaku --version` says which).
HOT := $(wildcard $(addprefix src/jantaku/,$(addsuffix /*.py,tiles hand scoring game bots bots/standard)) \
	src/jantaku/sim/runner.py)  # setup.py's COMPILED_PACKAGES and COMPILED_MODULES
COMPILED := src/jantaku/_compiled.py

build: $(COMPILED)

$(COMPILED): $(STAMP) setup.py $(HOT) | compiler
	$(BIN)/python setup.py --quiet build_ext --inplace

# Prints 1 where a C compiler and the Python headers are present: there `make test` expects the
# compiled build (tests/project/test_build.py), so a mypyc failure cannot pass as a pure run.
can-compile:
	@command -v cc >/dev/null 2>&1 && $(PYTHON) -c "import os, sys, sysconfig; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()['include'], 'Python.h')))" && echo 1 || true

# gcc and the Python headers, from Debian's packages as root where either is missing.
compiler:
	@{ command -v cc >/dev/null 2>&1 && $(PYTHON) -c "import os, sys, sysconfig; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()['include'], 'Python.h')))"; } || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc python3-dev >/dev/null; } || echo "no C compiler or Python headers: the pure Python build runs"

run: $(COMPILED)
	$(BIN)/jantaku serve --host 127.0.0.1 --port 8000

# The browser tests drive Debian's Chromium with Playwright (no browser download). As root
# with apt, install it; otherwise those tests skip with a reason.
chromium:
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-ipafont-gothic >/dev/null; } || echo "chromium is not installed: the browser tests will skip"

# The deploy test puts Debian's caddy (`tls internal`) in front of `jantaku serve`: as root with
# apt, install it; otherwise that test skips with a reason.
caddy:
	@command -v caddy >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq caddy >/dev/null; } || echo "caddy is not installed: the deploy test will skip"

# The accessibility tests inject axe-core (npm, package.json: a test tool only, users need no
# Node) into the pages: installed from package-lock.json where npm is; otherwise they skip.
axe:
	@{ command -v npm >/dev/null 2>&1 && npm ci --no-audit --no-fund --loglevel=error; } || echo "npm is not installed: the accessibility tests will skip"

# The whole suite on the compiled build, then the core suites and the doctests of the compiled
# packages on the pure one (tests/project/test_build.py compares the two builds' answers).
PURE_TESTS := tests/tiles/test_tiles.py tests/hand/test_hand_examples.py \
	tests/scoring/test_scoring_riichi.py tests/scoring/test_house_scoring.py \
	tests/game/test_game_engine.py \
	tests/bots/test_bots_standard.py::test_chi_for_open_tanyao_near_tenpai \
	tests/bots/test_bots_sim.py::test_view_and_tile_checks_catch_leaks \
	tests/bots/test_bots_visibility.py::test_bots_decide_the_same_from_their_own_seat_state \
	tests/game/test_game_house_rules.py::test_ankan_after_riichi_compares_waits_or_their_number \
	$(addprefix src/jantaku/,tiles hand scoring game bots)

# mypy runs before the compiled build, not beside it: the build writes jantaku/_compiled.py and
# the extension modules into src/ while mypy reads it (one clean-clone run ended in a mypy
# INTERNAL ERROR that way); a fresh mypy takes about ten seconds.
test: chromium caddy axe
	$(MAKE) --no-print-directory --output-sync=target -j2 lint typecheck
	$(MAKE) --no-print-directory build
	JANTAKU_EXPECT_COMPILED=$$($(MAKE) --no-print-directory -s can-compile) $(BIN)/pytest -n 2 -q
	JANTAKU_PURE=1 $(BIN)/pytest -n 2 -q -p no:cacheprovider $(PURE_TESTS)
	@$(MAKE) --no-print-directory jstest

# Ray is the optional `cluster` extra, not installed by `make test` (240 MB; see README, the
# rule lab): this installs it and runs the tests that Ray gives local workers' numbers.
test-cluster: $(STAMP)
	$(BIN)/pip install --quiet -e '.[dev,cluster]'
	$(BIN)/pytest -q tests/sim/test_lab.py -k ray

# tools/check_sizes.py: no source file under src/ over 800 lines, no module docstring over 60,
# README.md within 200 (a file past them is split by concern).
lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/python tools/check_sizes.py
	@$(MAKE) --no-print-directory jscheck

# The pages' JavaScript (`// @ts-check`, JSDoc types; tsconfig.json) checked by TypeScript's
# tsc from npm (package.json: a lint tool only, users need no Node); skipped without npm.
jscheck:
	@[ -x node_modules/.bin/tsc ] || $(MAKE) --no-print-directory axe
	@if [ -x node_modules/.bin/tsc ]; then node_modules/.bin/tsc -p tsconfig.json && echo "tsc: the pages' JavaScript checks"; \
	else echo "npm is not installed: the pages' type check is skipped"; fi

# The pages' JavaScript tests (tests/js/*.test.mjs: board.js's fold over the golden logs);
# pytest runs them too (tests/js/test_node_js.py). Skipped without node.
jstest:
	@if command -v node >/dev/null 2>&1; then node --test --test-reporter=dot tests/js/*.test.mjs; \
	else echo "node is not installed: the pages' JavaScript tests are skipped"; fi

typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(COMPILED)
	JANTAKU_PURE_BUILD=1 $(BIN)/pip install --quiet --no-build-isolation -e '.[dev,bench]'
	$(BIN)/python benchmarks/bench_hand.py
	JANTAKU_PURE=1 $(BIN)/python benchmarks/bench_hand.py
	$(BIN)/python benchmarks/bench_score.py
	JANTAKU_PURE=1 $(BIN)/python benchmarks/bench_score.py --examples 0
	$(BIN)/python benchmarks/bench_sim.py
	JANTAKU_PURE=1 $(BIN)/python benchmarks/bench_sim.py --presets riichi,sanma

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info $(COMPILED)
	find src -name '*.so' -delete
