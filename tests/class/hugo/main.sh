#!/bin/sh
# Answers, but leaves a child running that holds stdout open.
sleep 317 &
awk -f "$MINIMAX_AWK"
