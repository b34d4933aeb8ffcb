#!/bin/sh
# Prints debug lines and spells the action (x, c, r).
echo "reading the board..."
echo "searching: 5 empty cells"
awk -v style=paren -f "$MINIMAX_AWK"
