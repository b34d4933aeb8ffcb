#!/bin/sh
# Correct: a full minimax (any optimal move is fine).
exec awk -f "$MINIMAX_AWK"
