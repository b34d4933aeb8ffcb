//! Tests of minimax-core through its public API: every reachable position, boards of any
//! size against plain minimax, and properties over arbitrary inputs.

#![allow(unreachable_pub)]

mod boards;
mod engine;
mod exhaustive;
mod properties;
mod stepwise;
