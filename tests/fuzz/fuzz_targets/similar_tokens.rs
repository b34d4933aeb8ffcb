//! A source file tokenised by `similar` and compared with itself (the language by the first byte).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (u8, &[u8])| {
    minimax::fuzzing::tokens(input.0, input.1);
});
