#!/bin/sh
# Fills the disk its copy and /tmp are on, then gives up.
for i in 1 2 3 4 5 6; do
    head -c 30000000 /dev/zero > "fill$i" 2>/dev/null
    head -c 30000000 /dev/zero > "/tmp/fill$i" 2>/dev/null
done
exit 1
