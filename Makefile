# minimax: `make run` solves the practice sheet's positions; `make test` runs every test.

CARGO ?= cargo
BIN := target/debug/minimax
SHEET := estado1 estado2 estado3 ejemplo

.PHONY: all build run test deps snapshots lint bench bench-java bench-connect4 autograder clean

# Programs the tests and the built-in harnesses use, each with the Debian package that has it:
# javac (java-gato), lua (the Lua harness example), bsdtar (reading .rar), cc and make (C),
# python3 (the Python classes, Connect Four among them).
PROGRAMS := javac:openjdk-17-jdk-headless lua:lua5.4 bsdtar:libarchive-tools cc:gcc make:make python3:python3

all: build

build:
	$(CARGO) build --quiet

# The sheet's exercise positions and the tool's answer to each.
run: build
	@for name in $(SHEET); do printf '%s.txt: ' $$name; $(BIN) fixtures/$$name.txt; done

test: deps
	$(CARGO) test --quiet

# Installs the missing programs' packages (as root, with apt-get); otherwise says which.
deps:
	@missing=""; for pair in $(PROGRAMS); do \
		command -v $${pair%%:*} >/dev/null 2>&1 || missing="$$missing $${pair#*:}"; \
	done; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "installing$$missing"; \
			apt-get install -y -q $$missing >/dev/null 2>&1 || \
				{ apt-get update -q >/dev/null && apt-get install -y -q $$missing >/dev/null; }; \
		else \
			echo "missing packages:$$missing (sudo apt-get install$$missing)"; exit 1; \
		fi; \
	fi

# Rewrites every snapshot from the current output; `git diff` then shows what changed.
snapshots:
	rm -f tests/cli/snapshots/*.snap
	INSTA_UPDATE=always $(CARGO) test --quiet

lint:
	$(CARGO) fmt --check
	$(CARGO) clippy --quiet --all-targets -- -D warnings

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
	@$(MAKE) --no-print-directory deps PROGRAMS="g++:g++ git:git python3:python3"
	benches/connect4.sh

# The zip to upload to Gradescope: this repository, with setup.sh and run_autograder at its root.
autograder:
	mkdir -p target
	git archive --format=zip --add-file=gradescope/setup.sh --add-file=gradescope/run_autograder -o target/autograder.zip HEAD
	@echo "target/autograder.zip: upload it as the autograder of a Gradescope programming assignment"

clean:
	$(CARGO) clean
