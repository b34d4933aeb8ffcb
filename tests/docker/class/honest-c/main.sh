#!/bin/sh
# An honest student in C: the static binary `solver` (tests/docker/solver.c, built on the host
# by run.sh) beside this script.
exec ./solver
