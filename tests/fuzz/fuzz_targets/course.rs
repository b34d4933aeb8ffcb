//! The course file (`grade --course`): TOML, rules, a rubric, readme patterns.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    minimax::fuzzing::course(bytes);
});
