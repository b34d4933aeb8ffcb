//! Scoring every pair from the fingerprints they share, the fragments behind a score, and the
//! clusters of students linked by pairs above the threshold.

use super::results::{Fragment, Pair, Place, Similarity};
use super::winnow::Prints;
use std::collections::{BTreeMap, HashMap};

/// Below this many fingerprints of its own (after the starter is left out) a submission's
/// similarity is scaled down: a few shared lines of an almost empty file prove nothing.
const FULL_WEIGHT_PRINTS: usize = 12;
/// The most fragments listed per pair.
const MAX_FRAGMENTS: usize = 60;

/// Scores every pair and keeps those at or above `threshold`.
pub(super) fn similarity(names: &[String], prints: &[Prints], threshold: f64) -> Similarity {
    let sets: Vec<Vec<u64>> = prints.iter().map(distinct).collect();
    let shared = shared_counts(&sets);
    let n = names.len();
    let mut pairs = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let score = score(shared[a * n + b], sets[a].len(), sets[b].len());
            if score >= threshold && score > 0.0 {
                pairs.push((score, a, b));
            }
        }
    }
    pairs.sort_by(|x, y| y.0.total_cmp(&x.0).then((x.1, x.2).cmp(&(y.1, y.2))));
    let clusters = clusters(n, &pairs, names);
    let pairs = pairs
        .into_iter()
        .map(|(score, a, b)| Pair {
            students: [names[a].clone(), names[b].clone()],
            similarity: (score * 1000.0).round() / 1000.0,
            fragments: fragments(&prints[a], &prints[b]),
        })
        .collect();
    Similarity { pairs, clusters }
}

/// How similar two submissions are: the shared fingerprints over the smaller one's (a copy
/// padded with code of its own is still all copied), scaled down for tiny submissions.
fn score(shared: u32, a: usize, b: usize) -> f64 {
    let smaller = a.min(b);
    if smaller == 0 {
        return 0.0;
    }
    let weight = (smaller as f64 / FULL_WEIGHT_PRINTS as f64).min(1.0);
    (f64::from(shared) / smaller as f64).min(1.0) * weight
}

fn distinct(prints: &Prints) -> Vec<u64> {
    let mut hashes: Vec<u64> = prints.prints.iter().map(|(print, _)| print.hash).collect();
    hashes.sort_unstable();
    hashes.dedup();
    hashes
}

/// For every pair (a, b), a < b, how many distinct fingerprints both have (row-major n × n),
/// through an index from each fingerprint to the students holding it.
fn shared_counts(sets: &[Vec<u64>]) -> Vec<u32> {
    let n = sets.len();
    let mut holders: HashMap<u64, Vec<u32>> = HashMap::new();
    for (student, set) in sets.iter().enumerate() {
        for hash in set {
            holders.entry(*hash).or_default().push(student as u32);
        }
    }
    let mut shared = vec![0u32; n * n];
    for students in holders.values() {
        for (i, &a) in students.iter().enumerate() {
            for &b in &students[i + 1..] {
                shared[a as usize * n + b as usize] += 1;
            }
        }
    }
    shared
}

/// A file (an index of the student's files) and a range of its lines.
type Span = (u32, [u32; 2]);

/// The stretches of code behind a pair's shared fingerprints: each shared fingerprint's first
/// place in either submission, neighbours merged, in the order of the first student's files.
fn fragments(a: &Prints, b: &Prints) -> Vec<Fragment> {
    let mut in_b: HashMap<u64, Span> = HashMap::new();
    for (print, file) in &b.prints {
        in_b.entry(print.hash).or_insert((*file, print.lines));
    }
    let mut matched: Vec<(Span, Span)> = a
        .prints
        .iter()
        .filter_map(|(print, file)| in_b.get(&print.hash).map(|place| ((*file, print.lines), *place)))
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
fn clusters(n: usize, pairs: &[(f64, usize, usize)], names: &[String]) -> Vec<Vec<String>> {
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for &(_, a, b) in pairs {
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
    fn a_copy_padded_with_code_of_its_own_is_still_all_copied() {
        assert_eq!(score(20, 20, 60), 1.0);
        assert_eq!(score(10, 20, 20), 0.5);
    }

    #[test]
    fn an_almost_empty_submission_weighs_little() {
        assert!(score(3, 3, 40) < 0.3);
        assert_eq!(score(0, 0, 40), 0.0);
    }

    #[test]
    fn pairs_above_the_threshold_link_students_into_clusters() {
        let names: Vec<String> = ["a", "b", "c", "d", "e"].iter().map(|s| s.to_string()).collect();
        let groups = clusters(5, &[(0.9, 0, 2), (0.8, 2, 4), (0.7, 1, 3)], &names);
        assert_eq!(groups, vec![vec!["a", "c", "e"], vec!["b", "d"]]);
    }
}
