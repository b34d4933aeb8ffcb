//! An answer sheet for `minimax check` (positions or trees, written inline).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    minimax::fuzzing::answer_sheet(bytes);
});
