# minimax: `make run` solves the practice sheet's positions; `make test` runs every test.

CARGO ?= cargo
BIN := target/debug/minimax
SHEET := estado1 estado2 estado3 ejemplo

.PHONY: all build run test deps ci-packages snapshots lint doc-examples man fuzz fuzz-tools bench bench-java bench-connect4 check-connect4-book bench-similar autograder clean web web-tools web-test bench-web

# Programs the tests and the built-in harnesses use, each with the Debian package that has it:
# javac (java-gato), lua (the Lua harness example), bsdtar (reading .rar), cc and make (C),
# python3 (the Python classes, Connect Four among them).
PROGRAMS := javac:openjdk-17-jdk-headless lua:lua5.4 bsdtar:libarchive-tools cc:gcc make:make python3:python3
# Those of the other targets (a program may be a path when the package puts it off PATH).
BENCH_PROGRAMS := g++:g++ git:git python3:python3 /usr/bin/time:time
BROWSER_PROGRAMS := chromium:chromium
NODE_PROGRAMS := node:nodejs npm:npm
CROSS_PROGRAMS := clang:clang llvm-ar:llvm x86_64-w64-mingw32-gcc:gcc-mingw-w64-x86-64
WINE_PROGRAMS := wine:wine /usr/lib/wine/wine64:wine64
DOCKER_PROGRAMS := dockerd:docker.io busybox:busybox-static gcc:gcc python3:python3
VM_PROGRAMS := qemu-system-x86_64:qemu-system-x86 busybox:busybox-static cpio:cpio gcc:gcc python3:python3
# What .ci/run's targets need (it installs the missing ones in the background while the first
# crates compile, and `deps` waits for that: CI_APT_LOCK).
CI_PROGRAMS := $(PROGRAMS) $(BROWSER_PROGRAMS) $(NODE_PROGRAMS) $(CROSS_PROGRAMS) $(WINE_PROGRAMS) $(DOCKER_PROGRAMS) $(VM_PROGRAMS)

all: build

build:
	$(CARGO) build --quiet

# The sheet's exercise positions and the tool's answer to each.
run: build
	@for name in $(SHEET); do printf '%s.txt: ' $$name; $(BIN) fixtures/$$name.txt; done

test: deps
	$(CARGO) test --quiet --workspace
	@$(MAKE) --no-print-directory web-test
	@$(MAKE) --no-print-directory test-windows

# Shell words that set $missing to the packages of the programs in $(1) not found.
missing_packages = missing=""; for pair in $(1); do \
		command -v $${pair%%:*} >/dev/null 2>&1 || missing="$$missing $${pair\#*:}"; \
	done

# Installs the missing programs' packages (as root, with apt-get); otherwise says which.
deps:
	@[ -z "$$CI_APT_LOCK" ] || flock "$$CI_APT_LOCK" true
	@$(call missing_packages,$(PROGRAMS)); \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "installing$$missing"; \
			apt-get install -y -q $$missing >/dev/null 2>&1 || \
				{ apt-get update -q >/dev/null && apt-get install -y -q $$missing >/dev/null; }; \
		else \
			echo "missing packages:$$missing (sudo apt-get install$$missing)"; exit 1; \
		fi; \
	fi

# The packages of CI_PROGRAMS not installed yet, one line (.ci/run installs them).
ci-packages:
	@$(call missing_packages,$(CI_PROGRAMS)); echo $$missing | tr ' ' '\n' | sort -u | tr '\n' ' '

# Rewrites every snapshot from the current output; `git diff` then shows what changed.
snapshots:
	rm -f tests/cli/snapshots/*.snap
	INSTA_UPDATE=always $(CARGO) test --quiet --workspace

# Lints of both packages (their [lints] tables say which), and the pure core built for the
# browser: it must never grow an OS dependency.
# No import cycle between files or modules (.ci/cycles.py; allowed ones: .ci/cycles-allowed.txt).
lint:
	$(CARGO) fmt --all --check
	$(CARGO) clippy --quiet --workspace --all-targets -- -D warnings
	$(CARGO) clippy --quiet --lib --features fuzzing -- -D warnings
	$(CARGO) build --quiet -p minimax-core --target wasm32-unknown-unknown
	python3 .ci/cycles.py
	@$(MAKE) --no-print-directory doc-examples
	@$(MAKE) --no-print-directory lint-cross

# The documented commands of readme.txt and doc/*.md rerun: a diff and a failure when their output
# drifts (.ci/doc-examples.py says how examples are marked; SLOW=1 also runs the minute-long ones).
doc-examples: build deps
	python3 .ci/doc-examples-test.py
	python3 .ci/doc-examples.py $(if $(SLOW),--slow)

# A man page per command (minimax.1, minimax-grade.1, ...) in target/man: `man -l
# target/man/minimax-grade.1`. The link man1 -> . makes the folder a man tree too:
# `MANPATH=$PWD/target/man: man minimax-grade`.
man: build
	@$(BIN) man target/man
	@ln -sfn . target/man/man1

# Every parser that reads what students and LMSs hand in, fuzzed (tests/fuzz: cargo-fuzz and
# libFuzzer, on nightly): FUZZ_S seconds a target (default 60), one after another, seeded from
# fixtures/ and the tests; what each run finds is kept in target/fuzz-corpus. A crash, a hang
# (10 s an input) or 2 GiB of memory stops it with the input in tests/fuzz/artifacts/.
# FUZZ_TARGETS="unpack tree" runs only those; FUZZ_BUILD=dev builds them unoptimised, in a
# quarter of the time (CI's short runs).
FUZZ_S ?= 60
FUZZ_TARGETS ?=
FUZZ_BUILD ?= release
fuzz: fuzz-tools
	@$(MAKE) --no-print-directory deps PROGRAMS="python3:python3"
	FUZZ_BUILD=$(FUZZ_BUILD) tests/fuzz/run.sh $(FUZZ_S) $(FUZZ_TARGETS)

# What `make fuzz` needs, installed where missing: the nightly toolchain and cargo-fuzz.
fuzz-tools:
	@command -v rustup >/dev/null 2>&1 || { echo "make fuzz needs rustup (https://rustup.rs)"; exit 1; }
	@rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
	@command -v cargo-fuzz >/dev/null 2>&1 || $(CARGO) install cargo-fuzz --locked

bench:
	$(CARGO) bench

# A Moodle download of 100 Java submissions graded through java-gato, timed once.
bench-java: deps
	benches/java-class.sh

# Connect Four beside Pascal Pons' solver (cloned and built in target/pons with g++, or
# PONS=/path/to/c4solver) on the same random positions of three stages and at 8 plies; every
# score is checked against his. Then the empty board beside Christophe Steininger's solver
# (target/steininger, or STEININGER=/path/to/c4; SKIP_EMPTY=1 leaves it out).
bench-connect4:
	@$(MAKE) --no-print-directory deps PROGRAMS="$(BENCH_PROGRAMS)"
	benches/connect4.sh

# The opening book's deepest positions (a seeded sample) beside Steininger's solver, every score
# equal (benches/connect4-book.sh; BOOK=path to check another book).
check-connect4-book:
	@$(MAKE) --no-print-directory deps PROGRAMS="$(BENCH_PROGRAMS)"
	benches/connect4-book.sh $(BOOK)

# minimax similar beside Dolos 3.5 and copydetect 0.5 (installed into target/ the first time) on
# IR-Plag (IRPLAG=path/to/IR-Plag-Dataset: not shipped, the script says where to get it) and the
# project's classes with known copies: ROC AUC per plagiarism level, copies at or below the
# closest independent pair, each tool's time (SPEED=1 adds the 300 x 300 class).
bench-similar:
	@$(MAKE) --no-print-directory deps PROGRAMS="$(NODE_PROGRAMS) python3:python3"
	benches/similar-eval.sh

# The zip to upload to Gradescope: this repository, with setup.sh and run_autograder at its root.
autograder:
	mkdir -p target
	git archive --format=zip --add-file=gradescope/setup.sh --add-file=gradescope/run_autograder -o target/autograder.zip HEAD
	@echo "target/autograder.zip: upload it as the autograder of a Gradescope programming assignment"

# The test beds of the box where users run it (tests/docker, tests/vm; each says what it proves).
.PHONY: test-docker test-vm
# Gradescope as it runs: an image laid out as Gradescope's, one container per submission of a
# hostile class, under Docker's default seccomp profile and under one of a kernel without
# Landlock. Starts a private dockerd when none answers, and stops it.
# The image gets the debug binary `make test` built: a release build would add minutes to CI
# and the grader's own speed is not what this proves.
test-docker: autograder build
	@$(MAKE) --no-print-directory deps PROGRAMS="$(DOCKER_PROGRAMS)"
	MINIMAX_BIN=$(CURDIR)/$(BIN) tests/docker/run.sh

# The box on Debian 12's kernel (6.1) with cgroup v2 only, in QEMU (emulated: nested KVM does
# not boot here): box tests as root and in a delegated subtree, and a grading of the sheet in
# the subtree and under a Docker-like seccomp profile. VM_SET=ci (default; .ci/run's, about 5
# minutes) or VM_SET=all (every box test, about 10): tests/vm/run.sh says which tests.
test-vm:
	@$(MAKE) --no-print-directory deps PROGRAMS="$(VM_PROGRAMS)"
	tests/vm/run.sh

# The chapter in the browser: one self-contained page (WebAssembly, script and styles inlined)
# that opens from disk or from Moodle, with the same engine as the CLI (web/, minimax-web).
WEB := target/web/minimax.html
WASM := target/wasm32-unknown-unknown/release/minimax_web.wasm
# wasm-bindgen's CLI must be the very version of the crate in Cargo.lock.
WASM_BINDGEN_VERSION := $(shell sed -n '/^name = "wasm-bindgen"$$/{n;s/^version = "\(.*\)"$$/\1/p;}' Cargo.lock)
# Only the one program the build runs, without the TLS its test runner downloads with (rustls
# and ring: half of the install's compile time).
WASM_BINDGEN_INSTALL := --version $(WASM_BINDGEN_VERSION) --no-default-features --bin wasm-bindgen

web: web-tools
	$(CARGO) build --quiet -p minimax-web --lib --target wasm32-unknown-unknown --release
	wasm-bindgen --target no-modules --no-typescript --out-dir target/web/pkg $(WASM)
	node web/build/inline.mjs web/page target/web/pkg/minimax_web.js target/web/pkg/minimax_web_bg.wasm $(WEB)

# What `make web` needs, installed once: the wasm32 target, wasm-bindgen's CLI (skipped when
# the installed one matches), and Node.js (Debian's nodejs and npm, as root).
web-tools:
	@rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
	@if [ "$$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $(WASM_BINDGEN_VERSION)" ]; then \
		echo "installing wasm-bindgen-cli $(WASM_BINDGEN_VERSION)"; \
		$(CARGO) install --quiet wasm-bindgen-cli $(WASM_BINDGEN_INSTALL) --locked || \
		{ echo "the locked install failed (a locked crate missing from the registry?): trying without --locked"; \
		  $(CARGO) install --quiet wasm-bindgen-cli $(WASM_BINDGEN_INSTALL); }; \
	fi
	@command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || \
		$(MAKE) --no-print-directory deps PROGRAMS="$(NODE_PROGRAMS)"

# The page driven in headless Chromium (Debian's chromium; playwright-core from npm, the
# version web/package-lock.json pins) and compared with the CLI on the same inputs.
web-test: web
	@$(MAKE) --no-print-directory deps PROGRAMS="$(BROWSER_PROGRAMS)"
	@[ web/node_modules/.package-lock.json -nt web/package-lock.json ] || (cd web && npm ci --no-audit --no-fund --loglevel=error)
	$(CARGO) build --quiet
	cd web && node --test tests/page.test.mjs
	# The class page (--format html) in the same browser, its figures checked against the JSON.
	cd web && node --test tests/class.test.mjs

# The WebAssembly beside the native binary on the same positions (readme: "The chapter in
# the browser").
bench-web: web
	$(CARGO) build --quiet --release
	node web/bench.mjs

clean:
	$(CARGO) clean

# Other systems (issue 24): the whole workspace checked for macOS and Windows. The macOS check
# has no SDK here: .ci/cc-check-only stands in for the C compiler of crates with C parts (it
# writes empty objects; checking links nothing) and llvm-ar archives them.
CROSS_TARGETS := x86_64-apple-darwin x86_64-pc-windows-gnu
DARWIN_ENV := CC_x86_64_apple_darwin=$(CURDIR)/.ci/cc-check-only AR_x86_64_apple_darwin=llvm-ar
.PHONY: lint-cross test-windows cross-tools
cross-tools:
	@for t in $(CROSS_TARGETS); do rustup target list --installed | grep -qx $$t || rustup target add $$t; done
	@$(MAKE) --no-print-directory deps PROGRAMS="$(CROSS_PROGRAMS)"

lint-cross: cross-tools
	$(DARWIN_ENV) $(CARGO) check --quiet --workspace --all-targets --target x86_64-apple-darwin
	$(CARGO) check --quiet --workspace --all-targets --target x86_64-pc-windows-gnu

# The Windows binary (mingw-w64) run under Debian's wine on the sheet, a check sheet and a
# tree, each output compared with the Linux binary's (tests/wine/compare.sh; part of `make test`).
# The build's TMPDIR is target/tmp: it leaves some 40 empty ccXXXXXX files there (mingw-w64's
# gcc's, made while the target's build scripts run), which were left in /tmp.
# Debian 12's wine 8.0 has no bcryptprimitives.dll (ProcessPrng), which Rust's std imports: a
# stand-in built from tests/wine/bcryptprimitives.c goes beside the exe.
test-windows: cross-tools build
	@$(MAKE) --no-print-directory deps PROGRAMS="$(WINE_PROGRAMS)"
	@mkdir -p target/tmp
	TMPDIR=$(CURDIR)/target/tmp CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc $(CARGO) build --quiet --target x86_64-pc-windows-gnu
	x86_64-w64-mingw32-gcc -O2 -shared -o target/x86_64-pc-windows-gnu/debug/bcryptprimitives.dll tests/wine/bcryptprimitives.c tests/wine/bcryptprimitives.def -ladvapi32
	tests/wine/compare.sh target/x86_64-pc-windows-gnu/debug/minimax.exe $(BIN)
