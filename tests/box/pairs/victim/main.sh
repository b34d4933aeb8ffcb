#!/bin/sh
# Honest, reading a file beside itself a moment after starting, while the snoop runs.
sleep 1
exec awk -f @AWK@
