#!/bin/sh
# Tries to copy a classmate's work: from the class folder and from the scratch copies.
for file in "$CLASS"/honest/answer.txt ../*/answer.txt; do
    if cat "$file" 2>/dev/null; then echo "LEAKED $file"; fi
done
echo X 1 1
