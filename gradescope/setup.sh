#!/usr/bin/env bash
# Gradescope runs this once, when the autograder image is built: install a Rust toolchain,
# build minimax from the source in this zip, and put it on the PATH.
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
install -m 755 target/release/minimax /usr/local/bin/minimax
