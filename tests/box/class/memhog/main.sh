#!/bin/sh
# Fills twice its memory limit: slow reclaim under the limit must not pass for a time-out.
exec python3 -c 'block = b"x" * (512 << 20); print("X 2 3")' "memhog-@TOKEN@"
