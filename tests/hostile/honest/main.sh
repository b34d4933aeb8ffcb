#!/bin/sh
# The classmate every attack aims at: answers estado1 correctly, with a file beside it.
cat answer.txt
