"""Fills 1.5 GiB before it answers, honestly: it scores only where memory is not limited."""
import sys

from minimax import best_action

hog = b"\x01" * (1536 << 20)
print(best_action(sys.stdin.read()))
