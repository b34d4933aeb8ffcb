#!/usr/bin/env python3
"""Turns auto-expected.csv (mechanical: verdict by the doc's reading rules,
diagnosis = first of the doc's procedures, in the doc's order, whose answer
equals the cell) into EXPECTED.csv with a short human reason per cell.
The mechanical result was checked by hand cell by cell (see REASONS.md)."""
import csv, os
BASE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WHY = {
 'amaia': 'correct (lecture alpha-beta, >= / <=)',
 'bruno': 'correct; commas / root first / "none" are accepted forms',
 'marta': 'correct; every pruned node listed, blank = none (accepted)',
}
WRONG = {
 ('celia', 'strict-cutoff'): 'ties with the bound not cut (v > beta / v < alpha)',
 ('diego', 'no-pruning'): 'plain minimax, nothing pruned',
 ('gala', 'no-pruning'): 'window never updated => nothing pruned; same as no-pruning (listed first)',
 ('elena', 'right-to-left'): 'children taken right to left',
 ('fabio', 'root-min'): 'MIN at the root',
 ('hugo', 'leaves-after-cut'): 'leaves of pruned subtrees listed as visited',
 ('hugo', 'no-pruning'): '2-ply tree: pruned leaves = every node, same as no-pruning (listed first)',
 ('tomas', 'no-pruning'): '2-ply tree: pruned roots are leaves, list = no-pruning order',
 ('ines', 'unweighted-chance'): 'plain mean of outcomes instead of sum p*v',
 ('lucas', 'root-min'): 'level-2 swap; value 2 happens to equal the MIN-root value',
 ('lucas', 'unweighted-chance'): 'chance level counted as MIN; move 2 happens to equal the plain-mean move',
 ('quique', 'right-to-left'): 'in right-to-left order no leaf ties its bound here, so strict changes nothing: same as right-to-left',
 ('quique', 'no-pruning'): 'strict+right-to-left prunes nothing here: "ninguno" = no-pruning',
}
WRONG_NODIAG = {
 'jorge': 'slip 0.75*3=2.5: 4.5 instead of 4.25',
 'karla': 'cuts at MAX when v <= alpha (wrong side): prunes too early',
 'lucas': 'MIN/MAX swapped at level 2 (or chance level counted as MIN)',
 'nico': 'leaf values / root value written instead of node names; visited blank',
 'olga': 'visited omits the leaves',
 'pablo': 'pruned omits pruned subtrees whose root is an inner node',
 'quique': 'strict AND right-to-left combined: no single listed procedure',
 'rosa': 'no deep cut-off (2.1.1.2 not pruned): shallow pruning only',
 'sara': 'move written as the best leaf, not the root move',
 'tomas': 'pruned subtree roots written in the visiting order',
}
rows = list(csv.DictReader(open(os.path.join(BASE, 'tools', 'auto-expected.csv'))))
out = []
for r in rows:
    s, v, d = r['student'], r['verdict'], r['diagnosis']
    if v == 'right':
        why = WHY.get(s, 'this field is not touched by the mistake')
    elif d:
        why = WRONG[(s, d)]
    else:
        why = WRONG_NODIAG[s]
    out.append([s, r['tree'], r['field'], v, d, why])
with open(os.path.join(BASE, 'EXPECTED.csv'), 'w', newline='') as fh:
    w = csv.writer(fh, lineterminator='\n')
    w.writerow(['student', 'tree', 'field', 'verdict', 'diagnosis', 'why'])
    w.writerows(out)
from collections import Counter
print(len(out), Counter(x[3] for x in out), Counter(x[4] for x in out if x[3]=='wrong'))
