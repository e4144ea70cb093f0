# sudoku-lab: `make serve` installs what is missing, builds everything and serves the page;
# `make test` installs what is missing and runs every check. Each install step is skipped
# when its tool is already present (see ../shared/TOOLCHAIN.md for why each is needed), so
# both work on a fresh machine and stay fast after.

SHELL := /bin/bash
DATA      ?= ../shared/data
PORT      ?= 8000
BIN       := target/release/sudoku-lab
WASM      := target/wasm32-unknown-unknown/release/sudoku_lab.wasm
PKG       := www/pkg
# Must equal the wasm-bindgen crate version pinned in Cargo.toml.
WASM_BINDGEN_VERSION := 0.2.130
CARGO_BIN := $(or $(CARGO_HOME),$(HOME)/.cargo)/bin
export PATH := $(CARGO_BIN):$(CURDIR)/node_modules/.bin:$(PATH)
# Fuzzing (fuzz/, cargo-fuzz on the nightly toolchain): `make fuzz` runs every target for
# FUZZ_SECONDS, FUZZ_SANITIZER=address for the ASan pass; `make test` runs FUZZ_SMOKE_SECONDS
# of each. The targets are the [[bin]] entries of fuzz/Cargo.toml.
FUZZ_SECONDS       ?= 300
FUZZ_SMOKE_SECONDS ?= 5
FUZZ_SANITIZER     ?= none
CARGO_FUZZ_VERSION := 0.13.2
# The npm package (`make package`): built by wasm-pack with the pinned wasm-bindgen on PATH.
WASM_PACK_VERSION := 0.15.1
VERSION     := $(shell sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
PACKAGE_DIR := target/package/sudoku-lab
TARBALL     := target/package/sudoku-lab-$(VERSION).tgz
FUZZ_TARGETS       ?= $(shell awk '/^\[\[bin\]\]/ { bin = 1 } bin && /^name/ { gsub(/"/, "", $$3); print $$3; bin = 0 }' fuzz/Cargo.toml)
HAVE_NIGHTLY       := rustup toolchain list | grep -q '^nightly'
# Run as root in CI; use sudo elsewhere when it exists.
SUDO := $(shell [ "$$(id -u)" = 0 ] || command -v sudo)

.PHONY: docs all deps rust-deps wasm-deps browser-deps node-deps fuzz-deps package-deps package package-test build native wasm serve bench-board bench-rated \
        test lint publish-check unit wasm-test js-test browser-test corpus fuzz-corpus fuzz fuzz-smoke bench bench-hints bench-first-hint bench-page clean

all: build

## deps: everything the build and the checks need (idempotent).
deps: rust-deps wasm-deps browser-deps node-deps fuzz-deps package-deps

rust-deps:
	@command -v cargo >/dev/null || { echo "cargo not found: install Rust with rustup first" >&2; exit 1; }
	@cargo fmt --version >/dev/null 2>&1 || rustup component add rustfmt
	@cargo clippy --version >/dev/null 2>&1 || rustup component add clippy

wasm-deps: rust-deps
	@rustup target list --installed | grep -qx wasm32-unknown-unknown \
	  || rustup target add wasm32-unknown-unknown
	@if [ "$$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $(WASM_BINDGEN_VERSION)" ]; then \
	  echo "installing wasm-bindgen-cli $(WASM_BINDGEN_VERSION) (a few minutes, once)"; \
	  cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION) --locked \
	    || cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION); \
	fi

browser-deps:
	@if [ ! -x /usr/bin/chromium ] || ! command -v chromedriver >/dev/null; then \
	  echo "installing Chromium and ChromeDriver from Debian"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) apt-get install -y -qq --no-install-recommends chromium chromium-driver; \
	fi

package-deps: wasm-deps
	@if [ "$$(wasm-pack --version 2>/dev/null)" != "wasm-pack $(WASM_PACK_VERSION)" ]; then \
	  echo "installing wasm-pack $(WASM_PACK_VERSION) (a few minutes, once)"; \
	  cargo install wasm-pack --version $(WASM_PACK_VERSION) --locked \
	    || cargo install wasm-pack --version $(WASM_PACK_VERSION); \
	fi

# cargo-fuzz only where the nightly toolchain is (it needs nightly's sanitizer flags).
fuzz-deps: rust-deps
	@if ! $(HAVE_NIGHTLY); then \
	  echo "no nightly toolchain: cargo-fuzz not installed (rustup toolchain install nightly to fuzz)"; \
	elif ! cargo fuzz --version >/dev/null 2>&1; then \
	  echo "installing cargo-fuzz $(CARGO_FUZZ_VERSION) (about 2 minutes, once)"; \
	  cargo install cargo-fuzz --version $(CARGO_FUZZ_VERSION) --locked \
	    || cargo install cargo-fuzz --version $(CARGO_FUZZ_VERSION); \
	fi

node-deps: node_modules/.package-lock.json

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

## build: the native CLI and the WebAssembly module with its JS glue in www/pkg.
build: native wasm

native: rust-deps
	cargo build --release --locked

wasm: wasm-deps node-deps
	cargo build --lib --release --locked --target wasm32-unknown-unknown
	wasm-bindgen --target web --out-dir $(PKG) $(WASM)
	wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
	  --enable-mutable-globals $(PKG)/sudoku_lab_bg.wasm -o $(PKG)/sudoku_lab_bg.wasm
	@echo "built $(PKG): $$(wc -c < $(PKG)/sudoku_lab_bg.wasm) bytes of wasm, $$(gzip -9c $(PKG)/sudoku_lab_bg.wasm | wc -c) gzipped"

## package: the npm package in target/package/sudoku-lab and its tarball
## target/package/sudoku-lab-VERSION.tgz (the version is Cargo.toml's). wasm-pack builds the
## module with the wasm-bindgen on PATH (--mode no-install: nothing downloaded), npm's wasm-opt
## optimises it, package/build.mjs adds the Node entry point, README, LICENSE and `exports`.
package: package-deps node-deps
	rm -rf $(PACKAGE_DIR) $(TARBALL)
	wasm-pack --quiet build --mode no-install --target web --release \
	  --out-dir $(CURDIR)/$(PACKAGE_DIR) --out-name sudoku_lab
	rm -f $(PACKAGE_DIR)/.gitignore
	wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
	  --enable-mutable-globals $(PACKAGE_DIR)/sudoku_lab_bg.wasm -o $(PACKAGE_DIR)/sudoku_lab_bg.wasm
	node package/build.mjs $(PACKAGE_DIR)
	cd target/package && npm pack --silent ./sudoku-lab > /dev/null
	@echo "packed $(TARBALL): $$(wc -c < $(TARBALL)) bytes"

## package-test: installs the tarball into an empty directory (npm, no network) and uses it
## from Node and from a page served from that directory.
package-test: package browser-deps
	TARBALL=$(CURDIR)/$(TARBALL) node --test tests/package/

## serve: build, then serve www/ on 127.0.0.1 (PORT=8000 by default).
serve: build
	@echo "sudoku-lab: http://127.0.0.1:$(PORT)/"
	cd www && exec python3 -m http.server $(PORT) --bind 127.0.0.1

## test: formatting, lints, the docs book, every Rust test (native and wasm), the judge corpora
## through the release CLI, then the JS and browser tests (last, so the run ends on a test
## summary).
test: deps lint docs publish-check unit build wasm-test corpus fuzz-smoke package-test js-test browser-test

lint:
	cargo fmt --check
	cargo fmt --check --manifest-path fuzz/Cargo.toml
	cargo clippy --locked --all-targets -- -D warnings
	cargo clippy --locked --target wasm32-unknown-unknown --lib --test wasm_node --test wasm_browser -- -D warnings
	RUSTDOCFLAGS="-D warnings" cargo doc --locked --no-deps

## publish-check: the crate is ready to publish: `cargo publish --dry-run` packages it (the
## files Cargo.toml's `include` names) and builds the package on its own, uploading nothing.
## The npm package's dry run is a test of tests/package/ (make package-test).
publish-check:
	cargo publish --dry-run --locked

unit:
	cargo test --locked --doc
	cargo test --locked --all-targets

wasm-test: wasm-deps browser-deps
	cargo test --locked --target wasm32-unknown-unknown --test wasm_node
	CHROMEDRIVER=$$(command -v chromedriver) cargo test --locked --target wasm32-unknown-unknown --test wasm_browser

js-test: node-deps wasm native
	node --test tests/js/

browser-test: node-deps wasm browser-deps
	node --test --test-concurrency=1 tests/e2e/

corpus: native
	bash tests/corpus.sh $(BIN) $(DATA)

## fuzz: every target for FUZZ_SECONDS (default 300) one after another, then executions per
## target; FUZZ_SANITIZER=address for the ASan pass. Failures land in fuzz/artifacts/<target>/.
fuzz: fuzz-deps fuzz-corpus
	@$(HAVE_NIGHTLY) || { echo "make fuzz needs the nightly toolchain: rustup toolchain install nightly" >&2; exit 1; }
	bash fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_SANITIZER) $(FUZZ_TARGETS)

## fuzz-smoke: the fuzz crate's clippy and unit tests, then a few seconds of every target
## (part of make test); skipped without nightly.
fuzz-smoke: fuzz-deps
	@if ! $(HAVE_NIGHTLY); then \
	  echo "fuzz smoke skipped: no nightly toolchain"; \
	else \
	  bash fuzz/seed-corpus.sh $(DATA) && \
	  cargo +nightly clippy --locked --manifest-path fuzz/Cargo.toml --all-targets -- -D warnings && \
	  cargo +nightly test --locked --manifest-path fuzz/Cargo.toml --lib && \
	  bash fuzz/run.sh $(FUZZ_SMOKE_SECONDS) none $(FUZZ_TARGETS); \
	fi

## fuzz-corpus: seeds in fuzz/corpus/<target> from $(DATA), fuzz/seeds and fuzz/regressions.
fuzz-corpus:
	bash fuzz/seed-corpus.sh $(DATA)

bench: native wasm
	cargo bench --bench core
	cargo bench --bench solvers
	cargo bench --bench generated
	cargo build --release --example peer_sudoku
	cargo bench --bench cli
	cargo bench --bench trace
	cargo bench --bench tails
	cargo bench --bench hard
	cargo bench --bench markers
	node benches/wasm.mjs
	node benches/peer9.mjs
	node benches/trace.mjs
	node benches/calls.mjs
	node benches/page.mjs
	node benches/board.mjs

## docs: the mdBook of docs/ built into docs/book/ (mdbook installed once when missing;
## the build itself is offline).
docs:
	command -v mdbook > /dev/null || cargo install --locked mdbook --version 0.5.4
	mdbook build docs

## bench-rated: issue 32's measures on benches/data/rated/ — Spearman rho of grade against Sudoku
## Explainer; with HODOKU_JAR (a HoDoKu jar built outside the repository) the no-guess share on the
## puzzles HoDoKu solves without brute force, the speed ratio and STUCK (the stuck list); with
## SERATE_JAR and RERATE=N a check of the first N published SE ratings. A missing peer is skipped.
STUCK  ?= target/rated-stuck.txt
RERATE ?= 0
bench-rated: native
	python3 benches/rated/measure.py --bin $(BIN) --stuck $(STUCK) --rerate $(RERATE)

## bench-board: what a <sudoku-lab-board> costs a host page: time to ready and memory, 1 and 8 boards.
bench-board: node-deps wasm browser-deps
	node benches/board.mjs

## bench-hints: the page's hint (the wasm export) from the states of hard puzzles: median, p99, worst ms;
## first the first hint of a fresh instance (a fresh Node process each), with and without the page's warm-up.
bench-hints: native wasm
	node benches/hints.mjs

## bench-first-hint: the page's first hard hint, first solve and load in fresh headless Chromium
## contexts (WWW=dir,dir: copies of www/ side by side, e.g. an earlier commit's).
bench-first-hint: native node-deps wasm browser-deps
	node benches/first-hint.mjs

## bench-page: frame times of the page playing traces at maximum speed (headless Chromium).
bench-page: node-deps wasm browser-deps
	node benches/page.mjs

clean:
	cargo clean
	rm -rf fuzz/target
	rm -rf $(PKG)
