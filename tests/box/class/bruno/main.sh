#!/bin/sh
# Honest but slow: about 0.3 s of CPU time before answering, under a limit of 2 s.
python3 -c 'import time
end = time.process_time() + 0.3
while time.process_time() < end: pass' "busy-@TOKEN@"
exec awk -f @AWK@
