# What the Gradescope autograder runs; edit before building autograder.zip.
# Each setting may also be overridden by an environment variable of the same name.

# The command that runs a submission, in the submission's folder, position on stdin.
RUN_COMMAND="${RUN_COMMAND:-python3 minimax.py}"
# The visible positions (paths inside this repository).
POSITIONS="${POSITIONS:-fixtures/estado1.txt fixtures/estado2.txt fixtures/estado3.txt fixtures/ejemplo.txt}"
# Hidden positions drawn from the 4,520 reachable ones (shown to students after the due date).
SAMPLE="${SAMPLE:-20}"
SEED="${SEED:-2016}"
# Seconds per position, and the order the course writes coordinates in (col-row or row-col).
TIMEOUT="${TIMEOUT:-5}"
COORDS="${COORDS:-col-row}"
# The sandbox around each run (auto, strict or off; readme.txt, Safety), memory per run in MiB,
# and more paths the programs may read (absolute, space-separated), such as shared course files.
SANDBOX="${SANDBOX:-auto}"
MEMORY="${MEMORY:-1024}"
ALLOW="${ALLOW:-}"
