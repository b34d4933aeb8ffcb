//! A position in any form the grader reads (text boards, `moves:`, JSON), of any size.
#![no_main]
use libfuzzer_sys::fuzz_target;
use minimax_core::games::mnk::{read_any, read_position, Rules, Shape};

fuzz_target!(|text: &str| {
    let _ = read_any(text, Rules::default(), None);
    let _ = read_any(text, Rules::CONNECT_FOUR, None);
    let _ = read_position(text, Shape::CLASSIC, None);
});
