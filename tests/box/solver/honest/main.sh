#!/bin/sh
# Honest: a full minimax of its own.
exec awk -f @AWK@
