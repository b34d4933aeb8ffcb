#!/bin/sh
# 60 busy processes, each in a session of its own, to starve whoever runs beside it.
i=0
while [ $i -lt 60 ]; do
    setsid sh -c 'while :; do :; done' "hog-@TOKEN@" &
    i=$((i + 1))
done
wait
