#!/bin/sh
# Correct, but prints the next board instead of the action.
exec awk -v mode=board -f "$MINIMAX_AWK"
