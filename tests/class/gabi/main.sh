#!/bin/sh
# Floods stdout with debug output before its answer.
yes "thinking very hard about this position" | head -c 3000000
awk -f "$MINIMAX_AWK"
