#!/bin/sh
# One 64 KiB line with no newline, as a progress indicator on \r would print.
exec python3 -c 'import sys; sys.stdout.write("X 2 3\r" * 10923)' "$TOKEN"
