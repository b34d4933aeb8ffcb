//! What a student's program printed: its answer judged, a harness session's records read.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|output: &str| {
    minimax::fuzzing::program_output(output);
});
