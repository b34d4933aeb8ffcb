//! A game tree (nested lists, named nodes, chance nodes), read and solved by alpha-beta.
#![no_main]
use libfuzzer_sys::fuzz_target;
use minimax_core::search::alphabeta::Cutoff;
use minimax_core::tree::solve::{solve, TreeSearch};

fuzz_target!(|text: &str| {
    if let Ok(tree) = minimax_core::tree::parse(text, minimax_core::tree::MAX) {
        if let Ok(search) = TreeSearch::for_tree(&tree, None, Cutoff::default()) {
            let _ = solve(&tree, search);
        }
    }
});
