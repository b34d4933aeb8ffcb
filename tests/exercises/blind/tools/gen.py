#!/usr/bin/env python3
"""Builds answers.csv (what each student wrote) and EXPECTED.csv (verdict and
diagnosis an instructor would give, by the rules of doc/chapter.md) from the
procedures in solve.py.  Run from /work/blind42e/tools:  python3 gen.py
Everything here is derived from the lectures and the doc, never from the
grader."""
import csv, io, os, sys
sys.path.insert(0, os.path.dirname(__file__))
from solve import solve, load, subtree_names, fmt

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = os.path.dirname(HERE)
TREES = ['examen1.json', 'empates.json', 'azar.json', 'etiquetas.json',
         'profundo.json']
FIELDS = ['value', 'move', 'pruned', 'visited']

# the doc's wrong procedures, in the order the doc lists them
DOC_PROCS = [('strict', 'strict-cutoff'), ('nopruning', 'no-pruning'),
             ('rtl', 'right-to-left'), ('rootmin', 'root-min'),
             ('reset', 'alpha-beta-reset'), ('leaves', 'leaves-after-cut'),
             ('plainavg', 'unweighted-chance')]


def tp(t):
    return os.path.join(BASE, t)


def names_index(t):
    tree = load(tp(t))
    idx = {}

    def walk(n):
        idx[n.name] = n
        for c in n.children:
            walk(c)
    walk(tree)
    return tree, idx


def closure(t, names):
    """every pruned node: each given name with its whole subtree"""
    tree, idx = names_index(t)
    out = set()
    for nm in names:
        if nm not in idx:
            out.add('??' + nm)
            continue
        out |= set(subtree_names(idx[nm]))
    return out


def tokens(s):
    s = s.replace(',', ' ').split()
    return s


def norm(t, field, raw):
    tree, idx = names_index(t)
    raw = raw.strip()
    if field == 'value':
        try:
            return ('num', round(float(raw), 9))
        except ValueError:
            return ('bad', raw)
    if field == 'move':
        return ('move', raw)
    if field == 'pruned':
        if raw.lower() in ('', 'none', 'ninguno'):
            return ('set', frozenset())
        return ('set', frozenset(closure(t, tokens(raw))))
    if field == 'visited':
        toks = tokens(raw)
        if toks and toks[0] == tree.name:
            toks = toks[1:]
        return ('seq', tuple(toks)) if toks else ('blank', None)


def proc_answer(t, proc, slip=None):
    r = solve(tp(t), proc, slip)
    return dict(value=fmt(r['value']), move=r['move'],
                pruned=' '.join(r['pruned']), visited=' '.join(r['visited']),
                _pruned=r['pruned'], _visited=r['visited'])


# ---- how each student writes --------------------------------------------
def w_canon(a, t):
    return dict(value=a['value'], move=a['move'],
                pruned=', '.join(a['_pruned']) or 'ninguno',
                visited=' '.join(a['_visited']))


def w_commas_root(a, t):
    tree, _ = names_index(t)
    return dict(value=a['value'], move=a['move'],
                pruned=','.join(a['_pruned']) or 'none',
                visited=','.join([tree.name] + a['_visited']))


def w_every(a, t):
    tree, idx = names_index(t)
    every = []
    for p in a['_pruned']:
        every += subtree_names(idx[p])
    return dict(value=a['value'], move=a['move'], pruned=' '.join(every),
                visited=' '.join(a['_visited']))


# ---- students -------------------------------------------------------------
def student(proc, writer=w_canon, tweak=None, per_tree=None):
    def answer(t):
        p = (per_tree or {}).get(t, proc)
        a = proc_answer(t, p)
        w = writer(a, t)
        if tweak:
            w = tweak(t, w, a)
        return w
    return answer


def jorge_tweak(t, w, a):
    if t == 'azar.json':
        # 0.75*3 written as 2.5 instead of 2.25: 2.5 + 0.25*8 = 4.5
        w['value'] = '4.5'
    return w


def lucas_answer(t):
    if t == 'azar.json':
        # counts the chance level as a MIN level, so the outcome nodes
        # become MAX: 0.75*6+0.25*9 = 6.75 ; 0.25*15+0.75*5 = 7.5
        a = proc_answer(t, 'correct')
        w = w_canon(a, t)
        w['value'], w['move'] = '7.5', '2'
        return w
    return w_canon(proc_answer(t, 'swap2'), t)


def nico_answer(t):
    """does the search right but writes leaf VALUES where names go, and the
    root's value as the move; leaves the visiting order blank"""
    a = proc_answer(t, 'correct')
    tree, idx = names_index(t)
    vals = []
    for p in a['_pruned']:
        n = idx[p]
        stack = [n]
        leaves = []

        def lv(m):
            if m.kind == 'leaf':
                leaves.append(fmt(m.value))
            for c in m.children:
                lv(c)
        lv(n)
        vals += leaves
    return dict(value=a['value'], move=a['value'],
                pruned=' '.join(vals) or 'ninguno', visited='')


def olga_tweak(t, w, a):
    tree, idx = names_index(t)
    w['visited'] = ' '.join(x for x in a['_visited']
                            if idx[x].kind != 'leaf')
    return w


def pablo_tweak(t, w, a):
    # lists only the pruned LEAVES that sit right under a cut node; forgets
    # pruned subtrees whose root is an inner node
    tree, idx = names_index(t)
    keep = [p for p in a['_pruned'] if idx[p].kind == 'leaf']
    w['pruned'] = ', '.join(keep) or 'ninguno'
    return w


PV = {'examen1.json': '3.1.2', 'empates.json': '1.1.2',
      'etiquetas.json': 'E', 'profundo.json': '1.1.1.1', 'azar.json': '1'}


def sara_tweak(t, w, a):
    w['move'] = PV[t]
    return w


def tomas_tweak(t, w, a):
    # writes each pruned subtree's root in the visiting order too (he "looks
    # at" the node and then crosses it out), at its place in the tree
    tree, idx = names_index(t)
    keep = set(a['_visited']) | set(a['_pruned'])
    w['visited'] = ' '.join(x for x in subtree_names(tree)[1:] if x in keep)
    return w


STUDENTS = [
    ('amaia', 'correct, canonical writing', student('correct')),
    ('bruno', 'correct; commas, root written first in visited, "none"',
     student('correct', w_commas_root)),
    ('celia', 'strict cut-offs (v > beta, v < alpha)', student('strict')),
    ('diego', 'plain minimax, no pruning', student('nopruning')),
    ('elena', 'children right to left', student('rtl')),
    ('fabio', 'MIN at the root', student('rootmin')),
    ('gala', 'alpha/beta not carried from child to child (each child gets '
     'the window its parent received)', student('reset')),
    ('hugo', 'correct search, leaves of pruned subtrees also listed as '
     'visited', student('leaves')),
    ('ines', 'plain average at chance nodes', student('plainavg')),
    ('jorge', 'correct, arithmetic slip in one chance node',
     student('correct', tweak=jorge_tweak)),
    ('karla', 'prunes too early: a MAX node below the root stops as soon as '
     'v <= alpha', student('early')),
    ('lucas', 'level 2 (root grandchildren) played by the wrong player; on '
     'the chance tree the chance level counted as a MIN level',
     lucas_answer),
    ('marta', 'correct; every pruned node listed, blank for none',
     student('correct', w_every)),
    ('nico', 'searches right, writes leaf values for node names and the '
     'value as the move, no visiting order', nico_answer),
    ('olga', 'correct, but visited lists inner nodes only',
     student('correct', tweak=olga_tweak)),
    ('pablo', 'correct, but pruned lists only pruned leaves',
     student('correct', tweak=pablo_tweak)),
    ('quique', 'strict cut-offs AND right to left', student('rtlstrict')),
    ('rosa', 'shallow pruning only (bound = the parent\'s own best so far, '
     'never inherited): no deep cut-offs', student('shallow',
                                                  per_tree={'azar.json':
                                                            'correct'})),
    ('sara', 'correct, but writes the move as the best leaf',
     student('correct', tweak=sara_tweak)),
    ('tomas', 'correct, but pruned subtree roots written in visited',
     student('correct', tweak=tomas_tweak)),
]


def main():
    keys = {t: proc_answer(t, 'correct') for t in TREES}
    procs = {(t, p): proc_answer(t, p) for t in TREES for p, _ in DOC_PROCS}
    rows, exp = [], []
    for name, desc, fn in STUDENTS:
        for t in TREES:
            w = fn(t)
            rows.append([name, t] + [w[f] for f in FIELDS])
            for f in FIELDS:
                key = w_canon(keys[t], t)[f]
                mine = norm(t, f, w[f])
                right = mine == norm(t, f, key)
                diag, why = '', ''
                if right:
                    why = 'matches the key'
                else:
                    for p, code in DOC_PROCS:
                        pa = w_canon(procs[(t, p)], t)
                        if norm(t, f, pa[f]) == mine:
                            diag = code
                            break
                    why = (f'key {key!r}; answer is what {diag} gives'
                           if diag else f'key {key!r}; no listed procedure')
                exp.append([name, t, f, 'right' if right else 'wrong', diag,
                            why])
    with open(os.path.join(BASE, 'answers.csv'), 'w', newline='') as fh:
        cw = csv.writer(fh, lineterminator='\n')
        cw.writerow(['student', 'tree'] + FIELDS)
        cw.writerows(rows)
    with open(os.path.join(BASE, 'tools', 'auto-expected.csv'), 'w',
              newline='') as fh:
        cw = csv.writer(fh, lineterminator='\n')
        cw.writerow(['student', 'tree', 'field', 'verdict', 'diagnosis',
                     'why'])
        cw.writerows(exp)
    for name, desc, _ in STUDENTS:
        print(name, '-', desc)


if __name__ == '__main__':
    main()
