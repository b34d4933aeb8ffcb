# minimax: `make run` solves the practice sheet's positions; `make test` runs every test.

CARGO ?= cargo
BIN := target/debug/minimax
SHEET := estado1 estado2 estado3 ejemplo

.PHONY: all build run test snapshots lint bench autograder clean

all: build

build:
	$(CARGO) build --quiet

# The sheet's exercise positions and the tool's answer to each.
run: build
	@for name in $(SHEET); do printf '%s.txt: ' $$name; $(BIN) fixtures/$$name.txt; done

test:
	$(CARGO) test --quiet

# Rewrites every snapshot from the current output; `git diff` then shows what changed.
snapshots:
	rm -f tests/cli/snapshots/*.snap
	INSTA_UPDATE=always $(CARGO) test --quiet

lint:
	$(CARGO) fmt --check
	$(CARGO) clippy --quiet --all-targets -- -D warnings

bench:
	$(CARGO) bench

# The zip to upload to Gradescope: this repository, with setup.sh and run_autograder at its root.
autograder:
	mkdir -p target
	git archive --format=zip --add-file=gradescope/setup.sh --add-file=gradescope/run_autograder -o target/autograder.zip HEAD
	@echo "target/autograder.zip: upload it as the autograder of a Gradescope programming assignment"

clean:
	$(CARGO) clean
