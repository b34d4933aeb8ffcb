#!/bin/sh
# Answers, but leaves a child running that holds stdout open.
sh -c 'sleep 317; :' "sleeper$TOKEN" &
awk -f "$MINIMAX_AWK"
