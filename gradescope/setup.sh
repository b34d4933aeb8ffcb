#!/usr/bin/env bash
# Gradescope runs this once, when the autograder image is built: install a Rust toolchain,
# build minimax from the source in this zip, and install it where only root may read and
# execute it: students' programs run as other uids, and a program that finds the reference
# solver (`find / -name minimax`) must not be able to call it. run_autograder calls it there.
set -euo pipefail
cd "$(dirname "$0")"
apt-get update
# shellcheck source=config.sh
. gradescope/config.sh
# shellcheck disable=SC2086 # PACKAGES is a list
apt-get install -y --no-install-recommends build-essential curl ca-certificates $PACKAGES
if ! command -v cargo >/dev/null; then
    curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal
    # shellcheck source=/dev/null
    . "$HOME/.cargo/env"
fi
cargo build --release --locked
install -d -m 700 /autograder/bin
install -m 700 target/release/minimax /autograder/bin/minimax
# The build's copy too is the reference solver: only root keeps it.
chmod -R go-rwx target
