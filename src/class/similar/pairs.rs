//! Scoring every pair from the tokens tiling covers and the literals they share, the
//! fragments behind a score, and the clusters of students linked by pairs above the threshold.

use super::results::{Fragment, Place, Similarity};
use super::stream::Stream;
use super::tiling::{tile, Tile};
use super::Pair;
use rayon::prelude::*;
use std::collections::BTreeMap;

/// The most fragments listed per pair.
const MAX_FRAGMENTS: usize = 60;

/// How much each way of reading counts: the shape of the code (normalised tokens, and every
/// node), and its literals (once there are enough of them to say something). Measured on
/// IR-Plag and the project's classes (benches/similar-eval.py): literals weigh as much as
/// both shapes together, since they are what a disguised copy keeps; shape alone cannot tell a
/// copy from a solution that the task's statement shaped the same way.
const WEIGHTS: Weights = Weights {
    coarse: 1.0,
    fine: 1.0,
    literals: 2.0,
};

struct Weights {
    coarse: f64,
    fine: f64,
    literals: f64,
}

/// The literals' weight (see [`super::tokens::Literal`]) at which they count in full: about
/// two messages of a dozen characters each.
const FULL_LITERALS: f64 = 6.0;

/// Below this many tokens of its own (the starter's left out) a student's shape counts less:
/// a few shared lines of an almost empty file prove nothing.
const FULL_TOKENS: f64 = 20.0;

/// Scores every pair and keeps those at or above `threshold`.
pub(super) fn similarity(names: &[String], streams: &[Stream], threshold: f64) -> Similarity {
    let n = names.len();
    let mut pairs: Vec<(f64, usize, usize, Vec<Tile>)> = (0..n)
        .into_par_iter()
        .flat_map_iter(|a| {
            (a + 1..n).filter_map(move |b| {
                let tiles = tile(&streams[a].coarse.indexed, &streams[b].coarse.indexed);
                let score = score(&streams[a], &streams[b], &tiles);
                (score >= threshold && score > 0.0).then_some((score, a, b, tiles))
            })
        })
        .collect();
    pairs.sort_by(|x, y| y.0.total_cmp(&x.0).then((x.1, x.2).cmp(&(y.1, y.2))));
    let links: Vec<(usize, usize)> = pairs.iter().map(|p| (p.1, p.2)).collect();
    let clusters = clusters(n, &links, names);
    let pairs = pairs
        .into_iter()
        .map(|(score, a, b, tiles)| Pair {
            students: [names[a].clone(), names[b].clone()],
            similarity: (score * 1000.0).round() / 1000.0,
            fragments: fragments(&streams[a], &streams[b], &tiles),
        })
        .collect();
    Similarity { pairs, clusters }
}

/// How similar two students' code is, 0 to 1: the weighted mean of how much of their shapes
/// tiling covers and of the literals they share, or, where more, how much of their code is
/// word for word the same (a copy that only changed comments and layout).
fn score(a: &Stream, b: &Stream, tiles: &[Tile]) -> f64 {
    let coarse = coverage(a.coarse.own(), b.coarse.own(), tiles);
    let fine = coverage(
        a.fine.own(),
        b.fine.own(),
        &tile(&a.fine.indexed, &b.fine.indexed),
    );
    let (literals, evidence) = literal_share(a, b);
    let literal_weight = WEIGHTS.literals * evidence;
    let blend = (WEIGHTS.coarse * coarse + WEIGHTS.fine * fine + literal_weight * literals)
        / (WEIGHTS.coarse + WEIGHTS.fine + literal_weight);
    // Word for word is hardly ever more than node for node: only worth tiling where it can win.
    if fine <= blend {
        return blend;
    }
    let verbatim_tiles = tile(&a.verbatim.indexed, &b.verbatim.indexed);
    blend.max(coverage(a.verbatim.own(), b.verbatim.own(), &verbatim_tiles))
}

/// The share of two streams' tokens the tiles cover (over both, so that a solution that is
/// much longer or shorter is not wholly covered), scaled down while the shorter is tiny.
fn coverage(na: usize, nb: usize, tiles: &[Tile]) -> f64 {
    let covered: f64 = tiles.iter().map(|t| f64::from(t.len)).sum();
    let (na, nb) = (na as f64, nb as f64);
    let smaller = na.min(nb);
    if smaller == 0.0 {
        return 0.0;
    }
    (2.0 * covered / (na + nb)).min(1.0) * (smaller / FULL_TOKENS).min(1.0)
}

/// The weight of the literals both hold over the lighter side's, and how much that says (0
/// to 1: a lighter side of few literals says little).
fn literal_share(a: &Stream, b: &Stream) -> (f64, f64) {
    let (wa, wb) = (a.literal_weight(), b.literal_weight());
    let lighter = wa.min(wb);
    if lighter == 0.0 {
        return (0.0, 0.0);
    }
    let (small, large) = if a.literals.len() <= b.literals.len() {
        (a, b)
    } else {
        (b, a)
    };
    let shared: f64 = small
        .literals
        .iter()
        .filter(|(hash, _)| large.literals.contains_key(hash))
        .map(|(_, weight)| weight)
        .sum();
    ((shared / lighter).min(1.0), (lighter / FULL_LITERALS).min(1.0))
}

/// A file (an index of the student's files) and a range of its lines.
type Span = (u32, [u32; 2]);

/// Where a run of `len` tokens from `start` stands in `stream`'s files.
fn span(stream: &Stream, start: u32, len: u32) -> Span {
    let places = &stream.coarse.places[start as usize..(start + len) as usize];
    let file = places[0].0;
    let lines = places.iter().filter(|p| p.0 == file).map(|p| p.1);
    let first = lines.clone().min().unwrap_or(0);
    (file, [first, lines.max().unwrap_or(first)])
}

/// The stretches of code behind a pair's tiles, neighbours merged, in the order of the first
/// student's files.
fn fragments(a: &Stream, b: &Stream, tiles: &[Tile]) -> Vec<Fragment> {
    let mut matched: Vec<(Span, Span)> = tiles
        .iter()
        .map(|t| (span(a, t.a, t.len), span(b, t.b, t.len)))
        .collect();
    matched.sort();
    matched.dedup();
    let mut merged: Vec<(Span, Span)> = Vec::new();
    for (pa, pb) in matched {
        match merged.last_mut() {
            Some((la, lb)) if la.0 == pa.0 && lb.0 == pb.0 && touches(la.1, pa.1) && touches(lb.1, pb.1) => {
                la.1 = [la.1[0].min(pa.1[0]), la.1[1].max(pa.1[1])];
                lb.1 = [lb.1[0].min(pb.1[0]), lb.1[1].max(pb.1[1])];
            }
            _ => merged.push((pa, pb)),
        }
    }
    merged
        .into_iter()
        .take(MAX_FRAGMENTS)
        .map(|((fa, la), (fb, lb))| Fragment {
            a: Place {
                file: a.files[fa as usize].clone(),
                lines: la,
            },
            b: Place {
                file: b.files[fb as usize].clone(),
                lines: lb,
            },
        })
        .collect()
}

/// Whether two line ranges overlap or are at most two lines apart.
fn touches(x: [u32; 2], y: [u32; 2]) -> bool {
    y[0] <= x[1] + 2 && x[0] <= y[1] + 2
}

/// Students linked by reported pairs, groups of two or more, each sorted as the class is and
/// the groups by their first member.
fn clusters(n: usize, pairs: &[(usize, usize)], names: &[String]) -> Vec<Vec<String>> {
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for &(a, b) in pairs {
        let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
        parent[ra.max(rb)] = ra.min(rb);
    }
    let mut groups: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for student in 0..n {
        let r = root(&mut parent, student);
        groups.entry(r).or_default().push(student);
    }
    groups
        .into_values()
        .filter(|members| members.len() > 1)
        .map(|members| members.into_iter().map(|m| names[m].clone()).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_above_the_threshold_link_students_into_clusters() {
        let names: Vec<String> = ["a", "b", "c", "d", "e"].iter().map(|s| s.to_string()).collect();
        let groups = clusters(5, &[(0, 2), (2, 4), (1, 3)], &names);
        assert_eq!(groups, vec![vec!["a", "c", "e"], vec!["b", "d"]]);
    }
}
