#!/bin/sh
# A child that leaves the run's process group (setpgid) and sleeps, holding the pipes.
python3 -c 'import os, time; os.setpgid(0, 0); time.sleep(300)' "$TOKEN" &
echo X 2 3
