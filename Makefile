# Holmes. `make run` starts the product; `make test` runs the whole suite. Both set up what they need.
SHELL := /bin/bash
.DEFAULT_GOAL := help

UV := $(shell command -v uv 2>/dev/null || echo python3 -m uv)
HOLMES_HOST ?= 127.0.0.1
HOLMES_PORT ?= 8000
HOLMES_DATA_DIR ?= ./.holmes
export HOLMES_HOST HOLMES_PORT HOLMES_DATA_DIR

UI_SOURCES := $(shell find frontend/src frontend/public -type f 2>/dev/null) \
	frontend/next.config.ts frontend/postcss.config.mjs frontend/tsconfig.json frontend/package-lock.json
NODE_OK := $(shell node -e 'const [a,b]=process.versions.node.split(".").map(Number); \
	process.exit(a>20||(a===20&&b>=9)?0:1)' >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 && echo yes)

.PHONY: help uv sync tesseract chromium ui ui-deps client client-check ui-test migrate run test lint \
	format eval bench demo-data migration clean

help: ## List the targets
	@grep -hE '^[a-zA-Z_-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*## "} {printf "  \033[36m%-13s\033[0m %s\n", $$1, $$2}'

uv: ## Install uv (from PyPI) when it is missing
	@$(UV) --version >/dev/null 2>&1 || python3 -m pip install --quiet uv

sync: uv ## Install the locked Python dependencies into .venv, compiled to bytecode
	@# Compiled once here, not by each process that imports them: where bytecode is not written
	@# (PYTHONDONTWRITEBYTECODE, read-only trees) every analyst and extraction worker compiled
	@# spaCy, ADK and Holmes from source at start, 13 s of a fresh server's first case.
	@$(UV) sync --frozen --quiet --compile-bytecode
	@$(UV) run --frozen --no-sync python -m compileall -q -j 0 backend/src shared/src >/dev/null

tesseract: ## Install Tesseract OCR with apt-get when missing (as root; never fails the build)
	@command -v tesseract >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 \
		&& { export DEBIAN_FRONTEND=noninteractive; apt-get install -y -qq tesseract-ocr \
		|| { apt-get update -qq && apt-get install -y -qq tesseract-ocr; }; } >/dev/null 2>&1; } \
		|| echo "tesseract-ocr not installed: OCR tests will be skipped"

chromium: ## Install Debian's Chromium for the browser tests with apt-get when missing (as root)
	@[ -x "$${HOLMES_E2E_CHROMIUM:-}" ] || command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 \
		&& { export DEBIAN_FRONTEND=noninteractive; apt-get install -y -qq chromium \
		|| { apt-get update -qq && apt-get install -y -qq chromium; }; } >/dev/null 2>&1; } \
		|| { echo "chromium is needed for the browser tests: apt-get install chromium"; exit 1; }

frontend/node_modules/.package-lock.json: frontend/package-lock.json
	@[ "$(NODE_OK)" = yes ] || { echo "Node.js >= 20.9 with npm is needed to build the UI"; exit 1; }
	@# Not `npm ci`: this registry omits other platforms' optional packages from the lockfile,
	@# which `npm ci` then refuses; `install --no-save` installs the locked versions, lock untouched.
	@cd frontend && npm install --no-save --no-audit --no-fund --loglevel=error
	@touch $@

ui-deps: frontend/node_modules/.package-lock.json ## Install the UI's locked npm dependencies

frontend/out/index.html: $(UI_SOURCES) frontend/node_modules/.package-lock.json
	@echo "building the UI (frontend/out)"
	@cd frontend && NEXT_TELEMETRY_DISABLED=1 npx --no-install next build >/dev/null
	@touch $@

ui: frontend/out/index.html ## Build the UI's static export when it is missing or outdated

client: sync ui-deps ## Regenerate the UI's API client from the backend's OpenAPI document
	@$(UV) run --frozen python -m holmes_backend openapi > frontend/openapi.json
	@cd frontend && npx --no-install openapi-ts >/dev/null

client-check: sync ui-deps ## Fail when the generated API client is stale
	@rm -rf .client-check && mkdir -p .client-check
	@$(UV) run --frozen python -m holmes_backend openapi > .client-check/openapi.json
	@cd frontend && HOLMES_OPENAPI=../.client-check/openapi.json HOLMES_CLIENT_OUT=../.client-check/client \
		npx --no-install openapi-ts >/dev/null
	@diff -q frontend/openapi.json .client-check/openapi.json >/dev/null && diff -rq frontend/src/client \
		.client-check/client >/dev/null || { rm -rf .client-check; \
		echo "the UI's API client is stale: run 'make client' and commit it"; exit 1; }
	@rm -rf .client-check

ui-test: ui-deps ## Type-check the UI and run its unit tests (Vitest)
	@cd frontend && npx --no-install tsc --noEmit && npx --no-install vitest run

migrate: sync ## Apply database migrations (SQLite under HOLMES_DATA_DIR, or DATABASE_URL)
	@$(UV) run --frozen python -m holmes_backend migrate

run: migrate ## Start Holmes at http://$HOLMES_HOST:$HOLMES_PORT (data in HOLMES_DATA_DIR)
ifeq ($(NODE_OK),yes)
	@$(MAKE) --no-print-directory ui
else
	@echo "Node.js >= 20.9 with npm not found: serving the API only (install Node.js for the UI)"
endif
	@$(UV) run --frozen python -m holmes_backend serve

test: sync tesseract chromium client-check ui-test ui ## Run the whole suite: API, DB, storage, agents, UI unit + browser
	@$(UV) run --frozen pytest $(PYTEST_ARGS)

lint: sync ## ruff (lint + format check), mypy --strict, and the import contracts (import-linter)
	@$(UV) run --frozen ruff check .
	@$(UV) run --frozen ruff format --check .
	@$(UV) run --frozen mypy backend/src shared/src
	@$(UV) run --frozen lint-imports --no-cache

format: sync ## Apply ruff's fixes and formatting
	@$(UV) run --frozen ruff check --fix .
	@$(UV) run --frozen ruff format .

eval: sync ## Score the dev cases and the demo on the configured model (a Gemini key, HOLMES_LLM_BASE_URL, else offline): recall, precision, grounding; EVAL_ARGS="--split held_out"
	@$(UV) run --frozen python -m tests.eval.score --demo $(EVAL_ARGS)

bench: sync ## Benchmarks: upload (500 MB), analysis, pipeline (local + fake Gemini), SSE fan-out, workers (1 vs 4)
	@$(UV) run --frozen python -m tests.bench.upload $(BENCH_ARGS)
	@$(UV) run --frozen python -m tests.bench.analysis
	@$(UV) run --frozen python -m tests.bench.pipeline
	@$(UV) run --frozen python -m tests.bench.sse
	@$(UV) run --frozen python -m tests.bench.workers

demo-data: sync ## Write the demo case (HOLMES_DATA_DIR/demo-case)
	@$(UV) run --frozen python -m holmes_backend.demo --out "$(HOLMES_DATA_DIR)/demo-case"

migration: sync ## Autogenerate a migration: make migration m="what changed"
	@$(UV) run --frozen alembic revision --autogenerate -m "$(m)"

clean: ## Remove local data, caches and test output
	rm -rf .holmes .pytest_cache .mypy_cache .ruff_cache test-output bench-output .client-check \
		frontend/out frontend/.next frontend/test-output
	@bash scripts/stop-test-postgres.sh >/dev/null 2>&1 || true
