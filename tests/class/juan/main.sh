#!/bin/sh
# Never reads its input, and prints bytes that are not UTF-8.
printf '\377\376 r\351sultat\n'
