//! Fingerprints: hashes of every k tokens in a row (k-grams), of which winnowing keeps the
//! smallest in each window of w, as MOSS and Dolos do: any match of w + k - 1 tokens or more
//! shares at least one fingerprint, and the number kept is about 2/(w+1) of the tokens.

use super::tokens::Token;

/// One kept k-gram: its hash and the lines it spans.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fingerprint {
    pub(crate) hash: u64,
    pub(crate) lines: [u32; 2],
}

/// The hash of each k-gram of `tokens`, with the lines it spans.
pub(crate) fn kgrams(tokens: &[Token], k: usize) -> Vec<Fingerprint> {
    if k == 0 || tokens.len() < k {
        return Vec::new();
    }
    tokens
        .windows(k)
        .map(|gram| Fingerprint {
            hash: gram.iter().fold(0x9e37_79b9_7f4a_7c15, |hash, token| {
                (hash.rotate_left(5) ^ token.kind).wrapping_mul(0x0100_0000_01b3)
            }),
            lines: [
                gram.iter().map(|t| t.line).min().unwrap_or(0),
                gram.iter().map(|t| t.line).max().unwrap_or(0),
            ],
        })
        .collect()
}

/// The k-grams winnowing keeps: in each window of `w` in a row the smallest hash (the
/// rightmost of equal ones), each kept once.
pub(crate) fn winnow(grams: &[Fingerprint], w: usize) -> Vec<Fingerprint> {
    if grams.len() <= w || w <= 1 {
        return grams.to_vec();
    }
    let mut kept: Vec<Fingerprint> = Vec::new();
    let mut last = usize::MAX;
    for start in 0..=grams.len() - w {
        let window = &grams[start..start + w];
        let mut best = 0;
        for (offset, gram) in window.iter().enumerate() {
            if gram.hash <= window[best].hash {
                best = offset;
            }
        }
        if start + best != last {
            last = start + best;
            kept.push(grams[last]);
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(kinds: &[u64]) -> Vec<Token> {
        kinds
            .iter()
            .enumerate()
            .map(|(i, &kind)| Token {
                kind,
                line: i as u32 + 1,
            })
            .collect()
    }

    #[test]
    fn a_shared_run_of_w_plus_k_minus_1_tokens_shares_a_fingerprint() {
        let shared = [5, 9, 2, 7, 7, 1, 4, 8, 3, 6];
        let mut a = vec![11, 12, 13];
        a.extend(shared);
        let mut b = shared.to_vec();
        b.extend([21, 22]);
        let (k, w) = (4, 5);
        let fa = winnow(&kgrams(&tokens(&a), k), w);
        let fb = winnow(&kgrams(&tokens(&b), k), w);
        assert!(fa.iter().any(|x| fb.iter().any(|y| x.hash == y.hash)));
    }

    #[test]
    fn fewer_tokens_than_k_leave_no_fingerprint() {
        assert!(kgrams(&tokens(&[1, 2, 3]), 4).is_empty());
    }
}

/// One student's sources as fingerprints.
#[derive(Debug, Default)]
pub(crate) struct Prints {
    /// Files read, relative to the student's folder.
    pub(crate) files: Vec<String>,
    /// Each fingerprint kept, with the file (an index of `files`) it comes from.
    pub(crate) prints: Vec<(Fingerprint, u32)>,
}
