# What the Gradescope autograder runs; edit before building autograder.zip.
# Each setting may also be overridden by an environment variable of the same name.

# How a submission is called: stdio (a program reading the position on stdin), java-gato (the
# practice's Java starter), python-cs50 (tictactoe.py), or a harness folder in this repository.
HARNESS="${HARNESS:-stdio}"
# With stdio: the command that runs a submission, in its folder, position on stdin; empty to
# find it (a Makefile, main.py, main.lua, C sources, a Java class with main).
RUN_COMMAND="${RUN_COMMAND:-python3 minimax.py}"
# Debian packages the submissions need, installed when the image is built (setup.sh), such as
# openjdk-17-jdk-headless for Java, lua5.4 for Lua, libarchive-tools for .rar submissions.
PACKAGES="${PACKAGES:-}"
# The game: tictactoe (the sheet's, any --size), or connect4 (7x6, answers are columns; set
# POSITIONS to Connect Four positions, such as fixtures/connect4/c4-*.txt).
GAME="${GAME:-tictactoe}"
# The visible positions (paths inside this repository).
POSITIONS="${POSITIONS:-fixtures/estado1.txt fixtures/estado2.txt fixtures/estado3.txt fixtures/ejemplo.txt}"
# Hidden positions drawn from the 4,520 reachable ones, or random reachable Connect Four ones
# (shown to students after the due date).
SAMPLE="${SAMPLE:-20}"
SEED="${SEED:-2016}"
# 1: each student's SAMPLE hidden positions are their own (grade --per-student), drawn from an
# HMAC of COURSE_SECRET and their id in Gradescope's submission_metadata.json (the sid, else
# the email, else the name), equally hard for everyone; SEED is then unused. 0: one sample.
PER_STUDENT="${PER_STUDENT:-0}"
# With PER_STUDENT=1: the course's secret, at least 16 bytes (head -c 24 /dev/urandom | base64),
# the same one `minimax sample --student ID` is given to list a student's set. This file is in
# the autograder's source, which students never see; it reaches minimax in its environment,
# which the runs of students' programs do not inherit.
COURSE_SECRET="${COURSE_SECRET:-}"
# Seconds per position, and the order the course writes coordinates in (col-row or row-col).
TIMEOUT="${TIMEOUT:-5}"
COORDS="${COORDS:-col-row}"
# The sandbox around each run (auto, strict or off; readme.txt, Safety), memory per run in MiB,
# and more paths the programs may read (absolute, space-separated), such as shared course files.
SANDBOX="${SANDBOX:-auto}"
MEMORY="${MEMORY:-1024}"
ALLOW="${ALLOW:-}"
