#!/bin/sh
# Fills 2 GiB of memory.
exec python3 -c 'block = b"x" * (2 << 30); print("X 2 3")' "$TOKEN"
