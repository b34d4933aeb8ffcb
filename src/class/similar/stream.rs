//! One student's code as the comparison sees it, read three ways (channels): the normalised
//! tokens, every node of the syntax tree, and every node with its names as written; each a
//! stream of every unit's tokens with a boundary between units that no match crosses, where
//! each token came from, and the tokens the starter covers blocked. Beside them, the literals
//! the starter does not hold.

use super::tiling::{tile, Indexed};
use super::tokens::{Literal, Token, Unit};
use std::collections::HashMap;

/// The token between two units: no tile crosses it.
const BOUNDARY: u64 = 0;

/// The shortest run of normalised tokens the starter must share with a student's code to take
/// it away. A run of the starter is the starter's whoever writes it: shorter than between
/// students, so that the starter's small functions and the lines students keep from it go too.
const BASE_MIN: usize = 6;

/// The bounds of the minimum match between students, in normalised tokens.
const MIN_MATCH: [usize; 2] = [5, 12];

/// How much longer a run of fine tokens is than the normalised run it stands for (every node
/// against the statements and operands the normalised tokens keep).
const FINE_PER_COARSE: f64 = 1.5;

/// One way of reading the code: its tokens, those no tile may cover, and where each came from.
#[derive(Debug, Default)]
pub(crate) struct Channel {
    tokens: Vec<u64>,
    blocked: Vec<bool>,
    /// Each token's file (an index of the student's files) and line.
    pub(crate) places: Vec<(u32, u32)>,
    /// The tokens indexed for tiling, once the class's minimum match is known.
    pub(crate) indexed: Indexed,
    /// How many tokens are the student's own (not blocked).
    own: usize,
}

impl Channel {
    /// The channel of `units`, each with its file, what `base` covers blocked.
    fn new<'u>(
        units: impl Iterator<Item = (u32, &'u [Token])>,
        base: Option<&Indexed>,
        base_min: usize,
    ) -> Channel {
        let mut tokens = Vec::new();
        let mut places = Vec::new();
        for (file, unit) in units {
            for token in unit {
                tokens.push(token.kind);
                places.push((file, token.line));
            }
            tokens.push(BOUNDARY);
            places.push((file, 0));
        }
        let mut blocked: Vec<bool> = tokens.iter().map(|t| *t == BOUNDARY).collect();
        if let Some(base) = base.filter(|b| !b.tokens.is_empty()) {
            let own = Indexed::new(tokens.clone(), blocked.clone(), base_min);
            for found in tile(&own, base) {
                blocked[found.a as usize..(found.a + found.len) as usize].fill(true);
            }
        }
        Channel {
            own: blocked.iter().filter(|b| !**b).count(),
            tokens,
            blocked,
            places,
            indexed: Indexed::default(),
        }
    }

    /// Ready for tiling with runs of at least `min` tokens.
    fn index(&mut self, min: usize) {
        self.indexed = Indexed::new(
            std::mem::take(&mut self.tokens),
            std::mem::take(&mut self.blocked),
            min,
        );
    }

    /// The tokens of the student's own, the starter's left out.
    pub(crate) fn own(&self) -> usize {
        self.own
    }
}

/// A student's code, ready to be compared with a classmate's.
#[derive(Debug, Default)]
pub(crate) struct Stream {
    /// Files read, relative to the student's folder.
    pub(crate) files: Vec<String>,
    /// The normalised tokens (JPlag's abstractions).
    pub(crate) coarse: Channel,
    /// Every node of the syntax tree (Dolos' tokens).
    pub(crate) fine: Channel,
    /// Every node with its names and literals as written.
    pub(crate) verbatim: Channel,
    /// Each distinct literal the starter does not hold, with its weight.
    pub(crate) literals: HashMap<u64, f64>,
    /// The starter's own: its literals as written.
    base_texts: Vec<Literal>,
}

fn fine_of(coarse: usize) -> usize {
    (coarse as f64 * FINE_PER_COARSE).round() as usize
}

impl Stream {
    /// The stream of a student's files (each as its units), what the starter covers blocked;
    /// [`Stream::index`] readies it for comparison.
    pub(crate) fn new(files: Vec<(String, Vec<Unit>)>, base: &Stream) -> Stream {
        let units = || {
            files
                .iter()
                .enumerate()
                .flat_map(|(file, (_, units))| units.iter().map(move |u| (file as u32, u)))
        };
        // Each distinct literal once, then the starter's and its near copies taken out.
        let mut distinct: HashMap<u64, &Literal> = HashMap::new();
        for literal in units().flat_map(|(_, unit)| &unit.literals) {
            distinct.entry(literal.hash).or_insert(literal);
        }
        let literals = distinct
            .into_values()
            .filter(|l| !base.literals.contains_key(&l.hash))
            .filter(|l| !base.base_texts.iter().any(|b| l.is_near(b)))
            .map(|l| (l.hash, l.weight))
            .collect();
        let base_min = BASE_MIN;
        let channel = |pick: fn(&Unit) -> &[Token], base: &Channel, min: usize| {
            Channel::new(units().map(|(f, u)| (f, pick(u))), Some(&base.indexed), min)
        };
        Stream {
            coarse: channel(|u| &u.tokens, &base.coarse, base_min),
            fine: channel(|u| &u.fine, &base.fine, fine_of(base_min)),
            verbatim: channel(|u| &u.verbatim, &base.verbatim, fine_of(base_min)),
            literals,
            base_texts: Vec::new(),
            files: files.into_iter().map(|(name, _)| name).collect(),
        }
    }

    /// The starter's stream: every token open, its literals all held.
    pub(crate) fn of_base(units: &[Unit]) -> Stream {
        let base_min = BASE_MIN;
        let channel = |pick: fn(&Unit) -> &[Token], min: usize| {
            let mut channel = Channel::new(units.iter().map(|u| (0, pick(u))), None, min);
            channel.index(min);
            channel
        };
        Stream {
            coarse: channel(|u| &u.tokens, base_min),
            fine: channel(|u| &u.fine, fine_of(base_min)),
            verbatim: channel(|u| &u.verbatim, fine_of(base_min)),
            literals: units
                .iter()
                .flat_map(|u| &u.literals)
                .map(|l| (l.hash, l.weight))
                .collect(),
            base_texts: units.iter().flat_map(|u| u.literals.iter().cloned()).collect(),
            files: Vec::new(),
        }
    }

    /// Ready for tiling with runs of at least `min` normalised tokens.
    pub(crate) fn index(&mut self, min: usize) {
        self.coarse.index(min);
        self.fine.index(fine_of(min));
        self.verbatim.index(fine_of(min));
    }

    /// The literals' total weight.
    pub(crate) fn literal_weight(&self) -> f64 {
        self.literals.values().sum()
    }
}

/// The shortest run of tokens that counts as shared, from the size of what the class wrote
/// (the median student's own normalised tokens, the starter's left out): short programs need
/// short matches, long ones can afford to pass over short coincidences. About 6 for 100
/// tokens (a 20-line program), 8 for 1,000, 10 for 10,000.
pub(crate) fn min_match(class: &[Stream]) -> usize {
    let mut sizes: Vec<usize> = class.iter().map(|s| s.coarse.own()).collect();
    sizes.sort_unstable();
    let median = sizes.get(sizes.len() / 2).copied().unwrap_or(0);
    let scaled = 1.0 + (median.max(1) as f64).ln();
    (scaled.round() as usize).clamp(MIN_MATCH[0], MIN_MATCH[1])
}
