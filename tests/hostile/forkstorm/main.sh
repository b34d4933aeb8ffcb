#!/bin/sh
# A bounded fork storm: 300 sleepers, more than a run may have.
i=0
while [ $i -lt 300 ]; do
    sh -c 'sleep 300' "$TOKEN" 2>/dev/null &
    i=$((i + 1))
done
echo X 2 3
