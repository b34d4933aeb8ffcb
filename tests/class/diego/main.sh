#!/bin/sh
# No search: blocks the opponent before taking its own win.
exec awk -v mode=blocker -f "$MINIMAX_AWK"
