#!/bin/sh
# Burns CPU forever.
exec python3 -c 'while True: pass' "$TOKEN"
