#!/usr/bin/env python3
"""Paper-exercise solver written from the lecture's pseudo-code (Montenegro,
Tema 3 "Poda Alfa-Beta"; Jogos com Oponentes; Expectiminimax slide), NOT
from the grader.  It computes, for one tree and one way of working, the four
answer fields a student writes: value, move, pruned (roots of pruned
subtrees), visited (order entered, root left out).

Ways of working (procedures):
  correct      lecture: MAX cuts when v >= beta, MIN when v <= alpha
  strict       cuts only when v > beta / v < alpha
  nopruning    plain minimax (MINIMAX-DECISION), nothing pruned
  rtl          correct rules, children taken right to left
  rootmin      correct rules, MIN at the root
  reset        each child gets the window the parent *received*
               (alpha/beta updates not carried from one child to the next)
  shallow      each child gets only its parent's own best-so-far as bound
               (never the bounds inherited from further up): no deep cuts
  leaves       correct search, but the leaves inside pruned subtrees are
               also written in the visited list (at their place in the tree)
  plainavg     correct, but chance nodes take the plain mean of outcomes
  swap2        level 2 (grandchildren of the root) played by the wrong
               player (MAX<->MIN swapped at that inner level only)
  early        at a MAX node below the root, stops as soon as v <= alpha
               (thinks "already no better for MAX than alpha": cuts on the
               wrong side), pruning the rest of that MAX node
"""
import json, sys

INF = float('inf')


class Node:
    def __init__(self, name, kind, children=None, value=None, probs=None):
        self.name, self.kind = name, kind  # kind: leaf/max/min/chance
        self.children = children or []
        self.value = value
        self.probs = probs


def parse(j, path, level_player, label=None):
    """level_player: 'max'/'min' for a deciding node at this place."""
    name = label if label is not None else (path or 'root')
    if isinstance(j, (int, float)):
        return Node(name, 'leaf', value=j)
    if isinstance(j, list):
        nxt = 'min' if level_player == 'max' else 'max'
        kids = [parse(c, f"{path}.{i+1}" if path else str(i+1), nxt)
                for i, c in enumerate(j)]
        return Node(name, level_player, kids)
    if isinstance(j, dict):
        lab = j.get('label', label)
        name = lab if lab is not None else (path or 'root')
        if 'value' in j:
            return Node(name, 'leaf', value=j['value'])
        if 'chance' in j:
            # alternation skips chance levels: outcomes are played by
            # level_player
            kids, ps = [], []
            for i, (p, sub) in enumerate(j['chance']):
                kids.append(parse(sub, f"{path}.{i+1}" if path else str(i+1),
                                  level_player))
                ps.append(p)
            return Node(name, 'chance', kids, probs=ps)
        pl = j.get('player', level_player)
        nxt = 'min' if pl == 'max' else 'max'
        kids = [parse(c, f"{path}.{i+1}" if path else str(i+1), nxt)
                for i, c in enumerate(j['children'])]
        return Node(name, pl, kids)
    raise ValueError(j)


def load(fn, root='max'):
    return parse(json.load(open(fn)), '', root)


def subtree_names(n):
    out = [n.name]
    for c in n.children:
        out += subtree_names(c)
    return out


def leaves_of(n):
    if n.kind == 'leaf':
        return [n.name]
    return [x for c in n.children for x in leaves_of(c)]


def has_chance(n):
    return n.kind == 'chance' or any(has_chance(c) for c in n.children)


def search(tree, proc, slip=None):
    """returns dict value, move, pruned, visited, ambiguous_move"""
    visited, pruned = [], []
    strict = proc in ('strict', 'rtlstrict')
    prune = proc not in ('nopruning',) and not has_chance(tree)
    rtl = proc in ('rtl', 'rtlstrict')
    slip = slip or {}

    def order(n):
        return list(reversed(n.children)) if rtl else list(n.children)

    def cut_max(v, b):
        return v > b if strict else v >= b

    def cut_min(v, a):
        return v < a if strict else v <= a

    def val(n, a, b, depth, parent_best=None):
        visited.append(n.name)
        if n.kind == 'leaf':
            return slip.get(n.name, n.value)
        kind = n.kind
        if proc == 'swap2' and depth == 2 and kind in ('max', 'min'):
            kind = 'min' if kind == 'max' else 'max'
        kids = order(n)
        if kind == 'chance':
            vs = [val(c, a, b, depth + 1) for c in kids]
            vs_by = dict(zip([id(c) for c in kids], vs))
            if proc == 'plainavg':
                r = sum(vs) / len(vs)
            else:
                r = sum(p * vs_by[id(c)] for p, c in zip(n.probs, n.children))
            return slip.get(n.name, r)
        a0, b0 = a, b
        v = -INF if kind == 'max' else INF
        for i, c in enumerate(kids):
            if proc == 'reset':
                ca, cb = a0, b0
            elif proc == 'shallow':
                if kind == 'max':
                    ca, cb = (v if v > -INF else -INF), INF
                else:
                    ca, cb = -INF, (v if v < INF else INF)
            else:
                ca, cb = a, b
            cv = val(c, ca, cb, depth + 1)
            if kind == 'max':
                v = max(v, cv)
                if prune and proc != 'shallow' and cut_max(v, b):
                    pruned.extend(x.name for x in kids[i+1:]); return v
                if prune and proc == 'shallow' and parent_best is not None \
                        and cut_max(v, parent_best):
                    pruned.extend(x.name for x in kids[i+1:]); return v
                if prune and proc == 'early' and depth > 0 and a > -INF \
                        and v <= a and i + 1 < len(kids):
                    pruned.extend(x.name for x in kids[i+1:]); return v
                a = max(a, v)
            else:
                v = min(v, cv)
                if prune and proc != 'shallow' and cut_min(v, a):
                    pruned.extend(x.name for x in kids[i+1:]); return v
                if prune and proc == 'shallow' and parent_best is not None \
                        and cut_min(v, parent_best):
                    pruned.extend(x.name for x in kids[i+1:]); return v
                b = min(b, v)
        return slip.get(n.name, v)


    # root
    root = tree
    visited.append(root.name)
    rkind = root.kind
    kids = order(root)
    a, b = -INF, INF
    v = -INF if rkind == 'max' else INF
    best, results = None, []
    for i, c in enumerate(kids):
        ca, cb = (-INF, INF) if proc == 'reset' else (a, b)
        cv = val(c, ca, cb, 1)
        results.append((c.name, cv))
        if rkind == 'max':
            if cv > v:
                v, best = cv, c.name
            if prune and cut_max(v, b):
                pruned.extend(x.name for x in kids[i+1:]); break
            a = max(a, v)
        else:
            if cv < v:
                v, best = cv, c.name
            if prune and cut_min(v, a):
                pruned.extend(x.name for x in kids[i+1:]); break
            b = min(b, v)
    ties = [nm for nm, cv in results if cv == v]
    vis = visited[1:]
    return dict(value=v, move=best, pruned=pruned, visited=vis,
                ties=ties)


def search_shallow_root(tree, slip=None):
    slip = slip or {}
    visited, pruned = [], []

    def val(n, parent_kind, parent_best):
        visited.append(n.name)
        if n.kind == 'leaf':
            return slip.get(n.name, n.value)
        v = -INF if n.kind == 'max' else INF
        kids = n.children
        for i, c in enumerate(kids):
            cv = val(c, n.kind, v)
            if n.kind == 'max':
                v = max(v, cv)
                if parent_kind == 'min' and v >= parent_best:
                    pruned.extend(x.name for x in kids[i+1:]); return v
            else:
                v = min(v, cv)
                if parent_kind == 'max' and v <= parent_best:
                    pruned.extend(x.name for x in kids[i+1:]); return v
        return v

    v, best, results = -INF, None, []
    for c in tree.children:
        cv = val(c, 'max', v)
        results.append((c.name, cv))
        if cv > v:
            v, best = cv, c.name
    return dict(value=v, move=best, pruned=pruned, visited=visited,
                ties=[nm for nm, cv in results if cv == v])


def solve(fn, proc, slip=None):
    root = 'min' if proc == 'rootmin' else 'max'
    tree = load(fn, root)
    if proc == 'shallow':
        return search_shallow_root(tree, slip)
    if proc == 'leaves':
        r = search(tree, 'correct', slip)
        # leaves inside pruned subtrees, written where they stand in the tree
        byname = {}

        def idx(n):
            byname[n.name] = n
            for c in n.children:
                idx(c)
        idx(tree)
        extra = set()
        for p in r['pruned']:
            extra |= set(leaves_of(byname[p]))
        keep = set(r['visited']) | extra
        full = subtree_names(tree)[1:]
        r['visited'] = [x for x in full if x in keep]
        return r
    return search(tree, proc, slip)


def fmt(x):
    if isinstance(x, float) and x == int(x):
        return str(int(x))
    return str(round(x, 6)) if isinstance(x, float) else str(x)


if __name__ == '__main__':
    fn = sys.argv[1]
    procs = sys.argv[2:] or ['correct', 'strict', 'nopruning', 'rtl',
                             'rootmin', 'reset', 'shallow', 'leaves',
                             'plainavg', 'swap2', 'early']
    for p in procs:
        r = solve(fn, p)
        print(f"{p:10} value={fmt(r['value'])} move={r['move']} "
              f"ties={r['ties']} pruned={' '.join(r['pruned']) or '-'}\n"
              f"{'':10} visited={' '.join(r['visited'])}")
