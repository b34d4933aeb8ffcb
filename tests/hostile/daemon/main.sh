#!/bin/sh
# Leaves a daemon in a new session holding stdout and stderr open, then answers.
setsid sh -c 'sleep 300' "$TOKEN" &
echo X 2 3
