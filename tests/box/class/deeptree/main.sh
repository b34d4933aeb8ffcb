#!/bin/sh
# 13,000 nested folders in its working copy (the grader's removal once recursed per level),
# then an honest answer.
python3 -c 'import os
for _ in range(13000):
    os.mkdir("d")
    os.chdir("d")' "deep-@TOKEN@"
exec awk -f @AWK@
