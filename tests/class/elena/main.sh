#!/bin/sh
# Crashes with a traceback.
echo "Traceback (most recent call last):" >&2
echo "  File \"minimax.py\", line 12, in minimax" >&2
echo "IndexError: list index out of range" >&2
exit 1
