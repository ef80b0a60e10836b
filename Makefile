# Holmes. `make run` starts the product; `make test` runs the whole suite. Both set up what they need.
SHELL := /bin/bash
.DEFAULT_GOAL := help

UV := $(shell command -v uv 2>/dev/null || echo python3 -m uv)
HOLMES_HOST ?= 127.0.0.1
HOLMES_PORT ?= 8000
HOLMES_DATA_DIR ?= ./.holmes
export HOLMES_HOST HOLMES_PORT HOLMES_DATA_DIR

.PHONY: help uv sync tesseract migrate run test lint format bench demo-data migration clean

help: ## List the targets
	@grep -hE '^[a-zA-Z_-]+:.*## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*## "} {printf "  \033[36m%-10s\033[0m %s\n", $$1, $$2}'

uv: ## Install uv (from PyPI) when it is missing
	@$(UV) --version >/dev/null 2>&1 || python3 -m pip install --quiet uv

sync: uv ## Install the locked Python dependencies into .venv
	@$(UV) sync --frozen --quiet

tesseract: ## Install Tesseract OCR with apt-get when missing (as root; never fails the build)
	@command -v tesseract >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 \
		&& { export DEBIAN_FRONTEND=noninteractive; apt-get install -y -qq tesseract-ocr \
		|| { apt-get update -qq && apt-get install -y -qq tesseract-ocr; }; } >/dev/null 2>&1; } \
		|| echo "tesseract-ocr not installed: OCR tests will be skipped"

migrate: sync ## Apply database migrations (SQLite under HOLMES_DATA_DIR, or DATABASE_URL)
	@$(UV) run --frozen python -m holmes_backend migrate

run: migrate ## Start Holmes at http://$HOLMES_HOST:$HOLMES_PORT (data in HOLMES_DATA_DIR)
	@$(UV) run --frozen python -m holmes_backend serve

test: sync tesseract ## Run the whole test suite (SQLite and PostgreSQL, local storage and GCS emulator)
	@$(UV) run --frozen pytest $(PYTEST_ARGS)

lint: sync ## ruff (lint + format check) and mypy --strict over backend and shared
	@$(UV) run --frozen ruff check .
	@$(UV) run --frozen ruff format --check .
	@$(UV) run --frozen mypy backend/src shared/src

format: sync ## Apply ruff's fixes and formatting
	@$(UV) run --frozen ruff check --fix .
	@$(UV) run --frozen ruff format .

bench: sync ## Benchmarks: upload (500 MB), analysis, pipeline (local + fake Gemini), SSE fan-out
	@$(UV) run --frozen python -m tests.bench.upload $(BENCH_ARGS)
	@$(UV) run --frozen python -m tests.bench.analysis
	@$(UV) run --frozen python -m tests.bench.pipeline
	@$(UV) run --frozen python -m tests.bench.sse

demo-data: sync ## Write the demo case (HOLMES_DATA_DIR/demo-case)
	@$(UV) run --frozen python -m holmes_backend.demo --out "$(HOLMES_DATA_DIR)/demo-case"

migration: sync ## Autogenerate a migration: make migration m="what changed"
	@$(UV) run --frozen alembic revision --autogenerate -m "$(m)"

clean: ## Remove local data, caches and test output
	rm -rf .holmes .pytest_cache .mypy_cache .ruff_cache test-output bench-output
	@bash scripts/stop-test-postgres.sh >/dev/null 2>&1 || true
