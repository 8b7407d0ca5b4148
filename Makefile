# Portolan: `make run` (the bot, or the offline table without a token) and `make test`.
PY ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: setup run test test-slow lint typecheck format check-data

setup: $(VENV)/.installed

$(VENV)/.installed: requirements.txt requirements-dev.txt
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $@

run: setup
	$(BIN)/python bot.py

# Two workers: this project's machines have 2 cores. The `slow` tier (whole games of every
# configuration, crash and soak tests) runs in `make test-slow`, which CI also runs.
PYTEST_WORKERS ?= 2

test: setup lint typecheck
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist worksteal -m "not slow"

test-slow: setup
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist worksteal -m slow

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# mypy over engines/, host/, players/ and discord_io/ ([tool.mypy] in pyproject.toml).
typecheck: setup
	$(BIN)/mypy

format: setup
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

check-data: setup
	$(BIN)/python bot.py check-data
