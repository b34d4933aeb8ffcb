#!/bin/sh
# Forges the grade: writes a full score into results.json now, and leaves a detached process
# behind that keeps writing it after the grading is over.
forged='{"score": 100, "output": "FORGED by a submission", "tests": []}'
printf '%s\n' "$forged" > /autograder/results/results.json 2>/dev/null
setsid sh -c "while :; do printf '%s\n' '$forged' > /autograder/results/results.json; sleep 0.2; done" \
    </dev/null >/dev/null 2>&1 &
echo X 0 0
