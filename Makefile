# sudoku-lab: `make serve` installs what is missing, builds and serves the page;
# `make test` installs what is missing and runs every check. Each install step is skipped
# when its tool is already present, so both work on a fresh machine and stay fast after.

SHELL := /bin/bash
DATA  ?= ../shared/data
BIN   := target/release/sudoku-lab

.PHONY: all deps build serve test lint unit corpus bench clean

all: build

## deps: the Rust components the build and checks need (idempotent).
deps:
	@command -v cargo >/dev/null || { echo "cargo not found: install Rust with rustup first" >&2; exit 1; }
	@cargo fmt --version >/dev/null 2>&1 || rustup component add rustfmt
	@cargo clippy --version >/dev/null 2>&1 || rustup component add clippy

## build: the library and the native command-line tool, optimised.
build: deps
	cargo build --release --locked
	@echo "built $(BIN)"

## serve: build everything there is. The page (www/) arrives with the WebAssembly issue;
## until then this builds the CLI and says how to use it.
serve: build
	@if [ -d www ]; then \
	  echo "serving www/ on http://127.0.0.1:8000/"; \
	  cd www && exec python3 -m http.server 8000 --bind 127.0.0.1; \
	else \
	  echo "The page (www/) does not exist yet: it comes with the WebAssembly module."; \
	  echo "The command-line tool is ready: $(BIN) --help"; \
	fi

## test: formatting, lints, every Rust test, then the judge corpora through the release CLI.
test: deps lint unit corpus

lint:
	cargo fmt --check
	cargo clippy --locked --all-targets -- -D warnings

unit:
	cargo test --locked --doc
	cargo test --locked --all-targets

corpus: build
	bash tests/corpus.sh $(BIN) $(DATA)

clean:
	cargo clean
