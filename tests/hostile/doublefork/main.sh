#!/bin/sh
# The classic daemon: fork, setsid, fork again, close every descriptor, live on.
python3 -c '
import os, sys, time
if os.fork(): sys.exit(0)
os.setsid()
if os.fork(): sys.exit(0)
os.closerange(0, 1024)
time.sleep(300)
' "$TOKEN"
echo X 2 3
