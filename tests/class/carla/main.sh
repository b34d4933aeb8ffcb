#!/bin/sh
# Minimax right, but writes row then column.
exec awk -v mode=swapped -f "$MINIMAX_AWK"
